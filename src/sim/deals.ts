/**
 * Per-deal outcomes for `goldpit check`: for every game index, the few facts of the finished game
 * that the regression metrics are computed from (who won, how long it ran, how it ended, the total
 * final score), in typed arrays. Game i is fully determined by (scenario, seed, i), so the same
 * seeds replayed by other code give paired outcomes (common random numbers).
 */
import type { FlatRecord, GameRecord } from '../core/definition.js';
import { emptyTension, gameTension } from '../stats/tension.js';
import { fastPlayerOf, playFast, playRecord, type BotWatch, type Engine } from './run.js';
import type { Scenario } from './scenario.js';

/** Columns of per-deal outcomes, index = game index − first game index. */
export interface DealColumns {
  /** Bit s set when seat s won (a shared win sets several bits). */
  readonly winners: Uint8Array;
  /** Rounds played. */
  readonly length: Uint16Array;
  /** Index of `Outcome.endedBy` in the game definition's `endings`. */
  readonly ending: Uint8Array;
  /** Sum of the final scores over all seats. */
  readonly scoreSum: Int32Array;
  /** The highest final score minus the lowest (the final-score spread a sweep reports). */
  readonly scoreSpread: Int32Array;
  /** The game's tension figures (stats/tension.ts): lead changes, decisive step (−1: none), the winner's largest deficit, the final margin. */
  readonly leadChanges: Int32Array;
  readonly decisiveStep: Int32Array;
  readonly winnerDeficit: Int32Array;
  readonly finalMargin: Int32Array;
}

type Column = keyof DealColumns;

/** Every column and its array type: one list for making, copying, slicing and sending deals. */
export const DEAL_COLUMNS: readonly { readonly name: Column; readonly type: Uint8ArrayConstructor | Uint16ArrayConstructor | Int32ArrayConstructor }[] = [
  { name: 'winners', type: Uint8Array },
  { name: 'length', type: Uint16Array },
  { name: 'ending', type: Uint8Array },
  { name: 'scoreSum', type: Int32Array },
  { name: 'scoreSpread', type: Int32Array },
  { name: 'leadChanges', type: Int32Array },
  { name: 'decisiveStep', type: Int32Array },
  { name: 'winnerDeficit', type: Int32Array },
  { name: 'finalMargin', type: Int32Array },
];

/** Deals made column by column: `column(name, type)` gives each column's array. */
function dealsOf(column: (name: Column, type: (typeof DEAL_COLUMNS)[number]['type']) => Uint8Array | Uint16Array | Int32Array): DealColumns {
  const out: Record<string, Uint8Array | Uint16Array | Int32Array> = {};
  for (const { name, type } of DEAL_COLUMNS) out[name] = column(name, type);
  return out as unknown as DealColumns;
}

export function emptyDeals(games: number): DealColumns {
  return dealsOf((_, type) => new type(games));
}

/** Every column's buffer (to transfer deals to another thread). */
export function dealBuffers(deals: DealColumns): ArrayBufferLike[] {
  return DEAL_COLUMNS.map(({ name }) => deals[name].buffer);
}

/** Whether `value` holds deals: every column, of its type, `games` long. */
export function isDeals(value: unknown, games: number): value is DealColumns {
  if (value === null || typeof value !== 'object') return false;
  const d = value as Record<string, unknown>;
  return DEAL_COLUMNS.every(({ name, type }) => d[name] instanceof type && (d[name] as Uint8Array).length === games);
}

const TENSION = emptyTension();

/** Writes a game's tension figures into row `row` (from its flat facts). */
function putTension(
  deals: DealColumns,
  row: number,
  curve: ArrayLike<number>,
  initial: ArrayLike<number>,
  scores: ArrayLike<number>,
  players: number,
  played: number,
  winners: ArrayLike<number>,
  winnerCount: number,
): void {
  const t = gameTension(curve, initial, scores, players, played, winners, winnerCount, TENSION);
  deals.leadChanges[row] = t.leadChanges;
  deals.decisiveStep[row] = t.decisiveStep;
  deals.winnerDeficit[row] = t.winnerDeficit;
  deals.finalMargin[row] = t.finalMargin;
}

/** Writes one game's outcome (and its tension, from the record's curve) into row `row` of `deals`. */
export function putDeal(deals: DealColumns, row: number, record: GameRecord, endings: readonly string[]): void {
  const outcome = record.outcome;
  let mask = 0;
  for (const w of outcome.winners) mask |= 1 << w;
  deals.winners[row] = mask;
  deals.length[row] = outcome.length;
  const ending = endings.indexOf(outcome.endedBy);
  if (ending < 0) throw new Error(`game ended by ${JSON.stringify(outcome.endedBy)}, which is not among its endings ${endings.join(', ')}`);
  deals.ending[row] = ending;
  let sum = 0;
  let max = Number.NEGATIVE_INFINITY;
  let min = Number.POSITIVE_INFINITY;
  for (const s of outcome.scores) {
    sum += s;
    if (s > max) max = s;
    if (s < min) min = s;
  }
  deals.scoreSum[row] = sum;
  deals.scoreSpread[row] = max - min;
  const players = outcome.scores.length;
  putTension(
    deals,
    row,
    flatCurve(record.curve, players),
    record.initialScores,
    outcome.scores,
    players,
    record.curve.length,
    outcome.winners,
    outcome.winners.length,
  );
}

/** A record's curve rows as one flat list (row r at r · players). */
export function flatCurve(rows: readonly (readonly number[])[], players: number): number[] {
  const out = new Array<number>(rows.length * players);
  for (let r = 0; r < rows.length; r++) for (let s = 0; s < players; s++) out[r * players + s] = rows[r][s];
  return out;
}

/** Writes the outcome of a fast player's flat record into row `row` of `deals` (as `putDeal` does for its record). */
export function putFlatDeal(deals: DealColumns, row: number, flat: FlatRecord): void {
  let mask = 0;
  for (let k = 0; k < flat.winnerCount; k++) mask |= 1 << flat.winners[k];
  deals.winners[row] = mask;
  deals.length[row] = flat.rounds;
  deals.ending[row] = flat.ending;
  let sum = 0;
  let max = flat.scores[0];
  let min = flat.scores[0];
  for (let s = 0; s < flat.players; s++) {
    const v = flat.scores[s];
    sum += v;
    if (v > max) max = v;
    if (v < min) min = v;
  }
  deals.scoreSum[row] = sum;
  deals.scoreSpread[row] = max - min;
  putTension(deals, row, flat.curve, flat.initialScores, flat.scores, flat.players, flat.rounds, flat.winners, flat.winnerCount);
}

/** Plays games [from, to) and returns their per-deal outcomes. */
export function dealsRange(scenario: Scenario, seed: string, from: number, to: number, engine?: Engine, watch?: BotWatch): DealColumns {
  const deals = emptyDeals(to - from);
  const endings = scenario.definition.endings;
  // The fast player's flat record is read as it is, as a run's aggregate reads it: building the full
  // GameRecord (curves, cards, counters as objects) for four numbers per game is wasted work (about
  // 10% of a baseline deal, median of 7 interleaved runs of 20,000 games at 23:35 UTC on a loaded machine).
  const fast = engine === 'reference' ? null : fastPlayerOf(scenario);
  for (let i = from; i < to; i++) {
    const flat = playFast(fast, scenario, i, { seed, watch });
    if (flat) {
      putFlatDeal(deals, i - from, flat);
      continue;
    }
    const { record } = playRecord(scenario, i, { seed, engine: 'reference', watch });
    putDeal(deals, i - from, record, endings);
  }
  return deals;
}

/** Copies `part` into `into` starting at row `at`. */
export function copyDeals(into: DealColumns, part: DealColumns, at: number): void {
  for (const { name } of DEAL_COLUMNS) into[name].set(part[name], at);
}

/** Rows [from, to) of `deals` (views, no copy). */
export function dealRows(deals: DealColumns, from: number, to: number): DealColumns {
  return dealsOf((name) => deals[name].subarray(from, to));
}

/** The first `games` rows (views, no copy). */
export function headDeals(deals: DealColumns, games: number): DealColumns {
  return dealRows(deals, 0, games);
}

/** The deals `pool[indices[j]]`, as rows j. */
export function gatherDeals(pool: DealColumns, indices: ArrayLike<number>): DealColumns {
  const out = emptyDeals(indices.length);
  for (const { name } of DEAL_COLUMNS) {
    const from = pool[name];
    const to = out[name];
    for (let j = 0; j < indices.length; j++) to[j] = from[indices[j]];
  }
  return out;
}

export function dealCount(deals: DealColumns): number {
  return deals.winners.length;
}
