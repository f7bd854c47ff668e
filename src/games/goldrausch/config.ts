/**
 * Reads the `rules` and `params` objects of a scenario (or fixture) into a `GoldrauschConfig`,
 * with errors that name the file, the field, the value and what was expected.
 */
import { resolve } from 'node:path';
import { InputError } from '../../core/errors.js';
import {
  expectInt,
  expectKnownKeys,
  expectNumber,
  expectObject,
  expectOneOf,
  expectString,
  isObject,
  readJsonFile,
  show,
  type Where,
} from '../../core/validate.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, RULES_CHOICES, resourceDeckFromFile, type GameParams, type GoldrauschConfig, type RulesOptions } from './params.js';
import { parseEventCards } from './card-section.js';
import { CONTINENTS, EVENT_CARD_IDS, WHEEL_FIELDS, type ResourceDeck } from './types.js';

export function parseRules(where: Where, raw: unknown): RulesOptions {
  if (raw === undefined) return DEFAULT_RULES;
  const obj = expectObject(where, 'rules', raw);
  expectKnownKeys(where, 'rules', obj, Object.keys(RULES_CHOICES));
  const out: Record<string, unknown> = { ...DEFAULT_RULES };
  for (const [key, value] of Object.entries(obj)) {
    out[key] = expectOneOf(where, `rules.${key}`, value, RULES_CHOICES[key as keyof RulesOptions] as readonly unknown[]);
  }
  return Object.freeze(out) as unknown as RulesOptions;
}

/** Reads `{ azul, rosso, veridia }` of integers ≥ min. */
/**
 * One whole number per continent. With `defaults`, a continent left out keeps its default (caps: a
 * designer tunes, or a sweep varies, `params.caps.azul` alone); without, every continent is required.
 */
export function perContinent(
  where: Where,
  field: string,
  raw: unknown,
  min: number,
  defaults?: readonly [number, number, number],
): readonly [number, number, number] {
  const obj = expectObject(where, field, raw);
  expectKnownKeys(where, field, obj, CONTINENTS);
  return CONTINENTS.map((c, i) =>
    defaults !== undefined && obj[c] === undefined ? defaults[i] : expectInt(where, `${field}.${c}`, obj[c], min),
  ) as unknown as readonly [number, number, number];
}

/** Reads a §10.1 deck (file path relative to the scenario, or inline) and checks it. */
export function parseResourceDeck(where: Where & { dir: string }, field: string, raw: unknown): ResourceDeck {
  let data: unknown = raw;
  let file = where.file;
  if (typeof raw === 'string') {
    file = resolve(where.dir, raw);
    try {
      data = readJsonFile(file, 'the deck file');
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      throw new InputError(where.file, field, `cannot read deck file ${show(raw)}: ${e.message}`);
    }
  }
  const at = { file };
  const f = file === where.file ? field : '';
  const p = (k: string) => (f ? `${f}.${k}` : k);
  const obj = expectObject(at, f, data);
  expectKnownKeys(at, f, obj, ['deck_id', 'source', 'cards']);
  const deckId = expectString(at, p('deck_id'), obj.deck_id);
  const source = typeof obj.source === 'string' ? obj.source : 'unspecified';
  if (!Array.isArray(obj.cards) || obj.cards.length === 0) {
    throw new InputError(file, p('cards'), `expected a non-empty list of resource cards, got ${show(obj.cards)}`);
  }
  const cards = obj.cards.map((c, i) => {
    const card = expectObject(at, p(`cards[${i}]`), c);
    expectKnownKeys(at, p(`cards[${i}]`), card, ['id', 'respawn', 'extract']);
    return {
      id: expectString(at, p(`cards[${i}].id`), card.id),
      respawn: Object.fromEntries(CONTINENTS.map((k, j) => [k, perContinent(at, p(`cards[${i}].respawn`), card.respawn, 0)[j]])),
      extract: Object.fromEntries(CONTINENTS.map((k, j) => [k, perContinent(at, p(`cards[${i}].extract`), card.extract, 0)[j]])),
    };
  });
  return resourceDeckFromFile({ deck_id: deckId, source, cards });
}

const PARAM_KEYS = Object.keys(DEFAULT_PARAMS);

/** `newCards`: the ids of the scenario's new event cards (eventCards section), which `eventDeck` may count too. */
export function parseParams(where: Where & { dir: string }, raw: unknown, newCards: readonly string[] = []): GameParams {
  if (raw === undefined) return DEFAULT_PARAMS;
  const obj = expectObject(where, 'params', raw);
  expectKnownKeys(where, 'params', obj, PARAM_KEYS);
  const out: Record<string, unknown> = { ...DEFAULT_PARAMS };
  const int = (key: string, min: number, max?: number) => {
    if (obj[key] !== undefined) out[key] = expectInt(where, `params.${key}`, obj[key], min, max);
  };
  int('rounds', 1, 100);
  int('winThreshold', 1);
  int('startingGold', 0);
  int('fine', 0);
  int('negotiationTicks', 1, 1000);
  int('messagesPerTick', 1, 100);
  if (obj.pLate !== undefined) out.pLate = expectNumber(where, 'params.pLate', obj.pLate, 0, 1);
  if (obj.caps !== undefined) out.caps = perContinent(where, 'params.caps', obj.caps, 0, DEFAULT_PARAMS.caps);
  if (obj.setupRespawnMultiplier !== undefined) {
    const m = expectObject(where, 'params.setupRespawnMultiplier', obj.setupRespawnMultiplier);
    expectKnownKeys(where, 'params.setupRespawnMultiplier', m, ['4', '5', '6']);
    out.setupRespawnMultiplier = {
      ...DEFAULT_PARAMS.setupRespawnMultiplier,
      ...Object.fromEntries(Object.entries(m).map(([k, v]) => [k, expectInt(where, `params.setupRespawnMultiplier.${k}`, v, 0)])),
    };
  }
  if (obj.capCuts !== undefined) {
    const m = expectObject(where, 'params.capCuts', obj.capCuts);
    expectKnownKeys(where, 'params.capCuts', m, ['barren-land', 'poor-mother-earth']);
    out.capCuts = { ...DEFAULT_PARAMS.capCuts, ...Object.fromEntries(Object.entries(m).map(([k, v]) => [k, expectInt(where, `params.capCuts.${k}`, v, 0)])) };
  }
  if (obj.wheel !== undefined) {
    const m = expectObject(where, 'params.wheel', obj.wheel);
    expectKnownKeys(where, 'params.wheel', m, WHEEL_FIELDS);
    // Whole, unlike caps: a partial wheel filled up with the default counts would give odds nobody
    // wrote down ({ event: 9 } is 9 of 17 fields, not "always an event"), while a cap is one number.
    const missing = WHEEL_FIELDS.filter((f) => m[f] === undefined);
    if (missing.length > 0) {
      throw new InputError(
        where.file,
        'params.wheel',
        `missing ${missing.map((f) => `"${f}"`).join(', ')}: a wheel gives the count of every field (${WHEEL_FIELDS.join(', ')}; default ${WHEEL_FIELDS.map((f) => DEFAULT_PARAMS.wheel[f]).join(', ')})`,
      );
    }
    const wheel = Object.fromEntries(WHEEL_FIELDS.map((f) => [f, expectInt(where, `params.wheel.${f}`, m[f], 0)])) as GameParams['wheel'];
    if (Object.values(wheel).every((v) => v === 0)) throw new InputError(where.file, 'params.wheel', 'expected at least one field with a count above 0');
    out.wheel = wheel;
  }
  if (obj.eventDeck !== undefined) {
    const m = expectObject(where, 'params.eventDeck', obj.eventDeck);
    expectKnownKeys(where, 'params.eventDeck', m, [...EVENT_CARD_IDS, ...newCards]);
    out.eventDeck = {
      ...DEFAULT_PARAMS.eventDeck,
      ...Object.fromEntries(Object.entries(m).map(([k, v]) => [k, expectInt(where, `params.eventDeck.${k}`, v, 0, 100)])),
    };
  }
  if (obj.resourceDeck !== undefined) out.resourceDeck = parseResourceDeck(where, 'params.resourceDeck', obj.resourceDeck);
  return out as unknown as GameParams;
}

/** The scenario sections Goldrausch reads besides rules and params (GameDefinition.scenarioSections). */
export const SCENARIO_SECTIONS = ['eventCards'] as const;

export function parseGoldrauschConfig(
  raw: { rules?: unknown; params?: unknown; sections?: Readonly<Record<string, unknown>> },
  where: Where & { dir: string },
): GoldrauschConfig {
  if (raw.params !== undefined && !isObject(raw.params)) throw new InputError(where.file, 'params', `expected an object, got ${show(raw.params)}`);
  const rules = parseRules(where, raw.rules);
  const section = raw.sections?.eventCards;
  const builtin: readonly string[] = EVENT_CARD_IDS;
  const newCards = isObject(section) ? Object.keys(section).filter((id) => !builtin.includes(id)) : [];
  const params = parseParams(where, raw.params, newCards);
  const capCutsGiven = isObject(raw.params) && isObject(raw.params.capCuts) ? Object.keys(raw.params.capCuts) : [];
  const eventCards = parseEventCards(where, section, params.capCuts, capCutsGiven);
  if (eventCards === undefined) return { rules, params };
  // A new card is in the deck once unless params.eventDeck says otherwise.
  const eventDeck = { ...params.eventDeck };
  for (const c of eventCards) eventDeck[c.id] ??= 1;
  return { rules, params: { ...params, eventDeck, eventCards } };
}
