/**
 * `goldpit balance` on a real game: the scenario file's paths varied over a grid, each point played
 * on the same game indices through one deal pool, its per-deal metrics handed to the search
 * (search.ts). Game-agnostic: the metrics come from the sweep's list for the scenario's line-up and
 * its game's key ending.
 */
import { UsageError } from '../core/errors.js';
import type { SweepValue } from '../report/sweep-types.js';
import type { Scenario } from '../sim/scenario.js';
import { balanceSearch, CLT_GAMES, gridCoords, type DealValues, type SearchResult, type StageRecord } from './search.js';
import { metricRange, perDeal, sweepMetrics, type SweepMetric } from '../sweep/metrics.js';
import type { DealColumns } from '../sim/deals.js';
import { lineUpMetrics, ownValue } from '../sweep/run.js';
import { parseVary, scenarioAt, type Factor } from '../sweep/vary.js';
import { parseObjective, parseTarget, type Objective, type Target } from './targets.js';

export interface BalanceOptions {
  /** The scenario file as given (errors name it) and its data. */
  readonly file: string;
  readonly data: unknown;
  readonly vary: readonly string[];
  readonly targets: readonly string[];
  readonly objective?: string;
  readonly budget: number;
  readonly firstStage: number;
  readonly confidence: number;
  readonly onStage?: (stage: StageRecord) => void;
}

export interface BalanceRun {
  /** The scenario as written (its own values). */
  readonly base: Scenario;
  readonly factors: readonly Factor[];
  readonly metrics: readonly SweepMetric[];
  readonly targets: readonly Target[];
  readonly objective: Objective | null;
  /** Grid coordinates of the scenario's own values (null when one is not on its factor's list). */
  readonly reference: readonly number[] | null;
  readonly result: SearchResult;
  /** The scenario at a grid index. */
  scenarioOf(index: number): Scenario;
}

/** Grid coordinates of the scenario's own values (the file's, else the game's default; sweep's rule). */
export function referenceCoords(base: Scenario, data: unknown, factors: readonly Factor[]): number[] | null {
  const coords = factors.map((f) => {
    const own = ownValue(base, data, f.path);
    return own === undefined ? -1 : f.values.indexOf(own);
  });
  return coords.every((c) => c >= 0) ? coords : null;
}

/** Parses the options and checks every value of every factor before any game is played. */
export function prepareBalance(options: BalanceOptions, base: Scenario) {
  if (options.vary.length === 0) throw new UsageError('balance needs at least one --vary path=values (e.g. --vary params.fine=0..8)');
  if (options.targets.length === 0) throw new UsageError('balance needs at least one --target (e.g. --target "seatSpread <= 0.02")');
  const factors = options.vary.map(parseVary);
  const paths = new Set<string>();
  for (const f of factors) {
    if (paths.has(f.path)) throw new UsageError(`--vary ${f.path} is given twice; give each path once, with all its values`);
    paths.add(f.path);
  }
  const at = (values: readonly SweepValue[]) => scenarioAt(options.file, options.data, factors, values, base.library);
  const first = factors.map((f) => f.values[0]);
  const firstSeats = at(first).seats.join('\n');
  // Each value of each factor, the others at their first value: a bad path or value fails here.
  // A factor that changes the line-up (a varied seat, built-in or bot file) is noted.
  const lineUpFactors: number[] = [];
  factors.forEach((f, i) => {
    for (const v of f.values) {
      const s = at(factors.map((g, j) => (j === i ? v : g.values[0])));
      if (s.seats.join('\n') !== firstSeats && !lineUpFactors.includes(i)) lineUpFactors.push(i);
    }
  });
  // Every line-up the grid plays (each combination of the factors that change it), with the values
  // that make it: the metrics are theirs together, a point measures those of its own line-up.
  const lineUps = lineUpFactors
    .reduce<SweepValue[][]>((acc, i) => acc.flatMap((values) => factors[i].values.map((v) => values.map((x, j) => (j === i ? v : x)))), [first])
    .map((values) => ({ values, scenario: at(values) }));
  const metrics = lineUpMetrics(lineUps.map((l) => l.scenario));
  const measured = lineUps.map((l) => new Set(sweepMetrics(l.scenario).map((m) => m.id)));
  const targets = options.targets.map((t) => parseTarget(t, metrics));
  const objective = options.objective === undefined ? null : parseObjective(options.objective, metrics);
  if (options.firstStage < CLT_GAMES) {
    for (const t of targets) {
      const q = t.quantity;
      if (q.kind !== 'mean' || q.proportion) continue;
      const metric = metrics.find((m) => m.id === q.metric)!;
      if (metricRange(metric, base) !== null) continue;
      throw new UsageError(
        `--target ${JSON.stringify(t.text)} with --first-stage ${options.firstStage}: ${metric.label} has no bound by construction, so its interval is Student's t, ` +
          `which rests on the central limit theorem and needs at least ${CLT_GAMES} games per point in every stage it judges; ` +
          `give --first-stage ${CLT_GAMES} or more (a target on a share, the seat spread or the game's length takes any first stage)`,
      );
    }
  }
  for (const [option, q] of [
    ...targets.map((t) => [`--target ${JSON.stringify(t.text)}`, t.quantity] as const),
    ...(objective === null ? [] : [[`--objective ${JSON.stringify(objective.text)}`, objective.quantity] as const]),
  ]) {
    for (const id of q.kind === 'mean' ? [q.metric] : q.metrics) {
      const k = measured.findIndex((ids) => !ids.has(id));
      if (k < 0) continue;
      const where = lineUpFactors.map((i) => `${factors[i].path}=${lineUps[k].values[i]}`).join(', ');
      const common = metrics.filter((m) => measured.every((ids) => ids.has(m.id))).map((m) => m.id);
      throw new UsageError(
        `${option}: ${id} is not measured at every point: at ${where} the line-up is ${lineUps[k].scenario.seats.join(', ')}` +
          `${q.kind === 'mean' && id.startsWith('win:') ? `, without ${id.slice(4)}` : ''}; name a metric every point has (${common.join(', ')})`,
      );
    }
  }
  return { factors, metrics, targets, objective, reference: referenceCoords(base, options.data, factors) };
}

/** Where a grid point's deals come from: checkpoint.ts `DealCache` over the deal pool. */
export interface DealSource {
  deals(index: number, scenario: Scenario, from: number, to: number): Promise<DealColumns>;
}

/** `prepared`: what `prepareBalance` made of these options (the CLI checks them before it writes anything). */
export async function runBalance(
  options: BalanceOptions,
  base: Scenario,
  source: DealSource,
  prepared: ReturnType<typeof prepareBalance> = prepareBalance(options, base),
): Promise<BalanceRun> {
  const { factors, metrics, targets, objective, reference } = prepared;
  const sizes = factors.map((f) => f.values.length);
  const scenarios = new Map<number, Scenario>();
  const scenarioOf = (index: number): Scenario => {
    let s = scenarios.get(index);
    if (s === undefined) {
      const coords = gridCoords(sizes, index);
      s = scenarioAt(
        options.file,
        options.data,
        factors,
        coords.map((c, f) => factors[f].values[c]),
        base.library,
      );
      scenarios.set(index, s);
    }
    return s;
  };
  // The seats' spread is computed from the seats' values over all deals so far (its per-deal form
  // depends on which seats are the extremes of the deals it is given).
  // A point measures the metrics of its own line-up (a varied seat may take a bot's only seat).
  const perDealMetrics = metrics.filter((m) => m.family !== 'seat-spread');
  const ownMetrics = new Map<number, SweepMetric[]>();
  const metricsAt = (index: number): SweepMetric[] => {
    let own = ownMetrics.get(index);
    if (own === undefined) {
      const ids = new Set(sweepMetrics(scenarioOf(index)).map((m) => m.id));
      own = perDealMetrics.filter((m) => ids.has(m.id));
      ownMetrics.set(index, own);
    }
    return own;
  };
  const indexOf = (values: readonly SweepValue[]) => values.reduce<number>((t, v, f) => t * sizes[f] + factors[f].values.indexOf(v), 0);
  const result = await balanceSearch({
    factors,
    targets,
    objective,
    reference,
    budget: options.budget,
    firstStage: options.firstStage,
    confidence: options.confidence,
    onStage: options.onStage,
    range: (values, metric) => metricRange(metrics.find((m) => m.id === metric)!, scenarioOf(indexOf(values))),
    evaluate: async (values, from, to) => {
      const index = indexOf(values);
      const scenario = scenarioOf(index);
      const deals = await source.deals(index, scenario, from, to);
      const out: Record<string, Float64Array> = {};
      for (const m of metricsAt(index)) out[m.id] = perDeal(m, scenario, deals);
      return out as DealValues;
    },
  });
  return { base, factors, metrics, targets, objective, reference, result, scenarioOf };
}
