/**
 * Example games (src/stats/examples.ts, kept in the aggregate): the smallest qualifying game indices
 * per figure and the game of each extreme, checked against a direct computation over the games'
 * records, and identical however the games are split and merged.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/core/definition.js';
import { examplesSummary } from '../../src/report/summary.js';
import { chanceCardsOf } from '../../src/core/definition.js';
import { runParallel } from '../../src/sim/parallel.js';
import { runRange } from '../../src/sim/run.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { addGame, aggregateFromJson, aggregateToJson, emptyAggregate, mergeInto } from '../../src/stats/aggregate.js';
import { EXAMPLES_PER_FIGURE, offerExample, offerExtreme } from '../../src/stats/examples.js';

const scenario = loadScenario('scenarios/baseline.json');
const N = 240;
const seed = 'examples';
const records: GameRecord[] = [];
const whole = runRange(scenario, 0, N, { seed }, (_, r) => records.push(r));
const cards = chanceCardsOf(scenario.definition, scenario.config);
const summaryOf = (agg: typeof whole) => examplesSummary(agg, scenario.seats, cards);

const first = (pred: (r: GameRecord) => boolean): number[] =>
  records
    .map((r, i) => (pred(r) ? i : -1))
    .filter((i) => i >= 0)
    .slice(0, EXAMPLES_PER_FIGURE);
const leaders = (row: readonly number[]) => row.map((v, s) => (v === Math.max(...row) ? s : -1)).filter((s) => s >= 0);
/** The game with the highest value, the smallest index among equals. */
const argmax = (value: (r: GameRecord) => number | null) => {
  let best: { game: number; value: number } | null = null;
  records.forEach((r, game) => {
    const v = value(r);
    if (v !== null && (best === null || v > best.value)) best = { game, value: v };
  });
  return best as { game: number; value: number } | null;
};

describe('example games = a direct search over the games', () => {
  const ex = summaryOf(whole);
  it('per seat, ending, shared win, comeback checkpoint and chance card: the smallest qualifying indices', () => {
    scenario.seats.forEach((_, s) => expect(ex.seats[s]).toEqual(first((r) => r.outcome.winners.includes(s))));
    for (const ending of scenario.definition.endings) expect(ex.endings[ending]).toEqual(first((r) => r.outcome.endedBy === ending));
    expect(ex.sharedWins).toEqual(first((r) => r.outcome.winners.length > 1));
    for (const c of ex.comebacks)
      expect(c.games).toEqual(first((r) => r.curve.length > c.after && !r.outcome.winners.some((w) => leaders(r.curve[c.after - 1]).includes(w))));
    ex.chanceCards.forEach((c, i) => expect(c.games).toEqual(first((r) => r.cardsDrawn.some((d) => d.card === i))));
    expect(ex.sharedWins.length).toBeGreaterThan(0);
    expect(ex.comebacks[0].games.length).toBe(EXAMPLES_PER_FIGURE);
  });
  it('each bot: the smallest indices over its seats', () => {
    for (const [bot, games] of Object.entries(ex.bots)) expect(games).toEqual(first((r) => r.outcome.winners.some((w) => scenario.seats[w] === bot)));
  });
  it('the extremes: longest, shortest, largest spread, most lead changes, largest deficit, narrowest margin', () => {
    expect(ex.longest).toEqual(argmax((r) => r.outcome.length));
    const shortest = argmax((r) => -r.outcome.length)!;
    expect(ex.shortest).toEqual({ game: shortest.game, value: -shortest.value });
    expect(ex.largestSpread).toEqual(argmax((r) => Math.max(...r.outcome.scores) - Math.min(...r.outcome.scores)));
    expect(ex.mostLeadChanges).toEqual(
      argmax((r) => {
        const rows = [r.initialScores, ...r.curve];
        let c = 0;
        for (let t = 1; t < rows.length; t++) if (!leaders(rows[t]).some((s) => leaders(rows[t - 1]).includes(s))) c++;
        return c;
      }),
    );
    expect(ex.largestWinnerDeficit).toEqual(
      argmax((r) => Math.max(...[r.initialScores, ...r.curve].map((row) => Math.max(...row) - Math.max(...r.outcome.winners.map((w) => row[w]))))),
    );
    const narrowest = argmax((r) => {
      const others = r.outcome.scores.filter((_, s) => !r.outcome.winners.includes(s));
      return others.length ? -(Math.min(...r.outcome.winners.map((w) => r.outcome.scores[w])) - Math.max(...others)) : 0;
    })!;
    expect(ex.narrowestMargin).toEqual({ game: narrowest.game, value: -narrowest.value || 0 });
  });
});

describe('example games are the same however the run is split', () => {
  it("games added one by one in any order, to two aggregates in turn (the lists' bound is kept per aggregate)", () => {
    // Descending into one aggregate, ascending into another, alternating (each addition switches the
    // aggregate whose bound is remembered), and a merge into the second half-way.
    const down = emptyAggregate(whole.shape);
    const up = emptyAggregate(whole.shape);
    for (let k = 0; k < N; k++) {
      addGame(down, N - 1 - k, records[N - 1 - k], []);
      if (k === N / 2) mergeInto(up, runRange(scenario, 200, 210, { seed }));
      if (k < 200 || k >= 210) addGame(up, k, records[k], []);
    }
    expect(summaryOf(down)).toEqual(summaryOf(whole));
    expect(summaryOf(up)).toEqual(summaryOf(whole));
    expect(Array.from(up.data)).toEqual(Array.from(whole.data));
  });
  it('batches merged in any order, and through the JSON of shard partials', () => {
    const expected = summaryOf(whole);
    const cuts = [0, 7, 50, 51, 130, N];
    const parts = cuts.slice(1).map((to, i) => runRange(scenario, cuts[i], to, { seed }));
    const forward = emptyAggregate(whole.shape);
    for (const p of parts) mergeInto(forward, aggregateFromJson(JSON.parse(JSON.stringify(aggregateToJson(p)))));
    const backward = emptyAggregate(whole.shape);
    for (const p of [...parts].reverse()) mergeInto(backward, p);
    expect(summaryOf(forward)).toEqual(expected);
    expect(summaryOf(backward)).toEqual(expected);
    // Every other figure too: merged data equal to the whole run's.
    expect(Array.from(forward.data)).toEqual(Array.from(whole.data));
  });
  it('the same for any worker count and batch size (worker threads, batches finishing in any order)', async () => {
    const expected = summaryOf(whole);
    for (const [workers, batchSize] of [
      [0, 240],
      [2, 37],
      [3, 11],
    ] as const) {
      const r = await runParallel(scenario, {
        seed,
        from: 0,
        to: N,
        workers,
        batchSize,
        checkpointFile: null,
        checkpointEveryMs: 60_000,
        resume: false,
        gamesCsvFile: null,
      });
      expect(r.complete).toBe(true);
      expect(summaryOf(r.aggregate), `${workers} workers, batches of ${batchSize}`).toEqual(expected);
    }
  });
  it('keeps an extreme of −0 (a margin of 0, negated) as 0, as a checkpoint or partial (JSON) keeps it', () => {
    const ex = new Float64Array(2);
    offerExtreme(ex, 0, 0, -0, 5);
    expect(Object.is(ex[0], 0)).toBe(true);
    expect(ex[1]).toBe(6);
    const copy = Float64Array.from(JSON.parse(JSON.stringify(Array.from(ex))) as number[]);
    expect(copy).toEqual(ex);
  });
  it('keeps a list ascending and free of repeats whatever the order games arrive in', () => {
    const ex = new Float64Array(EXAMPLES_PER_FIGURE);
    for (const g of [9, 4, 4, 12, 1, 7]) offerExample(ex, 0, g);
    expect(Array.from(ex)).toEqual([2, 5, 8]);
  });
});
