/** Interval ends at fixed precision never turn an interval of nonzero width into one of zero width. */
import { describe, expect, it } from 'vitest';
import { fixedInterval } from '../../src/report/summary.js';

describe('fixedInterval', () => {
  it('rounds each end to the nearest, as reports do', () => {
    expect(fixedInterval(0.2189488529493276, 0.39584854633346667)).toEqual([0.218949, 0.395849]);
    expect(fixedInterval(-447.4, 12.6, 0)).toEqual([-447, 13]);
  });
  it('rounds outwards where the nearest would print zero width', () => {
    // A win rate's Clopper–Pearson interval for 0 wins in ten million games: [0, 3.69e-7].
    expect(fixedInterval(0, 3.69e-7)).toEqual([0, 0.000001]);
    expect(fixedInterval(0.1234561, 0.1234564)).toEqual([0.123456, 0.123457]);
    // A known value stays one value.
    expect(fixedInterval(0.25, 0.25)).toEqual([0.25, 0.25]);
  });
});
