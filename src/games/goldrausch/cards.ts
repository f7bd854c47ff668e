/**
 * The event cards (docs/games/goldrausch.md §7) as data: each card is a parametrised instance of a
 * shared effect kind, so the effects live once (events.ts, for both engines), not 25
 * times. The built-in 25 are the default table; a scenario's `eventCards` section changes their
 * numbers and adds cards of the same kinds (config.ts `parseEventCards`), into `params.eventCards`.
 */
import { memoOnIdentity } from '../../core/memo.js';
import type { GameParams } from './params.js';
import type { Continent, EventCardId } from './types.js';

export type EventEffect =
  | { readonly kind: 'fine-exemption'; readonly who: 'poorest' | 'all' | Continent } // #1–5, GR-A21
  /** #6–8, GR-A23: every player's base amount on `continent` is `factor` × the extraction. */
  | { readonly kind: 'shower'; readonly continent: Continent; readonly factor: number }
  /** #9, #20 (GR-A24): the base amount everywhere is max(0, floor(extraction / divideBy) − minus). */
  | { readonly kind: 'extraction'; readonly divideBy: number; readonly minus: number }
  | { readonly kind: 'progress'; readonly continent: Continent } // #10–12 forced upgrade, GR-A25
  | { readonly kind: 'nostalgia'; readonly continent: Continent } // #13–15 banned upgrade, GR-A26
  | { readonly kind: 'market-crash' } // #16, GR-A27
  | { readonly kind: 'equal-rights' } // #17, GR-A28
  /** #18, #19 (GR-A29): every cap falls by `amount` for good (the built-ins' amounts are `params.capCuts`). */
  | { readonly kind: 'cap-cut'; readonly amount: number }
  /** #21, GR-A30: the richest lose `richest`, the poorest `poorest`, the rest `others` (all equal: rules.vultureAllEqual). */
  | { readonly kind: 'vulture'; readonly richest: number; readonly poorest: number; readonly others: number }
  | { readonly kind: 'subsidy'; readonly amount: number } // #22: every player gets `amount` from the bank
  | { readonly kind: 'pass-upgrade-left' } // #23
  /** #24: country card i → i − shift (mod the player count), pawns follow. */
  | { readonly kind: 'hurricane'; readonly shift: number }
  | { readonly kind: 'paperwork-chaos' } // #25, GR-A34
  | { readonly kind: 'blank' }; // no effect: the counterfactual stand-in for a removed card

export type EffectKind = EventEffect['kind'];

/**
 * Where a card goes after its round (GR-A40): the discard pile; beside the clock for good (cap cuts);
 * or beside the clock until the round ends, then the discard pile (#20).
 */
export type AfterUse = 'discard' | 'beside-clock' | 'beside-clock-this-round';

export interface EventCard {
  readonly number: number;
  /** A built-in `EventCardId`, or a scenario's own id. */
  readonly id: string;
  readonly german: string;
  readonly english: string;
  readonly effect: EventEffect;
  readonly afterUse: AfterUse;
}

const card = (number: number, id: EventCardId, german: string, english: string, effect: EventEffect, afterUse: AfterUse = 'discard'): EventCard => ({
  number,
  id,
  german,
  english,
  effect,
  afterUse,
});

/** The built-in 25, with the cap cuts' default amounts (params.ts DEFAULT_PARAMS.capCuts). */
export const EVENT_CARDS: readonly EventCard[] = [
  card(1, 'alms', 'Almosen', 'Alms', { kind: 'fine-exemption', who: 'poorest' }),
  card(2, 'workaholic-azul', 'Arbeitswütiges Azul', 'Workaholic Azul', { kind: 'fine-exemption', who: 'azul' }),
  card(3, 'rigorous-rosso', 'Rigoroses Rosso', 'Rigorous Rosso', { kind: 'fine-exemption', who: 'rosso' }),
  card(4, 'business-veridia', 'Wirtschaftliches Veridia', 'Business-minded Veridia', { kind: 'fine-exemption', who: 'veridia' }),
  card(5, 'free-market', 'Freie Marktwirtschaft', 'Free Market Economy', { kind: 'fine-exemption', who: 'all' }),
  card(6, 'gold-shower-azul', 'Blauer Goldregen', 'Blue Gold Shower', { kind: 'shower', continent: 'azul', factor: 2 }),
  card(7, 'gold-shower-rosso', 'Roter Goldregen', 'Red Gold Shower', { kind: 'shower', continent: 'rosso', factor: 2 }),
  card(8, 'gold-shower-veridia', 'Grüner Goldregen', 'Green Gold Shower', { kind: 'shower', continent: 'veridia', factor: 2 }),
  card(9, 'drying-vein', 'Versiegende Goldader', 'Drying-up Gold Vein', { kind: 'extraction', divideBy: 2, minus: 0 }),
  card(10, 'progress-azul', 'Technischer Fortschritt in Azul', 'Technical Progress in Azul', { kind: 'progress', continent: 'azul' }),
  card(11, 'progress-rosso', 'Technischer Fortschritt in Rosso', 'Technical Progress in Rosso', { kind: 'progress', continent: 'rosso' }),
  card(12, 'progress-veridia', 'Technischer Fortschritt in Veridia', 'Technical Progress in Veridia', { kind: 'progress', continent: 'veridia' }),
  card(13, 'nostalgia-azul', 'Früher war alles besser – Azul', 'Everything Was Better Before – Azul', { kind: 'nostalgia', continent: 'azul' }),
  card(14, 'nostalgia-rosso', 'Früher war alles besser – Rosso', 'Everything Was Better Before – Rosso', { kind: 'nostalgia', continent: 'rosso' }),
  card(15, 'nostalgia-veridia', 'Früher war alles besser – Veridia', 'Everything Was Better Before – Veridia', { kind: 'nostalgia', continent: 'veridia' }),
  card(16, 'market-crash', 'Börsencrash', 'Stock Market Crash', { kind: 'market-crash' }),
  card(17, 'equal-rights', 'Gleiches Recht für alle', 'Equal Rights for All', { kind: 'equal-rights' }),
  card(18, 'barren-land', 'Ödes Land', 'Barren Land', { kind: 'cap-cut', amount: 2 }, 'beside-clock'),
  card(19, 'poor-mother-earth', 'Arme Mutter Erde', 'Poor Mother Earth', { kind: 'cap-cut', amount: 3 }, 'beside-clock'),
  card(20, 'resource-shortage', 'Rohstoffknappheit', 'Resource Shortage', { kind: 'extraction', divideBy: 1, minus: 2 }, 'beside-clock-this-round'),
  card(21, 'vulture', 'Pleitegeier', 'Bankruptcy Vulture', { kind: 'vulture', richest: 5, poorest: 1, others: 3 }),
  card(22, 'subsidy', 'Subvention', 'Subsidy', { kind: 'subsidy', amount: 2 }),
  card(23, 'change-of-management', 'Managerwechsel', 'Change of Management', { kind: 'pass-upgrade-left' }),
  card(24, 'hurricane', 'Wirbelsturm', 'Hurricane', { kind: 'hurricane', shift: 2 }),
  card(25, 'paperwork-chaos', 'Aktenchaos', 'Paperwork Chaos', { kind: 'paperwork-chaos' }),
];

/**
 * The built-in table with the cap cuts of `params.capCuts` (the older spelling of #18's and #19's
 * amounts, kept so existing scenarios keep their meaning and their config hash).
 */
export const builtinEventCards = memoOnIdentity((capCuts: GameParams['capCuts']): readonly EventCard[] =>
  EVENT_CARDS.map((c) =>
    c.effect.kind === 'cap-cut' && (c.id === 'barren-land' || c.id === 'poor-mother-earth') ? { ...c, effect: { kind: 'cap-cut', amount: capCuts[c.id] } } : c,
  ),
);

/** The event cards of a game with these params: the scenario's table, or the built-in 25. */
export function eventCardsOf(params: GameParams): readonly EventCard[] {
  return params.eventCards ?? builtinEventCards(params.capCuts);
}

/** A card of a params' table and its position there (the number a game record gives it). */
interface EventEntry {
  readonly card: EventCard;
  readonly index: number;
}

/** The event cards by id, per params object. */
const byId = memoOnIdentity((params: GameParams) => new Map<string, EventEntry>(eventCardsOf(params).map((card, index) => [card.id, { card, index }])));

/**
 * The last card looked up: a round that draws an event card asks for it four times (drawing it, its
 * effect, putting it away, recording it), so the same (params, id) usually comes again.
 */
const LAST = { params: null as GameParams | null, id: '', entry: null as EventEntry | null };

function entryOf(params: GameParams, id: string): EventEntry {
  const last = LAST;
  if (id === last.id && params === last.params) return last.entry as EventEntry;
  const found = byId(params).get(id);
  if (!found) throw new RangeError(`unknown event card id "${id}"`);
  last.params = params;
  last.id = id;
  last.entry = found;
  return found;
}

/** The card with this id under these params (a RangeError for an id the table does not hold). */
export function eventCardOf(params: GameParams, id: string): EventCard {
  return entryOf(params, id).card;
}

/** The card's position in its params' table: its number in a game record's `cardsDrawn` (both engines' records). */
export function eventIndexOf(params: GameParams, id: string): number {
  return entryOf(params, id).index;
}
