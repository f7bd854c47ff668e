// A broken bot for the fault-isolation tests: its PROMISE refers to an object, not a proposal id.
import type { GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';
import { CONTINENTS } from '../../../src/games/goldrausch/types.js';

const badRef: GoldrauschBotFactory = {
  name: 'bad-ref',
  description: 'promises red with an object as ref',
  create: () => ({
    name: 'bad-ref',
    chooseContinent: (view) => CONTINENTS.find((_, c) => view.countryHand[c] > 0)!,
    negotiate: () => [{ type: 'PROMISE', action: 'RED', ref: { huge: 'x'.repeat(1000) } as never }],
    commitUpgrade: () => 'red',
  }),
};
export default badRef;
