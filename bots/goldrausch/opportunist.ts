/**
 * Opportunist (§15.4): Cooperative, except that it breaks an obligation when the gain is large —
 * in the last round, when breaking is expected to gain at least `minGain` gold (reputation no longer
 * matters), or in any round when the breach would win the race (its gold plus a green payout reaches
 * the win threshold while keeping the plan would not). Models end-game betrayal.
 */
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { CooperativeBot, OPPORTUNIST } from './cooperative.js';

export interface OpportunistOptions {
  /** Expected gold a last-round breach must gain (default 1). */
  readonly minGain?: number;
}

/** An Opportunist variant; the default export is `makeOpportunist()` (minGain = 1). */
export function makeOpportunist(options: OpportunistOptions = {}): GoldrauschBotFactory {
  const minGain = options.minGain ?? 1;
  const name = minGain === 1 ? 'opportunist' : `opportunist(minGain=${minGain})`;
  return {
    name,
    description: 'Cooperative, but breaks an obligation in the last round when it gains, or whenever the breach wins the race.',
    create: (seat, random) => new CooperativeBot(seat, random, OPPORTUNIST, 0, minGain),
  };
}

export default makeOpportunist();
