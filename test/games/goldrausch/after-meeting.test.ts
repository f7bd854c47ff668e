// The rules both engines share after the meeting, against hand-computed cases: who is bound by the
// round's obligations (§15.3), the hands kept under GR-A32 "keep", and what a round adds to the
// game record's counters.
import { describe, expect, it } from 'vitest';
import { COUNTERS, countRound } from '../../../src/games/goldrausch/counters.js';
import { GREEN, NONE, RED } from '../../../src/games/goldrausch/fast/view.js';
import { passCards } from '../../../src/games/goldrausch/hands.js';
import { BY_PROMISE, FIRST_CLAUSE, UNBOUND, bindObligations, maskOf, seatsOf, type Bindings } from '../../../src/games/goldrausch/obligations.js';

function sources(over: Partial<Bindings>): Bindings {
  return {
    agreementParties: [0, 0, 0],
    agreementUpgraders: [-1, -1, -1],
    clauseParties: [],
    clauseUpgraders: [],
    clauseCount: 0,
    redPromises: 0,
    ...over,
  };
}

function bind(n: number, locations: number[], b: Bindings) {
  const bound: number[] = [];
  const victims: number[] = [];
  bindObligations(n, locations, b, bound, victims);
  return { bound, victims: victims.map((v) => seatsOf(v, n)) };
}

describe('bindObligations (§15.3)', () => {
  // Five seats: 0, 1, 2 on continent 0 (A), 3 and 4 on continent 2 (V).
  const locations = [0, 0, 0, 2, 2];

  it('binds every party of an agreement but its upgrader, to the other parties', () => {
    const { bound, victims } = bind(5, locations, sources({ agreementParties: [maskOf([0, 1, 2]), 0, 0], agreementUpgraders: [1, -1, -1] }));
    expect(bound).toEqual([0, UNBOUND, 0, UNBOUND, UNBOUND]);
    expect(victims).toEqual([[1, 2], [], [0, 1], [], []]);
  });

  it('binds nobody without agreements, clauses or RED promises, and a GREEN promise binds nobody', () => {
    const { bound, victims } = bind(5, locations, sources({}));
    expect(bound).toEqual([UNBOUND, UNBOUND, UNBOUND, UNBOUND, UNBOUND]);
    expect(victims).toEqual([[], [], [], [], []]);
  });

  it('a RED promise binds its seat to everyone on its continent, unless something else bound it first', () => {
    const b = sources({ agreementParties: [0, 0, maskOf([3, 4])], redPromises: maskOf([1, 3]) });
    const { bound, victims } = bind(5, locations, b);
    // Seat 1: its promise, to seats 0 and 2. Seat 3: the agreement on V names its binding, victim 4 only.
    expect(bound).toEqual([UNBOUND, BY_PROMISE, UNBOUND, 2, 2]);
    expect(victims).toEqual([[], [0, 2], [], [4], [3]]);
  });

  it('the first source names the binding; victims gather from every source, in seat order', () => {
    // A partial agreement of 0 and 2 on A, and a rotation clause of all three seats on A with upgrader 2.
    const b = sources({
      agreementParties: [maskOf([0, 2]), 0, 0],
      clauseParties: [maskOf([0, 1, 2])],
      clauseUpgraders: [2],
      clauseCount: 1,
    });
    const { bound, victims } = bind(5, locations, b);
    expect(bound).toEqual([0, FIRST_CLAUSE, 0, UNBOUND, UNBOUND]);
    // Seat 0: 2 from the agreement, 1 and 2 from the clause. Seat 2 is the clause's upgrader: only the agreement binds it.
    expect(victims).toEqual([[1, 2], [0, 2], [0], [], []]);
  });
});

describe('passCards (GR-A32 keep)', () => {
  it('moves country cards to where the pawns ended, and upgrade cards to whoever now has them', () => {
    // Three seats. Chose A, R, V; a hurricane moved seat 0 to R. Seat 0 laid green, seat 1 laid red,
    // seat 2 timed out holding a red (so it passed that red). A card swap: seat 0 now has seat 1's
    // card, seat 1 has seat 0's, seat 2 its own.
    const country = [
      [1, 1, 1],
      [1, 1, 1],
      [1, 1, 1],
    ];
    const upgrade = [
      [1, 1],
      [1, 1],
      [0, 1],
    ];
    passCards(3, [0, 1, 2], [1, 1, 2], [1, 0, 2], [GREEN, RED, NONE], country, upgrade);
    expect(country).toEqual([
      [0, 2, 1],
      [1, 1, 1],
      [1, 1, 1],
    ]);
    // Seat 0 gave green, got seat 1's red: [0, 2]. Seat 1 gave red, got green: [2, 0]. Seat 2 gave its red and took it back.
    expect(upgrade).toEqual([
      [0, 2],
      [2, 0],
      [0, 1],
    ]);
  });

  it('a timed-out seat with no red passes nothing, and a seat whose card went nowhere gets nothing', () => {
    const country = [
      [1, 1, 1],
      [1, 1, 1],
    ];
    const upgrade = [
      [1, 0],
      [1, 1],
    ];
    passCards(2, [0, 0], [0, 0], [-1, 1], [NONE, RED], country, upgrade);
    expect(upgrade).toEqual([
      [1, 0],
      [1, 1],
    ]);
  });
});

describe('countRound', () => {
  it('counts upgrades, successes, collisions, agreements and timeouts per seat, and the round totals', () => {
    const n = 4;
    const counters = COUNTERS.map(() => [0, 0, 0, 0]);
    const totals = [9, 9, 9, 9, 9, 9];
    const round = {
      upgraded: [true, true, false, true],
      upgradeSucceeded: [true, false, false, false],
      collisions: [false, true, false],
      fines: [0, 2, 0, 3],
    };
    // Seat 1 ended on R (collision), seat 3 on V; seat 2 timed out. Table-wide partial agreements:
    // seat 0 is party to the agreements on A and on R, seat 1 to the one on R.
    countRound(n, round, [0, 1, 0, 2], maskOf([2]), [maskOf([0, 2]), maskOf([0, 1]), 0], counters, totals, 3);
    expect(counters[COUNTERS.indexOf('upgrades')]).toEqual([1, 1, 0, 1]);
    expect(counters[COUNTERS.indexOf('successfulUpgrades')]).toEqual([1, 0, 0, 0]);
    expect(counters[COUNTERS.indexOf('collisions')]).toEqual([0, 1, 0, 0]);
    expect(counters[COUNTERS.indexOf('agreements')]).toEqual([2, 1, 1, 0]);
    expect(counters[COUNTERS.indexOf('timeouts')]).toEqual([0, 0, 1, 0]);
    // The game's ledgers are not counted here.
    expect(counters[COUNTERS.indexOf('fines')]).toEqual([0, 0, 0, 0]);
    // Totals at 3…5: 3 upgrades, 1 continent with a collision, 5 gold of fines; 0…2 untouched.
    expect(totals).toEqual([9, 9, 9, 3, 1, 5]);
  });
});
