/**
 * `goldpit balance` on a real game. The parameter: My Gold Mine's `params.rounds` in a mirror
 * line-up (four greedy bots), explored first with small sweeps (docs/balance.md): the later seats'
 * advantage grows with the rounds, the seats' spread (max − min seat win rate) is about 0.03 for 1–3
 * rounds and 0.05–0.08 for 4–6. (Goldrausch's mirror-cooperative line-up is even at every fine from
 * 0 to 8 within the noise of 4,000 games, so its fine cannot show a search finding anything.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { GAMES } from '../../src/games/registry.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { balanceSectionsHtml, type BalanceJson } from '../../src/balance/output.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';
import { mirror } from './mirror.js';

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as BalanceJson;

describe('goldpit balance on My Gold Mine', () => {
  it('finds the rounds that even a mirror line-up within the target, and writes the evidence, the path and a loadable scenario', async () => {
    const dir = tempDir('goldpit-balance-');
    const out = join(dir, 'out');
    const io = capture();
    const code = await runCli(
      [
        'balance',
        mirror(dir),
        '--vary',
        'params.rounds=1..5',
        '--target',
        'seatSpread <= 0.06',
        '--budget',
        '200000',
        '--out',
        out,
        '--workers',
        '0',
        '--quiet',
      ],
      io,
    );
    expect(io.stderr).toBe('');
    expect(code).toBe(0);
    const json = readJson(join(out, 'balance.json'));
    expect(json.kind).toBe('goldpit-sweep');
    expect(json.balance.status).toBe('shown');
    const rounds = json.balance.values!['params.rounds'] as number;
    expect(rounds).toBeGreaterThanOrEqual(1);
    expect(rounds).toBeLessThanOrEqual(3);
    const [evidence] = json.balance.evidence;
    expect(evidence).toMatchObject({ target: 'seatSpread <= 0.06', verdict: 'met' });
    expect(evidence.hi).toBeLessThanOrEqual(0.06);
    expect(json.balance.gamesSpent).toBeLessThanOrEqual(200_000);
    // sweep.json's shape: one point per value played, each with the sweep's metrics and paired differences.
    expect(json.points.map((p) => p.values['params.rounds'])).toEqual([1, 2, 3, 4, 5]);
    expect(Object.keys(json.points[0].metrics)).toEqual(expect.arrayContaining(['seat:0', 'seat:3', 'seatSpread', 'rounds', 'gold']));
    expect(json.points[json.reference].values['params.rounds']).toBe(3); // the game's default rounds
    expect(json.points[json.reference].metrics['seat:0'].diff).toBeNull();
    // The written scenario loads and has the chosen rounds.
    const balanced = loadScenario(join(out, 'balanced.json'));
    expect(balanced.name).toBe('mgm-mirror-balanced');
    expect((balanced.config as { params: { rounds: number } }).params.rounds).toBe(rounds);
    // The path: one CSV row per stage, point and target.
    const csv = readFileSync(join(out, 'balance.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('stage,games_per_point,params.rounds,outcome,target,estimate,lo,hi,verdict,reason');
    expect(csv.length - 1).toBe(json.balance.stages.reduce((t, s) => t + s.points, 0));
    // The page: the sweep page with the evidence and the path after the verdicts.
    const html = readFileSync(join(out, 'balance.html'), 'utf8');
    expect(html).toContain('<section id="balance">');
    expect(html).toContain(`Shown: params.rounds = ${rounds} meets every target with 95% simultaneous confidence.`);
    expect(html.indexOf('id="in-short"')).toBeLessThan(html.indexOf('id="balance"'));
    expect(html).not.toMatch(/<script|src="http/);
    // A balance page, not a sweep's; the seats' spread has no paired interval here: no empty panel, a note.
    expect(html).toContain('<p class="kicker">goldpit \u00b7 balance search</p>');
    expect(html).toContain('No paired interval for seat spread: its difference to the reference is the difference of the two estimates');
    const diffChart = html.slice(html.indexOf('data-chart="diff-0"'), html.indexOf('</svg>', html.indexOf('data-chart="diff-0"')));
    expect(diffChart).not.toContain('seat spread');
    // A point that never played is not "dropped" with 0 games.
    const unplayed = {
      ...json,
      balance: {
        ...json.balance,
        path: [
          {
            values: { 'params.rounds': 9 },
            games: 0,
            joined: 2,
            status: 'dropped',
            droppedAt: 2,
            reason: 'ranked in the worse half before stage 2, when the budget could not pay 4000 games for every point alive',
          },
        ],
      },
    } as BalanceJson;
    const section = balanceSectionsHtml(unplayed);
    expect(section).toContain('not played');
    expect(section).toContain('halved away before its first game: ranked in the worse half before stage 2');
    const row = /<tr><td[^>]*>9<\/td>.*?<\/tr>/.exec(section)?.[0];
    expect(row).toBeDefined();
    expect(row).not.toContain('dropped');
  }, 60_000);

  it('shows progress on a terminal from the first stage on', async () => {
    const dir = tempDir('goldpit-balance-');
    const io = { ...capture(), errIsTty: true };
    const err: string[] = [];
    const code = await runCli(
      [
        'balance',
        mirror(dir),
        '--vary',
        'params.rounds=1..3',
        '--target',
        'seatSpread <= 0.2',
        '--budget',
        '30000',
        '--out',
        join(dir, 'out'),
        '--workers',
        '0',
      ],
      { ...io, err: (t) => void err.push(t) },
    );
    expect([0, 3]).toContain(code);
    const first = err.findIndex((t) => t.includes('stage 1:'));
    expect(first).toBeGreaterThan(0);
    // The bar was drawn before stage 1 ended, and the stage line clears it.
    expect(err.slice(0, first).some((t) => /^\r\[[#-]+\] +\d+% {2}[\d,]+\/30,000 games/.test(t))).toBe(true);
    expect(err[first].startsWith('\r\x1b[K')).toBe(true);
  }, 60_000);

  it('gives byte-identical files for any worker count', async () => {
    const dir = tempDir('goldpit-balance-');
    const file = mirror(dir);
    const outs = [join(dir, 'w0'), join(dir, 'w2')];
    for (const [k, workers] of ['0', '2'].entries()) {
      const io = capture();
      const args = ['balance', file, '--vary', 'params.rounds=1..4', '--target', 'seatSpread <= 0.08', '--budget', '40000', '--batch-size', '300'];
      expect(await runCli([...args, '--out', outs[k], '--workers', workers, '--quiet'], io)).toBe(0);
    }
    for (const name of ['balance.json', 'balance.csv', 'balance.html', 'balanced.json']) {
      expect(readFileSync(join(outs[1], name), 'utf8')).toBe(readFileSync(join(outs[0], name), 'utf8'));
    }
  }, 60_000);

  it('says "not shown" when no rounds in the range even the seats, and how far the best point is', async () => {
    const dir = tempDir('goldpit-balance-');
    const out = join(dir, 'out');
    const io = capture();
    const code = await runCli(
      ['balance', mirror(dir), '--vary', 'params.rounds=4..6', '--target', 'seatSpread <= 0.02', '--budget', '200000', '--out', out, '--workers', '0'],
      io,
    );
    expect(code).toBe(3);
    expect(io.stdout).toMatch(/^Not shown: /);
    expect(io.stdout).toMatch(/seatSpread <= 0\.02 missed \(estimate 0\.0\d+, interval/);
    const json = readJson(join(out, 'balance.json'));
    expect(json.balance.status).toBe('not-shown');
    expect(json.balance.path.every((p) => p.status === 'dropped' && /seatSpread <= 0\.02 missed/.test(p.reason ?? ''))).toBe(true);
    expect(json.balance.evidence[0].gap).toBeGreaterThan(0.02);
    // No scenario is written for a point that was not shown.
    expect(() => readFileSync(join(out, 'balanced.json'))).toThrow();
  }, 60_000);

  it('refuses a target on an unknown metric, listing the metrics this scenario has', async () => {
    const dir = tempDir('goldpit-balance-');
    const io = capture();
    const code = await runCli(
      ['balance', mirror(dir), '--vary', 'params.rounds=1..3', '--target', 'raceShare <= 0.5', '--out', join(dir, 'out'), '--workers', '0'],
      io,
    );
    expect(code).toBe(2);
    expect(io.stderr).toContain('--target "raceShare <= 0.5": unknown metric "raceShare"; this scenario\'s metrics are ');
    expect(io.stderr).toMatch(/seat:0, seat:1, seat:2, seat:3.*seatSpread/);
  });

  it('refuses a value the game does not accept, naming the file and the path, before any game', async () => {
    const dir = tempDir('goldpit-balance-');
    const io = capture();
    const file = mirror(dir);
    const code = await runCli(
      ['balance', file, '--vary', 'params.rounds=0..2', '--target', 'seatSpread <= 0.1', '--out', join(dir, 'out'), '--workers', '0'],
      io,
    );
    expect(code).toBe(2);
    expect(io.stderr).toContain(`${file}: field "params.rounds"`);
  });

  it('refuses a first stage too small for a target on a metric without a bound, saying why, before writing anything', async () => {
    const dir = tempDir('goldpit-balance-');
    const out = join(dir, 'out');
    const io = capture();
    const args = ['balance', mirror(dir), '--vary', 'params.rounds=1..3', '--target', 'gold >= 30', '--first-stage', '10', '--out', out, '--workers', '0'];
    expect(await runCli(args, io)).toBe(2);
    expect(io.stderr).toMatch(/--target "gold >= 30" with --first-stage 10: mean final .* has no bound by construction, so its interval is Student's t/);
    expect(io.stderr).toContain(
      'which rests on the central limit theorem and needs at least 500 games per point in every stage it judges; give --first-stage 500 or more',
    );
    expect(existsSync(out)).toBe(false);
    // The game's length is bounded (0 to its rounds): any first stage the command accepts will do.
    const ok = capture();
    const rounds = ['balance', mirror(dir), '--vary', 'params.rounds=1..2', '--target', 'rounds >= 0.5', '--first-stage', '2', '--budget', '40'];
    expect(await runCli([...rounds, '--out', out, '--workers', '0', '--quiet'], ok)).toBe(0);
  });
});

describe('goldpit balance on every registered game', () => {
  /** The first shipped scenario of the game (by file name). */
  const scenarioOf = (game: string) =>
    join(
      'scenarios',
      readdirSync('scenarios')
        .filter((f) => f.endsWith('.json'))
        .sort()
        .find((f) => ((JSON.parse(readFileSync(join('scenarios', f), 'utf8')) as { game?: string }).game ?? 'goldrausch') === game)!,
    );

  for (const game of Object.keys(GAMES)) {
    it(`runs on ${game}, and a path that changes no game gives paired differences of exactly 0`, async () => {
      const dir = tempDir('goldpit-balance-');
      const key = GAMES[game].keyEnding;
      // `games` is the default game count of `run`: varying it changes no game played here.
      const targets = ['--target', 'rounds >= 0', ...(key === null ? [] : ['--target', `${key}Share in 0..1`])];
      const io = capture();
      const code = await runCli(
        [
          'balance',
          scenarioOf(game),
          '--vary',
          'games=100,200',
          ...targets,
          '--first-stage',
          '500',
          '--budget',
          '1000',
          '--out',
          dir,
          '--workers',
          '0',
          '--quiet',
        ],
        io,
      );
      expect(io.stderr).toBe('');
      expect(code).toBe(0);
      const json = readJson(join(dir, 'balance.json'));
      expect(json.game).toBe(game);
      expect(json.balance.status).toBe('shown');
      const other = json.points.find((p) => p.index !== json.reference)!;
      for (const [id, m] of Object.entries(other.metrics)) {
        if (id === 'seatSpread') expect(m.diff).toBe(0);
        else {
          // Exactly 0, with the bound that 500 unchanged deals allow (never a zero-width interval).
          expect([id, m.diff, m.changed]).toEqual([id, 0, 0]);
          expect(m.diffLo!).toBeLessThan(0);
          expect(m.diffHi!).toBeGreaterThan(0);
        }
      }
    }, 30_000);
  }
});
