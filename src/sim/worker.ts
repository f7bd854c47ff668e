/**
 * A pool worker: plays one batch of consecutive game indices and hands back its aggregate by
 * transferring the aggregate's single ArrayBuffer (no clone), plus the optional per-game CSV rows.
 */
import { Piscina } from 'piscina';
import { runBatch, runImpactBatch, type BatchTask, type ImpactTask } from './batch.js';

export default function playBatch(task: BatchTask | ImpactTask) {
  if (task.kind === 'impact') return runImpactBatch(task); // small result: cloned
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
