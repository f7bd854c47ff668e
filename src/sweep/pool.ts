/**
 * One worker pool for many scenarios: a sweep plays the same game indices under each of its points,
 * and starting a pool per point (≈100 ms of thread start-up and module loading each) would be paid
 * once per point. The pool's workers parse each scenario once and cache it by its config hash
 * (sim/batch.ts), so a point costs one parse per worker.
 *
 * Results are by game index: game i of a scenario is a function of (scenario, seed, i) alone, and
 * each batch's columns are copied into place by index, so the deals are identical for any worker
 * count, batch size or order of arrival.
 */
import type { Piscina } from 'piscina';
import { batchScenario, runDealsBatch, type BotLimits, type DealsBatchResult, type DealsTask } from '../sim/batch.js';
import { copyDeals, emptyDeals, type DealColumns } from '../sim/deals.js';
import { batchBounds, limitsFor, newPool, poolWatch, runBatches } from '../sim/parallel.js';
import type { QueueExecutor } from '../sim/queue/coordinator.js';
import type { Engine } from '../sim/run.js';
import type { Scenario } from '../sim/scenario.js';

export interface DealPoolOptions {
  /** Worker threads; 0 plays in this thread. */
  readonly workers: number;
  /** Games per batch (the unit of work). */
  readonly batchSize: number;
  /** The run seed: game i of every scenario uses the streams of (seed, i) — common random numbers. */
  readonly seed: string;
  readonly engine?: Engine;
  /** Play the batches on a Redis job queue instead of the local pool. */
  readonly queue?: QueueExecutor;
  /** Aborting it stops the current call after the batches in flight (see `DealPool.play`). */
  readonly stop?: AbortSignal;
  /** Scenarios with bot files: their time budget and hang limit (sim/parallel.ts `limitsFor`), and who is told of a hang. */
  readonly limits?: BotLimits;
  readonly onHang?: (hang: import('../sim/watch.js').Benched) => void;
}

/** What `DealPool.play` returns: the deals of [from, to), of which the first `done` are played. */
export interface PlayedDeals {
  /** Rows 0 … to − from − 1 = games from … to − 1; rows from `done` on are not played (zeros). */
  readonly deals: DealColumns;
  /** Games of the finished prefix [from, from + done). */
  readonly done: number;
  readonly complete: boolean;
}

/** Thrown by `DealPool.deals` when the stop signal ended the call before all its games were played. */
export class DealsStopped extends Error {
  constructor(readonly played: PlayedDeals) {
    super(`stopped after ${played.done} games`);
    this.name = 'DealsStopped';
  }
}

export class DealPool {
  private pool: Piscina | null = null;
  private closed = false;

  constructor(private readonly opts: DealPoolOptions) {
    if (!Number.isInteger(opts.workers) || opts.workers < 0) throw new RangeError(`DealPool: workers must be a whole number ≥ 0, got ${opts.workers}`);
    if (!Number.isInteger(opts.batchSize) || opts.batchSize < 1) throw new RangeError(`DealPool: batchSize must be a whole number ≥ 1, got ${opts.batchSize}`);
  }

  /** The per-deal outcomes of games [from, to) of `scenario`; rejects with `DealsStopped` when stopped. */
  async deals(scenario: Scenario, from: number, to: number): Promise<DealColumns> {
    const played = await this.play(scenario, from, to);
    if (!played.complete) throw new DealsStopped(played);
    return played.deals;
  }

  /**
   * Plays games [from, to) of `scenario`. `onPrefix(done, deals)` is called, in order, each time the
   * finished prefix grows (done counts from `from`); returning true stops there (a stopping rule
   * that has decided: the games after it are not wanted). A stop signal ends the call with the
   * prefix finished so far, `complete` false.
   */
  async play(scenario: Scenario, from: number, to: number, onPrefix?: (done: number, deals: DealColumns) => boolean): Promise<PlayedDeals> {
    if (this.closed) throw new Error('DealPool: used after close()');
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from)
      throw new RangeError(`DealPool: expected games 0 ≤ from ≤ to, got ${from}..${to}`);
    const { workers, batchSize, queue } = this.opts;
    if (workers > 0 && !queue) this.pool ??= newPool(workers);
    const deals = emptyDeals(to - from);
    const bounds = batchBounds(from, to, batchSize, queue ? 1 : workers);
    const batches = bounds.length - 1;
    const finished = new Set<number>();
    let prefix = 0; // batches [0, prefix) are in place
    let enough = false;
    const data = batchScenario(scenario);
    const limits = limitsFor(scenario, this.opts.limits);
    const task = (b: number): DealsTask => ({
      kind: 'deals',
      scenario: data,
      seed: this.opts.seed,
      engine: this.opts.engine,
      from: bounds[b],
      to: bounds[b + 1],
      ...(limits ? { limits } : {}),
    });
    const accept = (b: number, r: DealsBatchResult) => {
      if (enough) return;
      copyDeals(deals, r.deals, r.from - from);
      finished.add(b);
      const before = prefix;
      while (finished.has(prefix)) finished.delete(prefix++);
      if (prefix > before && onPrefix?.(bounds[prefix] - from, deals)) {
        enough = true;
        // The batches in flight are not wanted: cancel them rather than wait up to 2 × workers
        // batches (piscina ends a running task's thread and starts a fresh one, ~0.1 s).
        decided.abort();
      }
    };
    const decided = new AbortController();
    const stop = this.opts.stop ? AbortSignal.any([this.opts.stop, decided.signal]) : decided.signal;
    await runBatches(
      { workers, stop, queue, pool: this.pool ?? undefined, watch: poolWatch(limits, this.opts.onHang) },
      batches,
      task,
      (t) => runDealsBatch(t, scenario),
      accept,
      () => enough || this.opts.stop?.aborted === true,
      () => enough,
    );
    const done = bounds[prefix] - from;
    return { deals, done, complete: done === to - from };
  }

  /** Ends the worker threads. */
  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    if (pool) await pool.destroy();
  }
}
