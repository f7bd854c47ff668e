import { describe, expect, it } from 'vitest';
import { atLeastDragons, dragonReach } from '../../../bots/my-gold-mine/lib/risk.js';

/**
 * Independent computation: enumerate every placement of the D dragons among the D + G positions
 * (all equally likely) and count Drago's steps before the r-th gold card, by walking the deck.
 */
function bruteReach(D: number, G: number, r: number, k: number): number {
  const N = D + G;
  let hits = 0;
  let total = 0;
  const place = (start: number, left: number, mask: number) => {
    if (left === 0) {
      total++;
      let gold = 0;
      let steps = 0;
      for (let i = 0; i < N && gold < r; i++) {
        if (mask & (1 << i)) steps++;
        else gold++;
      }
      if (steps >= k) hits++;
      return;
    }
    for (let i = start; i < N; i++) place(i + 1, left - 1, mask | (1 << i));
  };
  place(0, D, 0);
  return hits / total;
}

describe('dragonReach: P(Drago takes ≥ k steps before the r-th gold card)', () => {
  it('equals a brute-force enumeration of dragon placements', () => {
    for (const [D, G] of [[3, 5], [4, 8], [2, 10], [5, 4], [6, 6]]) {
      for (let r = 1; r <= 4; r++) {
        for (let k = 0; k <= D + 1; k++) expect(dragonReach(D, G, r, k), `D ${D} G ${G} r ${r} k ${k}`).toBeCloseTo(bruteReach(D, G, r, k), 12);
      }
    }
  });
  it('is the hypergeometric tail: P(≥ 1 of 2 dragons in 1 of 4 cards) = 1/2', () => {
    expect(atLeastDragons(2, 4, 1, 1)).toBeCloseTo(0.5, 15);
    // P(both of 2 dragons among 2 of 4 cards) = 1 / C(4, 2) = 1/6.
    expect(atLeastDragons(2, 4, 2, 2)).toBeCloseTo(1 / 6, 15);
  });
  it('is 1 for no steps needed, 0 beyond the dragons left, and returns the same value when cached', () => {
    expect(dragonReach(3, 10, 2, 0)).toBe(1);
    expect(dragonReach(3, 10, 2, 4)).toBe(0);
    expect(dragonReach(8, 40, 4, 3)).toBe(dragonReach(8, 40, 4, 3));
  });
});
