/**
 * Reference values: scipy 1.17.1 and numpy 2.4.6 after
 * `import numpy as np; from scipy.stats import false_discovery_control`. Holm's adjusted p-values
 * by these numpy lines (step-down: the running maximum of (m − i + 1)·p₍ᵢ₎ over the sorted
 * p-values, capped at 1, put back in input order):
 *
 *   def holm(p):
 *       p = np.asarray(p, float); m = len(p); o = np.argsort(p, kind='stable')
 *       adj = np.minimum(1, np.maximum.accumulate((m - np.arange(m)) * p[o]))
 *       out = np.empty(m); out[o] = adj; return out
 */
import { describe, expect, it } from 'vitest';
import { benjaminiHochberg, holm } from '../../src/stats/index.js';
import { expectClose } from './close.js';

function expectAllClose(actual: number[], expected: number[]): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((a, i) => expectClose(a, expected[i], 1e-15));
}

const tenTests = [0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205, 0.212, 0.216];

describe('benjaminiHochberg', () => {
  it("matches scipy's false_discovery_control(p, method='bh'), in input order", () => {
    // false_discovery_control([0.01, 0.04, 0.03, 0.2], method='bh')
    expectAllClose(benjaminiHochberg([0.01, 0.04, 0.03, 0.2]), [0.04, 0.05333333333333333, 0.05333333333333333, 0.2]);
    // false_discovery_control([0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205, 0.212, 0.216], method='bh')
    expectAllClose(benjaminiHochberg(tenTests), [0.01, 0.04, 0.084, 0.084, 0.084, 0.1, 0.1057142857142857, 0.216, 0.216, 0.216]);
    // false_discovery_control([0.5, 0.5, 0.9, 0.01], method='bh')
    expectAllClose(benjaminiHochberg([0.5, 0.5, 0.9, 0.01]), [0.6666666666666666, 0.6666666666666666, 0.9, 0.04]);
    // false_discovery_control([0.3, 1.0, 0.0], method='bh')
    expectAllClose(benjaminiHochberg([0.3, 1, 0]), [0.44999999999999996, 1, 0]);
  });

  it('is monotone in p, never below p and never above 1', () => {
    const p = [0.9, 0.0001, 0.02, 0.5, 0.02, 0.049, 0.3, 0.97, 0.6];
    const q = benjaminiHochberg(p);
    p.forEach((pi, i) => {
      expect(q[i]).toBeGreaterThanOrEqual(pi);
      expect(q[i]).toBeLessThanOrEqual(1);
      p.forEach((pj, j) => {
        if (pi <= pj) expect(q[i]).toBeLessThanOrEqual(q[j]);
      });
    });
  });

  it('returns an empty array for no tests, and p itself for one', () => {
    expect(benjaminiHochberg([])).toEqual([]);
    expect(benjaminiHochberg([0.03])).toEqual([0.03]);
  });
});

describe('holm', () => {
  it('matches the numpy step-down computation, in input order', () => {
    expectAllClose(holm([0.01, 0.04, 0.03, 0.2]), [0.04, 0.09, 0.09, 0.2]); // holm([0.01, 0.04, 0.03, 0.2])
    // holm([0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205, 0.212, 0.216])
    expectAllClose(holm(tenTests), [0.01, 0.07200000000000001, 0.312, 0.312, 0.312, 0.312, 0.312, 0.615, 0.615, 0.615]);
    expectAllClose(holm([0.5, 0.5, 0.9, 0.01]), [1, 1, 1, 0.04]); // holm([0.5, 0.5, 0.9, 0.01])
    expectAllClose(holm([0.3, 1, 0]), [0.6, 1, 0]); // holm([0.3, 1.0, 0.0])
  });

  it('is at least as strict as Benjamini–Hochberg and at most Bonferroni', () => {
    const h = holm(tenTests);
    const q = benjaminiHochberg(tenTests);
    tenTests.forEach((p, i) => {
      expect(h[i]).toBeGreaterThanOrEqual(q[i]);
      expect(h[i]).toBeLessThanOrEqual(Math.min(1, tenTests.length * p));
    });
  });

  it('returns an empty array for no tests', () => {
    expect(holm([])).toEqual([]);
  });
});
