/**
 * One scenario of `goldpit baseline` / `goldpit check`: plays the deals (the baseline's seeds) with
 * the current code and compares them with the baseline's, in fixed or sequential mode.
 */
import { UsageError } from '../core/errors.js';
import { GOLDPIT } from '../core/package.js';
import type { DealColumns } from '../sim/deals.js';
import { runDealsParallel } from '../sim/parallel.js';
import type { Progress } from '../sim/progress.js';
import type { QueueExecutor } from '../sim/queue/coordinator.js';
import type { BotLimits } from '../sim/batch.js';
import type { Scenario } from '../sim/scenario.js';
import { botFileFacts } from '../sim/seat-bots.js';
import type { Benched } from '../sim/watch.js';
import { baselineDeals, baselineEntry, codeFacts, type BaselineScenario } from './baseline.js';
import { analyseFixed, CHECK_DEFAULTS, concludeSequential, SequentialTest, type FixedAnalysis, type MetricSeries, type SequentialAnalysis } from './compare.js';
import { checkGameOf, deltaOf, metricRange, metricsOf, metricValues } from './deals.js';

export interface PlayOptions {
  readonly workers: number;
  readonly batchSize: number;
  readonly progress?: (total: number) => Pick<Progress, 'update' | 'done'>;
  readonly stop?: AbortSignal;
  /** Play the deals on a Redis job queue instead of the local pool. */
  readonly queue?: QueueExecutor;
  /** Scenarios with bot files: their time budget and hang limit, and who is told of a hang. */
  readonly limits?: BotLimits;
  readonly onHang?: (hang: Benched) => void;
}

export interface CheckRunOptions extends PlayOptions {
  readonly mode: 'fixed' | 'sequential';
  /** Games to compare (fixed) or at most (sequential); default: all the baseline holds. */
  readonly games?: number;
  /** Replay another seed than the baseline's (unpaired: for calibration and experiments). */
  readonly seed?: string;
  readonly alpha?: number;
  readonly beta?: number;
  readonly lookEvery?: number;
}

export interface ScenarioCheck {
  readonly name: string;
  readonly file: string;
  readonly verdict: FixedAnalysis['verdict'];
  readonly mode: 'fixed' | 'sequential';
  /** Games compared. */
  readonly games: number;
  /** Games the baseline holds (the most a check can compare). */
  readonly baselineGames: number;
  readonly seed: string;
  /** False when --seed replayed other deals than the baseline's. */
  readonly paired: boolean;
  readonly decidedBy: 'fixed' | SequentialAnalysis['decidedBy'];
  /** Sequential mode: the SPRTs' error rates and bounds, and the games between looks. */
  readonly sprt?: SequentialAnalysis['sprt'] & { readonly lookEvery: number };
  readonly metrics: FixedAnalysis['metrics'];
  readonly gamesNeeded: number | null;
  /** Undecided metrics whose observed shift is exactly ±δ: they cannot be decided at this shift. */
  readonly undecidable: readonly string[];
  /** What differs from the baseline (config, line-up order, code): the normal case, reported. */
  readonly changes: readonly string[];
  readonly configHash: { readonly baseline: string; readonly current: string };
  /** Sentences worth reading beside the table (limits, unpaired seeds). */
  readonly notes: readonly string[];
}

const sorted = (a: readonly string[]) => [...a].sort();

/** Why a scenario cannot be paired with its baseline entry (exit 2), or null. */
export function pairingProblem(name: string, scenario: Scenario, entry: BaselineScenario): string | null {
  if (scenario.game !== entry.game)
    return `scenario ${name} plays ${scenario.game} but its baseline played ${entry.game}: its metrics cannot be paired; re-record it with --update-baseline`;
  if (scenario.players !== entry.players) {
    return `scenario ${name} has ${scenario.players} players but its baseline has ${entry.players}: its metrics cannot be paired; re-record it with --update-baseline`;
  }
  const now = sorted(scenario.seats);
  const then = sorted(entry.seats);
  if (now.join('\0') !== then.join('\0')) {
    const added = [...new Set(now.filter((b) => !then.includes(b)))];
    const gone = [...new Set(then.filter((b) => !now.includes(b)))];
    const detail = [
      added.length ? `new: ${added.join(', ')}` : '',
      gone.length ? `no longer there: ${gone.join(', ')}` : '',
      !added.length && !gone.length ? 'other numbers of seats per bot' : '',
    ]
      .filter(Boolean)
      .join('; ');
    return `scenario ${name}: the line-up changed from [${entry.seats.join(', ')}] to [${scenario.seats.join(', ')}] (${detail}): its per-bot metrics cannot be paired; re-record it with --update-baseline`;
  }
  return null;
}

const NOT_SET = '(not set: the game\u2019s own)';

/** A value in a line: short JSON as it is, a long one summarised (a list of cards is "25 entries", never 5 KB). */
function shown(v: unknown): string {
  if (v === undefined) return NOT_SET;
  const text = JSON.stringify(v);
  if (text.length <= 60) return text;
  if (Array.isArray(v)) return `a list of ${v.length} entries`;
  if (typeof v === 'object' && v !== null) return `an object with ${Object.keys(v).length} keys`;
  return `${text.slice(0, 57)}…`;
}

/** A list whose entries are objects with distinct string ids (a game's cards): compared entry by entry. */
function byId(v: unknown): Map<string, unknown> | null {
  if (!Array.isArray(v) || v.length === 0) return null;
  const map = new Map<string, unknown>();
  for (const e of v) {
    const id = typeof e === 'object' && e !== null ? (e as Record<string, unknown>).id : undefined;
    if (typeof id !== 'string' || map.has(id)) return null;
    map.set(id, e);
  }
  return map;
}

/**
 * Paths where two JSON values differ, as `path: before → after` (at most `limit`). Lists of entries
 * with ids (cards) are compared id by id (`params.eventCards[subsidy].effect.amount: 2 → 3`, an entry
 * added or removed); long values are summarised.
 */
export function jsonDifferences(before: unknown, after: unknown, limit = 12, path = ''): string[] {
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, p: string) => {
    if (out.length >= limit) return;
    const ida = byId(a);
    const idb = byId(b);
    if (ida && idb) {
      for (const id of new Set([...ida.keys(), ...idb.keys()])) {
        if (!ida.has(id)) out.push(`${p}[${id}]: added (${shown(idb.get(id))})`);
        else if (!idb.has(id)) out.push(`${p}[${id}]: removed`);
        else walk(ida.get(id), idb.get(id), `${p}[${id}]`);
        if (out.length >= limit) return;
      }
      return;
    }
    const objA = typeof a === 'object' && a !== null;
    const objB = typeof b === 'object' && b !== null;
    if (objA && objB && Array.isArray(a) === Array.isArray(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
      for (const k of keys) walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], p ? `${p}.${k}` : k);
      return;
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${p || '(value)'}: ${shown(a)} → ${shown(b)}`);
  };
  walk(before, after, path);
  return out;
}

/** What differs between the scenario and code now and its baseline entry. */
export function describeChanges(scenario: Scenario, entry: BaselineScenario): string[] {
  const changes: string[] = [];
  const facts = scenario.definition.facts(scenario.config);
  if (scenario.configHash !== entry.configHash) {
    const diffs = jsonDifferences(entry.parameters, facts.resolved);
    if (scenario.seats.join('\0') !== entry.seats.join('\0')) changes.push(`seats: [${entry.seats.join(', ')}] → [${scenario.seats.join(', ')}]`);
    changes.push(...diffs);
    // Where one side has the game's own cards (not set) and the other its own list, the lists cannot
    // be compared entry by entry: say per card what changed, as the report's "cards changed" line
    // does (the baseline's list, or none when a goldpit that did not keep it recorded the game's own).
    const unpaired = diffs.some((d) => d.includes(NOT_SET));
    const was = entry.changedCards ?? [];
    const now = facts.changedCards ?? [];
    const gone = was.filter((c) => !now.includes(c));
    const come = now.filter((c) => !was.includes(c));
    if (unpaired && (gone.length || come.length)) {
      changes.push(
        `cards changed from the game's own: ${[...come.map((c) => `now ${c}`), ...gone.map((c) => `no longer ${c}`)].join('; ')}${entry.changedCards === undefined && was.length === 0 ? ' (the baseline does not list its changed cards: recorded by an older goldpit, assumed none)' : ''}`,
      );
    }
    if (changes.length === 0) changes.push(`config hash ${entry.configHash} → ${scenario.configHash}`);
  }
  for (const b of botFileFacts(scenario)) {
    const then = entry.botFiles?.find((x) => x.file === b.file);
    if (then && then.sha256 !== b.sha256)
      changes.push(`bot file ${b.file} (${b.bot}) changed: sha256 ${then.sha256.slice(0, 16)}… → ${b.sha256.slice(0, 16)}…`);
    else if (then && JSON.stringify(then.imports ?? []) !== JSON.stringify(b.imports ?? []))
      changes.push(`the files bot file ${b.file} (${b.bot}) imports changed`);
  }
  const code = codeFacts(scenario.game);
  if (entry.code.gameHash !== code.gameHash) changes.push(`rules code (src/games/${scenario.game}/) changed: hash ${entry.code.gameHash} → ${code.gameHash}`);
  if (entry.code.botsHash !== code.botsHash) changes.push(`bot code (bots/${scenario.game}/) changed: hash ${entry.code.botsHash} → ${code.botsHash}`);
  return changes;
}

/** Metric series of a line-up: baseline values from its deals, current values filled as games finish. */
function seriesOf(scenario: Scenario, entry: BaselineScenario, base: DealColumns): MetricSeries[] {
  const defs = metricsOf(scenario.seats, checkGameOf(scenario.definition));
  const baseline = defs.map((def) => metricValues(def, entry.seats, base, 0, entry.games));
  const meanGold = (() => {
    const gold = baseline[defs.findIndex((d) => d.family === 'final-gold')];
    let s = 0;
    for (const v of gold) s += v;
    return s / gold.length;
  })();
  return defs.map((def, k) => ({
    def,
    delta: deltaOf(def, scenario.check.tolerance, meanGold),
    range: metricRange(def, scenario),
    baseline: baseline[k],
    current: new Float64Array(entry.games),
  }));
}

/** Fills the current values of deals [from, to). */
function fillCurrent(series: readonly MetricSeries[], seats: readonly string[], deals: DealColumns, from: number, to: number): void {
  for (const m of series) metricValues(m.def, seats, deals, from, to, m.current.subarray(from, to));
}

/** Checks one scenario against its baseline entry (the caller has checked the pairing). */
export async function checkScenario(
  name: string,
  scenario: Scenario,
  baselineFile: string,
  entry: BaselineScenario,
  options: CheckRunOptions,
): Promise<ScenarioCheck> {
  const limit = options.games ?? entry.games;
  if (limit > entry.games) {
    throw new UsageError(
      `--games ${limit}: the baseline holds only ${entry.games} games of scenario ${name}; record a larger one with \`${GOLDPIT} baseline --games N\``,
    );
  }
  if (limit < 2) throw new UsageError(`--games must be at least 2, got ${limit}`);
  const seed = options.seed ?? entry.seed;
  const base = baselineDeals(baselineFile, name, entry);
  const series = seriesOf(scenario, entry, base);
  const alpha = options.alpha ?? CHECK_DEFAULTS.alpha;
  const notes: string[] = [];
  if (seed !== entry.seed)
    notes.push(
      `replayed seed ${JSON.stringify(seed)}, not the baseline's ${JSON.stringify(entry.seed)}: the games are not paired deal by deal (valid, but less sensitive)`,
    );
  if (scenario.seed !== entry.seed && options.seed === undefined)
    notes.push(`the scenario's seed is ${JSON.stringify(scenario.seed)}; the check replays the baseline's, ${JSON.stringify(entry.seed)}`);
  const common = {
    name,
    file: scenario.file,
    baselineGames: entry.games,
    seed,
    paired: seed === entry.seed,
    changes: describeChanges(scenario, entry),
    configHash: { baseline: entry.configHash, current: scenario.configHash },
  };
  let filled = 0;
  const fillTo = (deals: DealColumns, done: number) => {
    fillCurrent(series, scenario.seats, deals, filled, done);
    filled = done;
  };
  if (options.mode === 'fixed') {
    const played = await runDealsParallel(scenario, {
      seed,
      games: limit,
      workers: options.workers,
      batchSize: options.batchSize,
      progress: options.progress?.(limit),
      stop: options.stop,
      queue: options.queue,
      limits: options.limits,
      onHang: options.onHang,
    });
    if (!played.complete) throw new UsageError('interrupted: the check needs all its games; nothing was compared');
    fillTo(played.deals, limit);
    const fixed = analyseFixed(series, limit, alpha);
    if (fixed.gamesNeeded !== null && fixed.gamesNeeded > entry.games) {
      notes.push(
        `deciding would take about ${fixed.gamesNeeded} games; the baseline holds ${entry.games}: record a larger one (goldpit baseline --games ${roundUp(fixed.gamesNeeded)}) or try --until-decided`,
      );
    }
    return {
      ...common,
      verdict: fixed.verdict,
      mode: 'fixed',
      games: limit,
      decidedBy: 'fixed',
      metrics: fixed.metrics,
      gamesNeeded: fixed.gamesNeeded,
      undecidable: fixed.undecidable,
      notes,
    };
  }
  const lookEvery = options.lookEvery ?? CHECK_DEFAULTS.lookEvery;
  const test = new SequentialTest(
    series.map((m) => m.delta),
    alpha,
    options.beta ?? CHECK_DEFAULTS.beta,
  );
  let state: 'FAIL' | 'PASS' | 'continue' = 'continue';
  // Looks at fixed game counts (multiples of lookEvery, and the limit), whatever the batch size or
  // worker count, so the verdict is deterministic.
  const played = await runDealsParallel(scenario, {
    seed,
    games: limit,
    workers: options.workers,
    batchSize: options.batchSize,
    progress: options.progress?.(limit),
    stop: options.stop,
    queue: options.queue,
    limits: options.limits,
    onHang: options.onHang,
    onPrefix: (done, deals) => {
      fillTo(deals, done);
      while (state === 'continue' && test.games < done) {
        const next = Math.min(limit, (Math.floor(test.games / lookEvery) + 1) * lookEvery);
        if (next > done) break;
        test.add(series, test.games, next);
        state = test.look();
      }
      return state !== 'continue';
    },
  });
  if (state === 'continue' && !played.complete) throw new UsageError('interrupted: the check stopped before it decided; nothing was compared');
  const result = concludeSequential(series, test, state, alpha);
  if (result.decidedBy === 'limit') {
    notes.push(`the sequential test had not decided when it reached the ${limit} games the baseline holds; the verdict is the fixed-sample one on those games`);
    if (result.gamesNeeded !== null)
      notes.push(`deciding would take about ${result.gamesNeeded} games: record a larger baseline (goldpit baseline --games ${roundUp(result.gamesNeeded)})`);
  }
  return {
    ...common,
    verdict: result.verdict,
    mode: 'sequential',
    games: result.games,
    decidedBy: result.decidedBy,
    metrics: result.metrics,
    gamesNeeded: result.gamesNeeded,
    undecidable: result.undecidable,
    sprt: { ...result.sprt, lookEvery },
    notes,
  };
}

const roundUp = (n: number) => (n <= 1000 ? 1000 : Math.ceil(n / 1000) * 1000);

/** Plays a scenario's deals and makes its baseline entry. */
export async function recordScenario(scenario: Scenario, options: PlayOptions & { games: number; seed: string }): Promise<BaselineScenario> {
  const played = await runDealsParallel(scenario, {
    seed: options.seed,
    games: options.games,
    workers: options.workers,
    batchSize: options.batchSize,
    progress: options.progress?.(options.games),
    stop: options.stop,
    queue: options.queue,
    limits: options.limits,
    onHang: options.onHang,
  });
  if (!played.complete) throw new UsageError('interrupted: the baseline needs all its games; nothing was written');
  const means: Record<string, number> = {};
  for (const def of metricsOf(scenario.seats, checkGameOf(scenario.definition))) {
    const v = metricValues(def, scenario.seats, played.deals, 0, options.games);
    let s = 0;
    for (const x of v) s += x;
    means[def.id] = Number((s / options.games).toFixed(6));
  }
  return baselineEntry(scenario, options.seed, played.deals, means);
}
