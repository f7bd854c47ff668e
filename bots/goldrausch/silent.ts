/**
 * Silent (§15.4): the baseline without talk. Never sends a message; on its first turn lays green with
 * a fixed probability q when it shares its continent, always green when alone. The continent is
 * chosen like the negotiating bots choose it, so comparisons isolate the effect of talking.
 */
import type { RandomStream } from '../../src/core/random.js';
import type { GoldrauschBot, GoldrauschBotFactory, OutgoingMessage } from '../../src/games/goldrausch/bot.js';
import type { Colour, Continent } from '../../src/games/goldrausch/types.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { fastSilent } from './fast/silent.js';
import { ContinentScorer } from './lib/continent.js';
import { heldColour, isAlone, PASS } from './lib/seats.js';

export interface SilentOptions {
  /** Probability of green when not alone (default 0.5). */
  readonly q?: number;
}

class SilentBot implements GoldrauschBot {
  private readonly scorer = new ContinentScorer();

  constructor(
    readonly name: string,
    private readonly random: RandomStream,
    private readonly q: number,
  ) {}

  chooseContinent(view: GoldrauschView): Continent {
    return this.scorer.logit(view, this.random);
  }

  negotiate(): readonly OutgoingMessage[] {
    return PASS; // silent: nothing to say, ever
  }

  commitUpgrade(view: GoldrauschView): Colour | null {
    if (view.meeting!.ownCommit !== null) return null; // a laid card stays (GR-A10 commitRevisable)
    if (isAlone(view)) return heldColour(view, 'green');
    return heldColour(view, this.random.next() < this.q ? 'green' : 'red');
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
    create: (_seat, random) => new SilentBot(name, random, q),
    fast: fastSilent(q),
  };
}

export default makeSilent();
