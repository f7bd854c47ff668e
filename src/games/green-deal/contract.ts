/**
 * The searchable side of Green Deal's contract (issue 30, ARCHITECTURE "Playable and searchable"):
 *  - `legalAnswers(view, request)`: every legal answer to a request, from the seat's view (the game's
 *    answers are finite and small: no abstraction is needed);
 *  - `clone(state)`: an independent copy;
 *  - `sampleState(view, random)`: a full state consistent with exactly what the seat sees (rules §6):
 *    the other hands' cards and the piles' order below their visible tops are drawn from the cards
 *    the seat cannot see; everything else is read from the view (never from the true state).
 * Plus `uniformAnswer` and `botAnswer` (an engine answer as the bot method returns it; the engine's
 * `botOf` plays a generic policy through it). The engine's module offers them (core/game.ts).
 */
import type { RandomStream } from '../../core/random.js';
import { END_KINDS, PERMANENT_KINDS } from './components.js';
import type { GreenDealAnswer, GreenDealRequest } from './engine.js';
import { allocationAt, clearGame, packAllocation, preparePlacement, putTileAt } from './rules.js';
import { ALLOCATE, BID, CONTACT, DONE, END_TURN, GreenDealState, INVEST, K_END, LOAN_SLOTS, MODS, NC, PLACE, REPAY, T_END, tablesOf } from './state.js';
import { GreenDealView } from './view.js';

/** The legal investment steps of the view's seat, written into `out` (reused); returns their number. */
export function legalInvestments(view: GreenDealView, out: number[]): number {
  return view.investSteps(out);
}

const range = (n: number): number[] => Array.from({ length: n + 1 }, (_, i) => i);

/**
 * Every legal answer to `request` (engine answers), from the requesting seat's view, in a fixed
 * order: bids 0 … max; investment steps in code order, then the same steps with END_TURN; cells in
 * index order; cooperation, competition; allocations by centre, then chips on environment, jobs,
 * social; repayments 0 … max.
 */
export function legalAnswers(view: GreenDealView, request: GreenDealRequest): GreenDealAnswer[] {
  switch (request.kind) {
    case 'bid':
      return range(view.maxBid);
    case 'invest': {
      // Every legal step, then each step (not DONE) that also ends the turn (END_TURN + step).
      const out: number[] = [];
      const n = (out.length = legalInvestments(view, out));
      for (let i = 0; i < n; i++) if (out[i] !== DONE) out.push(out[i] + END_TURN);
      return out;
    }
    case 'place': {
      const out: number[] = [];
      for (let i = 0; i < view.legalCellCount; i++) out.push(view.legalCell(i));
      return out.sort((a, b) => a - b);
    }
    case 'contact':
      return [0, 1];
    case 'allocate': {
      const chips = view.chipsToAllocate;
      const out: number[] = [];
      for (let centre = 0; centre <= (chips > 0 ? 1 : 0); centre++) {
        const rest = chips - centre;
        for (let a = 0; a <= rest; a++)
          for (let b = 0; a + b <= rest; b++) for (let c = 0; a + b + c <= rest; c++) out.push(packAllocation(a, b, c, rest - a - b - c, centre));
      }
      return out;
    }
    case 'repay':
      return range(view.maxRepayment);
  }
}

/** Scratch of `uniformAnswer` (module-level: one thread asks one decision at a time). */
const STEPS: number[] = [];

/**
 * `legalAnswers(view, request)[⌊u · length⌋]` without building the list (rollouts): bids and
 * repayments by arithmetic, investment steps from a reused scratch, the k-th legal cell in index
 * order; only allocations build their list.
 */
export function uniformAnswer(view: GreenDealView, request: GreenDealRequest, u: number): GreenDealAnswer {
  switch (request.kind) {
    case 'bid':
      return Math.floor(u * (view.maxBid + 1));
    case 'repay':
      return Math.floor(u * (view.maxRepayment + 1));
    case 'contact':
      return u < 0.5 ? 0 : 1;
    case 'invest': {
      // The list is the n steps (DONE first), then steps 1 … n − 1 with END_TURN.
      const n = legalInvestments(view, STEPS);
      const k = Math.floor(u * (2 * n - 1));
      return k < n ? STEPS[k] : STEPS[k - n + 1] + END_TURN;
    }
    case 'place': {
      let k = Math.floor(u * view.legalCellCount);
      for (let cell = 0; cell < view.cells; cell++) if (view.canPlace(cell) && k-- === 0) return cell;
      return -1;
    }
    default: {
      const list = legalAnswers(view, request);
      return list[Math.floor(u * list.length)];
    }
  }
}

/** An engine answer as the bot method for `request` returns it (contact: a boolean; allocate: the list). */
export function botAnswer(request: GreenDealRequest, answer: GreenDealAnswer): number | boolean | readonly number[] {
  if (request.kind === 'contact') return answer === 1;
  if (request.kind === 'allocate') return [0, 1, 2, 3, 4].map((c) => allocationAt(answer, c));
  return answer;
}

/** A state of this config and player count with its views (a clone's or a sample's target). */
function fresh(config: GreenDealState['config'], players: number): GreenDealState {
  const state = new GreenDealState(config, players);
  for (let s = 0; s < players; s++) state.views.push(new GreenDealView(state, s));
  return state;
}

/**
 * An independent copy of `state` (its own arrays and views; the config and tables shared, read-only),
 * into `into` when given (a state of the same config and player count). A copy keeps no decision log.
 */
export function clone(state: GreenDealState, into?: GreenDealState): GreenDealState {
  const copy =
    into !== undefined && into !== state && into.config === state.config && into.players === state.players ? into : fresh(state.config, state.players);
  return copy.copyFrom(state);
}

const STAGES = ['bid', 'invest', 'place', 'contact', 'allocate', 'repay', 'over'] as const;

/**
 * A full state consistent with `view`: every public figure read from the view; the other seats'
 * hands drawn from the action cards the seat cannot see (the piles and those hands together), the
 * rest forming the action pile; each sustainability pile made of its category's unseen cards; the
 * piles' draws and the coin keyed by numbers drawn from `random`. Throws if the view is not one of
 * a Green Deal game's (the counts do not add up).
 */
export function sampleState(view: GreenDealView, random: RandomStream, into?: GreenDealState): GreenDealState {
  const config = view.config;
  const P = view.players;
  const state = into !== undefined && into.config === config && into.players === P ? into : fresh(config, P);
  clearGame(state);
  state.log = null;
  const t = tablesOf(config);
  const A = t.actionTypes;
  const key = () => (random.next() * 4294967296) >>> 0;
  for (let c = 0; c < NC; c++) state.sKeys[c] = key();
  state.aKey = key();
  state.coinKey = key();
  state.round = view.round;
  state.stage = STAGES.indexOf(view.decision);
  state.winnerCount = 0;

  // The seats' public figures.
  for (let s = 0; s < P; s++) {
    state.cash[s] = view.cash(s);
    state.income[s] = view.income(s);
    state.vp[s] = view.vp(s);
    state.chips[s] = view.prChips(s);
    state.handSize[s] = view.handSize(s);
    state.cooperations[s] = view.cooperations(s);
    state.bids[s] = view.bid(s);
    state.order[s] = view.turnOrder(s);
    state.pendingCat[s] = view.pendingCategory(s);
    state.pendingSize[s] = view.pendingSize(s);
    for (let c = 0; c < NC; c++) {
      state.track[s * NC + c] = view.track(s, c);
      state.imageBonus[s * NC + c] = view.imageBonus(s, c);
      state.permImage[s * NC + c] = view.permanentImage(s, c);
      state.keepImage(s * NC + c);
    }
    for (let k = 0; k < LOAN_SLOTS; k++) {
      state.loans[s * LOAN_SLOTS + k] = view.loan(s, k);
      if (view.loan(s, k) > 0) state.loanCount[s]++;
    }
    for (let k = 0; k < MODS; k++) state.mods[s * MODS + k] = PERMANENT_KINDS[k] === 'image' ? 0 : view.modifier(s, k);
    for (let type = 0; type < A; type++) {
      const n = view.inFront(s, type);
      state.owned[s * A + type] = n;
      if (n > 0 && t.aTiming[type] === T_END) {
        for (let e = t.aEffStart[type]; e < t.aEffEnd[type]; e++) state.endVp[s * END_KINDS.length + t.eKind[e] - K_END] += n * t.eAmount[e];
      }
    }
    for (let type = 0; type < t.sustTypes; type++) state.sustOwned[s * t.sustTypes + type] = view.sustainabilityInFront(s, type);
  }
  const me = view.seat;
  for (let type = 0; type < A; type++) state.hand[me * A + type] = view.handCount(type);

  // The turn in progress.
  const turnSeat = view.turnSeat;
  state.turn = turnSeat < 0 ? 0 : state.order.indexOf(turnSeat);
  if (state.stage === INVEST) {
    state.cardPart = view.cardPart;
    state.loanPart = view.loanPart;
    state.boughtPr = view.boughtPr;
    state.paidDividend = view.paidDividend;
    state.tookLoan = view.tookLoan;
    state.repaid = view.repaid;
  }
  state.sustBuyers = view.sustainabilityBuyers;
  state.prSupply = view.prSupply;
  state.loanPileSize = view.loanPileSize;
  for (let i = 0; i < view.loanPileSize; i++) state.loanPile[i] = view.loanPileAt(i);

  // The map.
  state.owner.fill(-1);
  state.cellCat.fill(-1);
  state.seatsWithoutTile = P;
  // Tiles in the order they were placed (public; the legal cells' order and the category lists follow it).
  state.frontierAt.fill(-1);
  for (let i = 0; i < view.placedTiles; i++) {
    const cell = view.placedTileAt(i);
    putTileAt(state, view.owner(cell), cell, view.cellCategory(cell), view.cellSize(cell));
  }
  if (state.stage === CONTACT) {
    state.placeCell = view.contactCell;
    for (let k = 0; k < 4; k++) if (t.n4[state.placeCell * 4 + k] === view.contactNeighbour) state.contactK = k;
  }
  if (state.stage === PLACE) preparePlacement(state, turnSeat);

  // Who is asked in a simultaneous stage (the engine's rule: who has a choice).
  let mask = 0;
  for (let s = 0; s < P; s++) {
    if (state.stage === BID && view.cash(s) > 0 && (config.params.components.maxBid ?? 1) > 0) mask |= 1 << s;
    if (state.stage === ALLOCATE && state.chips[s] > 0) mask |= 1 << s;
    if (state.stage === REPAY && state.loanCount[s] > 0 && state.cash[s] > 0) mask |= 1 << s;
  }
  state.askMask = mask;

  // The displays and the seen cards.
  const unseenAction = new Array<number>(A).fill(0);
  for (const type of t.aCanon) unseenAction[type]++;
  const see = (type: number) => {
    if (type >= 0) unseenAction[type]--;
  };
  for (let i = 0; i < view.actionSlots; i++) {
    state.aDisplay[i] = view.actionDisplay(i);
    see(state.aDisplay[i]);
  }
  for (let i = 0; i < view.previewSlots; i++) {
    state.aPreview[i] = view.actionPreview(i);
    see(state.aPreview[i]);
  }
  state.aDiscardCount = view.actionDiscards;
  for (let i = 0; i < view.actionDiscards; i++) {
    state.aDiscard[i] = view.actionDiscardAt(i);
    see(state.aDiscard[i]);
  }
  for (let s = 0; s < P; s++) for (let type = 0; type < A; type++) unseenAction[type] -= state.owned[s * A + type];
  for (let type = 0; type < A; type++) unseenAction[type] -= state.hand[me * A + type];
  const pool: number[] = [];
  for (let type = 0; type < A; type++) {
    if (unseenAction[type] < 0) throw new RangeError(`sampleState: the view shows more cards of ${t.aIds[type]} than the game has`);
    for (let k = 0; k < unseenAction[type]; k++) pool.push(type);
  }
  let hidden = view.actionPileSize;
  for (let s = 0; s < P; s++) if (s !== me) hidden += view.handSize(s);
  if (hidden !== pool.length) throw new RangeError(`sampleState: ${pool.length} unseen action cards for ${hidden} hidden places`);
  shuffle(pool, random);
  let at = 0;
  for (let s = 0; s < P; s++) {
    if (s === me) continue;
    for (let k = 0; k < view.handSize(s); k++) state.hand[s * A + pool[at++]]++;
  }
  state.aLen = pool.length - at;
  for (let i = 0; i < state.aLen; i++) state.aPile[i] = pool[at + i];
  state.aPos = 0;

  for (let c = 0; c < NC; c++) {
    const unseen = new Array<number>(t.sustTypes).fill(0);
    for (const type of t.sCanon[c]) unseen[type]++;
    state.sDisplay[c] = view.sustainabilityDisplay(c);
    state.sPreview[c] = view.sustainabilityPreview(c);
    if (state.sDisplay[c] >= 0) unseen[state.sDisplay[c]]--;
    if (state.sPreview[c] >= 0) unseen[state.sPreview[c]]--;
    state.sDiscardCount[c] = view.sustainabilityDiscards(c);
    for (let i = 0; i < state.sDiscardCount[c]; i++) {
      state.sDiscard[c][i] = view.sustainabilityDiscardAt(c, i);
      unseen[state.sDiscard[c][i]]--;
    }
    let n = 0;
    for (let type = 0; type < t.sustTypes; type++) {
      if (t.sCat[type] !== c) continue;
      for (let s = 0; s < P; s++) unseen[type] -= state.sustOwned[s * t.sustTypes + type];
      if (unseen[type] < 0) throw new RangeError(`sampleState: the view shows more cards of ${view.sustainabilityId(type)} than the game has`);
      for (let k = 0; k < unseen[type]; k++) state.sPile[c][n++] = type;
    }
    if (n !== view.sustainabilityPileSize(c))
      throw new RangeError(`sampleState: ${n} unseen ${view.categoryName(c)} cards for a pile of ${view.sustainabilityPileSize(c)}`);
    state.sPos[c] = 0;
    state.sLen[c] = n;
  }
  return state;
}

function shuffle(list: number[], random: RandomStream): void {
  for (let i = list.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const x = list[i];
    list[i] = list[j];
    list[j] = x;
  }
}
