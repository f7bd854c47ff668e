/**
 * The tension figures (src/stats/tension.ts) on hand-computed score curves, and the same figures as
 * the per-deal columns (putDeal, putFlatDeal) and the sweep's per-deal metrics carry them.
 */
import { describe, expect, it } from 'vitest';
import type { FlatRecord, GameRecord } from '../../src/core/definition.js';
import { emptyDeals, putDeal, putFlatDeal } from '../../src/sim/deals.js';
import { gameTension } from '../../src/stats/tension.js';

interface Case {
  readonly name: string;
  readonly initial: number[];
  readonly curve: number[][];
  readonly winners: number[];
  readonly expected: { leadChanges: number; decisiveStep: number; winnerDeficit: number; finalMargin: number };
}

// Leaders per step are written out as sets; t = 0 is the start.
const CASES: Case[] = [
  {
    // leaders {0,1} {0} {1} {0} {1}: changes at t = 2, 3, 4; the winner (1) leads only at t = 4;
    // the winner trails by 1 after steps 1 and 3; margin 5 − 3.
    name: 'a see-saw won at the last step',
    initial: [0, 0],
    curve: [
      [1, 0],
      [1, 2],
      [3, 2],
      [3, 5],
    ],
    winners: [1],
    expected: { leadChanges: 3, decisiveStep: 4, winnerDeficit: 1, finalMargin: 2 },
  },
  {
    // leaders {0,1,2} {0} {0,1} {1}: the lead passes through a tie, so it never changes hands;
    // the winner (1) is 2 behind after step 1 and leads alone from step 3.
    name: 'a lead that passes through a tie',
    initial: [0, 0, 0],
    curve: [
      [2, 0, 0],
      [2, 2, 1],
      [2, 4, 1],
    ],
    winners: [1],
    expected: { leadChanges: 0, decisiveStep: 3, winnerDeficit: 2, finalMargin: 2 },
  },
  {
    // Seat 0 starts ahead and stays ahead: decided from the start (0), never behind, margin 7 − 3.
    name: 'a start-to-finish win from unequal starting scores',
    initial: [5, 0],
    curve: [
      [6, 1],
      [7, 3],
    ],
    winners: [0],
    expected: { leadChanges: 0, decisiveStep: 0, winnerDeficit: 0, finalMargin: 4 },
  },
  {
    // Seat 1 overtakes the starting leader at step 1: one lead change, decided at step 1, 2 behind at the start.
    name: 'an overtaking at the first step',
    initial: [2, 0],
    curve: [
      [2, 3],
      [2, 6],
    ],
    winners: [1],
    expected: { leadChanges: 1, decisiveStep: 1, winnerDeficit: 2, finalMargin: 4 },
  },
  {
    // Level at the end and the rules pick seat 1: the winners lead only at the end (a tie for the
    // top score counts when a winner is in it), margin 0.
    name: 'a tie for the top score broken by the rules',
    initial: [0, 0],
    curve: [
      [1, 0],
      [3, 3],
    ],
    winners: [1],
    expected: { leadChanges: 0, decisiveStep: 2, winnerDeficit: 1, finalMargin: 0 },
  },
  {
    // A shared win: leaders {0,1} {0} {0,1}; every leader is a winner at every step, so decided from
    // the start; there is no non-winner, so the margin is 0.
    name: 'a shared win',
    initial: [0, 0],
    curve: [
      [1, 0],
      [2, 2],
    ],
    winners: [0, 1],
    expected: { leadChanges: 0, decisiveStep: 0, winnerDeficit: 0, finalMargin: 0 },
  },
  {
    // Nobody wins: lead changes still count; the winner-based figures are none / 0.
    name: 'a game without a winner',
    initial: [0, 0],
    curve: [
      [1, 0],
      [1, 2],
    ],
    winners: [],
    expected: { leadChanges: 1, decisiveStep: -1, winnerDeficit: 0, finalMargin: 0 },
  },
  {
    // A winner below the top score (no registered game ends so): no decisive step, the deficit is
    // the final gap, the margin negative.
    name: 'a winner who does not lead at the end',
    initial: [0, 0],
    curve: [[5, 3]],
    winners: [1],
    expected: { leadChanges: 0, decisiveStep: -1, winnerDeficit: 2, finalMargin: -2 },
  },
  {
    // No step played: every figure from the start alone.
    name: 'a game over before its first step',
    initial: [4, 1, 1],
    curve: [],
    winners: [0],
    expected: { leadChanges: 0, decisiveStep: 0, winnerDeficit: 0, finalMargin: 3 },
  },
];

const finalOf = (c: Case) => (c.curve.length ? c.curve[c.curve.length - 1] : c.initial);

describe('tension figures on hand-computed curves', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const players = c.initial.length;
      const t = gameTension(c.curve.flat(), c.initial, finalOf(c), players, c.curve.length, c.winners);
      expect({ ...t }).toEqual(c.expected);
    });
  }
});

describe('the per-deal columns carry the same figures', () => {
  it('putDeal (from a game record) and putFlatDeal (from a fast player record) agree with the hand-computed figures', () => {
    const fromRecord = emptyDeals(CASES.length);
    const fromFlat = emptyDeals(CASES.length);
    CASES.forEach((c, i) => {
      const scores = finalOf(c);
      const record = {
        outcome: { winners: c.winners, scores, length: c.curve.length, endedBy: 'race' },
        curve: c.curve,
        initialScores: c.initial,
      } as unknown as GameRecord;
      putDeal(fromRecord, i, record, ['race']);
      const flat = {
        winners: Int8Array.from(c.winners),
        winnerCount: c.winners.length,
        rounds: c.curve.length,
        ending: 0,
        players: c.initial.length,
        scores: Int32Array.from(scores),
        curve: c.curve.flat(),
        initialScores: c.initial,
      } as unknown as FlatRecord;
      putFlatDeal(fromFlat, i, flat);
    });
    for (const deals of [fromRecord, fromFlat]) {
      expect([...deals.leadChanges]).toEqual(CASES.map((c) => c.expected.leadChanges));
      expect([...deals.decisiveStep]).toEqual(CASES.map((c) => c.expected.decisiveStep));
      expect([...deals.winnerDeficit]).toEqual(CASES.map((c) => c.expected.winnerDeficit));
      expect([...deals.finalMargin]).toEqual(CASES.map((c) => c.expected.finalMargin));
    }
  });
});
