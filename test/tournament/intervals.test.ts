/**
 * Tournament intervals (issue 17, items 1 and 2): win-rate intervals are taken over deals, because a
 * deal's seat rotations are correlated games; below MIN_DEALS deals per bot no interval and no
 * significance is given, and the outputs say why.
 */
import { describe, expect, it } from 'vitest';
import { tournamentSpec, type TournamentArgs } from '../../src/cli/tournament.js';
import { MIN_DEALS, summarizeTournament, type TournamentFacts, type TournamentSummary } from '../../src/report/tournament.js';
import { GAMES } from '../../src/games/registry.js';
import { reportGameOf } from '../../src/report/summary.js';
import { renderTournament } from '../../src/report/tournament-html.js';
import { tournamentTable } from '../../src/report/tournament-write.js';
import type { TournamentGame } from '../../src/sim/tournament.js';
import { runTournament } from '../../src/sim/tournament-pool.js';
import { wilsonInterval } from '../../src/stats/index.js';

const BOTS = ['greedy', 'cooperative', 'betrayer', 'reciprocal'];

function factsFor(bots: readonly string[], deals: number, lineups = 1): TournamentFacts {
  return {
    game: 'goldrausch',
    players: 4,
    seed: 'intervals',
    deals,
    lineupsPlayed: lineups,
    lineupsPossible: lineups,
    bots: bots.map((name) => ({ name, source: 'built-in' })),
    counters: [],
    botTimeoutMs: null,
    hangLimitMs: 0,
    deckId: 'test',
    changedRules: {},
    parameters: {},
    replayCommand: 'goldpit tournament --replay',
  };
}

/**
 * Synthetic games of one line-up of 4 bots (ids 0..3): in every rotation of every deal the finishing
 * order is the same — bot 0 first, then 1, 2, 3 — the strongest possible evidence per game, and the
 * case in which `--deals 1` used to print degenerate intervals ("+447 (+447 to +447)") and claim
 * significance.
 */
function dominantGames(deals: number): TournamentGame[] {
  const games: TournamentGame[] = [];
  for (let deal = 0; deal < deals; deal++) {
    for (let rotation = 0; rotation < 4; rotation++) {
      const game = deal * 4 + rotation;
      const seats = [0, 1, 2, 3].map((s) => (s + rotation) % 4);
      games.push({
        game,
        seats,
        ranks: seats.map((bot) => bot),
        scores: seats.map((bot) => 40 - 10 * bot),
        winners: [seats.indexOf(0)],
        endedBy: 'race',
        length: 8,
        counters: seats.map(() => []),
        faults: [],
      });
    }
  }
  return games;
}

describe('too few deals: no intervals and no significance', () => {
  const summarize = (deals: number) => summarizeTournament(factsFor(BOTS, deals), dominantGames(deals), { winnerOnly: false, bootstrap: 50 });

  it(`withholds every interval and significance mark below ${MIN_DEALS} deals per bot, and says why`, () => {
    for (const deals of [1, 2, MIN_DEALS - 1]) {
      const s = summarize(deals);
      expect(s.intervals).toMatchObject({ given: false, minimumDeals: MIN_DEALS, fewestDeals: deals });
      expect(s.intervals.reason).toMatch(
        new RegExp(`played ${deals} deals?; intervals and significance need at least ${MIN_DEALS} deals per bot, because a deal`),
      );
      expect(s.rating.bootstrap).toBe(0);
      for (const b of s.bots) {
        expect(b.deals).toBe(deals);
        expect(b.eloCi95).toBeNull();
        expect(b.logWorthCi95).toBeNull();
        expect(b.winCi95).toBeNull();
        expect(b.winDesignEffect).toBeNull();
        expect(b.significantlyAbove).toEqual([]);
        expect(b.significantlyBelow).toEqual([]);
        expect(b.vsBestOther?.ci95).toBeNull();
        expect(b.vsBestOther?.significant).toBe(false);
      }
      expect(s.differences.lower).toBeNull();
      expect(s.differences.significant).toBeNull();
      // The estimates are still given: the order the games show.
      expect(s.bots.map((b) => b.bot)).toEqual(BOTS);
      expect(s.bots[0].elo).toBeGreaterThan(s.bots[1].elo);
    }
  });

  it('prints no significance claim and no interval in the table or on the page with --deals 1', () => {
    const s = summarize(1);
    const table = tournamentTable(s);
    expect(table).not.toMatch(/with significance/);
    expect(table).not.toMatch(/significantly above/);
    expect(table).not.toMatch(/\*$/m);
    expect(table).toContain(`NO intervals and NO significance: greedy played 1 deal; intervals and significance need at least ${MIN_DEALS} deals per bot`);
    expect(table).toContain('greedy is rated highest; with 1 deal for greedy, whether that order is more than luck cannot be said');
    // Every row shows its estimate with "(no interval)" in place of both intervals.
    for (const bot of BOTS) expect(table).toMatch(new RegExp(`${bot} +[+\u2212]\\d+ \\(no interval\\) +\\d+\\.\\d% \\(no interval\\)`));
    const page = renderTournament(s, null, reportGameOf(GAMES.goldrausch));
    expect(page).toContain('No intervals and no significance: greedy played 1 deal');
    expect(page).not.toMatch(/with significance|significantly above/);
    expect(page).not.toContain('class="sig"');
    expect(page).toContain(`no intervals (fewer than ${MIN_DEALS} deals per bot)`);
    expect(page).not.toContain('bootstrap resamples');
    expect(page).toContain('<dt>deck</dt><dd><code>test</code>');
    // A game without a deck (GOLD) gets no deck row.
    const noDeck = summarizeTournament({ ...factsFor(BOTS, 1), deckId: '' }, dominantGames(1), { winnerOnly: false, bootstrap: 50 });
    expect(renderTournament(noDeck, null, reportGameOf(GAMES.goldrausch))).not.toContain('<dt>deck</dt>');
  });

  it('draws both point charts for any number of deals: no NaN, each value right of its point (and whisker), the missing intervals said', () => {
    for (const deals of [1, 2, 5, MIN_DEALS - 1, MIN_DEALS]) {
      const s = summarize(deals);
      const page = renderTournament(s, null, reportGameOf(GAMES.goldrausch));
      expect(page).not.toContain('NaN');
      for (const chart of ['ratings', 'rating-gaps']) {
        const svg = page.match(new RegExp(`<svg[^>]*data-chart="${chart}"[\\s\\S]*?</svg>`))?.[0];
        expect(svg, `${chart} at ${deals} deals`).toBeDefined();
        const points = [...svg!.matchAll(/<circle cx="([\d.-]+)"/g)].map((m) => Number(m[1]));
        const values = [...svg!.matchAll(/<text class="value" x="([\d.-]+)"/g)].map((m) => Number(m[1]));
        expect(values).toHaveLength(points.length);
        values.forEach((x, i) => expect(x).toBeGreaterThanOrEqual(points[i] + 8));
        expect(svg!.includes('class="whisker')).toBe(s.intervals.given);
      }
      if (s.intervals.given) {
        expect(page).toContain('Ratings with 95% intervals');
      } else {
        expect(page).toContain('Ratings (point estimates; no intervals)');
        expect(page).toContain('Rating gap to the best other bot (point estimates)');
        expect(page).toContain('The chart shows point estimates only');
      }
    }
  });

  /** As dominantGames, but in deal 0 bots 2 and 3 swap places: the deals differ, so the bootstrap has variation to show. */
  const varied = (deals: number) =>
    dominantGames(deals).map((g) => (g.game < 4 ? { ...g, ranks: g.seats.map((bot) => (bot === 2 ? 3 : bot === 3 ? 2 : bot)) } : g));

  it(`gives intervals and significance from ${MIN_DEALS} deals per bot on`, () => {
    const s = summarizeTournament(factsFor(BOTS, MIN_DEALS), varied(MIN_DEALS), { winnerOnly: false, bootstrap: 50 });
    expect(s.intervals).toEqual({ given: true, minimumDeals: MIN_DEALS, fewestDeals: MIN_DEALS, fewestDealsBot: 'greedy', reason: null });
    expect(s.rating.bootstrap).toBe(50);
    for (const b of s.bots) {
      expect(b.eloCi95).not.toBeNull();
      expect(b.winCi95).not.toBeNull();
    }
    // Bot 0 finished first in all 80 games: ahead of every other bot with significance.
    expect(s.bots[0].significantlyAbove).toEqual(['cooperative', 'betrayer', 'reciprocal']);
    expect(tournamentTable(s)).toContain('greedy is rated above every other bot with significance');
  });

  it('gives no interval, rather than zero-width ones, when every deal gave the same finishing orders, and says why', () => {
    // Every resample of identical deals is the same data: the percentile intervals were all of zero
    // width ("+447 (+447 to +447)") however many deals were played.
    const s = summarize(MIN_DEALS + 10);
    expect(s.intervals).toMatchObject({ given: false, fewestDeals: MIN_DEALS + 10 });
    expect(s.intervals.reason).toMatch(/^every deal gave the same finishing orders, so resampling the deals shows no variation/);
    for (const b of s.bots) expect([b.eloCi95, b.winCi95, b.vsBestOther?.ci95]).toEqual([null, null, null]);
    expect(tournamentTable(s)).toContain('every deal gave the same finishing orders, so how sure that order is cannot be measured');
    const page = renderTournament(s, null, reportGameOf(GAMES.goldrausch));
    expect(page).toContain('No intervals and no significance: every deal gave the same finishing orders');
    expect(page).not.toContain('fewer than 20 deals per bot');
    // With one deal different, intervals are given, and none has zero width.
    const v = summarizeTournament(factsFor(BOTS, MIN_DEALS + 10), varied(MIN_DEALS + 10), { winnerOnly: false, bootstrap: 50 });
    expect(v.intervals.given).toBe(true);
    for (const b of v.bots) expect(b.eloCi95![1]).toBeGreaterThan(b.eloCi95![0]);
  });

  it('counts deals per bot: a sampled schedule that seats a bot rarely withholds the intervals', () => {
    // Bots 0..3 in deals 0..24 (line-up 0), bots 0,1,2,4 in deal 25 only (line-up 1): bot 4 has 1 deal.
    const games = dominantGames(MIN_DEALS + 5);
    for (let rotation = 0; rotation < 4; rotation++) {
      const seats = [0, 1, 2, 4].map((_, s) => [0, 1, 2, 4][(s + rotation) % 4]);
      const rank = (bot: number) => (bot === 4 ? 3 : bot);
      games.push({
        game: (MIN_DEALS + 5) * 4 + rotation,
        seats,
        ranks: seats.map(rank),
        scores: seats.map((b) => 40 - 10 * rank(b)),
        winners: [seats.indexOf(0)],
        endedBy: 'race',
        length: 8,
        counters: seats.map(() => []),
        faults: [],
      });
    }
    const s = summarizeTournament({ ...factsFor([...BOTS, 'random'], MIN_DEALS + 5, 2), deals: MIN_DEALS + 5 }, games, { winnerOnly: false, bootstrap: 20 });
    expect(s.intervals).toMatchObject({ given: false, fewestDeals: 1, fewestDealsBot: 'random' });
  });
});

describe('win-rate intervals over deals', () => {
  it('match the cluster formula on hand-made deals, wider than Wilson when a deal decides its rotations', () => {
    // 20 deals; in deals 0–9 bot 0 wins all 4 rotations, in deals 10–19 none (bot 1 wins those).
    // Bot 0: 40 wins of 80 games, residual ±2 per deal: V_CR = 20/19 · 20·4 / 80² = 0.0131579,
    // binomial 0.25/80 = 0.003125, design effect 4.2105 (= 80/19), n_eff = 19,
    // t = t_19(0.975) = 2.0930240544083087 (scipy: t.ppf(0.975, 19)); Wilson with that t on 19 games:
    // (0.5 + t²/38 ∓ t·√(0.25/19 + t²/(4·19²))) / (1 + t²/19) = 0.5 ∓ 0.266330/1.230571 = 0.283572, 0.716428.
    const games: TournamentGame[] = [];
    for (let deal = 0; deal < MIN_DEALS; deal++) {
      const winner = deal < 10 ? 0 : 1;
      for (let rotation = 0; rotation < 4; rotation++) {
        const seats = [0, 1, 2, 3].map((s) => (s + rotation) % 4);
        const rank = (bot: number) => (bot === winner ? 0 : bot === 1 - winner ? 1 : bot);
        games.push({
          game: deal * 4 + rotation,
          seats,
          ranks: seats.map(rank),
          scores: seats.map((b) => 40 - 10 * rank(b)),
          winners: [seats.indexOf(winner)],
          endedBy: 'race',
          length: 8,
          counters: seats.map(() => []),
          faults: [],
        });
      }
    }
    const s = summarizeTournament(factsFor(BOTS, MIN_DEALS), games, { winnerOnly: false, bootstrap: 20 });
    const bot0 = s.bots.find((b) => b.bot === 'greedy')!;
    expect(bot0.winRate).toBe(0.5);
    expect(bot0.winDesignEffect).toBe(4.2105);
    // statsmodels: scripts/reference/clustered_proportion.py '[([4]*10+[0]*10, [4]*20, 0.95)]'
    // → lower 0.28357122184173567, upper 0.7164287781582643 (fixed to 6 digits in the summary).
    expect(bot0.winCi95).toEqual([0.283571, 0.716429]);
    const wilson = wilsonInterval(40, 80);
    expect(bot0.winCi95![1] - bot0.winCi95![0]).toBeGreaterThan(2 * (wilson.upper - wilson.lower));
  });

  /**
   * A real tournament, cut into replicate tournaments. 1,000 deals of one line-up (4,000 games,
   * ~2 s in this thread) give each bot's pooled win rate; its 50 disjoint slices of 20 deals are 50
   * independent 20-deal tournaments (deals share nothing across slices). Each slice's 95% interval
   * should cover the pooled rate about 95% of the time. Measured (2026-11-25, 200 (bot, slice)
   * pairs): seed "coverage", over deals 198 (99%), Wilson on the games 177 (88.5%), design effects
   * 1.36–1.81; seed "coverage2", 190 (95%) against 171 (85.5%). The bar below is the one Wilson
   * fails. (statsmodels' cluster-robust variance on the games.csv of another 1,000-deal tournament
   * of these bots, seed "goldpit", gave design effects 1.40–1.94.)
   */
  it('cover the pooled win rate of a real tournament about 95% of the time (Wilson on the games: about 85%)', async () => {
    const deals = 1000;
    const slice = MIN_DEALS;
    const args: TournamentArgs = {
      bots: BOTS.join(','),
      players: 4,
      lineups: 'all',
      deals,
      seed: 'coverage',
      'bot-timeout': 0,
      'hang-limit': 0,
      bootstrap: 2,
      rating: 'order',
      json: false,
      quiet: true,
      'deals-per-task': 50,
    };
    const { spec, factories } = await tournamentSpec(args);
    const games = await runTournament(spec, factories, { workers: 0, dealsPerTask: 50 });
    expect(games).toHaveLength(deals * 4);
    const pooled = new Map<string, number>();
    const all = summarizeTournament(factsFor(BOTS, deals), games, { winnerOnly: false, bootstrap: 2 });
    for (const b of all.bots) pooled.set(b.bot, b.winRate);
    // The correlation is real: every bot's win rate varies more over deals than over independent games.
    for (const b of all.bots) expect(b.winDesignEffect!, b.bot).toBeGreaterThan(1.2);

    let covered = 0;
    let wilsonCovered = 0;
    let intervals = 0;
    for (let from = 0; from < deals; from += slice) {
      const part = games.slice(from * 4, (from + slice) * 4);
      const s: TournamentSummary = summarizeTournament(factsFor(BOTS, slice), part, { winnerOnly: false, bootstrap: 2 });
      expect(s.intervals.given).toBe(true);
      for (const b of s.bots) {
        const truth = pooled.get(b.bot)!;
        intervals++;
        if (b.winCi95![0] <= truth && truth <= b.winCi95![1]) covered++;
        const w = wilsonInterval(b.wins, b.games);
        if (w.lower <= truth && truth <= w.upper) wilsonCovered++;
      }
    }
    expect(intervals).toBe(200);
    expect(covered / intervals).toBeGreaterThanOrEqual(0.92);
    // The old interval (Wilson on the games) does not pass the same bar.
    expect(wilsonCovered / intervals).toBeLessThan(0.92);
  }, 60_000);
});
