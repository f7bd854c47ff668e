/**
 * From the sums of paired differences to the impact report: per card and metric, the mean effect per
 * game (all games; undrawn ones count 0) and per draw (games that drew the card), each with a 95%
 * t-interval and a paired t-test (both per card, unadjusted) — or, when no game changed, exactly 0
 * with the bound that many unchanged games allow (stats/bounded-mean.ts noChangeInterval), never a
 * zero-width interval — then Benjamini–Hochberg across the cards
 * for each metric and scope (q-values and `significant`). The swing (share of games whose winner
 * changed) is a count with a Wilson interval and no test: it is not in any FDR family.
 */
import { chanceCardsOf } from '../core/definition.js';
import { benjaminiHochberg, noChangeInterval, pairedFromSums, wilsonInterval } from '../stats/index.js';
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

function effect(n: number, sum: number, sumSq: number, scale: number, range: { lo: number; hi: number } | null): Draft {
  if (n < 2) return { estimate: n === 1 ? fixed(sum / scale) : 0, ci95: null, pValue: 1, n };
  if (sumSq === 0) {
    // No game changed: the effect is exactly 0, and its interval is what n unchanged games allow
    // (never a zero-width one); a metric without a bound gets none.
    const r = range === null ? null : noChangeInterval(n, range.lo, range.hi);
    return { estimate: 0, ci95: r === null ? null : fixedInterval(r.lower, r.upper), pValue: 1, n };
  }
  const r = pairedFromSums(n, sum / scale, sumSq / (scale * scale));
  return { estimate: fixed(r.mean), ci95: fixedInterval(r.lower, r.upper), pValue: r.pValue, n };
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
        if (m !== 'swing') tested[m] = effect(n, s.sum[i], s.sumSq[i], scale, differenceRange(m, def.maxRounds(scenario.config)));
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
