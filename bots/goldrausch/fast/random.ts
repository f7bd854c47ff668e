/**
 * Fast twin of Random (../random.ts): a uniformly random legal continent, never talks (PASS), a
 * uniformly random held colour on its first turn (always one draw, even with one colour in hand).
 */
import { MSG_ALL, NONE, type FastBot, type FastMessage, type FastRandom, type FastView } from '../../../src/games/goldrausch/fast/view.js';
import { NO_RANDOM, pass, randomContinent, randomHeldColour } from './lib.js';

export class FastRandomBot implements FastBot {
  readonly idleWake = MSG_ALL;
  private random: FastRandom = NO_RANDOM;

  newGame(_seat: number, random: FastRandom): void {
    this.random = random;
  }

  chooseContinent(view: FastView): number {
    return randomContinent(view, this.random);
  }

  negotiate(_view: FastView, out: FastMessage): boolean {
    return pass(out);
  }

  commitUpgrade(view: FastView): number {
    if (view.ownCommit !== NONE) return NONE;
    return randomHeldColour(view, this.random.next());
  }

  idleUntil(_view: FastView): number {
    return 0;
  }
}

export const fastRandom = (): FastBot => new FastRandomBot();
