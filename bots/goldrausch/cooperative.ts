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
 * `CooperativeBot` is the base of Reciprocal (`hostile`: whom it refuses and punishes) and Opportunist
 * (`breaksObligation`: when it breaks a plan).
 */
import type { RandomStream } from '../../src/core/random.js';
import type { GoldrauschBot, GoldrauschBotFactory, OutgoingMessage } from '../../src/games/goldrausch/bot.js';
import type { MessageType } from '../../src/games/goldrausch/state.js';
import type { Colour, Continent } from '../../src/games/goldrausch/types.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { fastCooperative } from './fast/cooperative.js';
import { ContinentScorer } from './lib/continent.js';
import { baselineP, disasterOdds } from './lib/estimate.js';
import { fairUpgrader } from './lib/fair.js';
import { hasOpenAcceptance, hasProposed, hasRejected, names, NO_PLAN, planInForce, propose } from './lib/meeting.js';
import { countOn, heldColour, isAlone, othersCommitted, passWhenDone, seatsOn } from './lib/seats.js';

export class CooperativeBot implements GoldrauschBot {
  private readonly scorer = new ContinentScorer();

  constructor(
    readonly name: string,
    protected readonly seat: number,
    protected readonly random: RandomStream,
  ) {}

  /** Seats (bitmask) this bot will not name as upgrader and punishes when it meets them. None here. */
  protected hostile(_view: GoldrauschView): number {
    return 0;
  }

  /** Whether to lay green although the plan naming `upgrader` (a seat or NOBODY) obliges red. Never here. */
  protected breaksObligation(_view: GoldrauschView, _upgrader: number): boolean {
    return false;
  }

  chooseContinent(view: GoldrauschView): Continent {
    return this.scorer.logit(view, this.random);
  }

  negotiate(view: GoldrauschView): readonly OutgoingMessage[] {
    const message = this.nextMessage(view);
    return message === null ? passWhenDone(view) : [message];
  }

  /** At most one message per turn (params.messagesPerTick = 1): the most useful one, or null. */
  protected nextMessage(view: GoldrauschView): OutgoingMessage | null {
    const meeting = view.meeting;
    if (meeting === null) return null;
    const me = this.seat;
    const c = meeting.locations[me];
    if (countOn(meeting.locations, c) === 1) return null;
    const proposals = meeting.proposals;
    const hostile = this.hostile(view);

    if (hostile !== 0) {
      for (let i = 0; i < proposals.length; i++) {
        const p = proposals[i];
        if (p.continent !== c || p.upgrader === null || (hostile & (1 << p.upgrader)) === 0) continue;
        if (!hasRejected(meeting, me, p.id)) return { type: 'REJECT', ref: p.id };
      }
      if ((hostile & seatsOn(meeting.locations, c)) !== 0) {
        // Punishing: it will lay green, so it agrees only to plans that name itself.
        const accept = this.bestProposal(view, me, me);
        if (accept !== null) return { type: 'ACCEPT', ref: accept };
        if (planInForce(view, me) === NO_PLAN && !hasProposed(meeting, me, c, me)) return propose(me);
        return null;
      }
    }

    if (planInForce(view, me) !== NO_PLAN) return null;
    if (meeting.ownCommit === 'green') {
      // Its card is down (e.g. the baseline fallback drew green): any other plan would be broken.
      const accept = this.bestProposal(view, me, me);
      return accept === null ? null : { type: 'ACCEPT', ref: accept };
    }
    const fair = this.fairUpgrader(view, hostile);
    const accept = this.bestProposal(view, fair, me);
    if (accept !== null) return { type: 'ACCEPT', ref: accept };
    for (let i = 0; i < proposals.length; i++) {
      if (proposals[i].continent === c && names(proposals[i].upgrader, fair)) return null; // waiting for the others
    }
    return propose(fair);
  }

  /**
   * `fairUpgrader` for this seat's continent, remembered for the inputs it reads (history, pawns,
   * gold, start player, player count and the excluded seats): within a meeting they stay the same
   * objects, so the answer is computed once per round (again after a GIFT moved gold).
   */
  private fairUpgrader(view: GoldrauschView, exclude: number): number {
    const fair = this.fair;
    const locations = view.meeting!.locations;
    if (
      fair.history !== view.history ||
      fair.length !== view.history.length ||
      fair.locations !== locations ||
      fair.gold !== view.gold ||
      fair.startPlayer !== view.startPlayer ||
      fair.players !== view.players ||
      fair.exclude !== exclude
    ) {
      fair.seat = fairUpgrader(view, locations, locations[this.seat], exclude);
      fair.history = view.history;
      fair.length = view.history.length;
      fair.locations = locations;
      fair.gold = view.gold;
      fair.startPlayer = view.startPlayer;
      fair.players = view.players;
      fair.exclude = exclude;
    }
    return fair.seat;
  }

  private readonly fair = {
    seat: -1,
    history: null as GoldrauschView['history'] | null,
    length: -1,
    locations: null as readonly number[] | null,
    gold: null as GoldrauschView['gold'] | null,
    startPlayer: -1,
    players: 0,
    exclude: 0,
  };

  /**
   * The proposal on this seat's continent, not yet accepted by it, that names `a` or `b` and is closest
   * to becoming an agreement (most acceptances, then oldest). Returns its id or null.
   */
  protected bestProposal(view: GoldrauschView, a: number, b: number): string | null {
    const meeting = view.meeting!;
    const c = meeting.locations[this.seat];
    const proposals = meeting.proposals;
    let best: string | null = null;
    let bestAccepted = -1;
    for (let i = 0; i < proposals.length; i++) {
      const p = proposals[i];
      if (p.continent !== c || !(names(p.upgrader, a) || names(p.upgrader, b))) continue;
      if (p.acceptedBy.includes(this.seat)) continue;
      if (p.acceptedBy.length > bestAccepted) {
        best = p.id;
        bestAccepted = p.acceptedBy.length;
      }
    }
    return best;
  }

  commitUpgrade(view: GoldrauschView): Colour | null {
    if (view.meeting!.ownCommit !== null) return null; // a laid card stays (GR-A10 commitRevisable)
    const meeting = view.meeting!;
    const me = this.seat;
    if (isAlone(view)) return heldColour(view, 'green');
    const hostile = this.hostile(view);
    if (hostile !== 0 && (hostile & seatsOn(meeting.locations, meeting.locations[me])) !== 0) {
      return heldColour(view, 'green'); // punishment (Reciprocal)
    }
    const plan = planInForce(view, me);
    if (plan !== NO_PLAN) {
      if (plan === me) return heldColour(view, 'green');
      return heldColour(view, this.breaksObligation(view, plan) ? 'green' : 'red');
    }
    const othersDone = othersCommitted(view);
    if (meeting.tick > meeting.ticks / 2 || othersDone) {
      const green = this.random.next() < this.baseline(view);
      // While somebody here can still accept, an open acceptance of another plan may complete and
      // oblige red after the card is down; keeping obligations comes first.
      if (green && !othersDone && hasOpenAcceptance(meeting, me, meeting.locations[me])) return heldColour(view, 'red');
      return heldColour(view, green ? 'green' : 'red');
    }
    return null;
  }

  /**
   * Speed hint (`GoldrauschBot.idleUntil`), asked after a turn without message or card: before
   * mid-meeting nothing changes unless its continent talks. `nextMessage` reads only its continent's
   * proposals and agreements (and gold, which only a GIFT moves), never the tick; `commitUpgrade`
   * decides by tick only in the baseline branch, which it enters (drawing from its stream) after
   * mid-meeting or once the others here have laid their cards (announced by COMMITTED messages).
   * Neither reads who has passed, other seats' promises or their rejections: those do not wake it.
   */
  readonly idleIgnores: readonly MessageType[] = ['PASS', 'PROMISE', 'REJECT'];

  idleUntil(view: GoldrauschView): number {
    const meeting = view.meeting!;
    const baselineTick = Math.floor(meeting.ticks / 2) + 1; // the first tick with tick > ticks / 2
    return meeting.tick < baselineTick && !othersCommitted(view) ? baselineTick : 0;
  }

  /** §14 baseline p for this seat's continent; e is capped by the stock, the wheel's disaster odds lower p. */
  protected baseline(view: GoldrauschView): number {
    const locations = view.meeting!.locations;
    const c = locations[this.seat];
    const e = Math.min(view.extract[c], view.stock[c]);
    return baselineP(countOn(locations, c), e, view.params.fine, disasterOdds(view.params.wheel, c));
  }
}

const cooperativeBot: GoldrauschBotFactory = {
  name: 'cooperative',
  description:
    'Proposes the fair upgrader (fewest successful upgrades, then poorest, then clockwise from the start player); ' +
    'accepts proposals naming it or itself; keeps obligations and commits early; without an agreement by ' +
    'mid-meeting plays the §14 baseline p.',
  create: (seat, random) => new CooperativeBot('cooperative', seat, random),
  fast: fastCooperative,
};

export default cooperativeBot;
