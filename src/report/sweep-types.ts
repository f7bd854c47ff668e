/**
 * The data of a parameter sweep (sweep.json), as `goldpit sweep` writes it and `goldpit balance`
 * writes it too (plus its own `balance` block). The sweep page (sweep-html.ts) reads this and
 * nothing else. Issue 18's shared contract: change it only together with sweep and balance.
 */
import type { BotFileFact } from '../sim/seat-bots.js';
import type { DataIdFact } from './data-ids.js';

/** A value a varied scenario path takes: a number, a string (e.g. a rule's option) or a boolean. */
export type SweepValue = number | string | boolean;

/** How the points were chosen: every combination of the factors' values, or a Latin hypercube of n points. */
export type SweepDesign = 'grid' | { readonly lhs: number };

/** The kind of a metric, which decides how the page draws and words it. */
export type SweepMetricFamily =
  | 'seat-win-rate'
  | 'win-rate'
  | 'seat-spread'
  | 'rounds'
  | 'final-gold'
  | 'ending-share'
  | 'score-spread'
  | 'lead-changes'
  | 'decisive-share'
  | 'winner-deficit'
  | 'final-margin';

/** `share`: a proportion in [0, 1] (shown in % and pp); `steps`: the game's length unit; `score`: the game's score; `count`: a number of events per game. */
export type SweepMetricUnit = 'share' | 'steps' | 'score' | 'count';

export interface SweepFactor {
  /** JSON path into the scenario file, e.g. `params.fine`, `rules.penaltySink`, `eventCards.subsidy.amount`. */
  readonly path: string;
  /** The name shown on the page (often the path itself). */
  readonly label: string;
  /** The values the sweep tries, in order. */
  readonly values: readonly SweepValue[];
  /** True when every value is a number (the page then draws curves against it). */
  readonly numeric: boolean;
}

export interface SweepMetric {
  /** As src/check/deals.ts: `seat:<s>`, `win:<bot>`, `rounds`, `gold`, an ending's id (e.g. `race`), plus `seatSpread`, `scoreSpread` and the tension figures `leadChanges`, `decisiveShare`, `winnerDeficit`, `finalMargin`. */
  readonly id: string;
  readonly label: string;
  readonly family: SweepMetricFamily;
  readonly unit: SweepMetricUnit;
}

/**
 * One metric at one point: its estimate with 95% interval, and the paired difference to the
 * reference point. Interval ends are rounded outwards (6 decimals), so no interval is printed
 * narrower than it is; they are null only where no interval can be given (a metric without a bound
 * whose every deal has the same value).
 */
export interface SweepEstimate {
  readonly estimate: number;
  readonly lo: number | null;
  readonly hi: number | null;
  /** Point − reference over the same deals; null at the reference point itself. */
  readonly diff: number | null;
  readonly diffLo: number | null;
  readonly diffHi: number | null;
  /**
   * Deals (of those both points played) whose value of the metric differs from the reference's;
   * null at the reference. 0 means no deal changed: diff is exactly 0, and diffLo..diffHi is what
   * that many unchanged deals can rule out. Absent in files written before it existed.
   */
  readonly changed?: number | null;
}

export interface SweepPoint {
  /** The point's position in `points` (the reference is named by it). */
  readonly index: number;
  /** The value of each factor at this point, keyed by the factor's path. */
  readonly values: Readonly<Record<string, SweepValue>>;
  /** Games played at this point. */
  readonly games: number;
  /** Keyed by metric id. */
  readonly metrics: Readonly<Record<string, SweepEstimate>>;
}

export interface SweepJson {
  readonly kind: 'goldpit-sweep';
  readonly version: 1;
  /** The game's id in the registry (src/games/registry.ts). */
  readonly game: string;
  /** The game's title. */
  readonly title: string;
  readonly scenario: {
    readonly file: string;
    readonly name: string;
    readonly players: number;
    /** The bot in each seat, seat 0 first. */
    readonly seats: readonly string[];
    /** The bot files the points played (file as the scenario names it, sha256); absent = built-in bots only. */
    readonly botFiles?: readonly BotFileFact[];
  };
  /** The base scenario's data sets (a deck, a components set), placeholders marked; absent = none. */
  readonly data?: readonly DataIdFact[];
  readonly seed: string;
  readonly design: SweepDesign;
  /** The stopping rule in plain words, e.g. "20,000 games per point" or "until every win rate is within ±0.01". */
  readonly stoppingRule: string;
  readonly factors: readonly SweepFactor[];
  /** Index into `points` of the reference point the paired differences are taken against. */
  readonly reference: number;
  readonly metrics: readonly SweepMetric[];
  readonly points: readonly SweepPoint[];
  readonly verdicts: readonly string[];
}
