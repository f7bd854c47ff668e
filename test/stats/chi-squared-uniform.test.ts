/**
 * Reference values: scipy 1.17.1 after `from scipy.stats import chisquare` (whose default
 * expectation is the uniform one); the Python expression that produced each value is on its line.
 */
import { describe, expect, it } from 'vitest';
import { chiSquaredUniform } from '../../src/stats/index.js';
import { expectClose } from './close.js';

describe('chiSquaredUniform', () => {
  it("matches scipy's chisquare: statistic, df = k − 1 and p-value", () => {
    const cases: [number[], number, number][] = [
      [[30, 20, 25, 25], 2, 0.5724067044708798], // chisquare([30, 20, 25, 25])
      [[100, 0], 100, 1.5239706048320995e-23], // chisquare([100, 0])
      [[520, 480, 510, 490, 1000], 335, 3.0358071983731622e-71], // chisquare([520, 480, 510, 490, 1000])
      [[5, 1, 0, 2, 2, 3, 7], 12.199999999999998, 0.05765291472938262], // chisquare([5, 1, 0, 2, 2, 3, 7])
    ];
    for (const [counts, statistic, pValue] of cases) {
      const r = chiSquaredUniform(counts);
      expectClose(r.statistic, statistic, 1e-15);
      expectClose(r.pValue, pValue, 1e-13);
      const n = counts.reduce((a, b) => a + b, 0);
      expect(r).toMatchObject({ df: counts.length - 1, k: counts.length, n, expected: n / counts.length, method: 'pearson-chi-squared' });
    }
  });

  it('gives statistic 0 and p = 1 for perfectly even counts', () => {
    // chisquare([10, 10, 10]) => (0.0, 1.0)
    expect(chiSquaredUniform([10, 10, 10])).toMatchObject({ statistic: 0, pValue: 1 });
  });

  it('accepts fractional counts (shared wins) and typed arrays', () => {
    const r = chiSquaredUniform(Float64Array.from([10.5, 9.5]));
    expectClose(r.statistic, 0.05, 1e-15); // (0.5² + 0.5²)/10
  });
});
