/**
 * Small validators for data files that name the file, the field, the value and what was expected.
 */
import { InputError } from './errors.js';

export interface Where {
  readonly file: string;
}

export const show = (v: unknown): string => {
  if (v === undefined) return 'nothing';
  const text = JSON.stringify(v);
  return text === undefined ? String(v) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function expectObject(where: Where, field: string, v: unknown): Record<string, unknown> {
  if (!isObject(v)) throw new InputError(where.file, field, `expected an object, got ${show(v)}`);
  return v;
}

export function expectInt(where: Where, field: string, v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new InputError(where.file, field, `expected an integer ${range}, got ${show(v)}`);
  }
  return v;
}

export function expectNumber(where: Where, field: string, v: unknown, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
    throw new InputError(where.file, field, `expected a number from ${min} to ${max}, got ${show(v)}`);
  }
  return v;
}

export function expectString(where: Where, field: string, v: unknown): string {
  if (typeof v !== 'string' || v.length === 0) throw new InputError(where.file, field, `expected a non-empty string, got ${show(v)}`);
  return v;
}

export function expectOneOf<T>(where: Where, field: string, v: unknown, choices: readonly T[]): T {
  if (!choices.includes(v as T)) {
    throw new InputError(where.file, field, `expected one of ${choices.map(show).join(' | ')}, got ${show(v)}`);
  }
  return v as T;
}

/** Rejects keys outside `known` (typos must not pass silently), suggesting the closest one. */
export function expectKnownKeys(where: Where, field: string, obj: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(obj)) {
    if (known.includes(key)) continue;
    const near = known.find((k) => k.toLowerCase() === key.toLowerCase() || editDistance(k, key) <= 2);
    const path = field ? `${field}.${key}` : key;
    throw new InputError(
      where.file,
      path,
      `unknown key${near ? ` (did you mean "${near}"?)` : ''}; known keys: ${known.join(', ')}`,
    );
  }
}

function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length][b.length];
}
