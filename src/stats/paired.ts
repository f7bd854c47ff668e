/**
 * The paired comparison of two bots on the same games (common random numbers): a t-interval for
 * the mean per-game difference and the two-sided paired t-test of "no difference".
 */
import { studentTQuantile, studentTSf } from './student-t.js';
import { fail, requireConfidence } from './validate.js';

export interface PairedDifference {
  /** Mean difference d̄. */
  readonly mean: number;
  /** The same d̄, under the name every interval result uses. */
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
  /** Sample standard deviation of the differences (divisor n − 1). */
  readonly sd: number;
  /** sd/√n */
  readonly standardError: number;
  readonly n: number;
  /** n − 1 */
  readonly df: number;
  /** The t statistic mean/(sd/√n); 0 when mean = sd = 0, ±Infinity when only sd = 0. */
  readonly t: number;
  /** Two-sided p-value of the test that the mean difference is 0. */
  readonly pValue: number;
  readonly confidence: number;
  readonly method: 'paired-t';
}

/** The interval and test from the mean and variance of n differences (shared by both entries). */
function fromMoments(n: number, mean: number, variance: number, confidence: number): PairedDifference {
  const sd = Math.sqrt(variance);
  const standardError = sd / Math.sqrt(n);
  const df = n - 1;
  const common = { mean, estimate: mean, sd, standardError, n, df, confidence, method: 'paired-t' as const };
  if (sd === 0) {
    // Every difference equal: no sampling spread, so no interval width; the test is decided.
    return { ...common, lower: mean, upper: mean, t: mean === 0 ? 0 : mean > 0 ? Infinity : -Infinity, pValue: mean === 0 ? 1 : 0 };
  }
  const t = mean / standardError;
  // t_{1−α/2, df} = −t_{α/2, df}: the quantile of α/2 keeps the precision 1 − α/2 would lose.
  const half = -studentTQuantile((1 - confidence) / 2, df) * standardError;
  return { ...common, lower: mean - half, upper: mean + half, t, pValue: 2 * studentTSf(Math.abs(t), df) };
}

/**
 * Paired t-interval and paired t-test for per-game differences d₁…d_n (e.g. score of bot A
 * minus score of bot B in the same seeded game).
 *
 * Formula: d̄ = Σdᵢ/n, s² = Σ(dᵢ − d̄)²/(n − 1), SE = s/√n, t = d̄/SE with n − 1 degrees of freedom;
 * interval d̄ ± t_{1−α/2, n−1}·SE (α = 1 − confidence); p = 2·P(T_{n−1} > |t|). When s = 0 the
 * interval has zero width at d̄ and p = 1 if d̄ = 0, else 0. The mean and variance use the
 * corrected two-pass algorithm (exact for equal values, no cancellation for large means).
 *
 * Reference: Student, "The probable error of a mean", Biometrika 6 (1908) 1–25; W. H. Press et
 * al., Numerical Recipes, 3rd ed. (2007), §14.2 (paired t-test); T. F. Chan, G. H. Golub &
 * R. J. LeVeque, "Algorithms for computing the sample variance", The American Statistician 37
 * (1983) 242–247, eq. 1.7.
 *
 * Input: at least 2 finite differences; confidence in (0, 1), default 0.95.
 *
 * @example pairedDifference([1, 2, 3, 4, 5])
 * // { mean: 3, estimate: 3, sd: 1.5811388300841898, standardError: 0.7071067811865476, n: 5, df: 4,
 * //   confidence: 0.95, method: 'paired-t', lower: 1.0367568385224428, upper: 4.963243161477557,
 * //   t: 4.242640687119285, pValue: 0.013235599563682686 }
 */
export function pairedDifference(diffs: ArrayLike<number>, confidence = 0.95): PairedDifference {
  const where = 'pairedDifference';
  if (diffs === null || typeof diffs !== 'object' || typeof diffs.length !== 'number') fail(where, 'diffs', 'an array of numbers', diffs);
  const n = diffs.length;
  if (n < 2) fail(where, 'diffs', 'at least 2 differences (the spread needs two)', diffs);
  requireConfidence(where, confidence);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const d = diffs[i];
    if (typeof d !== 'number' || !Number.isFinite(d)) fail(where, `diffs[${i}]`, 'a finite number', d);
    sum += d;
  }
  const rough = sum / n;
  let sumDev = 0;
  let sumSqDev = 0;
  for (let i = 0; i < n; i++) {
    const dev = diffs[i] - rough;
    sumDev += dev;
    sumSqDev += dev * dev;
  }
  const mean = rough + sumDev / n;
  const variance = Math.max(0, (sumSqDev - (sumDev * sumDev) / n) / (n - 1));
  return fromMoments(n, mean, variance, confidence);
}

/**
 * The same paired t-interval and test from sufficient statistics the caller accumulates while
 * games run: n, Σdᵢ and Σdᵢ² (mergeable across workers by addition).
 *
 * Formula: d̄ = sum/n, s² = (n·sumSq − sum²)/(n(n − 1)); then as {@link pairedDifference}.
 * For integer differences the numerator is exact while n·sumSq < 2^53 ≈ 9.0e15; otherwise it
 * suffers cancellation when the mean is large against the spread (relative error about
 * 1e-16·n·sumSq/(n·sumSq − sum²)); rounding that makes it slightly negative is clamped to 0.
 *
 * Reference: as {@link pairedDifference} (Student 1908; Numerical Recipes, 3rd ed., §14.2).
 *
 * Input: n an integer >= 2; sum finite; sumSq finite, >= 0 and at least sum²/n (up to rounding);
 * confidence in (0, 1), default 0.95.
 *
 * @example pairedFromSums(5, 15, 55)
 * // the same result as pairedDifference([1, 2, 3, 4, 5]): { mean: 3, …, pValue: 0.013235599563682686 }
 */
export function pairedFromSums(n: number, sum: number, sumSq: number, confidence = 0.95): PairedDifference {
  const where = 'pairedFromSums';
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 2) fail(where, 'n', 'an integer >= 2 (the spread needs two differences)', n);
  if (typeof sum !== 'number' || !Number.isFinite(sum)) fail(where, 'sum', 'a finite number', sum);
  if (typeof sumSq !== 'number' || !Number.isFinite(sumSq) || sumSq < 0) fail(where, 'sumSq', 'a finite number >= 0', sumSq);
  requireConfidence(where, confidence);
  const numerator = n * sumSq - sum * sum;
  // Cauchy–Schwarz: n·Σd² >= (Σd)²; allow only rounding below it.
  if (numerator < -1e-12 * n * sumSq) fail(where, 'sumSq', `at least sum²/n (= ${(sum * sum) / n}); are sum and sumSq from the same differences?`, sumSq);
  const variance = Math.max(0, numerator) / (n * (n - 1));
  return fromMoments(n, sum / n, variance, confidence);
}
