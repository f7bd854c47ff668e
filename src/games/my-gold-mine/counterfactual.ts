/**
 * `goldpit impact`'s counterfactual for My Gold Mine, as a pure function of the config: one copy of
 * digging-card kind K replaced by a plain "Einfach Gold!" card (the deck's simple-gold value, 1 if it
 * has none), in the same deck position, all else equal. For K = simple-gold itself the replacement is
 * a blank (0 gold, stay), i.e. one gold card fewer.
 *
 * Replaced rather than removed: the deck keeps its 58 cards, so every lazy shuffle draw (state.ts
 * `revealDig`) picks from the same range and every other card lies where it lay in the game as dealt
 * — common random numbers pair the two games card for card. Removing a card would shift the ranges
 * of all later draws and pair nothing. A dragon replaced by a gold card is "one dragon fewer" (and one
 * gold card more), which is what a designer sweeping the dragon count asks about.
 */
import { DIG_KINDS } from './decks.js';
import type { MyGoldMineConfig } from './params.js';

/** The config with one card of kind `DIG_KINDS[kind]` replaced (see above). A kind the deck lacks changes nothing. */
export function withKindReplaced(config: MyGoldMineConfig, kind: number): MyGoldMineConfig {
  const k = DIG_KINDS[kind];
  if (k === undefined) throw new RangeError(`no digging card kind ${kind} (0–${DIG_KINDS.length - 1})`);
  return { ...config, replacedKind: k };
}
