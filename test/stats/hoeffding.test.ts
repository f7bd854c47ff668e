/**
 * Reference values: scipy 1.17.1, `python3 scripts/reference/bounded_mean.py` (brentq on
 * n·kl(ȳ‖m) = ln(2/α)), and Clopper–Pearson's end `10 * stats.beta.ppf(0.025, 10, 1)` for ten values
 * at the top of [0, 10].
 */
import { describe, expect, it } from 'vitest';
import { hashSeed, purposeKey, unitFloat } from '../../src/core/random.js';
import { bernoulliKl, hoeffdingInterval } from '../../src/stats/index.js';
import { expectClose } from './close.js';

describe('hoeffdingInterval', () => {
  it("inverts Hoeffding's relative-entropy bound", () => {
    const a = hoeffdingInterval([10, 10, 10, 10, 10, 10, 10, 8, 9, 6], 0, 10, 1 - 0.0016);
    expectClose(a.lower, 3.659728561095376, 1e-13);
    expectClose(a.upper, 9.999989948748558, 1e-13);
    const b = hoeffdingInterval([...new Array<number>(30).fill(1), ...new Array<number>(70).fill(0)], 0, 1);
    expectClose(b.lower, 0.18721262594362445, 1e-13);
    expectClose(b.upper, 0.4320194934023646, 1e-13);
    expect(bernoulliKl(0.3, 0.3)).toBe(0);
    expectClose(bernoulliKl(1, 0.5), Math.log(2), 1e-15);
  });

  it("is Clopper–Pearson's end when every value sits at an end, and never has zero width", () => {
    // Ten games that all last the 10 rounds of the cap: Student's t gives [10, 10].
    const r = hoeffdingInterval(new Array<number>(10).fill(10), 0, 10);
    expectClose(r.lower, 6.915028921812391, 1e-13);
    expect(r.upper).toBe(10);
    expect(hoeffdingInterval([0, 0], -1, 1).upper).toBeGreaterThan(0);
  });

  it('covers the mean at least at its level, for any n and any distribution on the range', () => {
    // Values at the ends (the Bernoulli case, where the bound is tightest) and three-point ones.
    const key = purposeKey(hashSeed('hoeffding-coverage'), 0);
    let c = 0;
    for (const [n, p, level] of [
      [10, 0.96, 0.9],
      [40, 0.5, 0.95],
      [200, 0.02, 0.99],
    ] as const) {
      const reps = 2000;
      let covered = 0;
      for (let rep = 0; rep < reps; rep++) {
        const v = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          const u = unitFloat(key, c++);
          v[i] = u < p ? 10 : u < p + (1 - p) / 2 ? 6 : 0;
        }
        const r = hoeffdingInterval(v, 0, 10, level);
        const truth = 10 * p + 6 * ((1 - p) / 2);
        if (r.lower <= truth && truth <= r.upper) covered++;
      }
      expect(covered / reps, `n=${n} p=${p}`).toBeGreaterThanOrEqual(level);
    }
  });

  it('refuses values outside the range', () => {
    expect(() => hoeffdingInterval([11], 0, 10)).toThrow('hoeffdingInterval: values[0] must be a number in the range [0, 10], got 11');
    expect(() => hoeffdingInterval([], 0, 10)).toThrow('an array of at least 1 number');
  });
});
