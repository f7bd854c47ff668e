/**
 * Counterfactual chance-card impact (`goldpit impact`): every game is played as dealt and again with
 * one card replaced by a blank in the same deck position, with common random numbers (every other
 * stream identical). The paired differences measure what the card does, not what it correlates with.
 *
 * A game whose deck never reached the card's position plays identically in both versions (the
 * positions differ only where the card lies, and bots never see the blanking), so its differences
 * are 0 and it is not replayed; test/sim/impact.test.ts checks that identity on real games.
 */
import type { GameRecord, ImpactMetricName } from '../core/definition.js';
import { playRecord as play, type BotWatch, type Engine } from './run.js';
import type { Scenario } from './scenario.js';

/** `ending`: 1 when the game ended by its key ending (GameDefinition.keyEnding: Goldrausch's race). */
export const IMPACT_METRICS = ['leaderWin', 'lastWin', 'spread', 'length', 'ending', 'swing'] as const satisfies readonly ImpactMetricName[];
export type ImpactMetric = (typeof IMPACT_METRICS)[number];

/** Running sums of one card's paired differences, per metric, over drawn games. */
export interface CardSums {
  readonly card: number;
  drawnIn: number;
  readonly sum: Float64Array;
  readonly sumSq: Float64Array;
  /**
   * Per metric, the tally of the differences that are not 0: value → games. With the games that
   * drew the card (and, per game, all games) it is every difference, which the interval for few
   * changed games needs (report/impact.ts); a card's tally holds a few distinct values (win shares
   * in 1/3600 units, whole rounds, ±1).
   */
  readonly changes: Map<number, number>[];
}

/** Empty sums for `card`. */
export function emptyCardSums(card: number): CardSums {
  return {
    card,
    drawnIn: 0,
    sum: new Float64Array(IMPACT_METRICS.length),
    sumSq: new Float64Array(IMPACT_METRICS.length),
    changes: IMPACT_METRICS.map(() => new Map<number, number>()),
  };
}

function tally(into: Map<number, number>, value: number, count: number): void {
  into.set(value, (into.get(value) ?? 0) + count);
}

function playRecord(scenario: Scenario, config: unknown, index: number, seed: string, engine?: Engine, watch?: BotWatch): GameRecord {
  return play(scenario, index, { seed, config, engine, watch }).record;
}

function extremes(row: readonly number[]): { leaders: number[]; lasts: number[] } {
  const max = Math.max(...row);
  const min = Math.min(...row);
  const leaders: number[] = [];
  const lasts: number[] = [];
  row.forEach((v, s) => {
    if (v === max) leaders.push(s);
    if (v === min) lasts.push(s);
  });
  return { leaders, lasts };
}

/**
 * Win probabilities are kept in units of 1/3600 (a shared win 1/k, k ≤ 6, of a uniformly chosen seat
 * among m ≤ 6 tied leaders is a whole number of them), so every sum is an exact integer and the
 * result does not depend on how games were split across batches or workers.
 */
export const WIN_UNITS = 3600;

/** Win share (1/k per shared win) of a uniformly chosen seat of `group`, in units of 1/3600. */
function groupWin(group: readonly number[], winners: readonly number[]): number {
  let w = 0;
  for (const s of group) if (winners.includes(s)) w += WIN_UNITS / winners.length / group.length;
  return w;
}

/**
 * The paired differences (as dealt − blanked) of one game for one card, drawn in step `round`; win
 * metrics in 1/3600 units. `keyEnding`: the game's key ending (null: that metric is 0).
 */
export function pairedDiffs(dealt: GameRecord, blanked: GameRecord, round: number, keyEnding: string | null): number[] {
  const before = round === 1 ? dealt.initialScores : dealt.curve[round - 2];
  const { leaders, lasts } = extremes(before);
  const a = dealt.outcome;
  const b = blanked.outcome;
  const spread = (scores: readonly number[]) => Math.max(...scores) - Math.min(...scores);
  const sameWinners = a.winners.length === b.winners.length && a.winners.every((w) => b.winners.includes(w));
  return [
    groupWin(leaders, a.winners) - groupWin(leaders, b.winners),
    groupWin(lasts, a.winners) - groupWin(lasts, b.winners),
    spread(a.scores) - spread(b.scores),
    a.length - b.length,
    (a.endedBy === keyEnding ? 1 : 0) - (b.endedBy === keyEnding ? 1 : 0),
    sameWinners ? 0 : 1,
  ];
}

/**
 * The scenario's config with `card` blanked, made once per scenario and card in this thread: the
 * fast player keeps one kernel per config object (sim/run.ts), so fresh configs for every batch
 * would build fresh kernels for every batch.
 */
const BLANKED = new WeakMap<Scenario, unknown[]>();
function blankedConfig(scenario: Scenario, card: number): unknown {
  let byCard = BLANKED.get(scenario);
  if (byCard === undefined) BLANKED.set(scenario, (byCard = []));
  return (byCard[card] ??= scenario.definition.withBlankedCard(scenario.config, card));
}

/**
 * Plays games [from, to) as dealt and, for every card in `cards` that the game drew, once more with
 * that card blanked. Returns the per-card sums of the paired differences over the drawn games.
 */
export function impactRange(
  scenario: Scenario,
  cards: readonly number[],
  seed: string,
  from: number,
  to: number,
  onGame?: (done: number) => void,
  engine?: Engine,
  watch?: BotWatch,
): CardSums[] {
  const sums: CardSums[] = cards.map(emptyCardSums);
  const blankedConfigs = cards.map((card) => blankedConfig(scenario, card));
  for (let i = from; i < to; i++) {
    const dealt = playRecord(scenario, scenario.config, i, seed, engine, watch);
    for (let c = 0; c < cards.length; c++) {
      const first = dealt.cardsDrawn.find((d) => d.card === cards[c]);
      if (!first) continue; // never drawn: both versions are the same game
      const blanked = playRecord(scenario, blankedConfigs[c], i, seed, engine, watch);
      const d = pairedDiffs(dealt, blanked, first.round, scenario.definition.keyEnding);
      const s = sums[c];
      s.drawnIn++;
      for (let m = 0; m < d.length; m++) {
        s.sum[m] += d[m];
        s.sumSq[m] += d[m] * d[m];
        if (d[m] !== 0) tally(s.changes[m], d[m], 1);
      }
    }
    onGame?.(i + 1 - from);
  }
  return sums;
}

export interface ImpactBatchResult {
  readonly from: number;
  readonly to: number;
  /** `changes[m]`: the metric's tally as [value, games] pairs in increasing value (plain JSON for the queue). */
  readonly cards: readonly { card: number; drawnIn: number; sum: number[]; sumSq: number[]; changes: [number, number][][] }[];
}

/** A batch's sums as plain arrays (for the queue's JSON and the workers' messages). */
export function batchCards(sums: readonly CardSums[]): ImpactBatchResult['cards'] {
  return sums.map((s) => ({
    card: s.card,
    drawnIn: s.drawnIn,
    sum: Array.from(s.sum),
    sumSq: Array.from(s.sumSq),
    changes: s.changes.map((m) => [...m.entries()].sort((a, b) => a[0] - b[0])),
  }));
}

/** Adds batch sums into `total` (exact: every entry is an integer, and the tallies only count). */
export function addCardSums(total: CardSums[], batch: ImpactBatchResult['cards']): void {
  batch.forEach((b, i) => {
    total[i].drawnIn += b.drawnIn;
    for (let m = 0; m < IMPACT_METRICS.length; m++) {
      total[i].sum[m] += b.sum[m];
      total[i].sumSq[m] += b.sumSq[m];
      for (const [value, count] of b.changes[m]) tally(total[i].changes[m], value, count);
    }
  });
}
