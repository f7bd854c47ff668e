/**
 * The flat state of one My Gold Mine game (ARCHITECTURE "one engine per game"): small-integer arrays
 * sized once per game and written in place by the engine; nothing is allocated per move. Bots never
 * see this object, only a `MyGoldMineView` over it.
 */
import { memoOnIdentity } from '../../core/memo.js';
import { DIG_KINDS, EXIT_ACTIONS, type DigKind, type ExitAction } from './decks.js';
import { COUNTERS, ROUND_COUNTERS } from './metrics.js';
import type { MyGoldMineConfig } from './params.js';
import { MyGoldMineView } from './view.js';

/** Mine geometry (§2.1): exit at 0, the Lore (start) at 4, Drago at 8. */
export const EXIT = 0;
export const LORE = 4;
export const DRAGO_START = 8;

/** Stages: what the game waits for. */
export const TURN = 0; // D1: dig (A) or exit card (B)
export const EXIT_ACTION = 1; // D2: which action of a two-action exit card
export const SWAP_TARGET = 2; // D3: which dwarf to swap with
export const OVER = 3;

/** Dwarf status within a round. */
export const IN_MINE = 0;
export const EXITED = 1;
export const ELIMINATED = 2;

/** Exit actions as small integers (index into EXIT_ACTIONS). */
export const ONE_STEP = 0;
export const DOUBLE_STEP = 1;
export const ALL_TOGETHER = 2;
export const SWAP = 3;
export const EXTRAGOLD = 4;

/**
 * Random stream purposes of this game. core/random.ts `Purpose` uses 1–8 and `bot + seat` from 64;
 * these are numbers it does not use.
 */
export const MGM_PURPOSE = {
  startPlayer: 20,
  digDeck: 21,
  exitDeck: 22,
} as const;

/** A config's decks as flat tables (made once per config). */
export interface Tables {
  readonly digTypes: number;
  readonly digIds: readonly string[];
  readonly digKinds: readonly DigKind[];
  /** Index of each type's kind in DIG_KINDS (what records count: `GameDefinition.chanceCards`). */
  readonly digKind: readonly number[];
  readonly digGold: readonly number[];
  readonly digMove: readonly number[];
  readonly digDragon: readonly boolean[];
  readonly digCount: readonly number[];
  /** The digging deck in a canonical order (types), copied at the start of every round (typed: one `set`). */
  readonly digCanon: Int32Array;
  readonly exitTypes: number;
  /** First and second action per exit type (−1 = none). */
  readonly exitA: readonly number[];
  readonly exitB: readonly number[];
  readonly exitCount: readonly number[];
  readonly exitCanon: Int32Array;
}

export const tablesOf = memoOnIdentity((config: MyGoldMineConfig): Tables => {
  const dig = config.params.digDeck.types;
  const exit = config.params.exitDeck.types;
  const digCanon: number[] = [];
  dig.forEach((t, i) => {
    for (let k = 0; k < t.count; k++) digCanon.push(i);
  });
  const exitCanon: number[] = [];
  exit.forEach((t, i) => {
    for (let k = 0; k < t.count; k++) exitCanon.push(i);
  });
  const code = (a: ExitAction | undefined) => (a === undefined ? -1 : EXIT_ACTIONS.indexOf(a));
  const ids = dig.map((t) => t.id);
  const kinds: DigKind[] = dig.map((t) => t.kind);
  const gold = dig.map((t) => t.gold);
  const move: number[] = dig.map((t) => t.move);
  const count = dig.map((t) => t.count);
  const replaced = config.replacedKind;
  if (replaced !== undefined) {
    // The counterfactual (counterfactual.ts): the first card of the kind in canonical order becomes
    // a plain "Einfach Gold!" card in the same deck position — every other card keeps its position,
    // so every shuffle draw pairs with the game as dealt.
    const at = digCanon.findIndex((type) => kinds[type] === replaced);
    if (at >= 0) {
      const simple = dig.find((t) => t.kind === 'simple-gold');
      const extra = dig.length;
      count[digCanon[at]]--;
      digCanon[at] = extra;
      ids.push(`${replaced}→simple-gold (counterfactual)`);
      kinds.push('simple-gold');
      // For simple-gold itself the replacement is a blank (0 gold, stay): one gold card fewer.
      gold.push(replaced === 'simple-gold' ? 0 : (simple?.gold ?? 1));
      move.push(0);
      count.push(1);
    }
  }
  return {
    digTypes: ids.length,
    digIds: ids,
    digKinds: kinds,
    digKind: kinds.map((k) => DIG_KINDS.indexOf(k)),
    digGold: gold,
    digMove: move,
    digDragon: kinds.map((k) => k === 'dragon'),
    digCount: count,
    digCanon: Int32Array.from(digCanon),
    exitTypes: exit.length,
    exitA: exit.map((t) => code(t.actions[0])),
    exitB: exit.map((t) => code(t.actions[1])),
    exitCount: exit.map((t) => t.count),
    exitCanon: Int32Array.from(exitCanon),
  };
});

/** Deck orders given by a fixture (top first), instead of shuffles. */
export interface DeckScript {
  /** Digging deck, top first (may list only the top part; drawing past it is an error). */
  readonly dig: readonly number[];
  /** Exit deck, top first. */
  readonly exit: readonly number[];
  /** The exit deck after each reshuffle of the discard pile, top first. */
  readonly reshuffles: readonly (readonly number[])[];
}

/** A fixture's script ran out, or did not fit the game (thrown by the engine in script mode only). */
export class ScriptError extends Error {}

const zeros = (n: number): number[] => new Array<number>(n).fill(0);

export class MyGoldMineState {
  readonly tables: Tables;
  readonly rounds: number;
  /** Dwarves per seat: 2 in the two-player variant (§7), else 1. */
  readonly perSeat: number;
  readonly dwarves: number;
  /** Rules options as flags and the Extragold value, read on every move (no string compares). */
  readonly intoDragonEliminates: boolean;
  readonly dragonFirst: boolean;
  readonly swapOwnDwarf: boolean;
  readonly extragoldValue: number;
  round = 1;
  stage = TURN;
  /** The dwarf whose turn it is. */
  actor = 0;
  /** The seat that started this round. */
  startSeat = 0;
  /** Analysis only (fixtures): stop after this round even if it is not the last. */
  stopAfterRound = 0;

  drago = DRAGO_START;
  /**
   * The per-dwarf, per-seat and deck arrays below are windows on this one buffer, so that
   * `cloneState` copies them with one `set` (the records' arrays stay plain lists).
   */
  readonly words: Int32Array;
  readonly pos: Int32Array;
  readonly status: Int32Array;
  inMine = 0;
  /** Dwarves in the order they reached the exit (the ladder, topmost rung first). */
  readonly ladder: Int32Array;
  ladderCount = 0;
  /** 1-based rung per dwarf, 0 = not on the ladder. */
  readonly rung: Int32Array;
  /** Dwarves in the order they were eliminated this round. */
  readonly eliminated: Int32Array;
  eliminatedCount = 0;

  /** The seat's pile: every dwarf of the seat collects onto it until one of them exits (§7). */
  readonly teamGold: Int32Array;
  readonly teamExtra: Int32Array;
  readonly teamOpen: Int32Array;
  /** §7 extra pile: what a dwarf collects after its team pile was banked by its partner. */
  readonly extraGold: Int32Array;
  readonly extraExtra: Int32Array;
  readonly bankedGold: Int32Array;
  readonly bankedExtra: Int32Array;
  /** Gold each dwarf scored this round (banked gold + Extragold), set at round end. */
  readonly roundGold: Int32Array;
  readonly nuggets: Int32Array;

  // The digging deck: `dig[digPos]` is the face-up top card; cards below it are fixed lazily (a
  // Fisher–Yates step when a card becomes the top), which is the same distribution as a full shuffle
  // and costs only the cards that are actually reached.
  readonly dig: Int32Array;
  digPos = 0;
  readonly digLeft: Int32Array;
  dragonsLeft = 0;
  digDraws = 0;
  digKey = 0;
  /** Bit per kind (DIG_KINDS) drawn this round. */
  kindsDrawn = 0;

  // The exit deck: face-down cards exitDeck[exitPos … exitEnd), the face-up discard pile beside it.
  readonly exitDeck: Int32Array;
  exitPos = 0;
  exitEnd = 0;
  readonly discard: Int32Array;
  discardCount = 0;
  /** Face-down exit cards per type (countable: total − discard − kept − drawn). */
  readonly exitInDeck: Int32Array;
  exitDraws = 0;
  exitShuffles = 0;
  exitKey = 0;
  /** The exit card drawn and not yet resolved (during EXIT_ACTION / SWAP_TARGET), else −1. */
  drawn = -1;
  passes = 0;

  // Results.
  readonly scores: number[];
  readonly ranks: number[];
  readonly winners: number[];
  winnerCount = 0;
  /** Seat of the last round's 1st place (−1 = nobody ranked). */
  roundWinner = -1;
  ending = 0;
  /** Score per seat after each round: `curve[(round − 1) · players + seat]`. */
  readonly curve: number[];
  readonly roundCounters: number[];
  readonly counters: number[][];
  /** Digging card kinds drawn: pairs (kind, round), each kind once per round it was drawn in. */
  readonly cards: number[];
  cardCount = 0;
  script: DeckScript | null = null;
  scriptReshuffles = 0;
  /**
   * The move log of a replay (log.ts), null in every run: what the story tells, turn by turn. A
   * copy of the state for search (clone) must not carry it: its playouts are not the game's moves.
   */
  log: number[] | null = null;
  /**
   * Lean mode (a search's random playout, engine.ts `playout`): no records per move (counters, round
   * counters, the cards drawn); `resetGame` and `loadView` (sample.ts) end it, `cloneState` copies it.
   */
  lean = false;
  /** Scores before round 1 (all 0: nuggets and gold start at nothing). */
  readonly initialScores: number[];
  /** One read-only view per seat (made by the engine's setup). */
  readonly views: MyGoldMineView[] = [];

  constructor(
    readonly config: MyGoldMineConfig,
    readonly players: number,
  ) {
    this.tables = tablesOf(config);
    this.rounds = config.params.rounds;
    this.perSeat = players === 2 ? 2 : 1;
    this.intoDragonEliminates = config.rules.intoDragon === 'eliminated';
    this.dragonFirst = config.rules.dragonCheck === 'before-move';
    this.swapOwnDwarf = config.rules.swapOwnDwarf;
    this.extragoldValue = config.params.extragoldValue;
    const d = (this.dwarves = players * this.perSeat);
    const t = this.tables;
    this.words = new Int32Array(10 * d + 4 * players + t.digTypes + t.digCanon.length + 2 * t.exitCanon.length + t.exitTypes);
    let at = 0;
    const words = (n: number): Int32Array => this.words.subarray(at, (at += n));
    this.pos = words(d);
    this.status = words(d);
    this.ladder = words(d);
    this.rung = words(d);
    this.eliminated = words(d);
    this.teamGold = words(players);
    this.teamExtra = words(players);
    this.teamOpen = words(players);
    this.extraGold = words(d);
    this.extraExtra = words(d);
    this.bankedGold = words(d);
    this.bankedExtra = words(d);
    this.roundGold = words(d);
    this.nuggets = words(players);
    this.dig = words(t.digCanon.length);
    this.dig.set(t.digCanon);
    this.digLeft = words(t.digTypes);
    this.exitDeck = words(t.exitCanon.length);
    this.exitDeck.set(t.exitCanon);
    this.discard = words(t.exitCanon.length);
    this.exitInDeck = words(t.exitTypes);
    if (at !== this.words.length) throw new Error('MyGoldMineState: the buffer does not fit the arrays');
    this.scores = zeros(players);
    this.ranks = zeros(players);
    this.winners = zeros(players);
    this.initialScores = zeros(players);
    this.curve = zeros(this.rounds * players);
    this.roundCounters = zeros(this.rounds * ROUND_COUNTERS.length);
    this.counters = COUNTERS.map(() => zeros(players));
    this.cards = zeros(2 * this.rounds * 4);
  }

  /** The seat playing dwarf `d`. */
  owner(d: number): number {
    return this.perSeat === 1 ? d : d >> 1;
  }
}

/** A fresh state for `config` and `players` with its seat views (setup, clones, samples). */
export function newState(config: MyGoldMineConfig, players: number): MyGoldMineState {
  const state = new MyGoldMineState(config, players);
  for (let s = 0; s < players; s++) state.views.push(new MyGoldMineView(state, s));
  return state;
}

function copyList(from: readonly number[], to: number[]): void {
  for (let i = 0; i < from.length; i++) to[i] = from[i];
}

/**
 * An independent copy of `state` (GameModule.clone): into `into` when it was made for the same
 * config and player count, else into a new state. Every field is copied but a replay's move log
 * (the copy keeps none); the copy's views are its own; a fixture's deck script (read-only data) is
 * shared.
 */
export function cloneState(state: MyGoldMineState, into?: MyGoldMineState): MyGoldMineState {
  const t =
    into !== undefined && into !== state && into.config === state.config && into.players === state.players ? into : newState(state.config, state.players);
  t.round = state.round;
  t.stage = state.stage;
  t.actor = state.actor;
  t.startSeat = state.startSeat;
  t.stopAfterRound = state.stopAfterRound;
  t.drago = state.drago;
  // The dwarves', seats' and decks' arrays: windows on one buffer.
  t.words.set(state.words);
  t.inMine = state.inMine;
  t.ladderCount = state.ladderCount;
  t.eliminatedCount = state.eliminatedCount;
  t.digPos = state.digPos;
  t.dragonsLeft = state.dragonsLeft;
  t.digDraws = state.digDraws;
  t.digKey = state.digKey;
  t.kindsDrawn = state.kindsDrawn;
  t.exitPos = state.exitPos;
  t.exitEnd = state.exitEnd;
  t.discardCount = state.discardCount;
  t.exitDraws = state.exitDraws;
  t.exitShuffles = state.exitShuffles;
  t.exitKey = state.exitKey;
  t.drawn = state.drawn;
  t.passes = state.passes;
  copyList(state.scores, t.scores);
  copyList(state.ranks, t.ranks);
  copyList(state.winners, t.winners);
  t.winnerCount = state.winnerCount;
  t.roundWinner = state.roundWinner;
  t.ending = state.ending;
  copyList(state.curve, t.curve);
  copyList(state.roundCounters, t.roundCounters);
  for (let c = 0; c < state.counters.length; c++) copyList(state.counters[c], t.counters[c]);
  copyList(state.cards, t.cards);
  t.cardCount = state.cardCount;
  t.script = state.script;
  t.scriptReshuffles = state.scriptReshuffles;
  // A replay's move log is the game's own story, not the copy's (its playouts are no moves of the game).
  t.log = null;
  t.lean = state.lean;
  copyList(state.initialScores, t.initialScores);
  return t;
}
