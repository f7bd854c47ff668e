/**
 * `cautious`: leaves (draws an exit card) once the chance that Drago reaches its dwarf's card before
 * its next turn passes `risk`. That chance is `dragonReach` (lib/risk.ts) over the countable deck: if
 * it digs, Drago moves once per dragon lying before the n-th gold card of the rest of the deck (its
 * own dragon check plus one gold draw by each of the other n − 1 dwarves in the mine, who are assumed
 * to dig).
 */
import type { MyGoldMineBot, MyGoldMineBotFactory } from '../../src/games/my-gold-mine/bot.js';
import type { MyGoldMineView } from '../../src/games/my-gold-mine/view.js';
import { nearestToExit, positionAfterDig, progressAction } from './lib/choices.js';
import { dragonReach } from './lib/risk.js';

export interface CautiousParams {
  /** Leaves when P(Drago reaches it before its next turn) exceeds this (default 0.2; sweep 0.05–0.5). */
  readonly risk: number;
}

/** P(Drago reaches the actor's card before its next turn) if it takes the top card now. */
export function digRisk(view: MyGoldMineView, card: number): number {
  const after = positionAfterDig(view, card);
  if (after === 0) return 0;
  if (after < 0) return 1;
  const dragons = view.dragonsLeft;
  const gold = view.digDeckSize - dragons - 1; // the top card is taken
  return dragonReach(dragons, gold, view.dwarvesInMine, view.drago - after);
}

class CautiousBot implements MyGoldMineBot {
  constructor(
    readonly name: string,
    private readonly risk: number,
  ) {}

  dig(view: MyGoldMineView): boolean {
    const card = view.topCard;
    return card >= 0 && digRisk(view, card) <= this.risk;
  }

  chooseAction(view: MyGoldMineView): number {
    return progressAction(view);
  }

  swapTarget(view: MyGoldMineView): number {
    return nearestToExit(view);
  }
}

export function makeCautious(params: CautiousParams, name = `cautious-${params.risk}`): MyGoldMineBotFactory {
  if (!(params.risk >= 0 && params.risk <= 1)) throw new RangeError(`cautious: risk must be a number from 0 to 1, got ${params.risk}`);
  return {
    name,
    description: `leaves once the chance that Drago reaches it before its next turn passes ${params.risk}`,
    create: () => new CautiousBot(name, params.risk),
  };
}

export default makeCautious({ risk: 0.2 }, 'cautious');
