/** The time left a progress display prints: rounding carries into the next unit, never "25 min 60 s". */
import { describe, expect, it } from 'vitest';
import { formatSeconds } from '../../src/sim/progress.js';

describe('formatSeconds', () => {
  it('prints seconds, minutes and seconds, or hours and minutes, each rounded so that it carries', () => {
    expect(formatSeconds(0)).toBe('0 s');
    expect(formatSeconds(12.2)).toBe('13 s');
    expect(formatSeconds(59.5)).toBe('1 min 0 s');
    expect(formatSeconds(61)).toBe('1 min 1 s');
    expect(formatSeconds(1559.6)).toBe('26 min 0 s');
    expect(formatSeconds(3599.4)).toBe('1 h 0 min');
    expect(formatSeconds(3600 + 29 * 60 + 40)).toBe('1 h 30 min');
    expect(formatSeconds(2 * 3600 - 10)).toBe('2 h 0 min');
    expect(formatSeconds(Number.POSITIVE_INFINITY)).toBe('?');
  });
});
