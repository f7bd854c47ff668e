/**
 * Plays one game on both engines and returns both compact records, for the identity tests of the
 * fast kernel (src/games/goldrausch/fast/kernel.ts).
 */
import type { GameRecord } from '../../src/core/definition.js';
import { gameKey } from '../../src/core/random.js';
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { StatePlayer as FastKernel } from '../../src/games/goldrausch/fast/player.js';
import { gameRecordOf } from '../../src/games/goldrausch/fast/records.js';
import type { FastBotFactory } from '../../src/games/goldrausch/fast/view.js';
import type { GoldrauschConfig } from '../../src/games/goldrausch/params.js';
import type { EventCardId } from '../../src/games/goldrausch/types.js';
import { playOne } from '../../src/sim/run.js';
import { parseScenario, type Scenario } from '../../src/sim/scenario.js';

export interface Case {
  readonly name: string;
  readonly players?: number;
  readonly rules?: Record<string, unknown>;
  readonly params?: Record<string, unknown>;
  /** Event cards replaced by blanks (the counterfactual of `goldpit impact`). */
  readonly blanked?: readonly EventCardId[];
}

/** The case's config: the scenario's, with its blanked cards. */
export function configOf(scenario: Scenario, c: Case): GoldrauschConfig {
  const config = scenario.config as GoldrauschConfig;
  return c.blanked ? { ...config, blankedCards: c.blanked } : config;
}

/** A scenario for `players` seats of the given rules and params (the line-up is replaced by the caller's bots). */
export function scenarioOf(c: Case): Scenario {
  const players = c.players ?? 4;
  return parseScenario(`/tmp/${c.name}.json`, {
    name: c.name,
    players,
    seats: Array.from({ length: players }, () => 'random'),
    rules: c.rules,
    params: c.params,
    seed: `fast-${c.name}`,
  });
}

export interface Pair {
  readonly reference: GameRecord;
  /** null: the fast player handed the game back (a GIFT ended it within a meeting, unrecorded). */
  readonly fast: GameRecord | null;
  readonly faults: number;
}

/** Game `index` of `scenario` with these bots (one reference factory and its fast twin per seat). */
export function playBoth(
  scenario: Scenario,
  kernel: FastKernel,
  bots: readonly GoldrauschBotFactory[],
  index: number,
  config: GoldrauschConfig = scenario.config as GoldrauschConfig,
): Pair {
  const played = playOne({ ...scenario, bots }, index, { seed: scenario.seed, config });
  const reference = scenario.definition.record(played.final);
  const flat = kernel.play(gameKey(scenario.seed, index));
  const fast = flat === null ? null : gameRecordOf(flat);
  return { reference, fast, faults: played.faults.length };
}

export function kernelFor(scenario: Scenario, fast: readonly FastBotFactory[], config: GoldrauschConfig = scenario.config as GoldrauschConfig): FastKernel {
  return new FastKernel(config, scenario.players, fast);
}
