/**
 * Morris's screening estimators on common random numbers, from block totals (blocks.ts).
 *
 * For trajectory t and knob j, the elementary effect is EE_tj = (Ȳ(x') − Ȳ(x)) · scale, Ȳ a point's
 * mean over the same n deals and `scale` = the knob's range ÷ the change of the knob (numeric
 * knobs: the metric's change per whole range), or ±1 (categorical: oriented by the listed order).
 * Per knob and metric (Morris 1991; Campolongo, Cariboni & Saltelli 2007):
 *   μ  = mean_t EE_tj                (direction),
 *   μ* = mean_t |EE_tj|              (size, whatever the sign),
 *   σ  = sd_t EE_tj                  (how much the effect changes from place to place: interactions
 *                                     or non-linearity).
 *
 * The deals add noise to every EE (the finite games per point). Its variance is known from the
 * blocks: v_t = ĉov of the step's block differences. What it does to each figure, and what is done:
 * - μ: none on average (the noise has mean 0);
 * - σ²: inflated by the noise's share, (1/(r − 1))·(Σ_t v_t − Var(Σ_t noise_t)/r) — the second term
 *   because the trajectories share the deals, so their noises are correlated; it is subtracted
 *   (σ is reported noise-corrected, never below 0);
 * - μ*: inflated, E|e + ε| ≥ |e| (Jensen), by at most E|ε| = √(2/π)·se for normal noise ε (the
 *   elementary effects are means over thousands of deals). No unbiased correction of an absolute
 *   value exists, so μ*'s interval is widened downwards by that most: its lower end is the
 *   bootstrap's minus the allowance √(2/π)·mean_t se_t. Its upper end needs nothing (noise only
 *   raises μ*). So "matters" (the lower end above the band) is never claimed from noise, and "no
 *   detectable effect" (the upper end inside the band) is conservative.
 * - a step that changed no deal (every block's difference 0) has an effect of exactly 0 on these
 *   deals, but a deal not played might change: by the rule of three, at most a share
 *   1 − 0.025^(1/n) of deals change (95%), each by at most the metric's per-deal range R, so the
 *   step's true effect is within ±(1 − 0.025^(1/n))·R·|scale|. The mean of these bounds over the
 *   trajectories (`unseen`) widens μ*'s upper end and μ's interval on both sides, and σ's upper end
 *   by √(Σ_t u_t²/(r − 1)) (effects each within ±u_t of the observed change their sd by at most
 *   that): a knob that changed no game gets intervals [0, small], never one of zero width.
 * Intervals: the pigeonhole bootstrap over trajectories and deal blocks (bootstrap.ts).
 */
import { blockCovariance } from './blocks.js';
import { Moments, Resampler, seInterval, type Interval } from './bootstrap.js';

/** One step of a trajectory: the data indices of the points before and after, the knob moved, the scale. */
export interface MorrisStep {
  readonly from: number;
  readonly to: number;
  readonly knob: number;
  readonly scale: number;
}

export interface MorrisInput {
  readonly knobs: number;
  readonly metrics: number;
  /** Block sizes (G). */
  readonly sizes: Float64Array;
  /** Block totals per data point: metric m's block g at m·G + g (more numbers after them are ignored). */
  readonly data: readonly Float64Array[];
  /** Per metric, the widest a per-deal difference can be (run.ts `perDealRange`). */
  readonly ranges: ArrayLike<number>;
  /** Per trajectory, its k steps. */
  readonly trajectories: readonly (readonly MorrisStep[])[];
  readonly bootstrap: number;
  readonly seed: string;
}

export interface MorrisFigures {
  readonly mu: Interval;
  /** Its `lo` already includes the noise allowance. */
  readonly muStar: Interval;
  /** Noise-corrected. */
  readonly sigma: Interval;
  /** The mean standard error of one elementary effect from the deals (the noise level). */
  readonly noise: number;
  /** How far noise can raise μ* at most: √(2/π)·noise. */
  readonly allowance: number;
  /** What deals not played could add where a step changed no deal (see the module comment); 0 when every step changed some. */
  readonly unseen: number;
  /** The elementary effects, one per trajectory. */
  readonly effects: readonly number[];
}

const SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);

/** μ, μ*, σ with their intervals, per knob j and metric m: result[j][m]. */
export function morrisFigures(input: MorrisInput): MorrisFigures[][] {
  const { knobs: k, metrics: M, sizes, data, ranges, trajectories, bootstrap: B, seed } = input;
  const r = trajectories.length;
  const G = sizes.length;
  if (r < 2) throw new RangeError(`morrisFigures: needs at least 2 trajectories, got ${r}`);
  let n = 0;
  for (let g = 0; g < G; g++) n += sizes[g];
  // The scaled block differences of every step: ((t·k + j)·M + m)·G + g.
  const blocks = new Float64Array(r * k * M * G);
  const ee = new Float64Array(r * k * M);
  const v = new Float64Array(r * k * M);
  // Σ over the trajectories whose step changed no deal of the rule-of-three bound, per (j, m).
  const unseen = new Float64Array(k * M);
  // …and Σ of its squares: σ's upper end allows for those unseen changes too.
  const unseenSq = new Float64Array(k * M);
  const ruleOfThree = 1 - 0.025 ** (1 / n);
  trajectories.forEach((steps, t) => {
    if (steps.length !== k) throw new RangeError(`morrisFigures: trajectory ${t} has ${steps.length} steps for ${k} knobs`);
    for (const s of steps) {
      const a = data[s.from];
      const b = data[s.to];
      for (let m = 0; m < M; m++) {
        const at = ((t * k + s.knob) * M + m) * G;
        let sum = 0;
        let changed = false;
        for (let g = 0; g < G; g++) {
          const d = (b[m * G + g] - a[m * G + g]) * s.scale;
          blocks[at + g] = d;
          sum += d;
          if (d !== 0) changed = true;
        }
        if (!changed) {
          const bound = ruleOfThree * ranges[m] * Math.abs(s.scale);
          unseen[s.knob * M + m] += bound;
          unseenSq[s.knob * M + m] += bound * bound;
        }
        ee[(t * k + s.knob) * M + m] = sum / n;
        v[(t * k + s.knob) * M + m] = blockCovariance(blocks.subarray(at, at + G), blocks.subarray(at, at + G), sizes);
      }
    }
  });
  // The noise part of σ² per (j, m): (Σ_t v_t − Var(Σ_t ε_t)/r)/(r − 1).
  const sigmaNoise = new Float64Array(k * M);
  const sumBlocks = new Float64Array(G);
  for (let j = 0; j < k; j++) {
    for (let m = 0; m < M; m++) {
      sumBlocks.fill(0);
      let sv = 0;
      for (let t = 0; t < r; t++) {
        const at = ((t * k + j) * M + m) * G;
        for (let g = 0; g < G; g++) sumBlocks[g] += blocks[at + g];
        sv += v[(t * k + j) * M + m];
      }
      sigmaNoise[j * M + m] = (sv - blockCovariance(sumBlocks, sumBlocks, sizes) / r) / (r - 1);
    }
  }
  const stats = (units: ArrayLike<number>, values: (t: number) => number, slot: number): [number, number, number] => {
    let s = 0;
    let sa = 0;
    let s2 = 0;
    for (let t = 0; t < r; t++) {
      const c = units[t];
      if (c === 0) continue;
      const x = values(t);
      s += c * x;
      sa += c * Math.abs(x);
      s2 += c * x * x;
    }
    const mu = s / r;
    const var_ = (s2 - r * mu * mu) / (r - 1) - sigmaNoise[slot];
    return [mu, sa / r, Math.sqrt(Math.max(0, var_))];
  };
  const ones = new Uint32Array(r).fill(1);
  const full = new Array<[number, number, number]>(k * M);
  for (let j = 0; j < k; j++) for (let m = 0; m < M; m++) full[j * M + m] = stats(ones, (t) => ee[(t * k + j) * M + m], j * M + m);
  // The pigeonhole bootstrap.
  const moments = new Moments(3 * k * M);
  const resampler = new Resampler(seed, 'morris');
  const eeW = new Float64Array(r * k * M);
  for (let rep = 0; rep < B; rep++) {
    const { units, blocks: w } = resampler.draw(rep, r, G);
    let denom = 0;
    for (let g = 0; g < G; g++) denom += w[g] * sizes[g];
    for (let t = 0; t < r; t++) {
      if (units[t] === 0) continue;
      for (let i = t * k * M; i < (t + 1) * k * M; i++) {
        let s = 0;
        const at = i * G;
        for (let g = 0; g < G; g++) s += w[g] * blocks[at + g];
        eeW[i] = s / denom;
      }
    }
    for (let j = 0; j < k; j++) {
      for (let m = 0; m < M; m++) {
        const [mu, muStar, sigma] = stats(units, (t) => eeW[(t * k + j) * M + m], j * M + m);
        const slot = 3 * (j * M + m);
        moments.add(slot, mu);
        moments.add(slot + 1, muStar);
        moments.add(slot + 2, sigma);
      }
    }
    moments.count++;
  }
  return Array.from({ length: k }, (_, j) =>
    Array.from({ length: M }, (_, m) => {
      const [mu, muStar, sigma] = full[j * M + m];
      const slot = 3 * (j * M + m);
      let se = 0;
      for (let t = 0; t < r; t++) se += Math.sqrt(Math.max(0, v[(t * k + j) * M + m]));
      const noise = se / r;
      const allowance = SQRT_2_OVER_PI * noise;
      const extra = unseen[j * M + m] / r;
      const star = seInterval(muStar, moments.sd(slot + 1), r, 0);
      const signed = seInterval(mu, moments.sd(slot), r);
      // Effects each within ±u_t of the observed ones move their sd by at most √(Σu_t²/(r − 1))
      // (the triangle inequality on the centred effects): a knob that changed no deal gets [0, small].
      const sigmaInterval = seInterval(sigma, moments.sd(slot + 2), r, 0);
      return {
        mu: { estimate: mu, lo: signed.lo - extra, hi: signed.hi + extra },
        muStar: { estimate: muStar, lo: Math.max(0, star.lo - allowance), hi: star.hi + extra },
        sigma: { ...sigmaInterval, hi: sigmaInterval.hi + Math.sqrt(unseenSq[j * M + m] / (r - 1)) },
        noise,
        allowance,
        unseen: extra,
        effects: Array.from({ length: r }, (_, t) => ee[(t * k + j) * M + m]),
      };
    }),
  );
}
