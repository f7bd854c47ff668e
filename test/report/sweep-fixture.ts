/**
 * Constructed sweeps with known answers, for the sweep page's tests: every metric's estimate is a
 * given function of the point's values, its 95% interval is estimate ± a given half-width, and its
 * paired difference is (estimate − the reference's estimate) ± another.
 */
import type { SweepDesign, SweepFactor, SweepJson, SweepMetric, SweepPoint, SweepValue } from '../../src/report/sweep-types.js';

export type Values = Readonly<Record<string, SweepValue>>;

export interface SweepSpec {
  readonly factors: readonly SweepFactor[];
  /** The bot in each seat; a mirror line-up (one bot everywhere) by default. */
  readonly seats?: readonly string[];
  readonly design?: SweepDesign;
  /** The points' values; every combination of the factors' values (first factor slowest) by default. */
  readonly points?: readonly Values[];
  /** The reference point's values (default: the first point). */
  readonly reference?: Values;
  readonly metrics?: readonly SweepMetric[];
  /** The estimate of every metric at a point. */
  readonly model: (values: Values) => Readonly<Record<string, number>>;
  /** Half-width of each estimate's 95% interval. */
  readonly halfWidth?: number;
  /** Half-width of each paired difference's 95% interval. */
  readonly diffHalfWidth?: number;
  readonly games?: number;
}

export const numeric = (path: string, values: readonly number[]): SweepFactor => ({ path, label: path, values, numeric: true });
export const options = (path: string, values: readonly SweepValue[]): SweepFactor => ({ path, label: path, values, numeric: false });

/** Goldrausch's metrics for a line-up, as sweepMetrics names them. */
export function metricsFor(seats: readonly string[]): SweepMetric[] {
  const mirror = seats.every((b) => b === seats[0]);
  const out: SweepMetric[] = [];
  if (!mirror) for (const bot of [...new Set(seats)]) out.push({ id: `win:${bot}`, label: `win rate ${bot}`, family: 'win-rate', unit: 'share' });
  seats.forEach((_, s) => out.push({ id: `seat:${s}`, label: `win rate seat ${s}`, family: 'seat-win-rate', unit: 'share' }));
  out.push({ id: 'seatSpread', label: 'seat spread', family: 'seat-spread', unit: 'share' });
  out.push({ id: 'rounds', label: 'mean rounds', family: 'rounds', unit: 'steps' });
  out.push({ id: 'gold', label: 'mean final gold', family: 'final-gold', unit: 'score' });
  out.push({ id: 'race', label: 'race share', family: 'ending-share', unit: 'share' });
  return out;
}

function grid(factors: readonly SweepFactor[]): Values[] {
  let out: Values[] = [{}];
  for (const f of factors) out = out.flatMap((v) => f.values.map((x) => ({ ...v, [f.path]: x })));
  return out;
}

export function makeSweep(spec: SweepSpec): SweepJson {
  const seats = spec.seats ?? ['greedy', 'greedy', 'greedy', 'greedy'];
  const metrics = spec.metrics ?? metricsFor(seats);
  const values = spec.points ?? grid(spec.factors);
  const same = (a: Values, b: Values) => spec.factors.every((f) => a[f.path] === b[f.path]);
  const reference = spec.reference ? values.findIndex((v) => same(v, spec.reference!)) : 0;
  if (reference < 0) throw new Error('makeSweep: the reference values are not a point');
  const hw = spec.halfWidth ?? 0.005;
  const dhw = spec.diffHalfWidth ?? 0.003;
  const refModel = spec.model(values[reference]);
  const points: SweepPoint[] = values.map((v, index) => {
    const model = spec.model(v);
    const entries = metrics.map((m) => {
      const estimate = model[m.id];
      if (estimate === undefined) throw new Error(`makeSweep: the model gives no ${m.id}`);
      const diff = index === reference ? null : estimate - refModel[m.id];
      return [
        m.id,
        { estimate, lo: estimate - hw, hi: estimate + hw, diff, diffLo: diff === null ? null : diff - dhw, diffHi: diff === null ? null : diff + dhw },
      ] as const;
    });
    return { index, values: v, games: spec.games ?? 20_000, metrics: Object.fromEntries(entries) };
  });
  return {
    kind: 'goldpit-sweep',
    version: 1,
    game: 'goldrausch',
    title: 'Goldrausch',
    scenario: { file: 'scenarios/mirror.json', name: 'mirror', players: seats.length, seats },
    seed: 'sweep-test',
    design: spec.design ?? 'grid',
    stoppingRule: `${(spec.games ?? 20_000).toLocaleString('en-US')} games per point`,
    factors: spec.factors,
    reference,
    metrics,
    points,
    verdicts: [],
  };
}

/**
 * A mirror line-up of 4 where seat 0's advantage is 5 − fine pp (the other seats share the rest),
 * the race share falls by 2 pp per fine, and length and final gold do not move: the worked example
 * of the verdict tests, fine 0..6 with the reference at fine = 2.
 */
export function fineModel(values: Values): Record<string, number> {
  const fine = Number(values['params.fine'] ?? 2);
  const dev = 0.05 - 0.01 * fine;
  const seats = [0.25 + dev, 0.25 - dev / 3, 0.25 - dev / 3, 0.25 - dev / 3];
  return {
    'seat:0': seats[0],
    'seat:1': seats[1],
    'seat:2': seats[2],
    'seat:3': seats[3],
    seatSpread: Math.max(...seats) - Math.min(...seats),
    rounds: 9.5,
    gold: 31.25,
    race: 0.4 - 0.02 * fine,
  };
}

export const FINE = numeric('params.fine', [0, 1, 2, 3, 4, 5, 6]);

export function fineSweep(extra: Partial<SweepSpec> = {}): SweepJson {
  return makeSweep({ factors: [FINE], reference: { 'params.fine': 2 }, model: fineModel, ...extra });
}
