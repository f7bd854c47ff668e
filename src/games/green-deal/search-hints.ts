/**
 * Green Deal's game knowledge for the generic search (GameDefinition.search, src/search/ismcts.ts),
 * each piece measured before it became a default (docs/bots-and-tournaments.md, Green Deal's figures).
 */
import type { SearchHints } from '../../core/definition.js';
import type { GreenDealAnswer, GreenDealRequest } from './engine.js';
import type { GreenDealState } from './state.js';
import type { GreenDealView } from './view.js';

export const searchHints: SearchHints<GreenDealState, GreenDealView, GreenDealRequest, GreenDealAnswer> = {
  // Flat Monte Carlo on common worlds, greedy's rollouts to the end of the game scored by the VP
  // margin, greedy's answer kept unless another beats it by 2% of the scale.
  ismcts: 'iterations=300:rollout=greedy:prior=greedy:paired=1:prune=2:anchor=0.02:reward=margin',
  // The skill ladder's budgets: 300 iterations beat 75 with significance (docs/bots-and-tournaments.md, skill depth).
  ladder: [75, 300],
};
