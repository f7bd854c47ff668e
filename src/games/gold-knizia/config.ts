/**
 * Reads a scenario's (or fixture's) `rules` and `params` into a `GoldConfig`, with errors that name
 * the file, the field, the value and what was expected ("did you mean" for misspelt keys).
 */
import { InputError } from '../../core/errors.js';
import { expectInt, expectKnownKeys, expectNumber, expectObject, expectOneOf, isObject, show, type Where } from '../../core/validate.js';
import { COLOURS, COMPOSITION, DYNAMITE, MAX_PER_CODE, POSITIONS, diggerCode, goldCode } from './cards.js';
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

/** The scenario sections GOLD reads besides rules and params (GameDefinition.scenarioSections). */
export const SCENARIO_SECTIONS = ['cards'] as const;

const GOLD_VALUES = ['1', '2', '3', '4'];
const DIGGER_VALUES = ['2', '3', '4', '5'];

/**
 * A scenario's `cards` section: how many of each card the 8 × 8 layout holds (§1), e.g.
 * `{ "gold": { "1": 5, "2": 7, "3": 7, "4": 5 }, "diggers": { "2": 2, "3": 2, "4": 2, "5": 1 }, "dynamite": 5 }`
 * (the printed counts; `diggers` counts per colour, the same for all five). Keys not given keep the
 * printed count. The values on the cards are the rules' own (the pair table compares them), not data.
 * Returns the counts by card code, or undefined when they are the printed ones.
 */
export function parseGoldCards(where: Where, raw: unknown): readonly number[] | undefined {
  if (raw === undefined) return undefined;
  const obj = expectObject(where, 'cards', raw);
  expectKnownKeys(where, 'cards', obj, ['gold', 'diggers', 'dynamite']);
  const counts = [...COMPOSITION];
  const perValue = (key: 'gold' | 'diggers', values: readonly string[], code: (v: number) => number) => {
    if (obj[key] === undefined) return;
    const m = expectObject(where, `cards.${key}`, obj[key]);
    expectKnownKeys(where, `cards.${key}`, m, values);
    for (const [v, n] of Object.entries(m)) counts[code(Number(v))] = expectInt(where, `cards.${key}.${v}`, n, 0, MAX_PER_CODE);
  };
  perValue('gold', GOLD_VALUES, goldCode);
  perValue('diggers', DIGGER_VALUES, (v) => diggerCode(0, v));
  for (let c = 1; c < COLOURS; c++) for (const v of DIGGER_VALUES) counts[diggerCode(c, Number(v))] = counts[diggerCode(0, Number(v))];
  if (obj.dynamite !== undefined) counts[DYNAMITE] = expectInt(where, 'cards.dynamite', obj.dynamite, 0, MAX_PER_CODE);
  const total = counts.reduce((a, b) => a + b, 0);
  const gold = GOLD_VALUES.map((v) => counts[goldCode(Number(v))]).reduce((a, b) => a + b, 0);
  const diggers = total - gold - counts[DYNAMITE];
  if (total !== POSITIONS) {
    throw new InputError(
      where.file,
      'cards',
      `the layout is 8 × 8: the counts must add up to ${POSITIONS}, got ${total} (gold ${gold} + diggers ${COLOURS} × ${diggers / COLOURS} + dynamite ${counts[DYNAMITE]}); change another count by ${POSITIONS - total > 0 ? '+' : ''}${POSITIONS - total} to match`,
    );
  }
  if (gold === 0) throw new InputError(where.file, 'cards.gold', 'expected at least one gold card: a layout without gold has nothing to win');
  return counts.every((n, code) => n === COMPOSITION[code]) ? undefined : Object.freeze(counts);
}

/**
 * `GameDefinition.parseConfig`. `players` (when the caller knows it) checks per-seat lists and
 * sizes a series' score curves.
 */
export function parseGoldConfig(
  raw: { rules?: unknown; params?: unknown; players?: number; sections?: Readonly<Record<string, unknown>> },
  where: Where & { dir?: string },
): GoldConfig {
  if (raw.params !== undefined && !isObject(raw.params)) throw new InputError(where.file, 'params', `expected an object, got ${show(raw.params)}`);
  const rules = parseGoldRules(where, raw.rules);
  const params = parseGoldParams(where, raw.params, rules, raw.players);
  const composition = parseGoldCards(where, raw.sections?.cards);
  return {
    rules,
    params,
    ...(raw.players === undefined ? {} : { players: raw.players }),
    ...(composition === undefined ? {} : { composition }),
  };
}
