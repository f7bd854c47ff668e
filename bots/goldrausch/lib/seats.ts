/**
 * Seat and hand helpers shared by the built-in Goldrausch bots. Seats are numbered clockwise; the
 * evaluation order of phase 5 starts with the start player (docs/games/goldrausch.md §5.3).
 */
import type { OutgoingMessage } from '../../../src/games/goldrausch/bot.js';
import type { Colour, ContinentIndex } from '../../../src/games/goldrausch/types.js';
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';

/** The answer of a bot that has nothing to say this turn (shared, never written to). */
export const NO_MESSAGES: readonly OutgoingMessage[] = Object.freeze([]) as readonly OutgoingMessage[];

/**
 * "I will say nothing more this phase" (§15.2 PASS). A seat that has passed and laid its card gets
 * no more turns, so bots that are done pass: it keeps meetings short (the engine's cost is per turn).
 */
export const PASS: readonly OutgoingMessage[] = Object.freeze([Object.freeze({ type: 'PASS' as const })]);

/** PASS once this seat has laid its card and not yet passed; otherwise nothing. */
export function passWhenDone(view: GoldrauschView): readonly OutgoingMessage[] {
  const meeting = view.meeting;
  return meeting !== null && meeting.ownCommit !== null && !meeting.passed[view.seat] ? PASS : NO_MESSAGES;
}

/** Position of `seat` in the clockwise order that starts with the start player (0 = paid first, §5.3). */
export function clockwiseRank(seat: number, startPlayer: number, players: number): number {
  return (seat - startPlayer + players) % players;
}

/** How many pawns stand on continent `c`. */
export function countOn(locations: readonly number[], c: number): number {
  let count = 0;
  for (let s = 0; s < locations.length; s++) if (locations[s] === c) count++;
  return count;
}

/** Bitmask of the seats standing on continent `c` (seats are below 31). */
export function seatsOn(locations: readonly number[], c: number): number {
  let mask = 0;
  for (let s = 0; s < locations.length; s++) if (locations[s] === c) mask |= 1 << s;
  return mask;
}

/** The continent this seat's pawn stands on in the current meeting (phase 3 only). */
export function ownContinent(view: GoldrauschView): ContinentIndex {
  return view.meeting!.locations[view.seat];
}

/** True when nobody else stands on this seat's continent (no collision is possible, §5.2). */
export function isAlone(view: GoldrauschView): boolean {
  const locations = view.meeting!.locations;
  return countOn(locations, locations[view.seat]) === 1;
}

/** True when every other seat on this seat's continent has laid a card. */
export function othersCommitted(view: GoldrauschView): boolean {
  const meeting = view.meeting!;
  const c = meeting.locations[view.seat];
  for (let s = 0; s < meeting.locations.length; s++) {
    if (s !== view.seat && meeting.locations[s] === c && !meeting.committed[s]) return false;
  }
  return true;
}

/**
 * The card to lay for `wanted`, given the hand. With passed cards kept (GR-A32) a hand can hold two
 * cards of one colour, or none at all (a seat that laid a card and received nothing from a seat that
 * timed out without a red card), and laying a colour one does not hold is illegal. Wanting green
 * without a green card: lay red if held. Wanting red without a red card: lay nothing (null) — a seat
 * without a card at the deadline counts as red (GR-A10), and a timeout is no breach, whereas the green
 * card would be. With no card at all: nothing (it was a red laid without holding one: an illegal
 * answer, recorded as a fault, with the same game after it).
 */
export function heldColour(view: GoldrauschView, wanted: Colour): Colour | null {
  if (wanted === 'green' && view.upgradeHand[0] > 0) return 'green';
  return view.upgradeHand[1] > 0 ? 'red' : null;
}

/** A colour drawn uniformly from the cards in hand (null with an empty hand: see heldColour). */
export function randomHeldColour(view: GoldrauschView, draw: number): Colour | null {
  const green = view.upgradeHand[0] > 0;
  const red = view.upgradeHand[1] > 0;
  if (green && red) return draw < 0.5 ? 'green' : 'red';
  return green ? 'green' : red ? 'red' : null;
}
