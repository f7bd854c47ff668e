/**
 * A scenario's `eventCards` section: changes to the built-in event cards' numbers and new cards of
 * the same effect kinds, without code (issue 18). Keyed by card id; each entry is plain JSON with
 * one meaning per path, so a sweep can vary `eventCards.subsidy.amount`:
 *
 *   "eventCards": { "subsidy": { "amount": 3 }, "windfall-azul": { "kind": "shower", "continent": "azul" } }
 *
 * A built-in card keeps every field not given; a new card (or a built-in given another kind) takes
 * each kind's defaults. Copies per card stay `params.eventDeck` (a new card: 1 unless it says).
 */
import { InputError } from '../../core/errors.js';
import { expectInt, expectKnownKeys, expectObject, expectOneOf, expectString, show, type Where } from '../../core/validate.js';
import { EVENT_CARDS, builtinEventCards, eventCardsOf, type AfterUse, type EffectKind, type EventCard, type EventEffect } from './cards.js';
import type { GameParams } from './params.js';
import { CONTINENTS, EVENT_CARD_IDS } from './types.js';

/**
 * A field of an effect kind: one of some words, or a whole number in a range; no default = required.
 * `tunable` marks a number a designer tunes, with how far around a card's own value to explore it
 * (`goldpit sensitivity --all-params`, tunables.ts; clamped to min..max).
 */
type Field =
  | { readonly values: readonly string[] }
  | { readonly min: number; readonly max: number; readonly default: number; readonly tunable?: { readonly below: number; readonly above: number } };

const continent: Field = { values: CONTINENTS };

/** Every effect kind's fields (cards.ts `EventEffect`), with the range a designer may use. */
export const EFFECT_FIELDS: { readonly [K in EffectKind]: Readonly<Record<string, Field>> } = {
  'fine-exemption': { who: { values: ['poorest', 'all', ...CONTINENTS] } },
  shower: { continent, factor: { min: 0, max: 10, default: 2, tunable: { below: 1, above: 2 } } },
  extraction: {
    divideBy: { min: 1, max: 100, default: 1, tunable: { below: 1, above: 2 } },
    minus: { min: 0, max: 100, default: 0, tunable: { below: 2, above: 2 } },
  },
  progress: { continent },
  nostalgia: { continent },
  'market-crash': {},
  'equal-rights': {},
  'cap-cut': { amount: { min: 0, max: 100, default: 2, tunable: { below: 2, above: 2 } } },
  vulture: {
    richest: { min: 0, max: 100, default: 5, tunable: { below: 2, above: 2 } },
    poorest: { min: 0, max: 100, default: 1, tunable: { below: 1, above: 2 } },
    others: { min: 0, max: 100, default: 3, tunable: { below: 2, above: 2 } },
  },
  subsidy: { amount: { min: 0, max: 100, default: 2, tunable: { below: 2, above: 2 } } },
  'pass-upgrade-left': {},
  hurricane: { shift: { min: 0, max: 5, default: 2, tunable: { below: 2, above: 2 } } },
  'paperwork-chaos': {},
  blank: {},
};

const KINDS = Object.keys(EFFECT_FIELDS) as EffectKind[];
const AFTER_USE: readonly AfterUse[] = ['discard', 'beside-clock', 'beside-clock-this-round'];
/** Fields every card may have besides its kind's. */
const CARD_FIELDS = ['kind', 'name', 'german', 'afterUse'];

/**
 * The card table of a scenario with an `eventCards` section (built-in cards first, then the new ones
 * in the section's order), or undefined when it changes nothing (the config then hashes as before).
 * `capCutsGiven`: the scenario set `params.capCuts` (the older spelling of #18's and #19's amounts).
 */
export function parseEventCards(where: Where, raw: unknown, capCuts: GameParams['capCuts'], capCutsGiven: readonly string[]): readonly EventCard[] | undefined {
  if (raw === undefined) return undefined;
  const obj = expectObject(where, 'eventCards', raw);
  const builtins = builtinEventCards(capCuts);
  const table = [...builtins];
  let next = EVENT_CARDS.length + 1;
  for (const [id, entry] of Object.entries(obj)) {
    const field = `eventCards.${id}`;
    const at = table.findIndex((c) => c.id === id);
    if (at < 0 && !/^[a-z][a-z0-9-]*$/.test(id)) {
      throw new InputError(
        where.file,
        field,
        `a new card's id must be lower-case letters, digits and "-", starting with a letter (it names the card in reports), got ${show(id)}`,
      );
    }
    if (id === 'blank') throw new InputError(where.file, field, '"blank" is reserved for the counterfactual of goldpit impact; give the card another id');
    const base = at >= 0 ? table[at] : undefined;
    const card = parseCard(where, field, entry, id, base, next);
    if (base === undefined) {
      table.push(card);
      next++;
    } else {
      if (card.effect.kind === 'cap-cut' && capCutsGiven.includes(id) && isObjectWith(entry, 'amount')) {
        throw new InputError(
          where.file,
          `${field}.amount`,
          `the cut of ${id} is given twice (also params.capCuts.${id}); give it once, here (params.capCuts is the older spelling)`,
        );
      }
      table[at] = card;
    }
  }
  return JSON.stringify(table) === JSON.stringify(builtins) ? undefined : Object.freeze(table);
}

const isObjectWith = (v: unknown, key: string): boolean => typeof v === 'object' && v !== null && Object.hasOwn(v, key);

function parseCard(where: Where, field: string, raw: unknown, id: string, base: EventCard | undefined, number: number): EventCard {
  const entry = expectObject(where, field, raw);
  const builtinIds = `the built-in ids are ${EVENT_CARD_IDS.join(', ')}`;
  if (base === undefined && entry.kind === undefined) {
    throw new InputError(
      where.file,
      `${field}.kind`,
      `a new card needs a kind (${id} is not a built-in card; ${builtinIds}); expected one of ${KINDS.join(', ')}`,
    );
  }
  const kind = entry.kind === undefined ? base!.effect.kind : expectOneOf(where, `${field}.kind`, entry.kind, KINDS);
  const fields = EFFECT_FIELDS[kind];
  expectKnownKeys(where, field, entry, [...CARD_FIELDS, ...Object.keys(fields)]);
  // Same kind: start from the card as it is; another kind (or a new card): from the kind's defaults.
  const from: Record<string, unknown> = base !== undefined && base.effect.kind === kind ? { ...base.effect } : { kind };
  const effect: Record<string, unknown> = { kind };
  for (const [name, spec] of Object.entries(fields)) {
    const value = entry[name];
    const path = `${field}.${name}`;
    if ('values' in spec) {
      if (value !== undefined) effect[name] = expectOneOf(where, path, value, spec.values);
      else if (from[name] !== undefined) effect[name] = from[name];
      else throw new InputError(where.file, path, `a ${kind} card needs ${name}: one of ${spec.values.join(', ')}`);
    } else {
      effect[name] = value !== undefined ? expectInt(where, path, value, spec.min, spec.max) : (from[name] ?? spec.default);
    }
  }
  const defaultAfterUse: AfterUse = base !== undefined && base.effect.kind === kind ? base.afterUse : kind === 'cap-cut' ? 'beside-clock' : 'discard';
  const afterUse = entry.afterUse === undefined ? defaultAfterUse : expectOneOf(where, `${field}.afterUse`, entry.afterUse, AFTER_USE);
  if (kind === 'cap-cut' && afterUse !== 'beside-clock') {
    // GR-A29/GR-A40: a cut lowers the caps for good, and the card beside the clock is what says so.
    throw new InputError(
      where.file,
      `${field}.afterUse`,
      `a cap-cut card lowers the caps for good and stays beside the clock; expected "beside-clock", got ${show(afterUse)}`,
    );
  }
  const english = entry.name === undefined ? (base?.english ?? id) : expectString(where, `${field}.name`, entry.name);
  const german = entry.german === undefined ? (base?.german ?? english) : expectString(where, `${field}.german`, entry.german);
  return { number: base?.number ?? number, id, german, english, effect: effect as unknown as EventEffect, afterUse };
}

/** What a card does, in a few words: "shower on azul ×2", "subsidy 3". */
export function describeEffect(card: EventCard): string {
  const e = card.effect;
  const fields = Object.keys(EFFECT_FIELDS[e.kind]);
  const values = fields.map((f) => `${f} ${(e as unknown as Record<string, unknown>)[f]}`).join(', ');
  return `${e.kind}${values ? ` (${values})` : ''}${card.afterUse === 'discard' ? '' : `, after use ${card.afterUse}`}`;
}

/**
 * The cards of `params` that differ from the built-in set, and the new ones, one line each (the
 * report's changed-cards note): "subsidy: amount 2 → 3", "windfall-azul (new, #26, 1 copy): shower (continent azul, factor 2)".
 */
export function changedEventCards(params: GameParams): readonly string[] {
  // Against the printed cards (EVENT_CARDS): a cut changed through params.capCuts is a changed card too.
  const table = eventCardsOf(params);
  const builtins = new Map(EVENT_CARDS.map((c) => [c.id, c]));
  const out: string[] = [];
  for (const card of table) {
    const was = builtins.get(card.id);
    if (was === undefined) {
      const copies = params.eventDeck[card.id] ?? 0;
      out.push(`${card.id} (new, #${card.number}, ${copies} ${copies === 1 ? 'copy' : 'copies'}): ${describeEffect(card)}`);
      continue;
    }
    if (JSON.stringify(was) === JSON.stringify(card)) continue;
    if (was.effect.kind !== card.effect.kind) {
      out.push(`${card.id}: now ${describeEffect(card)} (was ${describeEffect(was)})`);
      continue;
    }
    const a = { ...was.effect, afterUse: was.afterUse, name: was.english, german: was.german } as Record<string, unknown>;
    const b = { ...card.effect, afterUse: card.afterUse, name: card.english, german: card.german } as Record<string, unknown>;
    const diffs = Object.keys(b)
      .filter((k) => a[k] !== b[k])
      .map((k) => `${k} ${a[k]} → ${b[k]}`);
    out.push(`${card.id}: ${diffs.join(', ')}`);
  }
  return out;
}
