/**
 * Green Deal's rules on the flat state, each once: what an investment step may do and what it does
 * (§4 phase 3, GD-A1…A7, GD-A25, GD-A28), where a tile may go and what its contacts do (phase 4,
 * GD-A11…A17), the piles and displays (GD-A10), and the scorings (§5, GD-A18…A22). The engine
 * (engine.ts) sequences them; views and bots ask the legality functions.
 */
import { unitFloat } from '../../core/random.js';
import {
  C_ACTION,
  C_CARD_VP,
  C_COMPETITIONS_LOST,
  C_COMPETITIONS_WON,
  C_COOPERATIONS,
  C_DIVIDEND_VP,
  C_DIVIDENDS,
  C_HAND_PLAYED,
  C_LOANS_REPAID,
  C_LOANS_TAKEN,
  C_PR_BOUGHT,
  C_SUST,
  C_TAX,
  C_TILES,
  R_ACTION,
  R_COMPETITIONS,
  R_COOPERATIONS,
  R_DIVIDENDS,
  R_HAND_PLAYED,
  R_LOANS_REPAID,
  R_LOANS_TAKEN,
  R_PR_BOUGHT,
  R_SUST,
  R_TAX,
  R_TILES,
  ENDING_VP,
  ROUND_COUNTERS,
} from './metrics.js';
import {
  ACTION,
  BID,
  BUY_PR,
  DIVIDEND,
  DONE,
  END_TURN,
  type GreenDealState,
  K_CASH,
  K_CHIPS,
  K_END,
  K_IMAGE,
  K_INCOME,
  K_PERMANENT,
  K_STEPS,
  K_VP,
  LOAN_SLOTS,
  M_CARD_DISCOUNT,
  M_COMPETITION_GUARD,
  M_COOPERATION_BONUS,
  M_DIVIDEND_BONUS,
  M_INTEREST_RELIEF,
  M_PR_DISCOUNT,
  MAX_LOAN_PILE,
  MODS,
  NC,
  PLAY_CARD,
  REPAY_LOANS,
  SUSTAINABILITY,
  ScriptError,
  T_HAND,
  T_IMMEDIATE,
  T_PERMANENT,
  TAKE_LOAN,
  TAX_CASH,
  TAX_CHIP,
} from './state.js';

const RC = ROUND_COUNTERS.length;
const rc = (state: GreenDealState, k: number) => (state.round - 1) * RC + k;

// ---------------------------------------------------------------------------------------------
// Prices (with the seat's permanent modifiers)

export function sustainabilityCost(state: GreenDealState, seat: number, type: number): number {
  const cost = state.tables.sCost[type] - state.mods[seat * MODS + M_CARD_DISCOUNT];
  return cost > 0 ? cost : 0;
}

export function prPrice(state: GreenDealState, seat: number): number {
  const price = state.config.params.components.prPrice - state.mods[seat * MODS + M_PR_DISCOUNT];
  return price > 0 ? price : 0;
}

/** What repaying the loan of `amount` costs the seat: the amount plus the interest, less its relief. */
export function repayment(state: GreenDealState, seat: number, amount: number): number {
  const interest = state.config.params.components.interest - state.mods[seat * MODS + M_INTEREST_RELIEF];
  return amount + (interest > 0 ? interest : 0);
}

/** The seat's highest bid (GD-A7): its cash, and at most the wheel's maximum. */
export function maxBid(state: GreenDealState, seat: number): number {
  const wheel = state.config.params.components.maxBid;
  const cash = state.cash[seat];
  return wheel !== null && wheel < cash ? wheel : cash;
}

/** Cash the seat still owes on its loans (every unpaid loan's repayment). */
export function owed(state: GreenDealState, seat: number): number {
  let sum = 0;
  for (let k = 0; k < LOAN_SLOTS; k++) {
    const a = state.loans[seat * LOAN_SLOTS + k];
    if (a > 0) sum += repayment(state, seat, a);
  }
  return sum;
}

// ---------------------------------------------------------------------------------------------
// The investment step (D2/D3)

/**
 * GD-A1: whether a turn's card part (0 none, 1 sustainability card, 2 action card, 3 Tax Refund)
 * and loan part (0 none, 1 top loan, 2 another loan, 3 repayment) make one of the five main options.
 */
function combination(state: GreenDealState, card: number, loan: number): boolean {
  if (loan === 0) return true;
  if (card === 1) return false; // M1: no loan action beside a sustainability card
  const rules = state.config.rules;
  if (loan === 2) return rules.loanPick === 'any' || (rules.mainOptions === 'player-aid' && card === 0);
  if (loan === 3 && card !== 0) return rules.mainOptions !== 'short-rules';
  return true;
}

/** Whether `seat` (the seat in turn, in the INVEST stage) may take investment step `code` now. */
export function canInvest(state: GreenDealState, seat: number, code: number): boolean {
  if (!Number.isInteger(code)) return false;
  // A step that also ends the turn is legal when the step is (DONE with the flag is not a step).
  if (code >= END_TURN) {
    if (code >= 2 * END_TURN || code === END_TURN) return false;
    code -= END_TURN;
  } else if (code === DONE) return true;
  const c = state.config.params.components;
  if (code >= SUSTAINABILITY && code < SUSTAINABILITY + NC) {
    const type = state.sDisplay[code - SUSTAINABILITY];
    return state.cardPart === 0 && combination(state, 1, state.loanPart) && type >= 0 && state.cash[seat] >= sustainabilityCost(state, seat, type);
  }
  if (code >= ACTION && code < ACTION + state.aDisplay.length) {
    const type = state.aDisplay[code - ACTION];
    return state.cardPart === 0 && combination(state, 2, state.loanPart) && type >= 0 && state.cash[seat] >= state.tables.aCost[type];
  }
  if (code === TAX_CHIP || code === TAX_CASH) {
    if (state.cardPart !== 0 || !combination(state, 3, state.loanPart) || state.cash[seat] < c.taxRefundCost) return false;
    return code === TAX_CASH || (c.taxRefundChips > 0 && state.prSupply > 0);
  }
  if (code === BUY_PR) return !state.boughtPr && state.prSupply > 0 && state.cash[seat] >= prPrice(state, seat);
  if (code === DIVIDEND) {
    const income = state.income[seat];
    const pay = state.tables.divPay[income];
    return !state.paidDividend && (pay > 0 || state.tables.divVp[income] > 0) && state.cash[seat] >= pay;
  }
  if (code >= TAKE_LOAN && code < TAKE_LOAN + MAX_LOAN_PILE) {
    const i = code - TAKE_LOAN;
    if (i >= state.loanPileSize || state.loanCount[seat] >= state.maxLoans || state.loanPart !== 0 || state.repaid) return false;
    return combination(state, state.cardPart, i === 0 ? 1 : 2);
  }
  if (code > REPAY_LOANS && code < REPAY_LOANS + (1 << LOAN_SLOTS)) {
    const mask = code - REPAY_LOANS;
    let cost = 0;
    for (let k = 0; k < LOAN_SLOTS; k++) {
      if ((mask >> k) & 1) {
        const a = state.loans[seat * LOAN_SLOTS + k];
        if (a === 0) return false;
        cost += repayment(state, seat, a);
      }
    }
    if (cost > state.cash[seat]) return false;
    // GD-A3: never a new loan and a repayment in one round; GD-A4: repaying is the loan action, or an extra.
    if (state.config.rules.repayAsExtra) return !state.repaid && !state.tookLoan;
    return state.loanPart === 0 && combination(state, state.cardPart, 3);
  }
  if (code >= PLAY_CARD && code < PLAY_CARD + state.tables.actionTypes) return state.hand[seat * state.tables.actionTypes + code - PLAY_CARD] > 0;
  return false;
}

/** `canInvest` for a seat's own question (its view): a step found legal is noted for the answer check. */
export function checkInvest(state: GreenDealState, seat: number, code: number): boolean {
  const ok = canInvest(state, seat, code);
  if (ok) state.investChecked = code;
  return ok;
}

/**
 * Whether `code` is a step `seat` may take now (its answer's check): the step its view last found
 * legal in this decision (with or without END_TURN: either is legal when one is) needs no second
 * computation; any other code is checked by `canInvest`.
 */
export function isInvestAnswer(state: GreenDealState, seat: number, code: number): boolean {
  const checked = state.investChecked;
  const step = checked >= END_TURN ? checked - END_TURN : checked;
  if (step > 0 && (code === step || code === step + END_TURN)) return true;
  return canInvest(state, seat, code);
}

/**
 * The legal investment steps of `seat` (the seat in turn, in the INVEST stage), written into `out`
 * in code order (DONE first, then sustainability cards by category, action cards by slot, Tax
 * Refund as chip then cash, PR, dividend, loans by pile index, repayments by slot mask, hand cards by
 * type); returns their number. The same steps as `canInvest` over every code (a test holds them
 * equal), with each group's conditions read once: rollouts list the steps at every investment.
 */
export function investSteps(state: GreenDealState, seat: number, out: number[]): number {
  const c = state.config.params.components;
  const cash = state.cash[seat];
  const cardPart = state.cardPart;
  const loanPart = state.loanPart;
  let n = 0;
  out[n++] = DONE;
  if (cardPart === 0 && combination(state, 1, loanPart)) {
    const discount = state.mods[seat * MODS + M_CARD_DISCOUNT];
    for (let k = 0; k < NC; k++) {
      const type = state.sDisplay[k];
      if (type < 0) continue;
      const cost = state.tables.sCost[type] - discount;
      if (cash >= (cost > 0 ? cost : 0)) out[n++] = SUSTAINABILITY + k;
    }
  }
  if (cardPart === 0 && combination(state, 2, loanPart)) {
    const display = state.aDisplay;
    for (let slot = 0; slot < display.length; slot++) {
      const type = display[slot];
      if (type >= 0 && cash >= state.tables.aCost[type]) out[n++] = ACTION + slot;
    }
  }
  if (cardPart === 0 && combination(state, 3, loanPart) && cash >= c.taxRefundCost) {
    if (c.taxRefundChips > 0 && state.prSupply > 0) out[n++] = TAX_CHIP;
    out[n++] = TAX_CASH;
  }
  if (!state.boughtPr && state.prSupply > 0 && cash >= prPrice(state, seat)) out[n++] = BUY_PR;
  const income = state.income[seat];
  const pay = state.tables.divPay[income];
  if (!state.paidDividend && (pay > 0 || state.tables.divVp[income] > 0) && cash >= pay) out[n++] = DIVIDEND;
  if (!(state.loanCount[seat] >= state.maxLoans || loanPart !== 0 || state.repaid)) {
    if (state.loanPileSize > 0 && combination(state, cardPart, 1)) out[n++] = TAKE_LOAN;
    if (combination(state, cardPart, 2)) for (let i = 1; i < state.loanPileSize && i < MAX_LOAN_PILE; i++) out[n++] = TAKE_LOAN + i;
  }
  if (state.config.rules.repayAsExtra ? !state.repaid && !state.tookLoan : loanPart === 0 && combination(state, cardPart, 3)) {
    for (let mask = 1; mask < 1 << LOAN_SLOTS; mask++) {
      let cost = 0;
      for (let k = 0; k < LOAN_SLOTS && cost >= 0; k++) {
        if ((mask >> k) & 1) {
          const a = state.loans[seat * LOAN_SLOTS + k];
          cost = a === 0 ? -1 : cost + repayment(state, seat, a);
        }
      }
      if (cost >= 0 && cost <= cash) out[n++] = REPAY_LOANS + mask;
    }
  }
  const A = state.tables.actionTypes;
  const hand = state.hand;
  for (let type = 0; type < A; type++) if (hand[seat * A + type] > 0) out[n++] = PLAY_CARD + type;
  return n;
}

/** Carries out a legal investment step other than DONE. */
export function invest(state: GreenDealState, seat: number, code: number): void {
  const c = state.config.params.components;
  const counters = state.counters;
  if (code >= SUSTAINABILITY && code < SUSTAINABILITY + NC) {
    const category = code - SUSTAINABILITY;
    const type = state.sDisplay[category];
    state.sDisplay[category] = -1;
    buySustainability(state, seat, type);
    state.cardPart = 1;
    if (++state.sustBuyers >= state.sustLimit) {
      // The supply limit (GD-A9): the rest of the sustainability display goes to the discards.
      for (let k = 0; k < NC; k++) {
        if (state.sDisplay[k] >= 0) {
          discardSust(state, k, state.sDisplay[k]);
          state.sDisplay[k] = -1;
        }
      }
    }
    return;
  }
  if (code >= ACTION && code < ACTION + state.aDisplay.length) {
    const type = state.aDisplay[code - ACTION];
    state.aDisplay[code - ACTION] = -1;
    state.cash[seat] -= state.tables.aCost[type];
    buyAction(state, seat, type);
    state.cardPart = 2;
    counters[C_ACTION][seat]++;
    state.roundCounters[rc(state, R_ACTION)]++;
    return;
  }
  switch (code) {
    case TAX_CHIP:
    case TAX_CASH:
      state.cash[seat] -= c.taxRefundCost;
      if (code === TAX_CASH) state.cash[seat] += c.taxRefundCash;
      else takeChips(state, seat, c.taxRefundChips);
      state.cardPart = 3;
      counters[C_TAX][seat]++;
      state.roundCounters[rc(state, R_TAX)]++;
      return;
    case BUY_PR:
      state.cash[seat] -= prPrice(state, seat);
      state.prSupply--;
      state.chips[seat]++;
      state.boughtPr = true;
      counters[C_PR_BOUGHT][seat]++;
      state.roundCounters[rc(state, R_PR_BOUGHT)]++;
      return;
    case DIVIDEND: {
      const income = state.income[seat];
      const vp = state.tables.divVp[income] + state.mods[seat * MODS + M_DIVIDEND_BONUS];
      state.cash[seat] -= state.tables.divPay[income];
      state.vp[seat] += vp;
      state.paidDividend = true;
      counters[C_DIVIDENDS][seat]++;
      counters[C_DIVIDEND_VP][seat] += vp;
      state.roundCounters[rc(state, R_DIVIDENDS)]++;
      return;
    }
  }
  if (code >= TAKE_LOAN && code < TAKE_LOAN + MAX_LOAN_PILE) {
    const i = code - TAKE_LOAN;
    const amount = state.loanPile[i];
    for (let k = i + 1; k < state.loanPileSize; k++) state.loanPile[k - 1] = state.loanPile[k];
    state.loanPileSize--;
    let slot = 0;
    while (state.loans[seat * LOAN_SLOTS + slot] !== 0) slot++;
    state.loans[seat * LOAN_SLOTS + slot] = amount;
    state.loanCount[seat]++;
    state.cash[seat] += amount;
    state.loanPart = i === 0 ? 1 : 2;
    state.tookLoan = true;
    counters[C_LOANS_TAKEN][seat]++;
    state.roundCounters[rc(state, R_LOANS_TAKEN)]++;
    return;
  }
  if (code > REPAY_LOANS && code < REPAY_LOANS + (1 << LOAN_SLOTS)) {
    const mask = code - REPAY_LOANS;
    for (let k = 0; k < LOAN_SLOTS; k++) {
      if ((mask >> k) & 1) {
        const at = seat * LOAN_SLOTS + k;
        state.cash[seat] -= repayment(state, seat, state.loans[at]);
        state.loans[at] = 0;
        state.loanCount[seat]--;
        counters[C_LOANS_REPAID][seat]++;
        state.roundCounters[rc(state, R_LOANS_REPAID)]++;
      }
    }
    if (!state.config.rules.repayAsExtra) state.loanPart = 3;
    state.repaid = true;
    return;
  }
  if (code >= PLAY_CARD) {
    const type = code - PLAY_CARD;
    state.hand[seat * state.tables.actionTypes + type]--;
    state.handSize[seat]--;
    state.owned[seat * state.tables.actionTypes + type]++;
    applyOnce(state, seat, type);
    counters[C_HAND_PLAYED][seat]++;
    state.roundCounters[rc(state, R_HAND_PLAYED)]++;
    return;
  }
  throw new RangeError(`invest: step ${code} is not an investment`);
}

function takeChips(state: GreenDealState, seat: number, n: number): void {
  const got = n < state.prSupply ? n : state.prSupply;
  state.prSupply -= got;
  state.chips[seat] += got;
}

export function addIncome(state: GreenDealState, seat: number, steps: number): void {
  const v = state.income[seat] + steps;
  state.income[seat] = v < 0 ? 0 : v > state.incomeMax ? state.incomeMax : v;
}

function addSteps(state: GreenDealState, seat: number, category: number, steps: number): void {
  const at = seat * NC + category;
  const v = state.track[at] + steps;
  state.track[at] = v > state.trackLength ? state.trackLength : v;
  state.keepImage(at);
}

/** M1: pay the card, move its track, income and VP; its tile waits for the expansion. */
function buySustainability(state: GreenDealState, seat: number, type: number): void {
  const t = state.tables;
  state.cash[seat] -= sustainabilityCost(state, seat, type);
  addSteps(state, seat, t.sCat[type], t.sSteps[type]);
  addIncome(state, seat, t.sIncome[type]);
  state.vp[seat] += t.sVp[type];
  state.counters[C_CARD_VP][seat] += t.sVp[type];
  state.sustOwned[seat * t.sustTypes + type]++;
  state.pendingCat[seat] = t.sCat[type];
  state.pendingSize[seat] = t.sSize[type];
  state.counters[C_SUST][seat]++;
  state.roundCounters[rc(state, R_SUST)]++;
}

/** M2: an action card acts at once, for good, from the hand later, or at the end (GD-A25). */
function buyAction(state: GreenDealState, seat: number, type: number): void {
  const t = state.tables;
  const timing = t.aTiming[type];
  if (timing === T_IMMEDIATE) {
    // Used at once; the card lies face up in front of the seat.
    state.owned[seat * t.actionTypes + type]++;
    applyOnce(state, seat, type);
    return;
  }
  if (timing === T_HAND) {
    state.hand[seat * t.actionTypes + type]++;
    state.handSize[seat]++;
    return;
  }
  putInFront(state, seat, type);
}

/** A permanent or end card goes in front of `seat`: its modifiers or end VP count from now on. */
export function putInFront(state: GreenDealState, seat: number, type: number): void {
  const t = state.tables;
  const permanent = t.aTiming[type] === T_PERMANENT;
  state.owned[seat * t.actionTypes + type]++;
  for (let e = t.aEffStart[type]; e < t.aEffEnd[type]; e++) {
    const kind = t.eKind[e];
    if (permanent) {
      if (kind === K_IMAGE) {
        const at = seat * NC + t.eCat[e];
        state.imageBonus[at] += t.eAmount[e];
        state.keepImage(at);
      } else state.mods[seat * MODS + kind - K_PERMANENT] += t.eAmount[e];
    } else state.endVp[seat * 3 + kind - K_END] += t.eAmount[e];
  }
}

/** The once-effects of an immediate card bought or a hand card played (GD-A28: income and VP as printed, income within 0…cap). */
function applyOnce(state: GreenDealState, seat: number, type: number): void {
  const t = state.tables;
  for (let e = t.aEffStart[type]; e < t.aEffEnd[type]; e++) {
    const kind = t.eKind[e];
    const a = t.eAmount[e];
    if (kind === K_CASH) state.cash[seat] += a;
    else if (kind === K_INCOME) addIncome(state, seat, a);
    else if (kind === K_VP) {
      state.vp[seat] += a;
      state.counters[C_CARD_VP][seat] += a;
    } else if (kind === K_STEPS) addSteps(state, seat, t.eCat[e] < NC ? t.eCat[e] : state.weakest(seat), a);
    else if (kind === K_CHIPS) takeChips(state, seat, a);
  }
}

// ---------------------------------------------------------------------------------------------
// Piles and displays (GD-A10)

function discardSust(state: GreenDealState, category: number, type: number): void {
  state.sDiscard[category][state.sDiscardCount[category]++] = type;
}

/** The next card of a category's pile (a lazy Fisher–Yates step), refilled from its discards when empty (GD-A10); −1 = none. */
export function drawSustainability(state: GreenDealState, category: number): number {
  const sPos = state.sPos;
  const sLen = state.sLen;
  const pile = state.sPile[category];
  if (sPos[category] >= sLen[category]) {
    const n = state.sDiscardCount[category];
    if (n === 0 || state.config.rules.emptyPile === 'stay-empty') return -1;
    const discard = state.sDiscard[category];
    for (let i = 0; i < n; i++) pile[i] = discard[i];
    sPos[category] = 0;
    sLen[category] = n;
    state.sDiscardCount[category] = 0;
  }
  const pos = sPos[category]++;
  const draws = state.sDraws;
  if (state.script === null) {
    const j = pos + Math.floor(unitFloat(state.sKeys[category], draws[category]) * (sLen[category] - pos));
    const card = pile[j];
    pile[j] = pile[pos];
    pile[pos] = card;
  }
  draws[category]++;
  return pile[pos];
}

/** The next action card (as drawSustainability); a real card's reveal is recorded for `round` (chance cards). */
export function drawAction(state: GreenDealState, round: number): number {
  const pile = state.aPile;
  if (state.aPos >= state.aLen) {
    const n = state.aDiscardCount;
    if (n === 0 || state.config.rules.emptyPile === 'stay-empty') return -1;
    const discard = state.aDiscard;
    for (let i = 0; i < n; i++) pile[i] = discard[i];
    state.aPos = 0;
    state.aLen = n;
    state.aDiscardCount = 0;
  }
  const pos = state.aPos++;
  if (state.script === null) {
    const j = pos + Math.floor(unitFloat(state.aKey, state.aDraws) * (state.aLen - pos));
    const card = pile[j];
    pile[j] = pile[pos];
    pile[pos] = card;
  }
  state.aDraws++;
  const type = pile[pos];
  const lastReveal = state.lastReveal;
  if (type < state.tables.realActionTypes && lastReveal[type] !== round) {
    lastReveal[type] = round;
    const cards = state.cards;
    const at = 2 * state.cardCount;
    if (at + 1 >= cards.length) throw new ScriptError('more action card reveals than the record holds');
    cards[at] = type;
    cards[at + 1] = round;
    state.cardCount++;
  }
  return type;
}

/** Scratch of the preview cards moving into the display (module-level: one thread plays one game at a time). */
let MOVING = new Int32Array(4);

/**
 * End of round: unbought cards go to the discards (the Tax Refund stays), the preview moves into the
 * display and the piles' next cards become the preview, for round `next`.
 */
export function refreshDisplays(state: GreenDealState, next: number): void {
  const { sDisplay, sPreview } = state;
  for (let c = 0; c < NC; c++) {
    if (sDisplay[c] >= 0) discardSust(state, c, sDisplay[c]);
    sDisplay[c] = sPreview[c] >= 0 ? sPreview[c] : drawSustainability(state, c);
    sPreview[c] = drawSustainability(state, c);
  }
  const display = state.aDisplay;
  const preview = state.aPreview;
  for (let i = 0; i < display.length; i++) if (display[i] >= 0) state.aDiscard[state.aDiscardCount++] = display[i];
  if (MOVING.length < preview.length) MOVING = new Int32Array(preview.length);
  const moving = MOVING;
  let n = 0;
  for (let i = 0; i < preview.length; i++) if (preview[i] >= 0) moving[n++] = preview[i];
  let k = 0;
  for (let i = 0; i < display.length; i++) display[i] = k < n ? moving[k++] : drawAction(state, next);
  for (let i = 0; i < preview.length; i++) preview[i] = k < n ? moving[k++] : drawAction(state, next);
}

/** Round 1's displays: each category's card and preview, the action display and preview. */
export function dealDisplays(state: GreenDealState): void {
  for (let c = 0; c < NC; c++) {
    state.sDisplay[c] = drawSustainability(state, c);
    state.sPreview[c] = drawSustainability(state, c);
  }
  for (let i = 0; i < state.aDisplay.length; i++) state.aDisplay[i] = drawAction(state, 1);
  for (let i = 0; i < state.aPreview.length; i++) state.aPreview[i] = drawAction(state, 1);
}

// ---------------------------------------------------------------------------------------------
// Expansion (phase 4)

/** GD-A11: whether a free cell is kept free for a player without a tile (a free start position, or with the option one of its 8 neighbours). */
function blocked(state: GreenDealState, cell: number): boolean {
  if (state.seatsWithoutTile === 0) return false;
  if (state.isStart[cell]) return true;
  if (!state.config.rules.blockStartNeighbours) return false;
  const n8 = state.tables.n8;
  for (let k = 0; k < 8; k++) {
    const nb = n8[cell * 8 + k];
    if (state.isStart[nb] && state.owner[nb] < 0) return true;
  }
  return false;
}

/** Whether `seat` may place its tile on `cell` now (the placement `preparePlacement` began). */
export function canPlace(state: GreenDealState, seat: number, cell: number): boolean {
  if (state.placeSeat !== seat || !Number.isInteger(cell) || cell < 0 || cell >= state.tables.cells || state.owner[cell] >= 0) return false;
  const mode = state.placeMode;
  // A free cell beside one of the seat's tiles is exactly a cell of its frontier.
  if (mode === 1) return state.frontierAt[seat * state.tables.cells + cell] >= 0 && !blocked(state, cell);
  return mode === 2 || state.isStart[cell] === 1;
}

/**
 * Begins `seat`'s placement (GD-A14) and returns its mode: 0 = a free start position (its first
 * tile), 1 = a free cell beside one of its tiles (not a blocked one, GD-A11), 2 = any free cell when
 * there is no such cell; −1 = the map is full.
 */
export function preparePlacement(state: GreenDealState, seat: number): number {
  state.placeSeat = seat;
  state.listed = false;
  let mode = -1;
  if (state.tiles[seat] === 0) {
    for (const cell of state.startCells) if (state.owner[cell] < 0) mode = 0;
  } else if (state.frontierCount[seat] > 0) {
    if (state.seatsWithoutTile === 0) mode = 1;
    else {
      const at = seat * state.tables.cells;
      for (let i = 0; i < state.frontierCount[seat] && mode < 0; i++) if (!blocked(state, state.frontier[at + i])) mode = 1;
    }
  }
  if (mode < 0 && state.placedCount < state.tables.cells) mode = 2;
  state.placeMode = mode;
  return mode;
}

/**
 * The legal cells of the placement in their order — the free start positions in the components'
 * order; the seat's frontier without blocked cells; every free cell by index — read as
 * legalCellCount / legalCellAt (the list is built when first read, unless it is the frontier itself).
 */
export function legalCellCount(state: GreenDealState): number {
  if (state.placeMode === 1 && state.seatsWithoutTile === 0) return state.frontierCount[state.placeSeat];
  if (!state.listed) listLegalCells(state);
  return state.legalCount;
}

export function legalCellAt(state: GreenDealState, i: number): number {
  if (state.placeMode === 1 && state.seatsWithoutTile === 0) return state.frontier[state.placeSeat * state.tables.cells + i];
  if (!state.listed) listLegalCells(state);
  return state.legalCells[i];
}

function listLegalCells(state: GreenDealState): void {
  state.listed = true;
  let n = 0;
  const seat = state.placeSeat;
  if (state.placeMode === 0) {
    for (const cell of state.startCells) if (state.owner[cell] < 0) state.legalCells[n++] = cell;
  } else if (state.placeMode === 1) {
    const at = seat * state.tables.cells;
    for (let i = 0; i < state.frontierCount[seat]; i++) if (!blocked(state, state.frontier[at + i])) state.legalCells[n++] = state.frontier[at + i];
  } else if (state.placeMode === 2) {
    for (let cell = 0; cell < state.tables.cells; cell++) if (state.owner[cell] < 0) state.legalCells[n++] = cell;
  }
  state.legalCount = n;
}

/** The first legal cell of the placement's list (the fallback of a faulty seat), −1 = none. */
export function firstLegalCell(state: GreenDealState, seat: number): number {
  return state.placeSeat === seat && legalCellCount(state) > 0 ? legalCellAt(state, 0) : -1;
}

/** Puts the seat's pending tile on `cell` (with its marker), counted as this round's. */
export function putTile(state: GreenDealState, seat: number, cell: number): void {
  putTileAt(state, seat, cell, state.pendingCat[seat], state.pendingSize[seat]);
  state.counters[C_TILES][seat]++;
  state.roundCounters[rc(state, R_TILES)]++;
}

/** A tile of `seat` on `cell` (a placement, or a position set up by a fixture or a sampled state); the frontiers follow. */
export function putTileAt(state: GreenDealState, seat: number, cell: number, category: number, size: number): void {
  const cells = state.tables.cells;
  const { tiles, owner, frontier, frontierAt, frontierCount } = state;
  const own = tiles[seat];
  if (own === 0) state.seatsWithoutTile--;
  state.seatTiles[seat * cells + own] = cell;
  tiles[seat] = own + 1;
  const inCategory = state.categoryTileCount[category]++;
  state.categoryTiles[category * cells + inCategory] = cell;
  state.placedCells[state.placedCount++] = cell;
  owner[cell] = seat;
  state.cellCat[cell] = category;
  state.cellSize[cell] = size;
  // The cell leaves every frontier (the last cell of a frontier moves into its place).
  for (let t = 0, at = 0; t < state.players; t++, at += cells) {
    const i = frontierAt[at + cell];
    if (i < 0) continue;
    const last = frontier[at + --frontierCount[t]];
    frontier[at + i] = last;
    frontierAt[at + last] = i;
    frontierAt[at + cell] = -1;
  }
  // Its free neighbours join the seat's frontier.
  const n8 = state.tables.n8;
  const at = seat * cells;
  for (let k = cell * 8, end = k + 8; k < end; k++) {
    const nb = n8[k];
    if (owner[nb] < 0 && frontierAt[at + nb] < 0) {
      const n = frontierCount[seat]++;
      frontierAt[at + nb] = n;
      frontier[at + n] = nb;
    }
  }
}

/**
 * What the contact of the tile on `cell` with its edge neighbour k (N, E, S, W) asks: −1 = no
 * contact (empty, another category, or an own tile without GD-A12's self-cooperation), 0 = a forced
 * cooperation (an own tile, or competition impossible: not higher, GD-A15), 1 = a choice.
 */
export function contactAt(state: GreenDealState, cell: number, k: number): number {
  const nb = state.tables.n4[cell * 4 + k];
  const other = state.owner[nb];
  if (other < 0 || state.cellCat[nb] !== state.cellCat[cell]) return -1;
  const seat = state.owner[cell];
  if (other === seat) return state.config.rules.selfCooperation ? 0 : -1;
  return state.cellSize[cell] > state.cellSize[nb] ? 1 : 0;
}

/** Cooperation: both owners' income rise by ⌊(a + b) / 2⌋ (+ their cooperation bonus); with an own tile once (GD-A13). */
export function cooperate(state: GreenDealState, cell: number, k: number): void {
  const nb = state.tables.n4[cell * 4 + k];
  const seat = state.owner[cell];
  const other = state.owner[nb];
  const steps = (state.cellSize[cell] + state.cellSize[nb]) >> 1;
  addIncome(state, seat, steps + state.mods[seat * MODS + M_COOPERATION_BONUS]);
  state.cooperations[seat]++;
  state.counters[C_COOPERATIONS][seat]++;
  if (other !== seat) {
    addIncome(state, other, steps + state.mods[other * MODS + M_COOPERATION_BONUS]);
    state.cooperations[other]++;
    state.counters[C_COOPERATIONS][other]++;
  }
  state.roundCounters[rc(state, R_COOPERATIONS)]++;
}

/** Competition (only with the higher tile): the other loses the difference (not below 0, less its guard), the seat gains it (GD-A16). */
export function compete(state: GreenDealState, cell: number, k: number): void {
  const nb = state.tables.n4[cell * 4 + k];
  const seat = state.owner[cell];
  const other = state.owner[nb];
  const diff = state.cellSize[cell] - state.cellSize[nb];
  const guarded = diff - state.mods[other * MODS + M_COMPETITION_GUARD];
  const loss = guarded < 0 ? 0 : guarded;
  const lost = loss < state.income[other] ? loss : state.income[other];
  state.income[other] -= lost;
  addIncome(state, seat, state.config.rules.competitionGain === 'full' ? diff : lost);
  state.counters[C_COMPETITIONS_WON][seat]++;
  state.counters[C_COMPETITIONS_LOST][other]++;
  state.roundCounters[rc(state, R_COMPETITIONS)]++;
}

// ---------------------------------------------------------------------------------------------
// Scorings (§5)

/** Scratch for ranking (module-level: one thread plays one game at a time). */
const ORDER = new Int32Array(8);
const VALUE = new Int32Array(8);
const AWARD = new Int32Array(8);

/** Seat `seat` with `value` is the i-th entrant of the next `awardPlaces`. */
export function entrant(i: number, seat: number, value: number): void {
  ORDER[i] = seat;
  VALUE[seat] = value;
}

/**
 * Places by value among the `n` entrants: the best gets awards[0], the next awards[1], …; tied seats
 * share the awards of the places they occupy, each ⌊sum / k⌋ (GD-A19; two firsts of 8 / 4 / 2 get
 * 6 each). Read each entrant's VP with `awarded(seat)`.
 */
export function awardPlaces(n: number, awards: readonly number[]): void {
  // Each entrant's tie group starts at the place after the entrants above it (at most 5: no sort).
  for (let i = 0; i < n; i++) {
    const seat = ORDER[i];
    const value = VALUE[seat];
    let above = 0;
    let tied = 0;
    for (let j = 0; j < n; j++) {
      const other = VALUE[ORDER[j]];
      if (other > value) above++;
      else if (other === value) tied++;
    }
    let sum = 0;
    for (let p = above; p < above + tied; p++) sum += p < awards.length ? awards[p] : 0;
    AWARD[seat] = Math.floor(sum / tied);
  }
}

/** The VP the last `awardPlaces` gave `seat` (an entrant of it). */
export const awarded = (seat: number): number => AWARD[seat];

// ---------------------------------------------------------------------------------------------
// D5 and D6: allocations as one integer (6 bits per category, the centre bit above), the final repayment

export const MAX_CHIPS = 63;

export function packAllocation(environment: number, jobs: number, social: number, research: number, centre: number): number {
  return environment | (jobs << 6) | (social << 12) | (research << 18) | (centre << 24);
}

/** Chips on category c (0–3) or the centre (4) of a packed allocation. */
export const allocationAt = (packed: number, c: number): number => (c === 4 ? (packed >> 24) & 1 : (packed >> (6 * c)) & 63);

/** Chips a seat must allocate (D5): all it holds. */
export const chipsToAllocate = (state: GreenDealState, seat: number): number => state.chips[seat];

/** Whether `packed` places exactly the seat's chips, at most one in the centre (D5). */
export function isAllocation(state: GreenDealState, seat: number, packed: number): boolean {
  if (!Number.isInteger(packed) || packed < 0 || packed >= 1 << 25) return false;
  let sum = 0;
  for (let c = 0; c < 5; c++) sum += allocationAt(packed, c);
  return sum === state.chips[seat];
}

/** The final repayment's range (D6): 0 … min(cash, owed). */
export function maxRepayment(state: GreenDealState, seat: number): number {
  const debt = owed(state, seat);
  return debt < state.cash[seat] ? debt : state.cash[seat];
}

// ---------------------------------------------------------------------------------------------
// A new game

/** Everything of a game back to its start (start values per player count), the piles in canonical order. */
export function clearGame(state: GreenDealState): void {
  const c = state.config.params.components;
  const t = state.tables;
  const P = state.players;
  state.round = 1;
  state.stage = BID;
  state.stopAfterRound = 0;
  for (let s = 0; s < P; s++) {
    state.cash[s] = c.startCash[P - 3];
    state.income[s] = c.startIncome[P - 3];
  }
  // The map first (it reads the frontiers' counts): only the cells this game used — the placed
  // tiles and the frontiers' entries — are not as the constructor left them.
  const cells = t.cells;
  const { owner, cellCat, cellSize, placedCells, frontier, frontierAt, frontierCount } = state;
  for (let i = 0; i < state.placedCount; i++) {
    const cell = placedCells[i];
    owner[cell] = -1;
    cellCat[cell] = -1;
    cellSize[cell] = 0;
  }
  for (let s = 0; s < P; s++) {
    const at = s * cells;
    for (let i = 0; i < frontierCount[s]; i++) frontierAt[at + frontier[at + i]] = -1;
  }
  state.zeroWords.fill(0);
  const lists = state.zeroedLists;
  for (let i = 0; i < lists.length; i++) {
    const list = lists[i];
    for (let j = 0; j < list.length; j++) list[j] = 0;
  }
  const pendingCat = state.pendingCat;
  for (let s = 0; s < pendingCat.length; s++) pendingCat[s] = -1;
  for (let k = 0; k < NC; k++) {
    const canon = t.sCanon[k];
    const pile = state.sPile[k];
    for (let i = 0; i < canon.length; i++) pile[i] = canon[i];
    state.sLen[k] = canon.length;
  }
  for (let i = 0; i < t.aCanon.length; i++) state.aPile[i] = t.aCanon[i];
  state.aPos = 0;
  state.aLen = t.aCanon.length;
  state.aDraws = 0;
  state.aDiscardCount = 0;
  state.loanPileSize = c.loanPile.length;
  state.prSupply = c.prSupply[P - 3];
  state.placeSeat = -1;
  state.placedCount = 0;
  state.investChecked = -1;
  state.seatsWithoutTile = P;
  state.cardCount = 0;
  state.winnerCount = 0;
  state.ending = ENDING_VP;
  if (state.log !== null) state.log = [];
  state.logLength = 0;
}
