/**
 * The flat state of one Green Deal game (ARCHITECTURE "one engine per game"): small-integer arrays
 * sized once per game, windows on one buffer, written in place by the engine; nothing is allocated
 * per move. Bots never
 * see this object, only a `GreenDealView` over it. `copyFrom` makes a state an independent copy of
 * another (the contract's `clone`).
 */
import { memoOnIdentity } from '../../core/memo.js';
import { CATEGORIES, EFFECT_KINDS, END_KINDS, PERMANENT_KINDS, TIMINGS, WEAKEST } from './components.js';
import { COUNTERS, ROUND_COUNTERS } from './metrics.js';
import type { GreenDealConfig } from './params.js';
import type { GreenDealView } from './view.js';

/** Stages: what the game waits for (decision points D1–D6 of the rules' §7). */
export const BID = 0; // D1, simultaneous
export const INVEST = 1; // D2/D3, one investment step of the seat in turn
export const PLACE = 2; // D4 cell
export const CONTACT = 3; // D4 cooperation or competition
export const ALLOCATE = 4; // D5, simultaneous
export const REPAY = 5; // D6, simultaneous
export const OVER = 6;

/** Investment step codes (the answer to D2/D3): one step of a seat's investment turn. */
export const DONE = 0;
/** SUSTAINABILITY + category: buy that category's display card (M1). */
export const SUSTAINABILITY = 1;
/** ACTION + slot: buy the action card in that display slot (M2/M4). */
export const ACTION = 8;
export const TAX_CHIP = 16;
export const TAX_CASH = 17;
export const BUY_PR = 18;
export const DIVIDEND = 19;
/** TAKE_LOAN + i: take loan i of the pile (0 = the top one). */
export const TAKE_LOAN = 32;
export const MAX_LOAN_PILE = 48;
/** REPAY_LOANS + mask: repay the own loans whose slots are set in the mask (bits 0–2). */
export const REPAY_LOANS = 80;
/** PLAY_CARD + action card type: play a hand card of that type (X3). */
export const PLAY_CARD = 128;
/**
 * END_TURN | step: the step, and then the turn ends (what the step and DONE do as two decisions, in
 * one; the built-in bots end their turns so). legalAnswers lists the plain steps only.
 */
export const END_TURN = 1024;

export const LOAN_SLOTS = 3;
export const NC = CATEGORIES.length;

/** Permanent modifier indices (PERMANENT_KINDS order; `image` is per category in imageBonus). */
export const M_PR_DISCOUNT = 0;
export const M_CARD_DISCOUNT = 1;
export const M_INTEREST_RELIEF = 2;
export const M_COOPERATION_BONUS = 3;
export const M_COMPETITION_GUARD = 4;
export const M_DIVIDEND_BONUS = 5;
export const MODS = PERMANENT_KINDS.length;

/**
 * Random stream purposes of this game. core/random.ts `Purpose` uses 1, 5, 8 and `bot + seat` from
 * 64; these are numbers it does not use. The coin of the auction tie-break is `Purpose.tieBreak`.
 */
export const GD_PURPOSE = {
  /** + category: the sustainability piles. */
  sustainabilityPile: 20,
  actionPile: 24,
  loanPile: 25,
} as const;

/** A config's components as flat tables (made once per config). */
export interface Tables {
  readonly sustTypes: number;
  readonly sCat: readonly number[];
  readonly sCost: readonly number[];
  readonly sSteps: readonly number[];
  readonly sIncome: readonly number[];
  readonly sVp: readonly number[];
  readonly sSize: readonly number[];
  /** Each category's pile in canonical order (types). */
  readonly sCanon: readonly (readonly number[])[];
  /** Action card types: the components' cards, then (impact) the blank. */
  readonly actionTypes: number;
  /** The components' own types (chance cards); a type ≥ this is the counterfactual blank. */
  readonly realActionTypes: number;
  readonly aIds: readonly string[];
  readonly aCost: readonly number[];
  /** Index into TIMINGS. */
  readonly aTiming: readonly number[];
  readonly aEffStart: readonly number[];
  readonly aEffEnd: readonly number[];
  /** Effects, flat: kind (index into EFFECT_KINDS), amount, category (−1, a category, WEAKEST). */
  readonly eKind: readonly number[];
  readonly eAmount: readonly number[];
  readonly eCat: readonly number[];
  readonly aCanon: readonly number[];
  /** Dividend by income: pay, VP (0 and 0 = none). */
  readonly divPay: readonly number[];
  readonly divVp: readonly number[];
  /** Stage reached at each track position (0 = none). */
  readonly stageAt: readonly number[];
  /** VP of stage k (index 0 = no stage = 0 VP). */
  readonly stageVp: readonly number[];
  readonly width: number;
  readonly cells: number;
  /** Edge neighbours (N, E, S, W) and the 8 neighbours of each cell, wrapping around. */
  readonly n4: Int32Array;
  readonly n8: Int32Array;
  /** By round: 1 when a PR scoring follows it; for the sustainability scorings 1, and 2 at the first one. */
  readonly prScoringAt: Uint8Array;
  readonly sustScoringAt: Uint8Array;
  /** By round: the income checkpoints q (1–4, bit q − 1) taken after it: the round ⌈q · rounds / 5⌉. */
  readonly incomeCheckpoints: Uint8Array;
}

export const T_IMMEDIATE = TIMINGS.indexOf('immediate');
export const T_PERMANENT = TIMINGS.indexOf('permanent');
export const T_HAND = TIMINGS.indexOf('hand');
export const T_END = TIMINGS.indexOf('end');
export const K_CASH = EFFECT_KINDS.indexOf('cash');
export const K_INCOME = EFFECT_KINDS.indexOf('income');
export const K_VP = EFFECT_KINDS.indexOf('vp');
export const K_STEPS = EFFECT_KINDS.indexOf('steps');
export const K_CHIPS = EFFECT_KINDS.indexOf('pr-chips');
/** First permanent kind in EFFECT_KINDS (kind − this = modifier index). */
export const K_PERMANENT = EFFECT_KINDS.indexOf(PERMANENT_KINDS[0]);
export const K_IMAGE = EFFECT_KINDS.indexOf('image');
export const K_END = EFFECT_KINDS.indexOf(END_KINDS[0]);

export const tablesOf = memoOnIdentity((config: GreenDealConfig): Tables => {
  const c = config.params.components;
  const s = c.sustainabilityCards;
  const sCanon: number[][] = CATEGORIES.map(() => []);
  s.forEach((t, i) => {
    for (let k = 0; k < t.count; k++) sCanon[t.category].push(i);
  });
  const cards = c.actionCards;
  const aIds = cards.map((t) => t.id);
  const aCost = cards.map((t) => t.cost);
  const aTiming = cards.map((t) => TIMINGS.indexOf(t.timing));
  const aEffStart: number[] = [];
  const aEffEnd: number[] = [];
  const eKind: number[] = [];
  const eAmount: number[] = [];
  const eCat: number[] = [];
  for (const t of cards) {
    aEffStart.push(eKind.length);
    for (const e of t.effects) {
      eKind.push(EFFECT_KINDS.indexOf(e.kind));
      eAmount.push(e.amount);
      eCat.push(e.category);
    }
    aEffEnd.push(eKind.length);
  }
  const aCanon: number[] = [];
  cards.forEach((t, i) => {
    for (let k = 0; k < t.count; k++) aCanon.push(i);
  });
  const blanked = config.blankedCard;
  if (blanked !== undefined) {
    // The counterfactual (impact): the first copy in canonical order becomes a card with no effect
    // that costs nothing, in the same pile position — every shuffle draw pairs with the game as dealt.
    const at = aCanon.indexOf(blanked);
    if (at >= 0) {
      aCanon[at] = cards.length;
      aIds.push(`${aIds[blanked]}→blank (counterfactual)`);
      aCost.push(0);
      aTiming.push(T_IMMEDIATE);
      aEffStart.push(eKind.length);
      aEffEnd.push(eKind.length);
    }
  }
  const divPay = zeros(c.incomeMax + 1);
  const divVp = zeros(c.incomeMax + 1);
  for (let i = 0; i <= c.incomeMax; i++) {
    for (const row of c.dividends) {
      if (row.fromIncome <= i) {
        divPay[i] = row.pay;
        divVp[i] = row.vp;
      }
    }
  }
  const stageAt = zeros(c.trackLength + 1);
  for (let pos = 0; pos <= c.trackLength; pos++) for (let k = 0; k < c.stageAt.length; k++) if (pos >= c.stageAt[k]) stageAt[pos] = k + 1;
  const W = c.mapWidth;
  const H = c.mapHeight;
  const cells = W * H;
  const n4 = new Int32Array(cells * 4);
  const n8 = new Int32Array(cells * 8);
  const at = (x: number, y: number) => ((y + H) % H) * W + ((x + W) % W);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      n4.set([at(x, y - 1), at(x + 1, y), at(x, y + 1), at(x - 1, y)], i * 4);
      n8.set([at(x - 1, y - 1), at(x, y - 1), at(x + 1, y - 1), at(x + 1, y), at(x + 1, y + 1), at(x, y + 1), at(x - 1, y + 1), at(x - 1, y)], i * 8);
    }
  }
  const prScoringAt = new Uint8Array(c.rounds + 2);
  for (const r of c.prScorings) if (r >= 0 && r < prScoringAt.length) prScoringAt[r] = 1;
  const sustScoringAt = new Uint8Array(c.rounds + 2);
  for (const r of c.sustainabilityScorings) if (r >= 0 && r < sustScoringAt.length) sustScoringAt[r] = 1;
  const firstSust = c.sustainabilityScorings[0];
  if (firstSust !== undefined && firstSust >= 0 && firstSust < sustScoringAt.length) sustScoringAt[firstSust] = 2;
  const incomeCheckpoints = new Uint8Array(c.rounds + 2);
  for (let q = 1; q <= 4; q++) {
    const r = Math.ceil((q * c.rounds) / 5);
    if (r >= 0 && r < incomeCheckpoints.length) incomeCheckpoints[r] |= 1 << (q - 1);
  }
  return {
    sustTypes: s.length,
    sCat: s.map((t) => t.category),
    sCost: s.map((t) => t.cost),
    sSteps: s.map((t) => t.steps),
    sIncome: s.map((t) => t.income),
    sVp: s.map((t) => t.vp),
    sSize: s.map((t) => t.size),
    sCanon,
    actionTypes: aIds.length,
    realActionTypes: cards.length,
    aIds,
    aCost,
    aTiming,
    aEffStart,
    aEffEnd,
    eKind,
    eAmount,
    eCat,
    aCanon,
    divPay,
    divVp,
    stageAt,
    stageVp: [0, ...c.stageVp],
    width: W,
    cells,
    n4,
    n8,
    prScoringAt,
    sustScoringAt,
    incomeCheckpoints,
  };
});

/** Pile orders given by a fixture (top first), instead of shuffles. */
export interface PileScript {
  /** Per category: the whole pile, top first (the display card and the preview are its first two). */
  readonly sustainability: readonly (readonly number[])[];
  /** The whole action pile, top first (the display's cards, then the preview's, then the rest). */
  readonly actions: readonly number[];
  readonly loans: readonly number[];
  /** The order among seats tied on bid, cash and income (first = first in turn order); null = the coin. */
  readonly coin: readonly number[] | null;
}

/** A fixture's script ran out or did not fit the game (thrown by the engine in script mode only). */
export class ScriptError extends Error {}

/** n zeros as a packed array (`new Array(n).fill(0)` stays holey in V8, and every read of a holey array checks for holes). */
function zeros(n: number): number[] {
  const a: number[] = [];
  for (let i = 0; i < n; i++) a.push(0);
  return a;
}

export class GreenDealState {
  readonly tables: Tables;
  readonly rounds: number;
  readonly players: number;
  /** Rules options and component numbers read on every move, as numbers and flags. */
  readonly incomeMax: number;
  readonly trackLength: number;
  readonly maxLoans: number;
  readonly sustLimit: number;
  readonly startCells: readonly number[];
  readonly isStart: Uint8Array;
  /** GD-A8 `tieBreakCash: after-bids`; GD-A27 `expansion: after-own-investment`. */
  readonly tieAfterBids: boolean;
  readonly expandAfterOwn: boolean;
  round = 1;
  stage = BID;
  /** Seats asked in a simultaneous stage (bit s = seat s). */
  askMask = 0;

  // Per seat.
  readonly cash: Int32Array;
  readonly income: Int32Array;
  readonly vp: Int32Array;
  /** track[seat · 4 + category]. */
  readonly track: Int32Array;
  readonly chips: Int32Array;
  /** loans[seat · 3 + slot]: the loan's amount, 0 = no loan in the slot. */
  readonly loans: Int32Array;
  readonly loanCount: Int32Array;
  /** hand[seat · actionTypes + type]: hand cards (hidden from the others). */
  readonly hand: Int32Array;
  readonly handSize: Int32Array;
  /** owned[seat · actionTypes + type]: action cards face up in front of the seat (public): bought immediate, permanent and end cards, hand cards played. */
  readonly owned: Int32Array;
  /** mods[seat · MODS + modifier]: permanent modifiers (M_*). */
  readonly mods: Int32Array;
  /** imageBonus[seat · 4 + category]: permanent `image` effects. */
  readonly imageBonus: Int32Array;
  /** permanentImage[seat · 4 + category]: chips placed at earlier scorings (GD-A18b option). */
  readonly permImage: Int32Array;
  /**
   * image[seat · 4 + category] = track + imageBonus + permImage, kept up to date by `keepImage`
   * (the one writer: every change of those three calls it), so a PR read or scoring adds nothing.
   */
  readonly image: Int32Array;
  /** endVp[seat · 3 + k]: end-vp, per tile, per cooperation (END_KINDS order). */
  readonly endVp: Int32Array;
  /** sustOwned[seat · sustTypes + type]: sustainability cards in front of the seat (public). */
  readonly sustOwned: Int32Array;
  readonly tiles: Int32Array;
  readonly cooperations: Int32Array;
  /** This round's revealed bids (the auction's; public after the reveal). */
  readonly bids: Int32Array;
  /** Turn order of the round: order[0] first. */
  readonly order: Int32Array;
  /** The seat whose investment or placement is asked (index into order). */
  turn = 0;
  /** The category and size of the tile each seat still places this round (−1: none). */
  readonly pendingCat: Int32Array;
  readonly pendingSize: Int32Array;
  sustBuyers = 0;

  // The investment turn of order[turn] (GD-A1 combinations, once-a-round extras).
  /** 0 none, 1 sustainability card, 2 action card, 3 Tax Refund. */
  cardPart = 0;
  /** 0 none, 1 took the top loan, 2 took another loan, 3 repaid. */
  loanPart = 0;
  boughtPr = false;
  paidDividend = false;
  /** GD-A3/A4: this round's loan actions, for repayment as an extra option. */
  tookLoan = false;
  repaid = false;
  /**
   * The step the seat in turn last found legal through its view in the current decision (rules.ts
   * `checkInvest`; −1 none): its answer's check then reads this instead of computing it again.
   * Every `apply` clears it.
   */
  investChecked = -1;

  // Piles and displays. A pile is fixed lazily: pile[pos] is drawn by a Fisher–Yates step when it is
  // revealed — the same distribution as a full shuffle, paying only for the cards revealed.
  readonly sPile: Int32Array[];
  readonly sPos: Int32Array;
  readonly sLen: Int32Array;
  readonly sDiscard: Int32Array[];
  readonly sDiscardCount: Int32Array;
  readonly sDraws: Int32Array;
  /** The display card and the visible top of the pile per category (−1: none). */
  readonly sDisplay: Int32Array;
  readonly sPreview: Int32Array;
  readonly aPile: Int32Array;
  aPos = 0;
  aLen = 0;
  aDraws = 0;
  readonly aDiscard: Int32Array;
  aDiscardCount = 0;
  readonly aDisplay: Int32Array;
  readonly aPreview: Int32Array;
  readonly loanPile: Int32Array;
  loanPileSize = 0;
  prSupply = 0;
  readonly sKeys: Uint32Array;
  aKey = 0;
  /** The auction's coin (GD-A8's last tie-break): draw `round · 8 + seat` of this key. */
  coinKey = 0;

  // The map.
  readonly owner: Int8Array;
  readonly cellCat: Int8Array;
  readonly cellSize: Int16Array;
  /** seatTiles[seat · cells + i]: the cell of the seat's i-th tile (i < tiles[seat]). */
  readonly seatTiles: Int16Array;
  /** categoryTiles[category · cells + i]: the cell of the category's i-th tile (i < categoryTileCount[category]). */
  readonly categoryTiles: Int16Array;
  readonly categoryTileCount: Int32Array;
  /** Seats without a tile (GD-A11 blocks start positions while one has none). */
  seatsWithoutTile = 0;
  /** The placement: cell of the new tile, the contact being resolved (0–3: N, E, S, W). */
  placeCell = -1;
  contactK = 0;
  /** The order tiles were placed on the map (every seat's): placedCells[0 … placedCount). */
  readonly placedCells: Int16Array;
  placedCount = 0;
  /**
   * Each seat's frontier: the free cells beside its tiles, frontier[seat · cells + i] for
   * i < frontierCount[seat], in the order they joined it (a cell taken by any tile leaves it, the
   * last one moving into its place); frontierAt[seat · cells + cell] = its index, −1 = not in it.
   */
  readonly frontier: Int16Array;
  readonly frontierCount: Int32Array;
  readonly frontierAt: Int16Array;
  /**
   * The placement being asked (rules.ts `preparePlacement`): its seat, mode (0 a free start
   * position, 1 beside its tiles, 2 any free cell) and, built when first read, its legal cells
   * legalCells[0 … legalCount) (a list `listed` per placement; mode 1 without blocking reads the
   * frontier itself).
   */
  placeSeat = -1;
  placeMode = 0;
  readonly legalCells: Int16Array;
  legalCount = 0;
  listed = false;

  // PR allocation answers (placed[seat · 5 + c], c = 4 the centre).
  readonly placed: Int32Array;
  /** D6: the cash each seat pays towards its loans. */
  readonly repayments: Int32Array;

  // Results.
  readonly scores: number[];
  readonly ranks: number[];
  readonly winners: number[];
  winnerCount = 0;
  ending = 0;
  readonly curve: number[];
  readonly roundCounters: number[];
  readonly counters: number[][];
  /** Action card types revealed: pairs (type, round), each type once per round. */
  readonly cards: number[];
  cardCount = 0;
  readonly lastReveal: Int32Array;
  readonly initialScores: number[];
  /** The game's random key (the story replays the game from it and the decision log). */
  gameKey = 0;
  /**
   * Replays only (GameModule.trace): the decisions of the game as applied — per `apply`, the stage,
   * the number of answers and the answers — which the story re-plays with narration. Null in runs.
   */
  log: number[] | null = null;
  logLength = 0;
  /** Analysis only (fixtures): stop after this round even if it is not the last. */
  stopAfterRound = 0;
  script: PileScript | null = null;
  /** The per-game arrays a new game clears to 0, one run of the buffer's words (rules.ts `clearGame`). */
  readonly zeroWords: Int32Array;
  /** The per-game lists a new game clears to 0. */
  readonly zeroedLists: number[][];
  /** The buffer under every array the rules write (bytes; `copyFrom` copies it whole). */
  readonly raw: Uint8Array;
  /** One read-only view per seat (made by the engine's setup). */
  readonly views: GreenDealView[] = [];

  constructor(
    readonly config: GreenDealConfig,
    players: number,
  ) {
    const t = (this.tables = tablesOf(config));
    const c = config.params.components;
    this.players = players;
    this.rounds = c.rounds;
    this.incomeMax = c.incomeMax;
    this.trackLength = c.trackLength;
    this.maxLoans = c.maxLoans;
    const limit = config.rules.sustainabilityLimit;
    this.sustLimit = limit === 'n-minus-1' ? players - 1 : limit;
    this.tieAfterBids = config.rules.tieBreakCash === 'after-bids';
    this.expandAfterOwn = config.rules.expansion === 'after-own-investment';
    this.startCells = c.startCells[players - 3].map(([x, y]) => y * c.mapWidth + x);
    this.isStart = new Uint8Array(t.cells);
    for (const cell of this.startCells) this.isStart[cell] = 1;
    const P = players;
    const A = t.actionTypes;
    const S = t.sCanon.reduce((n, list) => n + list.length, 0);
    const cards = t.aCanon.length;
    const cells = t.cells;
    // Every array the rules write during a game is a window on one buffer (32-bit words, then
    // 16-bit map lists, then bytes): a clone is one `set` of it and the scalars (copyFrom).
    const n32 =
      P * (14 + 4 * NC + LOAN_SLOTS + 2 * A + MODS + END_KINDS.length + t.sustTypes + 5) +
      8 * NC +
      2 * S +
      2 * cards +
      c.actionAvailable +
      c.actionPreview +
      c.loanPile.length +
      A;
    const n16 = cells * (3 + 3 * P + NC);
    const buffer = new ArrayBuffer(4 * n32 + 2 * n16 + 2 * cells);
    this.raw = new Uint8Array(buffer);
    let at = 0;
    const words = (n: number): Int32Array => {
      const a = new Int32Array(buffer, at, n);
      at += 4 * n;
      return a;
    };
    const shorts = (n: number): Int16Array => {
      const a = new Int16Array(buffer, at, n);
      at += 2 * n;
      return a;
    };
    const bytes = (n: number): Int8Array => {
      const a = new Int8Array(buffer, at, n);
      at += n;
      return a;
    };
    // First the arrays a new game clears to 0, one run of words (`zeroWords`, one fill).
    this.vp = words(P);
    this.track = words(P * NC);
    this.chips = words(P);
    this.loans = words(P * LOAN_SLOTS);
    this.loanCount = words(P);
    this.hand = words(P * A);
    this.handSize = words(P);
    this.owned = words(P * A);
    this.mods = words(P * MODS);
    this.imageBonus = words(P * NC);
    this.permImage = words(P * NC);
    this.image = words(P * NC);
    this.endVp = words(P * END_KINDS.length);
    this.sustOwned = words(P * t.sustTypes);
    this.tiles = words(P);
    this.cooperations = words(P);
    this.bids = words(P);
    this.lastReveal = words(A);
    this.sPos = words(NC);
    this.sDiscardCount = words(NC);
    this.sDraws = words(NC);
    this.categoryTileCount = words(NC);
    this.frontierCount = words(P);
    this.zeroWords = new Int32Array(buffer, 0, at / 4);
    this.cash = words(P);
    this.income = words(P);
    this.order = words(P);
    this.pendingCat = words(P);
    this.pendingSize = words(P);
    this.sPile = t.sCanon.map((list) => {
      const pile = words(list.length);
      pile.set(list);
      return pile;
    });
    this.sLen = words(NC);
    this.sDiscard = t.sCanon.map((list) => words(list.length));
    this.sDisplay = words(NC);
    this.sPreview = words(NC);
    this.aPile = words(cards);
    this.aPile.set(t.aCanon);
    this.aDiscard = words(cards);
    this.aDisplay = words(c.actionAvailable);
    this.aPreview = words(c.actionPreview);
    this.loanPile = words(c.loanPile.length);
    this.placed = words(P * 5);
    this.repayments = words(P);
    this.sKeys = new Uint32Array(buffer, at, NC);
    at += 4 * NC;
    this.cellSize = shorts(cells);
    this.seatTiles = shorts(P * cells);
    this.categoryTiles = shorts(NC * cells);
    this.legalCells = shorts(cells);
    this.placedCells = shorts(cells);
    this.frontier = shorts(P * cells);
    this.frontierAt = shorts(P * cells).fill(-1);
    // An empty map (clearGame clears only the cells a game used: it relies on this start).
    this.owner = bytes(cells).fill(-1);
    this.cellCat = bytes(cells).fill(-1);
    if (at !== buffer.byteLength) throw new Error(`GreenDealState: the arrays take ${at} bytes of a buffer of ${buffer.byteLength}`);
    // The game's facts for its record (plain lists, as the records' readers take them).
    this.scores = zeros(P);
    this.ranks = zeros(P);
    this.winners = zeros(P);
    this.initialScores = zeros(P);
    this.curve = zeros(this.rounds * P);
    this.roundCounters = zeros(this.rounds * ROUND_COUNTERS.length);
    this.counters = COUNTERS.map(() => zeros(P));
    this.cards = zeros(2 * (cards * 2 + (this.rounds + 1) * (c.actionAvailable + c.actionPreview)));
    this.zeroedLists = [this.scores, this.ranks, this.winners, this.curve, this.roundCounters, ...this.counters];
  }

  /**
   * Makes this state an independent copy of `src` (same config and players): the buffer of every
   * array the rules write, each scalar, and the record's lists; nothing shared that is written. The
   * drawn-cards list is copied up to its end (the engine appends to it). A copy keeps no decision
   * log (a search's copies are never told as a story) and its own fixture script.
   */
  copyFrom(src: GreenDealState): this {
    if (src.config !== this.config || src.players !== this.players) throw new RangeError('copyFrom: a state of another config or player count');
    if (src === this) return this;
    this.raw.set(src.raw);
    this.round = src.round;
    this.stage = src.stage;
    this.askMask = src.askMask;
    this.turn = src.turn;
    this.sustBuyers = src.sustBuyers;
    this.cardPart = src.cardPart;
    this.loanPart = src.loanPart;
    this.boughtPr = src.boughtPr;
    this.paidDividend = src.paidDividend;
    this.tookLoan = src.tookLoan;
    this.repaid = src.repaid;
    this.investChecked = src.investChecked;
    this.aPos = src.aPos;
    this.aLen = src.aLen;
    this.aDraws = src.aDraws;
    this.aDiscardCount = src.aDiscardCount;
    this.loanPileSize = src.loanPileSize;
    this.prSupply = src.prSupply;
    this.aKey = src.aKey;
    this.coinKey = src.coinKey;
    this.seatsWithoutTile = src.seatsWithoutTile;
    this.placeCell = src.placeCell;
    this.contactK = src.contactK;
    this.placedCount = src.placedCount;
    this.placeSeat = src.placeSeat;
    this.placeMode = src.placeMode;
    this.legalCount = src.legalCount;
    this.listed = src.listed;
    this.winnerCount = src.winnerCount;
    this.ending = src.ending;
    this.cardCount = src.cardCount;
    this.gameKey = src.gameKey;
    this.stopAfterRound = src.stopAfterRound;
    this.log = null;
    this.logLength = 0;
    copyList(this.scores, src.scores, src.scores.length);
    copyList(this.ranks, src.ranks, src.ranks.length);
    copyList(this.winners, src.winners, src.winners.length);
    copyList(this.initialScores, src.initialScores, src.initialScores.length);
    copyList(this.curve, src.curve, src.curve.length);
    copyList(this.roundCounters, src.roundCounters, src.roundCounters.length);
    for (let k = 0; k < src.counters.length; k++) copyList(this.counters[k], src.counters[k], src.counters[k].length);
    copyList(this.cards, src.cards, 2 * src.cardCount);
    return this;
  }

  /** Brings image[at] (at = seat · 4 + category) up to date after its track, imageBonus or permImage changed. */
  keepImage(at: number): void {
    this.image[at] = this.track[at] + this.imageBonus[at] + this.permImage[at];
  }

  /** The category with the lowest track of `seat` (ties: the first in CATEGORIES order). */
  weakest(seat: number): number {
    let best = 0;
    const t = this.track;
    const at = seat * NC;
    for (let c = 1; c < NC; c++) if (t[at + c] < t[at + best]) best = c;
    return best;
  }
}

/** The first `n` entries of `from` into `to`. */
function copyList(to: number[], from: readonly number[], n: number): void {
  for (let i = 0; i < n; i++) to[i] = from[i];
}

/** Whether an effect's category is "weakest" (steps effects). */
export const isWeakest = (category: number): boolean => category === WEAKEST;
