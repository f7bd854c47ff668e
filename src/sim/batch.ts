/**
 * One batch of games: the unit of work of the pool, of shards and of checkpoints. The same function
 * runs in a worker or inline, so a batch's result never depends on where it ran.
 */
import type { GameRecord } from '../core/definition.js';
import { GAMES, DEFAULT_GAME } from '../games/registry.js';
import type { FirstFault } from '../stats/aggregate.js';
import { gameTension } from '../stats/tension.js';
import { dealsRange, flatCurve, type DealColumns } from './deals.js';
import { batchCards, impactRange, type ImpactBatchResult } from './impact.js';
import { runRange, type BotWatch, type Engine } from './run.js';
import { parseScenario, type Scenario } from './scenario.js';
import { inlineLibrary, seatBotRefs, type SeatBotRef } from './seat-bots.js';
import type { BatchTiming } from './timing.js';
import { markerView, type Benched, type MarkerRef } from './watch.js';

/**
 * A scenario as data (its portable form, decks inlined), its hash and the sources of its bot-file
 * seats (none for built-in bots only): workers parse it once.
 */
export interface ScenarioRef {
  readonly file: string;
  readonly data: unknown;
  readonly hash: string;
  readonly bots?: readonly SeatBotRef[];
}

/** A run's limits on its bot files (absent: built-in bots only). */
export interface BotLimits {
  /** Per-decision time budget in ms (null = untimed). */
  readonly botTimeoutMs: number | null;
  /** A decision running this long is stopped by the watchdog (0 = never). */
  readonly hangLimitMs: number;
}

/** What every batch task of a scenario with bot files carries for watching them (sim/watch.ts). */
export interface WatchedTask {
  readonly limits?: BotLimits;
  /** Bots the watchdog stopped in earlier attempts of this batch. */
  readonly benched?: readonly Benched[];
  /** This task's slot of the watchdog's marker (a local pool only). */
  readonly marker?: MarkerRef | null;
}

export interface BatchTask extends WatchedTask {
  readonly kind?: 'games';
  readonly scenario: ScenarioRef;
  readonly seed: string;
  /** Which engine plays (sim/run.ts `Engine`; default auto). */
  readonly engine?: Engine;
  readonly from: number;
  readonly to: number;
  /** Also return one CSV row per game. */
  readonly gamesCsv: boolean;
  /** Pool only: also return where the batch's time went (`BatchResult.timing`, for the bench). */
  readonly timing?: boolean;
}

export interface BatchResult {
  readonly from: number;
  readonly to: number;
  readonly data: Float64Array;
  readonly firstFaults: (FirstFault | null)[];
  readonly rows: string;
  /** Games of the batch played on the fast player and on the engine. */
  readonly fastGames: number;
  readonly referenceGames: number;
  readonly timing?: BatchTiming;
}

const cache = new Map<string, Scenario>();

/** A task's scenario of built-in bots only, parsed once per thread. */
function scenarioOf(task: { readonly scenario: ScenarioRef }): Scenario {
  if (task.scenario.bots?.length) throw new Error(`scenario ${task.scenario.file} has bot files: use taskScenario`);
  let s = cache.get(task.scenario.hash);
  if (!s) {
    s = parseScenario(task.scenario.file, task.scenario.data);
    if (s.configHash !== task.scenario.hash) throw new Error(`scenario ${task.scenario.file} parsed differently in a worker`);
    cache.set(task.scenario.hash, s);
  }
  return s;
}

const withBots = new Map<string, Promise<Scenario>>();

/** A task's scenario, its bot files imported from the sources the task carries (once per thread). */
export function taskScenario(ref: ScenarioRef): Promise<Scenario> {
  if (!ref.bots?.length) return Promise.resolve(scenarioOf({ scenario: ref }));
  let s = withBots.get(ref.hash);
  if (!s) {
    s = (async () => {
      const data = ref.data as { game?: unknown };
      const definition = GAMES[typeof data.game === 'string' && Object.hasOwn(GAMES, data.game) ? data.game : DEFAULT_GAME];
      const scenario = parseScenario(ref.file, ref.data, await inlineLibrary(ref.bots!, definition));
      if (scenario.configHash !== ref.hash) throw new Error(`scenario ${ref.file} parsed differently in a worker`);
      return scenario;
    })();
    withBots.set(ref.hash, s);
  }
  return s;
}

export function batchScenario(scenario: Scenario): ScenarioRef {
  return {
    file: scenario.file,
    data: scenario.portable,
    hash: scenario.configHash,
    ...(scenario.botFiles.length ? { bots: seatBotRefs(scenario.botFiles) } : {}),
  };
}

/** How this thread watches the task's bot files (undefined for built-in bots only). */
function watchOf(task: WatchedTask): BotWatch | undefined {
  if (task.limits === undefined) return undefined;
  return { ...task.limits, benched: task.benched ?? [], marker: markerView(task.marker) };
}

/** One CSV row per game: index, winners, how it ended, rounds, final score per seat, then its tension figures (stats/tension.ts; decisive step empty when none). */
export function gameRow(index: number, record: GameRecord): string {
  const o = record.outcome;
  const players = o.scores.length;
  const t = gameTension(flatCurve(record.curve, players), record.initialScores, o.scores, players, record.curve.length, o.winners);
  const decisive = t.decisiveStep < 0 ? '' : t.decisiveStep;
  return `${index},${o.winners.join(' ')},${o.endedBy},${o.length},${o.scores.join(',')},${t.leadChanges},${decisive},${t.winnerDeficit},${t.finalMargin}\n`;
}

export function gamesCsvHeader(players: number): string {
  return `game,winners,ended_by,rounds,${Array.from({ length: players }, (_, s) => `gold_seat_${s}`).join(',')},lead_changes,decisive_step,winner_deficit,final_margin\n`;
}

export function runBatch(task: BatchTask, scenario: Scenario = scenarioOf(task)): BatchResult {
  let rows = '';
  const tally = { fast: 0, reference: 0 };
  const agg = runRange(
    scenario,
    task.from,
    task.to,
    { seed: task.seed, engine: task.engine, watch: watchOf(task) },
    task.gamesCsv ? (i, record) => void (rows += gameRow(i, record)) : undefined,
    tally,
  );
  return { from: task.from, to: task.to, data: agg.data, firstFaults: agg.firstFaults, rows, fastGames: tally.fast, referenceGames: tally.reference };
}

/** A batch of the counterfactual card-impact analysis (see impact.ts). */
export interface ImpactTask extends WatchedTask {
  readonly kind: 'impact';
  readonly scenario: ScenarioRef;
  readonly seed: string;
  readonly engine?: Engine;
  readonly from: number;
  readonly to: number;
  readonly cards: readonly number[];
}

export function runImpactBatch(task: ImpactTask, scenario: Scenario = scenarioOf(task)): ImpactBatchResult {
  const sums = impactRange(scenario, task.cards, task.seed, task.from, task.to, undefined, task.engine, watchOf(task));
  return { from: task.from, to: task.to, cards: batchCards(sums) };
}

/** A batch of per-deal outcomes for `goldpit baseline` / `goldpit check` (see deals.ts). */
export interface DealsTask extends WatchedTask {
  readonly kind: 'deals';
  readonly scenario: ScenarioRef;
  readonly seed: string;
  readonly engine?: Engine;
  readonly from: number;
  readonly to: number;
}

export interface DealsBatchResult {
  readonly from: number;
  readonly to: number;
  readonly deals: DealColumns;
}

export function runDealsBatch(task: DealsTask, scenario: Scenario = scenarioOf(task)): DealsBatchResult {
  return { from: task.from, to: task.to, deals: dealsRange(scenario, task.seed, task.from, task.to, task.engine, watchOf(task)) };
}
