/**
 * The regularized incomplete gamma functions P(a, x) = γ(a, x)/Γ(a) and Q(a, x) = 1 − P(a, x),
 * the distribution function (and its complement) of a Gamma(a, 1) variable.
 */
import { LN_SQRT_2PI, logGamma, logRatioMinusLinear, stirlingCorrection } from './log-gamma.js';
import { fail, requirePositive } from './validate.js';

const EPSILON = Number.EPSILON;
/** Keeps Lentz's continued-fraction evaluation away from division by zero (NR §5.2). */
const TINY = 1e-300;

/**
 * ln[x^a·e^(−x)/Γ(a)], the common factor of the series and the continued fraction.
 * For a >= 10, with u = (x − a)/a and Stirling's formula for Γ(a), it equals
 * a·[ln(1 + u) − u] + ½·ln a − ln √(2π) − c(a) (see {@link logRatioMinusLinear}): the terms a·ln x,
 * x and ln Γ(a), each as large as a·ln a, cancel analytically instead of in floating point.
 */
function logPrefactor(a: number, x: number): number {
  if (a < 10) return a * Math.log(x) - x - logGamma(a);
  return a * logRatioMinusLinear(x, a) + 0.5 * Math.log(a) - LN_SQRT_2PI - stirlingCorrection(a);
}

/** Enough terms for the series and the continued fraction: both need O(√a) near x ≈ a. */
function iterationLimit(a: number): number {
  return Math.min(1e6, 500 + Math.ceil(50 * Math.sqrt(a)));
}

/**
 * Both tails of the regularized incomplete gamma function; the one computed directly (the
 * smaller, roughly) keeps full relative precision, the other is 1 minus it.
 * x < a + 1: series P = e^(ln prefactor)·Σ_{n>=0} x^n / (a(a + 1)…(a + n)) (NR eq. 6.2.5);
 * otherwise Q by the continued fraction 1/(x + 1 − a − 1·(1 − a)/(x + 3 − a − 2·(2 − a)/(x + 5 − a − …)))
 * (NR eq. 6.2.7), evaluated by the modified Lentz method. `where` and `field` name the caller's
 * function and argument in the error thrown when a is too large to converge.
 */
export function incompleteGamma(a: number, x: number, where = 'regularizedGammaP', field = 'a'): { lower: number; upper: number } {
  if (x === 0) return { lower: 0, upper: 1 };
  if (x === Infinity) return { lower: 1, upper: 0 };
  const limit = iterationLimit(a);
  const logFront = logPrefactor(a, x);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; ; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
      if (n > limit || !Number.isFinite(sum)) fail(where, field, `small enough for the series to converge in ${limit} terms`, a);
    }
    const lower = Math.exp(logFront) * sum;
    return { lower, upper: 1 - lower };
  }
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; ; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) <= 2 * EPSILON) break;
    if (i > limit || !Number.isFinite(h)) fail(where, field, `small enough for the continued fraction to converge in ${limit} terms`, a);
  }
  const upper = Math.exp(logFront) * h;
  return { lower: 1 - upper, upper };
}

function check(where: string, a: number, x: number): void {
  requirePositive(where, 'a', a);
  if (typeof x !== 'number' || !(x >= 0)) fail(where, 'x', 'a number >= 0 (Infinity allowed)', x);
}

/**
 * Regularized lower incomplete gamma function P(a, x) = (1/Γ(a))·∫₀ˣ t^(a−1)·e^(−t) dt.
 *
 * Method: power series for x < a + 1, continued fraction (modified Lentz) for Q otherwise,
 * the prefactor through Stirling's formula for a >= 10. Measured against mpmath (50 digits),
 * relative error of the directly computed tail: below 3e-14 for values above 1e-30, up to 1e-13
 * for values near 1e-300 (there one ulp of the exponent a·ln x − x is already 1e-13). The series
 * needs about 6·√a terms just below x = a: from a ≈ 2.5e10 on it exceeds its 1e6-term limit and
 * throws a RangeError rather than run on.
 *
 * Reference: W. H. Press et al., Numerical Recipes, 3rd ed. (2007), §6.2 (gser, gcf);
 * modified Lentz's method: §5.2.
 *
 * Input: a finite number a > 0; x >= 0 (Infinity allowed).
 *
 * @example regularizedGammaP(5, 2) // 0.052653017343711056
 */
export function regularizedGammaP(a: number, x: number): number {
  check('regularizedGammaP', a, x);
  return incompleteGamma(a, x).lower;
}

/**
 * Regularized upper incomplete gamma function Q(a, x) = 1 − P(a, x) = Γ(a, x)/Γ(a), computed
 * directly in the upper tail (not as 1 − P).
 *
 * Method and reference: as {@link regularizedGammaP} (Numerical Recipes, 3rd ed., §6.2).
 *
 * Input: a finite number a > 0; x >= 0 (Infinity allowed).
 *
 * @example regularizedGammaQ(5, 100) // 1.6139305336977313e-37
 */
export function regularizedGammaQ(a: number, x: number): number {
  check('regularizedGammaQ', a, x);
  return incompleteGamma(a, x, 'regularizedGammaQ').upper;
}
