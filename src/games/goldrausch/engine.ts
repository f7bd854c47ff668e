/**
 * Goldrausch as a `GameModule` (the reference engine): the round's decision points and the pure
 * transitions of phases 1–3 (docs/games/goldrausch.md §4, §15); setup is in setup.ts, phases 4–6 in
 * resolve.ts (on the rules shared with the fast kernel: round.ts, climate.ts), asking bots in ask.ts.
 */
import type { GameModule, Outcome, Pending } from '../../core/game.js';
import type { RandomSource } from '../../core/random.js';
import { Purpose } from './purposes.js';
import { askBot, fallbackAnswer, probed } from './ask.js';
import type { GoldrauschBot, OutgoingMessage } from './bot.js';
import { commitCard, needsMask, sendMessage, sent, type MeetingContext } from './meeting.js';
import type { GoldrauschConfig } from './params.js';
import { resolveRound } from './resolve.js';
import { richestAtThreshold } from './round.js';
import { setup } from './setup.js';
import { copyMeeting, copyState, filled, identity, messageBit, zeros, WAKE_ON_ALL, type Draft, type GoldrauschState, type Meeting } from './state.js';
import type { Colour, Continent, ContinentIndex } from './types.js';
import { CONTINENTS, indexOfContinent } from './types.js';
import { seatView, type GoldrauschView } from './view.js';

export { askBot, fallbackAnswer } from './ask.js';
export { setup } from './setup.js';

const EMPTY: readonly never[] = Object.freeze([]);

export type GoldrauschRequest =
  | { readonly kind: 'continent'; readonly seat: number }
  | { readonly kind: 'meeting-turn'; readonly seat: number; readonly tick: number };

export type GoldrauschAnswer =
  | { readonly kind: 'continent'; readonly continent: Continent; readonly provisional: Colour | null }
  | {
      readonly kind: 'meeting-turn';
      readonly messages: readonly OutgoingMessage[];
      readonly commit: Colour | null;
      /** With no message and no card: the bot's `idleUntil` promise (a tick; 0 or absent = none). */
      readonly idleUntil?: number;
      /** The message types that break that promise (`messageBit` set; absent = all). */
      readonly idleWake?: number;
    };

/**
 * Pending answers are plain read-only data, made once per player count and per (seat, tick) and
 * shared. Not frozen: in Node 20 an element read or `for…of` on a frozen array takes a slow path
 * (measured ~10× a plain array's), and nothing writes these (their types are read-only).
 */
const TERMINAL: Pending<GoldrauschRequest> = { kind: 'terminal' };
const CONTINENT_PENDING: Pending<GoldrauschRequest>[] = [];
const TURN_PENDING: Pending<GoldrauschRequest>[][] = [];

export function pending(state: GoldrauschState): Pending<GoldrauschRequest> {
  if (state.stage === 'over') return TERMINAL;
  if (state.stage === 'continent') {
    const n = state.players;
    let p = CONTINENT_PENDING[n];
    if (p === undefined) {
      const requests: GoldrauschRequest[] = [];
      for (let seat = 0; seat < n; seat++) requests.push({ kind: 'continent', seat });
      p = CONTINENT_PENDING[n] = { kind: 'decisions', requests };
    }
    return p;
  }
  const m = state.meeting!;
  const seat = m.order[m.turn];
  const tick = m.tick;
  const bySeat = (TURN_PENDING[seat] ??= []);
  let p = bySeat[tick];
  if (p === undefined) {
    p = bySeat[tick] = { kind: 'decisions', requests: [{ kind: 'meeting-turn', seat, tick }] };
  }
  return p;
}

/**
 * All orders of n seats (n ≤ 6: at most 720), built once; a tick's order is one of them, uniformly.
 * Shared by every state and never written; not frozen, because element reads of a frozen array
 * take a slow path in Node 20 (see `pending`) and the engine reads `order[turn]` several times a turn.
 */
const PERMUTATIONS: (readonly (readonly number[])[])[] = [];
export function permutationsOf(n: number): readonly (readonly number[])[] {
  if (PERMUTATIONS[n]) return PERMUTATIONS[n];
  const out: number[][] = [];
  const build = (prefix: number[], rest: number[]) => {
    if (rest.length === 0) out.push(prefix);
    for (let i = 0; i < rest.length; i++) build([...prefix, rest[i]], [...rest.slice(0, i), ...rest.slice(i + 1)]);
  };
  build([], identity(n));
  PERMUTATIONS[n] = out;
  return PERMUTATIONS[n];
}

/** §15.1: the seats act in a random order each tick. One draw picks one of the n! orders. */
function meetingOrder(state: { players: number; round: number }, random: RandomSource, tick: number): readonly number[] {
  const all = permutationsOf(state.players);
  return all[random.int(Purpose.meetingOrder, state.round * 64 + tick, all.length)];
}

/**
 * Phases 1–2: the chosen country cards are revealed; phase 3 opens at tick 1. Returns a fresh state
 * and meeting, not yet handed out: `apply` lets advanceTurn finish them in place.
 */
function openMeeting(state: GoldrauschState, answers: readonly GoldrauschAnswer[], random: RandomSource): Draft<GoldrauschState> {
  const n = state.players;
  const locations = filled<ContinentIndex>(n, 0);
  const provisional = filled<Colour | null>(n, null);
  for (let s = 0; s < n; s++) {
    const a = answers[s];
    if (a.kind !== 'continent') throw new RangeError(`seat ${s}: expected a continent answer`);
    locations[s] = indexOfContinent(a.continent) as ContinentIndex;
    provisional[s] = a.provisional;
  }
  // Fields that start equal share one fresh array: no transition writes an array it did not make.
  const nulls = filled(n, null);
  const falses = filled(n, false);
  const noTicks = zeros(n);
  // Fields in the order of copyMeeting's literal: the one hidden class of all meetings.
  const meeting: Draft<Meeting> = {
    locations,
    provisional,
    tick: 1,
    order: meetingOrder(state, random, 1),
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
    idleFrom: noTicks,
    idleWake: noTicks,
  };
  const next = copyState(state);
  next.stage = 'meeting';
  next.meeting = meeting;
  return next;
}

/**
 * Moves the turn pointer to the next seat with something to do; ends phase 3 when nobody has.
 * `meeting` is the meeting after this turn; unless it is still `state.meeting` it is this
 * transition's own fresh copy, and the pointer, tick and order are set on it in place (one copy
 * per turn instead of one per field change). With `fresh`, `state` and its meeting are both this
 * transition's own, not yet handed out (openMeeting's): they are finished in place, not copied.
 */
function advanceTurn(state: GoldrauschState, meeting: Meeting, random: RandomSource, from = meeting.turn + 1, fresh = false): GoldrauschState {
  const { config } = state;
  const ticks = config.params.negotiationTicks;
  const n = state.players;
  const m: Draft<Meeting> = !fresh && meeting === state.meeting ? copyMeeting(meeting) : meeting;
  // Who has something to do depends on the cards, passes and locations only, which stay as they
  // are below (only the tick, order and turn move): one bit per seat, computed once.
  const needs = needsMask(config, m, n);
  if (needs === 0) return resolveRound(state, m, random);
  let turn = from;
  for (;;) {
    const order = m.order;
    while (turn < order.length) {
      const s = order[turn];
      if ((needs & (1 << s)) !== 0 && !idle(m, s)) break;
      turn++;
    }
    if (turn < order.length) {
      m.turn = turn;
      const next = fresh ? (state as Draft<GoldrauschState>) : copyState(state);
      next.meeting = m;
      return next;
    }
    if (m.tick >= ticks) return resolveRound(state, m, random);
    // Until some seat with something to do is awake nobody acts, so no message can wake an idle
    // seat: the ticks before that are skipped whole. A tick's seat order is a counter-based draw
    // (keyed by the tick), so not drawing the skipped ticks' orders changes no other draw.
    const next = nextAwakeTick(m, n, needs);
    if (next > ticks) return resolveRound(state, m, random);
    m.tick = next;
    m.order = meetingOrder(state, random, m.tick);
    m.turn = 0;
    turn = 0;
  }
}

/**
 * Whether seat `s`'s bot is still bound by its idle promise (`GoldrauschBot.idleUntil`): before the
 * promised tick, and since the promise no message about its continent of a type that wakes it, and
 * no GIFT (about no continent).
 * Its turns are then skipped: the bot promised it would do nothing in them. Measured on the
 * baseline: see docs/performance-log.md (Idle turns are skipped).
 */
function idle(m: Meeting, s: number): boolean {
  if (m.tick >= m.idleUntil[s]) return false;
  const own = CONTINENTS[m.locations[s]];
  const wake = m.idleWake[s];
  const messages = m.messages;
  for (let i = m.idleFrom[s]; i < messages.length; i++) {
    const about = messages[i].continent;
    if (about === null || (about === own && (wake & messageBit(messages[i].type)) !== 0)) return false;
  }
  return true;
}

/** The first tick after this one at which a seat with something to do is not idle (see `idle`). */
function nextAwakeTick(m: Meeting, n: number, needs: number): number {
  let next = Infinity;
  for (let s = 0; s < n; s++) {
    if ((needs & (1 << s)) === 0) continue;
    if (!idle(m, s)) return m.tick + 1;
    next = Math.min(next, m.idleUntil[s]);
  }
  return next;
}

/** `list` with `list[i]` set to `v` (a new array). */
function replaced(list: readonly number[], i: number, v: number): number[] {
  const out = list.slice();
  out[i] = v;
  return out;
}

/** One seat's turn in phase 3: its messages (already checked by askBot), then maybe its card. */
function meetingTurn(state: GoldrauschState, answer: GoldrauschAnswer, random: RandomSource): GoldrauschState {
  if (answer.kind !== 'meeting-turn') throw new RangeError('expected a meeting-turn answer');
  const { config } = state;
  let meeting = state.meeting!;
  const seat = meeting.order[meeting.turn];
  let gold = state.gold;
  let winners: readonly number[] = EMPTY;
  const limit = Math.min(answer.messages.length, config.params.messagesPerTick);
  if (limit === 0 && answer.commit === null && answer.idleUntil !== undefined && answer.idleUntil > meeting.tick) {
    // An empty turn with the bot's promise to stay idle: record it, so advanceTurn skips its turns.
    const promised = copyMeeting(meeting);
    promised.idleUntil = replaced(meeting.idleUntil, seat, answer.idleUntil);
    promised.idleFrom = replaced(meeting.idleFrom, seat, meeting.messages.length);
    promised.idleWake = replaced(meeting.idleWake, seat, answer.idleWake ?? WAKE_ON_ALL);
    return advanceTurn(state, promised, random);
  }
  const checked = probed.meeting !== null && probed.answer === answer && probed.state === state ? probed.meeting : null;
  probed.meeting = null; // used once: the turn's meeting copy is finished in place below
  if (checked !== null) {
    meeting = checked; // askBot already sent exactly these messages to exactly this meeting (no GIFT)
  } else
    for (let i = 0; i < limit; i++) {
      // The state is itself a MeetingContext (config, round, players, gold) unless a GIFT moved gold.
      const ctx: MeetingContext = gold === state.gold ? state : { config, round: state.round, players: state.players, gold };
      meeting = sendMessage(ctx, meeting, seat, answer.messages[i]);
      if (sent.gift) {
        const g = gold.slice();
        g[seat] -= sent.amount;
        g[sent.to] += sent.amount;
        gold = g;
        if (config.rules.winCheck === 'immediate' || config.rules.winCheck === 'immediate-gross') {
          winners = richestAtThreshold(config, gold);
        }
      }
    }
  if (winners.length > 0) {
    const over = copyState(state);
    over.gold = gold;
    over.meeting = meeting;
    over.stage = 'over';
    over.winners = winners;
    over.endedBy = 'race';
    return over;
  }
  const canCommit = meeting.commits[seat] === null || config.rules.commitRevisable;
  if (answer.commit !== null && canCommit) {
    // §15.1: a commitment in the last tick comes too late with probability pLate.
    const late =
      meeting.tick === config.params.negotiationTicks &&
      config.params.pLate > 0 &&
      random.float(Purpose.lateCommit, state.round * 16 + seat) < config.params.pLate;
    // A meeting other than the state's is this turn's own fresh copy (made by the messages): lay the card in place.
    if (!late) meeting = commitCard(state, meeting, seat, answer.commit, meeting !== state.meeting);
  }
  if (gold !== state.gold) {
    const gifted = copyState(state); // a GIFT moved gold (allowGoldGifts only)
    gifted.gold = gold;
    return advanceTurn(gifted, meeting, random);
  }
  return advanceTurn(state, meeting, random);
}

export function apply(state: GoldrauschState, answers: readonly GoldrauschAnswer[], random: RandomSource): GoldrauschState {
  if (state.stage === 'continent') {
    const opened = openMeeting(state, answers, random);
    return advanceTurn(opened, opened.meeting!, random, 0, true);
  }
  if (state.stage === 'meeting') return meetingTurn(state, answers[0], random);
  throw new RangeError('the game is over');
}

export function outcome(state: GoldrauschState): Outcome {
  if (state.stage !== 'over') throw new RangeError('the game is not over');
  const gold = state.gold;
  const winners = state.winners;
  return { winners, scores: gold, ranks: finishingRanks(winners, gold), endedBy: state.endedBy ?? 'clock', length: state.round };
}

/** Finishing positions (0 = first): winners first, then by gold (most first); equal gold shares a position. */
export function finishingRanks(winners: readonly number[], gold: readonly number[]): number[] {
  const n = gold.length;
  const key = zeros(n);
  for (let s = 0; s < n; s++) key[s] = (winners.includes(s) ? 1e9 : 0) + gold[s];
  const ranks = zeros(n);
  for (let s = 0; s < n; s++) {
    let above = 0;
    for (let q = 0; q < n; q++) if (key[q] > key[s]) above++;
    ranks[s] = above;
  }
  return ranks;
}

export const goldrausch: GameModule<GoldrauschConfig, GoldrauschState, GoldrauschView, GoldrauschRequest, GoldrauschAnswer, GoldrauschBot> = {
  id: 'goldrausch',
  minPlayers: 4,
  maxPlayers: 6,
  setup,
  pending,
  apply,
  outcome,
  seatView,
  askBot,
  fallbackAnswer,
};
