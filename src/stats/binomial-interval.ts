import { clopperPearsonInterval } from './clopper-pearson.js';
import { checkProportion, type ProportionInterval } from './proportion.js';
import { fail } from './validate.js';
import { wilsonInterval } from './wilson.js';

/**
 * Fewer than this many successes (or failures) switch the interval from Wilson to
 * Clopper–Pearson: for p very close to 0 or 1 Wilson's coverage dips well below the nominal level
 * (Brown, Cai & DasGupta 2001, §4.1.1), while the exact interval never undercovers.
 */
export const EXACT_BELOW = 10;

/**
 * The confidence interval goldpit reports for a win rate: Wilson, except Clopper–Pearson when
 * successes < 10 or n − successes < 10.
 *
 * Formula: see `wilsonInterval` and `clopperPearsonInterval`. In the Clopper–Pearson case a
 * fractional number of successes (shared wins count 1/k) is rounded to the nearest integer
 * (halves up) for the interval; `estimate` and `successes` stay as given, and `method` says which
 * interval was used.
 *
 * Reference: L. D. Brown, T. T. Cai & A. DasGupta, "Interval estimation for a binomial
 * proportion", Statistical Science 16 (2001) 101–133: §4.1.1 (Wilson), §4.2.1 (Clopper–Pearson),
 * §5 (recommendations).
 *
 * Input: n an integer >= 1; successes a number in [0, n] (may be fractional); confidence in
 * (0, 1), default 0.95.
 *
 * @example binomialInterval(2.5, 40) // 2.5 < 10 successes: Clopper–Pearson on 3 of 40
 * // { estimate: 0.0625, lower: 0.015742179851041545, upper: 0.20386474873289898, n: 40,
 * //   successes: 2.5, confidence: 0.95, method: 'clopper-pearson' }
 */
export function binomialInterval(successes: number, n: number, confidence = 0.95): ProportionInterval {
  checkProportion('binomialInterval', successes, n, confidence, false);
  if (!Number.isInteger(n)) fail('binomialInterval', 'n', 'an integer >= 1 (the number of trials)', n);
  if (successes >= EXACT_BELOW && n - successes >= EXACT_BELOW) return wilsonInterval(successes, n, confidence);
  const exact = clopperPearsonInterval(Math.round(successes), n, confidence);
  return { ...exact, estimate: successes / n, successes };
}
