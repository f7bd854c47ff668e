/**
 * What a game folder registers besides its `GameModule`: how scenarios configure it, its built-in
 * bots, and how a finished game is boiled down into the compact record the statistics consume.
 */
import type { DecisionRequest, GameModule, Outcome } from './game.js';
import type { RandomStream } from './random.js';

/** Makes a fresh bot for one seat of one game. */
export interface BotFactory<Bot> {
  readonly name: string;
  readonly description: string;
  create(seat: number, random: RandomStream): Bot;
}

/** The compact, game-agnostic record of one finished game (what aggregation needs, nothing more). */
export interface GameRecord {
  readonly outcome: Outcome;
  /** Score per seat after each round played: `curve[round - 1][seat]`. */
  readonly curve: readonly (readonly number[])[];
  /** Each seat's score before round 1. */
  readonly initialScores: readonly number[];
  /** Chance cards drawn: index into `GameDefinition.chanceCards` and the (1-based) round it was drawn in. */
  readonly cardsDrawn: readonly { readonly card: number; readonly round: number }[];
  /** Per-seat counters named in `GameDefinition.counters`, same order. */
  readonly counters: readonly (readonly number[])[];
  /** Per-round totals named in `GameDefinition.roundCounters`: `roundCounters[round - 1][counter]`. */
  readonly roundCounters: readonly (readonly number[])[];
}

/**
 * A specialised player for one config and line-up (GameDefinition.fastPlayer): the same games as the
 * game module's engine, faster. Its records must equal `record(final)` of the engine's game with the
 * same (seed, index), byte for byte; a game it cannot play exactly, it hands back (null).
 */
export interface FastPlayer {
  /** Game `index` of a run with this seed, as the engine would record it; null = play it on the engine. */
  play(seed: string, index: number): FlatRecord | null;
  /** The `GameRecord` of a flat record this player returned. */
  gameRecord(flat: FlatRecord): GameRecord;
  /** Games handed back so far. */
  readonly bailouts: number;
}

/**
 * The facts of `GameRecord` as flat arrays, for players that make no objects per game (see
 * `FastPlayer`; stats/aggregate.ts `addFlatGame`). Arrays may be longer than their counts say and are
 * reused by the player for its next game: read a record before asking for the next one.
 */
export interface FlatRecord {
  readonly players: number;
  /** Rounds played (`Outcome.length`). */
  readonly rounds: number;
  /** Index of `Outcome.endedBy` in `GameDefinition.endings`. */
  readonly ending: number;
  /** `winners[0 … winnerCount)`: the seats that won. */
  readonly winners: readonly number[];
  readonly winnerCount: number;
  /** Final score per seat. */
  readonly scores: readonly number[];
  readonly initialScores: readonly number[];
  /** Score after each round played: `curve[(round − 1) · players + seat]`. */
  readonly curve: readonly number[];
  /** Chance cards drawn, as pairs: `cards[2k]` = card index, `cards[2k + 1]` = round. */
  readonly cards: readonly number[];
  readonly cardCount: number;
  /** Per-round totals: `roundCounters[(round − 1) · GameDefinition.roundCounters.length + k]`. */
  readonly roundCounters: readonly number[];
  /** Per-seat counters, `GameDefinition.counters` order: `counters[k][seat]`. */
  readonly counters: readonly (readonly number[])[];
}

/** Facts about a configuration that every result must carry. */
export interface ConfigFacts {
  /** Ids of data the results depend on (e.g. the resource deck id). */
  readonly dataIds: Readonly<Record<string, string>>;
  /** Rules options that differ from the defaults. */
  readonly changedRules: Readonly<Record<string, unknown>>;
  /** Every resolved parameter, defaults included. */
  readonly resolved: unknown;
}

export interface GameDefinition<Config, State, View, Request extends DecisionRequest, Answer, Bot> {
  readonly module: GameModule<Config, State, View, Request, Answer, Bot>;
  /** Builds the config from a scenario's `rules` and `params` objects; throws ScenarioError. */
  parseConfig(raw: { rules?: unknown; params?: unknown }, where: { file: string; dir: string }): Config;
  readonly builtinBots: Readonly<Record<string, BotFactory<Bot>>>;
  /** The methods every bot of this game must have (bot files are checked against them on loading). */
  readonly botMethods: readonly string[];
  /** A scenario's `params` with every file reference replaced by its content (for partial results). */
  portableParams(params: unknown, config: Config): unknown;
  /**
   * The `params` fields that may name a file instead of holding its content (read relative to the
   * scenario). A queued job must carry them inlined: a worker refuses a job that would make it read
   * its own disk (sim/queue/job.ts).
   */
  readonly fileParams: readonly string[];
  /** Maximum number of rounds of a game under `config` (length of gold curves). */
  maxRounds(config: Config): number;
  /** Scores above this share the top histogram bin (exact percentiles below it). */
  maxScore(config: Config): number;
  /** How a game can end, as `Outcome.endedBy` spells it. */
  readonly endings: readonly string[];
  /** Names of the chance cards (for draw counts and card impact). */
  readonly chanceCards: readonly string[];
  /** Names of the per-seat counters in `GameRecord.counters`. */
  readonly counters: readonly string[];
  /** Names of the per-round totals in `GameRecord.roundCounters`. */
  readonly roundCounters: readonly string[];
  record(final: State): GameRecord;
  facts(config: Config): ConfigFacts;
  /**
   * The config with chance card `card` (index into chanceCards) replaced by a blank in the same deck
   * positions, all other randomness unchanged (the counterfactual of `goldpit impact`).
   */
  withBlankedCard(config: Config, card: number): Config;
  /**
   * Optional: a fast player for this config and line-up of built-in bots (null = none; the engine
   * plays). Only ever asked about the game's own built-in factories, never a bot file's.
   */
  fastPlayer?(config: Config, players: number, bots: readonly BotFactory<Bot>[]): FastPlayer | null;
  /** The full story of a finished game, for `goldpit replay`. */
  story(final: State, seatNames: readonly string[]): string;
  /** Where a game stands when its bots are asked in `state`, as the story names it (a replay's FAULT lines). */
  decisionPlace(state: State): string;
  /** The game's rules-conformance fixtures for `goldpit verify`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly fixtures: FixtureHooks<any>;
}

/**
 * A game's rules-conformance fixtures (`goldpit verify`): hand-computed positions, played by the
 * real engine and compared with what the fixture expects. Each fixture file names its game in a
 * `game` field (Goldrausch's may omit it).
 */
export interface FixtureHooks<Fixture> {
  /** Reads and checks one fixture; every problem throws an InputError naming the file and the field. */
  parse(file: string, data: unknown): Fixture;
  /** The fixture's display name. */
  name(fixture: Fixture): string;
  /** Plays the fixture; returns the differences from its expectations (empty = pass), each `field expected X got Y`. */
  check(fixture: Fixture): readonly string[];
}

/** A definition with its type parameters erased, for registries and the runner. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameDefinition = GameDefinition<any, any, any, any, any, any>;
