/**
 * Tests of a mean paired difference against a tolerance ±δ (the non-regression tests of
 * `goldpit check`): equivalence within ±δ (TOST) and a shift beyond ±δ, both from the paired t
 * statistics of {@link pairedDifference}.
 */
import type { PairedDifference } from './paired.js';
import { normalQuantile } from './normal.js';
import { studentTCdf, studentTSf } from './student-t.js';
import { fail, requirePositive } from './validate.js';

/** The paired statistics a tolerance test needs: d̄, its standard error and the degrees of freedom. */
export type PairedMoments = Pick<PairedDifference, 'mean' | 'standardError' | 'df' | 'n'>;

export interface ToleranceTest {
  /** The tolerance δ (> 0) the mean difference is tested against. */
  readonly delta: number;
  /** TOST: p-value of H0 μ ≤ −δ (against μ > −δ). */
  readonly pAboveLower: number;
  /** TOST: p-value of H0 μ ≥ +δ (against μ < +δ). */
  readonly pBelowUpper: number;
  /** TOST p-value of equivalence, max(pAboveLower, pBelowUpper): equivalent within ±δ at level α when ≤ α. */
  readonly pEquivalent: number;
  /** p-value of H0 μ ≤ +δ (against a shift above +δ). */
  readonly pShiftUp: number;
  /** p-value of H0 μ ≥ −δ (against a shift below −δ). */
  readonly pShiftDown: number;
  /**
   * p-value of H0 |μ| ≤ δ against a shift beyond ±δ: min(1, 2·min(pShiftUp, pShiftDown)), the two
   * one-sided tests Bonferroni-combined (each direction at α/2), so that the level holds anywhere in
   * [−δ, δ], even where δ is small against the standard error.
   */
  readonly pBeyond: number;
  readonly method: 'paired-t-tolerance';
}

/** One-sided p-values of the t statistic (d̄ − θ)/SE; sd = 0 decides each test outright. */
function above(m: PairedMoments, theta: number): number {
  // p-value of H0 μ ≤ θ: P(T ≥ (d̄ − θ)/SE)
  if (m.standardError === 0) return m.mean > theta ? 0 : 1;
  return studentTSf((m.mean - theta) / m.standardError, m.df);
}

function below(m: PairedMoments, theta: number): number {
  // p-value of H0 μ ≥ θ: P(T ≤ (d̄ − θ)/SE)
  if (m.standardError === 0) return m.mean < theta ? 0 : 1;
  return studentTCdf((m.mean - theta) / m.standardError, m.df);
}

/**
 * The equivalence (TOST) and shift-beyond tests of a mean paired difference against ±δ.
 *
 * Formula: with t(θ) = (d̄ − θ)/SE and n − 1 degrees of freedom,
 *   TOST (Schuirmann): p₁ = P(T ≥ t(−δ)) for H0 μ ≤ −δ, p₂ = P(T ≤ t(+δ)) for H0 μ ≥ +δ,
 *     pEquivalent = max(p₁, p₂) (the intersection–union test: equivalence at level α when both reject);
 *   shift: pShiftUp = P(T ≥ t(+δ)) for H0 μ ≤ +δ, pShiftDown = P(T ≤ t(−δ)) for H0 μ ≥ −δ,
 *     pBeyond = min(1, 2·min(pShiftUp, pShiftDown)).
 * With SE = 0 (every difference equal) each test is decided by d̄ alone (p = 0 or 1).
 *
 * Reference: D. J. Schuirmann, "A comparison of the two one-sided tests procedure and the power
 * approach for assessing the equivalence of average bioavailability", J. Pharmacokinetics and
 * Biopharmaceutics 15 (1987) 657–680; S. Wellek, Testing Statistical Hypotheses of Equivalence and
 * Noninferiority, 2nd ed. (2010), §2–3 (non-inferiority and equivalence by one-sided t-tests).
 *
 * Input: moments from {@link pairedDifference} or {@link pairedFromSums}; delta a finite number > 0.
 *
 * @example toleranceTest({ n: 5, mean: 3, standardError: 0.7071067811865476, df: 4 }, 5).pEquivalent
 * // 0.02371032779215981
 */
export function toleranceTest(moments: PairedMoments, delta: number): ToleranceTest {
  const where = 'toleranceTest';
  requirePositive(where, 'delta', delta);
  if (moments === null || typeof moments !== 'object') fail(where, 'moments', 'the paired statistics { mean, standardError, df }', moments);
  if (!Number.isFinite(moments.mean)) fail(where, 'moments.mean', 'a finite number', moments.mean);
  if (!(moments.standardError >= 0) || !Number.isFinite(moments.standardError))
    fail(where, 'moments.standardError', 'a finite number >= 0', moments.standardError);
  if (!(moments.df > 0)) fail(where, 'moments.df', 'a number > 0', moments.df);
  const pAboveLower = above(moments, -delta);
  const pBelowUpper = below(moments, delta);
  const pShiftUp = above(moments, delta);
  const pShiftDown = below(moments, -delta);
  return {
    delta,
    pAboveLower,
    pBelowUpper,
    pEquivalent: Math.max(pAboveLower, pBelowUpper),
    pShiftUp,
    pShiftDown,
    pBeyond: Math.min(1, 2 * Math.min(pShiftUp, pShiftDown)),
    method: 'paired-t-tolerance',
  };
}

/** Planning power of {@link gamesToDecide}: β = 0.1, i.e. a 90% chance to decide if the observed shift is the truth. */
export const GAMES_TO_DECIDE_BETA = 0.1;

/**
 * Games needed for a fixed-sample tolerance test to decide with power 1 − β, if the observed mean d̄
 * and standard deviation s were the truth: for |d̄| < δ, equivalence (TOST at level α) needs
 * n = ((z_{1−α} + z_{1−β})·s/(δ − |d̄|))²; for |d̄| > δ, a shift beyond δ at level α' = α/(2m)
 * (Bonferroni over m metrics, both directions) needs n = ((z_{1−α'} + z_{1−β})·s/(|d̄| − δ))².
 * A planning figure (large-sample normal approximation, only the nearer bound of TOST counted, so a
 * little low when d̄ is near 0), not a guarantee. When |d̄| = δ exactly no number of games decides
 * (the gap is 0): Infinity, which callers report as "cannot be decided at this shift".
 *
 * Reference: S.-C. Chow, J. Shao & H. Wang, Sample Size Calculations in Clinical Research, 2nd ed.
 * (2008), §3.2 (one-sample tests of non-inferiority and equivalence), with the observed effect
 * plugged in.
 *
 * Input: sd ≥ 0, delta > 0, alpha and beta in (0, 1), metrics an integer ≥ 1.
 *
 * @example gamesToDecide(0.002, 0.6, 0.01, 0.05, 7) // 48172 (β = 0.1)
 */
export function gamesToDecide(mean: number, sd: number, delta: number, alpha: number, metrics: number, beta: number = GAMES_TO_DECIDE_BETA): number {
  const where = 'gamesToDecide';
  if (!Number.isFinite(mean)) fail(where, 'mean', 'a finite number', mean);
  if (!(sd >= 0) || !Number.isFinite(sd)) fail(where, 'sd', 'a finite number >= 0', sd);
  requirePositive(where, 'delta', delta);
  if (!(alpha > 0 && alpha < 1)) fail(where, 'alpha', 'a number strictly between 0 and 1', alpha);
  if (!(beta > 0 && beta < 1)) fail(where, 'beta', 'a number strictly between 0 and 1', beta);
  if (!Number.isInteger(metrics) || metrics < 1) fail(where, 'metrics', 'an integer >= 1', metrics);
  const gap = delta - Math.abs(mean);
  if (gap === 0) return Infinity;
  const z = (gap > 0 ? normalQuantile(1 - alpha) : normalQuantile(1 - alpha / (2 * metrics))) + normalQuantile(1 - beta);
  return Math.ceil(((z * sd) / Math.abs(gap)) ** 2);
}
