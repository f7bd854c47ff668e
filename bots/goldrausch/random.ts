/**
 * Random: a uniformly random legal continent, no messages, a uniformly random colour on its first
 * turn. The floor every other strategy should beat.
 */
import type { RandomStream } from '../../src/core/random.js';
import type { GoldrauschBot, GoldrauschBotFactory, OutgoingMessage } from '../../src/games/goldrausch/bot.js';
import type { Colour, Continent } from '../../src/games/goldrausch/types.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { fastRandom } from './fast/random.js';
import { randomContinent } from './lib/continent.js';
import { PASS, randomHeldColour } from './lib/seats.js';

class RandomBot implements GoldrauschBot {
  readonly name = 'random';

  constructor(private readonly random: RandomStream) {}

  chooseContinent(view: GoldrauschView): Continent {
    return randomContinent(view, this.random);
  }

  negotiate(): readonly OutgoingMessage[] {
    return PASS; // it never talks
  }

  commitUpgrade(view: GoldrauschView): Colour | null {
    if (view.meeting!.ownCommit !== null) return null; // a laid card stays (GR-A10 commitRevisable)
    return randomHeldColour(view, this.random.next());
  }
}

const randomBot: GoldrauschBotFactory = {
  name: 'random',
  description: 'Uniformly random legal continent; no messages; a uniformly random upgrade card on its first turn.',
  create: (_seat, random) => new RandomBot(random),
  fast: fastRandom,
};

export default randomBot;
