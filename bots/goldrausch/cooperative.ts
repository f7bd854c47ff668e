/**
 * Cooperative (docs/games/goldrausch.md §15.4).
 *
 * Proposes the fair upgrader (fewest successful upgrades; tie → poorest; tie → first clockwise from
 * the start player) and accepts any proposal naming the fair upgrader or itself. Keeps every
 * obligation and commits early: at once when alone (green) or as soon as a plan binds it (green if it
 * is the upgrader, else red). Without a plan by mid-meeting — or once everybody else on its
 * continent has laid a card without one — it plays the §14 baseline: green with probability p, but
 * red while one of its acceptances of another plan is still open and could complete (acceptances
 * cannot be withdrawn). Once it has laid green it agrees only to plans naming itself. So its card
 * never breaks a plan it agreed to.
 *
 * `CooperativeBot` also plays Reciprocal (reciprocal.ts: `hostile`, whom it refuses and punishes) and
 * Opportunist (opportunist.ts: `breaksObligation`, when it breaks a plan): one class with a kind, not
 * subclasses, so every call site in it stays monomorphic on the kernel's hot path.
 */
import {
  GREEN,
  MSG_ALL,
  MSG_PASS,
  MSG_PROMISE,
  MSG_REJECT,
  NOBODY,
  NONE,
  type GoldrauschBot,
  type GoldrauschBotFactory,
  type Outbox,
} from '../../src/games/goldrausch/bot.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { logitContinent } from './lib/continent.js';
import { baseline, breachGain, breachWins, fairUpgrader } from './lib/estimate.js';
import { recentBetrayers } from './lib/history.js';
import {
  hasOpenAcceptance,
  hasProposed,
  held,
  heldGreen,
  heldRed,
  NO_PLAN,
  othersCommittedIn,
  passWhenDone,
  planOn,
  popcount,
  type Random,
  Seating,
  seatingOf,
} from './lib/seats.js';

/** Which bot of the cooperative family. */
export const COOPERATIVE = 0;
export const RECIPROCAL = 1;
export const OPPORTUNIST = 2;

export class CooperativeBot implements GoldrauschBot {
  /** PASS, PROMISE and REJECT do not wake it from an idle promise. */
  readonly idleWake = MSG_ALL & ~(MSG_PASS | MSG_PROMISE | MSG_REJECT);
  // Reciprocal's `hostile`, remembered per (game, history length, round) as the reference does.
  private hostileGame = -1;
  private hostileLength = -1;
  private hostileRound = -1;
  private hostileMask = 0;
  /** Its continent and the seats there, per meeting. */
  private readonly seating = new Seating();
  // `fairUpgrader` remembered per (game, round, excluded seats), as the reference remembers it per
  // (history, pawns, gold, start player, players, excluded seats): within a meeting the history,
  // pawns and start player stay the same, and gold moves only by GIFT, which built-in bots never send.
  private fairGame = -1;
  private fairRound = -1;
  private fairExclude = 0;
  private fairSeat = -1;

  /**
   * @param random this seat's own stream
   * @param kind COOPERATIVE, RECIPROCAL or OPPORTUNIST
   * @param k Reciprocal: how many past rounds a betrayal is remembered
   * @param minGain Opportunist: expected gold a last-round breach must gain
   */
  constructor(
    readonly seat: number,
    private readonly random: Random,
    private readonly kind = COOPERATIVE,
    private readonly k = 2,
    private readonly minGain = 1,
  ) {}

  /** Seats (mask) it will not name as upgrader and punishes when it meets them (Reciprocal: recent betrayers). */
  private hostile(view: GoldrauschView): number {
    if (this.kind !== RECIPROCAL) return 0;
    if (view.game !== this.hostileGame || view.historyLength !== this.hostileLength || view.round !== this.hostileRound) {
      this.hostileMask = recentBetrayers(view, this.seat, this.k);
      this.hostileGame = view.game;
      this.hostileLength = view.historyLength;
      this.hostileRound = view.round;
    }
    return this.hostileMask;
  }

  /** Whether to lay green although the plan naming `upgrader` obliges red (Opportunist only). */
  private breaksObligation(view: GoldrauschView, upgrader: number): boolean {
    if (this.kind !== OPPORTUNIST) return false;
    if (view.round >= view.rounds && breachGain(view, upgrader) >= this.minGain) return true;
    return breachWins(view, upgrader);
  }

  chooseContinent(view: GoldrauschView): number {
    return logitContinent(view, this.random);
  }

  negotiate(view: GoldrauschView, out: Outbox): void {
    if (!this.nextMessage(view, out)) passWhenDone(view, out);
  }

  /** CooperativeBot.nextMessage: writes the most useful message into `out` and returns true, or false. */
  private nextMessage(view: GoldrauschView, out: Outbox): boolean {
    const me = this.seat;
    const seating = seatingOf(this.seating, view);
    if (seating.count === 1) return false;
    const c = seating.c;
    const hostile = this.kind === RECIPROCAL ? this.hostile(view) : 0;

    if (hostile !== 0) {
      const n = view.proposalCount;
      for (let i = 0; i < n; i++) {
        if (view.proposalContinent(i) !== c) continue;
        const upgrader = view.proposalUpgrader(i);
        if (upgrader === NOBODY || (hostile & (1 << upgrader)) === 0) continue;
        if (!view.hasRejected(i)) {
          out.reject(i);
          return true;
        }
      }
      if ((hostile & seating.mask) !== 0) {
        // Punishing: it will lay green, so it agrees only to plans that name itself.
        const accept = this.bestProposal(view, me, me);
        if (accept >= 0) {
          out.accept(accept);
          return true;
        }
        if (planOn(view, c, me) === NO_PLAN && !hasProposed(view, me, c, me)) {
          out.propose(me);
          return true;
        }
        return false;
      }
    }

    if (planOn(view, c, me) !== NO_PLAN) return false;
    if (view.ownCommit === GREEN) {
      const accept = this.bestProposal(view, me, me);
      if (accept < 0) return false;
      out.accept(accept);
      return true;
    }
    const fair = this.fairUpgrader(view, seating.mask, hostile);
    // ACCEPT the best plan naming fair or itself; else wait if fair is proposed; else PROPOSE fair.
    const accept = this.bestProposal(view, fair, me);
    if (accept >= 0) {
      out.accept(accept);
      return true;
    }
    if (this.namesA) return false; // waiting for the others
    out.propose(fair);
    return true;
  }

  /** `fairUpgrader` among `mask` (the seats on this seat's continent), remembered per meeting (see fairGame). */
  private fairUpgrader(view: GoldrauschView, mask: number, exclude: number): number {
    if (view.game !== this.fairGame || view.round !== this.fairRound || exclude !== this.fairExclude) {
      this.fairSeat = fairUpgrader(view, mask & ~exclude);
      this.fairGame = view.game;
      this.fairRound = view.round;
      this.fairExclude = exclude;
    }
    return this.fairSeat;
  }

  /**
   * The proposal on this seat's continent, not yet accepted by it, naming `a` or `b` (seats or
   * NOBODY), with the most acceptances (then the oldest); its index or −1. Also sets `namesA`: some
   * proposal on the continent names `a` (accepted by this seat or not), which nextMessage needs too,
   * from the same pass.
   */
  private bestProposal(view: GoldrauschView, a: number, b: number): number {
    const me = this.seat;
    const c = this.seating.c; // (up to date: called from nextMessage only)
    const bit = 1 << me;
    const n = view.proposalCount;
    let best = -1;
    let bestAccepted = -1;
    let namesA = false;
    for (let i = 0; i < n; i++) {
      if (view.proposalContinent(i) !== c) continue;
      const upgrader = view.proposalUpgrader(i);
      if (upgrader === a) namesA = true;
      else if (upgrader !== b) continue;
      const accepted = view.proposalAccepted(i);
      if ((accepted & bit) !== 0) continue;
      const count = popcount(accepted);
      if (count > bestAccepted) {
        best = i;
        bestAccepted = count;
      }
    }
    this.namesA = namesA;
    return best;
  }

  /** Set by bestProposal: some proposal on this seat's continent names its `a`. */
  private namesA = false;

  commitUpgrade(view: GoldrauschView): number {
    if (view.ownCommit !== NONE) return NONE; // a laid card stays (GR-A10 commitRevisable)
    const me = this.seat;
    const seating = seatingOf(this.seating, view);
    if (seating.count === 1) return heldGreen(view); // alone
    if (this.kind === RECIPROCAL) {
      const hostile = this.hostile(view);
      if (hostile !== 0 && (hostile & seating.mask) !== 0) return heldGreen(view); // punishment
    }
    const c = seating.c;
    const plan = planOn(view, c, me);
    if (plan !== NO_PLAN) {
      if (plan === me) return heldGreen(view);
      return held(view, this.breaksObligation(view, plan));
    }
    const othersDone = othersCommittedIn(view, seating.mask, me);
    if (view.tick > view.ticks / 2 || othersDone) {
      const green = this.random.next() < baseline(view, c, seating.count);
      if (green && !othersDone && hasOpenAcceptance(view, me, c)) return heldRed(view);
      return held(view, green);
    }
    return NONE;
  }

  idleUntil(view: GoldrauschView): number {
    const baselineTick = Math.floor(view.ticks / 2) + 1;
    if (view.tick >= baselineTick) return 0;
    const seating = seatingOf(this.seating, view);
    return othersCommittedIn(view, seating.mask, this.seat) ? 0 : baselineTick;
  }
}

const cooperativeBot: GoldrauschBotFactory = {
  name: 'cooperative',
  description:
    'Proposes the fair upgrader (fewest successful upgrades, then poorest, then clockwise from the start player); ' +
    'accepts proposals naming it or itself; keeps obligations and commits early; without an agreement by ' +
    'mid-meeting plays the §14 baseline p.',
  create: (seat, random) => new CooperativeBot(seat, random, COOPERATIVE, 0, 0),
};

export default cooperativeBot;
