/**
 * `goldpit tournament`, `new-bot` and `check-bot` end to end: broken bots finish the tournament as
 * faulty bots, a starter bot gets a rating with no build step, and the outputs do not depend on the
 * worker count. The games run in worker threads (dist/src/sim/worker.js, built by `npm test`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { capture } from '../helpers/io.js';
import { MIN_DEALS, type TournamentSummary } from '../../src/report/tournament.js';
import { GAMES } from '../../src/games/registry.js';
import { tempDir } from '../helpers/temp.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BOTS = join(ROOT, 'test/tournament/bots');
const tmp = () => tempDir('goldpit-tour-');

const readSummary = (dir: string): TournamentSummary => JSON.parse(readFileSync(join(dir, 'tournament.json'), 'utf8'));

describe('fault isolation', () => {
  it('a bot that throws, one that answers garbage and one that never returns all finish the tournament as faulty bots', async () => {
    const out = tmp();
    const bots = [`${BOTS}/throws.ts`, `${BOTS}/garbage.ts`, `${BOTS}/hangs.ts`, 'greedy'].join(',');
    const io = capture();
    // 4 bots in 4 seats: one line-up, one deal, 4 rotations = 4 games; `hangs` hangs in every game.
    // Untimed decisions and a 1 s hang limit: a slow moment of a loaded machine cannot turn a throw
    // into a timeout, nor a healthy decision into a hang.
    const code = await runCli(
      [
        'tournament',
        '--bots',
        bots,
        '--deals',
        '1',
        '--workers',
        '1',
        '--bot-timeout',
        '0',
        '--hang-limit',
        '1000',
        '--bootstrap',
        '20',
        '--seed',
        'faults',
        '--out',
        out,
        '--quiet',
      ],
      io,
    );
    // One hint, at the first of the four hangs, with what each hang costs and how to replay it.
    const hint = io.stderr.split('\n').filter(Boolean);
    expect(hint.length, io.stderr).toBe(1);
    expect(hint[0]).toMatch(
      /^goldpit: bot hangs hung in game \d \(seat \d, bot call \d+\) and was stopped after the 1 s hang limit; each further hang costs another 1 s of a worker \(hanging in all its 4 games: about 4 s more with 1 worker\); fix the bot \(replay: npx goldpit tournament .* --hang-limit 1000 --replay \d --bench \d@\d+\) or lower --hang-limit$/,
    );
    expect(code).toBe(0);
    const s = readSummary(out);
    expect(s.games).toBe(4);
    expect(s.bots.map((b) => b.bot).sort()).toEqual(['garbage', 'greedy', 'hangs', 'throws']);
    // Every bot played every game and got a finite rating: no game was dropped.
    for (const b of s.bots) {
      expect(b.games).toBe(4);
      expect(Number.isFinite(b.elo)).toBe(true);
    }
    const byBot = new Map(s.faults.map((f) => [f.bot, f]));
    expect([...byBot.keys()].sort()).toEqual(['garbage', 'hangs', 'throws']);
    const throws = byBot.get('throws')!;
    expect(throws.threw).toBeGreaterThan(0);
    expect(throws.threw).toBe(throws.total);
    expect(throws.games).toBe(4);
    expect(throws.first.message).toMatch(/^boom in /);
    const garbage = byBot.get('garbage')!;
    expect(garbage.illegal).toBeGreaterThan(0);
    expect(garbage.illegal).toBe(garbage.total);
    expect(garbage.first.message.length).toBeGreaterThan(10);
    const hangs = byBot.get('hangs')!;
    // Stopped once per game; every later decision of the game is a late player's, not a new fault.
    expect(hangs.hung).toBe(4);
    expect(hangs.total).toBe(4);
    expect(hangs.first.message).toMatch(/hang limit/);
    for (const f of [throws, garbage, hangs]) {
      expect(f.first.game).toBe(0);
      // Game 0 is one where `hangs` was stopped: its replay benches it at the same bot call.
      expect(f.first.replay).toMatch(/--seed faults --bot-timeout 0 --hang-limit 1000 --replay 0 --bench \d@\d+$/);
      expect(s.bots.find((b) => b.bot === f.bot)!.faults).toBe(f.total);
    }
    expect(s.bots.find((b) => b.bot === 'greedy')!.faults).toBe(0);
    // The fault table reaches the CSV and the page.
    const csv = readFileSync(join(out, 'faults.csv'), 'utf8');
    for (const bot of ['throws', 'garbage', 'hangs']) expect(csv).toContain(bot);
    const html = readFileSync(join(out, 'tournament.html'), 'utf8');
    expect(html).toContain('boom in ');
    expect(html).toContain('--replay 0');
  });

  it('the replay command of a thrown fault shows the fault', async () => {
    const io = capture();
    const bots = [`${BOTS}/throws.ts`, 'greedy', 'cooperative', 'betrayer'].join(',');
    expect(await runCli(['tournament', '--bots', bots, '--deals', '1', '--seed', 'faults', '--replay', '2'], io)).toBe(0);
    expect(io.stdout).toMatch(/^Game 2 of the tournament/);
    expect(io.stdout).toMatch(/FAULT seat \d \(throws\) in round \d+, (continents|meeting t\d+) \((continent|meeting-turn), bot call \d+\): threw: boom in /);
  });
});

describe('a bot written from the new-bot starter', () => {
  it('compiles with no build step, passes check-bot and gets a rating in a tournament (the five-minute walk-through of docs/bots-and-tournaments.md, as a user runs it)', () => {
    const dir = tmp();
    const cli = (args: string[]) => spawnSync(process.execPath, [join(ROOT, 'bin/goldpit.js'), ...args], { cwd: dir, encoding: 'utf8', timeout: 100_000 });
    const made = cli(['new-bot', 'my-bot']);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toContain('wrote ./my-bot.ts');
    const checked = cli(['check-bot', './my-bot.ts', '--deals', '2']);
    expect(checked.status).toBe(0);
    expect(checked.stdout).toMatch(/^my-bot \(\.\/my-bot\.ts\) played \d+ games/);
    expect(checked.stdout).toContain('no faults');
    // 5 deals: my-bot plays 4 line-ups × 5 = 20 deals, the minimum for intervals (MIN_DEALS).
    const ran = cli([
      'tournament',
      '--bots',
      './my-bot.ts,greedy,cooperative,betrayer,reciprocal',
      '--deals',
      '5',
      '--workers',
      '1',
      '--bootstrap',
      '50',
      '--quiet',
    ]);
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    const s = readSummary(join(dir, 'reports/tournament'));
    const mine = s.bots.find((b) => b.bot === 'my-bot')!;
    expect(mine.source).toBe('./my-bot.ts');
    expect(mine.games).toBe(4 * 5 * 4); // in 4 of the 5 line-ups, 5 deals, 4 rotations
    expect(mine.faults).toBe(0);
    expect(Number.isFinite(mine.elo)).toBe(true);
    expect(mine.eloCi95![0]).toBeLessThan(mine.elo);
    expect(mine.eloCi95![1]).toBeGreaterThan(mine.elo);
    // No build step: nothing was compiled next to the bot.
    expect(
      readdirSync(dir)
        .filter((f) => f !== 'reports')
        .sort(),
    ).toEqual(['my-bot.ts']);
  });

  it('points its comment at the rules and its imports at the types, both files that exist from where it was written', async () => {
    const dir = tmp();
    const file = join(dir, 'deeper', 'rules-bot.ts');
    expect(await runCli(['new-bot', 'rules-bot', '--out', file], capture())).toBe(0);
    const text = readFileSync(file, 'utf8');
    const rules = /Full rules: (\S+)/.exec(text)?.[1];
    expect(rules).toMatch(/docs\/games\/goldrausch\.md$/);
    expect(existsSync(resolve(dirname(file), rules!))).toBe(true);
    const imports = [...text.matchAll(/from '([^']+)\.js'/g)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    for (const from of imports) expect(existsSync(resolve(dirname(file), `${from}.ts`))).toBe(true);
  });

  it('suggests a tournament in which every bot plays enough deals for intervals, in every game', async () => {
    for (const [id, def] of Object.entries(GAMES)) {
      const io = capture();
      expect(await runCli(['new-bot', 'suggested', '--game', id, '--out', join(tmp(), 'suggested.ts')], io)).toBe(0);
      const m = /goldpit tournament .*--bots (\S+) --deals (\d+)$/m.exec(io.stdout);
      expect(m, io.stdout).not.toBeNull();
      const bots = m![1].split(',').length;
      const k = def.tournament.players;
      // Each bot sits in C(bots − 1, k − 1) of the C(bots, k) line-ups, each played on --deals deals.
      const choose = (n: number, r: number): number => (r === 0 ? 1 : (choose(n - 1, r - 1) * n) / r);
      expect(choose(bots - 1, k - 1) * Number(m![2])).toBeGreaterThanOrEqual(MIN_DEALS);
    }
  });

  it('refuses to overwrite a bot file, and rejects a bad name', async () => {
    const dir = tmp();
    const file = join(dir, 'b.ts');
    expect(await runCli(['new-bot', 'b', '--out', file], capture())).toBe(0);
    const again = capture();
    expect(await runCli(['new-bot', 'b', '--out', file], again)).toBe(2);
    expect(again.stderr).toContain('exists');
    const bad = capture();
    expect(await runCli(['new-bot', '9lives'], bad)).toBe(2);
    expect(bad.stderr).toContain('must start with a letter');
  });
});

describe('determinism', () => {
  it('tournament.json and the CSVs are byte-identical for 1 and 2 workers and any task size', async () => {
    const a = tmp();
    const b = tmp();
    // 5 deals: every bot plays 20 deals, so the intervals (bootstrap and over deals) are compared too.
    const base = [
      'tournament',
      '--bots',
      'greedy,cooperative,betrayer,reciprocal,opportunist',
      '--deals',
      '5',
      '--bootstrap',
      '100',
      '--seed',
      'same',
      '--quiet',
    ];
    expect(await runCli([...base, '--workers', '1', '--deals-per-task', '1', '--out', a], capture())).toBe(0);
    expect(await runCli([...base, '--workers', '2', '--deals-per-task', '3', '--out', b], capture())).toBe(0);
    const files = readdirSync(a).filter((f) => f.endsWith('.csv') || f === 'tournament.json');
    expect(files.sort()).toEqual(['faults.csv', 'games.csv', 'head_to_head.csv', 'rating_differences.csv', 'ratings.csv', 'tournament.json']);
    for (const f of files) expect(readFileSync(join(b, f), 'utf8'), f).toBe(readFileSync(join(a, f), 'utf8'));
    expect(readSummary(a).games).toBe(5 * 5 * 4);
    expect(readSummary(a).intervals.given).toBe(true);
    expect(existsSync(join(a, 'tournament.html'))).toBe(true);
  });

  it('a different seed gives different games', async () => {
    const a = tmp();
    const b = tmp();
    const base = ['tournament', '--bots', 'greedy,cooperative,betrayer,reciprocal', '--deals', '2', '--bootstrap', '20', '--workers', '1', '--quiet'];
    expect(await runCli([...base, '--seed', 'one', '--out', a], capture())).toBe(0);
    expect(await runCli([...base, '--seed', 'two', '--out', b], capture())).toBe(0);
    expect(readFileSync(join(a, 'games.csv'), 'utf8')).not.toBe(readFileSync(join(b, 'games.csv'), 'utf8'));
  });
});
