/**
 * GOLD's engine state: flat, owned by the engine, changed in place (ARCHITECTURE "one engine per
 * game"). Everything is allocated once per game (or once per fast player and reused); no transition
 * allocates. Bots never see this object: they get a `GoldView` (view.ts), one per seat per game.
 */
import { CARD_TYPES, COLOURS, POSITIONS } from './cards.js';
import { COUNTERS } from './metrics.js';
import { perSeat, type GoldConfig, type GoldRules } from './params.js';
import { GoldView } from './view.js';

/** Where a game stands: waiting for a turn's first card (or its rush card), its second card, or over. */
export const Stage = { turnStart: 0, second: 1, over: 2 } as const;

/** Random stream purposes of GOLD (core/random.ts: numbers Goldrausch's `Purpose` does not use; bots stay `Purpose.bot + seat`). */
export const purposes = {
  /** The shuffle of the layout: game k of a series uses counters 64·k …. */
  layout: 16,
  /** The start player (GK-A9), drawn once per game (per series: the first game's; then it rotates). */
  startPlayer: 17,
  /** Lossy memory (GK-A2): seat s draws its recalls and forgettings from `memory + s`. */
  memory: 32,
} as const;

export class GoldState {
  readonly players: number;
  /** Games per series (1 without `series`). */
  readonly seriesGames: number;
  readonly maxTurns: number;
  /** Turns a whole series may take: the length of the curves. */
  readonly maxRounds: number;
  readonly perfect: boolean;
  readonly publicScores: boolean;
  readonly blind: boolean;
  readonly stalemateRule: GoldRules['stalemate'];
  /** Knowledge slots: 1 under perfect memory (every seat knows the same), else one per seat. */
  readonly slots: number;

  /**
   * Every small-integer array below is a window on one of two buffers, `bytes` (Int8) and `words`
   * (Int32), so that `cloneState` copies them with two `set` calls (one per array cost ~25 calls).
   */
  readonly bytes: Int8Array;
  readonly words: Int32Array;
  /** The shuffled layout of each game of the series: `layouts[64·game + position]`. */
  readonly layouts: Int8Array;
  /** Card code per position, −1 once it has left the table. */
  readonly card: Int8Array;
  /** The positions on the table (`live[0 … liveCount)`), and each position's index in that list. */
  readonly live: Int8Array;
  readonly liveAt: Int8Array;
  liveCount = 0;
  /** Cards of each code still on the table (public: every card that left was seen leaving). */
  readonly left: Int8Array;
  /** Owning seat per colour, −1 = unowned (§2, GK-A7, GK-A8). */
  readonly owner: Int8Array;

  /** This game's gold (sum of values) and gold cards per seat. */
  readonly gold: number[];
  readonly goldCards: number[];

  /** What each knowledge slot remembers: `known[64·slot + position]` = card code or −1. */
  readonly known: Int8Array;
  /** Remembered table positions per slot (`knownList[64·slot + i]`, i < knownCount[slot]), with indices. */
  readonly knownList: Int8Array;
  readonly knownAt: Int8Array;
  readonly knownCount: Int32Array;
  /** Table positions a slot does not know, likewise. */
  readonly unknownList: Int8Array;
  readonly unknownAt: Int8Array;
  readonly unknownCount: Int32Array;
  /** Remembered table cards per slot and code: `knownOfCode[25·slot + code]`. */
  readonly knownOfCode: Int8Array;
  /** Where those are: `knownByCode[8·(25·slot + code) + i]`, i < knownOfCode (at most 7 cards share a code). */
  readonly knownByCode: Int8Array;
  /** Each remembered position's index in its code's list: `knownByCodeAt[64·slot + position]`. */
  readonly knownByCodeAt: Int8Array;
  /**
   * Bit masks over card codes (bit c = code c), kept with the counts so bots can visit only the
   * codes that matter: per slot, codes with a remembered card on the table / with a card on the
   * table the slot does not know; and codes still on the table.
   */
  readonly knownCodes: Int32Array;
  readonly unknownCodes: Int32Array;
  leftCodes = 0;
  /** Lossy memory with hidden scores: gold value / cards of seat t that seat s recalls, `[s·players + t]`. */
  readonly goldSeen: Int32Array;
  readonly goldCardsSeen: Int32Array;
  /** GK-A2 ρ and φ per seat, and how many memory draws each seat has made (its stream's counter). */
  readonly recall: Float64Array;
  readonly forget: Float64Array;
  readonly memoryDraws: Int32Array;

  /** Turns played in the whole series / in this game. */
  turn = 0;
  turnInGame = 0;
  active = 0;
  startPlayer = 0;
  stage: number = Stage.turnStart;
  /** The turn's first card (−1 before it is chosen) and whether it lies face up (after-first). */
  first = -1;
  firstFaceUp = false;
  /** The gold rush is in force (set when a turn starts with ≤ 10 cards, or by the stalemate rule). */
  rush = false;
  /** Turn of this game (1-based) at which the rush began, 0 = not yet. */
  rushTurn = 0;
  /** Consecutive normal turns that removed no card (GK-A1 `no-progress-turns`). */
  noProgress = 0;
  /** The stalemate rule fired in this game. */
  stalemated = false;
  /** Cards removed and gold value collected in the turn being played. */
  removedThisTurn = 0;
  goldThisTurn = 0;

  /** Series: which game, totals before it, the last finished game's scores, start player of game 0. */
  seriesGame = 0;
  readonly seriesScore: number[];
  readonly seriesCards: number[];
  readonly lastGameScore: number[];
  firstStartPlayer = 0;
  /** Turn (series count) at which each game of the series began, its start player and its ending. */
  readonly gameStartTurn: Int32Array;
  readonly gameStartPlayer: Int8Array;
  readonly gameEnding: Int8Array;
  /** Index into ENDINGS of the whole game (a series: its worst ending); −1 while playing. */
  ending = -1;
  readonly winners: number[];
  winnerCount = 0;

  /** Score per seat after every turn, `curve[turn · players + seat]` (a series: the running total). */
  readonly curve: number[];
  /** Per turn: cards removed, gold value collected (`roundCounters[2·turn + k]`). */
  readonly roundCounters: number[];
  /** Per-seat counters, metrics.ts COUNTERS order: `counters[k][seat]`. */
  readonly counters: number[][];
  /** The turn log, for stories: who played and the positions turned (second −1 in the rush). */
  readonly turnSeat: Int8Array;
  readonly turnFirst: Int8Array;
  readonly turnSecond: Int8Array;

  /**
   * Lean mode (a search's random playout, engine.ts `playout`): the engine keeps only what the rules
   * need to finish the game — no seat's knowledge, no curves, counters or turn log. Views of a lean
   * state are stale; `loadTable` and `reset` end it, `cloneState` copies it.
   */
  lean = false;

  /** One read-only view per seat for the whole game (seatView returns it). */
  readonly views: readonly GoldView[];

  constructor(
    readonly config: GoldConfig,
    players: number,
  ) {
    const { rules, params } = config;
    this.players = players;
    this.seriesGames = rules.series ? players : 1;
    this.maxTurns = params.maxTurns;
    this.maxRounds = params.maxTurns * this.seriesGames;
    this.perfect = rules.memory === 'perfect';
    this.publicScores = rules.scoreVisibility === 'public';
    this.blind = rules.secondChoice === 'blind';
    this.stalemateRule = rules.stalemate;
    this.slots = this.perfect ? 1 : players;
    const slots = this.slots;
    const games = this.seriesGames;
    const rounds = this.maxRounds;
    this.bytes = new Int8Array(POSITIONS * (games + 3 + 6 * slots) + CARD_TYPES * (1 + 9 * slots) + COLOURS + 2 * games + 3 * rounds);
    this.words = new Int32Array(4 * slots + 2 * players * players + players + games);
    let at8 = 0;
    let at32 = 0;
    const bytes = (n: number): Int8Array => this.bytes.subarray(at8, (at8 += n));
    const words = (n: number): Int32Array => this.words.subarray(at32, (at32 += n));
    this.layouts = bytes(POSITIONS * games);
    this.card = bytes(POSITIONS);
    this.live = bytes(POSITIONS);
    this.liveAt = bytes(POSITIONS);
    this.left = bytes(CARD_TYPES);
    this.owner = bytes(COLOURS);
    this.gold = new Array<number>(players).fill(0);
    this.goldCards = new Array<number>(players).fill(0);
    this.known = bytes(POSITIONS * slots);
    this.knownList = bytes(POSITIONS * slots);
    this.knownAt = bytes(POSITIONS * slots);
    this.knownCount = words(slots);
    this.unknownList = bytes(POSITIONS * slots);
    this.unknownAt = bytes(POSITIONS * slots);
    this.unknownCount = words(slots);
    this.knownOfCode = bytes(CARD_TYPES * slots);
    this.knownByCode = bytes(8 * CARD_TYPES * slots);
    this.knownByCodeAt = bytes(POSITIONS * slots);
    this.knownCodes = words(slots);
    this.unknownCodes = words(slots);
    this.goldSeen = words(players * players);
    this.goldCardsSeen = words(players * players);
    this.recall = new Float64Array(players);
    this.forget = new Float64Array(players);
    this.memoryDraws = words(players);
    for (let s = 0; s < players; s++) {
      const rho = perSeat(params.recall, s);
      const phi = perSeat(params.forget, s);
      if (rho === undefined || phi === undefined) throw new RangeError(`params.recall / params.forget: no value for seat ${s} of ${players}`);
      this.recall[s] = rho;
      this.forget[s] = phi;
    }
    this.seriesScore = new Array<number>(players).fill(0);
    this.seriesCards = new Array<number>(players).fill(0);
    this.lastGameScore = new Array<number>(players).fill(0);
    this.gameStartTurn = words(games);
    this.gameStartPlayer = bytes(games);
    this.gameEnding = bytes(games);
    this.winners = new Array<number>(players).fill(0);
    this.curve = new Array<number>(this.maxRounds * players).fill(0);
    this.roundCounters = new Array<number>(this.maxRounds * 2).fill(0);
    this.counters = COUNTERS.map(() => new Array<number>(players).fill(0));
    this.turnSeat = bytes(rounds);
    this.turnFirst = bytes(rounds);
    this.turnSecond = bytes(rounds);
    if (at8 !== this.bytes.length || at32 !== this.words.length) throw new Error('GoldState: the buffers do not fit the arrays');
    const views: GoldView[] = [];
    for (let s = 0; s < players; s++) views.push(new GoldView(this, s));
    this.views = views;
  }
}

/** `n` entries of `from` into `to` (plain number lists of equal length). */
function copyList(from: readonly number[], to: number[], n: number): void {
  for (let i = 0; i < n; i++) to[i] = from[i];
}

/**
 * An independent copy of `s` (GameModule.clone): into `into` when it was made for the same config
 * and player count, else into a new state. Everything is copied except the curves and turn counters
 * past the current turn, which the engine writes before anything reads them, and the memory
 * parameters (`recall`, `forget`: the config's); the copy's views are its own.
 */
export function cloneState(s: GoldState, into?: GoldState): GoldState {
  const t = into !== undefined && into !== s && into.config === s.config && into.players === s.players ? into : new GoldState(s.config, s.players);
  const n = s.players;
  // Every typed array but recall and forget (fixed by the config) is a window on these two.
  t.bytes.set(s.bytes);
  t.words.set(s.words);
  t.liveCount = s.liveCount;
  copyList(s.gold, t.gold, n);
  copyList(s.goldCards, t.goldCards, n);
  t.leftCodes = s.leftCodes;
  t.lean = s.lean;
  t.turn = s.turn;
  t.turnInGame = s.turnInGame;
  t.active = s.active;
  t.startPlayer = s.startPlayer;
  t.stage = s.stage;
  t.first = s.first;
  t.firstFaceUp = s.firstFaceUp;
  t.rush = s.rush;
  t.rushTurn = s.rushTurn;
  t.noProgress = s.noProgress;
  t.stalemated = s.stalemated;
  t.removedThisTurn = s.removedThisTurn;
  t.goldThisTurn = s.goldThisTurn;
  t.seriesGame = s.seriesGame;
  copyList(s.seriesScore, t.seriesScore, n);
  copyList(s.seriesCards, t.seriesCards, n);
  copyList(s.lastGameScore, t.lastGameScore, n);
  t.firstStartPlayer = s.firstStartPlayer;
  t.ending = s.ending;
  copyList(s.winners, t.winners, n);
  t.winnerCount = s.winnerCount;
  const turns = s.turn;
  copyList(s.curve, t.curve, turns * n);
  copyList(s.roundCounters, t.roundCounters, 2 * turns);
  for (let k = 0; k < s.counters.length; k++) copyList(s.counters[k], t.counters[k], n);
  return t;
}
