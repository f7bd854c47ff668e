/**
 * A scenario's `digCards` and `exitCards` sections (issue 18): changes to the entries of the deck
 * in force (params.digDeck / params.exitDeck, or the placeholder decks) and new entries, keyed by
 * the entry's id, without writing a deck file. Plain JSON, one meaning per path, so a sweep can vary
 * `digCards.simple-gold.gold` or `exitCards.swap.count`:
 *
 *   "digCards": { "simple-gold": { "gold": 2 }, "big-nugget": { "kind": "lots-of-gold", "gold": 3, "count": 2 } }
 *   "exitCards": { "swap": { "count": 2 }, "leap": { "actions": ["double-step", "swap"], "count": 1 } }
 *
 * An entry keeps every field not given; a new entry needs its kind (dig) or actions (exit). The
 * changed deck is checked as a deck file is (decks.ts): at least one gold card, a way out.
 */
import { InputError } from '../../core/errors.js';
import { expectInt, expectKnownKeys, expectObject, expectOneOf, show, type Where } from '../../core/validate.js';
import { DIG_KINDS, EXIT_ACTIONS, KIND_MOVE, digDeckData, digDeckFromData, exitDeckData, exitDeckFromData, type DigDeck, type ExitDeck } from './decks.js';

const MOVES = ['right', 'left', 'stay'] as const;

/**
 * The numbers of an entry a designer tunes, with how far around the entry's own value to explore
 * them (`goldpit sensitivity --all-params`, tunables.ts): a digging card's count (± half) and printed
 * gold (± 1), an exit card's count (± 1).
 */
export const TUNABLE = {
  dig: { count: { relative: 0.5, min: 0, max: 1000 }, gold: { below: 1, above: 1, min: 0, max: 1000 } },
  exit: { count: { below: 1, above: 1, min: 0, max: 1000 } },
} as const;
const moveName = (m: number) => (m === 1 ? 'right' : m === -1 ? 'left' : 'stay');

type Entry = Record<string, unknown>;

/** The deck with the section's changes, and one line per changed or new entry (undefined deck = unchanged). */
export interface DeckChanges<Deck> {
  readonly deck: Deck;
  readonly changed: readonly string[];
}

/** Re-checks the whole changed deck; a deck-level problem is the section's (the entries were checked one by one). */
function checkDeck<Deck>(where: Where, section: string, build: (at: Where, f: string, data: unknown) => Deck, data: unknown): Deck {
  try {
    return build(where, section, data);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    throw new InputError(where.file, section, e.problem);
  }
}

const describe = (e: Entry) =>
  Object.entries(e)
    .filter(([k]) => k !== 'id')
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join('+') : v}`)
    .join(', ');

function diffLine(id: string, was: Entry | undefined, now: Entry): string {
  if (was === undefined) return `${id} (new): ${describe(now)}`;
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]));
  return `${id}: ${keys.map((k) => `${k} ${show(was[k] ?? null)} → ${show(now[k] ?? null)}`).join(', ')}`;
}

export function applyDigCards(where: Where, raw: unknown, base: DigDeck): DeckChanges<DigDeck> {
  if (raw === undefined) return { deck: base, changed: [] };
  const obj = expectObject(where, 'digCards', raw);
  const entries = (digDeckData(base) as { cards: Entry[] }).cards.map((c) => ({ ...c }));
  const before = entries.map((c) => ({ ...c }));
  for (const [id, value] of Object.entries(obj)) {
    const field = `digCards.${id}`;
    const given = expectObject(where, field, value);
    let entry = entries.find((c) => c.id === id);
    if (entry === undefined) {
      if (given.kind === undefined) {
        throw new InputError(
          where.file,
          `${field}.kind`,
          `a new digging card needs a kind (${id} is not an entry of deck ${base.deckId}: ${entries.map((c) => c.id).join(', ')}); expected one of ${DIG_KINDS.join(', ')}`,
        );
      }
      entry = { id };
      entries.push(entry);
    }
    const kind = given.kind === undefined ? (entry.kind as string) : expectOneOf(where, `${field}.kind`, given.kind, DIG_KINDS);
    expectKnownKeys(where, field, given, kind === 'dragon' ? ['kind', 'count'] : ['kind', 'gold', 'move', 'count']);
    const count = given.count === undefined ? (entry.count ?? 1) : expectInt(where, `${field}.count`, given.count, 0, 1000);
    if (kind === 'dragon') {
      entry.kind = kind;
      delete entry.gold;
      delete entry.move;
    } else {
      const gold = given.gold !== undefined ? expectInt(where, `${field}.gold`, given.gold, 0, 1000) : entry.gold;
      if (gold === undefined) throw new InputError(where.file, `${field}.gold`, `a ${kind} card needs the gold printed on it (a whole number from 0)`);
      // A kind changed without a move given moves as the new kind does (KIND_MOVE).
      const move =
        given.move !== undefined
          ? expectOneOf(where, `${field}.move`, given.move, MOVES)
          : entry.kind === kind && entry.move !== undefined
            ? entry.move
            : moveName(KIND_MOVE[kind as keyof typeof KIND_MOVE]);
      Object.assign(entry, { kind, gold, move });
    }
    entry.count = count;
  }
  const data = { deckId: base.deckId, source: base.source, cards: entries };
  const deck = checkDeck(where, 'digCards', digDeckFromData, data);
  const changed = entries.flatMap((now) => {
    const was = before.find((c) => c.id === now.id);
    return JSON.stringify(was) === JSON.stringify(now) ? [] : [`digging card ${diffLine(now.id as string, was, now)}`];
  });
  return changed.length === 0 ? { deck: base, changed } : { deck, changed };
}

export function applyExitCards(where: Where, raw: unknown, base: ExitDeck): DeckChanges<ExitDeck> {
  if (raw === undefined) return { deck: base, changed: [] };
  const obj = expectObject(where, 'exitCards', raw);
  const entries = (exitDeckData(base) as { cards: Entry[] }).cards.map((c) => ({ ...c }));
  const before = entries.map((c) => ({ ...c }));
  for (const [id, value] of Object.entries(obj)) {
    const field = `exitCards.${id}`;
    const given = expectObject(where, field, value);
    expectKnownKeys(where, field, given, ['actions', 'count']);
    let entry = entries.find((c) => c.id === id);
    if (entry === undefined) {
      if (given.actions === undefined) {
        throw new InputError(
          where.file,
          `${field}.actions`,
          `a new exit card needs its actions (${id} is not an entry of deck ${base.deckId}: ${entries.map((c) => c.id).join(', ')}); expected a list of one or two of ${EXIT_ACTIONS.join(', ')}`,
        );
      }
      entry = { id };
      entries.push(entry);
    }
    if (given.actions !== undefined) {
      if (!Array.isArray(given.actions) || given.actions.length < 1 || given.actions.length > 2) {
        throw new InputError(where.file, `${field}.actions`, `expected a list of one or two actions (${EXIT_ACTIONS.join(', ')}), got ${show(given.actions)}`);
      }
      entry.actions = given.actions.map((a, j) => expectOneOf(where, `${field}.actions[${j}]`, a, EXIT_ACTIONS));
    }
    entry.count = given.count === undefined ? (entry.count ?? 1) : expectInt(where, `${field}.count`, given.count, 0, 1000);
  }
  const data = { deckId: base.deckId, source: base.source, cards: entries };
  const deck = checkDeck(where, 'exitCards', exitDeckFromData, data);
  const changed = entries.flatMap((now) => {
    const was = before.find((c) => c.id === now.id);
    return JSON.stringify(was) === JSON.stringify(now) ? [] : [`exit card ${diffLine(now.id as string, was, now)}`];
  });
  return changed.length === 0 ? { deck: base, changed } : { deck, changed };
}
