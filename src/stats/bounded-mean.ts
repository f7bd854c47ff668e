/**
 * Intervals for the mean of a variable known to lie in a range [lo, hi] — a share of the win, a
 * game length up to its cap, a paired difference of such values — that still say something when
 * few values differ: the multinomial score interval (Wilson's interval generalised), and the rule
 * that uses it in place of Student's t while fewer than `FEW_DIFFERING` values differ from the most
 * common one.
 */
import { normalQuantile } from './normal.js';
import { pairedDifference, pairedFromSums } from './paired.js';
import { fail, requireConfidence } from './validate.js';

/**
 * Below this many values that differ from the most common one (for paired differences: deals that
 * changed at all), Student's t is not trusted alone: its standard deviation comes from those few
 * values, and it has zero width when none differs. Between 30 and about 100 differing values the t
 * interval of a one-directional change (a Wald interval) covers 93.5–95%; below 30 it falls to
 * 79–93% (simulated in docs/statistics.md).
 */
export const FEW_DIFFERING = 30;

export interface BoundedMeanInterval {
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
  readonly n: number;
  /** The range the values are known to lie in. */
  readonly lo: number;
  readonly hi: number;
  /** The most common value, and how many values differ from it (paired differences: the deals that changed, when it is 0). */
  readonly mode: number;
  readonly differing: number;
  readonly confidence: number;
  /** `student-t` alone, or `score` (the score interval, widened to the t interval where that reaches further). */
  readonly method: 'student-t' | 'score';
}

/** The distinct values in increasing order with their counts. */
interface Support {
  readonly values: Float64Array;
  readonly counts: Float64Array;
  readonly n: number;
  readonly mean: number;
}

function supportOf(values: ArrayLike<number>, mean: number): Support {
  const counts = new Map<number, number>();
  for (let i = 0; i < values.length; i++) {
    // −0 and 0 are one value.
    const v = values[i] === 0 ? 0 : values[i];
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  const sorted = [...counts.keys()].sort((a, b) => a - b);
  return { values: Float64Array.from(sorted), counts: Float64Array.from(sorted, (v) => counts.get(v)!), n: values.length, mean };
}

/**
 * The variance at μ of the maximum-likelihood distribution whose mean is μ, on the observed values
 * plus the range's ends (which may carry probability though no value was seen there).
 *
 * With xⱼ = vⱼ − μ, the weights are pⱼ = cⱼ/(n(1 + λxⱼ)) for the observed values (counts cⱼ), where
 * λ solves Σ cⱼxⱼ/(1 + λxⱼ) = 0 (Owen's empirical likelihood). An unobserved end e takes weight only
 * when that λ would give it a negative Lagrangian gradient, 1 + λ(e − μ) < 0: λ then stops at
 * −1/(hi − μ) (or 1/(μ − lo)) and the end takes the weight 1 − Σpⱼ that the mean constraint needs.
 * Derivation: the Karush–Kuhn–Tucker conditions of max Σcⱼ ln pⱼ subject to Σp = 1, Σp·x = 0, p ≥ 0.
 */
function restrictedVariance(s: Support, mu: number, lo: number, hi: number): number {
  const { values, counts, n } = s;
  const last = values.length - 1;
  const g = (lambda: number): number => {
    let t = 0;
    for (let j = 0; j <= last; j++) {
      const x = values[j] - mu;
      t += (counts[j] * x) / (1 + lambda * x);
    }
    return t;
  };
  const lamLo = -1 / (hi - mu);
  const lamHi = 1 / (mu - lo);
  let lambda: number;
  let end: number | null = null;
  if (values[last] < hi && g(lamLo) <= 0) {
    lambda = lamLo;
    end = hi;
  } else if (values[0] > lo && g(lamHi) >= 0) {
    lambda = lamHi;
    end = lo;
  } else {
    // g decreases from +∞ (or g(lamLo) > 0) to −∞ (or g(lamHi) < 0): Newton's method kept inside a
    // shrinking bracket, bisecting whenever a step would leave it.
    let a = lamLo;
    let b = lamHi;
    lambda = 0;
    for (let it = 0; it < 200; it++) {
      let value = 0;
      let slope = 0;
      for (let j = 0; j <= last; j++) {
        const x = values[j] - mu;
        const q = 1 / (1 + lambda * x);
        value += counts[j] * x * q;
        slope -= counts[j] * x * x * q * q;
      }
      if (value > 0) a = lambda;
      else if (value < 0) b = lambda;
      else break;
      let next = lambda - value / slope;
      if (!(next > a && next < b)) next = a + (b - a) / 2;
      if (next === lambda || next === a || next === b) break;
      lambda = next;
    }
  }
  let variance = 0;
  let mass = 0;
  for (let j = 0; j <= last; j++) {
    const x = values[j] - mu;
    const p = counts[j] / (n * (1 + lambda * x));
    mass += p;
    variance += p * x * x;
  }
  if (end !== null) variance += Math.max(0, 1 - mass) * (end - mu) ** 2;
  return variance;
}

/** The score statistic (x̄ − μ)/√(σ̃²(μ)/n). */
function score(s: Support, mu: number, lo: number, hi: number): number {
  if (mu === s.mean) return 0;
  const variance = restrictedVariance(s, mu, lo, hi);
  return variance > 0 ? (s.mean - mu) / Math.sqrt(variance / s.n) : (s.mean - mu) * Infinity;
}

/**
 * The end of the score interval on one side: the μ between the mean and `bound` where |score|
 * reaches z, by bisection (the score grows monotonically away from the mean).
 */
function scoreEnd(s: Support, z: number, lo: number, hi: number, side: -1 | 1): number {
  const bound = side < 0 ? lo : hi;
  if (s.mean === bound) return bound;
  let inside = s.mean;
  let outside = bound;
  for (let it = 0; it < 200; it++) {
    const mid = inside + (outside - inside) / 2;
    if (mid === inside || mid === outside) break;
    if (Math.abs(score(s, mid, lo, hi)) <= z) inside = mid;
    else outside = mid;
  }
  return inside;
}

function checkValues(where: string, values: ArrayLike<number>, lo: number, hi: number, confidence: number): number {
  if (values === null || typeof values !== 'object' || typeof values.length !== 'number') fail(where, 'values', 'an array of numbers', values);
  if (typeof lo !== 'number' || !Number.isFinite(lo)) fail(where, 'lo', 'a finite number (the smallest value possible)', lo);
  if (typeof hi !== 'number' || !Number.isFinite(hi) || hi < lo) fail(where, 'hi', `a finite number >= lo (= ${lo}; the largest value possible)`, hi);
  requireConfidence(where, confidence);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number' || !(v >= lo && v <= hi)) fail(where, `values[${i}]`, `a number in the range [${lo}, ${hi}]`, v);
    sum += v;
  }
  return sum;
}

/**
 * The score interval for the mean of values known to lie in [lo, hi]: the μ whose score test on
 * the multinomial model — the observed values and the range's two ends as its support — does not
 * reject at level 1 − confidence.
 *
 * Formula: with x̄ the mean of the n values and z = Φ⁻¹(1 − α/2), the interval is
 *   { μ in [lo, hi] : |x̄ − μ| ≤ z·√(σ̃²(μ)/n) },
 * where σ̃²(μ) is the variance of the maximum-likelihood distribution on the support whose mean is
 * μ (see restrictedVariance). Unlike Student's t, whose variance is the sample's, σ̃²(μ) lets the
 * unseen part of the range carry weight: when every value is the same the interval still has a
 * width — all n values at 0 in [−R, R] give about ±z²R/(n + z²) — and it never leaves [lo, hi].
 * For values in {0, 1} it is Wilson's interval; for paired differences in {−1, 0, 1} Tango's
 * interval for the difference of paired proportions.
 *
 * Reference: E. B. Wilson, JASA 22 (1927) 209–212; T. Tango, "Equivalence test and confidence
 * interval for the difference in proportions for the paired-sample design", Statistics in
 * Medicine 17 (1998) 891–908; A. B. Owen, Empirical Likelihood (2001), §2.9 (the weights);
 * M. W. Fagerland, S. Lydersen & P. Laake, Statistics in Medicine 33 (2014) 2850–2875 (Tango's
 * interval recommended for paired proportions).
 *
 * Input: at least 1 value, each in [lo, hi]; lo ≤ hi finite; confidence in (0, 1), default 0.95.
 * When lo = hi the mean is known and the interval is [lo, lo].
 *
 * @example boundedScoreInterval([1, 1, 1, 1, 1, 1, 1, 0, 0, 0], 0, 1) // Wilson's interval for 7 of 10
 * // { estimate: 0.7, lower: 0.39677814746114537, upper: 0.8922087325936988 }
 */
export function boundedScoreInterval(values: ArrayLike<number>, lo: number, hi: number, confidence = 0.95): { estimate: number; lower: number; upper: number } {
  const where = 'boundedScoreInterval';
  const sum = checkValues(where, values, lo, hi, confidence);
  if (values.length < 1) fail(where, 'values', 'at least 1 value', values);
  return scoreInterval(supportOf(values, sum / values.length), lo, hi, confidence);
}

function scoreInterval(s: Support, lo: number, hi: number, confidence: number): { estimate: number; lower: number; upper: number } {
  if (lo === hi) return { estimate: lo, lower: lo, upper: hi };
  // Φ⁻¹(α/2) keeps the precision that Φ⁻¹(1 − α/2) would lose to the rounding of 1 − α/2.
  const z = -normalQuantile((1 - confidence) / 2);
  return { estimate: s.mean, lower: scoreEnd(s, z, lo, hi, -1), upper: scoreEnd(s, z, lo, hi, 1) };
}

/** The most common value (the first of equals is not promised) and its count. */
function modeOf(values: ArrayLike<number>): { mode: number; count: number } {
  const n = values.length;
  if (n >= 2 * FEW_DIFFERING) {
    // Fewer than FEW_DIFFERING values differ only if one value is a strict majority, and then
    // Boyer–Moore's majority vote finds it in one pass without a table of every distinct value.
    let candidate = values[0];
    let votes = 0;
    for (let i = 0; i < n; i++) {
      if (votes === 0) candidate = values[i];
      votes += values[i] === candidate ? 1 : -1;
    }
    let count = 0;
    for (let i = 0; i < n; i++) if (values[i] === candidate) count++;
    return { mode: candidate === 0 ? 0 : candidate, count };
  }
  const s = supportOf(values, 0);
  let best = 0;
  for (let j = 1; j < s.values.length; j++) if (s.counts[j] > s.counts[best]) best = j;
  return { mode: s.values[best], count: s.counts[best] };
}

/**
 * The interval goldpit gives for the mean of per-deal values in a known range [lo, hi]: Student's t
 * when at least `FEW_DIFFERING` values differ from the most common one; otherwise the score
 * interval (boundedScoreInterval), widened to the t interval wherever that reaches further. Either
 * way clipped to [lo, hi].
 *
 * Why: the t interval takes its width from the values that differ. When a parameter changes the
 * outcome of only a few deals, the paired differences are mostly 0 and the t interval's standard
 * deviation rests on those few (or none: then it has zero width, "no effect, no uncertainty"). The
 * score interval asks instead how much weight the rest of the range could carry without the n
 * deals showing it, so "no deal changed in n" gives a bound (about z²/n of the deals times the
 * range), not a certainty.
 *
 * Reference: as boundedScoreInterval; Student's t as pairedDifference.
 *
 * Input: at least 2 values, each in [lo, hi]; confidence in (0, 1), default 0.95.
 *
 * @example boundedMeanInterval(new Float64Array(500), -1, 1) // 500 paired differences of a win share, none changed
 * // { estimate: 0, n: 500, lo: -1, hi: 1, mode: 0, differing: 0, confidence: 0.95,
 * //   lower: -0.007624340461552188, upper: 0.007624340461552188, method: 'score' }
 */
export function boundedMeanInterval(values: ArrayLike<number>, lo: number, hi: number, confidence = 0.95): BoundedMeanInterval {
  const where = 'boundedMeanInterval';
  checkValues(where, values, lo, hi, confidence);
  if (values.length < 2) fail(where, 'values', 'at least 2 values (the t interval needs two)', values);
  const t = pairedDifference(values, confidence);
  const { mode, count } = modeOf(values);
  const differing = values.length - count;
  const common = { estimate: t.mean, n: values.length, lo, hi, mode, differing, confidence };
  if (differing >= FEW_DIFFERING) {
    return { ...common, lower: Math.max(lo, t.lower), upper: Math.min(hi, t.upper), method: 'student-t' };
  }
  const s = scoreInterval(supportOf(values, t.mean), lo, hi, confidence);
  return { ...common, lower: Math.max(lo, Math.min(s.lower, t.lower)), upper: Math.min(hi, Math.max(s.upper, t.upper)), method: 'score' };
}

/**
 * boundedMeanInterval from the distinct values and their counts instead of every value (for callers
 * that tally values while games run, as `goldpit impact` does for its paired differences): the same
 * rule — Student's t when at least `FEW_DIFFERING` values differ from the most common one, else the
 * score interval widened to t — on the n = Σcounts values the tally stands for.
 *
 * Formula: as boundedMeanInterval; the t interval from n, Σcᵢvᵢ and Σcᵢvᵢ² (pairedFromSums).
 *
 * Reference: as boundedMeanInterval.
 *
 * Input: values and counts of the same length ≥ 1; every value in [lo, hi], each value once; every
 * count an integer ≥ 0 with Σcounts ≥ 2; confidence in (0, 1), default 0.95.
 *
 * @example boundedMeanIntervalOfCounts([0], [500], -1, 1) // the same as boundedMeanInterval(new Float64Array(500), -1, 1)
 * // { estimate: 0, n: 500, …, lower: -0.007624340461552188, upper: 0.007624340461552188, method: 'score' }
 */
export function boundedMeanIntervalOfCounts(
  values: ArrayLike<number>,
  counts: ArrayLike<number>,
  lo: number,
  hi: number,
  confidence = 0.95,
): BoundedMeanInterval {
  const where = 'boundedMeanIntervalOfCounts';
  checkValues(where, values, lo, hi, confidence);
  if (values.length < 1) fail(where, 'values', 'at least 1 distinct value', values);
  if (counts === null || typeof counts !== 'object' || counts.length !== values.length)
    fail(where, 'counts', `an array of ${values.length} counts (one per value)`, counts);
  const tally = new Map<number, number>();
  for (let i = 0; i < values.length; i++) {
    const c = counts[i];
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 0) fail(where, `counts[${i}]`, 'an integer >= 0', c);
    const v = values[i] === 0 ? 0 : values[i];
    if (tally.has(v)) fail(where, `values[${i}]`, 'each value once (add their counts)', v);
    if (c > 0) tally.set(v, c);
  }
  const sorted = [...tally.keys()].sort((a, b) => a - b);
  const cs = Float64Array.from(sorted, (v) => tally.get(v)!);
  let n = 0;
  let sum = 0;
  for (let j = 0; j < sorted.length; j++) {
    n += cs[j];
    sum += cs[j] * sorted[j];
  }
  if (n < 2) fail(where, 'counts', 'a total of at least 2 values (the t interval needs two)', counts);
  const mean = sum / n;
  // The squares about the mean, so that the variance is exact for equal values.
  let sumSq = 0;
  let best = 0;
  for (let j = 0; j < sorted.length; j++) {
    sumSq += cs[j] * (sorted[j] - mean) ** 2;
    if (cs[j] > cs[best]) best = j;
  }
  const t = pairedFromSums(n, 0, sumSq, confidence);
  const tLower = mean + t.lower;
  const tUpper = mean + t.upper;
  const differing = n - cs[best];
  const common = { estimate: mean, n, lo, hi, mode: sorted[best], differing, confidence };
  if (differing >= FEW_DIFFERING) return { ...common, lower: Math.max(lo, tLower), upper: Math.min(hi, tUpper), method: 'student-t' };
  const s = scoreInterval({ values: Float64Array.from(sorted), counts: cs, n, mean }, lo, hi, confidence);
  return { ...common, lower: Math.max(lo, Math.min(s.lower, tLower)), upper: Math.min(hi, Math.max(s.upper, tUpper)), method: 'score' };
}
