/**
 * The vocabulary of Goldrausch, as docs/games/goldrausch.md §16 spells it.
 */

export const CONTINENTS = ['azul', 'rosso', 'veridia'] as const;
export type Continent = (typeof CONTINENTS)[number];
/** Continent index: azul 0, rosso 1, veridia 2. States hold per-continent numbers in this order. */
export type ContinentIndex = 0 | 1 | 2;

/** `CONTINENTS.indexOf(x)` (−1 for anything else) as a switch: no builtin call on the engine's hot path. */
export function indexOfContinent(x: unknown): ContinentIndex | -1 {
  switch (x) {
    case 'azul':
      return 0;
    case 'rosso':
      return 1;
    case 'veridia':
      return 2;
  }
  return -1;
}

export const WHEEL_FIELDS = ['disaster-azul', 'disaster-rosso', 'disaster-veridia', 'disaster-world', 'calm', 'event'] as const;
export type WheelField = (typeof WHEEL_FIELDS)[number];

export const EVENT_CARD_IDS = [
  'alms',
  'workaholic-azul',
  'rigorous-rosso',
  'business-veridia',
  'free-market',
  'gold-shower-azul',
  'gold-shower-rosso',
  'gold-shower-veridia',
  'drying-vein',
  'progress-azul',
  'progress-rosso',
  'progress-veridia',
  'nostalgia-azul',
  'nostalgia-rosso',
  'nostalgia-veridia',
  'market-crash',
  'equal-rights',
  'barren-land',
  'poor-mother-earth',
  'resource-shortage',
  'vulture',
  'subsidy',
  'change-of-management',
  'hurricane',
  'paperwork-chaos',
] as const;
export type EventCardId = (typeof EVENT_CARD_IDS)[number];

/**
 * What a position of the event deck holds: a card's id (a built-in `EventCardId` or a scenario's
 * own, cards.ts), or a blank (no effect). Blanks exist only for the counterfactual of `goldpit
 * impact`, which replaces a card by a blank in the same position.
 */
export type EventSlot = string;

/** Upgrade card colours: green = use the upgrade, red = don't. */
export type Colour = 'green' | 'red';

export interface ResourceCard {
  readonly id: string;
  /** Gold laid out on each continent when the card is revealed (upper field). */
  readonly respawn: readonly [number, number, number];
  /** Gold each player mines on each continent while the card is current (lower field). */
  readonly extract: readonly [number, number, number];
}

export interface ResourceDeck {
  readonly deckId: string;
  readonly source: string;
  readonly cards: readonly ResourceCard[];
}
