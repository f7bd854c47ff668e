/**
 * The skill ladder's figures from synthetic games whose outcome is known by construction: each
 * seat's strength is its tier's plus the deal's luck for that seat plus noise, the strongest wins.
 * Every figure is checked against a direct count or against the statistics module on the same data.
 */
import { describe, expect, it } from 'vitest';
import { focalSeat, ladderSpec, ladderTables, tierBudget } from '../../src/skill/ladder.js';
import { summarizeSkill } from '../../src/skill/summary.js';
import { skillVerdicts } from '../../src/skill/verdicts.js';
import { placeOf } from '../../src/sim/tournament.js';
import { clusteredProportionInterval, fitPlackettLuce, varianceShares } from '../../src/stats/index.js';
import { facts, plan, synthetic } from './synthetic.js';

describe('the ladder schedule', () => {
  it('seats one tier against players − 1 copies of every other, on the same deals, deal by deal', () => {
    expect(ladderTables(3)).toEqual([
      { focal: 0, table: 1 },
      { focal: 0, table: 2 },
      { focal: 1, table: 0 },
      { focal: 1, table: 2 },
      { focal: 2, table: 0 },
      { focal: 2, table: 1 },
    ]);
    const spec = ladderSpec(plan(['a', 'b', 'c'], 5));
    expect(spec.lineups[3]).toEqual([1, 2, 2, 2]);
    expect(spec.commonDeals).toBe(true);
    // Game g = ((deal · 6) + table) · 4 + rotation; the random source is the deal's, whatever the table.
    const g = (2 * 6 + 3) * 4 + 1;
    expect(placeOf(spec, g)).toEqual({ lineup: 3, deal: 2, rotation: 1, dealId: 2, seats: [2, 2, 2, 1] });
    expect(placeOf(spec, (2 * 6 + 0) * 4 + 1).dealId).toBe(2);
    // The focal tier (line-up position 0) sits in seat (players − rotation) mod players.
    for (let rotation = 0; rotation < 4; rotation++) {
      const seats = placeOf(spec, (2 * 6 + 3) * 4 + rotation).seats;
      expect(seats[focalSeat(rotation, 4)]).toBe(1);
      expect(seats.filter((t) => t === 1)).toHaveLength(1);
    }
  });

  it('reads a budget from a tier name and groups budgets into families', () => {
    expect(tierBudget('ismcts:iterations=400')).toEqual({ family: 'ismcts', iterations: 400 });
    expect(tierBudget('ismcts:c=1:iterations=50:rollout=greedy')).toEqual({ family: 'ismcts:c=1:rollout=greedy', iterations: 50 });
    expect(tierBudget('ismcts')).toBeNull();
    expect(tierBudget('greedy-3')).toBeNull();
    expect(tierBudget('ismcts:iterations=0')).toBeNull();
  });
});

describe('summarizeSkill', () => {
  // Two search families: "deep" gains at every doubling, "flat" not at all.
  const tiers = ['uniform', 'greedy', 'deep:iterations=100', 'deep:iterations=200', 'deep:iterations=400', 'flat:iterations=100', 'flat:iterations=200'];
  const strength = [-1.5, 0, 0.3, 0.9, 1.5, 0.5, 0.5];
  const D = 40;
  const games = synthetic(tiers, strength, D, 7);
  const s = summarizeSkill(facts(tiers, D), games, { bootstrap: 300 });
  const tables = ladderTables(tiers.length);
  const L = tables.length;
  const index = (a: number, b: number) => tables.findIndex((t) => t.focal === a && t.table === b);
  const focalWins = (a: number, b: number) => {
    const t = index(a, b);
    const perDeal = new Array<number>(D).fill(0);
    for (let d = 0; d < D; d++) {
      for (let r = 0; r < 4; r++) {
        const g = games[(d * L + t) * 4 + r];
        if (g.winners.includes(focalSeat(r, 4))) perDeal[d]++;
      }
    }
    return perDeal;
  };

  it('gives each matchup its focal win share and the clustered interval over deals', () => {
    for (const [a, b] of [
      [1, 0],
      [4, 3],
      [0, 6],
    ]) {
      const wins = focalWins(a, b);
      const ci = clusteredProportionInterval(wins, new Array(D).fill(4));
      const cell = s.matchups[a][b]!;
      expect(cell.focal).toBe(tiers[a]);
      expect(cell.table).toBe(tiers[b]);
      expect(cell.winShare).toBeCloseTo(wins.reduce((x, y) => x + y, 0) / (4 * D), 6);
      expect(cell.ci95![0]).toBeCloseTo(ci.lower, 6);
      expect(cell.ci95![1]).toBeCloseTo(ci.upper, 6);
      expect(cell.edge).toBeCloseTo(cell.winShare - 0.25, 6);
      expect(cell.significant).toBe(ci.lower > 0.25 || ci.upper < 0.25);
    }
    expect(s.matchups[2][2]).toBeNull();
    expect(s.matchups[1][0]!.significant).toBe(true); // greedy against uniform: strength 0 against −1.5
  });

  it('rates the tiers with one Plackett–Luce fit over every seat, a tier once per seat it holds', () => {
    const fit = fitPlackettLuce(
      tiers.length,
      games.map((g) => ({ items: g.seats, ranks: g.ranks.map((r) => r + 1) })),
      { repeatedItems: true },
    );
    s.tiers.forEach((t, i) => expect(t.logWorth).toBeCloseTo(fit.logWorth[i], 6));
    // The order of the strengths.
    const byRating = [...s.tiers].sort((a, b) => b.elo - a.elo).map((t) => t.tier);
    expect(byRating[0]).toBe('deep:iterations=400');
    expect(byRating[byRating.length - 1]).toBe('uniform');
    for (const t of s.tiers) expect(t.eloCi95![0]).toBeLessThanOrEqual(t.elo);
  });

  it('counts skill depth from the lowest budget, with each step gain from the higher budget at the lower table', () => {
    const deep = s.depth.find((d) => d.family === 'deep')!;
    expect(deep.budgets).toEqual([100, 200, 400]);
    expect(deep.steps.map((x) => [x.from, x.to, x.ratio])).toEqual([
      [100, 200, 2],
      [200, 400, 2],
    ]);
    const wins = focalWins(4, 3);
    expect(deep.steps[1].gain).toBeCloseTo(wins.reduce((x, y) => x + y, 0) / (4 * D) - 0.25, 6);
    expect(deep.steps.every((x) => x.significant)).toBe(true);
    expect(deep.depth).toBe(2);
    const flat = s.depth.find((d) => d.family === 'flat')!;
    expect(flat.steps[0].significant).toBe(false);
    expect(flat.depth).toBe(0);
    // The tiers of a family carry their budget.
    expect(s.tiers[3]).toMatchObject({ family: 'deep', budget: 200 });
    expect(s.tiers[1]).toMatchObject({ family: null, budget: null });
  });

  it('decomposes the focal win share into luck, skill and both by the paired design', () => {
    const values = new Float64Array(L * D * 4);
    for (let t = 0; t < L; t++) {
      for (let d = 0; d < D; d++) {
        for (let r = 0; r < 4; r++) {
          const g = games[(d * L + t) * 4 + r];
          const seat = focalSeat(r, 4);
          values[(t * D + d) * 4 + seat] = g.winners.includes(seat) ? 1 : 0;
        }
      }
    }
    const direct = varianceShares({ rows: L, clusters: D, perCluster: 4, values });
    expect(s.luck!.skill.share).toBeCloseTo(direct.shares.rows, 6);
    expect(s.luck!.luck.share).toBeCloseTo(direct.shares.columns, 6);
    expect(s.luck!.interaction.share).toBeCloseTo(direct.shares.interaction, 6);
    expect(s.luck!.luck.ci95![0]).toBeLessThan(s.luck!.luck.share);
    // Deal luck (sd 0.8 per seat) is real here: its share's interval excludes 0.
    expect(s.luck!.luck.ci95![0]).toBeGreaterThan(0);
    // One decomposition per table tier (its focal tiers varying).
    expect(s.luck!.byTable.map((t) => t.table)).toEqual(tiers);
  });

  it('says it in words, each claim backed by an interval', () => {
    expect(s.verdicts[0]).toMatch(/^The ladder by rating, strongest first: deep:iterations=400 \(\+\d+\), /);
    expect(
      s.verdicts.some((v) =>
        /^Raising deep's budget still gains at the top of the ladder, from 200 to 400 iterations: \+\d+\.\d pp \(95%: \+\d+\.\d to \+\d+\.\d\) for the doubling \(every one of its 2 steps gains\) — skill keeps paying\.$/.test(
          v,
        ),
      ),
    ).toBe(true);
    expect(
      s.verdicts.some((v) => v.startsWith("Raising flat's budget gains no detectable edge already at its first doubling, from 100 to 200 iterations:")),
    ).toBe(true);
    expect(s.verdicts[s.verdicts.length - 1]).toMatch(
      /^Of the variance in a seat's result, the deal \(and the seat it was dealt\) explains \d+% \(95%: \d+–\d+%\), the tiers /,
    );
    // The verdicts are a pure function of the figures.
    expect(skillVerdicts({ ...s, verdicts: [] })).toEqual(s.verdicts);
  });

  it('names the step where more search stops paying', () => {
    const three = ['greedy', 'deep:iterations=100', 'deep:iterations=200', 'deep:iterations=400'];
    const sums = summarizeSkill(facts(three, D), synthetic(three, [0, 0.2, 1.2, 1.2], D, 9), { bootstrap: 200 });
    const deep = sums.depth[0];
    expect(deep.steps.map((x) => x.significant)).toEqual([true, false]);
    expect(deep.depth).toBe(1);
    expect(
      sums.verdicts.some((v) =>
        /^More search pays in deep up to 200 iterations \(from 100 to 200 iterations: .*\) but not detectably beyond \(from 200 to 400 iterations: .*\): skill depth 1 step of 2\.$/.test(
          v,
        ),
      ),
    ).toBe(true);
  });

  it('says when a step after the first that does not gain gains again (the depth undersells it)', () => {
    const three = ['greedy', 'deep:iterations=100', 'deep:iterations=200', 'deep:iterations=400'];
    const sums = summarizeSkill(facts(three, D), synthetic(three, [0, 0.2, 0.2, 1.2], D, 9), { bootstrap: 200 });
    const deep = sums.depth[0];
    expect(deep.steps.map((x) => x.significant)).toEqual([false, true]);
    expect(deep.depth).toBe(0);
    const said = sums.verdicts.find((v) => v.startsWith("Raising deep's budget gains no detectable edge already at its first doubling"));
    expect(said).toMatch(
      /from 100 to 200 iterations: .*\)\. Yet a later step gains again \(from 200 to 400 iterations: \+\d+\.\d pp \(95%: \+\d+\.\d to \+\d+\.\d\)\): the depth counts from the lowest budget/,
    );
    expect(said).not.toContain('more search does not pay here');
    // Interval ends in whole percent round outwards: a share's interval never prints as a point.
    const luck = sums.verdicts[sums.verdicts.length - 1];
    const [lo, hi] = sums.luck!.luck.ci95!;
    expect(luck).toContain(`(95%: ${Math.floor(100 * lo + 1e-9)}–${Math.ceil(100 * hi - 1e-9)}%)`);
  });

  it('gives point estimates only, and says so, below 20 deals', () => {
    const few = summarizeSkill(facts(tiers, 5), synthetic(tiers, strength, 5, 3), { bootstrap: 50 });
    expect(few.intervals.given).toBe(false);
    expect(few.matchups[1][0]!.ci95).toBeNull();
    expect(few.tiers[0].eloCi95).toBeNull();
    expect(few.depth[0].depth).toBeNull();
    expect(few.luck!.luck.ci95).toBeNull();
    expect(few.verdicts[0]).toMatch(/^No intervals: 5 deals; intervals and significance need at least 20/);
  });

  it('gives no interval, rather than zero-width ones, when every deal gave the same finishing orders', () => {
    // Tier b is so much stronger that its seat wins every game: every deal the same orders of tiers
    // at every table, so every bootstrap resample is the same data.
    const same = summarizeSkill(facts(['a', 'b'], 20), synthetic(['a', 'b'], [0, 100], 20, 5), { bootstrap: 50 });
    expect(same.intervals.given).toBe(false);
    expect(same.intervals.reason).toMatch(/^every deal gave the same finishing orders at every table/);
    expect(same.tiers.map((t) => t.eloCi95)).toEqual([null, null]);
  });

  it('is a pure function of the games: the same bytes twice', () => {
    expect(JSON.stringify(summarizeSkill(facts(tiers, D), games, { bootstrap: 300 }))).toBe(JSON.stringify(s));
  });
});
