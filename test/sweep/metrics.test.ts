import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashSeed, purposeKey, unitFloat } from '../../src/core/random.js';
import type { FlatRecord, GameRecord } from '../../src/core/definition.js';
import type { Outcome } from '../../src/core/game.js';
import { emptyDeals, putDeal, putFlatDeal } from '../../src/sim/deals.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { DealPool } from '../../src/sweep/pool.js';
import { pairedDifference } from '../../src/stats/paired.js';
import {
  estimate,
  halfWidth,
  metricRange,
  paired,
  perDeal,
  seatSpreadEstimate,
  spreadInterval,
  sweepMetrics,
  type SweepMetric,
} from '../../src/sweep/metrics.js';

const TENSION_IDS = ['leadChanges', 'decisiveShare', 'winnerDeficit', 'finalMargin'];
const metric = (scenario: Parameters<typeof sweepMetrics>[0], id: string): SweepMetric => sweepMetrics(scenario).find((m) => m.id === id)!;

describe('sweepMetrics', () => {
  it("names check's metrics plus every seat and the seat spread, in the game's words", () => {
    const baseline = loadScenario('scenarios/baseline.json');
    expect(sweepMetrics(baseline).map((m) => m.id)).toEqual([
      'win:greedy',
      'win:cooperative',
      'win:betrayer',
      'win:reciprocal',
      'seat:0',
      'seat:1',
      'seat:2',
      'seat:3',
      'seatSpread',
      'rounds',
      'gold',
      'scoreSpread',
      'race',
      'leadChanges',
      'decisiveShare',
      'winnerDeficit',
      'finalMargin',
    ]);
    expect(metric(baseline, 'race')).toMatchObject({ family: 'ending-share', unit: 'share', label: expect.stringMatching(/share$/) });
    expect(metric(baseline, 'rounds')).toMatchObject({ family: 'rounds', unit: 'steps' });
    const mirror = loadScenario('scenarios/mirror-cooperative.json');
    expect(sweepMetrics(mirror).map((m) => m.id)).toEqual([
      'seat:0',
      'seat:1',
      'seat:2',
      'seat:3',
      'seatSpread',
      'rounds',
      'gold',
      'scoreSpread',
      'race',
      ...TENSION_IDS,
    ]);
    expect(metric(baseline, 'leadChanges')).toMatchObject({ family: 'lead-changes', unit: 'count', label: 'lead changes (per game)' });
    expect(metric(baseline, 'decisiveShare')).toMatchObject({ family: 'decisive-share', unit: 'share', label: 'decisive round (share of the game)' });
    expect(metric(baseline, 'scoreSpread')).toMatchObject({ family: 'score-spread', unit: 'score', label: 'score spread (highest − lowest final gold)' });
    // GOLD has no key ending; My Gold Mine's is the dragon.
    expect(sweepMetrics(loadScenario('scenarios/gold-3p.json')).map((m) => m.id)).toEqual([
      'win:greedy',
      'win:random',
      'seat:0',
      'seat:1',
      'seat:2',
      'seatSpread',
      'rounds',
      'gold',
      'scoreSpread',
      ...TENSION_IDS,
    ]);
    expect(sweepMetrics(loadScenario('scenarios/my-gold-mine-3p.json')).at(-5)?.id).toBe('dragon');
  });
});

describe("every game's length lies in the range the intervals assume", () => {
  // metricRange gives rounds the range [0, maxRounds(config)]: a game that ran longer would make the
  // interval throw. Every registered game's scenarios, 200 deals each (also the shortest settings).
  const files = readdirSync('scenarios').filter((f) => f.endsWith('.json'));
  it.each(files)('%s', async (file) => {
    const scenario = loadScenario(join('scenarios', file));
    const pool = new DealPool({ workers: 0, batchSize: 200, seed: 'range-check' });
    try {
      const deals = await pool.deals(scenario, 0, 200);
      const range = metricRange({ family: 'rounds' }, scenario)!;
      expect(Math.max(...deals.length)).toBeLessThanOrEqual(range.hi);
      expect(Math.min(...deals.length)).toBeGreaterThanOrEqual(range.lo);
    } finally {
      await pool.close();
    }
  });
});

describe('perDeal', () => {
  // Four hand-made deals of a 3-seat mirror line-up: seat 0 wins, seats 0 and 1 share, seat 2 wins, seat 0 wins.
  const scenario = { seats: ['a', 'a', 'a'] };
  const deals = emptyDeals(4);
  deals.winners.set([0b001, 0b011, 0b100, 0b001]);
  deals.length.set([10, 12, 8, 10]);
  deals.scoreSum.set([30, 36, 27, 33]);
  const m = (id: string, family: SweepMetric['family'], extra: Partial<SweepMetric> = {}): SweepMetric => ({ id, label: id, family, unit: 'share', ...extra });
  it('gives each seat its share of each deal (a shared win counts 1/k)', () => {
    expect([...perDeal(m('seat:0', 'seat-win-rate', { seat: 0 }), scenario, deals)]).toEqual([1, 0.5, 0, 1]);
    expect([...perDeal(m('seat:1', 'seat-win-rate', { seat: 1 }), scenario, deals)]).toEqual([0, 0.5, 0, 0]);
  });
  it('gives the seat spread per deal as the best seat minus the worst, so its mean is max − min of the win rates', () => {
    // Win rates: seat 0 2.5/4, seat 1 0.5/4, seat 2 1/4: spread (2.5 − 0.5)/4 = 0.5.
    const spread = perDeal(m('seatSpread', 'seat-spread'), scenario, deals);
    expect([...spread]).toEqual([1, 0, 0, 1]);
    expect(estimate(spread).estimate).toBe(0.5);
  });
  it('gives length and mean final score per seat', () => {
    expect([...perDeal(m('rounds', 'rounds', { unit: 'steps' }), scenario, deals)]).toEqual([10, 12, 8, 10]);
    expect([...perDeal(m('gold', 'final-gold', { unit: 'score' }), scenario, deals)]).toEqual([10, 12, 9, 11]);
  });
  it('gives the final-score spread of each deal as putDeal and putFlatDeal record it: highest − lowest final score', () => {
    const played = emptyDeals(2);
    const outcome = { winners: [1], scores: [3, 10, 7, 5], length: 1, endedBy: 'race' } as unknown as Outcome;
    putDeal(played, 0, { outcome, curve: [[3, 10, 7, 5]], initialScores: [0, 0, 0, 0] } as unknown as GameRecord, ['race', 'time-limit']);
    putFlatDeal(played, 1, {
      winners: Int8Array.of(2),
      winnerCount: 1,
      rounds: 1,
      ending: 0,
      players: 3,
      scores: Int32Array.of(-2, 4, 11),
      curve: [-2, 4, 11],
      initialScores: [0, 0, 0],
    } as unknown as FlatRecord);
    expect([...perDeal(m('scoreSpread', 'score-spread', { unit: 'score' }), scenario, played)]).toEqual([7, 13]);
    expect([...played.scoreSum]).toEqual([25, 13]);
  });
  it('gives the tension figures per deal; the decisive step as a share of the game, a game without one as decided at its end', () => {
    const t = emptyDeals(3);
    t.length.set([10, 8, 4]);
    t.leadChanges.set([3, 0, 1]);
    t.decisiveStep.set([5, 0, -1]);
    t.winnerDeficit.set([4, 0, 2]);
    t.finalMargin.set([2, 9, -1]);
    expect([...perDeal(m('leadChanges', 'lead-changes', { unit: 'count' }), scenario, t)]).toEqual([3, 0, 1]);
    expect([...perDeal(m('decisiveShare', 'decisive-share'), scenario, t)]).toEqual([0.5, 0, 1]);
    expect([...perDeal(m('winnerDeficit', 'winner-deficit', { unit: 'score' }), scenario, t)]).toEqual([4, 0, 2]);
    expect([...perDeal(m('finalMargin', 'final-margin', { unit: 'score' }), scenario, t)]).toEqual([2, 9, -1]);
  });
});

describe('the seat spread', () => {
  it('bounds the spread by max over pairs of max(L, −U) and max(U, −L)', () => {
    const intervals: [number, number][] = [
      [0.1, 0.5],
      [-0.2, 0.3],
      [-0.6, -0.1],
    ];
    let k = 0;
    const levels: number[] = [];
    const series = [Float64Array.of(0.5, 0.5), Float64Array.of(0.25, 0.25), Float64Array.of(0, 0)];
    const r = spreadInterval(series, 0.99, (_, level) => {
      levels.push(level);
      const [lower, upper] = intervals[k++];
      return { lower, upper };
    });
    expect(levels).toEqual([0.99, 0.99, 0.99]);
    // Lower: max(0, 0.1, −0.3, −0.2, max(−0.6, 0.1)) = 0.1; upper: max(0.5, 0.3, 0.2, 0.6) = 0.6.
    expect(r).toEqual({ estimate: 0.5, lo: 0.1, hi: 0.6 });
  });

  it('covers the true spread of nearly equal seats at least 95% of the time, where a t interval around max − min does not', () => {
    // Four seats with win rates 0.249, 0.25, 0.25, 0.251 (true spread 0.002), 2,000 deals, 400 repetitions.
    const rates = [0.249, 0.25, 0.25, 0.251];
    const key = purposeKey(hashSeed('seat-spread-coverage'), 0);
    let c = 0;
    let covered = 0;
    let coveredT = 0;
    const reps = 400;
    const n = 2000;
    for (let rep = 0; rep < reps; rep++) {
      const deals = emptyDeals(n);
      for (let i = 0; i < n; i++) {
        const u = unitFloat(key, c++);
        let s = 0;
        let acc = rates[0];
        while (u >= acc && s < 3) acc += rates[++s];
        deals.winners[i] = 1 << s;
      }
      const scenario = { seats: ['a', 'a', 'a', 'a'] };
      const e = seatSpreadEstimate(scenario, deals);
      if (e.lo! <= 0.002 && 0.002 <= e.hi!) covered++;
      // The old interval: Student's t on the per-deal spread of the observed extremes.
      const t = pairedDifference(perDeal({ id: 'seatSpread', label: '', family: 'seat-spread', unit: 'share' }, scenario, deals));
      if (Math.max(0, t.lower) <= 0.002 && 0.002 <= t.upper) coveredT++;
    }
    expect(covered / reps).toBeGreaterThanOrEqual(0.95);
    expect(coveredT / reps).toBeLessThan(0.9);
  });
});

describe('intervals against scipy', () => {
  it("estimate: Student's t interval of the mean, where the score interval in the values' range is narrower", () => {
    // scipy 1.17.1: stats.ttest_1samp([1,2,3,4,5], 0).confidence_interval(0.95); the score interval in
    // [1, 5] (scripts/reference/bounded_mean.py) is (1.908681008647521, 4.091318990629274), inside it.
    expect(estimate(Float64Array.of(1, 2, 3, 4, 5))).toEqual({ estimate: 3, lo: 1.0367568385224428, hi: 4.963243161477557 });
    // stats.ttest_1samp([31,28,40,35,22,30,33,29], 0).confidence_interval(0.95) → (26.57619310104153, 35.423806898958475)
    const e = estimate(Float64Array.of(31, 28, 40, 35, 22, 30, 33, 29));
    expect(e.estimate).toBe(31);
    expect(e.lo).toBeCloseTo(26.57619310104153, 12);
    expect(e.hi).toBeCloseTo(35.423806898958475, 12);
  });
  it("estimate: a game length every deal shares still has an interval, inside the game's range", () => {
    // Ten games, all at the cap of 10 rounds: Student's t would say [10, 10]. The score interval in
    // [0, 10]: 10·n/(n + z²) (Wilson's lower end for 10 of 10); scipy: 100/(10 + stats.norm.isf(0.025)**2).
    const e = estimate(new Float64Array(10).fill(10), { family: 'rounds' }, { lo: 0, hi: 10 });
    expect(e.hi).toBe(10);
    expect(e.lo).toBeCloseTo(7.224672001371107, 12);
    // Without a bound and every value the same: no interval at all.
    expect(estimate(Float64Array.of(7, 7, 7), { family: 'final-gold' })).toEqual({ estimate: 7, lo: null, hi: null });
    expect(metricRange({ family: 'rounds' }, loadScenario('scenarios/baseline.json'))).toEqual({ lo: 0, hi: 10 });
    expect(metricRange({ family: 'final-gold' }, loadScenario('scenarios/baseline.json'))).toBeNull();
  });
  it('estimate of a win rate: the Wilson interval goldpit reports for win rates', () => {
    // stats.binomtest(30, 100).proportion_ci(method='wilson') → (0.21894885294932764, 0.39584854633346667)
    const values = new Float64Array(100).fill(0, 30).fill(1, 0, 30);
    const e = estimate(values, { family: 'seat-win-rate' });
    expect(e.estimate).toBe(0.3);
    expect(e.lo).toBeCloseTo(0.21894885294932764, 14);
    expect(e.hi).toBeCloseTo(0.39584854633346667, 14);
    expect(halfWidth(e)).toBeCloseTo(0.39584854633346667 - 0.3, 14);
  });
  it('paired: the paired t interval of the per-deal differences, at least as wide as the score interval', () => {
    // a = [.25,0,1,0,.5,1,0,0,1,.5]; b = [0,0,1,.5,0,1,1,0,0,.5]
    // stats.ttest_rel(a, b).confidence_interval(0.95) → (-0.35624414448531405, 0.4062441444853141); mean(a − b) = 0.025
    // (the score interval in [−1, 1], (−0.33235291835674413, 0.3660429402341943), lies inside it)
    const p = paired(
      Float64Array.of(0.25, 0, 1, 0, 0.5, 1, 0, 0, 1, 0.5),
      Float64Array.of(0, 0, 1, 0.5, 0, 1, 1, 0, 0, 0.5),
      { lo: 0, hi: 1 },
      { lo: 0, hi: 1 },
    );
    expect(p.diff).toBeCloseTo(0.025, 15);
    expect(p.lo).toBeCloseTo(-0.35624414448531405, 14);
    expect(p.hi).toBeCloseTo(0.4062441444853141, 14);
    expect(p.changed).toBe(5);
  });
  it('paired: exactly 0 when nothing changed, with the bound five unchanged deals allow, never zero width', () => {
    // Tango's interval for no discordant pair in 5 (scripts/reference/bounded_mean.py tango(0, 0, 5)).
    const a = Float64Array.of(0.5, 0, 1, 0.25, 1);
    const p = paired(a, Float64Array.from(a), { lo: 0, hi: 1 }, { lo: 0, hi: 1 });
    expect(p.diff).toBe(0);
    expect(p.changed).toBe(0);
    expect(p.hi).toBeCloseTo(0.4344824647831748, 14);
    expect(p.lo).toBe(-p.hi!);
  });
  it('refuses fewer than 2 deals and unpaired lengths', () => {
    expect(() => estimate(Float64Array.of(1))).toThrow(/at least 2 deals/);
    expect(() => paired(Float64Array.of(1, 2), Float64Array.of(1))).toThrow(/the same deals/);
  });
});

describe('coverage by simulation', () => {
  // Deterministic synthetic deals: a seeded uniform stream per repetition.
  const uniform = (rep: number) => {
    const key = purposeKey(hashSeed('coverage'), rep);
    let c = 0;
    return () => unitFloat(key, c++);
  };
  const reps = 2000;
  // With 2000 repetitions the coverage's standard error at 95% is √(.95·.05/2000) ≈ 0.0049: a band of
  // ±3 standard errors, [0.935, 0.965], fails a correct interval about 3 times in 1000.
  const band = (covered: number) => {
    expect(covered / reps).toBeGreaterThanOrEqual(0.935);
    expect(covered / reps).toBeLessThanOrEqual(0.965);
  };
  it('the paired interval covers the true difference of correlated win shares 95% of the time', () => {
    // Point b repeats point a's outcome in 80% of deals, else wins with p 0.35: E[a − b] = 0.3 − (0.8·0.3 + 0.2·0.35) = −0.01.
    const truth = 0.3 - (0.8 * 0.3 + 0.2 * 0.35);
    const n = 1000;
    let covered = 0;
    for (let rep = 0; rep < reps; rep++) {
      const u = uniform(rep);
      const a = new Float64Array(n);
      const b = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        a[i] = u() < 0.3 ? 1 : 0;
        b[i] = u() < 0.8 ? a[i] : u() < 0.35 ? 1 : 0;
      }
      const p = paired(a, b);
      if (p.lo! <= truth && truth <= p.hi!) covered++;
    }
    band(covered);
  });
  it('the win-rate interval covers the true rate 95% of the time, also at a rate near 0', () => {
    for (const rate of [0.25, 0.03]) {
      const n = 500;
      let covered = 0;
      for (let rep = 0; rep < reps; rep++) {
        const u = uniform(rep + 10_000);
        const v = new Float64Array(n);
        for (let i = 0; i < n; i++) v[i] = u() < rate ? 1 : 0;
        const e = estimate(v, { family: 'seat-win-rate' });
        if (e.lo! <= rate && rate <= e.hi!) covered++;
      }
      // Clopper–Pearson near 0 errs on the side of covering: only the lower end of the band binds it.
      if (rate < 0.1) expect(covered / reps).toBeGreaterThanOrEqual(0.935);
      else band(covered);
    }
  });
  it('the t interval covers the mean of a skewed game length 95% of the time', () => {
    // Lengths 5 + a geometric number of extra rounds with p 0.2 (mean 5 + 0.8/0.2 = 9), 400 deals.
    const truth = 9;
    let covered = 0;
    for (let rep = 0; rep < reps; rep++) {
      const u = uniform(rep + 20_000);
      const v = new Float64Array(400);
      for (let i = 0; i < v.length; i++) {
        let extra = 0;
        while (u() >= 0.2) extra++;
        v[i] = 5 + extra;
      }
      const e = estimate(v);
      if (e.lo! <= truth && truth <= e.hi!) covered++;
    }
    band(covered);
  });
});
