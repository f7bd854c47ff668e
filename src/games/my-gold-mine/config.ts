/**
 * Reads a scenario's (or fixture's) `rules` and `params` into a `MyGoldMineConfig`, with errors that
 * name the file, the field, the value and what was expected (unknown keys get a did-you-mean hint).
 */
import { InputError } from '../../core/errors.js';
import { expectInt, expectKnownKeys, expectObject, expectOneOf, isObject, show, type Where } from '../../core/validate.js';
import { applyDigCards, applyExitCards } from './card-section.js';
import { parseDigDeck, parseExitDeck } from './decks.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, INT_RULES, RULES_CHOICES, type GameParams, type MyGoldMineConfig, type RulesOptions } from './params.js';

export function parseRules(where: Where, raw: unknown): RulesOptions {
  if (raw === undefined) return DEFAULT_RULES;
  const obj = expectObject(where, 'rules', raw);
  expectKnownKeys(where, 'rules', obj, Object.keys(DEFAULT_RULES));
  const out: Record<string, unknown> = { ...DEFAULT_RULES };
  for (const [key, value] of Object.entries(obj)) {
    if (Object.hasOwn(INT_RULES, key)) {
      const [min, max] = INT_RULES[key as keyof typeof INT_RULES];
      out[key] = expectInt(where, `rules.${key}`, value, min, max);
    } else {
      out[key] = expectOneOf(where, `rules.${key}`, value, RULES_CHOICES[key as keyof typeof RULES_CHOICES] as readonly unknown[]);
    }
  }
  return Object.freeze(out) as unknown as RulesOptions;
}

export function parseParams(where: Where & { dir: string }, raw: unknown): GameParams {
  if (raw === undefined) return DEFAULT_PARAMS;
  const obj = expectObject(where, 'params', raw);
  expectKnownKeys(where, 'params', obj, Object.keys(DEFAULT_PARAMS));
  const out: { -readonly [K in keyof GameParams]: GameParams[K] } = { ...DEFAULT_PARAMS };
  if (obj.rounds !== undefined) out.rounds = expectInt(where, 'params.rounds', obj.rounds, 1, 20);
  if (obj.extragoldValue !== undefined) out.extragoldValue = expectInt(where, 'params.extragoldValue', obj.extragoldValue, 0, 1000);
  if (obj.nuggets !== undefined) {
    if (!Array.isArray(obj.nuggets) || obj.nuggets.length < 1 || obj.nuggets.length > 12) {
      throw new InputError(where.file, 'params.nuggets', `expected a list of 1 to 12 nugget awards (1st place first), got ${show(obj.nuggets)}`);
    }
    out.nuggets = obj.nuggets.map((v, i) => expectInt(where, `params.nuggets[${i}]`, v, 0, 1000));
  }
  if (obj.digDeck !== undefined) out.digDeck = parseDigDeck(where, 'params.digDeck', obj.digDeck);
  if (obj.exitDeck !== undefined) out.exitDeck = parseExitDeck(where, 'params.exitDeck', obj.exitDeck);
  return out;
}

/** The scenario sections My Gold Mine reads besides rules and params (GameDefinition.scenarioSections). */
export const SCENARIO_SECTIONS = ['digCards', 'exitCards'] as const;

export function parseMyGoldMineConfig(
  raw: { rules?: unknown; params?: unknown; sections?: Readonly<Record<string, unknown>> },
  where: Where & { dir: string },
): MyGoldMineConfig {
  if (raw.params !== undefined && !isObject(raw.params)) throw new InputError(where.file, 'params', `expected an object, got ${show(raw.params)}`);
  const rules = parseRules(where, raw.rules);
  const params = parseParams(where, raw.params);
  const dig = applyDigCards(where, raw.sections?.digCards, params.digDeck);
  const exit = applyExitCards(where, raw.sections?.exitCards, params.exitDeck);
  const changedCards = [...dig.changed, ...exit.changed];
  if (changedCards.length === 0) return { rules, params };
  return { rules, params: { ...params, digDeck: dig.deck, exitDeck: exit.deck }, changedCards };
}
