/**
 * The estimators against an independent computation, and the design's properties.
 *
 * The reference values come from scripts/reference/sensitivity.py (numpy for Morris and for the
 * noise corrections, scipy.stats.sobol_indices for the raw Saltelli 2010 / Jansen indices) on the
 * data set test/sensitivity/fixtures/reference-data.json, computed once with
 *   python3 scripts/reference/sensitivity.py test/sensitivity/fixtures/reference-data.json
 * (scipy 1.17.1, numpy 2.4.6) and pinned here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blockBounds, blockCovariance } from '../../src/sensitivity/blocks.js';
import { morrisTrajectories, saltelliMatrices } from '../../src/sensitivity/design.js';
import { knobFromVary, knobLevels } from '../../src/sensitivity/knobs.js';
import { morrisFigures } from '../../src/sensitivity/morris.js';
import { sobolFigures } from '../../src/sensitivity/sobol.js';

const data = JSON.parse(readFileSync('test/sensitivity/fixtures/reference-data.json', 'utf8')) as {
  sizes: number[];
  morris: { knobs: number; data: number[][]; steps: [number, number, number, number][][] };
  sobol: { knobs: number; data: number[][]; a: number[]; b: number[]; ab: number[][] };
};

// Printed by the reference script (see the file comment).
const REFERENCE = {
  morris: [
    { effects: [-0.05, 0, 0, 0.15, 0], mu: 0.019999999999999997, muStar: 0.04, sigma: 0, noise: 0.10178877670503361, allowance: 0.08121569339595668 },
    {
      effects: [0.1, -0.075, 0.2, 0.225, 0],
      mu: 0.09000000000000001,
      muStar: 0.12,
      sigma: 0.06645800679125628,
      noise: 0.10804898729177634,
      allowance: 0.08621061877049335,
    },
    { effects: [0.05, -0.15, 0, 0, 0], mu: -0.019999999999999997, muStar: 0.04, sigma: 0, noise: 0.25528428479281945, allowance: 0.20368738945179235 },
  ],
  sobol: {
    rawFirst: [0.40798858773181174, 0.2396576319543509],
    rawTotal: [1.31621493105088, 0.7760342368045648],
    first: [3.4405043341213553, 5.35224586288416],
    total: [-1.4121355397951114, -6.052009456264775],
    variance: 0.020537109375,
    noiseVariance: 0.01640625,
    dealShare: 0.9934012448715348,
  },
};

describe('estimators against scripts/reference/sensitivity.py', () => {
  const sizes = Float64Array.from(data.sizes);
  it('Morris: elementary effects, μ, μ*, noise-corrected σ, noise and allowance', () => {
    const figures = morrisFigures({
      knobs: data.morris.knobs,
      metrics: 1,
      sizes,
      data: data.morris.data.map((d) => Float64Array.from(d)),
      ranges: [1],
      trajectories: data.morris.steps.map((t) => t.map(([from, to, knob, scale]) => ({ from, to, knob, scale }))),
      bootstrap: 50,
      seed: 'ref',
    });
    REFERENCE.morris.forEach((ref, j) => {
      const f = figures[j][0];
      f.effects.forEach((e, t) => expect(e).toBeCloseTo(ref.effects[t], 12));
      expect(f.mu.estimate).toBeCloseTo(ref.mu, 12);
      expect(f.muStar.estimate).toBeCloseTo(ref.muStar, 12);
      expect(f.sigma.estimate).toBeCloseTo(ref.sigma, 12);
      expect(f.noise).toBeCloseTo(ref.noise, 12);
      expect(f.allowance).toBeCloseTo(ref.allowance, 12);
      // The interval of μ* reaches down by at least the allowance.
      expect(f.muStar.lo).toBeLessThanOrEqual(Math.max(0, f.muStar.estimate - f.allowance) + 1e-12);
    });
  });

  it('Sobol: raw indices equal scipy.stats.sobol_indices; the noise-corrected ones, V and V_noise equal numpy', () => {
    const [f] = sobolFigures({
      knobs: data.sobol.knobs,
      metrics: 1,
      sizes,
      data: data.sobol.data.map((d) => Float64Array.from(d)),
      a: data.sobol.a,
      b: data.sobol.b,
      ab: data.sobol.ab,
      bootstrap: 50,
      seed: 'ref',
    });
    const ref = REFERENCE.sobol;
    ref.rawFirst.forEach((x, j) => expect(f.rawFirst[j]).toBeCloseTo(x, 12));
    ref.rawTotal.forEach((x, j) => expect(f.rawTotal[j]).toBeCloseTo(x, 12));
    ref.first.forEach((x, j) => expect(f.first[j].estimate).toBeCloseTo(x, 10));
    ref.total.forEach((x, j) => expect(f.total[j].estimate).toBeCloseTo(x, 10));
    expect(f.variance).toBeCloseTo(ref.variance, 14);
    expect(f.noiseVariance).toBeCloseTo(ref.noiseVariance, 14);
    expect(f.dealShare).toBeCloseTo(ref.dealShare, 12);
  });
});

describe('blocks', () => {
  it('cuts n games into at most 40 contiguous blocks by game index', () => {
    expect(blockBounds(10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const b = blockBounds(4000);
    expect(b.length).toBe(41);
    expect(b[1]).toBe(100);
    expect(b[40]).toBe(4000);
  });

  it('the covariance of two means is the sample covariance of block means over G (equal blocks), by hand', () => {
    // Block means x: 0.5, 1.5 (totals 1, 3 of 2 deals each); var of the block means 0.5, over G = 2: 0.25.
    expect(blockCovariance([1, 3], [1, 3], [2, 2])).toBeCloseTo(0.25, 15);
    // z = 2x: covariance doubles; a constant z: 0.
    expect(blockCovariance([1, 3], [2, 6], [2, 2])).toBeCloseTo(0.5, 15);
    expect(blockCovariance([1, 3], [4, 4], [2, 2])).toBe(0);
  });
});

describe('the Morris design', () => {
  const knobs = [knobFromVary('params.fine=0..6'), knobFromVary('rules.penaltySink=bank,continent'), knobFromVary('params.pLate=0..0.3:0.1')];
  const levels = knobs.map((k) => knobLevels(k, 4));

  it('takes p levels evenly over a numeric knob, both ends included; a categorical knob keeps its values', () => {
    expect(levels[0]).toEqual({ levels: [0, 2, 4, 6], jump: 2 });
    expect(levels[1]).toEqual({ levels: ['bank', 'continent'], jump: 1 });
    expect(levels[2]).toEqual({ levels: [0, 0.1, 0.2, 0.3], jump: 2 });
    expect(knobLevels(knobFromVary('params.rounds=8..10'), 4)).toEqual({ levels: [8, 9, 10], jump: 1 });
    expect(knobLevels(knobFromVary('params.x=0..10'), 4).levels).toEqual([0, 3, 7, 10]);
  });

  it('moves every knob exactly once per trajectory, by its jump, visiting every level equally often; the same seed gives the same design', () => {
    const withKind = levels.map((l, j) => ({ ...l, categorical: !knobs[j].numeric }));
    const trajectories = morrisTrajectories(withKind, 4000, 'design');
    const visits = [0, 0, 0, 0];
    for (const t of trajectories) {
      expect(t.points.length).toBe(4);
      expect([...t.order].sort()).toEqual([0, 1, 2]);
      t.order.forEach((j, s) => {
        for (let i = 0; i < 3; i++) if (i !== j) expect(t.points[s + 1][i]).toBe(t.points[s][i]);
        expect(Math.abs(t.points[s + 1][j] - t.points[s][j])).toBe(j === 1 ? 1 : 2);
      });
      visits[t.points[0][0]]++;
    }
    for (const v of visits) expect(v / 4000).toBeGreaterThan(0.22);
    expect(morrisTrajectories(withKind, 5, 'design')).toEqual(trajectories.slice(0, 5));
    expect(morrisTrajectories(withKind, 5, 'other')).not.toEqual(trajectories.slice(0, 5));
  });

  it("Saltelli's rows are uniform over each knob's values and reproducible", () => {
    const { a, b } = saltelliMatrices([7, 2], 7000, 's');
    const counts = new Array(7).fill(0);
    for (const row of [...a, ...b]) counts[row[0]]++;
    for (const c of counts) expect(Math.abs(c / 14000 - 1 / 7)).toBeLessThan(0.015);
    expect(saltelliMatrices([7, 2], 3, 's')).toEqual({ a: a.slice(0, 3), b: b.slice(0, 3) });
  });
});
