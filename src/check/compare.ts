/**
 * The comparison of `goldpit check`: the current code's per-deal metric values against the
 * baseline's on the same deals (common random numbers), metric by metric against its tolerance δ.
 *
 * Fixed mode (all games at once), per metric on the paired differences dᵢ = currentᵢ − baselineᵢ:
 * - shifted: a shift beyond ±δ, significant after Holm's correction over the scenario's metric
 *   family at α (src/stats/tolerance.ts, pBeyond) → the scenario FAILs;
 * - equivalent: TOST shows the shift within ±δ at α → PASS when every metric is equivalent;
 * - otherwise undecided → INCONCLUSIVE, with the games that would decide it.
 * Informational: a shift that is not beyond δ but significantly not 0 (two-sided paired t, Holm).
 * The printed 95% interval is the sweep's (stats/bounded-mean.ts: paired t from 30 changed deals,
 * else the score interval in the metric's range widened to it), never of zero width; with fewer than
 * 30 changed deals "shifted", "equivalent" and the small shift also need that interval (the TOST's
 * at 1 − 2α) to show them, so the verdict never claims more than the interval.
 *
 * Sequential mode (`--until-decided`): per metric two one-sided SPRTs (μ = 0 against μ = +2δ, and
 * against μ = −2δ), each at α/(2m) and β, looked at every `lookEvery` games: FAIL as soon as one
 * accepts its shift, PASS once all accept 0; at the game limit the fixed-mode verdict on all games.
 */
import { boundedMeanInterval } from '../stats/bounded-mean.js';
import { holm } from '../stats/multiple-testing.js';
import { pairedDifference } from '../stats/paired.js';
import { gaussianLlr, sprtBounds, sprtDecision, type SprtBounds, type SprtState } from '../stats/sprt.js';
import { gamesToDecide, toleranceTest } from '../stats/tolerance.js';
import type { MetricDef, MetricFamily } from './deals.js';

export type Verdict = 'PASS' | 'FAIL' | 'INCONCLUSIVE';

export const CHECK_DEFAULTS = {
  /** Family-wise error rate of FAIL, and the level of the TOST equivalence tests. */
  alpha: 0.05,
  /** Sequential mode: the chance of missing a shift of 2δ (power 1 − β). */
  beta: 0.05,
  /** Sequential mode: games between looks. */
  lookEvery: 1000,
} as const;

export type MetricStatus = 'shifted' | 'equivalent' | 'undecided';

export interface SequentialState {
  /** Log-likelihood ratios of μ = +2δ (up) and μ = −2δ (down) against μ = 0, at the look where each SPRT stopped (or the last look). */
  readonly llrUp: number;
  readonly llrDown: number;
  /** H1 = the shift +2δ (or −2δ) accepted; H0 = no shift accepted; continue = undecided. */
  readonly up: SprtState;
  readonly down: SprtState;
  /** Games at the look where the up (down) SPRT stopped; null while it continues. */
  readonly upAt: number | null;
  readonly downAt: number | null;
  /**
   * This metric decided the scenario: on FAIL, one of its SPRTs accepted the shift; on PASS, it was
   * among the last to accept no shift (at the final look). False when the game limit was reached.
   */
  readonly decisive: boolean;
}

/** The SPRTs' settings, for the report: each one-sided test's α and β, and Wald's bounds on the LLR. */
export interface SprtSettings {
  /** α/(2m): each of the 2m one-sided tests' chance of accepting a shift that is not there. */
  readonly alphaPerTest: number;
  readonly beta: number;
  /** Accept no shift (H0) at LLR ≤ lower; accept the shift (H1) at LLR ≥ upper. */
  readonly lower: number;
  readonly upper: number;
}

export interface MetricResult {
  readonly id: string;
  readonly label: string;
  readonly family: MetricFamily;
  readonly delta: number;
  readonly games: number;
  readonly baseline: number;
  readonly current: number;
  /**
   * Mean paired difference current − baseline, with its 95% interval (stats/bounded-mean.ts: paired
   * t from 30 changed deals, else the score interval widened to it, never of zero width) and the
   * differences' sd.
   */
  readonly shift: number;
  /**
   * Null when the metric has no bound by construction and every deal has the same value in both
   * versions (a score sum that the rules keep constant, say): nothing says how far another deal
   * could lie, so no interval rather than a zero-width one.
   */
  readonly lower: number | null;
  readonly upper: number | null;
  readonly sd: number;
  /** Deals whose value of the metric changed (0: the shift is exactly 0, and the interval is what that many unchanged deals allow). */
  readonly changed: number;
  /** TOST p-value of equivalence within ±δ. */
  readonly pEquivalent: number;
  /** p-value of a shift beyond ±δ, and Holm-adjusted over the scenario's metrics. */
  readonly pBeyond: number;
  readonly pBeyondHolm: number;
  /** Two-sided paired t p-value of any shift, and Holm-adjusted. */
  readonly pDifference: number;
  readonly pDifferenceHolm: number;
  readonly status: MetricStatus;
  /** A shift within δ that is nonetheless significantly not 0 (informational). */
  readonly detectedSmallShift: boolean;
  readonly sequential?: SequentialState;
}

export interface MetricSeries {
  readonly def: MetricDef;
  readonly delta: number;
  /** The range of a per-deal value by construction (sweep/metrics.ts metricRange); absent or null: the range the deals show. */
  readonly range?: { readonly lo: number; readonly hi: number } | null;
  /** Per-deal values, index = game index (at least `games` of them). */
  readonly baseline: Float64Array;
  readonly current: Float64Array;
}

export interface FixedAnalysis {
  readonly verdict: Verdict;
  readonly metrics: MetricResult[];
  /**
   * INCONCLUSIVE: games that would decide every undecided metric (with 90% power) if the observed
   * shifts were true; null when there is nothing to decide, or no undecided metric can be decided.
   */
  readonly gamesNeeded: number | null;
  /** Ids of undecided metrics whose observed shift is exactly ±δ: no number of games decides them. */
  readonly undecidable: readonly string[];
}

function mean(values: Float64Array, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += values[i];
  return s / n;
}

/**
 * The range of a paired difference current − baseline: from the per-deal range, widened to any value
 * the first `games` deals show outside it (a game longer than its declared most rounds would
 * otherwise break the interval; test/sweep/metrics.test.ts checks every scenario's), or from those
 * values alone.
 */
function differenceRange(m: MetricSeries, games: number): { lo: number; hi: number } {
  let lo = m.range?.lo ?? Infinity;
  let hi = m.range?.hi ?? -Infinity;
  for (let i = 0; i < games; i++) {
    lo = Math.min(lo, m.current[i], m.baseline[i]);
    hi = Math.max(hi, m.current[i], m.baseline[i]);
  }
  return { lo: lo - hi, hi: hi - lo };
}

/** The fixed-sample analysis of the first `games` deals. */
export function analyseFixed(
  series: readonly MetricSeries[],
  games: number,
  alpha: number = CHECK_DEFAULTS.alpha,
  sequential?: readonly SequentialState[],
): FixedAnalysis {
  if (games < 2) throw new RangeError(`analyseFixed: games must be at least 2, got ${games}`);
  const rows = series.map((m) => {
    const diffs = new Float64Array(games);
    let changed = 0;
    for (let i = 0; i < games; i++) {
      diffs[i] = m.current[i] - m.baseline[i];
      if (diffs[i] !== 0) changed++;
    }
    const paired = pairedDifference(diffs);
    const { lo, hi } = differenceRange(m, games);
    // Shown (95%) and the TOST's own interval (1 − 2α): the same rule as the sweep's, so that few
    // changed deals never make the check surer than its printed interval.
    // With lo = hi every deal has one value in both versions: no interval is printed, and the tests
    // decide on the paired t (a shift of exactly 0 with no spread).
    const shown = lo < hi ? boundedMeanInterval(diffs, lo, hi, 0.95) : { lower: null, upper: null };
    const tost = lo < hi ? boundedMeanInterval(diffs, lo, hi, 1 - 2 * alpha) : { lower: paired.lower, upper: paired.upper };
    return { m, paired, changed, shown, within: -m.delta < tost.lower && tost.upper < m.delta, test: toleranceTest(paired, m.delta) };
  });
  const beyondHolm = holm(rows.map((r) => r.test.pBeyond));
  const differenceHolm = holm(rows.map((r) => r.paired.pValue));
  const metrics: MetricResult[] = rows.map(({ m, paired, changed, shown, within, test }, i) => {
    // With 30 or more changed deals the printed interval is the t interval and these conditions are
    // implied by the t tests; with fewer they keep the verdict from claiming more than it shows.
    const beyond = shown.lower !== null && shown.upper !== null && (shown.lower > m.delta || shown.upper < -m.delta);
    const status: MetricStatus = beyondHolm[i] <= alpha && beyond ? 'shifted' : test.pEquivalent <= alpha && within ? 'equivalent' : 'undecided';
    return {
      id: m.def.id,
      label: m.def.label,
      family: m.def.family,
      delta: m.delta,
      games,
      baseline: mean(m.baseline, games),
      current: mean(m.current, games),
      shift: paired.mean,
      lower: shown.lower,
      upper: shown.upper,
      sd: paired.sd,
      changed,
      pEquivalent: test.pEquivalent,
      pBeyond: test.pBeyond,
      pBeyondHolm: beyondHolm[i],
      pDifference: paired.pValue,
      pDifferenceHolm: differenceHolm[i],
      status,
      detectedSmallShift:
        status !== 'shifted' && differenceHolm[i] <= alpha && shown.lower !== null && shown.upper !== null && (shown.lower > 0 || shown.upper < 0),
      ...(sequential ? { sequential: sequential[i] } : {}),
    };
  });
  const verdict: Verdict = metrics.some((m) => m.status === 'shifted') ? 'FAIL' : metrics.every((m) => m.status === 'equivalent') ? 'PASS' : 'INCONCLUSIVE';
  let gamesNeeded: number | null = null;
  const undecidable: string[] = [];
  if (verdict === 'INCONCLUSIVE') {
    for (const m of metrics) {
      if (m.status !== 'undecided') continue;
      const n = gamesToDecide(m.shift, m.sd, m.delta, alpha, metrics.length);
      if (n === Infinity) undecidable.push(m.id);
      else gamesNeeded = Math.max(gamesNeeded ?? games + 1, n);
    }
  }
  return { verdict, metrics, gamesNeeded, undecidable };
}

/**
 * The sequential test of one scenario: two one-sided SPRTs per metric (0 against ±2δ) on the running
 * sums of the paired differences. Each SPRT stops at its first crossing and keeps that decision.
 */
export class SequentialTest {
  readonly bounds: SprtBounds;
  readonly settings: SprtSettings;
  private readonly sum: Float64Array;
  private readonly sumSq: Float64Array;
  private readonly states: { llrUp: number; llrDown: number; up: SprtState; down: SprtState; upAt: number | null; downAt: number | null }[];
  games = 0;

  constructor(
    private readonly deltas: readonly number[],
    alpha: number = CHECK_DEFAULTS.alpha,
    beta: number = CHECK_DEFAULTS.beta,
  ) {
    // Bonferroni over the 2m one-sided tests: FAIL's family-wise error stays below α.
    const alphaPerTest = alpha / (2 * deltas.length);
    this.bounds = sprtBounds(alphaPerTest, beta);
    this.settings = { alphaPerTest, beta, lower: this.bounds.lower, upper: this.bounds.upper };
    this.sum = new Float64Array(deltas.length);
    this.sumSq = new Float64Array(deltas.length);
    this.states = deltas.map(() => ({ llrUp: 0, llrDown: 0, up: 'continue' as SprtState, down: 'continue' as SprtState, upAt: null, downAt: null }));
  }

  /** Adds the differences of deals [from, to) of every metric (in game order). */
  add(series: readonly MetricSeries[], from: number, to: number): void {
    series.forEach((m, k) => {
      let s = 0;
      let q = 0;
      for (let i = from; i < to; i++) {
        const d = m.current[i] - m.baseline[i];
        s += d;
        q += d * d;
      }
      this.sum[k] += s;
      this.sumSq[k] += q;
    });
    this.games += to - from;
  }

  /** Updates every SPRT that has not stopped yet and returns the scenario's state. */
  look(): 'FAIL' | 'PASS' | 'continue' {
    const n = this.games;
    this.deltas.forEach((delta, k) => {
      const st = this.states[k];
      if (st.up === 'continue') {
        st.llrUp = gaussianLlr(n, this.sum[k], this.sumSq[k], 0, 2 * delta);
        st.up = sprtDecision(st.llrUp, this.bounds);
        if (st.up !== 'continue') st.upAt = n;
      }
      if (st.down === 'continue') {
        st.llrDown = gaussianLlr(n, this.sum[k], this.sumSq[k], 0, -2 * delta);
        st.down = sprtDecision(st.llrDown, this.bounds);
        if (st.down !== 'continue') st.downAt = n;
      }
    });
    if (this.states.some((s) => s.up === 'H1' || s.down === 'H1')) return 'FAIL';
    if (this.states.every((s) => s.up === 'H0' && s.down === 'H0')) return 'PASS';
    return 'continue';
  }

  /** Every metric's SPRT state; `outcome` the state of the last look (to mark the deciding metrics). */
  snapshot(outcome: 'FAIL' | 'PASS' | 'continue' = 'continue'): SequentialState[] {
    return this.states.map((s) => ({
      ...s,
      decisive: outcome === 'FAIL' ? s.up === 'H1' || s.down === 'H1' : outcome === 'PASS' ? s.upAt === this.games || s.downAt === this.games : false,
    }));
  }
}

export interface SequentialAnalysis extends FixedAnalysis {
  /** Games compared when the test stopped. */
  readonly games: number;
  /** 'sprt' when the sequential test decided; 'limit' when it ran out of games (fixed-mode verdict there). */
  readonly decidedBy: 'sprt' | 'limit';
  readonly sprt: SprtSettings;
}

/** The verdict of a sequential test that has stopped after `games` deals (`state` its last look). */
export function concludeSequential(
  series: readonly MetricSeries[],
  test: SequentialTest,
  state: 'FAIL' | 'PASS' | 'continue',
  alpha: number = CHECK_DEFAULTS.alpha,
): SequentialAnalysis {
  const fixed = analyseFixed(series, test.games, alpha, test.snapshot(state));
  if (state === 'continue') return { ...fixed, games: test.games, decidedBy: 'limit', sprt: test.settings };
  // The SPRT decided: its verdict stands; the fixed statistics describe the shifts.
  return { ...fixed, verdict: state, gamesNeeded: null, undecidable: [], games: test.games, decidedBy: 'sprt', sprt: test.settings };
}

/** Runs the sequential test over series already complete up to `limit` games (calibration, tests). */
export function sequentialOnSeries(
  series: readonly MetricSeries[],
  limit: number,
  options: { alpha?: number; beta?: number; lookEvery?: number } = {},
): SequentialAnalysis {
  const lookEvery = options.lookEvery ?? CHECK_DEFAULTS.lookEvery;
  const alpha = options.alpha ?? CHECK_DEFAULTS.alpha;
  const test = new SequentialTest(
    series.map((m) => m.delta),
    alpha,
    options.beta ?? CHECK_DEFAULTS.beta,
  );
  let state: 'FAIL' | 'PASS' | 'continue' = 'continue';
  while (test.games < limit && state === 'continue') {
    const to = Math.min(limit, test.games + lookEvery);
    test.add(series, test.games, to);
    state = test.look();
  }
  return concludeSequential(series, test, state, alpha);
}
