/**
 * The sequential probability ratio test for the mean of paired differences (Wald's SPRT with the
 * normal likelihood and the variance estimated from the data: fishtest's "GSPRT"), the sequential
 * mode of `goldpit check --until-decided`.
 */
import { fail, requireProbability } from './validate.js';

export interface SprtBounds {
  /** ln(β/(1 − α)): accept H0 when the log-likelihood ratio falls to or below it. */
  readonly lower: number;
  /** ln((1 − β)/α): accept H1 when the log-likelihood ratio rises to or above it. */
  readonly upper: number;
}

/**
 * Wald's stopping bounds for error rates α (accepting H1 when H0 holds) and β (accepting H0 when
 * H1 holds).
 *
 * Formula: A = ln((1 − β)/α), B = ln(β/(1 − α)); continue while B < LLR < A. Wald's inequalities
 * bound the actual error rates by α/(1 − β) and β/(1 − α) (overshoot only lowers them).
 *
 * Reference: A. Wald, "Sequential tests of statistical hypotheses", Annals of Mathematical
 * Statistics 16 (1945) 117–186, §3.2.
 *
 * Input: alpha and beta in (0, 1) with alpha + beta < 1.
 *
 * @example sprtBounds(0.05, 0.05) // { lower: -2.9444389791664403, upper: 2.9444389791664403 }
 */
export function sprtBounds(alpha: number, beta: number): SprtBounds {
  requireProbability('sprtBounds', 'alpha', alpha);
  requireProbability('sprtBounds', 'beta', beta);
  if (!(alpha > 0 && beta > 0 && alpha + beta < 1)) fail('sprtBounds', 'alpha + beta', 'below 1, with alpha and beta > 0', alpha + beta);
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/**
 * Log-likelihood ratio of H1 μ = θ₁ against H0 μ = θ₀ for n differences with sum Σd and sum of
 * squares Σd², under a normal model whose variance is estimated from the same data (the GSPRT of
 * fishtest: the generalised likelihood ratio with the nuisance variance plugged in).
 *
 * Formula: σ̂² = Σd²/n − (Σd/n)² (maximum likelihood, divisor n);
 *   LLR = Σ[(dᵢ − θ₀)² − (dᵢ − θ₁)²]/(2σ̂²) = (θ₁ − θ₀)·(Σd − n(θ₀ + θ₁)/2)/σ̂².
 * With σ̂² = 0 (every difference equal) the evidence is decisive: ±Infinity by the sign of
 * Σd − n(θ₀ + θ₁)/2 (0 when that is 0).
 *
 * Reference: A. Wald (1945), as {@link sprtBounds}; M. Van den Bergh, "Comments on normalized
 * SPRT" (fishtest, 2021), the normal approximation used by Stockfish's testing framework.
 *
 * Input: n an integer ≥ 2; sum and sumSq finite; theta0 ≠ theta1.
 *
 * @example gaussianLlr(5, 15, 55, 0, 1) // 6.25
 */
export function gaussianLlr(n: number, sum: number, sumSq: number, theta0: number, theta1: number): number {
  const where = 'gaussianLlr';
  if (!Number.isInteger(n) || n < 2) fail(where, 'n', 'an integer >= 2', n);
  if (!Number.isFinite(sum)) fail(where, 'sum', 'a finite number', sum);
  if (!Number.isFinite(sumSq) || sumSq < 0) fail(where, 'sumSq', 'a finite number >= 0', sumSq);
  if (!Number.isFinite(theta0) || !Number.isFinite(theta1) || theta0 === theta1) fail(where, 'theta1', `a finite number other than theta0 (${theta0})`, theta1);
  const mean = sum / n;
  const variance = Math.max(0, sumSq / n - mean * mean);
  const drift = sum - (n * (theta0 + theta1)) / 2;
  if (variance === 0 || variance <= 1e-15 * (sumSq / n)) {
    // No spread (or only rounding of it): the data decide between the two means outright.
    const signed = (theta1 - theta0) * drift;
    return signed === 0 ? 0 : signed > 0 ? Infinity : -Infinity;
  }
  return ((theta1 - theta0) * drift) / variance;
}

export type SprtState = 'continue' | 'H0' | 'H1';

/** Where the log-likelihood ratio stands against the bounds. */
export function sprtDecision(llr: number, bounds: SprtBounds): SprtState {
  if (llr >= bounds.upper) return 'H1';
  if (llr <= bounds.lower) return 'H0';
  return 'continue';
}
