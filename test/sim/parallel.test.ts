import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type Io } from '../../src/cli/main.js';
import { batchBounds, runParallel, type ParallelOptions } from '../../src/sim/parallel.js';
import { loadScenario } from '../../src/sim/scenario.js';
import type { BatchTiming } from '../../src/sim/timing.js';
import { aggregateToJson, gameCount } from '../../src/stats/aggregate.js';
import { tempDir } from '../helpers/temp.js';

const scenario = loadScenario('scenarios/baseline.json');
const tmp = () => tempDir('goldpit-par-');
const quietIo = (): Io => ({ out: () => {}, err: () => {}, errIsTty: false });

function options(over: Partial<ParallelOptions>): ParallelOptions {
  return {
    seed: 'par',
    from: 0,
    to: 600,
    workers: 0,
    batchSize: 100,
    checkpointFile: null,
    checkpointEveryMs: 60_000,
    resume: false,
    gamesCsvFile: null,
    ...over,
  };
}

const fingerprint = (r: { aggregate: Parameters<typeof aggregateToJson>[0] }) => JSON.stringify(aggregateToJson(r.aggregate));

/** The result tables (run.json and report.html also carry the wall time, which differs by design). */
function outputs(dir: string): Record<string, string> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.csv') || f === 'summary.json')
    .sort();
  expect(files.length).toBeGreaterThanOrEqual(10);
  return Object.fromEntries(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

describe('determinism across workers and batch sizes', () => {
  it('gives bit-identical aggregates for 0 (inline), 1, 2 and 3 workers and two batch sizes', async () => {
    const reference = fingerprint(await runParallel(scenario, options({ workers: 0, batchSize: 600 })));
    for (const workers of [1, 2, 3]) {
      for (const batchSize of [37, 250]) {
        const r = await runParallel(scenario, options({ workers, batchSize }));
        expect(r.complete).toBe(true);
        expect(gameCount(r.aggregate)).toBe(600);
        expect(fingerprint(r)).toBe(reference);
      }
    }
  });
});

describe('many workers', () => {
  it('emits no process warning with 6 workers (12 tasks in flight, each with its own abort signal)', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => void warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      const r = await runParallel(scenario, options({ to: 1200, workers: 6, batchSize: 50, stop: new AbortController().signal }));
      expect(r.complete).toBe(true);
      // Warnings are emitted on the next tick.
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });
});

describe('batch timings (for the bench)', () => {
  it('report every batch of a pooled run once, from the worker that played it', async () => {
    const timings: BatchTiming[] = [];
    const before = performance.timeOrigin + performance.now();
    const r = await runParallel(scenario, options({ to: 3000, workers: 2, batchSize: 600, onBatch: (t) => void timings.push(t) }));
    const after = performance.timeOrigin + performance.now();
    expect(r.complete).toBe(true);
    const covered = timings.map((t) => [t.from, t.games]).sort((a, b) => a[0] - b[0]);
    expect(covered).toEqual(
      batchBounds(0, 3000, 600, 2)
        .slice(0, -1)
        .map((from, i, all) => [from, (all[i + 1] ?? 3000) - from]),
    );
    for (const t of timings) {
      expect(t.thread).toBeGreaterThan(0); // a worker, not the main thread (0)
      expect(before).toBeLessThanOrEqual(t.loaded);
      expect(t.loaded).toBeLessThanOrEqual(t.begin);
      expect(t.begin).toBeLessThanOrEqual(t.end);
      expect(t.end).toBeLessThanOrEqual(after);
      if (process.platform === 'linux') {
        // Linux updates a running thread's schedstat at scheduler ticks (4 ms here), so a batch
        // shorter than a tick may read 0 ns; the batches together must show CPU time.
        expect(t.cpuNs).toBeGreaterThanOrEqual(0);
        expect(t.waitNs).toBeGreaterThanOrEqual(0);
      }
    }
    if (process.platform === 'linux') expect(timings.reduce((sum, t) => sum + t.cpuNs!, 0)).toBeGreaterThan(0);
  });

  it('are none for an in-thread run (no workers)', async () => {
    const seen: unknown[] = [];
    const r = await runParallel(scenario, options({ to: 200, workers: 0, batchSize: 100, onBatch: (t) => void seen.push(t) }));
    expect(r.complete).toBe(true);
    expect(seen).toEqual([]);
  });
});

describe('batch boundaries', () => {
  it('are full batches for one worker (the last one short) and for the in-thread run', () => {
    expect(batchBounds(0, 4500, 2000, 1)).toEqual([0, 2000, 4000, 4500]);
    expect(batchBounds(100, 700, 250, 0)).toEqual([100, 350, 600, 700]);
    expect(batchBounds(5, 5, 100, 2)).toEqual([5]);
  });

  it('shrink at the end with several workers: each takes at most 1/(2·workers) of what is left, down to 50 games', () => {
    // by hand: left 10000 → 2000 (cap), 8000 → 2000, 6000 → 1500, 4500 → 1125, 3375 → 844, 2531 → 633,
    // 1898 → 475, 1423 → 356, 1067 → 267, 800 → 200, 600 → 150, 450 → 113, 337 → 85, 252 → 63,
    // then 50-game batches (189, 139, 89 left) and the last 39
    expect(batchBounds(0, 10000, 2000, 2)).toEqual([
      0, 2000, 4000, 5500, 6625, 7469, 8102, 8577, 8933, 9200, 9400, 9550, 9663, 9748, 9811, 9861, 9911, 9961, 10000,
    ]);
    // three workers: left 1000 → 167, 833 → 139, 694 → 116, 578 → 97, 481 → 81, 400 → 67, 333 → 56, then 50s
    expect(batchBounds(0, 1000, 500, 3)).toEqual([0, 167, 306, 422, 519, 600, 667, 723, 773, 823, 873, 923, 973, 1000]);
    // batches smaller than 50 games are never cut further
    expect(batchBounds(0, 100, 30, 2)).toEqual([0, 30, 60, 90, 100]);
  });
});

describe('shards', () => {
  it('merge into exactly the outputs of one run of all games', async () => {
    const file = 'scenarios/baseline.json';
    const whole = tmp();
    expect(await runCli(['run', file, '--games', '500', '--seed', 'sh', '--workers', '0', '--out', whole, '--quiet'], quietIo())).toBe(0);
    const parts = tmp();
    for (const i of [1, 2, 3]) {
      expect(await runCli(['run', file, '--games', '500', '--seed', 'sh', '--workers', '1', '--shard', `${i}/3`, '--out', parts, '--quiet'], quietIo())).toBe(
        0,
      );
    }
    const merged = tmp();
    const partials = [3, 1, 2].map((i) => join(parts, `partial-${i}-of-3.json`));
    expect(await runCli(['merge', ...partials, '--out', merged, '--quiet'], quietIo())).toBe(0);
    expect(outputs(merged)).toEqual(outputs(whole));
    // Among them the example games (summary.json `examples`, where the report's links point).
    const examples = (dir: string) => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')).examples;
    expect(examples(merged)).toEqual(examples(whole));
    expect(examples(whole).seats.flat().length).toBeGreaterThan(3);
  });

  it('refuses partials that leave games out, naming the gap', async () => {
    const parts = tmp();
    for (const i of [1, 3])
      await runCli(['run', 'scenarios/baseline.json', '--games', '90', '--workers', '0', '--shard', `${i}/3`, '--out', parts, '--quiet'], quietIo());
    const err: string[] = [];
    const io: Io = { out: () => {}, err: (t) => void err.push(t), errIsTty: false };
    expect(await runCli(['merge', join(parts, 'partial-1-of-3.json'), join(parts, 'partial-3-of-3.json'), '--out', tmp()], io)).toBe(2);
    expect(err.join('')).toMatch(/games 30–59 are missing/);
  });
});

describe('interruption and resume', () => {
  it('a stopped run keeps its finished batches in a checkpoint, and --resume ends with the same result', async () => {
    const dir = tmp();
    const checkpointFile = join(dir, 'cp.json');
    const csvA = join(dir, 'a.csv');
    const stop = new AbortController();
    // 400 batches of ~3 ms each: the finished prefix grows in batch order, and one worker's first
    // batch (with its JIT warm-up) may hold it back while the other finishes many more; with only
    // ten batches it could jump from below 300 games straight to the end, and nothing would be left
    // to stop.
    const games = 40000;
    const first = await runParallel(
      scenario,
      options({
        to: games,
        workers: 2,
        checkpointFile,
        gamesCsvFile: csvA,
        stop: stop.signal,
        progress: { update: (done) => void (done >= 300 && stop.abort()), done: () => {} },
      }),
    );
    expect(first.complete).toBe(false);
    expect(first.gamesDone).toBeGreaterThanOrEqual(300);
    expect(existsSync(checkpointFile)).toBe(true);
    const resumed = await runParallel(scenario, options({ to: games, workers: 2, checkpointFile, gamesCsvFile: csvA, resume: true }));
    expect(resumed.complete).toBe(true);
    expect(resumed.resumedGames).toBe(first.gamesDone);
    expect(existsSync(checkpointFile)).toBe(false);
    const csvB = join(dir, 'b.csv');
    const straight = await runParallel(scenario, options({ to: games, workers: 1, batchSize: 2000, gamesCsvFile: csvB }));
    expect(fingerprint(resumed)).toBe(fingerprint(straight));
    // games.csv: a header and one row per game, in order, identical to the uninterrupted run
    const rows = readFileSync(csvA, 'utf8');
    expect(rows).toBe(readFileSync(csvB, 'utf8'));
    expect(rows.trim().split('\n').length).toBe(games + 1);
  });

  it('resumes from a version-1 checkpoint (full batches counted) to the same result', async () => {
    const dir = tmp();
    const checkpointFile = join(dir, 'cp.json');
    const stop = new AbortController();
    await runParallel(
      scenario,
      options({
        to: 1000,
        workers: 0,
        batchSize: 100,
        checkpointFile,
        stop: stop.signal,
        progress: { update: (done) => void (done >= 300 && stop.abort()), done: () => {} },
      }),
    );
    const v2 = JSON.parse(readFileSync(checkpointFile, 'utf8')) as Record<string, unknown>;
    expect(v2.version).toBe(2);
    expect(v2.gamesDone).toBe(300);
    const { gamesDone: _, ...rest } = v2;
    writeFileSync(checkpointFile, JSON.stringify({ ...rest, version: 1, batchesDone: 3 }));
    const resumed = await runParallel(scenario, options({ to: 1000, workers: 2, batchSize: 100, checkpointFile, resume: true }));
    expect(resumed.resumedGames).toBe(300);
    writeFileSync(checkpointFile, JSON.stringify({ ...v2, gamesDone: 1001 }));
    await expect(runParallel(scenario, options({ to: 1000, checkpointFile, resume: true }))).rejects.toThrow(
      /field "gamesDone": expected a whole number of games from 0 to 1000, got 1001/,
    );
    writeFileSync(checkpointFile, JSON.stringify({ ...rest, version: 1, batchesDone: 2.5 }));
    await expect(runParallel(scenario, options({ to: 1000, checkpointFile, resume: true }))).rejects.toThrow(
      /field "batchesDone": expected a whole number of batches, got 2.5/,
    );
    // A count that disagrees with the games the aggregate holds (a hand-edited file) is refused.
    writeFileSync(checkpointFile, JSON.stringify({ ...v2, gamesDone: 250 }));
    await expect(runParallel(scenario, options({ to: 1000, checkpointFile, resume: true }))).rejects.toThrow(
      /field "gamesDone": the checkpoint's aggregate holds 300 games but it says 250 are done/,
    );
    expect(fingerprint(resumed)).toBe(fingerprint(await runParallel(scenario, options({ to: 1000, workers: 0, batchSize: 1000 }))));
    // A version-2 checkpoint counts games, so the run may go on with another batch size.
    writeFileSync(checkpointFile, JSON.stringify(v2));
    const rebatched = await runParallel(scenario, options({ to: 1000, workers: 2, batchSize: 70, checkpointFile, resume: true }));
    expect(rebatched.resumedGames).toBe(300);
    expect(fingerprint(rebatched)).toBe(fingerprint(resumed));
    // A version-1 checkpoint still needs its own batch size.
    writeFileSync(checkpointFile, JSON.stringify({ ...rest, version: 1, batchesDone: 3 }));
    await expect(runParallel(scenario, options({ to: 1000, batchSize: 70, checkpointFile, resume: true }))).rejects.toThrow(
      /field "batchSize": the checkpoint has 100 but this run has 70/,
    );
  });

  it('refuses to resume with a different seed, naming the checkpoint field', async () => {
    const dir = tmp();
    const checkpointFile = join(dir, 'cp.json');
    const stop = new AbortController();
    await runParallel(scenario, options({ checkpointFile, stop: stop.signal, progress: { update: () => stop.abort(), done: () => {} } }));
    await expect(runParallel(scenario, options({ checkpointFile, resume: true, seed: 'other' }))).rejects.toThrow(
      /field "seed": the checkpoint has "par" but this run has "other"/,
    );
  });

  for (const signal of ['SIGINT', 'SIGKILL'] as const) {
    it(`a real ${signal} loses at most the last checkpoint interval; --resume reproduces the uninterrupted outputs`, async () => {
      const out = tmp();
      // Long enough (several seconds on the fast kernel) that the signal lands mid-run.
      const args = [
        'bin/goldpit.js',
        'run',
        'scenarios/baseline.json',
        '--games',
        '150000',
        '--seed',
        'sig',
        '--workers',
        '2',
        '--batch-size',
        '2500',
        '--checkpoint-every',
        '0.2',
        '--out',
        out,
        '--quiet',
      ];
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const checkpoint = join(out, '.checkpoint.json');
      for (let i = 0; i < 400 && !existsSync(checkpoint); i++) await new Promise((r) => setTimeout(r, 50));
      expect(existsSync(checkpoint)).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      child.kill(signal);
      const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
      if (signal === 'SIGINT') {
        expect(code).toBe(130);
        expect(stderr).toMatch(/interrupted by SIGINT after \d+ of 150000 games/);
        expect(stderr).toMatch(/resume with: npx goldpit run .* --resume/);
      }
      // The checkpoint is whole (written to a temp file, then renamed) and no report was written.
      expect(() => JSON.parse(readFileSync(checkpoint, 'utf8'))).not.toThrow();
      expect(existsSync(join(out, 'summary.json'))).toBe(false);
      expect(await runCli(args.slice(1).concat('--resume'), quietIo())).toBe(0);
      const straight = tmp();
      expect(
        await runCli(
          ['run', 'scenarios/baseline.json', '--games', '150000', '--seed', 'sig', '--workers', '2', '--batch-size', '2500', '--out', straight, '--quiet'],
          quietIo(),
        ),
      ).toBe(0);
      expect(outputs(out)).toEqual(outputs(straight));
    });
  }
});
