/**
 * Stopping a long command cleanly: SIGINT and SIGTERM become an AbortSignal that the runners check
 * between batches (the run keeps a checkpoint, a tournament says it was interrupted).
 *
 * Why there is also a parent watch: `npx goldpit …` (and `npm run …`) start goldpit as
 * `npm exec` → `sh -c 'goldpit …'` → node. npm forwards SIGINT and SIGTERM to the `sh`, not to
 * goldpit (measured with npm 11.19 and dash as /bin/sh): on SIGTERM the `sh` dies and goldpit,
 * reparented to init, used to play on to the end unseen; SIGINT the `sh` holds until goldpit ends.
 * So when npm started us, losing our parent process counts as a SIGTERM. A terminal's Ctrl-C
 * reaches goldpit directly (it signals the whole foreground process group). Process managers and
 * CI should signal goldpit itself: run `node_modules/.bin/goldpit …` (or `node bin/goldpit.js …`)
 * rather than `npx goldpit …`, or signal the process group (`kill -INT -- -PGID`).
 */

/** What stopped a command: a signal, or the end of the npm process that started it. */
export type StopCause = 'SIGINT' | 'SIGTERM' | 'parent-exit';

/** How often the parent watch looks (ms): a stop within a second of npx ending. */
const PARENT_WATCH_MS = 500;

/** The text for a stop cause, as in "interrupted by …". */
export function describeStop(cause: StopCause): string {
  return cause === 'parent-exit' ? 'the end of the npm process that started goldpit' : cause;
}

/** The exit code of a stopped command: 128 + the signal number, as shells report it (SIGTERM for a lost parent). */
export function stopExitCode(cause: StopCause): number {
  return cause === 'SIGINT' ? 130 : 143;
}

/** Whether npm (npx, npm exec, npm run) started this process: it sets npm_lifecycle_event. */
function startedByNpm(env: NodeJS.ProcessEnv): boolean {
  return env.npm_lifecycle_event !== undefined;
}

/**
 * Runs `work` with SIGINT/SIGTERM (and, under npm, the loss of the parent process) turned into an
 * abort signal; the handlers and the watch are removed after.
 */
export async function stoppableBySignals<T>(
  work: (stop: AbortSignal) => Promise<T>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ result: T; stoppedBy: StopCause | null }> {
  const stop = new AbortController();
  let stoppedBy: StopCause | null = null;
  const onStop = (cause: StopCause) => {
    stoppedBy ??= cause;
    stop.abort();
  };
  const onSignal = (name: NodeJS.Signals) => onStop(name === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const parent = process.ppid;
  // A process whose parent is already init cannot lose it; one started by hand (`goldpit … &`,
  // nohup) keeps running when its shell ends, as the user meant.
  const watch =
    startedByNpm(env) && parent > 1
      ? setInterval(() => {
          if (process.ppid !== parent) onStop('parent-exit');
        }, PARENT_WATCH_MS)
      : null;
  watch?.unref();
  try {
    return { result: await work(stop.signal), stoppedBy };
  } finally {
    if (watch !== null) clearInterval(watch);
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}
