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
 * Meeting answers by code (message code · 3 + card), made on first use; a packed list (grown with
 * `undefined` up to a new code, so a far code never turns it into a slow dictionary).
 */
const TURN_ANSWERS: (TurnAnswer | undefined)[] = [];

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

/** The shared answer of message `kind` with `payload` (a seat, NOBODY, a proposal or −1) and card `commit`. */
function turnAnswer(kind: number, payload: number, commit: number): TurnAnswer {
  const code = (kind + KINDS * (payload + 1)) * 3 + commit;
  const a = code < TURN_ANSWERS.length ? TURN_ANSWERS[code] : undefined;
  return a ?? newTurnAnswer(kind, payload, commit, code);
}

function newTurnAnswer(kind: number, payload: number, commit: number, code: number): TurnAnswer {
  while (TURN_ANSWERS.length <= code) TURN_ANSWERS.push(undefined);
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
 * the view: the cards (`cards[0 … cardCount)`), the seats it may propose (`proposable`, bit u + 1 for
 * seat u, bit 0 for NOBODY), the proposals it may accept (`accepts[0 … acceptCount)`) and reject
 * (`rejects[0 … rejectCount)`) in proposal order, the agreement it may promise about, and how many
 * messages (none included) it may choose from. For legalAnswers and uniformAnswer alike.
 */
class TurnOptions {
  readonly cards: number[] = [NONE, GREEN, RED];
  cardCount = 1;
  proposable = 0;
  proposeCount = 0;
  readonly accepts: number[] = [];
  readonly rejects: number[] = [];
  acceptCount = 0;
  rejectCount = 0;
  promiseRef = -1;
  /** 1: no message at all (messagesPerTick 0); 2: none or PASS; else 4 + proposals, accepts and rejects. */
  messageCount = 1;

  read(view: GoldrauschView): void {
    const cards = this.cards;
    let count = 1;
    if (view.ownCommit === NONE || view.rules.commitRevisable) {
      if (view.upgradeHand(GREEN) > 0) cards[count++] = GREEN;
      if (view.upgradeHand(RED) > 0) cards[count++] = RED;
    }
    this.cardCount = count;
    if (view.messagesPerTick < 1) {
      this.messageCount = 1;
      return;
    }
    const me = view.seat;
    const c = view.location(me);
    const n = view.players;
    let on = 0;
    for (let seat = 0; seat < n; seat++) if (view.location(seat) === c) on |= 1 << seat;
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
      if (view.proposalContinent(i) !== c) continue;
      if (view.proposalProposer(i) === me) proposed |= 1 << (view.proposalUpgrader(i) + 1);
      if ((view.proposalAccepted(i) & bit) !== 0) continue;
      accepts[accept++] = i;
      if (!view.hasRejected(i)) rejects[reject++] = i;
    }
    const proposable = ((on << 1) | 1) & ~proposed;
    const proposeCount = popcount(proposable);
    this.proposable = proposable;
    this.proposeCount = proposeCount;
    this.acceptCount = accept;
    this.rejectCount = reject;
    this.promiseRef = (view.agreementParties(c) & bit) !== 0 ? view.agreement(c) : -1;
    this.messageCount = 4 + proposeCount + accept + reject;
  }
}

const OPTIONS = new TurnOptions();

function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
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
    o.read(view);
    const m = o.messageCount;
    for (let k = 0; k < m; k++) {
      const kind = messageAt(o, k);
      for (let j = 0; j < o.cardCount; j++) list[length++] = turnAnswer(kind, payload, o.cards[j]);
    }
  }
  list.length = length;
  return list;
}

/** `legalAnswers(view, request)[⌊u · length⌋]` without building the list (a rollout's uniform answer). */
export function uniformAnswer(view: GoldrauschView, request: GoldrauschRequest, u: number): GoldrauschAnswer {
  return request.kind === 'continent' ? continentAt(view, u) : turnAt(view, u);
}

/** The continent answer at uniform position `u` of `continentAnswers`' list, without the list. */
export function continentAt(view: GoldrauschView, u: number): ContinentAnswer {
  const provisional = view.rules.phase1UpgradeCard === 'default-commitment';
  let held = 0;
  for (let c = 0; c < 3; c++) if (view.countryHand(c) !== 0) held++;
  let k = Math.floor(u * (provisional ? 2 * held : held));
  for (let c = 0; c < 3; c++) {
    if (view.countryHand(c) === 0) continue;
    if (!provisional) {
      if (k-- === 0) return CONTINENT_ANSWERS[c][NONE];
    } else if (k < 2) return CONTINENT_ANSWERS[c][k === 0 ? GREEN : RED];
    else k -= 2;
  }
  throw new RangeError(`seat ${view.seat} holds no country card`);
}

/** The meeting-turn answer at uniform position `u` of `legalAnswers`' list, without the list. */
export function turnAt(view: GoldrauschView, u: number): TurnAnswer {
  const o = OPTIONS;
  o.read(view);
  const cards = o.cardCount;
  // Answer k is message ⌊k / cards⌋ with card k mod cards (1–3 cards: no division).
  const k = Math.floor(u * (o.messageCount * cards));
  if (cards === 1) return turnAnswer(messageAt(o, k), payload, NONE);
  const message = cards === 2 ? k >>> 1 : Math.floor(k / 3);
  return turnAnswer(messageAt(o, message), payload, o.cards[k - message * cards]);
}

/** The payload of the message messageAt found last (a seat, NOBODY, a proposal or −1). */
let payload = -1;

/** The kind of the k-th message of the list (legalAnswers' order); its payload in `payload`. */
function messageAt(o: TurnOptions, k: number): number {
  payload = -1;
  if (k === 0) return M_NONE;
  if (k === 1) return M_PASS;
  k -= 2;
  if (k < o.proposeCount) {
    // The k-th proposable seat in seat order, NOBODY (bit 0) last.
    const seats = o.proposable >>> 1;
    for (let u = 0; u < 31; u++) {
      if ((seats & (1 << u)) === 0) continue;
      if (k-- === 0) {
        payload = u;
        return M_PROPOSE;
      }
    }
    payload = NOBODY;
    return M_PROPOSE;
  }
  k -= o.proposeCount;
  if (k < o.acceptCount) {
    payload = o.accepts[k];
    return M_ACCEPT;
  }
  k -= o.acceptCount;
  if (k < o.rejectCount) {
    payload = o.rejects[k];
    return M_REJECT;
  }
  k -= o.rejectCount;
  payload = o.promiseRef;
  return k === 0 ? M_PROMISE_GREEN : M_PROMISE_RED;
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
