/**
 * `odds`: compares the expected gold of digging with that of leaving. Digging keeps its pile plus the
 * top card's gold if Drago does not reach it before its next turn (lib/risk.ts over the countable
 * deck, as `cautious`); drawing an exit card (about one card towards the exit) keeps its pile if
 * Drago does not reach that card while the others dig. Both sides add `outValue`, the worth of being
 * out at all (an exited dwarf is ranked even with little gold, MG-A13). Digs when digging is worth
 * more by at least `margin` gold.
 */
import type { MyGoldMineBot, MyGoldMineBotFactory } from '../../src/games/my-gold-mine/bot.js';
import type { MyGoldMineView } from '../../src/games/my-gold-mine/view.js';
import { digRisk } from './cautious.js';
import { nearestToExit, progressAction } from './lib/choices.js';
import { dragonReach } from './lib/risk.js';

export interface OddsParams {
  /** Gold digging must be worth above leaving (default 0; sweep −1–2). */
  readonly margin: number;
  /** Gold-equivalent of getting out at all (default 1). */
  readonly outValue: number;
}

class OddsBot implements MyGoldMineBot {
  constructor(
    readonly name: string,
    private readonly margin: number,
    private readonly outValue: number,
  ) {}

  dig(view: MyGoldMineView): boolean {
    const card = view.topCard;
    if (card < 0) return false;
    const d = view.actor;
    const pile = view.pile(d) + this.outValue;
    const pDig = digRisk(view, card);
    const digValue = (pile + view.digGold(card)) * (1 - pDig);
    // Leaving: about one card nearer the exit; the others (n − 1) dig, the top card stays for them.
    const after = view.position(d) - 1;
    const others = view.dwarvesInMine - 1;
    const dragons = view.dragonsLeft;
    const pExit = after <= 0 ? 0 : dragonReach(dragons, view.digDeckSize - dragons - 1, others, view.drago - after);
    return digValue > pile * (1 - pExit) + this.margin;
  }

  chooseAction(view: MyGoldMineView): number {
    return progressAction(view);
  }

  swapTarget(view: MyGoldMineView): number {
    return nearestToExit(view);
  }
}

export function makeOdds(params: OddsParams, name = `odds-${params.margin}`): MyGoldMineBotFactory {
  if (!Number.isFinite(params.margin) || !Number.isFinite(params.outValue)) throw new RangeError('odds: margin and outValue must be numbers');
  return {
    name,
    description: `digs when its expected gold beats leaving by ${params.margin} (out is worth ${params.outValue})`,
    create: () => new OddsBot(name, params.margin, params.outValue),
  };
}

export default makeOdds({ margin: 0, outValue: 1 }, 'odds');
