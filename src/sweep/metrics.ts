/**
 * The metrics of a sweep, per deal, and their intervals.
 *
 * Every metric has one value per deal (game index), so two points of a sweep — which play the same
 * deals (common random numbers) — give paired differences. The ids are those of `goldpit check`
 * (src/check/deals.ts: `win:<bot>`, `seat:<s>` in mirror line-ups, `rounds`, `gold`, the key
 * ending's id) plus `seat:<s>` for every seat of every line-up and `seatSpread`.
 *
 * Intervals (95%):
 * - a win rate or an ending's share (a mean of per-deal values in [0, 1]): the interval goldpit
 *   reports for win rates everywhere (stats/binomial-interval.ts: Wilson, Clopper–Pearson near 0
 *   or 1) on Σvalues successes of n deals. A shared win counts 1/k, so the per-deal variance is at
 *   most p(1 − p) and the interval is, if anything, slightly wide;
 * - a mean of other values (rounds, final score) and every paired difference of two points over
 *   the same deals: stats/bounded-mean.ts in the metric's range — Student's t when at least 30
 *   deals differ (from the most common value; for a difference, from 0: the deals that changed),
 *   else the score interval widened to the t interval, so a parameter that changes few or no deals
 *   gets an interval for what the unseen deals could do, never a zero-width one;
 * - the seat spread: a simultaneous interval from the seats' pairwise paired differences
 *   (spreadInterval), which covers the true spread however near equal the seats are.
 * Coverage is simulated in test/sweep/metrics.test.ts and scripts/interval-coverage.mjs
 * (docs/statistics.md).
 */
import { checkGameOf, isMirror, metricValues, type MetricDef, type Range } from '../check/deals.js';
import type { DealColumns } from '../sim/deals.js';
import type { Scenario } from '../sim/scenario.js';
import { binomialInterval } from '../stats/binomial-interval.js';
import { boundedMeanInterval } from '../stats/bounded-mean.js';

export type SweepFamily =
  | 'seat-win-rate'
  | 'win-rate'
  | 'seat-spread'
  | 'rounds'
  | 'final-gold'
  | 'ending-share'
  | 'score-spread'
  | 'lead-changes'
  | 'decisive-share'
  | 'winner-deficit'
  | 'final-margin';
export type SweepUnit = 'share' | 'steps' | 'score' | 'count';

export interface SweepMetric {
  /** `win:greedy`, `seat:2`, `seatSpread`, `rounds`, `gold`, the key ending's name (`race`). */
  readonly id: string;
  /** In the game's words: `win rate greedy`, `win rate seat 2`, `mean rounds`, `race share`. */
  readonly label: string;
  readonly family: SweepFamily;
  readonly unit: SweepUnit;
  readonly bot?: string;
  readonly seat?: number;
  /** Index of the ending among the game's endings (ending-share). */
  readonly ending?: number;
}

/** A point estimate with its 95% interval (null ends: no interval can be given, see `estimate`). */
export interface Estimate {
  readonly estimate: number;
  readonly lo: number | null;
  readonly hi: number | null;
}

/** A paired difference (a − b over the same deals) with its 95% interval, and how many deals changed. */
export interface PairedEstimate {
  readonly diff: number;
  readonly lo: number | null;
  readonly hi: number | null;
  /** Deals whose value differs between a and b. */
  readonly changed: number;
}

const UNIT: Readonly<Record<SweepFamily, SweepUnit>> = {
  'seat-win-rate': 'share',
  'win-rate': 'share',
  'seat-spread': 'share',
  rounds: 'steps',
  'final-gold': 'score',
  'ending-share': 'share',
  'score-spread': 'score',
  'lead-changes': 'count',
  'decisive-share': 'share',
  'winner-deficit': 'score',
  'final-margin': 'score',
};

/** The sweep's metrics for a scenario's line-up, in report order: bots, seats, seat spread, length, score, score spread, key ending. */
export function sweepMetrics(scenario: Pick<Scenario, 'seats' | 'definition'>): SweepMetric[] {
  const game = checkGameOf(scenario.definition);
  const out: SweepMetric[] = [];
  if (!isMirror(scenario.seats)) {
    for (const bot of [...new Set(scenario.seats)]) out.push({ id: `win:${bot}`, label: `win rate ${bot}`, family: 'win-rate', unit: 'share', bot });
  }
  scenario.seats.forEach((bot, s) => out.push({ id: `seat:${s}`, label: `win rate seat ${s} (${bot})`, family: 'seat-win-rate', unit: 'share', seat: s }));
  out.push({ id: 'seatSpread', label: 'seat spread (highest − lowest seat win rate)', family: 'seat-spread', unit: 'share' });
  out.push({ id: 'rounds', label: `mean ${game.steps}`, family: 'rounds', unit: UNIT.rounds });
  out.push({ id: 'gold', label: `mean final ${game.score}`, family: 'final-gold', unit: UNIT['final-gold'] });
  out.push({ id: 'scoreSpread', label: `score spread (highest − lowest final ${game.score})`, family: 'score-spread', unit: UNIT['score-spread'] });
  const key = game.keyEnding;
  if (key !== null) out.push({ id: key.id, label: `${key.label} share`, family: 'ending-share', unit: 'share', ending: key.index });
  // How a game feels (stats/tension.ts), per deal.
  out.push({ id: 'leadChanges', label: 'lead changes (per game)', family: 'lead-changes', unit: UNIT['lead-changes'] });
  out.push({ id: 'decisiveShare', label: `decisive ${game.step} (share of the game)`, family: 'decisive-share', unit: UNIT['decisive-share'] });
  out.push({ id: 'winnerDeficit', label: `winner's deficit (largest, in ${game.score})`, family: 'winner-deficit', unit: UNIT['winner-deficit'] });
  out.push({ id: 'finalMargin', label: `final margin (${game.score})`, family: 'final-margin', unit: UNIT['final-margin'] });
  return out;
}

/** Whether a metric is a mean of per-deal values in [0, 1] (its interval is the win-rate one). */
export function isProportion(metric: Pick<SweepMetric, 'family'>): boolean {
  return metric.family === 'win-rate' || metric.family === 'seat-win-rate' || metric.family === 'ending-share';
}

/**
 * The metric's value in each deal: index i = deal i of `deals`.
 *
 * `seatSpread`'s per-deal value is (the share of the win of the seat with the highest win rate over
 * these deals) − (that of the seat with the lowest; the first of equals), so its mean is exactly the
 * spread max − min of the seats' win rates. Its interval and paired differences are conditional on
 * which seats are the extremes; picking them from the same deals makes the spread biased upwards
 * when seats are nearly equal (the larger of noisy rates is the larger partly by noise), which errs
 * on the side of calling a line-up unfair.
 */
export function perDeal(metric: SweepMetric, scenario: Pick<Scenario, 'seats'>, deals: DealColumns): Float64Array {
  const n = deals.winners.length;
  if (metric.family === 'seat-spread') {
    const seats = scenario.seats.map((_, s) => metricValues(seatDef(s), scenario.seats, deals, 0, n));
    const means = seats.map(sum);
    let hi = 0;
    let lo = 0;
    means.forEach((m, s) => {
      if (m > means[hi]) hi = s;
      if (m < means[lo]) lo = s;
    });
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = seats[hi][i] - seats[lo][i];
    return out;
  }
  if (metric.family === 'score-spread') return Float64Array.from(deals.scoreSpread);
  if (metric.family === 'lead-changes') return Float64Array.from(deals.leadChanges);
  if (metric.family === 'winner-deficit') return Float64Array.from(deals.winnerDeficit);
  if (metric.family === 'final-margin') return Float64Array.from(deals.finalMargin);
  if (metric.family === 'decisive-share') {
    // The decisive step as a share of the game's steps; a game whose winners do not lead at the end
    // (none) counts as decided at its end, 1.
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const d = deals.decisiveStep[i];
      const steps = deals.length[i];
      out[i] = d < 0 || steps === 0 ? (d < 0 ? 1 : 0) : d / steps;
    }
    return out;
  }
  if (metric.family === 'win-rate' && !scenario.seats.includes(metric.bot!)) {
    throw new RangeError(`perDeal: ${metric.id}: the line-up ${scenario.seats.join(', ')} has no seat of ${metric.bot}`);
  }
  return metricValues(metric as MetricDef, scenario.seats, deals, 0, n);
}

function seatDef(seat: number): MetricDef {
  return { id: `seat:${seat}`, label: '', family: 'seat-win-rate', seat };
}

function sum(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i];
  return s;
}

export { metricRange, type Range } from '../check/deals.js';

/** The smallest range holding `values` and `range` (a range is widened, never trusted over the data). */
function rangeOf(values: ArrayLike<number>, range: Range | null): Range {
  let lo = range?.lo ?? Infinity;
  let hi = range?.hi ?? -Infinity;
  for (let i = 0; i < values.length; i++) {
    if (values[i] < lo) lo = values[i];
    if (values[i] > hi) hi = values[i];
  }
  return { lo, hi };
}

/**
 * The mean of per-deal values with its 95% interval (null ends when there is none to give):
 * - a proportion (`isProportion(metric)`): the win-rate interval (Wilson, Clopper–Pearson near 0 or
 *   1) on Σvalues of n;
 * - otherwise stats/bounded-mean.ts `boundedMeanInterval` in the metric's range (`range`, else the
 *   range the values show): Student's t when at least 30 deals differ from the most common value,
 *   else the score interval widened to the t interval. So a length that every deal shares still
 *   gets a width (the unseen part of [0, cap] could carry weight). A metric without a bound whose
 *   every value is the same (every deal the same final score) has no interval: nothing says how
 *   far another deal could lie.
 * Needs n ≥ 2.
 *
 * @example estimate(Float64Array.of(1, 2, 3, 4, 5)) // few values: the score interval in [1, 5] widened to t's
 * // { estimate: 3, lo: 1.0367568385224428, hi: 4.963243161477557 }
 */
export function estimate(values: ArrayLike<number>, metric?: Pick<SweepMetric, 'family'>, range: Range | null = null): Estimate {
  const n = values.length;
  if (n < 2) throw new RangeError(`estimate: needs at least 2 deals, got ${n}`);
  if (metric !== undefined && isProportion(metric)) {
    const s = sum(values);
    // Rounding in Σ of 1/k shares may put it a hair outside [0, n].
    const ci = binomialInterval(Math.min(n, Math.max(0, s)), n);
    return { estimate: s / n, lo: ci.lower, hi: ci.upper };
  }
  const { lo, hi } = rangeOf(values, range);
  const ci = boundedMeanInterval(values, lo, hi);
  if (lo === hi) return { estimate: ci.estimate, lo: null, hi: null };
  return { estimate: ci.estimate, lo: ci.lower, hi: ci.upper };
}

/**
 * The paired difference a − b of two points' per-deal values over the same deals, with its 95%
 * interval: stats/bounded-mean.ts `boundedMeanInterval` in the range a difference can take,
 * [lo_a − hi_b, hi_a − lo_b] (each point's `metricRange`, else the range its values show). With at
 * least 30 changed deals that is the paired t interval d̄ ± t_{0.975, n−1}·s_d/√n; with fewer, the
 * score interval widened to the t interval, so "no deal changed" gives d̄ = 0 exactly with the bound
 * that n unchanged deals allow (about ±3.84/n of the deals times the range), never a zero-width
 * interval. `changed` counts the deals whose value differs.
 */
export function paired(a: ArrayLike<number>, b: ArrayLike<number>, rangeA: Range | null = null, rangeB: Range | null = null): PairedEstimate {
  if (a.length !== b.length) throw new RangeError(`paired: ${a.length} values against ${b.length}; a paired difference needs the same deals`);
  const d = new Float64Array(a.length);
  let changed = 0;
  for (let i = 0; i < a.length; i++) {
    d[i] = a[i] - b[i];
    if (d[i] !== 0) changed++;
  }
  const ra = rangeOf(a, rangeA);
  const rb = rangeOf(b, rangeB);
  const lo = ra.lo - rb.hi;
  const hi = ra.hi - rb.lo;
  const ci = boundedMeanInterval(d, lo, hi);
  if (lo === hi) return { diff: ci.estimate, lo: null, hi: null, changed };
  return { diff: ci.estimate, lo: ci.lower, hi: ci.upper, changed };
}

/**
 * The spread max − min of several means (the seats' win rates) with an interval from their
 * pairwise paired differences: every pair (s, t) of series gets `pair`'s interval [L, U] for the
 * mean of xₛ − xₜ at level `pairConfidence`, and when all of them cover, the spread — the largest
 * |pₛ − pₜ| — lies in
 *   [max(0, max over pairs of max(L, −U)), max over pairs of max(U, −L)].
 * With C = k(k − 1)/2 pairs at level 1 − α/C each (Bonferroni), the interval covers the true spread
 * with probability at least 1 − α, however close the seats are — unlike a t interval around the
 * observed max − min, which is biased upward and undercovers when the seats are nearly equal.
 * Paired differences are tighter than separate intervals for each series: the seats of one game are
 * negatively correlated.
 */
export function spreadInterval(
  series: readonly ArrayLike<number>[],
  pairConfidence: number,
  pair: (differences: Float64Array, confidence: number) => { readonly lower: number; readonly upper: number },
): { estimate: number; lo: number; hi: number } {
  const n = series[0]?.length ?? 0;
  if (series.length < 2 || n < 2 || series.some((x) => x.length !== n)) {
    throw new RangeError(`spreadInterval: needs at least 2 series of the same length >= 2, got ${series.map((x) => x.length).join(', ')}`);
  }
  const means = series.map((x) => sum(x) / n);
  let lo = 0;
  let hi = 0;
  const d = new Float64Array(n);
  for (let s = 0; s < series.length; s++) {
    for (let t = s + 1; t < series.length; t++) {
      for (let i = 0; i < n; i++) d[i] = series[s][i] - series[t][i];
      const r = pair(d, pairConfidence);
      lo = Math.max(lo, r.lower, -r.upper);
      hi = Math.max(hi, r.upper, -r.lower);
    }
  }
  return { estimate: Math.max(...means) - Math.min(...means), lo, hi };
}

/**
 * The seat spread of a line-up over `deals` with its simultaneous interval: spreadInterval on the
 * seats' win shares, each pair's difference (in [−1, 1]) by boundedMeanInterval at level
 * 1 − (1 − confidence)/C for the C pairs of seats.
 */
export function seatSpreadEstimate(scenario: Pick<Scenario, 'seats'>, deals: DealColumns, confidence = 0.95): Estimate {
  const n = deals.winners.length;
  return seatSpreadOf(
    scenario.seats.map((_, s) => metricValues(seatDef(s), scenario.seats, deals, 0, n)),
    confidence,
  );
}

/** seatSpreadEstimate from the seats' per-deal win shares (one series per seat). */
export function seatSpreadOf(seats: readonly ArrayLike<number>[], confidence = 0.95): Estimate {
  const pairs = (seats.length * (seats.length - 1)) / 2;
  return spreadInterval(seats, 1 - (1 - confidence) / pairs, (d, level) => boundedMeanInterval(d, -1, 1, level));
}

/** The larger distance from the estimate to an end of its interval (the "±h" of --precision); Infinity without an interval. */
export function halfWidth(e: Estimate): number {
  if (e.lo === null || e.hi === null) return Number.POSITIVE_INFINITY;
  return Math.max(e.estimate - e.lo, e.hi - e.estimate);
}
