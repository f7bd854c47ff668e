// A bot written with async methods (for check-bot): its decisions are Promises, which the game cannot wait for.
import type { GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';
import type { Continent } from '../../../src/games/goldrausch/types.js';

const CONTINENTS: readonly Continent[] = ['azul', 'rosso', 'veridia'];

const asyncBot = {
  name: 'async-bot',
  description: 'answers with Promises',
  create: () => ({
    name: 'async-bot',
    chooseContinent: async (view: { countryHand: readonly number[] }) => CONTINENTS[view.countryHand.findIndex((n) => n > 0)],
    negotiate: () => [],
    commitUpgrade: async () => null,
  }),
} as unknown as GoldrauschBotFactory;
export default asyncBot;
