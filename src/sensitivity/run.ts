/**
 * Plays the points of a sensitivity design and keeps each as block totals (blocks.ts). Generic over
 * where the per-deal values come from (`PointSource`): a game's scenario on the sweep's DealPool
 * (game.ts), or a synthetic function with known indices (synthetic.ts) — the same runner, blocks,
 * estimators and bootstrap either way.
 *
 * - Points that play the same games (the same key: a scenario's config hash) are played once.
 * - Up to `concurrency` points are in flight at once on the one pool; the result of a point is a
 *   function of (point, seed, games) alone, so the figures do not depend on the order of arrival,
 *   the worker count or the batch size.
 * - A checkpoint (the finished points' block totals, exact) is written at most every few seconds and
 *   when stopped; `resume` takes it over and plays only what is missing.
 */
import { existsSync } from 'node:fs';
import { InputError, UsageError } from '../core/errors.js';
import { isObject, readJsonFile } from '../core/validate.js';
import { writeAtomic } from '../report/write.js';
import type { SweepValue } from '../sweep/vary.js';
import { blockBounds, putBlockTotals } from './blocks.js';

/** Where a point's per-deal values come from. */
export interface PointSource {
  /** Metrics, in output order. */
  readonly metrics: number;
  /** Games (deals) per point: every point plays games [0, games). */
  readonly games: number;
  /** Equal for two points exactly when they play the same games (a config hash). */
  key(values: readonly SweepValue[]): string;
  /**
   * The per-deal values of every metric at a point (metric m: `games` numbers). `onGames(done)`
   * reports games finished so far. Rejects with `Stopped` when the run is stopped.
   */
  play(values: readonly SweepValue[], onGames: (done: number) => void): Promise<readonly ArrayLike<number>[]>;
}

/** Thrown by a `PointSource` whose play was stopped (Ctrl-C, SIGTERM). */
export class Stopped extends Error {
  constructor() {
    super('stopped');
    this.name = 'Stopped';
  }
}

export interface EvaluateOptions {
  /** Points played at once. */
  readonly concurrency: number;
  readonly checkpointFile: string | null;
  /** What decides the figures (a hash): a checkpoint of another analysis is refused. */
  readonly key: string;
  readonly resume: boolean;
  /** All games of the analysis and those taken over; returns the progress display. */
  readonly progress?: (total: number, resumed: number) => { update(done: number): void; done(): void };
  /** Seconds between checkpoints (default 5). */
  readonly checkpointEvery?: number;
}

export interface Evaluated {
  /**
   * Per design point: block totals (metric m's block g at m·G + g), then each metric's smallest and
   * largest per-deal value (at M·G + m and M·G + M + m; `pointLength`); null where not played (stopped).
   */
  readonly data: readonly (Float64Array | null)[];
  readonly sizes: Float64Array;
  readonly complete: boolean;
  /** Distinct points (by key) and games over them. */
  readonly distinctPoints: number;
  readonly totalGames: number;
  readonly gamesDone: number;
  readonly resumedGames: number;
}

interface Checkpoint {
  readonly kind: 'goldpit-sensitivity-checkpoint';
  readonly version: 1;
  readonly key: string;
  /** Finished points: key → base64 of the Float64Array of block totals. */
  readonly points: Readonly<Record<string, string>>;
}

const encode = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
function decode(text: string, length: number): Float64Array {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== length * 8) throw new Error(`expected ${length} numbers, got ${bytes.length / 8}`);
  const out = new Float64Array(length);
  new Uint8Array(out.buffer).set(bytes);
  return out;
}

/** Numbers kept per point: M·G block totals, then M minima and M maxima of the per-deal values. */
export function pointLength(metrics: number, blocks: number): number {
  return metrics * (blocks + 2);
}

/**
 * The widest a per-deal difference of metric m can be, from what the points saw: the largest
 * per-deal value at any point minus the smallest at any point.
 */
export function perDealRange(data: readonly Float64Array[], metrics: number, blocks: number, m: number): number {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const d of data) {
    lo = Math.min(lo, d[metrics * blocks + m]);
    hi = Math.max(hi, d[metrics * blocks + metrics + m]);
  }
  return hi - lo;
}

/** Plays every point (each distinct key once) and returns their block totals. */
export async function evaluatePoints(source: PointSource, points: readonly (readonly SweepValue[])[], options: EvaluateOptions): Promise<Evaluated> {
  const bounds = blockBounds(source.games);
  const G = bounds.length - 1;
  const sizes = new Float64Array(G);
  for (let g = 0; g < G; g++) sizes[g] = bounds[g + 1] - bounds[g];
  const length = pointLength(source.metrics, G);
  const keys = points.map((p) => source.key(p));
  const firstOf = new Map<string, number>();
  keys.forEach((k, i) => {
    if (!firstOf.has(k)) firstOf.set(k, i);
  });
  const done = new Map<string, Float64Array>();
  let resumedGames = 0;
  if (options.resume) {
    const cp = readCheckpoint(options.checkpointFile, options.key);
    for (const [k, text] of Object.entries(cp.points)) {
      if (!firstOf.has(k)) continue;
      try {
        done.set(k, decode(text, length));
      } catch (e) {
        throw new InputError(options.checkpointFile!, `points.${k}`, (e as Error).message);
      }
    }
    resumedGames = done.size * source.games;
  }
  const totalGames = firstOf.size * source.games;
  const progress = options.progress?.(totalGames, resumedGames);
  const inFlight = new Map<string, number>();
  const report = () => {
    let games = done.size * source.games;
    for (const g of inFlight.values()) games += g;
    progress?.update(games);
  };
  const every = (options.checkpointEvery ?? 5) * 1000;
  let lastSave = Date.now();
  // A checkpoint is written only when it holds a finished point: a failed start leaves no file that locks the folder.
  const save = () => {
    if (!options.checkpointFile || done.size === 0) return;
    const cp: Checkpoint = {
      kind: 'goldpit-sensitivity-checkpoint',
      version: 1,
      key: options.key,
      points: Object.fromEntries([...done.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([k, a]) => [k, encode(a)])),
    };
    writeAtomic(options.checkpointFile, JSON.stringify(cp));
    lastSave = Date.now();
  };
  const todo = [...firstOf.entries()].filter(([k]) => !done.has(k)).map(([k, i]) => ({ key: k, values: points[i] }));
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < todo.length) {
      const job = todo[next++];
      inFlight.set(job.key, 0);
      try {
        const values = await source.play(job.values, (games) => {
          inFlight.set(job.key, games);
          report();
        });
        const totals = new Float64Array(length);
        const M = source.metrics;
        for (let m = 0; m < M; m++) {
          putBlockTotals(values[m], bounds, totals, m * G);
          let lo = Number.POSITIVE_INFINITY;
          let hi = Number.NEGATIVE_INFINITY;
          for (let i = 0; i < values[m].length; i++) {
            if (values[m][i] < lo) lo = values[m][i];
            if (values[m][i] > hi) hi = values[m][i];
          }
          totals[M * G + m] = lo;
          totals[M * G + M + m] = hi;
        }
        done.set(job.key, totals);
      } catch (e) {
        if (e instanceof Stopped) stopped = true;
        else throw e;
      } finally {
        inFlight.delete(job.key);
      }
      report();
      if (Date.now() - lastSave >= every) save();
    }
  };
  try {
    const workers = Array.from({ length: Math.max(1, Math.min(options.concurrency, todo.length)) }, worker);
    const settled = await Promise.allSettled(workers);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) {
      save();
      throw failed.reason;
    }
  } finally {
    progress?.done();
  }
  const complete = done.size === firstOf.size;
  if (!complete) save();
  return {
    data: keys.map((k) => done.get(k) ?? null),
    sizes,
    complete,
    distinctPoints: firstOf.size,
    totalGames,
    gamesDone: done.size * source.games,
    resumedGames,
  };
}

function readCheckpoint(file: string | null, key: string): Checkpoint {
  if (!file || !existsSync(file)) throw new UsageError(`--resume: no sensitivity checkpoint at ${file ?? '(none)'}; run without --resume to start`);
  const cp = readJsonFile(file, 'the sensitivity checkpoint to resume from') as Checkpoint;
  if (!isObject(cp) || cp.kind !== 'goldpit-sensitivity-checkpoint') throw new InputError(file, 'kind', 'not a goldpit sensitivity checkpoint');
  if (cp.version !== 1) throw new InputError(file, 'version', `expected 1, got ${JSON.stringify(cp.version)}`);
  if (cp.key !== key) {
    throw new InputError(
      file,
      'key',
      'the checkpoint is of another analysis (the scenario, the knobs, --method, --budget, --games, --trajectories, --samples, --levels or --seed differ); resume with the same options, or start over with --fresh',
    );
  }
  if (!isObject(cp.points)) throw new InputError(file, 'points', 'expected an object of finished points');
  return cp;
}
