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
import type { RandomStream } from '../../src/core/random.js';
import type { GoldrauschBot, GoldrauschBotFactory, OutgoingMessage } from '../../src/games/goldrausch/bot.js';
import type { MessageType } from '../../src/games/goldrausch/state.js';
import type { Colour, Continent } from '../../src/games/goldrausch/types.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { fastBetrayer } from './fast/betrayer.js';
import { breachGain, breachWins } from './lib/breach.js';
import { ContinentScorer } from './lib/continent.js';
import { meetingRivals, newUpgradeValue, Rivals, upgradeValueOn } from './lib/estimate.js';
import { SeatHabits } from './lib/history.js';
import { agreementId, hasPromised, hasProposed, NO_PLAN, NOBODY, obligedRed, planInForce, propose } from './lib/meeting.js';
import { countOn, heldColour, isAlone, NO_MESSAGES, passWhenDone } from './lib/seats.js';

const SCRATCH_RIVALS = new Rivals();
const SCRATCH_VALUE = newUpgradeValue();

export interface BetrayerOptions {
  /** Probability of laying green when obliged to red (default 1). */
  readonly beta?: number;
  /** 'always': break with probability β; 'profitable': only when the breach pays, then with probability β. */
  readonly mode?: 'always' | 'profitable';
  /** Send PROMISE RED once a plan obliges it to red (default true). */
  readonly promise?: boolean;
}

class BetrayerBot implements GoldrauschBot {
  private readonly habits = new SeatHabits();
  private readonly scorer = new ContinentScorer(this.habits);
  // Scratch, filled and read within one call: shared by all instances (no typed arrays per game).
  private readonly rivals = SCRATCH_RIVALS;
  private readonly value = SCRATCH_VALUE;

  constructor(
    readonly name: string,
    private readonly seat: number,
    private readonly random: RandomStream,
    private readonly beta: number,
    private readonly mode: 'always' | 'profitable',
    private readonly promise: boolean,
  ) {}

  chooseContinent(view: GoldrauschView): Continent {
    return this.scorer.logit(view, this.random);
  }

  negotiate(view: GoldrauschView): readonly OutgoingMessage[] {
    const meeting = view.meeting;
    if (meeting === null) return NO_MESSAGES;
    const me = this.seat;
    const c = meeting.locations[me];
    if (countOn(meeting.locations, c) === 1) return passWhenDone(view);
    const plan = planInForce(view, me);
    if (plan === NO_PLAN && !hasProposed(meeting, me, c, me)) return [propose(me)];
    const proposals = meeting.proposals;
    for (let i = 0; i < proposals.length; i++) {
      const p = proposals[i];
      if (p.continent === c && !p.acceptedBy.includes(me)) return [{ type: 'ACCEPT', ref: p.id }];
    }
    if (this.promise && plan !== NO_PLAN && plan !== me && !hasPromised(meeting, me)) {
      const ref = agreementId(view, me);
      return [ref === undefined ? { type: 'PROMISE', action: 'RED' } : { type: 'PROMISE', action: 'RED', ref }];
    }
    return passWhenDone(view);
  }

  commitUpgrade(view: GoldrauschView): Colour | null {
    if (view.meeting!.ownCommit !== null) return null; // a laid card stays (GR-A10 commitRevisable)
    if (isAlone(view)) return heldColour(view, 'green');
    const meeting = view.meeting!;
    // Late, but not in the last tick, where a commitment may come too late (§15.1 pLate).
    if (meeting.tick < Math.max(1, meeting.ticks - 1)) return null;
    if (obligedRed(view, this.seat)) return heldColour(view, this.breaks(view) ? 'green' : 'red');
    if (this.mode === 'always' || planInForce(view, this.seat) === this.seat) return heldColour(view, 'green');
    return heldColour(view, this.greenPays(view) ? 'green' : 'red');
  }

  /**
   * Speed hint (`GoldrauschBot.idleUntil`), asked after a turn without message or card: `negotiate`
   * reads only its continent's proposals and agreements and its own messages, never the tick, and
   * `commitUpgrade` waits for the second-to-last tick without drawing from its stream. Until then
   * neither reads who has passed or laid a card, other seats' promises or their rejections.
   */
  readonly idleIgnores: readonly MessageType[] = ['PASS', 'COMMITTED', 'PROMISE', 'REJECT'];

  idleUntil(view: GoldrauschView): number {
    const meeting = view.meeting!;
    const lay = Math.max(1, meeting.ticks - 1);
    return meeting.tick < lay ? lay : 0;
  }

  private breaks(view: GoldrauschView): boolean {
    if (this.mode === 'profitable') {
      const plan = planInForce(view, this.seat);
      const upgrader = plan === NO_PLAN ? NOBODY : plan; // obliged only by its own promise: nobody is named
      if (breachGain(view, upgrader, this.rivals, this.value) <= 0 && !breachWins(view, upgrader)) return false;
    }
    return this.beta >= 1 || this.random.next() < this.beta;
  }

  /** Greedy's test: green iff it is worth more given the others' historical upgrade rates. */
  private greenPays(view: GoldrauschView): boolean {
    meetingRivals(view, this.habits.of(view).upgrade, this.rivals);
    upgradeValueOn(view, view.meeting!.locations[this.seat], this.rivals, this.value);
    return this.value.green > this.value.red;
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
  return {
    name,
    description:
      `Proposes itself, accepts everything${promise ? ', promises red' : ''}; commits late; obliged to red it lays green ` +
      (mode === 'always' ? `with probability ${beta}.` : `when the breach pays, then with probability ${beta}.`),
    create: (seat, random) => new BetrayerBot(name, seat, random, beta, mode, promise),
    fast: fastBetrayer(beta, mode, promise),
  };
}

export default makeBetrayer();
