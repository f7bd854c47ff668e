import { chiSquaredSf } from './chi-squared.js';
import { fail } from './validate.js';

export interface ChiSquaredTest {
  /** Pearson's statistic Σ (observed − expected)²/expected. */
  readonly statistic: number;
  /** Degrees of freedom, k − 1. */
  readonly df: number;
  /** Upper-tail p-value P(χ²_df > statistic). */
  readonly pValue: number;
  /** Total count. */
  readonly n: number;
  /** Number of categories. */
  readonly k: number;
  /** Expected count per category, n/k. */
  readonly expected: number;
  readonly method: 'pearson-chi-squared';
}

/**
 * Pearson's chi-squared goodness-of-fit test that all k categories are equally likely (e.g. that
 * each seat wins equally often, or that every chance card is drawn equally often).
 *
 * Formula: with counts O₁…O_k, n = ΣOᵢ and E = n/k, X² = Σ(Oᵢ − E)²/E, df = k − 1,
 * p = P(χ²_{k−1} > X²) (the regularized upper incomplete gamma function Q((k − 1)/2, X²/2)). The
 * chi-squared approximation wants expected counts of about 5 or more.
 *
 * Reference: K. Pearson, "On the criterion that a given system of deviations from the probable …",
 * Philosophical Magazine (5) 50 (1900) 157–175; W. H. Press et al., Numerical Recipes, 3rd ed.
 * (2007), §14.3 (chsone).
 *
 * Input: at least 2 counts, each finite and >= 0 (fractional counts allowed), total > 0.
 *
 * @example chiSquaredUniform([30, 20, 25, 25])
 * // { statistic: 2, df: 3, pValue: 0.5724067044708792, n: 100, k: 4, expected: 25,
 * //   method: 'pearson-chi-squared' }
 */
export function chiSquaredUniform(counts: ArrayLike<number>): ChiSquaredTest {
  const where = 'chiSquaredUniform';
  if (counts === null || typeof counts !== 'object' || typeof counts.length !== 'number') fail(where, 'counts', 'an array of counts', counts);
  const k = counts.length;
  if (k < 2) fail(where, 'counts', 'at least 2 categories', counts);
  let n = 0;
  for (let i = 0; i < k; i++) {
    const c = counts[i];
    if (typeof c !== 'number' || !Number.isFinite(c) || c < 0) fail(where, `counts[${i}]`, 'a finite count >= 0', c);
    n += c;
  }
  if (!(n > 0)) fail(where, 'counts', 'a positive total (all counts are 0)', counts);
  const expected = n / k;
  let statistic = 0;
  for (let i = 0; i < k; i++) statistic += (counts[i] - expected) ** 2 / expected;
  const df = k - 1;
  return { statistic, df, pValue: chiSquaredSf(statistic, df), n, k, expected, method: 'pearson-chi-squared' };
}
