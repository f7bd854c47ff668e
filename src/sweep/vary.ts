/**
 * What a sweep varies: `--vary path=spec` factors, the design points they span, and the scenario at
 * one point. A path is a JSON path into the scenario file (`params.fine`, `rules.penaltySink`,
 * `eventCards.subsidy.amount`, `seats[0]`); the scenario's own parser validates the value set there,
 * so a sweep can vary whatever a scenario file can say, for every game, and refuses what it refuses.
 */
import { InputError, UsageError } from '../core/errors.js';
import { hashSeed, purposeKey, unitFloat } from '../core/random.js';
import { isObject, show } from '../core/validate.js';
import { parseScenario, type Scenario } from '../sim/scenario.js';
import { unreadBotFiles, type BotLibrary } from '../sim/seat-bots.js';

export type SweepValue = number | string | boolean;

export interface Factor {
  /** The JSON path into the scenario file, as given (`params.fine`). */
  readonly path: string;
  /** The values to try, in the order given (ranges ascending). */
  readonly values: readonly SweepValue[];
  /** Every value is a number (a range, or a list of numbers): response curves and LHS treat it as a scale. */
  readonly numeric: boolean;
}

export type Design = 'grid' | { readonly lhs: number };

/**
 * A path: dot-separated keys (letters, digits, `_`, `-`, and `/`, which My Gold Mine's exit cards
 * have in their ids: `exitCards.one-step/swap.count`), each optionally followed by `[index]`s.
 */
const PATH = /^[A-Za-z0-9_/-]+(\[\d+\])*(\.[A-Za-z0-9_/-]+(\[\d+\])*)*$/;
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;
/** More values than this is a typo (`0..100000`), not a sweep. */
export const MAX_VALUES = 1000;

const FORMS = 'path=a..b (integers), path=a..b:step (step may be a decimal), or path=v1,v2,... (numbers, words, true/false)';

function bad(spec: string, problem: string): never {
  throw new UsageError(`--vary ${JSON.stringify(spec)}: ${problem}`);
}

/** Decimal places of a number as written ("0.25" → 2). */
function decimals(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** The path's keys: `a.b[2].c` → ['a', 'b', '2', 'c'] (an index is a key of an array). */
export function pathKeys(path: string): string[] {
  return path.split('.').flatMap((part) => {
    const bracket = part.indexOf('[');
    if (bracket < 0) return [part];
    const indices = [...part.slice(bracket).matchAll(/\[(\d+)\]/g)].map((m) => m[1]);
    return [part.slice(0, bracket), ...indices];
  });
}

/**
 * Reads one `--vary` spec: `path=a..b` (integers a ≤ b, step 1), `path=a..b:step` (step > 0,
 * decimals allowed; the values a, a + step, … up to b, rounded to the decimals written so that
 * 0.1 + 0.2 stays 0.3), or `path=v1,v2,…` (numbers, `true`/`false`, other words as strings).
 * Throws a UsageError naming the spec and the forms expected.
 *
 * @example parseVary('params.fine=0..6:2') // { path: 'params.fine', values: [0, 2, 4, 6], numeric: true }
 */
export function parseVary(spec: string): Factor {
  const eq = spec.indexOf('=');
  if (eq < 0) bad(spec, `expected ${FORMS}`);
  const path = spec.slice(0, eq).trim();
  const body = spec.slice(eq + 1).trim();
  if (!PATH.test(path))
    bad(spec, `the path ${JSON.stringify(path)} is not a JSON path into the scenario file (keys joined by ".", e.g. params.fine, rules.penaltySink, seats[0])`);
  if (body === '') bad(spec, `no values after "="; expected ${FORMS}`);
  const range = /^(-?[\d.]+)\.\.(-?[\d.]+)(?::([\d.]+))?$/.exec(body);
  if (range) return { path, values: rangeValues(spec, range[1], range[2], range[3]), numeric: true };
  if (body.includes('..')) bad(spec, `expected a range a..b or a..b:step of numbers, got ${JSON.stringify(body)}`);
  const items = body.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) bad(spec, `an empty value in the list ${JSON.stringify(body)}; expected ${FORMS}`);
  const values = items.map((s): SweepValue => (NUMBER.test(s) ? Number(s) : s === 'true' ? true : s === 'false' ? false : s));
  const seen = new Set<string>();
  for (const v of values) {
    const key = `${typeof v}:${String(v)}`;
    if (seen.has(key)) bad(spec, `the value ${JSON.stringify(v)} is listed twice`);
    seen.add(key);
  }
  if (values.length > MAX_VALUES) bad(spec, `${values.length} values; at most ${MAX_VALUES}`);
  return { path, values, numeric: values.every((v) => typeof v === 'number') };
}

function rangeValues(spec: string, aText: string, bText: string, stepText: string | undefined): number[] {
  for (const t of [aText, bText, stepText]) {
    if (t !== undefined && !NUMBER.test(t)) bad(spec, `${JSON.stringify(t)} is not a number; expected ${FORMS}`);
  }
  const a = Number(aText);
  const b = Number(bText);
  if (b < a) bad(spec, `the range ${aText}..${bText} runs backwards; write the smaller end first`);
  if (stepText === undefined && (!Number.isInteger(a) || !Number.isInteger(b))) {
    bad(spec, `a range of decimals needs a step (e.g. ${aText}..${bText}:0.1); without one, a..b takes integers`);
  }
  const step = stepText === undefined ? 1 : Number(stepText);
  if (!(step > 0)) bad(spec, `the step must be above 0, got ${stepText}`);
  const places = Math.max(decimals(aText), decimals(bText), stepText === undefined ? 0 : decimals(stepText));
  // Counting steps (not adding them up) keeps rounding errors from piling up; the small slack lets
  // 0..1:0.1 reach 1 although (1 − 0)/0.1 is 9.999999999999998 in binary.
  const count = Math.floor((b - a) / step + 1e-9) + 1;
  if (count > MAX_VALUES) bad(spec, `${count} values; at most ${MAX_VALUES} (use a larger step)`);
  return Array.from({ length: count }, (_, k) => Number((a + k * step).toFixed(places)));
}

/**
 * The design's points: each a value per factor, in factor order.
 * - `grid`: every combination, the first factor varying slowest (as nested loops read).
 * - `{ lhs: n }`: a Latin hypercube of n points: each numeric factor's range [min, max] is cut into
 *   n equal strata, each stratum gets exactly one point (uniform within it, snapped to the nearest
 *   of the factor's values), the strata are matched across factors by seeded random permutations;
 *   a factor of words takes each of its values ⌊n/k⌋ or ⌈n/k⌉ times, also permuted. Points that
 *   snap onto the same values are kept once (fewer points than n: the ranges are coarser than n).
 *   Reproducible: the draws are a function of `seed` alone (McKay, Beckman & Conover, "A comparison
 *   of three methods for selecting values of input variables in the analysis of output from a
 *   computer code", Technometrics 21 (1979) 239–245).
 */
export function designPoints(factors: readonly Factor[], design: Design, seed: string): SweepValue[][] {
  if (factors.length === 0) return [[]];
  if (design === 'grid') {
    let points: SweepValue[][] = [[]];
    for (const f of factors) points = points.flatMap((p) => f.values.map((v) => [...p, v]));
    return points;
  }
  const n = design.lhs;
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--design lhs:N needs a whole number of points N ≥ 1, got ${n}`);
  const root = hashSeed(`lhs:${seed}`);
  const columns = factors.map((f, j) => {
    const key = purposeKey(root, j);
    let counter = 0;
    const u = () => unitFloat(key, counter++);
    // Fisher–Yates over 0..n−1 with this factor's draws.
    const order = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const k = Math.floor(u() * (i + 1));
      [order[i], order[k]] = [order[k], order[i]];
    }
    if (!f.numeric) return order.map((stratum) => f.values[stratum % f.values.length]);
    const nums = f.values as readonly number[];
    const lo = Math.min(...nums);
    const hi = Math.max(...nums);
    return order.map((stratum) => nearest(nums, lo + ((stratum + u()) / n) * (hi - lo)));
  });
  const seen = new Set<string>();
  const points: SweepValue[][] = [];
  for (let i = 0; i < n; i++) {
    const point = columns.map((c) => c[i]);
    const key = JSON.stringify(point);
    if (seen.has(key)) continue;
    seen.add(key);
    points.push(point);
  }
  return points;
}

/** The value of `values` nearest to x (the first of two equally near). */
function nearest(values: readonly number[], x: number): number {
  let best = values[0];
  for (const v of values) if (Math.abs(v - x) < Math.abs(best - x)) best = v;
  return best;
}

/** Reads `--design`: `grid` or `lhs:N`. */
export function parseDesign(text: string): Design {
  if (text === 'grid') return 'grid';
  const m = /^lhs:(\d+)$/.exec(text);
  if (!m || Number(m[1]) < 1) throw new UsageError(`--design ${JSON.stringify(text)}: expected "grid" or "lhs:N" with N ≥ 1 points (e.g. lhs:20)`);
  return { lhs: Number(m[1]) };
}

/** The value at `path` in the scenario file's data (undefined when the file does not say). */
export function valueAt(data: unknown, path: string): unknown {
  let at: unknown = data;
  for (const key of pathKeys(path)) {
    if (Array.isArray(at)) at = /^\d+$/.test(key) ? at[Number(key)] : undefined;
    else if (isObject(at)) at = Object.hasOwn(at, key) ? at[key] : undefined;
    else return undefined;
  }
  return at;
}

/**
 * A copy of `data` with `value` at `path`; objects on the way that the file does not have are
 * created. Throws an InputError naming the file and the path when the path runs through a value
 * that is neither an object nor a list, or indexes a list past its end or by a word.
 */
export function setAt(file: string, data: unknown, path: string, value: unknown): unknown {
  const keys = pathKeys(path);
  const put = (at: unknown, depth: number): unknown => {
    if (depth === keys.length) return value;
    const key = keys[depth];
    const where = keys.slice(0, depth).join('.') || '(the file)';
    if (at === undefined) at = {};
    if (Array.isArray(at)) {
      if (!/^\d+$/.test(key) || Number(key) >= at.length) {
        throw new InputError(file, path, `${where} is a list of ${at.length}; expected an index from 0 to ${at.length - 1}, got ${JSON.stringify(key)}`);
      }
      const copy = [...at];
      copy[Number(key)] = put(at[Number(key)], depth + 1);
      return copy;
    }
    if (!isObject(at)) throw new InputError(file, path, `${where} holds ${show(at)}, not an object with a key ${JSON.stringify(key)}`);
    return { ...at, [key]: put(at[key], depth + 1) };
  };
  return put(data, 0);
}

/**
 * The scenario at one design point: `values[j]` set at `factors[j].path` in a copy of the scenario
 * file's data, then parsed by the scenario parser (bot-file seats looked up in `library`: the base
 * scenario's) (which names the file and the field of a value it
 * refuses, and the known keys of an unknown one). The error says which --vary value it came from.
 */
export function scenarioAt(
  file: string,
  data: unknown,
  factors: readonly Factor[],
  values: readonly SweepValue[],
  library: BotLibrary = unreadBotFiles,
): Scenario {
  if (values.length !== factors.length) throw new Error(`scenarioAt: ${values.length} values for ${factors.length} factors`);
  let copy = data;
  factors.forEach((f, j) => {
    copy = setAt(file, copy, f.path, values[j]);
  });
  try {
    return parseScenario(file, copy, library);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const point = factors.map((f, j) => `${f.path}=${JSON.stringify(values[j])}`).join(', ');
    throw new InputError(e.file, e.field, `${e.problem} (at the sweep point ${point})`);
  }
}
