/**
 * One policy for bad input: a RangeError that names the function, the argument, what is required
 * and the value received — never a silent NaN.
 */
import { describe, expect, it } from 'vitest';
import * as stats from '../../src/stats/index.js';

describe('bad input', () => {
  it('throws a RangeError that says what is required, with the value received', () => {
    expect(() => stats.normalCdf(NaN)).toThrow(new RangeError('normalCdf: x must be a number (not NaN), got NaN'));
    expect(() => stats.normalQuantile(1.5)).toThrow(new RangeError('normalQuantile: p must be a probability in [0, 1], got 1.5'));
    expect(() => stats.chiSquaredSf(3, 0)).toThrow(new RangeError('chiSquaredSf: df must be a finite number > 0, got 0'));
    expect(() => stats.studentTQuantile(0.5, -1)).toThrow(new RangeError('studentTQuantile: df must be a number > 0 (Infinity allowed), got -1'));
    expect(() => stats.betaQuantile(0.5, 0, 1)).toThrow(new RangeError('betaQuantile: a must be a finite number > 0, got 0'));
    expect(() => stats.wilsonInterval(11, 10)).toThrow(new RangeError('wilsonInterval: successes must be a number between 0 and n (= 10), got 11'));
    expect(() => stats.wilsonInterval(3, 10, 95)).toThrow(
      new RangeError('wilsonInterval: confidence must be a number strictly between 0 and 1 (e.g. 0.95), got 95'),
    );
    expect(() => stats.clopperPearsonInterval(2.5, 10)).toThrow(
      new RangeError('clopperPearsonInterval: successes must be an integer between 0 and n (= 10), got 2.5'),
    );
    expect(() => stats.binomialInterval(1, 10.5)).toThrow(new RangeError('binomialInterval: n must be an integer >= 1 (the number of trials), got 10.5'));
    expect(() => stats.pairedDifference([1])).toThrow(
      new RangeError('pairedDifference: diffs must be at least 2 differences (the spread needs two), got an array of length 1'),
    );
    expect(() => stats.pairedDifference([1, NaN, 3])).toThrow(new RangeError('pairedDifference: diffs[1] must be a finite number, got NaN'));
    expect(() => stats.chiSquaredUniform([4, -1])).toThrow(new RangeError('chiSquaredUniform: counts[1] must be a finite count >= 0, got -1'));
    expect(() => stats.benjaminiHochberg([0.2, 1.2])).toThrow(new RangeError('benjaminiHochberg: pValues[1] must be a p-value in [0, 1], got 1.2'));
    expect(() => stats.gini([3, -2])).toThrow(new RangeError('gini: values[1] must be a finite number >= 0, got -2'));
  });

  it('refuses every other out-of-domain argument too', () => {
    const bad: (() => unknown)[] = [
      () => stats.normalSf(NaN),
      () => stats.normalQuantile(-0.1),
      () => stats.logGamma(0),
      () => stats.logBeta(1, -1),
      () => stats.regularizedGammaP(-1, 1),
      () => stats.regularizedGammaQ(1, -1),
      () => stats.chiSquaredCdf(NaN, 3),
      () => stats.regularizedBeta(1.1, 1, 1),
      () => stats.regularizedBeta(0.5, 1, Infinity),
      () => stats.studentTCdf(1, 0),
      () => stats.studentTSf(NaN, 3),
      () => stats.wilsonInterval(0, 0),
      () => stats.wilsonInterval(-1, 10),
      () => stats.clopperPearsonInterval(0, 0),
      () => stats.clopperPearsonInterval(3, 10, 1),
      () => stats.binomialInterval(3, 10, 0),
      () => stats.pairedDifference([1, 2], 1.5),
      () => stats.pairedFromSums(1, 1, 1),
      () => stats.pairedFromSums(3, Infinity, 1),
      () => stats.chiSquaredUniform([5]),
      () => stats.chiSquaredUniform([0, 0]),
      () => stats.holm([NaN]),
      () => stats.gini([]),
    ];
    for (const call of bad) expect(call).toThrow(RangeError);
  });
});
