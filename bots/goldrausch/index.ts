/**
 * The built-in Goldrausch strategies by line-up key (docs/games/goldrausch.md §15.4 plus random and greedy).
 * Variants with other parameters: makeBetrayer, makeReciprocal, makeSilent, makeOpportunist.
 */
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { HEURISTIC_BOTS } from './heuristic.js';
import search from './search.js';

export { HEURISTIC_BOTS };

export { makeBetrayer } from './betrayer.js';
export { makeOpportunist } from './opportunist.js';
export { makeReciprocal } from './reciprocal.js';
export { makeSearch } from './search.js';
export { makeSilent } from './silent.js';

/** Every built-in bot by line-up key. */
export const BUILTIN_BOTS: Record<string, GoldrauschBotFactory> = { ...HEURISTIC_BOTS, search };
