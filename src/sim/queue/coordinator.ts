/**
 * The queue as an executor of batch tasks, beside the local pool (sim/parallel.ts `runOnPool`): the
 * same tasks, the same `accept(b, result)`, so whatever merges results in batch order (aggregates,
 * per-deal columns, card sums; a future sweep's points) is unchanged and the outputs are byte for
 * byte those of a local run.
 *
 * All batches are queued at once, keyed by their payload's hash (job.ts). The coordinator then polls
 * the states of the jobs it still waits for and hands each finished result to `accept`. It never
 * plays a batch itself. When it stops (Ctrl-C, a decided sequential test) the queued jobs stay in
 * Redis and workers go on playing them; a coordinator started again with the same inputs queues the
 * same ids, which BullMQ does not add twice, and collects what finished meanwhile. When the run is
 * complete its jobs are removed from Redis.
 */
import { Queue, type Job } from 'bullmq';
import { decodeResult } from './codec.js';
import { QueueError } from './errors.js';
import { coordinatorConnection } from './connection.js';
import type { QueueTarget } from './target.js';
import { codeIdentity, envelope, jobIdOf, type CodeIdentity, type JobEnvelope, type QueueTask } from './job.js';

export { QueueError };

export interface QueueExecutor {
  readonly target: QueueTarget;
  /** Without Redis this long, the run fails with a QueueError (default 30 s). */
  readonly lostAfterMs?: number;
  /** Tries per job for errors that may pass, e.g. a worker thread that died (default 3); refusals and invalid jobs fail at once. */
  readonly attempts?: number;
  /** How often the coordinator looks at its jobs, ms (default 100). */
  readonly pollMs?: number;
  /** The identity the jobs claim (default this code's); a test plays a coordinator of other code with it. */
  readonly identity?: CodeIdentity;
  /** Told once the jobs are queued: how many were new and how many were already there (finished or not). */
  readonly onQueued?: (counts: { readonly added: number; readonly found: number; readonly finished: number }) => void;
  /**
   * Told when no worker has taken a job for `idleAfterMs` (default 30 s) while jobs wait: a queue
   * nobody plays would otherwise wait in silence. Told again after each further such spell.
   */
  readonly onIdle?: (seconds: number) => void;
  readonly idleAfterMs?: number;
}

export const DEFAULT_IDLE_AFTER_MS = 30_000;

export const DEFAULT_LOST_AFTER_MS = 30_000;

/** Jobs whose state is looked at per poll at most (the lowest batches first: workers take jobs in queue order). */
const POLL_WINDOW = 256;

/**
 * Plays batches [0, batches) through the queue; `accept` gets each result, in any order. Stops
 * (leaving the jobs queued) when `stopped()` turns true; then jobs not yet started are removed only if
 * `discard()` says the rest is not wanted (a decided sequential test).
 */
export async function runOnQueue<T extends QueueTask, R>(
  executor: QueueExecutor,
  batches: number,
  task: (b: number) => T,
  accept: (b: number, r: R) => void,
  stopped: () => boolean,
  discard: () => boolean = () => false,
): Promise<void> {
  const { target } = executor;
  const identity = executor.identity ?? codeIdentity();
  const { redis, lost } = coordinatorConnection(target, executor.lostAfterMs ?? DEFAULT_LOST_AFTER_MS);
  const queue = new Queue(target.name, { connection: redis });
  // Connection errors are BullMQ's to retry and `lost()`'s to judge; unheard, they would be printed raw.
  queue.on('error', () => {});
  // A job's retries are BullMQ's; a failure lands in the failed set only after the last one.
  const attempts = executor.attempts ?? 3;
  const tasks: T[] = [];
  const jobs: JobEnvelope[] = [];
  const ids: string[] = [];
  for (let b = 0; b < batches; b++) {
    tasks.push(task(b));
    jobs.push(envelope(sendable(tasks[b]), identity));
    ids.push(jobIdOf(jobs[b]));
  }
  const redisError = (e: unknown): QueueError => {
    const why = lost();
    if (why) return new QueueError(`${why}; the run stopped`);
    return e instanceof QueueError ? e : new QueueError(`the queue at ${target.shown} failed: ${(e as Error).message ?? String(e)}`);
  };
  const add = (bs: readonly number[]) =>
    queue.addBulk(
      bs.map((b) => ({
        name: tasks[b].kind ?? 'games',
        data: jobs[b],
        opts: { jobId: ids[b], attempts, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: false, removeOnFail: false },
      })),
    );
  const outstanding = new Set<number>(Array.from({ length: batches }, (_, b) => b));
  // An error of `accept` (the caller's merging) is the caller's, not the queue's: it passes unwrapped.
  let acceptError: unknown;
  const deliver = (b: number, result: R) => {
    try {
      accept(b, result);
    } catch (e) {
      acceptError = e;
      throw e;
    }
  };
  let complete = false;
  try {
    // Jobs that already exist (a resumed or repeated run) are not added again: addBulk leaves them be.
    let found = 0;
    let finished = 0;
    const retried: Job[] = [];
    for (let at = 0; at < batches; at += 500) {
      const slice = Array.from({ length: Math.min(500, batches - at) }, (_, i) => at + i);
      const states = await Promise.all(slice.map((b) => queue.getJobState(ids[b])));
      for (let i = 0; i < slice.length; i++) {
        if (states[i] === 'unknown') continue;
        found++;
        if (states[i] === 'completed') finished++;
        // A batch that failed in an earlier run is tried again: the coordinator was restarted on purpose.
        if (states[i] === 'failed') {
          const job = await queue.getJob(ids[slice[i]]);
          if (job) retried.push(job as Job);
        }
      }
      await add(slice.filter((_, i) => states[i] === 'unknown'));
    }
    for (const job of retried) await job.retry('failed');
    executor.onQueued?.({ added: batches - found, found, finished });
    const pollMs = executor.pollMs ?? 100;
    const idleAfterMs = executor.idleAfterMs ?? DEFAULT_IDLE_AFTER_MS;
    // Since when no job of this run has been seen active or finished (a worker at work).
    let idleSince = Date.now();
    while (outstanding.size > 0 && !stopped()) {
      const window = [...outstanding].slice(0, POLL_WINDOW);
      const states = await Promise.all(window.map((b) => queue.getJobState(ids[b])));
      if (states.some((s) => s !== 'waiting' && s !== 'prioritized' && s !== 'delayed' && s !== 'unknown')) idleSince = Date.now();
      else if (Date.now() - idleSince >= idleAfterMs) {
        executor.onIdle?.(Math.round((Date.now() - idleSince) / 1000));
        idleSince = Date.now();
      }
      const vanished: number[] = [];
      for (let i = 0; i < window.length && !stopped(); i++) {
        const b = window[i];
        if (states[i] === 'completed') {
          const job = await queue.getJob(ids[b]);
          if (!job) {
            vanished.push(b);
            continue;
          }
          let result: R;
          try {
            result = decodeResult(tasks[b], job.returnvalue) as R;
          } catch (e) {
            throw new QueueError(`${describeBatch(tasks[b], ids[b])} came back malformed from worker ${job.processedBy ?? '?'}: ${(e as Error).message}`);
          }
          outstanding.delete(b);
          deliver(b, result);
        } else if (states[i] === 'failed') {
          const job = await queue.getJob(ids[b]);
          const reason = job?.failedReason ?? 'no reason given';
          throw new QueueError(
            `${describeBatch(tasks[b], ids[b])} failed after ${job?.attemptsMade ?? '?'} attempt(s) on worker ${job?.processedBy ?? '?'}: ${reason}`,
          );
        } else if (states[i] === 'unknown') {
          vanished.push(b);
        }
      }
      // A job that disappeared (Redis restarted without persistence, the queue was emptied by hand)
      // is queued again: its result depends only on its payload.
      if (vanished.length > 0 && !stopped()) await add(vanished);
      if (outstanding.size > 0 && !stopped()) await new Promise((r) => setTimeout(r, pollMs));
    }
    complete = outstanding.size === 0;
    if (complete) {
      // The run has all its results: free Redis of its jobs.
      await Promise.all(ids.map((id) => queue.remove(id)));
    } else if (discard()) {
      // Jobs not started are dropped; those a worker holds finish and stay in Redis as completed
      // jobs (the same command run again collects them; `redis-cli` or BullMQ's clean() remove them).
      await Promise.all([...outstanding].map(async (b) => ((await queue.getJobState(ids[b])) === 'waiting' ? queue.remove(ids[b]) : 0)));
    }
  } catch (e) {
    throw e === acceptError ? e : redisError(e);
  } finally {
    await closeQuietly(queue, redis, lost() !== null);
  }
}

/** The task without what only a local pool uses (`timing`, the watchdog's `marker`) or what is absent (undefined fields). */
function sendable<T extends QueueTask>(task: T): T {
  const { timing: _timing, marker: _marker, ...rest } = task as T & { timing?: boolean; marker?: unknown };
  return JSON.parse(JSON.stringify(rest)) as T;
}

function describeBatch(task: QueueTask, id: string): string {
  return `the batch of games ${task.from}–${task.to - 1} (job ${id})`;
}

async function closeQuietly(queue: Queue, redis: { disconnect(): void; quit(): Promise<unknown> }, gone: boolean): Promise<void> {
  if (gone) {
    redis.disconnect();
    return;
  }
  const timeout = new Promise((r) => setTimeout(r, 2000).unref());
  await Promise.race([
    queue
      .close()
      .then(() => redis.quit())
      .catch(() => redis.disconnect()),
    timeout,
  ]);
  redis.disconnect();
}
