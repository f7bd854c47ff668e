/**
 * A sensitivity analysis from plan to figures, independent of where the games come from: the design
 * (design.ts) gives the points, a `PointSource` plays them (run.ts), the estimators (morris.ts,
 * sobol.ts) and the verdicts (verdicts.ts) read the block totals. The game (game.ts) and the
 * synthetic functions of the tests (synthetic.ts) go through exactly this code.
 */
import { UsageError } from '../core/errors.js';
import type { SweepMetricFamily, SweepMetricUnit } from '../report/sweep-types.js';
import type { SweepValue } from '../sweep/vary.js';
import { DEFAULT_BOOTSTRAP, type Interval } from './bootstrap.js';
import { morrisTrajectories, saltelliMatrices, type Trajectory } from './design.js';
import { knobLevels, type Knob, type KnobLevels } from './knobs.js';
import { morrisFigures, type MorrisStep } from './morris.js';
import { perDealRange, type Evaluated } from './run.js';
import { sobolFigures } from './sobol.js';
import type { Method, MorrisRow, Range, SensitivityJson, SensitivityKnob, SensitivityMetric, SobolMetricRow } from './types.js';
import { knobSummaries, morrisVerdict, morrisVerdicts, sobolVerdicts } from './verdicts.js';

export interface AnalysisPlan {
  readonly method: Method;
  readonly knobs: readonly Knob[];
  /** Games per point. */
  readonly games: number;
  /** Morris: grid levels p and trajectories r. */
  readonly levels: number;
  readonly trajectories: number;
  /** Sobol: rows N of A and B. */
  readonly samples: number;
  readonly bootstrap: number;
  readonly seed: string;
}

/** The smallest designs the estimators are given: fewer trajectories or rows give no usable interval. */
export const MIN_TRAJECTORIES = 4;
export const MIN_SAMPLES = 16;

export interface MetricInfo {
  readonly id: string;
  readonly label: string;
  readonly family: SweepMetricFamily;
  readonly unit: SweepMetricUnit;
}

/** The design's points (values per knob, in knob order) and how the estimators read them. */
export interface Design {
  readonly points: SweepValue[][];
  readonly morris?: { readonly levels: readonly KnobLevels[]; readonly trajectories: readonly Trajectory[] };
  readonly sobol?: { readonly a: number[]; readonly b: number[]; readonly ab: number[][] };
}

/** How the budget is spent: r = ⌊budget / ((k + 1)·games)⌋ trajectories, or N = ⌊budget / ((k + 2)·games)⌋ rows. */
export function unitsFromBudget(method: Method, knobs: number, games: number, budget: number): number {
  return Math.floor(budget / ((method === 'morris' ? knobs + 1 : knobs + 2) * games));
}

export function designOf(plan: AnalysisPlan): Design {
  const k = plan.knobs.length;
  if (k === 0) throw new UsageError('no knobs to analyse: give --vary path=a..b (repeat it), or --all-params / --all-rules');
  if (plan.method === 'morris') {
    const levels = plan.knobs.map((knob) => knobLevels(knob, plan.levels));
    const trajectories = morrisTrajectories(
      levels.map((l, j) => ({ ...l, categorical: !plan.knobs[j].numeric })),
      plan.trajectories,
      plan.seed,
    );
    const points = trajectories.flatMap((t) => t.points.map((p) => p.map((level, j) => levels[j].levels[level])));
    return { points, morris: { levels, trajectories } };
  }
  const { a, b } = saltelliMatrices(
    plan.knobs.map((knob) => knob.values.length),
    plan.samples,
    plan.seed,
  );
  const N = plan.samples;
  const points: SweepValue[][] = [];
  const at = (row: readonly number[]) => {
    points.push(row.map((v, j) => plan.knobs[j].values[v]));
    return points.length - 1;
  };
  const ai = a.map(at);
  const bi = b.map(at);
  const ab = plan.knobs.map((_, j) => a.map((row, i) => at(row.map((v, jj) => (jj === j ? b[i][j] : v)))));
  if (ai.length !== N) throw new Error('designOf: rows');
  return { points, sobol: { a: ai, b: bi, ab } };
}

/** The steps of the Morris design with their scales (see morris.ts): data indices are design point indices. */
export function morrisSteps(plan: AnalysisPlan, design: Design): MorrisStep[][] {
  const { levels, trajectories } = design.morris!;
  const k = plan.knobs.length;
  return trajectories.map((t, ti) =>
    t.order.map((j, s) => {
      const knob = plan.knobs[j];
      const from = t.points[s][j];
      const to = t.points[s + 1][j];
      let scale: number;
      if (knob.numeric) {
        const values = knob.values as readonly number[];
        const range = values[values.length - 1] - values[0];
        scale = range / (Number(levels[j].levels[to]) - Number(levels[j].levels[from]));
      } else scale = to > from ? 1 : -1;
      return { from: ti * (k + 1) + s, to: ti * (k + 1) + s + 1, knob: j, scale };
    }),
  );
}

/** `--negligible` entries: a metric id or a unit (`share`, `steps`, `score`) = a band ≥ 0. */
export function parseNegligible(specs: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    const value = Number(spec.slice(eq + 1));
    if (eq < 1 || !/^\s*(\d+(\.\d*)?|\.\d+)(e-?\d+)?\s*$/.test(spec.slice(eq + 1)) || !(value >= 0)) {
      throw new UsageError(`--negligible ${JSON.stringify(spec)}: expected <metric or unit>=<band ≥ 0>, e.g. seatSpread=0.005, share=0.02, rounds=0.1`);
    }
    out.set(spec.slice(0, eq).trim(), value);
  }
  return out;
}

/** Every `--negligible` key names a metric or a unit; else a usage error listing them. */
export function checkNegligible(negligible: ReadonlyMap<string, number>, metrics: readonly Pick<MetricInfo, 'id'>[]): void {
  for (const id of negligible.keys()) {
    if (!['share', 'steps', 'score', 'count'].includes(id) && !metrics.some((m) => m.id === id)) {
      throw new UsageError(
        `--negligible names ${id}, which is neither a metric (${metrics.map((m) => m.id).join(', ')}) nor a unit (share, steps, score, count)`,
      );
    }
  }
}

/** The default band: 1 percentage point for a share; 1% of the metric's mean over all points otherwise. */
export function defaultBand(unit: SweepMetricUnit, mean: number): number {
  return unit === 'share' ? 0.01 : Math.max(1e-9, 0.01 * Math.abs(mean));
}

/** Figures are kept to 6 significant digits (variances of shares are small numbers); NaN is written as null. */
const r6 = (x: number) => (Number.isFinite(x) ? Number(x.toPrecision(6)) : Number.NaN);
const range6 = (i: Interval): Range => ({ estimate: r6(i.estimate), lo: r6(i.lo), hi: r6(i.hi) });

export interface AnalysisHeader {
  readonly game: string;
  readonly title: string;
  readonly scenario: SensitivityJson['scenario'];
}

/** The figures, verdicts and JSON of a finished analysis. */
export function analyse(
  plan: AnalysisPlan,
  design: Design,
  evaluated: Evaluated,
  metrics: readonly MetricInfo[],
  negligible: ReadonlyMap<string, number>,
  header: AnalysisHeader,
): SensitivityJson {
  if (!evaluated.complete) throw new Error('analyse: the analysis has unplayed points');
  const data = evaluated.data as Float64Array[];
  const G = evaluated.sizes.length;
  const n = plan.games;
  const k = plan.knobs.length;
  checkNegligible(negligible, metrics);
  const metricRows: SensitivityMetric[] = metrics.map((m, mi) => {
    let s = 0;
    for (const d of data) for (let g = 0; g < G; g++) s += d[mi * G + g];
    const mean = s / (data.length * n);
    const given = negligible.get(m.id) ?? negligible.get(m.unit);
    const band = given ?? defaultBand(m.unit, mean);
    const from = negligible.has(m.id)
      ? `--negligible ${m.id}`
      : negligible.has(m.unit)
        ? `--negligible ${m.unit}`
        : m.unit === 'share'
          ? 'default: 1 pp'
          : 'default: 1% of its mean';
    return { ...m, negligible: r6(band), negligibleFrom: from, mean: r6(mean) };
  });
  const knobs: SensitivityKnob[] = plan.knobs.map((knob, j) => ({
    path: knob.path,
    origin: knob.origin,
    about: knob.about,
    numeric: knob.numeric,
    values: knob.values,
    ...(knob.within ? { within: knob.within } : {}),
    ...(design.morris ? { levels: design.morris.levels[j].levels } : {}),
  }));
  const base = {
    kind: 'goldpit-sensitivity' as const,
    version: 1 as const,
    ...header,
    seed: plan.seed,
    method: plan.method,
    knobs,
    metrics: metricRows,
  };
  const common = {
    games: n,
    points: design.points.length,
    distinctPoints: evaluated.distinctPoints,
    totalGames: evaluated.totalGames,
    bootstrap: plan.bootstrap,
    blocks: G,
  };
  if (plan.method === 'morris') {
    const figures = morrisFigures({
      knobs: k,
      metrics: metrics.length,
      sizes: evaluated.sizes,
      data,
      ranges: metrics.map((_, mi) => perDealRange(data, metrics.length, G, mi)),
      trajectories: morrisSteps(plan, design),
      bootstrap: plan.bootstrap,
      seed: plan.seed,
    });
    const rows: MorrisRow[] = [];
    plan.knobs.forEach((knob, j) =>
      metricRows.forEach((metric, mi) => {
        const f = figures[j][mi];
        const row = { muStar: range6(f.muStar), sigma: range6(f.sigma) };
        rows.push({
          knob: knob.path,
          metric: metric.id,
          mu: range6(f.mu),
          ...row,
          noise: r6(f.noise),
          allowance: r6(f.allowance),
          unseen: r6(f.unseen),
          verdict: morrisVerdict(row, metric.negligible),
        });
      }),
    );
    const summaries = knobSummaries(
      plan.knobs.map((x) => x.path),
      rows,
    );
    return {
      ...base,
      design: {
        ...common,
        trajectories: plan.trajectories,
        levels: plan.levels,
        description: `Morris screening: ${plan.trajectories} trajectories of ${k + 1} points (${k} knobs, up to ${plan.levels} levels each), ${n.toLocaleString('en-US')} games per point, every point on the same deals`,
      },
      morris: rows,
      knobSummaries: summaries,
      verdicts: morrisVerdicts(metricRows, rows, summaries),
    };
  }
  const s = design.sobol!;
  const figures = sobolFigures({
    knobs: k,
    metrics: metrics.length,
    sizes: evaluated.sizes,
    data,
    a: s.a,
    b: s.b,
    ab: s.ab,
    ranges: metrics.map((_, mi) => perDealRange(data, metrics.length, G, mi)),
    bootstrap: plan.bootstrap,
    seed: plan.seed,
  });
  const sobol: SobolMetricRow[] = metricRows.map((metric, mi) => {
    const f = figures[mi];
    return {
      metric: metric.id,
      variance: r6(f.variance),
      noiseVariance: r6(f.noiseVariance),
      noiseShare: range6(f.noiseShare),
      dealShare: r6(f.dealShare),
      knobs: plan.knobs.map((knob, j) => ({
        knob: knob.path,
        first: range6(f.first[j]),
        total: range6(f.total[j]),
        rawFirst: r6(f.rawFirst[j]),
        rawTotal: r6(f.rawTotal[j]),
      })),
    };
  });
  return {
    ...base,
    design: {
      ...common,
      samples: plan.samples,
      description: `Sobol indices (Saltelli 2010, Jansen): ${plan.samples} rows of A and B and ${k} matrices A_B (${(plan.samples * (k + 2)).toLocaleString('en-US')} points), ${n.toLocaleString('en-US')} games per point, every point on the same deals`,
    },
    sobol,
    verdicts: sobolVerdicts(metricRows, sobol, n),
  };
}

export { DEFAULT_BOOTSTRAP };
