/**
 * GameModule.playout for Green Deal (core/game.ts): the rest of a game with uniform random answers,
 * exactly the game the generic loop plays — "for each request of `pending`: `uniformAnswer(seatView
 * (state, seat), request, u.next())`, then `apply`" — one draw of `u` a decision in request order
 * (the simultaneous stages' seats in seat order, as `pending` lists them). Each answer is the one
 * contract.ts `uniformAnswer` gives, read from the state through the same rules functions the view
 * calls (no pending object, no view, no answer list built), and goes to the engine's `apply`. Green
 * Deal's chance is keyed in the state, so `random` is not read.
 */
import type { RandomSource, RandomStream } from '../../core/random.js';
import { apply } from './engine.js';
import { investSteps, legalCellAt, legalCellCount, maxBid, maxRepayment, packAllocation } from './rules.js';
import { ALLOCATE, BID, CONTACT, END_TURN, type GreenDealState, INVEST, OVER, PLACE, REPAY } from './state.js';

/** Scratch (module-level: one thread plays one playout at a time): the steps, and one answer list per request count. */
const STEPS: number[] = [];
const ANSWERS: number[][] = [[], [0], [0, 0], [0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]];

/** The k-th smallest of the placement's legal cells (`legalAnswers` lists them in index order). */
function legalCellByRank(state: GreenDealState, n: number, k: number): number {
  for (let i = 0; i < n; i++) {
    const cell = legalCellAt(state, i);
    let rank = 0;
    for (let j = 0; j < n; j++) if (legalCellAt(state, j) < cell) rank++;
    if (rank === k) return cell;
  }
  return -1;
}

/** The allocation at `u` of `legalAnswers`' list for `chips` chips (by centre, then chips on environment, jobs, social). */
function allocationAt(chips: number, u: number): number {
  // The list: for centre 0 (and 1 when there are chips), every (a, b, c) with a + b + c ≤ rest.
  const tetra = (rest: number) => ((rest + 1) * (rest + 2) * (rest + 3)) / 6;
  const total = tetra(chips) + (chips > 0 ? tetra(chips - 1) : 0);
  let k = Math.floor(u * total);
  for (let centre = 0; centre <= (chips > 0 ? 1 : 0); centre++) {
    const rest = chips - centre;
    for (let a = 0; a <= rest; a++)
      for (let b = 0; a + b <= rest; b++) {
        const row = rest - a - b + 1;
        if (k >= row) {
          k -= row;
          continue;
        }
        return packAllocation(a, b, k, rest - a - b - k, centre);
      }
  }
  return -1;
}

export function playout(state: GreenDealState, u: RandomStream, _random: RandomSource): number {
  let decisions = 0;
  for (;;) {
    const stage = state.stage;
    if (stage === OVER) return decisions;
    if (stage === BID || stage === ALLOCATE || stage === REPAY) {
      const mask = state.askMask;
      let n = 0;
      for (let s = 0; s < state.players; s++) if ((mask >> s) & 1) n++;
      const answers = ANSWERS[n];
      let i = 0;
      for (let seat = 0; seat < state.players; seat++) {
        if (((mask >> seat) & 1) === 0) continue;
        const x = u.next();
        answers[i++] =
          stage === BID
            ? Math.floor(x * (maxBid(state, seat) + 1))
            : stage === REPAY
              ? Math.floor(x * (maxRepayment(state, seat) + 1))
              : allocationAt(state.chips[seat], x);
      }
      decisions += n;
      apply(state, answers);
      continue;
    }
    const seat = state.order[state.turn];
    const x = u.next();
    const answers = ANSWERS[1];
    if (stage === INVEST) {
      // The list is the n steps (DONE first), then steps 1 … n − 1 with END_TURN.
      const n = investSteps(state, seat, STEPS);
      const k = Math.floor(x * (2 * n - 1));
      answers[0] = k < n ? STEPS[k] : STEPS[k - n + 1] + END_TURN;
    } else if (stage === PLACE) {
      const n = state.placeSeat === seat ? legalCellCount(state) : 0;
      answers[0] = legalCellByRank(state, n, Math.floor(x * n));
    } else if (stage === CONTACT) answers[0] = x < 0.5 ? 0 : 1;
    decisions++;
    apply(state, answers);
  }
}
