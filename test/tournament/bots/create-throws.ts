// A broken bot for the fault-isolation tests: create() works for seat 0 (where the loader tries
// it) and throws for every other seat.
import type { GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';
import greedy from '../../../bots/goldrausch/greedy.js';

const createThrows: GoldrauschBotFactory = {
  name: 'create-throws',
  description: 'cannot be made for seats other than 0',
  create: (seat, random) => {
    if (seat !== 0) throw new Error(`no bot for seat ${seat}`);
    return greedy.create(seat, random);
  },
};
export default createThrows;
