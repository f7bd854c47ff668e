/**
 * Greedy: takes the best gold it knows for itself, else explores.
 *
 * D1: the best known capture for itself — a known own or unowned digger with a known gold of value
 *     ≤ the digger's, highest gold first (then the weakest sufficient digger, then an unowned one);
 *     else a random unknown card; with nothing unknown left, the first card of the best known pair.
 * D2: the best known partner of the first card (lib.ts scores: gold for itself, then neutral
 *     progress, never gold for an opponent) unless a random unknown card is worth more on average
 *     (over the composition it does not know); under `blind` with an unknown first card, the known
 *     card with the best average over the first card's possible identities.
 * D3: the highest known gold, else a random unknown card, else any card.
 */
import type { RandomStream } from '../../src/core/random.js';
import type { GoldBot, GoldBotFactory } from '../../src/games/gold-knizia/bot.js';
import { CARD_TYPES, UNKNOWN, goldCode } from '../../src/games/gold-knizia/cards.js';
import type { GoldView } from '../../src/games/gold-knizia/view.js';
import { CAPTURE, captureMasks, knownPositionOtherThan, randomUnknown, scoreTable } from './lib.js';

/** Greedy's decisions; spoiler.ts and cautious.ts extend them. */
export class GreedyBot implements GoldBot {
  private table: Int16Array | null = null;
  private captures: Int32Array | null = null;
  constructor(
    readonly name: string,
    protected readonly seat: number,
    protected readonly random: RandomStream,
  ) {}

  protected scores(view: GoldView): Int16Array {
    return (this.table ??= scoreTable(view.players, this.seat));
  }

  /** The position of the highest known gold that a known own or unowned digger finds for this seat; −1 if none. */
  protected knownCapture(view: GoldView): number {
    // Code masks: no loop over codes that are not there.
    const known = view.knownCodes;
    if ((known & GOLD_CODES) === 0) return -1;
    const captures = (this.captures ??= captureMasks(view.players, this.seat));
    for (let g = 4; g >= 1; g--) {
      if ((known & (1 << goldCode(g))) !== 0 && (known & captures[g]) !== 0) return view.knownPositionOf(goldCode(g), 0);
    }
    return -1;
  }

  firstCard(view: GoldView): number {
    const capture = this.knownCapture(view);
    if (capture >= 0) return capture;
    const unknown = randomUnknown(view, this.random, -1);
    if (unknown >= 0) return unknown;
    return bestKnownPairFirst(view, this.scores(view));
  }

  secondCard(view: GoldView): number {
    const table = this.scores(view);
    const first = view.firstPosition;
    const c1 = view.firstCard;
    if (c1 === UNKNOWN) return this.blindSecond(view, table, first);
    const row = c1 * CARD_TYPES;
    let best = -32768;
    let bestCode = -1;
    let known = view.knownCodes;
    // The first card itself is no partner: drop its code when it is the only known card of it.
    if ((known & (1 << c1)) !== 0 && view.knownLeft(c1) === 1 && view.knownPositionOf(c1, 0) === first) known &= ~(1 << c1);
    for (let m = known; m !== 0; m &= m - 1) {
      const code = 31 - Math.clz32(m & -m);
      const score = table[row + code];
      if (score > best) {
        best = score;
        bestCode = code;
      }
    }
    if (best < CAPTURE) {
      // A random unknown card, if it is worth more on average than the best known partner.
      let total = 0;
      let sum = 0;
      for (let m = view.unknownCodes; m !== 0; m &= m - 1) {
        const code = 31 - Math.clz32(m & -m);
        const k = view.unknownLeft(code);
        total += k;
        sum += k * table[row + code];
      }
      if (total > 0 && (bestCode < 0 || sum > (best + this.unknownPenalty(view)) * total)) {
        const unknown = randomUnknown(view, this.random, first);
        if (unknown >= 0) return unknown;
      }
    }
    if (bestCode >= 0) return knownPositionOtherThan(view, bestCode, first);
    return anyOther(view, first);
  }

  /** What turning an unknown card costs besides its average outcome (cautious.ts); 0 for greedy. */
  protected unknownPenalty(_view: GoldView): number {
    return 0;
  }

  /** GK-A3 blind, first card unknown: the known card with the best average over its identities. */
  private blindSecond(view: GoldView, table: Int16Array, first: number): number {
    let best = -Infinity;
    let bestCode = -1;
    for (let mb = view.knownCodes; mb !== 0; mb &= mb - 1) {
      const b = 31 - Math.clz32(mb & -mb);
      if (knownPositionOtherThan(view, b, first) < 0) continue;
      let total = 0;
      let sum = 0;
      for (let ma = view.unknownCodes; ma !== 0; ma &= ma - 1) {
        const a = 31 - Math.clz32(ma & -ma);
        const k = view.unknownLeft(a);
        total += k;
        sum += k * table[a * CARD_TYPES + b];
      }
      const mean = total > 0 ? sum / total : 0;
      if (mean > best) {
        best = mean;
        bestCode = b;
      }
    }
    if (bestCode >= 0 && best >= 0) return knownPositionOtherThan(view, bestCode, first);
    const unknown = randomUnknown(view, this.random, first);
    if (unknown >= 0) return unknown;
    return bestCode >= 0 ? knownPositionOtherThan(view, bestCode, first) : anyOther(view, first);
  }

  rushCard(view: GoldView): number {
    const known = view.knownCodes;
    for (let g = 4; g >= 1; g--) if ((known & (1 << goldCode(g))) !== 0) return view.knownPositionOf(goldCode(g), 0);
    const unknown = randomUnknown(view, this.random, -1);
    return unknown >= 0 ? unknown : view.tablePosition(0);
  }
}

/** Bits of the gold codes (0 … 3). */
const GOLD_CODES = 0b1111;

/** Score of the pair `bestKnownPairFirst` found last (module scratch: no object per call). */
export let bestKnownPairScore = 0;

/** The first card of the best pair of known cards (over codes with enough known cards); its score in bestKnownPairScore. */
export function bestKnownPairFirst(view: GoldView, table: Int16Array): number {
  let best = -Infinity;
  let bestCode = -1;
  for (let a = 0; a < CARD_TYPES; a++) {
    const ka = view.knownLeft(a);
    if (ka === 0) continue;
    for (let b = a; b < CARD_TYPES; b++) {
      if (view.knownLeft(b) < (a === b ? 2 : 1)) continue;
      const score = table[a * CARD_TYPES + b];
      if (score > best) {
        best = score;
        bestCode = a;
      }
    }
  }
  bestKnownPairScore = best;
  return bestCode >= 0 ? view.knownPositionOf(bestCode, 0) : view.tablePosition(0);
}

/** Any table position but `first` (a last resort). */
function anyOther(view: GoldView, first: number): number {
  const p = view.tablePosition(0);
  return p === first ? view.tablePosition(1) : p;
}

const greedyBot: GoldBotFactory = {
  name: 'greedy',
  description:
    'Takes the best gold it knows for itself (own or unowned digger); else turns an unknown card and pairs it with the best known partner, never knowingly handing gold to an opponent.',
  create: (seat, random) => new GreedyBot('greedy', seat, random),
};

export default greedyBot;
