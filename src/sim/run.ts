/**
 * Plays a range of game indices of a scenario in this thread and aggregates them. Game i is fully
 * determined by (scenario, seed, i): its random streams derive from (seed, i, purpose).
 */
import type { GameRecord } from '../core/definition.js';
import { Purpose, RandomSource } from '../core/random.js';
import { addGame, emptyAggregate, type Aggregate, type AggregateShape } from '../stats/aggregate.js';
import { playGame, type PlayedGame } from './play.js';
import type { Scenario } from './scenario.js';

export interface RunOptions {
  readonly seed: string;
  /** Deep-freeze every state and view (test mode). */
  readonly freeze?: boolean;
  readonly timeBudgetMs?: number | null;
}

export function shapeOf(scenario: Scenario): AggregateShape {
  const def = scenario.definition;
  return {
    players: scenario.players,
    rounds: def.maxRounds(scenario.config),
    cards: def.chanceCards.length,
    counters: def.counters.length,
    roundCounters: def.roundCounters.length,
    endings: def.endings,
    maxScore: def.maxScore(scenario.config),
  };
}

/** Plays game `index` of the scenario and returns it (replay uses this, so it is the same game). */
export function playOne(
  scenario: Scenario,
  index: number,
  options: RunOptions & { onState?: (s: unknown) => void; config?: unknown },
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
  });
}

/** Plays games [from, to) and returns their aggregate; `onGame` sees each game's compact record. */
export function runRange(scenario: Scenario, from: number, to: number, options: RunOptions, onGame?: (index: number, record: GameRecord) => void): Aggregate {
  const agg = emptyAggregate(shapeOf(scenario));
  for (let i = from; i < to; i++) {
    const game = playOne(scenario, i, options);
    const record = scenario.definition.record(game.final);
    addGame(agg, i, record, game.faults);
    onGame?.(i, record);
  }
  return agg;
}
