/**
 * Reference values: scipy 1.17.1 and numpy 2.4.6 after
 * `import numpy as np; from scipy.stats import ttest_1samp` (the paired t-test is the one-sample
 * t-test of the differences against 0); for each data set d the Python lines were
 * `r = ttest_1samp(d, 0); ci = r.confidence_interval(0.95)` and
 * `(r.statistic, r.pvalue, ci.low, ci.high, np.std(d, ddof=1))`.
 */
import { describe, expect, it } from 'vitest';
import { pairedDifference, pairedFromSums } from '../../src/stats/index.js';
import { expectClose } from './close.js';

type Case = [d: number[], t: number, pValue: number, lower: number, upper: number, sd: number];

const cases: Case[] = [
  [[1, 2, 3, 4, 5], 4.242640687119285, 0.01323559956368269, 1.0367568385224428, 4.963243161477557, 1.5811388300841898],
  [[3, -1, 0, 2, 5, -2, 1, 1, 0, 4], 1.8571428571428574, 0.0962503625116031, -0.2835100139587432, 2.8835100139587433, 2.2135943621178655],
  [[-0.5, 0.25], -0.3333333333333333, 0.7951672353008665, -4.88982677606551, 4.63982677606551, 0.5303300858899106],
  [[2, -1, 0, 0, 1, -3, 1, 0, 2, -1, 1, 0], 0.41137667560372115, 0.6886975361352139, -0.725048595208416, 1.0583819285417493, 1.403458930534474],
];

const sumOf = (d: number[]) => d.reduce((a, b) => a + b, 0);
const sumSqOf = (d: number[]) => d.reduce((a, b) => a + b * b, 0);

describe('pairedDifference', () => {
  it("matches scipy's one-sample t-test of the differences (statistic, p-value, 95% interval, sd)", () => {
    for (const [d, t, pValue, lower, upper, sd] of cases) {
      const r = pairedDifference(d);
      expectClose(r.t, t, 1e-14);
      expectClose(r.pValue, pValue, 1e-13);
      // The ends are d̄ ∓ half-width: compared relative to the width, since an end near 0 cancels.
      expect(Math.abs(r.lower - lower)).toBeLessThanOrEqual(1e-14 * (upper - lower));
      expect(Math.abs(r.upper - upper)).toBeLessThanOrEqual(1e-14 * (upper - lower));
      expectClose(r.sd, sd, 1e-15);
      expect(r).toMatchObject({ n: d.length, df: d.length - 1, confidence: 0.95, method: 'paired-t' });
      expect(r.mean).toBe(r.estimate);
      expectClose(r.mean, sumOf(d) / d.length, 1e-15);
    }
  });

  it('widens with the confidence level', () => {
    const r = pairedDifference([1, 2, 3, 4, 5], 0.99);
    // ttest_1samp([1, 2, 3, 4, 5], 0).confidence_interval(0.99)
    expectClose(r.lower, -0.25558670475778467, 1e-13);
    expectClose(r.upper, 6.255586704757785, 1e-14);
  });

  it('keeps the spread of differences with a large common offset (two-pass variance)', () => {
    // d = [1e9 + 0.5, 1e9 + 1.5, 1e9 + 1, 1e9 + 2]; np.std(d, ddof=1), np.mean(d) => 0.6454972243679028, 1000000001.25
    const r = pairedDifference([1e9 + 0.5, 1e9 + 1.5, 1e9 + 1, 1e9 + 2]);
    expectClose(r.sd, 0.6454972243679028, 1e-15);
    expect(r.mean).toBe(1000000001.25);
  });

  it('reports a zero-width interval when every difference is equal: p = 0 off zero, p = 1 at zero', () => {
    expect(pairedDifference([2, 2, 2])).toMatchObject({ mean: 2, sd: 0, lower: 2, upper: 2, t: Infinity, pValue: 0 });
    expect(pairedDifference([-1.5, -1.5])).toMatchObject({ lower: -1.5, upper: -1.5, t: -Infinity, pValue: 0 });
    expect(pairedDifference([0, 0, 0, 0])).toMatchObject({ mean: 0, sd: 0, lower: 0, upper: 0, t: 0, pValue: 1 });
  });

  it('takes any array-like of numbers (typed arrays from the aggregate)', () => {
    expect(pairedDifference(Float64Array.from([1, 2, 3, 4, 5]))).toEqual(pairedDifference([1, 2, 3, 4, 5]));
  });
});

describe('pairedFromSums', () => {
  it('gives the same result as the differences themselves (integer data: exact sums)', () => {
    for (const [d] of cases) {
      const fromSums = pairedFromSums(d.length, sumOf(d), sumSqOf(d));
      const direct = pairedDifference(d);
      for (const key of ['mean', 'sd', 'lower', 'upper', 't', 'pValue'] as const) expectClose(fromSums[key], direct[key], 1e-13);
      expect(fromSums.n).toBe(direct.n);
    }
  });

  it('treats sums of equal differences as zero spread', () => {
    expect(pairedFromSums(3, 6, 12)).toMatchObject({ mean: 2, sd: 0, lower: 2, upper: 2, pValue: 0 });
    expect(pairedFromSums(5, 0, 0)).toMatchObject({ mean: 0, sd: 0, pValue: 1 });
    // 0.1 is not a binary fraction: n·Σd² − (Σd)² rounds to a hair below 0 and is clamped
    const d = [0.1, 0.1, 0.1];
    expect(pairedFromSums(3, sumOf(d), sumSqOf(d)).sd).toBe(0);
  });

  it('refuses sums that no set of differences can have (Σd² < (Σd)²/n)', () => {
    expect(() => pairedFromSums(4, 10, 20)).toThrow(RangeError);
    expect(() => pairedFromSums(4, 10, 20)).toThrow(
      'pairedFromSums: sumSq must be at least sum²/n (= 25); are sum and sumSq from the same differences?, got 20',
    );
  });
});
