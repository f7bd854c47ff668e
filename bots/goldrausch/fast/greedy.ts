/**
 * Fast twin of Greedy (../greedy.ts): the same decisions and draws, read from a `FastView`.
 * Continent: the best expected own payout (ties drawn); never talks (PASS); on its first turn green
 * iff green is worth more for the seats on its continent; alone always green.
 */
import { MSG_ALL, NONE, type FastBot, type FastMessage, type FastRandom, type FastView } from '../../../src/games/goldrausch/fast/view.js';
import { bestContinent, greenPays, held, heldGreen, NO_RANDOM, pass, seatingOf, Seating } from './lib.js';

export class FastGreedy implements FastBot {
  readonly idleWake = MSG_ALL;
  private random: FastRandom = NO_RANDOM;
  /** Its continent and the seats there, per meeting. */
  private readonly seating = new Seating();

  newGame(_seat: number, random: FastRandom): void {
    this.random = random;
    this.seating.game = -1;
  }

  chooseContinent(view: FastView): number {
    return bestContinent(view, this.random);
  }

  negotiate(_view: FastView, out: FastMessage): boolean {
    return pass(out);
  }

  commitUpgrade(view: FastView): number {
    if (view.ownCommit !== NONE) return NONE; // a laid card stays (GR-A10 commitRevisable)
    if (seatingOf(this.seating, view).count === 1) return heldGreen(view); // isAlone
    return held(view, greenPays(view));
  }

  idleUntil(_view: FastView): number {
    return 0;
  }
}

export const fastGreedy = (): FastBot => new FastGreedy();
