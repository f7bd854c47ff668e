/**
 * goldpit's statistics: accurate special functions (normal, chi-squared, Student's t, beta),
 * confidence intervals for win rates, the paired t comparison, a uniformity test, multiple-testing
 * adjustments and the Gini coefficient. Every function documents its formula, reference, input
 * constraints and an example; bad input throws a RangeError that says what is required.
 */
export { normalCdf, normalQuantile, normalSf } from './normal.js';
export { logBeta, logGamma } from './log-gamma.js';
export { regularizedGammaP, regularizedGammaQ } from './incomplete-gamma.js';
export { chiSquaredCdf, chiSquaredSf } from './chi-squared.js';
export { betaQuantile, regularizedBeta } from './incomplete-beta.js';
export { studentTCdf, studentTQuantile, studentTSf } from './student-t.js';
export type { ProportionInterval, ProportionMethod } from './proportion.js';
export { wilsonInterval } from './wilson.js';
export { clopperPearsonInterval } from './clopper-pearson.js';
export { binomialInterval, EXACT_BELOW } from './binomial-interval.js';
export { clusteredProportionInterval, type ClusteredProportionInterval } from './clustered-proportion.js';
export { pairedDifference, pairedFromSums, type PairedDifference } from './paired.js';
export {
  boundedMeanInterval,
  boundedMeanIntervalOfCounts,
  boundedScoreInterval,
  FEW_DIFFERING,
  type BoundedMeanInterval,
} from './bounded-mean.js';
export { bernoulliKl, hoeffdingInterval } from './hoeffding.js';
export { chiSquaredUniform, type ChiSquaredTest } from './chi-squared-uniform.js';
export { benjaminiHochberg, holm } from './multiple-testing.js';
export { gini } from './gini.js';
export {
  bootstrapPlackettLuce,
  eloFromLogWorth,
  fitPlackettLuce,
  headToHead,
  PLACKETT_LUCE_DEFAULTS,
  type PlackettLuceFit,
  type PlackettLuceOptions,
  type Ranking,
  type RatingInterval,
} from './plackett-luce.js';
export { GAMES_TO_DECIDE_BETA, gamesToDecide, toleranceTest, type PairedMoments, type ToleranceTest } from './tolerance.js';
export { gaussianLlr, sprtBounds, sprtDecision, type SprtBounds, type SprtState } from './sprt.js';
export { expandedAlpha } from './expanded-percentile.js';
export {
  varianceShares,
  varianceSharesInterval,
  type CrossedTable,
  type VarianceComponents,
  type VarianceShares,
  type VarianceSharesInterval,
} from './variance-shares.js';
