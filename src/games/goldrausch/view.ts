/**
 * The seat view: everything one seat may see (docs/games/goldrausch.md §13), and nothing more — the
 * one view of every bot, built-in or from a file. One view per seat per state, a thin object over the
 * state's lists: it has only methods and getters that return numbers, booleans and strings, so a bot
 * cannot write the game through it, and freezing it (what the driver does for a bot file) freezes the
 * view object alone (the state sits in private fields, which freezing does not reach). It reads the
 * game as it is at each call: a bot that wants to keep something past its decision copies it.
 *
 * What it hides (§13): other seats' gold when gold is hidden (GR-A36: null, also in the history);
 * with private channels (GR-A11) the talk of other continents — their proposals read as continent −1,
 * their agreements as none, their messages as type 0, their rotation clauses are left out — in the
 * meeting and in the history (by where this seat stood in that round); the other seats' laid cards
 * (only whether they laid one); the order of the decks.
 *
 * Encodings: bot.ts (continents 0–2, cards NONE/GREEN/RED, NOBODY, MSG_* bits, masks).
 */
import type { GameParams, RulesOptions } from './params.js';
import { LOG_A, LOG_B, LOG_CONTINENT, LOG_FROM, LOG_TICK, LOG_TYPE } from './meeting.js';
import {
  A_CLAUSES,
  A_CONTINENT,
  A_UPGRADER,
  C_AGREEMENT,
  C_COLLISION,
  C_DISASTER,
  C_EXTRACT,
  C_PARTIES,
  C_RESPAWNED,
  C_STOCK_AFTER,
  C_STOCK_AFTER_PROFIT,
  C_STOCK_BEFORE,
  C_UPGRADER,
  R_EVENT,
  R_NEXT_CARD,
  R_RESOURCE_CARD,
  R_START_PLAYER,
  R_WHEEL,
  S_BOUND,
  S_BREACH_SOURCE,
  S_BREACH_VICTIMS,
  S_COMMIT,
  S_COMMIT_TICK,
  S_EVENT_GOLD,
  S_FINAL_CARD,
  S_FINAL_LOCATION,
  S_FINES,
  S_GOLD_AFTER,
  S_GOLD_BEFORE,
  S_LOCATION,
  S_PAYOUT,
  S_SUCCEEDED,
  S_UPGRADED,
  proposalId,
  type RoundRows,
} from './records.js';
import { SEAT_FIELDS, Stage, type GoldrauschState } from './state.js';
import type { WheelField } from './types.js';
import { WHEEL_FIELDS } from './types.js';

/** `clausePlan`'s answer when no rotation clause binds the seat. */
export const NO_CLAUSE = -2;

/** The view's decision stage: 'continent' (phase 1), 'meeting' (phase 3) or 'over'. */
export type ViewStage = 'continent' | 'meeting' | 'over';
const STAGES: readonly ViewStage[] = ['continent', 'meeting', 'over'];

export class GoldrauschView {
  /** This seat. */
  readonly seat: number;
  readonly #s: GoldrauschState;
  readonly #h: RoundRows;
  // The state's lists this view reads, held here (never replaced): a read does not go through the
  // state object, whose fields lie on many cache lines.
  readonly #stock: Int32Array;
  readonly #extract: Int32Array;
  readonly #gold: readonly number[];
  readonly #country: Int32Array;
  readonly #upgrade: Int32Array;
  readonly #kept: Int32Array;
  readonly #broken: Int32Array;
  readonly #locations: Int32Array;
  readonly #committed: Int32Array;
  readonly #passed: Int32Array;
  readonly #commits: Int32Array;
  readonly #promises: Int32Array;
  readonly #disaster: readonly number[];
  readonly #propContinent: readonly number[];
  readonly #propProposer: readonly number[];
  readonly #propUpgrader: readonly number[];
  readonly #propAccepted: readonly number[];
  readonly #propRejected: readonly number[];
  readonly #agreementProposal: Int32Array;
  readonly #agreementParties: Int32Array;
  readonly #agreementUpgrader: Int32Array;
  readonly #hidden: boolean;
  readonly #private: boolean;
  // What never changes within a state, held here: a read is one load from the view.
  readonly #players: number;
  readonly #rounds: number;
  readonly #ticks: number;
  readonly #messagesPerTick: number;
  readonly #fine: number;
  readonly #winThreshold: number;
  readonly #strict: boolean;
  readonly #paramsKey: number;
  /** The record's seat rows (records.ts), read by the history most bots count. */
  readonly #seatRows: Int32Array;

  constructor(state: GoldrauschState, seat: number) {
    this.seat = seat;
    const s = state;
    this.#s = s;
    this.#h = s.rows;
    this.#stock = s.stock;
    this.#extract = s.extract;
    this.#gold = s.gold;
    this.#country = s.countryHands[seat];
    this.#upgrade = s.upgradeHands[seat];
    this.#kept = s.kept;
    this.#broken = s.broken;
    this.#locations = s.locations;
    this.#committed = s.committed;
    this.#passed = s.passed;
    this.#commits = s.commits;
    this.#promises = s.promises;
    this.#disaster = s.disaster;
    this.#propContinent = s.propContinent;
    this.#propProposer = s.propProposer;
    this.#propUpgrader = s.propUpgrader;
    this.#propAccepted = s.propAccepted;
    this.#propRejected = s.propRejected;
    this.#agreementProposal = s.agreementProposal;
    this.#agreementParties = s.agreementParties;
    this.#agreementUpgrader = s.agreementUpgrader;
    this.#hidden = s.goldHidden;
    this.#private = s.privateChannels;
    this.#players = s.players;
    this.#rounds = s.rounds;
    this.#ticks = s.ticks;
    this.#messagesPerTick = s.messagesPerTick;
    this.#fine = s.fine;
    this.#winThreshold = s.winThreshold;
    this.#strict = s.strict;
    this.#paramsKey = s.paramsKey;
    this.#seatRows = s.seatRows;
  }

  // --- the game and its rules ----------------------------------------------------------------------

  get players(): number {
    return this.#players;
  }
  /** The rules options in force (frozen). */
  get rules(): RulesOptions {
    return this.#s.frozen.rules;
  }
  /** The parameters in force (frozen; the resource and event cards included, not their order in the decks). */
  get params(): GameParams {
    return this.#s.frozen.params;
  }
  /** params.rounds: the clock. */
  get rounds(): number {
    return this.#rounds;
  }
  /** params.negotiationTicks: the meeting's ticks. */
  get ticks(): number {
    return this.#ticks;
  }
  get messagesPerTick(): number {
    return this.#messagesPerTick;
  }
  /** params.fine: a collision's fine. */
  get fine(): number {
    return this.#fine;
  }
  get winThreshold(): number {
    return this.#winThreshold;
  }
  /** GR-A5: true = a seat needs more than winThreshold to win. */
  get winThresholdStrict(): boolean {
    return this.#strict;
  }
  /** A number that changes with every game and whenever a GIFT moves gold: a key for per-game memos. */
  get game(): number {
    return this.#s.game;
  }
  /** A number per parameters: a key for memos that depend on them. */
  get paramsKey(): number {
    return this.#paramsKey;
  }
  /** The current round, 1-based. */
  get round(): number {
    return this.#s.round;
  }
  get stage(): ViewStage {
    return STAGES[this.#s.stage];
  }
  get startPlayer(): number {
    return this.#s.startPlayer;
  }

  // --- the board and the hands ---------------------------------------------------------------------

  /** Gold lying on continent c. */
  stock(c: number): number {
    return this.#stock[c];
  }
  /** Continent c's current cap (the printed cap less the cap cuts beside the clock). */
  cap(c: number): number {
    return Math.max(0, this.#s.caps[c] - this.#s.capReduction);
  }
  /** The current resource card's extraction on continent c. */
  extract(c: number): number {
    return this.#extract[c];
  }
  /** §6: the chance that the wheel stops mining on continent c (its own disaster field plus the broken globe). */
  disaster(c: number): number {
    return this.#disaster[c];
  }
  /** `seat`'s gold, or null when gold is hidden and it is another seat (GR-A36). */
  gold(seat: number): number | null {
    return this.#hidden && seat !== this.seat ? null : this.#gold[seat];
  }
  /** This seat's country cards of continent c (1 each, unless passed cards are kept, GR-A32). */
  countryHand(c: number): number {
    return this.#country[c];
  }
  /** This seat's upgrade cards of colour `card` (GREEN or RED). */
  upgradeHand(card: number): number {
    return this.#upgrade[card - 1];
  }
  /** `seat`'s public ledger (§15.3): obligations kept and broken. */
  kept(seat: number): number {
    return this.#kept[seat];
  }
  broken(seat: number): number {
    return this.#broken[seat];
  }
  /** The current resource card's id. */
  get resourceCard(): string {
    return this.#s.config.params.resourceDeck.cards[this.#s.currentCard].id;
  }
  /** The resource cards revealed so far, oldest first (the current one last): `resourceCardSeen(i)`, i < resourceCardsSeen. */
  get resourceCardsSeen(): number {
    return this.#s.resourcePos;
  }
  resourceCardSeen(i: number): string {
    return this.#s.config.params.resourceDeck.cards[this.#s.resourceOrder[i]].id;
  }
  /** Event cards left in the draw pile (their order is hidden). */
  get eventDeckSize(): number {
    return this.#s.eventLength - this.#s.eventPos;
  }
  /** The event discard pile, oldest first: `eventDiscard(i)`, i < eventDiscardCount ("blank": a counterfactual's blank). */
  get eventDiscardCount(): number {
    return this.#s.discardLength;
  }
  eventDiscard(i: number): string {
    return this.#s.eventIds[this.#s.eventDiscard[i]];
  }
  /** The event cards beside the clock (cap cuts for good, a resource shortage for its round). */
  get besideClockCount(): number {
    return this.#s.besideLength;
  }
  besideClock(i: number): string {
    return this.#s.eventIds[this.#s.besideClock[i]];
  }

  // --- the meeting (phase 3) ------------------------------------------------------------------------

  /** The meeting's tick (1 … ticks). */
  get tick(): number {
    return this.#s.tick;
  }
  /** Where `seat`'s pawn stands (public since phase 2). */
  location(seat: number): number {
    return this.#locations[seat];
  }
  /** Whether `seat` has laid an upgrade card (the colour is hidden). */
  committed(seat: number): boolean {
    return this.#committed[seat] !== 0;
  }
  /** Whether `seat` has sent PASS. */
  passed(seat: number): boolean {
    return this.#passed[seat] !== 0;
  }
  /** This seat's laid card: NONE (none yet), GREEN or RED. */
  get ownCommit(): number {
    return this.#commits[this.seat];
  }
  /** This seat's latest PROMISE this meeting: NONE, GREEN or RED. */
  get ownPromise(): number {
    return this.#promises[this.seat];
  }
  /** The meeting's proposals: numbered 0 … proposalCount − 1 in the order they were made. */
  get proposalCount(): number {
    return this.#s.proposalCount;
  }
  /** Proposal i's continent; −1 when this seat may not see it (private channels, GR-A11). */
  proposalContinent(i: number): number {
    const c = this.#propContinent[i];
    return this.#private && c !== this.#locations[this.seat] ? -1 : c;
  }
  proposalProposer(i: number): number {
    return this.proposalContinent(i) === -1 ? -1 : this.#propProposer[i];
  }
  /** Proposal i's upgrader: a seat or NOBODY. */
  proposalUpgrader(i: number): number {
    return this.proposalContinent(i) === -1 ? -1 : this.#propUpgrader[i];
  }
  /** The seats that accepted proposal i (its proposer included), as a mask. */
  proposalAccepted(i: number): number {
    return this.proposalContinent(i) === -1 ? 0 : this.#propAccepted[i];
  }
  /** The seats that sent a REJECT of proposal i, as a mask. */
  proposalRejected(i: number): number {
    return this.proposalContinent(i) === -1 ? 0 : this.#propRejected[i];
  }
  /** Whether this seat has sent a REJECT of proposal i. */
  hasRejected(i: number): boolean {
    return (this.#propRejected[i] & (1 << this.seat)) !== 0;
  }
  /** Proposal i's rotation clauses: `proposalClauseRound(i, k)`, `proposalClauseUpgrader(i, k)`, k < proposalClauseCount(i). */
  proposalClauseCount(i: number): number {
    return this.proposalContinent(i) === -1 ? 0 : this.#s.propClauseCount[i];
  }
  proposalClauseRound(i: number, k: number): number {
    return this.#s.poolRound[this.#s.propClauseStart[i] + k];
  }
  proposalClauseUpgrader(i: number, k: number): number {
    return this.#s.poolUpgrader[this.#s.propClauseStart[i] + k];
  }
  /** Proposal i's id ("r3-V-1": round, continent letter, number in the meeting), as the story names it; "r3-?-1" when its continent is hidden from this seat. */
  proposalId(i: number): string {
    // A proposal this seat may not see (private channels) shows no continent: "r3-?-2".
    const c = this.proposalContinent(i);
    return c === -1 ? `r${this.#s.round}-?-${i + 1}` : proposalId(this.#s.round, c, i);
  }
  /** The agreement in force on continent c: its proposal, or −1 (none, or hidden from this seat). */
  agreement(c: number): number {
    return this.#private && c !== this.#locations[this.seat] ? -1 : this.#agreementProposal[c];
  }
  /** The parties of the agreement on c (a mask; 0 when there is none). */
  agreementParties(c: number): number {
    return this.agreement(c) < 0 ? 0 : this.#agreementParties[c];
  }
  /** The upgrader of the agreement on c: a party, or NOBODY. */
  agreementUpgrader(c: number): number {
    return this.agreement(c) < 0 ? -1 : this.#agreementUpgrader[c];
  }
  /**
   * The rotation clauses from earlier rounds that bind `seat` this round (§15.2: the same parties, and
   * nobody else, met on one continent): the upgrader of the first naming somebody else (a seat or
   * NOBODY), else `seat` if one names it, else NO_CLAUSE.
   */
  clausePlan(seat: number): number {
    const s = this.#s;
    let plan = NO_CLAUSE;
    for (let i = 0; i < s.bindingCount; i++) {
      const k = s.binding[i];
      const parties = s.clauseParties[k];
      if ((parties & (1 << seat)) === 0 || (this.#private && (parties & (1 << this.seat)) === 0)) continue;
      const upgrader = s.clauseUpgrader[k];
      if (upgrader !== seat) return upgrader;
      plan = seat;
    }
    return plan;
  }
  /**
   * The standing rotation clauses, agreed in earlier rounds for later ones (with private channels only
   * those this seat is a party to): clause k binds in `clauseRound(k)` the parties `clauseParties(k)`
   * (a mask) if they meet alone on one continent, naming `clauseUpgrader(k)`; `clauseSource(k)` is the
   * id of the agreement it came from. `clauseBinds(k)`: it binds this round's meeting.
   */
  get clauseCount(): number {
    return this.#s.clauseCount;
  }
  clauseRound(k: number): number {
    return this.#clauseVisible(k) ? this.#s.clauseRound[k] : 0;
  }
  clauseParties(k: number): number {
    return this.#clauseVisible(k) ? this.#s.clauseParties[k] : 0;
  }
  clauseUpgrader(k: number): number {
    return this.#clauseVisible(k) ? this.#s.clauseUpgrader[k] : -1;
  }
  clauseSource(k: number): string {
    return this.#clauseVisible(k) ? this.#h.sourceName(this.#s.clauseSource[k]) : '';
  }
  clauseBinds(k: number): boolean {
    const s = this.#s;
    if (!this.#clauseVisible(k) || s.stage !== Stage.meeting) return false;
    for (let i = 0; i < s.bindingCount; i++) if (s.binding[i] === k) return true;
    return false;
  }
  #clauseVisible(k: number): boolean {
    return !this.#private || (this.#s.clauseParties[k] & (1 << this.seat)) !== 0;
  }

  // --- the messages (this meeting's and the history's) -----------------------------------------------

  /**
   * The messages of round i's meeting (i < historyLength: a finished round; i = historyLength: this
   * round's, so far: none before its meeting opens) are entries `messagesFrom(i)` … `messagesTo(i) − 1` of the game's log. A message
   * this seat may not read (private channels) has type 0 and sender −1.
   */
  messagesFrom(i: number): number {
    const s = this.#s;
    return i < s.historyLength ? this.#h.logStart(i) : s.stage === Stage.meeting ? s.meetingLog : s.logLength;
  }
  messagesTo(i: number): number {
    return i < this.#s.historyLength ? this.#h.logEnd(i) : this.#s.logLength;
  }
  messageTick(k: number): number {
    return this.#visible(k) ? this.#h.logField(k, LOG_TICK) : 0;
  }
  messageFrom(k: number): number {
    return this.#visible(k) ? this.#h.logField(k, LOG_FROM) : -1;
  }
  /** MSG_PROPOSE … MSG_GIFT (MSG_COMMITTED: a seat laid its card), or 0 when hidden. */
  messageType(k: number): number {
    return this.#visible(k) ? this.#h.logField(k, LOG_TYPE) : 0;
  }
  /** The continent it is about (−1: a GIFT). */
  messageContinent(k: number): number {
    return this.#visible(k) ? this.#h.logField(k, LOG_CONTINENT) : -1;
  }
  /** PROPOSE: its proposal's number; ACCEPT, REJECT: the proposal referred to; PROMISE: the proposal or −1; GIFT: the recipient. */
  messageRef(k: number): number {
    return this.#visible(k) ? this.#h.logField(k, LOG_A) : -1;
  }
  /** PROMISE: GREEN or RED; GIFT: the amount. */
  messageValue(k: number): number {
    return this.#visible(k) ? this.#h.logField(k, LOG_B) : 0;
  }
  #visible(k: number): boolean {
    if (!this.#private) return true;
    const h = this.#h;
    const about = h.logField(k, LOG_CONTINENT);
    if (about === -1 || h.logField(k, LOG_FROM) === this.seat) return true;
    // Where this seat stood in the message's round.
    const r = h.roundOfMessage(k);
    const own = r < this.#s.historyLength ? h.seat(r, this.seat, S_LOCATION) : this.#locations[this.seat];
    return about === own;
  }

  // --- the history of finished rounds (index i = round i + 1) ------------------------------------------

  /** Rounds finished, oldest first. */
  get historyLength(): number {
    return this.#s.historyLength;
  }
  histRound(i: number): number {
    return i + 1;
  }
  histStartPlayer(i: number): number {
    return this.#h.round(i, R_START_PLAYER);
  }
  /** The resource card current in round i (its extraction applied), and the one revealed in its phase 6 (null: none, GR-A3). */
  histResourceCard(i: number): string {
    return this.#s.config.params.resourceDeck.cards[this.#h.round(i, R_RESOURCE_CARD)].id;
  }
  histNextResourceCard(i: number): string | null {
    const card = this.#h.round(i, R_NEXT_CARD);
    return card < 0 ? null : this.#s.config.params.resourceDeck.cards[card].id;
  }
  /** The wheel's field in round i, and the event card it drew (an id; "blank" in a counterfactual; null: none). */
  histWheel(i: number): WheelField {
    return WHEEL_FIELDS[this.#h.round(i, R_WHEEL)];
  }
  histEvent(i: number): string | null {
    const slot = this.#h.round(i, R_EVENT);
    return slot < 0 ? null : this.#s.eventIds[slot];
  }
  /** Where `seat`'s pawn stood after phase 2, and in phase 5 (after #24/#25 moved it). */
  histLocation(i: number, seat: number): number {
    return this.#seatRows[(i * this.#players + seat) * SEAT_FIELDS + S_LOCATION];
  }
  histFinalLocation(i: number, seat: number): number {
    return this.#h.seat(i, seat, S_FINAL_LOCATION);
  }
  /** The card `seat` laid in phase 3 (NONE: none by the deadline), before events moved it, and the tick it laid it. */
  histCommit(i: number, seat: number): number {
    return this.#seatRows[(i * this.#players + seat) * SEAT_FIELDS + S_COMMIT];
  }
  histCommitTick(i: number, seat: number): number {
    return this.#h.seat(i, seat, S_COMMIT_TICK);
  }
  /** The card lying in front of `seat` in phase 5 (after #23/#25 passed them; a seat without one received a red). */
  histFinalCard(i: number, seat: number): number {
    return this.#h.seat(i, seat, S_FINAL_CARD);
  }
  /** Whether `seat` counted as an upgrader in phase 5 (after forced and banned upgrades, §5.1). */
  histUpgraded(i: number, seat: number): boolean {
    return this.#h.seat(i, seat, S_UPGRADED) !== 0;
  }
  /** Whether `seat` was the sole, paid-double upgrader. */
  histSucceeded(i: number, seat: number): boolean {
    return this.#seatRows[(i * this.#players + seat) * SEAT_FIELDS + S_SUCCEEDED] !== 0;
  }
  histPayout(i: number, seat: number): number {
    return this.#h.seat(i, seat, S_PAYOUT);
  }
  histFines(i: number, seat: number): number {
    return this.#h.seat(i, seat, S_FINES);
  }
  /** Gold `seat` gained (or lost) by round i's event card. */
  histEventGold(i: number, seat: number): number {
    return this.#h.seat(i, seat, S_EVENT_GOLD);
  }
  /** `seat`'s gold when phase 4 began and after phase 6 (null: hidden, GR-A36). */
  histGoldBefore(i: number, seat: number): number | null {
    return this.#hidden && seat !== this.seat ? null : this.#h.seat(i, seat, S_GOLD_BEFORE);
  }
  histGoldAfter(i: number, seat: number): number | null {
    return this.#hidden && seat !== this.seat ? null : this.#h.seat(i, seat, S_GOLD_AFTER);
  }
  /** Whether `seat` was bound to lay red in round i (§15.3: by an agreement, a rotation clause or its RED promise); `histBreachVictims` says whether it broke it. */
  histBound(i: number, seat: number): boolean {
    return this.#h.seat(i, seat, S_BOUND) !== 0;
  }
  /** −1 if `seat` broke no obligation in round i; else the mask of the seats it let down. */
  histBreachVictims(i: number, seat: number): number {
    return this.#seatRows[(i * this.#players + seat) * SEAT_FIELDS + S_BREACH_VICTIMS];
  }
  /** What `seat` broke in round i: the agreement's (or rotation clause's source's) id, "promise", or "" for none. */
  histBreachSource(i: number, seat: number): string {
    return this.#seatRows[(i * this.#players + seat) * SEAT_FIELDS + S_BREACH_VICTIMS] === -1 ? '' : this.#h.sourceName(this.#h.seat(i, seat, S_BREACH_SOURCE));
  }
  /** Continent c's stock when phase 4 began, after phase 5 and after phase 6; its extraction; what phase 6 respawned. */
  histStockBefore(i: number, c: number): number {
    return this.#h.continent(i, c, C_STOCK_BEFORE);
  }
  histStockAfterProfit(i: number, c: number): number {
    return this.#h.continent(i, c, C_STOCK_AFTER_PROFIT);
  }
  histStockAfter(i: number, c: number): number {
    return this.#h.continent(i, c, C_STOCK_AFTER);
  }
  histExtract(i: number, c: number): number {
    return this.#h.continent(i, c, C_EXTRACT);
  }
  histRespawned(i: number, c: number): number {
    return this.#h.continent(i, c, C_RESPAWNED);
  }
  /** Whether continent c had an upgrade scandal (two or more upgraders) / a disaster in round i. */
  histCollision(i: number, c: number): boolean {
    return this.#h.continent(i, c, C_COLLISION) !== 0;
  }
  histDisaster(i: number, c: number): boolean {
    return this.#h.continent(i, c, C_DISASTER) !== 0;
  }
  /** The agreement made on continent c in round i: its proposal's number (−1: none, or hidden: private channels), parties and upgrader. */
  histAgreement(i: number, c: number): number {
    if (this.#private && c !== this.histLocation(i, this.seat)) return -1;
    return this.#h.continent(i, c, C_AGREEMENT);
  }
  histAgreementParties(i: number, c: number): number {
    return this.histAgreement(i, c) < 0 ? 0 : this.#h.continent(i, c, C_PARTIES);
  }
  histAgreementUpgrader(i: number, c: number): number {
    return this.histAgreement(i, c) < 0 ? -1 : this.#h.continent(i, c, C_UPGRADER);
  }
  /** Round i's proposals: `histProposalUpgrader(i, p)` and its clauses, p < histProposalCount(i) (the meeting's numbers; hidden ones as in `proposalContinent`). */
  histProposalCount(i: number): number {
    return this.#h.proposalCount(i);
  }
  histProposalContinent(i: number, p: number): number {
    const c = this.#h.proposal(i, p, A_CONTINENT);
    return this.#private && c !== this.histLocation(i, this.seat) ? -1 : c;
  }
  histProposalUpgrader(i: number, p: number): number {
    return this.histProposalContinent(i, p) === -1 ? -1 : this.#h.proposal(i, p, A_UPGRADER);
  }
  histProposalClauseCount(i: number, p: number): number {
    return this.histProposalContinent(i, p) === -1 ? 0 : this.#h.proposal(i, p, A_CLAUSES);
  }
  histProposalClauseRound(i: number, p: number, k: number): number {
    return this.#h.proposalClause(i, p, k, 0);
  }
  histProposalClauseUpgrader(i: number, p: number, k: number): number {
    return this.#h.proposalClause(i, p, k, 1);
  }
}

// A bot file is handed its view frozen; its class is frozen too, so no bot can change a method every view shares.
Object.freeze(GoldrauschView.prototype);
Object.freeze(GoldrauschView);
