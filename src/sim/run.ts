/**
 * Plays a range of game indices of a scenario in this thread and aggregates them. Game i is fully
 * determined by (scenario, seed, i): its random streams derive from (seed, i, purpose).
 */
import { builtinBot, isBuiltinBot } from '../core/bots.js';
import { chanceCardsOf, type BotFactory, type FastPlayer, type FlatRecord, type GameRecord } from '../core/definition.js';
import type { Fault } from '../core/game.js';
import { Purpose, RandomSource } from '../core/random.js';
import { deepFreeze } from '../core/readonly.js';
import { addFlatGame, addGame, emptyAggregate, type Aggregate, type AggregateShape } from '../stats/aggregate.js';
import { playGame, type PlayedGame } from './play.js';
import type { Scenario } from './scenario.js';
import { FastWatch, fastWatched, watchGuard, type Benched } from './watch.js';

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
  /** A scenario with bot files: their limits and this thread's part of the hang watchdog (see `BotWatch`). */
  readonly watch?: BotWatch;
}

/**
 * How a scenario's bot files are watched while they play (sim/watch.ts): a per-decision time
 * budget (null = untimed; a decision over it is a `timeout` fault, played by the rules' fallback),
 * the hang limit (for the `hung` fault's message), the bots the watchdog has stopped, and the
 * marker it reads (null: not watched, e.g. in this thread).
 */
export interface BotWatch {
  readonly botTimeoutMs: number | null;
  readonly hangLimitMs: number;
  readonly benched: readonly Benched[];
  readonly marker: Float64Array | null;
}

/** Which seats are bot files (untrusted: frozen views, time budget, watchdog); null for built-in bots only. */
function untrustedSeats(scenario: Scenario): readonly boolean[] | null {
  if (scenario.botFiles.length === 0) return null;
  return scenario.seats.map((name) => scenario.botFiles.some((b) => b.name === name));
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
  options: RunOptions & { onState?: (s: unknown) => void; config?: unknown; trace?: boolean; module?: Scenario['definition']['module'] },
): PlayedGame<unknown> {
  const random = new RandomSource(options.seed, index);
  const untrusted = untrustedSeats(scenario);
  const config = options.config ?? scenario.config;
  // A bot file's view shares the config, and its stream the random source: neither may be written.
  if (untrusted !== null) {
    deepFreeze(config);
    Object.freeze(random);
  }
  const bots = scenario.bots.map((factory, seat) => factory.create(seat, random.stream(Purpose.bot + seat)));
  const watch = untrusted === null ? undefined : options.watch;
  return playGame({
    // A replay page's module watches each decision (sim/replay.ts); the game's own otherwise.
    module: options.module ?? scenario.definition.module,
    config,
    players: scenario.players,
    bots,
    random,
    freeze: options.freeze,
    untrustedSeats: untrusted ?? undefined,
    timeBudgetMs: watch ? watch.botTimeoutMs : (options.timeBudgetMs ?? null),
    timedSeats: watch ? untrusted! : undefined,
    guard: watch ? watchGuard(index, watch.benched, watch.marker, watch.hangLimitMs, untrusted) : undefined,
    onState: options.onState,
    trace: options.trace,
  });
}

/**
 * Fast players per scenario and config (impact plays blanked configs of one scenario), made once per
 * thread: a player reuses its arrays for every game. null = the line-up has none.
 */
const FAST_PLAYERS = new WeakMap<Scenario, WeakMap<object, FastPlayer | null>>();

/**
 * The scenario's fast player under `config`: when every seat is the registry's own built-in bot, or
 * a bot file, whose bots it gets watched (sim/watch.ts `fastWatched`: frozen views, and a throw
 * hands the game back to the engine, which records it; `playFast` watches time and hangs).
 * null when the game's fast player cannot play the line-up.
 */
export function fastPlayerOf(scenario: Scenario, config: unknown = scenario.config): FastPlayer | null {
  const def = scenario.definition;
  if (def.fastPlayer === undefined) return null;
  let byConfig = FAST_PLAYERS.get(scenario);
  if (byConfig === undefined) FAST_PLAYERS.set(scenario, (byConfig = new WeakMap()));
  let player = byConfig.get(config as object);
  if (player === undefined) {
    // Only factories straight from the registry, or bot files wrapped here: a test's wrapper (or
    // anything else) is never trusted with the fast path, whatever properties it carries.
    const untrusted = untrustedSeats(scenario);
    let factories: readonly BotFactory<unknown>[] = scenario.bots;
    if (untrusted !== null) {
      deepFreeze(config);
      const watch = fastWatchOf(scenario);
      factories = scenario.seats.map((name, s) => {
        const file = untrusted[s] ? scenario.botFiles.find((b) => b.name === name) : undefined;
        return file ? fastWatched(file.factory, def.botMethods, watch) : scenario.bots[s];
      });
    }
    const trusted = factories.every(
      (bot, s) => (untrusted?.[s] ?? false) || (isBuiltinBot(def, scenario.seats[s]) && bot === builtinBot(def, scenario.seats[s])),
    );
    player = trusted ? def.fastPlayer(config, scenario.players, factories) : null;
    byConfig.set(config as object, player);
  }
  return player;
}

/** The watch shared by a scenario's bot files on its fast players in this thread. */
const FAST_WATCHES = new WeakMap<Scenario, FastWatch>();
function fastWatchOf(scenario: Scenario): FastWatch {
  let watch = FAST_WATCHES.get(scenario);
  if (watch === undefined) FAST_WATCHES.set(scenario, (watch = new FastWatch()));
  return watch;
}

/**
 * Game `index` on `fast` (the scenario's fast player, or null): its flat record, or null when it
 * must be played on the engine — no fast player, the player handed it back, a bot file threw in it
 * (the engine records the fault), the game took longer than a decision's time budget (the engine
 * times each decision), or the watchdog stopped it before (see sim/watch.ts `Benched`). The game
 * as a whole is marked for the watchdog (seat and call −1), and timed: two clock reads a game, not
 * two a decision.
 */
export function playFast(fast: FastPlayer | null, scenario: Scenario, index: number, options: RunOptions): FlatRecord | null {
  if (fast === null) return null;
  if (scenario.botFiles.length === 0) return fast.play(options.seed, index);
  const watch = fastWatchOf(scenario);
  const limits = options.watch;
  if (limits?.benched.some((b) => b.game === index)) return null;
  watch.faulted = false;
  const marker = limits?.marker ?? null;
  const started = Date.now();
  if (marker !== null) {
    marker[1] = index;
    marker[2] = -1;
    marker[3] = -1;
    marker[0] = started;
  }
  let flat: FlatRecord | null;
  try {
    flat = fast.play(options.seed, index);
  } finally {
    if (marker !== null) marker[0] = 0;
  }
  const budget = limits?.botTimeoutMs ?? null;
  if (watch.faulted || (budget !== null && Date.now() - started > budget)) return null;
  return flat;
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
  const flat = playFast(fast, scenario, index, options);
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
    const flat = playFast(fast, scenario, i, options);
    if (fast && flat) {
      addFlatGame(agg, flat, flat.rounds, i);
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
