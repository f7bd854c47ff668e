/**
 * The ioredis connections BullMQ runs on, to the Redis of a `QueueTarget` (target.ts).
 *
 * The coordinator's connection gives up after `lostAfterMs` without Redis, so a run whose Redis went
 * away fails with a clear message (and keeps its checkpoint) instead of waiting forever; a worker's
 * connection retries forever, since a worker is a long-running service that should outlive a Redis
 * restart.
 */
import { Redis } from 'ioredis';
import type { QueueTarget } from './target.js';

/**
 * A connection for the coordinator: it retries while Redis is away, and after `lostAfterMs` it stops
 * retrying so that every pending command fails ("Connection is closed") and the run ends with an error.
 */
export function coordinatorConnection(target: QueueTarget, lostAfterMs: number): { redis: Redis; lost: () => string | null } {
  let awaySince: number | null = null;
  let lastError = '';
  let gaveUp: string | null = null;
  const redis = new Redis(target.url, {
    // BullMQ's blocking commands need this; giving up is decided by retryStrategy instead.
    maxRetriesPerRequest: null,
    retryStrategy: () => {
      awaySince ??= Date.now();
      if (Date.now() - awaySince >= lostAfterMs) {
        gaveUp = `lost the connection to Redis at ${target.shown} for ${(lostAfterMs / 1000).toFixed(1)} s${lastError ? ` (${lastError})` : ''}`;
        return null;
      }
      return 200;
    },
  });
  redis.on('error', (e: Error) => void (lastError = (e as NodeJS.ErrnoException).code ?? e.message));
  redis.on('ready', () => void (awaySince = null));
  return { redis, lost: () => gaveUp };
}

/** A connection for a worker: retries forever (reporting each loss once through `onLost`). */
export function workerConnection(target: QueueTarget, onLost: (reason: string) => void, onBack: () => void): Redis {
  let away = false;
  const redis = new Redis(target.url, {
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(200 * times, 2000),
  });
  redis.on('error', (e: Error) => {
    if (away) return;
    away = true;
    onLost((e as NodeJS.ErrnoException).code ?? e.message);
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    onBack();
  });
  return redis;
}
