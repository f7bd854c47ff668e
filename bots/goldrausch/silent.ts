/**
 * Silent (§15.4): the baseline without talk. Never sends a message (PASS); on its first turn lays
 * green with a fixed probability q when it shares its continent (one draw), always green when alone
 * (no draw). The continent is chosen like the negotiating bots choose it (logit), so comparisons
 * isolate the effect of talking.
 */
import { NONE, type GoldrauschBot, type GoldrauschBotFactory, type Outbox } from '../../src/games/goldrausch/bot.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { logitContinent } from './lib/continent.js';
import { held, heldGreen, isAlone, type Random } from './lib/seats.js';

export interface SilentOptions {
  /** Probability of green when not alone (default 0.5). */
  readonly q?: number;
}

export class SilentBot implements GoldrauschBot {
  /**
   * @param random this seat's own stream
   * @param q the probability of green when it shares its continent
   */
  constructor(
    readonly seat: number,
    private readonly random: Random,
    private readonly q = 0.5,
  ) {}

  chooseContinent(view: GoldrauschView): number {
    return logitContinent(view, this.random);
  }

  negotiate(_view: GoldrauschView, out: Outbox): void {
    out.pass(); // silent: nothing to say, ever
  }

  commitUpgrade(view: GoldrauschView): number {
    if (view.ownCommit !== NONE) return NONE; // a laid card stays (GR-A10 commitRevisable)
    if (isAlone(view)) return heldGreen(view);
    return held(view, this.random.next() < this.q);
  }
}

/** A Silent variant; the default export is `makeSilent()` (q = 0.5). */
export function makeSilent(options: SilentOptions = {}): GoldrauschBotFactory {
  const q = options.q ?? 0.5;
  if (!(q >= 0 && q <= 1)) throw new RangeError(`silent: q must be a probability in [0, 1], got ${q}`);
  const name = q === 0.5 ? 'silent' : `silent(q=${q})`;
  return {
    name,
    description: `No messages; green with probability ${q} when sharing a continent, always green alone; commits on its first turn.`,
    create: (seat, random) => new SilentBot(seat, random, q),
  };
}

export default makeSilent();
