/**
 * Test support for the fast twins of the built-in bots (bots/goldrausch/fast):
 *
 *  - `ReferenceFastView`: a `FastView` (src/games/goldrausch/fast/view.ts) over a reference
 *    `GoldrauschView` and its seat. Proposal index i is `view.meeting.proposals[i]` — the view's own
 *    list, which under continent-private channels is already filtered, so an index is a position in
 *    that list; `toOutgoing` turns a `FastMessage` back into the reference `OutgoingMessage` (ref i
 *    is sent as `proposals[i].id`).
 *  - `playLockstep`: plays real reference games (src/sim/run.ts `playOne`) in which every seat's
 *    reference bot decides, and at every decision its fast twin, fed the same view through the
 *    adapter and drawing from its own copy of the seat's random stream, is asked too. Every answer
 *    and the streams' counters after every call are compared; differences are collected (never
 *    thrown: the engine would record a throw as the bot's fault and play on differently).
 */
import { isDeepStrictEqual } from 'node:util';
import { Purpose, RandomSource, type RandomStream } from '../../src/core/random.js';
import type { GoldrauschBot, GoldrauschBotFactory, OutgoingMessage } from '../../src/games/goldrausch/bot.js';
import {
  GREEN,
  MSG_ACCEPT,
  MSG_PASS,
  MSG_PROMISE,
  MSG_PROPOSE,
  MSG_REJECT,
  NOBODY,
  NONE,
  RED,
  nextSerial,
  type FastBot,
  type FastBotFactory,
  type FastMessage,
  type FastView,
} from '../../src/games/goldrausch/fast/view.js';
import type { GameParams } from '../../src/games/goldrausch/params.js';
import { messageBit, WAKE_ON_ALL, type GoldrauschState } from '../../src/games/goldrausch/state.js';
import type { Colour, Continent } from '../../src/games/goldrausch/types.js';
import { CONTINENTS } from '../../src/games/goldrausch/types.js';
import type { GoldrauschView, MeetingView } from '../../src/games/goldrausch/view.js';
import { disasterOdds } from '../../bots/goldrausch/lib/estimate.js';
import { hasRejected, latestPromise } from '../../bots/goldrausch/lib/meeting.js';
import { playOne } from '../../src/sim/run.js';
import type { Scenario } from '../../src/sim/scenario.js';

/** A serial per params object (`FastView.paramsKey`). */
const PARAMS_KEYS = new WeakMap<GameParams, number>();
export function paramsKeyOf(params: GameParams): number {
  let key = PARAMS_KEYS.get(params);
  if (key === undefined) {
    key = nextSerial();
    PARAMS_KEYS.set(params, key);
  }
  return key;
}

function colourCode(c: Colour | null): number {
  return c === null ? NONE : c === 'green' ? GREEN : RED;
}

/** A `FastView` over a reference view. Built per reference view (test speed does not matter). */
export class ReferenceFastView implements FastView {
  readonly seat: number;
  readonly players: number;
  readonly game: number;
  readonly round: number;
  readonly startPlayer: number;
  readonly rounds: number;
  readonly fine: number;
  readonly winThreshold: number;
  readonly winThresholdStrict: boolean;
  readonly ticks: number;
  readonly disaster: readonly number[];
  readonly paramsKey: number;
  readonly stock: readonly number[];
  readonly extract: readonly number[];
  readonly countryHand: readonly number[];
  readonly upgradeHand: readonly number[];
  readonly kept: readonly number[];
  readonly broken: readonly number[];
  readonly historyLength: number;
  readonly tick: number;
  readonly locations: readonly number[];
  readonly committed: readonly number[];
  readonly passed: readonly number[];
  readonly ownCommit: number;
  readonly ownPromise: number;
  readonly proposalCount: number;
  private readonly meeting: MeetingView | null;
  /** Agreement per continent as an index into the view's proposals (−1 none). */
  private readonly agreementIndex: readonly number[];

  constructor(
    readonly view: GoldrauschView,
    game: number,
  ) {
    const params = view.params;
    this.seat = view.seat;
    this.players = view.players;
    this.game = game;
    this.round = view.round;
    this.startPlayer = view.startPlayer;
    this.rounds = params.rounds;
    this.fine = params.fine;
    this.winThreshold = params.winThreshold;
    this.winThresholdStrict = view.rules.winThresholdStrict;
    this.ticks = params.negotiationTicks;
    this.disaster = [disasterOdds(params.wheel, 0), disasterOdds(params.wheel, 1), disasterOdds(params.wheel, 2)];
    this.paramsKey = paramsKeyOf(params);
    this.stock = view.stock;
    this.extract = view.extract;
    this.countryHand = view.countryHand;
    this.upgradeHand = view.upgradeHand;
    this.kept = view.kept;
    this.broken = view.broken;
    this.historyLength = view.history.length;
    const meeting = view.meeting;
    this.meeting = meeting;
    if (meeting === null) {
      this.tick = 0;
      this.locations = [];
      this.committed = [];
      this.passed = [];
      this.ownCommit = NONE;
      this.ownPromise = NONE;
      this.proposalCount = 0;
      this.agreementIndex = [-1, -1, -1];
    } else {
      this.tick = meeting.tick;
      this.locations = meeting.locations;
      this.committed = meeting.committed.map((b) => (b ? 1 : 0));
      this.passed = meeting.passed.map((b) => (b ? 1 : 0));
      this.ownCommit = colourCode(meeting.ownCommit);
      const promise = latestPromise(meeting, view.seat);
      this.ownPromise = promise === null ? NONE : promise === 'GREEN' ? GREEN : RED;
      this.proposalCount = meeting.proposals.length;
      this.agreementIndex = meeting.agreements.map((a) => (a === null ? -1 : meeting.proposals.findIndex((p) => p.id === a.id)));
    }
  }

  gold(s: number): number | null {
    return this.view.gold[s];
  }

  histLocation(i: number, s: number): number {
    return this.view.history[i].locations[s];
  }

  histCommit(i: number, s: number): number {
    return colourCode(this.view.history[i].commits[s]);
  }

  histSucceeded(i: number, s: number): boolean {
    return this.view.history[i].upgradeSucceeded[s];
  }

  histRound(i: number): number {
    return this.view.history[i].round;
  }

  histBreachVictims(i: number, s: number): number {
    const breaches = this.view.history[i].breaches;
    for (const b of breaches) {
      if (b.seat !== s) continue;
      let mask = 0;
      for (const v of b.victims) mask |= 1 << v;
      return mask;
    }
    return -1;
  }

  proposalContinent(i: number): number {
    return this.meeting!.proposals[i].continent;
  }

  proposalProposer(i: number): number {
    return this.meeting!.proposals[i].proposer;
  }

  proposalUpgrader(i: number): number {
    return this.meeting!.proposals[i].upgrader ?? NOBODY;
  }

  proposalAccepted(i: number): number {
    let mask = 0;
    for (const s of this.meeting!.proposals[i].acceptedBy) mask |= 1 << s;
    return mask;
  }

  agreement(c: number): number {
    return this.agreementIndex[c];
  }

  agreementParties(c: number): number {
    const a = this.meeting?.agreements[c] ?? null;
    if (a === null) return 0;
    let mask = 0;
    for (const s of a.parties) mask |= 1 << s;
    return mask;
  }

  agreementUpgrader(c: number): number {
    return this.meeting?.agreements[c]?.upgrader ?? NOBODY;
  }

  hasRejected(i: number): boolean {
    return hasRejected(this.meeting!, this.seat, this.meeting!.proposals[i].id);
  }

  /** The reference message a `FastMessage` stands for (in the shapes the reference bots build). */
  toOutgoing(m: FastMessage): OutgoingMessage {
    const proposals = this.meeting!.proposals;
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
    throw new RangeError(`a fast bot sent message type ${m.type}`);
  }
}

/** The draws made from a stream so far (RandomStream's private counter). */
export function drawsOf(stream: RandomStream): number {
  return (stream as unknown as { counter: number }).counter;
}

/** A reference message as plain comparable data (the fields the built-in bots set). */
function plain(m: OutgoingMessage): unknown {
  const o = m as Record<string, unknown>;
  const out: Record<string, unknown> = { type: o.type };
  for (const k of ['plan', 'ref', 'action', 'continent', 'next', 'to', 'amount']) if (o[k] !== undefined) out[k] = o[k];
  if (out.plan) out.plan = { upgrader: (out.plan as { upgrader: unknown }).upgrader };
  return out;
}

export interface LockstepResult {
  /** Decisions compared (continents, messages, cards, idle promises). */
  decisions: number;
  games: number;
  /** Differences found (at most `maxMismatches` are kept; `mismatchCount` counts all). */
  mismatches: string[];
  mismatchCount: number;
  /** Engine faults of the reference games (none expected). */
  faults: number;
  /** `bot|what|answer` → how often (what the games exercised). */
  tallies: Map<string, number>;
}

export function emptyResult(): LockstepResult {
  return { decisions: 0, games: 0, mismatches: [], mismatchCount: 0, faults: 0, tallies: new Map() };
}

export interface LockstepOptions {
  /**
   * The twin to use for a seat's reference factory (default: `factory.fast`); null = the seat plays
   * its reference bot alone, uncompared (e.g. a test bot that stirs up unusual meetings).
   */
  readonly twinOf?: (factory: GoldrauschBotFactory, seat: number) => FastBotFactory | null | undefined;
  /** Called with every meeting decision's adapter view (after the twin was asked), and the state it was asked in. */
  readonly onMeetingView?: (fast: ReferenceFastView, state: GoldrauschState) => void;
  readonly maxMismatches?: number;
  /** A label for the mismatch messages. */
  readonly label?: string;
}

/**
 * Plays games [0, games) of `scenario` with `lineup` (one reference factory per seat) and seed
 * `seed`, comparing each seat's twin with its reference bot at every decision. Adds to `result`.
 */
export function playLockstep(
  scenario: Scenario,
  lineup: readonly GoldrauschBotFactory[],
  games: number,
  seed: string,
  options: LockstepOptions = {},
  result: LockstepResult = emptyResult(),
): LockstepResult {
  if (lineup.length !== scenario.players) throw new RangeError('one factory per seat');
  const label = options.label ?? scenario.name;
  const maxMismatches = options.maxMismatches ?? 20;
  const twins: (FastBot | null)[] = lineup.map((factory, seat) => {
    const make = options.twinOf ? options.twinOf(factory, seat) : factory.fast;
    if (make === undefined) throw new RangeError(`${factory.name} has no fast twin`);
    return make === null ? null : make(); // one instance per seat serves every game (newGame resets it)
  });
  let state: GoldrauschState | null = null;
  for (let g = 0; g < games; g++) {
    const game = nextSerial();
    const twinSource = new RandomSource(seed, g);
    const ctx: GameContext = {
      label,
      game: g,
      serial: game,
      result,
      maxMismatches,
      state: () => state!,
      onMeetingView: options.onMeetingView,
    };
    const factories: GoldrauschBotFactory[] = lineup.map((ref, seat) => ({
      name: ref.name,
      description: ref.description,
      create: (s: number, random: RandomStream) => {
        const twin = twins[seat];
        if (twin === null) return ref.create(s, random);
        const twinStream = twinSource.stream(Purpose.bot + s);
        twin.newGame(s, twinStream);
        return new LockstepBot(ref.create(s, random), random, twin, twinStream, s, ctx);
      },
    }));
    const played = playOne({ ...scenario, bots: factories }, g, {
      seed,
      onState: (s) => {
        state = s as GoldrauschState;
      },
    });
    result.faults += played.faults.length;
    result.games++;
  }
  return result;
}

interface GameContext {
  readonly label: string;
  readonly game: number;
  readonly serial: number;
  readonly result: LockstepResult;
  readonly maxMismatches: number;
  readonly state: () => GoldrauschState;
  readonly onMeetingView?: (fast: ReferenceFastView, state: GoldrauschState) => void;
}

const MESSAGE_NAMES: Record<number, string> = { 1: 'PROPOSE', 2: 'ACCEPT', 4: 'REJECT', 8: 'PROMISE', 16: 'PASS', 32: 'COMMITTED', 64: 'GIFT' };

/** A seat's reference bot with its twin asked alongside. */
class LockstepBot implements GoldrauschBot {
  readonly name: string;
  private lastView: GoldrauschView | null = null;
  private lastFast: ReferenceFastView | null = null;
  private readonly out: FastMessage = { type: 0, upgrader: NOBODY, ref: -1, action: NONE };

  constructor(
    private readonly ref: GoldrauschBot,
    private readonly refStream: RandomStream,
    private readonly twin: FastBot,
    private readonly twinStream: RandomStream,
    private readonly seat: number,
    private readonly ctx: GameContext,
  ) {
    this.name = ref.name;
  }

  get idleIgnores() {
    return this.ref.idleIgnores;
  }

  private fast(view: GoldrauschView): ReferenceFastView {
    if (view !== this.lastView) {
      this.lastView = view;
      this.lastFast = new ReferenceFastView(view, this.ctx.serial);
      const meeting = view.meeting;
      if (meeting !== null && (meeting.bindingClauses.length > 0 || view.standingClauses.length > 0)) {
        this.differ(view, 'view', 'no rotation clauses', `${meeting.bindingClauses.length} binding, ${view.standingClauses.length} standing`);
      }
    }
    return this.lastFast!;
  }

  private tally(key: string): void {
    const t = this.ctx.result.tallies;
    const k = `${this.ref.name}|${key}`;
    t.set(k, (t.get(k) ?? 0) + 1);
  }

  private differ(view: GoldrauschView, what: string, expected: unknown, got: unknown): void {
    const r = this.ctx.result;
    r.mismatchCount++;
    if (r.mismatches.length >= this.ctx.maxMismatches) return;
    const at = view.meeting === null ? 'phase 1' : `tick ${view.meeting.tick}`;
    r.mismatches.push(
      `${this.ctx.label} game ${this.ctx.game} round ${view.round} ${at} seat ${this.seat} (${this.ref.name}) ${what}: ` +
        `reference ${JSON.stringify(expected)}, twin ${JSON.stringify(got)}`,
    );
  }

  /** Compares the two streams' counters after a call. */
  private draws(view: GoldrauschView, what: string): void {
    const a = drawsOf(this.refStream);
    const b = drawsOf(this.twinStream);
    if (a !== b) this.differ(view, `${what} draws`, a, b);
  }

  private mark(): number {
    return drawsOf(this.refStream);
  }

  chooseContinent(view: GoldrauschView): Continent {
    const before = this.mark();
    const expected = this.ref.chooseContinent(view);
    const fv = this.fast(view);
    const got = this.twin.chooseContinent(fv);
    this.ctx.result.decisions++;
    if (CONTINENTS[got] !== expected) this.differ(view, 'chooseContinent', expected, CONTINENTS[got] ?? got);
    this.draws(view, 'chooseContinent');
    this.tally(`continent|round${view.history.length === 0 ? '1' : '2+'}|draws${drawsOf(this.refStream) - before}`);
    return expected;
  }

  negotiate(view: GoldrauschView): readonly OutgoingMessage[] {
    const expected = this.ref.negotiate(view);
    const fv = this.fast(view);
    const out = this.out;
    out.type = -1;
    out.upgrader = -99;
    out.ref = -99;
    out.action = -99;
    const sent = this.twin.negotiate(fv, out);
    this.ctx.result.decisions++;
    const want = expected.map(plain);
    const got = sent ? [plain(fv.toOutgoing(out))] : [];
    if (!isDeepStrictEqual(want, got)) this.differ(view, 'negotiate', want, got);
    this.draws(view, 'negotiate');
    if (sent) {
      this.tally(`message|${MESSAGE_NAMES[out.type] ?? out.type}${out.type === MSG_PROMISE ? (out.ref < 0 ? '|no-ref' : '|ref') : ''}`);
    } else this.tally('message|none');
    this.ctx.onMeetingView?.(fv, this.ctx.state());
    return expected;
  }

  commitUpgrade(view: GoldrauschView): Colour | null {
    const before = this.mark();
    const expected = this.ref.commitUpgrade(view);
    const fv = this.fast(view);
    const got = this.twin.commitUpgrade(fv);
    this.ctx.result.decisions++;
    if (got !== colourCode(expected)) this.differ(view, 'commitUpgrade', expected, got);
    this.draws(view, 'commitUpgrade');
    const drew = drawsOf(this.refStream) - before;
    this.tally(`card|${expected ?? 'none'}|draws${drew}${view.meeting!.ownCommit !== null ? '|revisable' : ''}`);
    return expected;
  }

  idleUntil(view: GoldrauschView): number {
    const expected = this.ref.idleUntil ? this.ref.idleUntil(view) : 0;
    const fv = this.fast(view);
    const got = this.twin.idleUntil(fv);
    this.ctx.result.decisions += 2;
    if (got !== expected) this.differ(view, 'idleUntil', expected, got);
    let wake = WAKE_ON_ALL;
    const ignores = this.ref.idleIgnores;
    if (ignores !== undefined) for (const t of ignores) wake &= ~messageBit(t);
    if (this.twin.idleWake !== wake) this.differ(view, 'idleWake', wake, this.twin.idleWake);
    this.draws(view, 'idleUntil');
    this.tally(`idle|${expected > view.meeting!.tick ? 'promise' : 'none'}`);
    return expected;
  }
}
