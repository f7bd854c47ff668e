/**
 * Goldrausch as a `GameModule`: setup, the round's decision points, and the pure transitions that
 * run the six phases (docs/games/goldrausch.md §3–§8).
 */
import { describeThrown } from '../../core/errors.js';
import { memoOnIdentity } from '../../core/memo.js';
import type { Asked, GameModule, Outcome, Pending } from '../../core/game.js';
import type { RandomSource } from '../../core/random.js';
import { Purpose } from './purposes.js';
import type { GoldrauschBot, OutgoingMessage } from './bot.js';
import { eventCardOf, eventCardsOf, type AfterUse } from './cards.js';
import { commitCard, IllegalMessage, needsMask, plainMessage, sendMessage, sent, type MeetingContext } from './meeting.js';
import type { GoldrauschConfig } from './params.js';
import { applyWheel, capOf, maxOf, resolveProfit, richestAtThreshold, spinWheel, takeFromBank, type RoundWork } from './round.js';
import {
  appended,
  copyMeeting,
  copyState,
  filled,
  identity,
  zeros,
  messageBit,
  WAKE_ON_ALL,
  type Agreement,
  type Breach,
  type Draft,
  type GoldrauschState,
  type Meeting,
  type RoundRecord,
  type StandingClause,
} from './state.js';
import type { Colour, Continent, ContinentIndex, EventSlot, WheelField } from './types.js';
import { CONTINENTS, indexOfContinent } from './types.js';
import { bindingClauses, seatView, type GoldrauschView } from './view.js';

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

const EMPTY: readonly never[] = Object.freeze([]);

/** The unshuffled event deck per config (a config is never changed; setup shuffles a copy). */
const eventDeckList = memoOnIdentity(buildEventDeck);

function buildEventDeck(config: GoldrauschConfig): EventSlot[] {
  const deck: EventSlot[] = [];
  const blanked = config.blankedCards ?? [];
  for (const { id } of eventCardsOf(config.params)) {
    const slot: EventSlot = blanked.includes(id) ? 'blank' : id;
    for (let k = 0; k < (config.params.eventDeck[id] ?? 0); k++) deck.push(slot);
  }
  return deck;
}

/** [0, 1, …, cards − 1] per resource deck (a deck is never changed; setup shuffles a copy). */
const cardIndices = memoOnIdentity((cards: readonly unknown[]): readonly number[] => cards.map((_, i) => i));

/** §3 Setup: shuffle both decks, reveal the first resource card ×2/×3 (capped), 5 gold each. */
export function setup(config: GoldrauschConfig, players: number, random: RandomSource): GoldrauschState {
  const { params, rules } = config;
  if (!Number.isInteger(players) || players < 4 || players > 6) {
    throw new RangeError(`Goldrausch needs 4–6 players, got ${players}`);
  }
  const resourceOrder = random.shuffle(cardIndices(params.resourceDeck.cards), Purpose.resourceDeck, 0);
  const eventDeck = random.shuffle(eventDeckList(config), Purpose.eventDeck, 0);
  const bank = { config, bank: rules.bank === 'unlimited' ? 0 : 270 };
  const first = params.resourceDeck.cards[resourceOrder[0]];
  const mult = params.setupRespawnMultiplier[players as 4 | 5 | 6];
  // GR-A38: the setup respawn is capped. The bank pays the continents first, then the seats in order.
  // (Plain loops over exact-size literals: `Array.from({ length }, f)` took half of setup's time.)
  const stock = [0, 0, 0];
  for (let c = 0; c < 3; c++) stock[c] = takeFromBank(bank, Math.min(params.caps[c], first.respawn[c] * mult));
  const gold = zeros(players);
  for (let s = 0; s < players; s++) gold[s] = takeFromBank(bank, params.startingGold);
  const initial: GoldrauschState = {
    config,
    players,
    round: 1,
    stage: 'continent',
    startPlayer: random.int(Purpose.setup, 0, players), // GR-A8: a random seat
    gold,
    stock,
    capReduction: 0,
    caps: params.caps.slice(),
    bank: bank.bank,
    finesPaid: zeros(players),
    resourceOrder,
    resourcePos: 1,
    currentCard: resourceOrder[0],
    resourceShuffles: 0,
    resourceSeen: [first.id],
    eventDeck,
    eventPos: 0,
    eventDiscard: EMPTY,
    besideClock: EMPTY,
    eventShuffles: 0,
    tieBreaks: 0,
    countryHands: null,
    upgradeHands: null,
    kept: zeros(players),
    broken: zeros(players),
    clauses: EMPTY,
    history: EMPTY,
    meeting: null,
    winners: EMPTY,
    endedBy: null,
  };
  return copyState(initial); // canonical field order (one hidden class for all states)
}

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

/** Draws the top event card, reshuffling the discard pile into a new deck when needed (GR-A40). */
function drawEvent(state: GoldrauschState, random: RandomSource) {
  let deck = state.eventDeck;
  let pos = state.eventPos;
  let discard = state.eventDiscard;
  let shuffles = state.eventShuffles;
  if (pos >= deck.length) {
    if (discard.length === 0) return { card: null, deck, pos, discard, shuffles };
    shuffles++;
    deck = random.shuffle(discard, Purpose.eventDeck, shuffles * 4096);
    pos = 0;
    discard = EMPTY;
  }
  return { card: deck[pos], deck, pos: pos + 1, discard, shuffles };
}

/** Obligations at phase 5 (§15.3): which seats were bound to commit red, and by what. */
function checkObligations(state: GoldrauschState, meeting: Meeting, commits: readonly (Colour | null)[]) {
  const n = state.players;
  const bound: (string | null)[] = filled<string | null>(n, null);
  // Each bound seat's victims; a list is made when its seat is first bound (most rounds bind nobody).
  const victims: (number[] | null)[] = filled<number[] | null>(n, null);
  // Indexed loops, not for…of: iterating a frozen array (the shared empty lists) takes a slow path in Node 20.
  const agreed = meeting.agreements;
  for (let i = 0; i < agreed.length; i++) {
    const a = agreed[i];
    if (a) bindAll(bound, victims, a.id, a.parties, a.upgrader);
  }
  const binding = bindingClauses(state, meeting.locations);
  for (let i = 0; i < binding.length; i++) bindAll(bound, victims, binding[i].source, binding[i].parties, binding[i].upgrader);
  for (let s = 0; s < n; s++) {
    if (meeting.promises[s] === 'RED' && bound[s] === null) {
      bound[s] = 'promise';
      const list = (victims[s] ??= []);
      for (let q = 0; q < n; q++) if (q !== s && meeting.locations[q] === meeting.locations[s]) list.push(q);
    }
  }
  // Fresh lists (not the shared frozen EMPTY): they go into the history, which bots iterate, and
  // iterating a frozen array takes a slow path in Node 20.
  let breaches: readonly Breach[] = [];
  let kept: readonly number[] = [];
  for (let s = 0; s < n; s++) {
    if (bound[s] === null) continue;
    // A breach is a green card laid while obliged red; forced colours (#10–15) are not breaches.
    if (commits[s] === 'green') {
      breaches = appended(breaches, { seat: s, round: state.round, continent: CONTINENTS[meeting.locations[s]], source: bound[s]!, victims: victims[s]! });
    } else kept = appended(kept, s);
  }
  return { breaches, kept };
}

/** Binds every party of an agreement or clause but its upgrader (the first source binding a seat names it). */
function bindAll(bound: (string | null)[], victims: (number[] | null)[], source: string, parties: readonly number[], upgrader: number | null): void {
  for (let i = 0; i < parties.length; i++) {
    const p = parties[i];
    if (p === upgrader) continue;
    if (bound[p] === null) bound[p] = source;
    const list = (victims[p] ??= []);
    for (let j = 0; j < parties.length; j++) {
      const q = parties[j];
      if (q !== p && !list.includes(q)) list.push(q);
    }
  }
}

/** New rotation clauses from this round's agreements (§15.2 `next`). */
function newClauses(meeting: Meeting): StandingClause[] {
  const out: StandingClause[] = [];
  for (let i = 0; i < meeting.agreements.length; i++) {
    const a = meeting.agreements[i];
    if (!a) continue;
    const proposal = meeting.proposals.find((p) => p.id === a.id)!;
    for (const clause of proposal.next) {
      out.push({ source: a.id, round: clause.round, parties: a.parties, upgrader: clause.upgrader });
    }
  }
  return out;
}

/** Phases 4–6 of the round, after `meeting` (phase 3) ended. */
function resolveRound(state: GoldrauschState, meeting: Meeting, random: RandomSource): GoldrauschState {
  const { config } = state;
  const { rules, params } = config;
  const n = state.players;
  // Timeout = red (GR-A10), unless the phase-1 card stands as the commitment (GR-A9 option).
  // (Without that option the laid cards are used as they are: no copy.)
  const commits = rules.phase1UpgradeCard === 'default-commitment' ? meeting.commits.map((c, s) => (c === null ? meeting.provisional[s] : c)) : meeting.commits;
  const card = params.resourceDeck.cards[state.currentCard];
  const work: RoundWork = newWork(state, card.extract, meeting.locations, commits);

  // Phase 4: the wheel.
  const wheel: WheelField = spinWheel(config, random, state.round);
  let event: EventSlot | null = null;
  let eventDeck = state.eventDeck;
  let eventPos = state.eventPos;
  let eventDiscard = state.eventDiscard;
  let eventShuffles = state.eventShuffles;
  let besideClock = state.besideClock;
  let afterUse: AfterUse = 'discard';
  let over = false;
  if (wheel === 'event') {
    const drawn = drawEvent(state, random);
    ({ deck: eventDeck, pos: eventPos, discard: eventDiscard, shuffles: eventShuffles } = drawn);
    event = drawn.card;
    if (event !== null) {
      // GR-A40: cap cuts lie beside the clock for good; resource shortage lies there until round end.
      afterUse = event === 'blank' ? 'discard' : eventCardOf(params, event).afterUse;
      if (afterUse === 'discard') eventDiscard = appended(eventDiscard, event);
      else besideClock = appended(besideClock, event);
    }
  }
  over = applyWheel(work, wheel, event, random);
  // Phase 5: profit.
  if (!over) over = resolveProfit(work);
  const { breaches, kept } = checkObligations(state, meeting, commits);
  const stockAfterProfit = work.stock.slice();

  // Phase 6: climate change.
  let resourcePos = state.resourcePos;
  let resourceOrder = state.resourceOrder;
  let resourceShuffles = state.resourceShuffles;
  let currentCard = state.currentCard;
  let nextResourceCard: string | null = null;
  const respawned = [0, 0, 0];
  const lastRound = state.round >= params.rounds;
  if (!over && !lastRound) {
    // GR-A3: no card is revealed after the final round.
    if (rules.respawnTiming === 'end-of-current-round') respawn(work, currentCard, respawned);
    if (resourcePos >= resourceOrder.length) {
      // More rounds than cards: reshuffle every card but the current one (a one-card deck reuses it).
      resourceShuffles++;
      const all = params.resourceDeck.cards.map((_, i) => i);
      const rest = all.length > 1 ? all.filter((i) => i !== currentCard) : all;
      resourceOrder = [...resourceOrder, ...random.shuffle(rest, Purpose.resourceDeck, resourceShuffles * 4096)];
    }
    currentCard = resourceOrder[resourcePos++];
    nextResourceCard = params.resourceDeck.cards[currentCard].id;
    if (rules.respawnTiming === 'on-reveal') respawn(work, currentCard, respawned);
  }
  if (event !== null && afterUse === 'beside-clock-this-round') {
    const at = besideClock.lastIndexOf(event);
    besideClock = besideClock.filter((_, i) => i !== at);
    eventDiscard = appended<EventSlot>(eventDiscard, event);
  }
  let winners = work.winners;
  let endedBy: GoldrauschState['endedBy'] = over ? 'race' : null;
  if (!over && rules.winCheck === 'end-of-round') {
    winners = richestAtThreshold(config, work.gold);
    if (winners.length > 0) {
      over = true;
      endedBy = 'race';
    }
  }
  if (!over && lastRound) {
    winners = timeLimitWinners(work, random);
    over = true;
    endedBy = 'clock';
  }
  let agreements: readonly Agreement[] = []; // fresh, see checkObligations
  for (let i = 0; i < meeting.agreements.length; i++) {
    const a = meeting.agreements[i];
    if (a !== null) agreements = appended(agreements, a);
  }
  const record: RoundRecord = {
    round: state.round,
    startPlayer: state.startPlayer,
    goldBefore: state.gold,
    stockBefore: state.stock,
    extract: card.extract,
    resourceCard: card.id,
    locations: meeting.locations,
    messages: meeting.messages,
    agreements,
    commits: meeting.commits,
    commitTicks: meeting.commitTicks,
    wheel,
    event,
    eventGold: work.eventGold,
    finalLocations: work.locations,
    finalCards: work.cards,
    upgraded: work.upgraded,
    upgradeSucceeded: work.upgradeSucceeded,
    collisions: work.collisions,
    disasters: work.disaster,
    payout: work.payout,
    fines: work.fines,
    breaches,
    kept,
    stockAfterProfit,
    nextResourceCard,
    respawned,
    goldAfter: work.gold,
    stockAfter: work.stock,
    winners,
  };
  // The ledgers are copied only when they change (states share unchanged lists; none is ever written).
  let keptLedger = state.kept;
  let brokenLedger = state.broken;
  if (kept.length > 0) {
    const ledger = state.kept.slice();
    for (let i = 0; i < kept.length; i++) ledger[kept[i]]++;
    keptLedger = ledger;
  }
  if (breaches.length > 0) {
    const ledger = state.broken.slice();
    for (let i = 0; i < breaches.length; i++) ledger[breaches[i].seat]++;
    brokenLedger = ledger;
  }
  const hands = nextHands(state, work, meeting);
  const fresh = newClauses(meeting);
  const clauses = state.clauses.length === 0 ? fresh : [...state.clauses.filter((c) => c.round > state.round), ...fresh];
  // The next state as one literal in canonical field order (see copyState).
  return {
    config,
    players: n,
    round: over ? state.round : state.round + 1,
    stage: over ? 'over' : 'continent',
    startPlayer: over ? state.startPlayer : (state.startPlayer + 1) % n,
    gold: work.gold,
    stock: work.stock,
    capReduction: work.capReduction,
    caps: work.capReduction === state.capReduction ? state.caps : [0, 1, 2].map((c) => capOf(work, c)),
    bank: work.bank,
    finesPaid: work.finesPaid,
    resourceOrder,
    resourcePos,
    currentCard,
    resourceShuffles,
    resourceSeen: nextResourceCard === null ? state.resourceSeen : appended(state.resourceSeen, nextResourceCard),
    eventDeck,
    eventPos,
    eventDiscard,
    besideClock,
    eventShuffles,
    tieBreaks: work.tieBreaks,
    countryHands: hands.country,
    upgradeHands: hands.upgrade,
    kept: keptLedger,
    broken: brokenLedger,
    clauses,
    history: appended(state.history, record),
    meeting: null,
    winners,
    endedBy,
  };
}

/** Phase 6: resource card `cardIndex` respawns onto the board (added to `respawned`). */
function respawn(work: RoundWork, cardIndex: number, respawned: number[]): void {
  const r = work.config.params.resourceDeck.cards[cardIndex].respawn;
  for (let c = 0; c < 3; c++) {
    const cap = capOf(work, c);
    // GR-A39: respawn above the cap is lost; GR-A29 trim-on-respawn: stock above cap stays.
    const room = Math.max(0, cap - work.stock[c]);
    const placed = takeFromBank(work, Math.min(room, r[c]));
    work.stock[c] += placed;
    respawned[c] += placed;
  }
}

/** GR-A7: most gold wins at the time limit; ties shared, drawn at random, or by fewest fines. */
function timeLimitWinners(work: RoundWork, random: RandomSource): number[] {
  const best = maxOf(work.gold);
  let tied: number[] = [];
  for (let s = 0; s < work.players; s++) if (work.gold[s] === best) tied.push(s);
  if (tied.length === 1) return tied;
  const rule = work.config.rules.finalTiebreak;
  if (rule === 'random') return [tied[random.int(Purpose.tieBreak, work.tieBreaks++, tied.length)]];
  if (rule === 'fewest-fines') {
    const fewest = Math.min(...tied.map((s) => work.finesPaid[s]));
    tied = tied.filter((s) => work.finesPaid[s] === fewest);
  }
  return tied;
}

const STANDARD_HANDS = Object.freeze({ country: null, upgrade: null });

/** GR-A32: hands for the next round (standard hands unless passed cards are kept). */
function nextHands(state: GoldrauschState, work: RoundWork, meeting: Meeting) {
  if (state.config.rules.passedCards === 'return-to-owner') return STANDARD_HANDS;
  const n = state.players;
  const country = (state.countryHands ?? Array.from({ length: n }, () => [1, 1, 1])).map((h) => h.slice());
  const upgrade = (state.upgradeHands ?? Array.from({ length: n }, () => [1, 1])).map((h) => h.slice());
  // Each seat laid its chosen country card and received the one it now holds.
  for (let s = 0; s < n; s++) country[s][meeting.locations[s]]--;
  for (let s = 0; s < n; s++) country[s][work.locations[s]]++;
  // Laid upgrade cards: each seat gives up the card it laid (a timed-out seat passed a red if it
  // had one) and takes back the card now lying in front of it.
  const laid = meeting.commits;
  const physical: (Colour | null)[] = laid.map((c, s) => (c !== null ? c : upgrade[s][1] > 0 ? 'red' : null));
  for (let s = 0; s < n; s++) {
    const c = physical[s];
    if (c !== null) upgrade[s][c === 'green' ? 0 : 1]--;
  }
  for (let s = 0; s < n; s++) {
    const src = work.cardFrom === null ? s : work.cardFrom[s];
    const c = src >= 0 ? physical[src] : null;
    if (c !== null) upgrade[s][c === 'green' ? 0 : 1]++;
  }
  return { country, upgrade };
}

/**
 * A fresh working copy for phases 4–5: its arrays are new, except the locations and cards, which
 * the work reads and replaces but never writes (so the input's lists are never changed).
 */
export function newWork(
  state: Pick<GoldrauschState, 'config' | 'players' | 'startPlayer' | 'gold' | 'stock' | 'capReduction' | 'bank' | 'finesPaid' | 'tieBreaks'>,
  extract: readonly number[],
  locations: readonly ContinentIndex[],
  cards: readonly (Colour | null)[],
): RoundWork {
  const n = state.players;
  return {
    config: state.config,
    players: n,
    startPlayer: state.startPlayer,
    gold: state.gold.slice(),
    stock: state.stock.slice(),
    capReduction: state.capReduction,
    bank: state.bank,
    finesPaid: state.finesPaid.slice(),
    tieBreaks: state.tieBreaks,
    extract,
    // Shared, not copied: the work never writes these in place (an event that moves cards replaces them).
    locations,
    cards,
    cardFrom: null,
    disaster: [false, false, false],
    exempt: null,
    exemptContinent: -1,
    shower: -1,
    showerFactor: 2,
    extractionDivideBy: 0,
    extractionMinus: 0,
    forcedContinent: -1,
    forcedColour: 'green',
    eventGold: zeros(n),
    payout: zeros(n),
    fines: zeros(n),
    upgraded: filled(n, false),
    upgradeSucceeded: filled(n, false),
    collisions: [false, false, false],
    winners: [],
  };
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

const describe = describeThrown;

/** Referee's random legal continent for a seat whose choice was illegal (recorded as a fault). */
function refereeContinent(state: GoldrauschState, seat: number, random: RandomSource): Continent {
  const hand = state.countryHands ? state.countryHands[seat] : [1, 1, 1];
  const legal = CONTINENTS.filter((_, c) => hand[c] > 0);
  return legal[random.int(Purpose.referee, state.round * 8 + seat, legal.length)];
}

/**
 * The meeting after the legal messages of the last meeting-turn answer, as askBot computed it while
 * checking them, so that applying the answer does not send every message a second time. Applying
 * uses it only for that same answer object and state (so apply stays a pure function of its
 * arguments); a GIFT changes gold, which the check does not carry forward, so then it recomputes.
 * Measured (baseline, ~49 messages per game): +6.5% games per CPU-second, median of 21 paired
 * in-thread batches on the shared 2-core machine (16 of 21 faster); outputs byte-identical.
 */
const probed: { answer: GoldrauschAnswer | null; state: GoldrauschState | null; meeting: Meeting | null } = { answer: null, state: null, meeting: null };

/**
 * The answers most turns give, made once and shared (read-only data, like `pending`'s requests):
 * a continent answer per (continent, provisional card), and a meeting turn without messages, fault
 * or idle promise per card (none, green, red), each with its `Asked` wrapper. Building them fresh
 * was two objects per decision. Frozen (the objects, not the tables): every caller of askBot gets
 * the same objects, so a write into one would change the answers of every later game in the process.
 */
const CONTINENT_ASKED: Asked<GoldrauschAnswer>[][] = CONTINENTS.map((continent) =>
  [null, 'green', 'red'].map((provisional) => shared({ kind: 'continent', continent, provisional: provisional as Colour | null })),
);
function quietTurn(commit: Colour | null): Asked<GoldrauschAnswer> {
  return shared({ kind: 'meeting-turn', messages: EMPTY, commit, idleUntil: 0, idleWake: WAKE_ON_ALL });
}
function shared(answer: GoldrauschAnswer): Asked<GoldrauschAnswer> {
  return Object.freeze({ answer: Object.freeze(answer) });
}
const QUIET_ASKED: readonly Asked<GoldrauschAnswer>[] = [quietTurn(null), quietTurn('green'), quietTurn('red')];
/** Index of a card in the tables above: none 0, green 1, red 2. */
function cardIndex(card: Colour | null): number {
  return card === null ? 0 : card === 'green' ? 1 : 2;
}

export function askBot(
  bot: GoldrauschBot,
  request: GoldrauschRequest,
  view: GoldrauschView,
  state: GoldrauschState,
  random: RandomSource,
): Asked<GoldrauschAnswer> {
  if (request.kind === 'continent') {
    let continent: Continent;
    try {
      continent = bot.chooseContinent(view);
    } catch (e) {
      return { answer: fallbackAnswer(request, state, random), fault: { reason: 'threw', message: describe(e) } };
    }
    const c = indexOfContinent(continent);
    if (c < 0 || view.countryHand[c] <= 0) {
      return {
        answer: fallbackAnswer(request, state, random),
        fault: { reason: 'illegal', message: `chooseContinent returned ${JSON.stringify(continent)}, not a continent card in hand` },
      };
    }
    let provisional: Colour | null = null;
    if (state.config.rules.phase1UpgradeCard === 'default-commitment') {
      try {
        provisional = bot.provisionalUpgrade ? bot.provisionalUpgrade(view) : 'red';
      } catch {
        provisional = null;
      }
      if (provisional !== null && provisional !== 'green' && provisional !== 'red') provisional = null;
    }
    return CONTINENT_ASKED[c][cardIndex(provisional)];
  }
  // A meeting turn: messages first, then (if not yet laid) the upgrade card.
  let fault: Asked<GoldrauschAnswer>['fault'];
  let messages: readonly OutgoingMessage[] = EMPTY;
  try {
    const returned = bot.negotiate(view); // (not `sent`: that name is meeting.ts's GIFT report, read below)
    if (!Array.isArray(returned)) throw new IllegalMessage('negotiate must return an array of messages');
    messages = returned;
  } catch (e) {
    fault = { reason: e instanceof IllegalMessage ? 'illegal' : 'threw', message: describe(e) };
  }
  // Check each message against the protocol now, so an illegal one is dropped and recorded.
  const meeting = state.meeting!;
  let legal: readonly OutgoingMessage[] = EMPTY;
  let probe = meeting;
  let gift = false;
  const ctx: MeetingContext = state; // config, round, players, gold
  const limit = state.config.params.messagesPerTick;
  for (let i = 0; i < messages.length; i++) {
    if (legal.length >= limit) {
      fault ??= { reason: 'illegal', message: `sent ${messages.length} messages in one tick; at most ${limit} allowed` };
      break;
    }
    try {
      const msg = plainMessage(messages[i]);
      probe = sendMessage(ctx, probe, request.seat, msg);
      if (sent.gift) gift = true;
      legal = appended(legal, msg);
    } catch (e) {
      fault ??= { reason: 'illegal', message: describe(e) };
    }
  }
  let commit: Colour | null = null;
  if (view.meeting!.ownCommit === null || state.config.rules.commitRevisable) {
    try {
      commit = bot.commitUpgrade(view);
      if (commit !== null && commit !== 'green' && commit !== 'red') {
        fault ??= { reason: 'illegal', message: `commitUpgrade returned ${JSON.stringify(commit)}` };
        commit = null;
      } else if (commit !== null && view.upgradeHand[commit === 'green' ? 0 : 1] <= 0) {
        fault ??= { reason: 'illegal', message: `commitUpgrade laid a ${commit} card the seat does not hold` };
        commit = null;
      }
    } catch (e) {
      fault ??= { reason: 'threw', message: describe(e) };
      commit = null;
    }
  }
  let idleUntil = 0;
  let idleWake = WAKE_ON_ALL;
  if (messages.length === 0 && commit === null && fault === undefined && bot.idleUntil !== undefined) {
    try {
      const t = bot.idleUntil(view);
      if (Number.isInteger(t) && t > meeting.tick) idleUntil = t;
      const ignores = bot.idleIgnores;
      if (ignores !== undefined) for (let i = 0; i < ignores.length; i++) idleWake &= ~messageBit(ignores[i]);
    } catch {
      // A speed hint only: a bot whose idleUntil throws is simply asked every turn.
      idleUntil = 0;
    }
  }
  probed.state = state;
  if (legal.length === 0 && idleUntil === 0 && idleWake === WAKE_ON_ALL && fault === undefined) {
    const asked = QUIET_ASKED[cardIndex(commit)];
    probed.answer = asked.answer;
    probed.meeting = null;
    return asked;
  }
  const answer: GoldrauschAnswer = { kind: 'meeting-turn', messages: legal, commit, idleUntil, idleWake };
  probed.answer = answer;
  probed.meeting = legal.length > 0 && !gift ? probe : null;
  return fault ? { answer, fault } : { answer };
}

/** The rules' handling of a failed decision: a random legal continent; no message and no card. */
export function fallbackAnswer(request: GoldrauschRequest, state: GoldrauschState, random: RandomSource): GoldrauschAnswer {
  if (request.kind === 'continent') {
    return { kind: 'continent', continent: refereeContinent(state, request.seat, random), provisional: null };
  }
  return { kind: 'meeting-turn', messages: EMPTY, commit: null };
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
