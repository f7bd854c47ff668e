/**
 * The @example of every doc comment in src/stats, run: the literal outputs printed there stay true.
 */
import { describe, expect, it } from 'vitest';
import * as stats from '../../src/stats/index.js';

describe('doc-comment examples', () => {
  it('print exactly what their comments say', () => {
    expect(stats.normalCdf(-8)).toBe(6.220960574271785e-16);
    expect(stats.normalSf(8)).toBe(6.220960574271785e-16);
    expect(stats.normalQuantile(0.975)).toBe(1.9599639845400536);
    expect(stats.logGamma(0.5)).toBe(0.5723649429246986);
    expect(stats.logBeta(500, 0.5)).toBe(-2.534689106328064);
    expect(stats.regularizedGammaP(5, 2)).toBe(0.052653017343711056);
    expect(stats.regularizedGammaQ(5, 100)).toBe(1.6139305336977313e-37);
    expect(stats.chiSquaredCdf(3.84, 1)).toBe(0.9499564787512949);
    expect(stats.chiSquaredSf(200, 10)).toBe(1.6139305336977313e-37);
    expect(stats.regularizedBeta(0.3, 2, 5)).toBe(0.5798250000000009);
    expect(stats.betaQuantile(0.025, 3, 8)).toBe(0.06673951117773447);
    expect(stats.studentTCdf(-2, 5)).toBe(0.050969739414929355);
    expect(stats.studentTSf(10, 3)).toBe(0.0010641995292070803);
    expect(stats.studentTQuantile(0.975, 5)).toBe(2.5705818356363177);
    expect(stats.gini([1, 2, 3, 4])).toBe(0.25);
    expect(stats.expandedAlpha(0.95, 20)).toBe(0.015880829920347853);
    expect(stats.varianceShares({ rows: 2, clusters: 2, perCluster: 2, values: [1, 0, 0, 0, 1, 1, 0, 1] }).shares).toEqual({
      rows: 0.1428571428571429,
      columns: 0.28571428571428575,
      interaction: 0.5714285714285715,
    });
    expect(stats.benjaminiHochberg([0.01, 0.04, 0.03, 0.2])).toEqual([0.04, 0.05333333333333334, 0.05333333333333334, 0.2]);
    expect(stats.holm([0.01, 0.04, 0.03, 0.2])).toEqual([0.04, 0.09, 0.09, 0.2]);
    expect(stats.wilsonInterval(30, 100)).toEqual({
      estimate: 0.3,
      lower: 0.2189488529493276,
      upper: 0.39584854633346667,
      n: 100,
      successes: 30,
      confidence: 0.95,
      method: 'wilson',
    });
    expect(stats.clopperPearsonInterval(3, 20)).toEqual({
      estimate: 0.15,
      lower: 0.03207093718546374,
      upper: 0.37892682654531384,
      n: 20,
      successes: 3,
      confidence: 0.95,
      method: 'clopper-pearson',
    });
    expect(stats.binomialInterval(2.5, 40)).toEqual({
      estimate: 0.0625,
      lower: 0.015742179851041545,
      upper: 0.20386474873289898,
      n: 40,
      successes: 2.5,
      confidence: 0.95,
      method: 'clopper-pearson',
    });
    expect(stats.boundedScoreInterval([1, 1, 1, 1, 1, 1, 1, 0, 0, 0], 0, 1)).toEqual({ estimate: 0.7, lower: 0.39677814746114537, upper: 0.8922087325936988 });
    expect(stats.boundedMeanInterval(new Float64Array(500), -1, 1)).toEqual({
      estimate: 0,
      n: 500,
      lo: -1,
      hi: 1,
      mode: 0,
      differing: 0,
      confidence: 0.95,
      lower: -0.007624340461552188,
      upper: 0.007624340461552188,
      method: 'score',
    });
    expect(stats.boundedMeanIntervalOfCounts([0], [500], -1, 1)).toMatchObject({
      estimate: 0,
      n: 500,
      lower: -0.007624340461552188,
      upper: 0.007624340461552188,
      method: 'score',
    });
    expect(stats.hoeffdingInterval([10, 10, 10, 10, 10, 10, 10, 10, 10, 10], 0, 10, 0.95)).toEqual({
      estimate: 10,
      lower: 6.915028921812391,
      upper: 10,
      n: 10,
      confidence: 0.95,
      method: 'hoeffding-kl',
    });
    expect(stats.clusteredProportionInterval([3, 0, 4, 1], [4, 4, 4, 4])).toEqual({
      estimate: 0.5,
      lower: 0.0881578498136755,
      upper: 0.9118421501863245,
      n: 16,
      successes: 8,
      clusters: 4,
      designEffect: 3.333333333333333,
      effectiveN: 4.800000000000001,
      confidence: 0.95,
      method: 'wilson-clustered',
    });
    const paired = {
      mean: 3,
      estimate: 3,
      sd: 1.5811388300841898,
      standardError: 0.7071067811865476,
      n: 5,
      df: 4,
      confidence: 0.95,
      method: 'paired-t',
      lower: 1.0367568385224428,
      upper: 4.963243161477557,
      t: 4.242640687119285,
      pValue: 0.013235599563682686,
    };
    expect(stats.pairedDifference([1, 2, 3, 4, 5])).toEqual(paired);
    expect(stats.pairedFromSums(5, 15, 55)).toEqual(paired);
    expect(stats.chiSquaredUniform([30, 20, 25, 25])).toEqual({
      statistic: 2,
      df: 3,
      pValue: 0.5724067044708792,
      n: 100,
      k: 4,
      expected: 25,
      method: 'pearson-chi-squared',
    });
    expect(stats.toleranceTest({ n: 5, mean: 3, standardError: 0.7071067811865476, df: 4 }, 5).pEquivalent).toBe(0.02371032779215981);
    expect(stats.gamesToDecide(0.002, 0.6, 0.01, 0.05, 7)).toBe(48172);
    expect(stats.sprtBounds(0.05, 0.05)).toEqual({ lower: -2.9444389791664403, upper: 2.9444389791664403 });
    expect(stats.gaussianLlr(5, 15, 55, 0, 1)).toBe(6.25);
    expect(stats.eloFromLogWorth(Math.LN10)).toBe(400.00000000000006);
    expect(stats.headToHead(3, [{ items: [0, 1, 2], ranks: [1, 2, 2] }]).ahead).toEqual([
      [0, 1, 1],
      [0, 0, 0.5],
      [0, 0.5, 0],
    ]);
    const pair = [
      { items: [0, 1], ranks: [1, 2] },
      { items: [1, 0], ranks: [1, 2] },
      { items: [0, 1], ranks: [1, 2] },
    ];
    expect(stats.fitPlackettLuce(2, pair, { pseudo: 0 }).logWorth).toEqual([0.34657359027997264, -0.34657359027997264]);
  });
});
