/**
 * Random: a uniformly random legal continent, no messages (PASS), a uniformly random held colour on
 * its first turn (always one draw, even with one colour in hand). The floor every other strategy
 * should beat.
 */
import { NONE, type GoldrauschBot, type GoldrauschBotFactory, type Outbox } from '../../src/games/goldrausch/bot.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { randomContinent } from './lib/continent.js';
import { type Random, randomHeldColour } from './lib/seats.js';

export class RandomBot implements GoldrauschBot {
  /** @param random this seat's own stream */
  constructor(
    readonly seat: number,
    private readonly random: Random,
  ) {}

  chooseContinent(view: GoldrauschView): number {
    return randomContinent(view, this.random);
  }

  negotiate(_view: GoldrauschView, out: Outbox): void {
    out.pass(); // it never talks
  }

  commitUpgrade(view: GoldrauschView): number {
    if (view.ownCommit !== NONE) return NONE; // a laid card stays (GR-A10 commitRevisable)
    return randomHeldColour(view, this.random.next());
  }
}

const randomBot: GoldrauschBotFactory = {
  name: 'random',
  description: 'Uniformly random legal continent; no messages; a uniformly random upgrade card on its first turn.',
  create: (seat, random) => new RandomBot(seat, random),
};

export default randomBot;
