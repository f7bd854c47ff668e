/**
 * Adjusted p-values for many simultaneous tests (every bot pair, every seat, every card): the
 * adjusted value of a test is the smallest level at which the procedure would reject it, so
 * "adjusted <= 0.05" reads as "rejected at 5%".
 */
import { fail } from './validate.js';

function checkedPValues(where: string, pValues: ArrayLike<number>): number[] {
  if (pValues === null || typeof pValues !== 'object' || typeof pValues.length !== 'number') fail(where, 'pValues', 'an array of p-values', pValues);
  const out = new Array<number>(pValues.length);
  for (let i = 0; i < pValues.length; i++) {
    const p = pValues[i];
    if (typeof p !== 'number' || !(p >= 0 && p <= 1)) fail(where, `pValues[${i}]`, 'a p-value in [0, 1]', p);
    out[i] = p;
  }
  return out;
}

/** Indices that sort `values` ascending (ties keep input order). */
function ascendingOrder(values: readonly number[]): number[] {
  return values.map((_, i) => i).sort((i, j) => values[i] - values[j] || i - j);
}

/**
 * Benjamini–Hochberg adjusted p-values (q-values), controlling the false discovery rate.
 *
 * Formula: with the m p-values sorted ascending, p₍₁₎ ≤ … ≤ p₍ₘ₎,
 *   q₍ᵢ₎ = min over j >= i of min(1, m·p₍ⱼ₎/j)
 * (the step-up procedure: reject every test with q <= level). Returned in the input order;
 * monotone in p and capped at 1.
 *
 * Reference: Y. Benjamini & Y. Hochberg, "Controlling the false discovery rate: a practical and
 * powerful approach to multiple testing", JRSS B 57 (1995) 289–300; adjusted values as in
 * S. P. Wright, "Adjusted p-values for simultaneous inference", Biometrics 48 (1992) 1005–1013,
 * and R's p.adjust(method = "BH").
 *
 * Input: an array of p-values, each in [0, 1] (may be empty).
 *
 * @example benjaminiHochberg([0.01, 0.04, 0.03, 0.2]) // [0.04, 0.05333333333333334, 0.05333333333333334, 0.2]
 */
export function benjaminiHochberg(pValues: ArrayLike<number>): number[] {
  const p = checkedPValues('benjaminiHochberg', pValues);
  const m = p.length;
  const order = ascendingOrder(p);
  const q = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const i = order[rank - 1];
    running = Math.min(running, (m * p[i]) / rank);
    q[i] = running;
  }
  return q;
}

/**
 * Holm's step-down adjusted p-values, controlling the family-wise error rate (uniformly more
 * powerful than Bonferroni, no assumption on the dependence between tests).
 *
 * Formula: with the m p-values sorted ascending,
 *   adj₍ᵢ₎ = max over j <= i of min(1, (m − j + 1)·p₍ⱼ₎).
 * Returned in the input order; monotone in p and capped at 1.
 *
 * Reference: S. Holm, "A simple sequentially rejective multiple test procedure", Scandinavian
 * Journal of Statistics 6 (1979) 65–70; adjusted values: S. P. Wright, Biometrics 48 (1992)
 * 1005–1013, and R's p.adjust(method = "holm").
 *
 * Input: an array of p-values, each in [0, 1] (may be empty).
 *
 * @example holm([0.01, 0.04, 0.03, 0.2]) // [0.04, 0.09, 0.09, 0.2]
 */
export function holm(pValues: ArrayLike<number>): number[] {
  const p = checkedPValues('holm', pValues);
  const m = p.length;
  const order = ascendingOrder(p);
  const adjusted = new Array<number>(m);
  let running = 0;
  for (let rank = 1; rank <= m; rank++) {
    const i = order[rank - 1];
    running = Math.max(running, Math.min(1, (m - rank + 1) * p[i]));
    adjusted[i] = running;
  }
  return adjusted;
}
