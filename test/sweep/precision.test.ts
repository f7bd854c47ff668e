import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { runParallel, withLooks, type ParallelOptions } from '../../src/sim/parallel.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { aggregateToJson, gameCount, seatWins } from '../../src/stats/aggregate.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

const scenario = loadScenario('scenarios/mirror-cooperative.json');

function options(over: Partial<ParallelOptions>): ParallelOptions {
  return {
    seed: 'prec',
    from: 0,
    to: 5000,
    workers: 0,
    batchSize: 700,
    checkpointFile: null,
    checkpointEveryMs: 60_000,
    resume: false,
    gamesCsvFile: null,
    ...over,
  };
}

/** A rule on seat 0's win count alone, easy to reason about: met once seat 0 has won `wins` games. */
const seat0Wins = (wins: number, looks: number[]) => ({
  every: 1000,
  rule: `seat 0 won ${wins}`,
  met: (games: number, agg: Parameters<typeof seatWins>[0]) => {
    looks.push(games);
    expect(gameCount(agg)).toBe(games);
    return seatWins(agg, 0) >= wins;
  },
});

describe('run --precision: the stopping rule', () => {
  it('cuts the batches at every look', () => {
    expect(withLooks([0, 700, 1400, 2100, 2500], 0, 1000)).toEqual([0, 700, 1000, 1400, 2000, 2100, 2500]);
    expect(withLooks([300, 2000, 2500], 300, 1000)).toEqual([300, 1300, 2000, 2300, 2500]);
    expect(withLooks([0, 1000, 2000], 0, 1000)).toEqual([0, 1000, 2000]);
  });

  it('looks at fixed game counts in order and stops at the first that meets the rule, for any workers and batch size', async () => {
    const results: string[] = [];
    for (const [workers, batchSize] of [
      [0, 700],
      [0, 333],
      [2, 450],
    ]) {
      const looks: number[] = [];
      const r = await runParallel(scenario, options({ workers, batchSize, until: seat0Wins(500, looks) }));
      expect(r.complete).toBe(true);
      expect(r.untilMet).toBe(true);
      expect(looks).toEqual(Array.from({ length: looks.length }, (_, k) => 1000 * (k + 1)));
      expect(r.gamesDone).toBe(looks.at(-1));
      results.push(JSON.stringify(aggregateToJson(r.aggregate)));
    }
    expect(results[1]).toBe(results[0]);
    expect(results[2]).toBe(results[0]);
  });

  it('plays to the cap when the rule is never met, looking at the cap last', async () => {
    const looks: number[] = [];
    const r = await runParallel(scenario, options({ to: 2500, until: seat0Wins(1e9, looks) }));
    expect(looks).toEqual([1000, 2000, 2500]);
    expect(r).toMatchObject({ complete: true, untilMet: false, gamesDone: 2500 });
  });

  it('the command: a larger h stops earlier, the report states the rule and where it stopped, --games caps it', async () => {
    const gamesFor = async (h: string, games = '20000') => {
      const out = tempDir('goldpit-precision-');
      const io = capture();
      const code = await runCli(
        ['run', 'scenarios/mirror-cooperative.json', '--precision', h, '--games', games, '--workers', '0', '--out', out, '--quiet'],
        io,
      );
      expect(io.stderr).toBe('');
      expect(code).toBe(0);
      const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as {
        games: number;
        seats: { winRate: number; ci95: [number, number] }[];
        stopping: { games: number; met: boolean; cap: number; rule: string };
      };
      expect(summary.stopping.games).toBe(summary.games);
      expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('<dt>stopping rule</dt>');
      return summary;
    };
    const loose = await gamesFor('0.03');
    const tight = await gamesFor('0.02');
    expect(loose.games).toBeLessThan(tight.games);
    // The rule holds where it stopped, and did not a look earlier (Wilson half-width ≈ 1.96·√(p(1 − p)/n)).
    for (const s of tight.seats) expect(Math.max(s.winRate - s.ci95[0], s.ci95[1] - s.winRate)).toBeLessThanOrEqual(0.02);
    expect(tight.stopping).toMatchObject({ met: true, cap: 20000 });
    expect(tight.stopping.rule).toMatch(/within ±0.02, looking after every 1,000 games, at most 20,000 games/);
    const capped = await gamesFor('0.005', '1500');
    expect(capped.games).toBe(1500);
    expect(capped.stopping).toMatchObject({ met: false, games: 1500, cap: 1500 });
  });

  it('a checkpoint remembers the rule: resuming with another one is refused, with the same one ends where a straight run ends', async () => {
    const checkpointFile = join(tempDir('goldpit-precision-cp-'), 'cp.json');
    const stop = new AbortController();
    const first = await runParallel(
      scenario,
      options({
        checkpointFile,
        stop: stop.signal,
        until: {
          ...seat0Wins(900, []),
          met: (g, a) => {
            if (g >= 2000) stop.abort();
            return seatWins(a, 0) >= 900;
          },
        },
      }),
    );
    expect(first.complete).toBe(false);
    await expect(runParallel(scenario, options({ checkpointFile, resume: true }))).rejects.toThrow(
      /stopping rule is "seat 0 won 900" but this run's is "none"/,
    );
    const resumed = await runParallel(scenario, options({ checkpointFile, resume: true, until: seat0Wins(900, []) }));
    const straight = await runParallel(scenario, options({ until: seat0Wins(900, []) }));
    expect(resumed.gamesDone).toBe(straight.gamesDone);
    expect(JSON.stringify(aggregateToJson(resumed.aggregate))).toBe(JSON.stringify(aggregateToJson(straight.aggregate)));
  });

  it('refuses --precision with --shard and outside (0, 0.5)', async () => {
    const io = capture();
    expect(await runCli(['run', 'scenarios/baseline.json', '--precision', '0.01', '--shard', '1/2', '--workers', '0'], io)).toBe(2);
    expect(io.stderr).toMatch(/--precision and --shard exclude each other/);
    const io2 = capture();
    expect(await runCli(['run', 'scenarios/baseline.json', '--precision', '2', '--workers', '0'], io2)).toBe(2);
    expect(io2.stderr).toMatch(/--precision must be a half-width above 0 and below 0.5/);
  });
});
