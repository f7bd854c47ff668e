/**
 * Reciprocal, tit-for-tat (§15.4): Cooperative towards everybody who has not betrayed it lately.
 *
 * A recent betrayer is a seat with a breach listing this seat as a victim in the last k rounds
 * (rounds round−k … round−1; k = 2 by default). It rejects every proposal naming a recent betrayer and
 * never names one as the fair upgrader. When a recent betrayer stands on its continent it punishes:
 * it accepts or proposes only plans naming itself and lays green on its first turn. Otherwise it keeps
 * its obligations exactly like Cooperative; after k clean rounds the betrayer is forgiven.
 */
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { CooperativeBot, RECIPROCAL } from './cooperative.js';

export interface ReciprocalOptions {
  /** How many past rounds a betrayal is remembered (default 2). */
  readonly k?: number;
}

/** A Reciprocal variant; the default export is `makeReciprocal()` (k = 2). */
export function makeReciprocal(options: ReciprocalOptions = {}): GoldrauschBotFactory {
  const k = options.k ?? 2;
  if (!(Number.isInteger(k) && k >= 0)) throw new RangeError(`reciprocal: k must be a whole number of rounds ≥ 0, got ${k}`);
  const name = k === 2 ? 'reciprocal' : `reciprocal(k=${k})`;
  return {
    name,
    description: `Cooperative, but rejects proposals naming a seat that betrayed it in the last ${k} rounds and lays green against one.`,
    create: (seat, random) => new CooperativeBot(seat, random, RECIPROCAL, k, 0),
  };
}

export default makeReciprocal();
