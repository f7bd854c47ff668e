/**
 * The Green Deal bot contract: a bot sees only its seat's `GreenDealView` and draws chance only from
 * its own random stream (core/random.ts `Purpose.bot + seat`). One method per decision point of the
 * rules' §7; each answer is checked (engine.ts `askBot`) and a faulty one replaced by the documented
 * fallback (`fallbackAnswer`).
 */
import type { RandomStream } from '../../core/random.js';
import type { GreenDealView } from './view.js';

export interface GreenDealBot {
  readonly name: string;
  /** D1 (simultaneous, hidden): the bid, an integer from 0 to `view.maxBid`. */
  bid(view: GreenDealView): number;
  /**
   * D2/D3: one step of the investment turn, asked again until the bot answers `DONE` (0): a main
   * investment part, an extra option or a hand card (state.ts codes; `view.canInvest(code)`);
   * `END_TURN + step` takes the step and ends the turn (the step and DONE in one answer).
   */
  invest(view: GreenDealView): number;
  /** D4: the cell for the tile (`view.canPlace(cell)`; cell = y · width + x). */
  place(view: GreenDealView): number;
  /** D4: at the contact `view.contactCell` ↔ `view.contactNeighbour`: true = competition, false = cooperation. */
  compete(view: GreenDealView): boolean;
  /** D5 (simultaneous, hidden): [environment, jobs, social, research, centre] chips, all `view.chipsToAllocate` of them, the centre 0 or 1. */
  allocate(view: GreenDealView): readonly number[];
  /** D6: cash paid towards the loans at the end, 0 to `view.maxRepayment` (every cash left unpaid costs VP). */
  repay(view: GreenDealView): number;
}

export interface GreenDealBotFactory {
  readonly name: string;
  readonly description: string;
  create(seat: number, random: RandomStream): GreenDealBot;
}
