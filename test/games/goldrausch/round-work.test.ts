/**
 * The round's working state is made two ways: fresh per round by the reference engine (`newWork`) and
 * reset in place by the fast kernel (`resetWork`). Both must start a round from the same fields, or
 * a modifier of one round (an exemption, a shower, a forced colour, a moved card) would leak into the
 * next on the kernel only.
 */
import { describe, expect, it } from 'vitest';
import { RandomSource } from '../../../src/core/random.js';
import { applyWheel } from '../../../src/games/goldrausch/events.js';
import { DEFAULT_CONFIG } from '../../../src/games/goldrausch/params.js';
import { newWork, resetWork, resolveProfit, type RoundWork } from '../../../src/games/goldrausch/round.js';
import type { Colour, ContinentIndex, EventSlot } from '../../../src/games/goldrausch/types.js';

const players = 5;
const state = {
  config: DEFAULT_CONFIG,
  players,
  startPlayer: 2,
  gold: [5, 9, 1, 14, 5],
  stock: [12, 9, 6],
  capReduction: 0,
  bank: 0,
  finesPaid: [0, 0, 0, 0, 0],
  tieBreaks: 0,
};
const locations: ContinentIndex[] = [0, 0, 1, 2, 0];
const cards: (Colour | null)[] = ['green', 'green', 'red', null, 'green'];

/** The fields a round starts from (the game's own ones — gold, stock, bank, … — carry over and are left out). */
function roundFields(work: RoundWork) {
  const { gold, stock, bank, capReduction, finesPaid, tieBreaks, config, ...round } = work;
  return round;
}

describe('RoundWork: the kernel’s reset equals the engine’s fresh work', () => {
  // Events that set every kind of modifier: exemption of the poorest, shower, extraction cut,
  // progress (forced colour), cap cut, pass-left and chaos (moved cards), hurricane (moved pawns).
  const events: EventSlot[] = [
    'alms',
    'gold-shower-rosso',
    'drying-vein',
    'nostalgia-azul',
    'barren-land',
    'change-of-management',
    'hurricane',
    'paperwork-chaos',
  ];
  for (const event of events) {
    it(`after a round with ${event}`, () => {
      const random = new RandomSource('round-work', 0);
      const extract = [3, 2, 4];
      const used = newWork(state, extract, locations, cards);
      applyWheel(used, 'event', event, random);
      resolveProfit(used);
      // The round changed something the next one must not see (else this test could not fail).
      expect(roundFields(used)).not.toEqual(roundFields(newWork(state, extract, locations, cards)));
      const nextExtract = [1, 5, 2];
      resetWork(used, 3, nextExtract, locations, cards);
      expect(roundFields(used)).toEqual(roundFields(newWork({ ...state, startPlayer: 3 }, nextExtract, locations, cards)));
      expect(used.locations).toBe(locations); // the caller's lists, read and never written
      expect(used.cards).toBe(cards);
    });
  }
});
