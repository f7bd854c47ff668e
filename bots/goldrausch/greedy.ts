/**
 * Greedy: takes what pays most for itself now and upgrades whenever it expects that to pay.
 *
 * Continent: the legal one with the best expected own payout this round (lib/flat.ts `scores`:
 * extraction, stock with upgraders paid first, the wheel's disaster odds, each rival back on last
 * round's continent at its learnt stay rate and elsewhere otherwise, upgrading at its learnt rate);
 * exact ties drawn. Upgrade: on its first turn, green iff the expected value of green beats red for
 * the seats actually on its continent; alone always green. Never talks (PASS).
 */
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { MSG_ALL, NONE, type FastBot, type FastMessage, type FastRandom, type FastView } from '../../src/games/goldrausch/fast/view.js';
import { servedFactory } from '../../src/games/goldrausch/view-adapter.js';
import { bestContinent } from './lib/continent.js';
import { greenPays } from './lib/estimate.js';
import { held, heldGreen, NO_RANDOM, pass, Seating, seatingOf } from './lib/seats.js';

export class GreedyBot implements FastBot {
  readonly idleWake = MSG_ALL;
  private random: FastRandom = NO_RANDOM;
  /** Its continent and the seats there, per meeting. */
  private readonly seating = new Seating();

  newGame(_seat: number, random: FastRandom): void {
    this.random = random;
    this.seating.game = -1;
  }

  chooseContinent(view: FastView): number {
    return bestContinent(view, this.random);
  }

  negotiate(_view: FastView, out: FastMessage): boolean {
    return pass(out); // it never talks: passing at once lets the engine skip it once its card is down
  }

  commitUpgrade(view: FastView): number {
    if (view.ownCommit !== NONE) return NONE; // a laid card stays (GR-A10 commitRevisable)
    if (seatingOf(this.seating, view).count === 1) return heldGreen(view); // §5.2: a lone upgrader is paid double
    return held(view, greenPays(view));
  }

  idleUntil(_view: FastView): number {
    return 0;
  }
}

const greedyBot: GoldrauschBotFactory = servedFactory(
  'greedy',
  'Continent with the best expected own payout (rivals predicted from their stay and upgrade habits); no messages; ' +
    'green on its first turn iff upgrading is worth more in expectation (always green alone).',
  () => new GreedyBot(),
);

export default greedyBot;
