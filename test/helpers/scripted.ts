import { GREEN, NONE, RED, type GoldrauschBot } from '../../src/games/goldrausch/bot.js';
import { CONTINENTS, type Colour, type Continent } from '../../src/games/goldrausch/types.js';

export interface Script {
  /** Continent per round (1-based round → index round-1); the last entry repeats. */
  continents: Continent[];
  /** Upgrade card per round; null = never commit (timeout). */
  colours: (Colour | null)[];
  /** Tick at which to commit (default 1). */
  commitTick?: number;
}

const at = <T>(list: T[], round: number): T => list[Math.min(round - 1, list.length - 1)];
const CARD = { green: GREEN, red: RED } as const;

/** A bot that plays a fixed script (for hand-computed game tests); names in the script, numbers to the engine. */
export function scripted(script: Script, name = 'scripted'): GoldrauschBot & { name: string } {
  return {
    name,
    chooseContinent: (view) => CONTINENTS.indexOf(at(script.continents, view.round)),
    negotiate: () => {},
    commitUpgrade: (view) => {
      const colour = at(script.colours, view.round);
      return view.tick >= (script.commitTick ?? 1) && colour !== null ? CARD[colour] : NONE;
    },
  };
}
