/** GOLD's knowledge for the generic search (src/games/gold-knizia/search-hints.ts): the scores a cut rollout reads. */
import { describe, expect, it } from 'vitest';
import { evaluate, scores } from '../../../src/games/gold-knizia/search-hints.js';
import { config, played } from './helpers.js';

describe('GOLD search hints', () => {
  it('scores: each seat’s series total plus this game’s gold, hand-computed', () => {
    // Colour 0's digger of value 2 (position 24) finds a gold 1 (position 0): the gold goes to colour 0's owner.
    const s = played(config(), 4, [[24, 0]]);
    const owner = s.owner[0];
    expect(owner).toBeGreaterThanOrEqual(0);
    s.seriesScore[2] += 5;
    const out = new Float64Array(4);
    scores(s, out);
    const expected = [0, 0, 0, 0];
    expected[owner] += 1;
    expected[2] += 5;
    expect(Array.from(out)).toEqual(expected);
  });

  it('evaluate: win chances that sum to 1, the leader’s the highest', () => {
    const s = played(config(), 4, [[24, 0]]);
    const out = new Float64Array(4);
    evaluate(s, out);
    expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const leader = s.owner[0];
    for (let t = 0; t < 4; t++) if (t !== leader) expect(out[leader]).toBeGreaterThan(out[t]);
  });
});
