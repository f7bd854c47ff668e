/**
 * Where the knobs are set: Morris's trajectories and Saltelli's sample matrices. Every draw is a
 * function of the seed alone (core/random.ts counter-based streams), so the same command gives the
 * same points.
 *
 * Morris (Morris 1991, "Factorial sampling plans for preliminary computational experiments",
 * Technometrics 33(2):161–174; Campolongo, Cariboni & Saltelli 2007 for μ*): a trajectory starts at a
 * random grid point and moves one knob at a time, each knob once, in a random order, so k knobs give
 * k + 1 points and one elementary effect per knob. A numeric knob with p levels and a jump of J
 * levels starts at a level a uniform in 0 … p − 1 − J, or at a + J, each with probability ½, and moves
 * to the other (so every level is visited equally often); a categorical knob starts at a uniform
 * value and moves to a uniform other value.
 *
 * Saltelli (Saltelli et al. 2010, "Variance based sensitivity analysis of model output. Design and
 * estimator for the total sensitivity index", Comput. Phys. Commun. 181:259–270): two independent
 * samples A and B of N rows, each knob uniform over its values, and for every knob j the matrix
 * A_B^(j) (A with column j taken from B): N·(k + 2) points. Plain pseudo-random rows, not a
 * quasi-random sequence, so the rows are independent and the bootstrap over rows is valid.
 */
import { hashSeed, purposeKey, unitFloat } from '../core/random.js';
import type { KnobLevels } from './knobs.js';

/** One Morris trajectory: k + 1 points as level indices per knob, and the knob moved at each step. */
export interface Trajectory {
  /** points[s][j]: the level index of knob j at point s (s = 0 … k). */
  readonly points: readonly (readonly number[])[];
  /** order[s]: the knob moved between point s and point s + 1. */
  readonly order: readonly number[];
}

function stream(root: number, purpose: number): () => number {
  const key = purposeKey(root, purpose);
  let counter = 0;
  return () => unitFloat(key, counter++);
}

const below = (u: () => number, n: number): number => Math.min(n - 1, Math.floor(u() * n));

/** r Morris trajectories over knobs with these levels (numeric: `jump` levels a step; categorical: `jump` 1 and `categorical` set). */
export function morrisTrajectories(knobs: readonly (KnobLevels & { readonly categorical: boolean })[], r: number, seed: string): Trajectory[] {
  const root = hashSeed(`sensitivity-morris:${seed}`);
  const k = knobs.length;
  return Array.from({ length: r }, (_, t) => {
    const u = stream(root, t);
    const start: number[] = [];
    const end: number[] = [];
    for (const knob of knobs) {
      const p = knob.levels.length;
      if (knob.categorical) {
        const a = below(u, p);
        const b = (a + 1 + below(u, p - 1)) % p;
        start.push(a);
        end.push(b);
      } else {
        const a = below(u, p - knob.jump);
        const up = u() < 0.5;
        start.push(up ? a : a + knob.jump);
        end.push(up ? a + knob.jump : a);
      }
    }
    // Fisher–Yates: the order the knobs move in.
    const order = Array.from({ length: k }, (_, j) => j);
    for (let i = k - 1; i > 0; i--) {
      const j = below(u, i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    const points: number[][] = [start.slice()];
    const at = start.slice();
    for (const j of order) {
      at[j] = end[j];
      points.push(at.slice());
    }
    return { points, order };
  });
}

/** Saltelli's A and B: N rows each of a value index per knob, uniform over each knob's `sizes[j]` values. */
export function saltelliMatrices(sizes: readonly number[], n: number, seed: string): { a: number[][]; b: number[][] } {
  const root = hashSeed(`sensitivity-sobol:${seed}`);
  const a: number[][] = [];
  const b: number[][] = [];
  for (let i = 0; i < n; i++) {
    const u = stream(root, i);
    a.push(sizes.map((m) => below(u, m)));
    b.push(sizes.map((m) => below(u, m)));
  }
  return { a, b };
}
