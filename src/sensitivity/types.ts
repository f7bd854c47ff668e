/**
 * sensitivity.json: what `goldpit sensitivity` writes, and what sensitivity.csv and sensitivity.html
 * are made from (nothing else).
 */
import type { SweepMetricFamily, SweepMetricUnit, SweepValue } from '../report/sweep-types.js';

export type Method = 'morris' | 'sobol';

/** A knob's verdict on one metric (Morris): see docs/sensitivity.md "Reading the verdicts". */
export type Verdict = 'matters' | 'interacts' | 'none' | 'undecided';

export interface Range {
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
}

export interface SensitivityKnob {
  readonly path: string;
  /** `vary`, or the game's tunable group: `params`, `cards`, `rules`. */
  readonly origin: string;
  readonly about: string;
  readonly numeric: boolean;
  /** Every value it may take (Sobol samples among them). */
  readonly values: readonly SweepValue[];
  /** Morris's grid levels. */
  readonly levels?: readonly SweepValue[];
  /** A tunable's whole object written into the scenario first when the file lacks it (core/tunable.ts `within`). */
  readonly within?: { readonly path: string; readonly value: unknown };
}

export interface SensitivityMetric {
  readonly id: string;
  readonly label: string;
  readonly family: SweepMetricFamily;
  readonly unit: SweepMetricUnit;
  /** The band within which an effect counts as negligible (in the metric's unit, per whole range of a knob). */
  readonly negligible: number;
  /** Where the band comes from: `--negligible`, or the default. */
  readonly negligibleFrom: string;
  /** The metric's mean over all points. */
  readonly mean: number;
}

export interface MorrisRow {
  readonly knob: string;
  readonly metric: string;
  readonly mu: Range;
  /** Its `lo` includes the noise allowance. */
  readonly muStar: Range;
  readonly sigma: Range;
  readonly noise: number;
  readonly allowance: number;
  /** What deals not played could add where a step changed no deal (rule of three); included in μ*'s upper end and μ's interval. */
  readonly unseen: number;
  readonly verdict: Verdict;
}

export interface SobolKnobRow {
  readonly knob: string;
  readonly first: Range;
  readonly total: Range;
  readonly rawFirst: number;
  readonly rawTotal: number;
}

export interface SobolMetricRow {
  readonly metric: string;
  readonly variance: number;
  readonly noiseVariance: number;
  readonly noiseShare: Range;
  readonly dealShare: number;
  readonly knobs: readonly SobolKnobRow[];
}

/** A knob's verdicts over all metrics. */
export interface KnobSummary {
  readonly knob: string;
  /** `matters` when it matters (or interacts) on some metric, `none` when no metric shows an effect, else `undecided`. */
  readonly verdict: 'matters' | 'none' | 'undecided';
  readonly matters: readonly string[];
  readonly interacts: readonly string[];
  readonly undecided: readonly string[];
}

export interface SensitivityJson {
  readonly kind: 'goldpit-sensitivity';
  readonly version: 1;
  readonly game: string;
  readonly title: string;
  readonly scenario: { readonly file: string; readonly name: string; readonly players: number; readonly seats: readonly string[] };
  readonly seed: string;
  readonly method: Method;
  readonly design: {
    /** Games per point: every point plays games 0 … games − 1 (common random numbers). */
    readonly games: number;
    /** Points of the design, distinct points played, and the games over them. */
    readonly points: number;
    readonly distinctPoints: number;
    readonly totalGames: number;
    readonly trajectories?: number;
    readonly levels?: number;
    readonly samples?: number;
    readonly bootstrap: number;
    readonly blocks: number;
    /** The rule in plain words. */
    readonly description: string;
  };
  readonly knobs: readonly SensitivityKnob[];
  readonly metrics: readonly SensitivityMetric[];
  readonly morris?: readonly MorrisRow[];
  readonly knobSummaries?: readonly KnobSummary[];
  readonly sobol?: readonly SobolMetricRow[];
  readonly verdicts: readonly string[];
}
