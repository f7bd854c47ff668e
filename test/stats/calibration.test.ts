/**
 * Calibration: in simulated settings where the truth is known, the 95% intervals cover it in
 * about 95% of repetitions. The streams come from the project's seeded generator, so every run
 * draws the same numbers: repetition r uses `new RandomSource(seed, r)`, draw i uses
 * `.float(1, i)`. With 2000 repetitions the standard error of a coverage near 95% is 0.5
 * percentage point, so the 93–97% band is four standard errors wide on each side.
 */
import { describe, expect, it } from 'vitest';
import { RandomSource } from '../../src/core/random.js';
import { binomialInterval, pairedDifference, pairedFromSums, wilsonInterval } from '../../src/stats/index.js';

const REPETITIONS = 2000;

/** Share of repetitions whose interval covers `truth`. */
function coverage(seed: string, interval: (source: RandomSource) => { lower: number; upper: number }, truth: number): number {
  let covered = 0;
  for (let r = 0; r < REPETITIONS; r++) {
    const { lower, upper } = interval(new RandomSource(seed, r));
    if (lower <= truth && truth <= upper) covered++;
  }
  return covered / REPETITIONS;
}

/** A standard normal draw by Box–Muller from two uniforms of the stream. */
function normalDraw(source: RandomSource, i: number): number {
  const u = 1 - source.float(1, 2 * i); // in (0, 1], so the logarithm is finite
  const v = source.float(1, 2 * i + 1);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

describe('calibration of the 95% intervals', () => {
  it('Wilson covers a win rate of 0.25 in 93–97% of 2000 runs of 100 games', () => {
    // Exact coverage of the 95% Wilson interval at n = 100, p = 0.25 is 0.9513:
    // k = np.arange(101); z = norm.ppf(0.975); r = z*np.sqrt(z*z + 4*k*(100-k)/100)
    // lo, hi = (2*k + z*z - r)/(2*(100 + z*z)), (2*k + z*z + r)/(2*(100 + z*z))
    // binom.pmf(k, 100, 0.25)[(lo <= 0.25) & (0.25 <= hi)].sum()   => 0.9513
    const n = 100;
    const p = 0.25;
    const share = coverage(
      'wilson-calibration',
      (source) => {
        let wins = 0;
        for (let i = 0; i < n; i++) if (source.float(1, i) < p) wins++;
        return wilsonInterval(wins, n);
      },
      p,
    );
    expect(share).toBeGreaterThanOrEqual(0.93);
    expect(share).toBeLessThanOrEqual(0.97);
  });

  it('the reported interval never undercovers a rare win (p = 0.05, n = 40: Clopper–Pearson)', () => {
    // Exact coverage at n = 40, p = 0.05 of the exact interval used there is 0.9861:
    // k = np.arange(41); lo = np.where(k == 0, 0, beta.ppf(0.025, np.maximum(k, 1), 41 - k))
    // hi = np.where(k == 40, 1, beta.ppf(0.975, k + 1, np.maximum(40 - k, 1)))
    // binom.pmf(k, 40, 0.05)[(lo <= 0.05) & (0.05 <= hi)].sum()   => 0.9861
    const share = coverage(
      'exact-calibration',
      (source) => {
        let wins = 0;
        for (let i = 0; i < 40; i++) if (source.float(1, i) < 0.05) wins++;
        return binomialInterval(wins, 40);
      },
      0.05,
    );
    expect(share).toBeGreaterThanOrEqual(0.95);
  });

  it('the paired t-interval covers a mean difference of 0.5 (normal, sd 2) in 93–97% of 2000 runs of 12 pairs', () => {
    // For normal differences the t-interval is exact: expected coverage 0.95.
    const share = coverage(
      'paired-normal-calibration',
      (source) => pairedDifference(Array.from({ length: 12 }, (_, i) => 0.5 + 2 * normalDraw(source, i))),
      0.5,
    );
    expect(share).toBeGreaterThanOrEqual(0.93);
    expect(share).toBeLessThanOrEqual(0.97);
  });

  it('…and of 0.7 for skewed, game-like score differences (3 w.p. 0.3, −1 w.p. 0.2, else 0; 50 pairs), from running sums', () => {
    // Expected coverage 0.9457 (skewness costs a little at n = 50), by 400 000 numpy repetitions:
    // rng = np.random.default_rng(1); u = rng.random((400000, 50))
    // d = np.where(u < 0.3, 3.0, np.where(u < 0.5, -1.0, 0.0)); m = d.mean(1); s = d.std(1, ddof=1)
    // np.mean(np.abs(m - 0.7) <= t.ppf(0.975, 49) * s / np.sqrt(50))   => 0.9457
    const n = 50;
    const share = coverage(
      'paired-skewed-calibration',
      (source) => {
        let sum = 0;
        let sumSq = 0;
        for (let i = 0; i < n; i++) {
          const u = source.float(1, i);
          const d = u < 0.3 ? 3 : u < 0.5 ? -1 : 0;
          sum += d;
          sumSq += d * d;
        }
        return pairedFromSums(n, sum, sumSq);
      },
      0.7,
    );
    expect(share).toBeGreaterThanOrEqual(0.93);
    expect(share).toBeLessThanOrEqual(0.97);
  });
});
