/**
 * The card-impact report's tests and their multiple-testing labels (issue 17, item 3): the paired-t
 * metrics are each an FDR family across the cards; the swing (share of games whose winner changed)
 * is an observed count with no p-value, in no FDR family, and card_impact.csv says so.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { impactReport } from '../../src/report/impact.js';
import { impactTable, writeImpactOutputs } from '../../src/report/write.js';
import { reportGameOf } from '../../src/report/summary.js';
import { GAMES as REGISTRY } from '../../src/games/registry.js';
import { IMPACT_METRICS, WIN_UNITS, type CardSums } from '../../src/sim/impact.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { benjaminiHochberg, pairedFromSums } from '../../src/stats/index.js';

const scenario = loadScenario('scenarios/baseline.json');
const GAMES = 100;

/** Sums for a card drawn in `drawn` games: leader-win differences ±1 (in WIN_UNITS), other metrics 0 but swing. */
function card(card: number, drawn: number, leaderUp: number, leaderDown: number, swings: number): CardSums {
  const sum = new Float64Array(IMPACT_METRICS.length);
  const sumSq = new Float64Array(IMPACT_METRICS.length);
  sum[0] = (leaderUp - leaderDown) * WIN_UNITS;
  sumSq[0] = (leaderUp + leaderDown) * WIN_UNITS * WIN_UNITS;
  sum[5] = swings;
  sumSq[5] = swings;
  const changes = IMPACT_METRICS.map(() => new Map<number, number>());
  if (leaderUp > 0) changes[0].set(WIN_UNITS, leaderUp);
  if (leaderDown > 0) changes[0].set(-WIN_UNITS, leaderDown);
  if (swings > 0) changes[5].set(1, swings);
  return { card, drawnIn: drawn, sum, sumSq, changes };
}

describe('card impact: tests, FDR families and the swing', () => {
  // Card 0 changes the then-leader's result in 30 of 60 games (25 up, 5 down); card 1 in 10 (6 up, 4 down); card 2 in none.
  const sums = [card(0, 60, 25, 5, 12), card(1, 60, 6, 4, 3), card(2, 60, 0, 0, 0)];
  const report = impactReport(scenario, 'impact', GAMES, sums);

  it('gives the swing no p-value and no significance, even for a card that changed winners', () => {
    for (const c of report.cards) {
      for (const scope of ['perGame', 'perDraw'] as const) {
        const swing = c[scope].swing;
        expect(swing.pValue).toBeNull();
        expect(swing.qValue).toBeNull();
        expect(swing.significant).toBeNull();
      }
    }
    expect(report.cards[0].perDraw.swing.estimate).toBe(0.2);
  });

  it('adjusts the paired-t p-values across the cards (Benjamini–Hochberg), leaving the interval and p unadjusted', () => {
    const p = sums.map((s) => pairedFromSums(s.drawnIn, s.sum[0] / WIN_UNITS, s.sumSq[0] / WIN_UNITS ** 2));
    const q = benjaminiHochberg(p.map((r) => r.pValue));
    report.cards.forEach((c, i) => {
      const e = c.perDraw.leaderWin;
      expect(e.pValue).toBe(Number(p[i].pValue.toPrecision(6)));
      expect(e.qValue).toBe(Number(q[i].toPrecision(6)));
      // Card 0 changed 30 games: the t interval; card 1 only 10: the score interval widened to t.
      if (i === 0) expect(e.ci95).toEqual([Number(p[i].lower.toFixed(6)), Number(p[i].upper.toFixed(6))]);
      if (i === 1) expect(e.ci95![0]).toBeLessThanOrEqual(p[i].lower);
      expect(e.significant).toBe(q[i] < 0.05);
    });
    expect(report.cards[0].perDraw.leaderWin.significant).toBe(true);
  });

  it('gives a card that changed no game exactly 0, with the bound that many unchanged games allow, never [0, 0]', () => {
    // Card 2 changed the then-leader's result in none of its 60 draws (and of the 100 games): the
    // difference of a win share lies in [−1, 1], so the bound is Wilson's upper end for 0 of n on
    // each side: scipy stats.binomtest(0, 60).proportion_ci(method='wilson').high = 0.06017185…
    // (0.03699… for 0 of 100).
    const none = report.cards[2];
    expect(none.perDraw.leaderWin).toMatchObject({ estimate: 0, ci95: [-0.060172, 0.060172], pValue: 1 });
    expect(none.perGame.leaderWin.ci95).toEqual([-0.036993, 0.036993]);
    // The final-score spread has no bound: no interval rather than a zero-width one.
    expect(none.perDraw.spread.ci95).toBeNull();
    // The game's length lies in [0, 10]: ten times a win share's bound.
    expect(none.perDraw.length.ci95).toEqual([-0.601719, 0.601719]);
    // A card drawn in no game has no interval at all.
    const never = impactReport(scenario, 'impact', GAMES, [card(3, 0, 0, 0, 0)]).cards[0];
    expect([never.perDraw.leaderWin.ci95, never.perDraw.swing.ci95]).toEqual([null, null]);
  });

  it('never gives a zero-width interval: not when every draw changed a metric by the same amount, nor for few changed games', () => {
    // Card 4 lengthened each of its 8 games by exactly one round: paired t from the sums had sd 0 and
    // printed [1, 1]. The tally gives the score interval in [−10, 10]: it must still include 1.
    const sums4 = card(4, 8, 0, 0, 0);
    const length = IMPACT_METRICS.indexOf('length');
    sums4.sum[length] = 8;
    sums4.sumSq[length] = 8;
    sums4.changes[length].set(1, 8);
    const c = impactReport(scenario, 'impact', GAMES, [sums4]).cards[0];
    const [lo, hi] = c.perDraw.length.ci95!;
    expect(c.perDraw.length.estimate).toBe(1);
    expect(lo).toBeLessThan(1);
    expect(hi).toBeGreaterThan(1);
    expect(hi).toBeLessThanOrEqual(10);
    // Per game (8 of 100 games changed by +1): the mean 0.08, the interval wider than t's.
    const t = pairedFromSums(GAMES, 8, 8);
    const [glo, ghi] = c.perGame.length.ci95!;
    expect(glo).toBeLessThanOrEqual(t.lower);
    expect(ghi).toBeGreaterThan(t.upper);
  });

  it('card_impact.csv labels the swing as an observed share with empty p, q and significance cells', () => {
    const dir = mkdtempSync(join(tmpdir(), 'goldpit-impact-'));
    try {
      writeImpactOutputs(dir, report);
      // No cell holds a comma or a quote, so a split is a faithful parse.
      const [header, ...lines] = readFileSync(join(dir, 'card_impact.csv'), 'utf8').trim().split('\n');
      const columns = header.split(',');
      const rows = lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i], v])));
      const swing = rows.filter((r) => r.metric === 'swing');
      expect(swing).toHaveLength(6);
      for (const r of swing) expect([r.test, r.p_value, r.q_value_bh, r.significant]).toEqual(['none (observed share)', '', '', '']);
      const tested = rows.filter((r) => r.metric !== 'swing');
      expect(tested).toHaveLength(30);
      for (const r of tested) {
        expect(r.test).toBe('paired t');
        expect(r.p_value).not.toBe('');
        // csv-stringify writes true as 1 and false as an empty cell.
        expect(['1', '']).toContain(r.significant);
      }
      expect(tested.find((r) => r.card === report.cards[0].card && r.scope === 'per_draw' && r.metric === 'leaderWin')!.significant).toBe('1');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(impactTable(report, reportGameOf(REGISTRY.goldrausch))).toContain(
      'CI: per card, unadjusted. *: significant after Benjamini–Hochberg across the cards (adjusted), so a CI may exclude 0 without it.',
    );
  });
});
