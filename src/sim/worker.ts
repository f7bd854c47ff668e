/**
 * A pool worker: plays one batch of consecutive game indices and hands back its aggregate by
 * transferring the aggregate's single ArrayBuffer (no clone), plus the optional per-game CSV rows;
 * the card-impact and per-deal batches likewise. Tournament tasks return their compact games
 * (cloned; a few hundred bytes per game).
 */
import { threadId } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { runBatch, runDealsBatch, runImpactBatch, taskScenario, type BatchTask, type DealsTask, type ImpactTask } from './batch.js';
import { dealBuffers } from './deals.js';
import type { Scenario } from './scenario.js';
import { clock, threadTimes, type BatchTiming } from './timing.js';
import type { TournamentTask } from './tournament-pool.js';

const loaded = clock();

/** Loaded on the first tournament task only: a run's workers start ~60 ms sooner without it. */
let tournamentPool: Promise<typeof import('./tournament-pool.js')> | null = null;

function transfer<T>(value: T, buffers: ArrayBufferLike[]) {
  return Piscina.move({
    get [Piscina.transferableSymbol]() {
      return buffers;
    },
    get [Piscina.valueSymbol]() {
      return value;
    },
  } as never);
}

export default function playBatch(task: BatchTask | ImpactTask | DealsTask | TournamentTask) {
  if (task.kind === 'tournament') return (tournamentPool ??= import('./tournament-pool.js')).then((m) => m.runTournamentTask(task));
  // A scenario with bot files: imported from the sources the task carries, once per thread.
  if (task.scenario.bots?.length) return taskScenario(task.scenario).then((scenario) => play(task, scenario));
  return play(task);
}

function play(task: BatchTask | ImpactTask | DealsTask, scenario?: Scenario) {
  if (task.kind === 'impact') return runImpactBatch(task, scenario); // small result: cloned
  if (task.kind === 'deals') {
    const result = runDealsBatch(task, scenario);
    const d = result.deals;
    return transfer(result, dealBuffers(d));
  }
  if (!task.timing) {
    const result = runBatch(task, scenario);
    return transfer(result, [result.data.buffer]);
  }
  const before = threadTimes();
  const begin = clock();
  const result = runBatch(task, scenario);
  const end = clock();
  const after = threadTimes();
  const timing: BatchTiming = {
    thread: threadId,
    loaded,
    from: task.from,
    games: task.to - task.from,
    begin,
    end,
    cpuNs: before && after ? after[0] - before[0] : null,
    waitNs: before && after ? after[1] - before[1] : null,
  };
  return transfer({ ...result, timing }, [result.data.buffer]);
}
