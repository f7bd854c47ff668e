/**
 * Per-deal outcomes for `goldpit check`: for every game index, the few facts of the finished game
 * that the regression metrics are computed from (who won, how long it ran, how it ended, the total
 * final score), in typed arrays. Game i is fully determined by (scenario, seed, i), so the same
 * seeds replayed by other code give paired outcomes (common random numbers).
 */
import type { FlatRecord } from '../core/definition.js';
import type { Outcome } from '../core/game.js';
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
}

export function emptyDeals(games: number): DealColumns {
  return {
    winners: new Uint8Array(games),
    length: new Uint16Array(games),
    ending: new Uint8Array(games),
    scoreSum: new Int32Array(games),
    scoreSpread: new Int32Array(games),
  };
}

/** Writes one game's outcome into row `row` of `deals`. */
export function putDeal(deals: DealColumns, row: number, outcome: Outcome, endings: readonly string[]): void {
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
    putDeal(deals, i - from, record.outcome, endings);
  }
  return deals;
}

/** Copies `part` into `into` starting at row `at`. */
export function copyDeals(into: DealColumns, part: DealColumns, at: number): void {
  into.winners.set(part.winners, at);
  into.length.set(part.length, at);
  into.ending.set(part.ending, at);
  into.scoreSum.set(part.scoreSum, at);
  into.scoreSpread.set(part.scoreSpread, at);
}

/** The first `games` rows (views, no copy). */
export function headDeals(deals: DealColumns, games: number): DealColumns {
  return {
    winners: deals.winners.subarray(0, games),
    length: deals.length.subarray(0, games),
    ending: deals.ending.subarray(0, games),
    scoreSum: deals.scoreSum.subarray(0, games),
    scoreSpread: deals.scoreSpread.subarray(0, games),
  };
}

export function dealCount(deals: DealColumns): number {
  return deals.winners.length;
}
