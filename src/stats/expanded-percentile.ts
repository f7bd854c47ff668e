import { normalCdf } from './normal.js';
import { studentTQuantile } from './student-t.js';
import { fail, requireConfidence } from './validate.js';

/**
 * The lower percentile level of Hesterberg's expanded percentile interval: a percentile bootstrap over C independent units (deals)
 * behaves like a normal interval with the variance shrunk by (C − 1)/C and z instead of t, and covers
 * less than it claims (about 93% for a nominal 95% at C = 20). Reading the bootstrap quantiles at
 * α′ = Φ(−√(C/(C − 1)) · t_{C−1}((1 + confidence)/2)) and 1 − α′ instead of (1 ∓ confidence)/2
 * corrects both. Reference: T. C. Hesterberg, "What teachers should know about the bootstrap",
 * The American Statistician 69 (2015) 371–386, §4.4. Returns α′ (at C = 20 and 95%: 0.0159
 * instead of 0.025).
 *
 * @example expandedAlpha(0.95, 20) // 0.015880829920347853
 */
export function expandedAlpha(confidence: number, clusters: number): number {
  const where = 'expandedAlpha';
  requireConfidence(where, confidence);
  if (!Number.isInteger(clusters) || clusters < 2) fail(where, 'clusters', 'an integer >= 2', clusters);
  return normalCdf(-Math.sqrt(clusters / (clusters - 1)) * studentTQuantile((1 + confidence) / 2, clusters - 1));
}
