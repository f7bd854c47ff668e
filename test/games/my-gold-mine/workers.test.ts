import { describe, expect, it } from 'vitest';
import { runParallel, type ParallelOptions } from '../../../src/sim/parallel.js';
import { loadScenario } from '../../../src/sim/scenario.js';
import { aggregateToJson, gameCount } from '../../../src/stats/aggregate.js';

function options(over: Partial<ParallelOptions>): ParallelOptions {
  return {
    seed: 'mgm-par',
    from: 0,
    to: 500,
    workers: 0,
    batchSize: 500,
    checkpointFile: null,
    checkpointEveryMs: 60_000,
    resume: false,
    gamesCsvFile: null,
    ...over,
  };
}

describe('My Gold Mine runs are identical for any worker count and batch size', () => {
  for (const players of [2, 6]) {
    it(`${players} players: 0 (inline), 1 and 2 workers, batches of 500, 61 and 200`, async () => {
      const scenario = loadScenario(`scenarios/my-gold-mine-${players}p.json`);
      const reference = JSON.stringify(aggregateToJson((await runParallel(scenario, options({}))).aggregate));
      for (const [workers, batchSize] of [
        [1, 61],
        [2, 200],
        [2, 61],
      ]) {
        const r = await runParallel(scenario, options({ workers, batchSize }));
        expect(r.complete).toBe(true);
        expect(gameCount(r.aggregate)).toBe(500);
        expect(JSON.stringify(aggregateToJson(r.aggregate))).toBe(reference);
      }
    });
  }
});
