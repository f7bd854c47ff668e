/**
 * The verdicts of a sensitivity analysis, as data and in plain words.
 *
 * Morris, per knob and metric, with δ the metric's negligible band (an effect over the knob's whole
 * range smaller than δ does not matter to a designer; `--negligible` sets it):
 * - "no detectable effect" (`none`): μ*'s 95% interval lies within the band (its upper end ≤ δ);
 * - "matters": μ*'s lower end (after the noise allowance) is above δ;
 *   - "interacts or is non-linear" (`interacts`): it matters, and σ ≥ ½·μ* with σ's own lower end
 *     above δ: its effect changes from place to place by more than half its size, beyond the deals'
 *     noise. (A threshold of 1 would miss Ishigami's x₁, whose effect depends on x₃ through
 *     b·x₃⁴·sin x₁ — σ/μ* = 0.62 on the 4-level grid; test/sensitivity/synthetic.test.ts.)
 * - "undecided": the interval straddles the band: more trajectories (`--budget`) or games per point
 *   (`--games`) narrow it.
 */
import type { KnobSummary, MorrisRow, SensitivityMetric, SobolMetricRow, Verdict } from './types.js';

/** σ/μ* at or above this is "interacts or is non-linear". */
export const INTERACTION_RATIO = 0.5;

export function morrisVerdict(row: Pick<MorrisRow, 'muStar' | 'sigma'>, band: number): Verdict {
  if (row.muStar.hi <= band) return 'none';
  if (row.muStar.lo > band) return row.sigma.estimate >= INTERACTION_RATIO * row.muStar.estimate && row.sigma.lo > band ? 'interacts' : 'matters';
  return 'undecided';
}

/** A knob's verdicts over the metrics. */
export function knobSummaries(knobs: readonly string[], rows: readonly MorrisRow[]): KnobSummary[] {
  return knobs.map((knob) => {
    const own = rows.filter((r) => r.knob === knob);
    const of = (v: Verdict) => own.filter((r) => r.verdict === v).map((r) => r.metric);
    const matters = of('matters');
    const interacts = of('interacts');
    const undecided = of('undecided');
    const verdict = matters.length + interacts.length > 0 ? 'matters' : undecided.length > 0 ? 'undecided' : 'none';
    return { knob, verdict, matters, interacts, undecided };
  });
}

/** An amount in a metric's unit: shares in percentage points, others with 3 significant digits. */
export function amount(metric: Pick<SensitivityMetric, 'unit'>, x: number, signed = false): string {
  if (!Number.isFinite(x)) return '—';
  const sign = signed && x > 0 ? '+' : '';
  if (metric.unit === 'share') return `${sign}${(100 * x).toFixed(Math.abs(100 * x) < 10 ? 1 : 0)} pp`;
  const digits = x === 0 ? 2 : Math.max(0, Math.min(4, 2 - Math.floor(Math.log10(Math.abs(x)))));
  return `${sign}${x.toFixed(digits)}`;
}

/** An interval in a metric's unit: "2.9–5.3 pp", "0.12–0.40". */
export function amountRange(metric: Pick<SensitivityMetric, 'unit'>, lo: number, hi: number): string {
  const a = amount(metric, lo);
  const b = amount(metric, hi);
  return metric.unit === 'share' ? `${a.replace(' pp', '')}–${b}` : `${a}–${b}`;
}

const list = (items: readonly string[], most = 8): string =>
  items.length <= most ? items.join(', ') : `${items.slice(0, most).join(', ')} and ${items.length - most} more`;

/** One sentence per metric (Morris): which knobs matter (largest μ* first, with intervals), how many show nothing, how many are open. */
export function morrisMetricVerdict(metric: SensitivityMetric, rows: readonly MorrisRow[]): string {
  const own = rows.filter((r) => r.metric === metric.id).sort((a, b) => b.muStar.estimate - a.muStar.estimate || (a.knob < b.knob ? -1 : 1));
  const big = own.filter((r) => r.verdict === 'matters' || r.verdict === 'interacts');
  const none = own.filter((r) => r.verdict === 'none');
  const open = own.filter((r) => r.verdict === 'undecided');
  const name = metric.label.charAt(0).toUpperCase() + metric.label.slice(1);
  const band = amount(metric, metric.negligible);
  const parts: string[] = [];
  if (big.length === 0) parts.push(`no knob is shown to move it by more than ${band} over its range`);
  else {
    const shown = big
      .slice(0, 6)
      .map(
        (r) =>
          `${r.knob} (μ* ${amount(metric, r.muStar.estimate)}, 95%: ${amountRange(metric, r.muStar.lo, r.muStar.hi)}${r.verdict === 'interacts' ? ', interacts or is non-linear' : ''})`,
      );
    const more = big.length > 6 ? ` and ${big.length - 6} more` : '';
    parts.push(`${big.length === 1 ? '1 knob matters' : `${big.length} knobs matter`}: ${shown.join(', ')}${more}`);
  }
  if (none.length > 0) {
    const who = none.length === own.length ? 'every knob shows' : none.length === 1 ? '1 shows' : `${none.length} show`;
    parts.push(`${who} no detectable effect (below ${band} over ${none.length === 1 ? 'its' : 'their'} range)`);
  }
  if (open.length > 0)
    parts.push(
      `${open.length} undecided (${list(
        open.map((r) => r.knob),
        5,
      )})`,
    );
  return `${name}: ${parts.join('; ')}.`;
}

/** The plain-language verdicts of a Morris screen: headline metrics first, then the knobs that do nothing anywhere. */
export function morrisVerdicts(metrics: readonly SensitivityMetric[], rows: readonly MorrisRow[], summaries: readonly KnobSummary[]): string[] {
  const out = metrics.map((m) => morrisMetricVerdict(m, rows));
  const nothing = summaries.filter((s) => s.verdict === 'none').map((s) => s.knob);
  const all = summaries.length;
  if (nothing.length === all) out.push(`No knob shows a detectable effect on any metric (${all} knobs).`);
  else if (nothing.length > 0)
    out.push(
      `No detectable effect on any metric: ${nothing.length} of ${all} knobs (${list(nothing, 12)}); each moves every metric by less than its negligible band.`,
    );
  const label = new Map(metrics.map((m) => [m.id, m.label]));
  const interacting = summaries.filter((s) => s.interacts.length > 0).map((s) => `${s.knob} (${s.interacts.map((id) => label.get(id) ?? id).join(', ')})`);
  if (interacting.length > 0) out.push(`Interacts or is non-linear: ${list(interacting, 8)}: its effect depends on where the other knobs are.`);
  return out;
}

/**
 * The metrics a designer reads first: the seat spread and the key ending's share (when the game has
 * one); else the first two. The command prints their verdicts, the page's "In short" too.
 */
export function headlineMetrics<M extends Pick<SensitivityMetric, 'family'>>(metrics: readonly M[]): M[] {
  const headline = metrics.filter((m) => m.family === 'seat-spread' || m.family === 'ending-share');
  return headline.length > 0 ? headline : metrics.slice(0, 2);
}

/**
 * The verdicts a reader sees first: the headline metrics' (one per metric, `verdicts` in metric
 * order) and the lines after the per-metric ones (knobs that do nothing anywhere, interactions).
 */
export function headlineVerdicts(json: { readonly metrics: readonly SensitivityMetric[]; readonly verdicts: readonly string[] }): string[] {
  const perMetric = json.verdicts.slice(0, json.metrics.length);
  const rest = json.verdicts.slice(json.metrics.length);
  return [...headlineMetrics(json.metrics).map((m) => perMetric[json.metrics.indexOf(m)]), ...rest];
}

/** The plain-language verdicts of a Sobol analysis, one per metric. */
export function sobolVerdicts(metrics: readonly SensitivityMetric[], rows: readonly SobolMetricRow[], games: number): string[] {
  return rows.map((row) => {
    const metric = metrics.find((m) => m.id === row.metric)!;
    const name = metric.label.charAt(0).toUpperCase() + metric.label.slice(1);
    const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
    const noise = `${pct(row.noiseShare.estimate)} of its variance between knob settings is the deals' noise at ${games.toLocaleString('en-US')} games per point`;
    if (!Number.isFinite(row.knobs[0]?.total.estimate ?? Number.NaN)) return `${name}: the knobs show no variance beyond the deals' noise (${noise}).`;
    const ranked = [...row.knobs].sort((a, b) => b.total.estimate - a.total.estimate);
    const top = ranked
      .slice(0, 4)
      .map(
        (k) =>
          `${k.knob} ${pct(k.first.estimate)} alone (95%: ${pct(k.first.lo)}–${pct(k.first.hi)}), ${pct(k.total.estimate)} with its interactions (${pct(k.total.lo)}–${pct(k.total.hi)})`,
      );
    const sumFirst = row.knobs.reduce((s, k) => s + k.first.estimate, 0);
    const nothing = ranked.filter((k) => k.total.hi < 0.01).map((k) => k.knob);
    const tail = nothing.length > 0 ? `; no detectable share (under 1%): ${list(nothing, 6)}` : '';
    const rest = sumFirst < 1 ? ' (the rest is interactions)' : ' (above 100%: the indices are noisy; more --samples narrow them)';
    return `${name}: ${noise}; of the knobs' variance, ${top.join('; ')}; first-order shares sum to ${pct(sumFirst)}${rest}${tail}. One game's outcome is ${pct(row.dealShare)} the deal's.`;
  });
}
