/**
 * Phase 3, the corporate meeting (§15), on the reference engine's immutable `Meeting`: messages with
 * their log, proposals and agreements as objects, commitments. Every function here is pure: it takes a
 * `Meeting` and returns a new one. The rules they apply (legality, agreements, waking idle seats, who
 * still needs a turn) are meeting-rules.ts's, which the fast kernel calls too.
 */
import type { OutgoingMessage } from './bot.js';
import { MSG_ACCEPT, MSG_COMMITTED, MSG_GIFT, MSG_PASS, MSG_PROMISE, MSG_PROPOSE, MSG_REJECT, NOBODY } from './fast/view.js';
import {
  agreementParties,
  agreementUpgrader,
  inScope,
  isIdle,
  isKnownProposal,
  isPromiseCard,
  isSeatOn,
  needsMask,
  NO_CONTINENT,
  popcount,
  promiseCard,
  seatsOnMask,
  wakes,
} from './meeting-rules.js';
import type { GoldrauschConfig } from './params.js';
import { appended, copyMeeting, type Agreement, type Draft, type Meeting, type Message, type NextClause, type Proposal } from './state.js';
import type { Colour, ContinentIndex } from './types.js';
import { CONTINENTS, indexOfContinent } from './types.js';

const LETTER = ['A', 'R', 'V'];

/** Proposal ids ("r3-V-1") by round, continent and number, each string built once per process. */
const PROPOSAL_IDS: string[][][] = [];
function proposalId(round: number, c: number, k: number): string {
  const byContinent = (PROPOSAL_IDS[round] ??= [[], [], []]);
  return (byContinent[c][k] ??= `r${round}-${LETTER[c]}-${k}`);
}

/** Index of the proposal with this id, or −1 (a loop: no closure per message). */
function proposalIndex(proposals: readonly Proposal[], id: unknown): number {
  for (let i = 0; i < proposals.length; i++) if (proposals[i].id === id) return i;
  return -1;
}

/** Why a bot's message was refused (recorded as a fault; the message is dropped). */
export class IllegalMessage extends Error {}

function isSeat(x: unknown, players: number): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < players;
}

/** The seats of a mask, ascending (an exact-size array: see `appended`). */
function seatsOf(mask: number, count: number): number[] {
  const out = new Array<number>(count);
  for (let s = 0, k = 0; k < count; s++) if ((mask & (1 << s)) !== 0) out[k++] = s;
  return out;
}

export interface MeetingContext {
  readonly config: GoldrauschConfig;
  readonly round: number;
  readonly players: number;
  readonly gold: readonly number[];
}

/**
 * What the last `sendMessage` call moved: for a GIFT, `gift` is true with recipient and amount; for
 * any other message false. Written by every call (so the caller reads it right after its own call),
 * instead of a `{ meeting, gift }` object per message.
 */
export const sent = { gift: false, to: 0, amount: 0 };

/**
 * Adds one message from `from` at the current tick. Returns the new meeting; for GIFT, `sent` says
 * which gold moved. Throws IllegalMessage when the message breaks the protocol.
 */
export function sendMessage(ctx: MeetingContext, meeting: Meeting, from: number, msg: OutgoingMessage): Meeting {
  sent.gift = false;
  const { rules } = ctx.config;
  const table = rules.negotiationScope === 'table';
  const own = meeting.locations[from];
  if (msg === null || typeof msg !== 'object') throw new IllegalMessage('a message must be an object');
  switch (msg.type) {
    case 'PROPOSE': {
      const c: number = msg.continent === undefined ? own : indexOfContinent(msg.continent);
      if (c < 0) throw new IllegalMessage(`PROPOSE names unknown continent ${JSON.stringify(msg.continent)}`);
      if (!inScope(table, c, own)) throw new IllegalMessage('PROPOSE about a continent the sender is not on (GR-A11)');
      const locations = meeting.locations;
      const upgrader = msg.plan?.upgrader ?? null;
      if (upgrader !== null && !isSeatOn(locations, ctx.players, upgrader, c)) {
        throw new IllegalMessage(`PROPOSE names upgrader ${JSON.stringify(upgrader)}, who is not on that continent`);
      }
      const next: NextClause[] = [];
      for (const clause of msg.next ?? []) {
        if (!Number.isInteger(clause?.round) || clause.round <= ctx.round) {
          throw new IllegalMessage('a PROPOSE next clause needs a later round');
        }
        if (clause.upgrader !== null && !isSeatOn(locations, ctx.players, clause.upgrader, c)) {
          throw new IllegalMessage('a PROPOSE next clause names an upgrader who is not a party');
        }
        next.push({ round: clause.round, upgrader: clause.upgrader });
      }
      const id = proposalId(ctx.round, c, meeting.proposals.length + 1);
      const proposal: Proposal = { id, continent: c as ContinentIndex, proposer: from, upgrader, next, acceptedBy: [from] };
      const message: Message = next.length
        ? { t: meeting.tick, from, round: ctx.round, continent: CONTINENTS[c], type: 'PROPOSE', id, plan: { upgrader }, next }
        : { t: meeting.tick, from, round: ctx.round, continent: CONTINENTS[c], type: 'PROPOSE', id, plan: { upgrader } };
      return withProposal(ctx, withMessage(meeting, message, c, MSG_PROPOSE), proposal);
    }
    case 'ACCEPT':
    case 'REJECT': {
      const index = proposalIndex(meeting.proposals, msg.ref);
      if (!isKnownProposal(index, meeting.proposals.length)) throw new IllegalMessage(`${msg.type} refers to unknown proposal ${JSON.stringify(msg.ref)}`);
      const proposal = meeting.proposals[index];
      if (!inScope(table, proposal.continent, own)) {
        throw new IllegalMessage(`${msg.type} about a continent the sender is not on (GR-A11)`);
      }
      const message: Message = { t: meeting.tick, from, round: ctx.round, continent: CONTINENTS[proposal.continent], type: msg.type, ref: msg.ref };
      const next = withMessage(meeting, message, proposal.continent, msg.type === 'ACCEPT' ? MSG_ACCEPT : MSG_REJECT);
      if (msg.type === 'REJECT' || proposal.acceptedBy.includes(from)) return next;
      const accepted: Proposal = {
        id: proposal.id,
        continent: proposal.continent,
        proposer: proposal.proposer,
        upgrader: proposal.upgrader,
        next: proposal.next,
        acceptedBy: appended(proposal.acceptedBy, from),
      };
      return withProposal(ctx, next, accepted, index);
    }
    case 'PROMISE': {
      if (!isPromiseCard(promiseCard(msg.action))) throw new IllegalMessage('PROMISE needs action GREEN or RED');
      // The optional ref names a proposal (§15.2), like ACCEPT's: only a known id is stored.
      if (msg.ref !== undefined && !isKnownProposal(proposalIndex(meeting.proposals, msg.ref), meeting.proposals.length))
        throw new IllegalMessage(
          `PROMISE refers to unknown proposal ${typeof msg.ref === 'string' ? JSON.stringify(msg.ref) : `(a ${typeof msg.ref}, not a proposal id)`}`,
        );
      const promises = meeting.promises.slice();
      promises[from] = msg.action;
      const message: Message = msg.ref
        ? { t: meeting.tick, from, round: ctx.round, continent: CONTINENTS[own], type: 'PROMISE', action: msg.action, ref: msg.ref }
        : { t: meeting.tick, from, round: ctx.round, continent: CONTINENTS[own], type: 'PROMISE', action: msg.action };
      const next = withMessage(meeting, message, own, MSG_PROMISE);
      next.promises = promises;
      return next;
    }
    case 'PASS': {
      const passed = meeting.passed.slice();
      passed[from] = true;
      const message: Message = { t: meeting.tick, from, round: ctx.round, continent: CONTINENTS[own], type: 'PASS' };
      const next = withMessage(meeting, message, own, MSG_PASS);
      next.passed = passed;
      return next;
    }
    case 'GIFT': {
      if (!rules.allowGoldGifts) throw new IllegalMessage('GIFT is not allowed (allowGoldGifts is false, GR-A12)');
      if (!isSeat(msg.to, ctx.players) || msg.to === from) throw new IllegalMessage('GIFT needs another seat as recipient');
      if (!Number.isInteger(msg.amount) || msg.amount <= 0 || msg.amount > ctx.gold[from]) {
        throw new IllegalMessage(`GIFT amount ${JSON.stringify(msg.amount)} must be a positive integer up to the sender's gold`);
      }
      const message: Message = { t: meeting.tick, from, round: ctx.round, continent: null, type: 'GIFT', to: msg.to, amount: msg.amount };
      sent.gift = true;
      sent.to = msg.to;
      sent.amount = msg.amount;
      return withMessage(meeting, message, NO_CONTINENT, MSG_GIFT);
    }
    default:
      throw new IllegalMessage(`unknown message type ${JSON.stringify((msg as { type?: unknown }).type)}`);
  }
}

/**
 * A copy of `meeting` with `message` appended, for the caller to set its other changed fields. The
 * message is about continent `about` (NO_CONTINENT: a GIFT) and of type `type` (a `messageBit`).
 */
function withMessage(meeting: Meeting, message: Message, about: number, type: number): Draft<Meeting> {
  const next = copyMeeting(meeting);
  next.messages = appended(meeting.messages, message);
  wakeIdle(next, about, type);
  return next;
}

/**
 * Ends the idle promises the message just appended to `next` (this message's own copy) breaks
 * (meeting-rules.ts `wakes`): the woken seats' `idleUntil` becomes 0, in a new list (the old one may
 * be shared with other fields and states). At the time of the message, as the kernel does, so that
 * whether a seat is idle is one comparison for both engines.
 */
function wakeIdle(next: Draft<Meeting>, about: number, type: number): void {
  const idleUntil = next.idleUntil;
  const tick = next.tick;
  let woken: number[] | null = null;
  for (let s = 0; s < idleUntil.length; s++) {
    if (isIdle(idleUntil, s, tick) && wakes(next.locations[s], next.idleWake[s], about, type)) {
      woken ??= idleUntil.slice();
      woken[s] = 0;
    }
  }
  if (woken !== null) next.idleUntil = woken;
}

/**
 * Stores a new or updated proposal and checks whether it became an agreement: every player on the
 * continent accepted (or, with allowPartialAgreements, at least two did). A newer complete agreement
 * replaces an older one on the same continent (§15.2).
 */
function withProposal(ctx: MeetingContext, meeting: Draft<Meeting>, proposal: Proposal, index = -1): Meeting {
  // `meeting` is the fresh copy made for this message: set its fields in place (no second copy).
  if (index < 0) meeting.proposals = appended(meeting.proposals, proposal);
  else {
    const proposals = meeting.proposals.slice(); // not the frozen empty list: it holds `index`
    proposals[index] = proposal;
    meeting.proposals = proposals;
  }
  // Who is on the continent and who accepted, as masks; the list of parties is made only when an
  // agreement forms (meeting-rules.ts `agreementParties`).
  const on = seatsOnMask(meeting.locations, ctx.players, proposal.continent);
  const acceptedBy = proposal.acceptedBy;
  let accepted = 0;
  for (let i = 0; i < acceptedBy.length; i++) accepted |= 1 << acceptedBy[i];
  const parties = agreementParties(on, accepted, ctx.config.rules.allowPartialAgreements);
  if (parties === 0) return meeting;
  const upgrader = agreementUpgrader(proposal.upgrader ?? NOBODY, parties);
  const agreement: Agreement = {
    id: proposal.id,
    continent: proposal.continent,
    parties: seatsOf(parties, popcount(parties)),
    upgrader: upgrader === NOBODY ? null : upgrader,
    round: ctx.round,
  };
  const agreements = meeting.agreements.slice();
  agreements[proposal.continent] = agreement;
  meeting.agreements = agreements;
  return meeting;
}

/**
 * Lays an upgrade card; the engine announces it (colour hidden) as a COMMITTED message. With
 * `inPlace`, `meeting` is the caller's own fresh copy, not yet part of any state: its fields are
 * set on it instead of on another copy.
 */
export function commitCard(ctx: MeetingContext, meeting: Meeting, seat: number, colour: Colour, inPlace = false): Meeting {
  const commits = meeting.commits.slice();
  const commitTicks = meeting.commitTicks.slice();
  const first = commits[seat] === null;
  commits[seat] = colour;
  commitTicks[seat] = meeting.tick;
  let committed = meeting.committed;
  if (first) {
    const next = committed.slice();
    next[seat] = true;
    committed = next;
  }
  const next = inPlace ? (meeting as Draft<Meeting>) : copyMeeting(meeting);
  next.commits = commits;
  next.committed = committed;
  next.commitTicks = commitTicks;
  if (first) {
    const own = meeting.locations[seat];
    const message: Message = { t: meeting.tick, from: seat, round: ctx.round, continent: CONTINENTS[own], type: 'COMMITTED' };
    next.messages = appended(meeting.messages, message);
    wakeIdle(next, own, MSG_COMMITTED);
  }
  return next;
}

/**
 * The seats that still have something to do in the meeting, as a bit set (meeting-rules.ts
 * `needsMask`, from this meeting's laid cards and passes).
 */
export function seatsNeedingTurn(config: GoldrauschConfig, meeting: Meeting, n: number): number {
  const { commits, passed } = meeting;
  let laid = 0;
  let passes = 0;
  for (let s = 0; s < n; s++) {
    if (commits[s] !== null) laid |= 1 << s;
    if (passed[s]) passes |= 1 << s;
  }
  return needsMask(meeting.locations, n, laid, passes, config.rules.commitRevisable);
}

/**
 * A bot's message as plain data, each field read once, before it is checked: a getter or proxy that
 * answers differently on each read, or a bot that changes the object later, cannot make the message
 * that is stored differ from the one that was checked. Throws IllegalMessage for a non-object.
 * Reads `plan`, `next` and `type`, then only the fields `sendMessage` reads for that type (the only
 * reader of the copy); the others stay undefined. All copies have one shape (sendMessage's reads
 * stay monomorphic), and a bot's message, whose shape varies by type, is read fewer times.
 */
export function plainMessage(m: unknown): OutgoingMessage {
  if (m === null || typeof m !== 'object') throw new IllegalMessage('a message must be an object');
  const src = m as Record<string, unknown>;
  const plan = src.plan;
  const next = src.next;
  let clauses: NextClause[] | undefined;
  if (next !== undefined) {
    if (!Array.isArray(next)) throw new IllegalMessage('a PROPOSE next must be an array of clauses');
    clauses = [];
    for (let i = 0, n = next.length; i < n; i++) {
      const c: unknown = next[i];
      if (c === null || typeof c !== 'object') throw new IllegalMessage('a PROPOSE next clause must be an object');
      clauses.push({ round: (c as NextClause).round, upgrader: (c as NextClause).upgrader });
    }
  }
  const type = src.type;
  let continent: unknown;
  let ref: unknown;
  let action: unknown;
  let to: unknown;
  let amount: unknown;
  switch (type) {
    case 'PROPOSE':
      continent = src.continent;
      break;
    case 'ACCEPT':
    case 'REJECT':
      ref = src.ref;
      break;
    case 'PROMISE':
      ref = src.ref;
      action = src.action;
      break;
    case 'GIFT':
      to = src.to;
      amount = src.amount;
      break;
  }
  return {
    type,
    continent,
    plan: plan === null || typeof plan !== 'object' ? plan : { upgrader: (plan as { upgrader?: unknown }).upgrader },
    next: clauses,
    ref,
    action,
    to,
    amount,
  } as unknown as OutgoingMessage;
}
