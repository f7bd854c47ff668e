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
 * - a mean of other values (rounds, final score, seat spread): Student's t interval x̄ ± t·s/√n;
 * - a paired difference of two points over the same deals: the paired t interval on the per-deal
 *   differences (stats/paired.ts). It has zero width when every per-deal difference is the same,
 *   in particular exactly 0 ± 0 when a varied parameter changes no game.
 * The t intervals rest on the central limit theorem: for the thousands of deals a sweep plays their
 * coverage is within a fraction of a percent of 95% (test/sweep/metrics.test.ts simulates it).
 */
import { checkGameOf, isMirror, metricValues, type MetricDef } from '../check/deals.js';
import type { DealColumns } from '../sim/deals.js';
import type { Scenario } from '../sim/scenario.js';
import { binomialInterval } from '../stats/binomial-interval.js';
import { pairedDifference } from '../stats/paired.js';

export type SweepFamily = 'seat-win-rate' | 'win-rate' | 'seat-spread' | 'rounds' | 'final-gold' | 'ending-share' | 'score-spread';
export type SweepUnit = 'share' | 'steps' | 'score';

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

/** A point estimate with its 95% interval. */
export interface Estimate {
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
}

/** A paired difference (a − b over the same deals) with its 95% interval. */
export interface PairedEstimate {
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
}

const UNIT: Readonly<Record<SweepFamily, SweepUnit>> = {
  'seat-win-rate': 'share',
  'win-rate': 'share',
  'seat-spread': 'share',
  rounds: 'steps',
  'final-gold': 'score',
  'ending-share': 'share',
  'score-spread': 'score',
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

/**
 * The mean of per-deal values with its 95% interval: for a proportion (`isProportion(metric)`) the
 * win-rate interval (Wilson, Clopper–Pearson near 0 or 1) on Σvalues of n; otherwise Student's t,
 * x̄ ± t_{0.975, n−1}·s/√n (zero width when every value is the same). Needs n ≥ 2.
 *
 * @example estimate(Float64Array.of(1, 2, 3, 4, 5)) // { estimate: 3, lo: 1.0367568385224428, hi: 4.963243161477557 }
 */
export function estimate(values: ArrayLike<number>, metric?: Pick<SweepMetric, 'family'>): Estimate {
  const n = values.length;
  if (n < 2) throw new RangeError(`estimate: needs at least 2 deals, got ${n}`);
  if (metric !== undefined && isProportion(metric)) {
    const s = sum(values);
    // Rounding in Σ of 1/k shares may put it a hair outside [0, n].
    const ci = binomialInterval(Math.min(n, Math.max(0, s)), n);
    return { estimate: s / n, lo: ci.lower, hi: ci.upper };
  }
  // A one-sample t interval is the paired one against zero differences.
  const ci = pairedDifference(values);
  // A spread (max − min) is never negative, though the t interval of its per-deal form may reach below 0.
  const lo = metric?.family === 'seat-spread' ? Math.max(0, ci.lower) : ci.lower;
  return { estimate: ci.mean, lo, hi: ci.upper };
}

/**
 * The paired difference a − b of two points' per-deal values over the same deals, with the paired
 * t interval: d̄ ± t_{0.975, n−1}·s_d/√n (stats/paired.ts). Exactly { 0, 0, 0 } when a equals b.
 */
export function paired(a: ArrayLike<number>, b: ArrayLike<number>): PairedEstimate {
  if (a.length !== b.length) throw new RangeError(`paired: ${a.length} values against ${b.length}; a paired difference needs the same deals`);
  const d = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) d[i] = a[i] - b[i];
  const ci = pairedDifference(d);
  return { diff: ci.mean, lo: ci.lower, hi: ci.upper };
}

/** The larger distance from the estimate to an end of its interval (the "±h" of --precision). */
export function halfWidth(e: Estimate): number {
  return Math.max(e.estimate - e.lo, e.hi - e.estimate);
}
