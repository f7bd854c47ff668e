/**
 * Cautious: greedy, but avoids turning cards that hand the next player a capture. Turning an
 * unknown card shows it to everybody; the risk is the share of the unknown cards that would give
 * the next seat a known capture (a gold card its own or an unowned digger it knows can find, or one
 * of its/unowned diggers that finds a known gold). Its memory is judged by this seat's own.
 *
 * D1: a known capture for itself first; when the risk is above 1/4 and a pair of known cards
 *     removes a card without a gift, that pair instead of an unknown card; else greedy.
 * D2: greedy, with an unknown partner's average value reduced by risk × 2 CAPTURE.
 * D3: as greedy.
 */
import type { GoldBotFactory } from '../../src/games/gold-knizia/bot.js';
import { cardValue, isDigger } from '../../src/games/gold-knizia/cards.js';
import type { GoldView } from '../../src/games/gold-knizia/view.js';
import { GreedyBot, bestKnownPairFirst, bestKnownPairScore } from './greedy.js';
import { CAPTURE, GOLD_UP_TO, PROGRESS, captureMasks } from './lib.js';

/** Above this share of risky unknown cards, a safe known pair is preferred in D1. */
const RISK = 0.25;

class CautiousBot extends GreedyBot {
  private nextMasks: Int32Array | null = null;

  override firstCard(view: GoldView): number {
    const capture = this.knownCapture(view);
    if (capture >= 0) return capture;
    if (view.unknownCount > 0 && this.risk(view) > RISK) {
      const first = bestKnownPairFirst(view, this.scores(view));
      if (bestKnownPairScore >= PROGRESS - 30 && bestKnownPairScore < CAPTURE) return first;
    }
    return super.firstCard(view);
  }

  protected override unknownPenalty(view: GoldView): number {
    return this.risk(view) * 2 * CAPTURE;
  }

  /** Share of the cards this seat does not know that would hand the next seat a known capture. */
  private risk(view: GoldView): number {
    const next = (this.seat + 1) % view.players;
    const masks = (this.nextMasks ??= captureMasks(view.players, next));
    const known = view.knownCodes;
    let total = 0;
    let risky = 0;
    for (let m = view.unknownCodes; m !== 0; m &= m - 1) {
      const code = 31 - Math.clz32(m & -m);
      const k = view.unknownLeft(code);
      total += k;
      const gives =
        code < 4 ? (known & masks[cardValue(code)]) !== 0 : isDigger(code) && (masks[1] & (1 << code)) !== 0 && (known & GOLD_UP_TO[cardValue(code)]) !== 0;
      if (gives) risky += k;
    }
    return total > 0 ? risky / total : 0;
  }
}

const cautiousBot: GoldBotFactory = {
  name: 'cautious',
  description: 'Greedy, but avoids turning unknown cards that would likely hand the next player a capture.',
  create: (seat, random) => new CautiousBot('cautious', seat, random),
};

export default cautiousBot;
