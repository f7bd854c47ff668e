/**
 * The statistics of `goldpit check` against independent values from scipy 1.17.1 / numpy 2.4.6,
 * printed by `python3 scripts/reference/check_stats.py` (which uses only scipy/numpy: ttest_1samp
 * with one-sided alternatives for TOST and the shift tests, t.ppf, norm.logpdf sums for the SPRT's
 * log-likelihood ratio, Wald's bounds and Holm's step-down written out) and frozen here.
 */
import { describe, expect, it } from 'vitest';
import { gamesToDecide, gaussianLlr, holm, pairedDifference, sprtBounds, sprtDecision, studentTQuantile, toleranceTest } from '../../src/stats/index.js';
import { expectClose } from './close.js';

const generated = (n: number, mult: number, mod: number, shift: number, scale: number) =>
  Array.from({ length: n }, (_, i) => (((i * mult) % mod) - shift) / scale);

const DATA: Record<string, [number[], number]> = {
  small: [[0.5, -0.25, 1, 0, 0.75, -0.5, 0.25, 1.25, 0, 0.5], 1.0],
  shares: [[0, 1, 0, -1, 0.5, 0, 0, 1, -0.5, 0, 1, 0, 0, -1, 1, 0.5], 0.1],
  generated: [generated(200, 37, 11, 5, 10), 0.05],
  shifted: [generated(500, 13, 7, 2, 4), 0.25],
};

const TOLERANCE: Record<string, Record<string, number>> = {
  small: {
    pAboveLower: 1.5183517714057983e-5,
    pBelowUpper: 0.00245375178843197,
    pEquivalent: 0.00245375178843197,
    pShiftUp: 0.997546248211568,
    pShiftDown: 0.999984816482286,
    pBeyond: 1.0,
  },
  shares: {
    pAboveLower: 0.06814561958233366,
    pBelowUpper: 0.6327633011880669,
    pEquivalent: 0.6327633011880669,
    pShiftUp: 0.3672366988119331,
    pShiftDown: 0.9318543804176663,
    pBeyond: 0.7344733976238662,
  },
  generated: {
    pAboveLower: 0.018781286593445565,
    pBelowUpper: 0.00959948929680139,
    pEquivalent: 0.018781286593445565,
    pShiftUp: 0.9904005107031986,
    pShiftDown: 0.9812187134065544,
    pBeyond: 1.0,
  },
  shifted: {
    pAboveLower: 2.2279628089056246e-77,
    pBelowUpper: 0.5177642370363826,
    pEquivalent: 0.5177642370363826,
    pShiftUp: 0.48223576296361736,
    pShiftDown: 1.0,
    pBeyond: 0.9644715259272347,
  },
};

const LLR: Record<string, [number, number]> = {
  small: [-46.846846846846844, -97.29729729729729],
  shares: [0.452874692874692, -2.0630958230958236],
  generated: [-10.569243501410892, -9.372725369175697],
  shifted: [0.9950288359356657, -498.5094468037684],
};

const sum = (d: number[]) => d.reduce((a, b) => a + b, 0);
const sumSq = (d: number[]) => d.reduce((a, b) => a + b * b, 0);

describe('toleranceTest (TOST and shift beyond ±δ)', () => {
  it("matches scipy's one-sided one-sample t-tests of the differences against ∓δ", () => {
    for (const [name, [d, delta]] of Object.entries(DATA)) {
      const r = toleranceTest(pairedDifference(d), delta);
      for (const [key, expected] of Object.entries(TOLERANCE[name])) {
        const got = r[key as keyof typeof r] as number;
        // 1e-10: scipy's own t distribution (Boost) agrees with mpmath to about that in the far tail.
        if (expected === 1) expect(got, `${name} ${key}`).toBe(1);
        else expectClose(got, expected, 1e-10);
      }
    }
  });

  it('decides outright when every difference is equal (identical code: all differences 0)', () => {
    const r = toleranceTest(pairedDifference([0, 0, 0, 0]), 0.01);
    expect(r.pEquivalent).toBe(0);
    expect(r.pBeyond).toBe(1);
    const moved = toleranceTest(pairedDifference([0.5, 0.5, 0.5]), 0.01);
    expect(moved.pEquivalent).toBe(1);
    expect(moved.pShiftUp).toBe(0);
    expect(moved.pBeyond).toBe(0);
  });

  it('refuses a tolerance that is not positive', () => {
    expect(() => toleranceTest(pairedDifference([1, 2]), 0)).toThrow(/delta must be a finite number > 0, got 0/);
  });
});

describe('the t quantiles the intervals use', () => {
  it('match scipy.stats.t.ppf', () => {
    const ref: Record<string, number> = {
      '0.95 9': 1.833112932656237,
      '0.95 199': 1.6525467461665633,
      '0.95 19999': 1.64492982276945,
      '0.975 9': 2.262157162798205,
      '0.975 199': 1.9719565442517533,
      '0.975 19999': 1.960082611089815,
      '0.99643 9': 3.461844737051426,
      '0.99643 199': 2.7183544187120505,
      '0.99643 19999': 2.690520080372833,
    };
    for (const [key, expected] of Object.entries(ref)) {
      const [p, df] = key.split(' ').map(Number);
      expectClose(studentTQuantile(p, df), expected, 1e-13);
    }
  });
});

describe("Holm's correction over a metric family", () => {
  it('matches the step-down definition computed independently', () => {
    const got = holm([0.001, 0.2, 0.012, 0.04, 0.0049, 0.5, 0.03]);
    const expected = [0.007, 0.4, 0.06, 0.12, 0.0294, 0.5, 0.12];
    got.forEach((g, i) => expectClose(g, expected[i], 1e-15));
  });
});

describe('the Gaussian SPRT', () => {
  it("gives the log-likelihood ratio of scipy's normal log-densities with the ML sd", () => {
    for (const [name, [d, delta]] of Object.entries(DATA)) {
      expectClose(gaussianLlr(d.length, sum(d), sumSq(d), 0, 2 * delta), LLR[name][0], 1e-11);
      expectClose(gaussianLlr(d.length, sum(d), sumSq(d), 0, -2 * delta), LLR[name][1], 1e-11);
    }
  });

  it("has Wald's bounds", () => {
    const ref: [number, number, number, number][] = [
      [0.05, 0.05, -2.9444389791664403, 2.9444389791664403],
      [0.05 / 14, 0.05, -2.992154452206107, 5.583496308781699],
      [0.05 / 20, 0.1, -2.300081962775927, 5.886104031450156],
    ];
    for (const [alpha, beta, lower, upper] of ref) {
      const b = sprtBounds(alpha, beta);
      expectClose(b.lower, lower, 1e-15);
      expectClose(b.upper, upper, 1e-15);
    }
  });

  it('is decisive when the differences have no spread', () => {
    expect(gaussianLlr(1000, 0, 0, 0, 0.02)).toBe(-Infinity);
    expect(gaussianLlr(1000, 0, 0, 0, -0.02)).toBe(-Infinity);
    expect(gaussianLlr(10, 1.5, 0.225, 0, 0.2)).toBe(Infinity); // every difference 0.15: nearer 0.2 than 0
    expect(gaussianLlr(10, 1, 0.1, 0, 0.2)).toBe(0); // every difference 0.1: halfway
    expect(sprtDecision(-Infinity, sprtBounds(0.05, 0.05))).toBe('H0');
    expect(sprtDecision(3, sprtBounds(0.05, 0.05))).toBe('H1');
    expect(sprtDecision(0, sprtBounds(0.05, 0.05))).toBe('continue');
  });
});

describe('gamesToDecide', () => {
  it('is the normal-approximation sample size for power 1 − β (default 0.9) with the observed shift plugged in', () => {
    // scripts/reference/check_stats.py: ceil(((norm.ppf(1 − a) + norm.ppf(1 − β))·sd/gap)²).
    expect(gamesToDecide(0.002, 0.6, 0.01, 0.05, 7)).toBe(48172);
    expect(gamesToDecide(0.02, 0.6, 0.01, 0.05, 7)).toBe(56787);
    expect(gamesToDecide(0.002, 0.6, 0.01, 0.05, 7, 0.1)).toBe(48172);
    expect(gamesToDecide(-0.013, 0.45, 0.01, 0.05, 3, 0.2)).toBe(235556);
    expect(gamesToDecide(-0.1, 1.3, 0.25, 0.05, 1, 0.2)).toBe(465);
    // No spread: any sample decides.
    expect(gamesToDecide(0.004, 0, 0.01, 0.05, 7)).toBe(0);
  });

  it('is Infinity when the shift sits exactly on δ (no sample decides), and checks β', () => {
    expect(gamesToDecide(0.01, 0.6, 0.01, 0.05, 7)).toBe(Infinity);
    expect(gamesToDecide(-0.25, 1.1, 0.25, 0.05, 7)).toBe(Infinity);
    expect(() => gamesToDecide(0, 0.6, 0.01, 0.05, 7, 1)).toThrow('gamesToDecide: beta must be a number strictly between 0 and 1, got 1');
  });
});
