/**
 * Reference values: numpy 2.4.6, by the definition (mean absolute difference over all ordered
 * pairs, divided by twice the mean):
 * `x = np.array(values, float); np.abs(x[:, None] - x[None, :]).mean() / (2 * x.mean())`.
 */
import { describe, expect, it } from 'vitest';
import { gini } from '../../src/stats/index.js';
import { giniUnchecked } from '../../src/stats/gini.js';
import { expectClose } from './close.js';

describe('gini', () => {
  it('matches the pairwise definition computed by numpy', () => {
    const cases: [number[], number][] = [
      [[1, 2, 3, 4], 0.25], // the line above with values = [1, 2, 3, 4]
      [[0, 0, 0, 10], 0.75], // … values = [0, 0, 0, 10]
      [[3.5, 0.25, 7, 7, 1, 12.5], 0.44133333333333336], // … values = [3.5, 0.25, 7, 7, 1, 12.5]
    ];
    for (const [values, expected] of cases) expectClose(gini(values), expected, 1e-15);
  });

  it('is 0 when all are equal, for a single value, and when the total is 0', () => {
    expect(gini([5, 5, 5])).toBe(0); // … values = [5, 5, 5] gives 0.0
    expect(gini([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1])).toBe(0);
    expect(gini([1])).toBe(0);
    expect(gini([0, 0, 0])).toBe(0);
  });

  it('reaches (n − 1)/n when one holds everything, and ignores order and scale', () => {
    expectClose(gini([0, 0, 0, 0, 7]), 4 / 5, 1e-15);
    expectClose(gini([4, 1, 3, 2]), gini([1, 2, 3, 4]), 1e-15);
    expectClose(gini([10, 20, 30, 40]), gini([1, 2, 3, 4]), 1e-15);
  });

  it('has an allocation-free twin for the aggregate that returns the very same double', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let k = 0; k < 2000; k++) {
      const n = 1 + (k % 7);
      const values = Array.from({ length: n + 2 }, () => (k % 3 === 0 ? Math.floor(next() * 60) : next() * 100));
      expect(giniUnchecked(values, n)).toBe(gini(values.slice(0, n)));
    }
  });
});
