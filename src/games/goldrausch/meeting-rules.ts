/**
 * The rules of phase 3, the corporate meeting (docs/games/goldrausch.md §15), written once for both
 * engines: small functions on numbers and bit masks (bit s = seat s), which the reference engine
 * (engine.ts, meeting.ts: an immutable `Meeting` with its message log and `Proposal`/`Agreement`
 * objects) and the fast kernel (fast/meeting.ts: flags and masks, no log) both call. What each engine
 * keeps of its own is how it stores the meeting, not what the rules decide: which seat acts when,
 * who still needs a turn, which message wakes an idle seat, when a proposal becomes an agreement,
 * when a card comes too late, which message is legal.
 *
 * Encodings are the flat view's (fast/view.ts): continents 0–2, cards NONE/GREEN/RED, upgrader NOBODY
 * (−1) for "nobody", message types as `messageBit` bits. A message about no continent (a GIFT) is
 * about `NO_CONTINENT`.
 */
import type { RandomSource } from '../../core/random.js';
import { GREEN, NOBODY, RED } from './fast/view.js';
import { Purpose } from './purposes.js';

/** The continent a GIFT is about: none (§15.2: gold changes hands at the table, not on a continent). */
export const NO_CONTINENT = -1;

/**
 * The draws the meeting makes: the reference engine passes its `RandomSource`, the kernel an object
 * with the same `int` and `float` over its game key (the same hashes, so the same numbers).
 */
export type MeetingDraws = Pick<RandomSource, 'int' | 'float'>;

/** The number of set bits of a seat mask. */
export function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

/** The seats standing on continent c, as a mask. */
export function seatsOnMask(locations: readonly number[], n: number, c: number): number {
  let on = 0;
  for (let s = 0; s < n; s++) if (locations[s] === c) on |= 1 << s;
  return on;
}

/**
 * All orders of n seats (n ≤ 6: at most 720), built once per n; a tick's order is one of them.
 * Shared by every state and game and never written; not frozen, because element reads of a frozen
 * array take a slow path in Node 20 (engine.ts `pending`) and both engines read `order[turn]` often.
 */
const PERMUTATIONS: (readonly (readonly number[])[])[] = [];
export function permutationsOf(n: number): readonly (readonly number[])[] {
  // The building is in its own function: a closure here would make every call (the engine asks once
  // a turn) allocate a context for it, built or not.
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
 * §15.1: the seats act in a random order each tick. One draw (meeting-order stream, draw
 * round·64 + tick) picks one of the n! orders `orders` (= `permutationsOf(n)`), uniformly:
 * `RandomSource.int`, floor(u · count). (An integer, not the float: a float returned from a call
 * that is not inlined is boxed, a small integer is not.)
 */
export function tickOrder(orders: readonly (readonly number[])[], draws: MeetingDraws, round: number, tick: number): readonly number[] {
  return orders[draws.int(Purpose.meetingOrder, round * 64 + tick, orders.length)];
}

/**
 * The seats that still have something to do in the meeting (their turns are skipped otherwise), from
 * the seats that laid a card (`laid`) and that passed (`passed`): a seat that has laid no card; with
 * commitRevisable, any seat that has not passed; else a seat that has not passed while someone on its
 * continent has laid no card (§15.1: negotiation on a continent ends when all its players have laid).
 */
export function needsMask(locations: readonly number[], n: number, laid: number, passed: number, revisable: boolean): number {
  const all = (1 << n) - 1;
  if (revisable) return all & ~(laid & passed);
  let open = 0; // bit c: some seat on continent c has laid no card
  for (let s = 0; s < n; s++) if ((laid & (1 << s)) === 0) open |= 1 << locations[s];
  let mask = all & ~laid;
  for (let s = 0; s < n; s++) {
    if ((passed & (1 << s)) === 0 && (open & (1 << locations[s])) !== 0) mask |= 1 << s;
  }
  return mask;
}

/** Whether a seat may lay (or, commitRevisable, change) its upgrade card this turn. */
export function mayLayCard(laid: boolean, revisable: boolean): boolean {
  return !laid || revisable;
}

/**
 * Whether a bot's `idleUntil` answer binds it: only a later tick does (0 or an earlier tick is no
 * promise). An idle promise is given with an empty turn (no message, no card); until that tick the
 * seat's turns are skipped unless a message wakes it (`wakes`). Bookkeeping for speed, not a rule:
 * the bot promised it would do nothing in those turns.
 */
export function bindsIdle(until: number, tick: number): boolean {
  return until > tick;
}

/**
 * Whether a message about continent `about` (NO_CONTINENT for a GIFT) of type `type` (a `messageBit`)
 * ends the idle promise of a seat standing on continent `own` that is woken by the types in `wake`: a
 * message about its continent of a type it listens to, or any GIFT (it may change what a seat wants).
 */
export function wakes(own: number, wake: number, about: number, type: number): boolean {
  return about === NO_CONTINENT || (about === own && (wake & type) !== 0);
}

/** Whether seat s is bound by an idle promise at `tick` (a woken seat's promise is set to 0). */
export function isIdle(idleUntil: readonly number[], s: number, tick: number): boolean {
  return tick < idleUntil[s];
}

/**
 * The first tick after `tick` at which a seat in `needs` is not idle: tick + 1 if one is awake now,
 * else the earliest promised tick (Infinity when `needs` is empty). Until then nobody acts, so no
 * message can wake an idle seat, and the ticks between are skipped whole.
 */
export function nextAwakeTick(idleUntil: readonly number[], n: number, needs: number, tick: number): number {
  let next = Infinity;
  for (let s = 0; s < n; s++) {
    if ((needs & (1 << s)) === 0) continue;
    if (!isIdle(idleUntil, s, tick)) return tick + 1;
    next = Math.min(next, idleUntil[s]);
  }
  return next;
}

/**
 * What the turn-finding loop reads and moves of a meeting: the engine's `Meeting` draft and the
 * kernel's `FastMeeting` both have these fields.
 */
export interface MeetingClock {
  tick: number;
  /** The seats in this tick's order. */
  order: readonly number[];
  /** Index into `order` of the seat whose turn it is. */
  turn: number;
  /** Seat s's idle promise: its turns are skipped before this tick (0 = none). */
  readonly idleUntil: readonly number[];
}

/**
 * Moves the meeting to the next turn, from position `from` of this tick's order: the next seat in
 * `needs` (`needsMask`) that is not idle; at the end of a tick's order, the next tick at which such
 * a seat is awake, with that tick's order (`tickOrder`; a tick's order is a counter-based draw keyed
 * by the tick, so not drawing the skipped ticks' orders changes no other draw). Sets `clock.turn`
 * and returns true, or returns false when phase 3 is over: nobody needs a turn, or the last tick
 * (`ticks`) has passed. `clock.turn` is then left as it was.
 */
export function nextTurn(
  clock: MeetingClock,
  from: number,
  needs: number,
  ticks: number,
  orders: readonly (readonly number[])[],
  draws: MeetingDraws,
  round: number,
): boolean {
  if (needs === 0) return false;
  const idleUntil = clock.idleUntil;
  let turn = from;
  for (;;) {
    const order = clock.order;
    const n = order.length;
    const tick = clock.tick;
    while (turn < n) {
      const s = order[turn];
      if ((needs & (1 << s)) !== 0 && !isIdle(idleUntil, s, tick)) {
        clock.turn = turn;
        return true;
      }
      turn++;
    }
    if (tick >= ticks) return false;
    const next = nextAwakeTick(idleUntil, n, needs, tick);
    if (next > ticks) return false;
    clock.tick = next;
    clock.order = tickOrder(orders, draws, round, next);
    turn = 0;
  }
}

/**
 * §15.1: a card laid in the last tick comes too late with probability pLate (late-commit stream,
 * draw round·16 + seat; drawn only for a card laid in the last tick, and only when pLate > 0).
 */
export function comesLate(draws: MeetingDraws, round: number, seat: number, tick: number, ticks: number, pLate: number): boolean {
  return tick === ticks && pLate > 0 && draws.float(Purpose.lateCommit, round * 16 + seat) < pLate;
}

/**
 * §15.2: the parties of the agreement a proposal forms, as a mask (0: none), from the seats on its
 * continent (`on`) and those who accepted it (`accepted`): everybody on the continent when all of them
 * accepted; else, with allowPartialAgreements (`partial`), those who accepted if at least two did. A
 * continent with fewer than two players has no agreements.
 */
export function agreementParties(on: number, accepted: number, partial: boolean): number {
  if (popcount(on) < 2) return 0;
  if ((on & ~accepted) === 0) return on;
  return partial && popcount(accepted) >= 2 ? accepted : 0;
}

/** An agreement's upgrader: the proposal's, if a party to it; else NOBODY. */
export function agreementUpgrader(upgrader: number, parties: number): number {
  return upgrader !== NOBODY && (parties & (1 << upgrader)) !== 0 ? upgrader : NOBODY;
}

// Legality of messages (§15.2), the checks both engines make. The reference engine refuses an
// illegal message (IllegalMessage, a fault); the kernel, which only the trusted built-in bots use,
// hands the game to the reference engine (FastBailout).

/** Whether `x` is a seat (an integer in 0…players−1) standing on continent c: a PROPOSE's upgrader. */
export function isSeatOn(locations: readonly number[], players: number, x: unknown, c: number): boolean {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < players && locations[x] === c;
}

/** GR-A11: a seat talks only about its own continent unless negotiationScope is 'table'. */
export function inScope(table: boolean, about: number, own: number): boolean {
  return table || about === own;
}

/** Whether `index` names one of the `count` proposals made so far in this meeting (ACCEPT, REJECT, PROMISE). */
export function isKnownProposal(index: unknown, count: number): boolean {
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < count;
}

/** Whether a PROMISE's action (a card code) is GREEN or RED. */
export function isPromiseCard(card: number): boolean {
  return card === GREEN || card === RED;
}

/** The card code of a reference-engine PROMISE action ('GREEN' or 'RED'; 0 for anything else). */
export function promiseCard(action: unknown): number {
  return action === 'GREEN' ? GREEN : action === 'RED' ? RED : 0;
}
