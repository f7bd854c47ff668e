/**
 * `greedy`: digs while the top card pays (gold > 0) and Drago is more than `k` cards away from its
 * dwarf (after the card's own move); otherwise draws an exit card. Exit choices by progress.
 */
import type { MyGoldMineBot, MyGoldMineBotFactory } from '../../src/games/my-gold-mine/bot.js';
import type { MyGoldMineView } from '../../src/games/my-gold-mine/view.js';
import { nearestToExit, positionAfterDig, progressAction } from './lib/choices.js';

export interface GreedyParams {
  /** Digs only while Drago is more than k cards away (default 2; sweep 1–5). */
  readonly k: number;
}

class GreedyBot implements MyGoldMineBot {
  constructor(
    readonly name: string,
    private readonly k: number,
  ) {}

  dig(view: MyGoldMineView): boolean {
    const card = view.topCard;
    if (card < 0 || view.digGold(card) <= 0) return false;
    const after = positionAfterDig(view, card);
    if (after === 0) return true; // the card carries the dwarf out
    return after > 0 && view.drago - after > this.k;
  }

  chooseAction(view: MyGoldMineView): number {
    return progressAction(view);
  }

  swapTarget(view: MyGoldMineView): number {
    return nearestToExit(view);
  }
}

export function makeGreedy(params: GreedyParams, name = `greedy-${params.k}`): MyGoldMineBotFactory {
  if (!Number.isInteger(params.k) || params.k < 0 || params.k > 8) throw new RangeError(`greedy: k must be an integer from 0 to 8, got ${params.k}`);
  return {
    name,
    description: `digs while the top card pays and Drago is more than ${params.k} cards away`,
    create: () => new GreedyBot(name, params.k),
  };
}

export default makeGreedy({ k: 2 }, 'greedy');
