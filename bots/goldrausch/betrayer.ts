/**
 * Betrayer (§15.4): talks like a partner, lays like a rival.
 *
 * Proposes itself as the upgrader, accepts every proposal on its continent, and — once a plan obliges
 * it to red — sends PROMISE RED (option `promise`). It commits late, on the second-to-last tick (alone:
 * at once, green). Obliged to red it lays green with probability β (mode 'always'), or only when the
 * breach pays — expected gain > 0 under the plan with the others' breach rates from reputation, or
 * the breach wins the race — and then with probability β (mode 'profitable'). Not obliged, it lays
 * green ('always'; 'profitable' too when the plan names it) or decides like Greedy ('profitable').
 */
import {
  MSG_ALL,
  MSG_COMMITTED,
  MSG_PASS,
  MSG_PROMISE,
  MSG_REJECT,
  NOBODY,
  NONE,
  RED,
  type GoldrauschBot,
  type GoldrauschBotFactory,
  type Outbox,
} from '../../src/games/goldrausch/bot.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { logitContinent } from './lib/continent.js';
import { breachGain, breachWins, greenPays } from './lib/estimate.js';
import { agreementRef, hasProposed, held, heldGreen, NO_PLAN, passWhenDone, planOn, type Random, Seating, seatingOf } from './lib/seats.js';

export interface BetrayerOptions {
  /** Probability of laying green when obliged to red (default 1). */
  readonly beta?: number;
  /** 'always': break with probability β; 'profitable': only when the breach pays, then with probability β. */
  readonly mode?: 'always' | 'profitable';
  /** Send PROMISE RED once a plan obliges it to red (default true). */
  readonly promise?: boolean;
}

export class BetrayerBot implements GoldrauschBot {
  /** PASS, COMMITTED, PROMISE and REJECT do not wake it from an idle promise. */
  readonly idleWake = MSG_ALL & ~(MSG_PASS | MSG_COMMITTED | MSG_PROMISE | MSG_REJECT);
  /** Its continent and the seats there, per meeting. */
  private readonly seating = new Seating();

  /**
   * @param random this seat's own stream
   * @param beta probability of green when obliged to red
   * @param profitable mode 'profitable' (else 'always')
   * @param promise send PROMISE RED once a plan obliges it to red
   */
  constructor(
    readonly seat: number,
    private readonly random: Random,
    private readonly beta = 1,
    private readonly profitable = false,
    private readonly promise = true,
  ) {}

  chooseContinent(view: GoldrauschView): number {
    return logitContinent(view, this.random);
  }

  negotiate(view: GoldrauschView, out: Outbox): void {
    const me = this.seat;
    const seating = seatingOf(this.seating, view);
    const c = seating.c;
    if (seating.count === 1) {
      passWhenDone(view, out);
      return;
    }
    const plan = planOn(view, c, me);
    if (plan === NO_PLAN && !hasProposed(view, me, c, me)) {
      out.propose(me);
      return;
    }
    const n = view.proposalCount;
    const bit = 1 << me;
    for (let i = 0; i < n; i++) {
      if (view.proposalContinent(i) === c && (view.proposalAccepted(i) & bit) === 0) {
        out.accept(i);
        return;
      }
    }
    if (this.promise && plan !== NO_PLAN && plan !== me && view.ownPromise === NONE) {
      out.promise(RED, agreementRef(view, me));
      return;
    }
    passWhenDone(view, out);
  }

  commitUpgrade(view: GoldrauschView): number {
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

  idleUntil(view: GoldrauschView): number {
    const lay = Math.max(1, view.ticks - 1);
    return view.tick < lay ? lay : 0;
  }

  /** Whether to break the obligation to red; `plan` is planInForce for this seat. */
  private breaks(view: GoldrauschView, plan: number): boolean {
    if (this.profitable) {
      const upgrader = plan === NO_PLAN ? NOBODY : plan; // obliged only by its own promise: nobody is named
      if (breachGain(view, upgrader) <= 0 && !breachWins(view, upgrader)) return false;
    }
    return this.beta >= 1 || this.random.next() < this.beta;
  }
}

/** A Betrayer variant; the default export is `makeBetrayer()` (β = 1, mode 'always', promises). */
export function makeBetrayer(options: BetrayerOptions = {}): GoldrauschBotFactory {
  const beta = options.beta ?? 1;
  const mode = options.mode ?? 'always';
  const promise = options.promise ?? true;
  if (!(beta >= 0 && beta <= 1)) throw new RangeError(`betrayer: beta must be a probability in [0, 1], got ${beta}`);
  const parts: string[] = [];
  if (beta !== 1) parts.push(`beta=${beta}`);
  if (mode !== 'always') parts.push(mode);
  if (!promise) parts.push('no-promise');
  const name = parts.length === 0 ? 'betrayer' : `betrayer(${parts.join(',')})`;
  const profitable = mode === 'profitable';
  return {
    name,
    description:
      `Proposes itself, accepts everything${promise ? ', promises red' : ''}; commits late; obliged to red it lays green ` +
      (mode === 'always' ? `with probability ${beta}.` : `when the breach pays, then with probability ${beta}.`),
    create: (seat, random) => new BetrayerBot(seat, random, beta, profitable, promise),
  };
}

export default makeBetrayer();
