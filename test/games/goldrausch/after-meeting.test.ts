// The rules after the meeting, against hand-computed cases: who is bound by the round's
// obligations (§15.3), the hands kept under GR-A32 "keep", and what a round adds to the game
// record's counters.
import { describe, expect, it } from 'vitest';
import { RandomSource } from '../../../src/core/random.js';
import { GREEN, NONE, RED } from '../../../src/games/goldrausch/bot.js';
import { goldrausch } from '../../../src/games/goldrausch/engine.js';
import { BY_PROMISE, FIRST_CLAUSE, UNBOUND, checkObligations, passCards } from '../../../src/games/goldrausch/obligations.js';
import { DEFAULT_CONFIG } from '../../../src/games/goldrausch/params.js';
import { COUNTERS, recordRound } from '../../../src/games/goldrausch/records.js';
import type { GoldrauschState } from '../../../src/games/goldrausch/state.js';

interface Bindings {
  agreementParties: number[];
  agreementUpgraders: number[];
  clauseParties: number[];
  clauseUpgraders: number[];
  clauseCount: number;
  redPromises: number;
}

const maskOf = (seats: readonly number[]) => seats.reduce((m, s) => m | (1 << s), 0);
const seatsOf = (mask: number, n: number) => Array.from({ length: n }, (_, s) => s).filter((s) => (mask & (1 << s)) !== 0);

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

function stateOf(n: number): GoldrauschState {
  return goldrausch.setup(DEFAULT_CONFIG, n, new RandomSource('after-meeting', 0));
}

/** checkObligations on a state with these pawns and sources, every seat laying green (so every bound seat breaks and names its victims). */
function bind(n: number, locations: number[], b: Bindings) {
  const s = stateOf(n);
  for (let q = 0; q < n; q++) {
    s.locations[q] = locations[q];
    s.commits[q] = GREEN;
    s.promises[q] = (b.redPromises & (1 << q)) !== 0 ? RED : NONE;
  }
  for (let c = 0; c < 3; c++) {
    s.agreementParties[c] = b.agreementParties[c];
    s.agreementUpgrader[c] = b.agreementUpgraders[c];
    s.agreementProposal[c] = b.agreementParties[c] === 0 ? -1 : 0;
  }
  s.clauseCount = b.clauseCount;
  s.bindingCount = b.clauseCount;
  for (let k = 0; k < b.clauseCount; k++) {
    s.clauseParties[k] = b.clauseParties[k];
    s.clauseUpgrader[k] = b.clauseUpgraders[k];
    s.clauseRound[k] = s.round;
    s.clauseSource[k] = 0;
    s.binding[k] = k;
  }
  checkObligations(s);
  return { bound: s.binder.slice(0, n), victims: s.victims.slice(0, n).map((v) => seatsOf(v, n)) };
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
  /** A state of `n` seats after phase 5: chosen and final continents, whose card each seat holds (−1 none), the cards laid. */
  function pass(n: number, chose: number[], ended: number[], from: number[], laid: number[], country: number[][], upgrade: number[][]) {
    const s = stateOf(n);
    for (let q = 0; q < n; q++) {
      s.locations[q] = chose[q];
      s.finalLocations[q] = ended[q];
      s.cardFrom[q] = from[q];
      s.commits[q] = laid[q];
      for (let c = 0; c < 3; c++) s.countryHands[q][c] = country[q][c];
      for (let k = 0; k < 2; k++) s.upgradeHands[q][k] = upgrade[q][k];
    }
    s.cardFromMoved = true;
    passCards(s);
    return { country: s.countryHands.map((h) => Array.from(h)), upgrade: s.upgradeHands.map((h) => Array.from(h)) };
  }

  it('moves country cards to where the pawns ended, and upgrade cards to whoever now has them', () => {
    // Chose A, R, V, V; a hurricane moved seat 0 to R. Seat 0 laid green, seat 1 laid red, seat 2
    // timed out holding a red (so it passed that red), seat 3 laid red. A card swap: seat 0 now has
    // seat 1's card, seat 1 has seat 0's, seats 2 and 3 their own.
    const { country, upgrade } = pass(
      4,
      [0, 1, 2, 2],
      [1, 1, 2, 2],
      [1, 0, 2, 3],
      [GREEN, RED, NONE, RED],
      [
        [1, 1, 1],
        [1, 1, 1],
        [1, 1, 1],
        [1, 1, 1],
      ],
      [
        [1, 1],
        [1, 1],
        [0, 1],
        [1, 1],
      ],
    );
    expect(country).toEqual([
      [0, 2, 1],
      [1, 1, 1],
      [1, 1, 1],
      [1, 1, 1],
    ]);
    // Seat 0 gave green, got seat 1's red: [0, 2]. Seat 1 gave red, got green: [2, 0]. Seats 2 and 3 gave their red and took it back.
    expect(upgrade).toEqual([
      [0, 2],
      [2, 0],
      [0, 1],
      [1, 1],
    ]);
  });

  it('a timed-out seat with no red passes nothing, and a seat whose card went nowhere gets nothing', () => {
    const { upgrade } = pass(
      4,
      [0, 0, 1, 1],
      [0, 0, 1, 1],
      [-1, 1, 2, 3],
      [NONE, RED, RED, RED],
      [
        [1, 1, 1],
        [1, 1, 1],
        [1, 1, 1],
        [1, 1, 1],
      ],
      [
        [1, 0],
        [1, 1],
        [1, 1],
        [1, 1],
      ],
    );
    expect(upgrade).toEqual([
      [1, 0],
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
  });
});

describe('recordRound', () => {
  it('counts upgrades, successes, collisions, agreements and timeouts per seat, and the round totals', () => {
    const s = stateOf(4);
    const upgraded = [1, 1, 0, 1];
    const succeeded = [1, 0, 0, 0];
    const fines = [0, 2, 0, 3];
    // Seat 1 ended on R (collision), seat 3 on V; seat 2 timed out. Table-wide partial agreements:
    // seat 0 is party to the agreements on A and on R, seat 1 to the one on R.
    const ended = [0, 1, 0, 2];
    const laid = [GREEN, GREEN, NONE, GREEN];
    for (let q = 0; q < 4; q++) {
      s.upgraded[q] = upgraded[q];
      s.succeeded[q] = succeeded[q];
      s.fines[q] = fines[q];
      s.finalLocations[q] = ended[q];
      s.locations[q] = ended[q];
      s.commits[q] = laid[q];
      s.breachVictims[q] = -1;
    }
    for (let c = 0; c < 3; c++) s.collisions[c] = c === 1 ? 1 : 0;
    s.agreementParties[0] = maskOf([0, 2]);
    s.agreementParties[1] = maskOf([0, 1]);
    s.agreementParties[2] = 0;
    s.round = 2;
    for (const row of s.counters) row.fill(0);
    recordRound(s, 1, 4, -1);
    const counter = (name: (typeof COUNTERS)[number]) => s.counters[COUNTERS.indexOf(name)];
    expect(counter('upgrades')).toEqual([1, 1, 0, 1]);
    expect(counter('successfulUpgrades')).toEqual([1, 0, 0, 0]);
    expect(counter('collisions')).toEqual([0, 1, 0, 0]);
    expect(counter('agreements')).toEqual([2, 1, 1, 0]);
    expect(counter('timeouts')).toEqual([0, 0, 1, 0]);
    // The game's ledgers are not counted here.
    expect(counter('fines')).toEqual([0, 0, 0, 0]);
    // Round 2's totals: 3 upgrades, 1 continent with a collision, 5 gold of fines.
    expect(s.roundCounters.slice(3, 6)).toEqual([3, 1, 5]);
    expect(s.historyLength).toBe(2);
  });
});
