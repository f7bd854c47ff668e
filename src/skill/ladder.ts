/**
 * The skill ladder's schedule: tiers (bots of increasing strength, a search agent at growing
 * budgets among them) and, for every ordered pair of different tiers (A, B), a *table*: one seat of
 * A against players − 1 seats of B. Each table plays the same deals (common random numbers), each
 * deal in every seat rotation, so A sits in every seat of every deal once.
 *
 * The schedule is a tournament (sim/tournament.ts) with line-up [A, B, …, B] per ordered pair and
 * `commonDeals`: game g = ((deal · tables) + table) · players + rotation, random source (seed, deal);
 * A is line-up position 0, so it draws from the same bot stream at every table. Any game replays
 * alone from (the ladder, g), and the results do not depend on workers, tasks, resume or queue.
 */
import type { EntrantRef } from '../sim/bot-files.js';
import type { TournamentSpec } from '../sim/tournament.js';

/** A search budget read from a tier's name (`ismcts:iterations=400` → family `ismcts`, budget 400). */
export interface TierBudget {
  /** The tier's name without its iteration budget: tiers of one family differ only in budget. */
  readonly family: string;
  readonly iterations: number;
}

/**
 * The budget of a bot named `base:key=value:…` with an `iterations=N` option, or null. The family is
 * the name with that option removed (other options kept in order), so `ismcts:iterations=200:c=1`
 * and `ismcts:c=1:iterations=400` are one family at budgets 200 and 400.
 *
 * @example tierBudget('ismcts:iterations=400') // { family: 'ismcts', iterations: 400 }
 */
export function tierBudget(name: string): TierBudget | null {
  const parts = name.split(':');
  if (parts.length < 2) return null;
  const at = parts.findIndex((p, i) => i > 0 && /^iterations=\d+$/.test(p));
  if (at < 0) return null;
  const iterations = Number(parts[at].slice('iterations='.length));
  if (!Number.isSafeInteger(iterations) || iterations < 1) return null;
  return { family: parts.filter((_, i) => i !== at).join(':'), iterations };
}

/** The name of the tier that plays `family` at `iterations`. */
export const budgetTier = (family: string, iterations: number): string => `${family}:iterations=${iterations}`;

/** One table of the ladder: `focal`'s seat against players − 1 seats of `table` (tier indices). */
export interface LadderTable {
  readonly focal: number;
  readonly table: number;
}

/** Every ordered pair of different tiers, focal-major: (0,1), (0,2), …, (1,0), (1,2), … */
export function ladderTables(tiers: number): LadderTable[] {
  const out: LadderTable[] = [];
  for (let focal = 0; focal < tiers; focal++) for (let table = 0; table < tiers; table++) if (focal !== table) out.push({ focal, table });
  return out;
}

export interface LadderPlan {
  readonly game: string;
  readonly rules: unknown;
  readonly params: unknown;
  readonly sections: Readonly<Record<string, unknown>>;
  readonly configFile: string;
  readonly players: number;
  /** The tiers as tournament entrants, in ladder order. */
  readonly tiers: readonly EntrantRef[];
  readonly deals: number;
  readonly seed: string;
  readonly botTimeoutMs: number | null;
  readonly hangLimitMs: number;
}

/** The ladder as a tournament spec: one line-up per table, every line-up on the same deals. */
export function ladderSpec(plan: LadderPlan): TournamentSpec {
  const lineups = ladderTables(plan.tiers.length).map(({ focal, table }) => [focal, ...new Array<number>(plan.players - 1).fill(table)]);
  return {
    game: plan.game,
    rules: plan.rules,
    params: plan.params,
    configFile: plan.configFile,
    players: plan.players,
    entrants: plan.tiers,
    lineups,
    deals: plan.deals,
    seed: plan.seed,
    botTimeoutMs: plan.botTimeoutMs,
    hangLimitMs: plan.hangLimitMs,
    commonDeals: true,
    sections: plan.sections,
  };
}

/** The seat of the focal tier in a game of `rotation` (line-up position 0 sits in seat −rotation mod players). */
export const focalSeat = (rotation: number, players: number): number => (players - rotation) % players;
