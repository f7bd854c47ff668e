/**
 * The deals of a point, boiled down to block totals: games [0, n) are cut into G contiguous blocks
 * (by game index, so the blocks are the same at every point and for any worker count), and each
 * metric keeps one total per block. That is all the estimators need:
 * - a point's estimate is Σ totals / n;
 * - the sampling covariance of two estimates over the same deals (two points, or two metrics) is
 *   the cluster-robust (CR1) formula over the blocks,
 *       ĉov(X̄, Z̄) = G/(G − 1) · Σ_g (Xtot_g − X̄·n_g)(Ztot_g − Z̄·n_g) / n²,
 *   which for blocks of equal size b is the sample covariance of the block means over G; deals are
 *   independent, so blocks are too, and this is unbiased with G − 1 degrees of freedom;
 * - a bootstrap over deals resamples whole blocks (the same blocks at every point, so common random
 *   numbers are kept within every replicate).
 */

/** Blocks per point (fewer when a point has fewer games). */
export const BLOCKS = 40;

/** The block bounds of n games: G + 1 game indices, block g = [bounds[g], bounds[g + 1]). */
export function blockBounds(n: number): number[] {
  if (!Number.isInteger(n) || n < 2) throw new RangeError(`blockBounds: needs a whole number of games ≥ 2, got ${n}`);
  const g = Math.min(BLOCKS, n);
  return Array.from({ length: g + 1 }, (_, i) => Math.floor((i * n) / g));
}

/** Block sizes from bounds. */
export function blockSizes(bounds: readonly number[]): Float64Array {
  const out = new Float64Array(bounds.length - 1);
  for (let g = 0; g < out.length; g++) out[g] = bounds[g + 1] - bounds[g];
  return out;
}

/** Writes the block totals of per-deal `values` into `out` at `offset` (G numbers). */
export function putBlockTotals(values: ArrayLike<number>, bounds: readonly number[], out: Float64Array, offset: number): void {
  for (let g = 0; g + 1 < bounds.length; g++) {
    let s = 0;
    for (let i = bounds[g]; i < bounds[g + 1]; i++) s += values[i];
    out[offset + g] = s;
  }
}

/** Σ of G numbers of `a` from `offset`. */
export function total(a: ArrayLike<number>, offset: number, g: number): number {
  let s = 0;
  for (let i = 0; i < g; i++) s += a[offset + i];
  return s;
}

/**
 * The CR1 covariance of the means of two block-total vectors over the same deals (see the module
 * comment); `x` and `z` are G totals each, `sizes` the block sizes, n = Σ sizes. 0 when G = 1.
 *
 * @example blockCovariance([1, 3], [1, 3], [2, 2]) // 0.25: block means 0.5 and 1.5, var of the mean 0.25
 */
export function blockCovariance(x: ArrayLike<number>, z: ArrayLike<number>, sizes: ArrayLike<number>): number {
  const g = sizes.length;
  if (g < 2) return 0;
  let n = 0;
  let sx = 0;
  let sz = 0;
  for (let i = 0; i < g; i++) {
    n += sizes[i];
    sx += x[i];
    sz += z[i];
  }
  const mx = sx / n;
  const mz = sz / n;
  let c = 0;
  for (let i = 0; i < g; i++) c += (x[i] - mx * sizes[i]) * (z[i] - mz * sizes[i]);
  return ((g / (g - 1)) * c) / (n * n);
}
