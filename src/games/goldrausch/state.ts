/**
 * The Goldrausch game state: flat, owned by the engine and changed in place (docs/architecture.md
 * "one engine per game"). Numbers per seat, per continent and per round in plain packed lists, made
 * once per state and reused from game to game; no transition allocates. What a rule reads of the
 * config is resolved once, into fields of the state (flags, caps, the resource and event cards as
 * numbers), so the rules never walk the config's object tree.
 *
 * Encodings: continents azul 0, rosso 1, veridia 2; upgrade cards NONE 0 / GREEN 1 / RED 2; an
 * upgrader NOBODY (−1) for "nobody"; message types as `MSG_*` bits; seat sets as bit masks (bit s =
 * seat s). Event cards are slots: the config's cards (cards.ts `eventCardsOf` order), then the blank
 * of a counterfactual (`blankSlot`).
 *
 * The public record of the game is kept as it is played: the meeting log (every message, game-wide),
 * the proposals and rotation clauses, and one dense row per round for each seat, each continent and
 * the round itself with what the rules did (records.ts). A round works on small lists of its own
 * (payouts, fines, where pawns and cards lie after events, …), reused every round, and writes its
 * rows once at its end. The seat views, the replay story, the game record and the search bot's
 * sampler read the record, nothing else.
 */
import { memoOnIdentity } from '../../core/memo.js';
import { deepFreeze } from '../../core/readonly.js';
import { MSG_ALL, NOBODY, NONE, Outbox, type Message } from './bot.js';

import type { TurnAnswer, TurnFault } from './engine.js';
import { eventCardsOf } from './cards.js';
import type { GameParams, GoldrauschConfig, RulesOptions } from './params.js';
import { COUNTERS, RoundRows } from './records.js';
import type { WheelField } from './types.js';
import { GoldrauschView } from './view.js';

/**
 * Serial numbers for `GoldrauschView.game` and `paramsKey`, unique in the process: several states
 * (and a search bot's clones) may play in one thread, and bots' memos must never mistake one game,
 * or one set of parameters, for another.
 */
let serial = 0;
export function nextSerial(): number {
  return ++serial;
}

const SERIALS = new WeakMap<object, number>();
/** A serial number per object (the same object, the same number), from the same counter. */
export function serialOf(key: object): number {
  let n = SERIALS.get(key);
  if (n === undefined) SERIALS.set(key, (n = nextSerial()));
  return n;
}

/** A config's rules and params deep-frozen (copies: the config itself stays unfrozen), for the views. */
const frozenOf = memoOnIdentity((config: GoldrauschConfig): { readonly rules: RulesOptions; readonly params: GameParams } =>
  deepFreeze({ rules: structuredClone(config.rules), params: structuredClone(config.params) }),
);

/** Fields of a seat's, a continent's and a round's row of the record (records.ts, where their offsets are). */
export const SEAT_FIELDS = 16;
export const CONTINENT_FIELDS = 10;
export const ROUND_FIELDS = 8;

/** Where a game stands: phase 1 (the continent choices), phase 3 (the meeting), or over. */
export const Stage = { continent: 0, meeting: 1, over: 2 } as const;

// Wheel results (§6), as codes: the three continents' disasters are their continent's index.
export const W_DISASTER_WORLD = 3;
export const W_CALM = 4;
export const W_EVENT = 5;
export const WHEEL_CODE: Readonly<Record<WheelField, number>> = {
  'disaster-azul': 0,
  'disaster-rosso': 1,
  'disaster-veridia': 2,
  'disaster-world': W_DISASTER_WORLD,
  calm: W_CALM,
  event: W_EVENT,
};

/** A seat's obligation in a round (§15.3): none, kept, broken. */
export const BOUND_NONE = 0;
export const BOUND_KEPT = 1;
export const BOUND_BROKE = 2;
/** A breach's source when it broke a RED promise; otherwise records.ts `proposalCode` of the agreement's (or clause's) proposal. */
export const SOURCE_PROMISE = -2;

/** GR-A34 oppositeOdd as a code. */
export const OPPOSITE_ROTATE = 0;
export const OPPOSITE_LEAVE_ONE_OUT = 1;
export const OPPOSITE_RANDOM = 2;

/** n copies of v in a packed list (`new Array(n).fill(v)` stays holey, and every read of a holey list checks for holes). */
export function packed(n: number, v: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(v);
  return out;
}

/**
 * §6: the chance that the wheel stops mining on continent c: its own disaster field plus the broken
 * globe, over all fields (a sum of whole counts: exact in any order).
 */
export function disasterOdds(wheel: GameParams['wheel'], c: number): number {
  let total = 0;
  for (const f in wheel) total += wheel[f as WheelField];
  const own = c === 0 ? wheel['disaster-azul'] : c === 1 ? wheel['disaster-rosso'] : wheel['disaster-veridia'];
  return total > 0 ? (own + wheel['disaster-world']) / total : 0;
}

/** What a config's rules read as numbers, resolved once per config (shared, never written). */
export interface ConfigTables {
  readonly caps: readonly number[];
  /** Continents in evaluation order by printed cap, largest first; ties by index, highest first (GR-A17). */
  readonly capOrder: readonly number[];
  /** Resource card i's respawn and extraction on continent c at 3·i + c. */
  readonly respawnOf: readonly number[];
  readonly extractOf: readonly number[];
  /** The wheel's fields as codes, in the wheel object's key order, and their weights. */
  readonly wheelCodes: readonly number[];
  readonly wheelWeights: readonly number[];
  readonly wheelTotal: number;
  /** §6: each continent's chance of a disaster (its own field plus the broken globe, over all fields). */
  readonly disaster: readonly number[];
  /** The unshuffled event deck as slots (blanked cards as the blank slot). */
  readonly eventBase: readonly number[];
  /** The event cards' ids by slot (the blank's is "blank"). */
  readonly eventIds: readonly string[];
}

export const configTables = memoOnIdentity((config: GoldrauschConfig): ConfigTables => {
  const { params } = config;
  const caps = params.caps.slice();
  const capOrder = [0, 1, 2].sort((a, b) => caps[b] - caps[a] || b - a);
  const respawnOf: number[] = [];
  const extractOf: number[] = [];
  for (const card of params.resourceDeck.cards) {
    for (let c = 0; c < 3; c++) {
      respawnOf.push(card.respawn[c]);
      extractOf.push(card.extract[c]);
    }
  }
  const wheelCodes: number[] = [];
  const wheelWeights: number[] = [];
  let total = 0;
  for (const f in params.wheel) {
    const w = params.wheel[f as WheelField];
    wheelCodes.push(WHEEL_CODE[f as WheelField]);
    wheelWeights.push(w);
    total += w;
  }
  const disaster = [0, 1, 2].map((c) => disasterOdds(params.wheel, c));
  const cards = eventCardsOf(params);
  const blank = cards.length;
  const blanked = config.blankedCards ?? [];
  const eventBase: number[] = [];
  for (let slot = 0; slot < cards.length; slot++) {
    const id = cards[slot].id;
    for (let k = 0; k < (params.eventDeck[id] ?? 0); k++) eventBase.push(blanked.includes(id) ? blank : slot);
  }
  const eventIds = [...cards.map((c) => c.id), 'blank'];
  return { caps, capOrder, respawnOf, extractOf, wheelCodes, wheelWeights, wheelTotal: total, disaster, eventBase, eventIds };
});

/**
 * One Goldrausch game. Made once per config and player count (`new GoldrauschState`), then set up
 * for each game (setup.ts `startGame`) and advanced in place by the engine. `clone` (clone.ts) makes an
 * independent copy that shares nothing writable.
 */
export class GoldrauschState {
  // What every decision reads first, together (on the object's first cache lines).
  /** A serial number that changes with every game and whenever a GIFT moves gold (a key for the bots' per-game memos). */
  game = 0;
  round = 1;
  stage: number = Stage.continent;
  startPlayer = 0;
  /** Rounds finished and recorded (the history the views show). */
  historyLength = 0;
  tick = 0;
  /** Index into `order` of the seat whose turn it is. */
  turn = 0;
  /** The seats in this tick's order (one of the orders of meeting.ts `permutationsOf`). */
  order: readonly number[] = [];
  proposalCount = 0;

  // ——— The config, resolved (the same for every game of this state) ———
  readonly config: GoldrauschConfig;
  /**
   * Whether the state keeps the whole public record: the meeting log and every field of the round
   * rows. Without it (the fast player's state, whose built-in bots read only where the pawns stood,
   * the cards laid, who upgraded alone and who broke an obligation) only those are recorded, and the
   * game record's counters: the same game, without the story's detail.
   */
  readonly detail: boolean;
  /**
   * Lean mode (a search's random playout, playout.ts): the engine keeps no record at all — no meeting
   * log, no round rows, counters or score curve — and no obligations, ledgers or rotation clauses
   * (only the bots read who kept their word): only what decides the game. Set by `playout`, cleared
   * by `startGame` and `copyState`; a lean state's views and records are stale.
   */
  lean = false;
  readonly players: number;
  readonly rounds: number;
  /** params.negotiationTicks. */
  readonly ticks: number;
  readonly messagesPerTick: number;
  readonly fine: number;
  readonly winThreshold: number;
  readonly strict: boolean;
  readonly pLate: number;
  readonly startingGold: number;
  readonly setupMultiplier: number;
  readonly goldHidden: boolean;
  readonly privateChannels: boolean;
  readonly table: boolean;
  readonly revisable: boolean;
  readonly partialAgreements: boolean;
  readonly gifts: boolean;
  /** GR-A9: the phase-1 card stands for a seat that lays none in phase 3. */
  readonly defaultCommitment: boolean;
  readonly keepCards: boolean;
  readonly finiteBank: boolean;
  /** GR-A6 winCheck as flags. */
  readonly winImmediate: boolean;
  readonly winGross: boolean;
  readonly winEndOfProfit: boolean;
  readonly winEndOfRound: boolean;
  /** GR-A7 finalTiebreak: shared unless one of these. */
  readonly tieRandom: boolean;
  readonly tieFewestFines: boolean;
  readonly respawnOnReveal: boolean;
  readonly partialFines: boolean;
  readonly fineBefore: boolean;
  readonly sinkContinent: boolean;
  readonly proRata: boolean;
  readonly orderByStock: boolean;
  readonly fineEverybody: boolean;
  readonly exemptUpgradeSucceeds: boolean;
  readonly exemptNotCounted: boolean;
  readonly poolBoard: boolean;
  readonly trimNow: boolean;
  readonly vultureAllEqual: number;
  readonly oppositeOdd: number;
  readonly caps: readonly number[];
  readonly capOrder: readonly number[];
  readonly cardCount: number;
  readonly respawnOf: readonly number[];
  readonly extractOf: readonly number[];
  readonly wheelCodes: readonly number[];
  readonly wheelWeights: readonly number[];
  readonly wheelTotal: number;
  readonly disaster: readonly number[];
  readonly eventBase: readonly number[];
  readonly eventIds: readonly string[];
  readonly blankSlot: number;
  /** A number per params object, the key of the bots' memos that depend on the parameters. */
  readonly paramsKey: number;
  /** The rules and params as the views show them (frozen copies). */
  readonly frozen: { readonly rules: RulesOptions; readonly params: GameParams };
  /** One read-only view per seat (the engine's `seatView`), the outbox of the seat whose turn it is, and the record's reader. */
  readonly views: readonly GoldrauschView[];
  readonly outbox = new Outbox();
  /**
   * The last meeting turn asked (engine.ts `askTurn`): its legal messages are `turnMessages[0 …
   * turnCount)` (the outbox's own list, or one of `legalLists` when some were dropped), then its
   * card, idle promise and fault. Rewritten by every turn asked: apply a turn before asking the next.
   */
  turnMessages: readonly Message[] = [];
  turnCount = 0;
  turnCommit = NONE;
  turnIdleUntil = 0;
  turnIdleWake = MSG_ALL;
  turnFault: TurnFault | undefined = undefined;
  /**
   * The engine's answer of a meeting turn with messages or an idle promise (engine.ts `askBot`),
   * rewritten by every such decision: a driver applies it before it asks the next.
   */
  readonly turnAnswer: TurnAnswer = { kind: 'meeting-turn', messages: [], commit: NONE, idleUntil: 0, idleWake: MSG_ALL };
  /**
   * Lists of exactly k messages (`legalLists[k]`), made when first needed and rewritten by every
   * answer with k legal messages: `turnAnswer.messages` is one of them.
   */
  readonly legalLists: Message[][] = [];
  readonly turnAsked: { answer: TurnAnswer; fault?: TurnFault } = {
    answer: this.turnAnswer,
    fault: undefined,
  };
  readonly rows: RoundRows;

  /**
   * One buffer for the fixed-size lists below typed `Int32Array` (each a part of it, `subarray`): the
   * hands, decks, pawns, cards, ledgers and agreements, and the record's rows. A copy of a state
   * (clone.ts `copyState`) copies them all at once.
   */
  readonly ints: Int32Array;

  // ——— The game ———
  readonly gold: number[];
  readonly stock: Int32Array;
  /** Extraction of the current resource card per continent. */
  readonly extract: Int32Array;
  capReduction = 0;
  /** Gold in the bank (below 0 with an unlimited bank: then only bookkeeping). */
  bank = 0;
  readonly finesPaid: Int32Array;
  /** Counter of the tie-break stream. */
  tieBreaks = 0;
  /** The resource deck's order (card indices; longer after a reshuffle), the next position and the current card. */
  readonly resourceOrder: number[];
  resourceLength = 0;
  resourcePos = 0;
  currentCard = 0;
  resourceShuffles = 0;
  /** The event draw pile (`eventDeck[eventPos … eventLength)`), the discard pile and the cards beside the clock, as slots. */
  readonly eventDeck: Int32Array;
  eventLength = 0;
  eventPos = 0;
  readonly eventDiscard: Int32Array;
  discardLength = 0;
  readonly besideClock: Int32Array;
  besideLength = 0;
  eventShuffles = 0;
  /** Hands: country cards per continent, upgrade cards [green, red] (standard unless passed cards are kept, GR-A32). */
  readonly countryHands: Int32Array[];
  readonly upgradeHands: Int32Array[];
  /** The public reputation ledger (§15.3). */
  readonly kept: Int32Array;
  readonly broken: Int32Array;
  /**
   * Standing rotation clauses (§15.2 `next`), in the order they were agreed: the round each binds,
   * its parties (mask), its upgrader (a seat or NOBODY), and its source (records.ts `proposalCode` of
   * the proposal that became the agreement).
   */
  clauseCount = 0;
  readonly clauseRound: number[];
  readonly clauseParties: number[];
  readonly clauseUpgrader: number[];
  readonly clauseSource: number[];
  /** The winners (`winners[0 … winnerCount)`) and how the game ended: −1 playing, 0 race, 1 clock. */
  readonly winners: number[];
  winnerCount = 0;
  ending = -1;

  // ——— Phase 3, the meeting (§15) ———
  /** Where every pawn stands after phase 2. */
  readonly locations: Int32Array;
  /**
   * The seats standing on each continent after phase 2, as masks (meeting.ts `standOn`: set with the
   * pawns, by the engine and the sampler; a state written by hand may leave them stale, so only the
   * lean playout reads them).
   */
  readonly onContinent: Int32Array;
  /** The phase-1 card of each seat (GR-A9 default-commitment; NONE otherwise). */
  readonly provisional: Int32Array;
  /** The card each seat laid (NONE: none yet), 1 once it has laid one (public), the tick it laid its first. */
  readonly commits: Int32Array;
  readonly committed: Int32Array;
  readonly commitTicks: Int32Array;
  /** 1 once the seat sent PASS. */
  readonly passed: Int32Array;
  /** Each seat's latest PROMISE: NONE, GREEN or RED. */
  readonly promises: Int32Array;
  /** The seats that laid a card and that passed, as masks. */
  laidMask = 0;
  passedMask = 0;
  /** The seats that still have something to do (meeting.ts `needsMask`), valid unless `needsStale`. */
  needs = 0;
  needsStale = true;
  /** Seat s's idle promise: its turns are skipped before tick `idleUntil[s]` unless a message of a type in `idleWake[s]` wakes it (0 = none). */
  readonly idleUntil: number[];
  readonly idleWake: number[];
  /** Seats with an idle promise that no message has broken yet. */
  promised = 0;
  /** The rotation clauses that bind this round (indices into the clause lists), found when the meeting opens. */
  bindingCount = 0;
  readonly binding: number[];
  /**
   * The meeting's proposals (`proposalCount`), in the order they were made (index = the proposal's
   * number in its id, less one). Rotation clauses of proposal p are pool entries
   * `propClauseStart[p] …` (`propClauseCount[p]` of them).
   */
  readonly propContinent: number[];
  readonly propProposer: number[];
  readonly propUpgrader: number[];
  readonly propAccepted: number[];
  readonly propRejected: number[];
  readonly propClauseStart: number[];
  readonly propClauseCount: number[];
  poolLength = 0;
  readonly poolRound: number[];
  readonly poolUpgrader: number[];
  /**
   * With `detail`: every recorded round's proposals, game-wide (round r's from `R_PROPOSAL_START` of
   * its row, records.ts), with their rotation clauses in `archivePool…`.
   */
  archiveCount = 0;
  readonly archContinent: number[] = [];
  readonly archProposer: number[] = [];
  readonly archUpgrader: number[] = [];
  readonly archAccepted: number[] = [];
  readonly archRejected: number[] = [];
  readonly archClauseStart: number[] = [];
  readonly archClauseCount: number[] = [];
  archivePoolLength = 0;
  readonly archivePoolRound: number[] = [];
  readonly archivePoolUpgrader: number[] = [];
  /** Per continent: the agreement in force (its proposal's local index, −1 none), its parties (mask) and upgrader. */
  readonly agreementProposal: Int32Array;
  readonly agreementParties: Int32Array;
  readonly agreementUpgrader: Int32Array;
  /**
   * The meeting log, game-wide: entry k at `log[6k …]` (meeting.ts LOG_*): tick, sender, type,
   * continent (−1: a GIFT) and two payloads — PROPOSE the proposal's local index; ACCEPT/REJECT the
   * proposal referred to; PROMISE the proposal (−1 none) and the action; GIFT the recipient and the
   * amount. Grows when full.
   */
  logLength = 0;
  meetingLog = 0;
  log: Int32Array;

  // ——— The round being resolved (phases 4–6), recorded into its row at the end (records.ts) ———
  /** Where each pawn stands and which upgrade card lies in front of each seat, after #23–25 moved them. */
  readonly finalLocations: number[];
  readonly cards: number[];
  /** Whose upgrade card each seat now holds (after #23/#25; valid when `cardFromMoved`). */
  readonly cardFrom: number[];
  cardFromMoved = false;
  readonly eventGold: number[];
  readonly payout: number[];
  readonly fines: number[];
  /** 1 for an effective upgrader (phase 5), and for a sole upgrader paid double. */
  readonly upgraded: number[];
  readonly succeeded: number[];
  /** Per continent: a collision (upgrade scandal), a disaster, what phase 6 respawned. */
  readonly collisions: number[] = [0, 0, 0];
  readonly disasters: number[] = [0, 0, 0];
  readonly respawned: number[] = [0, 0, 0];
  /** The round's obligations (obligations.ts): BOUND_* per seat, a breach's source and victims. */
  readonly bound: number[];
  readonly breachSource: number[];
  readonly breachVictims: number[];
  readonly exempt: number[];
  exemptSet = false;
  /** −1 none, a continent, or 3 for everybody (#1–5). */
  exemptContinent = -1;
  shower = -1;
  showerFactor = 2;
  /** An extraction card's cut (GR-A24): base = max(0, floor(e / divideBy) − minus); divideBy 0 = none. */
  extractionDivideBy = 0;
  extractionMinus = 0;
  forcedContinent = -1;
  forcedGreen = true;

  // ——— The public record (records.ts: one dense row per round and seat, continent and round) ———
  readonly seatRows: Int32Array;
  readonly continentRows: Int32Array;
  readonly roundRows: Int32Array;
  /** Gold after each round, `curve[r·players + seat]` (the game record's score curve). */
  readonly curve: number[];
  /** Gold before round 1's profit (the game record's initial scores; a GIFT in round 1's meeting moves it). */
  readonly initialGold: number[];
  /** The game record's counters (counters.ts COUNTERS order, `counters[k][seat]`) and per-round totals (3 a round). */
  readonly counters: number[][];
  readonly roundCounters: number[];
  /** Event cards drawn, as pairs (card index, round). */
  readonly cardsDrawnList: number[];
  cardsDrawn = 0;

  // ——— Scratch of the rules (filled and read within one step; not part of the game) ———
  readonly choices: Int32Array;
  readonly scratch: number[];
  readonly movedCards: number[];
  readonly movedFrom: number[];
  readonly oppositeTarget: number[];
  readonly byContinent: number[];
  readonly othersByContinent: number[];
  readonly continentCounts: number[] = [0, 0, 0];
  readonly continentUpgraders: number[] = [0, 0, 0];
  readonly continentExemptUpgraders: number[] = [0, 0, 0];
  readonly continentOrder: number[] = [0, 1, 2];
  readonly amounts: number[];
  readonly fined: number[];
  readonly doubled: number[];
  /** What binds each seat this round (obligations.ts), and whom its breach would let down. */
  readonly binder: number[];
  readonly victims: number[];

  constructor(config: GoldrauschConfig, players: number, detail = true) {
    if (!Number.isInteger(players) || players < 4 || players > 6) throw new RangeError(`Goldrausch needs 4–6 players, got ${players}`);
    const { rules, params } = config;
    const t = configTables(config);
    const n = players;
    this.config = config;
    this.detail = detail;
    this.players = n;
    this.rounds = params.rounds;
    this.ticks = params.negotiationTicks;
    this.messagesPerTick = params.messagesPerTick;
    this.fine = params.fine;
    this.winThreshold = params.winThreshold;
    this.strict = rules.winThresholdStrict;
    this.pLate = params.pLate;
    this.startingGold = params.startingGold;
    this.setupMultiplier = params.setupRespawnMultiplier[n as 4 | 5 | 6];
    this.goldHidden = rules.goldVisibility === 'hidden';
    this.privateChannels = rules.negotiationScope === 'continent-private';
    this.table = rules.negotiationScope === 'table';
    this.revisable = rules.commitRevisable;
    this.partialAgreements = rules.allowPartialAgreements;
    this.gifts = rules.allowGoldGifts;
    this.defaultCommitment = rules.phase1UpgradeCard === 'default-commitment';
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
    this.oppositeOdd = rules.oppositeOdd === 'rotate' ? OPPOSITE_ROTATE : rules.oppositeOdd === 'leave-one-out' ? OPPOSITE_LEAVE_ONE_OUT : OPPOSITE_RANDOM;
    this.caps = t.caps;
    this.capOrder = t.capOrder;
    this.cardCount = params.resourceDeck.cards.length;
    this.respawnOf = t.respawnOf;
    this.extractOf = t.extractOf;
    this.wheelCodes = t.wheelCodes;
    this.wheelWeights = t.wheelWeights;
    this.wheelTotal = t.wheelTotal;
    this.disaster = t.disaster;
    this.eventBase = t.eventBase;
    this.eventIds = t.eventIds;
    this.blankSlot = t.eventIds.length - 1;
    this.paramsKey = serialOf(params);
    this.frozen = frozenOf(config);

    // The fixed-size lists of the game and the record's rows are parts of one buffer (`ints`):
    // `copyState` copies them all at once.
    const events = t.eventBase.length;
    const rows = this.rounds * n * SEAT_FIELDS + this.rounds * 3 * CONTINENT_FIELDS + this.rounds * ROUND_FIELDS;
    const ints = (this.ints = new Int32Array(11 * n + 6 * 3 + 5 * n + 3 * events + rows));
    let at = 0;
    const part = (length: number, v: number): Int32Array => {
      const list = ints.subarray(at, (at += length));
      list.fill(v);
      return list;
    };
    const seats = (v: number) => packed(n, v);
    this.finesPaid = part(n, 0);
    this.kept = part(n, 0);
    this.broken = part(n, 0);
    this.locations = part(n, 0);
    this.onContinent = part(3, 0);
    this.provisional = part(n, NONE);
    this.commits = part(n, NONE);
    this.committed = part(n, 0);
    this.commitTicks = part(n, 0);
    this.passed = part(n, 0);
    this.promises = part(n, NONE);
    this.choices = part(n, 0);
    this.stock = part(3, 0);
    this.extract = part(3, 0);
    this.agreementProposal = part(3, -1);
    this.agreementParties = part(3, 0);
    this.agreementUpgrader = part(3, NOBODY);
    this.countryHands = [];
    this.upgradeHands = [];
    for (let s = 0; s < n; s++) {
      this.countryHands.push(part(3, 1));
      this.upgradeHands.push(part(2, 1));
    }
    this.eventDeck = part(events, 0);
    this.eventDiscard = part(events, 0);
    this.besideClock = part(events, 0);
    this.seatRows = part(this.rounds * n * SEAT_FIELDS, 0);
    this.continentRows = part(this.rounds * 3 * CONTINENT_FIELDS, 0);
    this.roundRows = part(this.rounds * ROUND_FIELDS, 0);
    if (at !== ints.length) throw new Error(`GoldrauschState: ${at} of ${ints.length} numbers laid out`);
    // The game record's lists (records.ts `flatRecord` hands them out as they are), the resource
    // deck (longer after a reshuffle), a bot's idle promises and what grows: lists of their own.
    this.gold = seats(0);
    this.winners = seats(0);
    this.initialGold = seats(0);
    this.curve = packed(this.rounds * n, 0);
    this.counters = COUNTERS.map(() => seats(0));
    this.roundCounters = packed(3 * this.rounds, 0);
    this.cardsDrawnList = packed(2 * this.rounds, 0);
    this.resourceOrder = packed(this.cardCount, 0);
    this.clauseRound = [];
    this.clauseParties = [];
    this.clauseUpgrader = [];
    this.clauseSource = [];
    this.idleUntil = seats(0);
    this.idleWake = seats(MSG_ALL);
    this.binding = [];
    this.propContinent = [];
    this.propProposer = [];
    this.propUpgrader = [];
    this.propAccepted = [];
    this.propRejected = [];
    this.propClauseStart = [];
    this.propClauseCount = [];
    this.poolRound = [];
    this.poolUpgrader = [];
    // A meeting's log holds about one message per turn and a COMMITTED per seat; it grows when full.
    this.log = new Int32Array(6 * this.rounds * (this.ticks * n + n));
    this.finalLocations = seats(0);
    this.cards = seats(0);
    this.cardFrom = seats(0);
    this.eventGold = seats(0);
    this.payout = seats(0);
    this.fines = seats(0);
    this.upgraded = seats(0);
    this.succeeded = seats(0);
    this.bound = seats(0);
    this.breachSource = seats(0);
    this.breachVictims = seats(-1);
    this.exempt = seats(0);
    this.scratch = packed(Math.max(n, this.cardCount), 0);
    this.movedCards = seats(0);
    this.movedFrom = seats(0);
    this.oppositeTarget = seats(0);
    this.byContinent = packed(3 * n, 0);
    this.othersByContinent = packed(3 * n, 0);
    this.amounts = seats(0);
    this.fined = seats(0);
    this.doubled = seats(0);
    this.binder = seats(0);
    this.victims = seats(0);
    this.rows = new RoundRows(this);
    const views: GoldrauschView[] = [];
    for (let seat = 0; seat < n; seat++) views.push(new GoldrauschView(this, seat));
    this.views = views;
  }
}
