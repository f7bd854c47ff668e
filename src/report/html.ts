/**
 * report.html: one self-contained page from a run summary (and, when there is one, a card-impact
 * report). It opens offline from disk: no CDN, no web fonts, no scripts, no images. A
 * Content-Security-Policy meta tag forbids any network load, so a regression shows up as an error.
 *
 * Charts are inline SVG drawn here, not by a charting library: the page stays small, the tool gains
 * no dependency (and no script to run in the browser), the same inputs give the same bytes, and
 * vector charts print sharply. Tooltips are SVG <title> elements, which every browser shows on hover.
 *
 * Verdicts are sentences placed next to their numbers; "± x" is always the half-width of the 95%
 * interval, and an interval that contains 0 (or the equal share) is reported as "no detectable
 * effect" rather than as a small one.
 */
import type { ReportSection } from '../core/definition.js';
import { examplesSection } from './examples-html.js';
import { tensionSection } from './tension-html.js';
import type { CardDescriptive, CardImpact, ImpactReport, Interval, PairedEffect, ReportGame, RunSummary, SwingShare } from './types.js';
import { headlineMetrics, impactMetricWords, leadMetric, metricsInOrder, type MetricKey } from './impact-words.js';

// ─── text ────────────────────────────────────────────────────────────────────────────────────────

/** Escapes text for HTML element content and quoted attribute values (bot names come from files). */
export function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
export const esc = escapeHtml;

export const MINUS = '\u2212';
export const DASH = '\u2013';
export const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
/** Fixed digits with a typographic minus; a missing or non-finite number shows as an em dash. */
export const num = (x: number, digits = 1): string =>
  isNum(x)
    ? x
        .toFixed(digits)
        .replace(/^-(?=.*[1-9])/, MINUS)
        .replace(/^-/, '')
    : '\u2014';
export const signed = (x: number, digits = 1): string => (isNum(x) && Number(x.toFixed(digits)) > 0 ? `+${num(x, digits)}` : num(x, digits));
export const int = (x: number): string => (isNum(x) ? Math.round(x).toLocaleString('en-US') : '\u2014');
/** Wins (shared wins count 1/k, so they may be fractional): "1,718.3" or "1,710". */
const wins = (x: number): string =>
  isNum(x) && !Number.isInteger(x) ? x.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : int(x);
/** A proportion as a percentage: 0.3421 → "34.2%". */
export const pct = (x: number, digits = 1): string => (isNum(x) ? `${num(100 * x, digits)}%` : '\u2014');
/** A 95% interval of a proportion: "33.5–34.9%". */
export const pctRange = (ci: Interval, digits = 1): string => `${num(100 * ci[0], digits)}${DASH}${num(100 * ci[1], digits)}%`;
/** Half-width of a 95% interval, the "±" of every verdict. */
const halfWidth = (ci: Interval): number => (ci[1] - ci[0]) / 2;
const containsZero = (ci: Interval): boolean => ci[0] <= 0 && ci[1] >= 0;
export const validInterval = (ci: Interval | null | undefined): ci is Interval => Array.isArray(ci) && isNum(ci[0]) && isNum(ci[1]);

// ─── colours ─────────────────────────────────────────────────────────────────────────────────────

/** Colour-blind-friendly categorical palette; each bot keeps its colour in every chart and table. */
export const BOT_PALETTE = ['#4269d0', '#ef8a17', '#3ca951', '#d6404e', '#9a6fd0', '#8c6d31', '#e377c2', '#17a2b8'];
export const INK = '#1f2328';
export const MUTED = '#6a737d';
export const GRID = '#e6e8eb';
export const ACCENT = '#c2410c';

type Palette = (bot: string) => string;

function botPalette(summary: RunSummary): Palette {
  const order: string[] = [];
  const add = (bot: string) => {
    if (!order.includes(bot)) order.push(bot);
  };
  summary.bots.forEach((b) => add(b.bot));
  summary.lineup.forEach(add);
  summary.goldCurve.forEach((g) => add(g.bot));
  return (bot) => {
    const i = order.indexOf(bot);
    return i < 0 ? MUTED : BOT_PALETTE[i % BOT_PALETTE.length];
  };
}

export const swatch = (colour: string) => `<span class="swatch" style="background:${colour}"></span>`;

// ─── SVG toolkit ─────────────────────────────────────────────────────────────────────────────────

/** Coordinates rounded to 0.1 user units: sharp enough, and keeps the page small. */
export const c = (x: number): string => String(Math.round(x * 10) / 10);

/** A linear map from a data domain onto a pixel range. */
export function linear(domain: readonly [number, number], range: readonly [number, number]): (x: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  return (x) => r0 + ((x - d0) / span) * (r1 - r0);
}

/** A "nice" tick step (1, 2 or 5 times a power of ten) giving about `count` ticks over `span`. */
export function niceStep(span: number, count: number): number {
  const raw = Math.abs(span) / Math.max(1, count) || 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / magnitude;
  return (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * magnitude;
}

/** Widens [lo, hi] to whole tick steps and returns the domain with its ticks. */
export function niceAxis(lo: number, hi: number, count = 5): { domain: [number, number]; ticks: number[] } {
  if (!isNum(lo) || !isNum(hi)) [lo, hi] = [0, 1];
  if (hi <= lo) hi = lo + (Math.abs(lo) || 1);
  const step = niceStep(hi - lo, count);
  const d0 = Math.floor(lo / step + 1e-9) * step;
  const d1 = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let v = d0; v <= d1 + step * 1e-6; v += step) ticks.push(Number(v.toFixed(10)));
  return { domain: [d0, d1], ticks };
}

export const finite = (xs: readonly number[]): number[] => xs.filter(isNum);
export const min = (xs: readonly number[], fallback: number): number => (finite(xs).length ? Math.min(...finite(xs)) : fallback);
export const max = (xs: readonly number[], fallback: number): number => (finite(xs).length ? Math.max(...finite(xs)) : fallback);

/** Cuts long labels so they fit the label column; the full text stays in the tooltip. */
export const clip = (text: string, chars: number): string => (text.length > chars ? `${text.slice(0, chars - 1)}\u2026` : text);

export function svgOpen(name: string, width: number, height: number, label: string): string {
  return `<svg class="chart" data-chart="${esc(name)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${esc(label)}">`;
}

/** The visible stand-in for a chart whose data set is empty. */
export function noData(name: string, what: string): string {
  return `<p class="no-data" data-chart="${esc(name)}">No data: ${esc(what)}</p>`;
}

export const title = (text: string) => `<title>${esc(text)}</title>`;

/** "1 card", "3 cards": a count with its noun. */
export const countOf = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** An English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 103rd. */
export function ordinal(n: number): string {
  const teen = Math.floor(n / 10) % 10 === 1;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
/** "a", "a and b", "a, b and c". */
export const listOf = (items: readonly string[], conjunction = 'and'): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;

/** A counter's id in words for a table ("successfulUpgrades" → "successful upgrades"). */
export const counterWords = (id: string) => id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** Approximate width of a tick label in px (11px tabular digits), to keep an axis title clear of it. */
const tickWidth = (text: string) => 6.6 * text.length;

/** Vertical grid lines and tick labels along a horizontal axis at y = `bottom`. */
export function xAxis(
  ticks: number[],
  x: (v: number) => number,
  top: number,
  bottom: number,
  format: (v: number) => string,
  label: string,
  labelX: number,
): string {
  const parts = ticks.map(
    (t) =>
      `<line class="grid" x1="${c(x(t))}" x2="${c(x(t))}" y1="${c(top)}" y2="${c(bottom)}"/><text class="tick" x="${c(x(t))}" y="${c(bottom + 15)}" text-anchor="middle">${esc(format(t))}</text>`,
  );
  parts.push(`<text class="axis-label" x="${c(labelX)}" y="${c(bottom + 33)}" text-anchor="middle">${esc(label)}</text>`);
  return parts.join('');
}

/** Horizontal grid lines and tick labels along a vertical axis at x = `left`. */
export function yAxis(
  ticks: number[],
  y: (v: number) => number,
  left: number,
  right: number,
  format: (v: number) => string,
  label: string,
  labelY: number,
): string {
  const parts = ticks.map(
    (t) =>
      `<line class="grid" x1="${c(left)}" x2="${c(right)}" y1="${c(y(t))}" y2="${c(y(t))}"/><text class="tick" x="${c(left - 6)}" y="${c(y(t) + 4)}" text-anchor="end">${esc(format(t))}</text>`,
  );
  // Left of the widest tick label (at least 40 px from the axis), so a long count does not run into it.
  const widest = Math.max(0, ...ticks.map((t) => tickWidth(format(t))));
  parts.push(
    `<text class="axis-label" transform="translate(${c(Math.min(left - 40, left - 18 - widest))} ${c(labelY)}) rotate(-90)" text-anchor="middle">${esc(label)}</text>`,
  );
  return parts.join('');
}

/** An error bar: a horizontal whisker from lo to hi with end caps, at height y. */
export function whisker(x0: number, x1: number, y: number, cap = 5, cls = 'whisker'): string {
  return `<path class="${cls}" d="M${c(x0)},${c(y)}H${c(x1)}M${c(x0)},${c(y - cap)}V${c(y + cap)}M${c(x1)},${c(y - cap)}V${c(y + cap)}"/>`;
}

export function legend(items: readonly { label: string; colour: string; kind?: 'line' | 'band' | 'dash' }[], x: number, y: number): string {
  let at = x;
  return items
    .map((item) => {
      const mark =
        item.kind === 'band'
          ? `<rect x="${c(at)}" y="${c(y - 6)}" width="16" height="10" fill="${item.colour}" fill-opacity="0.2"/>`
          : `<line x1="${c(at)}" x2="${c(at + 16)}" y1="${c(y - 1)}" y2="${c(y - 1)}" stroke="${item.colour}" stroke-width="2.5"${item.kind === 'dash' ? ' stroke-dasharray="4 3"' : ''}/>`;
      const text = `<text class="legend" x="${c(at + 21)}" y="${c(y + 3)}">${esc(item.label)}</text>`;
      at += 21 + 6.6 * item.label.length + 18;
      return mark + text;
    })
    .join('');
}

/** Path of a polyline through points (skipping non-finite values). */
export function linePath(points: readonly [number, number][]): string {
  return points
    .filter(([px, py]) => isNum(px) && isNum(py))
    .map(([px, py], i) => `${i ? 'L' : 'M'}${c(px)},${c(py)}`)
    .join('');
}

/** Closed area between an upper and a lower line over the same x values. */
export function bandPath(upper: readonly [number, number][], lower: readonly [number, number][]): string {
  const ok = (p: [number, number]) => isNum(p[0]) && isNum(p[1]);
  const up = upper.filter(ok);
  const down = lower.filter(ok).reverse();
  if (up.length < 2 || down.length < 2) return '';
  return `${linePath(up)}${down.map(([px, py]) => `L${c(px)},${c(py)}`).join('')}Z`;
}

// ─── charts ──────────────────────────────────────────────────────────────────────────────────────

export const WIDTH = 720;

export interface IntervalRow {
  readonly label: string;
  readonly colour: string;
  readonly value: number;
  readonly ci: Interval;
  readonly tooltip: string;
  readonly strong?: boolean;
}

/**
 * Horizontal bars from 0 with 95% whiskers (win rates), and a dashed reference line (the equal share).
 */
function intervalBarChart(name: string, label: string, rows: readonly IntervalRow[], reference: number, referenceLabel: string): string {
  if (!rows.length) return noData(name, `${label} (nothing was played)`);
  const left = 150;
  const right = WIDTH - 70;
  const rowH = 30;
  const top = 26;
  const height = top + rows.length * rowH + 44;
  const bottom = top + rows.length * rowH;
  const hiAll = max([...rows.map((r) => (validInterval(r.ci) ? r.ci[1] : r.value)), reference], 1);
  const axis = niceAxis(0, hiAll * 1.05, 5);
  const x = linear(axis.domain, [left, right]);
  const out = [svgOpen(name, WIDTH, height, label)];
  out.push(xAxis(axis.ticks, x, top - 6, bottom, (v) => `${num(100 * v, 0)}%`, 'win rate (bars: estimate, whiskers: 95% interval)', (left + right) / 2));
  rows.forEach((r, i) => {
    const cy = top + i * rowH + rowH / 2;
    out.push(`<g>${title(r.tooltip)}`);
    out.push(`<text class="row-label${r.strong ? ' strong' : ''}" x="${left - 10}" y="${c(cy + 4)}" text-anchor="end">${esc(clip(r.label, 22))}</text>`);
    out.push(`<rect x="${c(x(0))}" y="${c(cy - 9)}" width="${c(Math.max(0, x(r.value) - x(0)))}" height="18" rx="2" fill="${r.colour}" fill-opacity="0.85"/>`);
    if (validInterval(r.ci)) out.push(whisker(x(r.ci[0]), x(r.ci[1]), cy, 6));
    const labelAt = validInterval(r.ci) ? Math.max(x(r.ci[1]), x(r.value)) : x(r.value);
    out.push(`<text class="value" x="${c(labelAt + 6)}" y="${c(cy + 4)}">${esc(pct(r.value))}</text>`);
    out.push('</g>');
  });
  const rx = x(reference);
  out.push(`<line class="reference" x1="${c(rx)}" x2="${c(rx)}" y1="${c(top - 10)}" y2="${c(bottom)}"/>`);
  out.push(`<text class="reference-label" x="${c(rx)}" y="${c(top - 14)}" text-anchor="middle">${esc(referenceLabel)}</text>`);
  out.push('</svg>');
  return out.join('');
}

/**
 * Diverging bars around 0 with 95% whiskers, in percentage points (seat advantage, card impact).
 */
/** Decimals that keep neighbouring tick labels apart (a step of 0.05 pp needs 2: never "−0.1 −0.1 0"). */
export function tickDigits(ticks: readonly number[], scale: number): number {
  if (ticks.length < 2) return 0;
  const step = Math.abs(ticks[1] - ticks[0]) * scale;
  return step >= 1 ? 0 : Math.min(6, Math.ceil(-Math.log10(step) - 1e-9));
}

function divergingChart(
  name: string,
  label: string,
  rows: readonly IntervalRow[],
  axisLabel: string,
  options: { bars: boolean; labelChars?: number; left?: number; scale?: number } = { bars: true },
): string {
  if (!rows.length) return noData(name, label);
  // Values are shown × scale (default 100: shares as percentage points).
  const scale = options.scale ?? 100;
  const left = options.left ?? 150;
  const right = WIDTH - 64;
  const rowH = options.bars ? 30 : 21;
  const top = 14;
  const bottom = top + rows.length * rowH;
  const height = bottom + 44;
  const lo = min(
    rows.flatMap((r) => (validInterval(r.ci) ? [r.ci[0], r.value] : [r.value])),
    0,
  );
  const hi = max(
    rows.flatMap((r) => (validInterval(r.ci) ? [r.ci[1], r.value] : [r.value])),
    0,
  );
  const extent = Math.max(Math.abs(lo), Math.abs(hi), 0.001);
  const axis = niceAxis(-extent, extent, 6);
  // Bars carry a value label at their outer end: keep a gutter so a negative one clears the row labels.
  const x = linear(axis.domain, [options.bars ? left + 56 : left, right]);
  const out = [svgOpen(name, WIDTH, height, label)];
  out.push(xAxis(axis.ticks, x, top - 4, bottom, (v) => (v === 0 ? '0' : signed(scale * v, tickDigits(axis.ticks, scale))), axisLabel, x(0)));
  out.push(`<line class="zero" x1="${c(x(0))}" x2="${c(x(0))}" y1="${c(top - 4)}" y2="${c(bottom)}"/>`);
  rows.forEach((r, i) => {
    const cy = top + i * rowH + rowH / 2;
    out.push(`<g${r.strong ? ' class="significant"' : ''}>${title(r.tooltip)}`);
    out.push(
      `<text class="row-label${r.strong ? ' strong' : ''}" x="${left - 10}" y="${c(cy + 4)}" text-anchor="end">${esc(clip(r.label, options.labelChars ?? 22))}</text>`,
    );
    if (options.bars) {
      const x0 = Math.min(x(0), x(r.value));
      out.push(`<rect x="${c(x0)}" y="${c(cy - 9)}" width="${c(Math.abs(x(r.value) - x(0)))}" height="18" rx="2" fill="${r.colour}" fill-opacity="0.85"/>`);
      if (validInterval(r.ci)) out.push(whisker(x(r.ci[0]), x(r.ci[1]), cy, 6));
      const outer =
        r.value >= 0
          ? Math.max(x(r.value), validInterval(r.ci) ? x(r.ci[1]) : -Infinity) + 6
          : Math.min(x(r.value), validInterval(r.ci) ? x(r.ci[0]) : Infinity) - 6;
      out.push(
        `<text class="value" x="${c(outer)}" y="${c(cy + 4)}" text-anchor="${r.value >= 0 ? 'start' : 'end'}">${esc(`${signed(scale * r.value)} pp`)}</text>`,
      );
    } else {
      if (validInterval(r.ci)) out.push(whisker(x(r.ci[0]), x(r.ci[1]), cy, 4, r.strong ? 'whisker strong' : 'whisker faint'));
      out.push(`<circle cx="${c(x(r.value))}" cy="${c(cy)}" r="4.5" fill="${r.strong ? r.colour : '#fff'}" stroke="${r.colour}" stroke-width="1.8"/>`);
    }
    out.push('</g>');
  });
  out.push('</svg>');
  return out.join('');
}

interface Series {
  readonly label: string;
  readonly colour: string;
  readonly points: readonly { readonly x: number; readonly y: number; readonly lo?: number; readonly hi?: number; readonly tip: string }[];
  readonly dash?: boolean;
}

/** Lines over rounds, with optional bands (lo–hi), drawn into a panel at (px, py) of size w × h. */
function linePanel(
  series: readonly Series[],
  context: readonly Series[],
  frame: { px: number; py: number; w: number; h: number; xDomain: [number, number]; xTicks: number[]; yDomain: [number, number]; yTicks: number[] },
  axisLabels: { x: string; y: string },
  format: (v: number) => string,
): string {
  const { px, py, w, h } = frame;
  const x = linear(frame.xDomain, [px, px + w]);
  const y = linear(frame.yDomain, [py + h, py]);
  const out: string[] = [];
  out.push(yAxis(frame.yTicks, y, px, px + w, format, axisLabels.y, py + h / 2));
  out.push(xAxis(frame.xTicks, x, py, py + h, (v) => String(v), axisLabels.x, px + w / 2).replace(/class="grid"/g, 'class="grid minor"'));
  for (const s of context) out.push(`<path class="context-line" d="${linePath(s.points.map((p) => [x(p.x), y(p.y)]))}">${title(`${s.label} (mean)`)}</path>`);
  for (const s of series) {
    if (s.points.some((p) => isNum(p.lo) && isNum(p.hi))) {
      const band = bandPath(
        s.points.map((p) => [x(p.x), y(p.hi ?? NaN)]),
        s.points.map((p) => [x(p.x), y(p.lo ?? NaN)]),
      );
      if (band)
        out.push(`<path d="${band}" fill="${s.colour}" fill-opacity="0.16" stroke="none">${title(`${s.label}: 80% of games between p10 and p90`)}</path>`);
    }
  }
  for (const s of series) {
    out.push(
      `<path d="${linePath(s.points.map((p) => [x(p.x), y(p.y)]))}" fill="none" stroke="${s.colour}" stroke-width="2.4" stroke-linejoin="round"${s.dash ? ' stroke-dasharray="5 4"' : ''}/>`,
    );
    for (const p of s.points) if (isNum(p.y)) out.push(`<circle cx="${c(x(p.x))}" cy="${c(y(p.y))}" r="3" fill="${s.colour}">${title(p.tip)}</circle>`);
  }
  return out.join('');
}

/** One panel per bot (mean gold line, p10–p90 band), all on the same scale; other bots in grey. */
function goldCurvesChart(summary: RunSummary, colour: Palette, game: ReportGame): string {
  const name = 'gold-curves';
  const { score } = game;
  const step = game.step.one;
  const curve = summary.goldCurve.filter((g) => isNum(g.round) && isNum(g.meanGold));
  if (!curve.length) return noData(name, `no ${score} curve was recorded`);
  const bots = [...new Set(curve.map((g) => g.bot))];
  const seriesOf = (bot: string): Series => ({
    label: bot,
    colour: colour(bot),
    points: curve
      .filter((g) => g.bot === bot)
      .sort((a, b) => a.round - b.round)
      .map((g) => ({
        x: g.round,
        y: g.meanGold,
        lo: g.p10,
        hi: g.p90,
        tip: `${g.bot}, after ${step} ${g.round}: mean ${num(g.meanGold)} ${score}; median ${num(g.p50, 0)}, p10${DASH}p90 ${num(g.p10, 0)}${DASH}${num(g.p90, 0)}`,
      })),
  });
  const all = bots.map(seriesOf);
  const rounds = curve.map((g) => g.round);
  const xDomain: [number, number] = [min(rounds, 1), Math.max(max(rounds, 1), min(rounds, 1) + 1)];
  const xTicks = stepTicks(rounds);
  const yAxisNice = niceAxis(
    0,
    max(
      curve.flatMap((g) => [g.p90, g.meanGold]),
      1,
    ),
    4,
  );
  const cols = bots.length === 1 ? 1 : 2;
  const rows = Math.ceil(bots.length / cols);
  const panelW = cols === 1 ? WIDTH - 90 : (WIDTH - 70 - 70) / 2;
  const panelH = 150;
  const gapY = 80;
  const height = 20 + rows * (panelH + gapY);
  const out = [svgOpen(name, WIDTH, height, `${capital(score)} after each ${step}, per bot: mean line and p10–p90 band`)];
  all.forEach((s, i) => {
    const px = 60 + (i % cols) * (panelW + 70);
    const py = 34 + Math.floor(i / cols) * (panelH + gapY);
    out.push(`<text class="panel-title" x="${c(px)}" y="${c(py - 12)}" fill="${s.colour}">${esc(clip(s.label, 30))}</text>`);
    out.push(
      linePanel(
        [s],
        all.filter((o) => o !== s),
        { px, py, w: panelW, h: panelH, xDomain, xTicks, yDomain: yAxisNice.domain, yTicks: yAxisNice.ticks },
        { x: step, y: score },
        (v) => num(v, 0),
      ),
    );
  });
  out.push('</svg>');
  return out.join('');
}

function winnerCurveChart(summary: RunSummary, game: ReportGame): string {
  const name = 'winner-curve';
  const { score } = game;
  const step = game.step.one;
  const points = summary.winnerCurve.filter((p) => isNum(p.round)).sort((a, b) => a.round - b.round);
  if (!points.length) return noData(name, 'no winner-vs-rest curve was recorded');
  const winner: Series = {
    label: 'eventual winner(s)',
    colour: INK,
    points: points.map((p) => ({
      x: p.round,
      y: p.winner,
      tip: `after ${step} ${p.round}: eventual winner(s) ${num(p.winner)} ${score}, everyone else ${num(p.rest)} (gap ${num(p.winner - p.rest)})`,
    })),
  };
  const rest: Series = {
    label: 'everyone else',
    colour: MUTED,
    dash: true,
    points: points.map((p) => ({ x: p.round, y: p.rest, tip: `after ${step} ${p.round}: everyone else ${num(p.rest)} ${score}` })),
  };
  const rounds = points.map((p) => p.round);
  const y = niceAxis(
    0,
    max(
      points.flatMap((p) => [p.winner, p.rest]),
      1,
    ),
    5,
  );
  const h = 190;
  const frame = {
    px: 60,
    py: 34,
    w: WIDTH - 90,
    h,
    xDomain: [min(rounds, 1), Math.max(max(rounds, 1), min(rounds, 1) + 1)] as [number, number],
    xTicks: stepTicks(rounds),
    yDomain: y.domain,
    yTicks: y.ticks,
  };
  const xs = linear(frame.xDomain, [frame.px, frame.px + frame.w]);
  const ys = linear(frame.yDomain, [frame.py + h, frame.py]);
  const gap = bandPath(
    points.map((p) => [xs(p.round), ys(p.winner)]),
    points.map((p) => [xs(p.round), ys(p.rest)]),
  );
  const out = [svgOpen(name, WIDTH, h + 34 + 44, `Mean ${score} of the eventual winner(s) vs everybody else`)];
  out.push(
    legend(
      [
        { label: 'eventual winner(s)', colour: INK },
        { label: 'everyone else', colour: MUTED, kind: 'dash' },
        { label: 'gap', colour: ACCENT, kind: 'band' },
      ],
      60,
      14,
    ),
  );
  if (gap)
    out.push(`<path d="${gap}" fill="${ACCENT}" fill-opacity="0.12" stroke="none">${title('the gap between the eventual winner(s) and everyone else')}</path>`);
  out.push(linePanel([winner, rest], [], frame, { x: step, y: `mean ${score}` }, (v) => num(v, 0)));
  out.push('</svg>');
  return out.join('');
}

function gameLengthChart(summary: RunSummary, game: ReportGame): string {
  const name = 'game-length';
  const steps = game.step.many;
  const shape = summary.gameShape;
  const dist = (shape?.lengthDistribution ?? summary.lengthDistribution).filter((d) => isNum(d.rounds) && isNum(d.games));
  const total = dist.reduce((a, d) => a + d.games, 0);
  if (!dist.length || total <= 0) return noData(name, 'no game lengths were recorded');
  let sorted = [...dist].sort((a, b) => a.rounds - b.rounds);
  // A game of many steps (GOLD's turns) lists hundreds of possible lengths: draw those between the
  // shortest and the longest game played.
  if (sorted.length > 20) {
    const firstPlayed = sorted.findIndex((d) => d.games > 0);
    let lastPlayed = sorted.length - 1;
    while (lastPlayed > firstPlayed && sorted[lastPlayed].games === 0) lastPlayed--;
    sorted = sorted.slice(firstPlayed, lastPlayed + 1);
  }
  const y = niceAxis(
    0,
    max(
      sorted.map((d) => d.games),
      1,
    ),
    4,
  );
  // Room for the widest game count and the axis title beside it (a million games: "1,000,000").
  const left = Math.max(64, 34 + Math.max(...y.ticks.map((t) => tickWidth(int(t)))));
  const right = WIDTH - 20;
  const top = 24;
  const h = 170;
  const ys = linear(y.domain, [top + h, top]);
  const slot = (right - left) / sorted.length;
  const barW = Math.min(44, slot * 0.72);
  // Labels at least ~30 px apart: every k-th tick, and shares only on bars wide enough to hold them.
  const tickEvery = Math.max(1, Math.ceil(30 / slot));
  const showShares = slot >= 26;
  const out = [svgOpen(name, WIDTH, top + h + 46, `Distribution of game length in ${steps}`)];
  out.push(yAxis(y.ticks, ys, left, right, (v) => int(v), 'games', top + h / 2));
  // The mean sits behind the bars, so a bar it crosses hides it rather than its label.
  const mean = shape?.meanLength ?? summary.meanLength;
  const first = sorted[0].rounds;
  const contiguous = sorted.every((d, i) => d.rounds === first + i);
  if (isNum(mean) && contiguous && mean >= first && mean <= sorted[sorted.length - 1].rounds) {
    const mx = left + slot * (mean - first + 0.5);
    out.push(`<g>${title(`mean length ${num(mean, 2)} ${steps}`)}<line class="mean" x1="${c(mx)}" x2="${c(mx)}" y1="${c(top - 14)}" y2="${c(top + h)}"/>`);
    out.push(`<text class="mean-label" x="${c(mx - 6)}" y="${c(top - 6)}" text-anchor="end">mean ${esc(num(mean, 2))} ${esc(steps)}</text></g>`);
  }
  sorted.forEach((d, i) => {
    const cx = left + slot * (i + 0.5);
    const share = d.games / total;
    out.push(`<g>${title(`${d.rounds} ${steps}: ${int(d.games)} games (${pct(share)})`)}`);
    out.push(`<rect x="${c(cx - barW / 2)}" y="${c(ys(d.games))}" width="${c(barW)}" height="${c(Math.max(0, ys(0) - ys(d.games)))}" rx="2" fill="#5b6b7f"/>`);
    // A tall bar carries its share inside, so the top of the chart stays free for the mean's label.
    const inside = ys(0) - ys(d.games) > h * 0.6;
    if (showShares && share >= 0.005)
      out.push(
        `<text class="value ${inside ? 'on-bar small' : 'small'}" x="${c(cx)}" y="${c(inside ? ys(d.games) + 14 : ys(d.games) - 5)}" text-anchor="middle">${esc(pct(share, share < 0.1 ? 1 : 0))}</text>`,
      );
    if (d.rounds % tickEvery === 0 || tickEvery === 1)
      out.push(`<text class="tick" x="${c(cx)}" y="${c(top + h + 15)}" text-anchor="middle">${esc(String(d.rounds))}</text>`);
    out.push('</g>');
  });
  out.push(`<line class="axis" x1="${left}" x2="${right}" y1="${c(ys(0))}" y2="${c(ys(0))}"/>`);
  out.push(`<text class="axis-label" x="${c((left + right) / 2)}" y="${c(top + h + 36)}" text-anchor="middle">${esc(steps)} played</text>`);
  out.push('</svg>');
  return out.join('');
}

/** Colours of the endings, in the game's order of endings. */
const ENDING_COLOURS = ['#d08c1f', '#5b6b7f', '#9a6fd0', '#3ca951', '#d6404e'];
const endingLabel = (game: ReportGame, key: string): string => {
  const e = game.endings[key];
  return e ? `${e.label} (${e.description})` : key;
};

function endingsChart(summary: RunSummary, game: ReportGame): string {
  const name = 'endings';
  const endings = Object.entries(summary.gameShape?.endings ?? summary.endings).filter(([, v]) => isNum(v.share) && v.share > 0);
  if (!endings.length) return noData(name, 'no game endings were recorded');
  const left = 20;
  const right = WIDTH - 20;
  const x = linear([0, 1], [left, right]);
  const order = Object.keys(game.endings);
  const out = [svgOpen(name, WIDTH, 92, `How games ended: ${order.map((k) => game.endings[k].label).join(' vs ')}`)];
  let at = 0;
  endings.forEach(([key, v], i) => {
    const fill = ENDING_COLOURS[(order.indexOf(key) + ENDING_COLOURS.length) % ENDING_COLOURS.length];
    const x0 = x(at);
    const x1 = x(at + v.share);
    out.push(
      `<g>${title(`${endingLabel(game, key)}: ${int(v.games)} games (${pct(v.share)})`)}<rect x="${c(x0)}" y="10" width="${c(Math.max(0, x1 - x0 - (i < endings.length - 1 ? 2 : 0)))}" height="34" fill="${fill}"/>`,
    );
    if (x1 - x0 > 60) out.push(`<text class="on-bar" x="${c(x0 + 10)}" y="32">${esc(`${game.endings[key]?.label ?? key} ${pct(v.share)}`)}</text>`);
    out.push('</g>');
    at += v.share;
  });
  out.push(`<line class="axis" x1="${left}" x2="${right}" y1="50" y2="50"/>`);
  for (const t of [0, 0.25, 0.5, 0.75, 1])
    out.push(
      `<line class="axis" x1="${c(x(t))}" x2="${c(x(t))}" y1="50" y2="55"/><text class="tick" x="${c(x(t))}" y="68" text-anchor="${t === 0 ? 'start' : t === 1 ? 'end' : 'middle'}">${pct(t, 0)}</text>`,
    );
  out.push(`<text class="axis-label" x="${c((left + right) / 2)}" y="86" text-anchor="middle">share of games</text>`);
  out.push('</svg>');
  return out.join('');
}

/** Colours of a step-counters section's lines, in its order of counters. */
const COUNTER_COLOURS = ['#3a7d8c', '#d6404e', '#5b6b7f', '#9a6fd0', '#3ca951', '#d08c1f'];

/** The mean per game of some per-step totals after each step (a game's `step-counters` section). */
function stepCountersChart(summary: RunSummary, game: ReportGame, section: Extract<ReportSection, { kind: 'step-counters' }>): string {
  const name = section.id;
  const step = game.step.one;
  const rows = (summary.gameShape?.perRound ?? []).filter((r) => isNum(r.round)).sort((a, b) => a.round - b.round);
  if (!rows.length) return noData(name, `no per-${step} counts were recorded`);
  const metrics = section.counters.map((key, i) => ({ key, label: game.stepCounters[key]?.label ?? key, colour: COUNTER_COLOURS[i % COUNTER_COLOURS.length] }));
  const series: Series[] = metrics.map((m, i) => ({
    label: m.label,
    colour: m.colour,
    // The third and later lines are dashed, so that they stay apart in print.
    dash: i >= 2,
    points: rows.map((r) => ({ x: r.round, y: r[m.key], tip: `${step} ${r.round}: ${num(r[m.key], 2)} ${m.label} per game` })),
  }));
  const steps = rows.map((r) => r.round);
  const y = niceAxis(
    0,
    max(
      rows.flatMap((r) => metrics.map((m) => r[m.key])),
      1,
    ),
    4,
  );
  const h = 170;
  const frame = {
    px: 60,
    py: 34,
    w: WIDTH - 90,
    h,
    xDomain: [min(steps, 1), Math.max(max(steps, 1), min(steps, 1) + 1)] as [number, number],
    xTicks: stepTicks(steps),
    yDomain: y.domain,
    yTicks: y.ticks,
  };
  const out = [svgOpen(name, WIDTH, h + 34 + 44, `${section.title} (mean per game)`)];
  out.push(
    legend(
      series.map((s) => ({ label: s.label, colour: s.colour, kind: s.dash ? ('dash' as const) : ('line' as const) })),
      60,
      14,
    ),
  );
  out.push(linePanel(series, [], frame, { x: step, y: 'mean per game' }, (v) => num(v, v % 1 ? 1 : 0)));
  out.push('</svg>');
  return out.join('');
}

/** Ticks of a step axis: every step up to 20 steps, else about ten round-numbered ones. */
export function stepTicks(steps: readonly number[]): number[] {
  const sorted = [...new Set(steps)].sort((a, b) => a - b);
  if (sorted.length <= 20) return sorted;
  return niceAxis(sorted[0], sorted[sorted.length - 1], 10).ticks.filter((t) => t >= sorted[0] && t <= sorted[sorted.length - 1]);
}

// ─── verdicts ────────────────────────────────────────────────────────────────────────────────────

/** "greedy wins 34.2% (33.5–34.9%), clearly above an equal share" — or no detectable difference. */
export function winRateVerdict(who: string, winRate: number, ci: Interval, equalShare: number): string {
  const head = `${who} wins ${pct(winRate)}${validInterval(ci) ? ` (${pctRange(ci)})` : ''}`;
  if (!validInterval(ci)) return `${head}; no interval was computed`;
  if (ci[0] > equalShare) return `${head}, clearly above an equal share`;
  if (ci[1] < equalShare) return `${head}, clearly below an equal share`;
  return `${head}: no detectable difference from an equal share (${pct(equalShare)})`;
}

/** "seat 1 wins 4.1 pp more than an equal share ± 0.6"; an interval containing 0 gives "no detectable effect". */
export function seatVerdict(seat: number, deviation: number, ci: Interval): string {
  const pp = Math.abs(100 * deviation);
  const hw = validInterval(ci) ? ` ± ${num(100 * halfWidth(ci))}` : '';
  if (!validInterval(ci) || containsZero(ci)) return `seat ${seat}: no detectable effect (${signed(100 * deviation)} pp${hw} against an equal share)`;
  return `seat ${seat} wins ${num(pp)} pp ${deviation > 0 ? 'more' : 'less'} than an equal share${hw}`;
}

/**
 * The interval of a seat's deviation from the equal share. The contract does not say whether
 * `seatAdvantage.seats[].ci95` bounds the deviation or the win rate; a win-rate interval can contain
 * its deviation only when it is wider than 1/players, so whichever of the two it contains decides.
 */
function deviationInterval(seat: { readonly winRate: number; readonly deviation: number; readonly ci95: Interval }, expected: number): Interval {
  const ci = seat.ci95;
  if (!validInterval(ci)) return ci;
  const holds = (v: number) => ci[0] <= v + 1e-12 && v - 1e-12 <= ci[1];
  if (!holds(seat.deviation) && holds(seat.winRate)) return [ci[0] - expected, ci[1] - expected];
  return ci;
}

/**
 * "card X raises the then-leader's win chance by 3.0 pp ± 1.1 per draw (significant after FDR control)".
 * Only an interval that excludes 0 is called an effect, and only one that survives Benjamini–Hochberg
 * is called significant.
 */
export function cardVerdict(
  card: string,
  effect: PairedEffect,
  metric: MetricKey,
  scope: 'per draw' | 'per game',
  cardsTested: number,
  game: ReportGame,
): string {
  const m = impactMetricWords(game)[metric];
  const est = effect.estimate * m.scale;
  const hw = validInterval(effect.ci95) ? ` ± ${num(halfWidth(effect.ci95) * m.scale, m.digits)}` : '';
  const unit = m.unit === '%' ? 'pp' : m.unit;
  if (metric === 'swing')
    return `card ${card} changes the winner in ${pct(effect.estimate)} of games${validInterval(effect.ci95) ? ` (${pctRange(effect.ci95)})` : ''} ${scope}`;
  if (!validInterval(effect.ci95) || containsZero(effect.ci95)) {
    return `card ${card}: no detectable effect on ${m.long} ${scope} (${signed(est, m.digits)} ${unit}${hw})`;
  }
  const verb = est > 0 ? 'raises' : 'lowers';
  const tail = effect.significant
    ? 'significant after FDR control'
    : `not significant after FDR control across ${countOf(cardsTested, 'card')}, ${pValue(effect.qValue, 'q')}; may be chance`;
  return `card ${card} ${verb} ${m.long} by ${num(Math.abs(est), m.digits)} ${unit}${hw} ${scope} (${tail})`;
}

/** The header fact "rules changed": each rule that differs from its default, or "none". */
export function rulesChanged(changedRules: Readonly<Record<string, unknown>> | undefined): string {
  const changed = Object.entries(changedRules ?? {});
  return changed.length
    ? `<ul class="rules">${changed.map(([k, v]) => `<li><code>${esc(k)}</code> = <code>${esc(JSON.stringify(v))}</code></li>`).join('')}</ul>`
    : 'none (every rule at its default)';
}

export const verdicts = (items: readonly string[]): string =>
  items.length ? `<ul class="verdicts">${items.map((v) => `<li>${esc(v)}</li>`).join('')}</ul>` : '';

// ─── sections ────────────────────────────────────────────────────────────────────────────────────

function header(summary: RunSummary, impact: ImpactReport | null, colour: Palette, run: RunFacts | null, game: ReportGame): string {
  const placeholder = (id: string) => (Object.hasOwn(game.placeholders, id) ? `<span class="note">${esc(game.placeholders[id])}</span>` : '');
  const fileOf = (bot: string) => summary.botFiles?.find((b) => b.bot === bot);
  const lineup = summary.lineup
    .map((bot, seat) => {
      const file = fileOf(bot);
      const source = file ? ` <span class="seat">${esc(file.file)}, sha256 <code>${esc(file.sha256.slice(0, 12))}</code>…</span>` : '';
      return `<li>${swatch(colour(bot))}<span class="seat">seat ${seat}</span> ${esc(bot)}${source}</li>`;
    })
    .join('');
  const otherIds = Object.entries(summary.dataIds ?? {}).filter(([k]) => k !== 'deckId');
  const facts: [string, string][] = [
    ['scenario', esc(summary.scenario)],
    ['game', esc(summary.game)],
    ['players', esc(summary.players)],
    ['line-up', `<ol class="lineup">${lineup}</ol>`],
    ['games', esc(int(summary.games))],
    ...(summary.stopping ? [['stopping rule', esc(summary.stopping.text.replace(/^stopping rule: /, ''))] as [string, string]] : []),
    ['seed', `<code>${esc(summary.seed)}</code>`],
    // A game without a deck (GOLD) has no deck row.
    ...(summary.deckId ? [['deck', `<code>${esc(summary.deckId)}</code>${placeholder(summary.deckId)}`] as [string, string]] : []),
    ...otherIds.map(([k, v]): [string, string] => [esc(k), `<code>${esc(v)}</code>${placeholder(v)}`]),
    ['rules changed', rulesChanged(summary.changedRules)],
    ...(summary.changedCards?.length
      ? [['cards changed', `<ul class="rules cards-changed">${summary.changedCards.map((c) => `<li>${esc(c)}</li>`).join('')}</ul>`] as [string, string]]
      : []),
    ['version', `goldpit ${esc(summary.version)}`],
  ];
  if (run) {
    const where = run.shards
      ? `${esc(run.shards)} shards added up, up to ${esc(run.workers)} worker${run.workers === 1 ? '' : 's'} each`
      : `${esc(run.workers)} worker${run.workers === 1 ? '' : 's'}`;
    facts.push([
      'wall time',
      `${esc(num(run.wallSeconds, 1))} s on ${where} (${esc(int((run.timedGames ?? summary.games) / run.wallSeconds))} games/s), ${esc(run.finishedAt)}`,
    ]);
  }
  if (run?.engine) {
    const { kernelGames, referenceGames } = run.engine;
    facts.push([
      'engine',
      `${esc(int(kernelGames))} games on the game's fast player, ${esc(int(referenceGames))} on the generic driver (the same games either way)`,
    ]);
  }
  if (impact) facts.push(['card impact', `${esc(int(impact.games))} paired games, seed <code>${esc(impact.seed)}</code>`]);
  const parameters =
    summary.parameters === undefined
      ? ''
      : `<details><summary>Resolved parameters (defaults included)</summary><pre>${esc(JSON.stringify(summary.parameters, null, 2))}</pre></details>`;
  const faults = `${timedBotsWarning(run)}${
    summary.faults.length
      ? `<div class="warning"><strong>Bot faults.</strong> ${summary.faults
          .map(
            (f) =>
              `Seat ${f.seat} (${esc(f.bot)}) faulted ${esc(int(f.count))} times, first in game ${esc(f.firstGame)} (${esc(f.request)}, ${esc(f.reason)}): ${esc(f.message)}.`,
          )
          .join(' ')} ${esc(game.faultRule)}</div>`
      : ''
  }`;
  return `<header>
<p class="kicker">goldpit \u00b7 balance report</p>
<h1>${esc(summary.scenario)}</h1>
<p class="lede">${esc(int(summary.games))} simulated games of ${esc(game.title)} with ${esc(summary.players)} players.</p>
<dl class="facts">${facts.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>
${parameters}${faults}
</header>`;
}

function keyFindings(summary: RunSummary, impact: ImpactReport | null, game: ReportGame): string {
  const items: string[] = [];
  const expected = 1 / summary.players;
  const best = [...summary.bots].sort((a, b) => b.winRate - a.winRate)[0];
  if (best) items.push(`Strongest bot: ${winRateVerdict(best.bot, best.winRate, best.ci95, expected)}.`);
  const adv = summary.seatAdvantage;
  if (adv && isNum(adv.chiSquared?.pValue)) {
    const equal = adv.chiSquared.pValue >= 0.05;
    items.push(
      `${equal ? 'No detectable difference between seats' : 'Seats do not win equally often'} (\u03c7\u00b2 test ${pValue(adv.chiSquared.pValue)}, Balance ${num(adv.balance, 3)})${adv.mirror ? '' : ' \u2014 but seats hold different bots, so this mixes seat and bot effects'}${adv.chiSquared.warning ? `; caution: ${adv.chiSquared.warning}` : ''}.`,
    );
  }
  const shape = summary.gameShape;
  const key = game.keyEnding === null ? undefined : (shape?.endings ?? summary.endings)[game.keyEnding];
  const keyLabel = game.keyEnding === null ? '' : (game.endings[game.keyEnding]?.label ?? game.keyEnding);
  if (shape && isNum(shape.meanLength))
    items.push(`A game lasts ${num(shape.meanLength, 1)} ${game.step.many} on average${key ? `; ${pct(key.share)} end by the ${keyLabel}` : ''}.`);
  if (impact) {
    // The game's headline metrics (GamePresentation.impactHeadline), each card's FDR-significant effects on them.
    const words = impactMetricWords(game);
    const tested = headlineMetrics(game).filter((m): m is Exclude<MetricKey, 'swing'> => m !== 'swing');
    const effects = impact.cards
      .map((k) => ({
        card: k.card,
        on: tested
          .filter((m) => k.perGame[m]?.significant)
          .map((m) => `${words[m].short} ${signed(k.perGame[m].estimate * words[m].scale, words[m].digits)} ${words[m].unit}`),
      }))
      .filter((k) => k.on.length > 0);
    const cards = game.chanceCards;
    const what = tested.map((m) => words[m].long);
    items.push(
      effects.length
        ? `${effects.length} of ${impact.cards.length} ${cards} change ${listOf(what, 'or')} detectably (per game, after FDR control): ${effects.map((k) => `${k.card} (${k.on.join(', ')})`).join('; ')}.`
        : `No ${cards.replace(/s$/, '')} changes ${listOf(what, 'or')} detectably (per game, after FDR control across ${countOf(impact.cards.length, 'card')}).`,
    );
  }
  return `<section id="in-short"><h2>In short</h2>${verdicts(items)}</section>`;
}

/** "p = 0.013", "p < 0.001" (also for q-values). */
export const pValue = (p: number, name = 'p'): string => (!isNum(p) ? `${name} = \u2014` : p < 0.001 ? `${name} < 0.001` : `${name} = ${num(p, 3)}`);

/** A table; `groups` adds a header row above, each group spanning that many columns. */
export function table(
  headers: readonly string[],
  rows: readonly string[][],
  options: { numeric?: readonly number[]; cls?: string; caption?: string; groups?: readonly (readonly [string, number])[] } = {},
): string {
  const numeric = new Set(options.numeric ?? []);
  const cell = (tag: 'th' | 'td', i: number, body: string) => `<${tag}${numeric.has(i) ? ' class="num"' : ''}>${body}</${tag}>`;
  return `<div class="table-wrap"><table${options.cls ? ` class="${options.cls}"` : ''}>${options.caption ? `<caption>${options.caption}</caption>` : ''}<thead>${options.groups ? `<tr class="group">${options.groups.map(([label, span]) => `<th colspan="${span}"${label ? ' class="span"' : ''}>${esc(label)}</th>`).join('')}</tr>` : ''}<tr>${headers.map((h, i) => cell('th', i, h)).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((v, i) => cell('td', i, v)).join('')}</tr>`)
    .join('')}</tbody></table></div>`;
}

function winRateSection(summary: RunSummary, colour: Palette, game: ReportGame): string {
  const expected = 1 / summary.players;
  const equal = `equal share ${pct(expected)}`;
  const botRows: IntervalRow[] = summary.bots.map((b) => ({
    label: b.bot,
    colour: colour(b.bot),
    value: b.winRate,
    ci: b.ci95,
    tooltip: `${b.bot}: ${pct(b.winRate)} of ${int(b.games)} seat-games${validInterval(b.ci95) ? `, 95% interval ${pctRange(b.ci95)}` : ''}`,
  }));
  const seatRows: IntervalRow[] = summary.seats.map((s) => ({
    label: `seat ${s.seat} \u00b7 ${s.bot}`,
    colour: colour(s.bot),
    value: s.winRate,
    ci: s.ci95,
    tooltip: `seat ${s.seat} (${s.bot}): ${pct(s.winRate)} of ${int(s.games)} games${validInterval(s.ci95) ? `, 95% interval ${pctRange(s.ci95)}` : ''}`,
  }));
  const botTable = table(
    ['bot', 'seats', 'seat-games', 'wins', 'win rate', '95% interval', `mean final<span class="unit">${esc(game.score)}</span>`, 'faults'],
    summary.bots.map((b) => [
      `${swatch(colour(b.bot))}${esc(b.bot)}`,
      esc(b.seats.join(', ')),
      int(b.games),
      wins(b.wins),
      pct(b.winRate),
      validInterval(b.ci95) ? pctRange(b.ci95) : '\u2014',
      num(b.meanFinalGold),
      b.faults ? `<strong class="bad">${int(b.faults)}</strong>` : '0',
    ]),
    { numeric: [2, 3, 4, 5, 6, 7] },
  );
  const seatTable = table(
    ['seat', 'bot', 'games', 'wins', 'win rate', '95% interval', `mean final<span class="unit">${esc(game.score)}</span>`],
    summary.seats.map((s) => [
      esc(String(s.seat)),
      `${swatch(colour(s.bot))}${esc(s.bot)}`,
      int(s.games),
      wins(s.wins),
      pct(s.winRate),
      validInterval(s.ci95) ? pctRange(s.ci95) : '\u2014',
      num(s.meanFinalGold),
    ]),
    { numeric: [2, 3, 4, 5, 6] },
  );
  return `<section id="win-rates">
<h2>Win rates</h2>
<p class="explain">A shared win counts 1/k for each of its k winners. Bars are estimates, whiskers 95% intervals (Wilson; Clopper\u2013Pearson for fewer than 10 wins or losses); the dashed line is the ${esc(equal)} (1 / ${esc(summary.players)} players).</p>
<h3>By bot</h3>
${intervalBarChart('bot-win-rates', 'Win rate by bot with 95% intervals', botRows, expected, equal)}
${verdicts(summary.bots.map((b) => winRateVerdict(b.bot, b.winRate, b.ci95, expected)))}
${botTable}
<h3>By seat</h3>
<p class="explain">Seats are numbered as in <code>seats.csv</code>, from 0 (the first bot of the line-up).</p>
${intervalBarChart('seat-win-rates', 'Win rate by seat with 95% intervals', seatRows, expected, equal)}
${seatTable}
</section>`;
}

function seatAdvantageSection(summary: RunSummary, colour: Palette): string {
  const adv = summary.seatAdvantage;
  if (!adv?.seats?.length) return `<section id="seat-advantage"><h2>Seat advantage</h2>${noData('seat-advantage', 'no seat advantage was computed')}</section>`;
  const botAt = (seat: number) => summary.seats.find((s) => s.seat === seat)?.bot ?? summary.lineup[seat] ?? '';
  const rows: IntervalRow[] = adv.seats.map((s) => {
    const ci = deviationInterval(s, adv.expected);
    return {
      label: `seat ${s.seat} \u00b7 ${botAt(s.seat)}`,
      colour: colour(botAt(s.seat)),
      value: s.deviation,
      ci,
      tooltip: `seat ${s.seat} (${botAt(s.seat)}): wins ${pct(s.winRate)}, ${signed(100 * s.deviation)} pp against the equal share${validInterval(ci) ? ` (95% interval ${signed(100 * ci[0])} to ${signed(100 * ci[1])} pp)` : ''}`,
    };
  });
  const chi = adv.chiSquared;
  const chiText = isNum(chi?.pValue)
    ? `\u03c7\u00b2 = ${num(chi.statistic, 2)} on ${esc(chi.df)} df, ${pValue(chi.pValue)}: ${chi.pValue < 0.05 ? 'seats do not win equally often' : 'no detectable difference between seats'}.${chi.warning ? ` Caution: ${chi.warning}.` : ''}`
    : 'The chi-squared test was not computed.';
  const balanceText = isNum(adv.balance)
    ? `Balance ${num(adv.balance, 3)} (Ludii: 1 \u2212 (largest \u2212 smallest seat win rate); 1 means every seat wins equally often).`
    : '';
  const mixed = adv.mirror
    ? '<p class="explain">Every seat holds the same bot (a mirror line-up), so differences here are seat effects.</p>'
    : '<p class="caution"><strong>Not a mirror line-up.</strong> Seats hold different bots, so seat differences mix seat and bot effects. Run a mirror scenario (every seat the same bot) to measure the seat advantage alone.</p>';
  return `<section id="seat-advantage">
<h2>Seat advantage</h2>
<p class="explain">Each seat\u2019s win rate minus the equal share ${esc(pct(adv.expected))}, in percentage points, with 95% intervals.</p>
${mixed}
${divergingChart('seat-advantage', 'Seat win rate minus the equal share, with 95% intervals', rows, 'difference from the equal share (percentage points)')}
${verdicts([...adv.seats.map((s) => seatVerdict(s.seat, s.deviation, deviationInterval(s, adv.expected))), chiText, balanceText].filter(Boolean))}
</section>`;
}

function goldSection(summary: RunSummary, colour: Palette, game: ReportGame): string {
  const { score } = game;
  const step = game.step.one;
  return `<section id="gold">
<h2>${esc(capital(score))} over the game</h2>
<p class="explain">${esc(capital(score))} after each ${esc(step)}. Lines are means; the shaded band holds the middle 80% of games (p10 to p90: exact quantiles of the integer ${esc(score)}, the inverse of the empirical distribution function, or inverted CDF: the smallest ${esc(score)} that at least p% of games do not exceed). A game that ended early carries its final ${esc(score)} forward. Other bots\u2019 means are drawn in grey for comparison.</p>
${goldCurvesChart(summary, colour, game)}
<h3>Eventual winners vs everyone else</h3>
<p class="explain">Mean ${esc(score)} after each ${esc(step)} of the player(s) who went on to win, and of everybody else. An early gap means the game is decided early.</p>
${winnerCurveChart(summary, game)}
</section>`;
}

/**
 * A table of per-step means: one column per step and one row per counter for a short game (up to 12
 * steps); for a long one (GOLD's turns) one row per step — every k-th and the last, at most 25 —
 * and one column per counter, so that it fits the page.
 */
function stepCountersTable(summary: RunSummary, game: ReportGame, counters: readonly string[]): string {
  const rows = summary.gameShape?.perRound ?? [];
  if (!rows.length) return '';
  const label = (key: string) => esc(game.stepCounters[key]?.label ?? key);
  if (rows.length <= 12) {
    return table(
      [esc(game.step.one), ...rows.map((r) => esc(String(r.round)))],
      counters.map((key) => [label(key), ...rows.map((r) => num(r[key], 2))]),
      { numeric: rows.map((_, i) => i + 1), cls: 'compact', caption: `Mean per game, by ${esc(game.step.one)}` },
    );
  }
  const every = Math.ceil(rows.length / 25);
  const shown = rows.filter((_, i) => i % every === every - 1 || i === rows.length - 1);
  return table(
    [esc(game.step.one), ...counters.map(label)],
    shown.map((r) => [esc(String(r.round)), ...counters.map((key) => num(r[key], 2))]),
    { numeric: counters.map((_, i) => i + 1), cls: 'compact', caption: `Mean per game, every ${every === 1 ? '' : `${ordinal(every)} `}${esc(game.step.one)}` },
  );
}

/** Per bot, the mean per seat-game of some counters (a game's `counter-table` section). */
function counterTable(summary: RunSummary, colour: Palette, game: ReportGame, section: Extract<ReportSection, { kind: 'counter-table' }>): string {
  const perGame = summary.perGame ?? {};
  const present = section.counters.filter((k) => perGame[k] !== undefined);
  if (!present.length) return `<p class="no-data">No ${esc(section.title.toLowerCase())} were recorded.</p>`;
  const share = section.share;
  const v = (k: string, bot: string) => perGame[k]?.[bot] ?? 0;
  if (present.length > 4) {
    // Many counters: one row each and one column per bot, so that the table fits the page.
    const bots = summary.bots.map((b) => b.bot);
    return table(
      ['counter', ...bots.map((b) => `${swatch(colour(b))}${esc(b)}`)],
      present.map((k) => [
        `<span title="${esc(game.counters[k]?.description ?? k)}">${esc(game.counters[k]?.label ?? k)}</span>`,
        ...bots.map((b) => num(v(k, b), 2)),
      ]),
      { numeric: bots.map((_, i) => i + 1), cls: 'compact', caption: esc(section.explain) },
    );
  }
  const headers = ['bot', ...present.map((k) => esc(game.counters[k]?.label ?? k)), ...(share ? [esc(share.label)] : [])];
  return table(
    headers,
    summary.bots.map((b) => {
      const cells = [`${swatch(colour(b.bot))}${esc(b.bot)}`, ...present.map((k) => num(v(k, b.bot), 2))];
      if (share) {
        const kept = v(share.of, b.bot);
        const broken = v(share.against, b.bot);
        cells.push(kept + broken > 0 ? pct(kept / (kept + broken), 0) : '\u2014');
      }
      return cells;
    }),
    { numeric: headers.map((_, i) => i).slice(1), caption: esc(section.explain) },
  );
}

/** The game's own sections (GamePresentation.sections), each drawn by its kind. */
function gameSections(summary: RunSummary, colour: Palette, game: ReportGame, hasImpact: boolean): string {
  return game.sections
    .map((section) => {
      switch (section.kind) {
        case 'step-counters':
          return `<section id="${esc(section.id)}">
<h2>${esc(section.title)}</h2>
<p class="explain">${esc(section.explain)}</p>
${stepCountersChart(summary, game, section)}
${stepCountersTable(summary, game, section.counters)}
</section>`;
        case 'counter-table':
          return `<section id="${esc(section.id)}">
<h2>${esc(section.title)}</h2>
${counterTable(summary, colour, game, section)}
</section>`;
        case 'chance-cards':
          return chanceCardSection(summary, hasImpact, game, section.id);
      }
    })
    .join('\n');
}

function shapeSection(summary: RunSummary, colour: Palette, game: ReportGame): string {
  const shape = summary.gameShape;
  if (!shape) return `<section id="shape"><h2>Shape of a game</h2>${noData('game-length', 'no game shape was recorded')}</section>`;
  const endings = shape.endings ?? summary.endings;
  const { score } = game;
  const step = game.step.one;
  const comebacks = shape.comebacks ?? [];
  const tiles: [string, string, string][] = [
    ['mean length', `${num(shape.meanLength, 2)} ${game.step.many}`, ''],
    ...Object.entries(game.endings).map(([key, e]): [string, string, string] => [`ended by the ${e.label}`, pct(endings[key]?.share ?? 0), e.description]),
    ['shared wins', pct(shape.sharedWinShare), 'games won jointly by tied players'],
    ['lead changes', num(shape.meanLeadChanges, 2), 'mean per game'],
    ...comebacks.map((cb): [string, string, string] => [`comebacks, ${step} ${cb.after}`, pct(cb.share), `winner was not leading after ${step} ${cb.after}`]),
    [`Gini of final ${score}`, num(shape.meanGini, 3), `0 = equal ${score}, 1 = one player has it all`],
  ];
  const counters = Object.entries(summary.perGame ?? {});
  const bots = summary.bots.map((b) => b.bot);
  const counterTableAll = counters.length
    ? table(
        ['counter', ...bots.map((b) => `${swatch(colour(b))}${esc(b)}`)],
        counters.map(([counter, byBot]) => [
          game.counters[counter]
            ? `<span title="${esc(game.counters[counter].description)}">${esc(game.counters[counter].label)}</span>`
            : esc(counterWords(counter)),
          ...bots.map((b) => num(byBot[b], 2)),
        ]),
        { numeric: bots.map((_, i) => i + 1), cls: 'compact', caption: 'Mean per seat-game, by bot' },
      )
    : '';
  const shapeVerdicts: string[] = [];
  if (comebacks.length && comebacks.every((cb) => isNum(cb.share))) {
    shapeVerdicts.push(
      `${comebacks.map((cb, i) => `${i === 0 ? 'In' : 'in'} ${pct(cb.share)} of games${i === 0 ? ' the winner was' : ''} not${i === 0 ? ' leading' : ''} after ${step} ${cb.after}`).join('; ')}.`,
    );
  }
  if (isNum(shape.meanLeadChanges)) shapeVerdicts.push(`The lead changes hands ${num(shape.meanLeadChanges, 1)} times in an average game.`);
  return `<section id="shape">
<h2>Shape of a game</h2>
<div class="tiles">${tiles.map(([k, v, note]) => `<div class="tile"><div class="tile-value">${esc(v)}</div><div class="tile-label">${esc(k)}</div>${note ? `<div class="tile-note">${esc(note)}</div>` : ''}</div>`).join('')}</div>
${verdicts(shapeVerdicts)}
<h3>Game length</h3>
${gameLengthChart(summary, game)}
<h3>How games end</h3>
${endingsChart(summary, game)}
<h3>Counters per bot</h3>
${counterTableAll || '<p class="no-data">No counters were recorded.</p>'}
</section>`;
}

function chanceCardSection(summary: RunSummary, hasImpact: boolean, game: ReportGame, id: string): string {
  const cards: readonly CardDescriptive[] = summary.chanceCards ?? [];
  const name = game.chanceCards;
  const step = game.step.one;
  const rows = cards.map((k) => {
    const diff = k.leaderWinRateDrawn - k.leaderWinRateNotDrawn;
    return [
      esc(k.card),
      int(k.draws),
      num(k.perGame, 3),
      signed(k.meanChange?.leader, 2),
      signed(k.meanChange?.middle, 2),
      signed(k.meanChange?.last, 2),
      // Every share with its sample: a 100% over 3 rounds is not a 100% over 3,000.
      `${pct(k.leaderWinRateDrawn)}<span class="unit">n = ${int(k.draws)}</span>`,
      k.notDrawn === undefined ? pct(k.leaderWinRateNotDrawn) : `${pct(k.leaderWinRateNotDrawn)}<span class="unit">n = ${int(k.notDrawn)}</span>`,
      signed(100 * diff),
    ];
  });
  return `<section id="${esc(id)}">
<h2>${esc(capital(name))}: what went with them <span class="label-correlational">correlational</span></h2>
<p class="caution"><strong>Correlational, not causal.</strong> These columns describe ${esc(game.step.many)} in which a card happened to be drawn. A card drawn late meets richer players and a decided game, so a difference here need not be the card\u2019s doing. ${hasImpact ? 'The card-impact section below' : 'A card-impact report'} compares the same games with and without each card and is the one to read for effects.</p>
${
  rows.length
    ? `<p class="explain"><em>${esc(capital(game.score))} change</em>: mean change over the ${esc(step)} of the draw for the player who was leading, in the middle or last when the card was drawn. <em>Leader wins</em>: win rate of the player leading when the card was drawn, against the leader at the same point of ${esc(game.step.many)} without it, each over n ${esc(game.step.many)}; \u0394 is the difference in percentage points. A share over few ${esc(game.step.many)} says little: read n first.</p>${table(
        ['card', 'draws', 'per game', 'leader', 'middle', 'last', 'drawn', 'not drawn', '\u0394 pp'],
        rows,
        {
          numeric: [1, 2, 3, 4, 5, 6, 7, 8],
          cls: 'compact',
          groups: [
            ['', 3],
            ['change, by rank at the draw', 3],
            ['leader wins', 3],
          ],
        },
      )}`
    : `<p class="no-data" data-chart="${esc(id)}">No data: no ${esc(name)} were drawn.</p>`
}
</section>`;
}

function impactCell(effect: PairedEffect | SwingShare | undefined, metric: MetricKey, game: ReportGame): string {
  if (!effect || !isNum(effect.estimate)) return '\u2014';
  const m = impactMetricWords(game)[metric];
  const ci = effect.ci95;
  const tip =
    metric === 'swing'
      ? `${pct(effect.estimate)}${validInterval(ci) ? `, 95% interval ${pctRange(ci)}` : ''}; n = ${int(effect.n)}`
      : `${signed(effect.estimate * m.scale, m.digits)} ${m.unit}${validInterval(ci) ? `, 95% interval ${signed(ci[0] * m.scale, m.digits)} to ${signed(ci[1] * m.scale, m.digits)}` : ''}; unadjusted ${pValue(effect.pValue ?? Number.NaN)}, FDR-adjusted ${pValue(effect.qValue ?? Number.NaN, 'q')}; n = ${int(effect.n)}`;
  // A small but clear effect needs more digits than the metric's usual: never a bold "+0.00 ± 0.00".
  let digits = m.digits;
  // An interval of width 0 (the card never changed this metric) is exact: "0.0 ± 0", not "0.0000 ± 0.0000".
  const exact = validInterval(ci) && halfWidth(ci) === 0;
  while (!exact && digits < 4 && validInterval(ci) && Number(num(halfWidth(ci) * m.scale, digits).replace(/[^\d.]/g, '')) === 0) digits++;
  const text =
    metric === 'swing'
      ? pct(effect.estimate)
      : `${signed(effect.estimate * m.scale, digits)}${validInterval(ci) ? `<span class="pm">\u2009\u00b1\u2009${exact ? '0' : num(halfWidth(ci) * m.scale, digits)}</span>` : ''}`;
  const sig = effect.significant === true;
  return `<span title="${esc(tip)}"${sig ? ' class="sig"' : ''}>${text}</span>`;
}

function impactTable(cards: readonly CardImpact[], scope: 'perGame' | 'perDraw', game: ReportGame, keys: readonly MetricKey[]): string {
  const METRICS = impactMetricWords(game);
  // "drawn in" is the per-draw sample size; the per-game table covers every game.
  const first = scope === 'perDraw' ? ['card', 'drawn in'] : ['card'];
  // The unit under the heading, unless the heading names it already (a spread of the game's score).
  const unit = (k: MetricKey) => (k === 'swing' ? '% of games' : METRICS[k].short.includes(METRICS[k].unit) ? '' : METRICS[k].unit);
  const headers = [...first, ...keys.map((k) => `${esc(METRICS[k].short)}${unit(k) ? `<span class="unit">${esc(unit(k))}</span>` : ''}`)];
  return table(
    headers,
    cards.map((k) => [esc(k.card), ...(scope === 'perDraw' ? [int(k.drawnIn)] : []), ...keys.map((m) => impactCell(k[scope]?.[m], m, game))]),
    { numeric: headers.map((_, i) => i).slice(1), cls: 'compact impact' },
  );
}

function impactSection(summary: RunSummary, impact: ImpactReport, game: ReportGame): string {
  const words = impactMetricWords(game);
  const lead = leadMetric(game);
  const leadWords = words[lead];
  const cards = [...impact.cards]
    .filter((k) => k.perGame?.[lead] && isNum(k.perGame[lead].estimate))
    .sort((a, b) => b.perGame[lead].estimate - a.perGame[lead].estimate || a.card.localeCompare(b.card));
  const rows: IntervalRow[] = cards.map((k) => {
    const e = k.perGame[lead];
    const at = (x: number) => `${signed(x * leadWords.scale, leadWords.digits)}`;
    return {
      label: k.card,
      colour: e.significant ? ACCENT : '#8b949e',
      value: e.estimate,
      // No interval (fewer than 2 games): NaN ends draw no whisker.
      ci: e.ci95 ?? [Number.NaN, Number.NaN],
      strong: e.significant,
      tooltip: `${k.card}: ${at(e.estimate)} ${leadWords.unit} per game${validInterval(e.ci95) ? ` (95% interval ${at(e.ci95[0])} to ${at(e.ci95[1])})` : ''}; ${pValue(e.qValue, 'q')}${e.significant ? ', significant after FDR control' : ''}; n = ${int(e.n)}`,
    };
  });
  const mismatch =
    impact.scenario !== summary.scenario || impact.deckId !== summary.deckId
      ? `<p class="caution">This impact report comes from scenario <code>${esc(impact.scenario)}</code> with deck <code>${esc(impact.deckId)}</code>, not from the run above.</p>`
      : '';
  // Verdicts on each tested headline metric: every card with a detectable per-draw effect, then one
  // line for the rest.
  const tested = impact.cards.length;
  const cardVerdicts = headlineMetrics(game)
    .filter((m): m is Exclude<MetricKey, 'swing'> => m !== 'swing')
    .flatMap((m) => {
      const detectable = impact.cards.filter((k) => validInterval(k.perDraw?.[m]?.ci95) && !containsZero(k.perDraw[m].ci95));
      const quiet = tested - detectable.length;
      return [
        ...[...detectable]
          .sort((a, b) => Math.abs(b.perDraw[m].estimate) - Math.abs(a.perDraw[m].estimate))
          .map((k) => cardVerdict(k.card, k.perDraw[m], m, 'per draw', tested, game)),
        ...(quiet
          ? [
              `${quiet === tested ? 'No' : `The other ${quiet}`} card${quiet === 1 ? '' : 's'}: no detectable effect on ${words[m].long} per draw (the 95% interval contains 0).`,
            ]
          : []),
      ];
    });
  const leadTitle = `Effect of each card on ${leadWords.long}, per game, with 95% intervals`;
  const head = headlineMetrics(game);
  const rest = metricsInOrder(game).filter((m) => !head.includes(m));
  const axis = `change in ${leadWords.long} (${leadWords.unit === 'pp' ? 'percentage points' : leadWords.unit})`;
  return `<section id="card-impact">
<h2>Card impact <span class="label-causal">paired counterfactual</span></h2>
<p class="explain">${esc(int(impact.games))} games were each played twice from the same seed: once as dealt and once with the card replaced by a blank. Effects are the mean of (as dealt \u2212 blanked) with 95% t intervals; <em>per game</em> averages over all games, <em>per draw</em> only over games that drew the card. The intervals are per card, not adjusted for testing ${esc(countOf(tested, 'card'))}; the highlighting is adjusted: highlighted cards stay significant after Benjamini\u2013Hochberg control of the false discovery rate at 5% across ${tested === 1 ? 'the one card' : `the ${esc(tested)} cards`}. So an interval may exclude 0 for a card that is not highlighted. ${esc(game.title)} is read first on ${esc(listOf(headlineMetrics(game).map((m) => words[m].long)))}.</p>
${mismatch}
<h3>Effect on ${esc(leadWords.long)}, per game</h3>
<p class="key"><span><span class="key-dot sig-dot"></span>significant after FDR control</span><span><span class="key-dot"></span>not significant</span><span>whiskers: 95% interval</span></p>
${divergingChart('card-impact', leadTitle, rows, axis, { bars: false, left: 170, scale: leadWords.scale })}
${verdicts(cardVerdicts)}
<h3>${esc(game.title)}\u2019s headline metrics, per game and per draw</h3>
<p class="explain">Estimate \u00b1 half-width of the 95% interval; bold = significant after FDR control; hover for the interval, the unadjusted p, the FDR-adjusted q and n. Intervals are unadjusted, bold is FDR-adjusted. Swing is a share of games (its interval is Wilson), not a difference: an observed count, not a test, so it has no p-value and is never bold.</p>
<p class="explain"><em>Per game</em></p>
${impactTable(cards, 'perGame', game, head)}
<p class="explain"><em>Per draw</em></p>
${impactTable(cards, 'perDraw', game, head)}
${
  rest.length
    ? `<h3>The other metrics, per game and per draw</h3>
<p class="explain"><em>Per game</em></p>
${impactTable(cards, 'perGame', game, rest)}
<p class="explain"><em>Per draw</em></p>
${impactTable(cards, 'perDraw', game, rest)}`
    : ''
}
</section>`;
}

// ─── page ────────────────────────────────────────────────────────────────────────────────────────

export const STYLE = `
:root{--ink:${INK};--muted:${MUTED};--grid:${GRID};--accent:${ACCENT};--paper:#fff;--wash:#f6f7f9}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--paper);color:var(--ink);font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;font-variant-numeric:tabular-nums}
main{max-width:760px;margin:0 auto;padding:40px 20px 64px}
h1{font-size:30px;line-height:1.2;margin:4px 0 6px;letter-spacing:-.01em}
h2{font-size:21px;margin:48px 0 10px;padding-top:18px;border-top:1px solid var(--grid);letter-spacing:-.005em}
h3{font-size:15px;margin:26px 0 6px;color:#3b4148}
p{margin:8px 0}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--wash);padding:1px 5px;border-radius:4px}
.kicker{margin:0;color:var(--muted);text-transform:uppercase;letter-spacing:.08em;font-size:12px;font-weight:600}
.lede{font-size:17px;color:#3b4148;margin:0 0 18px}
.facts{display:grid;grid-template-columns:130px 1fr;gap:6px 16px;margin:0;padding:16px 18px;background:var(--wash);border-radius:8px}
.facts dt{color:var(--muted);font-size:13px;padding-top:2px}
.facts dd{margin:0}
.note{display:block;font-size:13px;color:#8a5a00;margin-top:2px}
.lineup,.rules{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 18px}
.seat{color:var(--muted);font-size:13px;margin-right:2px}
.swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:6px;vertical-align:baseline}
details{margin:12px 0 0;font-size:14px}
summary{cursor:pointer;color:#3b4148}
pre{font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--wash);padding:12px;border-radius:6px;overflow:auto;max-height:360px}
.explain{color:#4b535c;font-size:14px}
.caution,.warning{font-size:14px;padding:10px 14px;border-radius:6px;background:#fff7e6;border-left:3px solid #d08c1f}
.warning{background:#fdecec;border-left-color:#d6404e;margin-top:14px}
.verdicts{margin:10px 0 14px;padding:0;list-style:none}
.verdicts li{position:relative;padding:3px 0 3px 18px}
.verdicts li::before{content:"";position:absolute;left:2px;top:.78em;width:7px;height:7px;border-radius:50%;background:var(--accent)}
#in-short .verdicts li{font-size:16px}
svg.chart{display:block;width:100%;height:auto;margin:10px 0 4px;overflow:visible}
svg.chart text{font-family:inherit;fill:var(--ink)}
svg.chart .tick{font-size:11px;fill:var(--muted)}
svg.chart .axis-label{font-size:12px;fill:var(--muted)}
svg.chart .row-label{font-size:13px}
svg.chart .strong{font-weight:600;fill:var(--accent)}
svg.chart .value{font-size:12px;font-weight:600}
svg.chart .cell{font-size:12px;font-weight:600}
svg.chart .value.small{font-size:10.5px;font-weight:500;fill:var(--muted)}
svg.chart .on-bar{font-size:13px;font-weight:600;fill:#fff}
svg.chart .legend{font-size:12px}
svg.chart .panel-title{font-size:14px;font-weight:600}
svg.chart .mean{stroke:var(--accent);stroke-width:1.5;stroke-dasharray:4 3}
svg.chart .mean-label{font-size:11px;font-weight:600;fill:var(--accent)}
svg.chart .value.on-bar.small{fill:#fff;font-weight:600}
svg.chart .reference-label{font-size:11px;fill:var(--muted)}
svg.chart .grid{stroke:var(--grid);stroke-width:1}
svg.chart .grid.minor{stroke:#f0f1f3}
svg.chart .axis{stroke:#b8bec6;stroke-width:1}
svg.chart .zero{stroke:#59616b;stroke-width:1.2}
svg.chart .reference{stroke:#59616b;stroke-width:1.2;stroke-dasharray:5 4}
svg.chart .whisker{stroke:var(--ink);stroke-width:1.5;fill:none}
svg.chart .whisker.faint{stroke:#8b949e}
svg.chart .whisker.strong{stroke:var(--accent);stroke-width:1.8}
svg.chart .context-line{fill:none;stroke:#d3d7dc;stroke-width:1.3}
.no-data{padding:22px;text-align:center;color:var(--muted);background:var(--wash);border:1px dashed #c9ced5;border-radius:8px;font-size:14px}
.table-wrap{overflow-x:auto;margin:12px 0}
table{border-collapse:collapse;width:100%;font-size:14px}
caption{caption-side:top;text-align:left;color:var(--muted);font-size:12.5px;padding-bottom:6px}
th{font-weight:600;font-size:12.5px;color:#3b4148;text-align:left;border-bottom:1.5px solid #c9ced5;padding:6px 8px;vertical-align:bottom}
td{padding:5px 8px;border-bottom:1px solid var(--grid)}
.num{text-align:right;white-space:nowrap}
table.compact{font-size:12.5px}
table.compact td,table.compact th{padding:4px 6px}
table.impact{font-size:12px}
table.impact td,table.impact th{padding:4px 5px}
.key{display:flex;gap:18px;font-size:12.5px;color:var(--muted);margin:6px 0 0}
.key-dot{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:6px;vertical-align:baseline;border:1.8px solid #8b949e;background:#fff}
.key-dot.sig-dot{border-color:var(--accent);background:var(--accent)}
td:first-child{white-space:nowrap}
tr.group th{border-bottom:0;padding-bottom:0;font-weight:500;color:var(--muted);font-size:11.5px;white-space:nowrap}
tr.group th.span{text-align:center;border-bottom:1px solid #c9ced5}
tr.group th+th.span{border-left:6px solid var(--paper)}
.unit{display:block;font-weight:400;color:var(--muted);font-size:11px}
.pm{color:var(--muted)}
.sig{font-weight:700;color:var(--accent)}
.sig .pm{color:inherit;font-weight:500}
.bad{color:#d6404e}
.label-correlational,.label-causal{display:inline-block;vertical-align:middle;font-size:11px;font-weight:600;letter-spacing:.06em;text-transform:uppercase;padding:2px 8px;border-radius:10px;margin-left:6px}
.label-correlational{background:#fff0d4;color:#8a5a00}
.label-causal{background:#e6f0ff;color:#2a4f9c}
.tiles{display:grid;grid-template-columns:repeat(4,1fr);gap:10px;margin:14px 0}
.tile{background:var(--wash);border-radius:8px;padding:10px 12px}
.tile-value{font-size:20px;font-weight:650;letter-spacing:-.01em}
.tile-label{font-size:12.5px;color:#3b4148}
.tile-note{font-size:11.5px;color:var(--muted);line-height:1.35;margin-top:2px}
footer{margin-top:56px;padding-top:14px;border-top:1px solid var(--grid);color:var(--muted);font-size:12.5px}
@media (max-width:640px){.tiles{grid-template-columns:repeat(2,1fr)}.facts{grid-template-columns:1fr}}
@media print{main{max-width:none;padding:0}.table-wrap{overflow:visible}table{font-size:8.5pt;width:100%}.num,td:first-child{white-space:normal}h2{break-after:avoid}svg.chart,.tiles,table,.verdicts{break-inside:avoid}details pre{max-height:none}body{font-size:11pt}}
`;

/**
 * The report page for one run; `impact` (the card-impact report) adds its section when given.
 * Pure: the same inputs give the same bytes (no timestamps).
 */
/** Facts of the run that are not results (kept out of summary.json, so re-runs stay identical). */
export interface RunFacts {
  readonly wallSeconds: number;
  readonly workers: number;
  /** ISO time the run finished. */
  readonly finishedAt: string;
  /** Games played on the fast kernel and on the reference engine (the same games either way), over all sessions of a resumed run. */
  readonly engine?: { readonly kernelGames: number; readonly referenceGames: number };
  /** The games `wallSeconds` covers, when not all (a run resumed from a checkpoint that did not record its time). */
  readonly timedGames?: number;
  /** Merged from this many shards: `wallSeconds` is their times added up. */
  readonly shards?: number;
  /** The scenario's changed and new cards (RunSummary.changedCards), when there are some. */
  readonly changedCards?: readonly string[];
  /** The scenario's bot files (RunSummary.botFiles: file and sha256), when there are some. */
  readonly botFiles?: RunSummary['botFiles'];
  /**
   * Bots that decided by the clock (a search's time budget, BotFactory.timed): the games depend on
   * the machine's speed and load, so the same command can give other results. Absent: none.
   */
  readonly timedBots?: readonly string[];
  /** The replay pages of the example games were written with the report (`run --replays`). */
  readonly replays?: boolean;
}

/** The warning a page shows for a run with bots that decide by the clock (RunFacts.timedBots), or ''. */
export function timedBotsWarning(run: RunFacts | null): string {
  const bots = run?.timedBots;
  if (bots === undefined || bots.length === 0) return '';
  return `<div class="warning"><strong>Not reproducible.</strong> ${bots.map((b) => `<code>${esc(b)}</code>`).join(', ')} decided by the clock (a time budget per decision): these games depend on the machine's speed and load, and the same command can give other results. Give the search an iteration budget (<code>iterations=N</code>) for reproducible games.</div>`;
}

/** The page around a report's body: the same head, style and security policy for every goldpit page. */
export function htmlPage(pageTitle: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${esc(pageTitle)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** A capitalised word ("gold" → "Gold"). */
export const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The page of one run (and its card impact, if any), in the words of its game (`game`). */
export function renderReport(summary: RunSummary, impact: ImpactReport | null, run: RunFacts | null, game: ReportGame): string {
  const colour = botPalette(summary);
  const body = [
    header(summary, impact, colour, run, game),
    keyFindings(summary, impact, game),
    winRateSection(summary, colour, game),
    seatAdvantageSection(summary, colour),
    goldSection(summary, colour, game),
    shapeSection(summary, colour, game),
    tensionSection(summary, game),
    gameSections(summary, colour, game, impact !== null),
    impact ? impactSection(summary, impact, game) : '',
    examplesSection(summary, game, run),
    `<footer>goldpit ${esc(summary.version)} \u00b7 scenario ${esc(summary.scenario)} \u00b7 seed <code>${esc(summary.seed)}</code>${summary.deckId ? ` \u00b7 deck <code>${esc(summary.deckId)}</code>` : ''}. Self-contained page: no scripts, fonts or images are loaded. \u00b1 is the half-width of a 95% interval; pp = percentage points.</footer>`,
  ].join('\n');
  return htmlPage(`${summary.scenario} \u00b7 goldpit balance report`, body);
}
