/** `random`: every legal choice uniformly at random (the floor every bot should beat). */
import type { MyGoldMineBot, MyGoldMineBotFactory } from '../../src/games/my-gold-mine/bot.js';
import type { RandomStream } from '../../src/core/random.js';
import type { MyGoldMineView } from '../../src/games/my-gold-mine/view.js';

class RandomBot implements MyGoldMineBot {
  readonly name = 'random';
  constructor(private readonly random: RandomStream) {}

  dig(view: MyGoldMineView): boolean {
    return view.topCard >= 0 && this.random.next() < 0.5;
  }

  chooseAction(): number {
    return this.random.int(2);
  }

  swapTarget(view: MyGoldMineView): number {
    let n = 0;
    for (let d = 0; d < view.dwarves; d++) if (view.canSwapWith(d)) n++;
    let pick = this.random.int(n);
    for (let d = 0; d < view.dwarves; d++) if (view.canSwapWith(d) && pick-- === 0) return d;
    return -1;
  }
}

const random: MyGoldMineBotFactory = {
  name: 'random',
  description: 'digs or draws an exit card with equal chance; random action and swap target',
  create: (_seat, stream) => new RandomBot(stream),
};
export default random;
