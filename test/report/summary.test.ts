/**
 * The run summary's aggregated figures agree with a direct computation over the same games' records
 * (the aggregation is checked here; the statistical formulas against scipy in test/stats).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/core/definition.js';
import { renderReport } from '../../src/report/html.js';
import { writeRunOutputs } from '../../src/report/write.js';
import { reportGameOf, summarize } from '../../src/report/summary.js';
import { GAMES } from '../../src/games/registry.js';
import { runRange } from '../../src/sim/run.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { binomialInterval, chiSquaredUniform } from '../../src/stats/index.js';

const scenario = loadScenario('scenarios/baseline.json');
const GR = reportGameOf(GAMES.goldrausch);
const N = 400;
const records: GameRecord[] = [];
const agg = runRange(scenario, 0, N, { seed: 'summary' }, (_, r) => records.push(r));
const summary = summarize({ ...scenario, seed: 'summary' }, agg);

const leaders = (row: readonly number[]) => row.map((v, s) => (v === Math.max(...row) ? s : -1)).filter((s) => s >= 0);

describe('summary figures from aggregates = direct computation over the games', () => {
  it('win rates (shared wins 1/k) with the binomial interval', () => {
    for (const seat of summary.seats) {
      const wins = records.reduce((a, r) => a + (r.outcome.winners.includes(seat.seat) ? 1 / r.outcome.winners.length : 0), 0);
      expect(seat.wins).toBeCloseTo(wins, 6);
      const ci = binomialInterval(wins, N);
      expect(seat.ci95[0]).toBeCloseTo(ci.lower, 6);
      expect(seat.ci95[1]).toBeCloseTo(ci.upper, 6);
    }
    const chi = chiSquaredUniform(summary.seats.map((s) => s.wins));
    expect(summary.seatAdvantage.chiSquared.statistic).toBeCloseTo(chi.statistic, 4);
    const rates = summary.seats.map((s) => s.winRate);
    expect(summary.seatAdvantage.balance).toBeCloseTo(1 - (Math.max(...rates) - Math.min(...rates)), 6);
  });

  it('gold curve means and exact medians per bot, carrying a finished game forward', () => {
    for (const point of summary.goldCurve.filter((g) => g.bot === 'greedy')) {
      const values = records.map((r) => r.curve[Math.min(point.round - 1, r.curve.length - 1)][0]).sort((a, b) => a - b);
      expect(point.meanGold).toBeCloseTo(values.reduce((a, b) => a + b, 0) / N, 3);
      expect(point.p50).toBe(values[Math.ceil(0.5 * N) - 1]);
      expect(point.p10).toBe(values[Math.ceil(0.1 * N) - 1]);
      expect(point.p90).toBe(values[Math.ceil(0.9 * N) - 1]);
    }
  });

  it('lead changes, comebacks and the winner curve', () => {
    let changes = 0;
    let come5 = 0;
    let past5 = 0;
    for (const r of records) {
      const rows = [r.initialScores, ...r.curve];
      for (let i = 1; i < rows.length; i++) if (!leaders(rows[i]).some((s) => leaders(rows[i - 1]).includes(s))) changes++;
      if (r.curve.length > 5) {
        past5++;
        if (!r.outcome.winners.some((w) => leaders(r.curve[4]).includes(w))) come5++;
      }
    }
    expect(summary.gameShape.meanLeadChanges).toBeCloseTo(changes / N, 4);
    expect(summary.gameShape.comebacks[0]).toEqual({ after: 5, share: expect.closeTo(come5 / past5, 6) });
    const last = summary.winnerCurve.at(-1)!;
    const winnerGold = records.flatMap((r) => r.outcome.winners.map((w) => r.outcome.scores[w]));
    expect(last.winner).toBeCloseTo(winnerGold.reduce((a, b) => a + b, 0) / winnerGold.length, 3);
  });

  it('the tension figures and the leader-wins curve, recomputed directly from each game', () => {
    // Independent of src/stats/tension.ts: leaders as seat lists, per step t = 0 (start) … length.
    let changes = 0;
    let changesSq = 0;
    let decided = 0;
    let decisiveShare = 0;
    let deficit = 0;
    let trailed = 0;
    let margin = 0;
    const leaderWin = new Map<number, { wins: number; games: number }>();
    for (const r of records) {
      const rows = [r.initialScores, ...r.curve];
      const lead = rows.map(leaders);
      const winners = r.outcome.winners;
      let c = 0;
      for (let t = 1; t < rows.length; t++) if (!lead[t].some((s) => lead[t - 1].includes(s))) c++;
      changes += c;
      changesSq += c * c;
      const winnersLead = (t: number) => lead[t].every((s) => winners.includes(s));
      if (lead.at(-1)!.some((s) => winners.includes(s))) {
        let d = rows.length - 1;
        while (d > 0 && winnersLead(d - 1)) d--;
        decided++;
        decisiveShare += Math.round((1e6 * d) / r.curve.length) / 1e6;
      }
      const gap = Math.max(...rows.map((row) => Math.max(...row) - Math.max(...winners.map((w) => row[w]))));
      deficit += gap;
      if (gap > 0) trailed++;
      const others = r.outcome.scores.filter((_, s) => !winners.includes(s));
      margin += others.length ? Math.min(...winners.map((w) => r.outcome.scores[w])) - Math.max(...others) : 0;
      for (let t = 0; t < r.curve.length; t++) {
        const e = leaderWin.get(t) ?? { wins: 0, games: 0 };
        e.games++;
        e.wins += lead[t].filter((s) => winners.includes(s)).length / lead[t].length / winners.length;
        leaderWin.set(t, e);
      }
    }
    const t = summary.gameShape.tension;
    expect(records.every((r) => r.outcome.winners.length > 0)).toBe(true);
    expect(t.wonGames).toBe(N);
    expect(t.meanLeadChanges).toBeCloseTo(changes / N, 4);
    expect(t.sdLeadChanges).toBeCloseTo(Math.sqrt((changesSq - (changes * changes) / N) / (N - 1)), 4);
    expect(t.leadChangeDistribution.reduce((a, b) => a + b.games, 0)).toBe(N);
    expect(t.decidedGames).toBe(decided);
    expect(t.meanDecisiveShare).toBeCloseTo(decisiveShare / decided, 6);
    expect(t.meanWinnerDeficit).toBeCloseTo(deficit / N, 4);
    expect(t.winnerTrailedShare).toBeCloseTo(trailed / N, 6);
    expect(t.meanFinalMargin).toBeCloseTo(margin / N, 4);
    expect(t.leaderWins.length).toBe(leaderWin.size);
    for (const point of t.leaderWins) {
      const e = leaderWin.get(point.step)!;
      expect(point.games).toBe(e.games);
      expect(point.share).toBeCloseTo(e.wins / e.games, 6);
      const ci = binomialInterval(e.wins, e.games);
      expect(point.ci95[0]).toBeCloseTo(ci.lower, 6);
      expect(point.ci95[1]).toBeCloseTo(ci.upper, 6);
    }
    // The leader after the first step wins more often than chance in Goldrausch's baseline.
    expect(t.leaderWins[1].share).toBeGreaterThan(1 / scenario.players);
  });

  it('per-round upgrades and the descriptive card figures', () => {
    const upgrades1 = records.reduce((a, r) => a + r.roundCounters[0][0], 0) / N;
    expect(summary.gameShape.perRound[0].upgrades).toBeCloseTo(upgrades1, 4);
    const card = summary.chanceCards.find((c) => c.card === 'subsidy')!;
    let change = 0;
    let count = 0;
    let draws = 0;
    for (const r of records) {
      for (const d of r.cardsDrawn) {
        if (scenario.definition.chanceCards[d.card] !== 'subsidy') continue;
        draws++;
        const before = d.round === 1 ? r.initialScores : r.curve[d.round - 2];
        const after = r.curve[d.round - 1];
        before.forEach((v, s) => {
          if (v === Math.max(...before)) {
            change += after[s] - v;
            count++;
          }
        });
      }
    }
    expect(card.draws).toBe(draws);
    expect(card.meanChange.leader).toBeCloseTo(change / count, 3);
  });
});

describe('the seat chi-squared test with few games', () => {
  it('warns, naming the expected wins per seat, when a seat expects fewer than 5 wins (Cochran)', () => {
    // 12 games, 4 seats: 3 expected wins per seat.
    const few = summarize({ ...scenario, seed: 'summary' }, runRange(scenario, 0, 12, { seed: 'summary' }));
    expect(few.seatAdvantage.chiSquared.warning).toBe(
      'each seat expects only 3 wins (fewer than 5): the chi-squared p-value is an unreliable approximation; play more games',
    );
    // 400 games: 100 expected per seat, no warning.
    expect(summary.seatAdvantage.chiSquared.warning).toBeNull();
  });

  it('puts the warning next to the p-value on the report page', () => {
    const few = summarize({ ...scenario, seed: 'summary' }, runRange(scenario, 0, 12, { seed: 'summary' }));
    const page = renderReport(few, null, null, GR);
    expect(page).toContain('Caution: each seat expects only 3 wins (fewer than 5): the chi-squared p-value is an unreliable approximation; play more games.');
    expect(page).toContain('caution: each seat expects only 3 wins');
    expect(renderReport(summary, null, null, GR)).not.toContain('expects only');
  });

  it('adds the warning to game_shape.csv right after the p-value, only when there is one', () => {
    const few = summarize({ ...scenario, seed: 'summary' }, runRange(scenario, 0, 12, { seed: 'summary' }));
    const dir = mkdtempSync(join(tmpdir(), 'goldpit-chi-'));
    try {
      writeRunOutputs(join(dir, 'few'), few, GR);
      writeRunOutputs(join(dir, 'many'), summary, GR);
      const rows = (run: string) =>
        readFileSync(join(dir, run, 'game_shape.csv'), 'utf8')
          .split('\n')
          .map((l) => l.split(',')[0]);
      const metrics = rows('few');
      expect(metrics[metrics.indexOf('seat_chi_squared_p') + 1]).toBe('seat_chi_squared_warning');
      expect(rows('many')).not.toContain('seat_chi_squared_warning');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
