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
 *
 * Sequential mode (`--until-decided`): per metric two one-sided SPRTs (μ = 0 against μ = +2δ, and
 * against μ = −2δ), each at α/(2m) and β, looked at every `lookEvery` games: FAIL as soon as one
 * accepts its shift, PASS once all accept 0; at the game limit the fixed-mode verdict on all games.
 */
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
  readonly llrUp: number;
  readonly llrDown: number;
  /** H1 = the shift +2δ (or −2δ) accepted; H0 = no shift accepted; continue = undecided. */
  readonly up: SprtState;
  readonly down: SprtState;
}

export interface MetricResult {
  readonly id: string;
  readonly label: string;
  readonly family: MetricFamily;
  readonly delta: number;
  readonly games: number;
  readonly baseline: number;
  readonly current: number;
  /** Mean paired difference current − baseline, with its 95% t-interval and the differences' sd. */
  readonly shift: number;
  readonly lower: number;
  readonly upper: number;
  readonly sd: number;
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
  /** Per-deal values, index = game index (at least `games` of them). */
  readonly baseline: Float64Array;
  readonly current: Float64Array;
}

export interface FixedAnalysis {
  readonly verdict: Verdict;
  readonly metrics: MetricResult[];
  /** INCONCLUSIVE: games that would decide every undecided metric if the observed shifts were true. */
  readonly gamesNeeded: number | null;
}

function mean(values: Float64Array, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += values[i];
  return s / n;
}

/** The fixed-sample analysis of the first `games` deals. */
export function analyseFixed(series: readonly MetricSeries[], games: number, alpha: number = CHECK_DEFAULTS.alpha, sequential?: readonly SequentialState[]): FixedAnalysis {
  if (games < 2) throw new RangeError(`analyseFixed: games must be at least 2, got ${games}`);
  const rows = series.map((m) => {
    const diffs = new Float64Array(games);
    for (let i = 0; i < games; i++) diffs[i] = m.current[i] - m.baseline[i];
    const paired = pairedDifference(diffs);
    return { m, paired, test: toleranceTest(paired, m.delta) };
  });
  const beyondHolm = holm(rows.map((r) => r.test.pBeyond));
  const differenceHolm = holm(rows.map((r) => r.paired.pValue));
  const metrics: MetricResult[] = rows.map(({ m, paired, test }, i) => {
    const status: MetricStatus = beyondHolm[i] <= alpha ? 'shifted' : test.pEquivalent <= alpha ? 'equivalent' : 'undecided';
    return {
      id: m.def.id,
      label: m.def.label,
      family: m.def.family,
      delta: m.delta,
      games,
      baseline: mean(m.baseline, games),
      current: mean(m.current, games),
      shift: paired.mean,
      lower: paired.lower,
      upper: paired.upper,
      sd: paired.sd,
      pEquivalent: test.pEquivalent,
      pBeyond: test.pBeyond,
      pBeyondHolm: beyondHolm[i],
      pDifference: paired.pValue,
      pDifferenceHolm: differenceHolm[i],
      status,
      detectedSmallShift: status !== 'shifted' && differenceHolm[i] <= alpha,
      ...(sequential ? { sequential: sequential[i] } : {}),
    };
  });
  const verdict: Verdict = metrics.some((m) => m.status === 'shifted') ? 'FAIL' : metrics.every((m) => m.status === 'equivalent') ? 'PASS' : 'INCONCLUSIVE';
  let gamesNeeded: number | null = null;
  if (verdict === 'INCONCLUSIVE') {
    gamesNeeded = games + 1;
    for (const m of metrics) {
      if (m.status !== 'undecided') continue;
      gamesNeeded = Math.max(gamesNeeded, gamesToDecide(m.shift, m.sd, m.delta, alpha, metrics.length));
    }
  }
  return { verdict, metrics, gamesNeeded };
}

/**
 * The sequential test of one scenario: two one-sided SPRTs per metric (0 against ±2δ) on the running
 * sums of the paired differences. Each SPRT stops at its first crossing and keeps that decision.
 */
export class SequentialTest {
  readonly bounds: SprtBounds;
  private readonly sum: Float64Array;
  private readonly sumSq: Float64Array;
  private readonly states: { llrUp: number; llrDown: number; up: SprtState; down: SprtState }[];
  games = 0;

  constructor(
    private readonly deltas: readonly number[],
    alpha: number = CHECK_DEFAULTS.alpha,
    beta: number = CHECK_DEFAULTS.beta,
  ) {
    // Bonferroni over the 2m one-sided tests: FAIL's family-wise error stays below α.
    this.bounds = sprtBounds(alpha / (2 * deltas.length), beta);
    this.sum = new Float64Array(deltas.length);
    this.sumSq = new Float64Array(deltas.length);
    this.states = deltas.map(() => ({ llrUp: 0, llrDown: 0, up: 'continue' as SprtState, down: 'continue' as SprtState }));
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
      }
      if (st.down === 'continue') {
        st.llrDown = gaussianLlr(n, this.sum[k], this.sumSq[k], 0, -2 * delta);
        st.down = sprtDecision(st.llrDown, this.bounds);
      }
    });
    if (this.states.some((s) => s.up === 'H1' || s.down === 'H1')) return 'FAIL';
    if (this.states.every((s) => s.up === 'H0' && s.down === 'H0')) return 'PASS';
    return 'continue';
  }

  snapshot(): SequentialState[] {
    return this.states.map((s) => ({ ...s }));
  }
}

export interface SequentialAnalysis extends FixedAnalysis {
  /** Games compared when the test stopped. */
  readonly games: number;
  /** 'sprt' when the sequential test decided; 'limit' when it ran out of games (fixed-mode verdict there). */
  readonly decidedBy: 'sprt' | 'limit';
}

/** The verdict of a sequential test that has stopped after `games` deals (`state` its last look). */
export function concludeSequential(series: readonly MetricSeries[], test: SequentialTest, state: 'FAIL' | 'PASS' | 'continue', alpha: number = CHECK_DEFAULTS.alpha): SequentialAnalysis {
  const fixed = analyseFixed(series, test.games, alpha, test.snapshot());
  if (state === 'continue') return { ...fixed, games: test.games, decidedBy: 'limit' };
  // The SPRT decided: its verdict stands; the fixed statistics describe the shifts.
  return { ...fixed, verdict: state, gamesNeeded: null, games: test.games, decidedBy: 'sprt' };
}

/** Runs the sequential test over series already complete up to `limit` games (calibration, tests). */
export function sequentialOnSeries(series: readonly MetricSeries[], limit: number, options: { alpha?: number; beta?: number; lookEvery?: number } = {}): SequentialAnalysis {
  const lookEvery = options.lookEvery ?? CHECK_DEFAULTS.lookEvery;
  const alpha = options.alpha ?? CHECK_DEFAULTS.alpha;
  const test = new SequentialTest(series.map((m) => m.delta), alpha, options.beta ?? CHECK_DEFAULTS.beta);
  let state: 'FAIL' | 'PASS' | 'continue' = 'continue';
  while (test.games < limit && state === 'continue') {
    const to = Math.min(limit, test.games + lookEvery);
    test.add(series, test.games, to);
    state = test.look();
  }
  return concludeSequential(series, test, state, alpha);
}
