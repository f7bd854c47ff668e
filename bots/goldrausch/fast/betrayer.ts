/**
 * Fast twin of Betrayer (../betrayer.ts, every makeBetrayer variant): proposes itself, accepts every
 * proposal on its continent, promises red once a plan obliges it (option), lays late; obliged to red
 * it breaks with probability β ('always'), or only when the breach pays and then with probability β
 * ('profitable'); not obliged it lays green ('always', or 'profitable' named by the plan) or decides
 * like Greedy.
 */
import {
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
  type FastRandom,
  type FastView,
} from '../../../src/games/goldrausch/fast/view.js';
import {
  agreementRef,
  breachGain,
  breachWins,
  greenPays,
  hasProposed,
  held,
  heldGreen,
  logitContinent,
  message,
  NO_PLAN,
  NO_RANDOM,
  passWhenDone,
  planOn,
  seatingOf,
  Seating,
} from './lib.js';

export class FastBetrayer implements FastBot {
  /** BetrayerBot.idleIgnores: PASS, COMMITTED, PROMISE and REJECT do not wake it. */
  readonly idleWake = MSG_ALL & ~(MSG_PASS | MSG_COMMITTED | MSG_PROMISE | MSG_REJECT);
  private seat = 0;
  private random: FastRandom = NO_RANDOM;
  /** Its continent and the seats there, per meeting. */
  private readonly seating = new Seating();

  /**
   * @param beta probability of green when obliged to red
   * @param profitable mode 'profitable' (else 'always')
   * @param promise send PROMISE RED once a plan obliges it to red
   */
  constructor(
    private readonly beta: number,
    private readonly profitable: boolean,
    private readonly promise: boolean,
  ) {}

  newGame(seat: number, random: FastRandom): void {
    this.seat = seat;
    this.random = random;
    this.seating.game = -1;
  }

  chooseContinent(view: FastView): number {
    return logitContinent(view, this.random);
  }

  negotiate(view: FastView, out: FastMessage): boolean {
    const me = this.seat;
    const seating = seatingOf(this.seating, view);
    const c = seating.c;
    if (seating.count === 1) return passWhenDone(view, out);
    const plan = planOn(view, c, me);
    if (plan === NO_PLAN && !hasProposed(view, me, c, me)) return message(out, MSG_PROPOSE, me, -1, NONE);
    const n = view.proposalCount;
    const bit = 1 << me;
    for (let i = 0; i < n; i++) {
      if (view.proposalContinent(i) === c && (view.proposalAccepted(i) & bit) === 0) return message(out, MSG_ACCEPT, NOBODY, i, NONE);
    }
    if (this.promise && plan !== NO_PLAN && plan !== me && view.ownPromise === NONE) {
      return message(out, MSG_PROMISE, NOBODY, agreementRef(view, me), RED);
    }
    return passWhenDone(view, out);
  }

  commitUpgrade(view: FastView): number {
    if (view.ownCommit !== NONE) return NONE; // a laid card stays (GR-A10 commitRevisable)
    const seating = seatingOf(this.seating, view);
    if (seating.count === 1) return heldGreen(view); // alone
    // Late, but not in the last tick.
    if (view.tick < Math.max(1, view.ticks - 1)) return NONE;
    // obligedRed: a plan names somebody else (or nobody), or its latest PROMISE is RED
    const me = this.seat;
    const plan = planOn(view, seating.c, me);
    if ((plan !== NO_PLAN && plan !== me) || view.ownPromise === RED) return held(view, this.breaks(view, plan));
    if (!this.profitable || plan === me) return heldGreen(view);
    return held(view, greenPays(view));
  }

  idleUntil(view: FastView): number {
    const lay = Math.max(1, view.ticks - 1);
    return view.tick < lay ? lay : 0;
  }

  /** Whether to break the obligation to red; `plan` is planInForce for this seat. */
  private breaks(view: FastView, plan: number): boolean {
    if (this.profitable) {
      const upgrader = plan === NO_PLAN ? NOBODY : plan; // obliged only by its own promise: nobody is named
      if (breachGain(view, upgrader) <= 0 && !breachWins(view, upgrader)) return false;
    }
    return this.beta >= 1 || this.random.next() < this.beta;
  }
}

export function fastBetrayer(beta: number, mode: 'always' | 'profitable', promise: boolean): () => FastBot {
  const profitable = mode === 'profitable';
  return () => new FastBetrayer(beta, profitable, promise);
}
