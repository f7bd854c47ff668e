/**
 * `--bot-timeout` and `--hang-limit` of the commands that play a scenario (run, impact, sweep,
 * balance, baseline, check): the limits on a scenario's bot files, as tournaments have them, and
 * the line on stderr when the watchdog stops a hung bot. Scenarios of built-in bots only ignore them.
 */
import type { Argv } from 'yargs';
import { UsageError } from '../core/errors.js';
import type { BotLimits } from '../sim/batch.js';
import { DEFAULT_LIMITS } from '../sim/parallel.js';
import type { Scenario } from '../sim/scenario.js';
import type { Benched } from '../sim/watch.js';

export function botLimitOptions<T>(y: Argv<T>) {
  return y
    .option('bot-timeout', {
      type: 'number',
      default: DEFAULT_LIMITS.botTimeoutMs!,
      describe: "bot files in seats: per-decision time budget in ms (over it: a timeout fault, played by the rules' fallback); 0 = untimed",
    })
    .option('hang-limit', {
      type: 'number',
      default: DEFAULT_LIMITS.hangLimitMs,
      describe: 'bot files in seats: a decision running this long (ms) is stopped, its worker terminated and the bot benched; 0 = never',
    });
}

/** The limits of `--bot-timeout` and `--hang-limit`, checked: whole milliseconds, a hang limit at least the time budget. */
export function botLimitsOf(args: { 'bot-timeout'?: number; 'hang-limit'?: number }): BotLimits {
  const ms = (name: string, v: number | undefined, fallback: number) => {
    const value = v ?? fallback;
    if (!Number.isInteger(value) || value < 0) throw new UsageError(`--${name} must be a whole number of milliseconds ≥ 0, got ${v}`);
    return value;
  };
  const timeout = ms('bot-timeout', args['bot-timeout'], DEFAULT_LIMITS.botTimeoutMs ?? 0);
  const hang = ms('hang-limit', args['hang-limit'], DEFAULT_LIMITS.hangLimitMs);
  if (hang > 0 && timeout > 0 && hang < timeout) {
    throw new UsageError(
      `--hang-limit (${hang} ms) must be at least --bot-timeout (${timeout} ms): a slow decision is a timeout fault, only one that never returns is stopped`,
    );
  }
  return { botTimeoutMs: timeout === 0 ? null : timeout, hangLimitMs: hang };
}

/**
 * Refuses `--workers 0` for scenarios with bot files under a hang limit: in this thread a bot that
 * never returns cannot be stopped (as tournaments say).
 */
export function checkWatchable(scenarios: readonly Scenario[], workers: number, limits: BotLimits, queued: boolean): void {
  if (queued || workers > 0 || limits.hangLimitMs === 0) return;
  const files = scenarios.flatMap((s) => s.botFiles.map((b) => b.path));
  if (files.length === 0) return;
  throw new UsageError(
    `--workers 0 plays in this thread, where a bot file (${files.join(', ')}) that never returns cannot be stopped; use --workers 1 or more (the watchdog terminates a hung worker), or --hang-limit 0 to play bot files in this thread without that protection`,
  );
}

/**
 * A line on stderr for each hang the watchdog stops (at most one per seat): each costs a worker the
 * whole hang limit. Printing only: results do not depend on it.
 */
export function hangLine(scenario: Scenario, limits: BotLimits, err: (text: string) => void): (hang: Benched) => void {
  const told = new Set<string>();
  const seconds = `${Number((limits.hangLimitMs / 1000).toFixed(3))} s`;
  return (hang) => {
    const key = `${hang.seat}:${hang.decision >= 0}`;
    if (told.has(key)) return;
    told.add(key);
    if (hang.decision < 0) {
      err(
        `goldpit: game ${hang.game} ran past the ${seconds} hang limit on the game's fast player and was stopped; it is played again on the engine, which watches each decision (a bot that hangs there costs one more hang limit)\n`,
      );
      return;
    }
    const bot = scenario.seats[hang.seat] ?? `seat ${hang.seat}`;
    err(
      `goldpit: bot ${bot} (seat ${hang.seat}) hung in game ${hang.game} (bot call ${hang.decision}) and was stopped after the ${seconds} hang limit; benched from there on: the seat plays the rest of that game by the rules' fallback (a \`hung\` fault); each further hang costs another ${seconds} of a worker: fix the bot or lower --hang-limit\n`,
    );
  };
}
