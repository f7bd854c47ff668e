// A broken bot for the fault-isolation tests: every answer is garbage of the wrong type.
import type { GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';

const garbage: GoldrauschBotFactory = {
  name: 'garbage',
  description: 'answers nonsense',
  create: () => ({
    chooseContinent: () => 'atlantis' as never,
    negotiate: () => [{ type: 'SHOUT', volume: 11 }] as never,
    commitUpgrade: () => 'purple' as never,
  }),
};
export default garbage;
