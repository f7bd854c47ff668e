/**
 * A pool worker: plays one batch of consecutive game indices and hands back its aggregate by
 * transferring the aggregate's single ArrayBuffer (no clone), plus the optional per-game CSV rows;
 * the card-impact and per-deal batches likewise. Tournament tasks return their compact games
 * (cloned; a few hundred bytes per game).
 */
import { Piscina } from 'piscina';
import { runBatch, runDealsBatch, runImpactBatch, type BatchTask, type DealsTask, type ImpactTask } from './batch.js';
import { runTournamentTask, type TournamentTask } from './tournament-pool.js';

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
  if (task.kind === 'impact') return runImpactBatch(task); // small result: cloned
  if (task.kind === 'tournament') return runTournamentTask(task);
  if (task.kind === 'deals') {
    const result = runDealsBatch(task);
    const d = result.deals;
    return transfer(result, [d.winners.buffer, d.length.buffer, d.ending.buffer, d.scoreSum.buffer]);
  }
  const result = runBatch(task);
  return transfer(result, [result.data.buffer]);
}
