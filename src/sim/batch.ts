/**
 * One batch of games: the unit of work of the pool, of shards and of checkpoints. The same function
 * runs in a worker or inline, so a batch's result never depends on where it ran.
 */
import type { GameRecord } from '../core/definition.js';
import type { FirstFault } from '../stats/aggregate.js';
import { dealsRange, type DealColumns } from './deals.js';
import { impactRange, type ImpactBatchResult } from './impact.js';
import { runRange, type Engine } from './run.js';
import { parseScenario, type Scenario } from './scenario.js';
import type { BatchTiming } from './timing.js';

export interface BatchTask {
  readonly kind?: 'games';
  /** The scenario as data (its portable form, decks inlined) and its hash; workers parse it once. */
  readonly scenario: { readonly file: string; readonly data: unknown; readonly hash: string };
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

function scenarioOf(task: BatchTask): Scenario {
  let s = cache.get(task.scenario.hash);
  if (!s) {
    s = parseScenario(task.scenario.file, task.scenario.data);
    if (s.configHash !== task.scenario.hash) throw new Error(`scenario ${task.scenario.file} parsed differently in a worker`);
    cache.set(task.scenario.hash, s);
  }
  return s;
}

export function batchScenario(scenario: Scenario): BatchTask['scenario'] {
  return { file: scenario.file, data: scenario.portable, hash: scenario.configHash };
}

/** One CSV row per game: index, winners, how it ended, rounds, final score per seat. */
export function gameRow(index: number, record: GameRecord): string {
  const o = record.outcome;
  return `${index},${o.winners.join(' ')},${o.endedBy},${o.length},${o.scores.join(',')}\n`;
}

export function gamesCsvHeader(players: number): string {
  return `game,winners,ended_by,rounds,${Array.from({ length: players }, (_, s) => `gold_seat_${s}`).join(',')}\n`;
}

export function runBatch(task: BatchTask, scenario: Scenario = scenarioOf(task)): BatchResult {
  let rows = '';
  const tally = { fast: 0, reference: 0 };
  const agg = runRange(
    scenario,
    task.from,
    task.to,
    { seed: task.seed, engine: task.engine },
    task.gamesCsv ? (i, record) => void (rows += gameRow(i, record)) : undefined,
    tally,
  );
  return { from: task.from, to: task.to, data: agg.data, firstFaults: agg.firstFaults, rows, fastGames: tally.fast, referenceGames: tally.reference };
}

/** A batch of the counterfactual card-impact analysis (see impact.ts). */
export interface ImpactTask {
  readonly kind: 'impact';
  readonly scenario: BatchTask['scenario'];
  readonly seed: string;
  readonly engine?: Engine;
  readonly from: number;
  readonly to: number;
  readonly cards: readonly number[];
}

export function runImpactBatch(task: ImpactTask, scenario: Scenario = scenarioOf(task as unknown as BatchTask)): ImpactBatchResult {
  const sums = impactRange(scenario, task.cards, task.seed, task.from, task.to, undefined, task.engine);
  return { from: task.from, to: task.to, cards: sums.map((s) => ({ card: s.card, drawnIn: s.drawnIn, sum: Array.from(s.sum), sumSq: Array.from(s.sumSq) })) };
}

/** A batch of per-deal outcomes for `goldpit baseline` / `goldpit check` (see deals.ts). */
export interface DealsTask {
  readonly kind: 'deals';
  readonly scenario: BatchTask['scenario'];
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

export function runDealsBatch(task: DealsTask, scenario: Scenario = scenarioOf(task as unknown as BatchTask)): DealsBatchResult {
  return { from: task.from, to: task.to, deals: dealsRange(scenario, task.seed, task.from, task.to, task.engine) };
}
