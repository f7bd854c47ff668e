/**
 * The two decks of My Gold Mine as data (MG-A1, MG-A2): a deck file lists card entries with a count
 * each, and a declared `total` that must match. Every mistake names the file, the field and what was
 * expected (an unknown action, a negative gold value, 58 cards that are 57).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError } from '../../core/errors.js';
import { expectInt, expectKnownKeys, expectObject, expectOneOf, expectString, parseJsonText, show, type Where } from '../../core/validate.js';

/** §3.1 digging card kinds, in the rules' order. */
export const DIG_KINDS = ['lots-of-gold', 'gold-upwards', 'simple-gold', 'dragon'] as const;
export type DigKind = (typeof DIG_KINDS)[number];

/** Movement of each gold kind: +1 = one card right (towards Drago), −1 = one card left (towards the exit). */
export const KIND_MOVE: Readonly<Record<Exclude<DigKind, 'dragon'>, -1 | 0 | 1>> = { 'lots-of-gold': 1, 'gold-upwards': -1, 'simple-gold': 0 };
const MOVE_NAMES = { right: 1, left: -1, stay: 0 } as const;

/** §3.2 exit actions. */
export const EXIT_ACTIONS = ['one-step', 'double-step', 'all-together', 'swap', 'extragold'] as const;
export type ExitAction = (typeof EXIT_ACTIONS)[number];
/** Actions that move a dwarf towards the exit (a deck needs one, or a round could never end). */
const MOVING: readonly ExitAction[] = ['one-step', 'double-step', 'all-together'];

/** One kind of digging card in a deck (an entry of the deck file). */
export interface DigType {
  /** Unique within the deck; defaults to the kind. Fixtures name cards by it. */
  readonly id: string;
  readonly kind: DigKind;
  /** Gold printed on the card (0 for a dragon). */
  readonly gold: number;
  /** +1 right, −1 left, 0 stay (0 for a dragon). */
  readonly move: -1 | 0 | 1;
  readonly count: number;
}

export interface DigDeck {
  readonly deckId: string;
  readonly source: string;
  readonly types: readonly DigType[];
  /** Number of cards (the sum of the counts). */
  readonly total: number;
}

export interface ExitType {
  /** Unique within the deck; defaults to the actions joined by "/". */
  readonly id: string;
  /** One action, or two (the drawing player chooses; §3.2). */
  readonly actions: readonly ExitAction[];
  readonly count: number;
}

export interface ExitDeck {
  readonly deckId: string;
  readonly source: string;
  readonly types: readonly ExitType[];
  readonly total: number;
}

/** Reads a deck given inline or as a path relative to the scenario's folder. */
function readDeck(where: Where & { dir: string }, field: string, raw: unknown): { at: Where; f: string; data: unknown } {
  if (typeof raw !== 'string') return { at: where, f: field, data: raw };
  const file = resolve(where.dir, raw);
  let data: unknown;
  try {
    data = parseJsonText(file, readFileSync(file, 'utf8'));
  } catch (e) {
    throw new InputError(where.file, field, `cannot read deck file ${show(raw)}: ${(e as Error).message}`);
  }
  return { at: { file }, f: '', data };
}

const sub = (f: string, k: string) => (f ? `${f}.${k}` : k);

function checkTotal(at: Where, f: string, declared: number, counted: number, what: string): void {
  if (declared !== counted) {
    throw new InputError(
      at.file,
      sub(f, 'total'),
      `the deck declares ${declared} cards but its entries' counts add up to ${counted} ${what}; fix a count or the total`,
    );
  }
}

function uniqueId(at: Where, field: string, id: string, seen: Set<string>): void {
  if (seen.has(id)) throw new InputError(at.file, field, `duplicate card id ${show(id)}; give each entry its own "id"`);
  seen.add(id);
}

/** Checks a digging deck object (`field` = where it sits in `at.file`; '' = the whole file). */
export function digDeckFromData(at: Where, f: string, data: unknown): DigDeck {
  const obj = expectObject(at, f, data);
  expectKnownKeys(at, f, obj, ['deckId', 'source', 'total', 'cards']);
  const deckId = expectString(at, sub(f, 'deckId'), obj.deckId);
  const source = obj.source === undefined ? 'unspecified' : expectString(at, sub(f, 'source'), obj.source);
  if (!Array.isArray(obj.cards) || obj.cards.length === 0) {
    throw new InputError(at.file, sub(f, 'cards'), `expected a non-empty list of card entries ({ "kind", "gold", "count" }), got ${show(obj.cards)}`);
  }
  const seen = new Set<string>();
  const types: DigType[] = obj.cards.map((c, i) => {
    const p = sub(f, `cards[${i}]`);
    const card = expectObject(at, p, c);
    expectKnownKeys(at, p, card, ['id', 'kind', 'gold', 'move', 'count']);
    const kind = expectOneOf(at, `${p}.kind`, card.kind, DIG_KINDS);
    const count = expectInt(at, `${p}.count`, card.count, 0, 1000);
    const id = card.id === undefined ? kind : expectString(at, `${p}.id`, card.id);
    uniqueId(at, `${p}.id`, id, seen);
    if (kind === 'dragon') {
      if (card.gold !== undefined && card.gold !== 0)
        throw new InputError(at.file, `${p}.gold`, `a dragon card carries no gold; expected no "gold" field, got ${show(card.gold)}`);
      if (card.move !== undefined)
        throw new InputError(at.file, `${p}.move`, `a dragon card does not move a dwarf; expected no "move" field, got ${show(card.move)}`);
      return { id, kind, gold: 0, move: 0, count };
    }
    const gold = expectInt(at, `${p}.gold`, card.gold, 0, 1000);
    const move = card.move === undefined ? KIND_MOVE[kind] : MOVE_NAMES[expectOneOf(at, `${p}.move`, card.move, ['right', 'left', 'stay'] as const)];
    return { id, kind, gold, move, count };
  });
  const counted = types.reduce((n, t) => n + t.count, 0);
  const total = obj.total === undefined ? counted : expectInt(at, sub(f, 'total'), obj.total, 1, 100000);
  checkTotal(at, f, total, counted, `(${types.map((t) => `${t.count} ${t.id}`).join(' + ')})`);
  if (!types.some((t) => t.kind !== 'dragon' && t.count > 0)) {
    throw new InputError(
      at.file,
      sub(f, 'cards'),
      'expected at least one gold card (a non-dragon entry with count ≥ 1): the deck is reshuffled until a gold card is on top (§2.3)',
    );
  }
  return { deckId, source, types, total };
}

/** Checks an exit deck object. */
export function exitDeckFromData(at: Where, f: string, data: unknown): ExitDeck {
  const obj = expectObject(at, f, data);
  expectKnownKeys(at, f, obj, ['deckId', 'source', 'total', 'cards']);
  const deckId = expectString(at, sub(f, 'deckId'), obj.deckId);
  const source = obj.source === undefined ? 'unspecified' : expectString(at, sub(f, 'source'), obj.source);
  if (!Array.isArray(obj.cards) || obj.cards.length === 0) {
    throw new InputError(at.file, sub(f, 'cards'), `expected a non-empty list of card entries ({ "actions", "count" }), got ${show(obj.cards)}`);
  }
  const seen = new Set<string>();
  const types: ExitType[] = obj.cards.map((c, i) => {
    const p = sub(f, `cards[${i}]`);
    const card = expectObject(at, p, c);
    expectKnownKeys(at, p, card, ['id', 'actions', 'count']);
    if (!Array.isArray(card.actions) || card.actions.length < 1 || card.actions.length > 2) {
      throw new InputError(at.file, `${p}.actions`, `expected a list of one or two actions (${EXIT_ACTIONS.join(', ')}), got ${show(card.actions)}`);
    }
    const actions = card.actions.map((a, j) => expectOneOf(at, `${p}.actions[${j}]`, a, EXIT_ACTIONS));
    if (actions.length === 2 && actions[0] === actions[1]) {
      throw new InputError(at.file, `${p}.actions`, `a two-action card needs two different actions, got ${show(actions)}`);
    }
    const count = expectInt(at, `${p}.count`, card.count, 0, 1000);
    const id = card.id === undefined ? actions.join('/') : expectString(at, `${p}.id`, card.id);
    uniqueId(at, `${p}.id`, id, seen);
    return { id, actions, count };
  });
  const counted = types.reduce((n, t) => n + t.count, 0);
  const total = obj.total === undefined ? counted : expectInt(at, sub(f, 'total'), obj.total, 1, 100000);
  checkTotal(at, f, total, counted, `(${types.map((t) => `${t.count} ${t.id}`).join(' + ')})`);
  // A card that can be kept (Extragold) may leave the cycle; one that always returns to the discard
  // pile and always moves a dwarf guarantees every round ends once the digging deck is empty.
  if (!types.some((t) => t.count > 0 && t.actions.some((a) => MOVING.includes(a)) && !t.actions.includes('extragold'))) {
    throw new InputError(
      at.file,
      sub(f, 'cards'),
      'expected at least one card with one-step, double-step or all-together and no extragold (count ≥ 1): without one, a dwarf could never walk out once the digging deck is empty',
    );
  }
  return { deckId, source, types, total };
}

/** `params.digDeck`: a path relative to the scenario, or the deck inline. */
export function parseDigDeck(where: Where & { dir: string }, field: string, raw: unknown): DigDeck {
  const { at, f, data } = readDeck(where, field, raw);
  return digDeckFromData(at, f, data);
}

/** `params.exitDeck`: a path relative to the scenario, or the deck inline. */
export function parseExitDeck(where: Where & { dir: string }, field: string, raw: unknown): ExitDeck {
  const { at, f, data } = readDeck(where, field, raw);
  return exitDeckFromData(at, f, data);
}

/** A deck in its file form (for portable params: a deck file inlined). */
export function digDeckData(deck: DigDeck): unknown {
  return {
    deckId: deck.deckId,
    source: deck.source,
    total: deck.total,
    cards: deck.types.map((t) => ({
      id: t.id,
      kind: t.kind,
      ...(t.kind === 'dragon' ? {} : { gold: t.gold, move: t.move === 1 ? 'right' : t.move === -1 ? 'left' : 'stay' }),
      count: t.count,
    })),
  };
}

export function exitDeckData(deck: ExitDeck): unknown {
  return { deckId: deck.deckId, source: deck.source, total: deck.total, cards: deck.types.map((t) => ({ id: t.id, actions: t.actions, count: t.count })) };
}
