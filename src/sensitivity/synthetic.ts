/**
 * Synthetic "games" with analytically known sensitivity indices, played through the same runner,
 * blocks, estimators and bootstrap as a real game (run.ts `PointSource`): the validation of
 * `goldpit sensitivity` (test/sensitivity/). Each point plays n deals; deal i's random numbers are a
 * function of (seed, i) alone, the same at every point — common random numbers, as in a game.
 *
 * - Ishigami & Homma (1990): f = sin x₁ + a·sin² x₂ + b·x₃⁴·sin x₁ on [−π, π]³ (a = 7, b = 0.1):
 *   S = (0.3139, 0.4424, 0), ST = (0.5576, 0.4424, 0.2437) (Saltelli et al. 2008, §4.2).
 * - Sobol's g-function: f = Π_j (|4x_j − 2| + a_j)/(1 + a_j) on [0, 1]^k: with V_j = 1/(3(1 + a_j)²),
 *   V = Π(1 + V_j) − 1, S_j = V_j/V, ST_j = V_j·Π_{i≠j}(1 + V_i)/V.
 * - A linear model with noise: y_i(x) = Σ β_j x_j + z_i + γ·x₁·u_i, z_i and u_i standard normal per
 *   deal: the deals' part z_i is common to every point (it cancels on common random numbers), the
 *   part γ·x₁·u_i changes with knob 1, so knob 1's effects carry noise that the estimators must not
 *   count as the knob's. f = Σ β_j x_j: S_j = ST_j = β_j²·Var(x_j)/Σ β²Var(x); Morris μ*_j = |β_j|·range,
 *   σ_j = 0.
 * Each knob takes `grid` equally spaced values over its interval (a discrete uniform: the indices
 * of the continuous function are matched to O(1/grid²)).
 */
import { hashSeed, purposeKey, unitFloat } from '../core/random.js';
import { normalQuantile } from '../stats/normal.js';
import type { SweepValue } from '../sweep/vary.js';
import type { Knob } from './knobs.js';
import type { PointSource } from './run.js';

export interface SyntheticModel {
  readonly name: string;
  readonly knobs: readonly Knob[];
  /** One deal's value at x, given the deal's two standard normal draws. */
  value(x: readonly number[], z: number, u: number): number;
}

/** `count` equally spaced values from lo to hi (both included). */
export function grid(lo: number, hi: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => lo + ((hi - lo) * i) / (count - 1));
}

const knob = (name: string, values: number[]): Knob => ({ path: name, values, numeric: true, origin: 'vary', about: '' });

export function ishigami(gridSize = 301, a = 7, b = 0.1, common = 0): SyntheticModel {
  const values = grid(-Math.PI, Math.PI, gridSize);
  return {
    name: 'ishigami',
    knobs: ['x1', 'x2', 'x3'].map((n) => knob(n, values)),
    value: (x, z) => Math.sin(x[0]) + a * Math.sin(x[1]) ** 2 + b * x[2] ** 4 * Math.sin(x[0]) + common * z,
  };
}

/** Ishigami's analytic indices (Saltelli et al. 2008). */
export function ishigamiIndices(a = 7, b = 0.1): { first: number[]; total: number[] } {
  const pi4 = Math.PI ** 4;
  const v1 = 0.5 * (1 + (b * pi4) / 5) ** 2;
  const v2 = a ** 2 / 8;
  const v13 = (b ** 2 * Math.PI ** 8 * 8) / 225;
  const v = v1 + v2 + v13;
  return { first: [v1 / v, v2 / v, 0], total: [(v1 + v13) / v, v2 / v, v13 / v] };
}

export function gFunction(a: readonly number[], gridSize = 201): SyntheticModel {
  const values = grid(0, 1, gridSize);
  return {
    name: 'g-function',
    knobs: a.map((_, j) => knob(`x${j + 1}`, values)),
    value: (x) => {
      let p = 1;
      for (let j = 0; j < a.length; j++) p *= (Math.abs(4 * x[j] - 2) + a[j]) / (1 + a[j]);
      return p;
    },
  };
}

export function gFunctionIndices(a: readonly number[]): { first: number[]; total: number[] } {
  const vj = a.map((aj) => 1 / (3 * (1 + aj) ** 2));
  const prod = vj.reduce((p, v) => p * (1 + v), 1);
  const v = prod - 1;
  return { first: vj.map((x) => x / v), total: vj.map((x) => (x * prod) / (1 + x) / v) };
}

/** y = Σ β_j x_j + z + γ·x₁·u, each x_j on `grid` values of [0, 1]. */
export function linearNoise(beta: readonly number[], gamma: number, gridSize = 11): SyntheticModel {
  const values = grid(0, 1, gridSize);
  return {
    name: 'linear-noise',
    knobs: beta.map((_, j) => knob(`x${j + 1}`, values)),
    value: (x, z, u) => {
      let s = z + gamma * x[0] * u;
      for (let j = 0; j < beta.length; j++) s += beta[j] * x[j];
      return s;
    },
  };
}

/** A model as a point source of `games` deals per point, deal i's draws from (seed, i). */
export function syntheticSource(model: SyntheticModel, games: number, seed: string): PointSource {
  const root = hashSeed(`synthetic:${seed}`);
  const z = new Float64Array(games);
  const u = new Float64Array(games);
  const zKey = purposeKey(root, 1);
  const uKey = purposeKey(root, 2);
  for (let i = 0; i < games; i++) {
    z[i] = normalQuantile(Math.min(1 - 1e-12, Math.max(1e-12, unitFloat(zKey, i))));
    u[i] = normalQuantile(Math.min(1 - 1e-12, Math.max(1e-12, unitFloat(uKey, i))));
  }
  return {
    metrics: 1,
    games,
    key: (values: readonly SweepValue[]) => values.join(','),
    play: async (values: readonly SweepValue[], onGames: (done: number) => void) => {
      const x = values as readonly number[];
      const out = new Float64Array(games);
      for (let i = 0; i < games; i++) out[i] = model.value(x, z[i], u[i]);
      onGames(games);
      return [out];
    },
  };
}
