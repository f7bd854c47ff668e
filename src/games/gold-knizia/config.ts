/**
 * Reads a scenario's (or fixture's) `rules` and `params` into a `GoldConfig`, with errors that name
 * the file, the field, the value and what was expected ("did you mean" for misspelt keys).
 */
import { InputError } from '../../core/errors.js';
import { expectInt, expectKnownKeys, expectNumber, expectObject, expectOneOf, isObject, show, type Where } from '../../core/validate.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, RULES_CHOICES, type GoldConfig, type GoldParams, type GoldRules } from './params.js';

export function parseGoldRules(where: Where, raw: unknown): GoldRules {
  if (raw === undefined) return DEFAULT_RULES;
  const obj = expectObject(where, 'rules', raw);
  expectKnownKeys(where, 'rules', obj, Object.keys(RULES_CHOICES));
  const out: Record<string, unknown> = { ...DEFAULT_RULES };
  for (const [key, value] of Object.entries(obj)) {
    out[key] = expectOneOf(where, `rules.${key}`, value, RULES_CHOICES[key as keyof GoldRules] as readonly unknown[]);
  }
  return Object.freeze(out) as unknown as GoldRules;
}

/** A probability for every seat, or a list with one per seat (length checked when players is known). */
function perSeatProbability(where: Where, field: string, raw: unknown, players: number | undefined): number | readonly number[] {
  if (typeof raw === 'number') return expectNumber(where, field, raw, 0, 1);
  if (!Array.isArray(raw) || raw.length < 2 || raw.length > 5) {
    throw new InputError(where.file, field, `expected a number from 0 to 1, or a list of them with one per seat, got ${show(raw)}`);
  }
  if (players !== undefined && raw.length !== players) {
    throw new InputError(where.file, field, `expected ${players} entries (one per seat, players is ${players}), got ${raw.length}`);
  }
  return Object.freeze(raw.map((v, i) => expectNumber(where, `${field}[${i}]`, v, 0, 1)));
}

export function parseGoldParams(where: Where, raw: unknown, rules: GoldRules, players: number | undefined): GoldParams {
  if (raw === undefined) return DEFAULT_PARAMS;
  const obj = expectObject(where, 'params', raw);
  expectKnownKeys(where, 'params', obj, Object.keys(DEFAULT_PARAMS));
  const out: { -readonly [K in keyof GoldParams]: GoldParams[K] } = { ...DEFAULT_PARAMS };
  if (obj.maxTurns !== undefined) out.maxTurns = expectInt(where, 'params.maxTurns', obj.maxTurns, 1, 10000);
  for (const key of ['recall', 'forget'] as const) {
    if (obj[key] === undefined) continue;
    // A memory parameter under perfect memory would be silently ignored: say so instead.
    if (rules.memory !== 'lossy') {
      throw new InputError(
        where.file,
        `params.${key}`,
        `is read only with rules.memory "lossy" (rules.memory is ${show(rules.memory)}); set rules.memory to "lossy" or remove params.${key}`,
      );
    }
    out[key] = perSeatProbability(where, `params.${key}`, obj[key], players);
  }
  return Object.freeze(out);
}

/**
 * `GameDefinition.parseConfig`. `players` (when the caller knows it) checks per-seat lists and
 * sizes a series' score curves.
 */
export function parseGoldConfig(raw: { rules?: unknown; params?: unknown; players?: number }, where: Where & { dir?: string }): GoldConfig {
  if (raw.params !== undefined && !isObject(raw.params)) throw new InputError(where.file, 'params', `expected an object, got ${show(raw.params)}`);
  const rules = parseGoldRules(where, raw.rules);
  const params = parseGoldParams(where, raw.params, rules, raw.players);
  return raw.players === undefined ? { rules, params } : { rules, params, players: raw.players };
}
