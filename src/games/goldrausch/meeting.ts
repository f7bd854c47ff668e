/**
 * Phases 1–3 of a round (docs/games/goldrausch.md §4, §15): the continent choices revealed, then the
 * corporate meeting — its seat order tick by tick, whose turn it is, the messages and what they do
 * (proposals, agreements, promises, passes, gifts), idle promises, the upgrade cards laid — all on
 * the state's flat lists, every message written to the meeting log. When nobody has anything left
 * to do, or the last tick has passed, the round is resolved (round.ts).
 */
import { Purpose } from './purposes.js';
import type { Draws } from './draws.js';
import { richestAtThreshold } from './climate.js';
import { resolveRound } from './round.js';
import { type GoldrauschState, nextSerial, Stage } from './state.js';
import { GREEN, MSG_ACCEPT, MSG_ALL, MSG_COMMITTED, MSG_GIFT, MSG_PASS, MSG_PROMISE, MSG_PROPOSE, MSG_REJECT, NOBODY, NONE, RED, type Message } from './bot.js';

/** The continent a GIFT is about: none (gold changes hands at the table, not on a continent). */
export const NO_CONTINENT = -1;

/** The number of set bits of a seat mask. */
export function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

/** The seats standing on continent c after phase 2, as a mask. */
export function seatsOn(s: GoldrauschState, c: number): number {
  // A lean playout's state was made by the engine: its masks are kept (`standOn`).
  if (s.lean) return s.onContinent[c];
  const locations = s.locations;
  let on = 0;
  for (let seat = 0; seat < s.players; seat++) if (locations[seat] === c) on |= 1 << seat;
  return on;
}

/** The masks of the seats on each continent (state.ts `onContinent`), from where the pawns stand. */
export function standOn(s: GoldrauschState): void {
  const on = s.onContinent;
  on[0] = on[1] = on[2] = 0;
  for (let seat = 0; seat < s.players; seat++) on[s.locations[seat]] |= 1 << seat;
}

/**
 * All orders of n seats (n ≤ 6: at most 720), built once per n; a tick's order is one of them. Shared
 * by every state and never written.
 */
const PERMUTATIONS: (readonly (readonly number[])[])[] = [];
export function permutationsOf(n: number): readonly (readonly number[])[] {
  return PERMUTATIONS[n] ?? (PERMUTATIONS[n] = allOrders(n));
}

function allOrders(n: number): number[][] {
  const out: number[][] = [];
  const build = (prefix: number[], rest: number[]) => {
    if (rest.length === 0) out.push(prefix);
    for (let i = 0; i < rest.length; i++) build([...prefix, rest[i]], [...rest.slice(0, i), ...rest.slice(i + 1)]);
  };
  const seats: number[] = [];
  for (let s = 0; s < n; s++) seats.push(s);
  build([], seats);
  return out;
}

/**
 * §15.1: the seats act in a random order each tick. One draw (meeting-order stream, counter
 * round·64 + tick) picks one of the n! orders, uniformly.
 */
export function tickOrder(s: GoldrauschState, tick: number, draws: Draws): readonly number[] {
  const orders = permutationsOf(s.players);
  return orders[draws.int(Purpose.meetingOrder, s.round * 64 + tick, orders.length)];
}

/**
 * Phases 1–2: every seat's country card (`s.choices`) is revealed and its pawn placed; phase 3
 * opens at tick 1, and the first seat with something to do gets its turn (or, if nobody has, the
 * round is resolved).
 */
export function revealContinents(s: GoldrauschState, draws: Draws): void {
  const n = s.players;
  for (let seat = 0; seat < n; seat++) {
    s.locations[seat] = s.choices[seat];
    s.commits[seat] = NONE;
    s.committed[seat] = 0;
    s.commitTicks[seat] = 0;
    s.passed[seat] = 0;
    s.promises[seat] = NONE;
    s.idleUntil[seat] = 0;
    s.idleWake[seat] = MSG_ALL;
  }
  standOn(s);
  s.laidMask = 0;
  s.passedMask = 0;
  s.needsStale = true;
  s.promised = 0;
  s.proposalCount = 0;
  s.poolLength = 0;
  s.meetingLog = s.logLength;
  for (let c = 0; c < 3; c++) {
    s.agreementProposal[c] = -1;
    s.agreementParties[c] = 0;
    s.agreementUpgrader[c] = NOBODY;
  }
  s.bindingCount = s.clauseCount === 0 || s.lean ? 0 : findBindingClauses(s);
  s.stage = Stage.meeting;
  s.tick = 1;
  s.order = tickOrder(s, 1, draws);
  advance(s, 0, draws);
}

/**
 * The standing rotation clauses that bind this round (§15.2): those of this round whose parties, and
 * nobody else, stand together on one continent. Returns how many (into `s.binding`).
 */
export function findBindingClauses(s: GoldrauschState): number {
  let count = 0;
  for (let k = 0; k < s.clauseCount; k++) {
    if (s.clauseRound[k] !== s.round) continue;
    const parties = s.clauseParties[k];
    const c = s.locations[31 - Math.clz32(parties & -parties)];
    if (seatsOn(s, c) === parties) s.binding[count++] = k;
  }
  return count;
}

/**
 * The seats that still have something to do in the meeting, as a mask: a seat that has laid no card;
 * with commitRevisable, any seat that has not passed; else a seat that has not passed while someone on
 * its continent has laid no card (§15.1: the talk on a continent ends when all its players have laid).
 */
export function needsMask(s: GoldrauschState): number {
  const n = s.players;
  const laid = s.laidMask;
  const passed = s.passedMask;
  const all = (1 << n) - 1;
  if (s.revisable) return all & ~(laid & passed);
  const locations = s.locations;
  // Bit arithmetic without branches (who laid and who passed is unpredictable to the processor).
  let open = 0; // bit c: some seat on continent c has laid no card
  for (let seat = 0; seat < n; seat++) open |= (((laid >>> seat) & 1) ^ 1) << locations[seat];
  let mask = all & ~laid;
  for (let seat = 0; seat < n; seat++) mask |= ((((passed >>> seat) & 1) ^ 1) & (open >>> locations[seat])) << seat;
  return mask;
}

/**
 * The next turn from position `from` of this tick's order: the next seat that needs one and is not
 * idle; at the end of a tick's order, the next tick at which such a seat is awake (skipped ticks draw
 * no order: a tick's order is keyed by the tick). When nobody needs a turn or the last tick has
 * passed, phase 3 is over and the round is resolved.
 */
export function advance(s: GoldrauschState, from: number, draws: Draws): void {
  // Who still has something to do changes only when a card is laid or a seat passes.
  if (s.needsStale) {
    s.needs = needsMask(s);
    s.needsStale = false;
  }
  if (!nextTurn(s, from, s.needs, draws)) resolveRound(s, draws);
}

function nextTurn(s: GoldrauschState, from: number, needs: number, draws: Draws): boolean {
  if (needs === 0) return false;
  const idleUntil = s.idleUntil;
  let turn = from;
  for (;;) {
    const order = s.order;
    const n = order.length;
    const tick = s.tick;
    while (turn < n) {
      const seat = order[turn];
      if ((needs & (1 << seat)) !== 0 && !(tick < idleUntil[seat])) {
        s.turn = turn;
        return true;
      }
      turn++;
    }
    if (tick >= s.ticks) return false;
    const next = nextAwakeTick(s, needs, tick);
    if (next > s.ticks) return false;
    s.tick = next;
    s.order = tickOrder(s, next, draws);
    turn = 0;
  }
}

/**
 * The first tick after `tick` at which a seat in `needs` is not idle: tick + 1 if one is awake now,
 * else the earliest promised tick. Until then nobody acts, so no message can wake an idle seat.
 */
function nextAwakeTick(s: GoldrauschState, needs: number, tick: number): number {
  let next = Infinity;
  for (let seat = 0; seat < s.players; seat++) {
    if ((needs & (1 << seat)) === 0) continue;
    if (!(tick < s.idleUntil[seat])) return tick + 1;
    next = Math.min(next, s.idleUntil[seat]);
  }
  return next;
}

/** The seat whose turn it is. */
export function turnSeat(s: GoldrauschState): number {
  return s.order[s.turn];
}

/** Whether `seat` may lay (or, commitRevisable, change) its upgrade card now. */
export function mayLayCard(s: GoldrauschState, seat: number): boolean {
  return s.commits[seat] === NONE || s.revisable;
}

/**
 * One seat's turn (the seat whose turn it is): its messages `list[0 … count)` in order (each legal:
 * `messageFault` checked by the caller), then its card (GREEN or RED, one it holds; NONE: none) — or,
 * with neither, its idle promise: no turn before tick `idleUntil` unless a message of a type in
 * `idleWake` wakes it (`idleUntil` ≤ the tick: no promise). Then the next turn, or the round's end.
 */
export function playTurn(s: GoldrauschState, list: readonly Message[], count: number, card: number, idleUntil: number, idleWake: number, draws: Draws): void {
  const seat = s.order[s.turn];
  if (count === 0 && card === NONE) {
    // A promise to stay idle: the seat's turns are skipped until the promised tick or a message that
    // wakes it (`wake`). Bookkeeping for speed, not a rule: the bot promised to do nothing meanwhile.
    if (idleUntil > s.tick) {
      s.idleUntil[seat] = idleUntil;
      s.idleWake[seat] = idleWake;
      s.promised |= 1 << seat;
    }
  } else {
    let gift = false;
    for (let i = 0; i < count; i++) if (send(s, seat, list[i])) gift = true;
    // GR-A6: a GIFT can lift a seat to the threshold; with an immediate check the race ends here.
    if (gift && (s.winImmediate || s.winGross) && raceEndsByGift(s)) return;
    if (card !== NONE && mayLayCard(s, seat)) {
      // §15.1: a card laid in the last tick comes too late with probability pLate.
      const late = s.tick === s.ticks && s.pLate > 0 && draws.float(Purpose.lateCommit, s.round * 16 + seat) < s.pLate;
      if (!late) commitCard(s, seat, card);
    }
  }
  advance(s, s.turn + 1, draws);
}

/** The richest at or above the threshold win (GR-A6) — after a GIFT, in the meeting: the game ends unrecorded. */
function raceEndsByGift(s: GoldrauschState): boolean {
  if (!richestAtThreshold(s)) return false;
  s.stage = Stage.over;
  s.ending = 0;
  return true;
}

/** Lays `seat`'s card; the first card it lays is announced (colour hidden) as a COMMITTED message. */
function commitCard(s: GoldrauschState, seat: number, card: number): void {
  const first = s.commits[seat] === NONE;
  s.commits[seat] = card;
  s.commitTicks[seat] = s.tick;
  s.needsStale = true;
  if (first) {
    s.committed[seat] = 1;
    s.laidMask |= 1 << seat;
    announce(s, seat, MSG_COMMITTED, s.locations[seat], 0, 0);
  }
}

// The meeting log's entries (state.ts `log`): LOG_FIELDS numbers each.
export const LOG_FIELDS = 6;
export const LOG_TICK = 0;
export const LOG_FROM = 1;
export const LOG_TYPE = 2;
export const LOG_CONTINENT = 3;
export const LOG_A = 4;
export const LOG_B = 5;

/**
 * A message goes on the table: into the log, and it breaks the idle promises of the seats it wakes —
 * a message about continent `about` (NO_CONTINENT: a GIFT) of a type in a seat's wake set wakes the
 * seats on that continent; a GIFT wakes every idle seat (it may change what a seat wants).
 */
function announce(s: GoldrauschState, from: number, type: number, about: number, a: number, b: number): void {
  if (s.detail && !s.lean) {
    const at = LOG_FIELDS * s.logLength++;
    let log = s.log;
    if (at + LOG_FIELDS > log.length) log = growLog(s);
    log[at] = s.tick;
    log[at + 1] = from;
    log[at + 2] = type;
    log[at + 3] = about;
    log[at + 4] = a;
    log[at + 5] = b;
  }
  if (s.promised === 0) return;
  for (let seat = 0; seat < s.players; seat++) {
    if ((s.promised & (1 << seat)) === 0) continue;
    if (about === NO_CONTINENT || (s.locations[seat] === about && (s.idleWake[seat] & type) !== 0)) {
      s.idleUntil[seat] = 0;
      s.promised &= ~(1 << seat);
    }
  }
}

/** A log twice as long (more messages than a meeting's usual one per turn). */
function growLog(s: GoldrauschState): Int32Array {
  const log = new Int32Array(2 * s.log.length);
  log.set(s.log);
  s.log = log;
  return log;
}

/**
 * Sends one legal message from `from` (§15.2): what it does, its announcement (the log, and the idle
 * seats it wakes), and whether a proposal it made or accepted became an agreement. Returns true for a
 * GIFT (gold moved). One announcement and one agreement check at the end: each is one call site, so
 * this function's compiled code stays small (it runs for every message).
 */
export function send(s: GoldrauschState, from: number, m: Message): boolean {
  const own = s.locations[from];
  const type = m.type;
  let about = own;
  let a = 0;
  let b = 0;
  let completed = -1; // the proposal this message may have made an agreement
  if (type === MSG_PROPOSE) {
    const c = m.continent < 0 ? own : m.continent;
    const p = s.proposalCount++;
    s.propContinent[p] = c;
    s.propProposer[p] = from;
    s.propUpgrader[p] = m.upgrader;
    s.propAccepted[p] = 1 << from;
    s.propRejected[p] = 0;
    s.propClauseStart[p] = s.poolLength;
    s.propClauseCount[p] = m.clauseCount;
    for (let k = 0; k < m.clauseCount; k++) {
      const at = s.poolLength++;
      s.poolRound[at] = m.clauseRounds[k];
      s.poolUpgrader[at] = m.clauseUpgraders[k];
    }
    about = c;
    a = p;
    completed = p;
  } else if (type === MSG_ACCEPT || type === MSG_REJECT) {
    const p = m.ref;
    about = s.propContinent[p];
    a = m.ref;
    if (type === MSG_REJECT) s.propRejected[p] |= 1 << from;
    else if ((s.propAccepted[p] & (1 << from)) === 0) {
      s.propAccepted[p] |= 1 << from;
      completed = p;
    }
  } else if (type === MSG_PROMISE) {
    s.promises[from] = m.action;
    a = m.ref;
    b = m.action;
  } else if (type === MSG_PASS) {
    s.passed[from] = 1;
    s.passedMask |= 1 << from;
    s.needsStale = true;
  } else {
    // GIFT (allowGoldGifts): gold changes hands at once; the bots' per-game memos see a new game key.
    s.gold[from] -= m.amount;
    s.gold[m.to] += m.amount;
    s.game = nextSerial();
    about = NO_CONTINENT;
    a = m.to;
    b = m.amount;
  }
  announce(s, from, type, about, a, b);
  if (completed >= 0) checkAgreement(s, completed);
  return type === MSG_GIFT;
}

/**
 * §15.2: whether proposal p became its continent's agreement: everybody on the
 * continent accepted; or, with allowPartialAgreements, at least two did (the acceptors are the
 * parties). A continent with fewer than two players has none. A newer agreement replaces an older one.
 */
function checkAgreement(s: GoldrauschState, p: number): void {
  const c = s.propContinent[p];
  const on = seatsOn(s, c);
  if (popcount(on) < 2) return;
  const accepted = s.propAccepted[p];
  let parties = 0;
  if ((on & ~accepted) === 0) parties = on;
  else if (s.partialAgreements && popcount(accepted) >= 2) parties = accepted;
  else return;
  const u = s.propUpgrader[p];
  s.agreementProposal[c] = p;
  s.agreementParties[c] = parties;
  s.agreementUpgrader[c] = u !== NOBODY && (parties & (1 << u)) !== 0 ? u : NOBODY;
}

/** Whether `x` is a seat (an integer in 0 … players − 1). */
function isSeat(s: GoldrauschState, x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < s.players;
}

/** Whether `x` is a seat standing on continent c (an upgrader a proposal may name). */
function isSeatOn(s: GoldrauschState, x: unknown, c: number): boolean {
  return isSeat(s, x) && s.locations[x] === c;
}

/** Whether `ref` names one of the `count` proposals of this meeting. */
function isProposal(ref: unknown, count: number): boolean {
  return typeof ref === 'number' && Number.isInteger(ref) && ref >= 0 && ref < count;
}

function shown(x: unknown): string {
  return typeof x === 'string' ? JSON.stringify(x) : String(x);
}

// What `messageCheck` finds wrong with a message (`messageFault` words it).
export const MESSAGE_OK = 0;
const BAD_MALFORMED = 1;
const BAD_CONTINENT = 2;
const BAD_SCOPE = 3;
const BAD_UPGRADER = 4;
const BAD_CLAUSE_ROUND = 5;
const BAD_CLAUSE_UPGRADER = 6;
const BAD_REF = 7;
const BAD_REF_SCOPE = 8;
const BAD_ACTION = 9;
const BAD_PROMISE_REF = 10;
const BAD_NO_GIFTS = 11;
const BAD_RECIPIENT = 12;
const BAD_AMOUNT = 13;
const BAD_TYPE = 14;

/**
 * Whether `from` may send `m` now (§15.2, GR-A11, GR-A12): MESSAGE_OK, or a code of what is wrong
 * (`messageFault` says it in words). `gold` is the sender's gold and `proposals` the meeting's
 * proposal count as its earlier messages of this turn left them (a turn's messages are checked
 * before any is sent). Numbers only, so the check of every message stays small; the words are put
 * together only for a fault.
 */
export function messageCheck(s: GoldrauschState, from: number, m: Message, gold: number, proposals: number): number {
  if (m.malformed !== null) return BAD_MALFORMED;
  const own = s.locations[from];
  const type = m.type;
  if (type === MSG_ACCEPT || type === MSG_REJECT) {
    const ref = m.ref;
    if (!isProposal(ref, proposals)) return BAD_REF;
    return !s.table && s.propContinent[ref] !== own ? BAD_REF_SCOPE : MESSAGE_OK;
  }
  if (type === MSG_PASS) return MESSAGE_OK;
  if (type === MSG_PROPOSE) {
    const c = m.continent === -1 ? own : m.continent;
    if (!(c === 0 || c === 1 || c === 2)) return BAD_CONTINENT;
    if (!s.table && c !== own) return BAD_SCOPE;
    if (m.upgrader !== NOBODY && !isSeatOn(s, m.upgrader, c)) return BAD_UPGRADER;
    for (let k = 0; k < m.clauseCount; k++) {
      const round = m.clauseRounds[k];
      if (!Number.isInteger(round) || round <= s.round) return BAD_CLAUSE_ROUND;
      const u = m.clauseUpgraders[k];
      if (u !== NOBODY && !isSeatOn(s, u, c)) return BAD_CLAUSE_UPGRADER;
    }
    return MESSAGE_OK;
  }
  if (type === MSG_PROMISE) {
    if (m.action !== GREEN && m.action !== RED) return BAD_ACTION;
    return m.ref !== -1 && !isProposal(m.ref, proposals) ? BAD_PROMISE_REF : MESSAGE_OK;
  }
  if (type === MSG_GIFT) {
    if (!s.gifts) return BAD_NO_GIFTS;
    if (!isSeat(s, m.to) || m.to === from) return BAD_RECIPIENT;
    return !Number.isInteger(m.amount) || m.amount <= 0 || m.amount > gold ? BAD_AMOUNT : MESSAGE_OK;
  }
  return BAD_TYPE;
}

/**
 * Why `from` may not send `m` now (§15.2, GR-A11, GR-A12), or null when it may (`messageCheck` in
 * words; the same arguments).
 */
export function messageFault(s: GoldrauschState, from: number, m: Message, gold: number, proposals: number): string | null {
  const code = messageCheck(s, from, m, gold, proposals);
  return code === MESSAGE_OK ? null : faultText(code, m);
}

/** A `messageCheck` code of message `m` in words. */
function faultText(code: number, m: Message): string {
  const name = m.type === MSG_ACCEPT ? 'ACCEPT' : 'REJECT';
  switch (code) {
    case BAD_MALFORMED:
      return m.malformed ?? 'malformed';
    case BAD_CONTINENT:
      return `PROPOSE names unknown continent ${shown(m.continent)}`;
    case BAD_SCOPE:
      return 'PROPOSE about a continent the sender is not on (GR-A11)';
    case BAD_UPGRADER:
      return `PROPOSE names upgrader ${shown(m.upgrader)}, who is not on that continent`;
    case BAD_CLAUSE_ROUND:
      return 'a PROPOSE next clause needs a later round';
    case BAD_CLAUSE_UPGRADER:
      return 'a PROPOSE next clause names an upgrader who is not a party';
    case BAD_REF:
      return `${name} refers to unknown proposal ${shown(m.ref)}`;
    case BAD_REF_SCOPE:
      return `${name} about a continent the sender is not on (GR-A11)`;
    case BAD_ACTION:
      return 'PROMISE needs action GREEN or RED';
    case BAD_PROMISE_REF:
      return `PROMISE refers to unknown proposal ${shown(m.ref)}`;
    case BAD_NO_GIFTS:
      return 'GIFT is not allowed (allowGoldGifts is false, GR-A12)';
    case BAD_RECIPIENT:
      return 'GIFT needs another seat as recipient';
    case BAD_AMOUNT:
      return `GIFT amount ${shown(m.amount)} must be a positive integer up to the sender's gold`;
  }
  return `unknown message type ${shown(m.type)}`;
}
