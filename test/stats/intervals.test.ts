/**
 * Reference values: scipy 1.17.1 and numpy 2.4.6 after
 * `import numpy as np; from scipy.stats import binomtest, beta, norm`; the Python expression that
 * produced each value is on its line. binomtest's exact interval comes from a root finder with an
 * absolute tolerance of about 2e-12, so it is compared at that tolerance and the same interval is
 * pinned tightly through beta quantiles.
 */
import { describe, expect, it } from 'vitest';
import { binomialInterval, clopperPearsonInterval, EXACT_BELOW, wilsonInterval } from '../../src/stats/index.js';
import { expectClose } from './close.js';

type Case = [successes: number, n: number, confidence: number, lower: number, upper: number];

describe('wilsonInterval', () => {
  it('matches scipy for integer counts, 0 and n successes and n = 1 included', () => {
    const cases: Case[] = [
      [0, 1, 0.95, 0, 0.7934506856227626], // binomtest(0, 1).proportion_ci(confidence_level=0.95, method='wilson')
      [1, 1, 0.95, 0.20654931437723745, 1], // binomtest(1, 1).proportion_ci(confidence_level=0.95, method='wilson')
      [0, 10, 0.95, 0, 0.27753279986288926], // binomtest(0, 10).proportion_ci(confidence_level=0.95, method='wilson')
      [10, 10, 0.95, 0.7224672001371109, 1], // binomtest(10, 10).proportion_ci(confidence_level=0.95, method='wilson')
      [3, 20, 0.95, 0.05236874589621662, 0.3604188647407569], // binomtest(3, 20).proportion_ci(confidence_level=0.95, method='wilson')
      [30, 100, 0.95, 0.21894885294932764, 0.39584854633346667], // binomtest(30, 100).proportion_ci(confidence_level=0.95, method='wilson')
      [500, 1000, 0.95, 0.4690696003681042, 0.5309303996318958], // binomtest(500, 1000).proportion_ci(confidence_level=0.95, method='wilson')
      [7, 50, 0.99, 0.05614371860633749, 0.3082057874303547], // binomtest(7, 50).proportion_ci(confidence_level=0.99, method='wilson')
      [1, 100000, 0.95, 1.765247730378316e-6, 5.664709659040965e-5], // binomtest(1, 100000).proportion_ci(confidence_level=0.95, method='wilson')
      [45, 50, 0.8, 0.8322871956907352, 0.9422705285231536], // binomtest(45, 50).proportion_ci(confidence_level=0.8, method='wilson')
    ];
    for (const [s, n, confidence, lower, upper] of cases) {
      const ci = wilsonInterval(s, n, confidence);
      expectClose(ci.lower, lower, 1e-14);
      expectClose(ci.upper, upper, 1e-14);
      expect(ci).toMatchObject({ estimate: s / n, n, successes: s, confidence, method: 'wilson' });
    }
  });

  it('accepts fractional successes (a win shared by k counts 1/k), matching the closed form', () => {
    // s, n = 12.5, 40; z = norm.ppf(0.975); [(2*s + z*z + sgn*z*np.sqrt(z*z + 4*s*(n-s)/n)) / (2*(n + z*z)) for sgn in (-1, 1)]
    const cases: [number, number, number, number][] = [
      [12.5, 40, 0.19074487213774932, 0.46711322831123314], // the line above with s, n = 12.5, 40
      [100 / 3, 100, 0.24862102140164333, 0.4303768113340186], // … with s, n = 33.333333333333336, 100
      [0.5, 3, 0.017652794278653457, 0.6900118935580435], // … with s, n = 0.5, 3
    ];
    for (const [s, n, lower, upper] of cases) {
      const ci = wilsonInterval(s, n);
      expectClose(ci.lower, lower, 1e-14);
      expectClose(ci.upper, upper, 1e-14);
    }
  });

  it('is exactly 0 below no successes and exactly 1 above all successes', () => {
    expect(wilsonInterval(0, 7).lower).toBe(0);
    expect(wilsonInterval(7, 7).upper).toBe(1);
  });
});

describe('clopperPearsonInterval', () => {
  const cases: Case[] = [
    // binomtest(k, n).proportion_ci(confidence_level=cl, method='exact') for each row (k, n, cl)
    [0, 1, 0.95, 0, 0.975],
    [1, 1, 0.95, 0.025000000000000022, 1],
    [0, 10, 0.95, 0, 0.30849710781876294],
    [10, 10, 0.95, 0.6915028921812371, 1],
    [3, 20, 0.95, 0.03207093718554477, 0.37892682654529564],
    [30, 100, 0.95, 0.2124064204896535, 0.3998146761797862],
    [500, 1000, 0.95, 0.46854917297179194, 0.531450827028208],
    [7, 50, 0.99, 0.042468787378833785, 0.3091069659648189],
    [1, 100000, 0.95, 2.5317842743932826e-7, 5.571516034432556e-5],
    [45, 50, 0.8, 0.8223818723826155, 0.9505543583578655],
  ];

  it("matches scipy's binomtest exact interval to its root finder's tolerance", () => {
    for (const [s, n, confidence, lower, upper] of cases) {
      const ci = clopperPearsonInterval(s, n, confidence);
      expect(Math.abs(ci.lower - lower)).toBeLessThanOrEqual(4e-12);
      expect(Math.abs(ci.upper - upper)).toBeLessThanOrEqual(4e-12);
      expect(ci).toMatchObject({ estimate: s / n, n, successes: s, confidence, method: 'clopper-pearson' });
    }
  });

  it('is the pair of beta quantiles B⁻¹(α/2; k, n − k + 1) and B⁻¹(1 − α/2; k + 1, n − k), to 1e-14', () => {
    const tight: Case[] = [
      [0, 1, 0.95, 0, 0.975], // beta.isf((1 - 0.95)/2, 1, 1)
      [1, 1, 0.95, 0.025000000000000022, 1], // beta.ppf((1 - 0.95)/2, 1, 1)
      [0, 10, 0.95, 0, 0.3084971078187607], // beta.isf((1 - 0.95)/2, 1, 10)
      [10, 10, 0.95, 0.6915028921812392, 1], // beta.ppf((1 - 0.95)/2, 10, 1)
      [3, 20, 0.95, 0.032070937185463715, 0.37892682654531396], // beta.ppf((1 - 0.95)/2, 3, 18), beta.isf((1 - 0.95)/2, 4, 17)
      [30, 100, 0.95, 0.2124064204895366, 0.3998146761798041], // beta.ppf((1 - 0.95)/2, 30, 71), beta.isf((1 - 0.95)/2, 31, 70)
      [500, 1000, 0.95, 0.468549172971792, 0.531450827028208], // beta.ppf((1 - 0.95)/2, 500, 501), beta.isf((1 - 0.95)/2, 501, 500)
      [7, 50, 0.99, 0.04246878737883438, 0.30910696596481874], // beta.ppf((1 - 0.99)/2, 7, 44), beta.isf((1 - 0.99)/2, 8, 43)
      [1, 100000, 0.95, 2.531780477933316e-7, 5.571516034774275e-5], // beta.ppf((1 - 0.95)/2, 1, 100000), beta.isf((1 - 0.95)/2, 2, 99999)
      [45, 50, 0.8, 0.8223818723826234, 0.9505543583578656], // beta.ppf((1 - 0.8)/2, 45, 6), beta.isf((1 - 0.8)/2, 46, 5)
    ];
    for (const [s, n, confidence, lower, upper] of tight) {
      const ci = clopperPearsonInterval(s, n, confidence);
      expectClose(ci.lower, lower, 1e-14);
      expectClose(ci.upper, upper, 1e-14);
    }
  });

  it('contains the Wilson interval at the boundary (it is the conservative one)', () => {
    for (const [s, n] of [
      [0, 30],
      [2, 30],
      [30, 30],
    ]) {
      const exact = clopperPearsonInterval(s, n);
      const wilson = wilsonInterval(s, n);
      expect(exact.lower).toBeLessThanOrEqual(wilson.lower);
      expect(exact.upper).toBeGreaterThanOrEqual(wilson.upper);
    }
  });
});

describe('binomialInterval', () => {
  it(`uses Wilson when both successes and failures number at least ${EXACT_BELOW}`, () => {
    expect(binomialInterval(10, 20)).toEqual(wilsonInterval(10, 20));
    expect(binomialInterval(33.5, 80)).toEqual(wilsonInterval(33.5, 80));
  });

  it('uses Clopper–Pearson below 10 successes or failures, on the rounded count, keeping the given estimate', () => {
    const few = binomialInterval(2.5, 40); // rounds to 3
    const exact = clopperPearsonInterval(3, 40);
    expect(few).toEqual({ ...exact, estimate: 2.5 / 40, successes: 2.5 });
    expect(few.method).toBe('clopper-pearson');
    expect(binomialInterval(9.4, 40).lower).toBe(clopperPearsonInterval(9, 40).lower);
    expect(binomialInterval(31, 40).method).toBe('clopper-pearson'); // 9 failures
    expect(binomialInterval(30, 40).method).toBe('wilson'); // 10 failures
  });

  it('handles n = 1 and the extremes', () => {
    expect(binomialInterval(0, 1)).toMatchObject({ lower: 0, upper: 0.975, method: 'clopper-pearson' });
    expect(binomialInterval(1, 1)).toMatchObject({ upper: 1, method: 'clopper-pearson' });
  });
});
