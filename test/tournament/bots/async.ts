// A bot written with async methods (for check-bot): its decisions are Promises, which the game cannot wait for.
import type { GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';

const asyncBot = {
  name: 'async-bot',
  description: 'answers with Promises',
  create: () => ({
    chooseContinent: async (view: GoldrauschView) => [0, 1, 2].find((c) => view.countryHand(c) > 0),
    negotiate: () => {},
    commitUpgrade: async () => 0,
  }),
} as unknown as GoldrauschBotFactory;
export default asyncBot;
