import { studentTQuantile } from './student-t.js';
import { fail, requireConfidence } from './validate.js';

/** A win-rate interval over clusters of correlated games (e.g. the seat rotations of one deal). */
export interface ClusteredProportionInterval {
  /** Σ successes / Σ trials. */
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
  /** Trials (games), Σ trials. */
  readonly n: number;
  /** Successes, Σ successes (a shared win may count 1/k). */
  readonly successes: number;
  /** Number of clusters (deals). */
  readonly clusters: number;
  /**
   * Estimated design effect: the cluster-robust variance of the estimate over the binomial one,
   * p̂(1 − p̂)/n; 1 when p̂ is 0 or 1 (both variances are then 0).
   */
  readonly designEffect: number;
  /** n / max(1, designEffect): the games the data are worth as independent ones. */
  readonly effectiveN: number;
  readonly confidence: number;
  readonly method: 'wilson-clustered';
}

/**
 * Interval for a proportion whose trials come in clusters of correlated trials: a tournament bot's
 * games within one deal (its seat rotations share the same shuffles, draws and tie-breaks) are not
 * independent, so the binomial (Wilson) interval on the games is too narrow. This one is Wilson's
 * on the effective sample size, with the design effect taken from a cluster-robust variance and
 * Student's t on C − 1 degrees of freedom instead of the normal quantile.
 *
 * Formula: clusters c = 1..C with trials n_c and successes s_c; n = Σn_c, p̂ = Σs_c / n.
 *   V_CR = C/(C − 1) · Σ_c (s_c − p̂·n_c)² / n²        (cluster-robust "CR1" variance of p̂, the
 *                                                    sandwich of the ratio estimator; statsmodels'
 *                                                    OLS of the outcomes on a constant with
 *                                                    cov_type='cluster' gives the same number)
 *   deff = V_CR / (p̂(1 − p̂)/n)  (1 when p̂ ∈ {0, 1}),  n_eff = n / max(1, deff),
 *   t = t_{C−1}((1 + confidence)/2),
 *   bounds = (p̂ + t²/(2n_eff) ∓ t·√(p̂(1 − p̂)/n_eff + t²/(4n_eff²))) / (1 + t²/n_eff),
 * with the lower bound exactly 0 when p̂ = 0 and the upper exactly 1 when p̂ = 1. Using t in
 * Wilson's formula on n_eff is the same as the normal-quantile Wilson interval on Korn &
 * Graubard's degrees-of-freedom-adjusted size n* = n_eff·(z/t)²: it widens the interval when few
 * clusters carry the variance estimate.
 *
 * The design effect is floored at 1 (as Korn & Graubard do): an estimate below 1 from a finite
 * number of clusters is mostly noise, and the floor keeps the interval at least as wide as the
 * binomial one. When C is small the variance estimate itself is unreliable; callers should not
 * report an interval below a minimum number of clusters (the tournament uses MIN_DEALS).
 *
 * References: E. L. Korn & B. I. Graubard, "Confidence intervals for proportions with small
 * expected number of positive counts estimated from survey data", Survey Methodology 24 (1998)
 * 193–201 (effective sample size and its degrees-of-freedom adjustment); A. C. Cameron & D. L.
 * Miller, "A practitioner's guide to cluster-robust inference", Journal of Human Resources 50
 * (2015) 317–372, §II.C (CR1) and §VI (few clusters, t on C − 1 df); C. Franco, R. J. A. Little,
 * T. A. Louis & E. V. Slud, "Comparative study of confidence intervals for proportions in complex
 * sample surveys", J. Survey Statistics and Methodology 7 (2019) 334–364 (Wilson on the
 * effective sample size).
 *
 * Input: successes and trials, arrays of the same length C >= 2; every trials[c] a finite number
 * > 0 and successes[c] a number in [0, trials[c]] (fractional allowed: a shared win counts 1/k);
 * confidence in (0, 1), default 0.95.
 *
 * @example clusteredProportionInterval([3, 0, 4, 1], [4, 4, 4, 4])
 * // { estimate: 0.5, lower: 0.0881578498136755, upper: 0.9118421501863245, n: 16, successes: 8,
 * //   clusters: 4, designEffect: 3.333333333333333, effectiveN: 4.800000000000001,
 * //   confidence: 0.95, method: 'wilson-clustered' }
 * // (Wilson on the 16 games: 0.28–0.72; the four deals disagree far more than games would.)
 */
export function clusteredProportionInterval(successes: ArrayLike<number>, trials: ArrayLike<number>, confidence = 0.95): ClusteredProportionInterval {
  const where = 'clusteredProportionInterval';
  if (successes === null || typeof successes !== 'object' || typeof successes.length !== 'number')
    fail(where, 'successes', 'an array of successes per cluster', successes);
  if (trials === null || typeof trials !== 'object' || typeof trials.length !== 'number') fail(where, 'trials', 'an array of trials per cluster', trials);
  const clusters = trials.length;
  if (successes.length !== clusters) fail(where, 'successes', `an array as long as trials (${clusters} clusters)`, successes);
  if (clusters < 2) fail(where, 'trials', 'at least 2 clusters (a variance between clusters needs two)', trials);
  requireConfidence(where, confidence);
  let n = 0;
  let s = 0;
  for (let c = 0; c < clusters; c++) {
    const m = trials[c];
    const w = successes[c];
    if (typeof m !== 'number' || !Number.isFinite(m) || m <= 0) fail(where, `trials[${c}]`, 'a finite number > 0', m);
    if (typeof w !== 'number' || !(w >= 0 && w <= m)) fail(where, `successes[${c}]`, `a number between 0 and trials[${c}] (= ${m})`, w);
    n += m;
    s += w;
  }
  const p = s / n;
  let residualSquares = 0;
  for (let c = 0; c < clusters; c++) residualSquares += (successes[c] - p * trials[c]) ** 2;
  const robust = ((clusters / (clusters - 1)) * residualSquares) / (n * n);
  const binomial = (p * (1 - p)) / n;
  const designEffect = binomial > 0 ? robust / binomial : 1;
  const effectiveN = n / Math.max(1, designEffect);
  const t = studentTQuantile((1 + confidence) / 2, clusters - 1);
  const t2n = (t * t) / effectiveN;
  const centre = p + t2n / 2;
  const spread = t * Math.sqrt((p * (1 - p)) / effectiveN + t2n / (4 * effectiveN));
  const lower = s === 0 ? 0 : Math.max(0, (centre - spread) / (1 + t2n));
  const upper = s === n ? 1 : Math.min(1, (centre + spread) / (1 + t2n));
  return { estimate: p, lower, upper, n, successes: s, clusters, designEffect, effectiveN, confidence, method: 'wilson-clustered' };
}
