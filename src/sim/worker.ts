/**
 * A pool worker: plays one batch of consecutive game indices and hands back its aggregate by
 * transferring the aggregate's single ArrayBuffer (no clone), plus the optional per-game CSV rows.
 * Tournament tasks return their compact games (cloned; a few hundred bytes per game).
 */
import { Piscina } from 'piscina';
import { runBatch, runImpactBatch, type BatchTask, type ImpactTask } from './batch.js';
import { runTournamentTask, type TournamentTask } from './tournament-pool.js';

export default function playBatch(task: BatchTask | ImpactTask | TournamentTask) {
  if (task.kind === 'impact') return runImpactBatch(task); // small result: cloned
  if (task.kind === 'tournament') return runTournamentTask(task);
  const result = runBatch(task);
  const buffer = result.data.buffer;
  return Piscina.move({
    get [Piscina.transferableSymbol]() {
      return [buffer];
    },
    get [Piscina.valueSymbol]() {
      return result;
    },
  } as never);
}
