import { inverseIncompleteBeta } from './incomplete-beta.js';
import { checkProportion, type ProportionInterval } from './proportion.js';

/**
 * Clopper–Pearson ("exact") interval for a binomial proportion: the p for which neither
 * one-sided binomial test rejects at level α/2, α = 1 − confidence. Its coverage is at least the
 * nominal level for every p (conservative).
 *
 * Formula: with s successes in n trials,
 *   lower = B⁻¹(α/2; s, n − s + 1)       (0 when s = 0),
 *   upper = B⁻¹(1 − α/2; s + 1, n − s)   (1 when s = n),
 * where B⁻¹(q; a, b) is the Beta(a, b) quantile (the inverse of the regularized incomplete beta
 * function; see `betaQuantile`), through the identity P(Bin(n, p) >= s) = I_p(s, n − s + 1).
 *
 * Reference: C. J. Clopper & E. S. Pearson, "The use of confidence or fiducial limits illustrated
 * in the case of the binomial", Biometrika 26 (1934) 404–413; L. D. Brown, T. T. Cai &
 * A. DasGupta, Statistical Science 16 (2001) 101–133, §4.2.1.
 *
 * Input: n an integer >= 1; successes an integer in [0, n]; confidence in (0, 1), default 0.95.
 *
 * @example clopperPearsonInterval(3, 20)
 * // { estimate: 0.15, lower: 0.03207093718546374, upper: 0.37892682654531384, n: 20,
 * //   successes: 3, confidence: 0.95, method: 'clopper-pearson' }
 */
export function clopperPearsonInterval(successes: number, n: number, confidence = 0.95): ProportionInterval {
  checkProportion('clopperPearsonInterval', successes, n, confidence, true);
  const halfAlpha = (1 - confidence) / 2;
  const lower = successes === 0 ? 0 : inverseIncompleteBeta(halfAlpha, 1 - halfAlpha, successes, n - successes + 1).x;
  const upper = successes === n ? 1 : inverseIncompleteBeta(1 - halfAlpha, halfAlpha, successes + 1, n - successes).x;
  return { estimate: successes / n, lower, upper, n, successes, confidence, method: 'clopper-pearson' };
}
