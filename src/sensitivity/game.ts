/**
 * A game's side of a sensitivity analysis: the scenario at every point of the design (the sweep's
 * `scenarioAt`: the knobs' values written into a copy of the scenario file and parsed by the game's
 * own parser, so every value is checked before a game is played), played on the sweep's `DealPool`
 * (game i of every point from the streams of (seed, i): common random numbers), and the sweep's
 * metrics per deal (src/sweep/metrics.ts `sweepMetrics`, `perDeal`) — so every metric a sweep has,
 * now or later, is a metric of the analysis.
 */
import { InputError } from '../core/errors.js';
import type { DealPool } from '../sweep/pool.js';
import { perDeal, sweepMetrics, type SweepMetric } from '../sweep/metrics.js';
import { scenarioAt, setAt, valueAt, type Factor, type SweepValue } from '../sweep/vary.js';
import type { Scenario } from '../sim/scenario.js';
import type { MetricInfo } from './analysis.js';
import type { Knob } from './knobs.js';
import { Stopped, type PointSource } from './run.js';

/**
 * The sweep's tension metrics (src/stats/tension.ts): analysed only when asked (`--tension`). Their
 * per-deal range is wide against their default band (1% of the mean: a fraction of a lead change,
 * of a gold), so a knob that changes no game stays "undecided" on them at the usual games per point
 * (the rule-of-three bound of the deals not played is larger than the band), which would make it
 * "undecided" overall and keep it in a Sobol `--screen` (docs/sensitivity.md).
 */
export const TENSION_FAMILIES: ReadonlySet<string> = new Set(['lead-changes', 'decisive-share', 'winner-deficit', 'final-margin']);

/** The scenario data with each knob's enclosing object written in where the file lacks it (core/tunable.ts `within`). */
export function withKnobObjects(file: string, data: unknown, knobs: readonly Knob[]): unknown {
  let out = data;
  for (const k of knobs) {
    if (k.within !== undefined && valueAt(out, k.within.path) === undefined) out = setAt(file, out, k.within.path, k.within.value);
  }
  return out;
}

export interface GamePoints {
  /** The scenario of each design point. */
  readonly scenarios: readonly Scenario[];
  /** The metrics every point has, in the first point's order. */
  readonly metrics: readonly (SweepMetric & MetricInfo)[];
}

/**
 * Parses the scenario of every design point (once per distinct set of values) and finds the metrics
 * they all have (the tension metrics only with `tension`). A value the game refuses is an
 * InputError naming the file, the field and the point.
 */
export function gamePoints(
  file: string,
  data: unknown,
  knobs: readonly Knob[],
  points: readonly (readonly SweepValue[])[],
  options: { readonly tension?: boolean } = {},
): GamePoints {
  const factors: Factor[] = knobs.map((k) => ({ path: k.path, values: k.values, numeric: k.numeric }));
  const memo = new Map<string, Scenario>();
  const scenarios = points.map((values) => {
    const key = JSON.stringify(values);
    let s = memo.get(key);
    if (s === undefined) {
      s = scenarioAt(file, data, factors, values);
      memo.set(key, s);
    }
    return s;
  });
  const distinct = [...new Map(scenarios.map((s) => [s.configHash, s])).values()];
  const sets = distinct.map((s) => new Set(sweepMetrics(s).map((m) => m.id)));
  const first = sweepMetrics(distinct[0]);
  const metrics = first
    .filter((m) => options.tension === true || !TENSION_FAMILIES.has(m.family))
    .filter((m) => sets.every((set) => set.has(m.id)))
    .map((m) => {
      const s = m.seat;
      if (m.family !== 'seat-win-rate' || s === undefined) return m;
      const bot = distinct[0].seats[s];
      return distinct.every((p) => p.seats[s] === bot) ? m : { ...m, label: `win rate seat ${s} (bot varied)` };
    });
  if (metrics.length === 0) throw new InputError(file, 'seats', 'the points of the analysis share no metric (the varied line-ups have nothing in common)');
  return { scenarios, metrics };
}

/** The points as a `PointSource` on the pool: the values of a point are looked up among `points`. */
export function gameSource(points: readonly (readonly SweepValue[])[], game: GamePoints, pool: DealPool, games: number): PointSource {
  const byValues = new Map<string, Scenario>();
  points.forEach((values, i) => byValues.set(JSON.stringify(values), game.scenarios[i]));
  const scenarioOf = (values: readonly SweepValue[]) => {
    const s = byValues.get(JSON.stringify(values));
    if (s === undefined) throw new Error(`gameSource: no scenario for the point ${JSON.stringify(values)}`);
    return s;
  };
  return {
    metrics: game.metrics.length,
    games,
    key: (values) => scenarioOf(values).configHash,
    play: async (values, onGames) => {
      const scenario = scenarioOf(values);
      const played = await pool.play(scenario, 0, games, (done) => {
        onGames(done);
        return false;
      });
      if (!played.complete) throw new Stopped();
      return game.metrics.map((m) => perDeal(m, scenario, played.deals));
    },
  };
}
