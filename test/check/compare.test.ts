/**
 * The comparison and its report on hand-made paired differences: the games-to-decide figure and its
 * undecidable case, the sequential test's per-metric states (which metric decided), and the report's
 * wording by mode (an SPRT verdict is explained by the SPRTs, a fixed one by the fixed-sample tests).
 */
import { describe, expect, it } from 'vitest';
import { analyseFixed, sequentialOnSeries, type FixedAnalysis, type MetricSeries, type SequentialAnalysis } from '../../src/check/compare.js';
import type { MetricDef } from '../../src/check/deals.js';
import { EXIT_CODES, jsonReport, markdownReport, overallVerdict, textReport, verdictMeaning, type CheckReport } from '../../src/check/report.js';
import type { ScenarioCheck } from '../../src/check/run.js';

const ROUNDS: MetricDef = { id: 'rounds', label: 'mean rounds', family: 'rounds' };
const GOLD: MetricDef = { id: 'gold', label: 'mean final gold', family: 'final-gold' };

/** A metric whose paired differences (current − baseline) are `diffs`, with tolerance δ. */
function series(def: MetricDef, delta: number, diffs: number[]): MetricSeries {
  return { def, delta, baseline: new Float64Array(diffs.length), current: Float64Array.from(diffs) };
}

/** n differences cycling through `pattern`. */
const cycle = (n: number, pattern: number[]) => Array.from({ length: n }, (_, i) => pattern[i % pattern.length]);

function scenario(name: string, a: FixedAnalysis | SequentialAnalysis, mode: 'fixed' | 'sequential'): ScenarioCheck {
  const seq = 'decidedBy' in a ? a : null;
  return {
    name,
    file: `${name}.json`,
    verdict: a.verdict,
    mode,
    games: seq ? seq.games : a.metrics[0].games,
    baselineGames: 1000,
    seed: 's',
    paired: true,
    decidedBy: seq ? seq.decidedBy : 'fixed',
    metrics: a.metrics,
    gamesNeeded: a.gamesNeeded,
    undecidable: a.undecidable,
    ...(seq ? { sprt: { ...seq.sprt, lookEvery: 10 } } : {}),
    changes: [],
    configHash: { baseline: 'a', current: 'b' },
    notes: [],
  };
}

function report(...scenarios: ScenarioCheck[]): CheckReport {
  const verdict = overallVerdict(scenarios);
  return { kind: 'goldpit-check', verdict, exitCode: EXIT_CODES[verdict], baseline: 'b.json', alpha: 0.05, scenarios };
}

describe('games needed to decide', () => {
  // rounds: differences 0 and 0.5 → mean exactly δ = 0.25: no number of games decides it.
  // gold: differences −1.95 and 2.05 → mean 0.05, sd ≈ 2.01 over 100 games: not yet within ±0.25.
  const a = analyseFixed([series(ROUNDS, 0.25, cycle(100, [0, 0.5])), series(GOLD, 0.25, cycle(100, [-1.95, 2.05]))], 100);

  it('plans for 90% power and leaves out a metric whose shift is exactly ±δ', () => {
    expect(a.verdict).toBe('INCONCLUSIVE');
    expect(a.metrics.map((m) => m.status)).toEqual(['undecided', 'undecided']);
    expect(a.metrics[0].shift).toBe(0.25);
    expect(a.undecidable).toEqual(['rounds']);
    // ((z_0.95 + z_0.9)·s/(δ − |d̄|))², z values from scipy.stats.norm.ppf, s the sample sd (n − 1).
    const d = cycle(100, [-1.95, 2.05]);
    const mean = d.reduce((x, y) => x + y, 0) / 100;
    const sd = Math.sqrt(d.reduce((x, y) => x + (y - mean) ** 2, 0) / 99);
    expect(a.gamesNeeded).toBe(Math.ceil((((1.6448536269514722 + 1.2815515655446004) * sd) / (0.25 - mean)) ** 2));
    expect(a.gamesNeeded).toBeGreaterThan(800);
  });

  it('says "cannot be decided at this shift" rather than printing Infinity', () => {
    const r = report(scenario('s', a, 'fixed'));
    for (const out of [textReport(r), markdownReport(r), jsonReport(r)]) expect(out).not.toContain('Infinity');
    expect(textReport(r)).toContain('cannot be decided at this shift (the observed shift is exactly ±δ, so no number of games would decide it): mean rounds');
    expect(textReport(r)).toContain(
      `games needed to decide for the other undecided metrics (from the observed shifts and variance, 90% power): about ${a.gamesNeeded}`,
    );
  });

  it('gives no figure when every undecided metric sits exactly on δ', () => {
    const only = analyseFixed([series(ROUNDS, 0.25, cycle(100, [0, 0.5]))], 100);
    expect(only.gamesNeeded).toBeNull();
    expect(only.undecidable).toEqual(['rounds']);
    expect(textReport(report(scenario('s', only, 'fixed')))).not.toContain('games needed');
  });
});

describe('few or no changed deals', () => {
  // The game's length in [0, 10] rounds, δ = 0.25; 60 deals, one of which changed by +1 round.
  const rounds = (diffs: number[]): MetricSeries => ({ ...series(ROUNDS, 0.25, diffs), range: { lo: 0, hi: 10 } });
  it('prints the interval that allows for the unseen deals, and does not call equivalent what it does not show', () => {
    const one = analyseFixed([rounds(cycle(60, [0]).map((_, i) => (i === 7 ? 1 : 0)))], 60);
    const m = one.metrics[0];
    expect(m.changed).toBe(1);
    // Paired t alone: 0.0167 ± 0.028 at 90%, inside ±0.25, so TOST "shows" equivalence. But 59 unchanged
    // deals of a length that may change by up to 10 rounds cannot rule out a shift of 0.25.
    expect(m.pEquivalent).toBeLessThan(0.05);
    expect(m.lower).toBeLessThan(-0.25);
    expect(m.status).toBe('undecided');
    expect(one.verdict).toBe('INCONCLUSIVE');
  });

  it('gives identical code exactly 0 with a bound, never [0, 0], and passes once the bound is within δ', () => {
    const none = analyseFixed([rounds(cycle(1500, [0]))], 1500);
    const m = none.metrics[0];
    expect([m.shift, m.changed]).toEqual([0, 0]);
    // The bound of 1,500 unchanged deals in [−10, 10]: 10·z²/(n + z²), z = scipy stats.norm.isf(0.025).
    expect(m.upper).toBeCloseTo((10 * 1.959963984540054 ** 2) / (1500 + 1.959963984540054 ** 2), 12);
    expect(m.lower).toBe(-m.upper!);
    expect(m.status).toBe('equivalent');
    // 60 unchanged deals allow ±0.6: not yet shown within δ = 0.25.
    expect(analyseFixed([rounds(cycle(60, [0]))], 60).metrics[0].status).toBe('undecided');
  });

  it('prints no interval, not [0, 0], for a metric without a bound that has one value in every deal of both versions', () => {
    // Mean final gold with no declared range, 5 in every deal before and after (a score sum the rules keep constant).
    const flat: MetricSeries = { ...series(GOLD, 1, cycle(50, [0])), current: new Float64Array(50).fill(5), baseline: new Float64Array(50).fill(5) };
    const a = analyseFixed([flat], 50);
    const m = a.metrics[0];
    expect([m.shift, m.lower, m.upper, m.changed]).toEqual([0, null, null, 0]);
    expect(textReport(report(scenario('flat', a, 'fixed')))).toContain('none: one value in every deal');
  });

  it('widens a declared range that a deal leaves rather than failing', () => {
    // A length of 12 in a game declared to last at most 10 rounds: the interval takes [−12, 12].
    const long = { ...rounds(cycle(40, [0])), current: Float64Array.from(cycle(40, [0]).map((_, i) => (i === 0 ? 12 : 0))) };
    const m = analyseFixed([long], 40).metrics[0];
    expect(m.changed).toBe(1);
    expect(m.upper).toBeGreaterThan(m.shift);
  });
});

describe('the sequential test per metric', () => {
  it('on PASS marks the metric(s) that accepted no shift last', () => {
    // gold: no difference at all (H0 both ways at the first look); rounds: ±1 around 0, whose LLR
    // against ±0.5 falls by 0.125 a game: below ln(0.05/(1 − 0.0125)) = −2.98 after 24 games → look 30.
    const s = sequentialOnSeries([series(ROUNDS, 0.25, cycle(200, [-1, 1])), series(GOLD, 0.25, cycle(200, [0]))], 200, { lookEvery: 10 });
    expect(s).toMatchObject({ verdict: 'PASS', decidedBy: 'sprt', games: 30 });
    const [rounds, gold] = s.metrics.map((m) => m.sequential!);
    expect(rounds).toMatchObject({ up: 'H0', down: 'H0', upAt: 30, downAt: 30, decisive: true });
    expect(rounds.llrUp).toBeCloseTo(-3.75, 12);
    expect(gold).toMatchObject({ up: 'H0', down: 'H0', upAt: 10, downAt: 10, decisive: false, llrUp: -Infinity });
    expect(s.sprt.alphaPerTest).toBeCloseTo(0.0125, 15);
    expect(s.sprt.lower).toBeCloseTo(Math.log(0.05 / (1 - 0.0125)), 14);
    expect(s.sprt.upper).toBeCloseTo(Math.log(0.95 / 0.0125), 14);
  });

  it('on FAIL marks the metric whose SPRT accepted the shift', () => {
    // rounds: differences 0 and 1 (mean 0.5 = 2δ, σ̂ = 0.5): LLR against +0.5 is 0.5 a game.
    const s = sequentialOnSeries([series(ROUNDS, 0.25, cycle(200, [0, 1])), series(GOLD, 0.25, cycle(200, [0]))], 200, { lookEvery: 10 });
    expect(s).toMatchObject({ verdict: 'FAIL', decidedBy: 'sprt', games: 10 });
    const [rounds, gold] = s.metrics.map((m) => m.sequential!);
    expect(rounds).toMatchObject({ up: 'H1', down: 'H0', upAt: 10, decisive: true, llrUp: 5 });
    expect(gold.decisive).toBe(false);
  });

  it('marks nothing when the game limit is reached', () => {
    const s = sequentialOnSeries([series(ROUNDS, 0.25, cycle(20, [-1, 1]))], 20, { lookEvery: 10 });
    expect(s.decidedBy).toBe('limit');
    expect(s.metrics[0].sequential).toMatchObject({ up: 'continue', down: 'continue', upAt: null, decisive: false });
  });
});

describe('the report by mode', () => {
  const fail = sequentialOnSeries([series(ROUNDS, 0.25, cycle(200, [0, 1])), series(GOLD, 0.25, cycle(200, [0]))], 200, { lookEvery: 10 });

  it('explains an SPRT verdict with the SPRTs: states, LLRs, bounds, the deciding metric, and what FAIL means there', () => {
    const r = report(scenario('seq', fail, 'sequential'));
    const text = textReport(r);
    expect(text).toContain('SPRT 0 vs +2δ (LLR)');
    expect(text).not.toContain('p beyond δ (Holm)');
    expect(text).toMatch(/mean rounds .*H1 5\.00 @10 +H0 −\S+ @10 +SHIFTED: nearer \+2δ than 0 ◀/);
    expect(text).toMatch(/mean final gold .*H0 −∞ @10 +H0 −∞ @10 +no shift: nearer 0 than ±2δ$/m);
    expect(text).toContain(
      `H1 (shift of ±2δ accepted) at LLR ≥ ${fail.sprt.upper.toFixed(2)}, H0 (no shift accepted) at LLR ≤ −${(-fail.sprt.lower).toFixed(2)}`,
    );
    const verdict = text.trimEnd().split('\n').pop()!;
    expect(verdict).toContain('goldpit check: FAIL (exit 1) — ');
    expect(verdict).toContain('the shift is nearer 2δ than 0');
    expect(verdict).not.toContain('Holm');
    const markdown = markdownReport(r);
    expect(markdown).toContain('| SPRT 0 vs +2δ (LLR) | SPRT 0 vs −2δ (LLR) | outcome (SPRT) |');
    expect(markdown).toContain('| H1 5.00 @10 |');
    const json = JSON.parse(jsonReport(r)) as { scenarios: { sprt: { upper: number }; metrics: { sequential: { decisive: boolean; llrDown: unknown } }[] }[] };
    expect(json.scenarios[0].sprt.upper).toBe(fail.sprt.upper);
    expect(json.scenarios[0].metrics.map((m) => m.sequential.decisive)).toEqual([true, false]);
    expect(json.scenarios[0].metrics[1].sequential.llrDown).toBe('-Infinity');
  });

  it('explains a fixed verdict with the fixed-sample tests', () => {
    const fixed = analyseFixed([series(ROUNDS, 0.25, cycle(200, [0, 1])), series(GOLD, 0.25, cycle(200, [0]))], 200);
    expect(fixed.verdict).toBe('FAIL');
    const text = textReport(report(scenario('fix', fixed, 'fixed')));
    expect(text).toContain('p beyond δ (Holm)');
    expect(text).not.toContain('SPRT');
    expect(text.trimEnd().split('\n').pop()).toBe(
      'goldpit check: FAIL (exit 1) — a metric moved beyond its tolerance (significant, Holm-corrected at α = 0.05)',
    );
  });

  it('at the sequential game limit shows the fixed-sample verdict beside the SPRT states, and says so', () => {
    const limit = sequentialOnSeries([series(ROUNDS, 0.25, cycle(20, [-1, 1]))], 20, { lookEvery: 10 });
    const text = textReport(report(scenario('lim', limit, 'sequential')));
    expect(text).toContain('p within δ (TOST)');
    expect(text).toContain('SPRT 0 vs −2δ (LLR)');
    expect(text).toContain('continue −2.50');
    expect(text).not.toContain('◀');
    expect(text.trimEnd().split('\n').pop()).toContain('(the sequential test reached the game limit undecided: fixed-sample tests on all its games)');
  });

  it('names the scenarios when they were decided different ways', () => {
    const fixed = analyseFixed([series(ROUNDS, 0.25, cycle(200, [0, 1]))], 200);
    const meaning = verdictMeaning(report(scenario('seq', fail, 'sequential'), scenario('fix', fixed, 'fixed')));
    expect(meaning).toMatch(/^seq: a metric's sequential test accepted .*; fix: a metric moved beyond its tolerance/);
  });
});
