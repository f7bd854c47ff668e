/**
 * Mergeable accumulators of many games: counts and sums in typed arrays, added element by element.
 * Every entry is an integer-valued double, so merging in any grouping gives bit-identical results
 * (integers below 2^53 add exactly): a run split into batches, workers or shards reduces to exactly
 * what one sequential run computes.
 */
import type { GameRecord } from '../core/definition.js';

export interface AggregateShape {
  readonly players: number;
  /** Longest possible game, in rounds. */
  readonly rounds: number;
  readonly cards: number;
  readonly counters: number;
}

export interface FirstFault {
  readonly seat: number;
  readonly game: number;
  readonly request: string;
  readonly reason: string;
  readonly message: string;
}

export interface Aggregate {
  readonly shape: AggregateShape;
  games: number;
  /** Wins by seat and share count: `wins[seat * 7 + k]` = games won jointly by k winners. */
  readonly wins: Float64Array;
  readonly scoreSum: Float64Array;
  readonly scoreSqSum: Float64Array;
  /** Games by how they ended (e.g. "race", "clock"). */
  readonly endings: Record<string, number>;
  /** Games by length in rounds: `lengths[r]`. */
  readonly lengths: Float64Array;
  /** Sum over games of each seat's score after each round; a finished game carries its final score forward. */
  readonly curveSum: Float64Array;
  /** Draws per chance card. */
  readonly cardDraws: Float64Array;
  /** Sum of each per-seat counter: `counterSum[counter * players + seat]`. */
  readonly counterSum: Float64Array;
  readonly faults: Float64Array;
  /** The first fault of each seat (lowest game index), to replay it. */
  readonly firstFaults: (FirstFault | null)[];
}

export function emptyAggregate(shape: AggregateShape): Aggregate {
  const p = shape.players;
  return {
    shape,
    games: 0,
    wins: new Float64Array(p * 7),
    scoreSum: new Float64Array(p),
    scoreSqSum: new Float64Array(p),
    endings: {},
    lengths: new Float64Array(shape.rounds + 1),
    curveSum: new Float64Array(shape.rounds * p),
    cardDraws: new Float64Array(shape.cards),
    counterSum: new Float64Array(shape.counters * p),
    faults: new Float64Array(p),
    firstFaults: new Array(p).fill(null),
  };
}

export function addGame(
  agg: Aggregate,
  game: number,
  record: GameRecord,
  faults: readonly { seat: number; request: string; reason: string; message: string }[],
): void {
  const { players: p, rounds } = agg.shape;
  const o = record.outcome;
  agg.games++;
  const k = o.winners.length;
  for (const w of o.winners) agg.wins[w * 7 + k]++;
  for (let s = 0; s < p; s++) {
    agg.scoreSum[s] += o.scores[s];
    agg.scoreSqSum[s] += o.scores[s] * o.scores[s];
  }
  agg.endings[o.endedBy] = (agg.endings[o.endedBy] ?? 0) + 1;
  agg.lengths[Math.min(o.length, rounds)]++;
  const played = record.curve.length;
  for (let r = 0; r < rounds; r++) {
    const row = record.curve[Math.min(r, played - 1)];
    for (let s = 0; s < p; s++) agg.curveSum[r * p + s] += row[s];
  }
  for (const c of record.cardsDrawn) agg.cardDraws[c]++;
  for (let c = 0; c < record.counters.length; c++) {
    const counter = record.counters[c];
    for (let s = 0; s < p; s++) agg.counterSum[c * p + s] += counter[s];
  }
  for (const f of faults) {
    agg.faults[f.seat]++;
    if (agg.firstFaults[f.seat] === null) agg.firstFaults[f.seat] = { game, ...f };
  }
}

/** Adds `b` into `a` (a and b must have the same shape). */
export function mergeInto(a: Aggregate, b: Aggregate): Aggregate {
  a.games += b.games;
  const add = (x: Float64Array, y: Float64Array) => {
    for (let i = 0; i < x.length; i++) x[i] += y[i];
  };
  add(a.wins, b.wins);
  add(a.scoreSum, b.scoreSum);
  add(a.scoreSqSum, b.scoreSqSum);
  add(a.lengths, b.lengths);
  add(a.curveSum, b.curveSum);
  add(a.cardDraws, b.cardDraws);
  add(a.counterSum, b.counterSum);
  add(a.faults, b.faults);
  for (const [key, n] of Object.entries(b.endings)) a.endings[key] = (a.endings[key] ?? 0) + n;
  for (let s = 0; s < a.firstFaults.length; s++) {
    const x = a.firstFaults[s];
    const y = b.firstFaults[s];
    if (y && (!x || y.game < x.game)) a.firstFaults[s] = y;
  }
  return a;
}

/** A seat's wins, a shared win counting 1/k (computed exactly from the integer counts). */
export function seatWins(agg: Aggregate, seat: number): number {
  let w = 0;
  for (let k = 1; k <= 6; k++) w += agg.wins[seat * 7 + k] / k;
  return w;
}

/** Games with a shared win. */
export function sharedWinGames(agg: Aggregate): number {
  let total = 0;
  for (let s = 0; s < agg.shape.players; s++) for (let k = 2; k <= 6; k++) total += agg.wins[s * 7 + k] / k;
  return total;
}
