// A broken bot for the fault-isolation tests: its first upgrade decision of a game never returns.
import { VERIDIA, type GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';

const hangs: GoldrauschBotFactory = {
  name: 'hangs',
  description: 'loops forever when asked for its upgrade card',
  create: () => ({
    chooseContinent: () => VERIDIA,
    negotiate: () => {},
    commitUpgrade: () => {
      for (;;) {
        // never returns: only terminating the thread stops it
      }
    },
  }),
};
export default hangs;
