/**
 * The built-in My Gold Mine bots by line-up key, with named variants of their thresholds (a scenario
 * seat names one: "cautious-0.1"). Variants with other parameters: makeCautious, makeGreedy, makeOdds.
 */
import type { MyGoldMineBotFactory } from '../../src/games/my-gold-mine/bot.js';
import cautious, { makeCautious } from './cautious.js';
import greedy, { makeGreedy } from './greedy.js';
import odds, { makeOdds } from './odds.js';
import random from './random.js';
import search, { makeSearch } from './search.js';

export { makeCautious, makeGreedy, makeOdds, makeSearch };

/** The heuristic bots (the speed target's line-up) and their named variants. */
export const HEURISTIC_BOTS: Record<string, MyGoldMineBotFactory> = {
  random,
  cautious,
  'cautious-0.1': makeCautious({ risk: 0.1 }),
  'cautious-0.3': makeCautious({ risk: 0.3 }),
  'cautious-0.5': makeCautious({ risk: 0.5 }),
  greedy,
  'greedy-1': makeGreedy({ k: 1 }),
  'greedy-3': makeGreedy({ k: 3 }),
  'greedy-4': makeGreedy({ k: 4 }),
  odds,
  'odds-1': makeOdds({ margin: 1, outValue: 1 }),
  'odds-0.5': makeOdds({ margin: 0.5, outValue: 1 }),
};

export const BUILTIN_BOTS: Record<string, MyGoldMineBotFactory> = { ...HEURISTIC_BOTS, search, 'search-8': makeSearch({ samples: 8 }) };
