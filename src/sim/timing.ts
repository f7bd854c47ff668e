/**
 * Where a pooled run's time goes, per batch (for `npm run bench`; asked for with `onBatch`, so a
 * normal run pays nothing). Times are absolute (ms since the epoch, `performance.timeOrigin +
 * performance.now()`) so the main thread can line up its workers' batches with its own clock.
 */
import { readFileSync } from 'node:fs';

export interface BatchTiming {
  /** The worker thread (its `threadId`). */
  readonly thread: number;
  /** When the worker had loaded its code (thread start + module loading). */
  readonly loaded: number;
  /** The batch: first game index, games, begin and end. */
  readonly from: number;
  readonly games: number;
  readonly begin: number;
  readonly end: number;
  /**
   * The thread's CPU time during the batch, and the time it was ready to run but waited for a core
   * (another thread or process had it), in ns, from Linux's /proc/thread-self/schedstat; null where
   * that is not available.
   */
  readonly cpuNs: number | null;
  readonly waitNs: number | null;
}

export const clock = (): number => performance.timeOrigin + performance.now();

/** This thread's [CPU ns, run-queue wait ns] so far, or null (not Linux). */
export function threadTimes(): [number, number] | null {
  try {
    const [cpu, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return Number.isFinite(cpu) && Number.isFinite(wait) ? [cpu, wait] : null;
  } catch {
    return null;
  }
}
