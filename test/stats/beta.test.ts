/**
 * Reference values: scipy 1.17.1 after `from scipy import special` and
 * `from scipy.stats import beta`; the Python expression that produced each value is on its line.
 */
import { describe, expect, it } from 'vitest';
import { betaQuantile, regularizedBeta } from '../../src/stats/index.js';
import { expectClose } from './close.js';

describe('regularizedBeta', () => {
  it('matches scipy for small, unequal and large shape parameters', () => {
    const cases: [number, number, number, number][] = [
      // x, a, b, I_x(a, b)
      [0.3, 2, 5, 0.5798250000000003], // special.betainc(2, 5, 0.3)
      [0.5, 0.5, 0.5, 0.5000000000000001], // special.betainc(0.5, 0.5, 0.5)
      [1e-5, 0.5, 3, 0.005929231084463545], // special.betainc(0.5, 3, 1e-05)
      [0.999, 3, 0.2, 0.6685414839010846], // special.betainc(3, 0.2, 0.999)
      [0.45, 100, 120, 0.4478012301477067], // special.betainc(100, 120, 0.45)
      [0.001, 1, 1000, 0.6323045752290359], // special.betainc(1, 1000, 0.001)
      [0.9, 10, 2, 0.6973568802000002], // special.betainc(10, 2, 0.9)
      [0.2, 1000, 4000, 0.5028210395458625], // special.betainc(1000, 4000, 0.2)
    ];
    for (const [x, a, b, expected] of cases) expectClose(regularizedBeta(x, a, b), expected, 1e-14);
  });

  it('has the closed forms I_x(1, 1) = x and I_x(a, 1) = x^a', () => {
    for (const x of [0.01, 0.3, 0.77]) {
      expectClose(regularizedBeta(x, 1, 1), x, 2e-15);
      expectClose(regularizedBeta(x, 3.5, 1), x ** 3.5, 1e-14);
    }
  });

  it('is 0 at x = 0 and 1 at x = 1', () => {
    expect(regularizedBeta(0, 2, 3)).toBe(0);
    expect(regularizedBeta(1, 2, 3)).toBe(1);
  });
});

describe('betaQuantile', () => {
  it('matches scipy, tiny quantiles included', () => {
    const cases: [number, number, number, number][] = [
      // p, a, b, x
      [0.025, 3, 8, 0.06673951117773447], // beta.ppf(0.025, 3, 8)
      [0.975, 4, 17, 0.37892682654531396], // beta.ppf(0.975, 4, 17)
      [0.5, 100, 100, 0.5], // beta.ppf(0.5, 100, 100)
      [0.3, 1, 1, 0.3], // beta.ppf(0.3, 1, 1)
      [0.999, 2, 0.3, 0.9999999999582949], // beta.ppf(0.999, 2, 0.3)
      [0.05, 50, 5000, 0.007725011237299033], // beta.ppf(0.05, 50, 5000)
    ];
    for (const [p, a, b, expected] of cases) expectClose(betaQuantile(p, a, b), expected, 1e-14);
  });

  it("solves I_x(0.5, 2) = √x·(1.5 − x/2) = 1e-10, where scipy's root finder gives up", () => {
    // beta.ppf(1e-10, 0.5, 2) = 2.451628041092635e-25 (with "Root finding evaluation exceeded"); the fixed
    // point of the closed form, at 50 digits: mp.mp.dps = 50; x = 0; then 10 times
    // x = (mp.mpf(1e-10) / (mp.mpf(1.5) - x / 2))**2; float(x)
    expectClose(betaQuantile(1e-10, 0.5, 2), 4.444444444444444e-21, 1e-14);
  });

  it('inverts regularizedBeta to within a few ulps of x, for shapes from 0.1 to 1e5', () => {
    for (const a of [0.1, 0.5, 1, 3, 40, 1e5]) {
      for (const b of [0.2, 1, 7, 300]) {
        for (const p of [1e-12, 0.01, 0.4, 0.5, 0.93]) {
          const x = betaQuantile(p, a, b);
          if (x === 0 || x === 1) continue; // below the smallest double, or rounds to 1
          // How much I_x moves, relatively, when x moves by one part in 1e9: the condition number.
          const nudged = x * (x <= 0.5 ? 1 + 1e-9 : 1 - 1e-9);
          const condition = Math.abs(regularizedBeta(nudged, a, b) / regularizedBeta(x, a, b) - 1) / 1e-9;
          expectClose(regularizedBeta(x, a, b), p, 1e-14 + 8 * Number.EPSILON * condition);
        }
      }
    }
  });

  it('gives 0 at p = 0 and 1 at p = 1', () => {
    expect(betaQuantile(0, 2, 3)).toBe(0);
    expect(betaQuantile(1, 2, 3)).toBe(1);
  });
});
