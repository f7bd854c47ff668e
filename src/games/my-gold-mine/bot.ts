/**
 * The My Gold Mine bot contract: a bot sees only its seat's `MyGoldMineView` and draws chance only
 * from its own random stream (core/random.ts `Purpose.bot + seat`).
 */
import type { RandomStream } from '../../core/random.js';
import type { MyGoldMineView } from './view.js';

export interface MyGoldMineBot {
  readonly name: string;
  /** D1: true = take the face-up top digging card (A); false = draw an exit card (B). A is illegal when `view.topCard` is −1. */
  dig(view: MyGoldMineView): boolean;
  /** D2: which action (0 or 1) of the drawn two-action exit card `view.drawnExit`; asked only when both can be carried out. */
  chooseAction(view: MyGoldMineView): number;
  /** D3: the dwarf to swap places with (`view.canSwapWith(d)`); asked only when there are several. */
  swapTarget(view: MyGoldMineView): number;
}

export interface MyGoldMineBotFactory {
  readonly name: string;
  readonly description: string;
  create(seat: number, random: RandomStream): MyGoldMineBot;
}
