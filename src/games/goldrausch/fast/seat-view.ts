/**
 * One seat's window on the state (`FastView`, fast/view.ts): getters over the state's live lists,
 * filtered as the information model says (docs/games/goldrausch.md §13: hidden gold, GR-A36; private
 * channels, GR-A11).
 */
import { S_BREACH_VICTIMS, S_COMMIT, S_LOCATION, S_SUCCEEDED } from './records.js';
import { SEAT_FIELDS, type GoldrauschState } from './state.js';
import { NOBODY, type FastView } from './view.js';

/** `FastView.clausePlan`'s answer when no rotation clause binds the seat. */
const NO_CLAUSE = -2;

export class SeatView implements FastView {
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
  // The state's lists this view reads (never replaced: held here, so a read does not go through the
  // state object, whose fields lie on many cache lines).
  private readonly goldList: readonly number[];
  private readonly commits: readonly number[];
  private readonly promises: readonly number[];
  private readonly propContinent: readonly number[];
  private readonly propProposer: readonly number[];
  private readonly propUpgrader: readonly number[];
  private readonly propAccepted: readonly number[];
  private readonly propRejected: readonly number[];
  private readonly agreementProposal: readonly number[];
  private readonly agreementPartyMasks: readonly number[];
  private readonly agreementUpgraders: readonly number[];
  private readonly seatRows: Int32Array;
  private readonly hidden: boolean;
  private readonly private: boolean;
  private readonly own: number;

  constructor(
    private readonly s: GoldrauschState,
    readonly seat: number,
  ) {
    this.players = s.players;
    this.rounds = s.rounds;
    this.fine = s.fine;
    this.winThreshold = s.winThreshold;
    this.winThresholdStrict = s.strict;
    this.ticks = s.ticks;
    this.disaster = s.disaster;
    this.paramsKey = s.paramsKey;
    this.stock = s.stock;
    this.extract = s.extract;
    this.countryHand = s.countryHands[seat];
    this.upgradeHand = s.upgradeHands[seat];
    this.kept = s.kept;
    this.broken = s.broken;
    this.locations = s.locations;
    this.committed = s.committed;
    this.passed = s.passed;
    this.goldList = s.gold;
    this.commits = s.commits;
    this.promises = s.promises;
    this.propContinent = s.propContinent;
    this.propProposer = s.propProposer;
    this.propUpgrader = s.propUpgrader;
    this.propAccepted = s.propAccepted;
    this.propRejected = s.propRejected;
    this.agreementProposal = s.agreementProposal;
    this.agreementPartyMasks = s.agreementParties;
    this.agreementUpgraders = s.agreementUpgrader;
    this.seatRows = s.seatRows;
    this.hidden = s.goldHidden;
    this.private = s.privateChannels;
    this.own = seat;
  }

  get game(): number {
    return this.s.game;
  }
  get round(): number {
    return this.s.round;
  }
  get startPlayer(): number {
    return this.s.startPlayer;
  }
  gold(seat: number): number | null {
    return this.hidden && seat !== this.own ? null : this.goldList[seat];
  }
  get historyLength(): number {
    return this.s.historyLength;
  }
  histLocation(i: number, seat: number): number {
    return this.seatRows[(i * this.players + seat) * SEAT_FIELDS + S_LOCATION];
  }
  histCommit(i: number, seat: number): number {
    return this.seatRows[(i * this.players + seat) * SEAT_FIELDS + S_COMMIT];
  }
  histSucceeded(i: number, seat: number): boolean {
    return this.seatRows[(i * this.players + seat) * SEAT_FIELDS + S_SUCCEEDED] !== 0;
  }
  histRound(i: number): number {
    return i + 1;
  }
  histBreachVictims(i: number, seat: number): number {
    return this.seatRows[(i * this.players + seat) * SEAT_FIELDS + S_BREACH_VICTIMS];
  }
  get tick(): number {
    return this.s.tick;
  }
  get ownCommit(): number {
    return this.commits[this.own];
  }
  get ownPromise(): number {
    return this.promises[this.own];
  }
  get proposalCount(): number {
    return this.s.proposalCount;
  }
  proposalContinent(i: number): number {
    const c = this.propContinent[i];
    return this.private && c !== this.locations[this.own] ? -1 : c;
  }
  proposalProposer(i: number): number {
    return this.propProposer[i];
  }
  proposalUpgrader(i: number): number {
    return this.propUpgrader[i];
  }
  proposalAccepted(i: number): number {
    return this.propAccepted[i];
  }
  agreement(c: number): number {
    return this.private && c !== this.locations[this.own] ? -1 : this.agreementProposal[c];
  }
  agreementParties(c: number): number {
    return this.agreement(c) < 0 ? 0 : this.agreementPartyMasks[c];
  }
  agreementUpgrader(c: number): number {
    return this.agreement(c) < 0 ? NOBODY : this.agreementUpgraders[c];
  }
  hasRejected(i: number): boolean {
    return (this.propRejected[i] & (1 << this.own)) !== 0;
  }
  /**
   * The rotation clauses that bind `seat` this round (§15.2): the upgrader of the first one naming
   * somebody else or nobody, else `seat` if one names it, else −2 (none).
   */
  clausePlan(seat: number): number {
    const s = this.s;
    let plan = NO_CLAUSE;
    for (let i = 0; i < s.bindingCount; i++) {
      const k = s.binding[i];
      if ((s.clauseParties[k] & (1 << seat)) === 0) continue;
      const upgrader = s.clauseUpgrader[k];
      if (upgrader !== seat) return upgrader;
      plan = seat;
    }
    return plan;
  }
}
