// A broken bot for the fault-isolation tests: its PROMISE refers to an object, not a proposal number.
import { RED, type GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';

const badRef: GoldrauschBotFactory = {
  name: 'bad-ref',
  description: 'promises red with an object as ref',
  create: () => ({
    chooseContinent: (view) => [0, 1, 2].find((c) => view.countryHand(c) > 0)!,
    negotiate: (_view, out) => out.promise(RED, { huge: 'x'.repeat(1000) } as never),
    commitUpgrade: () => RED,
  }),
};
export default badRef;
