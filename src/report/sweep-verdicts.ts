/**
 * The plain-language verdicts of a sweep (sweep.json's `verdicts`, the sweep page's "In short").
 *
 * Every sentence states only what the 95% intervals in the sweep show; an interval that reaches
 * across the line a sentence would claim gives no sentence (or a "no detectable effect" one). The
 * intervals are each 95% for their own comparison, not adjusted for how many are made, and the page
 * says so. Three rules (listed in the opposite order: the designer's first question is whether the
 * seats can be made equal):
 *
 * 1. Effects (grid designs). For each factor, the slice of points where every other factor keeps its
 *    reference value. A numeric factor is judged at the ends of its range, a non-numeric one at every
 *    other value — comparisons fixed before looking at the data, never the largest difference found.
 *    The paired differences whose intervals exclude 0 give one sentence per comparison: "raising
 *    params.fine from 0 to 6 lowers race share by 12.0 pp (95%: 10.0–14.0) and …"; the metrics that
 *    no comparison moves are named in one sentence. A comparison in which no deal changed at all
 *    (every metric's `changed` is 0) says so in words, with what its intervals still allow: "… changed
 *    no deal in 500 deals: every metric's difference is exactly 0, and 500 unchanged deals still
 *    allow effects within the 95% intervals (win rate greedy within ±0.8 pp …)"; it is not counted
 *    as "no detectable effect" too. Among the metrics with no detectable effect, those that no deal
 *    changed at all are named again with their bounds ("No deal changed win rate cooperative and …
 *    in 500 deals: those differences are exactly 0, … (each within ±0.8 pp)").
 *    A Latin hypercube changes every factor at once, so it gets no per-factor sentence.
 * 2. Seat thresholds (mirror line-ups, numeric factors). A seat is *within* 2 pp of an equal share
 *    at a point when its win rate's interval lies inside 1/players ± 2 pp, and *shown outside* when
 *    the whole interval lies beyond it. When the points from some value to the end of the range are
 *    all within and a point before them is shown outside: "seat 0's advantage falls below 2 pp from
 *    params.fine ≥ 4 (at params.fine = 2 it is 3.1 pp, 95%: 2.4–3.8)" (likewise towards the start).
 * 3. Equal seats (mirror line-ups). A point equalises the seats within 2 pp when the seat spread's
 *    95% upper bound is below 2 pp (without a `seatSpread` metric: when every seat is within). The
 *    points that do are listed; when none does, the one with the smallest upper bound is named.
 */
import type { SweepEstimate, SweepFactor, SweepJson, SweepMetric, SweepPoint, SweepValue } from './sweep-types.js';

/** How far from an equal share a seat's win rate may be for the seats to count as equal. */
export const SEAT_MARGIN = 0.02;

const DASH = '\u2013';
const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** A factor's value as the designer wrote it: 0.30000000000000004 shows as 0.3. */
export function formatValue(value: SweepValue): string {
  return typeof value === 'number' ? String(Number(value.toPrecision(12))) : String(value);
}

/** "params.fine = 4, rules.penaltySink = bank": a point's values, factor by factor. */
export function describePoint(sweep: SweepJson, point: SweepPoint, factors: readonly SweepFactor[] = sweep.factors): string {
  return factors.map((f) => `${f.label} = ${formatValue(point.values[f.path])}`).join(', ');
}

/** The reference point (the one the paired differences are taken against). */
export function referenceOf(sweep: SweepJson): SweepPoint {
  const point = sweep.points.find((p) => p.index === sweep.reference) ?? sweep.points[sweep.reference];
  if (!point) throw new RangeError(`sweep.json: reference ${sweep.reference} names no point (there are ${sweep.points.length})`);
  return point;
}

/** Orders a factor's values: numbers ascending, anything else in the order the sweep lists them. */
function valueOrder(factor: SweepFactor): (a: SweepValue, b: SweepValue) => number {
  if (factor.numeric) return (a, b) => Number(a) - Number(b);
  const at = (v: SweepValue) => {
    const i = factor.values.indexOf(v);
    return i < 0 ? factor.values.length : i;
  };
  return (a, b) => at(a) - at(b);
}

/**
 * The points where every factor but `factor` keeps its reference value, in the factor's order: the
 * one-factor-at-a-time view of a grid (all points when only one factor is varied).
 */
export function sliceOf(sweep: SweepJson, factor: number): SweepPoint[] {
  const ref = referenceOf(sweep);
  const f = sweep.factors[factor];
  const others = sweep.factors.filter((_, i) => i !== factor);
  const order = valueOrder(f);
  return sweep.points.filter((p) => others.every((o) => p.values[o.path] === ref.values[o.path])).sort((a, b) => order(a.values[f.path], b.values[f.path]));
}

/** Whether every point's line-up is one bot in every seat (seat verdicts mean something only then): a mirror scenario, or a sweep of `table`. */
export function isMirrorSweep(sweep: SweepJson): boolean {
  if (sweep.scenario.seats.length > 0 && sweep.scenario.seats.every((b) => b === sweep.scenario.seats[0])) return true;
  // A sweep of `table` (one bot at every seat), unless its reference is the scenario's own mixed line-up.
  const table = sweep.factors.find((f) => f.path === 'table');
  const reference = sweep.points.find((p) => p.index === sweep.reference);
  return table !== undefined && reference !== undefined && table.values.includes(reference.values.table);
}

/**
 * An amount and its interval in the metric's unit (shares in percentage points, others with two
 * decimals), with more digits when a bound would otherwise round to 0: "0.07 (95%: 0.004–0.15)",
 * never "(95%: 0.00–0.15)" for an interval that excludes 0.
 */
function amounts(metric: SweepMetric, x: number, lo: number, hi: number): [string, string, string] {
  const scale = metric.unit === 'share' ? 100 : 1;
  let digits = metric.unit === 'share' ? 1 : 2;
  while (digits < 4 && Number((scale * lo).toFixed(digits)) === 0) digits++;
  return [x, lo, hi].map((v) => (scale * v).toFixed(digits)) as [string, string, string];
}
/** Percentage points with a typographic minus. */
const pp = (x: number): string => (100 * x).toFixed(1).replace(/^-/, '\u2212');
const unitWord = (metric: SweepMetric): string => (metric.unit === 'share' ? ' pp' : '');

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Whether a paired difference and its 95% interval are present. */
function hasDiff(e: SweepEstimate | undefined): e is SweepEstimate & { diff: number; diffLo: number; diffHi: number } {
  return !!e && isNum(e.diff) && isNum(e.diffLo) && isNum(e.diffHi);
}

/** Whether a paired difference is present and its 95% interval excludes 0. */
function detectable(e: SweepEstimate | undefined): e is SweepEstimate & { diff: number; diffLo: number; diffHi: number } {
  return hasDiff(e) && (e.diffLo > 0 || e.diffHi < 0);
}

/** "a, b and c" (or "a, b or c"). */
function listOf(items: readonly string[], conjunction = 'and'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

// ─── rule 1: effects ─────────────────────────────────────────────────────────────────────────────

/** The comparisons rule 1 makes on a slice: the range's ends for a numeric factor, every other value otherwise. */
function comparisonsOf(factor: SweepFactor, slice: readonly SweepPoint[], ref: SweepPoint): SweepPoint[] {
  const others = slice.filter((p) => p.values[factor.path] !== ref.values[factor.path]);
  if (!factor.numeric || others.length <= 2) return others;
  return [...new Set([others[0], others[others.length - 1]])];
}

function effectVerdicts(sweep: SweepJson): string[] {
  if (sweep.design !== 'grid' && sweep.factors.length > 1) {
    return [
      'The points of a Latin hypercube change every factor at once, so no sentence here names one factor\u2019s effect: the charts draw each metric against each factor, and the table gives every point\u2019s paired difference to the reference.',
    ];
  }
  const ref = referenceOf(sweep);
  const out: string[] = [];
  sweep.factors.forEach((factor, i) => {
    const slice = sliceOf(sweep, i);
    const targets = comparisonsOf(factor, slice, ref);
    if (!targets.length) return;
    const others = sweep.factors.filter((_, j) => j !== i);
    const context = others.length ? ` (with ${describePoint(sweep, ref, others)})` : '';
    const from = formatValue(ref.values[factor.path]);
    // A comparison in which no deal changed: said in words, with the bounds its intervals give.
    const unchanged = targets.filter((t) => unchangedAt(sweep, t));
    for (const target of unchanged) out.push(unchangedSentence(sweep, factor, target, ref, context));
    // One sentence per comparison, naming every metric it moves detectably.
    const moved = new Set<string>();
    const compared = targets.filter((t) => !unchanged.includes(t));
    for (const target of compared) {
      const to = target.values[factor.path];
      const clauses: string[] = [];
      for (const metric of sweep.metrics) {
        const e = target.metrics[metric.id];
        if (!detectable(e)) continue;
        moved.add(metric.id);
        const [lo, hi] = e.diff > 0 ? [e.diffLo, e.diffHi] : [-e.diffHi, -e.diffLo];
        const [size, from95, to95] = amounts(metric, Math.abs(e.diff), lo, hi);
        clauses.push(`${e.diff > 0 ? 'raises' : 'lowers'} ${metric.label} by ${size}${unitWord(metric)} (95%: ${from95}${DASH}${to95})`);
      }
      if (!clauses.length) continue;
      const action = !factor.numeric ? 'changing' : Number(to) > Number(ref.values[factor.path]) ? 'raising' : 'lowering';
      out.push(`${capitalise(action)} ${factor.label} from ${from} to ${formatValue(to)}${context} ${listOf(clauses)}.`);
    }
    // "No detectable effect" needs an interval at every comparison: a metric some point lacks (a
    // bot that is not in its line-up) is not named at all.
    const measured = (m: SweepMetric) => compared.every((t) => hasDiff(t.metrics[m.id]));
    const quiet = compared.length ? sweep.metrics.filter((m) => !moved.has(m.id) && measured(m)).map((m) => m.label) : [];
    if (quiet.length) {
      const values = listOf(
        compared.map((t) => formatValue(t.values[factor.path])),
        'or',
      );
      const what = quiet.length === sweep.metrics.length ? 'any metric' : listOf(quiet);
      out.push(`Changing ${factor.label} from ${from} to ${values}${context} has no detectable effect on ${what}: every paired 95% interval contains 0.`);
      // Of those, the metrics that no deal changed at all, said in words with their bounds.
      const still = sweep.metrics.filter((m) => !moved.has(m.id) && measured(m) && compared.every((t) => t.metrics[m.id].changed === 0));
      if (still.length) {
        const deals = Math.min(...compared.map((t) => Math.min(t.games, ref.games))).toLocaleString('en-US');
        const bounds = still.map((m) => {
          const far = Math.max(...compared.map((t) => Math.max(t.metrics[m.id].diffHi!, -t.metrics[m.id].diffLo!)));
          return `${m.label} within \u00b1${amounts(m, far, far, far)[0]}${unitWord(m)}`;
        });
        const allow =
          new Set(bounds.map((b) => b.replace(/^.* within /, ''))).size === 1 ? `each within ${bounds[0].replace(/^.* within /, '')}` : listOf(bounds);
        out.push(
          `No deal changed ${listOf(still.map((m) => m.label))} in ${deals} deals: those differences are exactly 0, and their 95% intervals bound what the deals not played could do (${allow}).`,
        );
      }
    }
  });
  return out;
}

/** Whether no deal changed at all between a point and the reference: every metric with a difference has `changed` 0. */
function unchangedAt(sweep: SweepJson, point: SweepPoint): boolean {
  const diffs = sweep.metrics.map((m) => point.metrics[m.id]).filter(hasDiff);
  return diffs.length > 0 && diffs.every((e) => e.changed === 0);
}

/**
 * "Changing x from a to b changed no deal in 500 deals: …", with the largest distance from 0 that
 * the 95% intervals still allow for a share and for another metric (the first of each kind).
 */
function unchangedSentence(sweep: SweepJson, factor: SweepFactor, target: SweepPoint, ref: SweepPoint, context: string): string {
  const deals = Math.min(target.games, ref.games).toLocaleString('en-US');
  const bounds: string[] = [];
  for (const unit of ['share', 'other'] as const) {
    const metric = sweep.metrics.find((m) => (unit === 'share') === (m.unit === 'share') && hasDiff(target.metrics[m.id]));
    if (!metric) continue;
    const e = target.metrics[metric.id] as SweepEstimate & { diffLo: number; diffHi: number };
    const bound = Math.max(e.diffHi, -e.diffLo);
    const [far] = amounts(metric, bound, bound, bound);
    bounds.push(`${metric.label} within \u00b1${far}${unitWord(metric)}`);
  }
  const allow = bounds.length ? `, and ${deals} unchanged deals still allow effects within the 95% intervals (${listOf(bounds)})` : '';
  return `Changing ${factor.label} from ${formatValue(ref.values[factor.path])} to ${formatValue(target.values[factor.path])}${context} changed no deal in ${deals} deals: every metric\u2019s difference is exactly 0${allow}.`;
}

// ─── rule 2: seat thresholds ─────────────────────────────────────────────────────────────────────

type SeatStatus = 'within' | 'above' | 'below' | 'unclear';

/** Where a seat's win-rate interval lies against the equal share ± the margin. */
function seatStatus(e: SweepEstimate | undefined, equal: number): SeatStatus {
  if (!e || !isNum(e.lo) || !isNum(e.hi)) return 'unclear';
  if (e.lo - equal > SEAT_MARGIN) return 'above';
  if (e.hi - equal < -SEAT_MARGIN) return 'below';
  if (e.lo - equal > -SEAT_MARGIN && e.hi - equal < SEAT_MARGIN) return 'within';
  return 'unclear';
}

const margin = `${(100 * SEAT_MARGIN).toFixed(0)} pp`;

function seatThresholdVerdicts(sweep: SweepJson): string[] {
  if (!isMirrorSweep(sweep) || (sweep.design !== 'grid' && sweep.factors.length > 1)) return [];
  const equal = 1 / sweep.scenario.players;
  const out: string[] = [];
  sweep.factors.forEach((factor, i) => {
    if (!factor.numeric) return;
    const slice = sliceOf(sweep, i);
    if (slice.length < 2) return;
    const name = factor.label;
    for (let seat = 0; seat < sweep.scenario.players; seat++) {
      const id = `seat:${seat}`;
      if (!sweep.metrics.some((m) => m.id === id)) continue;
      const status = slice.map((p) => seatStatus(p.metrics[id], equal));
      const at = (k: number) => formatValue(slice[k].values[factor.path]);
      const shown = (k: number) => {
        const e = slice[k].metrics[id];
        const word = status[k] === 'above' ? 'advantage' : 'disadvantage';
        return { word, text: `at ${name} = ${at(k)} it is ${pp(Math.abs(e.estimate - equal))} pp, 95%: ${seatRange(e, equal)}` };
      };
      const outside = (k: number) => status[k] === 'above' || status[k] === 'below';
      const last = slice.length - 1;
      if (status[last] === 'within') {
        let k = last;
        while (k > 0 && status[k - 1] === 'within') k--;
        let j = k - 1;
        while (j >= 0 && !outside(j)) j--;
        if (j >= 0) {
          const s = shown(j);
          out.push(`Seat ${seat}\u2019s ${s.word} falls below ${margin} from ${name} \u2265 ${at(k)} (${s.text}).`);
          continue;
        }
      }
      if (status[0] === 'within') {
        let k = 0;
        while (k < last && status[k + 1] === 'within') k++;
        let j = k + 1;
        while (j <= last && !outside(j)) j++;
        if (j <= last) {
          const s = shown(j);
          out.push(`Seat ${seat}\u2019s ${s.word} stays below ${margin} up to ${name} \u2264 ${at(k)} (${s.text}).`);
          continue;
        }
      }
      if (status.every((x) => x === 'above') || status.every((x) => x === 'below')) {
        const word = status[0] === 'above' ? 'advantage' : 'disadvantage';
        const closest = slice.reduce(
          (best, p, k) => (Math.abs(p.metrics[id].estimate - equal) < Math.abs(slice[best].metrics[id].estimate - equal) ? k : best),
          0,
        );
        out.push(`Seat ${seat}\u2019s ${word} stays above ${margin} at every ${name} from ${at(0)} to ${at(last)} (smallest: ${shown(closest).text}).`);
      }
    }
  });
  return out;
}

/** A seat's deviation interval from the equal share, in pp, as magnitudes in increasing order. */
function seatRange(e: SweepEstimate, equal: number): string {
  if (!isNum(e.lo) || !isNum(e.hi)) return 'no interval';
  const lo = 100 * (e.lo - equal);
  const hi = 100 * (e.hi - equal);
  const [a, b] = hi < 0 ? [-hi, -lo] : [lo, hi];
  return `${a.toFixed(1)}${DASH}${b.toFixed(1)}`;
}

// ─── rule 3: equal seats ─────────────────────────────────────────────────────────────────────────

/** The upper bound that decides whether a point equalises the seats, and how the sentence names it. */
function equalityBound(sweep: SweepJson, point: SweepPoint): number {
  const spread = point.metrics.seatSpread;
  if (sweep.metrics.some((m) => m.id === 'seatSpread') && spread) return isNum(spread.hi) ? spread.hi : Number.POSITIVE_INFINITY;
  const equal = 1 / sweep.scenario.players;
  let worst = 0;
  for (let seat = 0; seat < sweep.scenario.players; seat++) {
    const e = point.metrics[`seat:${seat}`];
    if (!e || !isNum(e.lo) || !isNum(e.hi)) return Number.POSITIVE_INFINITY;
    worst = Math.max(worst, e.hi - equal, equal - e.lo);
  }
  return worst;
}

/** Points listed by value: "params.fine = 4, 5 and 6" for one factor, "a = 1, b = x; a = 2, b = y" otherwise. */
function pointList(sweep: SweepJson, points: readonly SweepPoint[]): string {
  const shown = points.slice(0, 8);
  const more = points.length > shown.length ? ` (and ${points.length - shown.length} more)` : '';
  if (sweep.factors.length === 1) {
    const f = sweep.factors[0];
    return `${f.label} = ${listOf(shown.map((p) => formatValue(p.values[f.path])))}${more}`;
  }
  return `${shown.map((p) => describePoint(sweep, p)).join('; ')}${more}`;
}

function equalSeatVerdicts(sweep: SweepJson): string[] {
  if (!isMirrorSweep(sweep) || !sweep.points.length) return [];
  const bySpread = sweep.metrics.some((m) => m.id === 'seatSpread');
  const how = bySpread
    ? `the seat spread (largest \u2212 smallest seat win rate) is below ${margin} with 95% confidence`
    : `every seat\u2019s win rate is within ${margin} of an equal share with 95% confidence`;
  const bounds = sweep.points.map((p) => equalityBound(sweep, p));
  const equalised = sweep.points.filter((_, k) => bounds[k] < SEAT_MARGIN);
  if (equalised.length === sweep.points.length) return [`Every point equalises the seats within ${margin}: at each, ${how}.`];
  if (equalised.length) return [`The seats are equal within ${margin} at ${pointList(sweep, equalised)}: there ${how}.`];
  const closest = bounds.reduce((best, b, k) => (b < bounds[best] ? k : best), 0);
  const point = sweep.points[closest];
  const spread = point.metrics.seatSpread;
  const detail =
    bySpread && spread && isNum(spread.lo) && isNum(spread.hi)
      ? `seat spread ${pp(spread.estimate)} pp, 95%: ${pp(spread.lo)}${DASH}${pp(spread.hi)}`
      : isNum(bounds[closest])
        ? `a seat may be up to ${pp(bounds[closest])} pp from an equal share`
        : 'no interval';
  return [`No point equalises the seats within ${margin}; the closest is ${describePoint(sweep, point)} (${detail}).`];
}

/** The verdicts of a sweep, in page order: equal seats (the designer's first question), seat thresholds, effects. Pure. */
export function sweepVerdicts(sweep: SweepJson): string[] {
  if (!sweep.points.length) return ['The sweep has no points.'];
  return [...equalSeatVerdicts(sweep), ...seatThresholdVerdicts(sweep), ...effectVerdicts(sweep)];
}
