/**
 * The fast kernel: Goldrausch for the built-in heuristic bots, on flat arrays.
 *
 * It plays exactly the games the reference engine (engine.ts, meeting.ts, round.ts) plays for the
 * same (seed, game index) with the same line-up, draw for draw, and writes the same compact record
 * (definition.ts `record`). What it gives up to be faster (~3.5× for the baseline line-up) is
generality, not rules:
 *  - its bots are the `FastBot` twins of the built-in heuristic bots (bots/goldrausch/fast), which
 *    read a `FastView` of flat numbers instead of the reference's object graph, and are trusted
 *    (no time budget, no freezing, no fault handling);
 *  - what those bots never do — gifts, rotation clauses, proposals for another continent, illegal
 *    answers — is not implemented: the kernel throws `FastBailout` and the caller plays that game
 *    on the reference engine instead (sim/run.ts), so a result never depends on the kernel's gaps;
 *  - it keeps no history of states: one set of arrays per kernel is reset for every game and
 *    advanced in place, and the public round records the bots read are flat arrays too.
 *
 * The reference engine stays the specification and the only engine for replays, stories, the
 * search bot and bot files. test/fast/ checks the two against each other over every rules option.
 *
 * Rules references are to docs/games/goldrausch.md; the comments name the reference function each part
 * follows, which is where the rule is explained.
 */
import type { FlatRecord, GameRecord } from '../../../core/definition.js';
import { purposeKey, unitFloat } from '../../../core/random.js';
import { Purpose } from '../purposes.js';
import { eventCardsOf, type EventCard } from '../cards.js';
import { finishingRanks, permutationsOf } from '../engine.js';
import type { GoldrauschConfig } from '../params.js';
import { indexOfContinent } from '../types.js';
import type { WheelField } from '../types.js';
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
  nextSerial,
  serialOf,
  type FastBot,
  type FastBotFactory,
  type FastMessage,
  type FastRandom,
  type FastView,
} from './view.js';

/** A situation the kernel does not implement: the game is played on the reference engine instead. */
export class FastBailout extends Error {}

// Wheel results (rules §6), as codes.
const W_DISASTER_WORLD = 3;
const W_CALM = 4;
const W_EVENT = 5;
const WHEEL_CODE: Readonly<Record<WheelField, number>> = {
  'disaster-azul': 0,
  'disaster-rosso': 1,
  'disaster-veridia': 2,
  'disaster-world': W_DISASTER_WORLD,
  calm: W_CALM,
  event: W_EVENT,
};

// Event effects (cards.ts `EventEffect` kinds), as codes; `blankSlot` is the counterfactual blank slot.
const E_EXEMPT_POOREST = 0;
const E_EXEMPT_CONTINENT = 1; // param: continent, or 3 = everybody
const E_SHOWER = 2; // param: continent; param2: factor
const E_EXTRACTION = 3; // param: divideBy; param2: minus
const E_PROGRESS = 5;
const E_NOSTALGIA = 6;
const E_CRASH = 7;
const E_EQUAL_RIGHTS = 8;
const E_CAP_CUT = 9; // param: the cut
const E_VULTURE = 10; // params: richest, poorest, others' losses
const E_SUBSIDY = 11; // param: the amount
const E_PASS_LEFT = 12;
const E_HURRICANE = 13; // param: the shift
const E_CHAOS = 14;
const E_BLANK = 15;

/** The last game's record (core/definition.ts `FlatRecord`; the kernel rewrites it every game). */
export interface FastResult extends FlatRecord {
  rounds: number;
  /** 0 = race, 1 = clock (definition.ts `endings` order). */
  ending: number;
  readonly winners: number[];
  winnerCount: number;
  readonly scores: number[];
  readonly initialScores: number[];
  readonly curve: number[];
  readonly cards: number[];
  cardCount: number;
  /** Per round [upgrades, collisions, fines] (definition.ts ROUND_COUNTERS). */
  readonly roundCounters: number[];
  /** Per seat, definition.ts COUNTERS order: fines, upgrades, successfulUpgrades, collisions, agreements, kept, broken, timeouts. */
  readonly counters: number[][];
}

/**
 * n copies of v in a packed array (V8: `new Array(n).fill(v)` stays holey, and every read of a holey
 * array checks for holes).
 */
function packed(n: number, v: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(v);
  return out;
}

const popcount = (mask: number): number => {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
};

/** A seat's own random stream: `RandomStream` of core/random.ts with the purpose's hash computed once. */
class SeatRandom implements FastRandom {
  key = 0;
  counter = 0;
  next(): number {
    return unitFloat(this.key, this.counter++);
  }
  int(n: number): number {
    return Math.floor(unitFloat(this.key, this.counter++) * n);
  }
}

/** One seat's window on the kernel (see `FastView`): getters over the live arrays, filtered as §13 says. */
class SeatView implements FastView {
  readonly players: number;
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
  readonly locations: readonly number[];
  readonly committed: readonly number[];
  readonly passed: readonly number[];
  private readonly hidden: boolean;
  private readonly private: boolean;

  constructor(
    private readonly k: FastKernel,
    readonly seat: number,
  ) {
    this.players = k.players;
    this.rounds = k.rounds;
    this.fine = k.fine;
    this.winThreshold = k.winThreshold;
    this.winThresholdStrict = k.strict;
    this.ticks = k.ticks;
    this.disaster = k.disaster;
    this.paramsKey = k.paramsKey;
    this.stock = k.stock;
    this.extract = k.extract;
    this.countryHand = k.countryHands[seat];
    this.upgradeHand = k.upgradeHands[seat];
    this.kept = k.kept;
    this.broken = k.broken;
    this.locations = k.locations;
    this.committed = k.committed;
    this.passed = k.passed;
    this.hidden = k.goldHidden;
    this.private = k.privateChannels;
  }

  get game(): number {
    return this.k.game;
  }
  get round(): number {
    return this.k.round;
  }
  get startPlayer(): number {
    return this.k.startPlayer;
  }
  gold(s: number): number | null {
    return this.hidden && s !== this.seat ? null : this.k.gold[s];
  }
  get historyLength(): number {
    return this.k.round - 1;
  }
  histLocation(i: number, s: number): number {
    return this.k.historyLocations[i * this.players + s];
  }
  histCommit(i: number, s: number): number {
    return this.k.historyCards[i * this.players + s];
  }
  histSucceeded(i: number, s: number): boolean {
    return this.k.historySucceeded[i * this.players + s] !== 0;
  }
  histRound(i: number): number {
    return i + 1;
  }
  histBreachVictims(i: number, s: number): number {
    return this.k.historyBreaches[i * this.players + s];
  }
  get tick(): number {
    return this.k.tick;
  }
  get ownCommit(): number {
    return this.k.commits[this.seat];
  }
  get ownPromise(): number {
    return this.k.promises[this.seat];
  }
  get proposalCount(): number {
    return this.k.proposalCount;
  }
  proposalContinent(i: number): number {
    const c = this.k.proposalContinents[i];
    return this.private && c !== this.k.locations[this.seat] ? -1 : c;
  }
  proposalProposer(i: number): number {
    return this.k.proposalProposers[i];
  }
  proposalUpgrader(i: number): number {
    return this.k.proposalUpgraders[i];
  }
  proposalAccepted(i: number): number {
    return this.k.proposalAcceptances[i];
  }
  agreement(c: number): number {
    return this.private && c !== this.k.locations[this.seat] ? -1 : this.k.agreementProposals[c];
  }
  agreementParties(c: number): number {
    return this.agreement(c) < 0 ? 0 : this.k.agreementPartyMasks[c];
  }
  agreementUpgrader(c: number): number {
    return this.agreement(c) < 0 ? NOBODY : this.k.agreementUpgraders[c];
  }
  hasRejected(i: number): boolean {
    return this.k.rejected[this.seat * this.k.maxProposals + i] === this.k.meetingStamp;
  }
}

/**
 * Plays games of one config and line-up. Build one per (config, players, line-up) and thread; `play`
 * then reuses every array. Not re-entrant: a bot must not play another game on the same kernel from
 * inside a decision (no built-in heuristic bot does).
 */
export class FastKernel {
  // Config, resolved once.
  readonly players: number;
  readonly rounds: number;
  readonly fine: number;
  readonly winThreshold: number;
  readonly strict: boolean;
  readonly ticks: number;
  /** `FastView.paramsKey`: one per params object (blanked-card configs share their params, and the bots' memos). */
  readonly paramsKey: number;
  readonly disaster: number[] = [0, 0, 0];
  readonly goldHidden: boolean;
  readonly privateChannels: boolean;
  private readonly table: boolean;
  private readonly revisable: boolean;
  private readonly partialAgreements: boolean;
  private readonly keepCards: boolean;
  private readonly finiteBank: boolean;
  /** GR-A6 winCheck, as flags: immediate, immediate-gross (both check after wealth events), end-of-profit, end-of-round. */
  private readonly winImmediate: boolean;
  private readonly winGross: boolean;
  private readonly winEndOfProfit: boolean;
  private readonly winEndOfRound: boolean;
  /** GR-A7 finalTiebreak: shared, random or fewest-fines. */
  private readonly tieRandom: boolean;
  private readonly tieFewestFines: boolean;
  private readonly respawnOnReveal: boolean;
  private readonly partialFines: boolean;
  private readonly fineBefore: boolean;
  private readonly sinkContinent: boolean;
  private readonly proRata: boolean;
  private readonly orderByStock: boolean;
  private readonly fineEverybody: boolean;
  /** GR-A21 exemption: fine-only, upgrade-succeeds, not-counted. */
  private readonly exemptUpgradeSucceeds: boolean;
  private readonly exemptNotCounted: boolean;
  private readonly poolBoard: boolean;
  private readonly trimNow: boolean;
  private readonly vultureAllEqual: number;
  private readonly oppositeOdd: 'rotate' | 'leave-one-out' | 'random';
  private readonly pLate: number;
  private readonly startingGold: number;
  private readonly setupMultiplier: number;
  private readonly caps: readonly number[];
  /** Continents in evaluation order by printed cap (GR-A17; round.ts `capOrder`). */
  private readonly capOrder: number[];
  private readonly cardCount: number;
  private readonly respawnOf: number[];
  private readonly extractOf: number[];
  /** Wheel fields in the wheel object's key order (round.ts `wheelOf`) and their weights. */
  private readonly wheelCodes: number[] = [];
  private readonly wheelWeights: number[] = [];
  private readonly wheelTotal: number;
  /** The unshuffled event deck (engine.ts `buildEventDeck`), as slots. */
  private readonly eventBase: number[] = [];
  private readonly effectOf: number[] = [];
  private readonly effectParam: number[] = [];
  private readonly effectParam2: number[] = [];
  private readonly effectParam3: number[] = [];
  /** Cards that go beside the clock, not onto the discard pile (GR-A40)… */
  private readonly besideClockOf: boolean[] = [];
  /** …and of those, the ones that go to the discard pile when their round ends (#20). */
  private readonly thisRoundOf: boolean[] = [];
  /** Event slot of the blank card (slots 0 … cards − 1 are the config's cards, cards.ts `eventCardsOf` order). */
  private readonly blankSlot: number;
  private readonly permutations: readonly (readonly number[])[];
  readonly maxProposals: number;

  // The game.
  game = 0;
  round = 1;
  startPlayer = 0;
  readonly gold: number[];
  readonly stock: number[] = [0, 0, 0];
  readonly extract: number[] = [0, 0, 0];
  private capReduction = 0;
  private bank = 0;
  private readonly finesPaid: number[];
  private resourceOrder: number[] = [];
  private resourceLength = 0;
  private resourcePos = 0;
  private currentCard = 0;
  private resourceShuffles = 0;
  private readonly eventDeck: number[] = [];
  private eventLength = 0;
  private eventPos = 0;
  private readonly eventDiscard: number[] = [];
  private discardLength = 0;
  private eventShuffles = 0;
  private tieBreaks = 0;
  readonly countryHands: number[][];
  readonly upgradeHands: number[][];
  readonly kept: number[];
  readonly broken: number[];
  // Public history, flat: round i (0-based) of seat s at [i * players + s].
  readonly historyLocations: number[];
  readonly historyCards: number[];
  readonly historySucceeded: number[];
  readonly historyBreaches: number[];

  // Phase 3, the meeting.
  readonly locations: number[];
  /**
   * GR-A9: the card a seat that laid none in phase 3 counts with — red by default (a timeout), or
   * the phase-1 card with default-commitment, which a built-in bot (no provisionalUpgrade) lays red.
   * Never green, so a timed-out seat breaks no obligation.
   */
  private readonly timeoutCard: number;
  tick = 0;
  private order: readonly number[] = [];
  readonly commits: number[];
  readonly committed: number[];
  readonly passed: number[];
  readonly promises: number[];
  private readonly idleUntil: number[];
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
  readonly agreementProposals: number[] = [-1, -1, -1];
  readonly agreementPartyMasks: number[] = [0, 0, 0];
  readonly agreementUpgraders: number[] = [NOBODY, NOBODY, NOBODY];

  // Phases 4–5 of the round (round.ts `RoundWork`).
  /** The upgrade card lying in front of each seat (moved by #23/#25). */
  private readonly cards: number[];
  /** Where each pawn stands after #24/#25 moved them (as used in phase 5). */
  private readonly finalLocations: number[];
  /** Whose card each seat now holds (valid when `cardFromMoved`; else its own). */
  private readonly cardFrom: number[];
  private cardFromMoved = false;
  private winnerCount = 0;
  private readonly winners: number[] = [0, 0, 0, 0, 0, 0];
  // Scratch lists, each filled and read within one step: the seats' choices in phase 1, the cards and
  // origins moved by #23/#25, the targets of #25, the pawns moved by #24/#25, pro-rata shares and
  // the cards physically laid (kept hands); resource cards for a reshuffle.
  private readonly choices: number[];
  private readonly movedCards: number[];
  private readonly movedFrom: number[];
  private readonly oppositeTarget: number[];
  private readonly scratch: number[];
  private readonly scratchCards: number[] = [];
  private readonly disasterHit: number[] = [0, 0, 0];
  private readonly exempt: number[];
  private exemptSet = false;
  private exemptContinent = -1;
  private shower = -1;
  private showerFactor = 2;
  /** An extraction card's cut (GR-A24): divideBy 0 = none. */
  private extractionDivideBy = 0;
  private extractionMinus = 0;
  private forcedContinent = -1;
  private forcedGreen = true;
  private readonly upgraded: number[];
  private readonly succeeded: number[];
  private readonly collisions: number[] = [0, 0, 0];
  private readonly fines: number[];
  private readonly byContinent: number[];
  private readonly othersByContinent: number[];
  private readonly continentCounts: number[] = [0, 0, 0];
  private readonly continentUpgraders: number[] = [0, 0, 0];
  private readonly continentExemptUpgraders: number[] = [0, 0, 0];
  private readonly payoutAmounts: number[];
  private readonly payoutFined: number[];
  private readonly payoutDoubled: number[];
  private readonly bound: number[];
  private readonly victims: number[];
  private readonly continentOrder: number[] = [0, 1, 2];

  private readonly bots: FastBot[];
  private readonly randoms: SeatRandom[];
  private readonly views: SeatView[];
  private readonly out: FastMessage = { type: 0, upgrader: NOBODY, ref: -1, action: NONE };
  private gameKey = 0;
  private keyMeetingOrder = 0;
  private keyWheel = 0;
  private keyTieBreak = 0;
  private keyLate = 0;

  /** The last game's record. */
  readonly result: FastResult;

  constructor(config: GoldrauschConfig, players: number, bots: readonly FastBotFactory[]) {
    const { rules, params } = config;
    if (!Number.isInteger(players) || players < 4 || players > 6) throw new RangeError(`Goldrausch needs 4–6 players, got ${players}`);
    if (bots.length !== players) throw new RangeError(`one fast bot per seat: ${bots.length} for ${players} seats`);
    const n = players;
    this.players = n;
    this.paramsKey = serialOf(params);
    this.rounds = params.rounds;
    this.fine = params.fine;
    this.winThreshold = params.winThreshold;
    this.strict = rules.winThresholdStrict;
    this.ticks = params.negotiationTicks;
    this.goldHidden = rules.goldVisibility === 'hidden';
    this.privateChannels = rules.negotiationScope === 'continent-private';
    this.table = rules.negotiationScope === 'table';
    this.revisable = rules.commitRevisable;
    this.partialAgreements = rules.allowPartialAgreements;
    this.timeoutCard = rules.phase1UpgradeCard === 'default-commitment' ? RED : NONE;
    this.keepCards = rules.passedCards === 'keep';
    this.finiteBank = rules.bank !== 'unlimited';
    this.winImmediate = rules.winCheck === 'immediate';
    this.winGross = rules.winCheck === 'immediate-gross';
    this.winEndOfProfit = rules.winCheck === 'end-of-profit';
    this.winEndOfRound = rules.winCheck === 'end-of-round';
    this.tieRandom = rules.finalTiebreak === 'random';
    this.tieFewestFines = rules.finalTiebreak === 'fewest-fines';
    this.respawnOnReveal = rules.respawnTiming === 'on-reveal';
    this.partialFines = rules.finePayment === 'partial';
    this.fineBefore = rules.fineTiming === 'before';
    this.sinkContinent = rules.penaltySink === 'continent';
    this.proRata = rules.shortage === 'pro-rata';
    this.orderByStock = rules.continentOrder === 'stock';
    this.fineEverybody = rules.fineScope === 'all-on-continent';
    this.exemptUpgradeSucceeds = rules.exemption === 'upgrade-succeeds';
    this.exemptNotCounted = rules.exemption === 'not-counted';
    this.poolBoard = rules.equalRightsPool === 'players-and-board';
    this.trimNow = rules.capCut === 'trim-now';
    this.vultureAllEqual = rules.vultureAllEqual;
    this.oppositeOdd = rules.oppositeOdd;
    this.pLate = params.pLate;
    this.startingGold = params.startingGold;
    this.setupMultiplier = params.setupRespawnMultiplier[n as 4 | 5 | 6];
    this.caps = params.caps.slice();
    this.capOrder = [0, 1, 2].sort((a, b) => this.caps[b] - this.caps[a] || b - a);
    const cards = params.resourceDeck.cards;
    this.cardCount = cards.length;
    this.respawnOf = [];
    this.extractOf = [];
    for (const card of cards) {
      for (let c = 0; c < 3; c++) {
        this.respawnOf.push(card.respawn[c]);
        this.extractOf.push(card.extract[c]);
      }
    }
    let total = 0;
    for (const f in params.wheel) {
      const w = params.wheel[f as WheelField];
      this.wheelCodes.push(WHEEL_CODE[f as WheelField]);
      this.wheelWeights.push(w);
      total += w;
    }
    this.wheelTotal = total;
    // bots/goldrausch/lib/estimate.ts disasterOdds, the same expression (its total is this sum of
    // whole counts, exact in any order).
    const wheel = params.wheel;
    const own = [wheel['disaster-azul'], wheel['disaster-rosso'], wheel['disaster-veridia']];
    for (let c = 0; c < 3; c++) this.disaster[c] = total > 0 ? (own[c] + wheel['disaster-world']) / total : 0;
    const blanked = config.blankedCards ?? [];
    const events = eventCardsOf(params);
    const BLANK = events.length;
    for (let slot = 0; slot < events.length; slot++) {
      const id = events[slot].id;
      for (let k = 0; k < (params.eventDeck[id] ?? 0); k++) this.eventBase.push(blanked.includes(id) ? BLANK : slot);
      this.describeEffect(slot, events[slot]);
    }
    this.blankSlot = BLANK;
    this.effectOf[BLANK] = E_BLANK;
    this.effectParam[BLANK] = this.effectParam2[BLANK] = this.effectParam3[BLANK] = 0;
    this.besideClockOf[BLANK] = false;
    this.thisRoundOf[BLANK] = false;
    this.permutations = permutationsOf(n);
    // A fast bot sends at most one message a turn (FastMessage), and a seat has at most one turn a tick.
    this.maxProposals = this.ticks * n + 1;

    const seats = (v: number) => packed(n, v);
    this.gold = seats(0);
    this.finesPaid = seats(0);
    this.kept = seats(0);
    this.broken = seats(0);
    this.countryHands = [];
    this.upgradeHands = [];
    for (let s = 0; s < n; s++) {
      this.countryHands.push([1, 1, 1]);
      this.upgradeHands.push([1, 1]);
    }
    const history = () => packed(this.rounds * n, 0);
    this.historyLocations = history();
    this.historyCards = history();
    this.historySucceeded = history();
    this.historyBreaches = history();
    this.locations = seats(0);
    this.commits = seats(NONE);
    this.committed = seats(0);
    this.passed = seats(0);
    this.promises = seats(NONE);
    this.idleUntil = seats(0);
    this.idleWake = seats(MSG_ALL);
    this.proposalContinents = packed(this.maxProposals, 0);
    this.proposalProposers = packed(this.maxProposals, 0);
    this.proposalUpgraders = packed(this.maxProposals, 0);
    this.proposalAcceptances = packed(this.maxProposals, 0);
    this.rejected = packed(n * this.maxProposals, 0);
    this.cards = seats(NONE);
    this.finalLocations = seats(0);
    this.cardFrom = seats(0);
    this.scratch = seats(0);
    this.choices = seats(0);
    this.movedCards = seats(0);
    this.movedFrom = seats(0);
    this.oppositeTarget = seats(0);
    this.exempt = seats(0);
    this.upgraded = seats(0);
    this.succeeded = seats(0);
    this.fines = seats(0);
    this.byContinent = packed(3 * n, 0);
    this.othersByContinent = packed(3 * n, 0);
    this.payoutAmounts = seats(0);
    this.payoutFined = seats(0);
    this.payoutDoubled = seats(0);
    this.bound = seats(0);
    this.victims = seats(0);
    this.bots = bots.map((make) => make());
    this.randoms = bots.map(() => new SeatRandom());
    this.views = [];
    for (let s = 0; s < n; s++) this.views.push(new SeatView(this, s));
    this.result = {
      players: n,
      rounds: 0,
      ending: 0,
      winners: seats(0),
      winnerCount: 0,
      scores: seats(0),
      initialScores: seats(0),
      curve: history(),
      cards: packed(2 * this.rounds, 0),
      cardCount: 0,
      roundCounters: packed(3 * this.rounds, 0),
      counters: Array.from({ length: 8 }, () => seats(0)),
    };
  }

  private describeEffect(slot: number, card: EventCard): void {
    const effect = card.effect;
    let kind = E_BLANK;
    let param = 0;
    let param2 = 0;
    let param3 = 0;
    switch (effect.kind) {
      case 'fine-exemption':
        if (effect.who === 'poorest') kind = E_EXEMPT_POOREST;
        else {
          kind = E_EXEMPT_CONTINENT;
          param = effect.who === 'all' ? 3 : indexOfContinent(effect.who);
        }
        break;
      case 'shower':
        kind = E_SHOWER;
        param = indexOfContinent(effect.continent);
        param2 = effect.factor;
        break;
      case 'extraction':
        kind = E_EXTRACTION;
        param = effect.divideBy;
        param2 = effect.minus;
        break;
      case 'progress':
        kind = E_PROGRESS;
        param = indexOfContinent(effect.continent);
        break;
      case 'nostalgia':
        kind = E_NOSTALGIA;
        param = indexOfContinent(effect.continent);
        break;
      case 'market-crash':
        kind = E_CRASH;
        break;
      case 'equal-rights':
        kind = E_EQUAL_RIGHTS;
        break;
      case 'cap-cut':
        kind = E_CAP_CUT;
        param = effect.amount;
        break;
      case 'vulture':
        kind = E_VULTURE;
        param = effect.richest;
        param2 = effect.poorest;
        param3 = effect.others;
        break;
      case 'subsidy':
        kind = E_SUBSIDY;
        param = effect.amount;
        break;
      case 'pass-upgrade-left':
        kind = E_PASS_LEFT;
        break;
      case 'hurricane':
        kind = E_HURRICANE;
        param = effect.shift;
        break;
      case 'paperwork-chaos':
        kind = E_CHAOS;
        break;
      case 'blank':
        kind = E_BLANK;
        break;
    }
    this.effectOf[slot] = kind;
    this.effectParam[slot] = param;
    this.effectParam2[slot] = param2;
    this.effectParam3[slot] = param3;
    this.besideClockOf[slot] = card.afterUse !== 'discard';
    this.thisRoundOf[slot] = card.afterUse === 'beside-clock-this-round';
  }

  /**
   * Plays the game with key `gameKey` (core/random.ts `gameKey(seed, index)`) and leaves its record in
   * `result`. Throws FastBailout when the game needs what the kernel does not implement.
   */
  play(gameKey: number): FastResult {
    this.setup(gameKey);
    for (;;) {
      this.chooseContinents();
      this.runMeeting();
      if (this.resolveRound()) break;
    }
    return this.result;
  }

  // ——— Random streams (core/random.ts, the same hashes) ———

  private int(key: number, counter: number, n: number): number {
    return Math.floor(unitFloat(key, counter) * n);
  }

  /** `RandomSource.shuffle` in place over list[0..length), draw j from counter base + j. */
  private shuffle(list: number[], length: number, purpose: number, base: number): void {
    const key = purposeKey(this.gameKey, purpose);
    for (let i = length - 1; i > 0; i--) {
      const j = Math.floor(unitFloat(key, base + i) * (i + 1));
      const t = list[i];
      list[i] = list[j];
      list[j] = t;
    }
  }

  private nextTie(n: number): number {
    return this.int(this.keyTieBreak, this.tieBreaks++, n);
  }

  private takeFromBank(amount: number): number {
    const got = this.finiteBank ? Math.max(0, Math.min(amount, this.bank)) : amount;
    this.bank -= got;
    return got;
  }

  private capOf(c: number): number {
    return Math.max(0, this.caps[c] - this.capReduction);
  }

  private reached(gold: number): boolean {
    return this.strict ? gold > this.winThreshold : gold >= this.winThreshold;
  }

  // ——— §3 Setup (engine.ts `setup`) ———

  private setup(gameKey: number): void {
    const n = this.players;
    this.gameKey = gameKey;
    this.game = nextSerial();
    this.keyMeetingOrder = purposeKey(gameKey, Purpose.meetingOrder);
    this.keyWheel = purposeKey(gameKey, Purpose.wheel);
    this.keyTieBreak = purposeKey(gameKey, Purpose.tieBreak);
    this.keyLate = purposeKey(gameKey, Purpose.lateCommit);
    const order = this.resourceOrder;
    for (let i = 0; i < this.cardCount; i++) order[i] = i;
    this.resourceLength = this.cardCount;
    this.shuffle(order, this.cardCount, Purpose.resourceDeck, 0);
    const deck = this.eventDeck;
    const base = this.eventBase;
    for (let i = 0; i < base.length; i++) deck[i] = base[i];
    this.eventLength = base.length;
    this.shuffle(deck, base.length, Purpose.eventDeck, 0);
    this.eventPos = 0;
    this.discardLength = 0;
    this.eventShuffles = 0;
    this.bank = this.finiteBank ? 270 : 0;
    const first = order[0];
    for (let c = 0; c < 3; c++) this.stock[c] = this.takeFromBank(Math.min(this.caps[c], this.respawnOf[first * 3 + c] * this.setupMultiplier));
    for (let s = 0; s < n; s++) this.gold[s] = this.takeFromBank(this.startingGold);
    this.startPlayer = this.int(purposeKey(gameKey, Purpose.setup), 0, n);
    this.round = 1;
    this.capReduction = 0;
    this.resourcePos = 1;
    this.currentCard = first;
    this.resourceShuffles = 0;
    this.tieBreaks = 0;
    for (let s = 0; s < n; s++) {
      this.finesPaid[s] = 0;
      this.kept[s] = 0;
      this.broken[s] = 0;
      const country = this.countryHands[s];
      country[0] = country[1] = country[2] = 1;
      const upgrade = this.upgradeHands[s];
      upgrade[0] = upgrade[1] = 1;
    }
    const r = this.result;
    r.cardCount = 0;
    for (let s = 0; s < n; s++) r.initialScores[s] = this.gold[s];
    const counters = r.counters;
    for (let k = 0; k < counters.length; k++) {
      const row = counters[k];
      for (let s = 0; s < n; s++) row[s] = 0;
    }
    for (let s = 0; s < n; s++) {
      const random = this.randoms[s];
      random.key = purposeKey(gameKey, Purpose.bot + s);
      random.counter = 0;
      this.bots[s].newGame(s, random);
    }
  }

  // ——— Phases 1–2 ———

  private chooseContinents(): void {
    const n = this.players;
    const card = this.currentCard * 3;
    for (let c = 0; c < 3; c++) this.extract[c] = this.extractOf[card + c];
    // The bots decide in seat order (the requests' order), each on the board as it stands.
    for (let s = 0; s < n; s++) {
      const c = this.bots[s].chooseContinent(this.views[s]);
      if (!(c === 0 || c === 1 || c === 2) || this.countryHands[s][c] <= 0) {
        throw new FastBailout(`seat ${s} chose continent ${c}, not a card in hand`);
      }
      this.choices[s] = c;
    }
    for (let s = 0; s < n; s++) this.locations[s] = this.choices[s];
  }

  // ——— Phase 3, the meeting (engine.ts `openMeeting`, `advanceTurn`, `meetingTurn`, `askBot`) ———

  private meetingOrder(tick: number): readonly number[] {
    const all = this.permutations;
    return all[this.int(this.keyMeetingOrder, this.round * 64 + tick, all.length)];
  }

  private runMeeting(): void {
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
    this.meetingStamp++; // every earlier meeting's rejections read as none
    this.proposalCount = 0;
    for (let c = 0; c < 3; c++) {
      this.agreementProposals[c] = -1;
      this.agreementPartyMasks[c] = 0;
      this.agreementUpgraders[c] = NOBODY;
    }
    const ticks = this.ticks;
    this.tick = 1;
    this.order = this.meetingOrder(1);
    let from = 0;
    this.needsChanged = true;
    let needs = 0;
    for (;;) {
      // Who still has something to do changes only when a card is laid or a seat passes.
      if (this.needsChanged) {
        needs = this.needsMask();
        this.needsChanged = false;
      }
      if (needs === 0) return;
      let turn = from;
      for (;;) {
        const order = this.order;
        while (turn < n) {
          const s = order[turn];
          if ((needs & (1 << s)) !== 0 && !this.idle(s)) break;
          turn++;
        }
        if (turn < n) break;
        if (this.tick >= ticks) return;
        const next = this.nextAwakeTick(needs);
        if (next > ticks) return;
        this.tick = next;
        this.order = this.meetingOrder(next);
        turn = 0;
      }
      this.meetingTurn(this.order[turn]);
      from = turn + 1;
    }
  }

  /** meeting.ts `needsMask`: the seats that still have something to do, as a bit set. */
  private needsMask(): number {
    const n = this.players;
    const commits = this.commits;
    let open = 0;
    for (let s = 0; s < n; s++) if (commits[s] === NONE) open |= 1 << this.locations[s];
    let mask = 0;
    for (let s = 0; s < n; s++) {
      const needs = commits[s] === NONE || (this.revisable ? this.passed[s] === 0 : this.passed[s] === 0 && (open & (1 << this.locations[s])) !== 0);
      if (needs) mask |= 1 << s;
    }
    return mask;
  }

  /**
   * engine.ts `idle`: seat s is still bound by its idle promise — before the promised tick, and no
   * message about its continent of a type that wakes it since the promise. `announce` ends a promise as
   * soon as such a message is logged (so this is one comparison, not a scan of the messages since).
   */
  private idle(s: number): boolean {
    return this.tick < this.idleUntil[s];
  }

  /** engine.ts `nextAwakeTick`. */
  private nextAwakeTick(needs: number): number {
    let next = Infinity;
    for (let s = 0; s < this.players; s++) {
      if ((needs & (1 << s)) === 0) continue;
      if (!this.idle(s)) return this.tick + 1;
      next = Math.min(next, this.idleUntil[s]);
    }
    return next;
  }

  /**
   * A message goes on the table. The kernel keeps no log (nothing reads one: the bots see proposals,
   * agreements, promises and who passed or laid a card); what it must do is wake the seats whose
   * idle promise the message breaks (engine.ts `idle`).
   */
  private announce(type: number, continent: number): void {
    if (this.promised !== 0) {
      for (let s = 0; s < this.players; s++) {
        if ((this.promised & (1 << s)) !== 0 && this.locations[s] === continent && (this.idleWake[s] & type) !== 0) {
          this.idleUntil[s] = 0;
          this.promised &= ~(1 << s);
        }
      }
    }
  }

  /** One seat's turn: its message, then maybe its card, or its idle promise. */
  private meetingTurn(s: number): void {
    const bot = this.bots[s];
    const view = this.views[s];
    const out = this.out;
    const sends = bot.negotiate(view, out);
    let card = NONE;
    if (this.commits[s] === NONE || this.revisable) {
      card = bot.commitUpgrade(view);
      if (card !== NONE) {
        if (card !== GREEN && card !== RED) throw new FastBailout(`seat ${s} laid card ${card}`);
        if (this.upgradeHands[s][card === GREEN ? 0 : 1] <= 0) throw new FastBailout(`seat ${s} laid a card it does not hold`);
      }
    }
    if (!sends && card === NONE) {
      const until = bot.idleUntil(view);
      if (until > this.tick) {
        this.idleUntil[s] = until;
        this.idleWake[s] = bot.idleWake;
        this.promised |= 1 << s;
      }
      return;
    }
    if (sends) this.send(s, out);
    if (card !== NONE && (this.commits[s] === NONE || this.revisable)) {
      // §15.1: a card laid in the last tick comes too late with probability pLate.
      const late = this.tick === this.ticks && this.pLate > 0 && unitFloat(this.keyLate, this.round * 16 + s) < this.pLate;
      if (!late) {
        const first = this.commits[s] === NONE;
        this.commits[s] = card;
        this.needsChanged = true;
        if (first) {
          this.committed[s] = 1;
          this.announce(MSG_COMMITTED, this.locations[s]);
        }
      }
    }
  }

  /** meeting.ts `sendMessage` for the messages fast bots send; anything else bails out. */
  private send(from: number, m: FastMessage): void {
    const own = this.locations[from];
    switch (m.type) {
      case MSG_PROPOSE: {
        const u = m.upgrader;
        if (u !== NOBODY && !(Number.isInteger(u) && u >= 0 && u < this.players && this.locations[u] === own)) {
          throw new FastBailout(`PROPOSE names upgrader ${u}, who is not on the continent`);
        }
        const i = this.proposalCount;
        if (i >= this.maxProposals) throw new FastBailout('too many proposals');
        this.proposalCount++;
        this.proposalContinents[i] = own;
        this.proposalProposers[i] = from;
        this.proposalUpgraders[i] = u;
        this.proposalAcceptances[i] = 1 << from;
        this.announce(MSG_PROPOSE, own);
        this.checkAgreement(i);
        return;
      }
      case MSG_ACCEPT:
      case MSG_REJECT: {
        const i = m.ref;
        if (!(Number.isInteger(i) && i >= 0 && i < this.proposalCount)) throw new FastBailout(`reference to unknown proposal ${i}`);
        const c = this.proposalContinents[i];
        if (!this.table && c !== own) throw new FastBailout('ACCEPT/REJECT about another continent');
        this.announce(m.type, c);
        if (m.type === MSG_REJECT) {
          this.rejected[from * this.maxProposals + i] = this.meetingStamp;
          return;
        }
        if ((this.proposalAcceptances[i] & (1 << from)) !== 0) return;
        this.proposalAcceptances[i] |= 1 << from;
        this.checkAgreement(i);
        return;
      }
      case MSG_PROMISE: {
        if (m.action !== GREEN && m.action !== RED) throw new FastBailout('PROMISE needs GREEN or RED');
        if (m.ref !== -1 && !(Number.isInteger(m.ref) && m.ref >= 0 && m.ref < this.proposalCount)) throw new FastBailout('PROMISE of an unknown proposal');
        this.promises[from] = m.action;
        this.announce(MSG_PROMISE, own);
        return;
      }
      case MSG_PASS:
        this.passed[from] = 1;
        this.needsChanged = true;
        this.announce(MSG_PASS, own);
        return;
    }
    throw new FastBailout(`message type ${m.type}`);
  }

  /** meeting.ts `withProposal`: proposal i became an agreement when all on its continent (or, partially, two) accepted. */
  private checkAgreement(i: number): void {
    const c = this.proposalContinents[i];
    const accepted = this.proposalAcceptances[i];
    let on = 0;
    for (let s = 0; s < this.players; s++) if (this.locations[s] === c) on |= 1 << s;
    const complete = (on & ~accepted) === 0;
    const partial = this.partialAgreements && popcount(accepted) >= 2;
    if (popcount(on) < 2 || !(complete || partial)) return;
    const members = complete ? on : accepted;
    const u = this.proposalUpgraders[i];
    this.agreementProposals[c] = i;
    this.agreementPartyMasks[c] = members;
    this.agreementUpgraders[c] = u !== NOBODY && (members & (1 << u)) !== 0 ? u : NOBODY;
  }

  // ——— Phases 4–6 (engine.ts `resolveRound`, round.ts) ———

  /** Resolves the round and records it; returns true when the game is over. */
  private resolveRound(): boolean {
    const n = this.players;
    const round = this.round;
    const cards = this.cards;
    // Timeout = red (GR-A10) unless the phase-1 card stands (GR-A9).
    for (let s = 0; s < n; s++) {
      const laid = this.commits[s];
      cards[s] = laid === NONE ? this.timeoutCard : laid;
      this.finalLocations[s] = this.locations[s];
      this.upgraded[s] = 0;
      this.succeeded[s] = 0;
      this.fines[s] = 0;
    }
    this.cardFromMoved = false;
    for (let c = 0; c < 3; c++) {
      this.disasterHit[c] = 0;
      this.collisions[c] = 0;
    }
    this.exemptSet = false;
    this.exemptContinent = -1;
    this.shower = -1;
    this.extractionDivideBy = 0;
    this.forcedContinent = -1;
    this.winnerCount = 0;

    // Phase 4: the wheel (round.ts spinWheel), then the event card.
    let r = this.int(this.keyWheel, round, this.wheelTotal);
    let wheel = -1;
    for (let i = 0; i < this.wheelCodes.length; i++) {
      r -= this.wheelWeights[i];
      if (r < 0) {
        wheel = this.wheelCodes[i];
        break;
      }
    }
    let event = -1;
    let over = false;
    if (wheel === W_EVENT) {
      event = this.drawEvent();
      if (event >= 0 && !this.besideClockOf[event]) this.eventDiscard[this.discardLength++] = event;
      if (event >= 0) over = this.applyEvent(event);
    } else if (wheel === W_DISASTER_WORLD) {
      this.disasterHit[0] = this.disasterHit[1] = this.disasterHit[2] = 1;
    } else if (wheel >= 0 && wheel < 3) {
      this.disasterHit[wheel] = 1;
    } else if (wheel !== W_CALM) {
      throw new RangeError('wheel has no fields');
    }
    // Phase 5: profit.
    if (!over) over = this.resolveProfit();
    this.checkObligations(round);

    // Phase 6: climate change.
    const lastRound = round >= this.rounds;
    if (!over && !lastRound) {
      if (!this.respawnOnReveal) this.respawn(this.currentCard);
      if (this.resourcePos >= this.resourceLength) this.reshuffleResources();
      this.currentCard = this.resourceOrder[this.resourcePos++];
      if (this.respawnOnReveal) this.respawn(this.currentCard);
    }
    if (event >= 0 && this.thisRoundOf[event]) this.eventDiscard[this.discardLength++] = event; // GR-A40: back after its round
    let ending = 0;
    if (!over && this.winEndOfRound) {
      if (this.richestAtThreshold()) over = true;
    }
    if (!over && lastRound) {
      this.timeLimitWinners();
      over = true;
      ending = 1;
    }
    this.recordRound(round, event);
    if (this.keepCards) this.nextHands();
    if (over) {
      this.finish(round, ending);
      return true;
    }
    this.round = round + 1;
    this.startPlayer = (this.startPlayer + 1) % n;
    return false;
  }

  /** engine.ts `drawEvent`: the top card, reshuffling the discard pile into a new deck when needed (GR-A40). */
  private drawEvent(): number {
    if (this.eventPos >= this.eventLength) {
      if (this.discardLength === 0) return -1;
      this.eventShuffles++;
      const deck = this.eventDeck;
      for (let i = 0; i < this.discardLength; i++) deck[i] = this.eventDiscard[i];
      this.eventLength = this.discardLength;
      this.shuffle(deck, this.eventLength, Purpose.eventDeck, this.eventShuffles * 4096);
      this.eventPos = 0;
      this.discardLength = 0;
    }
    return this.eventDeck[this.eventPos++];
  }

  /** More rounds than resource cards: every card but the current one is shuffled in (engine.ts resolveRound). */
  private reshuffleResources(): void {
    this.resourceShuffles++;
    const rest = this.scratchCards;
    let length = 0;
    for (let i = 0; i < this.cardCount; i++) if (this.cardCount <= 1 || i !== this.currentCard) rest[length++] = i;
    this.shuffle(rest, length, Purpose.resourceDeck, this.resourceShuffles * 4096);
    for (let i = 0; i < length; i++) this.resourceOrder[this.resourceLength++] = rest[i];
  }

  /** engine.ts `respawn`: the card's upper field onto the board, each continent up to its cap (GR-A39). */
  private respawn(card: number): void {
    for (let c = 0; c < 3; c++) {
      const room = Math.max(0, this.capOf(c) - this.stock[c]);
      this.stock[c] += this.takeFromBank(Math.min(room, this.respawnOf[card * 3 + c]));
    }
  }

  /** round.ts `richestAtThreshold` into `winners`; true if somebody reached the threshold. */
  private richestAtThreshold(): boolean {
    const gold = this.gold;
    let best = -Infinity;
    for (let s = 0; s < this.players; s++) if (this.reached(gold[s]) && gold[s] > best) best = gold[s];
    if (best === -Infinity) return false;
    let k = 0;
    for (let s = 0; s < this.players; s++) if (gold[s] === best) this.winners[k++] = s;
    this.winnerCount = k;
    return true;
  }

  /** engine.ts `timeLimitWinners` (GR-A7). */
  private timeLimitWinners(): void {
    const gold = this.gold;
    let best = gold[0];
    for (let s = 1; s < this.players; s++) if (gold[s] > best) best = gold[s];
    let k = 0;
    for (let s = 0; s < this.players; s++) if (gold[s] === best) this.winners[k++] = s;
    if (k > 1 && this.tieRandom) {
      this.winners[0] = this.winners[this.nextTie(k)];
      k = 1;
    } else if (k > 1 && this.tieFewestFines) {
      let fewest = Infinity;
      for (let i = 0; i < k; i++) fewest = Math.min(fewest, this.finesPaid[this.winners[i]]);
      let kept = 0;
      for (let i = 0; i < k; i++) if (this.finesPaid[this.winners[i]] === fewest) this.winners[kept++] = this.winners[i];
      k = kept;
    }
    this.winnerCount = k;
  }

  /** round.ts `applyEventCard`: the card's immediate effect and its phase-5 modifiers; true if it ended the game. */
  private applyEvent(slot: number): boolean {
    const n = this.players;
    const gold = this.gold;
    const param = this.effectParam[slot];
    let wealth = false;
    switch (this.effectOf[slot]) {
      case E_BLANK:
        return false;
      case E_EXEMPT_POOREST: {
        // GR-A22: measured when the card is applied; all tied poorest qualify.
        let min = gold[0];
        for (let s = 1; s < n; s++) if (gold[s] < min) min = gold[s];
        for (let s = 0; s < n; s++) this.exempt[s] = gold[s] === min ? 1 : 0;
        this.exemptSet = true;
        break;
      }
      case E_EXEMPT_CONTINENT:
        this.exemptContinent = param;
        break;
      case E_SHOWER:
        this.shower = param;
        this.showerFactor = this.effectParam2[slot];
        break;
      case E_EXTRACTION:
        this.extractionDivideBy = param;
        this.extractionMinus = this.effectParam2[slot];
        break;
      case E_PROGRESS:
        this.forcedContinent = param;
        this.forcedGreen = true;
        break;
      case E_NOSTALGIA:
        this.forcedContinent = param;
        this.forcedGreen = false;
        break;
      case E_CRASH: {
        // GR-A27: uniform random among the tied richest and among the tied poorest; all equal: no-op.
        let max = gold[0];
        let min = gold[0];
        for (let s = 1; s < n; s++) {
          if (gold[s] > max) max = gold[s];
          if (gold[s] < min) min = gold[s];
        }
        if (max !== min) {
          const rich = this.pickTied(max);
          const poor = this.pickTied(min);
          gold[rich] = min;
          gold[poor] = max;
        }
        wealth = true;
        break;
      }
      case E_EQUAL_RIGHTS: {
        // GR-A28: pool the players' gold (optionally the board's); the remainder goes to the bank.
        let total = 0;
        for (let s = 0; s < n; s++) total += gold[s];
        if (this.poolBoard) {
          for (let c = 0; c < 3; c++) {
            total += this.stock[c];
            this.stock[c] = 0;
          }
        }
        const share = Math.floor(total / n);
        this.bank += total - share * n;
        for (let s = 0; s < n; s++) gold[s] = share;
        wealth = true;
        break;
      }
      case E_CAP_CUT:
        this.capReduction += param;
        if (this.trimNow) {
          // GR-A29: stock above the new cap goes to the bank at once.
          for (let c = 0; c < 3; c++) {
            const cap = this.capOf(c);
            if (this.stock[c] > cap) {
              this.bank += this.stock[c] - cap;
              this.stock[c] = cap;
            }
          }
        }
        break;
      case E_VULTURE: {
        // GR-A30: richest (all tied) lose 5, poorest (all tied) 1, the rest 3 (the card's numbers); losses stop at 0.
        const poorest = this.effectParam2[slot];
        const others = this.effectParam3[slot];
        let max = gold[0];
        let min = gold[0];
        for (let s = 1; s < n; s++) {
          if (gold[s] > max) max = gold[s];
          if (gold[s] < min) min = gold[s];
        }
        for (let s = 0; s < n; s++) {
          const loss = max === min ? this.vultureAllEqual : gold[s] === max ? param : gold[s] === min ? poorest : others;
          const paid = Math.min(loss, gold[s]);
          gold[s] -= paid;
          this.bank += paid;
        }
        wealth = true;
        break;
      }
      case E_SUBSIDY:
        // With a finite bank the subsidy is paid clockwise from the start player until the bank is dry.
        for (let k = 0; k < n; k++) gold[(this.startPlayer + k) % n] += this.takeFromBank(param);
        wealth = true;
        break;
      case E_PASS_LEFT: {
        // #23: every upgrade card moves to the left neighbour (i → i+1); a timed-out seat passes a red (GR-A32).
        this.ensureCardFrom();
        const cards = this.cards;
        const from = this.cardFrom;
        const movedCards = this.movedCards;
        const movedFrom = this.movedFrom;
        for (let s = 0; s < n; s++) {
          const src = (s - 1 + n) % n;
          movedCards[s] = cards[src] === NONE ? RED : cards[src];
          movedFrom[s] = from[src];
        }
        for (let s = 0; s < n; s++) {
          cards[s] = movedCards[s];
          from[s] = movedFrom[s];
        }
        break;
      }
      case E_HURRICANE:
        this.moveCountryCards(param); // #24: country card i → i−2 (the card's shift), pawns follow
        break;
      case E_CHAOS: {
        // #25: upgrade cards to the opposite seat (GR-A34 for odd n), then country cards i → i−1.
        this.ensureCardFrom();
        const target = this.oppositeMap();
        const cards = this.cards;
        const from = this.cardFrom;
        const movedCards = this.movedCards;
        const movedFrom = this.movedFrom;
        for (let s = 0; s < n; s++) {
          movedCards[s] = cards[s];
          movedFrom[s] = from[s];
        }
        for (let s = 0; s < n; s++) {
          cards[target[s]] = movedCards[s] === NONE ? RED : movedCards[s];
          from[target[s]] = movedFrom[s];
        }
        this.moveCountryCards(1);
        break;
      }
    }
    if (wealth && (this.winImmediate || this.winGross)) {
      if (this.richestAtThreshold()) return true;
    }
    return false;
  }

  /** One seat with gold `value`: the only one, or a tie-break draw among them (GR-A27). */
  private pickTied(value: number): number {
    let count = 0;
    let only = -1;
    for (let s = 0; s < this.players; s++) {
      if (this.gold[s] === value) {
        if (count === 0) only = s;
        count++;
      }
    }
    if (count === 1) return only;
    let k = this.nextTie(count);
    for (let s = 0; s < this.players; s++) if (this.gold[s] === value && k-- === 0) return s;
    return only;
  }

  private ensureCardFrom(): void {
    if (this.cardFromMoved) return;
    for (let s = 0; s < this.players; s++) this.cardFrom[s] = s;
    this.cardFromMoved = true;
  }

  /** round.ts `moveCountryCards`: country cards move `shift` seats to the right; each pawn follows its card. */
  private moveCountryCards(shift: number): void {
    const n = this.players;
    const loc = this.finalLocations;
    const moved = this.scratch;
    for (let s = 0; s < n; s++) moved[s] = loc[(s + shift) % n];
    for (let s = 0; s < n; s++) loc[s] = moved[s];
  }

  /** round.ts `oppositeMap`: where each seat's upgrade card goes in #25. */
  private oppositeMap(): number[] {
    const n = this.players;
    const half = Math.floor(n / 2);
    const target = this.oppositeTarget;
    if (n % 2 === 0 || this.oppositeOdd === 'rotate') {
      for (let s = 0; s < n; s++) target[s] = (s + half) % n;
      return target;
    }
    if (this.oppositeOdd === 'leave-one-out') {
      for (let s = 0; s < n; s++) target[s] = s;
      for (let k = 0; k < half; k++) {
        const a = (this.startPlayer + k) % n;
        const b = (this.startPlayer + k + half) % n;
        target[a] = b;
        target[b] = a;
      }
      return target;
    }
    // 'random': a uniformly random derangement, by rejection.
    for (;;) {
      for (let i = 0; i < n; i++) target[i] = i;
      for (let i = n - 1; i > 0; i--) {
        const j = this.nextTie(i + 1);
        const t = target[i];
        target[i] = target[j];
        target[j] = t;
      }
      let deranged = true;
      for (let i = 0; i < n; i++) if (target[i] === i) deranged = false;
      if (deranged) return target;
    }
  }

  private isExempt(s: number, c: number): boolean {
    return (this.exemptSet && this.exempt[s] !== 0) || this.exemptContinent === 3 || this.exemptContinent === c;
  }

  /** §5.2, GR-A24: the per-player base amount on c after the event modifiers. */
  private baseAmount(c: number): number {
    const e = this.extract[c];
    if (this.shower === c) return this.showerFactor * e;
    if (this.extractionDivideBy > 0) return Math.max(0, Math.floor(e / this.extractionDivideBy) - this.extractionMinus);
    return e;
  }

  /** round.ts `resolveProfit`: pays out in evaluation order (§5.3) and collects fines; true if the race ended the game. */
  private resolveProfit(): boolean {
    const n = this.players;
    const immediate = this.winImmediate;
    const gross = this.winGross;
    let order: readonly number[] = this.capOrder;
    if (this.orderByStock) {
      // GR-A17 option: by current stock, largest first; ties by printed cap, then index.
      const o = this.continentOrder;
      o[0] = 0;
      o[1] = 1;
      o[2] = 2;
      const stock = this.stock;
      const caps = this.caps;
      o.sort((a, b) => stock[b] - stock[a] || caps[b] - caps[a] || b - a);
      order = o;
    }
    // One clockwise pass from the start player sorts the seats by continent, effective upgraders
    // first (GR-A18): `byContinent[c · n + i]`, i < counts[c], with upgraders[c] of them upgraders.
    const byContinent = this.byContinent;
    const others = this.othersByContinent;
    const counts = this.continentCounts;
    const ups = this.continentUpgraders;
    const exemptUps = this.continentExemptUpgraders;
    const loc = this.finalLocations;
    const cards = this.cards;
    // Fine exemptions (#1–5) exist only in a round whose event card grants them.
    const anyExempt = this.exemptSet || this.exemptContinent >= 0;
    counts[0] = counts[1] = counts[2] = 0;
    ups[0] = ups[1] = ups[2] = 0;
    exemptUps[0] = exemptUps[1] = exemptUps[2] = 0;
    for (let k = 0, s = this.startPlayer; k < n; k++, s = s + 1 === n ? 0 : s + 1) {
      const c = loc[s];
      const up = this.forcedContinent === c ? this.forcedGreen : cards[s] === GREEN; // GR-A25, GR-A26
      if (up) {
        byContinent[c * n + ups[c]++] = s;
        if (anyExempt && this.isExempt(s, c)) exemptUps[c]++;
      } else others[c * n + (counts[c] - ups[c])] = s;
      counts[c]++;
    }
    const amounts = this.payoutAmounts;
    const fined = this.payoutFined;
    const doubled = this.payoutDoubled;
    for (let ci = 0; ci < 3; ci++) {
      const c = order[ci];
      const count = counts[c];
      if (count === 0) continue;
      const upgraders = ups[c];
      const exemptUpgraders = exemptUps[c];
      const row = c * n;
      for (let i = upgraders; i < count; i++) byContinent[row + i] = others[row + i - upgraders];
      // Marked continent by continent: a race won on an earlier continent leaves these unmarked.
      for (let i = 0; i < upgraders; i++) this.upgraded[byContinent[row + i]] = 1;
      const collision = upgraders >= 2;
      this.collisions[c] = collision ? 1 : 0;
      const base = this.baseAmount(c);
      const disaster = this.disasterHit[c] !== 0;
      // Amount and fine per seat (§5.2 table, with GR-A21 exemption variants and GR-A19 scope).
      for (let i = 0; i < count; i++) {
        const s = byContinent[row + i];
        const exempt = anyExempt && this.isExempt(s, c);
        let amount = base;
        let fine = false;
        if (i < upgraders) {
          let collides = collision;
          // GR-A21 (b): an upgrader collides only with another upgrader who is not exempt.
          if (this.exemptNotCounted) collides = upgraders - exemptUpgraders - (exempt ? 0 : 1) >= 1;
          if (this.exemptUpgradeSucceeds && exempt) collides = false;
          amount = collides ? base : 2 * base;
          fine = collides && !exempt;
          // (round.ts: amount === 2·base, so with a base of 0 a colliding upgrader counts too)
          doubled[i] = amount === 2 * base && !disaster ? 1 : 0;
        } else {
          fine = collision && this.fineEverybody && !exempt;
          doubled[i] = 0;
        }
        amounts[i] = disaster ? 0 : amount;
        fined[i] = fine ? 1 : 0;
      }
      if (this.proRata) this.proRataShares(count, this.stock[c]);
      for (let i = 0; i < count; i++) {
        const s = byContinent[row + i];
        if (fined[i] !== 0 && this.fineBefore) this.payFine(s, c);
        const g = Math.min(amounts[i], this.stock[c]);
        this.stock[c] -= g;
        this.gold[s] += g;
        this.succeeded[s] = doubled[i];
        if (gross && this.reached(this.gold[s])) {
          this.winners[0] = s;
          this.winnerCount = 1;
          return true;
        }
        if (fined[i] !== 0 && !this.fineBefore) this.payFine(s, c);
        if (immediate && this.reached(this.gold[s])) {
          this.winners[0] = s;
          this.winnerCount = 1;
          return true;
        }
      }
    }
    if (this.winEndOfProfit && this.richestAtThreshold()) return true;
    return false;
  }

  /** round.ts `shares` with pro-rata (GR-A16 option): rewrites `payoutAmounts[0..count)` when demand exceeds the stock. */
  private proRataShares(count: number, stock: number): void {
    const amounts = this.payoutAmounts;
    let demand = 0;
    for (let i = 0; i < count; i++) demand += amounts[i];
    if (demand <= stock) return;
    const out = this.scratch;
    let given = 0;
    for (let i = 0; i < count; i++) {
      out[i] = Math.floor((amounts[i] * stock) / demand);
      given += out[i];
    }
    let rest = stock - given;
    for (let i = 0; rest > 0 && i < count; i++) {
      if (out[i] < amounts[i]) {
        out[i]++;
        rest--;
      }
    }
    for (let i = 0; i < count; i++) amounts[i] = out[i];
  }

  /** round.ts `payFine` (GR-A13, GR-A15). */
  private payFine(s: number, c: number): void {
    const due = this.fine;
    const paid = this.partialFines ? Math.min(due, this.gold[s]) : this.gold[s] >= due ? due : 0;
    if (paid <= 0) return;
    this.gold[s] -= paid;
    this.finesPaid[s] += paid;
    this.fines[s] += paid;
    if (this.sinkContinent) {
      const room = Math.max(0, this.capOf(c) - this.stock[c]);
      const back = Math.min(paid, room);
      this.stock[c] += back;
      this.bank += paid - back;
    } else {
      this.bank += paid;
    }
  }

  /**
   * engine.ts `checkObligations` (§15.3): every party of an agreement but its upgrader is bound to
   * red, and a seat whose latest PROMISE was RED; a green card (as laid, before events moved it) is
   * a breach. Writes the round's breaches into the history and the ledgers.
   */
  private checkObligations(round: number): void {
    const n = this.players;
    const bound = this.bound;
    const victims = this.victims;
    for (let s = 0; s < n; s++) {
      bound[s] = 0;
      victims[s] = 0;
    }
    for (let c = 0; c < 3; c++) {
      if (this.agreementProposals[c] < 0) continue;
      const parties = this.agreementPartyMasks[c];
      const upgrader = this.agreementUpgraders[c];
      for (let p = 0; p < n; p++) {
        if ((parties & (1 << p)) === 0 || p === upgrader) continue;
        bound[p] = 1;
        victims[p] |= parties & ~(1 << p);
      }
    }
    for (let s = 0; s < n; s++) {
      if (this.promises[s] === RED && bound[s] === 0) {
        bound[s] = 1;
        for (let q = 0; q < n; q++) if (q !== s && this.locations[q] === this.locations[s]) victims[s] |= 1 << q;
      }
    }
    const row = (round - 1) * n;
    for (let s = 0; s < n; s++) {
      // A breach is a green card as laid (a timed-out seat's card is never green: `timeoutCard`).
      const breach = bound[s] !== 0 && this.commits[s] === GREEN;
      if (bound[s] !== 0) {
        if (breach) this.broken[s]++;
        else this.kept[s]++;
      }
      this.historyBreaches[row + s] = breach ? victims[s] : -1;
    }
  }

  /** The public round record: the flat history the bots read, and the game record's rows. */
  private recordRound(round: number, event: number): void {
    const n = this.players;
    const row = (round - 1) * n;
    const result = this.result;
    const counters = result.counters;
    let up = 0;
    let fined = 0;
    for (let s = 0; s < n; s++) {
      this.historyLocations[row + s] = this.locations[s];
      this.historyCards[row + s] = this.commits[s];
      this.historySucceeded[row + s] = this.succeeded[s];
      result.curve[row + s] = this.gold[s];
      if (this.upgraded[s] !== 0) {
        up++;
        counters[1][s]++;
        if (this.collisions[this.finalLocations[s]] !== 0) counters[3][s]++;
      }
      if (this.succeeded[s] !== 0) counters[2][s]++;
      if (this.commits[s] === NONE) counters[7][s]++;
      fined += this.fines[s];
    }
    for (let c = 0; c < 3; c++) {
      if (this.agreementProposals[c] < 0) continue;
      const parties = this.agreementPartyMasks[c];
      for (let s = 0; s < n; s++) if ((parties & (1 << s)) !== 0) counters[4][s]++;
    }
    const rc = (round - 1) * 3;
    result.roundCounters[rc] = up;
    result.roundCounters[rc + 1] = this.collisions[0] + this.collisions[1] + this.collisions[2];
    result.roundCounters[rc + 2] = fined;
    if (event >= 0 && event !== this.blankSlot) {
      result.cards[2 * result.cardCount] = event;
      result.cards[2 * result.cardCount + 1] = round;
      result.cardCount++;
    }
  }

  /** engine.ts `nextHands` (GR-A32 keep): each seat keeps the cards it now holds. */
  private nextHands(): void {
    const n = this.players;
    for (let s = 0; s < n; s++) {
      this.countryHands[s][this.locations[s]]--;
    }
    for (let s = 0; s < n; s++) {
      this.countryHands[s][this.finalLocations[s]]++;
    }
    // Each seat gives up the card it laid (a timed-out seat passed a red if it had one), then takes
    // back the card now lying in front of it.
    const physical = this.scratch;
    for (let s = 0; s < n; s++) {
      const laid = this.commits[s];
      physical[s] = laid !== NONE ? laid : this.upgradeHands[s][1] > 0 ? RED : NONE;
    }
    for (let s = 0; s < n; s++) {
      const c = physical[s];
      if (c !== NONE) this.upgradeHands[s][c === GREEN ? 0 : 1]--;
    }
    for (let s = 0; s < n; s++) {
      const src = this.cardFromMoved ? this.cardFrom[s] : s;
      const c = src >= 0 ? physical[src] : NONE;
      if (c !== NONE) this.upgradeHands[s][c === GREEN ? 0 : 1]++;
    }
  }

  private finish(round: number, ending: number): void {
    const n = this.players;
    const result = this.result;
    result.rounds = round;
    result.ending = ending;
    result.winnerCount = this.winnerCount;
    for (let i = 0; i < this.winnerCount; i++) result.winners[i] = this.winners[i];
    for (let s = 0; s < n; s++) result.scores[s] = this.gold[s];
    const counters = result.counters;
    for (let s = 0; s < n; s++) {
      counters[0][s] = this.finesPaid[s];
      counters[5][s] = this.kept[s];
      counters[6][s] = this.broken[s];
    }
  }
}

/** The `GameRecord` of a flat record (definition.ts `record`: the same numbers, fresh arrays). */
export function gameRecord(result: FlatRecord): GameRecord {
  const n = result.players;
  const winners = result.winners.slice(0, result.winnerCount);
  const scores = result.scores.slice(0, n);
  const ranks = finishingRanks(winners, scores);
  const curve: number[][] = [];
  const roundCounters: number[][] = [];
  for (let r = 0; r < result.rounds; r++) {
    curve.push(result.curve.slice(r * n, r * n + n));
    roundCounters.push(result.roundCounters.slice(r * 3, r * 3 + 3));
  }
  const cardsDrawn: { card: number; round: number }[] = [];
  for (let k = 0; k < result.cardCount; k++) cardsDrawn.push({ card: result.cards[2 * k], round: result.cards[2 * k + 1] });
  return {
    outcome: { winners, scores, ranks, endedBy: result.ending === 0 ? 'race' : 'clock', length: result.rounds },
    initialScores: result.initialScores.slice(0, n),
    curve,
    cardsDrawn,
    counters: result.counters.map((row) => row.slice(0, n)),
    roundCounters,
  };
}
