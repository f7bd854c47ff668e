/**
 * The fast twins of the built-in heuristic bots (same decisions and draws as ../*.ts, read from the
 * fast kernel's `FastView`). The reference factories carry theirs as `factory.fast`.
 */
export { FastBetrayer, fastBetrayer } from './betrayer.js';
export { COOPERATIVE, FastCooperative, fastCooperative, fastOpportunist, fastReciprocal, OPPORTUNIST, RECIPROCAL } from './cooperative.js';
export { FastGreedy, fastGreedy } from './greedy.js';
export { FastRandomBot, fastRandom } from './random.js';
export { FastSilent, fastSilent } from './silent.js';
