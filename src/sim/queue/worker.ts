/**
 * `goldpit worker`: takes batch jobs from the queue and plays them on this machine's pool threads
 * (the same worker script and batch functions as a local run), then hands back the encoded result.
 *
 * Games run off the main thread on purpose: BullMQ renews a job's lock from this thread, so a long
 * batch must not block it, or a healthy worker would look stalled and its job be played twice.
 * A worker killed mid-job stops renewing; after `lockDurationMs` another worker's stalled-job check
 * puts the job back in the queue and it is played again from its payload — the same result.
 */
import { hostname } from 'node:os';
import { Piscina } from 'piscina';
import { UnrecoverableError, Worker } from 'bullmq';
import { InputError } from '../../core/errors.js';
import { poolWatch, runBatches, workerFile } from '../parallel.js';
import { encodeResult } from './codec.js';
import { workerConnection } from './connection.js';
import type { QueueTarget } from './target.js';
import { checkJob, codeIdentity, JobRefused, type QueueTask, type TournamentGamesTask } from './job.js';
import type { Benched } from '../tournament.js';

export interface QueueWorkerOptions {
  readonly target: QueueTarget;
  /** Jobs played at once, one pool thread each. */
  readonly concurrency: number;
  /** A job whose worker is silent this long is put back in the queue (default 30 s). */
  readonly lockDurationMs?: number;
  /** One line per event (ready, job started, finished, refused, Redis lost). */
  readonly log: (line: string) => void;
  /** Aborting it lets the jobs in hand finish, then stops. */
  readonly stop: AbortSignal;
}

export const DEFAULT_LOCK_DURATION_MS = 30_000;

export async function runQueueWorker(options: QueueWorkerOptions): Promise<void> {
  const { target, concurrency, log } = options;
  const identity = codeIdentity();
  const lockDuration = options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS;
  const pool = new Piscina({ filename: workerFile(), minThreads: concurrency, maxThreads: concurrency, idleTimeout: 60_000 });
  const connection = workerConnection(
    target,
    (why) => log(`lost Redis at ${target.shown} (${why}); retrying`),
    () => log(`Redis at ${target.shown} is back`),
  );
  const name = `${hostname()}:${process.pid}`;
  const worker = new Worker(
    target.name,
    async (job) => {
      const id = job.id ?? '?';
      let task: ReturnType<typeof checkJob>;
      try {
        task = checkJob(id, job.data, identity);
      } catch (e) {
        // Neither another version's job nor an invalid one gets better by retrying.
        if (e instanceof JobRefused || e instanceof InputError) {
          log(`refused ${id}: ${e.message}`);
          throw new UnrecoverableError(e.message);
        }
        throw e;
      }
      log(`playing ${id}: ${task.kind ?? 'games'} ${task.from}–${task.to - 1}`);
      const onHang = (hang: Benched) =>
        log(
          `${id}: a bot hung (game ${hang.game}, seat ${hang.seat}, bot call ${hang.decision}); ${hang.decision < 0 ? 'played again on the engine' : 'benched as the tournament rules say'}`,
        );
      const result: unknown =
        task.kind === 'tournament-games'
          ? await playTournamentGames(task, onHang)
          : task.limits !== undefined
            ? await playWatched(pool, task, onHang)
            : await pool.run(task);
      log(`finished ${id}`);
      return encodeResult(result);
    },
    {
      connection,
      concurrency,
      name,
      lockDuration,
      stalledInterval: lockDuration,
      // A job may be orphaned twice (two machines lost) before it counts as failed.
      maxStalledCount: 2,
      autorun: false,
    },
  );
  worker.on('error', (e) => log(`queue error: ${e.message}`));
  const run = worker.run();
  log(`worker ${name} ready: queue "${target.name}" at ${target.shown}, concurrency ${concurrency}, goldpit ${identity.version}, code ${identity.codeHash}`);
  await new Promise<void>((resolve) => {
    if (options.stop.aborted) resolve();
    else options.stop.addEventListener('abort', () => resolve(), { once: true });
  });
  log('stopping: finishing the jobs in hand');
  await worker.close();
  await run;
  await pool.destroy();
  connection.disconnect();
}

/**
 * A batch of a scenario with bot files: on one pool thread under the hang watchdog, as a local run
 * plays it (a hung bot terminates that thread, not the worker, and the batch is played again with
 * the bot benched).
 */
async function playWatched(pool: Piscina, task: Exclude<QueueTask, TournamentGamesTask>, onHang: (hang: Benched) => void): Promise<unknown> {
  let result: unknown = null;
  await runBatches(
    { workers: 1, pool, watch: poolWatch(task.limits, onHang) },
    1,
    () => task,
    () => {
      throw new Error('a watched batch plays on a pool thread');
    },
    (_b, r) => {
      result = r;
    },
    () => false,
  );
  return result;
}

/**
 * A tournament job: its games on one pool thread of its own under the tournament's hang watchdog
 * (a hung bot terminates that thread, not the worker), exactly as a local tournament plays them.
 */
async function playTournamentGames(task: TournamentGamesTask, onHang: (hang: Benched) => void) {
  const { runTournament } = await import('../tournament-pool.js');
  const games = await runTournament(task.spec, [], {
    workers: 1,
    dealsPerTask: Math.ceil((task.to - task.from) / task.spec.players),
    only: { from: task.from, to: task.to, benched: [] },
    onHang,
  });
  return { from: task.from, to: task.to, games };
}
