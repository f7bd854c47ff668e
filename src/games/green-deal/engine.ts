/**
 * Green Deal as a `GameModule` (docs/games/green-deal.md): one flat engine that changes its state in
 * place (`inPlace`), allocates per game only, and runs the rules of rules.ts round by round. Answers
 * are integers:
 *  - D1 `bid` (simultaneous, hidden until every seat has answered): the bid;
 *  - D2/D3 `invest`: one investment step (state.ts codes: DONE, SUSTAINABILITY + category, …), asked
 *    again until the seat answers DONE;
 *  - D4 `place`: the cell (y · width + x); `contact`: 0 cooperation, 1 competition;
 *  - D5 `allocate` (simultaneous, hidden): the PR chips per category and the centre, packed
 *    (`packAllocation`);
 *  - D6 `repay` (simultaneous): cash paid towards the loans at the end (GD-A5).
 * `apply` draws nothing from the random source it is given: every draw is keyed by the state
 * (its piles' keys and the coin's), so a cloned or sampled state plays on by its own keys.
 */
import { askBotWith } from '../../core/ask.js';
import { type AskProtocol, type DecisionRequest, type GameModule, Illegal, type Outcome, type Pending } from '../../core/game.js';
import { Purpose, purposeKey, type RandomSource, shuffleInPlace, unitFloat } from '../../core/random.js';
import type { GreenDealBot } from './bot.js';
import {
  C_BID_TOTAL,
  C_CARD_VP,
  C_FINAL_CASH,
  C_FINAL_INCOME,
  C_FIRST,
  C_INCOME_20,
  C_LOAN_PENALTY,
  C_PR_PLACES,
  C_PR_VP,
  C_STAGE_FIRST,
  C_STAGE_LAST,
  C_SUST_VP,
  C_VALUATION_VP,
  ENDING_CASH,
  ENDING_INCOME,
  ENDING_SHARED,
  ENDING_VP,
  ENDINGS,
  R_BIDS,
  R_CASH,
  R_INCOME,
  ROUND_COUNTERS,
} from './metrics.js';
import type { GreenDealConfig } from './params.js';
import {
  allocationAt,
  awardPlaces,
  clearGame,
  awarded,
  canPlace,
  compete,
  contactAt,
  cooperate,
  dealDisplays,
  entrant,
  firstLegalCell,
  invest,
  isAllocation,
  isInvestAnswer,
  MAX_CHIPS,
  maxBid,
  maxRepayment,
  owed,
  packAllocation,
  preparePlacement,
  putInFront,
  putTile,
  putTileAt,
  refreshDisplays,
} from './rules.js';
import {
  ALLOCATE,
  BID,
  CONTACT,
  DONE,
  END_TURN,
  GD_PURPOSE,
  GreenDealState,
  INVEST,
  NC,
  OVER,
  type PileScript,
  PLACE,
  REPAY,
  ScriptError,
  T_END,
  T_PERMANENT,
} from './state.js';
import { GreenDealView } from './view.js';
import { botAnswer, clone, legalAnswers, sampleState, uniformAnswer } from './contract.js';
import { playout } from './playout.js';

export type GreenDealRequestKind = 'bid' | 'invest' | 'place' | 'contact' | 'allocate' | 'repay';
/** A request; `stage` is its kind as the engine's stage number (state.ts BID … REPAY). */
export type GreenDealRequest = DecisionRequest & { readonly kind: GreenDealRequestKind; readonly stage?: number };
export type GreenDealAnswer = number;

const RC = ROUND_COUNTERS.length;

// ---------------------------------------------------------------------------------------------
// Setup

/** §2 a fresh state with round 1 dealt; views are made here, one per seat. */
export function setup(config: GreenDealConfig, players: number, random: RandomSource): GreenDealState {
  if (!Number.isInteger(players) || players < 3 || players > 5) throw new RangeError(`Green Deal needs 3–5 players, got ${players}`);
  const state = new GreenDealState(config, players);
  for (let s = 0; s < players; s++) state.views.push(new GreenDealView(state, s));
  resetGame(state, random.gameKey);
  return state;
}

/** The seat's read-only view: one per seat per game, made at setup, live over the state. */
export function seatView(state: GreenDealState, seat: number): GreenDealView {
  return state.views[seat];
}

/** Scratch of the loan pile's shuffle (module-level: one thread sets up one game at a time). */
const LOANS: number[] = [];

/**
 * Starts a new game on `state` (in place) from the game's key: every per-game figure cleared, the
 * start values given, the piles' keys set, round 1's displays dealt. A state replays the same game
 * from the same key whatever it played before.
 */
export function resetGame(state: GreenDealState, gameKey: number): void {
  state.gameKey = gameKey;
  for (let c = 0; c < NC; c++) state.sKeys[c] = purposeKey(gameKey, GD_PURPOSE.sustainabilityPile + c);
  state.aKey = purposeKey(gameKey, GD_PURPOSE.actionPile);
  state.coinKey = purposeKey(gameKey, Purpose.tieBreak);
  clearGame(state);
  const c = state.config.params.components;
  const loans = c.loanPile;
  const pile = state.loanPile;
  if (c.shuffleLoans) {
    const scratch = LOANS;
    for (let i = 0; i < loans.length; i++) scratch[i] = loans[i];
    shuffleInPlace(scratch, loans.length, purposeKey(gameKey, GD_PURPOSE.loanPile), 0);
    for (let i = 0; i < loans.length; i++) pile[i] = scratch[i];
  } else for (let i = 0; i < loans.length; i++) pile[i] = loans[i];
  dealDisplays(state);
  startRound(state);
}

/** What a fixture gives of a seat at the start of its round. */
export interface SeatSetup {
  readonly cash: number;
  readonly income: number;
  readonly vp: number;
  readonly track: readonly number[];
  readonly chips: number;
  readonly loans: readonly number[];
  /** Action card types in the hand, and permanent / end cards in front of the seat. */
  readonly hand: readonly number[];
  readonly owned: readonly number[];
  readonly cooperations: number;
}

/** A tile on the map at a fixture's start. */
export interface TileSetup {
  readonly cell: number;
  readonly seat: number;
  readonly category: number;
  readonly size: number;
}

/**
 * A state at the start of round `round` (before its auction) with the given seats, tiles, PR
 * supply and piles in the given orders, top first (fixtures, fixtures.ts). The game stops after this
 * round unless it is the last.
 */
export function setupScripted(
  config: GreenDealConfig,
  players: number,
  round: number,
  seats: readonly SeatSetup[],
  tiles: readonly TileSetup[],
  prSupply: number | null,
  script: PileScript,
): GreenDealState {
  const state = new GreenDealState(config, players);
  for (let s = 0; s < players; s++) state.views.push(new GreenDealView(state, s));
  state.script = script;
  clearGame(state);
  const t = state.tables;
  for (let k = 0; k < NC; k++) {
    const list = script.sustainability[k];
    for (let i = 0; i < list.length; i++) state.sPile[k][i] = list[i];
    state.sLen[k] = list.length;
  }
  for (let i = 0; i < script.actions.length; i++) state.aPile[i] = script.actions[i];
  state.aLen = script.actions.length;
  for (let i = 0; i < script.loans.length; i++) state.loanPile[i] = script.loans[i];
  state.loanPileSize = script.loans.length;
  if (prSupply !== null) state.prSupply = prSupply;
  seats.forEach((s, seat) => {
    state.cash[seat] = s.cash;
    state.income[seat] = s.income;
    state.vp[seat] = s.vp;
    for (let c = 0; c < NC; c++) {
      state.track[seat * NC + c] = s.track[c];
      state.keepImage(seat * NC + c);
    }
    state.chips[seat] = s.chips;
    s.loans.forEach((amount, k) => {
      state.loans[seat * 3 + k] = amount;
      state.loanCount[seat]++;
    });
    for (const type of s.hand) {
      state.hand[seat * t.actionTypes + type]++;
      state.handSize[seat]++;
    }
    // Cards in front of the seat act as bought: permanent and end cards with their effects.
    for (const type of s.owned) {
      if (t.aTiming[type] === T_PERMANENT || t.aTiming[type] === T_END) putInFront(state, seat, type);
      else state.owned[seat * t.actionTypes + type]++;
    }
    state.cooperations[seat] = s.cooperations;
  });
  for (const tile of tiles) putTileAt(state, tile.seat, tile.cell, tile.category, tile.size);
  state.round = round;
  if (round < state.rounds) state.stopAfterRound = round;
  dealDisplays(state);
  startRound(state);
  return state;
}

// ---------------------------------------------------------------------------------------------
// The round

/** Phase 1 starts: every seat with cash bids (a seat without cash can only bid 0 and is not asked). */
function startRound(state: GreenDealState): void {
  state.stage = BID;
  state.sustBuyers = 0;
  let mask = 0;
  for (let s = 0; s < state.players; s++) if (maxBid(state, s) > 0) mask |= 1 << s;
  state.askMask = mask;
  if (mask === 0) {
    state.bids.fill(0);
    resolveAuction(state);
  }
}

/** Whether seat a goes before seat b in turn order (§4 phase 1: higher bid; tie: less cash (GD-A8), less income, the coin). */
function before(state: GreenDealState, a: number, b: number): boolean {
  const bids = state.bids;
  if (bids[a] !== bids[b]) return bids[a] > bids[b];
  const cash = state.cash;
  // Cash is still before the bids here (accounting follows the order).
  const ca = state.tieAfterBids ? cash[a] - bids[a] : cash[a];
  const cb = state.tieAfterBids ? cash[b] - bids[b] : cash[b];
  if (ca !== cb) return ca < cb;
  const income = state.income;
  if (income[a] !== income[b]) return income[a] < income[b];
  const script = state.script?.coin ?? null;
  if (script !== null) return script.indexOf(a) < script.indexOf(b);
  const ua = unitFloat(state.coinKey, state.round * 8 + a);
  const ub = unitFloat(state.coinKey, state.round * 8 + b);
  return ua !== ub ? ua < ub : a < b;
}

/** The reveal: turn order, then phase 2 (every seat pays its bid, then adds its income). */
function resolveAuction(state: GreenDealState): void {
  const P = state.players;
  const { order, cash, income, bids } = state;
  for (let i = 0; i < P; i++) {
    let j = i;
    while (j > 0 && before(state, i, order[j - 1])) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = i;
  }
  let total = 0;
  const bidTotal = state.counters[C_BID_TOTAL];
  for (let s = 0; s < P; s++) {
    const bid = bids[s];
    cash[s] += income[s] - bid;
    total += bid;
    bidTotal[s] += bid;
  }
  state.counters[C_FIRST][order[0]]++;
  state.roundCounters[(state.round - 1) * RC + R_BIDS] = total;
  state.turn = 0;
  beginInvestment(state);
}

function beginInvestment(state: GreenDealState): void {
  state.stage = INVEST;
  state.cardPart = 0;
  state.loanPart = 0;
  state.boughtPr = false;
  state.paidDividend = false;
  state.tookLoan = false;
  state.repaid = false;
}

/** A seat's investment is over: its tile now (GD-A27 option), the next investor, or the expansion. */
function endInvestment(state: GreenDealState): void {
  const seat = state.order[state.turn];
  if (state.expandAfterOwn && state.pendingCat[seat] >= 0 && beginPlacement(state, seat)) return;
  nextInvestor(state);
}

function nextInvestor(state: GreenDealState): void {
  if (++state.turn < state.players) {
    beginInvestment(state);
    return;
  }
  state.turn = -1;
  nextPlacement(state);
}

/** Phase 4 in turn order: the next seat with a tile to place; when none is left, the round ends. */
function nextPlacement(state: GreenDealState): void {
  while (++state.turn < state.players) {
    if (state.pendingCat[state.order[state.turn]] >= 0 && beginPlacement(state, state.order[state.turn])) return;
  }
  endRound(state);
}

/** Asks for the seat's cell; false when the map is full (the tile is not placed). */
function beginPlacement(state: GreenDealState, seat: number): boolean {
  if (preparePlacement(state, seat) < 0) {
    state.pendingCat[seat] = -1;
    state.placeSeat = -1;
    return false;
  }
  state.stage = PLACE;
  return true;
}

/** The tile is down: its contacts one by one; a choice waits for the seat (CONTACT). */
function resolveContacts(state: GreenDealState): void {
  const cell = state.placeCell;
  for (let k = state.contactK; k < 4; k++) {
    const kind = contactAt(state, cell, k);
    if (kind === 1) {
      state.contactK = k;
      state.stage = CONTACT;
      return;
    }
    if (kind === 0) cooperate(state, cell, k);
  }
  endPlacement(state);
}

function endPlacement(state: GreenDealState): void {
  const seat = state.owner[state.placeCell];
  state.pendingCat[seat] = -1;
  state.placeCell = -1;
  state.placeSeat = -1;
  if (state.expandAfterOwn) nextInvestor(state);
  else nextPlacement(state);
}

/** End of round: the displays for the next round, then the scorings due (§5, GD-A21 order). */
function endRound(state: GreenDealState): void {
  const round = state.round;
  const last = round >= state.rounds;
  if (!last && state.stopAfterRound !== round) refreshDisplays(state, round + 1);
  if (state.tables.prScoringAt[round] === 1) {
    let mask = 0;
    for (let s = 0; s < state.players; s++) if (state.chips[s] > 0) mask |= 1 << s;
    for (let i = 0; i < state.placed.length; i++) state.placed[i] = 0;
    if (mask !== 0) {
      state.askMask = mask;
      state.stage = ALLOCATE;
      return;
    }
    scorePr(state);
  }
  afterPr(state);
}

function afterPr(state: GreenDealState): void {
  const round = state.round;
  const sust = state.tables.sustScoringAt[round];
  if (sust !== 0) scoreSustainability(state, sust === 2);
  if (round < state.rounds) {
    finishRound(state);
    return;
  }
  scoreValuation(state);
  scoreEndCards(state);
  // D6: who has loans and cash decides how much to pay (GD-A5); the others pay what they can (nothing).
  let mask = 0;
  for (let s = 0; s < state.players; s++) {
    state.repayments[s] = 0;
    if (state.loanCount[s] > 0 && state.cash[s] > 0) mask |= 1 << s;
  }
  if (mask !== 0) {
    state.askMask = mask;
    state.stage = REPAY;
    return;
  }
  settleLoans(state);
}

/** PR scoring (after rounds 4, 7, 10): per category image = track + chips placed (+ bonuses); 8 / 4 / 2 VP; chips back to the supply but the centre one (GD-A18). */
function scorePr(state: GreenDealState): void {
  const c = state.config.params.components;
  const rules = state.config.rules;
  const needsChip = rules.prNeedsChip;
  const P = state.players;
  const { placed, image, permImage, vp } = state;
  const prVp = state.counters[C_PR_VP];
  const prPlaces = state.counters[C_PR_PLACES];
  for (let k = 0; k < NC; k++) {
    let n = 0;
    for (let s = 0; s < P; s++) {
      const chips = placed[s * 5 + k];
      if (needsChip && chips === 0) continue;
      entrant(n++, s, image[s * NC + k] + chips);
    }
    if (n === 0) continue;
    awardPlaces(n, c.prVp);
    for (let s = 0; s < P; s++) {
      if (needsChip && placed[s * 5 + k] === 0) continue;
      const won = awarded(s);
      if (won > 0) {
        vp[s] += won;
        prVp[s] += won;
        prPlaces[s]++;
      }
    }
  }
  const permanent = rules.permanentImage;
  let supply = state.prSupply;
  for (let s = 0; s < P; s++) {
    for (let k = 0; k < NC; k++) {
      const chips = placed[s * 5 + k];
      supply += chips;
      if (permanent) {
        permImage[s * NC + k] += chips;
        state.keepImage(s * NC + k);
      }
    }
    state.chips[s] = placed[s * 5 + 4];
  }
  state.prSupply = supply;
}

/** Sustainability scoring (after rounds 6 and 10): each seat scores the stage of its weakest category (GD-A20: none reached = 0). */
function scoreSustainability(state: GreenDealState, first: boolean): void {
  const t = state.tables;
  for (let s = 0; s < state.players; s++) {
    const stage = t.stageAt[state.track[s * NC + state.weakest(s)]];
    const vp = t.stageVp[stage];
    state.vp[s] += vp;
    state.counters[C_SUST_VP][s] += vp;
    if (first) state.counters[C_STAGE_FIRST][s] = stage;
    state.counters[C_STAGE_LAST][s] = stage;
  }
}

/** Company valuation (after round 10): 12 / 8 / 4 VP by income, ties sharing (GD-A19). */
function scoreValuation(state: GreenDealState): void {
  const P = state.players;
  for (let s = 0; s < P; s++) entrant(s, s, state.income[s]);
  awardPlaces(P, state.config.params.components.valuationVp);
  for (let s = 0; s < P; s++) {
    const vp = awarded(s);
    state.vp[s] += vp;
    state.counters[C_VALUATION_VP][s] += vp;
  }
}

/** Action cards' end VP (GD-A21: after the valuation, before the loans). */
function scoreEndCards(state: GreenDealState): void {
  for (let s = 0; s < state.players; s++) {
    const vp = state.endVp[s * 3] + state.endVp[s * 3 + 1] * state.tiles[s] + state.endVp[s * 3 + 2] * state.cooperations[s];
    state.vp[s] += vp;
    state.counters[C_CARD_VP][s] += vp;
  }
}

/** The final repayments (D6) and the penalty: vpPerUnpaidCash VP per cash left unpaid (GD-A5). */
function settleLoans(state: GreenDealState): void {
  const per = state.config.params.components.vpPerUnpaidCash;
  for (let s = 0; s < state.players; s++) {
    if (state.loanCount[s] === 0) continue;
    const debt = owed(state, s);
    const paid = state.repayments[s];
    state.cash[s] -= paid;
    const penalty = per * (debt - paid);
    state.vp[s] -= penalty;
    state.counters[C_LOAN_PENALTY][s] += penalty;
  }
  finalRanking(state);
  finishRound(state);
}

/** §5 end: most VP; ties → higher income, then more cash; then shared (GD-A22). Finishing positions for every seat. */
function finalRanking(state: GreenDealState): void {
  const P = state.players;
  const { vp, income, cash } = state;
  const ahead = (a: number, b: number) => (vp[a] !== vp[b] ? vp[a] > vp[b] : income[a] !== income[b] ? income[a] > income[b] : cash[a] > cash[b]);
  let winnerCount = 0;
  for (let s = 0; s < P; s++) {
    state.scores[s] = vp[s];
    let rank = 0;
    for (let o = 0; o < P; o++) if (o !== s && ahead(o, s)) rank++;
    state.ranks[s] = rank;
    if (rank === 0) state.winners[winnerCount++] = s;
  }
  state.winnerCount = winnerCount;
  if (winnerCount > 1) {
    state.ending = ENDING_SHARED;
    return;
  }
  const w = state.winners[0];
  let vpTie = false;
  let incomeTie = false;
  for (let o = 0; o < P; o++) {
    if (o === w || vp[o] !== vp[w]) continue;
    vpTie = true;
    if (income[o] === income[w]) incomeTie = true;
  }
  state.ending = !vpTie ? ENDING_VP : !incomeTie ? ENDING_INCOME : ENDING_CASH;
}

/** The round's record (VP curve, totals, income checkpoints); the next round or the end. */
function finishRound(state: GreenDealState): void {
  const P = state.players;
  const round = state.round;
  let income = 0;
  let cash = 0;
  for (let s = 0; s < P; s++) {
    state.curve[(round - 1) * P + s] = state.vp[s];
    income += state.income[s];
    cash += state.cash[s];
  }
  state.roundCounters[(round - 1) * RC + R_INCOME] = income;
  state.roundCounters[(round - 1) * RC + R_CASH] = cash;
  const checkpoints = state.tables.incomeCheckpoints[round];
  if (checkpoints !== 0) {
    for (let q = 1; q <= 4; q++) {
      if ((checkpoints >> (q - 1)) & 1) for (let s = 0; s < P; s++) state.counters[C_INCOME_20 + q - 1][s] = state.income[s];
    }
  }
  if (round >= state.rounds) {
    for (let s = 0; s < P; s++) {
      state.counters[C_FINAL_INCOME][s] = state.income[s];
      state.counters[C_FINAL_CASH][s] = state.cash[s];
    }
    state.stage = OVER;
    return;
  }
  if (state.stopAfterRound === round) {
    state.stage = OVER;
    return;
  }
  state.round++;
  startRound(state);
}

// ---------------------------------------------------------------------------------------------
// The GameModule

const TERMINAL: Pending<GreenDealRequest> = { kind: 'terminal' };
const KIND_OF_STAGE: readonly GreenDealRequestKind[] = ['bid', 'invest', 'place', 'contact', 'allocate', 'repay'];
/** One pending object per (stage, seat mask), made once and shared (never written). */
const PENDING: (Pending<GreenDealRequest> | undefined)[] = new Array(6 * 64).fill(undefined);

function pendingOf(stage: number, mask: number): Pending<GreenDealRequest> {
  const key = stage * 64 + mask;
  let p = PENDING[key];
  if (p === undefined) {
    const requests: GreenDealRequest[] = [];
    for (let s = 0; s < 6; s++) if ((mask >> s) & 1) requests.push({ seat: s, kind: KIND_OF_STAGE[stage], stage });
    p = { kind: 'decisions', requests };
    PENDING[key] = p;
  }
  return p;
}

/** The seat asked in a sequential stage. */
export function actingSeat(state: GreenDealState): number {
  return state.stage === PLACE || state.stage === CONTACT || state.stage === INVEST ? state.order[state.turn] : -1;
}

export function pending(state: GreenDealState): Pending<GreenDealRequest> {
  const stage = state.stage;
  if (stage === OVER) return TERMINAL;
  if (stage === BID || stage === ALLOCATE || stage === REPAY) return pendingOf(stage, state.askMask);
  return pendingOf(stage, 1 << state.order[state.turn]);
}

/** `apply` of an investment step (D2/D3) without a decision log: the step, then the game on to the next decision. */
export function investStep(state: GreenDealState, answer: GreenDealAnswer): void {
  state.investChecked = -1;
  if (answer === DONE) endInvestment(state);
  else if (answer < END_TURN) invest(state, state.order[state.turn], answer);
  else {
    invest(state, state.order[state.turn], answer - END_TURN);
    endInvestment(state);
  }
}

/** `apply` of a tile's cell (D4) without a decision log: the tile, its contacts, then the game on. */
export function placeTile(state: GreenDealState, cell: GreenDealAnswer): void {
  state.investChecked = -1;
  putTile(state, state.order[state.turn], cell);
  state.placeCell = cell;
  state.contactK = 0;
  resolveContacts(state);
}

/** Applies the answers (one per pending request, in its order) and runs the game on to the next decision. */
export function apply(state: GreenDealState, answers: readonly GreenDealAnswer[], _random?: RandomSource): GreenDealState {
  if (state.log !== null) logDecision(state, state.log, answers);
  state.investChecked = -1;
  switch (state.stage) {
    case BID: {
      let i = 0;
      for (let s = 0; s < state.players; s++) state.bids[s] = (state.askMask >> s) & 1 ? answers[i++] : 0;
      resolveAuction(state);
      break;
    }
    case INVEST:
      investStep(state, answers[0]);
      break;
    case PLACE:
      placeTile(state, answers[0]);
      break;
    case CONTACT:
      if (answers[0] === 1) compete(state, state.placeCell, state.contactK);
      else cooperate(state, state.placeCell, state.contactK);
      state.contactK++;
      resolveContacts(state);
      break;
    case ALLOCATE: {
      let i = 0;
      for (let s = 0; s < state.players; s++) {
        if (((state.askMask >> s) & 1) === 0) continue;
        const packed = answers[i++];
        for (let c = 0; c < 5; c++) state.placed[s * 5 + c] = allocationAt(packed, c);
      }
      scorePr(state);
      afterPr(state);
      break;
    }
    case REPAY: {
      let i = 0;
      for (let s = 0; s < state.players; s++) if ((state.askMask >> s) & 1) state.repayments[s] = answers[i++];
      settleLoans(state);
      break;
    }
    default:
      throw new RangeError('apply on a finished game');
  }
  return state;
}

/** A replay (GameModule.trace): from now on the state keeps its decisions for the story. */
export function trace(state: GreenDealState): void {
  state.log = [];
  state.logLength = 0;
}

/** Appends the stage and its answers to the state's decision log. */
function logDecision(state: GreenDealState, log: number[], answers: readonly GreenDealAnswer[]): void {
  const n = answers.length;
  let at = state.logLength;
  log[at++] = state.stage;
  log[at++] = n;
  for (let i = 0; i < n; i++) log[at++] = answers[i];
  state.logLength = at;
}

export function outcome(state: GreenDealState): Outcome {
  const winners: number[] = [];
  for (let i = 0; i < state.winnerCount; i++) winners.push(state.winners[i]);
  return {
    winners,
    scores: state.scores.slice(),
    ranks: state.ranks.slice(),
    endedBy: ENDINGS[state.ending],
    length: state.stopAfterRound > 0 ? state.stopAfterRound : state.rounds,
  };
}

function show(v: unknown): string {
  try {
    return typeof v === 'string' ? JSON.stringify(v) : Array.isArray(v) ? `[${v.map(String).join(', ')}]` : String(v);
  } catch {
    return '(a value without a string form)';
  }
}

/** A bot's allocation list [environment, jobs, social, research, centre] packed, or −1 when it is not one. */
export function allocationOf(state: GreenDealState, seat: number, v: unknown): number {
  if (!Array.isArray(v) || v.length !== 5) return -1;
  for (let c = 0; c < 5; c++) {
    const x = v[c];
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > (c === 4 ? 1 : MAX_CHIPS)) return -1;
  }
  const packed = packAllocation(v[0], v[1], v[2], v[3], v[4]);
  return isAllocation(state, seat, packed) ? packed : -1;
}

/** The bot method of each stage's request (the stage number rides on the request: no string compares). */
function callBot(bot: GreenDealBot, request: GreenDealRequest, view: GreenDealView): unknown {
  switch (request.stage) {
    case INVEST:
      return bot.invest(view);
    case BID:
      return bot.bid(view);
    case PLACE:
      return bot.place(view);
    case CONTACT:
      return bot.compete(view);
    case ALLOCATE:
      return bot.allocate(view);
    default:
      return bot.repay(view);
  }
}

// What a bot's returned value means at each decision: the engine answer, or −1 when it is not a
// legal one (every legal answer is ≥ 0). `acceptAnswer` says why; the fast player asks these directly.

export const investAnswer = (state: GreenDealState, seat: number, value: unknown): number =>
  typeof value === 'number' && isInvestAnswer(state, seat, value) ? value : -1;

export const bidAnswer = (state: GreenDealState, seat: number, value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= maxBid(state, seat) ? value : -1;

export const cellAnswer = (state: GreenDealState, seat: number, value: unknown): number =>
  typeof value === 'number' && canPlace(state, seat, value) ? value : -1;

export const contactAnswer = (value: unknown): number => (typeof value === 'boolean' ? (value ? 1 : 0) : -1);

export const repayAnswer = (state: GreenDealState, seat: number, value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= maxRepayment(state, seat) ? value : -1;

/** What a bot's returned value means, or why it is refused (core/ask.ts asks, records, falls back). */
function acceptAnswer(value: unknown, request: GreenDealRequest, state: GreenDealState): GreenDealAnswer | Illegal {
  const seat = request.seat;
  switch (request.stage) {
    case INVEST: {
      const answer = investAnswer(state, seat, value);
      if (answer >= 0) return answer;
      return new Illegal(`invest returned ${show(value)}, not an investment step the seat may take now (view.canInvest)`);
    }
    case BID: {
      const answer = bidAnswer(state, seat, value);
      if (answer >= 0) return answer;
      return new Illegal(
        `bid returned ${show(value)}, expected an integer from 0 to ${maxBid(state, seat)} (GD-A7: at most the cash${state.config.params.components.maxBid === null ? '' : ' and the wheel'})`,
      );
    }
    case PLACE: {
      const answer = cellAnswer(state, seat, value);
      if (answer >= 0) return answer;
      return new Illegal(`place returned ${show(value)}, not a cell the tile may go on (view.canPlace)`);
    }
    case CONTACT: {
      const answer = contactAnswer(value);
      if (answer >= 0) return answer;
      return new Illegal(`compete returned ${show(value)}, expected true (competition) or false (cooperation)`);
    }
    case ALLOCATE: {
      const packed = allocationOf(state, seat, value);
      if (packed >= 0) return packed;
      return new Illegal(
        `allocate returned ${show(value)}, expected [environment, jobs, social, research, centre] chips adding up to the seat's ${state.chips[seat]}, the centre 0 or 1`,
      );
    }
    default: {
      const answer = repayAnswer(state, seat, value);
      if (answer >= 0) return answer;
      return new Illegal(
        `repay returned ${show(value)}, expected an integer from 0 to ${maxRepayment(state, seat)} (the cash, at most what the loans still cost)`,
      );
    }
  }
}

export const protocol: AskProtocol<GreenDealState, GreenDealView, GreenDealRequest, GreenDealAnswer, GreenDealBot> = {
  call: callBot,
  accept: acceptAnswer,
  fallbackAnswer: (request, state, random) => fallbackAnswer(request, state, random),
};

export const askBot = askBotWith(protocol);

/**
 * The rules' answer for a failed decision (the sheet has none; goldpit's): bid 0; end the investment
 * (with no main investment so far: "nothing", M5); the first cell of the legal list; cooperate; every chip on the
 * seat's highest track (the first such category); repay as much as the cash allows.
 */
export function fallbackAnswer(request: GreenDealRequest, state: GreenDealState, _random?: RandomSource): GreenDealAnswer {
  const seat = request.seat;
  switch (request.kind) {
    case 'bid':
      return 0;
    case 'invest':
      return DONE;
    case 'place':
      return firstLegalCell(state, seat);
    case 'contact':
      return 0;
    case 'allocate': {
      let best = 0;
      for (let c = 1; c < NC; c++) if (state.track[seat * NC + c] > state.track[seat * NC + best]) best = c;
      return state.chips[seat] << (6 * best);
    }
    default:
      return maxRepayment(state, seat);
  }
}

/** The request `seat` is asked at `stage` (as `pending` hands it out). */
export const requestOf = (stage: number, seat: number): GreenDealRequest =>
  (pendingOf(stage, 1 << seat) as { readonly requests: readonly GreenDealRequest[] }).requests[0];

/** A Green Deal bot whose every decision is `decide(view, request)` (an engine answer), e.g. a search agent's. */
export function botOf(name: string, decide: (view: GreenDealView, request: GreenDealRequest) => GreenDealAnswer): GreenDealBot {
  const ask = (view: GreenDealView, stage: number) => {
    const request = requestOf(stage, view.seat);
    return botAnswer(request, decide(view, request));
  };
  return {
    name,
    bid: (view) => ask(view, BID) as number,
    invest: (view) => ask(view, INVEST) as number,
    place: (view) => ask(view, PLACE) as number,
    compete: (view) => ask(view, CONTACT) as boolean,
    allocate: (view) => ask(view, ALLOCATE) as readonly number[],
    repay: (view) => ask(view, REPAY) as number,
  };
}

export const greenDeal = {
  id: 'green-deal',
  inPlace: true,
  minPlayers: 3,
  maxPlayers: 5,
  setup,
  trace,
  pending,
  apply,
  outcome,
  seatView,
  askBot,
  fallbackAnswer,
  legalAnswers,
  uniformAnswer,
  playout,
  clone,
  sampleState,
  botOf,
} satisfies GameModule<GreenDealConfig, GreenDealState, GreenDealView, GreenDealRequest, GreenDealAnswer, GreenDealBot>;

export { ScriptError };
