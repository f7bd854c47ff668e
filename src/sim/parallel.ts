/**
 * Runs a range of games in batches across a worker pool (piscina), reduces the batch aggregates in
 * batch order, writes checkpoints, stops cleanly on request and resumes from a checkpoint.
 *
 * Determinism: a batch covers consecutive games (see `batchBounds`); each game depends only on
 * (scenario, seed, index); aggregates are exact integer sums. So the result is bit-identical for any
 * worker count, batch size, shard split or interruption.
 */
import { closeSync, existsSync, ftruncateSync, openSync, rmSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { InputError, UsageError } from '../core/errors.js';
import { isObject, readJsonFile } from '../core/validate.js';
import { writeAtomic } from '../report/write.js';
import { aggregateFromJson, aggregateOver, aggregateToJson, emptyAggregate, gameCount, mergeInto, type Aggregate } from '../stats/aggregate.js';
import {
  batchScenario,
  gamesCsvHeader,
  type BotLimits,
  type WatchedTask,
  runBatch,
  runDealsBatch,
  runImpactBatch,
  type BatchResult,
  type BatchTask,
  type DealsBatchResult,
  type DealsTask,
  type ImpactTask,
} from './batch.js';
import { copyDeals, emptyDeals, type DealColumns } from './deals.js';
import { addCardSums, emptyCardSums, type CardSums, type ImpactBatchResult } from './impact.js';
import type { Progress } from './progress.js';
import type { QueueExecutor } from './queue/coordinator.js';
import type { QueueTask } from './queue/job.js';
import { shapeOf, type Engine } from './run.js';
import type { Scenario } from './scenario.js';
import { botFileFacts, type BotFileFact } from './seat-bots.js';
import type { BatchTiming } from './timing.js';
import { MARKER_FIELDS, type Benched } from './watch.js';

export interface ParallelOptions {
  readonly seed: string;
  /** Which engine plays (sim/run.ts `Engine`; default auto: the same games either way). */
  readonly engine?: Engine;
  /** Games [from, to) of the run (a shard plays a sub-range). */
  readonly from: number;
  readonly to: number;
  /** Worker threads; 0 plays in this thread. */
  readonly workers: number;
  readonly batchSize: number;
  /** Where to keep the checkpoint (null = none). */
  readonly checkpointFile: string | null;
  readonly checkpointEveryMs: number;
  readonly resume: boolean;
  /** Stream one CSV row per game to this file (null = none). */
  readonly gamesCsvFile: string | null;
  readonly progress?: Pick<Progress, 'update' | 'done'>;
  /** Aborting it stops the run after writing a checkpoint of what has finished. */
  readonly stop?: AbortSignal;
  /** Pool only: gets each batch's timing as it arrives (the bench's view of where time goes). */
  readonly onBatch?: (timing: BatchTiming) => void;
  /** Play the batches on a Redis job queue instead of the local pool (`workers` is then unused). */
  readonly queue?: QueueExecutor;
  /** The scenario's bot files: their time budget and hang limit (default when it has some: `DEFAULT_LIMITS`). */
  readonly limits?: BotLimits;
  /** Told each time the watchdog stops a hung bot (before its batch is played again with it benched). */
  readonly onHang?: (hang: Benched) => void;
  /**
   * A stopping rule (`run --precision`): each time the finished prefix reaches a multiple of `every`
   * games (counted from `from`) or `to`, in order, `met(gamesDone, aggregate)` is asked; when it
   * says yes the run ends there, complete, its aggregate holding exactly those games. The looks are
   * at fixed counts, so where a run stops does not depend on batches, workers or interruptions.
   */
  readonly until?: { readonly every: number; readonly met: (gamesDone: number, aggregate: Aggregate) => boolean; readonly rule: string };
}

export interface ParallelResult {
  readonly aggregate: Aggregate;
  /** Games of [from, to) finished, including those taken over from a checkpoint. */
  readonly gamesDone: number;
  /** Games taken over from the checkpoint (0 without --resume). */
  readonly resumedGames: number;
  readonly complete: boolean;
  /** With `until`: whether its rule was met (false: the run played to `to` without meeting it). */
  readonly untilMet: boolean;
  /** Of the games played by this call (not those taken over from a checkpoint): how many each engine played. */
  readonly fastGames: number;
  readonly referenceGames: number;
  /**
   * The sessions before a resume, as the checkpoint recorded them: their playing time and engine
   * counts (null without --resume, or from a checkpoint written before goldpit recorded them).
   */
  readonly earlier: EarlierSessions | null;
}

export interface EarlierSessions {
  readonly seconds: number;
  readonly fastGames: number;
  readonly referenceGames: number;
}

interface Checkpoint {
  readonly kind: 'goldpit-checkpoint';
  /** 2 (version 1, still read: `batchesDone` full batches instead of `gamesDone`). */
  readonly version: 1 | 2;
  readonly configHash: string;
  readonly seed: string;
  readonly from: number;
  readonly to: number;
  readonly batchSize: number;
  /** Games of [from, to) finished, in order. */
  readonly gamesDone: number;
  readonly csvBytes: number;
  readonly aggregate: ReturnType<typeof aggregateToJson>;
  /** Seconds spent playing the games done, over all sessions (absent in older checkpoints). */
  readonly playSeconds?: number;
  /** Of the games done: how many each engine played (absent in older checkpoints). */
  readonly fastGames?: number;
  readonly referenceGames?: number;
  /** The stopping rule in words (`run --precision`), absent without one: a resume must use the same. */
  readonly until?: string;
  /** The scenario's bot files (file, sha256) and their limits, absent without bot files: a resume must play the same. */
  readonly botFiles?: readonly BotFileFact[];
  readonly limits?: BotLimits;
}

/** A run's limits on bot files when the command line gives none: those of tournaments. */
export const DEFAULT_LIMITS: BotLimits = { botTimeoutMs: 5000, hangLimitMs: 30_000 };

/** The limits a scenario's batches carry: none for built-in bots only. */
export function limitsFor(scenario: Scenario, limits: BotLimits | undefined): BotLimits | undefined {
  return scenario.botFiles.length > 0 ? (limits ?? DEFAULT_LIMITS) : undefined;
}

/**
 * Refuses to resume a checkpoint whose bot files or limits differ from this run's, naming the file
 * that changed (its sha256 then and now): a resumed run must play the very same bots.
 */
export function checkBotFiles(
  file: string,
  scenario: Scenario,
  recorded: readonly BotFileFact[] | undefined,
  limits: BotLimits | undefined,
  recordedLimits: BotLimits | undefined,
): void {
  const now = botFileFacts(scenario);
  const then = recorded ?? [];
  for (const b of now) {
    const was = then.find((t) => t.file === b.file);
    if (was === undefined) continue;
    const changed = [{ file: b.file, sha256: b.sha256 }, ...(b.imports ?? [])].find((f) => {
      const old = f.file === b.file ? was.sha256 : was.imports?.find((i) => i.file === f.file)?.sha256;
      return old !== f.sha256;
    });
    if (changed || (was.imports?.length ?? 0) !== (b.imports?.length ?? 0)) {
      const old = changed?.file === b.file ? was.sha256 : was.imports?.find((i) => i.file === changed?.file)?.sha256;
      throw new InputError(
        file,
        'botFiles',
        `the bot file ${changed?.file ?? b.file} changed since the checkpoint (sha256 ${old ?? 'none'} then, ${changed?.sha256 ?? 'other imports'} now): a resumed run must play the same bot; restore the file, or start over with --fresh`,
      );
    }
  }
  const files = (list: readonly BotFileFact[]) => JSON.stringify(list.map((b) => [b.bot, b.file]));
  if (files(now) !== files(then)) {
    throw new InputError(
      file,
      'botFiles',
      `the checkpoint's bot files are ${files(then)}, this run's ${files(now)}: resume the same scenario, or start over with --fresh`,
    );
  }
  if (JSON.stringify(limits ?? null) !== JSON.stringify(recordedLimits ?? null)) {
    throw new InputError(
      file,
      'limits',
      `the checkpoint's bot limits are ${JSON.stringify(recordedLimits ?? null)}, this run's ${JSON.stringify(limits ?? null)}: resume with the same --bot-timeout and --hang-limit`,
    );
  }
}

/**
 * What a checkpoint file says about its run, for telling the user (null when it is not readable as
 * one): games done of how many, and the seed.
 */
export function peekCheckpoint(file: string): { gamesDone: number; games: number; seed: string } | null {
  try {
    const cp = readJsonFile(file, 'the checkpoint') as Partial<Checkpoint> & { batchesDone?: number };
    if (!isObject(cp) || cp.kind !== 'goldpit-checkpoint' || typeof cp.from !== 'number' || typeof cp.to !== 'number') return null;
    const done = cp.gamesDone ?? Math.min(cp.to - cp.from, (cp.batchesDone ?? 0) * (cp.batchSize ?? 0));
    return { gamesDone: done, games: cp.to - cp.from, seed: String(cp.seed) };
  } catch {
    return null;
  }
}

/** The compiled worker (dist/); when running from the TypeScript sources (tests), the built copy. */
export function workerFile(): string {
  const here = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return fileURLToPath(here);
  const built = new URL('../../dist/src/sim/worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return fileURLToPath(built);
  throw new UsageError('the worker script is not built: run `npm run build` (or `npm ci`) first, or use --workers 0');
}

export function readCheckpoint(file: string, scenario: Scenario, options: ParallelOptions): Checkpoint {
  let cp = readJsonFile(file, 'the checkpoint to resume from') as Checkpoint;
  if (!isObject(cp)) throw new InputError(file, '', 'not a goldpit checkpoint');
  const expect = (field: keyof Checkpoint, value: unknown, hint: string) => {
    if (cp[field] !== value)
      throw new InputError(file, field, `the checkpoint has ${JSON.stringify(cp[field])} but this run has ${JSON.stringify(value)}; ${hint}`);
  };
  if (cp.kind !== 'goldpit-checkpoint') throw new InputError(file, 'kind', 'not a goldpit checkpoint');
  if (cp.version !== 1 && cp.version !== 2) throw new InputError(file, 'version', `expected 1 or 2, got ${JSON.stringify(cp.version)}`);
  // Before the hash: a changed bot file changes it too, and deserves its own message.
  checkBotFiles(file, scenario, cp.botFiles, limitsFor(scenario, options.limits), cp.limits);
  expect('configHash', scenario.configHash, 'the scenario changed since the checkpoint: start afresh without --resume');
  expect('seed', options.seed, 'resume with the same --seed');
  expect('from', options.from, 'resume with the same --games and --shard');
  if ((cp.until ?? null) !== (options.until?.rule ?? null)) {
    throw new InputError(
      file,
      'until',
      `the checkpoint's stopping rule is ${JSON.stringify(cp.until ?? 'none')} but this run's is ${JSON.stringify(options.until?.rule ?? 'none')}; resume with the same --precision`,
    );
  }
  expect('to', options.to, 'resume with the same --games and --shard');
  if (cp.version === 1) {
    // Version 1 counted full batches, so its batch size must be the run's to know where to go on.
    expect('batchSize', options.batchSize, 'resume with the same --batch-size');
    // Version 1 counted full batches of `batchSize` games.
    const batchesDone = (cp as unknown as { batchesDone: unknown }).batchesDone;
    if (typeof batchesDone !== 'number' || !Number.isInteger(batchesDone) || batchesDone < 0) {
      throw new InputError(file, 'batchesDone', `expected a whole number of batches, got ${JSON.stringify(batchesDone)}`);
    }
    cp = { ...cp, version: 2, gamesDone: Math.min(cp.to, cp.from + batchesDone * cp.batchSize) - cp.from };
  }
  if (!Number.isInteger(cp.gamesDone) || cp.gamesDone < 0 || cp.gamesDone > cp.to - cp.from) {
    throw new InputError(file, 'gamesDone', `expected a whole number of games from 0 to ${cp.to - cp.from}, got ${JSON.stringify(cp.gamesDone)}`);
  }
  return cp;
}

/** The smallest batch the shrinking tail of `batchBounds` cuts. */
const MIN_TAIL_BATCH = 50;

/**
 * The batches of games [from, to) as boundaries [from, b1, b2, ..., to]: `size` games each, except
 * that with more than one worker the last ones shrink — each takes at most 1/(2·workers) of the
 * games left, down to 50 games — so that when one worker runs out of work the others are
 * only a small batch from done instead of a whole one. Results do not depend on the boundaries
 * (game i is game i; aggregates are exact sums), only the checkpoints' granularity does.
 */
export function batchBounds(from: number, to: number, size: number, workers: number): number[] {
  const bounds = [from];
  const floor = Math.min(size, MIN_TAIL_BATCH);
  for (let at = from; at < to; ) {
    const rest = to - at;
    const n = workers > 1 ? Math.min(size, Math.max(floor, Math.ceil(rest / (2 * workers)))) : size;
    at = Math.min(to, at + n);
    bounds.push(at);
  }
  return bounds;
}

export async function runParallel(scenario: Scenario, options: ParallelOptions): Promise<ParallelResult> {
  const { from, to, batchSize } = options;
  const limits = limitsFor(scenario, options.limits);
  const shape = shapeOf(scenario);
  let total = emptyAggregate(shape);
  let resumedGames = 0;
  let csvBytes = 0;
  let earlier: EarlierSessions | null = null;
  const started = Date.now();
  if (options.resume) {
    if (!options.checkpointFile || !existsSync(options.checkpointFile)) {
      throw new UsageError(`--resume: no checkpoint at ${options.checkpointFile ?? '(none)'}; run without --resume to start`);
    }
    const cp = readCheckpoint(options.checkpointFile, scenario, options);
    total = aggregateFromJson(cp.aggregate);
    if (gameCount(total) !== cp.gamesDone) {
      throw new InputError(
        options.checkpointFile,
        'gamesDone',
        `the checkpoint's aggregate holds ${gameCount(total)} games but it says ${cp.gamesDone} are done: the file was changed; start afresh without --resume`,
      );
    }
    resumedGames = cp.gamesDone;
    csvBytes = cp.csvBytes;
    if (typeof cp.playSeconds === 'number' && typeof cp.fastGames === 'number' && typeof cp.referenceGames === 'number') {
      earlier = { seconds: cp.playSeconds, fastGames: cp.fastGames, referenceGames: cp.referenceGames };
    }
  }
  // Through a queue the batches are full ones, so a resumed run's jobs are the interrupted run's jobs.
  const bounds = withLooks(batchBounds(from + resumedGames, to, batchSize, options.queue ? 1 : options.workers), from, options.until?.every);
  let untilMet = false;
  const batches = bounds.length - 1;
  let prefix = 0; // batches [0, prefix) are merged into `total`
  let csv: number | null = null;
  if (options.gamesCsvFile) {
    csv = openSync(options.gamesCsvFile, options.resume ? 'r+' : 'w');
    if (options.resume) ftruncateSync(csv, csvBytes);
    else csvBytes += writeSync(csv, gamesCsvHeader(scenario.players), 0);
  }
  const gamesDone = () => bounds[prefix] - from;
  let fastGames = 0;
  let referenceGames = 0;
  let lastCheckpoint = Date.now();
  const writeCheckpoint = () => {
    if (!options.checkpointFile) return;
    const cp: Checkpoint = {
      kind: 'goldpit-checkpoint',
      version: 2,
      configHash: scenario.configHash,
      seed: options.seed,
      from,
      to,
      batchSize,
      gamesDone: gamesDone(),
      csvBytes,
      aggregate: aggregateToJson(total),
      ...(options.until ? { until: options.until.rule } : {}),
      ...(limits ? { botFiles: botFileFacts(scenario), limits } : {}),
      // Without the earlier sessions' facts (an older checkpoint resumed), the totals are unknown: left out.
      ...(resumedGames === 0 || earlier !== null
        ? {
            playSeconds: Number(((earlier?.seconds ?? 0) + (Date.now() - started) / 1000).toFixed(3)),
            fastGames: (earlier?.fastGames ?? 0) + fastGames,
            referenceGames: (earlier?.referenceGames ?? 0) + referenceGames,
          }
        : {}),
    };
    writeAtomic(options.checkpointFile, JSON.stringify(cp));
    lastCheckpoint = Date.now();
  };
  const pending = new Map<number, BatchResult>();
  const accept = (b: number, result: BatchResult) => {
    if (result.timing) options.onBatch?.(result.timing);
    pending.set(b, result);
    while (pending.has(prefix)) {
      const r = pending.get(prefix)!;
      pending.delete(prefix);
      mergeInto(total, aggregateOver(shape, r.data, r.firstFaults));
      fastGames += r.fastGames;
      referenceGames += r.referenceGames;
      if (csv !== null && r.rows) csvBytes += writeSync(csv, r.rows, csvBytes); // at the checkpointed length after a resume
      prefix++;
      const at = bounds[prefix];
      if (options.until && ((at - from) % options.until.every === 0 || at === to) && options.until.met(at - from, total)) {
        untilMet = true;
        pending.clear();
        break;
      }
    }
    options.progress?.update(gamesDone());
    if (Date.now() - lastCheckpoint >= options.checkpointEveryMs) writeCheckpoint();
  };
  const ref = batchScenario(scenario);
  const task = (b: number): BatchTask => ({
    scenario: ref,
    seed: options.seed,
    engine: options.engine,
    from: bounds[b],
    to: bounds[b + 1],
    gamesCsv: csv !== null,
    timing: options.onBatch !== undefined,
    ...(limits ? { limits } : {}),
  });
  const stopped = () => untilMet || options.stop?.aborted === true;
  try {
    await runBatches(
      { ...options, watch: poolWatch(limits, options.onHang) },
      batches,
      task,
      (t) => runBatch(t, scenario),
      accept,
      stopped,
      () => untilMet,
    );
  } finally {
    const complete = prefix >= batches || untilMet;
    if (complete) {
      if (options.checkpointFile) rmSync(options.checkpointFile, { force: true });
    } else writeCheckpoint();
    if (csv !== null) closeSync(csv);
    options.progress?.done();
  }
  return { aggregate: total, gamesDone: gamesDone(), resumedGames, complete: prefix >= batches || untilMet, untilMet, fastGames, referenceGames, earlier };
}

/** Batch bounds cut also at every multiple of `every` games from `from` (the looks of a stopping rule). */
export function withLooks(bounds: readonly number[], from: number, every: number | undefined): number[] {
  if (every === undefined) return [...bounds];
  if (!Number.isInteger(every) || every < 1) throw new RangeError(`a stopping rule looks every whole number ≥ 1 of games, got ${every}`);
  const out: number[] = [bounds[0]];
  for (let b = 1; b < bounds.length; b++) {
    for (let look = Math.floor((out[out.length - 1] - from) / every + 1) * every + from; look < bounds[b]; look += every) out.push(look);
    out.push(bounds[b]);
  }
  return out;
}

/**
 * The counterfactual card-impact analysis over games [0, games), in batches across the pool. Its sums
 * are exact integers, so the result does not depend on workers or batch size. No checkpoints: a
 * stopped analysis reports nothing (rerun it).
 */
export async function runImpactParallel(
  scenario: Scenario,
  options: {
    seed: string;
    engine?: Engine;
    games: number;
    cards: readonly number[];
    workers: number;
    batchSize: number;
    progress?: Pick<Progress, 'update' | 'done'>;
    stop?: AbortSignal;
    queue?: QueueExecutor;
    limits?: BotLimits;
    onHang?: (hang: Benched) => void;
  },
): Promise<{ sums: CardSums[]; complete: boolean }> {
  const limits = limitsFor(scenario, options.limits);
  const sums: CardSums[] = options.cards.map(emptyCardSums);
  const bounds = batchBounds(0, options.games, options.batchSize, options.queue ? 1 : options.workers);
  const batches = bounds.length - 1;
  let done = 0;
  const ref = batchScenario(scenario);
  const task = (b: number): ImpactTask => ({
    kind: 'impact',
    scenario: ref,
    seed: options.seed,
    engine: options.engine,
    from: bounds[b],
    to: bounds[b + 1],
    cards: options.cards,
    ...(limits ? { limits } : {}),
  });
  const accept = (_b: number, r: ImpactBatchResult) => {
    addCardSums(sums, r.cards);
    done += r.to - r.from;
    options.progress?.update(done);
  };
  const stopped = () => options.stop?.aborted === true;
  try {
    await runBatches({ ...options, watch: poolWatch(limits, options.onHang) }, batches, task, (t) => runImpactBatch(t, scenario), accept, stopped);
  } finally {
    options.progress?.done();
  }
  return { sums, complete: done === options.games };
}

/**
 * Per-deal outcomes of games [0, games) (for `goldpit baseline` and `goldpit check`), in batches
 * across the pool, copied into place by game index: identical for any worker count or batch size.
 * `onPrefix(done)` is called, in order, each time the finished prefix [0, done) grows; returning
 * true stops the run there (a sequential test that has decided). No checkpoints.
 */
export async function runDealsParallel(
  scenario: Scenario,
  options: {
    seed: string;
    engine?: Engine;
    games: number;
    workers: number;
    batchSize: number;
    progress?: Pick<Progress, 'update' | 'done'>;
    stop?: AbortSignal;
    onPrefix?: (done: number, deals: DealColumns) => boolean;
    queue?: QueueExecutor;
    limits?: BotLimits;
    onHang?: (hang: Benched) => void;
  },
): Promise<{ deals: DealColumns; done: number; complete: boolean }> {
  const limits = limitsFor(scenario, options.limits);
  const deals = emptyDeals(options.games);
  const bounds = batchBounds(0, options.games, options.batchSize, options.queue ? 1 : options.workers);
  const batches = bounds.length - 1;
  const finished = new Set<number>();
  let prefix = 0; // batches [0, prefix) are in place
  let enough = false;
  const ref = batchScenario(scenario);
  const task = (b: number): DealsTask => ({
    kind: 'deals',
    scenario: ref,
    seed: options.seed,
    engine: options.engine,
    from: bounds[b],
    to: bounds[b + 1],
    ...(limits ? { limits } : {}),
  });
  const done = () => bounds[prefix];
  const accept = (b: number, r: DealsBatchResult) => {
    copyDeals(deals, r.deals, r.from);
    finished.add(b);
    const before = prefix;
    while (finished.has(prefix)) finished.delete(prefix++);
    if (prefix > before) {
      options.progress?.update(done());
      if (!enough && options.onPrefix?.(done(), deals)) enough = true;
    }
  };
  const stopped = () => enough || options.stop?.aborted === true;
  try {
    await runBatches(
      { ...options, watch: poolWatch(limits, options.onHang) },
      batches,
      task,
      (t) => runDealsBatch(t, scenario),
      accept,
      stopped,
      () => enough,
    );
  } finally {
    options.progress?.done();
  }
  return { deals, done: done(), complete: done() === options.games };
}

/** The pool's watchdog for a scenario's bot files (none without bot files or with --hang-limit 0). */
export function poolWatch(limits: BotLimits | undefined, onHang: ((hang: Benched) => void) | undefined): PoolWatch | undefined {
  return limits && limits.hangLimitMs > 0 ? { hangLimitMs: limits.hangLimitMs, onHang } : undefined;
}

/**
 * The hang watchdog of a pool (sim/watch.ts): a task whose bot has been deciding for longer than
 * `hangLimitMs` is aborted — piscina terminates its thread and starts a fresh one — and played again
 * with that bot benched (`WatchedTask.benched`), so the run finishes and a hung bot costs one hang
 * limit of one thread.
 */
export interface PoolWatch {
  readonly hangLimitMs: number;
  /** Told of each hang, in this thread (for messages; results never depend on it). */
  readonly onHang?: (hang: Benched) => void;
  /** How often the watchdog looks, ms (default: a tenth of the hang limit, 5 to 100). */
  readonly everyMs?: number;
}

/**
 * Plays batches [0, batches): through the queue when one is given, in this thread when `workers` is
 * 0 (`inline`, yielding between batches so a stop request gets in), otherwise across the pool —
 * `options.pool` when the caller keeps one open for many calls (a sweep), else a pool made for this
 * call, under the hang watchdog when `options.watch` says so. `accept` gets each result. `discard`
 * (queue only) says, once stopped, that the rest is not wanted.
 */
export async function runBatches<T extends QueueTask, R>(
  options: { workers: number; stop?: AbortSignal; queue?: QueueExecutor; pool?: Piscina; watch?: PoolWatch },
  batches: number,
  task: (b: number) => T,
  inline: (task: T) => R,
  accept: (b: number, r: R) => void,
  stopped: () => boolean,
  discard?: () => boolean,
): Promise<void> {
  // Loaded only when asked for: a local run does not pay for BullMQ and its Redis client.
  if (options.queue) return (await import('./queue/coordinator.js')).runOnQueue(options.queue, batches, task, accept, stopped, discard);
  if (options.workers !== 0) return runOnPool(options, batches, task, accept, stopped);
  for (let b = 0; b < batches && !stopped(); b++) {
    accept(b, inline(task(b)));
    await new Promise((r) => setImmediate(r));
  }
}

/** A pool of `workers` threads running the batch worker (sim/worker.ts). */
export function newPool(workers: number): Piscina {
  return new Piscina({ filename: workerFile(), minThreads: workers, maxThreads: workers, idleTimeout: 1000 });
}

interface InFlight<T> {
  readonly b: number;
  readonly task: T;
  readonly controller: AbortController;
  readonly slot: number;
  /** Set by the watchdog when it stops the task. */
  hang: Benched | null;
}

async function runOnPool<T, R>(
  options: { workers: number; stop?: AbortSignal; pool?: Piscina; watch?: PoolWatch },
  batches: number,
  task: (b: number) => T,
  accept: (b: number, r: R) => void,
  stopped: () => boolean,
): Promise<void> {
  const pool = options.pool ?? newPool(options.workers);
  // One controller per task in flight, not one signal shared by all of them: piscina adds an
  // 'abort' listener per task to the signal it is given, and 2 × workers listeners on one signal
  // passed Node's limit of 10 from 6 workers on (MaxListenersExceededWarning).
  const inFlight = new Set<InFlight<T>>();
  const abortAll = () => {
    for (const f of inFlight) f.controller.abort();
  };
  options.stop?.addEventListener('abort', abortAll);
  const limit = options.workers * 2;
  const watch = options.watch;
  // The watchdog's marker: one slot per task in flight (sim/watch.ts MARKER_FIELDS).
  const buffer = watch ? new SharedArrayBuffer(limit * MARKER_FIELDS * 8) : null;
  const marks = buffer ? new Float64Array(buffer) : null;
  const freeSlots = Array.from({ length: limit }, (_, i) => limit - 1 - i);
  const retry: { b: number; task: T }[] = [];
  const timer =
    watch && marks
      ? setInterval(
          () => {
            const now = Date.now();
            for (const f of inFlight) {
              const at = f.slot * MARKER_FIELDS;
              const since = marks[at];
              if (f.hang !== null || !(since > 0) || now - since <= watch.hangLimitMs) continue;
              const hang = { game: marks[at + 1], seat: marks[at + 2], decision: marks[at + 3] };
              // The worker writes the call first and its start time last; if the start time changed
              // while we read, that call returned after all and another one began: look again later.
              if (marks[at] !== since) continue;
              f.hang = hang;
              f.controller.abort();
              watch.onHang?.(hang);
            }
          },
          watch.everyMs ?? Math.max(5, Math.min(100, watch.hangLimitMs / 10)),
        )
      : null;
  let next = 0;
  let failure: unknown = null;
  try {
    await new Promise<void>((resolve) => {
      const start = (b: number, t: T) => {
        const slot = freeSlots.pop()!;
        if (marks) marks.fill(0, slot * MARKER_FIELDS, (slot + 1) * MARKER_FIELDS);
        const f: InFlight<T> = { b, task: t, controller: new AbortController(), slot, hang: null };
        inFlight.add(f);
        const sent = buffer ? { ...t, marker: { buffer, slot } } : t;
        (pool.run(sent, { signal: f.controller.signal }) as Promise<R>).then(
          (r) => {
            finish(f);
            if (!stopped() && failure === null) accept(b, r);
            pump();
          },
          (e: unknown) => {
            finish(f);
            if (stopped()) {
              // abandoned by a stop request: nothing to record or retry
            } else if (f.hang !== null && failure === null) {
              const benched = (f.task as WatchedTask).benched ?? [];
              retry.push({ b, task: { ...f.task, benched: [...benched, f.hang] } });
            } else if (failure === null) {
              failure = e;
              abortAll();
            }
            pump();
          },
        );
      };
      const finish = (f: InFlight<T>) => {
        inFlight.delete(f);
        freeSlots.push(f.slot);
      };
      const pump = () => {
        while (!stopped() && failure === null && inFlight.size < limit && (retry.length > 0 || next < batches)) {
          const again = retry.shift();
          if (again) start(again.b, again.task);
          else {
            const b = next++;
            start(b, task(b));
          }
        }
        if (inFlight.size === 0) resolve();
      };
      pump();
    });
  } finally {
    options.stop?.removeEventListener('abort', abortAll);
    if (timer !== null) clearInterval(timer);
    if (pool !== options.pool) await pool.destroy();
  }
  if (failure !== null) throw failure;
}
