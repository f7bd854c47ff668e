import type { GoldrauschBot, OutgoingMessage } from '../../src/games/goldrausch/bot.js';
import type { Colour, Continent } from '../../src/games/goldrausch/types.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';

export interface Script {
  /** Continent per round (1-based round → index round-1); the last entry repeats. */
  continents: Continent[];
  /** Upgrade card per round; null = never commit (timeout). */
  colours: (Colour | null)[];
  /** Messages to send in a given round and tick. */
  say?: (view: GoldrauschView) => OutgoingMessage[];
  /** Tick at which to commit (default 1). */
  commitTick?: number;
}

const at = <T>(list: T[], round: number): T => list[Math.min(round - 1, list.length - 1)];

/** A bot that plays a fixed script (for hand-computed game tests). */
export function scripted(script: Script, name = 'scripted'): GoldrauschBot {
  return {
    name,
    chooseContinent: (view) => at(script.continents, view.round),
    negotiate: (view) => script.say?.(view) ?? [],
    commitUpgrade: (view) => (view.meeting!.tick >= (script.commitTick ?? 1) ? at(script.colours, view.round) : null),
  };
}
