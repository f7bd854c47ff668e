/**
 * Goldrausch's search contract (core/game.ts): the legal answers of a request with the finite
 * abstraction of meeting messages (docs/games/goldrausch.md "Legal answers for search"), the bot of a
 * generic policy (`botOf`), `clone` and the information-set sampler on the contract's signatures —
 * the engine's own `copyState` and sampler.ts `ViewSample`, not copies of them.
 *
 * The abstraction. A continent request: every continent card in hand, each with the provisional
 * card GREEN or RED under phase1UpgradeCard default-commitment (GR-A9; NONE otherwise). A meeting turn:
 * at most one message, one of
 *  - none, or PASS;
 *  - only while another seat stands on the seat's continent: PROPOSE u (about its own continent,
 *    without rotation clauses) for every seat u on it and NOBODY that it has not proposed yet this
 *    meeting; ACCEPT of each proposal about its continent it has not accepted; REJECT of each it has
 *    neither accepted nor rejected; PROMISE GREEN and PROMISE RED about the agreement it is a party
 *    to (−1: none);
 * each with every card it may lay now (NONE to wait, GREEN and RED as held; laying is possible while
 * it has laid none, or always with commitRevisable, GR-A10), and no idle promise. Left out: more
 * than one message a turn, GIFTs (GR-A12), proposals about another continent (GR-A11 table) or with
 * rotation clauses, accepting again, rejecting an accepted proposal, promises about other proposals.
 * Every answer the built-in bots give is in the list (test/games/goldrausch/legal-answers.test.ts),
 * their idle promises aside (a speed hint that never changes a game).
 *
 * The answers are shared frozen objects, one per (message, card): the same answer is the same object
 * in every state, and search-hints.ts `answerKey` gives it as a number.
 */
import type { RandomStream } from '../../core/random.js';
import {
  GREEN,
  MSG_ACCEPT,
  MSG_ALL,
  MSG_GIFT,
  MSG_PASS,
  MSG_PROMISE,
  MSG_PROPOSE,
  MSG_REJECT,
  NOBODY,
  NONE,
  newMessage,
  RED,
  type GoldrauschBot,
  type Message,
  type Outbox,
} from './bot.js';
import { copyState } from './clone.js';
import type { GoldrauschAnswer, GoldrauschRequest } from './engine.js';
import { ViewSample } from './sampler.js';
import { GoldrauschState } from './state.js';
import type { GoldrauschView } from './view.js';

// --- the answers, one shared object each ------------------------------------------------------------

/**
 * A message of the abstraction as a code: its kind, and its seat or proposal (+1, so −1 is 0); an
 * answer's code is (kind + KINDS · (payload + 1)) · 3 + its card (search-hints.ts `answerKey`).
 */
export const M_NONE = 0;
export const M_PASS = 1;
export const M_PROPOSE = 2;
export const M_ACCEPT = 3;
export const M_REJECT = 4;
export const M_PROMISE_GREEN = 5;
export const M_PROMISE_RED = 6;
export const KINDS = 8;

/** The two kinds of answer (engine.ts `GoldrauschAnswer`). */
type ContinentAnswer = Extract<GoldrauschAnswer, { kind: 'continent' }>;
type TurnAnswer = Extract<GoldrauschAnswer, { kind: 'meeting-turn' }>;

const CONTINENT_ANSWERS: readonly (readonly ContinentAnswer[])[] = [0, 1, 2].map((continent) =>
  [NONE, GREEN, RED].map((provisional) => Object.freeze({ kind: 'continent' as const, continent, provisional })),
);
const NO_MESSAGES: readonly Message[] = Object.freeze([]);
/**
 * Meeting answers by code — a message's code (`messageCode`) · 3 + its card — made on first use, in a
 * packed list (grown with `undefined` up to a new code, so a far code never turns it into a slow dictionary).
 */
const TURN_ANSWERS: (TurnAnswer | undefined)[] = [];

/** A message of the abstraction as one number: its kind, and its payload (a seat, NOBODY, a proposal or −1). */
function messageCode(kind: number, payload: number): number {
  return kind + KINDS * (payload + 1);
}

function messageOf(kind: number, payload: number): Message {
  const m = newMessage();
  if (kind === M_PASS) m.type = MSG_PASS;
  else if (kind === M_PROPOSE) {
    m.type = MSG_PROPOSE;
    m.upgrader = payload;
  } else if (kind === M_ACCEPT || kind === M_REJECT) {
    m.type = kind === M_ACCEPT ? MSG_ACCEPT : MSG_REJECT;
    m.ref = payload;
  } else {
    m.type = MSG_PROMISE;
    m.action = kind === M_PROMISE_GREEN ? GREEN : RED;
    m.ref = payload;
  }
  Object.freeze(m.clauseRounds);
  Object.freeze(m.clauseUpgraders);
  return Object.freeze(m);
}

/** The shared answer of the message with code `message` (`messageCode`) and card `commit`. */
function turnAnswer(message: number, commit: number): TurnAnswer {
  const code = message * 3 + commit;
  const a = code < TURN_ANSWERS.length ? TURN_ANSWERS[code] : undefined;
  return a ?? newTurnAnswer(message, commit, code);
}

function newTurnAnswer(message: number, commit: number, code: number): TurnAnswer {
  while (TURN_ANSWERS.length <= code) TURN_ANSWERS.push(undefined);
  const kind = message % KINDS;
  const payload = (message - kind) / KINDS - 1;
  const messages = kind === M_NONE ? NO_MESSAGES : Object.freeze([messageOf(kind, payload)]);
  const a = Object.freeze({ kind: 'meeting-turn' as const, messages, commit, idleUntil: 0, idleWake: MSG_ALL });
  TURN_ANSWERS[code] = a;
  return a;
}

// --- legal answers ----------------------------------------------------------------------------------

/**
 * legalAnswers' lists, one for each kind of request (its length set once a call: a list cleared and
 * grown again was reallocated every time).
 */
const CONTINENT_LIST: GoldrauschAnswer[] = [];
const TURN_LIST: GoldrauschAnswer[] = [];

/**
 * What a meeting turn of `view`'s seat may say and lay (the abstraction above), from one pass over
 * the view: the cards (`cards[0 … cardCount)`) and the messages as codes (`messages[0 …
 * messageCount)`, `messageCode`) in legalAnswers' order. For legalAnswers and uniformAnswer alike.
 *
 * Written without branches on what it reads where it can (a bit or a count from a comparison, a
 * list entry written always and kept by advancing the length): in a random playout the hands, the
 * pawns and the proposals are as unpredictable to the processor's branch predictor as to anybody,
 * and each mispredicted branch costs more than the whole comparison.
 */
class TurnOptions {
  readonly cards: number[] = [NONE, GREEN, RED];
  cardCount = 1;
  readonly messages: number[] = [M_NONE, M_PASS];
  messageCount = 1;
  /** The proposals the seat may accept and reject, in proposal order (scratch of `read`). */
  private readonly accepts: number[] = [];
  private readonly rejects: number[] = [];

  /** `on`: the seats on the seat's continent, as a mask (`seatsHere`). */
  read(view: GoldrauschView, on: number): void {
    const cards = this.cards;
    let count = 1;
    if (view.ownCommit === NONE || view.rules.commitRevisable) {
      cards[count] = GREEN;
      count += view.upgradeHand(GREEN) > 0 ? 1 : 0;
      cards[count] = RED;
      count += view.upgradeHand(RED) > 0 ? 1 : 0;
    }
    this.cardCount = count;
    const messages = this.messages;
    messages[0] = M_NONE;
    if (view.messagesPerTick < 1) {
      this.messageCount = 1;
      return;
    }
    messages[1] = M_PASS;
    const me = view.seat;
    const c = view.location(me);
    const n = view.players;
    const bit = 1 << me;
    if ((on & ~bit) === 0) {
      this.messageCount = 2;
      return;
    }
    const proposals = view.proposalCount;
    const accepts = this.accepts;
    const rejects = this.rejects;
    let proposed = 0; // bit u + 1: it proposed u (u = NOBODY: bit 0)
    let accept = 0;
    let reject = 0;
    for (let i = 0; i < proposals; i++) {
      const here = view.proposalContinent(i) === c ? 1 : 0;
      proposed |= (view.proposalProposer(i) === me ? here : 0) << (view.proposalUpgrader(i) + 1);
      const open = (view.proposalAccepted(i) & bit) === 0 ? here : 0;
      accepts[accept] = i;
      accept += open;
      rejects[reject] = i;
      reject += view.hasRejected(i) ? 0 : open;
    }
    // PROPOSE each seat on the continent it has not proposed, in seat order, then NOBODY.
    const proposable = ((on << 1) | 1) & ~proposed;
    let length = 2;
    for (let u = 0; u < n; u++) {
      messages[length] = messageCode(M_PROPOSE, u);
      length += (proposable >>> (u + 1)) & 1;
    }
    messages[length] = messageCode(M_PROPOSE, NOBODY);
    length += proposable & 1;
    for (let k = 0; k < accept; k++) messages[length++] = messageCode(M_ACCEPT, accepts[k]);
    for (let k = 0; k < reject; k++) messages[length++] = messageCode(M_REJECT, rejects[k]);
    const promiseRef = (view.agreementParties(c) & bit) !== 0 ? view.agreement(c) : -1;
    messages[length++] = messageCode(M_PROMISE_GREEN, promiseRef);
    messages[length++] = messageCode(M_PROMISE_RED, promiseRef);
    this.messageCount = length;
  }
}

const OPTIONS = new TurnOptions();

/** The seats standing on the continent of `view`'s seat, as a mask. */
function seatsHere(view: GoldrauschView): number {
  const c = view.location(view.seat);
  let on = 0;
  for (let seat = 0; seat < view.players; seat++) on |= (view.location(seat) === c ? 1 : 0) << seat;
  return on;
}

/** The continent answers of `view`'s seat, in continent order, from `list[at]` on; returns the new length. */
function continentAnswers(view: GoldrauschView, list: GoldrauschAnswer[], at: number): number {
  const provisional = view.rules.phase1UpgradeCard === 'default-commitment';
  for (let c = 0; c < 3; c++) {
    if (view.countryHand(c) === 0) continue;
    if (provisional) {
      list[at++] = CONTINENT_ANSWERS[c][GREEN];
      list[at++] = CONTINENT_ANSWERS[c][RED];
    } else list[at++] = CONTINENT_ANSWERS[c][NONE];
  }
  return at;
}

/**
 * The legal answers of `request` from `view` (the abstraction above), in a fixed order: message by
 * message (none, PASS, PROPOSE seats in seat order then NOBODY, ACCEPTs, REJECTs in proposal order,
 * PROMISE green, PROMISE red), each with every card (none, green, red). The list is reused by the next call.
 */
export function legalAnswers(view: GoldrauschView, request: GoldrauschRequest): readonly GoldrauschAnswer[] {
  const continent = request.kind === 'continent';
  const list = continent ? CONTINENT_LIST : TURN_LIST;
  let length = 0;
  if (continent) length = continentAnswers(view, list, 0);
  else {
    const o = OPTIONS;
    o.read(view, seatsHere(view));
    for (let k = 0; k < o.messageCount; k++) for (let j = 0; j < o.cardCount; j++) list[length++] = turnAnswer(o.messages[k], o.cards[j]);
  }
  list.length = length;
  return list;
}

/** `legalAnswers(view, request)[⌊u · length⌋]` without building the list (a rollout's uniform answer). */
export function uniformAnswer(view: GoldrauschView, request: GoldrauschRequest, u: number): GoldrauschAnswer {
  return request.kind === 'continent' ? continentAt(view, u) : turnAt(view, u);
}

/** The number of continents in a hand's mask (bit c: a card of continent c), and the k-th of them (`KTH[mask · 3 + k]`). */
const HELD = [0, 1, 1, 2, 1, 2, 2, 3];
const KTH = [-1, -1, -1, 0, -1, -1, 1, -1, -1, 0, 1, -1, 2, -1, -1, 0, 2, -1, 1, 2, -1, 0, 1, 2];

/** The continent answer at uniform position `u` of `continentAnswers`' list, without the list (or a branch on the hand). */
export function continentAt(view: GoldrauschView, u: number): ContinentAnswer {
  const mask = (view.countryHand(0) !== 0 ? 1 : 0) | (view.countryHand(1) !== 0 ? 2 : 0) | (view.countryHand(2) !== 0 ? 4 : 0);
  const held = HELD[mask];
  if (held === 0) throw new RangeError(`seat ${view.seat} holds no country card`);
  if (view.rules.phase1UpgradeCard !== 'default-commitment') return CONTINENT_ANSWERS[KTH[mask * 3 + Math.floor(u * held)]][NONE];
  // Each card with GREEN, then with RED.
  const k = Math.floor(u * (2 * held));
  return CONTINENT_ANSWERS[KTH[mask * 3 + (k >>> 1)]][(k & 1) === 0 ? GREEN : RED];
}

/**
 * The meeting-turn answer at uniform position `u` of `legalAnswers`' list, without the list. `on`:
 * the seats on the seat's continent (the lean playout passes the state's mask, state.ts `onContinent`).
 */
export function turnAt(view: GoldrauschView, u: number, on = seatsHere(view)): TurnAnswer {
  const o = OPTIONS;
  o.read(view, on);
  const cards = o.cardCount;
  // Answer k is message ⌊k / cards⌋ with card k mod cards (1–3 cards: no division).
  const k = Math.floor(u * (o.messageCount * cards));
  if (cards === 1) return turnAnswer(o.messages[k], NONE);
  const message = cards === 2 ? k >>> 1 : Math.floor(k / 3);
  return turnAnswer(o.messages[message], o.cards[k - message * cards]);
}

// --- the bot of a policy ----------------------------------------------------------------------------

/** The request a seat is asked in `view`'s stage, as the engine's `pending` hands it out (shared per seat and tick). */
const CONTINENT_REQUESTS: GoldrauschRequest[] = [];
const TURN_REQUESTS: GoldrauschRequest[][] = [];
function requestOf(view: GoldrauschView): GoldrauschRequest {
  const seat = view.seat;
  if (view.stage !== 'meeting') return (CONTINENT_REQUESTS[seat] ??= Object.freeze({ kind: 'continent' as const, seat }));
  const bySeat = (TURN_REQUESTS[seat] ??= []);
  return (bySeat[view.tick] ??= Object.freeze({ kind: 'meeting-turn' as const, seat, tick: view.tick }));
}

/** Writes message `m` into `out` (the outbox's own records, as a bot writes them). */
function write(out: Outbox, m: Message): void {
  switch (m.type) {
    case MSG_PASS:
      out.pass();
      return;
    case MSG_PROPOSE: {
      const next: { round: number; upgrader: number }[] = [];
      for (let k = 0; k < m.clauseCount; k++) next.push({ round: m.clauseRounds[k], upgrader: m.clauseUpgraders[k] });
      if (m.continent === -1 && next.length === 0) out.propose(m.upgrader);
      else out.propose(m.upgrader, { continent: m.continent, next });
      return;
    }
    case MSG_ACCEPT:
      out.accept(m.ref);
      return;
    case MSG_REJECT:
      out.reject(m.ref);
      return;
    case MSG_PROMISE:
      out.promise(m.action, m.ref);
      return;
    case MSG_GIFT:
      out.gift(m.to, m.amount);
      return;
  }
  throw new RangeError(`botOf: unknown message type ${m.type}`);
}

/**
 * A Goldrausch bot whose every decision is `decide(view, request)`: the continent (and provisional
 * card) in phase 1; in a meeting turn `negotiate` asks for the whole answer, writes its messages and
 * keeps its card for `commitUpgrade` (asked right after, with the same view).
 */
export function botOf(name: string, decide: (view: GoldrauschView, request: GoldrauschRequest) => GoldrauschAnswer): GoldrauschBot {
  let provisional = RED;
  let commit = NONE;
  const bot: GoldrauschBot & { readonly name: string } = {
    name,
    chooseContinent(view) {
      const a = decide(view, requestOf(view));
      if (a.kind !== 'continent') throw new RangeError(`${name} answered a continent request with a ${a.kind} answer`);
      provisional = a.provisional === GREEN || a.provisional === RED ? a.provisional : RED;
      return a.continent;
    },
    provisionalUpgrade: () => provisional,
    negotiate(view, out) {
      const a = decide(view, requestOf(view));
      if (a.kind !== 'meeting-turn') throw new RangeError(`${name} answered a meeting turn with a ${a.kind} answer`);
      for (let k = 0; k < a.messages.length; k++) write(out, a.messages[k]);
      commit = a.commit;
    },
    commitUpgrade: () => {
      const c = commit;
      commit = NONE;
      return c;
    },
  };
  return bot;
}

// --- clone and the sampler on the contract's signatures ---------------------------------------------

/** The engine's copy of `s`: into `into` when it is a state of the same config, player count and detail, else into a new state. */
export function cloneState(s: GoldrauschState, into?: GoldrauschState): GoldrauschState {
  if (into !== undefined && into !== s && into.config === s.config && into.players === s.players && into.detail === s.detail) return copyState(into, s);
  return copyState(new GoldrauschState(s.config, s.players, s.detail), s);
}

/**
 * The information-set sampler (sampler.ts): a state consistent with `view`, hidden parts drawn from
 * `random`, without the story's detail (what the built-in bots read is all recorded; docs/games/goldrausch.md).
 */
export function sampleState(view: GoldrauschView, random: RandomStream, into?: GoldrauschState): GoldrauschState {
  return new ViewSample(view).draw(random, into);
}

/** `sampleState` prepared for many samples of one view: the view read once (sampler.ts ViewSample). */
export function sampler(view: GoldrauschView): (random: RandomStream, into?: GoldrauschState) => GoldrauschState {
  const prepared = new ViewSample(view);
  return (random, into) => prepared.draw(random, into);
}
