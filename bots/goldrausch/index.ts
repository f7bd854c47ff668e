/**
 * The built-in Goldrausch strategies by line-up key (rules/goldrausch.md §15.4 plus random and greedy).
 * Variants with other parameters: makeBetrayer, makeReciprocal, makeSilent, makeOpportunist.
 */
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import betrayer from './betrayer.js';
import cooperative from './cooperative.js';
import greedy from './greedy.js';
import opportunist from './opportunist.js';
import random from './random.js';
import reciprocal from './reciprocal.js';
import search from './search.js';
import silent from './silent.js';

/** The seven heuristic strategies (fast: use these where every built-in bot plays many games). */
export const HEURISTIC_BOTS: Record<string, GoldrauschBotFactory> = {
  random,
  greedy,
  cooperative,
  betrayer,
  reciprocal,
  silent,
  opportunist,
};

export { makeBetrayer } from './betrayer.js';
export { makeOpportunist } from './opportunist.js';
export { makeReciprocal } from './reciprocal.js';
export { makeSearch } from './search.js';
export { makeSilent } from './silent.js';

/** Every built-in bot by line-up key. */
export const BUILTIN_BOTS: Record<string, GoldrauschBotFactory> = { ...HEURISTIC_BOTS, search };
