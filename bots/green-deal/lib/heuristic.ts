/**
 * The heuristic Green Deal player, written once against the seat view (lib/style.ts says how the
 * built-in bots differ). Each decision is a small loop over what is legal, valued with value.ts:
 *  - D1 bid: a share of its cash;
 *  - D2/D3 the turn planned at its first step (VP equivalents, price counted): hand cards worth
 *    playing, the main option worth most (a loan first when short of cash), a PR chip and the
 *    dividend when worth their price, a repayment by its style — then DONE;
 *  - D4 the cell whose contacts gain it most (its style decides cooperation or competition), then
 *    the contact by its style;
 *  - D5 chips one by one where they raise its expected PR places most (the others' chips guessed
 *    spread over their strongest categories), one in the centre when the last chip gains nothing
 *    and scorings are left;
 *  - D6 repays all it can.
 */
import type { GreenDealBot } from '../../../src/games/green-deal/bot.js';
import {
  ACTION,
  BUY_PR,
  DIVIDEND,
  DONE,
  END_TURN,
  PLAY_CARD,
  REPAY_LOANS,
  SUSTAINABILITY,
  TAKE_LOAN,
  TAX_CASH,
  TAX_CHIP,
} from '../../../src/games/green-deal/state.js';
import type { GreenDealView } from '../../../src/games/green-deal/view.js';
import { PR_MODEL } from './pr.js';
import type { Style } from './style.js';
import { actionValue, CASH_VP, Estimates, incomeValue, prScoringsLeft, sustainabilityValue } from './value.js';

/** `place`'s scratch: each cell's gain, and the legal cells, marked by the placement's stamp (module-level: one thread asks one bot at a time). */
let GAIN = new Float64Array(0);
let GAIN_MARK = new Int32Array(0);
let LEGAL = new Int32Array(0);
let STAMP = 0;

const BEST = 0;
const COOPERATE = 1;
const COMPETE = 2;

export class HeuristicBot implements GreenDealBot {
  private readonly placed = [0, 0, 0, 0, 0];
  private readonly e = new Estimates();
  /** The investment plan of this round's turn: plan[planPos … planLength). */
  private readonly plan = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  private planLength = 0;
  private planPos = 0;
  private planRound = -1;

  /** The style's contact choice as a number (COOPERATE, COMPETE, BEST). */
  private readonly contact: number;

  constructor(
    readonly name: string,
    private readonly style: Style,
  ) {
    this.contact = style.contact === 'cooperate' ? COOPERATE : style.contact === 'compete' ? COMPETE : BEST;
  }

  bid(view: GreenDealView): number {
    const want = Math.floor(view.cash(view.seat) * this.style.bidShare);
    const cap = Math.min(view.maxBid, this.style.bidCap);
    return want < cap ? want : cap;
  }

  /**
   * D2/D3: the turn is planned at its first step (hand cards worth playing, the best main option —
   * with a loan first when short of cash, never beside a sustainability card — then a PR chip, the
   * dividend, a repayment, as the style says); each step returns the plan's next legal code, DONE
   * at its end. A step that became illegal (cash spent) is skipped.
   */
  invest(view: GreenDealView): number {
    if (this.planRound !== view.round) {
      this.planRound = view.round;
      this.makePlan(view);
    }
    while (this.planPos < this.planLength) {
      const code = this.plan[this.planPos++];
      // The plan's last step ends the turn with it (the next call would answer DONE).
      if (view.canInvest(code)) return this.planPos === this.planLength ? code + END_TURN : code;
    }
    return DONE;
  }

  private push(code: number): void {
    if (this.planLength < this.plan.length) this.plan[this.planLength++] = code;
  }

  private makePlan(view: GreenDealView): void {
    this.planLength = 0;
    this.planPos = 0;
    const style = this.style;
    const seat = view.seat;
    const cash = view.cash(seat);
    const e = this.e.update(view);
    // The hand's cards by type, until all of them are found.
    for (let type = 0, left = view.handSize(seat); left > 0 && type < view.actionTypes; type++) {
      const n = view.handCount(type);
      if (n === 0) continue;
      left -= n;
      if (actionValue(view, e, type) > 0) for (let k = 0; k < n; k++) this.push(PLAY_CARD + type);
    }
    let main = -1;
    let mainValue = 0;
    let sustainability = false;
    for (let c = 0; c < 4; c++) {
      const type = view.sustainabilityDisplay(c);
      if (type < 0) continue;
      const cost = view.sustainabilityCost(type);
      const value = cost <= cash ? sustainabilityValue(view, e, type) - CASH_VP * cost : 0;
      if (value > mainValue) {
        main = SUSTAINABILITY + c;
        mainValue = value;
        sustainability = true;
      }
    }
    for (let slot = 0; slot < view.actionSlots; slot++) {
      const type = view.actionDisplay(slot);
      if (type < 0) continue;
      const cost = view.actionCost(type);
      const value = cost <= cash ? actionValue(view, e, type) - CASH_VP * cost : 0;
      if (value > mainValue) {
        main = ACTION + slot;
        mainValue = value;
        sustainability = false;
      }
    }
    const tax = view.components;
    const taxCash = CASH_VP * (tax.taxRefundCash - tax.taxRefundCost);
    if (taxCash > mainValue) {
      main = TAX_CASH;
      mainValue = taxCash;
      sustainability = false;
    }
    const supply = view.prSupply;
    const taxChip = supply > 0 ? e.chipValue(view) * tax.taxRefundChips - CASH_VP * tax.taxRefundCost : 0;
    if (taxChip > mainValue && supply > 0) {
      main = TAX_CHIP;
      mainValue = taxChip;
      sustainability = false;
    }
    // A loan when cash is short and rounds are left to use it (never beside a sustainability card: GD-A1).
    if (!sustainability && view.loanCount(seat) < style.maxLoans && e.round <= view.rounds - 2 && cash < 8) this.push(TAKE_LOAN);
    if (main >= 0) this.push(main);
    if (style.pr === 'always' || (style.pr === 'value' && supply > 0 && e.chipValue(view) - CASH_VP * view.prPrice > 0)) this.push(BUY_PR);
    if (view.dividendVp - CASH_VP * view.dividendPay > 0) this.push(DIVIDEND);
    if (style.repayBuffer < Number.POSITIVE_INFINITY) {
      let mask = 0;
      let cost = 0;
      for (let slot = 0; slot < 3; slot++) {
        const amount = view.loan(seat, slot);
        if (amount > 0 && cost + view.repayment(amount) + style.repayBuffer <= cash) {
          mask |= 1 << slot;
          cost += view.repayment(amount);
        }
      }
      if (mask !== 0) this.push(REPAY_LOANS + mask);
    }
  }

  /**
   * D4: the legal cell whose contacts gain the bot most: every same-category tile on the map adds
   * its contact's worth to its free edge neighbours (cooperation or competition as the style says;
   * an own tile cooperates once; another player's counts `contactSeeking` more); ties: the lowest
   * cell; no gain anywhere: the first cell of the legal list.
   */
  place(view: GreenDealView): number {
    const seat = view.seat;
    const category = view.tileCategory;
    const size = view.tileSize;
    const income = incomeValue(view);
    if (GAIN.length < view.cells) {
      GAIN = new Float64Array(view.cells);
      GAIN_MARK = new Int32Array(view.cells);
      LEGAL = new Int32Array(view.cells);
    }
    const tiles = view.categoryTiles(category);
    // No tile to touch: the first cell of the legal list.
    if (tiles === 0) return view.legalCell(0);
    const stamp = ++STAMP;
    // The legal cells, marked (LEGAL[cell] = stamp: what view.canPlace says, read once per cell).
    for (let i = 0, n = view.legalCellCount; i < n; i++) LEGAL[view.legalCell(i)] = stamp;
    // Every same-category tile adds its contact's gain to its free edge neighbours that are legal.
    let best = -1;
    let bestGain = 0;
    const self = view.rules.selfCooperation;
    const contact = this.contact;
    const seeking = this.style.contactSeeking;
    for (let i = 0; i < tiles; i++) {
      const tile = view.categoryTileAt(category, i);
      const other = view.owner(tile);
      const theirs = view.cellSize(tile);
      const cooperation = (size + theirs) >> 1;
      let gain: number;
      if (other === seat) {
        if (!self) continue;
        gain = cooperation * income;
      } else {
        const competition = size > theirs ? size - theirs : -1;
        const steps =
          contact === COOPERATE ? cooperation : contact === COMPETE && competition >= 0 ? competition : cooperation > competition ? cooperation : competition;
        gain = steps * income + seeking;
      }
      for (let k = 0; k < 4; k++) {
        const cell = view.neighbour(tile, k);
        if (LEGAL[cell] !== stamp) continue;
        const total = (GAIN[cell] = (GAIN_MARK[cell] === stamp ? GAIN[cell] : 0) + gain);
        GAIN_MARK[cell] = stamp;
        // Ties: the lowest cell.
        if (total > bestGain || (total === bestGain && cell < best)) {
          best = cell;
          bestGain = total;
        }
      }
    }
    // No contact gains anything: the first cell of the legal list.
    return best >= 0 ? best : view.legalCell(0);
  }

  compete(view: GreenDealView): boolean {
    if (this.contact === COMPETE) return true;
    if (this.contact === COOPERATE) return false;
    return view.competitionSteps > view.cooperationSteps;
  }

  allocate(view: GreenDealView): readonly number[] {
    const placed = this.placed;
    PR_MODEL.read(view).allocate(view.chipsToAllocate, placed);
    const pr = PR_MODEL;
    placed[4] = 0;
    // The last chip waits in the centre for a later scoring when it gains nothing here.
    if (pr.lastCategory >= 0 && pr.lastGain <= 0 && prScoringsLeft(view) > 1) {
      placed[pr.lastCategory]--;
      placed[4] = 1;
    }
    return placed;
  }

  repay(view: GreenDealView): number {
    return view.maxRepayment;
  }
}
