/**
 * Small validators for data files that name the file, the field, the value and what was expected.
 */
import { readFileSync } from 'node:fs';
import { errnoText, InputError } from './errors.js';

export interface Where {
  readonly file: string;
}

export const show = (v: unknown): string => {
  if (v === undefined) return 'nothing';
  const text = JSON.stringify(v);
  return text === undefined ? String(v) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/**
 * Parses JSON text; a syntax error names the line and column (1-based) of the offending character.
 * Node 20's parser gives a position for some errors ("... in JSON at position 12") but not for an
 * unexpected token, so the position is found by bisection: a prefix of the text that is fine so far
 * fails only with "Unexpected end" (or at its own end), and every longer prefix past the error fails
 * at the error.
 */
export function parseJsonText(file: string, raw: string): unknown {
  // A UTF-8 byte-order mark (editors on Windows write one) is not part of the JSON.
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  try {
    return JSON.parse(text);
  } catch (e) {
    const reason = (e as Error).message.replace(/,? (in JSON )?at position \d+.*$/s, '').replace(/, ".*" is not valid JSON$/s, '');
    const position = jsonErrorPosition(text);
    const before = text.slice(0, position).split('\n');
    const where = position >= text.length ? 'at the end' : `at line ${before.length}, column ${before[before.length - 1].length + 1}`;
    throw new InputError(file, '', `not valid JSON ${where}: ${reason}`);
  }
}

/** The index of the first character at which JSON text stops being valid (text.length if it only ends too early). */
function jsonErrorPosition(text: string): number {
  const fineSoFar = (k: number): boolean => {
    try {
      JSON.parse(text.slice(0, k));
      return true;
    } catch (e) {
      const message = (e as Error).message;
      const at = /at position (\d+)/.exec(message);
      return /Unexpected end of JSON input/.test(message) || (at !== null && Number(at[1]) >= k);
    }
  };
  let lo = 0; // fineSoFar(lo)
  let hi = text.length; // !fineSoFar(hi), as the whole text fails
  if (fineSoFar(hi)) return text.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (fineSoFar(mid)) lo = mid;
    else hi = mid;
  }
  return hi - 1;
}

/** Reads and parses a JSON file; `what` names it in the error ("the scenario file"). */
export function readJsonFile(file: string, what: string, hint = ''): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(file, '', `cannot read ${what}: ${errnoText(e)}${hint}`);
  }
  return parseJsonText(file, text);
}

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
    throw new InputError(where.file, path, `unknown key${near ? ` (did you mean "${near}"?)` : ''}; known keys: ${known.join(', ')}`);
  }
}

/** Levenshtein distance (for "did you mean" hints). */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length][b.length];
}
