/**
 * Plays a range of game indices of a scenario in this thread and aggregates them. Game i is fully
 * determined by (scenario, seed, i): its random streams derive from (seed, i, purpose).
 */
import { builtinBot, isBuiltinBot } from '../core/bots.js';
import { chanceCardsOf, type FastPlayer, type GameRecord } from '../core/definition.js';
import type { Fault } from '../core/game.js';
import { Purpose, RandomSource } from '../core/random.js';
import { addFlatGame, addGame, emptyAggregate, type Aggregate, type AggregateShape } from '../stats/aggregate.js';
import { playGame, type PlayedGame } from './play.js';
import type { Scenario } from './scenario.js';

/**
 * Which engine plays: `auto` = the game's fast player when the line-up has one (built-in bots only;
 * the same games, see GameDefinition.fastPlayer), else the engine; `reference` = always the engine.
 */
export type Engine = 'auto' | 'reference';

export interface RunOptions {
  readonly seed: string;
  /** Default `auto`. Freezing or a time budget always uses the engine (they watch its bot calls). */
  readonly engine?: Engine;
  /** Deep-freeze every state and view (test mode). */
  readonly freeze?: boolean;
  readonly timeBudgetMs?: number | null;
}

export function shapeOf(scenario: Scenario): AggregateShape {
  const def = scenario.definition;
  return {
    players: scenario.players,
    rounds: def.maxRounds(scenario.config),
    cards: chanceCardsOf(def, scenario.config).length,
    counters: def.counters.length,
    roundCounters: def.roundCounters.length,
    endings: def.endings,
    maxScore: def.maxScore(scenario.config),
    checkpoints: def.comebackCheckpoints(scenario.config),
  };
}

/** Plays game `index` of the scenario and returns it (replay uses this, so it is the same game). */
export function playOne(
  scenario: Scenario,
  index: number,
  options: RunOptions & { onState?: (s: unknown) => void; config?: unknown; trace?: boolean },
): PlayedGame<unknown> {
  const random = new RandomSource(options.seed, index);
  const bots = scenario.bots.map((factory, seat) => factory.create(seat, random.stream(Purpose.bot + seat)));
  return playGame({
    module: scenario.definition.module,
    config: options.config ?? scenario.config,
    players: scenario.players,
    bots,
    random,
    freeze: options.freeze,
    timeBudgetMs: options.timeBudgetMs ?? null,
    onState: options.onState,
    trace: options.trace,
  });
}

/**
 * Fast players per scenario and config (impact plays blanked configs of one scenario), made once per
 * thread: a player reuses its arrays for every game. null = the line-up has none.
 */
const FAST_PLAYERS = new WeakMap<Scenario, WeakMap<object, FastPlayer | null>>();

/** The scenario's fast player under `config`, if every seat is the registry's own built-in bot with one. */
export function fastPlayerOf(scenario: Scenario, config: unknown = scenario.config): FastPlayer | null {
  const def = scenario.definition;
  if (def.fastPlayer === undefined) return null;
  let byConfig = FAST_PLAYERS.get(scenario);
  if (byConfig === undefined) FAST_PLAYERS.set(scenario, (byConfig = new WeakMap()));
  let player = byConfig.get(config as object);
  if (player === undefined) {
    // Only factories straight from the registry: a bot file (or a test's wrapper) is never trusted
    // with the fast path, whatever properties it carries.
    const builtins = scenario.bots.every((bot, s) => isBuiltinBot(def, scenario.seats[s]) && bot === builtinBot(def, scenario.seats[s]));
    player = builtins ? def.fastPlayer(config, scenario.players, scenario.bots) : null;
    byConfig.set(config as object, player);
  }
  return player;
}

const NO_FAULTS: readonly Fault[] = Object.freeze([]);

/**
 * Game `index`'s compact record and faults, from the fast player when `options` allow it (see
 * `Engine`) and the line-up has one, else from the engine — the same record either way.
 */
export function playRecord(
  scenario: Scenario,
  index: number,
  options: RunOptions & { config?: unknown },
): { readonly record: GameRecord; readonly faults: readonly Fault[] } {
  const config = options.config ?? scenario.config;
  const fast = usesFastPlayer(options) ? fastPlayerOf(scenario, config) : null;
  const flat = fast?.play(options.seed, index);
  if (fast && flat) return { record: fast.gameRecord(flat), faults: NO_FAULTS };
  const game = playOne(scenario, index, { ...options, config });
  return { record: scenario.definition.record(game.final), faults: game.faults };
}

function usesFastPlayer(options: RunOptions): boolean {
  return options.engine !== 'reference' && !options.freeze && (options.timeBudgetMs ?? null) === null;
}

/** How many games each engine played (a game the fast player hands back counts for the reference). */
export interface EngineTally {
  fast: number;
  reference: number;
}

/**
 * Plays games [from, to) and returns their aggregate; `onGame` sees each game's compact record,
 * `tally` counts the games per engine.
 */
export function runRange(
  scenario: Scenario,
  from: number,
  to: number,
  options: RunOptions,
  onGame?: (index: number, record: GameRecord) => void,
  tally?: EngineTally,
): Aggregate {
  const agg = emptyAggregate(shapeOf(scenario));
  const fast = usesFastPlayer(options) ? fastPlayerOf(scenario) : null;
  for (let i = from; i < to; i++) {
    // The fast player's flat record goes into the aggregate as it is (no objects per game).
    const flat = fast?.play(options.seed, i);
    if (fast && flat) {
      addFlatGame(agg, flat);
      if (onGame) onGame(i, fast.gameRecord(flat));
      if (tally) tally.fast++;
      continue;
    }
    if (tally) tally.reference++;
    const game = playOne(scenario, i, options);
    const record = scenario.definition.record(game.final);
    addGame(agg, i, record, game.faults);
    onGame?.(i, record);
  }
  return agg;
}
