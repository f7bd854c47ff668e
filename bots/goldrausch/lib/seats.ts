/**
 * Seats, hands and the meeting as the built-in Goldrausch bots read them from their seat view
 * (src/games/goldrausch/view.ts). Seats are numbered clockwise; the evaluation order of phase 5 starts
 * with the start player (docs/games/goldrausch.md §5.3). Seat sets are bit masks.
 *
 * Speed: nothing here allocates per call, and the hot readers (seatsOn) have a straight-line case for
 * four players: V8 does not hoist its array checks out of loops, so a loop re-checks every array it
 * touches on every iteration, and the straight-line code (the same operations in the same order)
 * checks each once (docs/performance-log.md).
 */
import type { RandomStream } from '../../../src/core/random.js';
import { GREEN, NONE, RED, type Outbox } from '../../../src/games/goldrausch/bot.js';
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';

/** Plan value: nothing binds the seat (plans are a seat, NOBODY for "nobody upgrades", or this). */
export const NO_PLAN = -2;

/** The random stream type the bots draw from (a seat's own stream, core/random.ts). */
export type Random = Pick<RandomStream, 'next' | 'int'>;

/** countOn: pawns on continent c. */
export function countOn(view: GoldrauschView, c: number): number {
  const players = view.players;
  let count = 0;
  for (let s = 0; s < players; s++) if (view.location(s) === c) count++;
  return count;
}

/** seatsOn: the seats on continent c as a mask. */
export function seatsOn(view: GoldrauschView, c: number): number {
  const players = view.players;
  if (players === 4) {
    return (view.location(0) === c ? 1 : 0) | (view.location(1) === c ? 2 : 0) | (view.location(2) === c ? 4 : 0) | (view.location(3) === c ? 8 : 0);
  }
  let mask = 0;
  for (let s = 0; s < players; s++) if (view.location(s) === c) mask |= 1 << s;
  return mask;
}

/**
 * Where this seat stands in the current meeting and who stands with it: fixed from phase 2 to the end
 * of the meeting (pawns move only in phase 4), so a bot refreshes it once per (game, round) instead
 * of counting the pawns on every turn.
 */
export class Seating {
  game = -1;
  round = -1;
  /** This seat's continent. */
  c = 0;
  /** Seats on it (mask), this seat included. */
  mask = 0;
  /** How many. */
  count = 0;
}

/** `seating` brought up to date with the view's meeting (call only in meeting decisions). */
export function seatingOf(seating: Seating, view: GoldrauschView): Seating {
  if (seating.game !== view.game || seating.round !== view.round) {
    const c = view.location(view.seat);
    const mask = seatsOn(view, c);
    seating.c = c;
    seating.mask = mask;
    seating.count = popcount(mask);
    seating.game = view.game;
    seating.round = view.round;
  }
  return seating;
}

/** isAlone: nobody else on this seat's continent. */
export function isAlone(view: GoldrauschView): boolean {
  return countOn(view, view.location(view.seat)) === 1;
}

/** othersCommitted: every other seat on `me`'s continent has laid a card (`mask`: the seats there, its `Seating`). */
export function othersCommittedIn(view: GoldrauschView, mask: number, me: number): boolean {
  for (let m = mask & ~(1 << me); m !== 0; m &= m - 1) {
    if (!view.committed(31 - Math.clz32(m & -m))) return false;
  }
  return true;
}

/** heldColour(view, 'green'): green if held, else red if held, else no card. */
export function heldGreen(view: GoldrauschView): number {
  return view.upgradeHand(GREEN) > 0 ? GREEN : view.upgradeHand(RED) > 0 ? RED : NONE;
}

/** heldColour(view, 'red'): red if held, else no card (a timeout counts as red, GR-A10). */
export function heldRed(view: GoldrauschView): number {
  return view.upgradeHand(RED) > 0 ? RED : NONE;
}

/** heldColour(view, green ? 'green' : 'red'). */
export function held(view: GoldrauschView, green: boolean): number {
  return green ? heldGreen(view) : heldRed(view);
}

/** randomHeldColour: a colour drawn uniformly from the cards in hand (`draw` in [0, 1)). */
export function randomHeldColour(view: GoldrauschView, draw: number): number {
  const green = view.upgradeHand(GREEN) > 0;
  const red = view.upgradeHand(RED) > 0;
  if (green && red) return draw < 0.5 ? GREEN : RED;
  return green ? GREEN : red ? RED : NONE;
}

/** passWhenDone: PASS once this seat has laid its card and not yet passed; otherwise no message. Returns whether it wrote one. */
export function passWhenDone(view: GoldrauschView, out: Outbox): boolean {
  if (view.ownCommit === NONE || view.passed(view.seat)) return false;
  out.pass();
  return true;
}

// ---------------------------------------------------------------------------------------------
// The meeting (phase 3, §15): which plan binds a seat, what it has already said.
// ---------------------------------------------------------------------------------------------

/**
 * planInForce for `seat`, standing on continent c: the upgrader of the plan binding it (a seat or
 * NOBODY), or NO_PLAN. The agreement on c and the rotation clauses binding this round each bind on
 * their own, so a plan naming somebody else (or nobody) wins over one naming `seat`.
 */
export function planOn(view: GoldrauschView, c: number, seat: number): number {
  let plan = NO_PLAN;
  if ((view.agreementParties(c) & (1 << seat)) !== 0) {
    const upgrader = view.agreementUpgrader(c);
    if (upgrader !== seat) return upgrader; // somebody else, or NOBODY
    plan = seat;
  }
  const clause = view.clausePlan(seat);
  if (clause !== NO_PLAN && clause !== seat) return clause;
  if (clause === seat) plan = seat;
  return plan;
}

/**
 * hasOpenAcceptance: `seat` has accepted (or proposed) a proposal on c naming somebody else or
 * nobody that is not the agreement in force.
 */
export function hasOpenAcceptance(view: GoldrauschView, seat: number, c: number): boolean {
  const n = view.proposalCount;
  const bit = 1 << seat;
  let agreement = -2; // read once, when needed
  for (let i = 0; i < n; i++) {
    if (view.proposalContinent(i) !== c || view.proposalUpgrader(i) === seat || (view.proposalAccepted(i) & bit) === 0) continue;
    if (agreement === -2) agreement = view.agreement(c);
    if (agreement === i) continue;
    return true;
  }
  return false;
}

/** agreementId: the index of the agreement `seat` is a party to on its continent, or −1. */
export function agreementRef(view: GoldrauschView, seat: number): number {
  const c = view.location(seat);
  return (view.agreementParties(c) & (1 << seat)) !== 0 ? view.agreement(c) : -1;
}

/** hasProposed: `seat` has proposed `upgrader` (a seat or NOBODY) on continent c this meeting. */
export function hasProposed(view: GoldrauschView, seat: number, c: number, upgrader: number): boolean {
  const n = view.proposalCount;
  for (let i = 0; i < n; i++) {
    // (the proposer first: it rules out the most proposals)
    if (view.proposalProposer(i) === seat && view.proposalContinent(i) === c && view.proposalUpgrader(i) === upgrader) return true;
  }
  return false;
}

/** Number of set bits of a seat mask (a whole number in 0 … 2^31 − 1; SWAR bit count). */
export function popcount(mask: number): number {
  const a = mask - ((mask >>> 1) & 0x55555555);
  const b = (a & 0x33333333) + ((a >>> 2) & 0x33333333);
  return Math.imul((b + (b >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
