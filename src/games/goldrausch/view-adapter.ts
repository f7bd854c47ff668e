/**
 * The reference engine's seat view (`GoldrauschView`, view.ts) served as the flat bot view
 * (`FastView`, fast/view.ts), and a flat bot (`FastBot`) served as a reference bot (`GoldrauschBot`).
 *
 * Every built-in heuristic bot is written once, against `FastView` (bots/goldrausch/): the kernel
 * serves that view from its arrays, and the reference engine — tournaments with bot files,
 * `run --engine reference`, replays, the search bot's playouts — serves it through this adapter. So a
 * bot decides the same on both engines because it is the same code reading the same information (a
 * test plays games on both engines and compares every view member at every decision:
 * test/fast/view-adapter.test.ts).
 *
 * What the adapter reads that the kernel never has (the kernel bails out of such games):
 *  - rotation clauses binding this round: `clausePlan`, an optional `FastView` member the kernel leaves
 *    out;
 *  - gold moved by a GIFT within a meeting: `game` changes with the gold (see `gameKey`), so a bot's
 *    per-game memos (the fair upgrader) are not reused across it.
 *
 * Speed: one adapter per bot instance, brought up to a new view in O(1) (references to the view's own
 * arrays); what needs converting (booleans to 0/1, a promise from the messages, proposal masks) is
 * computed when a bot reads it.
 */
import type { RandomStream } from '../../core/random.js';
import type { GoldrauschBot, GoldrauschBotFactory, OutgoingMessage } from './bot.js';
import {
  GREEN,
  MSG_ACCEPT,
  MSG_ALL,
  MSG_PASS,
  MSG_PROMISE,
  MSG_PROPOSE,
  MSG_REJECT,
  NOBODY,
  NONE,
  nextSerial,
  RED,
  serialOf,
  type FastBot,
  type FastBotFactory,
  type FastMessage,
  type FastView,
} from './fast/view.js';
import type { GameParams } from './params.js';
import type { MessageType, RoundRecord } from './state.js';
import type { Colour, Continent } from './types.js';
import { CONTINENTS, WHEEL_FIELDS } from './types.js';
import type { GoldrauschView, MeetingView } from './view.js';

/** `FastView.clausePlan`'s answer when no rotation clause binds the seat. */
export const NO_CLAUSE = -2;

const DISASTER_FIELD = ['disaster-azul', 'disaster-rosso', 'disaster-veridia'] as const;

/**
 * §6: the chance that the wheel stops mining on continent c: its own disaster field plus the broken
 * globe, over all fields (0 for a wheel without fields).
 */
export function disasterOdds(wheel: GameParams['wheel'], c: number): number {
  // The wheel object is the same for a whole run; keyed loads over its six string keys cost ~200 ns,
  // so the three odds are cached by identity (~2 ns on a hit).
  if (wheel !== cachedWheel) {
    let total = 0;
    for (let i = 0; i < WHEEL_FIELDS.length; i++) total += wheel[WHEEL_FIELDS[i]];
    for (let k = 0; k < 3; k++) cachedOdds[k] = total > 0 ? (wheel[DISASTER_FIELD[k]] + wheel['disaster-world']) / total : 0;
    cachedWheel = wheel;
  }
  return cachedOdds[c];
}

let cachedWheel: GameParams['wheel'] | null = null;
const cachedOdds = [0, 0, 0];

/** `FastView.disaster` per params object (never written). */
const DISASTER = new WeakMap<GameParams, readonly number[]>();
function disasterOf(params: GameParams): readonly number[] {
  let d = DISASTER.get(params);
  if (d === undefined) {
    d = [disasterOdds(params.wheel, 0), disasterOdds(params.wheel, 1), disasterOdds(params.wheel, 2)];
    DISASTER.set(params, d);
  }
  return d;
}

/**
 * `FastView.game` for a reference view: a serial that stays the same while what the bots' per-game
 * memos read stays the same — the public history (the same array), the round and start player, the
 * pawns (the same array) and the gold (the same numbers) — and changes otherwise. One slot for all adapters: the seats of one
 * game see the same arrays, so they share one key (and the bots' shared history digest); any other
 * game, a search bot's playout, a gift, takes a new one. (A new serial only costs a recount.)
 */
const lastKey = {
  history: null as readonly RoundRecord[] | null,
  round: -1,
  startPlayer: -1,
  locations: null as readonly number[] | null,
  gold: [] as (number | null)[],
  serial: 0,
  /** `FastView.historyKey`: the same while each history extends the one before (see `historyKeyOf`). */
  historySerial: 0,
  historyLength: 0,
  lastRecord: null as RoundRecord | null,
};

/**
 * `FastView.historyKey` for `history` (a new array than the last seen): kept when it extends the last
 * one (at least as long, and the same record object where the last one ended, as the old per-bot
 * habits checked), a new serial otherwise (another game, a search bot's playout and back).
 */
function historyKeyOf(history: readonly RoundRecord[]): void {
  const key = lastKey;
  const n = key.historyLength;
  if (!(history.length >= n && n > 0 && history[n - 1] === key.lastRecord)) key.historySerial = nextSerial();
  key.historyLength = history.length;
  key.lastRecord = history.length > 0 ? history[history.length - 1] : null;
}

function gameKey(view: GoldrauschView): number {
  const key = lastKey;
  const locations = view.meeting === null ? null : view.meeting.locations;
  const gold = view.gold;
  let same =
    key.history === view.history &&
    key.round === view.round &&
    key.startPlayer === view.startPlayer &&
    key.locations === locations &&
    key.gold.length === gold.length;
  for (let s = 0; same && s < gold.length; s++) same = key.gold[s] === gold[s];
  if (!same) {
    if (key.history !== view.history) historyKeyOf(view.history);
    key.history = view.history;
    key.round = view.round;
    key.startPlayer = view.startPlayer;
    key.locations = locations;
    copyInto(gold, key.gold);
    key.serial = nextSerial();
  }
  return key.serial;
}

const NO_NUMBERS: readonly number[] = [];

/**
 * A `FastView` over a reference `GoldrauschView`. `of(view)` points it at a view (call it for every
 * decision); proposal index i is `view.meeting.proposals[i]` — the view's own list, which under
 * continent-private channels is already filtered.
 */
export class ReferenceFastView implements FastView {
  private view!: GoldrauschView;
  private params: GameParams | null = null;
  private rules: GoldrauschView['rules'] | null = null;
  private meetingView: MeetingView | null = null;
  seat = 0;
  players = 0;
  game = 0;
  round = 0;
  startPlayer = 0;
  rounds = 0;
  fine = 0;
  winThreshold = 0;
  winThresholdStrict = false;
  ticks = 0;
  disaster: readonly number[] = NO_NUMBERS;
  paramsKey = 0;
  stock: readonly number[] = NO_NUMBERS;
  extract: readonly number[] = NO_NUMBERS;
  countryHand: readonly number[] = NO_NUMBERS;
  upgradeHand: readonly number[] = NO_NUMBERS;
  kept: readonly number[] = NO_NUMBERS;
  broken: readonly number[] = NO_NUMBERS;
  historyLength = 0;
  historyKey = 0;
  tick = 0;
  locations: readonly number[] = NO_NUMBERS;
  ownCommit = NONE;
  proposalCount = 0;
  // Converted on first read per view (the reference view holds booleans and messages).
  private readonly committedOut: number[] = [];
  private readonly passedOut: number[] = [];
  private committedFor: MeetingView | null = null;
  private passedFor: MeetingView | null = null;
  private promiseFor: MeetingView | null = null;
  private promise = NONE;

  /** Points the adapter at `view`; returns it. */
  of(view: GoldrauschView): this {
    if (view === this.view) return this;
    this.view = view;
    const params = view.params;
    if (params !== this.params) {
      // The same params object for a whole run: its derived numbers are looked up once per adapter.
      this.params = params;
      this.disaster = disasterOf(params);
      this.paramsKey = serialOf(params);
      this.rounds = params.rounds;
      this.fine = params.fine;
      this.winThreshold = params.winThreshold;
      this.ticks = params.negotiationTicks;
    }
    const rules = view.rules;
    if (rules !== this.rules) {
      this.rules = rules;
      this.winThresholdStrict = rules.winThresholdStrict;
    }
    this.seat = view.seat;
    this.players = view.players;
    this.game = gameKey(view);
    this.historyKey = lastKey.historySerial;
    this.round = view.round;
    this.startPlayer = view.startPlayer;
    this.stock = view.stock;
    this.extract = view.extract;
    this.countryHand = view.countryHand;
    this.upgradeHand = view.upgradeHand;
    this.kept = view.kept;
    this.broken = view.broken;
    this.historyLength = view.history.length;
    const meeting = view.meeting;
    this.meetingView = meeting;
    this.committedFor = null;
    this.passedFor = null;
    this.promiseFor = null;
    if (meeting === null) {
      this.tick = 0;
      this.locations = NO_NUMBERS;
      this.ownCommit = NONE;
      this.proposalCount = 0;
    } else {
      this.tick = meeting.tick;
      this.locations = meeting.locations;
      this.ownCommit = meeting.ownCommit === null ? NONE : meeting.ownCommit === 'green' ? GREEN : RED;
      this.proposalCount = meeting.proposals.length;
    }
    return this;
  }

  get committed(): readonly number[] {
    const meeting = this.meetingView;
    if (meeting === null) return NO_NUMBERS;
    if (this.committedFor !== meeting) {
      toNumbers(meeting.committed, this.committedOut);
      this.committedFor = meeting;
    }
    return this.committedOut;
  }

  get passed(): readonly number[] {
    const meeting = this.meetingView;
    if (meeting === null) return NO_NUMBERS;
    if (this.passedFor !== meeting) {
      toNumbers(meeting.passed, this.passedOut);
      this.passedFor = meeting;
    }
    return this.passedOut;
  }

  /** This seat's latest PROMISE this meeting (GREEN, RED or NONE), from the messages it can read. */
  get ownPromise(): number {
    const meeting = this.meetingView;
    if (meeting === null) return NONE;
    if (this.promiseFor !== meeting) {
      this.promise = NONE;
      const messages = meeting.messages;
      for (let i = messages.length - 1; i >= 0; i--) {
        const m = messages[i];
        if (m.from === this.seat && m.type === 'PROMISE' && m.action) {
          this.promise = m.action === 'GREEN' ? GREEN : RED;
          break;
        }
      }
      this.promiseFor = meeting;
    }
    return this.promise;
  }

  gold(s: number): number | null {
    return this.view.gold[s];
  }

  histLocation(i: number, s: number): number {
    return this.view.history[i].locations[s];
  }

  histCommit(i: number, s: number): number {
    const c = this.view.history[i].commits[s];
    return c === null ? NONE : c === 'green' ? GREEN : RED;
  }

  histSucceeded(i: number, s: number): boolean {
    return this.view.history[i].upgradeSucceeded[s];
  }

  histRound(i: number): number {
    return this.view.history[i].round;
  }

  /** The victims of all of s's breaches in history round i (a seat may break an agreement and a clause). */
  histBreachVictims(i: number, s: number): number {
    const breaches = this.view.history[i].breaches;
    let mask = -1;
    for (let b = 0; b < breaches.length; b++) {
      if (breaches[b].seat !== s) continue;
      if (mask === -1) mask = 0;
      for (const v of breaches[b].victims) mask |= 1 << v;
    }
    return mask;
  }

  proposalContinent(i: number): number {
    return this.meetingView!.proposals[i].continent;
  }

  proposalProposer(i: number): number {
    return this.meetingView!.proposals[i].proposer;
  }

  proposalUpgrader(i: number): number {
    return this.meetingView!.proposals[i].upgrader ?? NOBODY;
  }

  proposalAccepted(i: number): number {
    return maskOf(this.meetingView!.proposals[i].acceptedBy);
  }

  agreement(c: number): number {
    const meeting = this.meetingView;
    const a = meeting === null ? null : meeting.agreements[c];
    if (a === null) return -1;
    const proposals = meeting!.proposals;
    for (let i = 0; i < proposals.length; i++) if (proposals[i].id === a.id) return i;
    return -1;
  }

  agreementParties(c: number): number {
    const a = this.meetingView === null ? null : this.meetingView.agreements[c];
    return a === null ? 0 : maskOf(a.parties);
  }

  agreementUpgrader(c: number): number {
    const a = this.meetingView === null ? null : this.meetingView.agreements[c];
    return a === null ? NOBODY : (a.upgrader ?? NOBODY);
  }

  hasRejected(i: number): boolean {
    const meeting = this.meetingView!;
    const ref = meeting.proposals[i].id;
    const messages = meeting.messages;
    for (let k = 0; k < messages.length; k++) {
      const m = messages[k];
      if (m.from === this.seat && m.type === 'REJECT' && m.ref === ref) return true;
    }
    return false;
  }

  /**
   * The rotation clauses that bind `seat` this round (§15.2): the upgrader of the first one naming
   * somebody else or nobody, else `seat` if one names it, else NO_CLAUSE.
   */
  clausePlan(seat: number): number {
    const meeting = this.meetingView;
    if (meeting === null) return NO_CLAUSE;
    const clauses = meeting.bindingClauses;
    let plan = NO_CLAUSE;
    for (let i = 0; i < clauses.length; i++) {
      if (!clauses[i].parties.includes(seat)) continue;
      const upgrader = clauses[i].upgrader ?? NOBODY;
      if (upgrader !== seat) return upgrader;
      plan = seat;
    }
    return plan;
  }

  /** The reference message a `FastMessage` stands for. */
  toOutgoing(m: FastMessage): OutgoingMessage {
    const proposals = this.meetingView!.proposals;
    switch (m.type) {
      case MSG_PROPOSE:
        return { type: 'PROPOSE', plan: { upgrader: m.upgrader === NOBODY ? null : m.upgrader } };
      case MSG_ACCEPT:
        return { type: 'ACCEPT', ref: proposals[m.ref].id };
      case MSG_REJECT:
        return { type: 'REJECT', ref: proposals[m.ref].id };
      case MSG_PROMISE: {
        const action = m.action === GREEN ? 'GREEN' : 'RED';
        return m.ref < 0 ? { type: 'PROMISE', action } : { type: 'PROMISE', action, ref: proposals[m.ref].id };
      }
      case MSG_PASS:
        return { type: 'PASS' };
    }
    throw new RangeError(`a built-in bot sent message type ${m.type}, which the flat bot interface does not have`);
  }
}

/** `out` made a copy of `from` (grown by push, for the same reason as `toNumbers`). */
function copyInto<T>(from: readonly T[], out: T[]): void {
  if (out.length > from.length) out.length = from.length;
  for (let s = 0; s < from.length; s++) {
    if (s < out.length) out[s] = from[s];
    else out.push(from[s]);
  }
}

function toNumbers(flags: readonly boolean[], out: number[]): void {
  // A fresh adapter's arrays are empty (one adapter per bot per game): they grow by push, which keeps
  // them packed small integers without a runtime call; the length setter (a runtime call, and it
  // leaves a holey array) showed as 7 µs a game in a profile of the reference engine (docs/performance-log.md).
  if (out.length > flags.length) out.length = flags.length;
  for (let s = 0; s < flags.length; s++) {
    const bit = flags[s] ? 1 : 0;
    if (s < out.length) out[s] = bit;
    else out.push(bit);
  }
}

function maskOf(seats: readonly number[]): number {
  let mask = 0;
  for (let i = 0; i < seats.length; i++) mask |= 1 << seats[i];
  return mask;
}

/** The message types of `MessageType`, by bit (state.ts `messageBit`). */
const MESSAGE_TYPES: readonly MessageType[] = ['PROPOSE', 'ACCEPT', 'REJECT', 'PROMISE', 'PASS', 'COMMITTED', 'GIFT'];

/** `GoldrauschBot.idleIgnores` for a flat bot's wake set (undefined when everything wakes it). */
function ignoresOf(wake: number): readonly MessageType[] | undefined {
  if ((wake & MSG_ALL) === MSG_ALL) return undefined;
  return MESSAGE_TYPES.filter((_, i) => (wake & (1 << i)) === 0);
}

const NO_MESSAGES: readonly OutgoingMessage[] = Object.freeze([]) as readonly OutgoingMessage[];
const PASS: readonly OutgoingMessage[] = Object.freeze([Object.freeze({ type: 'PASS' as const })]);

/** A flat bot served on the reference engine: each decision reads the seat view through the adapter. */
class ServedBot implements GoldrauschBot {
  private readonly out: FastMessage = {
    type: 0,
    upgrader: NOBODY,
    ref: -1,
    action: NONE,
    continent: -1,
    to: -1,
    amount: 0,
    clauseCount: 0,
    clauseRounds: [],
    clauseUpgraders: [],
  };
  readonly idleIgnores: readonly MessageType[] | undefined;

  constructor(
    readonly name: string,
    private readonly bot: FastBot,
    private readonly fastView: ReferenceFastView,
  ) {
    this.idleIgnores = ignoresOf(bot.idleWake);
  }

  chooseContinent(view: GoldrauschView): Continent {
    const c = this.bot.chooseContinent(this.fastView.of(view));
    return CONTINENTS[c];
  }

  negotiate(view: GoldrauschView): readonly OutgoingMessage[] {
    const fast = this.fastView.of(view);
    if (!this.bot.negotiate(fast, this.out)) return NO_MESSAGES;
    return this.out.type === MSG_PASS ? PASS : [fast.toOutgoing(this.out)];
  }

  commitUpgrade(view: GoldrauschView): Colour | null {
    const card = this.bot.commitUpgrade(this.fastView.of(view));
    return card === GREEN ? 'green' : card === RED ? 'red' : null;
  }

  idleUntil(view: GoldrauschView): number {
    return this.bot.idleUntil(this.fastView.of(view));
  }
}

/**
 * A bot for the reference engine made from a flat bot: a fresh instance for the seat, started on a
 * new game with the seat's stream (`RandomStream` has the `FastRandom` methods: the same draws).
 * `adapter` is for tests (a deliberately wrong one must be caught).
 */
export function servedBot(
  name: string,
  make: FastBotFactory,
  seat: number,
  random: RandomStream,
  adapter: ReferenceFastView = new ReferenceFastView(),
): GoldrauschBot {
  const bot = make();
  bot.newGame(seat, random);
  return new ServedBot(name, bot, adapter);
}

/** A bot factory for both engines: `create` serves the flat bot on the reference engine, `fast` is it on the kernel. */
export function servedFactory(name: string, description: string, make: FastBotFactory): GoldrauschBotFactory {
  return { name, description, create: (seat, random) => servedBot(name, make, seat, random), fast: make };
}
