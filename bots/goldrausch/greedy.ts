/**
 * Greedy: takes what pays most for itself now and upgrades whenever it expects that to pay.
 *
 * Continent: the legal one with the best expected own payout this round (lib/flat.ts `scores`:
 * extraction, stock with upgraders paid first, the wheel's disaster odds, each rival back on last
 * round's continent at its learnt stay rate and elsewhere otherwise, upgrading at its learnt rate);
 * exact ties drawn. Upgrade: on its first turn, green iff the expected value of green beats red for
 * the seats actually on its continent; alone always green. Never talks (PASS).
 */
import { NONE, type GoldrauschBot, type GoldrauschBotFactory, type Outbox } from '../../src/games/goldrausch/bot.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { bestContinent } from './lib/continent.js';
import { greenPays } from './lib/estimate.js';
import { held, heldGreen, type Random, Seating, seatingOf } from './lib/seats.js';

export class GreedyBot implements GoldrauschBot {
  /** Its continent and the seats there, per meeting. */
  private readonly seating = new Seating();

  /** @param random this seat's own stream (the factory's `create(seat, random)`) */
  constructor(
    readonly seat: number,
    private readonly random: Random,
  ) {}

  chooseContinent(view: GoldrauschView): number {
    return bestContinent(view, this.random);
  }

  negotiate(_view: GoldrauschView, out: Outbox): void {
    out.pass(); // it never talks: passing at once lets the engine skip it once its card is down
  }

  commitUpgrade(view: GoldrauschView): number {
    if (view.ownCommit !== NONE) return NONE; // a laid card stays (GR-A10 commitRevisable)
    if (seatingOf(this.seating, view).count === 1) return heldGreen(view); // §5.2: a lone upgrader is paid double
    return held(view, greenPays(view));
  }
}

const greedyBot: GoldrauschBotFactory = {
  name: 'greedy',
  description:
    'Continent with the best expected own payout (rivals predicted from their stay and upgrade habits); no messages; ' +
    'green on its first turn iff upgrading is worth more in expectation (always green alone).',
  create: (seat, random) => new GreedyBot(seat, random),
};

export default greedyBot;
