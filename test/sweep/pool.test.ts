import { describe, expect, it } from 'vitest';
import { dealsRange, type DealColumns } from '../../src/sim/deals.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { DealPool, DealsStopped } from '../../src/sweep/pool.js';
import { parseVary, scenarioAt } from '../../src/sweep/vary.js';
import { readFileSync } from 'node:fs';

const bytes = (d: DealColumns) =>
  Buffer.concat([d.winners, d.length, d.ending, d.scoreSum].map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength))).toString('base64');

describe('DealPool', () => {
  const file = 'scenarios/baseline.json';
  const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const fine = parseVary('params.fine=0,4');
  const points = [scenarioAt(file, data, [fine], [0]), scenarioAt(file, data, [fine], [4])];

  it('plays many scenarios on one pool, the same deals for 0, 1 or 2 workers and any batch size', async () => {
    const results: string[][] = [];
    for (const [workers, batchSize] of [
      [0, 97],
      [1, 250],
      [2, 60],
    ]) {
      const pool = new DealPool({ workers, batchSize, seed: 'pool-test' });
      try {
        results.push([bytes(await pool.deals(points[0], 100, 400)), bytes(await pool.deals(points[1], 100, 400))]);
      } finally {
        await pool.close();
      }
    }
    // Game i is game i: the same as playing them here, one by one.
    expect(results[0]).toEqual([bytes(dealsRange(points[0], 'pool-test', 100, 400)), bytes(dealsRange(points[1], 'pool-test', 100, 400))]);
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    // The fine matters: the two points' deals differ.
    expect(results[0][0]).not.toEqual(results[0][1]);
  });

  it('the fast player and the engine give the same deals', () => {
    const s = loadScenario(file);
    expect(bytes(dealsRange(s, 'x', 0, 300))).toBe(bytes(dealsRange(s, 'x', 0, 300, 'reference')));
  });

  it('stops where the prefix rule says, in order, independent of the batch size', async () => {
    for (const batchSize of [30, 70]) {
      const pool = new DealPool({ workers: 0, batchSize, seed: 's' });
      const seen: number[] = [];
      const r = await pool.play(points[0], 0, 1000, (done) => {
        seen.push(done);
        return done >= 200;
      });
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(r.complete).toBe(false);
      expect(r.done).toBe(Math.ceil(200 / batchSize) * batchSize);
      await pool.close();
    }
  });

  it('a stop signal ends the call with its finished prefix', async () => {
    const stop = new AbortController();
    const pool = new DealPool({ workers: 0, batchSize: 50, seed: 's', stop: stop.signal });
    const r = await pool.play(points[0], 0, 1000, (done) => {
      if (done >= 100) stop.abort();
      return false;
    });
    expect(r).toMatchObject({ done: 100, complete: false });
    await expect(pool.deals(points[0], 0, 1000)).rejects.toBeInstanceOf(DealsStopped);
    await pool.close();
  });
});
