/**
 * GOLD's 64 layout cards (docs/games/gold-knizia-rules.md §1) as small integer codes, so that the engine, the
 * views and the bots work on typed arrays instead of objects:
 *
 *   0 … 3    gold card of value 1 … 4            (`G1` … `G4`)
 *   4 … 23   digger of colour c (0…4), value v (2…5): 4 + 4·c + (v − 2)   (`D<c>-<v>`)
 *   24       dynamite                             (`X`)
 *
 * A card's code never changes; a position holds one card for the whole game.
 */

/** Number of distinct card codes. */
export const CARD_TYPES = 25;
/** Cards in the layout (= 8 × 8, §1). */
export const POSITIONS = 64;
export const COLOURS = 5;
export const DYNAMITE = 24;
/** What a seat sees of a face-down card it does not know (never a card code). */
export const UNKNOWN = -1;
/** The gold rush starts at the start of a turn with this many cards or fewer on the table (§3.2, GK-A6). */
export const RUSH_AT = 10;
/** Total gold value of the game (GK-A12). */
export const TOTAL_GOLD = 60;

export const goldCode = (value: number): number => value - 1;
export const diggerCode = (colour: number, value: number): number => 4 + 4 * colour + (value - 2);

export const isGold = (code: number): boolean => code >= 0 && code < 4;
export const isDigger = (code: number): boolean => code >= 4 && code < 24;
export const isDynamite = (code: number): boolean => code === DYNAMITE;
/** Value of a gold card or a digger (0 for dynamite). */
export const cardValue = (code: number): number => (code < 4 ? code + 1 : code < 24 ? ((code - 4) & 3) + 2 : 0);
/** Colour of a digger (−1 for other cards). */
export const diggerColour = (code: number): number => (code >= 4 && code < 24 ? (code - 4) >> 2 : -1);

/**
 * How many cards of each code the layout holds (§1): gold 5 × 1, 7 × 2, 7 × 3, 5 × 4; per colour
 * 2 × v2, 2 × v3, 2 × v4, 1 × v5; 5 dynamite. Sums to 64.
 */
export const COMPOSITION: readonly number[] = (() => {
  const counts = new Array<number>(CARD_TYPES).fill(0);
  [5, 7, 7, 5].forEach((n, g) => (counts[goldCode(g + 1)] = n));
  for (let c = 0; c < COLOURS; c++) [2, 2, 2, 1].forEach((n, i) => (counts[diggerCode(c, i + 2)] = n));
  counts[DYNAMITE] = 5;
  return Object.freeze(counts);
})();

/** The layout in code order (every card once): the deck that setup shuffles. */
export const CANONICAL_DECK: readonly number[] = Object.freeze(COMPOSITION.flatMap((n, code) => new Array<number>(n).fill(code)));

/** At most this many cards of one code (the engine's per-code knowledge lists hold 8). */
export const MAX_PER_CODE = 8;

/** Total gold value of a composition (counts by code): Σ count × value over the gold cards. */
export function goldTotal(counts: readonly number[]): number {
  let total = 0;
  for (let g = 1; g <= 4; g++) total += counts[goldCode(g)] * g;
  return total;
}

/** A card's code as fixtures and stories write it: `G3`, `D0-5`, `X`. */
export function cardName(code: number): string {
  if (isGold(code)) return `G${cardValue(code)}`;
  if (isDigger(code)) return `D${diggerColour(code)}-${cardValue(code)}`;
  if (code === DYNAMITE) return 'X';
  return '?';
}

/** The code of `G1`…`G4`, `D<c>-<v>` or `X`; −1 when the text names no card. */
export function parseCardName(text: string): number {
  if (text === 'X') return DYNAMITE;
  let m = /^G([1-4])$/.exec(text);
  if (m) return goldCode(Number(m[1]));
  m = /^D([0-4])-([2-5])$/.exec(text);
  if (m) return diggerCode(Number(m[1]), Number(m[2]));
  return -1;
}

/**
 * What turning two cards does (§3.1; the order does not matter). The engine, the stories and the
 * bots all read outcomes from here.
 */
export const PairOutcome = {
  /** Gold + gold, equal diggers, or a digger too weak for the gold: both turned face down again. */
  nothing: 0,
  /** Digger (v) + gold (g ≤ v): the gold goes to the digger's owner (or the active player), the digger leaves. */
  capture: 1,
  /** Two diggers of different values: the lower leaves, the higher is turned face down again. */
  driveOff: 2,
  /** Dynamite + any card: both leave; gold removed this way is lost. */
  blast: 3,
} as const;
export type PairOutcome = (typeof PairOutcome)[keyof typeof PairOutcome];

/** §3.1's outcome table for the cards `a` and `b`. */
/** `pairOutcome(a, b)` for every pair of codes: `PAIR_OUTCOMES[25·a + b]` (the engine resolves a pair a turn). */
export const PAIR_OUTCOMES: Int8Array = (() => {
  const table = new Int8Array(CARD_TYPES * CARD_TYPES);
  for (let a = 0; a < CARD_TYPES; a++) for (let b = 0; b < CARD_TYPES; b++) table[CARD_TYPES * a + b] = pairOutcome(a, b);
  return table;
})();

export function pairOutcome(a: number, b: number): PairOutcome {
  if (a === DYNAMITE || b === DYNAMITE) return PairOutcome.blast;
  const goldA = a < 4;
  const goldB = b < 4;
  if (goldA && goldB) return PairOutcome.nothing;
  if (goldA || goldB) {
    const gold = goldA ? a : b;
    const digger = goldA ? b : a;
    return cardValue(digger) >= cardValue(gold) ? PairOutcome.capture : PairOutcome.nothing;
  }
  return cardValue(a) !== cardValue(b) ? PairOutcome.driveOff : PairOutcome.nothing;
}
