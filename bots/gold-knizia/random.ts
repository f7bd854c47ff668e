/**
 * Random: uniformly random legal cards — any table position first, any other second, any in the
 * rush. The floor every other strategy should beat.
 */
import type { RandomStream } from '../../src/core/random.js';
import type { GoldBot, GoldBotFactory } from '../../src/games/gold-knizia/bot.js';
import type { GoldView } from '../../src/games/gold-knizia/view.js';

class RandomBot implements GoldBot {
  readonly name = 'random';
  constructor(private readonly random: RandomStream) {}

  firstCard(view: GoldView): number {
    return view.tablePosition(this.random.int(view.tableCount));
  }

  secondCard(view: GoldView): number {
    // Uniform over the other positions: the last entry stands in for the first card's.
    const n = view.tableCount;
    const p = view.tablePosition(this.random.int(n - 1));
    return p === view.firstPosition ? view.tablePosition(n - 1) : p;
  }

  rushCard(view: GoldView): number {
    return view.tablePosition(this.random.int(view.tableCount));
  }
}

const randomBot: GoldBotFactory = {
  name: 'random',
  description: 'Uniformly random legal cards: any position first, any other second, any in the gold rush.',
  create: (_seat, random) => new RandomBot(random),
};

export default randomBot;
