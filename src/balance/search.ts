/**
 * The search of `goldpit balance`: which values of the varied scenario paths meet every target?
 * Pure logic against an abstract `evaluate(point, from, to)` that returns the per-deal values of
 * the metrics for deals [from, to) (game indices), so it is tested without any game.
 *
 * Racing on common random numbers: every candidate plays the same game indices, in stages of
 * n₁, 2n₁, 4n₁, … games per point (the planned looks). After each stage every alive point's
 * targets are judged from all its deals so far:
 *   met     — the target's simultaneous interval lies inside the target's region;
 *   missed  — it lies entirely outside (the point is dropped, with the reason recorded);
 *   open    — neither yet.
 * The search stops at the first stage where some point has every target met (among those, the
 * objective chooses), or when the next stage does not fit in the budget. When the budget cannot
 * pay the next stage for every alive point, the worst-ranked half is dropped until it can
 * (successive halving). Large grids start coarse (every 2^L-th value of each numeric factor) and
 * are refined around the points still alive after each stage.
 *
 * The guarantee. Each interval is two-sided at level 1 − α′ with
 *   α′ = α / (S · G · C),
 * S the number of planned stages (fixed by the budget and n₁ before any game), G the size of the
 * full grid, C the intervals one point needs for all targets (1 per mean target, P(P−1)/2 pairwise
 * differences for a spread over P seats). That is Bonferroni over every interval the search could
 * ever look at — every (stage, point, component), whether or not it is looked at — so by the union
 * bound all of them cover their true values at once with probability ≥ 1 − α, however the search
 * adapts (which points it keeps, refines or drops). On that event every "met" and every "missed"
 * is right: the chosen point meets every target, simultaneously, with confidence 1 − α. The
 * alpha-spending across looks is the uniform one (α/S per stage): with doubling stages S grows
 * only with log₂ of the budget, and Bonferroni's cost grows only like √(2 ln(S·G·C)) in the
 * interval width, so a simple rule that holds under any adaptive choice costs little over
 * sharper group-sequential boundaries, which assume a fixed set of comparisons. The intervals
 * (quantityInterval): below CLT_GAMES games per point Hoeffding's bound in the metric's range, which
 * holds for every n without the central limit theorem and never has zero width; from CLT_GAMES the
 * sweep's (the binomial interval for a share; Student's t, or the score interval while few deals
 * differ, for other means). Deals are independent: each game is a pure function of (scenario, seed,
 * index). A metric without a bound has only Student's t, so game.ts refuses a target on it below
 * CLT_GAMES games in the first stage.
 *
 * Reference: Bonferroni / union bound as in S. Holm, Scand. J. Statist. 6 (1979) 65–70, §1;
 * alpha spending: K. K. G. Lan & D. L. DeMets, "Discrete sequential boundaries for clinical
 * trials", Biometrika 70 (1983) 659–663; racing: O. Maron & A. W. Moore, "The racing algorithm:
 * model selection for lazy learners", AI Review 11 (1997) 193–225; successive halving: K. Jamieson &
 * A. Talwalkar, "Non-stochastic best arm identification and hyperparameter optimization",
 * AISTATS 2016.
 */
import { binomialInterval } from '../stats/binomial-interval.js';
import { boundedMeanInterval } from '../stats/bounded-mean.js';
import { hoeffdingInterval } from '../stats/hoeffding.js';
import { spreadInterval, type Range } from '../sweep/metrics.js';
import type { Objective, Quantity, Target } from './targets.js';

export type FactorValue = number | string | boolean;

/** A varied path and its values, in grid order (the sweep's `Factor`). */
export interface SearchFactor {
  readonly path: string;
  readonly values: readonly FactorValue[];
  readonly numeric: boolean;
}

/** Per-deal values by metric id, each of length to − from. */
export type DealValues = Readonly<Record<string, Float64Array>>;

export type Evaluate = (values: readonly FactorValue[], from: number, to: number) => Promise<DealValues>;

export interface SearchOptions {
  readonly factors: readonly SearchFactor[];
  readonly targets: readonly Target[];
  /** Chooses among points that meet every target (default: the one nearest the reference). */
  readonly objective: Objective | null;
  /** The scenario's own values (grid coordinates), or null when they are not on the grid. */
  readonly reference: readonly number[] | null;
  /** Games in all, over all points and stages. */
  readonly budget: number;
  /** Games per point in the first stage; stage s plays up to n₁·2^(s−1). */
  readonly firstStage: number;
  /** Simultaneous confidence of the final claim (default 0.95). */
  readonly confidence?: number;
  /** The coarse grid holds at most this many points when refinement is possible (default 16). */
  readonly maxCoarse?: number;
  readonly evaluate: Evaluate;
  /** The per-deal range of a metric at a point, by construction (null: none); default: none for every metric but shares. */
  readonly range?: (values: readonly FactorValue[], metric: string) => Range | null;
  /** Told after each stage (progress). */
  readonly onStage?: (stage: StageRecord) => void;
}

export type Verdict = 'met' | 'missed' | 'open';

export interface TargetCheck {
  readonly target: string;
  readonly estimate: number;
  /** The simultaneous interval (level 1 − α′). */
  readonly lo: number;
  readonly hi: number;
  readonly verdict: Verdict;
  /** How far the estimate lies outside the target's region (0 inside), in the metric's units. */
  readonly gap: number;
}

export type PointStatus = 'chosen' | 'shown' | 'alive' | 'dropped';

export interface PointRecord {
  /** Index in the full grid (first factor slowest). */
  readonly index: number;
  readonly coords: readonly number[];
  readonly values: readonly FactorValue[];
  /** Games played at this point (deals 0 .. games − 1). */
  games: number;
  /** Stage it joined (1-based). */
  readonly joined: number;
  status: PointStatus;
  /** Why it was dropped, in plain words (null unless dropped). */
  reason: string | null;
  /** Stage it was dropped at (null unless dropped). */
  droppedAt: number | null;
  /** Its targets as last judged. */
  checks: TargetCheck[];
}

export interface StageRecord {
  readonly stage: number;
  /** Games per point after this stage (n₁·2^(s−1)). */
  readonly gamesPerPoint: number;
  /** Points that played in this stage, in grid order. */
  readonly points: readonly number[];
  /** Of them, the points that joined in this stage (coarse grid, refinement). */
  readonly joined: readonly number[];
  /** Dropped for a missed target, after this stage's games. */
  readonly dropped: readonly number[];
  /** Dropped before this stage's games to fit the budget (successive halving). */
  readonly halved: readonly number[];
  /** Points with every target met after this stage. */
  readonly shown: readonly number[];
  /** Each played point's targets as judged after this stage, in `points` order. */
  readonly judged: readonly (readonly TargetCheck[])[];
  /** Games played in this stage, and in all so far. */
  readonly games: number;
  readonly gamesSpent: number;
}

export interface SearchResult {
  /** `shown`: a point meets every target with the stated confidence; else not shown. */
  readonly status: 'shown' | 'not-shown';
  /** Why the search stopped, in plain words. */
  readonly stopped: string;
  /** The chosen point (shown), or the best-ranked one (not shown); null if no point was played. */
  readonly best: PointRecord | null;
  readonly stages: readonly StageRecord[];
  /** Every point played, in grid order. */
  readonly points: readonly PointRecord[];
  /** Points that joined but never played: halved away before their first game, or left when the budget ran out; grid order. */
  readonly unplayed: readonly PointRecord[];
  readonly gamesSpent: number;
  readonly budget: number;
  readonly confidence: number;
  /** Planned stages S, grid size G, intervals per point C, and α′ = (1 − confidence)/(S·G·C). */
  readonly plannedStages: number;
  readonly gridSize: number;
  readonly intervalsPerPoint: number;
  readonly intervalAlpha: number;
  /** Per-deal values of each point played, by grid index (deals 0 .. games − 1). */
  readonly deals: ReadonlyMap<number, DealValues>;
}

const DEFAULT_MAX_COARSE = 16;

/** Grid sizes → index of coordinates (first factor slowest, as nested loops list them). */
export function gridIndex(sizes: readonly number[], coords: readonly number[]): number {
  let index = 0;
  for (let f = 0; f < sizes.length; f++) index = index * sizes[f] + coords[f];
  return index;
}

export function gridCoords(sizes: readonly number[], index: number): number[] {
  const coords = new Array<number>(sizes.length);
  for (let f = sizes.length - 1; f >= 0; f--) {
    coords[f] = index % sizes[f];
    index = Math.floor(index / sizes[f]);
  }
  return coords;
}

/** Coordinates of factor size m at level L: the multiples of 2^L, and the last value. */
function levelCoords(m: number, level: number): number[] {
  const step = 2 ** level;
  const out: number[] = [];
  for (let i = 0; i < m; i += step) out.push(i);
  if (out[out.length - 1] !== m - 1) out.push(m - 1);
  return out;
}

/** The coarsest level whose grid holds at most maxCoarse points (0 when no numeric factor can thin). */
export function startLevel(factors: readonly SearchFactor[], maxCoarse: number): number {
  const size = (level: number) => factors.reduce((n, f) => n * (f.numeric ? levelCoords(f.values.length, level) : f.values).length, 1);
  const longest = Math.max(0, ...factors.filter((f) => f.numeric).map((f) => f.values.length));
  let level = 0;
  while (size(level) > maxCoarse && 2 ** (level + 1) < longest) level++;
  return level;
}

function cartesian(lists: readonly (readonly number[])[]): number[][] {
  return lists.reduce<number[][]>((acc, list) => acc.flatMap((prefix) => list.map((v) => [...prefix, v])), [[]]);
}

/** The number of planned stages: n₁·2^(S−1) ≤ budget < n₁·2^S. */
export function plannedStages(budget: number, firstStage: number): number {
  let stages = 1;
  while (firstStage * 2 ** stages <= budget) stages++;
  return stages;
}

/** The intervals one point needs for a quantity: 1 for a mean, one per pair of metrics for a spread. */
function intervalsOf(q: Quantity): number {
  return q.kind === 'mean' ? 1 : (q.metrics.length * (q.metrics.length - 1)) / 2;
}

interface Interval {
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
}

function values(deals: DealValues, metric: string, games: number): Float64Array {
  const v = deals[metric];
  if (v === undefined) throw new Error(`the evaluation returned no values for metric ${JSON.stringify(metric)}`);
  return v.subarray(0, games);
}

/**
 * From this many games per point on, a target's interval is the one the sweep reports (at level
 * 1 − α′); below it, Hoeffding's bound, which holds at its level for any number of games. A metric
 * without a bound by construction has only Student's t, so a target on it needs a first stage of at
 * least this many games (game.ts refuses smaller ones).
 */
export const CLT_GAMES = 500;

/**
 * A quantity's estimate and interval at level `confidence` from the first `games` deals; `range` is
 * the per-deal range of a mean's metric at this point (null: none by construction).
 * - Fewer than CLT_GAMES games, a metric with a range (every share, the seats' pairwise
 *   differences in [−1, 1], the game's length in [0, cap]): Hoeffding's relative-entropy bound
 *   (stats/hoeffding.ts), valid for every n and never of zero width — Student's t is neither (ten
 *   games that all last the 10 rounds of the cap give it zero width, and a false "met").
 * - From CLT_GAMES games: a share gets the win-rate interval goldpit reports everywhere
 *   (stats/binomial-interval.ts); another mean stats/bounded-mean.ts in its range (Student's t, or
 *   while fewer than 30 deals differ from the most common value, the score interval widened to it;
 *   never zero width); a mean without a range Student's t in the range its values show.
 * - Spread (max − min of P means): every pair's paired difference d = xₛ − xₜ in [−1, 1] gets the
 *   interval above, and when all of them cover, the spread lies in
 *   [max(0, max over pairs of max(L, −U)), max over pairs of max(U, −L)] (sweep/metrics.ts
 *   spreadInterval), because the spread is the largest |pₛ − pₜ|. The estimate is max − min.
 */
export function quantityInterval(q: Quantity, deals: DealValues, games: number, confidence: number, range: Range | null = null): Interval {
  const small = games < CLT_GAMES;
  if (q.kind === 'mean') {
    const x = values(deals, q.metric, games);
    const known = q.proportion ? { lo: 0, hi: 1 } : range;
    if (known !== null && small) {
      // Widened to any value outside the declared range (none is expected: the ranges are by construction).
      let lo = known.lo;
      let hi = known.hi;
      for (let i = 0; i < games; i++) {
        lo = Math.min(lo, x[i]);
        hi = Math.max(hi, x[i]);
      }
      const r = hoeffdingInterval(x, lo, hi, confidence);
      return { estimate: r.estimate, lo: r.lower, hi: r.upper };
    }
    if (q.proportion) {
      let sum = 0;
      for (let i = 0; i < games; i++) sum += x[i];
      const r = binomialInterval(Math.min(games, Math.max(0, sum)), games, confidence);
      return { estimate: sum / games, lo: r.lower, hi: r.upper };
    }
    let lo = known?.lo ?? Infinity;
    let hi = known?.hi ?? -Infinity;
    for (let i = 0; i < games; i++) {
      lo = Math.min(lo, x[i]);
      hi = Math.max(hi, x[i]);
    }
    const r = boundedMeanInterval(x, lo, hi, confidence);
    // A metric without a bound whose every deal has the same value: nothing bounds the others.
    if (lo === hi) return { estimate: r.estimate, lo: -Infinity, hi: Infinity };
    return { estimate: r.estimate, lo: r.lower, hi: r.upper };
  }
  const series = q.metrics.map((m) => values(deals, m, games));
  return spreadInterval(series, confidence, (d, level) => (small ? hoeffdingInterval(d, -1, 1, level) : boundedMeanInterval(d, -1, 1, level)));
}

export function judge(target: Target, interval: Interval): TargetCheck {
  const { estimate, lo, hi } = interval;
  const verdict: Verdict = lo >= target.lo && hi <= target.hi ? 'met' : hi < target.lo || lo > target.hi ? 'missed' : 'open';
  const gap = Math.max(0, target.lo - estimate, estimate - target.hi);
  return { target: target.text, estimate, lo, hi, verdict, gap };
}

/**
 * Rank of a point for successive halving and for "the best point" (lower is better): the worst
 * target's signed distance of the estimate beyond its region, in half-widths of its interval
 * (negative when every estimate lies inside).
 */
function rankScore(checks: readonly TargetCheck[], targets: readonly Target[]): number {
  let worst = -Infinity;
  checks.forEach((c, j) => {
    const half = Math.max((c.hi - c.lo) / 2, 1e-12);
    const t = targets[j];
    worst = Math.max(worst, Math.max(t.lo - c.estimate, c.estimate - t.hi) / half);
  });
  return worst;
}

/** Grows each metric's stored values by a new chunk of deals. */
function appendDeals(old: DealValues | undefined, chunk: DealValues, from: number, to: number): DealValues {
  const out: Record<string, Float64Array> = {};
  for (const [id, part] of Object.entries(chunk)) {
    if (part.length !== to - from) throw new Error(`the evaluation returned ${part.length} values of ${id} for ${to - from} deals`);
    const all = new Float64Array(to);
    const before = old?.[id];
    if (from > 0) {
      if (before === undefined || before.length !== from) throw new Error(`metric ${id} has no values for deals 0..${from - 1}`);
      all.set(before, 0);
    }
    all.set(part, from);
    out[id] = all;
  }
  return out;
}

export async function balanceSearch(options: SearchOptions): Promise<SearchResult> {
  const { factors, targets, budget, firstStage } = options;
  const confidence = options.confidence ?? 0.95;
  if (targets.length === 0) throw new RangeError('balanceSearch: targets must hold at least one target');
  if (!Number.isInteger(firstStage) || firstStage < 2) throw new RangeError(`balanceSearch: firstStage must be an integer >= 2, got ${firstStage}`);
  if (!Number.isInteger(budget) || budget < firstStage)
    throw new RangeError(`balanceSearch: budget must be an integer >= firstStage (${firstStage}), got ${budget}`);
  const sizes = factors.map((f) => f.values.length);
  const gridSize = sizes.reduce((n, m) => n * m, 1);
  const stagesPlanned = plannedStages(budget, firstStage);
  const intervalsPerPoint = targets.reduce((n, t) => n + intervalsOf(t.quantity), 0);
  const intervalAlpha = (1 - confidence) / (stagesPlanned * gridSize * intervalsPerPoint);
  const level0 = startLevel(factors, options.maxCoarse ?? DEFAULT_MAX_COARSE);

  const points = new Map<number, PointRecord>();
  const deals = new Map<number, DealValues>();
  const stages: StageRecord[] = [];
  let spent = 0;
  let level = level0;
  const pointAt = (coords: readonly number[], stage: number): PointRecord => ({
    index: gridIndex(sizes, coords),
    coords: [...coords],
    values: coords.map((c, f) => factors[f].values[c]),
    games: 0,
    joined: stage,
    status: 'alive',
    reason: null,
    droppedAt: null,
    checks: [],
  });
  let joining = cartesian(factors.map((f) => (f.numeric ? levelCoords(f.values.length, level) : f.values.map((_, i) => i)))).map((c) => pointAt(c, 1));
  let alive: PointRecord[] = [];
  let stopped = '';
  let status: 'shown' | 'not-shown' = 'not-shown';
  let chosen: PointRecord | null = null;
  const byIndex = (a: PointRecord, b: PointRecord) => a.index - b.index;

  for (let stage = 1; stage <= stagesPlanned; stage++) {
    const n = firstStage * 2 ** (stage - 1);
    for (const p of joining) points.set(p.index, p);
    alive = [...alive, ...joining].sort(byIndex);
    const joined = joining.map((p) => p.index);
    joining = [];
    // Successive halving: keep the best-ranked points the budget can carry through this stage.
    const halved: number[] = [];
    const cost = (ps: readonly PointRecord[]) => ps.reduce((t, p) => t + (n - p.games), 0);
    if (cost(alive) > budget - spent) {
      const ranked = [...alive].sort((a, b) => rankScore(a.checks, targets) - rankScore(b.checks, targets) || a.index - b.index);
      let keep = ranked.length;
      while (keep > 0 && cost(ranked.slice(0, keep)) > budget - spent) keep = keep > 1 ? Math.ceil(keep / 2) : 0;
      if (keep === 0) {
        stopped = `the budget of ${budget} games is spent: ${budget - spent} games left, too few for stage ${stage} (${n} games per point)`;
        break;
      }
      for (const p of ranked.slice(keep)) {
        p.status = 'dropped';
        p.droppedAt = stage;
        p.reason = `ranked in the worse half before stage ${stage}, when the budget could not pay ${n} games for every point alive`;
        halved.push(p.index);
      }
      alive = ranked.slice(0, keep).sort(byIndex);
    }
    // Play every alive point up to n deals; all on the same game indices (common random numbers).
    const played = await Promise.all(alive.map((p) => options.evaluate(p.values, p.games, n)));
    let games = 0;
    alive.forEach((p, k) => {
      deals.set(p.index, appendDeals(deals.get(p.index), played[k], p.games, n));
      games += n - p.games;
      p.games = n;
    });
    spent += games;
    const dropped: number[] = [];
    const shown: PointRecord[] = [];
    for (const p of alive) {
      const d = deals.get(p.index)!;
      const rangeOf = (q: Quantity) => (q.kind === 'mean' && !q.proportion ? (options.range?.(p.values, q.metric) ?? null) : null);
      p.checks = targets.map((t) => judge(t, quantityInterval(t.quantity, d, n, 1 - intervalAlpha, rangeOf(t.quantity))));
      const missed = p.checks.filter((c) => c.verdict === 'missed');
      if (missed.length > 0) {
        p.status = 'dropped';
        p.droppedAt = stage;
        p.reason = `after ${n} games: ${missed.map((c) => `${c.target} missed (estimate ${fmt(c.estimate)}, interval ${fmt(c.lo)}..${fmt(c.hi)})`).join('; ')}`;
        dropped.push(p.index);
      } else if (p.checks.every((c) => c.verdict === 'met')) shown.push(p);
    }
    const evaluated = alive;
    alive = alive.filter((p) => p.status !== 'dropped');
    for (const p of shown) p.status = 'shown';
    const record: StageRecord = {
      stage,
      gamesPerPoint: n,
      points: evaluated.map((p) => p.index),
      joined,
      dropped,
      halved,
      shown: shown.map((p) => p.index),
      judged: evaluated.map((p) => p.checks),
      games,
      gamesSpent: spent,
    };
    stages.push(record);
    options.onStage?.(record);
    if (shown.length > 0) {
      chosen = choose(shown, options, deals);
      chosen.status = 'chosen';
      status = 'shown';
      stopped = `stage ${stage}: ${shown.length === 1 ? 'a point meets' : `${shown.length} points meet`} every target with ${pct(confidence)} simultaneous confidence`;
      break;
    }
    // Refine around the points still alive, or around the best of this stage if none is.
    if (level > 0) {
      level--;
      const seeds =
        alive.length > 0 ? alive : [...evaluated].sort((a, b) => rankScore(a.checks, targets) - rankScore(b.checks, targets) || a.index - b.index).slice(0, 2);
      joining = refine(seeds, factors, level, points).map((c) => pointAt(c, stage + 1));
    }
    if (alive.length === 0 && joining.length === 0) {
      stopped = `stage ${stage}: every point in the range missed a target with confidence`;
      break;
    }
    if (stage === stagesPlanned)
      stopped = `the ${stagesPlanned} planned stages are played (${n} games per point); the next would exceed the budget of ${budget} games`;
  }
  const all = [...points.values()].filter((p) => p.games > 0).sort(byIndex);
  const best = chosen ?? bestOf(all, targets);
  return {
    status,
    stopped,
    best,
    stages,
    points: all,
    unplayed: [...points.values()].filter((p) => p.games === 0).sort(byIndex),
    gamesSpent: spent,
    budget,
    confidence,
    plannedStages: stagesPlanned,
    gridSize,
    intervalsPerPoint,
    intervalAlpha,
    deals,
  };
}

/** The unseen grid neighbours (±2^level in each numeric factor) of the seed points. */
function refine(seeds: readonly PointRecord[], factors: readonly SearchFactor[], level: number, seen: ReadonlyMap<number, PointRecord>): number[][] {
  const sizes = factors.map((f) => f.values.length);
  const h = 2 ** level;
  const out = new Map<number, number[]>();
  for (const p of seeds) {
    const around = factors.map((f, i) => (f.numeric ? [p.coords[i] - h, p.coords[i], p.coords[i] + h].filter((c) => c >= 0 && c < sizes[i]) : [p.coords[i]]));
    for (const c of cartesian(around)) {
      const index = gridIndex(sizes, c);
      if (!seen.has(index) && !out.has(index)) out.set(index, c);
    }
  }
  return [...out.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
}

/** Among points that meet every target: the objective's best, else the one nearest the reference. */
function choose(shown: readonly PointRecord[], options: SearchOptions, deals: ReadonlyMap<number, DealValues>): PointRecord {
  const key = (p: PointRecord): number => {
    const objective = options.objective;
    if (objective !== null) {
      const e = quantityInterval(objective.quantity, deals.get(p.index)!, p.games, 0.95).estimate;
      return objective.direction === 'min' ? e : -e;
    }
    const ref = options.reference;
    if (ref === null) return 0;
    // Distance in grid steps, each factor scaled to its range, so the smallest change wins.
    return p.coords.reduce((t, c, f) => t + Math.abs(c - ref[f]) / Math.max(1, options.factors[f].values.length - 1), 0);
  };
  return [...shown].sort((a, b) => key(a) - key(b) || a.index - b.index)[0];
}

function bestOf(all: readonly PointRecord[], targets: readonly Target[]): PointRecord | null {
  if (all.length === 0) return null;
  // Prefer the points that lasted longest (most games), then the best rank among them.
  return [...all].sort((a, b) => b.games - a.games || rankScore(a.checks, targets) - rankScore(b.checks, targets) || a.index - b.index)[0];
}

function fmt(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toPrecision(3);
}

function pct(confidence: number): string {
  return `${Number((confidence * 100).toFixed(4))}%`;
}
