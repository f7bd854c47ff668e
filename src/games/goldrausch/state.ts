/**
 * The Goldrausch game state: small and flat (numbers per seat, per continent), deeply read-only.
 * Per-continent arrays are indexed azul 0, rosso 1, veridia 2; per-seat arrays by seat.
 */
import type { GoldrauschConfig } from './params.js';
import type { Colour, Continent, ContinentIndex, EventSlot, WheelField } from './types.js';

/** Message types of the negotiation protocol (§15.2). GIFT exists only with `allowGoldGifts`. */
export type MessageType = 'PROPOSE' | 'ACCEPT' | 'REJECT' | 'PROMISE' | 'PASS' | 'COMMITTED' | 'GIFT';

/** A rotation clause of a proposal: in `round`, `upgrader` (null = nobody) is the one to upgrade. */
export interface NextClause {
  readonly round: number;
  readonly upgrader: number | null;
}

/** A message as the table sees it: sender, tick, round and continent are added by the engine. */
export interface Message {
  readonly t: number;
  readonly from: number;
  readonly round: number;
  readonly continent: Continent | null;
  readonly type: MessageType;
  /** PROPOSE: the id the engine gave the proposal, e.g. "r3-V-1". */
  readonly id?: string;
  /** ACCEPT / REJECT / PROMISE: the proposal referred to. */
  readonly ref?: string;
  /** PROPOSE: who is to be the only upgrader (null = nobody). */
  readonly plan?: { readonly upgrader: number | null };
  /** PROPOSE: optional rotation for future meetings of the same players. */
  readonly next?: readonly NextClause[];
  /** PROMISE: the sender's stated intent. */
  readonly action?: 'GREEN' | 'RED';
  /** GIFT: recipient and amount. */
  readonly to?: number;
  readonly amount?: number;
}

export interface Proposal {
  readonly id: string;
  readonly continent: ContinentIndex;
  readonly proposer: number;
  readonly upgrader: number | null;
  readonly next: readonly NextClause[];
  /** Seats that accepted, the proposer included, in order of acceptance. */
  readonly acceptedBy: readonly number[];
}

/** A complete agreement: every party but `upgrader` is obliged to commit red (§15.2). */
export interface Agreement {
  readonly id: string;
  readonly continent: ContinentIndex;
  readonly parties: readonly number[];
  readonly upgrader: number | null;
  /** The round it binds (rotation clauses bind later rounds). */
  readonly round: number;
}

/** A rotation clause waiting for its round; binds only if exactly `parties` meet on one continent. */
export interface StandingClause {
  readonly source: string;
  readonly round: number;
  readonly parties: readonly number[];
  readonly upgrader: number | null;
}

/** A broken obligation, public after phase 5 (§15.3). */
export interface Breach {
  readonly seat: number;
  readonly round: number;
  readonly continent: Continent;
  /** The agreement id, or "promise". */
  readonly source: string;
  /** The other parties, who were let down. */
  readonly victims: readonly number[];
}

/** Phase 3 in progress. */
export interface Meeting {
  /** Phase 2: where every pawn stands. */
  readonly locations: readonly ContinentIndex[];
  /** D1b provisional cards (only used with phase1UpgradeCard = default-commitment). */
  readonly provisional: readonly (Colour | null)[];
  readonly tick: number;
  /** Seats in this tick's (seeded random) order. */
  readonly order: readonly number[];
  /** Index into `order` of the seat whose turn it is. */
  readonly turn: number;
  readonly messages: readonly Message[];
  readonly proposals: readonly Proposal[];
  /** The agreement in force per continent (null = none). */
  readonly agreements: readonly (Agreement | null)[];
  /** Each seat's latest PROMISE (null = none). */
  readonly promises: readonly ('GREEN' | 'RED' | null)[];
  /** The upgrade card each seat has laid (null = none yet). */
  readonly commits: readonly (Colour | null)[];
  /** Who has laid a card (public; the colour is not). */
  readonly committed: readonly boolean[];
  /** Tick at which each seat laid its card (0 = not yet). */
  readonly commitTicks: readonly number[];
  readonly passed: readonly boolean[];
  /**
   * Seat s's bot promised to stay idle before tick `idleUntil[s]` unless a message about its
   * continent of a type in bit set `idleWake[s]` (or a GIFT) is added (`GoldrauschBot.idleUntil`,
   * `messageBit`); the engine skips its turns meanwhile. Such a message sets `idleUntil[s]` to 0 when
   * it is added (meeting.ts `wakeIdle`, meeting-rules.ts `wakes`). 0 = no promise. Bookkeeping for
   * speed, not a rule.
   */
  readonly idleUntil: readonly number[];
  readonly idleWake: readonly number[];
}

/** What happened in one round: the public record, complete after phase 6. */
export interface RoundRecord {
  readonly round: number;
  readonly startPlayer: number;
  readonly goldBefore: readonly number[];
  readonly stockBefore: readonly number[];
  readonly extract: readonly number[];
  readonly resourceCard: string;
  readonly locations: readonly ContinentIndex[];
  readonly messages: readonly Message[];
  readonly agreements: readonly Agreement[];
  /** Cards as laid in phase 3 (null = timeout), before any event passed them. */
  readonly commits: readonly (Colour | null)[];
  readonly commitTicks: readonly number[];
  readonly wheel: WheelField;
  readonly event: EventSlot | null;
  /** Gold change per seat from the phase-4 event. */
  readonly eventGold: readonly number[];
  /** Locations and cards after #23–25 moved them (as used in phase 5). */
  readonly finalLocations: readonly ContinentIndex[];
  readonly finalCards: readonly (Colour | null)[];
  /** Effective upgrade status in phase 5 (after forced/banned upgrades). */
  readonly upgraded: readonly boolean[];
  /** Sole effective upgrader paid double (no collision, no disaster). */
  readonly upgradeSucceeded: readonly boolean[];
  readonly collisions: readonly boolean[];
  readonly disasters: readonly boolean[];
  readonly payout: readonly number[];
  readonly fines: readonly number[];
  readonly breaches: readonly Breach[];
  /** Seats that had an obligation and kept it. */
  readonly kept: readonly number[];
  readonly stockAfterProfit: readonly number[];
  /** The resource card revealed in phase 6 (null = none, GR-A3) and what it added. */
  readonly nextResourceCard: string | null;
  readonly respawned: readonly number[];
  /** Gold after phase 6 (the gold curve). */
  readonly goldAfter: readonly number[];
  readonly stockAfter: readonly number[];
  readonly winners: readonly number[];
}

export interface GoldrauschState {
  readonly config: GoldrauschConfig;
  readonly players: number;
  /** Current round, 1-based. */
  readonly round: number;
  readonly stage: 'continent' | 'meeting' | 'over';
  readonly startPlayer: number;
  readonly gold: readonly number[];
  readonly stock: readonly number[];
  /** Total cap reduction from #18/#19; cap = max(0, printed cap − capReduction). */
  readonly capReduction: number;
  /** Current caps per continent (derived from capReduction, kept for the views). */
  readonly caps: readonly number[];
  /** Gold in the bank (may go below 0 with an unlimited bank: then it is only bookkeeping). */
  readonly bank: number;
  readonly finesPaid: readonly number[];
  /** Resource deck order (indices into params.resourceDeck.cards); `resourcePos` is the next to draw. */
  readonly resourceOrder: readonly number[];
  readonly resourcePos: number;
  readonly currentCard: number;
  readonly resourceShuffles: number;
  /** Ids of the resource cards revealed so far, oldest first (public, kept for the views). */
  readonly resourceSeen: readonly string[];
  /** Event draw pile, top at `eventPos`. */
  readonly eventDeck: readonly EventSlot[];
  readonly eventPos: number;
  readonly eventDiscard: readonly EventSlot[];
  readonly besideClock: readonly EventSlot[];
  readonly eventShuffles: number;
  /** Counter of the tie-break stream. */
  readonly tieBreaks: number;
  /** Hands when passed cards are kept (GR-A32); null = everybody holds the standard hand. */
  readonly countryHands: readonly (readonly number[])[] | null;
  readonly upgradeHands: readonly (readonly number[])[] | null;
  /** Public reputation ledger (§15.3). */
  readonly kept: readonly number[];
  readonly broken: readonly number[];
  readonly clauses: readonly StandingClause[];
  readonly history: readonly RoundRecord[];
  readonly meeting: Meeting | null;
  readonly winners: readonly number[];
  readonly endedBy: 'race' | 'clock' | null;
}

/** A shallow mutable copy of a read-only record: a transition fills one in, then returns it read-only. */
export type Draft<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A shallow copy of `s` for the next state: copy, assign the changed fields, return it. Written as
 * one object literal that reads every field of `s` on purpose: all states share one hidden class,
 * so the engine's property reads stay monomorphic. Node 20, measured: `{ ...s, field }` on this
 * 31-field object cost ~900 ns; the former `withState(s, partial)` (a partial literal, then
 * `partial.x ?? s.x` and `'x' in partial` per field) still cost most of a meeting turn's copy; copy
 * and assign is one monomorphic literal plus a store per changed field.
 */
export function copyState(s: GoldrauschState): Draft<GoldrauschState> {
  return {
    config: s.config,
    players: s.players,
    round: s.round,
    stage: s.stage,
    startPlayer: s.startPlayer,
    gold: s.gold,
    stock: s.stock,
    capReduction: s.capReduction,
    caps: s.caps,
    bank: s.bank,
    finesPaid: s.finesPaid,
    resourceOrder: s.resourceOrder,
    resourcePos: s.resourcePos,
    currentCard: s.currentCard,
    resourceShuffles: s.resourceShuffles,
    resourceSeen: s.resourceSeen,
    eventDeck: s.eventDeck,
    eventPos: s.eventPos,
    eventDiscard: s.eventDiscard,
    besideClock: s.besideClock,
    eventShuffles: s.eventShuffles,
    tieBreaks: s.tieBreaks,
    countryHands: s.countryHands,
    upgradeHands: s.upgradeHands,
    kept: s.kept,
    broken: s.broken,
    clauses: s.clauses,
    history: s.history,
    meeting: s.meeting,
    winners: s.winners,
    endedBy: s.endedBy,
  };
}

/** A shallow copy of meeting `m` to assign changed fields to (see `copyState` for why a literal). */
/** The shared empty list (frozen: nothing may add to it; transitions replace a list, never write one). */
export const EMPTY: readonly never[] = Object.freeze([]);

/**
 * Phase 3 at tick 1 (engine.ts `openMeeting`): nobody has spoken, promised, laid a card or passed.
 * Fields that start equal share one fresh array (no transition writes an array it did not make), in
 * the order of `copyMeeting`'s literal: the one hidden class of all meetings.
 */
export function openingMeeting(locations: readonly ContinentIndex[], provisional: readonly (Colour | null)[], order: readonly number[]): Draft<Meeting> {
  const n = locations.length;
  const nulls = filled(n, null);
  const falses = filled(n, false);
  const noTicks = zeros(n);
  return {
    locations,
    provisional,
    tick: 1,
    order,
    turn: 0,
    messages: EMPTY,
    proposals: EMPTY,
    agreements: [null, null, null],
    promises: nulls,
    commits: nulls,
    committed: falses,
    commitTicks: noTicks,
    passed: falses,
    idleUntil: noTicks,
    idleWake: noTicks,
  };
}

export function copyMeeting(m: Meeting): Draft<Meeting> {
  return {
    locations: m.locations,
    provisional: m.provisional,
    tick: m.tick,
    order: m.order,
    turn: m.turn,
    messages: m.messages,
    proposals: m.proposals,
    agreements: m.agreements,
    promises: m.promises,
    commits: m.commits,
    committed: m.committed,
    commitTicks: m.commitTicks,
    passed: m.passed,
    idleUntil: m.idleUntil,
    idleWake: m.idleWake,
  };
}

/**
 * One bit per message type (0 for anything else), for the sets of types that wake an idle seat
 * (`Meeting.idleWake`). A switch, not a keyed read of a table: a table read with a varying key goes
 * through V8's megamorphic lookup, and the engine asks this for every message an idle seat might be
 * woken by.
 */
export function messageBit(type: unknown): number {
  switch (type) {
    case 'PROPOSE':
      return 1;
    case 'ACCEPT':
      return 2;
    case 'REJECT':
      return 4;
    case 'PROMISE':
      return 8;
    case 'PASS':
      return 16;
    case 'COMMITTED':
      return 32;
    case 'GIFT':
      return 64;
  }
  return 0;
}

/** Every message type wakes an idle seat. */
export const WAKE_ON_ALL = 127;

/*
 * Small arrays at their exact size. V8 gives an array grown by `push` from `[]` room for 16
 * elements (~180 bytes for a 4-seat array), and a game makes thousands of such arrays: allocation
 * and young-generation GC were ~10% of the engine's time. Array literals are exact, packed and
 * the fastest to make; `new Array(n)` is exact but holey (reads a little slower), used for longer lists.
 */

/**
 * `list` with `item` appended (a new array; `list` is not changed). Literals up to 12 elements
 * (a round's messages, a game's 10 rounds of history): exact and packed, which bots iterating the
 * history read fastest; longer lists are copied into an exact holey array.
 */
export function appended<T>(list: readonly T[], item: T): T[] {
  switch (list.length) {
    case 0:
      return [item];
    case 1:
      return [list[0], item];
    case 2:
      return [list[0], list[1], item];
    case 3:
      return [list[0], list[1], list[2], item];
    case 4:
      return [list[0], list[1], list[2], list[3], item];
    case 5:
      return [list[0], list[1], list[2], list[3], list[4], item];
    case 6:
      return [list[0], list[1], list[2], list[3], list[4], list[5], item];
    case 7:
      return [list[0], list[1], list[2], list[3], list[4], list[5], list[6], item];
    case 8:
      return [list[0], list[1], list[2], list[3], list[4], list[5], list[6], list[7], item];
    case 9:
      return [list[0], list[1], list[2], list[3], list[4], list[5], list[6], list[7], list[8], item];
    case 10:
      return [list[0], list[1], list[2], list[3], list[4], list[5], list[6], list[7], list[8], list[9], item];
    case 11:
      return [list[0], list[1], list[2], list[3], list[4], list[5], list[6], list[7], list[8], list[9], list[10], item];
  }
  const n = list.length;
  const out = new Array<T>(n + 1);
  for (let i = 0; i < n; i++) out[i] = list[i];
  out[n] = item;
  return out;
}

/** n copies of v (n = 3 continents or 4–6 seats as literals). */
export function filled<T>(n: number, v: T): T[] {
  switch (n) {
    case 3:
      return [v, v, v];
    case 4:
      return [v, v, v, v];
    case 5:
      return [v, v, v, v, v];
    case 6:
      return [v, v, v, v, v, v];
  }
  const out = new Array<T>(n);
  for (let i = 0; i < n; i++) out[i] = v;
  return out;
}

/**
 * n zeros, for per-seat numbers (gold, fines, payouts, ledgers, counters). Not `filled(n, 0)`: that
 * shared literal also holds booleans and nulls, so V8 gives every list it makes generic elements,
 * while these stay small-integer lists (the gold lists of every state are read by every bot).
 */
export function zeros(n: number): number[] {
  switch (n) {
    case 4:
      return [0, 0, 0, 0];
    case 5:
      return [0, 0, 0, 0, 0];
    case 6:
      return [0, 0, 0, 0, 0, 0];
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(0);
  return out;
}

/** [0, 1, …, n − 1]. */
export function identity(n: number): number[] {
  switch (n) {
    case 4:
      return [0, 1, 2, 3];
    case 5:
      return [0, 1, 2, 3, 4];
    case 6:
      return [0, 1, 2, 3, 4, 5];
  }
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}
