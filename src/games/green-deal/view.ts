/**
 * The seat view (rules §6): a thin read-only object over the engine's arrays, one per seat per game.
 * Its only fields are private (`#`), so `deepFreeze(view)` freezes the view and nothing of the engine,
 * and no engine array can be reached or written through it. Everything is a method or getter
 * returning a number (or a string for names), so a bot's questions allocate nothing.
 *
 * What a seat sees: every seat's cash, income, VP, tracks, PR chips, loans, tiles, the cards in front
 * of it (sustainability cards, permanent and end cards, immediate cards used, hand cards played) and
 * the size of its hand; its own hand's cards; the displays and previews, the discard piles, the loan
 * pile and the map; the bids once revealed. Hidden: the other hands' cards, the order of the piles
 * below their visible top, and — until every seat has answered — the other bids and PR allocations
 * (they are not in the state before the reveal).
 */
import { CATEGORIES, type Category, EFFECT_KINDS, type EffectKind, type GreenDealComponents, TIMINGS, type Timing } from './components.js';
import type { GreenDealConfig, RulesOptions } from './params.js';
import {
  allocationAt,
  canPlace,
  checkInvest,
  investSteps,
  chipsToAllocate,
  legalCellAt,
  legalCellCount,
  maxBid,
  maxRepayment,
  owed,
  prPrice,
  repayment,
  sustainabilityCost,
} from './rules.js';
import { ALLOCATE, BID, CONTACT, INVEST, LOAN_SLOTS, MODS, NC, OVER, PLACE, REPAY, type GreenDealState } from './state.js';

export type Decision = 'bid' | 'invest' | 'place' | 'contact' | 'allocate' | 'repay' | 'over';
const DECISIONS: readonly Decision[] = ['bid', 'invest', 'place', 'contact', 'allocate', 'repay', 'over'];

export class GreenDealView {
  readonly #s: GreenDealState;
  readonly #seat: number;

  constructor(state: GreenDealState, seat: number) {
    this.#s = state;
    this.#seat = seat;
  }

  // --- who and when ---
  get seat(): number {
    return this.#seat;
  }
  get players(): number {
    return this.#s.players;
  }
  /** 1-based round; `rounds` in a game. */
  get round(): number {
    return this.#s.round;
  }
  get rounds(): number {
    return this.#s.rounds;
  }
  get rules(): RulesOptions {
    return this.#s.config.rules;
  }
  /** The game's rules and components (public: every number of the game is known). */
  get config(): GreenDealConfig {
    return this.#s.config;
  }
  get components(): GreenDealComponents {
    return this.#s.config.params.components;
  }
  /** What is asked now. */
  get decision(): Decision {
    return DECISIONS[this.#s.stage];
  }
  /** The seat whose investment or tile is being decided (−1 in the simultaneous decisions). */
  get turnSeat(): number {
    const st = this.#s.stage;
    return st === INVEST || st === PLACE || st === CONTACT ? this.#s.order[this.#s.turn] : -1;
  }

  // --- every seat (public) ---
  cash(seat: number): number {
    return this.#s.cash[seat];
  }
  income(seat: number): number {
    return this.#s.income[seat];
  }
  vp(seat: number): number {
    return this.#s.vp[seat];
  }
  /** Track position of `seat` in category c (0–3, CATEGORIES order). */
  track(seat: number, c: number): number {
    return this.#s.track[seat * NC + c];
  }
  /** The stage reached in category c (0 = none; k = the k-th stage, worth `stageVp(k)`). */
  stage(seat: number, c: number): number {
    return this.#s.tables.stageAt[this.#s.track[seat * NC + c]];
  }
  /** The seat's weakest category (ties: the first in CATEGORIES order). */
  weakest(seat: number): number {
    return this.#s.weakest(seat);
  }
  prChips(seat: number): number {
    return this.#s.chips[seat];
  }
  loanCount(seat: number): number {
    return this.#s.loanCount[seat];
  }
  /** The amount of the seat's loan in slot 0–2 (0 = none). */
  loan(seat: number, slot: number): number {
    return slot >= 0 && slot < LOAN_SLOTS ? this.#s.loans[seat * LOAN_SLOTS + slot] : 0;
  }
  /** Cash the seat's loans still cost to repay (amounts + interest). */
  owes(seat: number): number {
    return owed(this.#s, seat);
  }
  handSize(seat: number): number {
    return this.#s.handSize[seat];
  }
  /** Action cards of `type` face up in front of `seat` (bought, or played from the hand). */
  inFront(seat: number, type: number): number {
    return this.#s.owned[seat * this.#s.tables.actionTypes + type];
  }
  /** Sustainability cards of `type` in front of `seat`. */
  sustainabilityInFront(seat: number, type: number): number {
    return this.#s.sustOwned[seat * this.#s.tables.sustTypes + type];
  }
  /** The seat's permanent modifier (index into PERMANENT_KINDS, image excluded: see imageBonus). */
  modifier(seat: number, k: number): number {
    return k >= 0 && k < MODS ? this.#s.mods[seat * MODS + k] : 0;
  }
  imageBonus(seat: number, c: number): number {
    return this.#s.imageBonus[seat * NC + c];
  }
  /** The seat's image in category c before a scoring's chips: track + image bonus + image kept (GD-A18b). */
  image(seat: number, c: number): number {
    return this.#s.image[seat * NC + c];
  }
  /**
   * Every seat's `image` in the four categories into images[seat · 4 + c] and its `prChips` into
   * chips[seat], in one read (the PR model's); returns the number of seats. The lists are the caller's.
   */
  readPr(images: Int32Array, chips: Int32Array): number {
    const s = this.#s;
    const image = s.image;
    const held = s.chips;
    const players = s.players;
    for (let seat = 0, at = 0; seat < players; seat++, at += NC) {
      images[at] = image[at];
      images[at + 1] = image[at + 1];
      images[at + 2] = image[at + 2];
      images[at + 3] = image[at + 3];
      chips[seat] = held[seat];
    }
    return players;
  }
  /** GD-A18b option: image kept from earlier scorings. */
  permanentImage(seat: number, c: number): number {
    return this.#s.permImage[seat * NC + c];
  }
  tiles(seat: number): number {
    return this.#s.tiles[seat];
  }
  /** Tiles of category c on the map, and the i-th of them (in the order they were placed). */
  categoryTiles(c: number): number {
    return this.#s.categoryTileCount[c];
  }
  categoryTileAt(c: number, i: number): number {
    return this.#s.categoryTiles[c * this.#s.tables.cells + i];
  }
  /** The cell of `seat`'s i-th tile (i < tiles(seat); in the order they were placed). */
  tileAt(seat: number, i: number): number {
    return i >= 0 && i < this.#s.tiles[seat] ? this.#s.seatTiles[seat * this.#s.tables.cells + i] : -1;
  }
  cooperations(seat: number): number {
    return this.#s.cooperations[seat];
  }

  // --- the own hand (hidden from the others) ---
  /** Cards of `type` in this seat's hand. */
  handCount(type: number): number {
    return this.#s.hand[this.#seat * this.#s.tables.actionTypes + type];
  }

  // --- auction and turn order ---
  /** This seat's highest bid (GD-A7). */
  get maxBid(): number {
    return maxBid(this.#s, this.#seat);
  }
  /** The last revealed bid of `seat` (this round's once revealed; during an auction the previous round's, 0 in round 1). */
  bid(seat: number): number {
    return this.#s.bids[seat];
  }
  /** Turn order of this round (the last one during an auction): the i-th seat. */
  turnOrder(i: number): number {
    return this.#s.order[i];
  }

  // --- the investment (of the seat in turn) ---
  canInvest(code: number): boolean {
    const s = this.#s;
    return s.stage === INVEST && s.order[s.turn] === this.#seat && checkInvest(s, this.#seat, code);
  }
  /**
   * Every step `canInvest` allows now, written into `out` in code order (DONE first; none when it is
   * not this seat's investment); returns their number. `out` is the caller's, reused as it likes.
   */
  investSteps(out: number[]): number {
    const s = this.#s;
    return s.stage === INVEST && s.order[s.turn] === this.#seat ? investSteps(s, this.#seat, out) : 0;
  }
  /** The turn's card part so far: 0 none, 1 sustainability card, 2 action card, 3 Tax Refund. */
  get cardPart(): number {
    return this.#s.stage === INVEST ? this.#s.cardPart : 0;
  }
  /** The turn's loan part so far: 0 none, 1 top loan, 2 another loan, 3 repayment. */
  get loanPart(): number {
    return this.#s.stage === INVEST ? this.#s.loanPart : 0;
  }
  get boughtPr(): boolean {
    return this.#s.stage === INVEST && this.#s.boughtPr;
  }
  get paidDividend(): boolean {
    return this.#s.stage === INVEST && this.#s.paidDividend;
  }
  /** GD-A3: whether the seat in turn took a loan / repaid this round. */
  get tookLoan(): boolean {
    return this.#s.stage === INVEST && this.#s.tookLoan;
  }
  get repaid(): boolean {
    return this.#s.stage === INVEST && this.#s.repaid;
  }
  /** What sustainability card `type` costs this seat (its discount applied). */
  sustainabilityCost(type: number): number {
    return sustainabilityCost(this.#s, this.#seat, type);
  }
  /** What a PR chip costs this seat. */
  get prPrice(): number {
    return prPrice(this.#s, this.#seat);
  }
  /** The dividend at this seat's income: cash paid and VP gained (0 and 0: none). */
  get dividendPay(): number {
    return this.#s.tables.divPay[this.#s.income[this.#seat]];
  }
  get dividendVp(): number {
    return this.#s.tables.divVp[this.#s.income[this.#seat]] + this.#s.mods[this.#seat * MODS + 5];
  }
  /** What repaying a loan of `amount` costs this seat. */
  repayment(amount: number): number {
    return repayment(this.#s, this.#seat, amount);
  }
  /** Sustainability cards bought this round, and how many may be before the rest is discarded (GD-A9). */
  get sustainabilityBuyers(): number {
    return this.#s.sustBuyers;
  }
  get sustainabilityLimit(): number {
    return this.#s.sustLimit;
  }

  // --- displays and piles ---
  /** The display card of category c (−1: none). */
  sustainabilityDisplay(c: number): number {
    return this.#s.sDisplay[c];
  }
  /** The visible top of category c's pile, next round's card (−1: none). */
  sustainabilityPreview(c: number): number {
    return this.#s.sPreview[c];
  }
  /** Face-down cards in category c's pile. */
  sustainabilityPileSize(c: number): number {
    return this.#s.sLen[c] - this.#s.sPos[c];
  }
  sustainabilityDiscards(c: number): number {
    return this.#s.sDiscardCount[c];
  }
  /** Discard i of category c (0 = the bottom). */
  sustainabilityDiscardAt(c: number, i: number): number {
    return i >= 0 && i < this.#s.sDiscardCount[c] ? this.#s.sDiscard[c][i] : -1;
  }
  get actionSlots(): number {
    return this.#s.aDisplay.length;
  }
  /** The action card in display slot i (−1: bought or none). */
  actionDisplay(slot: number): number {
    return slot >= 0 && slot < this.#s.aDisplay.length ? this.#s.aDisplay[slot] : -1;
  }
  get previewSlots(): number {
    return this.#s.aPreview.length;
  }
  /** The i-th visible action card for the coming rounds (−1: none). */
  actionPreview(i: number): number {
    return i >= 0 && i < this.#s.aPreview.length ? this.#s.aPreview[i] : -1;
  }
  get actionPileSize(): number {
    return this.#s.aLen - this.#s.aPos;
  }
  get actionDiscards(): number {
    return this.#s.aDiscardCount;
  }
  actionDiscardAt(i: number): number {
    return i >= 0 && i < this.#s.aDiscardCount ? this.#s.aDiscard[i] : -1;
  }
  get loanPileSize(): number {
    return this.#s.loanPileSize;
  }
  /** Loan i of the pile (0 = the top one). */
  loanPileAt(i: number): number {
    return i >= 0 && i < this.#s.loanPileSize ? this.#s.loanPile[i] : 0;
  }
  get prSupply(): number {
    return this.#s.prSupply;
  }

  // --- cards (types) ---
  get sustainabilityTypes(): number {
    return this.#s.tables.sustTypes;
  }
  sustainabilityId(type: number): string {
    return this.#s.config.params.components.sustainabilityCards[type].id;
  }
  sustainabilityCategory(type: number): number {
    return this.#s.tables.sCat[type];
  }
  sustainabilitySteps(type: number): number {
    return this.#s.tables.sSteps[type];
  }
  sustainabilityIncome(type: number): number {
    return this.#s.tables.sIncome[type];
  }
  sustainabilityVp(type: number): number {
    return this.#s.tables.sVp[type];
  }
  sustainabilitySize(type: number): number {
    return this.#s.tables.sSize[type];
  }
  /** Action card types (the components' cards; in an impact run one more, the blank). */
  get actionTypes(): number {
    return this.#s.tables.actionTypes;
  }
  actionId(type: number): string {
    return this.#s.tables.aIds[type];
  }
  actionCost(type: number): number {
    return this.#s.tables.aCost[type];
  }
  actionTiming(type: number): Timing {
    return TIMINGS[this.#s.tables.aTiming[type]];
  }
  effectCount(type: number): number {
    return this.#s.tables.aEffEnd[type] - this.#s.tables.aEffStart[type];
  }
  /** Effect i's kind as its index in EFFECT_KINDS (a number: cheaper to switch on than the name). */
  effectKindIndex(type: number, i: number): number {
    return this.#s.tables.eKind[this.#s.tables.aEffStart[type] + i];
  }
  /** Index into TIMINGS (0 immediate, 1 permanent, 2 hand, 3 end). */
  actionTimingIndex(type: number): number {
    return this.#s.tables.aTiming[type];
  }
  effectKind(type: number, i: number): EffectKind {
    return EFFECT_KINDS[this.#s.tables.eKind[this.#s.tables.aEffStart[type] + i]];
  }
  effectAmount(type: number, i: number): number {
    return this.#s.tables.eAmount[this.#s.tables.aEffStart[type] + i];
  }
  /** The effect's category (0–3), 4 = the weakest, −1 = none. */
  effectCategory(type: number, i: number): number {
    return this.#s.tables.eCat[this.#s.tables.aEffStart[type] + i];
  }
  categoryName(c: number): Category {
    return CATEGORIES[c];
  }
  /** VP of stage k (0 = no stage). */
  stageVp(k: number): number {
    const v = this.#s.tables.stageVp;
    return k >= 0 && k < v.length ? v[k] : 0;
  }
  /** The stage reached at track position `pos`. */
  stageAt(pos: number): number {
    const a = this.#s.tables.stageAt;
    return a[pos < 0 ? 0 : pos < a.length ? pos : a.length - 1];
  }

  // --- the map ---
  get width(): number {
    return this.#s.tables.width;
  }
  get height(): number {
    return this.#s.tables.cells / this.#s.tables.width;
  }
  get cells(): number {
    return this.#s.tables.cells;
  }
  /** The seat whose tile lies on `cell` (−1: free). */
  owner(cell: number): number {
    return this.#s.owner[cell];
  }
  cellCategory(cell: number): number {
    return this.#s.cellCat[cell];
  }
  cellSize(cell: number): number {
    return this.#s.cellSize[cell];
  }
  isStartCell(cell: number): boolean {
    return this.#s.isStart[cell] === 1;
  }
  /** Edge neighbour k (0 N, 1 E, 2 S, 3 W) of `cell`, wrapping around. */
  neighbour(cell: number, k: number): number {
    return this.#s.tables.n4[cell * 4 + k];
  }
  /** Neighbour k (0–7, clockwise from the north-west) of `cell`, diagonals included, wrapping around. */
  around(cell: number, k: number): number {
    return this.#s.tables.n8[cell * 8 + k];
  }
  /** Whether this seat's tile may go on `cell` now (D4). */
  canPlace(cell: number): boolean {
    return this.#s.stage === PLACE && canPlace(this.#s, this.#seat, cell);
  }
  /**
   * The cells this seat's tile may go on now (D4): legalCell(0 … legalCellCount − 1), in the
   * engine's order (the free start positions in the components' order; else the seat's frontier —
   * the free cells beside its tiles in the order they joined it, a cell taken leaving it and the
   * last one moving into its place; else every free cell by index) — a function of what every seat
   * sees (the order tiles were placed is public).
   */
  get legalCellCount(): number {
    return this.#s.stage === PLACE && this.#s.placeSeat === this.#seat ? legalCellCount(this.#s) : 0;
  }
  /** The i-th legal cell, for 0 ≤ i < legalCellCount (read it only in this seat's placement). */
  legalCell(i: number): number {
    return legalCellAt(this.#s, i);
  }
  /** Tiles on the map, and the i-th of them in the order they were placed (every seat's). */
  get placedTiles(): number {
    return this.#s.placedCount;
  }
  placedTileAt(i: number): number {
    return i >= 0 && i < this.#s.placedCount ? this.#s.placedCells[i] : -1;
  }
  /** The category of the tile `seat` still places this round (−1: none; public: the card was bought in the open). */
  pendingCategory(seat: number): number {
    return this.#s.pendingCat[seat];
  }
  pendingSize(seat: number): number {
    return this.#s.pendingCat[seat] >= 0 ? this.#s.pendingSize[seat] : 0;
  }
  /** The category and size of the tile this seat places this round (−1, 0: none). */
  get tileCategory(): number {
    return this.#s.pendingCat[this.#seat];
  }
  get tileSize(): number {
    return this.#s.pendingCat[this.#seat] >= 0 ? this.#s.pendingSize[this.#seat] : 0;
  }

  // --- the contact (D4) ---
  /** The new tile's cell while a contact is decided (−1 otherwise). */
  get contactCell(): number {
    return this.#s.stage === CONTACT ? this.#s.placeCell : -1;
  }
  /** The touched tile's cell (−1 outside a contact). */
  get contactNeighbour(): number {
    const s = this.#s;
    return s.stage === CONTACT ? s.tables.n4[s.placeCell * 4 + s.contactK] : -1;
  }
  /** Income steps each owner gains by cooperating at this contact. */
  get cooperationSteps(): number {
    const s = this.#s;
    if (s.stage !== CONTACT) return 0;
    return (s.cellSize[s.placeCell] + s.cellSize[s.tables.n4[s.placeCell * 4 + s.contactK]]) >> 1;
  }
  /** Income steps competition moves at this contact (the size difference). */
  get competitionSteps(): number {
    const s = this.#s;
    if (s.stage !== CONTACT) return 0;
    return s.cellSize[s.placeCell] - s.cellSize[s.tables.n4[s.placeCell * 4 + s.contactK]];
  }

  // --- D5 and D6 ---
  /** PR chips this seat places at this scoring (all it holds). */
  get chipsToAllocate(): number {
    return this.#s.stage === ALLOCATE ? chipsToAllocate(this.#s, this.#seat) : 0;
  }
  /** The most this seat may pay towards its loans now (D6). */
  get maxRepayment(): number {
    return this.#s.stage === REPAY ? maxRepayment(this.#s, this.#seat) : 0;
  }
  get over(): boolean {
    return this.#s.stage === OVER;
  }
  /** Whether an auction is being bid. */
  get bidding(): boolean {
    return this.#s.stage === BID;
  }
}

/** A packed allocation as the list a bot returns (engine.ts `packAllocation`), for tests and tools. */
export const allocationList = (packed: number): number[] => [0, 1, 2, 3, 4].map((c) => allocationAt(packed, c));
