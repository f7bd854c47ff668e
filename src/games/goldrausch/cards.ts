/**
 * The 25 event cards (docs/games/goldrausch.md §7) as data: each card is a parametrised instance of a
 * shared effect kind, so the effects live once in `events.ts`, not 25 times.
 */
import type { Continent, EventCardId } from './types.js';

export type EventEffect =
  | { readonly kind: 'fine-exemption'; readonly who: 'poorest' | 'all' | Continent } // #1–5, GR-A21
  | { readonly kind: 'shower'; readonly continent: Continent } // #6–8, GR-A23
  | { readonly kind: 'extraction'; readonly change: 'halve' | 'minus-2' } // #9, #20 (GR-A24)
  | { readonly kind: 'progress'; readonly continent: Continent } // #10–12 forced upgrade, GR-A25
  | { readonly kind: 'nostalgia'; readonly continent: Continent } // #13–15 banned upgrade, GR-A26
  | { readonly kind: 'market-crash' } // #16, GR-A27
  | { readonly kind: 'equal-rights' } // #17, GR-A28
  | { readonly kind: 'cap-cut' } // #18, #19 (amount from params.capCuts), GR-A29
  | { readonly kind: 'vulture' } // #21, GR-A30
  | { readonly kind: 'subsidy'; readonly amount: number } // #22
  | { readonly kind: 'pass-upgrade-left' } // #23
  | { readonly kind: 'hurricane' } // #24
  | { readonly kind: 'paperwork-chaos' } // #25, GR-A34
  | { readonly kind: 'blank' }; // no effect: the counterfactual stand-in for a removed card

export interface EventCard {
  readonly number: number;
  readonly id: EventCardId;
  readonly german: string;
  readonly english: string;
  readonly effect: EventEffect;
  /** Where the card goes after its round: discard pile, or beside the clock for good (GR-A40). */
  readonly afterUse: 'discard' | 'beside-clock';
}

const card = (
  number: number,
  id: EventCardId,
  german: string,
  english: string,
  effect: EventEffect,
  afterUse: EventCard['afterUse'] = 'discard',
): EventCard => ({ number, id, german, english, effect, afterUse });

export const EVENT_CARDS: readonly EventCard[] = [
  card(1, 'alms', 'Almosen', 'Alms', { kind: 'fine-exemption', who: 'poorest' }),
  card(2, 'workaholic-azul', 'Arbeitswütiges Azul', 'Workaholic Azul', { kind: 'fine-exemption', who: 'azul' }),
  card(3, 'rigorous-rosso', 'Rigoroses Rosso', 'Rigorous Rosso', { kind: 'fine-exemption', who: 'rosso' }),
  card(4, 'business-veridia', 'Wirtschaftliches Veridia', 'Business-minded Veridia', { kind: 'fine-exemption', who: 'veridia' }),
  card(5, 'free-market', 'Freie Marktwirtschaft', 'Free Market Economy', { kind: 'fine-exemption', who: 'all' }),
  card(6, 'gold-shower-azul', 'Blauer Goldregen', 'Blue Gold Shower', { kind: 'shower', continent: 'azul' }),
  card(7, 'gold-shower-rosso', 'Roter Goldregen', 'Red Gold Shower', { kind: 'shower', continent: 'rosso' }),
  card(8, 'gold-shower-veridia', 'Grüner Goldregen', 'Green Gold Shower', { kind: 'shower', continent: 'veridia' }),
  card(9, 'drying-vein', 'Versiegende Goldader', 'Drying-up Gold Vein', { kind: 'extraction', change: 'halve' }),
  card(10, 'progress-azul', 'Technischer Fortschritt in Azul', 'Technical Progress in Azul', { kind: 'progress', continent: 'azul' }),
  card(11, 'progress-rosso', 'Technischer Fortschritt in Rosso', 'Technical Progress in Rosso', { kind: 'progress', continent: 'rosso' }),
  card(12, 'progress-veridia', 'Technischer Fortschritt in Veridia', 'Technical Progress in Veridia', { kind: 'progress', continent: 'veridia' }),
  card(13, 'nostalgia-azul', 'Früher war alles besser – Azul', 'Everything Was Better Before – Azul', { kind: 'nostalgia', continent: 'azul' }),
  card(14, 'nostalgia-rosso', 'Früher war alles besser – Rosso', 'Everything Was Better Before – Rosso', { kind: 'nostalgia', continent: 'rosso' }),
  card(15, 'nostalgia-veridia', 'Früher war alles besser – Veridia', 'Everything Was Better Before – Veridia', { kind: 'nostalgia', continent: 'veridia' }),
  card(16, 'market-crash', 'Börsencrash', 'Stock Market Crash', { kind: 'market-crash' }),
  card(17, 'equal-rights', 'Gleiches Recht für alle', 'Equal Rights for All', { kind: 'equal-rights' }),
  card(18, 'barren-land', 'Ödes Land', 'Barren Land', { kind: 'cap-cut' }, 'beside-clock'),
  card(19, 'poor-mother-earth', 'Arme Mutter Erde', 'Poor Mother Earth', { kind: 'cap-cut' }, 'beside-clock'),
  card(20, 'resource-shortage', 'Rohstoffknappheit', 'Resource Shortage', { kind: 'extraction', change: 'minus-2' }),
  card(21, 'vulture', 'Pleitegeier', 'Bankruptcy Vulture', { kind: 'vulture' }),
  card(22, 'subsidy', 'Subvention', 'Subsidy', { kind: 'subsidy', amount: 2 }),
  card(23, 'change-of-management', 'Managerwechsel', 'Change of Management', { kind: 'pass-upgrade-left' }),
  card(24, 'hurricane', 'Wirbelsturm', 'Hurricane', { kind: 'hurricane' }),
  card(25, 'paperwork-chaos', 'Aktenchaos', 'Paperwork Chaos', { kind: 'paperwork-chaos' }),
];

const BY_ID = new Map(EVENT_CARDS.map((c) => [c.id, c]));

export function eventCard(id: EventCardId): EventCard {
  const found = BY_ID.get(id);
  if (!found) throw new RangeError(`unknown event card id "${id}"`);
  return found;
}
