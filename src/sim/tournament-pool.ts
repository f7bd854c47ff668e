/**
 * Plays a tournament's games across worker threads, with a watchdog for bots that never return.
 *
 * Work is cut into tasks of whole deals (all rotations of a deal in one task). While a bot decides,
 * the worker writes (start time, game, seat, bot call) into its task's slot of a SharedArrayBuffer.
 * The main thread checks the slots every ~100 ms: a decision older than the hang limit means a bot
 * that will not return (JavaScript cannot interrupt a running function), so the task is aborted,
 * which terminates its worker (piscina starts a fresh one), and the task is queued again with that
 * bot benched from that call on: its seat plays the rest of the game by the rules' fallback for a
 * failed decision (GameModule.fallbackAnswer) and the game is recorded with a `hung` fault. Games are played from
 * their seeds, so the rerun reproduces everything before the hang exactly.
 *
 * Results are collected by game index, so they are the same for any worker count and task size.
 */
import { Piscina } from 'piscina';
import type { BotFactory } from '../core/definition.js';
import type { Progress } from './progress.js';
import type { QueueExecutor } from './queue/coordinator.js';
import { workerFile } from './parallel.js';
import {
  gameCount,
  MARKER_FIELDS,
  playTournamentRange,
  resolveSpec,
  resolveWith,
  type Benched,
  type MarkerRef,
  type TournamentGame,
  type TournamentSpec,
} from './tournament.js';

export interface TournamentTask {
  readonly kind: 'tournament';
  readonly spec: TournamentSpec;
  readonly from: number;
  readonly to: number;
  readonly benched: readonly Benched[];
  readonly marker: MarkerRef | null;
}

/** Runs in a worker: resolves the spec (imports bot files once per thread) and plays the range. */
export async function runTournamentTask(task: TournamentTask): Promise<TournamentGame[]> {
  const t = await resolveSpec(task.spec);
  return playTournamentRange(t, task.from, task.to, task.benched, task.marker);
}

export interface TournamentRunOptions {
  /** Worker threads; 0 plays in this thread (no hang protection: a bot that never returns blocks the run). */
  readonly workers: number;
  /** Deals per task. */
  readonly dealsPerTask: number;
  readonly progress?: Pick<Progress, 'update' | 'done'>;
  /** How often the watchdog looks, ms (default: a tenth of the hang limit, at most 100). */
  readonly watchEveryMs?: number;
  /**
   * Called in this thread each time the watchdog stops a hung bot (before the task is played again
   * with it benched). Only for telling the user: results never depend on it.
   */
  readonly onHang?: (hang: Benched) => void;
  /** Play only games [from, to), with these bots benched from the start (a replay's check for hangs). */
  readonly only?: { readonly from: number; readonly to: number; readonly benched: readonly Benched[] };
  /**
   * Play only these ranges of games [from, to), each cut into tasks as usual (what a checkpoint still
   * lacks); the returned list has holes elsewhere. Not with `only`.
   */
  readonly ranges?: readonly { readonly from: number; readonly to: number }[];
  /** Called in this thread with each finished task's games, in the order they finish (a checkpoint keeps them). */
  readonly onGames?: (games: readonly TournamentGame[]) => void;
  /** Play the tasks on a Redis job queue (each worker machine runs its own watchdog) instead of here. */
  readonly queue?: QueueExecutor;
  /** Aborting it stops the tournament: no new tasks, running ones are abandoned (see `complete`). */
  readonly stop?: AbortSignal;
  /**
   * Games already played (a checkpoint's, by game index): tasks whose games are all there are not
   * played again. `save` is called with every game so far at most every `everyMs` and when the
   * tournament ends unfinished (stopped or failed).
   */
  readonly checkpoint?: {
    readonly played: readonly (TournamentGame | undefined)[];
    readonly everyMs: number;
    save(games: readonly (TournamentGame | undefined)[]): void;
  };
}

/**
 * Plays every game of the tournament (or `options.only`'s); returns them in game order. When
 * `options.stop` aborts, it returns early with the games finished so far (holes in the list):
 * check `stopped` before using the games.
 */
export async function runTournament(spec: TournamentSpec, factories: readonly BotFactory<unknown>[], options: TournamentRunOptions): Promise<TournamentGame[]> {
  const only = options.only;
  const first = only ? only.from : 0;
  const total = only ? only.to : gameCount(spec);
  const perTask = options.dealsPerTask * spec.players;
  const games: TournamentGame[] = new Array(total - first);
  const cp = options.checkpoint;
  let done = 0;
  if (cp) {
    cp.played.forEach((g, i) => {
      if (g !== undefined && i >= first && i < total) {
        games[i - first] = g;
        done++;
      }
    });
  }
  const bounds: [number, number][] = [];
  for (const range of options.ranges ?? [{ from: first, to: total }]) {
    for (let from = range.from; from < range.to; from += perTask) bounds.push([from, Math.min(range.to, from + perTask)]);
  }
  // The tasks not finished yet (all of them without a checkpoint).
  const todo = bounds.filter(([from, to]) => {
    for (let g = from; g < to; g++) if (games[g - first] === undefined) return true;
    return false;
  });
  const tasks = todo.length;
  const task = (i: number): TournamentTask => ({
    kind: 'tournament',
    spec,
    from: todo[i][0],
    to: todo[i][1],
    benched: only?.benched ?? [],
    marker: null,
  });
  let saved = Date.now();
  const accept = (list: readonly TournamentGame[]) => {
    for (const g of list) {
      if (games[g.game - first] === undefined) done++;
      games[g.game - first] = g;
    }
    options.onGames?.(list);
    options.progress?.update(done);
    if (cp && Date.now() - saved >= cp.everyMs) {
      cp.save(games);
      saved = Date.now();
    }
  };
  options.progress?.update(done);
  let finished = false;
  try {
    if (options.queue) {
      await runOnQueue(spec, factories, options.queue, tasks, task, accept);
    } else if (options.workers === 0) {
      const t = resolveWith(spec, factories);
      for (let i = 0; i < tasks && options.stop?.aborted !== true; i++) {
        const { from, to, benched } = task(i);
        accept(playTournamentRange(t, from, to, benched, null));
        await new Promise((r) => setImmediate(r));
      }
    } else {
      await runOnPool(spec, options, tasks, task, accept);
    }
    finished = options.stop?.aborted !== true;
  } finally {
    options.progress?.done();
    // Stopped or failed: keep every finished game (when there is one to keep).
    if (cp && !finished && done > 0) cp.save(games);
  }
  return games;
}

interface Running {
  readonly task: TournamentTask;
  readonly abort: AbortController;
  /** Set by the watchdog when it stops the task. */
  hang: Benched | null;
}

async function runOnPool(
  spec: TournamentSpec,
  options: TournamentRunOptions,
  tasks: number,
  task: (i: number) => TournamentTask,
  accept: (games: readonly TournamentGame[]) => void,
): Promise<void> {
  const workers = options.workers;
  const limit = workers * 2;
  const pool = new Piscina({ filename: workerFile(), minThreads: workers, maxThreads: workers, idleTimeout: 1000 });
  const buffer = new SharedArrayBuffer(limit * MARKER_FIELDS * 8);
  const marks = new Float64Array(buffer);
  const freeSlots = Array.from({ length: limit }, (_, i) => limit - 1 - i);
  const running = new Set<Running>();
  const retry: TournamentTask[] = [];
  let next = 0;
  let failure: unknown = null;
  const stopped = () => options.stop?.aborted === true;
  const onStop = () => {
    for (const r of running) r.abort.abort();
  };
  options.stop?.addEventListener('abort', onStop);
  const watch =
    spec.hangLimitMs > 0
      ? setInterval(
          () => {
            const now = Date.now();
            for (const r of running) {
              const at = r.task.marker!.slot * MARKER_FIELDS;
              const since = marks[at];
              if (r.hang === null && since > 0 && now - since > spec.hangLimitMs) {
                const hang = { game: marks[at + 1], seat: marks[at + 2], decision: marks[at + 3] };
                // The worker writes the call first and its start time last; if the start time changed
                // while we read, that call returned after all and another one began: look again later.
                if (marks[at] !== since) continue;
                r.hang = hang;
                r.abort.abort();
                options.onHang?.(hang);
              }
            }
          },
          options.watchEveryMs ?? Math.max(5, Math.min(100, spec.hangLimitMs / 10)),
        )
      : null;
  try {
    await new Promise<void>((resolve) => {
      const start = (task: TournamentTask) => {
        const slot = freeSlots.pop()!;
        marks.fill(0, slot * MARKER_FIELDS, (slot + 1) * MARKER_FIELDS);
        const r: Running = { task: { ...task, marker: { buffer, slot } }, abort: new AbortController(), hang: null };
        running.add(r);
        (pool.run(r.task, { signal: r.abort.signal }) as Promise<TournamentGame[]>).then(
          (games) => {
            finish(r, slot);
            if (failure === null && !stopped()) accept(games);
            pump();
          },
          (e: unknown) => {
            finish(r, slot);
            if (stopped()) {
              // abandoned by a stop request: nothing to record or retry
            } else if (r.hang !== null && failure === null) {
              retry.push({ ...r.task, benched: [...r.task.benched, r.hang], marker: null });
            } else if (failure === null) {
              failure = e;
              for (const other of running) other.abort.abort();
            }
            pump();
          },
        );
      };
      const finish = (r: Running, slot: number) => {
        running.delete(r);
        freeSlots.push(slot);
      };
      const pump = () => {
        while (failure === null && !stopped() && running.size < limit && (retry.length > 0 || next < tasks)) {
          if (retry.length > 0) start(retry.shift()!);
          else start(task(next++));
        }
        if (running.size === 0) resolve();
      };
      pump();
    });
  } finally {
    options.stop?.removeEventListener('abort', onStop);
    if (watch !== null) clearInterval(watch);
    await pool.destroy();
  }
  if (failure !== null) throw failure;
}

/**
 * The tasks as `tournament-games` jobs (sim/queue/job.ts): the spec with its params inlined (a
 * worker never reads files a job names) and each bot file's sha256 (a worker plays only the very
 * file it has). Games are collected by index, so the result is the local one.
 */
async function runOnQueue(
  spec: TournamentSpec,
  factories: readonly BotFactory<unknown>[],
  queue: QueueExecutor,
  tasks: number,
  task: (i: number) => TournamentTask,
  accept: (games: readonly TournamentGame[]) => void,
): Promise<void> {
  const [{ runOnQueue: runJobs }, { sha256OfFile }] = await Promise.all([import('./queue/coordinator.js'), import('./queue/job.js')]);
  const resolved = resolveWith(spec, factories);
  const portable: TournamentSpec = spec.params === undefined ? spec : { ...spec, params: resolved.definition.portableParams(spec.params, resolved.config) };
  const sha256 = spec.entrants.map((e) => (e.file === null ? null : sha256OfFile(e.file)));
  await runJobs(
    queue,
    tasks,
    (i) => {
      const { from, to } = task(i);
      return { kind: 'tournament-games' as const, spec: portable, sha256, from, to };
    },
    (_i, r: { games: readonly TournamentGame[] }) => accept(r.games),
    () => false,
  );
}
