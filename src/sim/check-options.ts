/**
 * The tolerances of `goldpit check`: how far each metric may move before a change counts as a
 * regression. Defaults per the check's design; a scenario may override any of them in its optional
 * `check: { tolerance: { ... } }` block (validated here, with errors naming the file and field).
 * Part of the scenario format, so it sits beside the scenario parser (src/sim/scenario.ts); the
 * check (src/check/) reads it from here, and sim/ imports nothing from check/.
 */
import { expectKnownKeys, expectNumber, expectObject, type Where } from '../core/validate.js';

export interface Tolerance {
  /** Win rate of each bot (share of games won; a shared win counts 1/k), absolute. Default 0.01 (1 percentage point). */
  readonly winRate: number;
  /** Win rate of each seat in a mirror line-up (every seat the same bot), absolute. Default 0.01. */
  readonly seatWinRate: number;
  /** Mean game length in rounds, absolute. Default 0.25 rounds. */
  readonly rounds: number;
  /** Mean final gold per seat, relative to the baseline's mean. Default 0.02 (2%). */
  readonly finalGold: number;
  /** Share of games ended by the game's key ending (GameDefinition.keyEnding, e.g. Goldrausch's race), absolute. Default 0.01. */
  readonly endingShare: number;
}

/** The universal defaults; a game may set its own (GameDefinition.check.tolerance), a scenario overrides both. */
export const DEFAULT_TOLERANCE: Tolerance = { winRate: 0.01, seatWinRate: 0.01, rounds: 0.25, finalGold: 0.02, endingShare: 0.01 };

/** Allowed range of each tolerance (a rate of 0 could never be shown equivalent; 1 would allow anything). */
const RANGES: Readonly<Record<keyof Tolerance, readonly [number, number]>> = {
  winRate: [1e-4, 0.5],
  seatWinRate: [1e-4, 0.5],
  rounds: [0.001, 10],
  finalGold: [1e-4, 1],
  endingShare: [1e-4, 0.5],
};

export interface CheckOptions {
  readonly tolerance: Tolerance;
}

export const DEFAULT_CHECK_OPTIONS: CheckOptions = { tolerance: DEFAULT_TOLERANCE };

/**
 * Validates a scenario's optional `check` block; missing fields take the game's defaults
 * (`gameDefaults`, GameDefinition.check.tolerance) and then the universal ones.
 */
export function parseCheckOptions(where: Where, raw: unknown, gameDefaults: Partial<Tolerance> = {}): CheckOptions {
  const defaults: Tolerance = { ...DEFAULT_TOLERANCE, ...gameDefaults };
  if (raw === undefined) return { tolerance: defaults };
  const obj = expectObject(where, 'check', raw);
  expectKnownKeys(where, 'check', obj, ['tolerance']);
  if (obj.tolerance === undefined) return { tolerance: defaults };
  const t = expectObject(where, 'check.tolerance', obj.tolerance);
  const keys = Object.keys(DEFAULT_TOLERANCE) as (keyof Tolerance)[];
  expectKnownKeys(where, 'check.tolerance', t, keys);
  const tolerance = { ...defaults };
  for (const key of keys) {
    if (t[key] === undefined) continue;
    const [min, max] = RANGES[key];
    tolerance[key] = expectNumber(where, `check.tolerance.${key}`, t[key], min, max);
  }
  return { tolerance };
}
