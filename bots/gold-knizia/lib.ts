/**
 * Shared helpers of the built-in GOLD bots: what a pair of cards is worth to the seat that turns
 * them, as a table per (players, seat) made once per process (owners are fixed by the player count,
 * §2), and random picks among a view's positions.
 */
import type { RandomStream } from '../../src/core/random.js';
import { CARD_TYPES, PairOutcome, cardValue, diggerCode, diggerColour, isDigger, isGold, pairOutcome } from '../../src/games/gold-knizia/cards.js';
import { colourOwner } from '../../src/games/gold-knizia/engine.js';
import type { GoldView } from '../../src/games/gold-knizia/view.js';

/** Score of a gold card found for the seat itself, per value (a capture beats everything else). */
export const CAPTURE = 1000;
/** Score of a neutral card removal (a digger driven off, a blast): progress without gifts. */
export const PROGRESS = 50;

/**
 * What turning `a` and `b` on its own turn is worth to `seat`:
 *  - gold for itself: CAPTURE + 100·g, preferring the weakest sufficient digger, then an unowned one;
 *  - gold for an opponent: −CAPTURE − 100·g (never knowingly);
 *  - a drive-off or a blast: PROGRESS, +20 per opponent digger removed, −30 per own digger, −20 per gold blasted;
 *  - nothing: 0.
 */
function pairScore(players: number, seat: number, a: number, b: number): number {
  const mine = (code: number) => colourOwner(players, diggerColour(code)) === seat;
  const opponents = (code: number) => {
    const o = colourOwner(players, diggerColour(code));
    return o >= 0 && o !== seat;
  };
  const removal = (code: number) => (isDigger(code) ? (mine(code) ? -30 : opponents(code) ? 20 : 0) : isGold(code) ? -20 : 0);
  switch (pairOutcome(a, b)) {
    case PairOutcome.capture: {
      const gold = isGold(a) ? a : b;
      const digger = isGold(a) ? b : a;
      const owner = colourOwner(players, diggerColour(digger));
      if (owner >= 0 && owner !== seat) return -CAPTURE - 100 * cardValue(gold);
      return CAPTURE + 100 * cardValue(gold) + 10 * (5 - cardValue(digger)) + (owner < 0 ? 1 : 0);
    }
    case PairOutcome.driveOff:
      return PROGRESS + removal(cardValue(a) < cardValue(b) ? a : b);
    case PairOutcome.blast:
      return PROGRESS + removal(a) + removal(b);
    default:
      return 0;
  }
}

const TABLES = new Map<number, Int16Array>();

/** `table[25·a + b]` = pairScore for `seat` of `players` (made once per process). */
export function scoreTable(players: number, seat: number): Int16Array {
  const key = players * 8 + seat;
  let table = TABLES.get(key);
  if (table === undefined) {
    table = new Int16Array(CARD_TYPES * CARD_TYPES);
    for (let a = 0; a < CARD_TYPES; a++) for (let b = 0; b < CARD_TYPES; b++) table[a * CARD_TYPES + b] = pairScore(players, seat, a, b);
    TABLES.set(key, table);
  }
  return table;
}

const CAPTURE_MASKS = new Map<number, Int32Array>();

/**
 * `masks[g]` (g = 1 … 4): bits of the digger codes that find gold of value g for `seat` on its own
 * turn — its own colours and the unowned ones, value ≥ g (made once per process per seat).
 */
export function captureMasks(players: number, seat: number): Int32Array {
  const key = players * 8 + seat;
  let masks = CAPTURE_MASKS.get(key);
  if (masks === undefined) {
    masks = new Int32Array(5);
    for (let g = 1; g <= 4; g++) {
      for (let c = 0; c < 5; c++) {
        const owner = colourOwner(players, c);
        if (owner >= 0 && owner !== seat) continue;
        for (let v = Math.max(g, 2); v <= 5; v++) masks[g] |= 1 << diggerCode(c, v);
      }
    }
    CAPTURE_MASKS.set(key, masks);
  }
  return masks;
}

const OPPONENT_MASKS = new Map<number, Int32Array>();

/**
 * For `seat`: `masks[g]` (g = 1 … 4) = bits of the digger codes owned by an opponent with value ≥ g
 * (they find gold g for that opponent, whoever turns them); `masks[5]` = the opponents' strong
 * diggers (value ≥ 4). Made once per process per seat.
 */
export function opponentMasks(players: number, seat: number): Int32Array {
  const key = players * 8 + seat;
  let masks = OPPONENT_MASKS.get(key);
  if (masks === undefined) {
    masks = new Int32Array(6);
    for (let c = 0; c < 5; c++) {
      const owner = colourOwner(players, c);
      if (owner < 0 || owner === seat) continue;
      for (let v = 2; v <= 5; v++) {
        for (let g = 1; g <= Math.min(v, 4); g++) masks[g] |= 1 << diggerCode(c, v);
        if (v >= 4) masks[5] |= 1 << diggerCode(c, v);
      }
    }
    OPPONENT_MASKS.set(key, masks);
  }
  return masks;
}

/** Bits of the gold codes of value ≤ v: `GOLD_UP_TO[v]`, v = 0 … 5. */
export const GOLD_UP_TO: readonly number[] = [0, 0b1, 0b11, 0b111, 0b1111, 0b1111];

/** A uniformly random table position this seat does not know, other than `except`; −1 if none. */
export function randomUnknown(view: GoldView, random: RandomStream, except: number): number {
  const n = view.unknownCount;
  if (n === 0) return -1;
  // `except` (the turn's first card) is in the list only when the seat does not remember it: under
  // lossy memory or a blind second choice. Then skip it by drawing among the others (the last entry
  // stands in for it); under perfect memory and after-first the scan is saved.
  let at = -1;
  const rules = view.rules;
  if (except >= 0 && (rules.memory !== 'perfect' || rules.secondChoice !== 'after-first')) {
    for (let i = 0; i < n; i++) if (view.unknownPosition(i) === except) at = i;
  }
  if (at < 0) return view.unknownPosition(random.int(n));
  if (n === 1) return -1;
  const i = random.int(n - 1);
  return view.unknownPosition(i === at ? n - 1 : i);
}

/** A known position holding `code`, other than `except`; −1 if none. */
export function knownPositionOtherThan(view: GoldView, code: number, except: number): number {
  const k = view.knownLeft(code);
  for (let i = 0; i < k; i++) {
    const p = view.knownPositionOf(code, i);
    if (p !== except) return p;
  }
  return -1;
}
