/**
 * A stopped balance search keeps every game it played (checkpoint.ts), and a resumed one comes to the
 * same answer, with the same files, as a search that was never stopped.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DealCache, balanceKey } from '../../src/balance/checkpoint.js';
import { runBalance, type BalanceOptions } from '../../src/balance/game.js';
import { balanceJson } from '../../src/balance/output.js';
import { runCli } from '../../src/cli/main.js';
import { readJsonFile } from '../../src/core/validate.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { DealPool, DealsStopped } from '../../src/sweep/pool.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';
import { mirror } from './mirror.js';

describe('balance checkpoint', () => {
  it('a search stopped midway keeps its games, and resumed gives the same answer playing only the rest', async () => {
    const dir = tempDir('goldpit-balance-cp-');
    const file = mirror(dir);
    const base = loadScenario(file);
    const options: BalanceOptions = {
      file,
      data: readJsonFile(resolve(file), 'the scenario file'),
      vary: ['params.rounds=1..4'],
      targets: ['seatSpread <= 0.05'],
      budget: 60_000,
      firstStage: 500,
      confidence: 0.95,
    };
    const key = balanceKey({
      base,
      data: options.data,
      vary: options.vary,
      targets: options.targets,
      budget: 60_000,
      firstStage: 500,
      confidence: 0.95,
      seed: base.seed,
    });
    const json = (run: Awaited<ReturnType<typeof runBalance>>) => JSON.stringify(balanceJson(run, base.seed, 500));

    const straightPool = new DealPool({ workers: 0, batchSize: 250, seed: base.seed });
    const straightCache = new DealCache(straightPool, null, key);
    const straight = await runBalance(options, base, straightCache);
    await straightPool.close();

    // Stop the pool while the fifth point's games of the search are asked for.
    const checkpointFile = join(dir, 'cp.json');
    const stop = new AbortController();
    const pool = new DealPool({ workers: 0, batchSize: 250, seed: base.seed, stop: stop.signal });
    const cache = new DealCache(pool, checkpointFile, key);
    let calls = 0;
    const stopping = {
      deals: (...args: Parameters<DealCache['deals']>) => {
        if (++calls === 5) stop.abort();
        return cache.deals(...args);
      },
    };
    await expect(runBalance(options, base, stopping)).rejects.toBeInstanceOf(DealsStopped);
    await pool.close();
    cache.save();
    const kept = cache.keptGames();
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(straightCache.keptGames());

    // Resumed on another batch size: the same answer and files, only the rest played.
    const again = new DealPool({ workers: 0, batchSize: 333, seed: base.seed });
    const resumed = new DealCache(again, checkpointFile, key);
    resumed.load();
    expect(resumed.resumedGames).toBe(kept);
    const run = await runBalance(options, base, resumed);
    await again.close();
    expect(json(run)).toBe(json(straight));
    // The cache plays only past what it holds: it ends holding what the straight search played.
    expect(resumed.keptGames()).toBe(straightCache.keptGames());

    // Another search's checkpoint is refused, naming the file and the field.
    const other = new DealCache(
      again,
      checkpointFile,
      balanceKey({
        base,
        data: options.data,
        vary: options.vary,
        targets: options.targets,
        budget: 70_000,
        firstStage: 500,
        confidence: 0.95,
        seed: base.seed,
      }),
    );
    expect(() => other.load()).toThrow(/cp\.json: field "key": the checkpoint is of another search/);
  }, 120_000);

  it('the command refuses to overwrite a checkpoint without --resume or --fresh, and --fresh starts over', async () => {
    const dir = tempDir('goldpit-balance-cp-');
    const out = join(dir, 'out');
    const args = [
      'balance',
      mirror(dir),
      '--vary',
      'params.rounds=1..2',
      '--target',
      'seatSpread <= 0.5',
      '--budget',
      '4000',
      '--first-stage',
      '500',
      '--workers',
      '0',
      '--out',
      out,
      '--quiet',
    ];
    const first = capture();
    expect(await runCli(args, first)).toBe(0);
    expect(existsSync(join(out, '.balance-checkpoint.json'))).toBe(false); // removed when the search finished
    writeFileSync(join(out, '.balance-checkpoint.json'), '{}');
    const refused = capture();
    expect(await runCli(args, refused)).toBe(2);
    expect(refused.stderr).toMatch(/holds the checkpoint of an unfinished balance search[\s\S]*continue it: .*--resume[\s\S]*start over: .*--fresh/);
    const bad = capture();
    expect(await runCli([...args, '--resume'], bad)).toBe(2);
    expect(bad.stderr).toMatch(/\.balance-checkpoint\.json: field "kind": not a goldpit balance checkpoint/);
    const before = readFileSync(join(out, 'balance.json'), 'utf8');
    rmSync(join(out, 'balance.json'));
    const fresh = capture();
    expect(await runCli([...args, '--fresh'], fresh)).toBe(0);
    expect(readFileSync(join(out, 'balance.json'), 'utf8')).toBe(before);
    expect(existsSync(join(out, '.balance-checkpoint.json'))).toBe(false);
  }, 60_000);
});
