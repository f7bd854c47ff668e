/**
 * sweep.html: one self-contained page for a parameter sweep (sweep.json), in the style of the run
 * report (the same head, style sheet, security policy and SVG toolkit from html.ts; no scripts, no
 * fonts, no images). `goldpit balance` renders its search the same way and adds its own sections.
 *
 * What the page shows, for a designer asking "what does this parameter do?":
 * - response curves: each metric against each varied factor, with 95% interval bands — along the
 *   factor's slice through the reference point in a grid (every other factor at its reference
 *   value), as points with interval bars for a non-numeric factor, as a scatter for a Latin hypercube;
 * - heat maps over the first two factors of a grid (the seat spread, or the first win rate, and the
 *   key ending's share);
 * - the paired difference of every metric to the reference point, with intervals (every point plays
 *   the same deals, so these are far tighter than the differences of the estimates);
 * - a table of every point and metric, and the verdicts (sweep-verdicts.ts).
 *
 * Charts are hand-drawn SVG like report.html's; docs/report.md ("The sweep page") gives the
 * measurements against Vega-Lite that decided it. Pure: the same sweep gives the same bytes.
 */
import {
  ACCENT,
  BOT_PALETTE,
  bandPath,
  c,
  clip,
  DASH,
  esc,
  htmlPage,
  int,
  isNum,
  legend,
  linePath,
  linear,
  niceAxis,
  noData,
  num,
  signed,
  svgOpen,
  swatch,
  table,
  title,
  verdicts,
  WIDTH,
  xAxis,
  yAxis,
} from './html.js';
import { dataIdRows } from './data-ids.js';
import type { SweepEstimate, SweepFactor, SweepJson, SweepMetric, SweepPoint, SweepValue } from './sweep-types.js';
import { describePoint, formatValue, isMirrorSweep, referenceOf, sliceOf, sweepVerdicts } from './sweep-verdicts.js';

export { sweepVerdicts } from './sweep-verdicts.js';
export type { SweepJson } from './sweep-types.js';

// ─── numbers in a metric's unit ──────────────────────────────────────────────────────────────────

/** An estimate in its unit: shares in %, lengths and scores with two decimals. */
function valueText(metric: SweepMetric, x: number): string {
  return metric.unit === 'share' ? `${num(100 * x, 1)}%` : num(x, 2);
}

/** A difference in its unit: shares in percentage points, signed. */
function diffText(metric: SweepMetric, x: number): string {
  return metric.unit === 'share' ? `${signed(100 * x, 1)} pp` : signed(x, 2);
}

/** An interval in its unit, "33.5–34.9%" or "9.41–9.63". */
function rangeText(metric: SweepMetric, lo: number, hi: number, diff = false): string {
  if (metric.unit === 'share')
    return `${diff ? signed(100 * lo, 1) : num(100 * lo, 1)}${DASH}${diff ? signed(100 * hi, 1) : num(100 * hi, 1)}${diff ? ' pp' : '%'}`;
  return `${diff ? signed(lo, 2) : num(lo, 2)}${DASH}${diff ? signed(hi, 2) : num(hi, 2)}`;
}

/** Digits that tell ticks `step` apart: 0 for a step of 1 or more, 1 for 0.1, 2 for 0.01 … (at most 4). */
const digitsFor = (step: number): number => Math.min(4, Math.max(0, Math.ceil(-Math.log10(step) - 1e-9)));

/** Tick labels of a metric's axis: shares in % (differences in pp), with as many digits as the tick step needs. */
function tickFormat(metric: SweepMetric, ticks: readonly number[], diff: boolean): (v: number) => string {
  const step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) : 1;
  const scale = metric.unit === 'share' ? 100 : 1;
  const digits = digitsFor(step * scale);
  if (diff) return (v) => (v === 0 ? '0' : signed(scale * v, digits));
  return metric.unit === 'share' ? (v) => `${num(100 * v, digits)}%` : (v) => num(v, digits);
}

const hasInterval = (e: SweepEstimate | undefined): e is SweepEstimate & { lo: number; hi: number } => !!e && isNum(e.estimate) && isNum(e.lo) && isNum(e.hi);
const hasDiff = (e: SweepEstimate | undefined): e is SweepEstimate & { diff: number; diffLo: number; diffHi: number } =>
  !!e && isNum(e.diff) && isNum(e.diffLo) && isNum(e.diffHi);

// ─── what is drawn against what ──────────────────────────────────────────────────────────────────

/** How a factor's values map onto the x axis: numbers on a linear axis, anything else by position. */
interface FactorAxis {
  readonly at: (point: SweepPoint) => number;
  readonly domain: [number, number];
  readonly ticks: number[];
  readonly format: (v: number) => string;
  /** Points are joined by a line and a band (numeric slice), or drawn apart with interval bars. */
  readonly joined: boolean;
}

/**
 * A factor's values that the points take, in the factor's order (numbers ascending): the listed
 * values first, then any other a point has (the scenario's own value, when the sweep added it as
 * the reference point).
 */
function valuesAt(factor: SweepFactor, points: readonly SweepPoint[]): SweepValue[] {
  const taken = new Set(points.map((p) => p.values[factor.path]));
  const out = [...factor.values.filter((v) => taken.has(v)), ...[...taken].filter((v) => !factor.values.includes(v))];
  return factor.numeric ? out.sort((a, b) => Number(a) - Number(b)) : out;
}

function factorAxis(factor: SweepFactor, points: readonly SweepPoint[], joined: boolean): FactorAxis {
  if (factor.numeric) {
    const xs = points.map((p) => Number(p.values[factor.path])).filter(isNum);
    const distinct = [...new Set(xs)].sort((a, b) => a - b);
    const lo = distinct[0] ?? 0;
    const hi = distinct[distinct.length - 1] ?? 1;
    // Few values: a tick at each (the values the designer chose); many: round-numbered ticks.
    const ticks = distinct.length <= 12 ? distinct : niceAxis(lo, hi, 8).ticks.filter((t) => t >= lo && t <= hi);
    const pad = hi > lo ? (hi - lo) * 0.04 : 0.5;
    return { at: (p) => Number(p.values[factor.path]), domain: [lo - pad, hi + pad], ticks, format: (v) => formatValue(v), joined };
  }
  const values = valuesAt(factor, points);
  return {
    at: (p) => values.indexOf(p.values[factor.path]),
    domain: [-0.5, values.length - 0.5],
    ticks: values.map((_, i) => i),
    format: (i) => clip(formatValue(values[i] ?? ''), 14),
    joined: false,
  };
}

/** One line (or one set of points) in a panel: a metric's estimates or differences over the points. */
interface Track {
  readonly label: string;
  readonly colour: string;
  readonly metric: SweepMetric;
}

interface PanelFrame {
  readonly px: number;
  readonly py: number;
  readonly w: number;
  readonly h: number;
}

/** The value a track draws at a point: the estimate and its interval, or the paired difference and its interval. */
function drawn(point: SweepPoint, metric: SweepMetric, diff: boolean): { y: number; lo: number; hi: number } | null {
  const e = point.metrics[metric.id];
  if (!diff) {
    if (!hasInterval(e)) return null;
    // A share lies in [0, 1]: a normal-approximation interval of a small sample may not, the axis should.
    if (metric.unit === 'share') return { y: e.estimate, lo: Math.max(0, e.lo), hi: Math.min(1, e.hi) };
    return { y: e.estimate, lo: e.lo, hi: e.hi };
  }
  if (hasDiff(e)) return { y: e.diff, lo: e.diffLo, hi: e.diffHi };
  // The reference point's difference to itself is 0 by definition (sweep.json leaves it null).
  return e && e.diff === null ? { y: 0, lo: 0, hi: 0 } : null;
}

/**
 * A panel of tracks against a factor: lines with 95% bands along a numeric slice, otherwise points
 * with vertical 95% bars (nudged apart when several tracks share an x). `line` draws a dashed
 * horizontal reference (the equal share, or 0 for differences); the reference point's x is marked.
 */
function panel(
  sweep: SweepJson,
  points: readonly SweepPoint[],
  tracks: readonly Track[],
  axis: FactorAxis,
  frame: PanelFrame,
  options: { diff: boolean; line?: { y: number; label: string }; xLabel: string; yLabel: string },
): string {
  const { px, py, w, h } = frame;
  const values = tracks.flatMap((t) => points.flatMap((p) => drawn(p, t.metric, options.diff) ?? []));
  const ys = values.flatMap((v) => [v.lo, v.hi, v.y]).filter(isNum);
  if (options.line) ys.push(options.line.y);
  const lo = ys.length ? Math.min(...ys) : 0;
  const hi = ys.length ? Math.max(...ys) : 1;
  const span = hi - lo || Math.abs(hi) || 0.01;
  const yNice = niceAxis(lo - span * 0.05, hi + span * 0.05, 4);
  const x = linear(axis.domain, [px, px + w]);
  const y = linear(yNice.domain, [py + h, py]);
  const out: string[] = [];
  out.push(yAxis(yNice.ticks, y, px, px + w, tickFormat(tracks[0].metric, yNice.ticks, options.diff), options.yLabel, py + h / 2));
  out.push(xAxis(axis.ticks, x, py, py + h, axis.format, options.xLabel, px + w / 2).replace(/class="grid"/g, 'class="grid minor"'));
  if (options.line) {
    const ly = y(options.line.y);
    out.push(
      `<line class="${options.diff ? 'zero' : 'reference'}" x1="${c(px)}" x2="${c(px + w)}" y1="${c(ly)}" y2="${c(ly)}">${title(options.line.label)}</line>`,
    );
  }
  const ref = referenceOf(sweep);
  if (points.includes(ref)) {
    const rx = x(axis.at(ref));
    out.push(
      `<line class="reference" x1="${c(rx)}" x2="${c(rx)}" y1="${c(py)}" y2="${c(py + h)}">${title(`reference point: ${describePoint(sweep, ref)}`)}</line>`,
    );
  }
  const sorted = [...points].sort((a, b) => axis.at(a) - axis.at(b));
  tracks.forEach((track, k) => {
    const at = sorted.flatMap((p) => {
      const v = drawn(p, track.metric, options.diff);
      return v ? [{ p, v }] : [];
    });
    const tip = ({ p, v }: { p: SweepPoint; v: { y: number; lo: number; hi: number } }) =>
      `${track.label} at ${describePoint(sweep, p)}: ${options.diff ? `${diffText(track.metric, v.y)} against the reference` : valueText(track.metric, v.y)}, 95% interval ${rangeText(track.metric, v.lo, v.hi, options.diff)}; ${int(p.games)} games`;
    if (axis.joined && at.length >= 2) {
      const band = bandPath(
        at.map(({ p, v }) => [x(axis.at(p)), y(v.hi)]),
        at.map(({ p, v }) => [x(axis.at(p)), y(v.lo)]),
      );
      if (band) out.push(`<path d="${band}" fill="${track.colour}" fill-opacity="0.16" stroke="none">${title(`${track.label}: 95% interval`)}</path>`);
      out.push(
        `<path d="${linePath(at.map(({ p, v }) => [x(axis.at(p)), y(v.y)]))}" fill="none" stroke="${track.colour}" stroke-width="2.2" stroke-linejoin="round"/>`,
      );
      for (const a of at) out.push(`<circle cx="${c(x(axis.at(a.p)))}" cy="${c(y(a.v.y))}" r="3" fill="${track.colour}">${title(tip(a))}</circle>`);
    } else {
      // Several tracks at one x are nudged apart so that their bars do not hide each other.
      const nudge = (k - (tracks.length - 1) / 2) * Math.min(6, ((w / Math.max(1, axis.ticks.length)) * 0.5) / Math.max(1, tracks.length));
      for (const a of at) {
        const cx = x(axis.at(a.p)) + nudge;
        out.push(
          `<g>${title(tip(a))}<path fill="none" stroke="${track.colour}" stroke-width="1.5" d="M${c(cx)},${c(y(a.v.lo))}V${c(y(a.v.hi))}M${c(cx - 3)},${c(y(a.v.lo))}H${c(cx + 3)}M${c(cx - 3)},${c(y(a.v.hi))}H${c(cx + 3)}"/><circle cx="${c(cx)}" cy="${c(y(a.v.y))}" r="3.2" fill="${track.colour}"/></g>`,
        );
      }
    }
  });
  return out.join('');
}

/** One chart: one panel of several tracks (win rates), with a legend above. */
function trackChart(
  sweep: SweepJson,
  name: string,
  label: string,
  points: readonly SweepPoint[],
  tracks: readonly Track[],
  axis: FactorAxis,
  options: { diff: boolean; line?: { y: number; label: string }; xLabel: string; yLabel: string },
): string {
  if (!tracks.length || !points.length) return noData(name, label);
  const legendRows = Math.ceil(tracks.length / 5);
  const top = 22 + legendRows * 18;
  const h = 200;
  const out = [svgOpen(name, WIDTH, top + h + 44, label)];
  for (let row = 0; row < legendRows; row++) {
    const items = tracks.slice(row * 5, row * 5 + 5).map((t) => ({ label: t.label, colour: t.colour }));
    out.push(legend(items, 64, 14 + row * 18));
  }
  out.push(panel(sweep, points, tracks, axis, { px: 64, py: top, w: WIDTH - 84, h }, options));
  out.push('</svg>');
  return out.join('');
}

/**
 * A panel's title, whole: on one line when it fits the panel (14 px semibold, about 8 px a
 * character), else its explanation in brackets on a second, smaller line above the panel; only a
 * line still too long for the panel is clipped, and the full label is the tooltip.
 */
export function panelTitle(label: string, px: number, py: number, width: number): string {
  const fits = (text: string, perChar: number) => text.length * perChar <= width;
  const short = label.replace(/\s*\(.*\)$/, '');
  if (fits(label, 8) || short === label) {
    return `<text class="panel-title" x="${c(px)}" y="${c(py - 12)}">${title(label)}${esc(fits(label, 8) ? label : clip(label, Math.floor(width / 8)))}</text>`;
  }
  const rest = label.slice(short.length).trim();
  return (
    `<text class="panel-title" x="${c(px)}" y="${c(py - 28)}">${title(label)}${esc(fits(short, 8) ? short : clip(short, Math.floor(width / 8)))}</text>` +
    `<text class="legend" x="${c(px)}" y="${c(py - 12)}">${esc(fits(rest, 6.5) ? rest : clip(rest, Math.floor(width / 6.5)))}</text>`
  );
}

/** Small multiples: one panel per metric, two to a row, each on its own scale. */
function panelsChart(
  sweep: SweepJson,
  name: string,
  label: string,
  points: readonly SweepPoint[],
  metrics: readonly SweepMetric[],
  axis: FactorAxis,
  options: { diff: boolean; xLabel: string; equal: number },
): string {
  if (!metrics.length || !points.length) return noData(name, label);
  const cols = metrics.length === 1 ? 1 : 2;
  const panelW = cols === 1 ? WIDTH - 84 : (WIDTH - 64 - 76 - 20) / 2;
  const panelH = 130;
  const gapY = 86;
  const rows = Math.ceil(metrics.length / cols);
  const out = [svgOpen(name, WIDTH, 20 + rows * (panelH + gapY) - 20, label)];
  metrics.forEach((metric, i) => {
    const px = 64 + (i % cols) * (panelW + 76);
    const py = 30 + Math.floor(i / cols) * (panelH + gapY);
    out.push(panelTitle(metric.label, px, py, panelW));
    const line = options.diff
      ? { y: 0, label: 'no difference to the reference point' }
      : metric.family === 'seat-win-rate' || metric.family === 'win-rate'
        ? { y: options.equal, label: `equal share ${num(100 * options.equal, 1)}%` }
        : undefined;
    out.push(
      panel(
        sweep,
        points,
        [{ label: metric.label, colour: options.diff ? ACCENT : '#3a7d8c', metric }],
        axis,
        { px, py, w: panelW, h: panelH },
        {
          diff: options.diff,
          line,
          xLabel: options.xLabel,
          yLabel: options.diff ? (metric.unit === 'share' ? '\u0394 pp' : `\u0394 ${metric.unit}`) : metric.unit === 'share' ? 'share' : metric.unit,
        },
      ),
    );
  });
  out.push('</svg>');
  return out.join('');
}

// ─── heat map ────────────────────────────────────────────────────────────────────────────────────

/** Light to dark blue in five steps: the heat map's colour scale (readable in grey print too). */
const HEAT = ['#eef3fb', '#c6d7f0', '#8fb0e0', '#4f7fc4', '#23488a'];

/** A heat map of one metric over the first two factors (every other factor at its reference value). */
function heatMap(sweep: SweepJson, metric: SweepMetric, name: string): string {
  const [fx, fy] = sweep.factors;
  const ref = referenceOf(sweep);
  const rest = sweep.factors.slice(2);
  const points = sweep.points.filter((p) => rest.every((f) => p.values[f.path] === ref.values[f.path]));
  const xs = valuesAt(fx, points);
  const ysVals = valuesAt(fy, points);
  const cells = points.filter((p) => hasInterval(p.metrics[metric.id]));
  if (!cells.length || !xs.length || !ysVals.length) return noData(name, `${metric.label} over ${fx.label} and ${fy.label}`);
  const estimates = cells.map((p) => p.metrics[metric.id].estimate);
  const lo = Math.min(...estimates);
  const hi = Math.max(...estimates);
  const step = (v: number) => (hi > lo ? Math.min(HEAT.length - 1, Math.floor(((v - lo) / (hi - lo)) * HEAT.length)) : 0);
  const left = 110;
  const top = 30;
  const cellW = Math.min(90, (WIDTH - left - 20) / xs.length);
  const cellH = Math.min(40, Math.max(20, 360 / ysVals.length));
  const gridH = cellH * ysVals.length;
  const out = [svgOpen(name, WIDTH, top + gridH + 78, `Heat map of ${metric.label} over ${fx.label} and ${fy.label}`)];
  // The colour key: what each shade means, from the smallest estimate to the largest.
  HEAT.forEach((colour, k) => {
    const from = lo + ((hi - lo) * k) / HEAT.length;
    out.push(`<rect x="${c(left + k * 46)}" y="6" width="44" height="12" fill="${colour}">${title(`from ${valueText(metric, from)}`)}</rect>`);
  });
  out.push(
    `<text class="legend" x="${c(left + HEAT.length * 46 + 8)}" y="16">${esc(`${shortLabel(metric)}: ${valueText(metric, lo)} (light) to ${valueText(metric, hi)} (dark)`)}</text>`,
  );
  ysVals.forEach((vy, j) => {
    const cy = top + j * cellH;
    out.push(`<text class="row-label" x="${left - 8}" y="${c(cy + cellH / 2 + 4)}" text-anchor="end">${esc(clip(formatValue(vy), 14))}</text>`);
    xs.forEach((vx, i) => {
      const point = cells.find((p) => p.values[fx.path] === vx && p.values[fy.path] === vy);
      const cx = left + i * cellW;
      if (!point) {
        out.push(`<rect x="${c(cx + 1)}" y="${c(cy + 1)}" width="${c(cellW - 2)}" height="${c(cellH - 2)}" fill="#fff" stroke="#e6e8eb"/>`);
        return;
      }
      const e = point.metrics[metric.id];
      const k = step(e.estimate);
      const isRef = point === ref;
      const tip = `${describePoint(sweep, point)}: ${metric.label} ${valueText(metric, e.estimate)} (${hasInterval(e) ? `95% interval ${rangeText(metric, e.lo, e.hi)}` : 'no interval'})${hasDiff(e) ? `; ${diffText(metric, e.diff)} against the reference (95%: ${rangeText(metric, e.diffLo, e.diffHi, true)})` : isRef ? '; the reference point' : ''}`;
      out.push(
        `<g>${title(tip)}<rect x="${c(cx + 1)}" y="${c(cy + 1)}" width="${c(cellW - 2)}" height="${c(cellH - 2)}" fill="${HEAT[k]}"${isRef ? ` stroke="${ACCENT}" stroke-width="2.5"` : ''}/>`,
      );
      if (cellW >= 40 && cellH >= 18)
        out.push(
          `<text class="cell" x="${c(cx + cellW / 2)}" y="${c(cy + cellH / 2 + 4)}" text-anchor="middle"${k >= 3 ? ' style="fill:#fff"' : ''}>${esc(valueText(metric, e.estimate))}</text>`,
        );
      out.push('</g>');
    });
  });
  xs.forEach((vx, i) => {
    out.push(
      `<text class="tick" x="${c(left + i * cellW + cellW / 2)}" y="${c(top + gridH + 15)}" text-anchor="middle">${esc(clip(formatValue(vx), 12))}</text>`,
    );
  });
  out.push(`<text class="axis-label" x="${c(left + (xs.length * cellW) / 2)}" y="${c(top + gridH + 34)}" text-anchor="middle">${esc(fx.label)}</text>`);
  out.push(`<text class="axis-label" transform="translate(16 ${c(top + gridH / 2)}) rotate(-90)" text-anchor="middle">${esc(fy.label)}</text>`);
  out.push(`<text class="legend" x="${c(left)}" y="${c(top + gridH + 56)}">outlined: the reference point</text>`);
  out.push('</svg>');
  return out.join('');
}

// ─── sections ────────────────────────────────────────────────────────────────────────────────────

const isLhs = (sweep: SweepJson): boolean => sweep.design !== 'grid';

/** The metrics of each family, in the sweep's order. */
const ofFamily = (sweep: SweepJson, ...families: string[]): SweepMetric[] => sweep.metrics.filter((m) => families.includes(m.family));
const WIN_FAMILIES = ['win-rate', 'seat-win-rate'];

/** The track label of a win metric: the bot's name or "seat s" (the metric's own label otherwise). */
function trackLabel(metric: SweepMetric): string {
  if (metric.id.startsWith('win:')) return metric.id.slice(4);
  if (metric.id.startsWith('seat:')) return `seat ${metric.id.slice(5)}`;
  return metric.label;
}

function tracksOf(metrics: readonly SweepMetric[]): Track[] {
  return metrics.map((metric, i) => ({ metric, label: trackLabel(metric), colour: BOT_PALETTE[i % BOT_PALETTE.length] }));
}

/** The points drawn against factor i: its slice through the reference in a grid, every point in a hypercube. */
function pointsFor(sweep: SweepJson, i: number): SweepPoint[] {
  return isLhs(sweep) ? [...sweep.points] : sliceOf(sweep, i);
}

function sliceNote(sweep: SweepJson, i: number): string {
  const ref = referenceOf(sweep);
  const others = sweep.factors.filter((_, j) => j !== i);
  if (isLhs(sweep) && others.length)
    return 'Every point of the Latin hypercube, drawn at its value of this factor (the other factors vary too, so the points scatter).';
  if (others.length) return `Along ${esc(sweep.factors[i].label)} with ${esc(describePoint(sweep, ref, others))} (the reference values).`;
  return '';
}

function header(sweep: SweepJson, extraTitle: string | undefined, kicker?: string): string {
  const games = sweep.points.map((p) => p.games);
  const fewest = Math.min(...games);
  const most = Math.max(...games);
  const gamesText = !games.length ? '0' : fewest === most ? int(fewest) : `${int(fewest)}${DASH}${int(most)}`;
  const bots = [...new Set(sweep.scenario.seats)];
  const lineup = sweep.scenario.seats
    .map((bot, seat) => `<li>${swatch(BOT_PALETTE[bots.indexOf(bot) % BOT_PALETTE.length])}<span class="seat">seat ${seat}</span> ${esc(bot)}</li>`)
    .join('');
  const factors = sweep.factors.map((f) => `<li><code>${esc(f.path)}</code> = ${esc(f.values.map(formatValue).join(', '))}</li>`).join('');
  const design = sweep.design === 'grid' ? 'grid: every combination of the factors\u2019 values' : `Latin hypercube of ${esc(sweep.design.lhs)} points`;
  const facts: [string, string][] = [
    ['game', esc(sweep.title)],
    ['scenario', `${esc(sweep.scenario.name)} <code>${esc(sweep.scenario.file)}</code>`],
    ['players', esc(sweep.scenario.players)],
    ['line-up', `<ol class="lineup">${lineup}</ol>`],
    ['varied', `<ul class="rules">${factors}</ul>`],
    ['design', design],
    ['points', esc(int(sweep.points.length))],
    ['games per point', esc(gamesText)],
    ['stopping rule', esc(sweep.stoppingRule)],
    ['reference', sweep.points.length ? esc(describePoint(sweep, referenceOf(sweep))) : '\u2014'],
    ['seed', `<code>${esc(sweep.seed)}</code>`],
    ...dataIdRows(sweep.data ?? []),
  ];
  const heading = extraTitle ?? `${sweep.scenario.name}: ${sweep.factors.map((f) => f.label).join(' \u00d7 ')}`;
  return `<header>
<p class="kicker">goldpit \u00b7 ${esc(kicker ?? 'parameter sweep')}</p>
<h1>${esc(heading)}</h1>
<p class="lede">${esc(int(sweep.points.length))} points of ${esc(sweep.title)} with ${esc(sweep.scenario.players)} players. Every point plays the same deals, so its difference to the reference point is paired: far less noisy than two separate runs.</p>
<dl class="facts">${facts.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>
</header>`;
}

function curvesSection(sweep: SweepJson): string {
  const equal = 1 / sweep.scenario.players;
  const bots = ofFamily(sweep, 'win-rate');
  const seats = ofFamily(sweep, 'seat-win-rate');
  const shape = sweep.metrics.filter((m) => !WIN_FAMILIES.includes(m.family));
  const parts = sweep.factors.map((factor, i) => {
    const points = pointsFor(sweep, i);
    const axis = factorAxis(factor, points, factor.numeric && !isLhs(sweep));
    const opts = (yLabel: string) => ({
      diff: false,
      line: { y: equal, label: `equal share ${num(100 * equal, 1)}%` },
      xLabel: factor.label,
      yLabel,
    });
    const charts = [
      bots.length
        ? `<h4>Win rate per bot</h4>${trackChart(sweep, `curve-${i}-bots`, `Win rate per bot against ${factor.label}, with 95% intervals`, points, tracksOf(bots), axis, opts('win rate'))}`
        : '',
      seats.length
        ? `<h4>Win rate per seat</h4>${trackChart(sweep, `curve-${i}-seats`, `Win rate per seat against ${factor.label}, with 95% intervals`, points, tracksOf(seats), axis, opts('win rate'))}`
        : '',
      shape.length
        ? `<h4>Game shape</h4>${panelsChart(sweep, `curve-${i}-shape`, `Game shape against ${factor.label}, with 95% intervals`, points, shape, axis, { diff: false, xLabel: factor.label, equal })}`
        : '',
    ];
    return `<h3>${esc(factor.label)}</h3>
<p class="explain">${sliceNote(sweep, i)} ${axis.joined ? 'Lines: estimates; bands: 95% intervals.' : 'Dots: estimates; bars: 95% intervals.'} The dashed vertical line is the reference point; the dashed horizontal line in the win-rate charts is an equal share (${esc(num(100 * equal, 1))}%).</p>
${charts.join('\n')}`;
  });
  return `<section id="curves">
<h2>Response curves</h2>
${parts.join('\n')}
</section>`;
}

function heatSection(sweep: SweepJson): string {
  if (isLhs(sweep) || sweep.factors.length < 2) return '';
  const primary =
    sweep.metrics.find((m) => m.id === 'seatSpread' && isMirrorSweep(sweep)) ?? sweep.metrics.find((m) => WIN_FAMILIES.includes(m.family)) ?? sweep.metrics[0];
  const ending = sweep.metrics.find((m) => m.family === 'ending-share' && m !== primary);
  const [fx, fy] = sweep.factors;
  const rest = sweep.factors.slice(2);
  const ref = referenceOf(sweep);
  const maps = [primary, ending].filter((m): m is SweepMetric => !!m);
  return `<section id="heat-maps">
<h2>Heat maps</h2>
<p class="explain">Each cell is a point: ${esc(fx.label)} across, ${esc(fy.label)} down${rest.length ? `, with ${esc(describePoint(sweep, ref, rest))}` : ''}. Hover a cell for its 95% interval and its paired difference to the reference point.</p>
${maps.map((m, k) => `<h3>${esc(m.label)}</h3>${heatMap(sweep, m, `heat-${k}`)}`).join('\n')}
</section>`;
}

function differencesSection(sweep: SweepJson): string {
  const ref = referenceOf(sweep);
  const equal = 1 / sweep.scenario.players;
  // A metric whose differences come without intervals (balance's seat spread: a max − min of the
  // seats, not a mean over deals) gets no empty panel: the note names it.
  const paired = sweep.metrics.filter((m) => sweep.points.some((p) => hasDiff(p.metrics[m.id])));
  const unpaired = sweep.metrics.filter((m) => !paired.includes(m));
  const parts = sweep.factors.map((factor, i) => {
    const points = pointsFor(sweep, i);
    const axis = factorAxis(factor, points, factor.numeric && !isLhs(sweep));
    return `<h3>${esc(factor.label)}</h3>
${sliceNote(sweep, i) ? `<p class="explain">${sliceNote(sweep, i)}</p>` : ''}
${panelsChart(sweep, `diff-${i}`, `Paired difference of each metric to the reference point against ${factor.label}, with 95% intervals`, points, paired, axis, { diff: true, xLabel: factor.label, equal })}`;
  });
  const note = unpaired.length
    ? `<p class="explain">No paired interval for ${esc(unpaired.map((m) => shortLabel(m)).join(', '))}: its difference to the reference is the difference of the two estimates (in the table), without an interval of its own.</p>`
    : '';
  return `<section id="differences">
<h2>Paired differences to the reference point</h2>
<p class="explain">What a change does: each metric at each point minus the same metric at the reference point (${esc(describePoint(sweep, ref))}), over the same deals, with its 95% interval. Where a band or bar leaves the zero line, the change is detectable. Where few deals changed (fewer than 30), an interval also allows for what the deals not played could do: when none changed, the difference is exactly 0 and its interval is what that many unchanged deals cannot rule out. Each interval is 95% for its own comparison, not adjusted for the number of comparisons on the page. Win rates and shares in percentage points (pp).</p>
${parts.join('\n')}
${note}
</section>`;
}

/** A table cell: the estimate ± half-width, and below it the paired difference ± half-width (bold when its interval excludes 0). */
function cell(metric: SweepMetric, e: SweepEstimate | undefined, isRef: boolean): string {
  if (!hasInterval(e)) return '\u2014';
  const half = (e.hi - e.lo) / 2;
  const pm = metric.unit === 'share' ? num(100 * half, 1) : num(half, 2);
  const main = `<span title="${esc(`95% interval ${rangeText(metric, e.lo, e.hi)}`)}">${esc(valueText(metric, e.estimate))}<span class="pm">\u2009\u00b1\u2009${esc(pm)}</span></span>`;
  if (isRef) return `${main}<span class="unit">reference</span>`;
  if (!hasDiff(e)) return main;
  const dHalf = (e.diffHi - e.diffLo) / 2;
  const clear = e.diffLo > 0 || e.diffHi < 0;
  // No deal changed: the difference is exactly 0, and its interval is what the unchanged deals allow.
  const still = e.changed === 0;
  const d = `\u0394 ${still ? '0, no deal changed,' : diffText(metric, e.diff)} \u00b1\u2009${metric.unit === 'share' ? num(100 * dHalf, 1) : num(dHalf, 2)}`;
  const what = still
    ? 'no deal changed: the paired difference to the reference is exactly 0; 95% interval'
    : 'paired difference to the reference, 95% interval';
  return `${main}<span class="unit${clear ? ' sig' : ''}" title="${esc(`${what} ${rangeText(metric, e.diffLo, e.diffHi, true)}`)}">${esc(d)}</span>`;
}

/** A label without its explanation in brackets: "seat spread (highest − lowest seat win rate)" → "seat spread". */
const shortLabel = (metric: SweepMetric): string => metric.label.replace(/\s*\(.*\)$/, '');

/** A win rate's column says whose ("seat 0", "greedy") over "win rate"; other metrics their label. */
function columnHeader(metric: SweepMetric): string {
  if (WIN_FAMILIES.includes(metric.family)) return `${esc(trackLabel(metric))}<span class="unit">win rate</span>`;
  // A label's explanation in brackets would widen the column: it goes to the tooltip.
  const short = shortLabel(metric);
  return short === metric.label ? esc(metric.label) : `<span title="${esc(metric.label)}">${esc(short)}</span>`;
}

function tableSection(sweep: SweepJson): string {
  const ref = referenceOf(sweep);
  // As many metric columns per table as fit the reading column beside the point's own columns. (A
  // path in 13 px monospace takes about 7.8 px a character; a metric column at least 120 px, more
  // for a long heading: about 7.2 px a character of its widest line.)
  const factorWidth = sweep.factors.reduce((sum, f) => sum + Math.max(50, 7.8 * f.path.length + 20), 0);
  const room = WIDTH - 90 - factorWidth;
  const columnWidth = (m: SweepMetric) => Math.max(120, 7.2 * (WIN_FAMILIES.includes(m.family) ? trackLabel(m) : shortLabel(m)).length + 24);
  const chunks: SweepMetric[][] = [];
  let used = Infinity;
  for (const m of sweep.metrics) {
    const w = columnWidth(m);
    // At least two columns a table, whatever their width.
    if (used + w > room && (chunks.at(-1)?.length ?? 2) >= 2) {
      chunks.push([]);
      used = 0;
    }
    chunks.at(-1)!.push(m);
    used += w;
  }
  const tables = chunks.map((metrics) => {
    const headers = ['#', ...sweep.factors.map((f) => `<code>${esc(f.path)}</code>`), 'games', ...metrics.map(columnHeader)];
    const rows = sweep.points.map((p) => {
      const isRef = p === ref;
      return [
        isRef ? `<strong>${esc(p.index)}</strong>` : esc(p.index),
        ...sweep.factors.map((f) => (isRef ? `<strong>${esc(formatValue(p.values[f.path]))}</strong>` : esc(formatValue(p.values[f.path])))),
        esc(int(p.games)),
        ...metrics.map((m) => cell(m, p.metrics[m.id], isRef)),
      ];
    });
    const numeric = headers.map((_, i) => i).filter((i) => i === 0 || i > sweep.factors.length);
    return table(headers, rows, { numeric, cls: 'compact' });
  });
  return `<section id="points">
<h2>Every point</h2>
<p class="explain">Estimate \u00b1 half-width of its 95% interval; below it, \u0394: the paired difference to the reference point (bold row) \u00b1 its half-width, highlighted where the interval excludes 0. Hover for the intervals.</p>
${tables.join('\n')}
</section>`;
}

/**
 * The sweep page. `extra.title` replaces the heading; `extra.sectionsHtml` (trusted HTML, e.g.
 * balance's evidence and search path) goes right after the verdicts. The verdicts are the file's
 * (`sweep.verdicts`), or computed by `sweepVerdicts` when the file has none.
 */
export function renderSweep(sweep: SweepJson, extra: { title?: string; kicker?: string; sectionsHtml?: string } = {}): string {
  if (!sweep.points.length) {
    return htmlPage(
      `${sweep.scenario.name} \u00b7 goldpit sweep`,
      `${header(sweep, extra.title, extra.kicker)}\n${noData('sweep', 'the sweep has no points')}\n${extra.sectionsHtml ?? ''}`,
    );
  }
  const said = sweep.verdicts.length ? sweep.verdicts : sweepVerdicts(sweep);
  const body = [
    header(sweep, extra.title, extra.kicker),
    `<section id="in-short">\n<h2>In short</h2>\n${verdicts(said)}\n<p class="explain">Statements come from the 95% intervals; a change whose interval contains 0 is reported as no detectable effect, never as a small one.</p>\n</section>`,
    extra.sectionsHtml ?? '',
    curvesSection(sweep),
    heatSection(sweep),
    differencesSection(sweep),
    tableSection(sweep),
    `<footer>goldpit sweep \u00b7 scenario ${esc(sweep.scenario.file)} \u00b7 seed <code>${esc(sweep.seed)}</code> \u00b7 ${esc(sweep.stoppingRule)}. Self-contained page: no scripts, fonts or images are loaded. \u00b1 is the half-width of a 95% interval; pp = percentage points; \u0394 = paired difference to the reference point.</footer>`,
  ].filter((s) => s !== '');
  return htmlPage(`${sweep.scenario.name} \u00b7 goldpit sweep`, body.join('\n'));
}
