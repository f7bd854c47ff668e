/**
 * The built-in Green Deal bots by line-up key, with the named variants a designer's questions use
 * (`greedy-pr`, `greedy-nopr`). Their styles: bots/green-deal/lib/style.ts; docs/games/green-deal.md.
 */
import type { GreenDealBotFactory } from '../../src/games/green-deal/bot.js';
import competitor from './competitor.js';
import cooperator from './cooperator.js';
import greedy, { greedyNoPr, greedyPr, makeGreedy } from './greedy.js';
import prudent from './prudent.js';
import random from './random.js';

export { makeGreedy };

/** The heuristic bots (the speed target's line-up is greedy, cooperator, competitor, prudent). */
export const BUILTIN_BOTS: Record<string, GreenDealBotFactory> = {
  random,
  greedy,
  cooperator,
  competitor,
  prudent,
  'greedy-pr': greedyPr,
  'greedy-nopr': greedyNoPr,
};
