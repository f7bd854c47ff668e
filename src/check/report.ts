/**
 * What `goldpit check` prints: a plain-text table (stdout), the same as Markdown (for a CI job
 * summary) and JSON (for machines).
 */
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

const isRate = (m: MetricResult) => m.family === 'win-rate' || m.family === 'seat-win-rate' || m.family === 'race-share';

/** A metric's value: rates in percent, rounds to 3 decimals, gold to 2. */
function value(m: MetricResult, v: number): string {
  return isRate(m) ? `${(100 * v).toFixed(2)}%` : v.toFixed(m.family === 'rounds' ? 3 : 2);
}

/** A shift: rates in percentage points, signed. */
function shift(m: MetricResult, v: number): string {
  const sign = v > 0 ? '+' : v < 0 ? '−' : '±';
  const a = Math.abs(v);
  return isRate(m) ? `${sign}${(100 * a).toFixed(2)} pp` : `${sign}${a.toFixed(m.family === 'rounds' ? 3 : 2)}`;
}

function tolerance(m: MetricResult): string {
  return isRate(m) ? `±${(100 * m.delta).toFixed(2)} pp` : `±${m.delta.toFixed(m.family === 'rounds' ? 3 : 2)}`;
}

/** The word for a metric's outcome. */
function status(m: MetricResult): string {
  if (m.status === 'shifted') return 'SHIFTED beyond δ';
  if (m.status === 'equivalent') return m.detectedSmallShift ? 'within δ (small shift detected)' : 'within δ';
  return m.detectedSmallShift ? 'undecided (shift detected)' : 'undecided';
}

const fmtP = (p: number) => (p < 1e-4 ? '<0.0001' : p.toFixed(4));

function rows(s: ScenarioCheck): string[][] {
  return s.metrics.map((m) => [
    m.label,
    value(m, m.baseline),
    value(m, m.current),
    shift(m, m.shift),
    `[${shift(m, m.lower)}, ${shift(m, m.upper)}]`,
    tolerance(m),
    fmtP(m.pBeyondHolm),
    fmtP(m.pEquivalent),
    status(m),
  ]);
}

const HEADER = ['metric', 'baseline', 'now', 'shift', '95% CI', 'tolerance δ', 'p beyond δ (Holm)', 'p within δ (TOST)', 'outcome'];

function scenarioLine(s: ScenarioCheck): string {
  const how = s.mode === 'fixed' ? 'fixed sample' : s.decidedBy === 'sprt' ? 'sequential, decided by the SPRT' : 'sequential, reached the game limit';
  return `${s.verdict} — ${s.games} ${s.paired ? 'paired ' : ''}games of the ${s.baselineGames} in the baseline (${how}; seed ${JSON.stringify(s.seed)})`;
}

function pad(table: string[][]): string {
  const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
  return table.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd()).join('\n');
}

function detail(s: ScenarioCheck): string[] {
  const lines: string[] = [];
  if (s.changes.length) lines.push(`changed since the baseline: ${s.changes.join('; ')}`);
  else lines.push('unchanged since the baseline (config and code hashes equal)');
  if (s.gamesNeeded !== null) lines.push(`games needed to decide (from the observed variance): about ${s.gamesNeeded}`);
  const small = s.metrics.filter((m) => m.detectedSmallShift);
  if (small.length) lines.push(`informational: shifts within δ that are nonetheless detected: ${small.map((m) => `${m.label} ${shift(m, m.shift)}`).join(', ')}`);
  lines.push(...s.notes);
  return lines;
}

export function textReport(r: CheckReport): string {
  const out: string[] = [];
  for (const s of r.scenarios) {
    out.push(`scenario ${s.name} (${s.file}): ${scenarioLine(s)}`);
    out.push(pad([HEADER, ...rows(s)]).replace(/^/gm, '  '));
    for (const l of detail(s)) out.push(`  ${l}`);
    out.push('');
  }
  out.push(`goldpit check: ${r.verdict} (exit ${r.exitCode}) — ${verdictMeaning(r.verdict)}`);
  return `${out.join('\n')}\n`;
}

function verdictMeaning(v: Verdict): string {
  if (v === 'PASS') return 'every metric is within its tolerance';
  if (v === 'FAIL') return 'a metric moved beyond its tolerance (significant, Holm-corrected at α = 0.05)';
  return 'not enough games to show every metric within its tolerance, and nothing moved beyond it';
}

const md = (cell: string) => cell.replace(/\|/g, '\\|');

export function markdownReport(r: CheckReport): string {
  const out: string[] = [`## goldpit check: ${r.verdict}`, '', `${verdictMeaning(r.verdict)}. Baseline: \`${r.baseline}\`.`, ''];
  for (const s of r.scenarios) {
    out.push(`### ${s.name}: ${s.verdict}`, '', scenarioLine(s).replace(/^\w+ — /, ''), '');
    out.push(`| ${HEADER.join(' | ')} |`, `|${HEADER.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`);
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
