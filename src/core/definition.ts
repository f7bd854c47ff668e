/**
 * What a game folder registers besides its `GameModule`: how scenarios configure it, its built-in
 * bots, and how a finished game is boiled down into the compact record the statistics consume.
 */
import type { DecisionRequest, Fault, GameModule, Outcome } from './game.js';
import type { RandomStream } from './random.js';
import type { Tunable } from './tunable.js';

/** Makes a fresh bot for one seat of one game. */
export interface BotFactory<Bot> {
  readonly name: string;
  readonly description: string;
  create(seat: number, random: RandomStream): Bot;
  /**
   * True for a bot that decides by the clock (a search with a time budget): its games depend on the
   * machine's speed and load, so a run that seats it is not reproducible and says so.
   */
  readonly timed?: boolean;
  /** True for a bot that thinks tens of milliseconds a decision: not in a tournament's default field. */
  readonly costly?: boolean;
  /**
   * Set on the generic search agents (src/search/: `uniform`, `ismcts`, a game's search aliases): the
   * configuration the name stands for (`uniform`, `ismcts:…`). They are made by core's search, not by
   * a file of the game's bots, so `new-bot --from` cannot copy them.
   */
  readonly searchAgent?: string;
}

/** Game knowledge a game may offer the search (GameDefinition.search). Each is measured before it is a default. */
export interface SearchHints<State = unknown, View = unknown, Request extends DecisionRequest = DecisionRequest, Answer = unknown> {
  /** The options of the game's default `ismcts` (the strongest configuration measured within ~50 ms a decision). */
  readonly ismcts?: string;
  /**
   * The skill ladder's default budgets of that `ismcts` (iterations, ascending): where more budget
   * was measured to buy skill (4× beating 1× with significance), so a default ladder has a gradient
   * to see. Absent: the ladder's generic budgets.
   */
  readonly ladder?: readonly number[];
  /**
   * A key per answer that merges answers the seat cannot tell apart (e.g. two face-down cards it has
   * never seen): the tree keeps one child per key, played as the first legal answer with that key.
   */
  answerKey?(view: View, request: Request, answer: Answer): number | string;
  /**
   * What the deciding seat has just seen that the answers before it do not determine, as a whole
   * number ≥ 0 (e.g. the card a seat's first answer turned up): the tree keeps the decision's
   * children apart per key, so a later answer is chosen knowing it (no strategy fusion over it).
   */
  outcomeKey?(view: View, request: Request): number;
  /** Each seat's expected reward in [0, 1] from a position that is not over (an evaluation-cut rollout, `depth`). */
  evaluate?(state: State, out: Float64Array): void;
  /**
   * Each seat's score so far in a position that is not over (what it would score if the game ended
   * here): `reward=margin` and `reward=score` at an evaluation cut read it as they read a finished
   * game's scores.
   */
  scores?(state: State, out: Float64Array): void;
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
  /**
   * The cards that differ from the game's built-in set (or from the scenario's own deck), and the
   * scenario's new cards: one plain line each ("subsidy: amount 2 → 3"). Absent or empty = none.
   */
  readonly changedCards?: readonly string[];
}

export interface GameDefinition<Config, State, View, Request extends DecisionRequest, Answer, Bot> {
  readonly module: GameModule<Config, State, View, Request, Answer, Bot>;
  /**
   * Builds the config from a scenario's `rules` and `params` objects, its own sections
   * (`scenarioSections`, by key) and its player count, when known (per-seat parameters are checked
   * against it); throws ScenarioError.
   */
  parseConfig(
    raw: { rules?: unknown; params?: unknown; players?: number; sections?: Readonly<Record<string, unknown>> },
    where: { file: string; dir: string },
  ): Config;
  /**
   * Top-level keys a scenario of this game may hold besides the shared ones (e.g. Goldrausch's
   * `eventCards`), handed to parseConfig in `raw.sections`. Plain JSON, one meaning per path (a sweep
   * varies any path in them). Absent: none.
   */
  readonly scenarioSections?: readonly string[];
  /**
   * The numbers a designer may tune (params with the ranges the game's params file declares, the
   * card fields its cards section marks tunable) and its rules options, each with the range to
   * explore, for a config of `players` players: what `goldpit sensitivity --all-params` and
   * `--all-rules` screen (core/tunable.ts). Absent: the game declares none.
   */
  tunables?(config: Config, players: number): readonly Tunable[];
  readonly builtinBots: Readonly<Record<string, BotFactory<Bot>>>;
  /**
   * Bots configured in their name, by family: `family:options` (e.g. `ismcts:iterations=400:c=0.5`)
   * is `botFamilies[family](options)`, which throws a RangeError for bad options. Look names up with
   * core/bots.ts `builtinBot`. Absent: none.
   */
  readonly botFamilies?: Readonly<Record<string, (options: string) => BotFactory<Bot>>>;
  /** Game knowledge for the search agents (src/search); absent: none. */
  readonly search?: SearchHints<State, View, Request, Answer>;
  /** The methods every bot of this game must have (bot files are checked against them on loading). */
  readonly botMethods: readonly string[];
  /** A scenario's `params` with every file reference replaced by its content (for partial results). */
  portableParams(params: unknown, config: Config): unknown;
  /**
   * The `params` fields that may name a file instead of holding its content (read relative to the
   * scenario). A queued job must carry them inlined: a worker refuses a job that would make it read
   * its own disk (sim/queue/job.ts). Absent: none.
   */
  readonly fileParams?: readonly string[];
  /** Maximum number of rounds of a game under `config` (length of gold curves). */
  maxRounds(config: Config): number;
  /** Scores above this share the top histogram bin (exact percentiles below it). */
  maxScore(config: Config): number;
  /** How a game can end, as `Outcome.endedBy` spells it. */
  readonly endings: readonly string[];
  /** Names of the built-in chance cards (for draw counts and card impact; see `chanceCardsOf`). */
  readonly chanceCards: readonly string[];
  /**
   * The chance cards of a config whose scenario can add cards: the built-in ones first, in order,
   * then the new ones (indices of `GameRecord.cardsDrawn`). Absent: always `chanceCards`.
   */
  chanceCardsOf?(config: Config): readonly string[];
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
  /**
   * The full story of a finished game, for `goldpit replay` (played with `trace`: GameModule.trace).
   * `faults` are the game's bot faults, for a story that tells each where it happened.
   */
  story(final: State, seatNames: readonly string[], faults?: readonly Fault[]): string;
  /** Where a game stands when its bots are asked in `state`, as the story names it (a replay's FAULT lines). */
  decisionPlace(state: State): string;
  /** How the game is named and shown in reports, tables and messages. */
  readonly presentation: GamePresentation;
  /** How `goldpit replay --html` draws a game of this game (src/report/replay-html.ts); absent: the page shows decisions and scores only. */
  readonly replay?: ReplayHooks<State, Request, Answer>;
  /** The steps after which comebacks are counted (the winner was not leading then), e.g. rounds 5 and 8. */
  comebackCheckpoints(config: Config): readonly number[];
  /** The ending whose share `impact` and `check` follow (e.g. Goldrausch's race), or null for none. */
  readonly keyEnding: string | null;
  readonly check: CheckHooks;
  readonly tournament: TournamentHooks;
  /** The game's rules-conformance fixtures for `goldpit verify`. */
  readonly fixtures: FixtureHooks<unknown>;
}

/**
 * A game's drawing for the replay page (`goldpit replay --html`): the shared page frame
 * (src/report/replay-html.ts) steps through the game's transitions and asks these for what only the
 * game knows. Called on the true state after setup and after every transition (a replay shows the
 * designer everything), and on each decision as it is made.
 */
export interface ReplayHooks<State, Request, Answer> {
  /** Steps completed in `state` (rows of `GameRecord.curve` so far: rounds, turns). */
  step(state: State): number;
  /** The board or tableau now, as markup (inline SVG and HTML, every text escaped with core/markup.ts). */
  board(state: State, seatNames: readonly string[]): string;
  /** One line: what `request.seat` answered, in the game's words (`state`: when it was asked). */
  decision(request: Request, answer: Answer, state: State, seatNames: readonly string[]): string;
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

/** A label and a one-line explanation, as the report shows them. */
export interface Label {
  readonly label: string;
  readonly description: string;
}

/**
 * A section of the report page that a game adds to the universal ones, as data: the report draws
 * each kind the same way for every game (src/report/html.ts).
 * - `step-counters`: the mean per game of some per-step totals (`GameDefinition.roundCounters`)
 *   after each step, as lines and a table;
 * - `counter-table`: per bot, the mean per seat-game of some per-seat counters
 *   (`GameDefinition.counters`), optionally with the share `kept / (kept + broken)` of two of them;
 * - `chance-cards`: what went with each chance card (descriptive, correlational).
 */
export type ReportSection =
  | { readonly kind: 'step-counters'; readonly id: string; readonly title: string; readonly explain: string; readonly counters: readonly string[] }
  | {
      readonly kind: 'counter-table';
      readonly id: string;
      readonly title: string;
      readonly explain: string;
      readonly counters: readonly string[];
      readonly share?: { readonly label: string; readonly of: string; readonly against: string };
    }
  | { readonly kind: 'chance-cards'; readonly id: string };

/**
 * How a game is named and shown: the words of its rules for the report, CSV headers and messages
 * (one concept, one name: the game's own). Everything here is text; no rule lives here.
 */
export interface GamePresentation {
  /** The game's name as people write it ("Goldrausch", "GOLD (Knizia)"). */
  readonly title: string;
  /** What one step of a game is (score curves are per step; game length counts them). */
  readonly step: { readonly one: string; readonly many: string };
  /** What a score is ("gold", "nuggets"). */
  readonly score: string;
  /** Every ending of `GameDefinition.endings`: its label and what it means. */
  readonly endings: Readonly<Record<string, Label>>;
  /** Every per-seat counter of `GameDefinition.counters`. */
  readonly counters: Readonly<Record<string, Label>>;
  /** Every per-step total of `GameDefinition.roundCounters`. */
  readonly stepCounters: Readonly<Record<string, Label>>;
  /** What the chance cards are called ("event cards"), for games that have some. */
  readonly chanceCards: string;
  /** What a faulting seat does under the rules (the report's fault note). */
  readonly faultRule: string;
  /** Data ids (`ConfigFacts.dataIds` values) that are placeholders, with the note the report shows. */
  readonly placeholders: Readonly<Record<string, string>>;
  /** Per-seat counters shown beside the ratings in a tournament's table (e.g. Goldrausch's kept and broken). */
  readonly tournamentCounters: readonly string[];
  /** The game's own sections of the report page, in order (after the universal ones). */
  readonly sections: readonly ReportSection[];
  /**
   * The `impact` metrics that carry the game's meaning, most telling first (default: leaderWin,
   * lastWin, swing): `impact`'s terminal table shows them, the report's card-impact section charts the
   * first tested one and states its verdicts on all of them. A game where every seat starts level
   * when most chance cards come (My Gold Mine) reads its cards on its key ending and its score spread.
   */
  readonly impactHeadline?: readonly ImpactMetricName[];
}

/** The metrics `goldpit impact` measures for every card (sim/impact.ts `IMPACT_METRICS`). */
export type ImpactMetricName = 'leaderWin' | 'lastWin' | 'spread' | 'length' | 'ending' | 'swing';

/** `goldpit check`'s defaults for a game (its metrics: win rates, length, final score and the key ending's share). */
export interface CheckHooks {
  /** Default tolerances where the game's scale differs from the universal defaults. */
  readonly tolerance: Partial<Record<'winRate' | 'seatWinRate' | 'rounds' | 'finalGold' | 'endingShare', number>>;
}

/** What tournaments, `check-bot` and `new-bot` use for a game. */
export interface TournamentHooks {
  /** Seats per game when --players is not given. */
  readonly players: number;
  /** The opponents `check-bot` pits a new bot against (built-in names, players − 1 of them). */
  readonly checkBotOpponents: readonly string[];
  /**
   * The built-in heuristic bots (hand-written rules, no search): the tiers of `goldpit skill`'s
   * ladder between the uniform floor and the search agent. Absent: `checkBotOpponents`.
   */
  readonly heuristics?: readonly string[];
  /** The source of a complete, commented starter bot named `name`; `typesFrom` is the import path of the game's folder (src/games/<id>) seen from the new file. */
  starterBot(name: string, typesFrom: string): string;
}

/** A definition with its type parameters erased, for registries and the runner. */
// biome-ignore lint/suspicious/noExplicitAny: an existential type; `unknown` would refuse every concrete definition, whose hooks take its own State, Config and View.
export type AnyGameDefinition = GameDefinition<any, any, any, any, any, any>;

/** The chance cards of `config` (GameDefinition.chanceCardsOf, or the built-in list). */
export function chanceCardsOf(definition: AnyGameDefinition, config: unknown): readonly string[] {
  return definition.chanceCardsOf?.(config) ?? definition.chanceCards;
}
