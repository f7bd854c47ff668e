import { fail } from './validate.js';

/**
 * Gini coefficient of non-negative values (e.g. final gold of the players, or win shares of the
 * seats): 0 when everyone has the same, (n − 1)/n when one has everything.
 *
 * Formula: G = (mean absolute difference)/(2·mean) = Σᵢ Σⱼ |xᵢ − xⱼ| / (2·n²·x̄), computed in
 * O(n log n) from the sorted values x₍₁₎ ≤ … ≤ x₍ₙ₎ as G = Σᵢ (2i − n − 1)·x₍ᵢ₎ / (n·Σx).
 * All pairs (i, j) are averaged, i = j included (the population form, no n/(n − 1) correction).
 * G = 0 when the total is 0.
 *
 * Reference: C. Gini, "Variabilità e mutabilità" (1912); the sorted form: P. M. Dixon, J. Weiner,
 * T. Mitchell-Olds & R. Woodley, "Bootstrapping the Gini coefficient of inequality", Ecology 68
 * (1987) 1548–1551.
 *
 * Input: at least one value, each finite and >= 0.
 *
 * @example gini([1, 2, 3, 4]) // 0.25
 */
export function gini(values: ArrayLike<number>): number {
  const where = 'gini';
  if (values === null || typeof values !== 'object' || typeof values.length !== 'number') fail(where, 'values', 'an array of numbers', values);
  const n = values.length;
  if (n < 1) fail(where, 'values', 'at least one value', values);
  const sorted = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const x = values[i];
    if (typeof x !== 'number' || !Number.isFinite(x) || x < 0) fail(where, `values[${i}]`, 'a finite number >= 0', x);
    sorted[i] = x;
    total += x;
  }
  sorted.sort();
  return giniOfSorted(sorted, n, total);
}

/** The formula above on values already sorted ascending, with `total` their sum in input order. */
function giniOfSorted(sorted: ArrayLike<number>, n: number, total: number): number {
  // Exactly 0 for equal values (the weighted sum below could leave a rounding residue).
  if (total === 0 || sorted[0] === sorted[n - 1]) return 0;
  let weighted = 0;
  for (let i = 0; i < n; i++) weighted += (2 * (i + 1) - n - 1) * sorted[i];
  return Math.max(0, weighted / (n * total));
}

const SCRATCH: number[] = [];

/**
 * `gini` of the first n entries of `values`, for a hot loop (one call per game): no input checks (the
 * caller's values are finite and ≥ 0: final gold) and no allocation (an insertion sort in a reused
 * list). The same sums in the same order as `gini`, so the same double.
 */
export function giniUnchecked(values: ArrayLike<number>, n: number): number {
  const sorted = SCRATCH;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const x = values[i];
    total += x;
    let j = i - 1;
    while (j >= 0 && sorted[j] > x) {
      sorted[j + 1] = sorted[j];
      j--;
    }
    sorted[j + 1] = x;
  }
  return giniOfSorted(sorted, n, total);
}
