// A broken bot for the fault-isolation tests: every decision throws.
import type { GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';

const throws: GoldrauschBotFactory = {
  name: 'throws',
  description: 'throws on every call',
  create: () => ({
    chooseContinent: () => {
      throw new Error('boom in chooseContinent');
    },
    negotiate: () => {
      throw new Error('boom in negotiate');
    },
    commitUpgrade: () => {
      throw new Error('boom in commitUpgrade');
    },
  }),
};
export default throws;
