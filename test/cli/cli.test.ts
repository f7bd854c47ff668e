import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { capture } from '../helpers/io.js';
import { gameRecord as record } from '../../src/games/goldrausch/records.js';
import { historyOf } from '../games/goldrausch/helpers.js';
import type { GoldrauschState } from '../../src/games/goldrausch/state.js';
import { playOne, runRange } from '../../src/sim/run.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { tempDir } from '../helpers/temp.js';

const tmp = () => tempDir('goldpit-');

function scenarioFile(dir: string, body: unknown, name = 'bad.json'): string {
  const file = join(dir, name);
  writeFileSync(file, typeof body === 'string' ? body : JSON.stringify(body));
  return file;
}

const good = { name: 'small', players: 4, seats: ['greedy', 'cooperative', 'betrayer', 'reciprocal'], games: 50, seed: 's' };

describe('goldpit run', () => {
  it('writes summary.json and CSVs, byte-identical for the same scenario and seed', async () => {
    const a = tmp();
    const b = tmp();
    const file = scenarioFile(tmp(), good, 'small.json');
    expect(await runCli(['run', file, '--games', '300', '--out', a, '--quiet'], capture())).toBe(0);
    expect(await runCli(['run', file, '--games', '300', '--out', b, '--quiet'], capture())).toBe(0);
    const files = readdirSync(a).sort();
    expect(files).toEqual([
      'bots.csv',
      'event_cards.csv',
      'game_shape.csv',
      'gold_curve.csv',
      'leader_wins.csv',
      'per_game.csv',
      'per_round.csv',
      'report.html',
      'run.json',
      'seat_curve.csv',
      'seats.csv',
      'summary.json',
      'winner_curve.csv',
    ]);
    // Everything but the wall-time facts (run.json and the page that shows them) is identical.
    for (const f of files.filter((f) => f.endsWith('.csv') || f === 'summary.json')) {
      expect(readFileSync(join(a, f), 'utf8')).toBe(readFileSync(join(b, f), 'utf8'));
    }
    const summary = JSON.parse(readFileSync(join(a, 'summary.json'), 'utf8'));
    expect(summary.games).toBe(300);
    expect(summary.seed).toBe('s');
    expect(summary.deckId).toBe('goldrausch-synthetic-v1');
    // Win shares add up to the number of games (a shared win counts 1/k for each winner).
    const wins = summary.bots.reduce((x: number, bot: { wins: number }) => x + bot.wins, 0);
    expect(wins).toBeCloseTo(300, 4);
    for (const bot of summary.bots) {
      expect(bot.winRate).toBeCloseTo(bot.wins / bot.games, 6);
      expect(bot.ci95[0]).toBeLessThan(bot.winRate);
      expect(bot.ci95[1]).toBeGreaterThan(bot.winRate);
    }
    expect(summary.seats.map((s: { seat: number }) => s.seat)).toEqual([0, 1, 2, 3]);
  });

  it('writes the same files on the fast kernel (default) and on the reference engine (--engine reference)', async () => {
    const fast = tmp();
    const reference = tmp();
    const file = scenarioFile(tmp(), { ...good, players: 5, seats: ['greedy', 'cooperative', 'betrayer', 'reciprocal', 'opportunist'] }, 'five.json');
    expect(await runCli(['run', file, '--games', '400', '--out', fast, '--games-csv', '--workers', '0', '--quiet'], capture())).toBe(0);
    expect(
      await runCli(['run', file, '--games', '400', '--out', reference, '--games-csv', '--workers', '0', '--engine', 'reference', '--quiet'], capture()),
    ).toBe(0);
    const files = readdirSync(fast)
      .filter((f) => f.endsWith('.csv') || f === 'summary.json')
      .sort();
    expect(files).toContain('games.csv');
    for (const f of files) expect(readFileSync(join(fast, f), 'utf8'), f).toBe(readFileSync(join(reference, f), 'utf8'));
    // run.json says which engine played the games.
    expect(JSON.parse(readFileSync(join(fast, 'run.json'), 'utf8')).engine).toEqual({ kernelGames: 400, referenceGames: 0 });
    expect(JSON.parse(readFileSync(join(reference, 'run.json'), 'utf8')).engine).toEqual({ kernelGames: 0, referenceGames: 400 });
    const io = capture();
    expect(await runCli(['run', file, '--games', '10', '--out', tmp(), '--engine', 'turbo'], io)).toBe(2);
    expect(io.stderr).toMatch(/engine/);
  });

  it('gives different results for a different seed', async () => {
    const a = tmp();
    const b = tmp();
    const file = scenarioFile(tmp(), good, 'small.json');
    await runCli(['run', file, '--games', '200', '--out', a, '--quiet'], capture());
    await runCli(['run', file, '--games', '200', '--out', b, '--seed', 'other', '--quiet'], capture());
    expect(readFileSync(join(a, 'seats.csv'), 'utf8')).not.toBe(readFileSync(join(b, 'seats.csv'), 'utf8'));
  });

  it('prints the win-rate table on stdout', async () => {
    const io = capture();
    await runCli(['run', scenarioFile(tmp(), good, 'small.json'), '--games', '100', '--out', tmp()], io);
    expect(io.stdout).toMatch(/greedy\s+0\s+[\d.]+%/);
    expect(io.stdout).toMatch(/gold curve/);
  });
});

describe('partial caps', () => {
  it('a continent left out keeps its default cap (so a sweep can vary params.caps.azul alone)', () => {
    const scenario = loadScenario(scenarioFile(tmp(), { ...good, params: { caps: { azul: 8 } } }));
    expect((scenario.config as { params: { caps: readonly number[] } }).params.caps).toEqual([8, 20, 30]);
  });
});

describe('scenario errors name the file, the field, the value and what was expected', () => {
  const cases: [string, unknown, RegExp][] = [
    ['unknown rules option', { ...good, rules: { penaltySnk: 'bank' } }, /field "rules\.penaltySnk": unknown key \(did you mean "penaltySink"\?\)/],
    ['bad option value', { ...good, rules: { penaltySink: 'river' } }, /field "rules\.penaltySink": expected one of "bank" \| "continent", got "river"/],
    ['wrong number of seats', { ...good, seats: ['greedy'] }, /field "seats": expected a list of 4 bot names/],
    [
      'unknown bot',
      { ...good, seats: ['greedy', 'cooperative', 'betrayer', 'nobody'] },
      /field "seats\[3\]": expected a built-in Goldrausch bot \(.*greedy.*\) or a bot file's path relative to this scenario file.*got "nobody"/,
    ],
    ['player count', { ...good, players: 7 }, /field "players": expected an integer from 4 to 6, got 7/],
    [
      'partial wheel (refused, unlike partial caps)',
      { ...good, params: { wheel: { event: 9 } } },
      /field "params\.wheel": missing "disaster-azul", "disaster-rosso", "disaster-veridia", "disaster-world", "calm": a wheel gives the count of every field/,
    ],
    ['negative cap', { ...good, params: { caps: { rosso: -3 } } }, /field "params\.caps\.rosso": expected an integer ≥ 0, got -3/],
    ['not JSON, with line and column', '{\n  "players": 4,\n  "seats": [,]\n}', /bad\.json: not valid JSON at line 3, column 13: Unexpected token ','/],
    ['negative fine', { ...good, params: { fine: -1 } }, /field "params\.fine": expected an integer ≥ 0, got -1/],
    ['missing deck file', { ...good, params: { resourceDeck: 'nope.json' } }, /field "params\.resourceDeck": cannot read deck file "nope.json"/],
    ['not JSON', '{ players: 4', /bad\.json: not valid JSON/],
  ];
  for (const [what, body, message] of cases) {
    it(what, async () => {
      const io = capture();
      const file = scenarioFile(tmp(), body);
      expect(await runCli(['run', file, '--games', '1', '--out', tmp()], io)).toBe(2);
      expect(io.stderr).toContain(file);
      expect(io.stderr).toMatch(message);
    });
  }

  it('a missing scenario file', async () => {
    const io = capture();
    expect(await runCli(['run', 'no/such/file.json'], io)).toBe(2);
    expect(io.stderr).toMatch(/no\/such\/file\.json: cannot read the scenario file: no such file or folder\n/);
  });

  it('an unknown command is a usage error', async () => {
    const io = capture();
    expect(await runCli(['fly'], io)).toBe(2);
  });
});

describe('goldpit impact', () => {
  it('measures one card and writes impact.json and card_impact.csv (12 rows: 6 metrics × 2 scopes)', async () => {
    const out = tmp();
    const io = capture();
    expect(await runCli(['impact', 'scenarios/baseline.json', '--card', 'market-crash', '--games', '300', '--workers', '0', '--out', out], io)).toBe(0);
    const impact = JSON.parse(readFileSync(join(out, 'impact.json'), 'utf8'));
    expect(impact.cards.map((c: { card: string }) => c.card)).toEqual(['market-crash']);
    expect(readFileSync(join(out, 'card_impact.csv'), 'utf8').trim().split('\n')).toHaveLength(13);
    expect(io.stdout).toMatch(/market-crash\s+\d+/);
  });

  it('measures all 25 cards, identical for 0 and 2 workers', async () => {
    const a = tmp();
    const b = tmp();
    expect(await runCli(['impact', 'scenarios/baseline.json', '--card', 'all', '--games', '120', '--workers', '0', '--out', a, '--quiet'], capture())).toBe(0);
    expect(
      await runCli(
        ['impact', 'scenarios/baseline.json', '--card', 'all', '--games', '120', '--workers', '2', '--batch-size', '25', '--out', b, '--quiet'],
        capture(),
      ),
    ).toBe(0);
    const impact = JSON.parse(readFileSync(join(a, 'impact.json'), 'utf8'));
    expect(impact.cards).toHaveLength(25);
    expect(readFileSync(join(a, 'impact.json'), 'utf8')).toBe(readFileSync(join(b, 'impact.json'), 'utf8'));
  });

  it('refuses an unknown card id, listing the ids', async () => {
    const io = capture();
    expect(await runCli(['impact', 'scenarios/baseline.json', '--card', 'joker', '--games', '10'], io)).toBe(2);
    expect(io.stderr).toMatch(/--card must be "all" or one of alms, workaholic-azul/);
  });
});

describe('goldpit replay', () => {
  it('replays exactly the K-th game of a run', () => {
    const scenario = loadScenario('scenarios/baseline.json');
    const seen: string[] = [];
    runRange(scenario, 0, 8, { seed: 'r' }, (_, rec) => seen.push(JSON.stringify(rec)));
    for (const k of [0, 5, 7]) {
      expect(JSON.stringify(record(playOne(scenario, k, { seed: 'r' }).final as GoldrauschState))).toBe(seen[k]);
    }
  });

  it('prints every round, the wheel and the result', async () => {
    const io = capture();
    expect(await runCli(['replay', 'scenarios/baseline.json', '--game', '3', '--seed', 'r'], io)).toBe(0);
    const played = playOne(loadScenario('scenarios/baseline.json'), 3, { seed: 'r' }).final as GoldrauschState;
    expect(io.stdout).toContain(`Game 3 of scenario baseline`);
    for (const r of historyOf(played)) expect(io.stdout).toContain(`Round ${r.round} — start player seat ${r.startPlayer}`);
    expect(io.stdout).toContain(`Final gold ${played.gold.join('/')}`);
    expect(io.stdout).toMatch(/Phase 4 \(wheel\)/);
  });
});

describe('goldpit verify', () => {
  it('passes the shipped fixtures and prints the closing line', async () => {
    const io = capture();
    expect(await runCli(['verify', 'fixtures/goldrausch'], io)).toBe(0);
    const n = readdirSync('fixtures/goldrausch').filter((f) => f.endsWith('.json')).length;
    expect(io.stdout.trim().split('\n').at(-1)).toBe(`${n} passed, 0 failed`);
  });

  it('fails a fixture with a wrong expectation, showing expected vs actual', async () => {
    const dir = tmp();
    const fixture = JSON.parse(readFileSync('fixtures/goldrausch/gr-t1-worked-example-bank.json', 'utf8'));
    fixture.expect.gold = [16, 14, 15, 14]; // the worked example's numbers hold only with fines to the continent
    writeFileSync(join(dir, 'wrong.json'), JSON.stringify(fixture));
    const io = capture();
    expect(await runCli(['verify', dir], io)).toBe(1);
    expect(io.stdout).toMatch(/FAIL .*gold expected \[16,14,15,14\] got \[13,14,15,14\]/);
    expect(io.stdout).toMatch(/0 passed, 1 failed/);
  });

  it('refuses a fixture whose expect checks nothing (it would pass whatever the engine does)', async () => {
    const dir = tmp();
    const fixture = JSON.parse(readFileSync('fixtures/goldrausch/event-01-alms.json', 'utf8'));
    fixture.expect = {};
    writeFileSync(join(dir, 'empty.json'), JSON.stringify(fixture));
    const io = capture();
    expect(await runCli(['verify', dir], io)).toBe(2);
    expect(io.stderr).toMatch(
      /empty\.json: field "expect": checks nothing: give at least one of "gold" \(per seat\), "stock" \(per continent\) or "winner" \(seats\), got \{\}/,
    );
  });

  it('refuses a malformed fixture with exit 2, naming the file and field', async () => {
    const dir = tmp();
    const fixture = JSON.parse(readFileSync('fixtures/goldrausch/event-01-alms.json', 'utf8'));
    delete fixture.event;
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(fixture));
    const io = capture();
    expect(await runCli(['verify', dir], io)).toBe(2);
    expect(io.stderr).toMatch(/broken\.json: field "event": expected one of "alms"/);
  });
});
