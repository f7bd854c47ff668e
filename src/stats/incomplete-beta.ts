/**
 * The regularized incomplete beta function I_x(a, b) — the distribution function of a Beta(a, b)
 * variable — and its inverse, the Beta quantile. Internally both work with the pair (x, y = 1 − x),
 * each given accurately, and return both tails, so that callers (Student's t, Clopper–Pearson)
 * can take whichever tail is small without the cancellation of 1 − (a number near 1).
 */
import { LN_SQRT_2PI, logBeta, logRatioMinusLinear, stirlingCorrection } from './log-gamma.js';
import { normalQuantile } from './normal.js';
import { fail, requirePositive, requireProbability } from './validate.js';

const EPSILON = Number.EPSILON;
/** Keeps Lentz's continued-fraction evaluation away from division by zero (NR §5.2). */
const TINY = 1e-300;

/**
 * ln[x^a·y^b / B(a, b)] with y = 1 − x. For a, b >= 10, with x₀ = a/(a + b), y₀ = b/(a + b),
 * Stirling's formula turns it into
 * a·[ln(x/x₀) − (x − x₀)/x₀] + b·[ln(y/y₀) − (y − y₀)/y₀] + ½·ln(a·y₀) − ln √(2π) − [c(a) + c(b) − c(a + b)]
 * (the linear terms cancel exactly since a/x₀ = b/y₀ = a + b and x − x₀ = −(y − y₀)), avoiding the
 * loss of ~log10(a + b) digits of the direct form (DiDonato & Morris 1992, `brcomp`).
 */
function logPrefactor(x: number, y: number, a: number, b: number): number {
  if (a >= 10 && b >= 10) {
    const x0 = a / (a + b);
    const y0 = b / (a + b);
    const corr = stirlingCorrection(a) + stirlingCorrection(b) - stirlingCorrection(a + b);
    return a * logRatioMinusLinear(x, x0) + b * logRatioMinusLinear(y, y0) + 0.5 * (Math.log(a) + Math.log(y0)) - LN_SQRT_2PI - corr;
  }
  const lnX = x <= y ? Math.log(x) : Math.log1p(-y);
  const lnY = y <= x ? Math.log(y) : Math.log1p(-x);
  return a * lnX + b * lnY - logBeta(a, b);
}

/**
 * The continued fraction F with I_x(a, b) = x^a·y^b / (B(a, b)·F), y = 1 − x:
 * F = β₀ + α₁/(β₁ + α₂/(β₂ + …)), for m >= 0
 *   α_m = (a + m − 1)(a + b + m − 1)·m(b − m)·x² / (a + 2m − 1)²,
 *   β_m = m + m(b − m)·x/(a + 2m − 1) + (a + m)(a·y − b·x + 1 + m(1 + y))/(a + 2m + 1).
 * This is the even contraction of the fraction of NR eq. 6.4.5 (A&S 26.5.8), in the form of
 * DiDonato & Morris (BFRAC); unlike NR's `betacf`, whose first term 1 − (a + b)x/(a + 1) cancels
 * catastrophically for x near 1 and large a (1e-10 relative error at a = 5e6), it takes y = 1 − x
 * as given. Evaluated by the modified Lentz method; fast for x <= a/(a + b), where the number of
 * terms grows like √max(a, b).
 */
function continuedFraction(x: number, y: number, a: number, b: number): number {
  const limit = Math.min(1e6, 500 + Math.ceil(50 * Math.sqrt(Math.max(a, b))));
  let f = (a / (a + 1)) * (a * y - b * x + 1);
  if (Math.abs(f) < TINY) f = TINY;
  let c = f;
  let d = 0;
  for (let m = 1; ; m++) {
    const denominator = a + 2 * m - 1;
    // Grouped so that no intermediate product overflows when a or b is above 1e154.
    const alpha = ((a + m - 1) / denominator) * (((a + b + m - 1) * x) / denominator) * (m * ((b - m) * x));
    const beta = m + (m * ((b - m) * x)) / denominator + ((a + m) / (a + 2 * m + 1)) * (a * y - b * x + 1 + m * (1 + y));
    d = beta + alpha * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = beta + alpha / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) <= 2 * EPSILON) return f;
    if (m > limit || !Number.isFinite(f))
      fail('regularizedBeta', 'a and b', `small enough for the continued fraction to converge in ${limit} terms`, Math.max(a, b));
  }
}

/**
 * Both tails of the regularized incomplete beta function at (x, y = 1 − x):
 * lower = I_x(a, b), upper = 1 − I_x(a, b) = I_y(b, a). The tail on the side of the mean where the
 * continued fraction converges fast (x <= a/(a + b), i.e. a·y >= b·x, for the lower one) is
 * computed directly; the other is 1 minus it.
 */
export function incompleteBeta(x: number, y: number, a: number, b: number): { lower: number; upper: number } {
  if (x <= 0) return { lower: 0, upper: 1 };
  if (y <= 0) return { lower: 1, upper: 0 };
  const front = Math.exp(logPrefactor(x, y, a, b));
  if (a * y >= b * x) {
    const lower = front / continuedFraction(x, y, a, b);
    return { lower, upper: 1 - lower };
  }
  const upper = front / continuedFraction(y, x, b, a);
  return { lower: 1 - upper, upper };
}

function checkShapes(where: string, a: number, b: number): void {
  requirePositive(where, 'a', a);
  requirePositive(where, 'b', b);
}

/**
 * Regularized incomplete beta function I_x(a, b) = (1/B(a, b))·∫₀ˣ t^(a−1)·(1 − t)^(b−1) dt, the
 * distribution function of a Beta(a, b) variable.
 *
 * Method: I_x(a, b) = x^a·(1 − x)^b / (a·B(a, b)) · 1/(1 + d₁/(1 + d₂/(1 + …))) with
 * d_{2m+1} = −(a + m)(a + b + m)·x / ((a + 2m)(a + 2m + 1)), d_{2m} = m(b − m)·x / ((a + 2m − 1)(a + 2m)),
 * for x <= a/(a + b), and I_x(a, b) = 1 − I_{1−x}(b, a) otherwise. The fraction is evaluated in
 * its even contraction with coefficients in terms of 1 − x (DiDonato & Morris), by the modified
 * Lentz method; the prefactor uses Stirling's formula so that large a, b lose no digits.
 * Measured against mpmath (50 digits) for a, b from 0.1 to 1e6: relative error of the smaller
 * tail below 7e-14 for values above 1e-30, up to 2e-13 for values near 1e-240.
 *
 * Reference: W. H. Press et al., Numerical Recipes, 3rd ed. (2007), §6.4 (eq. 6.4.5, betacf);
 * Abramowitz & Stegun (1964) 26.5.8; A. R. DiDonato & A. H. Morris, "Algorithm 708: significant
 * digit computation of the incomplete beta function ratios", ACM TOMS 18 (1992) 360–373 (BFRAC).
 *
 * Input: x in [0, 1]; a, b finite numbers > 0.
 *
 * @example regularizedBeta(0.3, 2, 5) // 0.5798250000000009 (exactly 0.579825)
 */
export function regularizedBeta(x: number, a: number, b: number): number {
  requireProbability('regularizedBeta', 'x', x);
  checkShapes('regularizedBeta', a, b);
  return incompleteBeta(x, 1 - x, a, b).lower;
}

/**
 * The first guess for I_x(a, b) = p (NR §6.4, invbetai): for a, b >= 1 a normal approximation
 * with z = Φ⁻¹(1 − p) (Abramowitz & Stegun 26.5.22); otherwise the leading power of either tail,
 * I_x ≈ x^a/(a·w) near 0 and 1 − I_x ≈ (1 − x)^b/(b·w) near 1.
 */
function firstGuess(p: number, q: number, a: number, b: number): number {
  if (a >= 1 && b >= 1) {
    const z = p <= q ? -normalQuantile(p) : normalQuantile(q);
    const al = (z * z - 3) / 6;
    const h = 2 / (1 / (2 * a - 1) + 1 / (2 * b - 1));
    const w = (z * Math.sqrt(al + h)) / h - (1 / (2 * b - 1) - 1 / (2 * a - 1)) * (al + 5 / 6 - 2 / (3 * h));
    return a / (a + b * Math.exp(2 * w));
  }
  const t = Math.exp(a * Math.log(a / (a + b))) / a;
  const u = Math.exp(b * Math.log(b / (a + b))) / b;
  const w = t + u;
  return p < t / w ? (a * w * p) ** (1 / a) : 1 - (b * w * q) ** (1 / b);
}

/**
 * Solves I_x(a, b) = p for a root known to lie in (0, ½]. Newton's method with Halley's
 * correction, x ← x − u/(1 − ½·u·((a − 1)/x − (b − 1)/(1 − x))), u = (I_x − p)/density, the
 * correction used only near the root (where it is a small factor); every evaluation shrinks a
 * bracket, and a step that would leave it is replaced by bisection (geometric while the bracket
 * spans more than a factor 1024, so that tiny roots are reached in few steps).
 */
function solveSmallRoot(p: number, q: number, a: number, b: number): number {
  let lo = 0;
  let hi = 0.5;
  let x = Math.min(firstGuess(p, q, a, b), hi);
  if (!(x > 0)) x = Number.MIN_VALUE;
  for (let iteration = 0; iteration < 400; iteration++) {
    const y = 1 - x;
    const tails = incompleteBeta(x, y, a, b);
    // I_x − p, taken from the tail that is compared with the smaller of p and 1 − p.
    const residual = p <= q ? tails.lower - p : q - tails.upper;
    if (residual === 0) return x;
    if (residual > 0) hi = x;
    else lo = x;
    const density = Math.exp(logPrefactor(x, y, a, b)) / (x * y);
    const u = residual / density;
    const curvature = u * ((a - 1) / x - (b - 1) / y);
    let next = x - (Math.abs(curvature) < 1 ? u / (1 - 0.5 * curvature) : u);
    if (Math.abs(next - x) <= 4 * EPSILON * x) return next;
    if (!(next > lo && next < hi)) {
      if (lo === 0) next = hi / 1024;
      else next = hi / lo > 1024 ? Math.sqrt(lo * hi) : 0.5 * (lo + hi);
    }
    if (hi - lo <= 4 * EPSILON * hi) return next;
    x = next;
  }
  return x;
}

/**
 * The x with I_x(a, b) = p, returned with y = 1 − x, where q = 1 − p is passed by the caller
 * (exactly, when it has it). The smaller of x and y is the one solved for, so both come out with
 * full relative precision: x near 1 keeps y exact.
 */
export function inverseIncompleteBeta(p: number, q: number, a: number, b: number): { x: number; y: number } {
  if (p <= 0) return { x: 0, y: 1 };
  if (q <= 0) return { x: 1, y: 0 };
  const atHalf = incompleteBeta(0.5, 0.5, a, b);
  const rootBelowHalf = p <= q ? atHalf.lower >= p : atHalf.upper <= q;
  if (rootBelowHalf) {
    const x = solveSmallRoot(p, q, a, b);
    return { x, y: 1 - x };
  }
  // I_x(a, b) = p  <=>  I_y(b, a) = q with y = 1 − x < ½.
  const y = solveSmallRoot(q, p, b, a);
  return { x: 1 - y, y };
}

/**
 * Quantile of the Beta(a, b) distribution: the x in [0, 1] with I_x(a, b) = p (the inverse of
 * {@link regularizedBeta}).
 *
 * Method: first guess from NR's invbetai (a normal approximation, Abramowitz & Stegun 26.5.22,
 * when a, b >= 1; the leading power of a tail otherwise), then Halley's method on the side of ½
 * where the root lies, kept inside a shrinking bracket, until the step is a few ulps of x.
 * Measured against mpmath for a, b from 0.1 to 1e6: relative error below 4e-14. The error is that
 * of I_x divided by the slope d ln I/d ln x, which falls to min(a, b) in a tail where that is
 * below 1: with b = 0.1 near x = 1, 1e-13 in 1 − x.
 *
 * Reference: W. H. Press et al., Numerical Recipes, 3rd ed. (2007), §6.4 (invbetai).
 *
 * Input: p in [0, 1] (0 gives 0, 1 gives 1); a, b finite numbers > 0.
 *
 * @example betaQuantile(0.025, 3, 8) // 0.06673951117773447
 */
export function betaQuantile(p: number, a: number, b: number): number {
  requireProbability('betaQuantile', 'p', p);
  checkShapes('betaQuantile', a, b);
  return inverseIncompleteBeta(p, 1 - p, a, b).x;
}
