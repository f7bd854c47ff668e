/**
 * The bootstrap of both estimators: a pigeonhole (two-way) bootstrap over the two independent
 * sources of a sensitivity analysis on common random numbers — the design's units (Morris's
 * trajectories, Saltelli's rows) and the deals (resampled as whole blocks, the same blocks at every
 * point, so every replicate still plays "the same deals" everywhere). Resampling only the units
 * would treat each unit's deal noise as independent, which it is not: all units share the deals.
 * (Owen 2007, "The pigeonhole bootstrap", Ann. Appl. Stat. 1(2):386–411: for a crossed design it
 * is mildly conservative, never anti-conservative.)
 *
 * An interval is the estimate ± q·SE, SE the standard deviation of the B replicates, scaled by
 * √(U/(U − 1)) for U units (a bootstrap of a mean of U values has variance (U − 1)/U of the plug-in
 * one), and q Student's t quantile with U − 1 degrees of freedom: a bootstrap-SE interval, which
 * for a handful of trajectories keeps its coverage where a percentile interval falls short
 * (docs/statistics.md: a percentile bootstrap over C units behaves like a normal interval without
 * the t correction). The draws are a function of the seed alone.
 */
import { hashSeed, purposeKey, unitFloat } from '../core/random.js';
import { studentTQuantile } from '../stats/student-t.js';

/** Replicates when not given: enough for a standard error to ~2% (its relative SE is 1/√(2B)). */
export const DEFAULT_BOOTSTRAP = 1000;

export interface Interval {
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
}

/** The draws of replicate b: `count` counts of a resample of `n` units with replacement (Σ counts = n). */
export class Resampler {
  private readonly root: number;
  constructor(seed: string, what: string) {
    this.root = hashSeed(`sensitivity-bootstrap:${what}:${seed}`);
  }

  /** Replicate b's counts of units (n units) and of deal blocks (g blocks). */
  draw(b: number, units: number, blocks: number): { units: Uint32Array; blocks: Float64Array } {
    const key = purposeKey(this.root, b);
    let counter = 0;
    const u = new Uint32Array(units);
    for (let i = 0; i < units; i++) u[Math.min(units - 1, Math.floor(unitFloat(key, counter++) * units))]++;
    const w = new Float64Array(blocks);
    for (let i = 0; i < blocks; i++) w[Math.min(blocks - 1, Math.floor(unitFloat(key, counter++) * blocks))]++;
    return { units: u, blocks: w };
  }
}

/** Σ and Σ² of replicate statistics, per slot. */
export class Moments {
  readonly sum: Float64Array;
  readonly sumSq: Float64Array;
  count = 0;
  constructor(slots: number) {
    this.sum = new Float64Array(slots);
    this.sumSq = new Float64Array(slots);
  }
  add(slot: number, x: number): void {
    this.sum[slot] += x;
    this.sumSq[slot] += x * x;
  }
  /** The standard deviation of slot's replicates (B − 1 in the denominator). */
  sd(slot: number): number {
    const b = this.count;
    if (b < 2) return Number.NaN;
    const mean = this.sum[slot] / b;
    return Math.sqrt(Math.max(0, (this.sumSq[slot] - b * mean * mean) / (b - 1)));
  }
}

/** estimate ± t_{units−1, 0.975}·SE·√(units/(units − 1)), clamped to [floor, ceiling]. */
export function seInterval(estimate: number, se: number, units: number, floor = Number.NEGATIVE_INFINITY, ceiling = Number.POSITIVE_INFINITY): Interval {
  const half = studentTQuantile(0.975, units - 1) * se * Math.sqrt(units / (units - 1));
  return { estimate, lo: Math.max(floor, estimate - half), hi: Math.min(ceiling, estimate + half) };
}
