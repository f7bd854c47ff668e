/**
 * Reference values: scipy 1.17.1 after `from scipy import special` and
 * `from scipy.stats import chi2`, and mpmath 1.3.0 (`import mpmath as mp; mp.mp.dps = 50`) where scipy
 * itself is off; the Python expression that produced each value is on its line.
 */
import { describe, expect, it } from 'vitest';
import { chiSquaredCdf, chiSquaredSf, logBeta, logGamma, regularizedGammaP, regularizedGammaQ } from '../../src/stats/index.js';
import { expectClose } from './close.js';

describe('logGamma and logBeta', () => {
  it('match scipy to 6e-15, absolute below 1 and relative above (measured against mpmath: 5.3e-15)', () => {
    const cases: [number, number][] = [
      [1e-300, 690.7755278982137], // special.gammaln(1e-300)
      [1e-5, 11.512919692895826], // special.gammaln(1e-05)
      [0.5, 0.5723649429247], // special.gammaln(0.5)
      [1, 0], // special.gammaln(1)
      [2, 0], // special.gammaln(2)
      [3.7, 1.428072326665388], // special.gammaln(3.7)
      [9.99, 12.779315214350195], // special.gammaln(9.99)
      [10, 12.801827480081469], // special.gammaln(10)
      [10.5, 13.940625219403763], // special.gammaln(10.5)
      [171.3, 708.1149470389971], // special.gammaln(171.3)
      [1e6, 12815504.569147611], // special.gammaln(1000000.0)
      [1e300, 6.897755278982137e302], // special.gammaln(1e+300)
    ];
    for (const [x, expected] of cases) expect(Math.abs(logGamma(x) - expected)).toBeLessThanOrEqual(6e-15 * Math.max(1, Math.abs(expected)));
    const betas: [number, number, number][] = [
      [2, 3, -2.4849066497880004], // special.betaln(2, 3)
      [0.5, 0.5, 1.1447298858494], // special.betaln(0.5, 0.5)
      // special.betaln(500, 0.5) = -2.5346891063277326 is off by 1.3e-13; mpmath (50 digits):
      [500, 0.5, -2.5346891063280624], // float(mp.log(mp.beta(500, 0.5)))
      [1e6, 1e6, -1386300.0033629201], // special.betaln(1000000.0, 1000000.0)
      [12, 40, -28.275524477980014], // special.betaln(12, 40)
      [0.001, 7, 6.905306024280087], // special.betaln(0.001, 7)
    ];
    for (const [a, b, expected] of betas) expectClose(logBeta(a, b), expected, 6e-15);
  });
});

describe('regularizedGammaP and regularizedGammaQ', () => {
  it('match scipy on both sides of x = a + 1 (series and continued fraction)', () => {
    const cases: [number, number, number, number][] = [
      // a, x, P, Q
      [5, 2, 0.052653017343711125, 0.9473469826562889], // special.gammainc(5, 2), special.gammaincc(5, 2)
      [0.5, 1e-8, 0.00011283791633342464, 0.9998871620836666], // special.gammainc(0.5, 1e-08), special.gammaincc(0.5, 1e-08)
      [30, 29, 0.4508291147181239, 0.5491708852818761], // special.gammainc(30, 29), special.gammaincc(30, 29)
      [100, 150, 0.9999940754596646, 5.924540335483916e-6], // special.gammainc(100, 150), special.gammaincc(100, 150)
      [1e4, 1e4, 0.5013298083399552, 0.4986701916600448], // special.gammainc(10000.0, 10000.0), special.gammaincc(10000.0, 10000.0)
    ];
    for (const [a, x, p, q] of cases) {
      expectClose(regularizedGammaP(a, x), p, 1e-14);
      expectClose(regularizedGammaQ(a, x), q, 1e-14);
    }
  });

  it('are 0 and 1 at x = 0 and x = Infinity', () => {
    expect(regularizedGammaP(3, 0)).toBe(0);
    expect(regularizedGammaQ(3, 0)).toBe(1);
    expect(regularizedGammaP(3, Infinity)).toBe(1);
    expect(regularizedGammaQ(3, Infinity)).toBe(0);
  });
});

describe('chiSquaredSf', () => {
  it('matches scipy, far upper tail included (chiSquaredSf(200, 10) ≈ 1.6e-37)', () => {
    const cases: [number, number, number][] = [
      [200, 10, 1.6139305336977317e-37], // chi2.sf(200, 10)
      [3.84, 1, 0.05004352124870519], // chi2.sf(3.84, 1)
      [0.001, 1, 0.9747728793699604], // chi2.sf(0.001, 1)
      [10, 10, 0.44049328506521257], // chi2.sf(10, 10)
      [100, 50, 3.454931382984871e-5], // chi2.sf(100, 50)
      [60, 3, 5.878230727906921e-13], // chi2.sf(60, 3)
      [0.5, 0.5, 0.25632205526853896], // chi2.sf(0.5, 0.5)
      [1000, 1000, 0.49405285382923964], // chi2.sf(1000, 1000)
      [1100, 1000, 0.014614408126295192], // chi2.sf(1100, 1000)
    ];
    for (const [x, df, expected] of cases) expectClose(chiSquaredSf(x, df), expected, 1e-13);
    // chi2.sf(1e6*1.001, 1e6) = 0.23967680482554693 is itself off by 1e-13 (mpmath: 0.23967680482552137);
    // scipy's incomplete gamma function gets it right:
    expectClose(chiSquaredSf(1001000, 1e6), 0.2396768048255214, 1e-14); // special.gammaincc(5e5, 500500.0)
    // Exponents near −700: one ulp of the exponent is 1e-13 of the result, in scipy as here.
    expectClose(chiSquaredSf(1400, 1), 2.1010145162644003e-306, 2e-13); // chi2.sf(1400, 1)
    expectClose(chiSquaredSf(3000, 1000), 1.6436845843568014e-198, 2e-13); // chi2.sf(3000, 1000)
  });

  it('is 1 at and below 0', () => {
    expect(chiSquaredSf(0, 4)).toBe(1);
    expect(chiSquaredSf(-3, 4)).toBe(1);
    expect(chiSquaredCdf(-3, 4)).toBe(0);
  });
});

describe('chiSquaredCdf', () => {
  it('matches scipy, lower tail included', () => {
    const cases: [number, number, number][] = [
      [3.84, 1, 0.9499564787512949], // chi2.cdf(3.84, 1)
      [0.01, 5, 5.300270042686517e-7], // chi2.cdf(0.01, 5)
      [10, 10, 0.5595067149347879], // chi2.cdf(10, 10)
      [900, 1000, 0.01071723809128973], // chi2.cdf(900, 1000)
    ];
    for (const [x, df, expected] of cases) expectClose(chiSquaredCdf(x, df), expected, 1e-13);
    expectClose(chiSquaredCdf(1e-4, 100), 2.9201425691687087e-280, 2e-13); // chi2.cdf(0.0001, 100)
  });

  it('adds up with the survival function to 1', () => {
    for (const df of [0.7, 1, 3, 12, 90]) {
      for (const x of [0.01, 0.5, 2, 7, 30, 150]) expect(chiSquaredCdf(x, df) + chiSquaredSf(x, df)).toBeCloseTo(1, 14);
    }
  });
});
