/**
 * Mergeable accumulators of many games: counts and sums, all in ONE Float64Array (named subarray
 * views into it), added element by element. Every entry is an integer-valued double, so merging in
 * any grouping gives bit-identical results (integers below 2^53 add exactly): a run split into
 * batches, workers or shards reduces to exactly what one sequential run computes. One backing
 * buffer also means a worker hands its aggregate to the main thread by transferring one
 * ArrayBuffer, not by cloning.
 */
import type { FlatRecord, GameRecord } from '../core/definition.js';
import { giniUnchecked } from './gini.js';
import { EXTREMES, examplesSize, exampleLists, listIndex, listsBound, listsChanged, mergeExamples, offerExample, offerExtreme } from './examples.js';
import { emptyTension, fillLeaders, leaderScratch, tensionOf } from './tension.js';

export interface AggregateShape {
  readonly players: number;
  /** Longest possible game, in rounds. */
  readonly rounds: number;
  readonly cards: number;
  readonly counters: number;
  /** Per-round totals (GameDefinition.roundCounters). */
  readonly roundCounters: number;
  /** How a game can end (GameDefinition.endings). */
  readonly endings: readonly string[];
  /** Scores are histogrammed in bins 0..maxScore (higher scores land in the last bin). */
  readonly maxScore: number;
  /** Steps after which comebacks are counted (GameDefinition.comebackCheckpoints), ascending. */
  readonly checkpoints: readonly number[];
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
  /** The backing store; every field below is a view into it. */
  readonly data: Float64Array;
  /** data[0]: number of games. */
  readonly games: Float64Array;
  /** Wins by seat and share count: `wins[seat * 7 + k]` = games won jointly by k winners. */
  readonly wins: Float64Array;
  readonly scoreSum: Float64Array;
  readonly scoreSqSum: Float64Array;
  /** Games per ending, in `shape.endings` order. */
  readonly endings: Float64Array;
  /** Games by length in rounds: `lengths[r]`. */
  readonly lengths: Float64Array;
  /**
   * Sum over games of each seat's score after each round: `curveSum[round * players + seat]`; a
   * finished game carries its final score forward — through the tails below, folded in by
   * `withTails` (only what a game played is added per game, so a long cap costs nothing per game).
   */
  readonly curveSum: Float64Array;
  /** Histogram of each seat's score after each round: `curveHist[(round * players + seat) * (maxScore + 1) + score]` (tails folded in by `withTails`). */
  readonly curveHist: Float64Array;
  /** Final scores of the games that ended after `played` rounds, to carry forward: `tailSum[played * players + seat]`. */
  readonly tailSum: Float64Array;
  /** Their histogram: `tailHist[(played * players + seat) * (maxScore + 1) + score]`. */
  readonly tailHist: Float64Array;
  /** Their winner-curve entries: `tailWinner[played * 4 + i]` as in `winnerCurve`. */
  readonly tailWinner: Float64Array;
  /** Draws per chance card. */
  readonly cardDraws: Float64Array;
  /** Sum of each per-seat counter: `counterSum[counter * players + seat]`. */
  readonly counterSum: Float64Array;
  readonly faults: Float64Array;
  /** Sum of per-round totals: `roundCounterSum[round * roundCounters + counter]`. */
  readonly roundCounterSum: Float64Array;
  /**
   * [lead changes, then per checkpoint c: comebacks after step c, games that went on past step c]
   * (a comeback: the winner was not among the leaders after step c).
   */
  readonly comebacks: Float64Array;
  /** Sum over games of the Gini coefficient of final scores, in millionths (integer, so sums stay exact). */
  readonly giniMicros: Float64Array;
  /** Per round: [winners' score sum, winner count, others' score sum, others count]: `winnerCurve[round * 4 + i]`. */
  readonly winnerCurve: Float64Array;
  /** Per card: score change over the round it was drawn, by rank when drawn: [leader sum, middle sum, last sum, leader n, middle n, last n]. */
  readonly cardChange: Float64Array;
  /** Per card: wins of the then-leader in rounds the card was drawn, in units of 1/3600 (shares 1/k over tied leaders 1/m stay integers). */
  readonly cardLeaderWin: Float64Array;
  /** [then-leader wins over all rounds played (1/3600 units), rounds played]. */
  readonly allLeaderWin: Float64Array;
  /**
   * The tension figures' sums (stats/tension.ts), at the `TENSION` offsets: games with a winner,
   * decisive steps, deficits, margins and their squares, the decisive step's share of the game in
   * millionths (integers, so sums stay exact).
   */
  readonly tension: Float64Array;
  /** Games by lead changes: `leadChangeHist[c]` (c capped at `rounds`). */
  readonly leadChangeHist: Float64Array;
  /** Games by decisive step: `decisiveHist[d]`, d = 0 … rounds (games without one are not in it). */
  readonly decisiveHist: Float64Array;
  /**
   * The leader-wins curve: per step t = 0 … rounds − 1, over the games that went on past step t,
   * [wins of the leaders at t in 1/3600 units (a uniformly chosen leader's share), games]:
   * `leaderWins[t * 2 + i]`.
   */
  readonly leaderWins: Float64Array;
  /**
   * Example games behind the figures (stats/examples.ts): the smallest qualifying game indices per
   * figure and the game of each extreme. The last region of `data`; merged by its own rule, not summed.
   */
  readonly examples: Float64Array;
  /** The first fault of each seat (lowest game index), to replay it. Not numeric: kept beside `data`. */
  readonly firstFaults: (FirstFault | null)[];
}

function layout(shape: AggregateShape) {
  const p = shape.players;
  if (!(p >= 1 && p <= 30)) throw new RangeError(`aggregates hold 1 to 30 seats, not ${p}`);
  const bins = shape.maxScore + 1;
  const sizes = {
    games: 1,
    wins: p * 7,
    scoreSum: p,
    scoreSqSum: p,
    endings: shape.endings.length,
    lengths: shape.rounds + 1,
    curveSum: shape.rounds * p,
    curveHist: shape.rounds * p * bins,
    tailSum: (shape.rounds + 1) * p,
    tailHist: (shape.rounds + 1) * p * bins,
    tailWinner: (shape.rounds + 1) * 4,
    cardDraws: shape.cards,
    counterSum: shape.counters * p,
    faults: p,
    roundCounterSum: shape.rounds * shape.roundCounters,
    comebacks: 1 + 2 * shape.checkpoints.length,
    giniMicros: 1,
    winnerCurve: shape.rounds * 4,
    cardChange: shape.cards * 6,
    cardLeaderWin: shape.cards,
    allLeaderWin: 2,
    tension: TENSION.size,
    leadChangeHist: shape.rounds + 1,
    decisiveHist: shape.rounds + 1,
    leaderWins: shape.rounds * 2,
    // Last: mergeInto merges it by its own rule.
    examples: examplesSize(shape),
  };
  let total = 0;
  for (const n of Object.values(sizes)) total += n;
  return { sizes, total };
}

/** An aggregate over `data` (a fresh zeroed buffer when omitted). */
export function aggregateOver(shape: AggregateShape, data?: Float64Array, firstFaults?: (FirstFault | null)[]): Aggregate {
  const { sizes, total } = layout(shape);
  const buffer = data ?? new Float64Array(total);
  if (buffer.length !== total) throw new RangeError(`aggregate data has ${buffer.length} entries, the shape needs ${total}`);
  let at = 0;
  const take = (n: number) => buffer.subarray(at, (at += n));
  return {
    shape,
    data: buffer,
    games: take(sizes.games),
    wins: take(sizes.wins),
    scoreSum: take(sizes.scoreSum),
    scoreSqSum: take(sizes.scoreSqSum),
    endings: take(sizes.endings),
    lengths: take(sizes.lengths),
    curveSum: take(sizes.curveSum),
    curveHist: take(sizes.curveHist),
    tailSum: take(sizes.tailSum),
    tailHist: take(sizes.tailHist),
    tailWinner: take(sizes.tailWinner),
    cardDraws: take(sizes.cardDraws),
    counterSum: take(sizes.counterSum),
    faults: take(sizes.faults),
    roundCounterSum: take(sizes.roundCounterSum),
    comebacks: take(sizes.comebacks),
    giniMicros: take(sizes.giniMicros),
    winnerCurve: take(sizes.winnerCurve),
    cardChange: take(sizes.cardChange),
    cardLeaderWin: take(sizes.cardLeaderWin),
    allLeaderWin: take(sizes.allLeaderWin),
    tension: take(sizes.tension),
    leadChangeHist: take(sizes.leadChangeHist),
    decisiveHist: take(sizes.decisiveHist),
    leaderWins: take(sizes.leaderWins),
    examples: take(sizes.examples),
    firstFaults: firstFaults ?? new Array(shape.players).fill(null),
  };
}

export function emptyAggregate(shape: AggregateShape): Aggregate {
  return aggregateOver(shape);
}

export function gameCount(agg: Aggregate): number {
  return agg.games[0];
}

/** A flat copy of a `GameRecord` (core/definition.ts `FlatRecord`), for `addFlatGame`. */
function flatRecord(record: GameRecord, endings: readonly string[]): FlatRecord {
  const o = record.outcome;
  const ending = endings.indexOf(o.endedBy);
  if (ending < 0) throw new RangeError(`unknown ending "${o.endedBy}"`);
  const players = o.scores.length;
  const curve: number[] = [];
  for (const row of record.curve) for (let s = 0; s < players; s++) curve.push(row[s]);
  const cards: number[] = [];
  for (const { card, round } of record.cardsDrawn) cards.push(card, round);
  const roundCounters: number[] = [];
  for (const row of record.roundCounters) for (const v of row) roundCounters.push(v);
  return {
    players,
    rounds: o.length,
    ending,
    winners: o.winners,
    winnerCount: o.winners.length,
    scores: o.scores,
    initialScores: record.initialScores,
    curve,
    cards,
    cardCount: record.cardsDrawn.length,
    roundCounters,
    counters: record.counters,
  };
}

export function addGame(
  agg: Aggregate,
  game: number,
  record: GameRecord,
  faults: readonly { seat: number; request: string; reason: string; message: string }[],
): void {
  if (record.curve.length !== 0 && record.roundCounters.length !== 0 && record.roundCounters[0].length !== agg.shape.roundCounters) {
    throw new RangeError(`a record with ${record.roundCounters[0].length} round counters for an aggregate of ${agg.shape.roundCounters}`);
  }
  addFlatGame(agg, flatRecord(record, agg.shape.endings), record.curve.length, game);
  for (const f of faults) {
    agg.faults[f.seat]++;
    if (agg.firstFaults[f.seat] === null) agg.firstFaults[f.seat] = { seat: f.seat, game, request: f.request, reason: f.reason, message: f.message };
  }
}

/**
 * Adds one game (without faults) from its flat record: every figure of the aggregate. `played` is
 * the number of rounds in the curve (the rounds played; a game may end mid-round, so it is given).
 * `game` is its index in the run, for the example games (−1: none kept).
 */
export function addFlatGame(agg: Aggregate, r: FlatRecord, played: number = r.rounds, game = -1): void {
  const { players: p, rounds, maxScore } = agg.shape;
  const bins = maxScore + 1;
  agg.games[0]++;
  const k = r.winnerCount;
  const winnerList = r.winners;
  let winners = 0;
  for (let i = 0; i < k; i++) {
    agg.wins[winnerList[i] * 7 + k]++;
    winners |= 1 << winnerList[i];
  }
  const scores = r.scores;
  for (let s = 0; s < p; s++) {
    agg.scoreSum[s] += scores[s];
    agg.scoreSqSum[s] += scores[s] * scores[s];
  }
  agg.endings[r.ending]++;
  agg.lengths[Math.min(r.rounds, rounds)]++;
  const curve = r.curve;
  const { curveSum, curveHist, winnerCurve } = agg;
  const last = Math.min(played, rounds);
  for (let round = 0; round < last; round++) {
    const row = round * p;
    for (let s = 0; s < p; s++) {
      const score = curve[row + s];
      curveSum[round * p + s] += score;
      curveHist[(round * p + s) * bins + (score < maxScore ? (score > 0 ? score : 0) : maxScore)]++;
      // The winner curve: the eventual winner(s) vs everybody else.
      const i = round * 4 + ((winners >> s) & 1 ? 0 : 2);
      winnerCurve[i] += score;
      winnerCurve[i + 1]++;
    }
  }
  // Rounds after the end carry the final score forward: recorded once, at the round the game ended
  // (withTails adds them to every later round; the same integers in the end).
  if (last < rounds) {
    const { tailSum, tailHist, tailWinner } = agg;
    const row = (played - 1) * p;
    for (let s = 0; s < p; s++) {
      const score = curve[row + s];
      tailSum[last * p + s] += score;
      tailHist[(last * p + s) * bins + (score < maxScore ? (score > 0 ? score : 0) : maxScore)]++;
      const i = last * 4 + ((winners >> s) & 1 ? 0 : 2);
      tailWinner[i] += score;
      tailWinner[i + 1]++;
    }
  }
  const counters = r.counters;
  for (let c = 0; c < counters.length; c++) {
    const counter = counters[c];
    for (let s = 0; s < p; s++) agg.counterSum[c * p + s] += counter[s];
  }
  const comebackSteps = addGameShape(agg, r, played, winners);
  // The example games apart from the sums: a smaller addGameShape compiles to faster code.
  if (game >= 0) {
    const t = TENSION_SCRATCH; // (this game's, as addGameShape left it)
    addExamples(agg, r, winners, game, comebackSteps, t.leadChanges, t.winnerDeficit, t.finalMargin);
  }
}
/**
 * A copy of `agg` whose curves carry every finished game's final score forward to the last round
 * (the tails added as running sums: round r gets the tails of every game that ended by round r).
 * Every entry is an integer, so the result is exact whatever the order of games and merges.
 */
export function withTails(agg: Aggregate): Aggregate {
  const out = aggregateOver(agg.shape, Float64Array.from(agg.data), agg.firstFaults.slice());
  const { players: p, rounds, maxScore } = agg.shape;
  const bins = maxScore + 1;
  const sum = new Float64Array(p);
  const hist = new Float64Array(p * bins);
  const win = new Float64Array(4);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < p; i++) sum[i] += out.tailSum[round * p + i];
    for (let i = 0; i < p * bins; i++) hist[i] += out.tailHist[round * p * bins + i];
    for (let i = 0; i < 4; i++) win[i] += out.tailWinner[round * 4 + i];
    for (let i = 0; i < p; i++) out.curveSum[round * p + i] += sum[i];
    for (let i = 0; i < p * bins; i++) out.curveHist[round * p * bins + i] += hist[i];
    for (let i = 0; i < 4; i++) out.winnerCurve[round * 4 + i] += win[i];
  }
  out.tailSum.fill(0);
  out.tailHist.fill(0);
  out.tailWinner.fill(0);
  return out;
}

/** Adds `b` into `a` (same shape); first faults and examples keep the lowest game indices. Order does not matter. */
export function mergeInto(a: Aggregate, b: Aggregate): Aggregate {
  if (a.data.length !== b.data.length) throw new RangeError('cannot merge aggregates of different shapes');
  const x = a.data;
  const y = b.data;
  const summed = x.length - a.examples.length;
  for (let i = 0; i < summed; i++) x[i] += y[i];
  mergeExamples(a.examples, b.examples, exampleLists(a.shape));
  for (let s = 0; s < a.firstFaults.length; s++) {
    const f = a.firstFaults[s];
    const g = b.firstFaults[s];
    if (g && (!f || g.game < f.game)) a.firstFaults[s] = g;
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

/** Plain JSON form (for partial result files and checkpoints). */
export function aggregateToJson(agg: Aggregate) {
  return { shape: agg.shape, data: Array.from(agg.data), firstFaults: agg.firstFaults };
}

export function aggregateFromJson(json: { shape: AggregateShape; data: number[]; firstFaults: (FirstFault | null)[] }): Aggregate {
  return aggregateOver(json.shape, Float64Array.from(json.data), json.firstFaults);
}

/** 1/3600 is a common unit of 1/k (shared win, k ≤ 6) times 1/m (m tied leaders, m ≤ 6). */
const WIN_UNITS = 3600;

function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

/**
 * Units of 1/3600 won by a uniformly chosen seat of `leaders` (a shared win counts 1/k): the share
 * 3600/k/m (an integer for k, m ≤ 6) for each leader among the winners.
 */
function leaderWinUnits(leaders: number, winners: number, winnerCount: number): number {
  if (winnerCount === 0) return 0; // a game with no winner: nobody's share
  return bitCount(leaders & winners) * (WIN_UNITS / winnerCount / bitCount(leaders));
}

/** Offsets of `Aggregate.tension`. */
export const TENSION = {
  /** Games with at least one winner (the winner-based figures' games). */
  won: 0,
  /** Games with a decisive step, the sum of their steps and of its square. */
  decided: 1,
  decisiveSum: 2,
  decisiveSq: 3,
  /** Sum over those games of round(10⁶ · decisive step / steps played). */
  decisiveShareMicros: 4,
  /** Sum of the winner's largest deficit, of its square, and games in which it was above 0. */
  deficitSum: 5,
  deficitSq: 6,
  trailed: 7,
  /** Sum of the final margin, of its square, and games won with a margin of 0. */
  marginSum: 8,
  marginSq: 9,
  deadHeat: 10,
  /** Sum of the squared lead changes (their sum is `comebacks[0]`). */
  leadChangesSq: 11,
  size: 12,
} as const;

/** One game's tension figures, reused (a module is used by one thread). */
const TENSION_SCRATCH = emptyTension();

/**
 * Lead changes, comebacks, the tension figures, Gini, per-round totals and card statistics of one
 * game. Seat sets are bit masks (no arrays per round); every sum is of integers, so any order of
 * additions gives the same result. Returns the checkpoints after which the game had a comeback (bit
 * j: checkpoint j), for the example games; its tension figures are left in TENSION_SCRATCH.
 */
function addGameShape(agg: Aggregate, r: FlatRecord, played: number, winners: number): number {
  const { players: p, rounds, roundCounters: k2 } = agg.shape;
  const k = r.winnerCount;
  const curve = r.curve;
  const comebacks = agg.comebacks;
  // Leaders at each step, found once: leaders[t] = the leaders after step t (0: at the start).
  const leaders = leaderScratch(played);
  fillLeaders(curve, r.initialScores, p, played, leaders);
  const t = tensionOf(leaders, curve, r.initialScores, r.scores, p, played, winners, TENSION_SCRATCH);
  comebacks[0] += t.leadChanges;
  const tension = agg.tension;
  tension[TENSION.leadChangesSq] += t.leadChanges * t.leadChanges;
  agg.leadChangeHist[Math.min(t.leadChanges, rounds)]++;
  if (winners !== 0) {
    tension[TENSION.won]++;
    if (t.decisiveStep >= 0) {
      const d = t.decisiveStep;
      tension[TENSION.decided]++;
      tension[TENSION.decisiveSum] += d;
      tension[TENSION.decisiveSq] += d * d;
      tension[TENSION.decisiveShareMicros] += played > 0 ? Math.round((1e6 * d) / played) : 0;
      agg.decisiveHist[Math.min(d, rounds)]++;
    }
    tension[TENSION.deficitSum] += t.winnerDeficit;
    tension[TENSION.deficitSq] += t.winnerDeficit * t.winnerDeficit;
    if (t.winnerDeficit > 0) tension[TENSION.trailed]++;
    tension[TENSION.marginSum] += t.finalMargin;
    tension[TENSION.marginSq] += t.finalMargin * t.finalMargin;
    if (t.finalMargin === 0) tension[TENSION.deadHeat]++;
  }
  // Comebacks: the winner was not among the leaders after step c, in games that went on past it.
  const checkpoints = agg.shape.checkpoints;
  let comebackSteps = 0; // bit j: a comeback after checkpoint j (for the example games)
  for (let j = 0; j < checkpoints.length; j++) {
    const step = checkpoints[j];
    if (played > step) {
      comebacks[2 + 2 * j]++;
      if ((winners & leaders[step]) === 0) {
        comebacks[1 + 2 * j]++;
        comebackSteps |= 1 << j;
      }
    }
  }
  agg.giniMicros[0] += Math.round(giniUnchecked(r.scores, p) * 1e6);
  const roundCounterSum = agg.roundCounterSum;
  const rc = r.roundCounters;
  for (let i = 0; i < played && i < rounds; i++) {
    for (let c = 0; c < k2; c++) roundCounterSum[i * k2 + c] += rc[i * k2 + c];
  }
  // Then-leader wins before every round played (the comparison for the cards' leader win rates),
  // and per step: the leader at step t of the games that went on past it.
  const allLeaderWin = agg.allLeaderWin;
  const leaderWins = agg.leaderWins;
  for (let i = 0; i < played; i++) {
    const units = leaderWinUnits(leaders[i], winners, k);
    allLeaderWin[0] += units;
    allLeaderWin[1]++;
    if (i < rounds) {
      leaderWins[2 * i] += units;
      leaderWins[2 * i + 1]++;
    }
  }
  const cards = r.cards;
  for (let d = 0; d < r.cardCount; d++) {
    const card = cards[2 * d];
    const round = cards[2 * d + 1];
    const before = round === 1 ? r.initialScores : curve;
    const at = round === 1 ? 0 : (round - 2) * p;
    const after = (round - 1) * p;
    agg.cardDraws[card]++;
    let max = -Infinity;
    let min = Infinity;
    for (let s = 0; s < p; s++) {
      const v = before[at + s];
      if (v > max) max = v;
      if (v < min) min = v;
    }
    let leaderMask = 0;
    for (let s = 0; s < p; s++) {
      // Rank when drawn: leader (most gold, ties included), last (least), middle (the rest).
      const v = before[at + s];
      const group = v === max ? 0 : v === min ? 2 : 1;
      if (group === 0) leaderMask |= 1 << s;
      agg.cardChange[card * 6 + group] += curve[after + s] - v;
      agg.cardChange[card * 6 + 3 + group]++;
    }
    agg.cardLeaderWin[card] += leaderWinUnits(leaderMask, winners, k);
  }
  return comebackSteps;
}

/** The game's example entries: its winners' seats, ending, shared win, cards drawn and the extremes. */
// The extremes' positions (examples.ts EXTREMES), looked up once.
const X_LONGEST = EXTREMES.indexOf('longest');
const X_SHORTEST = EXTREMES.indexOf('shortest');
const X_SPREAD = EXTREMES.indexOf('largestSpread');
const X_LEAD_CHANGES = EXTREMES.indexOf('mostLeadChanges');
const X_DEFICIT = EXTREMES.indexOf('largestWinnerDeficit');
const X_MARGIN = EXTREMES.indexOf('narrowestMargin');

function addExamples(
  agg: Aggregate,
  r: FlatRecord,
  winners: number,
  game: number,
  comebackSteps: number,
  leadChanges: number,
  deficit: number,
  margin: number,
): void {
  const examples = agg.examples;
  const p = agg.shape.players;
  const n = exampleLists(agg.shape);
  // Most games of a run come after every list is full of smaller indices: then only the extremes can change.
  if (!(game + 1 >= listsBound(examples, n))) {
    const lists = listIndex(agg.shape);
    for (let j = 0; comebackSteps >>> j !== 0; j++) if ((comebackSteps >>> j) & 1) offerExample(examples, lists.comeback(j), game);
    for (let s = 0; s < p; s++) if ((winners >> s) & 1) offerExample(examples, lists.seat(s), game);
    offerExample(examples, lists.ending(r.ending), game);
    if (r.winnerCount > 1) offerExample(examples, lists.shared, game);
    for (let d = 0; d < r.cardCount; d++) offerExample(examples, lists.card(r.cards[2 * d]), game);
    listsChanged(examples, n);
  }
  let max = -Infinity;
  let min = Infinity;
  for (let s = 0; s < p; s++) {
    if (r.scores[s] > max) max = r.scores[s];
    if (r.scores[s] < min) min = r.scores[s];
  }
  offerExtreme(examples, n, X_LONGEST, r.rounds, game);
  offerExtreme(examples, n, X_SHORTEST, -r.rounds, game);
  offerExtreme(examples, n, X_SPREAD, max - min, game);
  offerExtreme(examples, n, X_LEAD_CHANGES, leadChanges, game);
  if (winners !== 0) {
    offerExtreme(examples, n, X_DEFICIT, deficit, game);
    offerExtreme(examples, n, X_MARGIN, -margin, game);
  }
}

export const LEADER_WIN_UNITS = WIN_UNITS;
