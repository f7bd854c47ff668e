/**
 * The chi-squared distribution with df degrees of freedom, through the incomplete gamma function.
 */
import { incompleteGamma } from './incomplete-gamma.js';
import { requireDegreesOfFreedom, requireNumber } from './validate.js';

function tails(where: string, x: number, df: number): { lower: number; upper: number } {
  requireNumber(where, 'x', x);
  requireDegreesOfFreedom(where, df, false);
  if (x <= 0) return { lower: 0, upper: 1 };
  return incompleteGamma(df / 2, x / 2, where, 'df/2');
}

/**
 * Chi-squared distribution function P(X ≤ x) = P(df/2, x/2), the regularized lower incomplete
 * gamma function.
 *
 * Reference: Abramowitz & Stegun (1964) §26.4; Numerical Recipes, 3rd ed. (2007), §6.2 and §6.14.
 *
 * Input: x any number but NaN (0 for x <= 0); df a finite number > 0 (need not be an integer),
 * below 5e10 (see `regularizedGammaP` for the accuracy and the limit).
 *
 * @example chiSquaredCdf(3.84, 1) // 0.9499564787512949
 */
export function chiSquaredCdf(x: number, df: number): number {
  return tails('chiSquaredCdf', x, df).lower;
}

/**
 * Chi-squared survival function (upper-tail p-value) P(X > x) = Q(df/2, x/2), computed directly
 * in the upper tail so that tiny p-values keep their relative precision.
 *
 * Reference: Abramowitz & Stegun (1964) §26.4; Numerical Recipes, 3rd ed. (2007), §6.2 and §6.14.
 *
 * Input: x any number but NaN (1 for x <= 0); df a finite number > 0 (need not be an integer),
 * below 5e10. Measured against mpmath: relative error below 2e-14 for values above 1e-30,
 * 9e-14 at 1e-306 (scipy's chi2.sf: 1e-12 at df = 1e4).
 *
 * @example chiSquaredSf(200, 10) // 1.6139305336977313e-37
 */
export function chiSquaredSf(x: number, df: number): number {
  return tails('chiSquaredSf', x, df).upper;
}
