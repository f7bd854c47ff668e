/**
 * Random: a uniformly random legal continent, no messages (PASS), a uniformly random held colour on
 * its first turn (always one draw, even with one colour in hand). The floor every other strategy
 * should beat.
 */
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { MSG_ALL, NONE, type FastBot, type FastMessage, type FastRandom, type FastView } from '../../src/games/goldrausch/fast/view.js';
import { servedFactory } from '../../src/games/goldrausch/view-adapter.js';
import { randomContinent } from './lib/continent.js';
import { NO_RANDOM, pass, randomHeldColour } from './lib/seats.js';

export class RandomBot implements FastBot {
  readonly idleWake = MSG_ALL;
  private random: FastRandom = NO_RANDOM;

  newGame(_seat: number, random: FastRandom): void {
    this.random = random;
  }

  chooseContinent(view: FastView): number {
    return randomContinent(view, this.random);
  }

  negotiate(_view: FastView, out: FastMessage): boolean {
    return pass(out); // it never talks
  }

  commitUpgrade(view: FastView): number {
    if (view.ownCommit !== NONE) return NONE; // a laid card stays (GR-A10 commitRevisable)
    return randomHeldColour(view, this.random.next());
  }

  idleUntil(_view: FastView): number {
    return 0;
  }
}

const randomBot: GoldrauschBotFactory = servedFactory(
  'random',
  'Uniformly random legal continent; no messages; a uniformly random upgrade card on its first turn.',
  () => new RandomBot(),
);

export default randomBot;
