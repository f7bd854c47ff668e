/**
 * `goldpit sweep`: plays every design point of a scenario on the same deals (common random numbers:
 * game i of every point uses the streams of (seed, i)) on one worker pool, and estimates each
 * metric per point with its 95% interval and its paired difference to the reference point.
 *
 * Determinism: a point's deals are a function of (point scenario, seed, game index) alone
 * (sweep/pool.ts), the stopping rule looks at fixed game counts in order, and every figure is
 * computed from the deals in index order; so sweep.json and sweep.csv are byte-identical for any
 * worker count, batch size or interruption.
 *
 * Checkpoints: after each finished point and when stopped, `checkpointFile` holds the finished
 * points' results, the reference point's deals and the current point's finished prefix; `resume`
 * takes them over and plays on from there.
 */
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { InputError, UsageError } from '../core/errors.js';
import { isObject, readJsonFile } from '../core/validate.js';
import { decodeDeals, encodeDeals } from '../check/deals.js';
import { dataIdFacts } from '../report/data-ids.js';
import type { SweepEstimate, SweepJson, SweepPoint } from '../report/sweep-types.js';
import { fixed } from '../report/summary.js';
import { sweepVerdicts } from '../report/sweep-verdicts.js';
import { writeAtomic } from '../report/write.js';
import { copyDeals, emptyDeals, headDeals, type DealColumns } from '../sim/deals.js';
import type { Progress } from '../sim/progress.js';
import type { Scenario } from '../sim/scenario.js';
import { botFileFacts, type BotFileFact } from '../sim/seat-bots.js';
import { estimate, halfWidth, metricRange, paired, perDeal, seatSpreadEstimate, sweepMetrics, type SweepMetric } from './metrics.js';
import type { DealPool } from './pool.js';
import { designPoints, scenarioAt, valueAt, type Design, type Factor, type SweepValue } from './vary.js';

/**
 * The precision rule looks at multiples of this many games (and at the cap), in order: fixed counts,
 * so where a point stops does not depend on batches or workers.
 */
export const PRECISION_LOOK = 1000;

export interface SweepPlan {
  readonly file: string;
  /** The scenario file's data (its portable form: decks inlined). */
  readonly data: unknown;
  /** The scenario as the file says (its own values of the varied paths). */
  readonly base: Scenario;
  readonly factors: readonly Factor[];
  readonly design: Design;
  /** `--reference`: values of some varied paths (the others keep the scenario's own); null = the scenario's own. */
  readonly reference: Readonly<Record<string, SweepValue>> | null;
  /** Games per point (the cap with a precision). */
  readonly games: number;
  readonly seed: string;
  /** `--precision h`: each point stops at the first look where every bot and seat win rate is within ±h. */
  readonly precision: number | null;
}

export interface PlannedPoint {
  readonly values: readonly SweepValue[];
  readonly scenario: Scenario;
}

/** The design's points (the reference appended when it is not among them) and the reference's index. */
export function planPoints(plan: SweepPlan): { points: PlannedPoint[]; reference: number; addedReference: boolean } {
  const { file, data, factors } = plan;
  const points = designPoints(factors, plan.design, plan.seed).map((values) => ({
    values,
    scenario: scenarioAt(file, data, factors, values, plan.base.library),
  }));
  const own = factors.map((f) => ownValue(plan.base, data, f.path));
  if (plan.reference === null) {
    // The scenario's own values: the point whose config is the file's own (a path the file leaves
    // out is at its default, which a point may set explicitly: the same games either way).
    const at = points.findIndex((p) => p.scenario.configHash === plan.base.configHash);
    if (at >= 0) return { points, reference: at, addedReference: false };
    const values = own.map((v, j) => v ?? `(${factors[j].path} as the scenario has it)`);
    return { points: [...points, { values, scenario: plan.base }], reference: points.length, addedReference: true };
  }
  for (const path of Object.keys(plan.reference)) {
    if (!factors.some((f) => f.path === path)) {
      throw new UsageError(`--reference names ${path}, which no --vary varies; the varied paths are ${factors.map((f) => f.path).join(', ')}`);
    }
  }
  const values = factors.map((f, j) => (Object.hasOwn(plan.reference!, f.path) ? plan.reference![f.path] : own[j]));
  const missing = values.indexOf(undefined);
  if (missing >= 0) throw new UsageError(`--reference: give a value for ${factors[missing].path} (the scenario does not say one)`);
  const at = points.findIndex((p) => p.values.every((v, j) => v === values[j]));
  if (at >= 0) return { points, reference: at, addedReference: false };
  const scenario = scenarioAt(file, data, factors, values as SweepValue[], plan.base.library);
  return { points: [...points, { values: values as SweepValue[], scenario }], reference: points.length, addedReference: true };
}

/** The scenario's own value at `path`: the file's, else the game's resolved default when it has the same path. */
export function ownValue(base: Scenario, data: unknown, path: string): SweepValue | undefined {
  const isValue = (v: unknown): v is SweepValue => typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean';
  const inFile = valueAt(data, path);
  if (isValue(inFile)) return inFile;
  const resolved = valueAt(base.definition.facts(base.config).resolved, path);
  return isValue(resolved) ? resolved : undefined;
}

/** Reads `--reference k=v,...` (values as --vary reads them). */
export function parseReference(text: string): Record<string, SweepValue> {
  const out: Record<string, SweepValue> = {};
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 1 || eq === part.length - 1) throw new UsageError(`--reference ${JSON.stringify(text)}: expected path=value,path=value,... (e.g. params.fine=2)`);
    const v = part.slice(eq + 1).trim();
    out[part.slice(0, eq).trim()] = /^-?(\d+(\.\d*)?|\.\d+)$/.test(v) ? Number(v) : v === 'true' ? true : v === 'false' ? false : v;
  }
  return out;
}

/** The sweep's stopping rule in plain words. */
export function stoppingRule(plan: Pick<SweepPlan, 'games' | 'precision'>, gamesPlayed?: readonly number[]): string {
  const cap = plan.games.toLocaleString('en-US');
  if (plan.precision === null) return `${cap} games per point, every point on the same deals`;
  const [fewest, most] = gamesPlayed && gamesPlayed.length > 0 ? [Math.min(...gamesPlayed), Math.max(...gamesPlayed)] : [0, 0];
  const range = fewest === most ? fewest.toLocaleString('en-US') : `${fewest.toLocaleString('en-US')}–${most.toLocaleString('en-US')}`;
  const where = gamesPlayed && gamesPlayed.length > 0 ? `; the points stopped at ${range} games` : '';
  return (
    `each point on its own: play until every bot and seat win rate's 95% interval is within ±${plan.precision}, ` +
    `looking after every ${PRECISION_LOOK.toLocaleString('en-US')} games, at most ${cap} games; every point on the same deals, ` +
    `and each paired difference over the games both points played${where}`
  );
}

/** Whether every bot and seat win rate over `deals` is within ±h (the precision rule at one look). */
export function precise(metrics: readonly SweepMetric[], scenario: Pick<Scenario, 'seats'>, deals: DealColumns, h: number): boolean {
  for (const m of metrics) {
    if (m.family !== 'win-rate' && m.family !== 'seat-win-rate') continue;
    if (halfWidth(estimate(perDeal(m, scenario, deals), m)) > h) return false;
  }
  return true;
}

/** An interval's lower end rounded down to 6 decimals (as reports round), so rounding never narrows it; null stays null. */
export const roundDown = (x: number | null): number | null => (x === null ? null : Number((Math.floor(Number((x * 1e6).toPrecision(15))) / 1e6).toFixed(6)));
/** An interval's upper end rounded up to 6 decimals. */
export const roundUp = (x: number | null): number | null => (x === null ? null : Number((Math.ceil(Number((x * 1e6).toPrecision(15))) / 1e6).toFixed(6)));

/** One metric at one point, rounded as reports are (6 digits, interval ends outwards), with its paired difference to the reference. */
function pointEstimate(metric: SweepMetric, scenario: Scenario, deals: DealColumns, ref: { scenario: Scenario; deals: DealColumns } | null): SweepEstimate {
  const e =
    metric.family === 'seat-spread' ? seatSpreadEstimate(scenario, deals) : estimate(perDeal(metric, scenario, deals), metric, metricRange(metric, scenario));
  const base = { estimate: fixed(e.estimate), lo: roundDown(e.lo), hi: roundUp(e.hi) };
  if (ref === null) return { ...base, diff: null, diffLo: null, diffHi: null, changed: null };
  // Over the games both played (with a precision rule points may stop at different counts).
  const n = Math.min(deals.winners.length, ref.deals.winners.length);
  const d = paired(
    perDeal(metric, scenario, headDeals(deals, n)),
    perDeal(metric, ref.scenario, headDeals(ref.deals, n)),
    metricRange(metric, scenario),
    metricRange(metric, ref.scenario),
  );
  return { ...base, diff: fixed(d.diff), diffLo: roundDown(d.lo), diffHi: roundUp(d.hi), changed: d.changed };
}

/**
 * The metrics of every point's line-up, in first-seen order (a varied seat may bring a bot the
 * reference lacks). A seat whose bot differs between points is labelled by its number alone, not by
 * the reference's bot.
 */
export function allMetrics(points: readonly PlannedPoint[], reference: number): SweepMetric[] {
  return lineUpMetrics([points[reference].scenario, ...points.map((p) => p.scenario)]);
}

/**
 * The metrics of several line-ups (the first is the reference: its metrics lead, its bots label the
 * seats that keep theirs), each once: what a sweep or a balance search over a varied seat measures.
 * A point measures those of its own line-up (`sweepMetrics`); a bot's win rate is absent where the
 * bot has no seat.
 */
export function lineUpMetrics(scenarios: readonly Pick<Scenario, 'seats' | 'definition'>[]): SweepMetric[] {
  const out: SweepMetric[] = [];
  const seen = new Set<string>();
  for (const s of scenarios) {
    for (const m of sweepMetrics(s)) {
      if (!seen.has(m.id)) {
        seen.add(m.id);
        out.push(m);
      }
    }
  }
  return out.map((m) => {
    const s = m.seat;
    if (m.family !== 'seat-win-rate' || s === undefined) return m;
    const bot = scenarios[0].seats[s];
    return scenarios.every((x) => x.seats[s] === bot) ? m : { ...m, label: `win rate seat ${s} (bot varied)` };
  });
}

/** The figures of one finished point (its metrics that apply to its line-up). */
export function pointResult(
  index: number,
  point: PlannedPoint,
  factors: readonly Factor[],
  metrics: readonly SweepMetric[],
  deals: DealColumns,
  ref: { scenario: Scenario; deals: DealColumns } | null,
): SweepPoint {
  const own = new Set(sweepMetrics(point.scenario).map((m) => m.id));
  const refIds = ref ? new Set(sweepMetrics(ref.scenario).map((m) => m.id)) : null;
  const values: Record<string, SweepValue> = {};
  factors.forEach((f, j) => {
    values[f.path] = point.values[j];
  });
  const figures: Record<string, SweepEstimate> = {};
  for (const m of metrics) {
    if (!own.has(m.id)) continue;
    figures[m.id] = pointEstimate(m, point.scenario, deals, ref && refIds!.has(m.id) ? ref : null);
  }
  return { index, values, games: deals.winners.length, metrics: figures };
}

interface SweepCheckpoint {
  readonly kind: 'goldpit-sweep-checkpoint';
  readonly version: 1;
  /** Hash of everything that decides the sweep's figures. */
  readonly key: string;
  /** Finished points by index (the reference first). */
  readonly finished: readonly SweepPoint[];
  /** The reference point's deals, once it is finished. */
  readonly reference: { readonly games: number; readonly deals: string } | null;
  /** The point being played and its finished prefix. */
  readonly current: { readonly index: number; readonly games: number; readonly deals: string } | null;
}

/** What decides the sweep's figures: the points' configs, the games, the seed, the rule. */
function sweepKey(plan: SweepPlan, points: readonly PlannedPoint[], reference: number): string {
  const facts = { points: points.map((p) => [p.values, p.scenario.configHash]), reference, games: plan.games, seed: plan.seed, precision: plan.precision };
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 16);
}

export interface SweepRunOptions {
  readonly pool: DealPool;
  /** Makes the progress display once the points are known: all games of the sweep (with a precision, the cap) and those taken over. */
  readonly progress?: (total: number, resumed: number) => Pick<Progress, 'update' | 'done'>;
  readonly checkpointFile: string | null;
  readonly resume: boolean;
  /** `planPoints(plan)` when the caller has made it already (the CLI does, to check the options before it writes anything). */
  readonly planned?: ReturnType<typeof planPoints>;
}

export interface SweepResult {
  readonly sweep: SweepJson;
  readonly complete: boolean;
  /** Games played at finished points plus the current point's prefix. */
  readonly gamesDone: number;
  readonly totalGames: number;
  /** Games taken over from the checkpoint. */
  readonly resumedGames: number;
  readonly addedReference: boolean;
}

/**
 * Plays the sweep: the reference point first (every other point's differences are taken against
 * it), then the others in design order, each on games [0, games) — or until the precision rule is
 * met — on the one pool.
 */
export async function runSweep(plan: SweepPlan, options: SweepRunOptions): Promise<SweepResult> {
  const { points, reference, addedReference } = options.planned ?? planPoints(plan);
  const metrics = allMetrics(points, reference);
  const key = sweepKey(plan, points, reference);
  const order = [reference, ...points.map((_, i) => i).filter((i) => i !== reference)];
  const results = new Map<number, SweepPoint>();
  let refDeals: DealColumns | null = null;
  let current: { index: number; deals: DealColumns; games: number } | null = null;
  let resumedGames = 0;
  if (options.resume) {
    const cp = readSweepCheckpoint(options.checkpointFile, key);
    for (const p of cp.finished) results.set(p.index, p);
    if (cp.reference) refDeals = decodeDeals(cp.reference.deals, cp.reference.games);
    if (cp.current) current = { index: cp.current.index, games: cp.current.games, deals: decodeDeals(cp.current.deals, cp.current.games) };
    resumedGames = [...results.values()].reduce((t, p) => t + p.games, 0) + (current?.games ?? 0);
  }
  const totalGames = points.length * plan.games;
  const progress = options.progress?.(totalGames, resumedGames);
  let finishedGames = [...results.values()].reduce((t, p) => t + p.games, 0);
  const writeCheckpoint = (cur: { index: number; deals: DealColumns; games: number } | null) => {
    if (!options.checkpointFile) return;
    const cp: SweepCheckpoint = {
      kind: 'goldpit-sweep-checkpoint',
      version: 1,
      key,
      finished: order.filter((i) => results.has(i)).map((i) => results.get(i)!),
      reference: refDeals ? { games: refDeals.winners.length, deals: encodeDeals(refDeals, true) } : null,
      current: cur && cur.games > 0 ? { index: cur.index, games: cur.games, deals: encodeDeals(headDeals(cur.deals, cur.games), true) } : null,
    };
    writeAtomic(options.checkpointFile, JSON.stringify(cp));
  };
  let complete = true;
  let gamesDone = finishedGames;
  try {
    for (const index of order) {
      if (results.has(index)) continue;
      const point = points[index];
      const prefix = current !== null && current.index === index ? current : null;
      current = null;
      const played = await playPoint(options.pool, point.scenario, metrics, plan, prefix, (done) => progress?.update(finishedGames + done));
      if (!played.complete) {
        complete = false;
        gamesDone = finishedGames + played.games;
        writeCheckpoint({ index, deals: played.deals, games: played.games });
        break;
      }
      const deals = headDeals(played.deals, played.games);
      if (index === reference) refDeals = deals;
      results.set(
        index,
        pointResult(index, point, plan.factors, metrics, deals, index === reference ? null : { scenario: points[reference].scenario, deals: refDeals! }),
      );
      finishedGames += played.games;
      gamesDone = finishedGames;
      writeCheckpoint(null);
    }
  } finally {
    progress?.done();
  }
  if (complete && options.checkpointFile) rmSync(options.checkpointFile, { force: true });
  const finished = points.map((_, i) => results.get(i)).filter((p): p is SweepPoint => p !== undefined);
  const figures = sweepFigures({
    base: plan.base,
    file: plan.file,
    seed: plan.seed,
    design: plan.design,
    stoppingRule: stoppingRule(
      plan,
      finished.map((p) => p.games),
    ),
    factors: plan.factors,
    reference,
    metrics,
    points: finished,
    scenarios: points.map((p) => p.scenario),
  });
  // Plain-language verdicts only from a complete sweep (a partial one is not written).
  const sweep = complete ? { ...figures, verdicts: sweepVerdicts(figures) } : figures;
  return { sweep, complete, gamesDone, totalGames, resumedGames, addedReference };
}

/** What a sweep.json says, without its verdicts: the one place its header is made (sweep and balance). */
export function sweepFigures(f: {
  readonly base: Scenario;
  readonly file: string;
  readonly seed: string;
  readonly design: SweepJson['design'];
  readonly stoppingRule: string;
  readonly factors: readonly Factor[];
  readonly reference: number;
  readonly metrics: readonly Pick<SweepMetric, 'id' | 'label' | 'family' | 'unit'>[];
  readonly points: readonly SweepPoint[];
  /** Every scenario the points played (their bot files are named), besides the base. */
  readonly scenarios?: readonly Scenario[];
}): SweepJson {
  const { base } = f;
  const botFiles: BotFileFact[] = [];
  for (const s of [base, ...(f.scenarios ?? [])]) for (const b of botFileFacts(s)) if (!botFiles.some((x) => x.file === b.file)) botFiles.push(b);
  const data = dataIdFacts(base.definition, base.config);
  return {
    kind: 'goldpit-sweep',
    version: 1,
    game: base.game,
    title: base.definition.presentation.title,
    scenario: { file: f.file, name: base.name, players: base.players, seats: base.seats, ...(botFiles.length ? { botFiles } : {}) },
    ...(data.length ? { data } : {}),
    seed: f.seed,
    design: f.design,
    stoppingRule: f.stoppingRule,
    factors: f.factors.map((x) => ({ path: x.path, label: x.path, values: x.values, numeric: x.numeric })),
    reference: f.reference,
    metrics: f.metrics.map((m) => ({ id: m.id, label: m.label, family: m.family, unit: m.unit })),
    points: f.points,
    verdicts: [],
  };
}

/**
 * Plays one point on games [0, plan.games), after a finished prefix when resuming; with a precision,
 * stops at the first look (a multiple of PRECISION_LOOK, or the cap) where the rule holds.
 */
async function playPoint(
  pool: DealPool,
  scenario: Scenario,
  metrics: readonly SweepMetric[],
  plan: SweepPlan,
  prefix: { deals: DealColumns; games: number } | null,
  progress: (done: number) => void,
): Promise<{ deals: DealColumns; games: number; complete: boolean }> {
  const cap = plan.games;
  const all = emptyDeals(cap);
  const start = prefix?.games ?? 0;
  if (prefix) copyDeals(all, headDeals(prefix.deals, start), 0);
  const own = sweepMetrics(scenario).filter((m) => metrics.some((x) => x.id === m.id));
  let stopAt: number | null = null;
  // The first look not yet taken: looks at or before a resumed prefix were taken before the stop.
  let look = plan.precision === null ? Infinity : Math.floor(start / PRECISION_LOOK) * PRECISION_LOOK + PRECISION_LOOK;
  if (plan.precision !== null && start === cap) stopAt = cap;
  const played =
    start >= cap
      ? { done: 0, complete: true }
      : await pool.play(scenario, start, cap, (done, part) => {
          const upTo = start + done;
          copyDeals(all, headDeals(part, done), start);
          progress(upTo);
          if (plan.precision === null) return false;
          while (stopAt === null && Math.min(look, cap) <= upTo) {
            const at = Math.min(look, cap);
            if (precise(own, scenario, headDeals(all, at), plan.precision) || at === cap) stopAt = at;
            look += PRECISION_LOOK;
          }
          return stopAt !== null;
        });
  if (stopAt !== null) return { deals: all, games: stopAt, complete: true };
  return { deals: all, games: start + played.done, complete: played.complete };
}

function readSweepCheckpoint(file: string | null, key: string): SweepCheckpoint {
  if (!file || !existsSync(file)) throw new UsageError(`--resume: no sweep checkpoint at ${file ?? '(none)'}; run without --resume to start`);
  const cp = readJsonFile(file, 'the sweep checkpoint to resume from') as SweepCheckpoint;
  if (!isObject(cp) || cp.kind !== 'goldpit-sweep-checkpoint') throw new InputError(file, 'kind', 'not a goldpit sweep checkpoint');
  if (cp.version !== 1) throw new InputError(file, 'version', `expected 1, got ${JSON.stringify(cp.version)}`);
  if (cp.key !== key) {
    throw new InputError(
      file,
      'key',
      'the checkpoint is of another sweep (scenario, --vary, --design, --reference, --games, --seed or --precision differ); resume with the same options, or start over with --fresh',
    );
  }
  return cp;
}
