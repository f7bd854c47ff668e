/**
 * The built-in My Gold Mine bots by line-up key, with named variants of their thresholds (a scenario
 * seat names one: "cautious-0.1"). Variants with other parameters: makeCautious, makeGreedy, makeOdds.
 */
import type { MyGoldMineBotFactory } from '../../src/games/my-gold-mine/bot.js';
import cautious, { makeCautious } from './cautious.js';
import greedy, { makeGreedy } from './greedy.js';
import odds, { makeOdds } from './odds.js';
import random from './random.js';

export { makeCautious, makeGreedy, makeOdds };

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

export const BUILTIN_BOTS: Record<string, MyGoldMineBotFactory> = { ...HEURISTIC_BOTS };

/**
 * Names that stand for one `ismcts` configuration (src/search/agents.ts). `search` (24 sampled deck
 * orders a decision) and `search-8` (8) were My Gold Mine's own rollout bot until 2026-11-29; the
 * generic search at `search`'s time per decision (~0.2 ms) was ahead of it, so both names are now
 * plain ISMCTS (a tree, uniform rollouts) at 30 and 10 iterations (docs/bots-and-tournaments.md,
 * "search, the retired search bots").
 */
export const BOT_ALIASES: Readonly<Record<string, string>> = {
  search: 'ismcts:iterations=30:rollout=uniform:reward=win:prior=none:tree=0:paired=0:depth=0',
  'search-8': 'ismcts:iterations=10:rollout=uniform:reward=win:prior=none:tree=0:paired=0:depth=0',
};
