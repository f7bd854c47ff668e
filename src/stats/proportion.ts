/**
 * The result shape shared by the confidence intervals for a binomial proportion (win rates).
 */
import { fail, requireConfidence } from './validate.js';

export type ProportionMethod = 'wilson' | 'clopper-pearson';

export interface ProportionInterval {
  /** successes / n (the point estimate, from the successes as given). */
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
  /** Trials (games). */
  readonly n: number;
  /** Successes as given (a shared win may count 1/k). */
  readonly successes: number;
  readonly confidence: number;
  readonly method: ProportionMethod;
}

/** Checks (successes, n, confidence) for an interval; `integers` demands whole numbers of both. */
export function checkProportion(where: string, successes: number, n: number, confidence: number, integers: boolean): void {
  if (integers) {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) fail(where, 'n', 'an integer >= 1 (the number of trials)', n);
    if (typeof successes !== 'number' || !Number.isInteger(successes) || successes < 0 || successes > n) {
      fail(where, 'successes', `an integer between 0 and n (= ${n})`, successes);
    }
  } else {
    if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) fail(where, 'n', 'a finite number > 0 (the number of trials)', n);
    if (typeof successes !== 'number' || !(successes >= 0 && successes <= n)) fail(where, 'successes', `a number between 0 and n (= ${n})`, successes);
  }
  requireConfidence(where, confidence);
}
