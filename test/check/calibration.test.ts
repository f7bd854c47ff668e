/**
 * The calibration's shift injection (scripts/check-calibration.mjs): the shift it makes is the one
 * asked for, made the way the docs say, on hand-made deals.
 */
import { describe, expect, it } from 'vitest';
import { gatherDeals, injectShift } from '../../src/check/calibration.js';
import { checkGameOf, metricsOf, metricValues } from '../../src/check/deals.js';
import { GAMES } from '../../src/games/registry.js';
import { emptyDeals } from '../../src/sim/deals.js';

const GAME = checkGameOf(GAMES.goldrausch); // ending 0 = race, 1 = clock

/** Ten deals of a 4-player game: seat 0 wins deals 0–1, seat 1 deals 2–5, seats 2 and 3 share 6–9. */
function deals() {
  const d = emptyDeals(10);
  d.winners.set([0b0001, 0b0001, 0b0010, 0b0010, 0b0010, 0b0010, 0b1100, 0b1100, 0b1100, 0b1100]);
  d.length.set([10, 10, 10, 10, 10, 9, 9, 8, 8, 7]);
  d.ending.set([1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
  d.scoreSum.set([100, 120, 140, 160, 180, 200, 220, 240, 260, 280]);
  return d;
}

/** A deterministic draw: always the first remaining candidate. */
const first = () => 0;

const mean = (v: Float64Array) => v.reduce((a, b) => a + b, 0) / v.length;

describe('injectShift', () => {
  const seats = ['greedy', 'cooperative', 'betrayer', 'greedy'];
  const def = (id: string, s = seats) => metricsOf(s, GAME).find((m) => m.id === id)!;
  const values = (id: string, d: ReturnType<typeof deals>, s = seats) => metricValues(def(id, s), s, d, 0, d.winners.length);

  it('turns deals a bot did not win into wins of its first seat alone, taken from the winners', () => {
    // greedy holds seats 0 and 3 (c = 2); a shift of 0.1 is round(0.1·10·2) = 2 deals, each +1/2.
    // It won nothing in deals 2–5, the first two of which are taken.
    const before = deals();
    const r = injectShift(before, seats, def('win:greedy'), 0.1, first);
    expect(r.changed).toBe(2);
    expect(r.shift).toBeCloseTo(0.1, 12);
    expect(Array.from(r.deals.winners)).toEqual([0b0001, 0b0001, 0b0001, 0b0001, 0b0010, 0b0010, 0b1100, 0b1100, 0b1100, 0b1100]);
    // greedy: 1/2 in deals 0–1, 1/4 in the shared deals 6–9 → 2/10; after: + 2·(1/2)/10 = 0.3.
    expect(mean(values('win:greedy', before))).toBeCloseTo(0.2, 12);
    expect(mean(values('win:greedy', r.deals))).toBeCloseTo(0.3, 12);
    // The winner of those deals (cooperative) loses what greedy gains.
    expect(mean(values('win:cooperative', r.deals))).toBeCloseTo(0.2, 12);
    expect(Array.from(before.winners.subarray(2, 4))).toEqual([0b0010, 0b0010]); // input left alone
  });

  it('draws the deals it changes from the eligible ones with the given stream', () => {
    // Draws 3 then 0 among [2, 3, 4, 5] (partial Fisher–Yates): swap 2↔5, then 3 stays → deals 5 and 3.
    const picks = [3, 0];
    let k = 0;
    const r = injectShift(deals(), seats, def('win:greedy'), 0.1, () => picks[k++]);
    expect(Array.from(r.deals.winners.subarray(2, 6))).toEqual([0b0010, 0b0001, 0b0010, 0b0001]);
  });

  it('shifts a seat of a mirror line-up, and refuses more deals than are eligible', () => {
    const mirror = ['cooperative', 'cooperative', 'cooperative', 'cooperative'];
    const r = injectShift(deals(), mirror, def('seat:1', mirror), 0.3, first);
    // Seat 1 did not win deals 0, 1, 6–9; three of them (0, 1, 6) become its own.
    expect(Array.from(r.deals.winners.subarray(0, 8))).toEqual([0b0010, 0b0010, 0b0010, 0b0010, 0b0010, 0b0010, 0b0010, 0b1100]);
    expect(mean(values('seat:1', r.deals, mirror)) - mean(values('seat:1', deals(), mirror))).toBeCloseTo(0.3, 12);
    expect(() => injectShift(deals(), mirror, def('seat:1', mirror), 0.7, first)).toThrow(/needs 7 eligible deals, only 6/);
  });

  it('adds one round to a share of the games, ends clock games by the race, scales gold', () => {
    const rounds = injectShift(deals(), seats, def('rounds'), 0.5, first);
    expect(Array.from(rounds.deals.length)).toEqual([11, 11, 11, 11, 11, 9, 9, 8, 8, 7]);
    expect(rounds.shift).toBe(0.5);
    const race = injectShift(deals(), seats, def('race'), 0.2, first);
    expect(Array.from(race.deals.ending)).toEqual([0, 0, 1, 1, 1, 0, 0, 0, 0, 0]);
    expect(mean(values('race', race.deals)) - mean(values('race', deals()))).toBeCloseTo(0.2, 12);
    // Mean gold per seat: 1900/10/4 = 47.5; a shift of 0.95 (2%) is the factor 1.02.
    const gold = injectShift(deals(), seats, def('gold'), 0.95, first);
    expect(gold.goldFactor).toBeCloseTo(1.02, 12);
    expect(Array.from(gold.deals.scoreSum)).toEqual(Array.from(deals().scoreSum));
  });
});

describe('gatherDeals', () => {
  it('copies the rows named, repeats included', () => {
    const g = gatherDeals(deals(), [9, 0, 9]);
    expect(Array.from(g.winners)).toEqual([0b1100, 0b0001, 0b1100]);
    expect(Array.from(g.length)).toEqual([7, 10, 7]);
    expect(Array.from(g.ending)).toEqual([0, 1, 0]);
    expect(Array.from(g.scoreSum)).toEqual([280, 100, 280]);
  });
});
