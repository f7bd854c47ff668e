/**
 * Goldrausch as a `GameModule` (core/game.ts) with `inPlace: true`: the one engine. `apply` runs the
 * round's transitions on the flat state (meeting.ts phases 1–3, round.ts phases 4–6) in place;
 * `askBot` asks a bot for one decision through its seat's read-only view and checks the answer
 * against the rules, with a fault and the rules' fallback when it fails (docs/games/goldrausch.md §14).
 * `clone` gives an independent copy of a state, for search; search.ts the rest of the search contract.
 */
import { describeThrown } from '../../core/errors.js';
import type { Asked, Fault, GameModule, Outcome, Pending } from '../../core/game.js';
import { show } from '../../core/validate.js';
import { GREEN, MSG_ALL, MSG_GIFT, MSG_PROPOSE, NONE, RED, newMessage, type GoldrauschBot, type Message } from './bot.js';
import type { Draws } from './draws.js';
import { MESSAGE_OK, mayLayCard, messageCheck, messageFault, playTurn, revealContinents } from './meeting.js';
import type { GoldrauschConfig } from './params.js';
import { Purpose } from './purposes.js';
import { finishingRanks } from './records.js';
import { clone } from './clone.js';
import { type GoldrauschState, Stage } from './state.js';
import { newGame } from './setup.js';
import { playout } from './playout.js';
import { botOf, cloneState, legalAnswers, sampler, sampleState, uniformAnswer } from './search.js';
import type { GoldrauschView } from './view.js';

export type GoldrauschRequest =
  | { readonly kind: 'continent'; readonly seat: number }
  | { readonly kind: 'meeting-turn'; readonly seat: number; readonly tick: number };

/**
 * An answer: a continent card (and, with phase1UpgradeCard default-commitment, the provisional
 * upgrade card); or a meeting turn's legal messages, its card (NONE: none) and, with neither, an idle
 * promise (`idleUntil`: a later tick, 0 none; `idleWake`: MSG_* bits).
 */
export type GoldrauschAnswer =
  | { readonly kind: 'continent'; readonly continent: number; readonly provisional: number }
  | { readonly kind: 'meeting-turn'; readonly messages: readonly Message[]; readonly commit: number; readonly idleUntil: number; readonly idleWake: number };

/** A meeting turn's answer as the engine's `askBot` writes it (engine.ts `GoldrauschAnswer`). */
export interface TurnAnswer {
  kind: 'meeting-turn';
  /** One of the state's `legalLists` (reused: read it before the next decision is asked). */
  messages: readonly Message[];
  commit: number;
  idleUntil: number;
  idleWake: number;
}
/** What went wrong in a decision (core/game.ts `Fault` without its seat and request). */
export interface TurnFault {
  readonly reason: 'threw' | 'illegal' | 'timeout' | 'hung';
  readonly message: string;
}

const NO_MESSAGES: readonly Message[] = [];

/** Where a bot written for the view before issue 29 goes wrong, and where the change is described. */
const MIGRATION = 'docs/bots-and-tournaments.md#migrating-a-bot-written-for-the-old-view';

// --- pending ----------------------------------------------------------------------------------------

/** The requests, made once per player count and per (seat, tick), shared (pending must not allocate). */
const TERMINAL: Pending<GoldrauschRequest> = Object.freeze({ kind: 'terminal' });
const CONTINENT_PENDING: Pending<GoldrauschRequest>[] = [];
const TURN_PENDING: Pending<GoldrauschRequest>[][] = [];
/** A continent request per seat (what `fallbackAnswer` reads of it: the kind and the seat). */
const CONTINENT_REQUESTS: readonly GoldrauschRequest[] = [0, 1, 2, 3, 4, 5].map((seat) => Object.freeze({ kind: 'continent' as const, seat }));

export function pending(s: GoldrauschState): Pending<GoldrauschRequest> {
  if (s.stage === Stage.over) return TERMINAL;
  if (s.stage === Stage.continent) {
    const n = s.players;
    let p = CONTINENT_PENDING[n];
    if (p === undefined) {
      const requests: GoldrauschRequest[] = [];
      for (let seat = 0; seat < n; seat++) requests.push(Object.freeze({ kind: 'continent' as const, seat }));
      p = CONTINENT_PENDING[n] = Object.freeze({ kind: 'decisions', requests: Object.freeze(requests) });
    }
    return p;
  }
  const seat = s.order[s.turn];
  const tick = s.tick;
  const bySeat = (TURN_PENDING[seat] ??= []);
  let p = bySeat[tick];
  if (p === undefined)
    p = bySeat[tick] = Object.freeze({ kind: 'decisions', requests: Object.freeze([Object.freeze({ kind: 'meeting-turn' as const, seat, tick })]) });
  return p;
}

// --- apply ------------------------------------------------------------------------------------------

/** A continent choice `c` (0–2) of a card `seat` holds. */
function holdsCountry(s: GoldrauschState, seat: number, c: unknown): c is number {
  return (c === 0 || c === 1 || c === 2) && s.countryHands[seat][c] > 0;
}

/** An upgrade card `card` (GREEN or RED) that `seat` holds. */
function holdsUpgrade(s: GoldrauschState, seat: number, card: unknown): boolean {
  return (card === GREEN || card === RED) && s.upgradeHands[seat][card - 1] > 0;
}

/**
 * Applies one answer per pending request, in place, and everything automatic after them, up to the
 * next decision or the end. An answer the rules do not allow throws a RangeError (askBot and
 * fallbackAnswer give only legal ones).
 */
export function apply(s: GoldrauschState, answers: readonly GoldrauschAnswer[], random: Draws): GoldrauschState {
  if (s.stage === Stage.continent) {
    for (let seat = 0; seat < s.players; seat++) {
      const a = answers[seat];
      if (a.kind !== 'continent') throw new RangeError(`seat ${seat}: expected a continent answer, got ${show(a.kind)}`);
      if (!holdsCountry(s, seat, a.continent)) throw new RangeError(`seat ${seat}: continent ${show(a.continent)} is not a card in hand`);
      s.choices[seat] = a.continent;
      // GR-A9: the phase-1 card stands for a seat that lays none (default-commitment only).
      s.provisional[seat] = s.defaultCommitment && (a.provisional === GREEN || a.provisional === RED) ? a.provisional : NONE;
    }
    revealContinents(s, random);
    return s;
  }
  if (s.stage === Stage.over) throw new RangeError('the game is over');
  const a = answers[0];
  if (a.kind !== 'meeting-turn') throw new RangeError(`expected a meeting-turn answer, got ${show(a.kind)}`);
  const seat = s.order[s.turn];
  const messages = a.messages;
  if (messages.length > s.messagesPerTick) throw new RangeError(`${messages.length} messages in one turn; at most ${s.messagesPerTick} allowed`);
  let gold = s.gold[seat];
  let proposals = s.proposalCount;
  for (let k = 0; k < messages.length; k++) {
    const m = messages[k];
    const why = messageFault(s, seat, m, gold, proposals);
    if (why !== null) throw new RangeError(`seat ${seat}: ${why}`);
    if (m.type === MSG_PROPOSE) proposals++;
    else if (m.type === MSG_GIFT) gold -= m.amount;
  }
  if (a.commit !== NONE && !holdsUpgrade(s, seat, a.commit)) throw new RangeError(`seat ${seat}: upgrade card ${show(a.commit)} is not a card in hand`);
  playTurn(s, messages, messages.length, a.commit, a.idleUntil, a.idleWake, random);
  return s;
}

export function outcome(s: GoldrauschState): Outcome {
  if (s.stage !== Stage.over) throw new RangeError('the game is not over');
  const winners = s.winners.slice(0, s.winnerCount);
  const scores = s.gold.slice();
  return { winners, scores, ranks: finishingRanks(winners, scores), endedBy: s.ending === 0 ? 'race' : 'clock', length: s.round };
}

// --- asking a bot -----------------------------------------------------------------------------------

/**
 * The answers most decisions give, made once and shared (frozen: every caller gets the same
 * objects): a continent answer per (continent, provisional card), a quiet meeting turn per card.
 */
const CONTINENT_ASKED: readonly (readonly Asked<GoldrauschAnswer>[])[] = [0, 1, 2].map((continent) =>
  [NONE, GREEN, RED].map((provisional) => shared({ kind: 'continent', continent, provisional })),
);
const QUIET_ASKED: readonly Asked<GoldrauschAnswer>[] = [NONE, GREEN, RED].map((commit) =>
  shared({ kind: 'meeting-turn', messages: NO_MESSAGES, commit, idleUntil: 0, idleWake: MSG_ALL }),
);
function shared(answer: GoldrauschAnswer): Asked<GoldrauschAnswer> {
  return Object.freeze({ answer: Object.freeze(answer) });
}

/**
 * A thrown error as a fault. A TypeError of reading the view (a property that is gone, a method
 * indexed like a list) is what a bot written for the view before issue 29 throws: the message says
 * where the change is described.
 */
function threw(e: unknown): Omit<Fault, 'seat' | 'request' | 'decision'> {
  const message = describeThrown(e);
  const old =
    e instanceof TypeError &&
    /reading '(meeting|history|locations|proposals|agreements|messages|tick|ticks|length|filter|map|indexOf|findIndex|some|every)'|is not (a function|iterable)/.test(
      e.message,
    );
  return { reason: 'threw', message: old ? `${message} (a bot written for the Goldrausch view before issue 29? see ${MIGRATION})` : message };
}

function illegal(message: string): Omit<Fault, 'seat' | 'request' | 'decision'> {
  return { reason: 'illegal', message };
}

/** A continent answer the old view's bots gave (a name): the fault says what changed. */
function continentFault(c: unknown): string {
  const old = c === 'azul' || c === 'rosso' || c === 'veridia';
  return `chooseContinent returned ${show(c)}, not a continent card in hand${old ? ` — a continent is a number now (AZUL 0, ROSSO 1, VERIDIA 2; see ${MIGRATION})` : ''}`;
}

export function askBot(bot: GoldrauschBot, request: GoldrauschRequest, view: GoldrauschView, s: GoldrauschState, random: Draws): Asked<GoldrauschAnswer> {
  if (request.kind === 'continent') return askContinent(bot, request.seat, view, s, random);
  const card = askTurn(bot, request.seat, view, s);
  // The answers most turns give are shared; the others are the state's own, rewritten every turn.
  const count = s.turnCount;
  if (card !== ASK_FAULT && count === 0 && s.turnIdleUntil === 0) return QUIET_ASKED[card];
  const answer = s.turnAnswer;
  const list = count === 0 ? NO_MESSAGES : legalList(s, count);
  if (list !== s.turnMessages) for (let k = 0; k < count; k++) (list as Message[])[k] = s.turnMessages[k];
  answer.messages = list;
  answer.commit = s.turnCommit;
  answer.idleUntil = s.turnIdleUntil;
  answer.idleWake = s.turnIdleWake;
  s.turnAsked.fault = s.turnFault;
  return s.turnAsked;
}

/**
 * Phase 1: `seat`'s continent card (and, with phase1UpgradeCard default-commitment, its provisional
 * upgrade card), checked against its hand; a throw or a card not in hand is a fault with the rules'
 * fallback. `askBot` for a continent request, and the fast player's ask (player.ts).
 */
export function askContinent(bot: GoldrauschBot, seat: number, view: GoldrauschView, s: GoldrauschState, random: Draws): Asked<GoldrauschAnswer> {
  let c: unknown;
  try {
    c = bot.chooseContinent(view);
  } catch (e) {
    return { answer: fallbackAnswer(CONTINENT_REQUESTS[seat], s, random), fault: threw(e) };
  }
  if (!holdsCountry(s, seat, c)) return { answer: fallbackAnswer(CONTINENT_REQUESTS[seat], s, random), fault: illegal(continentFault(c)) };
  let provisional = NONE;
  if (s.defaultCommitment) {
    // GR-A9: the phase-1 card; a bot without provisionalUpgrade lays red.
    try {
      const p: unknown = bot.provisionalUpgrade ? bot.provisionalUpgrade(view) : RED;
      if (p === GREEN || p === RED) provisional = p;
    } catch {
      provisional = NONE;
    }
  }
  return CONTINENT_ASKED[c][provisional];
}

/** `askTurn`'s answer for a turn with a fault. */
export const ASK_FAULT = -1;

/**
 * A meeting turn of `seat` (the seat whose turn it is): its messages, checked in order against the
 * rules (an illegal one is dropped, the legal ones kept), then (if the seat may) its card, and with
 * neither its idle promise. Returns the card (NONE, GREEN or RED), or ASK_FAULT when something went
 * wrong. With `play` (the fast player: its draws), a turn without a fault is played at once
 * (meeting.ts `playTurn`) and nothing else is written; else — or when a fault — the first fault is in
 * `s.turnFault` and the legal messages, the card and the idle promise in the state's `turn…` fields,
 * rewritten every turn (apply a turn before asking the next). `askBot` for a meeting-turn request
 * (without `play`), and the fast player's ask (player.ts).
 */
export function askTurn(bot: GoldrauschBot, seat: number, view: GoldrauschView, s: GoldrauschState, play: Draws | null = null): number {
  let fault: TurnFault | undefined;
  const out = s.outbox;
  out.open();
  let returned: unknown;
  try {
    returned = bot.negotiate(view, out);
  } catch (e) {
    fault = threw(e);
  }
  out.close();
  if (returned !== undefined && Array.isArray(returned)) fault ??= illegal(ARRAY_RETURNED);
  const count = out.count;
  let list = out.messages;
  let legal = 0;
  // (A turn whose negotiate threw keeps none of its messages.)
  if (fault === undefined && count > 0) {
    if (allLegal(s, seat, list, count)) legal = count;
    else {
      fault = dropIllegal(s, seat, out);
      legal = s.turnCount;
      list = s.turnMessages;
    }
  }
  let commit = NONE;
  if (mayLayCard(s, seat)) {
    try {
      const c: unknown = bot.commitUpgrade(view);
      if (c === GREEN || c === RED) {
        if (holdsUpgrade(s, seat, c)) commit = c;
        else fault ??= illegal(`commitUpgrade laid a ${c === GREEN ? 'green' : 'red'} card the seat does not hold`);
      } else if (c !== NONE) fault ??= illegal(cardFault(c));
    } catch (e) {
      fault ??= threw(e);
    }
  }
  let idleUntil = 0;
  let idleWake = MSG_ALL;
  if (count === 0 && commit === NONE && fault === undefined && bot.idleUntil !== undefined) {
    try {
      const t = bot.idleUntil(view);
      if (Number.isInteger(t) && t > s.tick) idleUntil = t;
      const wake = bot.idleWake;
      if (wake !== undefined && Number.isInteger(wake)) idleWake = wake & MSG_ALL;
    } catch {
      // A speed hint only: a bot whose idleUntil throws is simply asked every turn.
      idleUntil = 0;
    }
  }
  if (play !== null && fault === undefined) {
    playTurn(s, list, legal, commit, idleUntil, idleWake, play);
    return commit;
  }
  s.turnMessages = list;
  s.turnCount = legal;
  s.turnCommit = commit;
  s.turnIdleUntil = idleUntil;
  s.turnIdleWake = idleWake;
  s.turnFault = fault;
  return fault === undefined ? commit : ASK_FAULT;
}

/** Whether all `count` messages of `list` may be sent by `seat` in this turn, in order (the usual case). */
function allLegal(s: GoldrauschState, seat: number, list: readonly Message[], count: number): boolean {
  if (count > s.messagesPerTick) return false;
  let gold = s.gold[seat];
  let proposals = s.proposalCount;
  for (let k = 0; k < count; k++) {
    const m = list[k];
    if (messageCheck(s, seat, m, gold, proposals) !== MESSAGE_OK) return false;
    if (m.type === MSG_PROPOSE) proposals++;
    else if (m.type === MSG_GIFT) gold -= m.amount;
  }
  return true;
}

/**
 * A turn with an illegal message or too many (`allLegal` false): checks the outbox's messages in
 * order, drops the illegal ones and the ones over the limit, and returns the first fault; the legal
 * messages are `s.turnMessages[0 … s.turnCount)`.
 */
function dropIllegal(s: GoldrauschState, seat: number, out: GoldrauschState['outbox']): TurnFault {
  let fault: TurnFault | undefined;
  const count = out.count;
  const limit = s.messagesPerTick;
  const list = out.messages;
  s.turnMessages = list;
  let legal = 0;
  let gold = s.gold[seat];
  let proposals = s.proposalCount;
  for (let k = 0; k < count; k++) {
    const m = list[k];
    if (legal >= limit) {
      fault ??= illegal(`sent ${out.calls} messages in one tick; at most ${limit} allowed`);
      break;
    }
    if (messageCheck(s, seat, m, gold, proposals) !== MESSAGE_OK) {
      fault ??= illegal(messageFault(s, seat, m, gold, proposals) ?? '');
      continue;
    }
    // Dropped messages before it: the legal ones go into a list of the state's.
    if (legal < k) keepLegal(s, legal, m);
    legal++;
    if (m.type === MSG_PROPOSE) proposals++;
    else if (m.type === MSG_GIFT) gold -= m.amount;
  }
  s.turnCount = legal;
  // (allLegal found something wrong, so there is a fault.)
  return fault ?? illegal('an illegal message');
}

/** The most messages an outbox keeps of one turn (bot.ts `Outbox`). */
const OUTBOX_KEEPS = 64;

const ARRAY_RETURNED = `negotiate returned an array: messages are written into the outbox now (out.propose(…), out.accept(…), out.pass(), …; see ${MIGRATION})`;

/**
 * Message `m` as the turn's legal message number `k`, after an illegal one was dropped: the legal
 * messages so far move into a list of the state's (`legalLists`), so the outbox's list stays as the
 * bot wrote it.
 */
function keepLegal(s: GoldrauschState, k: number, m: Message): void {
  const scratch = legalList(s, OUTBOX_KEEPS);
  if (s.turnMessages !== scratch) {
    for (let i = 0; i < k; i++) scratch[i] = s.turnMessages[i];
    s.turnMessages = scratch;
  }
  scratch[k] = m;
}

/** The state's list of exactly `k` messages (state.ts `legalLists`), made the first time. */
function legalList(s: GoldrauschState, k: number): Message[] {
  const lists = s.legalLists;
  while (lists.length <= k) {
    const list: Message[] = [];
    for (let i = 0; i < lists.length; i++) list.push(newMessage());
    lists.push(list);
  }
  return lists[k];
}

/** A card answer the old view's bots gave (a name, null): the fault says what changed. */
function cardFault(c: unknown): string {
  const old = c === 'green' || c === 'red' || c === null;
  return `commitUpgrade returned ${show(c)}${old ? ` — a card is a number now (GREEN 1, RED 2, NONE 0 to wait; see ${MIGRATION})` : ''}`;
}

/** The rules' handling of a failed decision: a random continent card in hand (referee stream); no message and no card. */
export function fallbackAnswer(request: GoldrauschRequest, s: GoldrauschState, random: Draws): GoldrauschAnswer {
  if (request.kind !== 'continent') return QUIET_ASKED[NONE].answer;
  const hand = s.countryHands[request.seat];
  let legal = 0;
  for (let c = 0; c < 3; c++) if (hand[c] > 0) legal++;
  let k = random.int(Purpose.referee, s.round * 8 + request.seat, legal);
  for (let c = 0; c < 3; c++) if (hand[c] > 0 && k-- === 0) return CONTINENT_ASKED[c][NONE].answer;
  throw new RangeError(`seat ${request.seat} holds no country card`);
}

export const goldrausch: GameModule<GoldrauschConfig, GoldrauschState, GoldrauschView, GoldrauschRequest, GoldrauschAnswer, GoldrauschBot> = {
  id: 'goldrausch',
  inPlace: true,
  minPlayers: 4,
  maxPlayers: 6,
  setup: (config, players, random) => newGame(config, players, random),
  pending,
  apply,
  outcome,
  seatView: (s, seat) => s.views[seat],
  askBot,
  fallbackAnswer,
  // The search contract (search.ts: the legal answers' abstraction, the engine's copy and sampler).
  legalAnswers,
  uniformAnswer,
  playout,
  clone: cloneState,
  sampleState,
  sampler,
  botOf,
};

export { clone };
