// A bot that draws from Math.random() instead of its random stream (for check-bot): its games cannot be replayed.
import { GREEN, NONE, RED, type GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';

const dice: GoldrauschBotFactory = {
  name: 'dice',
  description: 'picks continents and upgrades with Math.random()',
  create: () => ({
    chooseContinent: (view) => {
      const held = [0, 1, 2].filter((c) => view.countryHand(c) > 0);
      return held[Math.floor(Math.random() * held.length)];
    },
    negotiate: () => {},
    commitUpgrade: (view) => (Math.random() < 0.5 && view.upgradeHand(GREEN) > 0 ? GREEN : view.upgradeHand(RED) > 0 ? RED : NONE),
  }),
};
export default dice;
