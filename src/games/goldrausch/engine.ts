/**
 * Goldrausch as a `GameModule` (the reference engine): the round's decision points and the pure
 * transitions of phases 1–3 (docs/games/goldrausch.md §4, §15); setup is in setup.ts, phases 4–6 in
 * resolve.ts (on the rules shared with the fast kernel: round.ts, climate.ts), asking bots in ask.ts.
 */
import type { GameModule, Outcome, Pending } from '../../core/game.js';
import type { RandomSource } from '../../core/random.js';
import { askBot, fallbackAnswer, probed } from './ask.js';
import type { GoldrauschBot, OutgoingMessage } from './bot.js';
import { commitCard, seatsNeedingTurn, sendMessage, sent, type MeetingContext } from './meeting.js';
import { bindsIdle, comesLate, mayLayCard, nextTurn, permutationsOf, tickOrder } from './meeting-rules.js';
import type { GoldrauschConfig } from './params.js';
import { resolveRound } from './resolve.js';
import { richestAtThreshold } from './round.js';
import { setup } from './setup.js';
import { copyMeeting, copyState, EMPTY, filled, openingMeeting, zeros, WAKE_ON_ALL, type Draft, type GoldrauschState, type Meeting } from './state.js';
import type { Colour, Continent, ContinentIndex } from './types.js';
import { indexOfContinent } from './types.js';
import { seatView, type GoldrauschView } from './view.js';

export { askBot, fallbackAnswer } from './ask.js';
export { setup } from './setup.js';

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
  const meeting = openingMeeting(locations, provisional, tickOrder(permutationsOf(n), random, state.round, 1));
  const next = copyState(state);
  next.stage = 'meeting';
  next.meeting = meeting;
  return next;
}

/**
 * Moves the turn pointer to the next seat with something to do (meeting-rules.ts `nextTurn`); ends
 * phase 3 when nobody has. `meeting` is the meeting after this turn; unless it is still
 * `state.meeting` it is this transition's own fresh copy, and the pointer, tick and order are set on
 * it in place (one copy per turn instead of one per field change). With `fresh`, `state` and its
 * meeting are both this transition's own, not yet handed out (openMeeting's): they are finished in
 * place, not copied.
 */
function advanceTurn(state: GoldrauschState, meeting: Meeting, random: RandomSource, from = meeting.turn + 1, fresh = false): GoldrauschState {
  const { config } = state;
  const n = state.players;
  const m: Draft<Meeting> = !fresh && meeting === state.meeting ? copyMeeting(meeting) : meeting;
  const needs = seatsNeedingTurn(config, m, n);
  if (!nextTurn(m, from, needs, config.params.negotiationTicks, permutationsOf(n), random, state.round)) return resolveRound(state, m, random);
  const next = fresh ? (state as Draft<GoldrauschState>) : copyState(state);
  next.meeting = m;
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
  const until = answer.idleUntil ?? 0;
  if (limit === 0 && answer.commit === null && bindsIdle(until, meeting.tick)) {
    // An empty turn with the bot's promise to stay idle: record it, so advanceTurn skips its turns
    // until the promised tick or a message that wakes it (meeting.ts `wakeIdle`).
    const promised = copyMeeting(meeting);
    promised.idleUntil = replaced(meeting.idleUntil, seat, until);
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
  if (answer.commit !== null && mayLayCard(meeting.commits[seat] !== null, config.rules.commitRevisable)) {
    // §15.1: a commitment in the last tick comes too late with probability pLate.
    const { negotiationTicks, pLate } = config.params;
    const late = comesLate(random, state.round, seat, meeting.tick, negotiationTicks, pLate);
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
