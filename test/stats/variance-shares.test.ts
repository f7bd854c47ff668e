/**
 * Reference values: scripts/reference/variance_shares.py (numpy 2.4.6), which takes the sums of
 * squares from least-squares fits of nested dummy-coded linear models instead of the per-cluster sums.
 */
import { describe, expect, it } from 'vitest';
import { expandedAlpha, varianceShares, varianceSharesInterval, type CrossedTable } from '../../src/stats/index.js';
import { mulberry32, normal } from '../helpers/random.js';
import { expectClose } from './close.js';

const values = (text: string) => text.split(/\s+/).map(Number);

describe('varianceShares', () => {
  it('matches the least-squares reference on continuous values', () => {
    // python3 scripts/reference/variance_shares.py --rows 3 --clusters 4 --per-cluster 2 <<< "0.805 0.808 … 0.064"
    const table: CrossedTable = {
      rows: 3,
      clusters: 4,
      perCluster: 2,
      values: values(
        '0.805 0.808 0.515 0.286 0.054 0.383 0.408 0.045 0.049 0.999 0.652 0.235 0.435 0.974 0.898 0.844 0.392 0.493 0.677 0.061 0.556 0.271 0.88 0.064',
      ),
    };
    const s = varianceShares(table);
    expectClose(s.components.rows, 0.0033484960317460436, 1e-12);
    expectClose(s.components.columns, 0.013514928571428567, 1e-12);
    expectClose(s.components.interaction, 0.08578654761904762, 1e-12);
    expectClose(s.shares.rows, 0.03262052545418169, 1e-12);
    expectClose(s.shares.columns, 0.13166032370832711, 1e-12);
    expectClose(s.shares.interaction, 0.8357191508374912, 1e-12);
    expectClose(s.meanSquares.rows, 0.12596850000000015, 1e-12);
    expectClose(s.meanSquares.columns, 0.12633133333333332, 1e-12);
  });

  it('matches the reference on win indicators, and floors a negative moment estimate at 0', () => {
    // … --rows 4 --clusters 3 --per-cluster 3 <<< "0 0 0 0 0 0 0 0 0 1 1 0 …"
    const table: CrossedTable = {
      rows: 4,
      clusters: 3,
      perCluster: 3,
      values: values('0 0 0 0 0 0 0 0 0 1 1 0 1 0 0 0 1 1 0 0 0 1 1 0 0 0 1 0 1 0 0 0 0 0 0 0'),
    };
    const s = varianceShares(table);
    expectClose(s.shares.rows, 0.17117117117117123, 1e-12);
    expectClose(s.shares.columns, 0.04804804804804809, 1e-12);
    expectClose(s.shares.interaction, 0.7807807807807807, 1e-12);
    // … --rows 3 --clusters 2 --per-cluster 2 <<< "1 1 0 0 1 0 1 0 1 1 1 0": MS_row < MS_int, so σ̂²_row = 0.
    const floored = varianceShares({ rows: 3, clusters: 2, perCluster: 2, values: values('1 1 0 0 1 0 1 0 1 1 1 0') });
    expect(floored.components.rows).toBe(0);
    expectClose(floored.shares.columns, 0.36363636363636354, 1e-12);
    expectClose(floored.shares.interaction, 0.6363636363636365, 1e-12);
  });

  it('gives everything to the rows when only the row matters, and to the columns when only the column does', () => {
    const R = 3;
    const C = 4;
    const K = 2;
    const byRow = Array.from({ length: R * C * K }, (_, i) => Math.floor(i / (C * K)));
    expect(varianceShares({ rows: R, clusters: C, perCluster: K, values: byRow }).shares).toEqual({ rows: 1, columns: 0, interaction: 0 });
    const byColumn = Array.from({ length: R * C * K }, (_, i) => i % (C * K));
    expect(varianceShares({ rows: R, clusters: C, perCluster: K, values: byColumn }).shares).toEqual({ rows: 0, columns: 1, interaction: 0 });
    const constant = new Array(R * C * K).fill(0.25);
    expect(varianceShares({ rows: R, clusters: C, perCluster: K, values: constant }).shares).toEqual({ rows: 0, columns: 0, interaction: 0 });
  });

  it('rejects malformed tables with a RangeError naming the field', () => {
    expect(() => varianceShares({ rows: 1, clusters: 2, perCluster: 1, values: [0, 0] })).toThrow('varianceShares: table.rows must be an integer >= 2, got 1');
    expect(() => varianceShares({ rows: 2, clusters: 2, perCluster: 1, values: [0, 0, 0] })).toThrow(
      'varianceShares: table.values must be an array of rows × clusters × perCluster = 4 numbers, got an array of length 3',
    );
    expect(() => varianceShares({ rows: 2, clusters: 2, perCluster: 1, values: [0, 0, Number.NaN, 0] })).toThrow(
      'varianceShares: table.values[2] must be a finite number, got NaN',
    );
    expect(() => varianceSharesInterval({ rows: 2, clusters: 2, perCluster: 1, values: [0, 1, 0, 1] }, { confidence: 95 })).toThrow(
      'varianceSharesInterval: confidence must be a number strictly between 0 and 1 (e.g. 0.95), got 95',
    );
  });
});

describe('expandedAlpha', () => {
  it('widens the percentile levels by √(C/(C − 1)) and t on C − 1 degrees of freedom', () => {
    // scipy: norm.cdf(-sqrt(20/19)*t.ppf(0.975, 19)), norm.cdf(-sqrt(5/4)*t.ppf(0.975, 4))
    expectClose(expandedAlpha(0.95, 20), 0.015880829920347974, 1e-10);
    expectClose(expandedAlpha(0.95, 5), 0.0009541005518824907, 1e-8);
    expect(expandedAlpha(0.95, 100_000)).toBeCloseTo(0.025, 4);
  });
});

describe('varianceSharesInterval', () => {
  const simulate = (R: number, C: number, K: number, model: (r: number, d: number, u: number) => number): CrossedTable => {
    const v = new Float64Array(R * C * K);
    for (let r = 0; r < R; r++) for (let d = 0; d < C; d++) for (let u = 0; u < K; u++) v[(r * C + d) * K + u] = model(r, d, u);
    return { rows: R, clusters: C, perCluster: K, values: v };
  };

  it('is the delete-one-deal jackknife on the logit scale with t on deals − 1, computed by hand on a small table', () => {
    // Strong row, column and interaction parts, so every share is well inside (0, 1).
    const random = mulberry32(3);
    const seat = Array.from({ length: 18 }, () => normal(random));
    const table = simulate(4, 6, 3, (r, d, u) => 0.8 * r + seat[d * 3 + u] + normal(random));
    const got = varianceSharesInterval(table);
    // By hand: drop each deal in turn, recompute the shares, and jackknife their logits.
    const drop = (d: number): CrossedTable => {
      const v: number[] = [];
      for (let r = 0; r < 4; r++) for (let c = 0; c < 6; c++) if (c !== d) for (let u = 0; u < 3; u++) v.push(table.values[(r * 6 + c) * 3 + u]);
      return { rows: 4, clusters: 5, perCluster: 3, values: v };
    };
    const full = varianceShares(table).shares;
    const logit = (p: number) => Math.log(p / (1 - p));
    const expit = (x: number) => 1 / (1 + Math.exp(-x));
    const t = 2.5705818356363177; // scipy: t.ppf(0.975, 5)
    const jackknife = (values: number[]) => {
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      return Math.sqrt(((values.length - 1) / values.length) * values.reduce((a, b) => a + (b - mean) ** 2, 0));
    };
    for (const key of ['rows', 'columns', 'interaction'] as const) {
      const left = Array.from({ length: 6 }, (_, d) => varianceShares(drop(d)).shares[key]);
      expect(full[key] - t * jackknife(left), `${key}: the logit path applies`).toBeGreaterThan(0);
      const se = jackknife(left.map(logit));
      expectClose(got.lower[key], expit(logit(full[key]) - t * se), 1e-12);
      expectClose(got.upper[key], expit(logit(full[key]) + t * se), 1e-12);
    }
    expect(got).toMatchObject({ confidence: 0.95, clusters: 6, method: 'jackknife-logit-t' });
  });

  it('is deterministic and brackets the estimate inside [0, 1]', () => {
    const random = mulberry32(5);
    const table = simulate(4, 20, 3, () => (random.float() < 0.3 ? 1 : 0));
    const a = varianceSharesInterval(table);
    expect(varianceSharesInterval(table)).toEqual(a);
    for (const key of ['rows', 'columns', 'interaction'] as const) {
      expect(a.lower[key]).toBeLessThanOrEqual(a.estimate.shares[key]);
      expect(a.upper[key]).toBeGreaterThanOrEqual(a.estimate.shares[key]);
      expect(a.lower[key]).toBeGreaterThanOrEqual(0);
      expect(a.upper[key]).toBeLessThanOrEqual(1);
    }
  });

  /** Coverage of the three shares over `datasets` simulated designs. */
  function coverage(datasets: number, make: () => CrossedTable, truth: { rows: number; columns: number; interaction: number }) {
    const hits = { rows: 0, columns: 0, interaction: 0 };
    for (let i = 0; i < datasets; i++) {
      const s = varianceSharesInterval(make());
      for (const key of ['rows', 'columns', 'interaction'] as const) if (s.lower[key] <= truth[key] && truth[key] <= s.upper[key]) hits[key]++;
    }
    return { rows: hits.rows / datasets, columns: hits.columns / datasets, interaction: hits.interaction / datasets };
  }
  // 400 intervals: a true 95% lands in 0.925–0.97 with probability ~0.98.
  const near95 = (got: { rows: number; columns: number; interaction: number }) => {
    for (const key of ['rows', 'columns', 'interaction'] as const) {
      expect(got[key], key).toBeGreaterThan(0.92);
      expect(got[key], key).toBeLessThan(0.975);
    }
  };

  /** y = τ_r + a_d + b_ds + e_rds with known variances (see the test). */
  const gaussian = (C: number, seed: number) => {
    const R = 12;
    const K = 4;
    const tau = Array.from({ length: R }, (_, r) => -0.2 + (0.4 * r) / (R - 1));
    const vRow = tau.reduce((s, t) => s + t * t, 0) / R;
    const vCol = 0.05 ** 2 + 0.15 ** 2;
    const vInt = 0.3 ** 2;
    const total = vRow + vCol + vInt;
    const random = mulberry32(seed);
    const make = () => {
      const deal = Array.from({ length: C }, () => 0.05 * normal(random));
      const seat = Array.from({ length: C * K }, () => 0.15 * normal(random));
      return simulate(R, C, K, (r, d, u) => tau[r] + deal[d] + seat[d * K + u] + 0.3 * normal(random));
    };
    return { make, truth: { rows: vRow / total, columns: vCol / total, interaction: vInt / total } };
  };

  it('covers known shares about 95% of the time: a Gaussian model with deal and seat effects (20 deals)', () => {
    // Rows fixed (12 matchups, τ evenly from −0.2 to 0.2), columns (deal, seat) random with a deal
    // part a (sd 0.05) and a seat-within-deal part b (sd 0.15), interaction e (sd 0.3). Known:
    // σ²_row = mean τ², σ²_col = 0.05² + 0.15², σ²_int = 0.3².
    const { make, truth } = gaussian(20, 11);
    near95(coverage(400, make, truth));
  }, 60_000);

  /** A four-seat game: tiers of strength `strength`, every ordered pair a row, the strongest seat wins. */
  const game = (strength: readonly number[], C: number, seed: number) => {
    const pairs: [number, number][] = [];
    for (let a = 0; a < strength.length; a++) for (let b = 0; b < strength.length; b++) if (a !== b) pairs.push([a, b]);
    const K = 4;
    const random = mulberry32(seed);
    return (clusters = C) => {
      const luck = Array.from({ length: clusters * K }, () => 0.7 * normal(random));
      return simulate(pairs.length, clusters, K, (r, d, u) => {
        const [a, b] = pairs[r];
        let best = -1;
        let bestValue = -Infinity;
        for (let s = 0; s < K; s++) {
          const v = (s === u ? strength[a] : strength[b]) + luck[d * K + s] + normal(random);
          if (v > bestValue) {
            bestValue = v;
            best = s;
          }
        }
        return best === u ? 1 : 0;
      });
    };
  };

  it('covers known shares about 95% of the time: a four-seat game where the strongest seat wins (20 deals)', () => {
    // Tiers of strength 0, 0.5, 1, 1.3; row (A, B) is A's seat at a table of B's, A in each seat in
    // turn; the seat's luck of the deal is N(0, 0.7²), shared by every row, and each game adds N(0, 1)
    // per seat; the value is A's win (0 or 1). The true shares are the estimator's limit, taken from
    // 40 designs of 2,000 deals each (their spread is below 0.001, against interval widths of ~0.1).
    const make = game([0, 0.5, 1, 1.3], 20, 21);
    const truth = { rows: 0, columns: 0, interaction: 0 };
    for (let i = 0; i < 40; i++) {
      const s = varianceShares(make(2000)).shares;
      for (const key of ['rows', 'columns', 'interaction'] as const) truth[key] += s[key] / 40;
    }
    near95(coverage(400, () => make(), truth));
  }, 120_000);

  it('covers a skill share of exactly 0 (tiers of equal strength): its interval reaches 0', () => {
    const make = game([0.5, 0.5, 0.5, 0.5], 20, 31);
    let reaches = 0;
    for (let i = 0; i < 200; i++) if (varianceSharesInterval(make()).lower.rows === 0) reaches++;
    expect(reaches / 200).toBeGreaterThan(0.92);
  }, 60_000);

  it('never gives a zero-width interval, though most skill estimates of equal tiers are floored at 0', () => {
    // With the floored leave-one-out shares, [0, 0] came out in 53–77 of 200 designs (10–40 deals).
    const make = game([0.5, 0.5, 0.5, 0.5], 20, 41);
    let floored = 0;
    for (let i = 0; i < 200; i++) {
      const s = varianceSharesInterval(make());
      if (s.estimate.shares.rows === 0) floored++;
      for (const key of ['rows', 'columns', 'interaction'] as const) expect(s.upper[key], key).toBeGreaterThan(s.lower[key]);
    }
    expect(floored).toBeGreaterThan(50);
  }, 60_000);

  it('gives the whole [0, 1] when every value is the same (nothing to apportion)', () => {
    const s = varianceSharesInterval({ rows: 3, clusters: 4, perCluster: 2, values: new Float64Array(24).fill(1) });
    for (const key of ['rows', 'columns', 'interaction'] as const) {
      expect(s.lower[key]).toBe(0);
      expect(s.upper[key]).toBe(1);
    }
  });
});
