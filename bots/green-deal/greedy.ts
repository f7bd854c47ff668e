/**
 * `greedy`: takes, step by step, the investment worth most right now — VP plus income (valued by the
 * rounds it still pays) plus track steps and PR chips, less the price (lib/value.ts); bids a fifth of
 * its cash; holds up to two loans, taken when short of cash, repaid at the end; buys a PR chip when
 * it is worth its price; at a contact takes whichever gains it more income, and places its tile where
 * its contacts gain most. Variants for the designer's questions: `greedy-pr` buys a PR chip every
 * round it can afford one, `greedy-nopr` never buys one.
 */
import type { GreenDealBotFactory } from '../../src/games/green-deal/bot.js';
import { HeuristicBot } from './lib/heuristic.js';
import { GREEDY, type Style } from './lib/style.js';

export function makeGreedy(style: Partial<Style>, name: string, description: string): GreenDealBotFactory {
  const full: Style = { ...GREEDY, ...style };
  return { name, description, create: () => new HeuristicBot(name, full) };
}

export default makeGreedy({}, 'greedy', 'takes the investment step worth most now (VP + income + track + PR, less the price); bids a fifth of its cash');
export const greedyPr = makeGreedy({ pr: 'always' }, 'greedy-pr', 'greedy, but buys a PR chip every round it can afford one');
export const greedyNoPr = makeGreedy({ pr: 'never' }, 'greedy-nopr', 'greedy, but never buys a PR chip');
