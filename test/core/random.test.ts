import { describe, expect, it } from 'vitest';
import { hashSeed, RandomSource } from '../../src/core/random.js';

/** Fisher–Yates by the documented contract: draw j uses `int(purpose, base + j, j + 1)`. */
function referenceShuffle<T>(random: RandomSource, items: readonly T[], purpose: number, base: number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(purpose, base + i, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe('RandomSource', () => {
  it('shuffles as a Fisher–Yates whose draw j is int(purpose, base + j, j + 1)', () => {
    const items = Array.from({ length: 40 }, (_, i) => i);
    for (let game = 0; game < 50; game++) {
      const random = new RandomSource('shuffle-test', game);
      for (const [purpose, base] of [
        [2, 0],
        [3, 0],
        [3, 4096 * 3],
        [64, 7],
      ]) {
        const got = random.shuffle(items, purpose, base);
        expect(got).toEqual(referenceShuffle(random, items, purpose, base));
        expect([...got].sort((a, b) => a - b)).toEqual(items); // a permutation
      }
    }
  });

  it('leaves the shuffled list unchanged', () => {
    const items = [5, 6, 7, 8];
    new RandomSource(1, 2).shuffle(items, 2, 0);
    expect(items).toEqual([5, 6, 7, 8]);
  });

  it('lets a subclass that changes int() decide the shuffle', () => {
    class Reversing extends RandomSource {
      override int(): number {
        return 0; // always swap with the first element
      }
    }
    // i = 3: swap 0,3 → [d,b,c,a]; i = 2: swap 0,2 → [c,b,d,a]; i = 1: swap 0,1 → [b,c,d,a]
    expect(new Reversing('x', 0).shuffle(['a', 'b', 'c', 'd'], 2, 0)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('gives each run seed its own game keys, whatever seed came before', () => {
    const key = (seed: string | number, game: number) => new RandomSource(seed, game).gameKey;
    const a = key('alpha', 3);
    const b = key('beta', 3);
    expect(a).not.toBe(b);
    expect(key('alpha', 3)).toBe(a);
    expect(key(17, 3)).toBe(key('17', 3)); // a number seed hashes as its text
    expect(key('beta', 3)).toBe(b);
    expect(hashSeed('alpha')).not.toBe(hashSeed('beta'));
  });
});
