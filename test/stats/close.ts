import { expect } from 'vitest';

/** Relative difference |actual − expected|/|expected| (0 when both are 0). */
export function relativeError(actual: number, expected: number): number {
  if (actual === expected) return 0;
  return Math.abs(actual - expected) / Math.abs(expected);
}

/** Asserts |actual − expected| <= tolerance·|expected|, naming both values when it fails. */
export function expectClose(actual: number, expected: number, tolerance: number): void {
  expect(relativeError(actual, expected), `got ${actual}, expected ${expected}`).toBeLessThanOrEqual(tolerance);
}
