/**
 * Greedy: takes what pays most for itself now and upgrades whenever it expects that to pay.
 *
 * Continent: the legal one with the best expected own payout this round (lib/estimate.ts: extraction,
 * stock with upgraders paid first, the wheel's disaster odds, each rival back on last round's
 * continent at its learnt stay rate and elsewhere otherwise, upgrading at its learnt rate). Upgrade: on its first turn, green iff the expected value of
 * green beats red for the seats actually on its continent; alone always green. Never talks.
 */
import type { RandomStream } from '../../src/core/random.js';
import type { GoldrauschBot, GoldrauschBotFactory, OutgoingMessage } from '../../src/games/goldrausch/bot.js';
import type { Colour, Continent } from '../../src/games/goldrausch/types.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { fastGreedy } from './fast/greedy.js';
import { ContinentScorer } from './lib/continent.js';
import { meetingRivals, newUpgradeValue, Rivals, upgradeValueOn } from './lib/estimate.js';
import { SeatHabits } from './lib/history.js';
import { heldColour, isAlone, PASS } from './lib/seats.js';

const SCRATCH_RIVALS = new Rivals();
const SCRATCH_VALUE = newUpgradeValue();

class GreedyBot implements GoldrauschBot {
  readonly name = 'greedy';
  private readonly habits = new SeatHabits();
  private readonly scorer = new ContinentScorer(this.habits);
  // Scratch, filled and read within one call: shared by all instances (no typed arrays per game).
  private readonly rivals = SCRATCH_RIVALS;
  private readonly value = SCRATCH_VALUE;

  constructor(private readonly random: RandomStream) {}

  chooseContinent(view: GoldrauschView): Continent {
    return this.scorer.best(view, this.random);
  }

  negotiate(): readonly OutgoingMessage[] {
    return PASS; // it never talks: passing at once lets the engine skip it once its card is down
  }

  commitUpgrade(view: GoldrauschView): Colour | null {
    if (view.meeting!.ownCommit !== null) return null; // a laid card stays (GR-A10 commitRevisable)
    if (isAlone(view)) return heldColour(view, 'green'); // §5.2: a lone upgrader is paid double
    meetingRivals(view, this.habits.of(view).upgrade, this.rivals);
    upgradeValueOn(view, view.meeting!.locations[view.seat], this.rivals, this.value);
    return heldColour(view, this.value.green > this.value.red ? 'green' : 'red');
  }
}

const greedyBot: GoldrauschBotFactory = {
  name: 'greedy',
  description:
    'Continent with the best expected own payout (rivals predicted from their stay and upgrade habits); no messages; ' +
    'green on its first turn iff upgrading is worth more in expectation (always green alone).',
  create: (_seat, random) => new GreedyBot(random),
  fast: fastGreedy,
};

export default greedyBot;
