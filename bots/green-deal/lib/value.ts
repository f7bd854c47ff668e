/**
 * What the heuristic Green Deal bots estimate, once: the worth of cash, an income step, a track
 * step, a PR chip and a card's effects in VP, from the seat's view alone (rounds left, the stage
 * table, the scorings still to come). Plain numbers; nothing is allocated per decision.
 */
import { EFFECT_KINDS, TIMINGS, WEAKEST } from '../../../src/games/green-deal/components.js';
import { memoOnIdentity } from '../../../src/core/memo.js';
import type { GreenDealConfig } from '../../../src/games/green-deal/params.js';
import type { GreenDealView } from '../../../src/games/green-deal/view.js';
import { PR_MODEL } from './pr.js';

/** A cash is worth about this many VP: what a dividend turns it into, less the rounds it cannot. */
export const CASH_VP = 0.8;

/** Scorings of a list still to come after this round's start (this round's included). */
function scoringsLeft(round: number, list: readonly number[]): number {
  let n = 0;
  for (let i = 0; i < list.length; i++) if (list[i] >= round) n++;
  return n;
}

/**
 * What the estimates take from the game's numbers alone (public: every seat sees them), derived
 * once per configuration: by round, the PR scorings left and an income step's VP; by round, track
 * position and its distance to the weakest category's position, a track step's VP; by card type
 * and round, what a sustainability card is worth beside its track steps, and what an action card
 * whose effects read no seat's state is worth; how to value the others (one track-step effect, one
 * PR-chip effect, or effect by effect).
 */
class Tables {
  readonly prLeft: Int32Array;
  readonly income: Float64Array;
  private readonly rounds: number;
  /** step[(round · (L + 1) + pos) · 3 + min(pos − weakest, 2)]. */
  readonly step: Float64Array;
  /** Per sustainability card type: its category and track steps, and its VP and income's worth by round (type · (rounds + 2) + round). */
  readonly sustCategory: Int32Array;
  readonly sustSteps: Int32Array;
  private readonly sustBase: Float64Array;
  /** Per action card type: how it is valued (FORM_…), its one effect's amount and category (4: the weakest), 0.9 for a hand card (else 1), its worth by round when static. */
  private readonly actionForm: Uint8Array;
  private readonly actionAmount: Float64Array;
  private readonly actionCategory: Int32Array;
  private readonly actionFactor: Float64Array;
  private readonly actionByRound: Float64Array;

  constructor(
    readonly config: GreenDealConfig,
    view: GreenDealView,
  ) {
    const components = config.params.components;
    const rounds = (this.rounds = components.rounds);
    this.prLeft = new Int32Array(rounds + 2);
    const sustLeft = new Int32Array(rounds + 2);
    this.income = new Float64Array(rounds + 2);
    for (let r = 0; r <= rounds + 1; r++) {
      this.prLeft[r] = scoringsLeft(r, components.prScorings);
      sustLeft[r] = scoringsLeft(r, components.sustainabilityScorings);
      // One income step gained now: the cash it pays in the rounds left, plus a share of the valuation's ranking.
      this.income[r] = CASH_VP * (rounds - r) + 0.6;
    }
    // One step on a track at `pos`: the weakest category's next stage at the remaining sustainability
    // scorings (spread over the steps to it) when the track is the weakest (or next-weakest), and the PR image.
    const L = components.trackLength;
    this.step = new Float64Array((rounds + 2) * (L + 1) * 3);
    for (let r = 0; r <= rounds + 1; r++) {
      for (let pos = 0; pos < L; pos++) {
        for (let rel = 0; rel < 3; rel++) {
          const weakest = pos - rel;
          let value = 0.35 * this.prLeft[r];
          if (pos <= weakest + 1) {
            const stage = view.stageAt(pos);
            const stages = components.stageAt;
            if (stage < stages.length) {
              const gap = stages[stage] - pos;
              const gain = view.stageVp(stage + 1) - view.stageVp(stage);
              value += (sustLeft[r] * gain) / (gap > 0 ? gap : 1) / (pos === weakest ? 1 : 2);
            }
          }
          this.step[(r * (L + 1) + pos) * 3 + rel] = value;
        }
      }
    }
    const sTypes = view.sustainabilityTypes;
    this.sustCategory = new Int32Array(sTypes);
    this.sustSteps = new Int32Array(sTypes);
    this.sustBase = new Float64Array(sTypes * (rounds + 2));
    for (let type = 0; type < sTypes; type++) {
      this.sustCategory[type] = view.sustainabilityCategory(type);
      this.sustSteps[type] = view.sustainabilitySteps(type);
      const vp = view.sustainabilityVp(type);
      const income = view.sustainabilityIncome(type) + 0.25 * view.sustainabilitySize(type);
      for (let r = 0; r <= rounds + 1; r++) this.sustBase[type * (rounds + 2) + r] = vp + this.income[r] * income;
    }
    const aTypes = view.actionTypes;
    this.actionForm = new Uint8Array(aTypes);
    this.actionAmount = new Float64Array(aTypes);
    this.actionCategory = new Int32Array(aTypes);
    this.actionFactor = new Float64Array(aTypes);
    this.actionByRound = new Float64Array(aTypes * (rounds + 2));
    const e = new Estimates();
    for (let type = 0; type < aTypes; type++) {
      const n = view.effectCount(type);
      let dynamic = false;
      for (let i = 0; i < n; i++) if (DYNAMIC.has(view.effectKindIndex(type, i))) dynamic = true;
      const kind = n === 1 ? view.effectKindIndex(type, 0) : -1;
      this.actionForm[type] = !dynamic ? FORM_STATIC : kind === STEPS ? FORM_STEP : kind === PR_CHIPS ? FORM_CHIP : FORM_EFFECTS;
      this.actionAmount[type] = n === 1 ? view.effectAmount(type, 0) : 0;
      this.actionCategory[type] = n === 1 && kind === STEPS ? view.effectCategory(type, 0) : 0;
      this.actionFactor[type] = view.actionTimingIndex(type) === HAND ? 0.9 : 1;
      if (dynamic) continue;
      for (let r = 0; r <= rounds + 1; r++) {
        e.prLeft = this.prLeft[r];
        e.income = this.income[r];
        e.roundsLeft = rounds - r + 1;
        this.actionByRound[type * (rounds + 2) + r] = effectsValue(view, e, type);
      }
    }
  }

  /** A sustainability card's VP and its income (with its tile's expected contacts) in VP, in `round`. */
  sustainabilityBase(type: number, round: number): number {
    return this.sustBase[type * (this.rounds + 2) + round];
  }

  /** An action card's worth for the seat (as `effectsValue`; the same numbers, fewer steps to them). */
  actionValue(view: GreenDealView, e: Estimates, type: number): number {
    switch (this.actionForm[type]) {
      case FORM_STATIC:
        return this.actionByRound[type * (this.rounds + 2) + e.round];
      case FORM_STEP:
        // One effect: 0 + its worth is its worth; a non-hand card's factor 1 leaves it as it is.
        return this.actionFactor[type] * (e.step[this.actionCategory[type]] * this.actionAmount[type]);
      case FORM_CHIP:
        return this.actionFactor[type] * (e.chipValue(view) * this.actionAmount[type]);
      default:
        return effectsValue(view, e, type);
    }
  }
}

const FORM_STATIC = 0;
const FORM_STEP = 1;
const FORM_CHIP = 2;
const FORM_EFFECTS = 3;

/** The lesser of two small integers, without a branch. */
const min = (a: number, b: number): number => b + ((a - b) & ((a - b) >> 31));

/** The view a configuration's tables are read from while they are made (set by tablesOf). */
let reading: GreenDealView | null = null;

/** The tables of each configuration, made once (an analysis such as `impact` alternates configurations game by game). */
const tablesFor = memoOnIdentity((config: GreenDealConfig): Tables => new Tables(config, reading as GreenDealView));

function tablesOf(view: GreenDealView): Tables {
  reading = view;
  return tablesFor(view.config);
}

export const prScoringsLeft = (view: GreenDealView): number => tablesOf(view).prLeft[view.round];

/** VP of one income step gained now: the cash it pays, plus a share of the valuation's ranking. */
export const incomeValue = (view: GreenDealView): number => tablesOf(view).income[view.round];

/**
 * The estimates of one turn plan, computed once per plan (`update`; a bot plans once a round, so
 * nothing carries over): an income step, a track step per category, a PR chip (when first asked),
 * the rounds and PR scorings left.
 */
export class Estimates {
  income = 0;
  /** A track step's worth per category, and (step[4]) in the weakest category. */
  readonly step = [0, 0, 0, 0, 0];
  /** The seat's track positions, and its weakest category (ties: the first). */
  readonly track = [0, 0, 0, 0];
  weakest = 0;
  roundsLeft = 0;
  private chip = 0;
  private chipReady = false;
  prLeft = 0;
  /** The plan's round, the track's length and the configuration's tables (set by update). */
  round = 0;
  trackLength = 0;
  tables: Tables | null = null;

  update(view: GreenDealView): this {
    const t = (this.tables = tablesOf(view));
    const seat = view.seat;
    const round = (this.round = view.round);
    const trackLength = (this.trackLength = view.components.trackLength);
    this.prLeft = t.prLeft[round];
    this.income = t.income[round];
    const track = this.track;
    const t0 = (track[0] = view.track(seat, 0));
    const t1 = (track[1] = view.track(seat, 1));
    const t2 = (track[2] = view.track(seat, 2));
    const t3 = (track[3] = view.track(seat, 3));
    // The weakest category: the least of position · 4 + category (the first among equal positions), without a branch.
    const k01 = min(t0 * 4, t1 * 4 + 1);
    const k23 = min(t2 * 4 + 2, t3 * 4 + 3);
    const key = min(k01, k23);
    const weakest = (this.weakest = key & 3);
    const low = key >> 2;
    const step = this.step;
    const table = t.step;
    const at = round * (trackLength + 1);
    step[0] = table[(at + t0) * 3 + min(t0 - low, 2)];
    step[1] = table[(at + t1) * 3 + min(t1 - low, 2)];
    step[2] = table[(at + t2) * 3 + min(t2 - low, 2)];
    step[3] = table[(at + t3) * 3 + min(t3 - low, 2)];
    step[4] = step[weakest];
    this.chipReady = false;
    this.roundsLeft = view.rounds - round + 1;
    return this;
  }

  /** VP of one PR chip more: what it would add at the next scoring, a little less for the others' chips to come (computed when first asked). */
  chipValue(view: GreenDealView): number {
    if (this.chipReady) return this.chip;
    this.chipReady = true;
    if (this.prLeft === 0) return (this.chip = 0);
    const pr = PR_MODEL.read(view);
    return (this.chip = 0.8 * Math.max(0, pr.allocate(pr.held, null)));
  }
}

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
/** The effect kinds whose worth reads the seat's state. */
const DYNAMIC = new Set([STEPS, PR_CHIPS, END_VP_PER_TILE, END_VP_PER_COOPERATION]);

/** VP of an action card's effects for this seat (its price not counted), as the bots estimate them. */
export const actionValue = (view: GreenDealView, e: Estimates, type: number): number => (e.tables ?? tablesOf(view)).actionValue(view, e, type);

function effectsValue(view: GreenDealView, e: Estimates, type: number): number {
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
        v += e.step[c === WEAKEST ? 4 : c] * a;
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
        v += a * (view.tiles(view.seat) + 0.4 * left);
        break;
      case END_VP_PER_COOPERATION:
        v += a * (view.cooperations(view.seat) + 0.3 * left);
        break;
    }
  }
  // A hand card waits to be played (worth a little less); its effects are once-effects.
  return view.actionTimingIndex(type) === HAND ? 0.9 * v : v;
}

/** VP of a sustainability card for this seat (its price not counted): VP, income, steps, and its tile's expected contacts. */
export function sustainabilityValue(view: GreenDealView, e: Estimates, type: number): number {
  const t = e.tables ?? tablesOf(view);
  const c = t.sustCategory[type];
  const room = e.trackLength - e.track[c];
  const steps = t.sustSteps[type];
  return t.sustainabilityBase(type, e.round) + e.step[c] * min(steps, room);
}
