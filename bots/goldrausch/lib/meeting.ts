/**
 * Reading the corporate meeting (phase 3, docs/games/goldrausch.md §15): which plan binds a seat, what it
 * has already said. Plans use numbers: a seat, `NOBODY` for "nobody upgrades" (upgrader null), or
 * `NO_PLAN` when no agreement or rotation clause binds the seat.
 */
import type { OutgoingMessage } from '../../../src/games/goldrausch/bot.js';
import type { MeetingView } from '../../../src/games/goldrausch/view.js';
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';

/** Plan value: the plan says nobody upgrades (upgrader null). */
export const NOBODY = -1;
/** Plan value: nothing binds this seat. */
export const NO_PLAN = -2;

/**
 * The upgrader of the plan that binds `seat` this round: the agreement in force on its continent (a
 * newer complete agreement replaces older ones, §15.2) and the rotation clauses from earlier rounds
 * that bind now. Each of them binds on its own (the engine checks every source), so a plan naming
 * somebody else (or nobody) wins over one naming `seat`: green is safe only if every plan names it.
 * Returns a seat, `NOBODY`, or `NO_PLAN`.
 */
export function planInForce(view: GoldrauschView, seat: number): number {
  const meeting = view.meeting!;
  let namesSeat = false;
  const agreement = meeting.agreements[meeting.locations[seat]];
  if (agreement?.parties.includes(seat)) {
    const upgrader = agreement.upgrader ?? NOBODY;
    if (upgrader !== seat) return upgrader;
    namesSeat = true;
  }
  const clauses = meeting.bindingClauses;
  for (let i = 0; i < clauses.length; i++) {
    if (!clauses[i].parties.includes(seat)) continue;
    const upgrader = clauses[i].upgrader ?? NOBODY;
    if (upgrader !== seat) return upgrader;
    namesSeat = true;
  }
  return namesSeat ? seat : NO_PLAN;
}

/**
 * Whether `seat` has accepted (or proposed: the proposer counts as accepting) a proposal on continent
 * `c` that names somebody else or nobody and is not yet an agreement. Acceptances cannot be taken back
 * (a REJECT does not undo one), so such a proposal may still complete and oblige `seat` to red.
 */
export function hasOpenAcceptance(meeting: MeetingView, seat: number, c: number): boolean {
  const proposals = meeting.proposals;
  const agreement = meeting.agreements[c];
  for (let i = 0; i < proposals.length; i++) {
    const p = proposals[i];
    if (p.continent !== c || p.upgrader === seat || !p.acceptedBy.includes(seat)) continue;
    if (agreement && agreement.id === p.id) continue;
    return true;
  }
  return false;
}

/** The id of the agreement `seat` is a party to on its continent, or undefined. */
export function agreementId(view: GoldrauschView, seat: number): string | undefined {
  const meeting = view.meeting!;
  const agreement = meeting.agreements[meeting.locations[seat]];
  return agreement?.parties.includes(seat) ? agreement.id : undefined;
}

/** The seat's latest PROMISE this meeting ('GREEN' | 'RED'), or null. */
export function latestPromise(meeting: MeetingView, seat: number): 'GREEN' | 'RED' | null {
  const messages = meeting.messages;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.from === seat && m.type === 'PROMISE' && m.action) return m.action;
  }
  return null;
}

/**
 * Whether `seat` is obliged to lay red (§15.2): a binding plan names somebody else (or nobody), or
 * its own latest PROMISE says RED.
 */
export function obligedRed(view: GoldrauschView, seat: number): boolean {
  const plan = planInForce(view, seat);
  if (plan !== NO_PLAN && plan !== seat) return true;
  return latestPromise(view.meeting!, seat) === 'RED';
}

/** Whether `seat` has proposed `upgrader` (a seat or NOBODY) on continent `c` this meeting. */
export function hasProposed(meeting: MeetingView, seat: number, c: number, upgrader: number): boolean {
  const proposals = meeting.proposals;
  for (let i = 0; i < proposals.length; i++) {
    const p = proposals[i];
    if (p.proposer === seat && p.continent === c && (p.upgrader ?? NOBODY) === upgrader) return true;
  }
  return false;
}

/** Whether `seat` has sent a REJECT for proposal `ref`. */
export function hasRejected(meeting: MeetingView, seat: number, ref: string): boolean {
  const messages = meeting.messages;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    if (m.from === seat && m.type === 'REJECT' && m.ref === ref) return true;
  }
  return false;
}

/** Whether `seat` has sent any PROMISE this meeting. */
export function hasPromised(meeting: MeetingView, seat: number): boolean {
  return latestPromise(meeting, seat) !== null;
}

/** A PROPOSE message for `upgrader` (a seat or NOBODY). */
export function propose(upgrader: number): OutgoingMessage {
  return { type: 'PROPOSE', plan: { upgrader: upgrader === NOBODY ? null : upgrader } };
}

/** True if the proposal's upgrader is `seat`. */
export function names(upgrader: number | null, seat: number): boolean {
  return (upgrader ?? NOBODY) === seat;
}
