/**
 * TEMPORARY stand-ins for the sweep engineer's src/sweep/{vary,pool,metrics}.ts (issue 18's shared
 * contract), with the contract's names and shapes, so that `goldpit balance` runs and is tested
 * before that branch is merged. When it is, this file goes and balance imports src/sweep/ instead.
 * Kept minimal: the pool plays in this thread; the metrics are src/check/deals.ts's plus every
 * seat's win rate and the seats' spread.
 */
import { InputError, UsageError } from '../core/errors.js';
import { checkGameOf, metricsOf, metricValues, type MetricDef } from '../check/deals.js';
import type { SweepMetric, SweepValue } from '../report/sweep-types.js';
import { dealsRange, type DealColumns } from '../sim/deals.js';
import { parseScenario, type Scenario } from '../sim/scenario.js';

export interface Factor {
  readonly path: string;
  readonly values: readonly SweepValue[];
  readonly numeric: boolean;
}

/** `path=a..b[:step]` or `path=v1,v2,...`. */
export function parseVary(spec: string): Factor {
  const eq = spec.indexOf('=');
  if (eq <= 0) throw new UsageError(`--vary ${JSON.stringify(spec)}: expected path=a..b[:step] or path=v1,v2,...`);
  const path = spec.slice(0, eq).trim();
  const rest = spec.slice(eq + 1).trim();
  const range = /^(-?[\d.]+)\.\.(-?[\d.]+)(?::([\d.]+))?$/.exec(rest);
  if (range) {
    const [a, b] = [Number(range[1]), Number(range[2])];
    const step = range[3] === undefined ? 1 : Number(range[3]);
    if (!(step > 0) || a > b || (range[3] === undefined && !(Number.isInteger(a) && Number.isInteger(b)))) {
      throw new UsageError(`--vary ${JSON.stringify(spec)}: expected integers a <= b, or decimals with a step > 0`);
    }
    const values: number[] = [];
    for (let k = 0; a + k * step <= b + 1e-9; k++) values.push(Number((a + k * step).toFixed(10)));
    return { path, values, numeric: true };
  }
  const values = rest.split(',').map((v): SweepValue => {
    const t = v.trim();
    if (t === 'true' || t === 'false') return t === 'true';
    return t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
  });
  return { path, values, numeric: values.every((v) => typeof v === 'number') };
}

function setPath(file: string, data: unknown, path: string, value: SweepValue): void {
  const keys = path.split('.');
  let at = data as Record<string, unknown>;
  keys.slice(0, -1).forEach((k, i) => {
    const next = at[k];
    if (next === undefined) at[k] = {};
    else if (next === null || typeof next !== 'object' || Array.isArray(next)) {
      throw new InputError(file, keys.slice(0, i + 1).join('.'), `is not an object, so ${path} cannot be set in it`);
    }
    at = at[k] as Record<string, unknown>;
  });
  at[keys[keys.length - 1]] = value;
}

export function scenarioAt(file: string, data: unknown, factors: readonly Factor[], values: readonly SweepValue[]): Scenario {
  const copy = structuredClone(data);
  factors.forEach((f, i) => setPath(file, copy, f.path, values[i]));
  return parseScenario(file, copy);
}

export class DealPool {
  constructor(private readonly opts: { workers: number; batchSize: number; seed: string }) {}
  async deals(scenario: Scenario, from: number, to: number): Promise<DealColumns> {
    return dealsRange(scenario, this.opts.seed, from, to);
  }
  async close(): Promise<void> {}
}

export interface MetricWithDef extends SweepMetric {
  readonly def: MetricDef | null;
}

export function sweepMetrics(scenario: Scenario): MetricWithDef[] {
  const game = checkGameOf(scenario.definition);
  const base = metricsOf(scenario.seats, game);
  const seats: MetricDef[] = scenario.seats.map((_, s) => ({ id: `seat:${s}`, label: `win rate seat ${s}`, family: 'seat-win-rate', seat: s }));
  const all = [...base.filter((m) => m.family !== 'seat-win-rate'), ...seats];
  const unit = (m: MetricDef) => (m.family === 'rounds' ? 'steps' : m.family === 'final-gold' ? 'score' : 'share');
  return [
    ...all.map((m) => ({ id: m.id, label: m.label, family: m.family, unit: unit(m), def: m }) as MetricWithDef),
    { id: 'seatSpread', label: 'seat spread (max − min seat win rate)', family: 'seat-spread', unit: 'share', def: null },
  ];
}

export function perDeal(metric: MetricWithDef, scenario: Scenario, deals: DealColumns): Float64Array {
  if (metric.def === null) throw new Error(`${metric.id} has no per-deal values`);
  return metricValues(metric.def, scenario.seats, deals, 0, deals.winners.length);
}
