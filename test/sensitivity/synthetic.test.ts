/**
 * Functions with analytically known indices, through the same design, runner, blocks, estimators and
 * bootstrap as a game (test/sensitivity/helpers.ts): Ishigami, Sobol's g-function, and a linear
 * model whose deals add noise to one knob's effects.
 */
import { describe, expect, it } from 'vitest';
import { gFunction, gFunctionIndices, ishigami, ishigamiIndices, linearNoise } from '../../src/sensitivity/synthetic.js';
import { analyseModel, populationMorris } from './helpers.js';

describe('Ishigami', () => {
  const truth = ishigamiIndices();

  it('the analytic indices are the published ones (Saltelli et al. 2008)', () => {
    expect(truth.first.map((x) => Number(x.toFixed(4)))).toEqual([0.3139, 0.4424, 0]);
    expect(truth.total.map((x) => Number(x.toFixed(4)))).toEqual([0.5576, 0.4424, 0.2437]);
  });

  it('Sobol: every first-order and total index within its interval of the analytic value, intervals tight', async () => {
    const json = await analyseModel(ishigami(301, 7, 0.1, 1), 'sobol', { units: 1500, games: 8, seed: 'ishigami' });
    const row = json.sobol![0];
    row.knobs.forEach((k, j) => {
      expect(k.first.lo).toBeLessThanOrEqual(truth.first[j] + 0.005);
      expect(k.first.hi).toBeGreaterThanOrEqual(truth.first[j] - 0.005);
      expect(k.total.lo).toBeLessThanOrEqual(truth.total[j] + 0.005);
      expect(k.total.hi).toBeGreaterThanOrEqual(truth.total[j] - 0.005);
      expect(k.first.hi - k.first.lo).toBeLessThan(0.15);
      expect(k.total.hi - k.total.lo).toBeLessThan(0.15);
    });
    // The deals' part common to every point cancels: no noise, and the raw figures are the corrected ones.
    expect(row.noiseShare.estimate).toBeLessThan(1e-9);
    row.knobs.forEach((k) => expect(k.first.estimate).toBeCloseTo(k.rawFirst, 5));
  }, 60_000);

  it("Morris: μ*, μ and σ match the grid's population figures; x3 acts only through x1 (μ ≈ 0, σ > μ*)", async () => {
    const model = ishigami(301);
    const pop = populationMorris(model);
    const json = await analyseModel(model, 'morris', { units: 60, games: 8, seed: 'ishigami-m' });
    const rows = json.morris!;
    rows.forEach((r, j) => {
      expect(r.muStar.lo).toBeLessThanOrEqual(pop.muStar[j] + 1e-9);
      expect(r.muStar.hi).toBeGreaterThanOrEqual(pop.muStar[j] - 1e-9);
      expect(r.mu.lo).toBeLessThanOrEqual(pop.mu[j] + 1e-9);
      expect(r.mu.hi).toBeGreaterThanOrEqual(pop.mu[j] - 1e-9);
    });
    expect(pop.mu[2]).toBeCloseTo(0, 9);
    expect(rows[2].sigma.estimate).toBeGreaterThan(rows[2].muStar.estimate);
    expect(rows.map((r) => r.verdict)).toEqual(['interacts', 'interacts', 'interacts']);
  }, 60_000);
});

describe("Sobol's g-function", () => {
  it('ranks the knobs by their a_j and matches the analytic indices; the unimportant knobs have no detectable share', async () => {
    const a = [0, 1, 4.5, 9, 99, 99];
    const truth = gFunctionIndices(a);
    const json = await analyseModel(gFunction(a), 'sobol', { units: 1500, games: 8, seed: 'g' });
    const row = json.sobol![0];
    row.knobs.forEach((k, j) => {
      expect(k.first.lo).toBeLessThanOrEqual(truth.first[j] + 0.005);
      expect(k.first.hi).toBeGreaterThanOrEqual(truth.first[j] - 0.005);
      expect(k.total.lo).toBeLessThanOrEqual(truth.total[j] + 0.005);
      expect(k.total.hi).toBeGreaterThanOrEqual(truth.total[j] - 0.005);
    });
    const byTotal = [...row.knobs].sort((x, y) => y.total.estimate - x.total.estimate).map((k) => k.knob);
    expect(byTotal.slice(0, 3)).toEqual(['x1', 'x2', 'x3']);
    expect(row.knobs[4].total.hi).toBeLessThan(0.01);
    expect(row.knobs[5].total.hi).toBeLessThan(0.01);
    expect(json.verdicts[0]).toMatch(/no detectable share \(under 1%\): .*x5, x6/);
  }, 60_000);
});

describe('a linear model with noise on common random numbers', () => {
  // y = 1·x1 + 0.5·x2 + 0·x3 + z + 1.5·x1·u: f's indices are S = ST = (0.8, 0.2, 0).
  const model = linearNoise([1, 0.5, 0], 1.5);

  it('Morris: μ* of x1 and x2 at |β|, σ ≈ 0 after the noise correction, x3 "no detectable effect"', async () => {
    const json = await analyseModel(model, 'morris', { units: 20, games: 2000, seed: 'lin', band: 0.05 });
    const [x1, x2, x3] = json.morris!;
    expect(x1.muStar.lo).toBeLessThanOrEqual(1);
    expect(x1.muStar.hi).toBeGreaterThanOrEqual(1);
    expect(x1.noise).toBeGreaterThan(0.025); // the deals' noise on knob 1's effects (1.5/√2000 = 0.034)
    expect(x1.sigma.estimate).toBeLessThan(0.02); // shared noise is no interaction
    expect(x2.muStar.estimate).toBeCloseTo(0.5, 9);
    expect(x2.noise).toBeLessThan(1e-9);
    // x3 changes no deal: μ* exactly 0, its upper end what unplayed deals could add (the rule of three).
    expect(x3.muStar.estimate).toBe(0);
    expect(x3.muStar.hi).toBeGreaterThan(0);
    expect(x3.muStar.hi).toBeLessThan(0.05);
    expect([x1.verdict, x2.verdict, x3.verdict]).toEqual(['matters', 'matters', 'none']);
    expect(json.verdicts.at(-1)).toBe('No detectable effect on any metric: 1 of 3 knobs (x3); each moves every metric by less than its negligible band.');
  });

  it("Sobol: the indices of f, not of the noise; the noise's share as expected", async () => {
    const games = 100;
    const json = await analyseModel(model, 'sobol', { units: 600, games, seed: 'lin-s' });
    const row = json.sobol![0];
    const [x1, x2, x3] = row.knobs;
    // One run: each estimate within 1.5 half-widths of the truth (≈ 3.4 standard errors); the 95%
    // coverage itself is simulated in coverage.test.ts.
    for (const [k, s] of [
      [x1, 0.8],
      [x2, 0.2],
    ] as const) {
      for (const i of [k.first, k.total]) expect(Math.abs(i.estimate - s)).toBeLessThanOrEqual(1.5 * (i.hi - i.lo) * 0.5);
      expect(k.first.hi - k.first.lo).toBeLessThan(0.25);
    }
    expect(x3.total.estimate).toBe(0);
    // The noise field 1.5·x1·ū has variance 1.5²·Var(x1)·ū² between points, on average 1.5²·Var(x1)/n;
    // f's variance is (1 + 0.25)·Var(x1). Var(x1) = 0.11 on the 11-value grid.
    const varX = 0.11;
    const noise = (1.5 ** 2 * varX) / games;
    const expected = noise / (noise + 1.25 * varX);
    expect(row.noiseShare.estimate).toBeGreaterThan(expected / 4);
    expect(row.noiseShare.estimate).toBeLessThan(expected * 4);
  });
});

describe('a knob that changes no game', () => {
  // y = z + x1 (+ 0·x2): x2 changes no deal's value at any point, so every estimate of its effect is
  // exactly 0 on these deals; a deal not played might still change, so no interval has zero width.
  const model = linearNoise([1, 0], 0);

  it('Morris: μ, μ* and σ of x2 are exactly 0, each with an interval of nonzero width', async () => {
    const row = (await analyseModel(model, 'morris', { units: 20, games: 40, seed: 'unchanged-m' })).morris![1];
    for (const f of [row.mu, row.muStar, row.sigma]) {
      expect(f.estimate).toBe(0);
      expect(f.lo).toBeLessThanOrEqual(0);
      expect(f.hi).toBeGreaterThan(f.lo);
    }
  }, 60_000);

  it('Sobol: the first-order and total indices of x2 are exactly 0, each with an interval of nonzero width', async () => {
    const k = (await analyseModel(model, 'sobol', { units: 200, games: 40, seed: 'unchanged-s' })).sobol![0].knobs[1];
    for (const f of [k.first, k.total]) {
      expect(Math.abs(f.estimate)).toBeLessThan(1e-12);
      expect(f.lo).toBeLessThanOrEqual(0);
      expect(f.hi).toBeGreaterThan(f.lo);
    }
  }, 60_000);
});
