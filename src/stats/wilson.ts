import { normalQuantile } from './normal.js';
import { checkProportion, type ProportionInterval } from './proportion.js';

/**
 * Wilson score interval for a binomial proportion: the p whose score test does not reject at
 * level 1 − confidence.
 *
 * Formula: with p̂ = s/n and z = Φ⁻¹(1 − α/2), α = 1 − confidence,
 *   centre = (s + z²/2)/(n + z²),  half-width = z·√(s(n − s)/n + z²/4)/(n + z²),
 * computed as (2s + z² ∓ z·√(z² + 4s(n − s)/n)) / (2(n + z²)); the lower end is exactly 0 when
 * s = 0 and the upper end exactly 1 when s = n. Its coverage stays close to the nominal level
 * for small n and p near 0 or 1, unlike the Wald interval p̂ ± z·√(p̂(1 − p̂)/n).
 *
 * Reference: E. B. Wilson, "Probable inference, the law of succession, and statistical
 * inference", JASA 22 (1927) 209–212; L. D. Brown, T. T. Cai & A. DasGupta, "Interval estimation
 * for a binomial proportion", Statistical Science 16 (2001) 101–133, §4.1.1.
 *
 * Input: n a finite number > 0; successes a number in [0, n] — it may be fractional (a win
 * shared by k players counts 1/k); confidence in (0, 1), default 0.95.
 *
 * @example wilsonInterval(30, 100)
 * // { estimate: 0.3, lower: 0.2189488529493276, upper: 0.39584854633346667, n: 100,
 * //   successes: 30, confidence: 0.95, method: 'wilson' }
 */
export function wilsonInterval(successes: number, n: number, confidence = 0.95): ProportionInterval {
  checkProportion('wilsonInterval', successes, n, confidence, false);
  // Φ⁻¹(α/2) keeps the precision that Φ⁻¹(1 − α/2) would lose to the rounding of 1 − α/2.
  const z = -normalQuantile((1 - confidence) / 2);
  const z2 = z * z;
  const spread = z * Math.sqrt(z2 + (4 * successes * (n - successes)) / n);
  const denominator = 2 * (n + z2);
  const lower = successes === 0 ? 0 : Math.max(0, (2 * successes + z2 - spread) / denominator);
  const upper = successes === n ? 1 : Math.min(1, (2 * successes + z2 + spread) / denominator);
  return { estimate: successes / n, lower, upper, n, successes, confidence, method: 'wilson' };
}
