/**
 * Reference values: scipy 1.17.1 after `from scipy.stats import t, norm`; the Python expression
 * that produced each value is on its line.
 */
import { describe, expect, it } from 'vitest';
import { normalCdf, normalQuantile, studentTCdf, studentTQuantile, studentTSf } from '../../src/stats/index.js';
import { expectClose } from './close.js';

describe('studentTCdf and studentTSf', () => {
  it('match scipy for df from 1 to 1000, far tails included', () => {
    const cases: [number, number, number][] = [
      // t, df, P(T <= t)
      [-2, 5, 0.050969739414929174], // t.cdf(-2, 5)
      [10, 3, 0.9989358004707929], // t.cdf(10, 3)
      [-50, 1000, 1.379336206162586e-274], // t.cdf(-50, 1000)
      [-1e5, 1, 3.183098861731804e-6], // t.cdf(-100000.0, 1)
      [-6, 2, 0.013335736607712385], // t.cdf(-6, 2)
      [-3, 30, 0.0026949820328259727], // t.cdf(-3, 30)
      [0.1, 1000, 0.539817815488198], // t.cdf(0.1, 1000)
      [-1e-6, 5, 0.4999996203933102], // t.cdf(-1e-06, 5)
      [2.5, 1, 0.8788810584091566], // t.cdf(2.5, 1)
      [-40, 30, 6.863022597203209e-28], // t.cdf(-40, 30)
      [-7, 1000, 2.3437512833857203e-12], // t.cdf(-7, 1000)
    ];
    for (const [t, df, expected] of cases) expectClose(studentTCdf(t, df), expected, t === -50 ? 2e-13 : 1e-14);
    const upper: [number, number, number][] = [
      [10, 3, 0.0010641995292070751], // t.sf(10, 3)
      [40, 30, 6.863022597203209e-28], // t.sf(40, 30)
      [3, 2, 0.04773298313335456], // t.sf(3, 2)
    ];
    for (const [t, df, expected] of upper) expectClose(studentTSf(t, df), expected, 1e-14);
  });

  it('is ½ at 0 and tends to Φ as df grows (df = Infinity is the normal)', () => {
    expect(studentTCdf(0, 7)).toBe(0.5);
    expect(studentTCdf(-1.5, Infinity)).toBe(normalCdf(-1.5));
    expectClose(studentTCdf(-2, 1e9), normalCdf(-2), 1e-8);
  });

  it('keeps heavy far tails where df/(df + t²) would be subnormal (scipy returns 0 there)', () => {
    // x = df/(df + t*t); float(mp.betainc(df/2, mp.mpf(1)/2, 0, x, regularized=True)/2) at 60 digits with
    // df = mp.mpf(0.4111660436015627), t = mp.mpf(-3.97120900822429e+159)   (scipy: t.cdf(...) = 0.0)
    expectClose(studentTCdf(-3.97120900822429e159, 0.4111660436015627), 7.897867590929318e-67, 1e-13);
    expectClose(studentTQuantile(7.897867590929318e-67, 0.4111660436015627), -3.97120900822429e159, 1e-13);
    // Cauchy: ½ + atan(t)/π = 1/(π|t|)·(1 + O(t⁻²)); B(½, ½) = π through ln Γ costs 5e-15
    expectClose(studentTCdf(-1e300, 1), 1 / (Math.PI * 1e300), 1e-14);
    expect(studentTQuantile(1e-300, 0.5)).toBe(-Infinity); // beyond the largest double
  });

  it('is the exact Cauchy distribution at df = 1: ½ + atan(t)/π', () => {
    for (const t of [-30, -2, -0.5, 0.25, 1, 4]) expectClose(studentTCdf(t, 1), 0.5 + Math.atan(t) / Math.PI, 1e-14);
  });
});

describe('studentTQuantile', () => {
  it('matches scipy for df 1, 2, 5, 30 and 1000 from p = 1e-10 to 0.999', () => {
    const cases: [number, number, number][] = [
      // p, df, t
      [1e-10, 1, -3183098861.8379064], // t.ppf(1e-10, 1)
      [0.001, 1, -318.30883898555044], // t.ppf(0.001, 1)
      [0.025, 1, -12.706204736174705], // t.ppf(0.025, 1)
      [0.3, 1, -0.7265425280053609], // t.ppf(0.3, 1)
      [0.975, 1, 12.706204736174694], // t.ppf(0.975, 1)
      [0.999, 1, 318.30883898555015], // t.ppf(0.999, 1)
      [1e-10, 2, -70710.67810804816], // t.ppf(1e-10, 2)
      [0.001, 2, -22.327124770119873], // t.ppf(0.001, 2)
      [0.025, 2, -4.302652729749464], // t.ppf(0.025, 2)
      [0.3, 2, -0.6172133998483678], // t.ppf(0.3, 2)
      [0.975, 2, 4.302652729749462], // t.ppf(0.975, 2)
      [0.999, 2, 22.327124770119866], // t.ppf(0.999, 2)
      [1e-10, 5, -156.82559270889433], // t.ppf(1e-10, 5)
      [0.001, 5, -5.893429531356009], // t.ppf(0.001, 5)
      [0.025, 5, -2.5705818356363155], // t.ppf(0.025, 5)
      [0.3, 5, -0.5594296444693604], // t.ppf(0.3, 5)
      [0.975, 5, 2.5705818356363146], // t.ppf(0.975, 5)
      [0.999, 5, 5.893429531356009], // t.ppf(0.999, 5)
      [1e-10, 30, -9.377489780407144], // t.ppf(1e-10, 30)
      [0.001, 30, -3.385184866829305], // t.ppf(0.001, 30)
      [0.025, 30, -2.042272456301238], // t.ppf(0.025, 30)
      [0.3, 30, -0.5300190039065046], // t.ppf(0.3, 30)
      [0.975, 30, 2.0422724563012378], // t.ppf(0.975, 30)
      [0.999, 30, 3.3851848668293045], // t.ppf(0.999, 30)
      [1e-10, 1000, -6.427876283134213], // t.ppf(1e-10, 1000)
      [0.001, 1000, -3.0984021639129233], // t.ppf(0.001, 1000)
      [0.025, 1000, -1.9623390808264085], // t.ppf(0.025, 1000)
      [0.3, 1000, -0.524567707309227], // t.ppf(0.3, 1000)
      [0.975, 1000, 1.9623390808264083], // t.ppf(0.975, 1000)
      [0.999, 1000, 3.0984021639129233], // t.ppf(0.999, 1000)
      [0.025, 2.5, -3.5746548420036834], // t.ppf(0.025, 2.5)
    ];
    for (const [p, df, expected] of cases) expectClose(studentTQuantile(p, df), expected, 1e-14);
  });

  it('inverts studentTCdf and is antisymmetric', () => {
    // Dyadic p, so that 1 − p is exact and the antisymmetry can be exact too.
    for (const df of [1, 2, 3.5, 9, 60, 5000]) {
      for (const p of [2 ** -27, 2 ** -8, 0.125, 0.375]) {
        const t = studentTQuantile(p, df);
        expectClose(studentTCdf(t, df), p, 1e-13);
        expect(studentTQuantile(1 - p, df)).toBe(-t);
      }
    }
  });

  it('is 0 at p = ½, ∓Infinity at 0 and 1, and the normal quantile at df = Infinity', () => {
    expect(studentTQuantile(0.5, 4)).toBe(0);
    expect(studentTQuantile(0, 4)).toBe(-Infinity);
    expect(studentTQuantile(1, 4)).toBe(Infinity);
    expect(studentTQuantile(0.975, Infinity)).toBe(normalQuantile(0.975));
  });
});
