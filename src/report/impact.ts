/**
 * From the sums of paired differences to the impact report: per card and metric, the mean effect per
 * game (all games; undrawn ones count 0) and per draw (games that drew the card), each with a 95%
 * interval (a sweep's paired-difference rule: Student's t from 30 changed games, else the score
 * interval in the metric's range widened to t; when no game changed, exactly 0 with the bound that
 * many unchanged games allow — never a zero-width interval) and a paired t-test (both per card,
 * unadjusted) — then Benjamini–Hochberg across the cards
 * for each metric and scope (q-values and `significant`). The swing (share of games whose winner
 * changed) is a count with a Wilson interval and no test: it is not in any FDR family.
 */
import { chanceCardsOf } from '../core/definition.js';
import { benjaminiHochberg, boundedMeanIntervalOfCounts, pairedFromSums, wilsonInterval } from '../stats/index.js';
import { IMPACT_METRICS, WIN_UNITS, type CardSums, type ImpactMetric } from '../sim/impact.js';
import type { Scenario } from '../sim/scenario.js';
import { fixed, fixedInterval } from './summary.js';
import type { CardImpact, ImpactMetrics, ImpactReport, PairedEffect, SwingShare } from './types.js';

type Draft = Omit<PairedEffect, 'qValue' | 'significant'>;

/** The metrics with a test (paired t), each its own FDR family across the cards; not the swing. */
const TESTED = IMPACT_METRICS.filter((m) => m !== 'swing');

/**
 * The range of a metric's paired difference (as dealt − blanked), by construction; null without one
 * (the final-score spread).
 */
function differenceRange(metric: ImpactMetric, maxRounds: number): { lo: number; hi: number } | null {
  if (metric === 'spread') return null;
  if (metric === 'length') return { lo: -maxRounds, hi: maxRounds };
  return { lo: -1, hi: 1 }; // a win share or an ending indicator
}

/**
 * One metric's effect over n games from its sums and its tally of the nonzero differences (in
 * `scale` units): the paired t-test's p-value, and the interval of a sweep's paired difference —
 * stats/bounded-mean.ts in the metric's range, Student's t from 30 changed games, else the score
 * interval widened to t (the tally and n − its games at 0 are every difference) — so few changed
 * games never give t's narrow or zero-width interval, and no changed game gives exactly 0 with the
 * bound n unchanged games allow. A metric without a bound (the final-score spread) keeps the paired
 * t interval, and gets none when every difference is the same.
 */
function effect(n: number, sum: number, sumSq: number, changes: ReadonlyMap<number, number>, scale: number, range: { lo: number; hi: number } | null): Draft {
  if (n < 2) return { estimate: n === 1 ? fixed(sum / scale) : 0, ci95: null, pValue: 1, n };
  const t = pairedFromSums(n, sum / scale, sumSq / (scale * scale));
  if (range === null) {
    const ci95 = t.sd > 0 ? fixedInterval(t.lower, t.upper) : null;
    return { estimate: fixed(t.mean), ci95, pValue: t.pValue, n };
  }
  const values = [0];
  const counts = [n];
  let { lo, hi } = range;
  for (const [value, count] of changes) {
    values.push(value / scale);
    counts.push(count);
    counts[0] -= count;
    // A value outside the declared range (a game longer than its declared most rounds) widens it.
    lo = Math.min(lo, value / scale);
    hi = Math.max(hi, value / scale);
  }
  const r = boundedMeanIntervalOfCounts(values, counts, lo, hi);
  return { estimate: fixed(t.mean), ci95: fixedInterval(r.lower, r.upper), pValue: t.pValue, n };
}

/**
 * Swing is a proportion of games (winner changed), so its interval is Wilson's. It gets no p-value:
 * "the card never changes the winner" is refuted by a single game, a fact rather than a test, and a
 * p of 0 would make every drawn card "significant" in an FDR family of its own.
 */
function swing(n: number, count: number): SwingShare {
  if (n === 0) return { estimate: 0, ci95: null, pValue: null, qValue: null, significant: null, n };
  const ci = wilsonInterval(count, n);
  return { estimate: fixed(count / n), ci95: fixedInterval(ci.lower, ci.upper), pValue: null, qValue: null, significant: null, n };
}

export function impactReport(scenario: Scenario, seed: string, games: number, sums: readonly CardSums[]): ImpactReport {
  const def = scenario.definition;
  const names = chanceCardsOf(def, scenario.config);
  const drafts = sums.map((s) => {
    const metrics = (scope: 'perGame' | 'perDraw') => {
      const n = scope === 'perGame' ? games : s.drawnIn;
      const tested: Record<string, Draft> = {};
      IMPACT_METRICS.forEach((m, i) => {
        const scale = m === 'leaderWin' || m === 'lastWin' ? WIN_UNITS : 1;
        if (m !== 'swing') tested[m] = effect(n, s.sum[i], s.sumSq[i], s.changes[i], scale, differenceRange(m, def.maxRounds(scenario.config)));
      });
      return { tested, swing: swing(n, s.sum[IMPACT_METRICS.indexOf('swing')]) };
    };
    return { card: names[s.card], drawnIn: s.drawnIn, perGame: metrics('perGame'), perDraw: metrics('perDraw') };
  });
  // False discovery rate across the cards, separately for each tested metric and scope.
  const final = drafts.map((d) => ({
    card: d.card,
    drawnIn: d.drawnIn,
    perGame: {} as Record<string, PairedEffect | SwingShare>,
    perDraw: {} as Record<string, PairedEffect | SwingShare>,
  }));
  for (const scope of ['perGame', 'perDraw'] as const) {
    for (const m of TESTED) {
      const q = benjaminiHochberg(drafts.map((d) => d[scope].tested[m].pValue));
      drafts.forEach((d, i) => {
        const e = d[scope].tested[m];
        final[i][scope][m] = { ...e, pValue: Number(e.pValue.toPrecision(6)), qValue: Number(q[i].toPrecision(6)), significant: q[i] < 0.05 && e.n > 1 };
      });
    }
    // In IMPACT_METRICS order (the JSON's key order), the swing last.
    drafts.forEach((d, i) => (final[i][scope].swing = d[scope].swing));
  }
  const cards: CardImpact[] = final.map((f) => ({
    card: f.card,
    drawnIn: f.drawnIn,
    perGame: f.perGame as unknown as ImpactMetrics,
    perDraw: f.perDraw as unknown as ImpactMetrics,
  }));
  return {
    tool: 'goldpit',
    scenario: scenario.name,
    games,
    seed,
    deckId: def.facts(scenario.config).dataIds.deckId ?? '',
    cards,
  };
}
