/**
 * What `goldpit check` prints: a plain-text table (stdout), the same as Markdown (for a CI job
 * summary) and JSON (for machines).
 *
 * Each scenario's table and the verdict's wording follow what decided it: in fixed mode (and in
 * sequential mode at the game limit) the Holm-corrected beyond-δ tests and TOST; when the sequential
 * test decided, each metric's two SPRTs (their states and log-likelihood ratios against the bounds),
 * with the metric(s) that decided marked.
 */
import type { SprtState } from '../stats/sprt.js';
import type { MetricResult, Verdict } from './compare.js';
import type { ScenarioCheck } from './run.js';

export interface CheckReport {
  readonly kind: 'goldpit-check';
  readonly verdict: Verdict;
  readonly exitCode: number;
  readonly baseline: string;
  readonly alpha: number;
  readonly scenarios: readonly ScenarioCheck[];
}

export const EXIT_CODES: Readonly<Record<Verdict, number>> = { PASS: 0, FAIL: 1, INCONCLUSIVE: 3 };

/** FAIL if any scenario fails, else INCONCLUSIVE if any is, else PASS. */
export function overallVerdict(scenarios: readonly ScenarioCheck[]): Verdict {
  if (scenarios.some((s) => s.verdict === 'FAIL')) return 'FAIL';
  if (scenarios.some((s) => s.verdict === 'INCONCLUSIVE')) return 'INCONCLUSIVE';
  return 'PASS';
}

const isRate = (m: MetricResult) => m.family === 'win-rate' || m.family === 'seat-win-rate' || m.family === 'ending-share';

/** A metric's value: rates in percent, rounds to 3 decimals, gold to 2. */
function value(m: MetricResult, v: number): string {
  return isRate(m) ? `${(100 * v).toFixed(2)}%` : v.toFixed(m.family === 'rounds' ? 3 : 2);
}

/** A shift: rates in percentage points, signed. */
function shift(m: MetricResult, v: number): string {
  const sign = v > 0 ? '+' : v < 0 ? '−' : '';
  const a = Math.abs(v);
  return isRate(m) ? `${sign}${(100 * a).toFixed(2)} pp` : `${sign}${a.toFixed(m.family === 'rounds' ? 3 : 2)}`;
}

function tolerance(m: MetricResult): string {
  return isRate(m) ? `±${(100 * m.delta).toFixed(2)} pp` : `±${m.delta.toFixed(m.family === 'rounds' ? 3 : 2)}`;
}

/** The word for a metric's outcome in the fixed-sample tests. */
function status(m: MetricResult): string {
  if (m.status === 'shifted') return 'SHIFTED beyond δ';
  if (m.status === 'equivalent') return m.detectedSmallShift ? 'within δ (small shift detected)' : 'within δ';
  return m.detectedSmallShift ? 'undecided (shift detected)' : 'undecided';
}

const fmtP = (p: number) => (p < 1e-4 ? '<0.0001' : p.toFixed(4));

/** A log-likelihood ratio, 2 decimals (±∞ when the differences have no spread). */
function fmtLlr(x: number): string {
  if (x === Infinity) return '+∞';
  if (x === -Infinity) return '−∞';
  return x < 0 ? `−${(-x).toFixed(2)}` : x.toFixed(2);
}

/** One SPRT's state: H0 / H1 / continue, its LLR, and the look at which it stopped. */
function sprtCell(state: SprtState, llr: number, at: number | null): string {
  return `${state} ${fmtLlr(llr)}${at !== null ? ` @${at}` : ''}`;
}

/** The SPRT's word for a metric's outcome; ◀ marks the metric(s) that decided the scenario. */
function sprtStatus(m: MetricResult): string {
  const q = m.sequential!;
  const word =
    q.up === 'H1'
      ? 'SHIFTED: nearer +2δ than 0'
      : q.down === 'H1'
        ? 'SHIFTED: nearer −2δ than 0'
        : q.up === 'H0' && q.down === 'H0'
          ? 'no shift: nearer 0 than ±2δ'
          : 'undecided';
  return q.decisive ? `${word} ◀` : word;
}

/** The SPRT decided this scenario: its table shows the SPRTs, not the fixed-sample tests. */
const bySprt = (s: ScenarioCheck) => s.decidedBy === 'sprt';

function rows(s: ScenarioCheck): string[][] {
  return s.metrics.map((m) => {
    const common = [
      m.label,
      value(m, m.baseline),
      value(m, m.current),
      shift(m, m.shift),
      m.lower === null || m.upper === null ? 'none: one value in every deal' : `[${shift(m, m.lower)}, ${shift(m, m.upper)}]`,
      tolerance(m),
    ];
    const q = m.sequential;
    const sprt = q ? [sprtCell(q.up, q.llrUp, q.upAt), sprtCell(q.down, q.llrDown, q.downAt)] : [];
    if (bySprt(s)) return [...common, ...sprt, sprtStatus(m)];
    return [...common, fmtP(m.pBeyondHolm), fmtP(m.pEquivalent), ...sprt, status(m)];
  });
}

const COMMON_HEADER = ['metric', 'baseline', 'now', 'shift', '95% CI', 'tolerance δ'];
const FIXED_HEADER = ['p beyond δ (Holm)', 'p within δ (TOST)'];
const SPRT_HEADER = ['SPRT 0 vs +2δ (LLR)', 'SPRT 0 vs −2δ (LLR)'];

function header(s: ScenarioCheck): string[] {
  if (bySprt(s)) return [...COMMON_HEADER, ...SPRT_HEADER, 'outcome (SPRT)'];
  return [...COMMON_HEADER, ...FIXED_HEADER, ...(s.mode === 'sequential' ? SPRT_HEADER : []), 'outcome'];
}

function scenarioLine(s: ScenarioCheck): string {
  const how =
    s.mode === 'fixed'
      ? 'fixed sample'
      : s.decidedBy === 'sprt'
        ? 'sequential, decided by the SPRT'
        : 'sequential, reached the game limit: fixed-sample verdict';
  return `${s.verdict} — ${s.games} ${s.paired ? 'paired ' : ''}games of the ${s.baselineGames} in the baseline (${how}; seed ${JSON.stringify(s.seed)})`;
}

/** How to read the SPRT columns (sequential mode). */
function sprtLine(s: ScenarioCheck): string | null {
  if (!s.sprt) return null;
  const p = s.sprt;
  const marks = bySprt(s) ? '; ◀ marks the metric(s) that decided' : '';
  return (
    `SPRT per metric and direction (normal, variance from the data), looked at every ${p.lookEvery} games, α = ${p.alphaPerTest.toPrecision(3)} each (α/2m), β = ${p.beta}: ` +
    `H1 (shift of ±2δ accepted) at LLR ≥ ${fmtLlr(p.upper)}, H0 (no shift accepted) at LLR ≤ ${fmtLlr(p.lower)}, continue between; @n = the games at which it stopped${marks}`
  );
}

function pad(table: string[][]): string {
  const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
  return table
    .map((r) =>
      r
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function detail(s: ScenarioCheck): string[] {
  const lines: string[] = [];
  const sprt = sprtLine(s);
  if (sprt) lines.push(sprt);
  if (s.changes.length) lines.push(`changed since the baseline: ${s.changes.join('; ')}`);
  else lines.push('unchanged since the baseline (config and code hashes equal)');
  if (s.gamesNeeded !== null) {
    const rest = s.undecidable.length ? ' for the other undecided metrics' : '';
    lines.push(`games needed to decide${rest} (from the observed shifts and variance, 90% power): about ${s.gamesNeeded}`);
  }
  if (s.undecidable.length) {
    const labels = s.undecidable.map((id) => s.metrics.find((m) => m.id === id)?.label ?? id);
    lines.push(`cannot be decided at this shift (the observed shift is exactly ±δ, so no number of games would decide it): ${labels.join(', ')}`);
  }
  const small = s.metrics.filter((m) => m.detectedSmallShift);
  if (small.length)
    lines.push(
      `informational: shifts not shown beyond δ that are nonetheless detected (≠ 0, paired t, Holm): ${small.map((m) => `${m.label} ${shift(m, m.shift)}`).join(', ')}`,
    );
  lines.push(...s.notes);
  return lines;
}

export function textReport(r: CheckReport): string {
  const out: string[] = [];
  for (const s of r.scenarios) {
    out.push(`scenario ${s.name} (${s.file}): ${scenarioLine(s)}`);
    out.push(pad([header(s), ...rows(s)]).replace(/^/gm, '  '));
    for (const l of detail(s)) out.push(`  ${l}`);
    out.push('');
  }
  out.push(`goldpit check: ${r.verdict} (exit ${r.exitCode}) — ${verdictMeaning(r)}`);
  return `${out.join('\n')}\n`;
}

/**
 * What the overall verdict means, worded by what decided it: the fixed-sample tests (fixed mode, or
 * sequential mode at the game limit) or the SPRT. When scenarios were decided both ways, both readings
 * are given, each naming its scenarios.
 */
export function verdictMeaning(r: CheckReport): string {
  const a = r.alpha;
  const fixedWord = (v: Verdict) =>
    v === 'PASS'
      ? `every metric is within its tolerance (TOST at α = ${a})`
      : v === 'FAIL'
        ? `a metric moved beyond its tolerance (significant, Holm-corrected at α = ${a})`
        : 'not enough games to show every metric within its tolerance, and nothing moved beyond it';
  const sprtWord = (v: Verdict, s: ScenarioCheck) =>
    v === 'PASS'
      ? `every metric's sequential test accepted no shift against a shift of ±2δ: each shift is nearer 0 than 2δ (SPRT, α = ${a} over all metrics, β = ${s.sprt?.beta})`
      : `a metric's sequential test accepted a shift of ±2δ against none: the shift is nearer 2δ than 0 (SPRT, α = ${a} over all metrics, β = ${s.sprt?.beta}), not necessarily beyond δ`;
  // The scenarios that carry the verdict: the failing ones on FAIL, the inconclusive ones on INCONCLUSIVE, all on PASS.
  const carrying = r.scenarios.filter((s) => r.verdict === 'PASS' || s.verdict === r.verdict);
  const readings = new Map<string, string[]>();
  for (const s of carrying) {
    const text = bySprt(s)
      ? sprtWord(r.verdict, s)
      : s.mode === 'sequential'
        ? `${fixedWord(r.verdict)} (the sequential test reached the game limit undecided: fixed-sample tests on all its games)`
        : fixedWord(r.verdict);
    readings.set(text, [...(readings.get(text) ?? []), s.name]);
  }
  if (readings.size <= 1) return [...readings.keys()][0] ?? fixedWord(r.verdict);
  return [...readings].map(([text, names]) => `${names.join(', ')}: ${text}`).join('; ');
}

const md = (cell: string) => cell.replace(/\|/g, '\\|');

export function markdownReport(r: CheckReport): string {
  const out: string[] = [`## goldpit check: ${r.verdict}`, '', `${md(verdictMeaning(r))}. Baseline: \`${r.baseline}\`.`, ''];
  for (const s of r.scenarios) {
    const head = header(s);
    out.push(`### ${s.name}: ${s.verdict}`, '', scenarioLine(s).replace(/^\w+ — /, ''), '');
    out.push(`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`);
    for (const row of rows(s)) out.push(`| ${row.map(md).join(' | ')} |`);
    out.push('');
    for (const l of detail(s)) out.push(`- ${md(l)}`);
    out.push('');
  }
  return `${out.join('\n')}\n`;
}

export function jsonReport(r: CheckReport): string {
  return `${JSON.stringify(r, (_, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v), 2)}\n`;
}
