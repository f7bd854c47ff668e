/** `--workers`: checked once for every command, with a note when it asks for more threads than cores. */
import { availableParallelism } from 'node:os';
import { UsageError } from '../core/errors.js';

/** The `--workers` option of every command that plays on a pool of all cores by default. */
export const WORKERS_OPTION = { type: 'number', describe: `worker threads (default: all ${availableParallelism()} cores; 0 = this thread)` } as const;

/**
 * The worker count to use: `given`, else `fallback` (all cores for most commands). More workers than
 * cores is allowed — the threads share the cores, which may help when a run shares the machine or to
 * test the pool — but it is rarely faster, so it is said on stderr.
 */
export function workerCount(
  err: (text: string) => void,
  given: number | undefined,
  fallback: number = availableParallelism(),
  cores: number = availableParallelism(),
): number {
  const workers = given ?? fallback;
  if (!Number.isInteger(workers) || workers < 0) throw new UsageError(`--workers must be an integer ≥ 0, got ${given}`);
  if (workers > cores) {
    err(
      `goldpit: note: --workers ${workers} is more than the ${cores} core${cores === 1 ? '' : 's'} of this machine; the threads will share them (allowed, but rarely faster)\n`,
    );
  }
  return workers;
}
