/**
 * `ismcts` (with an iteration budget) through every command that plays games, for every game with the
 * search contract: tournament, sweep, balance, baseline and check give the same bytes for 0 and 2
 * workers (run's are in ismcts.test.ts), and run, sweep and tournament through the Redis queue give
 * a local run's bytes. A search seat costs ~1,000× a heuristic one, so the budgets and game counts
 * are small: what is asserted is that the search's games are a function of (seed, game, seat).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { GAMES } from '../../src/games/registry.js';
import { isSearchable } from '../../src/search/contract.js';
import { capture } from '../helpers/io.js';
import { SKIP_QUEUE, startRedis, startWorker, type LocalRedis, type WorkerProcess } from '../helpers/redis.js';
import { tempDir } from '../helpers/temp.js';

const searchableGames = Object.keys(GAMES).filter((id) => isSearchable(GAMES[id].module));
const SEARCH = 'ismcts:iterations=8';

/**
 * A 4-player scenario of `id`: a search seat, the game's first check-bot opponent in two seats (one
 * stays when a sweep or balance varies the other: balance's per-bot metrics need every bot in
 * every point's line-up), and uniform.
 */
function scenario(id: string, dir: string): { file: string; heuristic: string } {
  const heuristic = GAMES[id].tournament.checkBotOpponents[0];
  const file = join(dir, `${id}.json`);
  writeFileSync(file, JSON.stringify({ game: id, players: 4, seats: [SEARCH, heuristic, 'uniform', heuristic], games: 8, seed: `cmd-${id}` }));
  return { file, heuristic };
}

/** The named files of `dir`, as text. */
const read = (dir: string, names: readonly string[]) => Object.fromEntries(names.map((n) => [n, readFileSync(join(dir, n), 'utf8')]));
/** Every table and JSON summary of `dir` (the files that must not depend on workers or the queue). */
const tables = (dir: string, json: string) =>
  read(
    dir,
    readdirSync(dir)
      .filter((f) => f.endsWith('.csv') || f === json)
      .sort(),
  );

describe.each(searchableGames)('ismcts through every command (%s)', (id) => {
  it('tournament: the same tables for 0 and 2 workers, the search rated beside the others', async () => {
    const dir = tempDir('goldpit-search-cmd-');
    const { heuristic } = scenario(id, dir);
    const other = GAMES[id].tournament.checkBotOpponents.find((b) => b !== heuristic) ?? 'random';
    const bots = [SEARCH, heuristic, other, 'uniform'];
    const args = ['tournament', '--game', id, '--bots', bots.join(','), '--players', '4', '--deals', '1', '--bootstrap', '20', '--seed', 'cmd', '--quiet'];
    const outs = [join(dir, 't0'), join(dir, 't2')];
    expect(await runCli([...args, '--workers', '0', '--out', outs[0]], capture())).toBe(0);
    expect(await runCli([...args, '--workers', '2', '--deals-per-task', '1', '--out', outs[1]], capture())).toBe(0);
    expect(tables(outs[1], 'tournament.json')).toEqual(tables(outs[0], 'tournament.json'));
    const summary = JSON.parse(readFileSync(join(outs[0], 'tournament.json'), 'utf8')) as { bots: { bot: string; faults: number }[] };
    expect(summary.bots.map((b) => b.bot).sort()).toEqual([...bots].sort());
    expect(summary.bots.find((b) => b.bot === SEARCH)!.faults).toBe(0);
  }, 180_000);

  it('sweep over a seat (search or heuristic) and balance over it: the same files for 0 and 2 workers', async () => {
    const dir = tempDir('goldpit-search-cmd-');
    const { file, heuristic } = scenario(id, dir);
    const vary = ['--vary', `seats[1]=${heuristic},ismcts:iterations=4`];
    const sweep = ['sweep', file, ...vary, '--games', '6', '--batch-size', '2', '--quiet'];
    const outs = [join(dir, 's0'), join(dir, 's2')];
    expect(await runCli([...sweep, '--workers', '0', '--out', outs[0]], capture())).toBe(0);
    expect(await runCli([...sweep, '--workers', '2', '--out', outs[1]], capture())).toBe(0);
    expect(read(outs[1], ['sweep.json', 'sweep.csv'])).toEqual(read(outs[0], ['sweep.json', 'sweep.csv']));
    const points = (JSON.parse(readFileSync(join(outs[0], 'sweep.json'), 'utf8')) as { points: unknown[] }).points;
    expect(points).toHaveLength(2);

    const balance = ['balance', file, ...vary, '--target', 'seat:0 >= 0', '--first-stage', '4', '--budget', '16', '--batch-size', '2', '--quiet'];
    const bals = [join(dir, 'b0'), join(dir, 'b2')];
    const codes: number[] = [];
    for (const [k, workers] of ['0', '2'].entries()) codes.push(await runCli([...balance, '--workers', workers, '--out', bals[k]], capture()));
    expect(codes[0] === 0 || codes[0] === 3).toBe(true);
    expect(codes[1]).toBe(codes[0]);
    expect(read(bals[1], ['balance.json', 'balance.csv'])).toEqual(read(bals[0], ['balance.json', 'balance.csv']));
  }, 180_000);

  it('baseline and check: the same baseline for 0 and 2 workers, and the same code passes against it', async () => {
    const dir = tempDir('goldpit-search-cmd-');
    const { file } = scenario(id, dir);
    const baseline = ['baseline', file, '--games', '8', '--batch-size', '2', '--quiet'];
    expect(await runCli([...baseline, '--workers', '0', '--out', join(dir, 'b0.json')], capture())).toBe(0);
    expect(await runCli([...baseline, '--workers', '2', '--out', join(dir, 'b2.json')], capture())).toBe(0);
    expect(readFileSync(join(dir, 'b2.json'), 'utf8')).toBe(readFileSync(join(dir, 'b0.json'), 'utf8'));
    const outs: string[] = [];
    for (const workers of ['0', '2']) {
      const io = capture();
      const code = await runCli(['check', file, '--baseline', join(dir, 'b0.json'), '--workers', workers, '--json'], io);
      expect(code === 0 || code === 3).toBe(true);
      outs.push(io.stdout);
    }
    expect(outs[1]).toBe(outs[0]);
    expect((JSON.parse(outs[0]) as { scenarios: { verdict: string }[] }).scenarios[0].verdict).not.toBe('FAIL');
  }, 180_000);
});

describe.skipIf(SKIP_QUEUE)('ismcts through the queue', () => {
  let redis: LocalRedis;
  let workers: WorkerProcess[] = [];
  const queue = () => ['--queue', redis.url, '--queue-name', `search${process.pid}`];
  beforeAll(async () => {
    redis = await startRedis();
    workers = [startWorker(redis.url, ['--queue-name', `search${process.pid}`]), startWorker(redis.url, ['--queue-name', `search${process.pid}`])];
    await Promise.all(workers.map((w) => w.waitFor(/ready/)));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await redis?.stop();
  });

  it.each(searchableGames)(
    '%s: run, sweep and tournament write the bytes of local ones',
    async (id) => {
      const dir = tempDir('goldpit-search-queue-');
      const { file, heuristic } = scenario(id, dir);
      const run = ['run', file, '--games', '6', '--batch-size', '2', '--seed', 'q', '--quiet'];
      expect(await runCli([...run, '--workers', '0', '--out', join(dir, 'run-local')], capture())).toBe(0);
      expect(await runCli([...run, ...queue(), '--out', join(dir, 'run-queued')], capture())).toBe(0);
      expect(tables(join(dir, 'run-queued'), 'summary.json')).toEqual(tables(join(dir, 'run-local'), 'summary.json'));

      const sweep = ['sweep', file, '--vary', `seats[1]=${heuristic},ismcts:iterations=4`, '--games', '4', '--batch-size', '2', '--quiet'];
      expect(await runCli([...sweep, '--workers', '0', '--out', join(dir, 'sweep-local')], capture())).toBe(0);
      expect(await runCli([...sweep, ...queue(), '--out', join(dir, 'sweep-queued')], capture())).toBe(0);
      expect(read(join(dir, 'sweep-queued'), ['sweep.json', 'sweep.csv'])).toEqual(read(join(dir, 'sweep-local'), ['sweep.json', 'sweep.csv']));

      const bots = [SEARCH, heuristic, 'uniform', 'ismcts:iterations=6:c=1'].join(',');
      const tournament = [
        'tournament',
        '--game',
        id,
        '--bots',
        bots,
        '--players',
        '4',
        '--deals',
        '1',
        '--deals-per-task',
        '1',
        '--bootstrap',
        '20',
        '--quiet',
      ];
      expect(await runCli([...tournament, '--workers', '0', '--out', join(dir, 't-local')], capture())).toBe(0);
      expect(await runCli([...tournament, ...queue(), '--out', join(dir, 't-queued')], capture())).toBe(0);
      expect(tables(join(dir, 't-queued'), 'tournament.json')).toEqual(tables(join(dir, 't-local'), 'tournament.json'));
    },
    240_000,
  );
});
