/**
 * Batch results as text for the queue (BullMQ stores a job's return value as JSON). Typed arrays —
 * the aggregates and per-deal columns — travel as base64 of their bytes, so every double arrives
 * bit for bit; everything else is plain JSON. Decoding checks the result against the task it
 * answers: a result from the queue is input like any other.
 */
import type { BatchResult, DealsBatchResult } from '../batch.js';
import { isDeals } from '../deals.js';
import type { ImpactBatchResult } from '../impact.js';
import type { TournamentGame } from '../tournament.js';
import type { QueueTask } from './job.js';

/** What a worker returns for a `tournament-games` job. */
export interface TournamentGamesResult {
  readonly from: number;
  readonly to: number;
  readonly games: readonly TournamentGame[];
}

const TYPED = {
  Float64Array,
  Int32Array,
  Uint16Array,
  Uint8Array,
} as const;
type TypedName = keyof typeof TYPED;

const TAG = '$typed';

/** A batch result as JSON text, typed arrays as `{ "$typed": name, "base64": bytes }`. */
export function encodeResult(result: unknown): string {
  return JSON.stringify(result, (_key, value: unknown) => {
    if (!ArrayBuffer.isView(value)) return value;
    const name = value.constructor.name;
    if (!Object.hasOwn(TYPED, name)) throw new TypeError(`cannot send a ${name} through the queue`);
    return { [TAG]: name, base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  });
}

/** The result of `task` from its text; throws an Error saying what is wrong when it does not fit the task. */
export function decodeResult(task: QueueTask, text: unknown): BatchResult | ImpactBatchResult | DealsBatchResult | TournamentGamesResult {
  if (typeof text !== 'string') throw new Error(`expected the result as JSON text, got ${typeof text}`);
  const value = JSON.parse(text, (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null || !(TAG in v)) return v;
    const { [TAG]: name, base64 } = v as Record<string, unknown>;
    if (typeof name !== 'string' || !Object.hasOwn(TYPED, name) || typeof base64 !== 'string')
      throw new Error(`bad typed array in a result: ${JSON.stringify(v).slice(0, 80)}`);
    const Type = TYPED[name as TypedName];
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length % Type.BYTES_PER_ELEMENT !== 0) throw new Error(`a ${name} of ${bytes.length} bytes`);
    // Copy into a fresh, aligned buffer (Buffer.from may share a pool at any offset).
    const out = new Type(bytes.length / Type.BYTES_PER_ELEMENT);
    new Uint8Array(out.buffer).set(bytes);
    return out;
  }) as Record<string, unknown>;
  if (typeof value !== 'object' || value === null) throw new Error('expected a result object');
  if (value.from !== task.from || value.to !== task.to)
    throw new Error(`the result covers games ${String(value.from)}–${String(value.to)}, the job ${task.from}–${task.to}`);
  const games = task.to - task.from;
  if (task.kind === 'tournament-games') {
    const list = value.games;
    if (
      !Array.isArray(list) ||
      list.length !== games ||
      list.some((g, i) => typeof g !== 'object' || g === null || (g as { game: unknown }).game !== task.from + i)
    ) {
      throw new Error(`expected games ${task.from}–${task.to - 1} in order`);
    }
  } else if (task.kind === 'impact') {
    if (!Array.isArray(value.cards) || value.cards.length !== task.cards.length) throw new Error(`expected sums for ${task.cards.length} cards`);
    if (value.cards.some((c: { changes?: unknown }) => !Array.isArray(c?.changes) || c.changes.some((m) => !Array.isArray(m))))
      throw new Error('expected each card with its tally of changed games per metric (changes)');
  } else if (task.kind === 'deals') {
    if (!isDeals(value.deals, games)) throw new Error(`expected ${games} deals in typed columns`);
  } else {
    if (!(value.data instanceof Float64Array) || !Array.isArray(value.firstFaults) || typeof value.rows !== 'string')
      throw new Error('expected an aggregate (data, firstFaults, rows)');
    if (typeof value.fastGames !== 'number' || typeof value.referenceGames !== 'number' || value.fastGames + value.referenceGames !== games) {
      throw new Error(`expected fastGames + referenceGames = ${games}`);
    }
  }
  return value as unknown as BatchResult | ImpactBatchResult | DealsBatchResult | TournamentGamesResult;
}
