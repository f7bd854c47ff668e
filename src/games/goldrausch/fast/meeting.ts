/**
 * Phase 3 on the fast kernel: the corporate meeting (docs/games/goldrausch.md §15) for the built-in
 * heuristic bots, on flat lists reused from round to round.
 *
 * The rules are not written here: the tick's seat order, who still needs a turn, the turn-finding
 * loop, idle promises and which message wakes a seat, agreement formation, the late card and the
 * legality checks are meeting-rules.ts's, which the reference engine (engine.ts, meeting.ts) calls
 * too. What is this file's own is the representation: the reference engine keeps the meeting as an
 * immutable `Meeting` per turn with every message and `Proposal`/`Agreement` objects, for replays,
 * stories, the search bot and untrusted bot files; this one keeps it as flags and bit masks and no
 * message log, which is most of the kernel's speed. It implements only what the built-in bots do: a
 * gift, a rotation clause, a proposal for another continent or an illegal answer throws `FastBailout`
 * and the game is played on the reference engine instead, so a result never depends on this file's
 * gaps. test/fast/identity.test.ts ties the two: the same games, record for record, over every rules
 * option (test/fast/cases.ts) and every built-in bot in every seat.
 */
import {
  agreementParties,
  agreementUpgrader,
  bindsIdle,
  comesLate,
  inScope,
  isKnownProposal,
  isPromiseCard,
  isSeatOn,
  mayLayCard,
  needsMask,
  nextTurn,
  permutationsOf,
  seatsOnMask,
  tickOrder,
  wakes,
  type MeetingClock,
  type MeetingDraws,
} from '../meeting-rules.js';
import type { GoldrauschConfig } from '../params.js';
import {
  GREEN,
  MSG_ACCEPT,
  MSG_ALL,
  MSG_COMMITTED,
  MSG_PASS,
  MSG_PROMISE,
  MSG_PROPOSE,
  MSG_REJECT,
  NOBODY,
  NONE,
  RED,
  type FastBot,
  type FastMessage,
  type FastView,
} from './view.js';

/** A situation the kernel does not implement: the game is played on the reference engine instead. */
export class FastBailout extends Error {}

/**
 * Hands the game to the reference engine (throws FastBailout): why, and the value at fault. The
 * message is put together here, not at the checks: the meeting's functions run for every turn and
 * message, and a message built inline is compiled into each of them.
 */
function bailOut(why: string, value: unknown): never {
  throw new FastBailout(`${why} (${String(value)})`);
}

/**
 * n copies of v in a packed array (V8: `new Array(n).fill(v)` stays holey, and every read of a holey
 * array checks for holes).
 */
export function packed(n: number, v: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(v);
  return out;
}

/**
 * What the meeting reads of its kernel: the seats, where they stand, what they hold, the round. The
 * lists are the kernel's own, never replaced (the views may be filled after the meeting is made).
 */
export interface MeetingTable {
  readonly players: number;
  /** The game's draws (fast/draws.ts), set to each game's key by the kernel. */
  readonly draws: MeetingDraws;
  readonly round: number;
  readonly locations: readonly number[];
  readonly upgradeHands: readonly (readonly number[])[];
  readonly bots: readonly FastBot[];
  readonly views: readonly FastView[];
}

/** The meeting of one kernel: its state is rewritten every round (`run`). */
export class FastMeeting implements MeetingClock {
  readonly players: number;
  readonly ticks: number;
  readonly privateChannels: boolean;
  readonly maxProposals: number;
  private readonly table: boolean;
  private readonly revisable: boolean;
  private readonly partialAgreements: boolean;
  private readonly pLate: number;
  /** The n! seat orders a tick's order is drawn from (meeting-rules.ts `tickOrder`). */
  private readonly orders: readonly (readonly number[])[];
  // The kernel's lists, read (never replaced by the kernel, so held here once).
  private readonly locations: readonly number[];
  private readonly upgradeHands: readonly (readonly number[])[];
  private readonly bots: readonly FastBot[];
  private readonly views: readonly FastView[];
  private readonly draws: MeetingDraws;

  tick = 0;
  order: readonly number[] = [];
  /** Index into `order` of the seat whose turn it is. */
  turn = 0;
  /** The card each seat laid (NONE: none yet). */
  readonly commits: number[];
  /** 1 when the seat has laid a card (public: the COMMITTED message). */
  readonly committed: number[];
  readonly passed: number[];
  /** Each seat's latest PROMISE (GREEN, RED, or NONE). */
  readonly promises: number[];
  /** The seats that laid a card, and that passed (bit masks of `committed` and `passed`). */
  private laid = 0;
  private passes = 0;
  /** Seat s's idle promise: its turns are skipped before this tick (0: none, or broken by a message). */
  readonly idleUntil: number[];
  private readonly idleWake: number[];
  /** Seats with an idle promise that no message has broken yet (a promise's tick may have passed). */
  private promised = 0;
  /** Set when a card is laid or a seat passes: the needs mask must be recomputed. */
  private needsChanged = true;
  proposalCount = 0;
  readonly proposalContinents: number[];
  readonly proposalProposers: number[];
  readonly proposalUpgraders: number[];
  readonly proposalAcceptances: number[];
  /**
   * `rejected[seat · maxProposals + i] === meetingStamp`: seat sent a REJECT of proposal i in this
   * meeting (a stamp per meeting instead of clearing the table every round).
   */
  readonly rejected: number[];
  meetingStamp = 0;
  /** Per continent: the proposal that became its agreement (−1 none), its parties (bit mask) and upgrader. */
  readonly agreementProposals: number[] = [-1, -1, -1];
  readonly agreementPartyMasks: number[] = [0, 0, 0];
  readonly agreementUpgraders: number[] = [NOBODY, NOBODY, NOBODY];
  private readonly out: FastMessage = { type: 0, upgrader: NOBODY, ref: -1, action: NONE };

  constructor(
    config: GoldrauschConfig,
    private readonly k: MeetingTable,
  ) {
    const { rules, params } = config;
    const n = k.players;
    this.players = n;
    this.locations = k.locations;
    this.upgradeHands = k.upgradeHands;
    this.bots = k.bots;
    this.views = k.views;
    this.draws = k.draws;
    this.ticks = params.negotiationTicks;
    this.privateChannels = rules.negotiationScope === 'continent-private';
    this.table = rules.negotiationScope === 'table';
    this.revisable = rules.commitRevisable;
    this.partialAgreements = rules.allowPartialAgreements;
    this.pLate = params.pLate;
    this.orders = permutationsOf(n);
    // A fast bot sends at most one message a turn (FastMessage), and a seat has at most one turn a tick.
    this.maxProposals = this.ticks * n + 1;
    this.commits = packed(n, NONE);
    this.committed = packed(n, 0);
    this.passed = packed(n, 0);
    this.promises = packed(n, NONE);
    this.idleUntil = packed(n, 0);
    this.idleWake = packed(n, MSG_ALL);
    this.proposalContinents = packed(this.maxProposals, 0);
    this.proposalProposers = packed(this.maxProposals, 0);
    this.proposalUpgraders = packed(this.maxProposals, 0);
    this.proposalAcceptances = packed(this.maxProposals, 0);
    this.rejected = packed(n * this.maxProposals, 0);
  }

  /** The round's meeting, from tick 1 until nobody has anything to do (engine.ts `openMeeting`, `advanceTurn`). */
  run(): void {
    const n = this.players;
    for (let s = 0; s < n; s++) {
      this.commits[s] = NONE;
      this.committed[s] = 0;
      this.passed[s] = 0;
      this.promises[s] = NONE;
      this.idleUntil[s] = 0;
      this.idleWake[s] = 0;
    }
    this.promised = 0;
    this.laid = 0;
    this.passes = 0;
    this.meetingStamp++; // every earlier meeting's rejections read as none
    this.proposalCount = 0;
    for (let c = 0; c < 3; c++) {
      this.agreementProposals[c] = -1;
      this.agreementPartyMasks[c] = 0;
      this.agreementUpgraders[c] = NOBODY;
    }
    const { ticks, orders, draws } = this;
    const round = this.k.round;
    this.tick = 1;
    this.order = tickOrder(orders, draws, round, 1);
    let from = 0;
    this.needsChanged = true;
    let needs = 0;
    for (;;) {
      // Who still has something to do changes only when a card is laid or a seat passes.
      if (this.needsChanged) {
        needs = needsMask(this.locations, n, this.laid, this.passes, this.revisable);
        this.needsChanged = false;
      }
      if (!nextTurn(this, from, needs, ticks, orders, draws, round)) return;
      const turn = this.turn;
      this.playTurn(this.order[turn]);
      from = turn + 1;
    }
  }

  /**
   * A message goes on the table. The kernel keeps no log (nothing reads one: the bots see proposals,
   * agreements, promises and who passed or laid a card); what it must do is wake the seats whose
   * idle promise the message breaks (meeting-rules.ts `wakes`), as meeting.ts `wakeIdle` does.
   */
  private announce(type: number, continent: number): void {
    if (this.promised !== 0) {
      for (let s = 0; s < this.players; s++) {
        if ((this.promised & (1 << s)) !== 0 && wakes(this.locations[s], this.idleWake[s], continent, type)) {
          this.idleUntil[s] = 0;
          this.promised &= ~(1 << s);
        }
      }
    }
  }

  /** One seat's turn (engine.ts `meetingTurn`, `askBot`): its message, then maybe its card, or its idle promise. */
  private playTurn(s: number): void {
    const bot = this.bots[s];
    const view = this.views[s];
    const out = this.out;
    const sends = bot.negotiate(view, out);
    let card = NONE; // stays NONE unless the seat may lay a card
    if (mayLayCard(this.commits[s] !== NONE, this.revisable)) {
      card = bot.commitUpgrade(view);
      if (card !== NONE) {
        if (card !== GREEN && card !== RED) bailOut('an upgrade card that is neither GREEN nor RED', card);
        if (this.upgradeHands[s][card === GREEN ? 0 : 1] <= 0) bailOut('an upgrade card the seat does not hold', card);
      }
    }
    if (!sends && card === NONE) {
      const until = bot.idleUntil(view);
      if (bindsIdle(until, this.tick)) {
        this.idleUntil[s] = until;
        this.idleWake[s] = bot.idleWake;
        this.promised |= 1 << s;
      }
      return;
    }
    if (sends) this.send(s, out);
    if (card !== NONE) {
      // §15.1: a card laid in the last tick comes too late with probability pLate.
      if (!comesLate(this.draws, this.k.round, s, this.tick, this.ticks, this.pLate)) {
        const first = this.commits[s] === NONE;
        this.commits[s] = card;
        this.needsChanged = true;
        if (first) {
          this.committed[s] = 1;
          this.laid |= 1 << s;
          this.announce(MSG_COMMITTED, this.locations[s]);
        }
      }
    }
  }

  /**
   * meeting.ts `sendMessage` for the messages fast bots send; anything else bails out. Every message
   * is announced once, at the end (announcing touches only the idle promises, so the order of the
   * two does not matter), and a proposal that a message may have completed is checked once: one
   * call site each keeps this function's compiled code small (it runs for every message).
   */
  private send(from: number, m: FastMessage): void {
    const own = this.locations[from];
    const type = m.type;
    let about = own;
    let completed = -1; // the proposal this message may have made an agreement
    if (type === MSG_PROPOSE) {
      const u = m.upgrader;
      if (u !== NOBODY && !isSeatOn(this.locations, this.players, u, own)) bailOut('PROPOSE names an upgrader who is not on the continent', u);
      const i = this.proposalCount;
      if (i >= this.maxProposals) bailOut('too many proposals', i);
      this.proposalCount++;
      this.proposalContinents[i] = own;
      this.proposalProposers[i] = from;
      this.proposalUpgraders[i] = u;
      this.proposalAcceptances[i] = 1 << from;
      completed = i;
    } else if (type === MSG_ACCEPT || type === MSG_REJECT) {
      const i = m.ref;
      if (!isKnownProposal(i, this.proposalCount)) bailOut('reference to an unknown proposal', i);
      about = this.proposalContinents[i];
      if (!inScope(this.table, about, own)) bailOut('ACCEPT/REJECT about another continent', about);
      if (type === MSG_REJECT) this.rejected[from * this.maxProposals + i] = this.meetingStamp;
      else if ((this.proposalAcceptances[i] & (1 << from)) === 0) {
        this.proposalAcceptances[i] |= 1 << from;
        completed = i;
      }
    } else if (type === MSG_PROMISE) {
      if (!isPromiseCard(m.action)) bailOut('PROMISE needs GREEN or RED', m.action);
      if (m.ref !== -1 && !isKnownProposal(m.ref, this.proposalCount)) bailOut('reference to an unknown proposal', m.ref);
      this.promises[from] = m.action;
    } else if (type === MSG_PASS) {
      this.passed[from] = 1;
      this.passes |= 1 << from;
      this.needsChanged = true;
    } else {
      bailOut('a message type the kernel does not implement', type);
    }
    this.announce(type, about);
    if (completed >= 0) this.checkAgreement(completed);
  }

  /** Whether proposal i became continent c's agreement (meeting-rules.ts `agreementParties`, as meeting.ts `withProposal`). */
  private checkAgreement(i: number): void {
    const c = this.proposalContinents[i];
    const parties = agreementParties(seatsOnMask(this.locations, this.players, c), this.proposalAcceptances[i], this.partialAgreements);
    if (parties === 0) return;
    this.agreementProposals[c] = i;
    this.agreementPartyMasks[c] = parties;
    this.agreementUpgraders[c] = agreementUpgrader(this.proposalUpgraders[i], parties);
  }
}
