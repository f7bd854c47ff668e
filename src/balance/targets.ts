/**
 * Targets and the objective of `goldpit balance`: what a designer asks of a point, in the sweep's
 * metric vocabulary (src/sweep/metrics.ts: `seat:<s>`, `win:<bot>`, `rounds`, `gold`, the key
 * ending's id such as `race`, `seatSpread`, ...).
 *
 *   --target "seatSpread <= 0.02"       at most
 *   --target "win:greedy >= 0.3"        at least
 *   --target "raceShare in 0.25..0.45"  between (inclusive)
 *   --objective rounds                  minimise, among the points that meet every target
 *   --objective max:gold                maximise
 *
 * `<ending>Share` (e.g. `raceShare`, as issue 18 writes it) names the key ending's share, whose
 * sweep id is the ending's own name.
 */
import { UsageError } from '../core/errors.js';
import { isProportion, type SweepFamily } from '../sweep/metrics.js';

/** A metric as the sweep names it (the subset the search needs). */
export interface NamedMetric {
  readonly id: string;
  readonly label: string;
  readonly family: SweepFamily;
}

/**
 * A quantity a target constrains. `mean`: the mean of one per-deal metric. `spread`: the largest
 * minus the smallest mean of several per-deal metrics (the seats' win rates), which is not a
 * per-deal mean and gets its interval from the pairwise paired differences (see search.ts).
 */
export type Quantity =
  | {
      readonly kind: 'mean';
      readonly id: string;
      readonly label: string;
      readonly metric: string;
      /** A mean of per-deal values in [0, 1] (a win rate, an ending's share): its interval is the binomial one. */
      readonly proportion: boolean;
    }
  | { readonly kind: 'spread'; readonly id: string; readonly label: string; readonly metrics: readonly string[] };

export type TargetOp = '<=' | '>=' | 'in';

export interface Target {
  /** As the user wrote it, trimmed: `seatSpread <= 0.02`. */
  readonly text: string;
  readonly quantity: Quantity;
  readonly op: TargetOp;
  /** The region the quantity must lie in: [lo, hi] (−∞ for `<=`, +∞ for `>=`). */
  readonly lo: number;
  readonly hi: number;
}

export interface Objective {
  readonly text: string;
  readonly quantity: Quantity;
  readonly direction: 'min' | 'max';
}

/** The family of the seats' spread in the sweep's metrics. */
const SPREAD_FAMILY = 'seat-spread';
const SEAT_FAMILY = 'seat-win-rate';
const ENDING_FAMILY = 'ending-share';

/** The quantity a metric name stands for, or a UsageError listing the names this scenario knows. */
export function resolveQuantity(name: string, metrics: readonly NamedMetric[], option: string): Quantity {
  const byId = metrics.find((m) => m.id === name);
  const ending = byId ? undefined : metrics.find((m) => m.family === ENDING_FAMILY && `${m.id}Share` === name);
  const metric = byId ?? ending;
  if (metric === undefined) {
    throw new UsageError(`${option}: unknown metric ${JSON.stringify(name)}; this scenario's metrics are ${knownNames(metrics).join(', ')}`);
  }
  if (metric.family === SPREAD_FAMILY) {
    const seats = metrics.filter((m) => m.family === SEAT_FAMILY).map((m) => m.id);
    if (seats.length < 2) throw new UsageError(`${option}: ${name} needs at least two seats' win rates, and this scenario has ${seats.length}`);
    return { kind: 'spread', id: metric.id, label: metric.label, metrics: seats };
  }
  return { kind: 'mean', id: metric.id, label: metric.label, metric: metric.id, proportion: isProportion(metric) };
}

/** The names a target may use: every metric id, and `<ending>Share` for an ending's share. */
export function knownNames(metrics: readonly NamedMetric[]): string[] {
  return metrics.flatMap((m) => (m.family === ENDING_FAMILY ? [m.id, `${m.id}Share`] : [m.id]));
}

function number(option: string, text: string, word: string): number {
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v)) throw new UsageError(`${option}: ${word} must be a number, got ${JSON.stringify(text)}`);
  return v;
}

/** Parses `<metric> <= x`, `<metric> >= x` or `<metric> in a..b`. */
export function parseTarget(spec: string, metrics: readonly NamedMetric[]): Target {
  const option = `--target ${JSON.stringify(spec)}`;
  const m = /^\s*(\S+?)\s*(<=|>=|\s+in\s+)\s*(\S.*?)\s*$/.exec(spec);
  if (m === null) {
    throw new UsageError(`${option}: expected "<metric> <= x", "<metric> >= x" or "<metric> in a..b" (e.g. "seatSpread <= 0.02")`);
  }
  const quantity = resolveQuantity(m[1], metrics, option);
  const op = m[2].trim() as TargetOp;
  const text = spec.trim();
  if (op === 'in') {
    const range = /^(.+?)\.\.(.+)$/.exec(m[3]);
    if (range === null) throw new UsageError(`${option}: expected a range a..b after "in", got ${JSON.stringify(m[3])}`);
    const lo = number(option, range[1], 'the low end');
    const hi = number(option, range[2], 'the high end');
    if (lo > hi) throw new UsageError(`${option}: the range ${m[3]} is empty (the low end must not exceed the high end)`);
    return { text, quantity, op, lo, hi };
  }
  const bound = number(option, m[3], 'the bound');
  return op === '<=' ? { text, quantity, op, lo: -Infinity, hi: bound } : { text, quantity, op, lo: bound, hi: Infinity };
}

/** Parses `<metric>` (minimise) or `max:<metric>` / `min:<metric>`. */
export function parseObjective(spec: string, metrics: readonly NamedMetric[]): Objective {
  const text = spec.trim();
  const m = /^(?:(min|max):)?(.+)$/.exec(text);
  const direction = m?.[1] === 'max' ? 'max' : 'min';
  const quantity = resolveQuantity(m?.[2] ?? text, metrics, `--objective ${JSON.stringify(spec)}`);
  return { text, quantity, direction };
}
