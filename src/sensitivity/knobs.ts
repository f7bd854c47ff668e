/**
 * The knobs of a sensitivity analysis: what `--vary` names, or with `--all-params` / `--all-rules`
 * every tunable the game declares (core/tunable.ts), each with the values it may take; and the grid
 * levels the Morris screen moves them between.
 *
 * How the levels are chosen (docs/sensitivity.md):
 * - a numeric knob (a range, or a list of numbers) is a scale: its values sorted, p levels taken
 *   evenly over them (p = `--levels`, default 4, or fewer when the knob has fewer values), always
 *   including both ends: values[round(i·(m − 1)/(p − 1))] for i = 0 … p − 1. A step moves it
 *   ⌊p/2⌋ levels (Morris's Δ = p/(2(p − 1)) of the range for even p), and its elementary effect is
 *   scaled to the whole range: the change of the metric ÷ (the change of the knob ÷ its range), so
 *   μ* reads "how much the metric moves when the knob goes from one end to the other";
 * - a categorical knob (words, booleans, and a rules option's list of choices, numbers or not) has no scale: every
 *   value is a level, a step switches from a uniformly chosen value to a uniformly chosen other one,
 *   and the elementary effect is the plain change of the metric, oriented from the value listed
 *   earlier to the one listed later (so μ's sign reads "switching later in the list");
 * - a knob of one value is refused (nothing to vary).
 */
import { UsageError } from '../core/errors.js';
import type { Tunable, TunableGroup } from '../core/tunable.js';
import { parseVary, type SweepValue } from '../sweep/vary.js';

export interface Knob {
  /** The scenario path (`params.fine`). */
  readonly path: string;
  /** Every value it may take (numeric knobs ascending): Sobol samples uniformly among them. */
  readonly values: readonly SweepValue[];
  /** A scale (ranges, lists of numbers outside the rules) or categories. */
  readonly numeric: boolean;
  /** Where it came from: `--vary`, or the game's tunable group. */
  readonly origin: 'vary' | TunableGroup;
  /** What it is (a tunable's description; empty for `--vary`). */
  readonly about: string;
  /** A tunable's whole object to write in first when the scenario does not give it (core/tunable.ts). */
  readonly within?: Tunable['within'];
}

/** A knob's Morris levels and how many levels a step moves it. */
export interface KnobLevels {
  readonly levels: readonly SweepValue[];
  /** Levels per step (numeric knobs); categorical knobs switch between any two levels. */
  readonly jump: number;
}

/** Morris's number of grid levels when not given. */
export const DEFAULT_LEVELS = 4;

function knobOf(spec: string, origin: Knob['origin'], about: string): Knob {
  const f = parseVary(spec);
  // A rules option's list of choices is categorical even when its choices are numbers (GR-A30's 3, 1, 5); a range is a scale.
  const numeric = f.numeric && (origin !== 'rules' || spec.slice(spec.indexOf('=') + 1).includes('..'));
  const values = numeric ? [...(f.values as number[])].sort((a, b) => a - b) : f.values;
  if (values.length < 2) throw new UsageError(`--vary ${JSON.stringify(spec)}: a knob needs at least two values to vary, got ${values.length}`);
  return { path: f.path, values, numeric, origin, about };
}

/** The knob of one `--vary path=spec`. */
export function knobFromVary(spec: string): Knob {
  return knobOf(spec, 'vary', '');
}

/** The knob of a game's tunable. */
export function knobFromTunable(t: Tunable): Knob {
  const knob = knobOf(`${t.path}=${t.values}`, t.group, t.about);
  return t.within === undefined ? knob : { ...knob, within: t.within };
}

/** The levels a Morris trajectory moves a knob between (see the module comment). */
export function knobLevels(knob: Knob, p: number): KnobLevels {
  if (!Number.isInteger(p) || p < 2) throw new UsageError(`--levels must be a whole number ≥ 2, got ${p}`);
  if (!knob.numeric) return { levels: knob.values, jump: 1 };
  const m = knob.values.length;
  const count = Math.min(p, m);
  const levels = Array.from({ length: count }, (_, i) => knob.values[Math.round((i * (m - 1)) / (count - 1))]);
  return { levels, jump: Math.floor(count / 2) };
}

/** The knobs' paths must differ: one path given twice is a usage error naming it. */
export function checkDistinct(knobs: readonly Knob[]): void {
  const seen = new Set<string>();
  for (const k of knobs) {
    if (seen.has(k.path)) throw new UsageError(`the knob ${k.path} is given twice (by --vary, or by --vary and --all-params/--all-rules); give each path once`);
    seen.add(k.path);
  }
}
