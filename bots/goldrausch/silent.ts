/**
 * Silent (§15.4): the baseline without talk. Never sends a message (PASS); on its first turn lays
 * green with a fixed probability q when it shares its continent (one draw), always green when alone
 * (no draw). The continent is chosen like the negotiating bots choose it (logit), so comparisons
 * isolate the effect of talking.
 */
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { MSG_ALL, NONE, type FastBot, type FastMessage, type FastRandom, type FastView } from '../../src/games/goldrausch/fast/view.js';
import { servedFactory } from '../../src/games/goldrausch/view-adapter.js';
import { logitContinent } from './lib/continent.js';
import { held, heldGreen, isAlone, NO_RANDOM, pass } from './lib/seats.js';

export interface SilentOptions {
  /** Probability of green when not alone (default 0.5). */
  readonly q?: number;
}

export class SilentBot implements FastBot {
  readonly idleWake = MSG_ALL;
  private random: FastRandom = NO_RANDOM;

  constructor(private readonly q: number) {}

  newGame(_seat: number, random: FastRandom): void {
    this.random = random;
  }

  chooseContinent(view: FastView): number {
    return logitContinent(view, this.random);
  }

  negotiate(_view: FastView, out: FastMessage): boolean {
    return pass(out); // silent: nothing to say, ever
  }

  commitUpgrade(view: FastView): number {
    if (view.ownCommit !== NONE) return NONE; // a laid card stays (GR-A10 commitRevisable)
    if (isAlone(view)) return heldGreen(view);
    return held(view, this.random.next() < this.q);
  }

  idleUntil(_view: FastView): number {
    return 0;
  }
}

/** A Silent variant; the default export is `makeSilent()` (q = 0.5). */
export function makeSilent(options: SilentOptions = {}): GoldrauschBotFactory {
  const q = options.q ?? 0.5;
  if (!(q >= 0 && q <= 1)) throw new RangeError(`silent: q must be a probability in [0, 1], got ${q}`);
  const name = q === 0.5 ? 'silent' : `silent(q=${q})`;
  return servedFactory(
    name,
    `No messages; green with probability ${q} when sharing a continent, always green alone; commits on its first turn.`,
    () => new SilentBot(q),
  );
}

export default makeSilent();
