// A broken bot for the fault-isolation tests: it throws values without a string form
// (String(Object.create(null)) itself throws), and its proposal's options have a getter that throws.
import type { GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';

const bare = (): never => {
  throw Object.create(null);
};

const oddThrows: GoldrauschBotFactory = {
  name: 'odd-throws',
  description: 'throws objects without a string form; proposes with options whose getter throws',
  create: () => ({
    chooseContinent: bare,
    negotiate: (_view, out) =>
      out.propose(-1, {
        get continent(): number {
          return bare();
        },
      }),
    commitUpgrade: bare,
  }),
};
export default oddThrows;
