/**
 * The risk model shared by the heuristic bots (docs/games/my-gold-mine-rules.md §6 "the key risk model"): how
 * likely Drago is to move at least k steps before a given number of gold cards has been drawn, from
 * the countable composition of the digging deck (never its order).
 *
 * Drago moves once per dragon card that surfaces; dragons surface between gold draws. With D dragons
 * and G gold cards in random order, the steps Drago takes before the r-th gold card is drawn are the
 * dragons that lie before it: X ≥ k exactly when the first k + r − 1 cards hold at least k dragons,
 * a hypergeometric tail (N = D + G cards, D marked, n = k + r − 1 drawn). If the deck runs out of
 * gold first, every dragon surfaces (n capped at N gives that).
 */

/** P(a hypergeometric draw of n of N cards, D of them dragons, holds ≥ k dragons). */
export function atLeastDragons(D: number, N: number, n: number, k: number): number {
  if (k <= 0) return 1;
  if (k > D || k > n) return 0;
  const G = N - D;
  const lo = Math.max(0, n - G);
  const hi = Math.min(D, n);
  if (k > hi) return 0;
  // pmf(lo) = C(D, lo) C(G, n − lo) / C(N, n), then pmf(j + 1) = pmf(j) (D − j)(n − j) / ((j + 1)(G − n + j + 1)).
  let pmf = 1;
  for (let i = 0; i < lo; i++) pmf *= (D - i) / (i + 1);
  for (let i = 0; i < n - lo; i++) pmf *= (G - i) / (i + 1);
  for (let i = 0; i < n; i++) pmf *= (i + 1) / (N - i);
  let tail = 0;
  for (let j = lo; j <= hi; j++) {
    if (j >= k) tail += pmf;
    pmf *= ((D - j) * (n - j)) / ((j + 1) * (G - n + j + 1));
  }
  return tail > 1 ? 1 : tail;
}

/**
 * Remembered values of dragonReach for D < 32, G < 128, r < 8, k < 16 (−1 = not yet computed): the
 * bots ask it at every turn, and computing it was 13% of a run's time. A value is stored exactly as
 * computed, so the cache changes no decision.
 */
const CACHE = new Float64Array(32 * 128 * 8 * 16).fill(-1);

/** P(Drago takes ≥ k steps before the r-th of the G gold cards is drawn), D dragons among them (see above). */
export function dragonReach(D: number, G: number, r: number, k: number): number {
  if (k <= 0) return 1;
  if (r <= 0 || k > D) return 0;
  const cached = D < 32 && G < 128 && r < 8 && k < 16;
  const at = (((D * 128 + G) * 8 + r) << 4) + k;
  if (cached && CACHE[at] >= 0) return CACHE[at];
  const N = D + G;
  const n = Math.min(k + r - 1, N);
  const p = atLeastDragons(D, N, n, k);
  if (cached) CACHE[at] = p;
  return p;
}
