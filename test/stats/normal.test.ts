/**
 * Reference values: scipy 1.17.1 after `from scipy.stats import norm`, and mpmath 1.3.0 at 50
 * digits (`import mpmath as mp; mp.mp.dps = 50`) where scipy's own tail loses digits; the Python
 * expression that produced each value is on its line, printed with repr(float(...)).
 */
import { describe, expect, it } from 'vitest';
import { normalCdf, normalQuantile, normalSf } from '../../src/stats/index.js';
import { expectClose } from './close.js';

describe('normalCdf', () => {
  it('matches scipy in the body of the distribution', () => {
    const cases: [number, number][] = [
      [-3, 0.0013498980316300933], // norm.cdf(-3)
      [-1.96, 0.024997895148220435], // norm.cdf(-1.96)
      [-1, 0.15865525393145707], // norm.cdf(-1)
      [-0.6, 0.2742531177500736], // norm.cdf(-0.6)
      [-1e-10, 0.49999999996010575], // norm.cdf(-1e-10)
      [0, 0.5], // norm.cdf(0)
      [0.3, 0.6179114221889526], // norm.cdf(0.3)
      [0.7, 0.758036347776927], // norm.cdf(0.7)
      [1, 0.8413447460685429], // norm.cdf(1)
      [2.5, 0.9937903346742238], // norm.cdf(2.5)
      [5.5, 0.9999999810104375], // norm.cdf(5.5)
      [6, 0.9999999990134123], // norm.cdf(6)
      [8, 0.9999999999999993], // norm.cdf(8)
    ];
    for (const [x, expected] of cases) expectClose(normalCdf(x), expected, 1e-14);
  });

  it('keeps full relative precision in the lower tail (mpmath; scipy is off by 2e-15 at −8, 3e-14 at −20)', () => {
    const cases: [number, number][] = [
      [-37.5, 4.605353009581955e-308], // float(mp.ncdf(-37.5))
      [-30, 4.906713927148187e-198], // float(mp.ncdf(-30))
      [-20, 2.7536241186062337e-89], // float(mp.ncdf(-20))   (scipy: norm.cdf(-20) = 2.7536241186061556e-89)
      [-10, 7.619853024160525e-24], // float(mp.ncdf(-10))
      [-8, 6.220960574271784e-16], // float(mp.ncdf(-8))     (scipy: norm.cdf(-8) = 6.22096057427174e-16)
      [-5, 2.866515718791939e-7], // float(mp.ncdf(-5))
    ];
    for (const [x, expected] of cases) expectClose(normalCdf(x), expected, 1e-15);
  });

  it('is 0 and 1 at the infinities and underflows to 0 only below −38.5', () => {
    expect(normalCdf(-Infinity)).toBe(0);
    expect(normalCdf(Infinity)).toBe(1);
    expect(normalCdf(-38)).toBeGreaterThan(0);
    expect(normalCdf(-39)).toBe(0);
  });
});

describe('normalSf', () => {
  it('computes the upper tail directly: normalSf(8) is not 1 − 0.9999999999999993', () => {
    const cases: [number, number][] = [
      [-2, 0.9772498680518208], // norm.sf(-2)
      [0.5, 0.3085375387259869], // norm.sf(0.5)
      [3, 0.0013498980316300933], // norm.sf(3)
    ];
    for (const [x, expected] of cases) expectClose(normalSf(x), expected, 1e-14);
    const tail: [number, number][] = [
      [8, 6.220960574271784e-16], // float(mp.ncdf(-8))     (scipy: norm.sf(8) = 6.22096057427174e-16)
      [10, 7.619853024160525e-24], // float(mp.ncdf(-10))
      [20, 2.7536241186062337e-89], // float(mp.ncdf(-20))
      [30, 4.906713927148187e-198], // float(mp.ncdf(-30))
    ];
    for (const [x, expected] of tail) expectClose(normalSf(x), expected, 1e-15);
  });

  it('is the mirror image of the distribution function, bit for bit', () => {
    for (let x = -12; x <= 12; x += 0.37) expect(normalSf(x)).toBe(normalCdf(-x));
  });
});

describe('normalQuantile', () => {
  it('matches scipy from p = 1e-300 to 1 − 1e-10', () => {
    const cases: [number, number][] = [
      [1e-300, -37.0470962993612], // norm.ppf(1e-300)
      [1e-100, -21.273453560965322], // norm.ppf(1e-100)
      [1e-20, -9.262340089798409], // norm.ppf(1e-20)
      [1e-10, -6.361340902404056], // norm.ppf(1e-10)
      [1e-5, -4.264890793922825], // norm.ppf(1e-05)
      [0.001, -3.090232306167813], // norm.ppf(0.001)
      [0.025, -1.9599639845400545], // norm.ppf(0.025)
      [0.075, -1.4395314709384563], // norm.ppf(0.075)
      [0.1, -1.2815515655446004], // norm.ppf(0.1)
      [0.3, -0.5244005127080409], // norm.ppf(0.3)
      [0.7, 0.5244005127080407], // norm.ppf(0.7)
      [0.925, 1.4395314709384563], // norm.ppf(0.925)
      [0.975, 1.959963984540054], // norm.ppf(0.975)
      [0.999, 3.090232306167813], // norm.ppf(0.999)
      [1 - 1e-10, 6.361340889697422], // norm.ppf(1-1e-10)
    ];
    for (const [p, expected] of cases) expectClose(normalQuantile(p), expected, 2e-15);
    expect(normalQuantile(0.5)).toBe(0);
  });

  it('inverts the tail probabilities to within a few ulps for |x| <= 37', () => {
    // Φ(x) itself rounds away the digits of x > 0, so the upper half goes through normalSf.
    for (let x = -37; x <= 0; x += 0.173) expectClose(normalQuantile(normalCdf(x)), x, 4e-15);
    for (let x = 0.1; x <= 37; x += 0.173) expectClose(-normalQuantile(normalSf(x)), x, 4e-15);
  });

  it('gives ∓Infinity at p = 0 and 1', () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
  });
});
