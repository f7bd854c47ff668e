/**
 * One seat's window on the fast kernel (`FastView`, fast/view.ts) and its own random stream: getters
 * over the kernel's live lists, filtered as the information model says (docs/games/goldrausch.md §13:
 * hidden gold, GR-A36; private channels, GR-A11).
 */
import { unitFloat } from '../../../core/random.js';
import type { FastKernel } from './kernel.js';
import type { FastMeeting } from './meeting.js';
import { NOBODY, type FastRandom, type FastView } from './view.js';

/** A seat's own random stream: `RandomStream` of core/random.ts with the purpose's hash computed once. */
export class SeatRandom implements FastRandom {
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
  private readonly hidden: boolean;
  private readonly private: boolean;

  constructor(
    private readonly k: FastKernel,
    private readonly m: FastMeeting,
    readonly seat: number,
  ) {
    this.players = k.players;
    this.rounds = k.rounds;
    this.fine = k.fine;
    this.winThreshold = k.winThreshold;
    this.winThresholdStrict = k.strict;
    this.ticks = m.ticks;
    this.disaster = k.disaster;
    this.paramsKey = k.paramsKey;
    this.stock = k.stock;
    this.extract = k.extract;
    this.countryHand = k.countryHands[seat];
    this.upgradeHand = k.upgradeHands[seat];
    this.kept = k.kept;
    this.broken = k.broken;
    this.locations = k.locations;
    this.committed = m.committed;
    this.passed = m.passed;
    this.hidden = k.goldHidden;
    this.private = m.privateChannels;
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
    return this.m.tick;
  }
  get ownCommit(): number {
    return this.m.commits[this.seat];
  }
  get ownPromise(): number {
    return this.m.promises[this.seat];
  }
  get proposalCount(): number {
    return this.m.proposalCount;
  }
  proposalContinent(i: number): number {
    const c = this.m.proposalContinents[i];
    return this.private && c !== this.k.locations[this.seat] ? -1 : c;
  }
  proposalProposer(i: number): number {
    return this.m.proposalProposers[i];
  }
  proposalUpgrader(i: number): number {
    return this.m.proposalUpgraders[i];
  }
  proposalAccepted(i: number): number {
    return this.m.proposalAcceptances[i];
  }
  agreement(c: number): number {
    return this.private && c !== this.k.locations[this.seat] ? -1 : this.m.agreementProposals[c];
  }
  agreementParties(c: number): number {
    return this.agreement(c) < 0 ? 0 : this.m.agreementPartyMasks[c];
  }
  agreementUpgrader(c: number): number {
    return this.agreement(c) < 0 ? NOBODY : this.m.agreementUpgraders[c];
  }
  hasRejected(i: number): boolean {
    return this.m.rejected[this.seat * this.m.maxProposals + i] === this.m.meetingStamp;
  }
}
