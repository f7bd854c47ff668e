/**
 * Sobol indices on common random numbers, from block totals (blocks.ts), with Saltelli's estimators
 * (Saltelli et al. 2010, Table 2: (b) for the first order, (f) = Jansen 1999 for the total):
 *   f0 = mean of the 2N outputs of A and B, V = their variance (÷ 2N),
 *   S_j  = (1/N) Σ_i (Y_B,i − f0)(Y_ABj,i − Y_A,i) / V,
 *   ST_j = (1/2N) Σ_i (Y_A,i − Y_ABj,i)² / V,
 * exactly as scipy.stats.sobol_indices computes them from the same outputs (the raw figures; pinned
 * against it in the tests).
 *
 * A point's output Ȳ is a mean over n deals, f(x) + ε(x): the metric's expectation at the knobs'
 * values plus the deals' noise. On common random numbers the part of ε shared by every point is a
 * constant and drops out; what is left varies from point to point and adds to the variance. Each
 * estimator is a mean of products of outputs, and for two means over the same deals
 * E[X̄·Z̄] = E[X]·E[Z] + cov(X̄, Z̄), the covariance known from the blocks. Subtracting it gives
 * estimators of the indices of f — the knobs' — with the noise said apart:
 *   V_noise = (1/2N) Σ_i ĉov(Ȳ_A,i − Ȳ_B,i)         (the noise's share of V: A and B rows are independent),
 *   V_knobs = V − V_noise,
 *   S_j  = [(1/N) Σ (Y_B − f0)(Y_ABj − Y_A) − (1/N) Σ ĉov(Ȳ_B, Ȳ_ABj − Ȳ_A)] / V_knobs,
 *   ST_j = [(1/2N) Σ (Y_A − Y_ABj)² − (1/2N) Σ ĉov(Ȳ_A − Ȳ_ABj)] / V_knobs.
 * `noiseShare` = V_noise / V: how much of the metric's variance between points is the finite games'
 * (more games per point shrink it); `dealShare` = E_x[per-game variance] / (E_x[per-game variance] +
 * V_knobs): how much of one game's variance is the deal's rather than the knobs'.
 * Intervals: the pigeonhole bootstrap over rows and deal blocks (bootstrap.ts); the noise
 * corrections are taken from all the data in every replicate.
 */
import { blockCovariance } from './blocks.js';
import { Moments, Resampler, seInterval, type Interval } from './bootstrap.js';

export interface SobolInput {
  readonly knobs: number;
  readonly metrics: number;
  readonly sizes: Float64Array;
  readonly data: readonly Float64Array[];
  /** Data indices: A's rows, B's rows, and per knob j the rows of A_B^(j). */
  readonly a: readonly number[];
  readonly b: readonly number[];
  readonly ab: readonly (readonly number[])[];
  readonly bootstrap: number;
  readonly seed: string;
  /**
   * Per metric, the range a deal's value can take (as Morris's): for a knob that changed no deal in
   * any row it bounds what the deals not played could change, so that the knob gets indices of
   * exactly 0 with a width, not [0, 0]. Without it no such widening.
   */
  readonly ranges?: readonly number[];
}

export interface SobolFigures {
  /** Per knob: first-order and total indices of the knobs' variance (noise removed). */
  readonly first: readonly Interval[];
  readonly total: readonly Interval[];
  /** The raw Saltelli/Jansen figures over the outputs as they are (noise included), as scipy computes them. */
  readonly rawFirst: readonly number[];
  readonly rawTotal: readonly number[];
  /** V: the variance of the outputs; V_noise its deals' part. */
  readonly variance: number;
  readonly noiseVariance: number;
  readonly noiseShare: Interval;
  readonly dealShare: number;
}

/** Per metric m: the indices of every knob. */
export function sobolFigures(input: SobolInput): SobolFigures[] {
  const { knobs: k, metrics: M, sizes, data, a, b, ab, bootstrap: B, seed } = input;
  const N = a.length;
  const G = sizes.length;
  if (N < 2 || b.length !== N || ab.length !== k || ab.some((rows) => rows.length !== N))
    throw new RangeError('sobolFigures: A, B and every A_B^(j) need the same N ≥ 2 rows');
  let n = 0;
  for (let g = 0; g < G; g++) n += sizes[g];
  const used = Int32Array.from(new Set([...a, ...b, ...ab.flat()]));
  const P = data.length;
  const tmp = new Float64Array(G);
  const tmp2 = new Float64Array(G);
  const out: SobolFigures[] = [];
  const resampler = new Resampler(seed, 'sobol');
  // Replicate draws are the same for every metric (one pigeonhole resample of rows and blocks).
  const draws = Array.from({ length: B }, (_, rep) => resampler.draw(rep, N, G));
  for (let m = 0; m < M; m++) {
    const block = (p: number) => data[p].subarray(m * G, (m + 1) * G);
    const diff = (p: number, q: number) => {
      const x = block(p);
      const y = block(q);
      for (let g = 0; g < G; g++) tmp[g] = x[g] - y[g];
      return tmp;
    };
    // Noise corrections from all the data.
    let vNoise = 0;
    for (let i = 0; i < N; i++) {
      const d = diff(a[i], b[i]);
      vNoise += blockCovariance(d, d, sizes);
    }
    vNoise /= 2 * N;
    const corrFirst = new Float64Array(k);
    const corrTotal = new Float64Array(k);
    for (let j = 0; j < k; j++) {
      for (let i = 0; i < N; i++) {
        const x = block(ab[j][i]);
        const y = block(a[i]);
        for (let g = 0; g < G; g++) tmp2[g] = x[g] - y[g];
        corrFirst[j] += blockCovariance(block(b[i]), tmp2, sizes);
        corrTotal[j] += blockCovariance(tmp2, tmp2, sizes);
      }
      corrFirst[j] /= N;
      corrTotal[j] /= 2 * N;
    }
    // Per-game variance at a point: n · var(Ȳ); its mean over A and B.
    let perGame = 0;
    for (const p of [...a, ...b]) perGame += n * blockCovariance(block(p), block(p), sizes);
    perGame /= 2 * N;
    const figures = (means: (p: number) => number, rows: ArrayLike<number>) => {
      let f0 = 0;
      for (let i = 0; i < N; i++) f0 += rows[i] * (means(a[i]) + means(b[i]));
      f0 /= 2 * N;
      let V = 0;
      for (let i = 0; i < N; i++) V += rows[i] * ((means(a[i]) - f0) ** 2 + (means(b[i]) - f0) ** 2);
      V /= 2 * N;
      const first = new Float64Array(k);
      const total = new Float64Array(k);
      for (let j = 0; j < k; j++) {
        let s1 = 0;
        let st = 0;
        for (let i = 0; i < N; i++) {
          if (rows[i] === 0) continue;
          const ya = means(a[i]);
          const yab = means(ab[j][i]);
          s1 += rows[i] * (means(b[i]) - f0) * (yab - ya);
          st += rows[i] * (ya - yab) ** 2;
        }
        first[j] = s1 / N;
        total[j] = st / (2 * N);
      }
      return { V, first, total };
    };
    const ones = new Float64Array(N).fill(1);
    const mean0 = new Float64Array(P);
    for (const p of used) {
      let s = 0;
      for (let g = 0; g < G; g++) s += data[p][m * G + g];
      mean0[p] = s / n;
    }
    const raw = figures((p) => mean0[p], ones);
    const vKnobs = raw.V - vNoise;
    const first = Array.from(raw.first, (s, j) => (s - corrFirst[j]) / vKnobs);
    const total = Array.from(raw.total, (s, j) => (s - corrTotal[j]) / vKnobs);
    const moments = new Moments(2 * k + 1);
    const meanW = new Float64Array(P);
    for (const { units, blocks: w } of draws) {
      let denom = 0;
      for (let g = 0; g < G; g++) denom += w[g] * sizes[g];
      for (const p of used) {
        const d = data[p];
        let s = 0;
        for (let g = 0, at = m * G; g < G; g++, at++) s += w[g] * d[at];
        meanW[p] = s / denom;
      }
      const rep = figures((p) => meanW[p], units);
      const vk = rep.V - vNoise;
      for (let j = 0; j < k; j++) {
        moments.add(j, (rep.first[j] - corrFirst[j]) / vk);
        moments.add(k + j, (rep.total[j] - corrTotal[j]) / vk);
      }
      moments.add(2 * k, rep.V > 0 ? vNoise / rep.V : 0);
      moments.count++;
    }
    const usable = vKnobs > 0;
    // A knob that changed no deal in any row (every A_B^(j) the same as A on every deal, where they
    // are different points): its indices are exactly 0 and every replicate's too, so the bootstrap
    // gives [0, 0]. The deals not played might change: the true difference of each such pair is
    // within ±u = (1 − 0.025^(1/n))·R (the rule of three on the deals, each changing by at most the
    // range R), so ST_j may be up to (1/2N)·Σu² and S_j off by (1/N)·Σ|Y_B − f0|·u (over V_knobs).
    // A knob that changed some deal has a bootstrap spread of its own and is left as it is.
    const unseenFirst = new Float64Array(k);
    const unseenTotal = new Float64Array(k);
    const range = input.ranges?.[m] ?? 0;
    if (range > 0 && usable) {
      const u = (1 - 0.025 ** (1 / n)) * range;
      let f0 = 0;
      for (let i = 0; i < N; i++) f0 += mean0[a[i]] + mean0[b[i]];
      f0 /= 2 * N;
      for (let j = 0; j < k; j++) {
        let first = 0;
        let total = 0;
        let changed = false;
        for (let i = 0; i < N && !changed; i++) {
          // The same point (B's level of knob j equal to A's: the same games, one array) is the same
          // by construction, not by the deals played.
          if (data[ab[j][i]] === data[a[i]]) continue;
          const x = block(ab[j][i]);
          const y = block(a[i]);
          for (let g = 0; g < G && !changed; g++) changed = x[g] !== y[g];
          first += (Math.abs(mean0[b[i]] - f0) * u) / N;
          total += (u * u) / (2 * N);
        }
        if (changed) continue;
        unseenFirst[j] = first / vKnobs;
        unseenTotal[j] = total / vKnobs;
      }
    }
    const widen = (i: Interval, below: number, above: number): Interval => ({ estimate: i.estimate, lo: i.lo - below, hi: i.hi + above });
    const nan = { estimate: Number.NaN, lo: Number.NaN, hi: Number.NaN };
    out.push({
      first: first.map((s, j) => (usable ? widen(seInterval(s, moments.sd(j), N), unseenFirst[j], unseenFirst[j]) : nan)),
      total: total.map((s, j) => (usable ? widen(seInterval(s, moments.sd(k + j), N), 0, unseenTotal[j]) : nan)),
      rawFirst: raw.V > 0 ? Array.from(raw.first, (s) => s / raw.V) : Array.from(raw.first, () => 0),
      rawTotal: raw.V > 0 ? Array.from(raw.total, (s) => s / raw.V) : Array.from(raw.total, () => 0),
      variance: raw.V,
      noiseVariance: vNoise,
      // Every output the same: nothing to apportion, so the share's interval is the whole [0, 1].
      noiseShare: raw.V > 0 ? seInterval(vNoise / raw.V, moments.sd(2 * k), N, 0, 1) : { estimate: 1, lo: 0, hi: 1 },
      dealShare: perGame + Math.max(0, vKnobs) > 0 ? perGame / (perGame + Math.max(0, vKnobs)) : 1,
    });
  }
  return out;
}
