import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/core/definition.js';
import { addGame, emptyAggregate, withTails, type AggregateShape } from '../../src/stats/aggregate.js';

const shape: AggregateShape = { players: 3, rounds: 6, cards: 2, counters: 1, roundCounters: 1, endings: ['race', 'clock'], maxScore: 20, checkpoints: [5, 8] };

// Two small games, every figure below computed by hand.
const gameA: GameRecord = {
  outcome: { winners: [2], scores: [5, 8, 12], ranks: [2, 1, 0], endedBy: 'race', length: 3 },
  initialScores: [3, 3, 3],
  curve: [
    [6, 4, 3],
    [6, 7, 7],
    [5, 8, 12],
  ],
  cardsDrawn: [{ card: 1, round: 3 }],
  counters: [[1, 0, 2]],
  roundCounters: [[1], [0], [2]],
};
const gameB: GameRecord = {
  outcome: { winners: [0, 1], scores: [9, 9, 4], ranks: [0, 0, 2], endedBy: 'clock', length: 6 },
  initialScores: [2, 2, 2],
  curve: [
    [3, 2, 2],
    [3, 3, 2],
    [3, 3, 5],
    [4, 3, 5],
    [4, 3, 6],
    [9, 9, 4],
  ],
  cardsDrawn: [{ card: 0, round: 6 }],
  counters: [[0, 1, 0]],
  roundCounters: [[0], [1], [0], [0], [1], [0]],
};

describe('addGame', () => {
  it('gives nobody a leader-win share in a game without a winner (no NaN from 0 winners)', () => {
    const agg = emptyAggregate(shape);
    addGame(agg, 0, { ...gameA, outcome: { ...gameA.outcome, winners: [] } }, []);
    expect(Array.from(agg.allLeaderWin).every(Number.isFinite)).toBe(true);
    expect(Array.from(agg.cardLeaderWin).every(Number.isFinite)).toBe(true);
    expect(agg.allLeaderWin[0]).toBe(0);
  });

  it('counts lead changes, comebacks, leader wins, card effects and Gini as computed by hand', () => {
    const agg = emptyAggregate(shape);
    addGame(agg, 0, gameA, []);
    addGame(agg, 1, gameB, []);
    expect(agg.games[0]).toBe(2);
    // wins[seat * 7 + k]: A won alone by seat 2, B shared by seats 0 and 1
    expect(agg.wins[2 * 7 + 1]).toBe(1);
    expect(agg.wins[0 * 7 + 2]).toBe(1);
    expect(agg.wins[1 * 7 + 2]).toBe(1);
    expect(Array.from(agg.endings)).toEqual([1, 1]);
    // A: leaders {0} → {1,2} (change) → {2}; B: {0} → {0,1} → {2} (change) → {2} → {2} → {0,1} (change).
    // B went past round 5 with leaders {2} after it, the winners 0 and 1 were not among them: a comeback.
    expect(Array.from(agg.comebacks)).toEqual([3, 1, 1, 0, 0]);
    // then-leader wins in 1/3600: A (k = 1) rounds 1–3: leaders {0,1,2} → 1200, {0} → 0, {1,2} → 1800;
    // B (k = 2): {0,1,2} → 600 + 600, {0} → 1800, {0,1} → 900 + 900, then {2} three times → 0
    expect(Array.from(agg.allLeaderWin)).toEqual([3000 + 4800, 9]);
    // card 1 in A's round 3: before [6,7,7] (leaders 1 and 2, last 0), after [5,8,12]
    // card 0 in B's round 6: before [4,3,6] (leader 2, middle 0, last 1), after [9,9,4]
    expect(Array.from(agg.cardDraws)).toEqual([1, 1]);
    expect(Array.from(agg.cardChange)).toEqual([-2, 5, 6, 1, 1, 1, 1 + 5, 0, -1, 2, 0, 1]);
    expect(Array.from(agg.cardLeaderWin)).toEqual([0, 1800]);
    // Gini: [5,8,12] → 14/75 = 0.18667; [9,9,4] → 10/66 = 0.15152 (millionths, rounded)
    expect(agg.giniMicros[0]).toBe(186667 + 151515);
    // round 1 split by winners: A winner 3 (1 seat), others 6 + 4 (2 seats); B winners 3 + 2, other 2
    expect(Array.from(agg.winnerCurve.subarray(0, 4))).toEqual([3 + 5, 1 + 2, 10 + 2, 2 + 1]);
    // round 6: A carries its final [5,8,12] forward (folded in by withTails); B ends [9,9,4]
    expect(Array.from(agg.winnerCurve.subarray(20, 24))).toEqual([18, 2, 4, 1]);
    const full = withTails(agg);
    expect(Array.from(full.winnerCurve.subarray(20, 24))).toEqual([12 + 18, 3, 13 + 4, 3]);
    // rounds 4 and 5 too, and the mean curve: seat 2 after round 5 = A's 12 + B's 6
    expect(Array.from(full.winnerCurve.subarray(12, 16))).toEqual([12 + 4 + 3, 3, 13 + 5, 3]);
    expect(full.curveSum[4 * 3 + 2]).toBe(12 + 6);
    // the histogram: after round 6 seat 0 holds 5 (A) and 9 (B)
    expect(full.curveHist[(5 * 3 + 0) * 21 + 5]).toBe(1);
    expect(full.curveHist[(5 * 3 + 0) * 21 + 9]).toBe(1);
    // the input is left as it was
    expect(agg.curveSum[4 * 3 + 2]).toBe(6);
    expect(Array.from(agg.roundCounterSum)).toEqual([1, 1, 2, 0, 1, 0]);
    expect(Array.from(agg.counterSum)).toEqual([1, 1, 2]);
  });

  it('refuses shapes beyond 30 seats (seat sets are bit masks)', () => {
    expect(() => emptyAggregate({ ...shape, players: 31 })).toThrow(/1 to 30 seats/);
  });
});
