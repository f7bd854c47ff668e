/**
 * From the sums of paired differences to the impact report: per card and metric, the mean effect per
 * game (all games; undrawn ones count 0) and per draw (games that drew the card), each with a 95%
 * t-interval and a paired t-test, then Benjamini–Hochberg across the cards for each metric and scope.
 */
import { benjaminiHochberg, pairedFromSums, wilsonInterval } from '../stats/index.js';
import { IMPACT_METRICS, WIN_UNITS, type CardSums } from '../sim/impact.js';
import type { Scenario } from '../sim/scenario.js';
import { fixed } from './summary.js';
import type { CardImpact, ImpactMetrics, ImpactReport, PairedEffect } from './types.js';

type Draft = Omit<PairedEffect, 'qValue' | 'significant'>;

function effect(n: number, sum: number, sumSq: number, scale: number): Draft {
  if (n < 2) return { estimate: n === 1 ? fixed(sum / scale) : 0, ci95: [0, 0], pValue: 1, n };
  const r = pairedFromSums(n, sum / scale, sumSq / (scale * scale));
  return { estimate: fixed(r.mean), ci95: [fixed(r.lower), fixed(r.upper)], pValue: r.pValue, n };
}

/** Swing is a proportion of games (winner changed), so its interval is Wilson's; p tests "never". */
function swing(n: number, count: number): Draft {
  if (n === 0) return { estimate: 0, ci95: [0, 0], pValue: 1, n };
  const ci = wilsonInterval(count, n);
  return { estimate: fixed(count / n), ci95: [fixed(ci.lower), fixed(ci.upper)], pValue: count > 0 ? 0 : 1, n };
}

export function impactReport(scenario: Scenario, seed: string, games: number, sums: readonly CardSums[]): ImpactReport {
  const def = scenario.definition;
  const drafts = sums.map((s) => {
    const metrics = (scope: 'perGame' | 'perDraw') => {
      const n = scope === 'perGame' ? games : s.drawnIn;
      const out: Record<string, Draft> = {};
      IMPACT_METRICS.forEach((m, i) => {
        const scale = m === 'leaderWin' || m === 'lastWin' ? WIN_UNITS : 1;
        out[m] = m === 'swing' ? swing(n, s.sum[i]) : effect(n, s.sum[i], s.sumSq[i], scale);
      });
      return out;
    };
    return { card: def.chanceCards[s.card], drawnIn: s.drawnIn, perGame: metrics('perGame'), perDraw: metrics('perDraw') };
  });
  // False discovery rate across the cards, separately for each metric and scope.
  const final = drafts.map((d) => ({ card: d.card, drawnIn: d.drawnIn, perGame: {} as Record<string, PairedEffect>, perDraw: {} as Record<string, PairedEffect> }));
  for (const scope of ['perGame', 'perDraw'] as const) {
    for (const m of IMPACT_METRICS) {
      const q = benjaminiHochberg(drafts.map((d) => d[scope][m].pValue));
      drafts.forEach((d, i) => {
        const e = d[scope][m];
        final[i][scope][m] = { ...e, pValue: Number(e.pValue.toPrecision(6)), qValue: Number(q[i].toPrecision(6)), significant: q[i] < 0.05 && e.n > 1 };
      });
    }
  }
  const cards: CardImpact[] = final.map((f) => ({ card: f.card, drawnIn: f.drawnIn, perGame: f.perGame as unknown as ImpactMetrics, perDraw: f.perDraw as unknown as ImpactMetrics }));
  return {
    tool: 'goldpit',
    scenario: scenario.name,
    games,
    seed,
    deckId: def.facts(scenario.config).dataIds.deckId ?? '',
    cards,
  };
}
