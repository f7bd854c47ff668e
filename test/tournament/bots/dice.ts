// A bot that draws from Math.random() instead of its random stream (for check-bot): its games cannot be replayed.
import type { GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';
import type { Continent } from '../../../src/games/goldrausch/types.js';

const CONTINENTS: readonly Continent[] = ['azul', 'rosso', 'veridia'];

const dice: GoldrauschBotFactory = {
  name: 'dice',
  description: 'picks continents and upgrades with Math.random()',
  create: () => ({
    name: 'dice',
    chooseContinent: (view) => {
      const held = CONTINENTS.filter((_, c) => view.countryHand[c] > 0);
      return held[Math.floor(Math.random() * held.length)];
    },
    negotiate: () => [],
    commitUpgrade: (view) => (Math.random() < 0.5 && view.upgradeHand[0] > 0 ? 'green' : view.upgradeHand[1] > 0 ? 'red' : null),
  }),
};
export default dice;
