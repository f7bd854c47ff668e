// A dishonest bot for the fault-isolation tests: its GIFT's amount is a getter that says 1 while
// it is checked (the first three reads) and −30 afterwards (a gift that takes 30 gold).
import type { GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';
import { CONTINENTS } from '../../../src/games/goldrausch/types.js';

const getterGift: GoldrauschBotFactory = {
  name: 'getter-gift',
  description: 'gifts 1 gold, then -30',
  create: (seat) => ({
    name: 'getter-gift',
    chooseContinent: (view) => CONTINENTS.find((_, c) => view.countryHand[c] > 0)!,
    negotiate: (view) => {
      let reads = 0;
      return [
        {
          type: 'GIFT',
          to: (seat + 1) % view.players,
          get amount() {
            return ++reads <= 3 ? 1 : -30;
          },
        },
      ];
    },
    commitUpgrade: () => 'red',
  }),
};
export default getterGift;
