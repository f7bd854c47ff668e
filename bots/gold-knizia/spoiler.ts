/**
 * Spoiler: greedy, and also uses dynamite to deny the opponents — on a known gold an opponent's own
 * digger would find (highest gold first, value ≥ 2), else on an opponent's known strong digger
 * (value 4–5, strongest first).
 *
 * Dynamite never lies known on the table: a turned dynamite always leaves with its partner (§3.1).
 * So the tactic is played in D2: when the first card turns out to be dynamite, its partner is the
 * best target. D1 and D3 are greedy's.
 */
import type { GoldBotFactory } from '../../src/games/gold-knizia/bot.js';
import { DYNAMITE, cardValue, goldCode } from '../../src/games/gold-knizia/cards.js';
import type { GoldView } from '../../src/games/gold-knizia/view.js';
import { GreedyBot } from './greedy.js';
import { knownPositionOtherThan, opponentMasks } from './lib.js';

class SpoilerBot extends GreedyBot {
  private opponents: Int32Array | null = null;

  override secondCard(view: GoldView): number {
    if (view.firstCard === DYNAMITE) {
      const target = this.spoilTarget(view, view.firstPosition);
      if (target >= 0) return target;
    }
    return super.secondCard(view);
  }

  /** The known card most worth blasting (not `except`); −1 if none. */
  private spoilTarget(view: GoldView, except: number): number {
    const opp = (this.opponents ??= opponentMasks(view.players, this.seat));
    const known = view.knownCodes;
    for (let g = 4; g >= 2; g--) {
      if ((known & (1 << goldCode(g))) === 0 || (known & opp[g]) === 0) continue;
      const p = knownPositionOtherThan(view, goldCode(g), except);
      if (p >= 0) return p;
    }
    let best = -1;
    let bestValue = 0;
    for (let m = known & opp[5]; m !== 0; m &= m - 1) {
      const code = 31 - Math.clz32(m & -m);
      const p = knownPositionOtherThan(view, code, except);
      if (p >= 0 && cardValue(code) > bestValue) {
        best = p;
        bestValue = cardValue(code);
      }
    }
    return best;
  }
}

const spoilerBot: GoldBotFactory = {
  name: 'spoiler',
  description: 'Greedy, and blasts with known dynamite the gold an opponent’s digger would find, or an opponent’s strong digger.',
  create: (seat, random) => new SpoilerBot('spoiler', seat, random),
};

export default spoilerBot;
