/**
 * Reference values: scripts/reference/variance_shares.py (numpy 2.4.6), which takes the sums of
 * squares from least-squares fits of nested dummy-coded linear models instead of the per-cluster sums.
 */
import { describe, expect, it } from 'vitest';
import { bootstrapVarianceShares, expandedAlpha, varianceShares, type CrossedTable } from '../../src/stats/index.js';
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
    expect(() => bootstrapVarianceShares({ rows: 2, clusters: 2, perCluster: 1, values: [0, 1, 0, 1] }, 1, mulberry32(1))).toThrow(
      'bootstrapVarianceShares: replicates must be an integer >= 2, got 1',
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

describe('bootstrapVarianceShares', () => {
  const simulate = (R: number, C: number, K: number, model: (r: number, d: number, u: number) => number): CrossedTable => {
    const v = new Float64Array(R * C * K);
    for (let r = 0; r < R; r++) for (let d = 0; d < C; d++) for (let u = 0; u < K; u++) v[(r * C + d) * K + u] = model(r, d, u);
    return { rows: R, clusters: C, perCluster: K, values: v };
  };

  it('is reproducible from its random source and brackets the estimate', () => {
    const random = mulberry32(3);
    const table = simulate(4, 20, 3, () => (random.float() < 0.3 ? 1 : 0));
    const a = bootstrapVarianceShares(table, 200, mulberry32(9));
    const b = bootstrapVarianceShares(table, 200, mulberry32(9));
    expect(a).toEqual(b);
    for (const key of ['rows', 'columns', 'interaction'] as const) {
      expect(a.lower[key]).toBeLessThanOrEqual(a.upper[key]);
      expect(a.lower[key]).toBeGreaterThanOrEqual(0);
      expect(a.upper[key]).toBeLessThanOrEqual(1);
    }
    expect(a.quantiles[0]).toBeCloseTo(expandedAlpha(0.95, 20), 12);
  });

  /** Coverage of the three shares over `datasets` simulated designs. */
  function coverage(datasets: number, make: () => CrossedTable, truth: { rows: number; columns: number; interaction: number }, seed: number) {
    const hits = { rows: 0, columns: 0, interaction: 0 };
    const random = mulberry32(seed);
    for (let i = 0; i < datasets; i++) {
      const s = bootstrapVarianceShares(make(), 400, random);
      for (const key of ['rows', 'columns', 'interaction'] as const) if (s.lower[key] <= truth[key] && truth[key] <= s.upper[key]) hits[key]++;
    }
    return { rows: hits.rows / datasets, columns: hits.columns / datasets, interaction: hits.interaction / datasets };
  }

  it('covers known shares about 95% of the time: a Gaussian model with deal and seat effects (20 deals)', () => {
    // y = τ_r + a_d + b_ds + e_rds: rows fixed (12 matchups, τ evenly from −0.2 to 0.2), columns
    // (deal, seat) random with a deal part a (sd 0.05) and a seat-within-deal part b (sd 0.15),
    // interaction e (sd 0.3). Known: σ²_row = mean τ², σ²_col = 0.05² + 0.15², σ²_int = 0.3².
    const R = 12;
    const C = 20;
    const K = 4;
    const tau = Array.from({ length: R }, (_, r) => -0.2 + (0.4 * r) / (R - 1));
    const vRow = tau.reduce((s, t) => s + t * t, 0) / R;
    const vCol = 0.05 ** 2 + 0.15 ** 2;
    const vInt = 0.3 ** 2;
    const total = vRow + vCol + vInt;
    const truth = { rows: vRow / total, columns: vCol / total, interaction: vInt / total };
    const random = mulberry32(11);
    const make = () => {
      const deal = Array.from({ length: C }, () => 0.05 * normal(random));
      const seat = Array.from({ length: C * K }, () => 0.15 * normal(random));
      return simulate(R, C, K, (r, d, u) => tau[r] + deal[d] + seat[d * K + u] + 0.3 * normal(random));
    };
    const got = coverage(300, make, truth, 12);
    // 300 intervals: a true 95% lands in 0.92–0.98 with probability ~0.99.
    for (const key of ['rows', 'columns', 'interaction'] as const) {
      expect(got[key]).toBeGreaterThan(0.915);
      expect(got[key]).toBeLessThan(0.985);
    }
  }, 60_000);

  it('covers known shares about 95% of the time: a four-seat game where the strongest seat wins (20 deals)', () => {
    // Tiers of strength 0, 0.5, 1, 1.3; every ordered pair (A, B) is a row: A's seat at a table of
    // B's, A in each seat in turn; the seat's luck of the deal is N(0, 0.7²), shared by every row, and
    // each game adds N(0, 1) per seat; the highest total wins (the value is A's win, 0 or 1). The
    // true shares are the estimator's limit, taken from 40 designs of 2,000 deals each (their spread
    // is below 0.001, against interval widths of ~0.1).
    const strength = [0, 0.5, 1, 1.3];
    const pairs: [number, number][] = [];
    for (let a = 0; a < 4; a++) for (let b = 0; b < 4; b++) if (a !== b) pairs.push([a, b]);
    const K = 4;
    const random = mulberry32(21);
    const make = (C: number) => {
      const luck = Array.from({ length: C * K }, () => 0.7 * normal(random));
      return simulate(pairs.length, C, K, (r, d, u) => {
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
    const big = { rows: 0, columns: 0, interaction: 0 };
    for (let i = 0; i < 40; i++) {
      const s = varianceShares(make(2000)).shares;
      for (const key of ['rows', 'columns', 'interaction'] as const) big[key] += s[key] / 40;
    }
    const got = coverage(300, () => make(20), big, 22);
    for (const key of ['rows', 'columns', 'interaction'] as const) {
      expect(got[key]).toBeGreaterThan(0.915);
      expect(got[key]).toBeLessThan(0.985);
    }
  }, 120_000);
});
