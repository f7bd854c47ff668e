/**
 * Opportunist (§15.4): Cooperative, except that it breaks an obligation when the gain is large —
 * in the last round, when breaking is expected to gain at least `minGain` gold (reputation no longer
 * matters), or in any round when the breach would win the race (its gold plus a green payout reaches
 * the win threshold while keeping the plan would not). Models end-game betrayal.
 */
import type { RandomStream } from '../../src/core/random.js';
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { CooperativeBot } from './cooperative.js';
import { fastOpportunist } from './fast/cooperative.js';
import { breachGain, breachWins } from './lib/breach.js';
import { newUpgradeValue, Rivals } from './lib/estimate.js';

const SCRATCH_RIVALS = new Rivals();
const SCRATCH_VALUE = newUpgradeValue();

export interface OpportunistOptions {
  /** Expected gold a last-round breach must gain (default 1). */
  readonly minGain?: number;
}

class OpportunistBot extends CooperativeBot {
  // Scratch, filled and read within one call: shared by all instances (no typed arrays per game).
  private readonly rivals = SCRATCH_RIVALS;
  private readonly value = SCRATCH_VALUE;

  constructor(
    name: string,
    seat: number,
    random: RandomStream,
    private readonly minGain: number,
  ) {
    super(name, seat, random);
  }

  protected override breaksObligation(view: GoldrauschView, upgrader: number): boolean {
    if (view.round >= view.params.rounds && breachGain(view, upgrader, this.rivals, this.value) >= this.minGain) return true;
    return breachWins(view, upgrader);
  }
}

/** An Opportunist variant; the default export is `makeOpportunist()` (minGain = 1). */
export function makeOpportunist(options: OpportunistOptions = {}): GoldrauschBotFactory {
  const minGain = options.minGain ?? 1;
  const name = minGain === 1 ? 'opportunist' : `opportunist(minGain=${minGain})`;
  return {
    name,
    description: 'Cooperative, but breaks an obligation in the last round when it gains, or whenever the breach wins the race.',
    create: (seat, random) => new OpportunistBot(name, seat, random, minGain),
    fast: fastOpportunist(minGain),
  };
}

export default makeOpportunist();
