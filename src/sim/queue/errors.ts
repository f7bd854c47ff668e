import { GoldpitError } from '../../core/errors.js';

/** A failure of the queue (Redis away, a job failed after its retries). The run keeps its checkpoint. */
export class QueueError extends GoldpitError {
  constructor(message: string) {
    super('E_QUEUE', message);
    this.name = 'QueueError';
  }
}
