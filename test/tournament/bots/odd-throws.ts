// A broken bot for the fault-isolation tests: it throws values without a string form
// (String(Object.create(null)) itself throws), and its messages are an array whose length throws.
import type { GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';

const bare = (): never => {
  throw Object.create(null);
};

const oddThrows: GoldrauschBotFactory = {
  name: 'odd-throws',
  description: 'throws objects without a string form; returns an array whose length getter throws',
  create: () => ({
    name: 'odd-throws',
    chooseContinent: bare,
    negotiate: () =>
      new Proxy([], {
        get(target, key) {
          if (key === 'length') bare();
          return Reflect.get(target, key);
        },
      }),
    commitUpgrade: bare,
  }),
};
export default oddThrows;
