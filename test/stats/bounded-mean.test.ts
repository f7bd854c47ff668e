/**
 * Reference values: scipy 1.17.1 and numpy 2.4.6, from `python3 scripts/reference/bounded_mean.py`
 * (which maximises the multinomial likelihood with SLSQP, not by the TypeScript code's Lagrange
 * shortcut), from the closed forms of Wilson's interval
 * (`stats.binomtest(s, n).proportion_ci(method='wilson')`) and of Tango's interval for paired
 * proportions (Tango 1998, eq. 6; the script's `tango(b, c, n)`), and from
 * `stats.ttest_1samp(d, 0).confidence_interval(0.95)` for Student's t.
 */
import { describe, expect, it } from 'vitest';
import { hashSeed, purposeKey, unitFloat } from '../../src/core/random.js';
import { boundedMeanInterval, boundedMeanIntervalOfCounts, boundedScoreInterval, FEW_DIFFERING } from '../../src/stats/index.js';
import { expectClose } from './close.js';

/** b deals of +1, c of −1, the rest 0: paired differences of a win share. */
function pairedWins(b: number, c: number, n: number): Float64Array {
  const d = new Float64Array(n);
  d.fill(1, 0, b);
  d.fill(-1, b, b + c);
  return d;
}

describe('boundedScoreInterval', () => {
  it("is Wilson's interval for values in {0, 1}", () => {
    // stats.binomtest(7, 10).proportion_ci(method='wilson') → (0.39677814746114526, 0.892208732593699)
    const r = boundedScoreInterval([1, 1, 1, 1, 1, 1, 1, 0, 0, 0], 0, 1);
    expectClose(r.lower, 0.39677814746114526, 1e-14);
    expectClose(r.upper, 0.892208732593699, 1e-14);
  });

  it("is Tango's interval for paired differences in {−1, 0, 1}", () => {
    // tango(b, c, n): PropCIs' example scoreci.mp(40, 20, 160); Bentur et al. (2009) as in
    // Fagerland, Lydersen & Laake (2014), −0.517 to −0.026; and no, one or seven changed deals in 500.
    const cases: [b: number, c: number, n: number, lower: number, upper: number][] = [
      [40, 20, 160, 0.030864533133086725, 0.2180642441668248],
      [1, 7, 21, -0.5172322764213774, -0.026003032480868608],
      [0, 0, 500, -0.007624340461552241, 0.007624340461552241],
      [1, 0, 500, -0.005639589142475345, 0.011240706705146755],
      [0, 7, 500, -0.028613069137785288, -0.006268918771986025],
    ];
    for (const [b, c, n, lower, upper] of cases) {
      const r = boundedScoreInterval(pairedWins(b, c, n), -1, 1);
      // Ends near 0 are compared relative to the width.
      expect(Math.abs(r.lower - lower), `b=${b} c=${c} n=${n}`).toBeLessThanOrEqual(1e-13 * (upper - lower));
      expect(Math.abs(r.upper - upper), `b=${b} c=${c} n=${n}`).toBeLessThanOrEqual(1e-13 * (upper - lower));
    }
  });

  it('matches the likelihood maximised directly, for values anywhere in the range', () => {
    // scripts/reference/bounded_mean.py (SLSQP, ftol 1e-16: about 1e-10 relative).
    const rounds = [10, 10, 10, 10, 10, 10, 10, 8, 9, 6];
    const a = boundedScoreInterval(rounds, 0, 10);
    expectClose(a.lower, 6.7189449612816725, 1e-9);
    expectClose(a.upper, 9.76099230861406, 1e-9);
    const changed = [...new Array<number>(495).fill(0), -2, -2, 1.5, -0.5, 3];
    const b = boundedScoreInterval(changed, -24, 23);
    expectClose(b.lower, -0.18298417112108584, 1e-9);
    expectClose(b.upper, 0.1753598304792771, 1e-9);
    const none = boundedScoreInterval(new Float64Array(500), -9, 9, 0.99);
    expectClose(none.lower, -0.11786410649919331, 1e-12);
    expectClose(none.upper, 0.11786410649919374, 1e-12);
  });

  it('never has zero width when the range does, and never leaves the range', () => {
    for (const v of [0, 3, 10]) {
      const r = boundedScoreInterval(new Array<number>(40).fill(v), 0, 10);
      expect(r.upper - r.lower).toBeGreaterThan(0.1);
      expect(r.lower).toBeGreaterThanOrEqual(0);
      expect(r.upper).toBeLessThanOrEqual(10);
    }
    // A known mean: the range is one value.
    expect(boundedScoreInterval([4, 4], 4, 4)).toEqual({ estimate: 4, lower: 4, upper: 4 });
  });
});

describe('boundedMeanInterval', () => {
  it("is Student's t, clipped to the range, once 30 values differ from the most common one", () => {
    // Values (5i mod 7) − 3 for i = 0..39: the most common value 6 times, 34 others.
    // stats.ttest_1samp(d, 0).confidence_interval(0.95) → (−0.6598136103495248, 0.6598136103495248)
    const d = Array.from({ length: 40 }, (_, i) => ((5 * i) % 7) - 3);
    const r = boundedMeanInterval(d, -3, 3);
    expect(r).toMatchObject({ method: 'student-t', differing: 34, n: 40 });
    expectClose(r.upper, 0.6598136103495248, 1e-14);
    expectClose(r.lower, -0.6598136103495248, 1e-14);
    // Clipped: the t interval of 35 ones and 5 zeros reaches above 1.
    const high = boundedMeanInterval([...new Array<number>(35).fill(1), 0, 0, 0, 0, 0], 0, 1);
    expect(high.differing).toBe(5);
    expect(high.upper).toBeLessThanOrEqual(1);
  });

  it('with fewer differing values, widens the score interval to the t interval where that reaches further', () => {
    // a − b of the sweep test's win shares: score (−0.33235291835674413, 0.3660429402341943),
    // t (−0.35624414448531405, 0.4062441444853141): here t reaches further on both sides.
    const d = [0.25, 0, 0, -0.5, 0.5, 0, -1, 0, 1, 0];
    const r = boundedMeanInterval(d, -1, 1);
    expect(r).toMatchObject({ method: 'score', mode: 0, differing: 5 });
    expectClose(r.lower, -0.35624414448531405, 1e-14);
    expectClose(r.upper, 0.4062441444853141, 1e-14);
    // Three of 100 deals changed by +1 in a range of ±10: t (−0.0040, 0.0640) is far too sure; the
    // score interval (−0.34104478712693825, 0.3988251771230738; SLSQP, so to 1e-9) allows for unseen
    // changes of up to 10.
    const few = pairedWins(3, 0, 100);
    const s = boundedMeanInterval(few, -10, 10);
    expectClose(s.lower, -0.34104478712693825, 1e-9);
    expectClose(s.upper, 0.3988251771230738, 1e-9);
  });

  it('gives exactly 0 with a bound, never a zero-width interval, when nothing changed', () => {
    // Tango's interval for no discordant pair in 500: ±0.007624340461552241; in 5000 (the majority vote path).
    const r = boundedMeanInterval(new Float64Array(500), -1, 1);
    expect(r).toMatchObject({ estimate: 0, differing: 0, mode: 0, method: 'score' });
    expectClose(r.upper, 0.007624340461552241, 1e-13);
    expect(r.lower).toBe(-r.upper);
    const many = boundedMeanInterval(pairedWins(2, 1, 5000), -1, 1);
    expect(many).toMatchObject({ differing: 3, mode: 0, method: 'score' });
    expect(many.lower).toBeLessThan(0);
  });

  it("of n unchanged values is Wilson's end for 0 of n scaled to each end of the range, from the tally alone", () => {
    // scipy stats.binomtest(0, 60).proportion_ci(method='wilson').high = 0.06017185214208986
    const r = boundedMeanIntervalOfCounts([0], [60], -3, 7);
    expectClose(r.upper, 7 * 0.06017185214208986, 1e-12);
    expectClose(r.lower, -3 * 0.06017185214208986, 1e-12);
    const s = boundedScoreInterval(new Float64Array(60), -3, 7);
    expectClose(s.upper, r.upper, 1e-12);
    expectClose(s.lower, r.lower, 1e-12);
    expect(boundedMeanIntervalOfCounts([0], [10], 0, 1).lower).toBe(0);
  });

  it('finds the most common value with or without a table of every value', () => {
    const shifted = new Float64Array(100).fill(1);
    shifted[7] = 2;
    expect(boundedMeanInterval(shifted, -5, 5)).toMatchObject({ mode: 1, differing: 1 });
    expect(boundedMeanInterval(shifted.subarray(0, 20), -5, 5)).toMatchObject({ mode: 1, differing: 1 });
    expect(FEW_DIFFERING).toBe(30);
  });

  it('refuses values outside the range, a bad range and too few values, saying what is required', () => {
    expect(() => boundedMeanInterval([0, 2], 0, 1)).toThrow('boundedMeanInterval: values[1] must be a number in the range [0, 1], got 2');
    expect(() => boundedMeanInterval([0, 1], 1, 0)).toThrow('boundedMeanInterval: hi must be a finite number >= lo (= 1; the largest value possible), got 0');
    expect(() => boundedMeanInterval([0], 0, 1)).toThrow('at least 2 values');
    expect(() => boundedScoreInterval([0.5], 0, 1, 1)).toThrow('confidence must be a number strictly between 0 and 1');
  });
});

describe('boundedMeanIntervalOfCounts', () => {
  /** n values as a tally: distinct values and their counts. */
  const expand = (values: readonly number[], counts: readonly number[]) => values.flatMap((v, i) => new Array<number>(counts[i]).fill(v));
  it('is boundedMeanInterval of the values the tally stands for, on both sides of 30 differing values', () => {
    const cases: [number[], number[], number, number][] = [
      [[0], [500], -1, 1],
      [[-1, 0, 1], [2, 495, 3], -1, 1],
      [[0, 1 / 3, 1], [480, 5, 15], -1, 1],
      [[-1, 0, 1], [20, 400, 40], -1, 1],
      [[-2, -1, 0, 3], [1, 6, 300, 2], -10, 10],
      [[1], [40], -10, 10],
      [[2, 5], [3, 4], 0, 10],
    ];
    for (const [values, counts, lo, hi] of cases) {
      const direct = boundedMeanInterval(Float64Array.from(expand(values, counts)), lo, hi);
      const tallied = boundedMeanIntervalOfCounts(values, counts, lo, hi);
      expect(tallied.method).toBe(direct.method);
      expect(tallied.differing).toBe(direct.differing);
      expect(tallied.n).toBe(direct.n);
      expectClose(tallied.estimate, direct.estimate, 1e-12);
      expectClose(tallied.lower, direct.lower, 1e-9);
      expectClose(tallied.upper, direct.upper, 1e-9);
    }
  });
  it('never has zero width when every value is the same, zero or not', () => {
    for (const v of [0, 1, -3]) {
      const r = boundedMeanIntervalOfCounts([v], [25], -10, 10);
      expect(r.upper).toBeGreaterThan(r.lower);
      expect(r.lower).toBeLessThanOrEqual(v);
      expect(r.upper).toBeGreaterThanOrEqual(v);
    }
  });
  it('refuses mismatched counts, repeated values and too few values, saying what is required', () => {
    expect(() => boundedMeanIntervalOfCounts([0, 1], [3], -1, 1)).toThrow(/counts.*an array of 2 counts/);
    expect(() => boundedMeanIntervalOfCounts([0, 0], [3, 4], -1, 1)).toThrow(/each value once/);
    expect(() => boundedMeanIntervalOfCounts([0], [1], -1, 1)).toThrow(/at least 2 values/);
    expect(() => boundedMeanIntervalOfCounts([2], [5], -1, 1)).toThrow(/in the range \[-1, 1\]/);
    expect(() => boundedMeanIntervalOfCounts([0], [2.5], -1, 1)).toThrow(/an integer >= 0/);
  });
});

describe('coverage of sparse paired differences by simulation', () => {
  // Deals change a win share by +1 with probability p⁺ and by −1 with p⁻ (else not at all), 500
  // deals, 2,000 repetitions: the expected number of changed deals λ = 500(p⁺ + p⁻) from 0.25 (the
  // issue's knob) to 60. The paired t interval covers 9–87% here for λ ≤ 4 (zero width when no deal
  // changes); the rule must cover at least 93% (docs/statistics.md has the figures).
  const n = 500;
  const reps = 2000;
  it.each([
    [0.25, 0.5],
    [1, 0],
    [1, 0.5],
    [4, 0],
    [7.5, 0],
    [15, 0.2],
    [60, 0],
  ])('λ = %s changed deals, a share %s of them upwards', (lambda, up) => {
    const key = purposeKey(hashSeed('sparse-coverage'), Math.round(lambda * 100 + up * 10));
    const p = lambda / n;
    const truth = p * up - p * (1 - up);
    // The interval depends on the counts only: computed once per (b, c) by the real code.
    const seen = new Map<string, boolean>();
    let covered = 0;
    let c = 0;
    for (let rep = 0; rep < reps; rep++) {
      let plus = 0;
      let minus = 0;
      for (let i = 0; i < n; i++) {
        const u = unitFloat(key, c++);
        if (u < p * up) plus++;
        else if (u < p) minus++;
      }
      const at = `${plus},${minus}`;
      if (!seen.has(at)) {
        const r = boundedMeanInterval(pairedWins(plus, minus, n), -1, 1);
        expect(r.upper - r.lower).toBeGreaterThan(0);
        seen.set(at, r.lower <= truth && truth <= r.upper);
      }
      if (seen.get(at)) covered++;
    }
    expect(covered / reps).toBeGreaterThanOrEqual(0.935);
  });
});
