/**
 * Hoeffding's relative-entropy (Chernoff) bound for the mean of independent values in a known
 * range: an interval that holds at its level for every n and every distribution on the range.
 */
import { fail, requireConfidence } from './validate.js';

/** kl(p‖q) = p ln(p/q) + (1 − p) ln((1 − p)/(1 − q)), the relative entropy of Bernoulli(p) from Bernoulli(q); 0·ln 0 = 0. */
export function bernoulliKl(p: number, q: number): number {
  const a = p === 0 ? 0 : p * Math.log(p / q);
  const b = p === 1 ? 0 : (1 - p) * Math.log((1 - p) / (1 - q));
  return a + b;
}

/** The q between p and `bound` (0 or 1) where kl(p‖q) reaches `level`, by bisection (kl grows away from p). */
function klEnd(p: number, level: number, bound: 0 | 1): number {
  if (p === bound) return bound;
  let inside = p;
  let outside: number = bound;
  for (let it = 0; it < 200; it++) {
    const mid = inside + (outside - inside) / 2;
    if (mid === inside || mid === outside) break;
    if (bernoulliKl(p, mid) <= level) inside = mid;
    else outside = mid;
  }
  // The last q that still satisfies the bound lies inside; the end reported is the first outside,
  // so that rounding never narrows the interval.
  return outside;
}

/**
 * The two-sided interval for the mean μ of n independent values in [lo, hi] from Hoeffding's
 * inequality in its relative-entropy form: with y = (x̄ − lo)/(hi − lo),
 *   P(ȳ ≥ m + t) ≤ exp(−n·kl(m + t‖m))  and  P(ȳ ≤ m − t) ≤ exp(−n·kl(m − t‖m))
 * for m = (μ − lo)/(hi − lo), so { m : n·kl(ȳ‖m) ≤ ln(2/α) } covers m with probability at least
 * 1 − α (α = 1 − confidence), for every n ≥ 1 and every distribution on [lo, hi] — no central limit
 * theorem. It is Clopper–Pearson's bound where that is tightest (all values at an end: the far end
 * of the interval is (α/2)^(1/n) of the way across) and never has zero width when lo < hi; it takes
 * no account of a small variance, so it is wide for values that cluster inside the range.
 *
 * Reference: W. Hoeffding, "Probability inequalities for sums of bounded random variables", JASA 58
 * (1963) 13–30, Theorem 1, eq. (2.1) (and its remark that the bound holds for each tail);
 * the inversion as in O. Cappé, A. Garivier, O.-A. Maillard, R. Munos & G. Stoltz, "Kullback–Leibler
 * upper confidence bounds for optimal sequential allocation", Annals of Statistics 41 (2013)
 * 1516–1541, §3.
 *
 * Input: at least 1 value, each in [lo, hi]; lo ≤ hi finite; confidence in (0, 1), default 0.95.
 *
 * @example hoeffdingInterval([10, 10, 10, 10, 10, 10, 10, 10, 10, 10], 0, 10, 0.95)
 * // every game at the cap of 10 (6.915… = 10·0.025^(1/10), Clopper–Pearson's lower end for 10 of 10):
 * // { estimate: 10, lower: 6.915028921812391, upper: 10, n: 10, confidence: 0.95, method: 'hoeffding-kl' }
 */
export function hoeffdingInterval(
  values: ArrayLike<number>,
  lo: number,
  hi: number,
  confidence = 0.95,
): { estimate: number; lower: number; upper: number; n: number; confidence: number; method: 'hoeffding-kl' } {
  const where = 'hoeffdingInterval';
  if (values === null || typeof values !== 'object' || typeof values.length !== 'number' || values.length < 1) {
    fail(where, 'values', 'an array of at least 1 number', values);
  }
  if (typeof lo !== 'number' || !Number.isFinite(lo)) fail(where, 'lo', 'a finite number (the smallest value possible)', lo);
  if (typeof hi !== 'number' || !Number.isFinite(hi) || hi < lo) fail(where, 'hi', `a finite number >= lo (= ${lo}; the largest value possible)`, hi);
  requireConfidence(where, confidence);
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (typeof v !== 'number' || !(v >= lo && v <= hi)) fail(where, `values[${i}]`, `a number in the range [${lo}, ${hi}]`, v);
    sum += v;
  }
  const estimate = sum / n;
  if (lo === hi) return { estimate, lower: lo, upper: hi, n, confidence, method: 'hoeffding-kl' };
  const width = hi - lo;
  const y = Math.min(1, Math.max(0, (estimate - lo) / width));
  const level = Math.log(2 / (1 - confidence)) / n;
  return {
    estimate,
    lower: Math.max(lo, lo + width * klEnd(y, level, 0)),
    upper: Math.min(hi, lo + width * klEnd(y, level, 1)),
    n,
    confidence,
    method: 'hoeffding-kl',
  };
}
