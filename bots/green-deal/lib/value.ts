/**
 * What the heuristic Green Deal bots estimate, once: the worth of cash, an income step, a track
 * step, a PR chip and a card's effects in VP, from the seat's view alone (rounds left, the stage
 * table, the scorings still to come). Plain numbers; nothing is allocated.
 */
import { EFFECT_KINDS, TIMINGS, WEAKEST } from '../../../src/games/green-deal/components.js';
import type { GreenDealView } from '../../../src/games/green-deal/view.js';
import { PR_MODEL } from './pr.js';

/** A cash is worth about this many VP: what a dividend turns it into, less the rounds it cannot. */
export const CASH_VP = 0.8;

/** Rounds whose accounting still pays an income gained now (this round's has been paid). */
export const payingRounds = (view: GreenDealView): number => view.rounds - view.round;

/** Scorings of a list still to come after this round's start (this round's included). */
function scoringsLeft(round: number, list: readonly number[]): number {
  let n = 0;
  for (let i = 0; i < list.length; i++) if (list[i] >= round) n++;
  return n;
}

export const prScoringsLeft = (view: GreenDealView): number => scoringsLeft(view.round, view.components.prScorings);
export const sustainabilityScoringsLeft = (view: GreenDealView): number => scoringsLeft(view.round, view.components.sustainabilityScorings);

/** VP of one income step gained now: the cash it pays, plus a share of the valuation's ranking. */
export function incomeValue(view: GreenDealView): number {
  return CASH_VP * payingRounds(view) + 0.6;
}

/**
 * VP of one step on the seat's track in category c: the weakest category's next stage at the
 * remaining sustainability scorings (spread over the steps to it), and the PR image.
 */
export function stepValue(view: GreenDealView, c: number): number {
  return stepValueWith(view, c, prScoringsLeft(view), sustainabilityScoringsLeft(view));
}

function stepValueWith(view: GreenDealView, c: number, prLeft: number, sustLeft: number, weakest = view.track(view.seat, view.weakest(view.seat))): number {
  const seat = view.seat;
  const pos = view.track(seat, c);
  const components = view.components;
  if (pos >= components.trackLength) return 0;
  let value = 0.35 * prLeft;
  // Steps in a weakest (or next-weakest) category move the scored stage.
  if (pos <= weakest + 1) {
    const stage = view.stage(seat, c);
    const stages = components.stageAt;
    if (stage < stages.length) {
      const gap = stages[stage] - pos;
      const gain = view.stageVp(stage + 1) - view.stageVp(stage);
      value += (sustLeft * gain) / (gap > 0 ? gap : 1) / (pos === weakest ? 1 : 2);
    }
  }
  return value;
}

/**
 * The estimates of one turn plan, computed once per plan (`update`; a bot plans once a round, so
 * nothing carries over): an income step, a track step per category, a PR chip (when first asked),
 * the rounds and PR scorings left.
 */
export class Estimates {
  income = 0;
  readonly step = [0, 0, 0, 0];
  roundsLeft = 0;
  private chip = 0;
  private chipReady = false;
  prLeft = 0;

  update(view: GreenDealView): this {
    const seat = view.seat;
    const round = view.round;
    const components = view.components;
    this.prLeft = scoringsLeft(round, components.prScorings);
    const sustLeft = scoringsLeft(round, components.sustainabilityScorings);
    this.income = incomeValue(view);
    const weakest = view.track(seat, view.weakest(seat));
    const step = this.step;
    for (let c = 0; c < 4; c++) step[c] = stepValueWith(view, c, this.prLeft, sustLeft, weakest);
    this.chipReady = false;
    this.roundsLeft = view.rounds - round + 1;
    return this;
  }

  /** VP of one PR chip more: what it would add at the next scoring, a little less for the others' chips to come (computed when first asked). */
  chipValue(view: GreenDealView): number {
    return this.chipReady ? this.chip : this.valueChip(view);
  }

  private valueChip(view: GreenDealView): number {
    this.chipReady = true;
    this.chip = this.prLeft === 0 ? 0 : 0.8 * Math.max(0, PR_MODEL.read(view).allocate(view.prChips(view.seat), PLACED));
    return this.chip;
  }
}

/** `chipValue`'s scratch for the chips it places (only their gain is kept). */
const PLACED = [0, 0, 0, 0, 0];

const KIND = Object.fromEntries(EFFECT_KINDS.map((k, i) => [k, i])) as Record<(typeof EFFECT_KINDS)[number], number>;
const CASH = KIND.cash;
const INCOME = KIND.income;
const VP = KIND.vp;
const STEPS = KIND.steps;
const PR_CHIPS = KIND['pr-chips'];
const PR_DISCOUNT = KIND['pr-discount'];
const CARD_DISCOUNT = KIND['card-discount'];
const INTEREST_RELIEF = KIND['interest-relief'];
const COOPERATION_BONUS = KIND['cooperation-bonus'];
const COMPETITION_GUARD = KIND['competition-guard'];
const DIVIDEND_BONUS = KIND['dividend-bonus'];
const IMAGE = KIND.image;
const END_VP = KIND['end-vp'];
const END_VP_PER_TILE = KIND['end-vp-per-tile'];
const END_VP_PER_COOPERATION = KIND['end-vp-per-cooperation'];
const HAND = TIMINGS.indexOf('hand');

/** VP of an action card's effects for this seat (its price not counted), as the bots estimate them. */
export function actionValue(view: GreenDealView, e: Estimates, type: number): number {
  const seat = view.seat;
  const left = e.roundsLeft;
  let v = 0;
  const n = view.effectCount(type);
  for (let i = 0; i < n; i++) {
    const a = view.effectAmount(type, i);
    switch (view.effectKindIndex(type, i)) {
      case CASH:
        v += CASH_VP * a;
        break;
      case INCOME:
        v += e.income * a;
        break;
      case VP:
        v += a;
        break;
      case STEPS: {
        const c = view.effectCategory(type, i);
        v += e.step[c === WEAKEST ? view.weakest(seat) : c] * a;
        break;
      }
      case PR_CHIPS:
        v += e.chipValue(view) * a;
        break;
      case PR_DISCOUNT:
        v += e.prLeft > 0 ? 0.3 * a * left : 0;
        break;
      case CARD_DISCOUNT:
        v += 0.35 * a * left;
        break;
      case INTEREST_RELIEF:
        v += 0.4 * a;
        break;
      case COOPERATION_BONUS:
        v += 0.125 * a * left * e.income;
        break;
      case COMPETITION_GUARD:
        v += 0.15 * a * left;
        break;
      case DIVIDEND_BONUS:
        v += 0.7 * a * left;
        break;
      case IMAGE:
        v += 1.2 * a * e.prLeft;
        break;
      case END_VP:
        v += a;
        break;
      case END_VP_PER_TILE:
        v += a * (view.tiles(seat) + 0.4 * left);
        break;
      case END_VP_PER_COOPERATION:
        v += a * (view.cooperations(seat) + 0.3 * left);
        break;
    }
  }
  // A hand card waits to be played (worth a little less); its effects are once-effects.
  return view.actionTimingIndex(type) === HAND ? 0.9 * v : v;
}

/** VP of a sustainability card for this seat (its price not counted): VP, income, steps, and its tile's expected contacts. */
export function sustainabilityValue(view: GreenDealView, e: Estimates, type: number): number {
  const c = view.sustainabilityCategory(type);
  const room = view.components.trackLength - view.track(view.seat, c);
  const steps = view.sustainabilitySteps(type);
  return (
    view.sustainabilityVp(type) +
    e.income * (view.sustainabilityIncome(type) + 0.25 * view.sustainabilitySize(type)) +
    e.step[c] * (steps < room ? steps : room)
  );
}
