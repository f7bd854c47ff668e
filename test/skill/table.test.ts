/**
 * One bot at every seat: a scenario's `table`, `--table BOT` on run, sweep, balance, impact,
 * baseline, check and replay, and `sweep --vary table=…` putting two tables side by side on the
 * same deals.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { GAMES } from '../../src/games/registry.js';
import type { SweepJson } from '../../src/report/sweep-types.js';
import { loadScenario, parseScenario } from '../../src/sim/scenario.js';
import { tableSeats, tableSuffix, withTable } from '../../src/sim/table.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

const tmp = () => tempDir('goldpit-table-');
const GOLD = 'scenarios/gold-4p.json';

describe('a table of one bot', () => {
  it('names the table in the scenario name: a built-in, a configured bot, a bot file', () => {
    expect(tableSuffix('greedy')).toBe('table-greedy');
    expect(tableSuffix('ismcts:iterations=200')).toBe('table-ismcts-iterations-200');
    expect(tableSuffix('./bots/my-bot.ts')).toBe('table-my-bot');
    expect(withTable('scenarios/gold-4p.json', { players: 4, seats: ['a'] }, 'spoiler')).toEqual({
      players: 4,
      seats: ['a'],
      name: 'gold-4p-table-spoiler',
      table: 'spoiler',
    });
    // A bot file on the command line is relative to the current folder.
    expect((withTable('x/s.json', { name: 's' }, './b.ts') as { table: string }).table).toBe(resolve('b.ts'));
  });

  it('fills every seat with the table bot, replacing the seats list; a bad table names the field "table"', () => {
    const gold = GAMES['gold-knizia'];
    expect(tableSeats('f.json', { players: 3, table: 'cautious', seats: ['greedy'] }, gold).seats).toEqual(['cautious', 'cautious', 'cautious']);
    expect(tableSeats('f.json', { players: 3, seats: ['greedy'] }, gold)).toEqual({ players: 3, seats: ['greedy'] });
    const s = parseScenario('f.json', { game: 'gold-knizia', players: 4, table: 'ismcts:iterations=50' });
    expect(s.seats).toEqual(new Array(4).fill('ismcts:iterations=50'));
    expect(() => parseScenario('f.json', { game: 'gold-knizia', players: 4, table: 'gredy' })).toThrow(
      /f\.json: field "table": expected one of .*"greedy".*, got "gredy"/,
    );
    expect(() => parseScenario('f.json', { game: 'gold-knizia', players: 4, table: 7 })).toThrow(
      'f.json: field "table": expected the bot every seat plays (a built-in name such as "greedy", or a bot file), got 7',
    );
    expect(() => parseScenario('f.json', { game: 'gold-knizia', players: 4 })).toThrow('or a "table" bot that plays every seat');
    // The same games as the seats written out: the same config hash.
    const written = parseScenario('f.json', { game: 'gold-knizia', players: 4, seats: new Array(4).fill('spoiler') });
    expect(parseScenario('f.json', { game: 'gold-knizia', players: 4, table: 'spoiler' }).configHash).toBe(written.configHash);
  });

  it('run --table plays that bot at every seat and writes to the scenario folder named after the table', async () => {
    const out = tmp();
    expect(await runCli(['run', GOLD, '--table', 'spoiler', '--games', '200', '--workers', '0', '--out', out, '--quiet'], capture())).toBe(0);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { scenario: string; lineup: string[] };
    expect(summary.lineup).toEqual(['spoiler', 'spoiler', 'spoiler', 'spoiler']);
    expect(summary.scenario).toBe('gold-4p-table-spoiler');
    expect(loadScenario(GOLD, { table: 'spoiler' }).name).toBe('gold-4p-table-spoiler');
    const io = capture();
    expect(await runCli(['run', GOLD, '--table', 'sp0iler', '--games', '20', '--out', tmp()], io)).toBe(2);
    expect(io.stderr).toContain('field "table": expected one of');
    // replay --table tells a game of that run.
    const replay = capture();
    expect(await runCli(['replay', GOLD, '--table', 'spoiler', '--game', '3'], replay)).toBe(0);
    expect(replay.stdout).toMatch(/^Game 3 of scenario gold-4p-table-spoiler/);
  }, 60_000);

  it('sweep --vary table=… puts the tables side by side on the same deals, judged as mirror line-ups', async () => {
    const out = tmp();
    const args = ['sweep', GOLD, '--vary', 'table=greedy,spoiler', '--reference', 'table=greedy', '--games', '300', '--workers', '0', '--out', out, '--quiet'];
    expect(await runCli(args, capture())).toBe(0);
    const sweep = JSON.parse(readFileSync(join(out, 'sweep.json'), 'utf8')) as SweepJson;
    expect(sweep.points.map((p) => p.values.table)).toEqual(['greedy', 'spoiler']);
    expect(sweep.points.map((p) => p.games)).toEqual([300, 300]);
    // Every point a mirror: the seat verdicts are drawn.
    expect(sweep.verdicts.some((v) => /equalises? the seats|closest is table = /.test(v))).toBe(true);
    // Mirror points: the seats' win rates are the metrics (no bot's own).
    expect(sweep.metrics.map((m) => m.id).filter((id) => id.startsWith('seat'))).toEqual(['seat:0', 'seat:1', 'seat:2', 'seat:3', 'seatSpread']);
  }, 60_000);

  it('a table sweep with a second factor: one --reference per path picks the reference among the points', async () => {
    const out = tmp();
    const args = ['sweep', GOLD, '--vary', 'table=greedy,spoiler', '--vary', 'params.maxTurns=40,60', '--reference', 'table=spoiler'];
    const io = capture();
    expect(await runCli([...args, '--reference', 'params.maxTurns=40', '--games', '40', '--workers', '0', '--out', out], io)).toBe(0);
    const sweep = JSON.parse(readFileSync(join(out, 'sweep.json'), 'utf8')) as SweepJson;
    expect(sweep.points).toHaveLength(4);
    expect(sweep.points[sweep.reference].values).toEqual({ table: 'spoiler', 'params.maxTurns': 40 });
    expect(io.stdout).not.toContain('the reference added');
  }, 60_000);

  it('baseline --table and check --table pair a table run with its own baseline entry', async () => {
    const dir = tmp();
    const baseline = join(dir, 'baseline.json');
    expect(await runCli(['baseline', GOLD, '--table', 'cautious', '--games', '300', '--workers', '0', '--out', baseline, '--quiet'], capture())).toBe(0);
    const entry = JSON.parse(readFileSync(baseline, 'utf8')) as { scenarios: Record<string, { seats: string[] }> };
    expect(Object.keys(entry.scenarios)).toEqual(['gold-4p-table-cautious']);
    expect(entry.scenarios['gold-4p-table-cautious'].seats).toEqual(new Array(4).fill('cautious'));
    // Paired with its entry (exit 0 or, with this few games, 3 INCONCLUSIVE; never 2): the same games.
    const io = capture();
    expect([0, 3]).toContain(await runCli(['check', GOLD, '--table', 'cautious', '--baseline', baseline, '--workers', '0', '--quiet'], io));
    expect(io.stdout).toContain('scenario gold-4p-table-cautious (scenarios/gold-4p.json)');
    expect(io.stdout).toContain('unchanged since the baseline (config and code hashes equal)');
    expect(io.stdout).not.toContain('FAIL');
    // Without --table the scenario is another one, not in this baseline.
    const other = capture();
    expect(await runCli(['check', GOLD, '--baseline', baseline, '--workers', '0', '--quiet'], other)).toBe(2);
    expect(other.stderr).toContain('scenario gold-4p (scenarios/gold-4p.json) is not in the baseline');
  }, 60_000);

  it('balance --table varies the scenario with that bot at every seat', async () => {
    const out = tmp();
    const args = [
      'balance',
      GOLD,
      '--table',
      'greedy',
      '--vary',
      'params.maxTurns=40,60',
      '--target',
      'seatSpread <= 0.5',
      '--budget',
      '4000',
      '--workers',
      '0',
      '--out',
      out,
      '--quiet',
    ];
    const code = await runCli(args, capture());
    expect(code).toBe(0);
    const balanced = JSON.parse(readFileSync(join(out, 'balanced.json'), 'utf8')) as { name: string; table: string; params: unknown };
    expect(balanced).toMatchObject({ name: 'gold-4p-table-greedy-balanced', table: 'greedy' });
    expect(loadScenario(join(out, 'balanced.json')).seats).toEqual(new Array(4).fill('greedy'));
  }, 120_000);

  it('a bot file as the table: --table FILE and --vary table=greedy,FILE play a copy of greedy exactly as greedy, for 1 and 2 workers', async () => {
    const dir = tmp();
    expect(await runCli(['new-bot', 'mine', '--game', 'gold-knizia', '--from', 'greedy', '--out', join(dir, 'mine.ts')], capture())).toBe(0);
    const run = async (table: string, workers: string) => {
      const out = tmp();
      const args = ['run', GOLD, '--table', table, '--games', '150', '--seed', 'tf', '--games-csv', '--workers', workers, '--batch-size', '40', '--out', out];
      expect(await runCli([...args, '--quiet'], capture())).toBe(0);
      return out;
    };
    const [greedy, file1, file2] = [await run('greedy', '1'), await run(join(dir, 'mine.ts'), '1'), await run(join(dir, 'mine.ts'), '2')];
    const csv = (out: string) => readFileSync(join(out, 'games.csv'), 'utf8').replaceAll('greedy', 'mine');
    expect(csv(file1)).toBe(csv(greedy));
    expect(readFileSync(join(file2, 'summary.json'), 'utf8')).toBe(readFileSync(join(file1, 'summary.json'), 'utf8'));
    const summary = JSON.parse(readFileSync(join(file1, 'summary.json'), 'utf8')) as { scenario: string; lineup: string[]; botFiles: { seats: number[] }[] };
    expect(summary.scenario).toBe('gold-4p-table-mine');
    expect(summary.lineup).toEqual(new Array(4).fill('mine'));
    expect(summary.botFiles.map((b) => b.seats)).toEqual([[0, 1, 2, 3]]);
    // In a scenario file, `table` names the file relative to the scenario, as seats do.
    writeFileSync(join(dir, 's.json'), JSON.stringify({ game: 'gold-knizia', players: 4, table: './mine.ts', seed: 'tf' }));
    const inFile = tmp();
    expect(await runCli(['run', join(dir, 's.json'), '--games', '150', '--games-csv', '--workers', '1', '--out', inFile, '--quiet'], capture())).toBe(0);
    expect(csv(inFile)).toBe(csv(greedy));
    // A sweep of the table: the copy and the original give the same metrics on the same deals.
    const sweepOut = tmp();
    const sweep = ['sweep', join(dir, 's.json'), '--vary', 'table=greedy,./mine.ts', '--games', '200', '--workers', '2', '--out', sweepOut, '--quiet'];
    expect(await runCli(sweep, capture())).toBe(0);
    const json = JSON.parse(readFileSync(join(sweepOut, 'sweep.json'), 'utf8')) as SweepJson;
    const [a, b] = json.points;
    expect(b.values.table).toBe('./mine.ts');
    const estimates = (p: typeof a) => Object.fromEntries(Object.entries(p.metrics).map(([id, m]) => [id, m.estimate]));
    expect(Object.keys(a.metrics).length).toBeGreaterThan(4);
    expect(estimates(b)).toEqual(estimates(a));
    // Equal on every deal: the paired difference is exactly zero.
    expect(a.metrics['seat:0'].diff).toBe(0);
    // balance --table FILE: balanced.json names the file relative to its own folder, so it loads from there.
    const balanceOut = join(dir, 'out', 'balance');
    const balanceArgs = ['balance', GOLD, '--table', join(dir, 'mine.ts'), '--vary', 'params.maxTurns=40,60', '--target', 'seatSpread <= 0.5'];
    expect(await runCli([...balanceArgs, '--budget', '4000', '--workers', '1', '--out', balanceOut, '--quiet'], capture())).toBe(0);
    const balanced = JSON.parse(readFileSync(join(balanceOut, 'balanced.json'), 'utf8')) as { table: string; seats: string[] };
    expect(balanced.table).toBe('../../mine.ts');
    expect(balanced.seats).toEqual(new Array(4).fill('../../mine.ts'));
    const again = ['run', join(balanceOut, 'balanced.json'), '--games', '20', '--workers', '1', '--out', tmp(), '--quiet'];
    expect(await runCli(again, capture())).toBe(0);
    // A table file that is not there names the field and the path.
    const io = capture();
    expect(await runCli(['run', GOLD, '--table', join(dir, 'none.ts'), '--out', tmp()], io)).toBe(2);
    expect(io.stderr).toMatch(/field "table": no bot file at .*none\.ts/);
  }, 120_000);
});
