/**
 * The one bad-input policy of the statistics module: a function that is handed an argument outside
 * its domain throws a `RangeError` that names the function, the argument, what is required and the
 * value it got, e.g. `wilsonInterval: n must be a finite number > 0 (the number of trials), got 0`.
 * No function returns a silent `NaN` or `null` for bad input.
 */

/** Throws `RangeError("<where>: <field> must be <requirement>, got <value>")`. */
export function fail(where: string, field: string, requirement: string, value: unknown): never {
  throw new RangeError(`${where}: ${field} must be ${requirement}, got ${show(value)}`);
}

function show(value: unknown): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return `an array of length ${(value as ArrayLike<unknown>).length}`;
  return typeof value;
}

/** Any number but NaN (±Infinity allowed): the argument of a distribution function. */
export function requireNumber(where: string, field: string, x: number): number {
  if (typeof x !== 'number' || Number.isNaN(x)) fail(where, field, 'a number (not NaN)', x);
  return x;
}

/** A finite number > 0 (a shape parameter). */
export function requirePositive(where: string, field: string, x: number): number {
  if (typeof x !== 'number' || !Number.isFinite(x) || x <= 0) fail(where, field, 'a finite number > 0', x);
  return x;
}

/** Degrees of freedom: a number > 0, `Infinity` allowed where the limit is meaningful. */
export function requireDegreesOfFreedom(where: string, df: number, allowInfinity: boolean): number {
  const ok = typeof df === 'number' && df > 0 && (allowInfinity ? !Number.isNaN(df) : Number.isFinite(df));
  if (!ok) fail(where, 'df', allowInfinity ? 'a number > 0 (Infinity allowed)' : 'a finite number > 0', df);
  return df;
}

/** A probability in [0, 1]. */
export function requireProbability(where: string, field: string, p: number): number {
  if (typeof p !== 'number' || !(p >= 0 && p <= 1)) fail(where, field, 'a probability in [0, 1]', p);
  return p;
}

/** A confidence level strictly between 0 and 1 (e.g. 0.95). */
export function requireConfidence(where: string, confidence: number): number {
  if (typeof confidence !== 'number' || !(confidence > 0 && confidence < 1)) {
    fail(where, 'confidence', 'a number strictly between 0 and 1 (e.g. 0.95)', confidence);
  }
  return confidence;
}
