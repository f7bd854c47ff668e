/**
 * `goldpit worker --queue URL [--concurrency N]`: a long-running queue worker (sim/queue/worker.ts).
 * Stops on SIGINT/SIGTERM after finishing the jobs in hand.
 */
import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import { UsageError } from '../core/errors.js';
import { GOLDPIT } from '../core/package.js';
import { DEFAULT_QUEUE_NAME, queueTarget, type QueueTarget } from '../sim/queue/target.js';
import type { QueueExecutor } from '../sim/queue/coordinator.js';
import { QueueError } from '../sim/queue/errors.js';

/** sim/queue/worker.ts DEFAULT_LOCK_DURATION_MS (not imported: that module loads BullMQ). */
const DEFAULT_LOCK_DURATION_MS = 30_000;

/** Declares --queue, --queue-name and --queue-timeout on a coordinating command. */
export function queueOptions<T>(y: Argv<T>) {
  // The command's own options first (the default group, named before the queue's so that it is
  // listed first), the queue's last under their own heading.
  return y
    .group([], 'Positionals:')
    .group(['help'], 'Options:')
    .option('queue', QUEUE_OPTION)
    .option('queue-name', QUEUE_NAME_OPTION)
    .option('queue-timeout', QUEUE_TIMEOUT_OPTION)
    .group(['queue', 'queue-name', 'queue-timeout'], 'Job queue (many machines; docs/distributed.md):');
}

/** `--queue` as every queue-capable command declares it. */
export const QUEUE_OPTION = {
  type: 'string',
  describe:
    'run the batches on a Redis job queue (redis://[:password@]host:port[/db], rediss:// for TLS; empty: $GOLDPIT_REDIS_URL) played by `goldpit worker`s; this command becomes the coordinator',
} as const;

export const QUEUE_NAME_OPTION = {
  type: 'string',
  default: DEFAULT_QUEUE_NAME,
  describe: 'with --queue: the name of the BullMQ queue (coordinators and workers of one setup use the same)',
} as const;

export const QUEUE_TIMEOUT_OPTION = {
  type: 'number',
  default: 30,
  describe: 'with --queue: seconds without Redis before the run stops with an error (resumable)',
} as const;

export function workerOptions<T>(y: Argv<T>) {
  return y
    .option('queue', {
      ...QUEUE_OPTION,
      describe: 'the Redis URL of the queue (redis://[:password@]host:port[/db], rediss:// for TLS; default $GOLDPIT_REDIS_URL)',
    })
    .option('queue-name', QUEUE_NAME_OPTION)
    .option('concurrency', { type: 'number', describe: `jobs played at once, one thread each (default: all ${availableParallelism()} cores)` })
    .option('lock-duration', {
      type: 'number',
      default: DEFAULT_LOCK_DURATION_MS / 1000,
      describe: 'seconds a worker may stay silent before its job is given to another worker',
    });
}

export async function commandWorker(
  args: { queue?: string; 'queue-name': string; concurrency?: number; 'lock-duration': number },
  log: (line: string) => void,
): Promise<number> {
  const target = queueTarget(args.queue ?? '', process.env, args['queue-name']);
  const concurrency = args.concurrency ?? availableParallelism();
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError(`--concurrency must be a positive integer, got ${args.concurrency}`);
  if (!(args['lock-duration'] > 0)) throw new UsageError(`--lock-duration must be a positive number of seconds, got ${args['lock-duration']}`);
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const { runQueueWorker } = await import('../sim/queue/worker.js');
    await runQueueWorker({ target, concurrency, lockDurationMs: Math.round(args['lock-duration'] * 1000), log, stop: stop.signal });
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
  return 0;
}

/**
 * The queue executor of a coordinating command (`--queue` given), or undefined for a local run.
 * Says on stderr how many jobs were queued and how many were already there (a resumed run's).
 */
export function queueExecutor(
  args: { queue?: string; 'queue-name'?: string; 'queue-timeout'?: number },
  err: (text: string) => void,
  quiet: boolean,
): QueueExecutor | undefined {
  if (args.queue === undefined) return undefined;
  const timeoutSeconds = args['queue-timeout'] ?? QUEUE_TIMEOUT_OPTION.default;
  if (!(timeoutSeconds > 0)) throw new UsageError(`--queue-timeout must be a positive number of seconds, got ${timeoutSeconds}`);
  const target = queueTarget(args.queue, process.env, args['queue-name'] ?? DEFAULT_QUEUE_NAME);
  return {
    target,
    lostAfterMs: timeoutSeconds * 1000,
    // Said even with --quiet: a run that nobody plays is a problem to fix, not progress.
    onIdle: (seconds) => err(`${noWorkerNotice(target, seconds)}\n`),
    onQueued: ({ added, found, finished }) => {
      if (!quiet)
        err(
          `queue "${target.name}" at ${target.shown}: ${added} job(s) queued${found ? `, ${found} already there (${finished} finished)` : ''}; waiting for \`${GOLDPIT} worker\` processes\n`,
        );
    },
  };
}

/** What a coordinator says when no worker has taken one of its jobs for a while. */
export function noWorkerNotice(target: QueueTarget, seconds: number): string {
  const name = target.name === DEFAULT_QUEUE_NAME ? '' : ` --queue-name ${target.name}`;
  return (
    `goldpit: no worker has taken a job from queue "${target.name}" at ${target.shown} for ${seconds} s; the jobs wait in Redis. ` +
    `Start one on any machine that reaches Redis: ${GOLDPIT} worker --queue ${target.shown}${name}`
  );
}

/** A queue failure with how to go on: the checkpoint keeps what finished, and `--resume` collects the rest. */
export function withResumeHint(e: unknown, checkpointFile: string | null, again: string): unknown {
  if (!(e instanceof QueueError)) return e;
  return new QueueError(
    `${e.message}\n${checkpointFile ? `what finished is kept in ${checkpointFile}; ` : ''}when Redis and the workers are fine again, go on with: ${again}`,
  );
}
