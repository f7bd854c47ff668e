// A dishonest bot for the fault-isolation tests: its GIFT's amount is an object whose value says 1
// the first three times it is read and −30 afterwards (a gift that would take 30 gold).
import { RED, type GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';

const getterGift: GoldrauschBotFactory = {
  name: 'getter-gift',
  description: 'gifts 1 gold, then -30',
  create: (seat) => ({
    chooseContinent: (view) => [0, 1, 2].find((c) => view.countryHand(c) > 0)!,
    negotiate: (view, out) => {
      let reads = 0;
      out.gift((seat + 1) % view.players, { valueOf: () => (++reads <= 3 ? 1 : -30) } as unknown as number);
    },
    commitUpgrade: () => RED,
  }),
};
export default getterGift;
