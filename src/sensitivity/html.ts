/**
 * sensitivity.html: one self-contained page for a sensitivity analysis (sensitivity.json), in the
 * style of the run and sweep reports (the same head, style sheet, security policy and SVG toolkit
 * from report/html.ts; no scripts, fonts or images). Pure: the same analysis gives the same bytes.
 *
 * Morris: the verdicts in plain words; a table of every knob's verdict; per metric a μ*–σ scatter
 * (every knob a dot, coloured by its verdict, the negligible band shaded, the line σ = ½·μ* above
 * which a knob interacts or is non-linear) and the knobs ranked by μ* with their 95% intervals.
 * Sobol: per metric the first-order and total indices with intervals, and the deals' share.
 */
import {
  BOT_PALETTE,
  c,
  clip,
  DASH,
  esc,
  htmlPage,
  int,
  isNum,
  linear,
  niceAxis,
  noData,
  num,
  svgOpen,
  swatch,
  title,
  verdicts,
  WIDTH,
  whisker,
  xAxis,
  yAxis,
} from '../report/html.js';
import type { SweepValue } from '../report/sweep-types.js';
import type { MorrisRow, SensitivityJson, SensitivityMetric, SobolMetricRow, Verdict } from './types.js';
import { INTERACTION_RATIO, amount, amountRange, headlineVerdicts } from './verdicts.js';

const VERDICT: Readonly<Record<Verdict, { readonly label: string; readonly colour: string }>> = {
  matters: { label: 'matters', colour: '#c2410c' },
  interacts: { label: 'interacts or is non-linear', colour: '#7c3aed' },
  undecided: { label: 'undecided', colour: '#d08c1f' },
  none: { label: 'no detectable effect', colour: '#9aa3ad' },
};

/** Bars shown per metric: the knobs with the largest μ* (the table below has every knob). */
const BARS = 15;

const value = (v: SweepValue) => (typeof v === 'number' ? String(v) : String(v));

/** A metric's numbers on an axis: shares in pp, others plain. */
function tick(metric: SensitivityMetric): (v: number) => string {
  return metric.unit === 'share' ? (v) => num(100 * v, Math.abs(v) < 0.1 && v !== 0 ? 1 : 0) : (v) => num(v, Math.abs(v) < 1 && v !== 0 ? 2 : 1);
}

const unitWord = (metric: SensitivityMetric) => (metric.unit === 'share' ? ' (pp)' : '');

function header(json: SensitivityJson): string {
  const bots = [...new Set(json.scenario.seats)];
  const lineup = json.scenario.seats
    .map((bot, seat) => `<li>${swatch(BOT_PALETTE[bots.indexOf(bot) % BOT_PALETTE.length])}<span class="seat">seat ${seat}</span> ${esc(bot)}</li>`)
    .join('');
  const origins = [...new Set(json.knobs.map((k) => k.origin))]
    .map((o) => `${json.knobs.filter((k) => k.origin === o).length} ${o === 'vary' ? 'from --vary' : o}`)
    .join(', ');
  const d = json.design;
  const facts: [string, string][] = [
    ['game', esc(json.title)],
    ['scenario', `${esc(json.scenario.name)} <code>${esc(json.scenario.file)}</code>`],
    ['line-up', `<ol class="lineup">${lineup}</ol>`],
    ['knobs', `${esc(json.knobs.length)} (${esc(origins)})`],
    ['design', esc(d.description)],
    ['points', `${esc(int(d.points))} (${esc(int(d.distinctPoints))} distinct, played once each)`],
    ['games', `${esc(int(d.totalGames))} (${esc(int(d.games))} per point, games 0${DASH}${esc(int(d.games - 1))} at every point)`],
    [
      'intervals',
      `95%, bootstrap of ${esc(int(d.bootstrap))} replicates over ${json.method === 'morris' ? 'trajectories' : 'rows'} and over ${esc(d.blocks)} blocks of deals`,
    ],
    ['seed', `<code>${esc(json.seed)}</code>`],
  ];
  const what =
    json.method === 'morris'
      ? 'Morris screening: every trajectory moves each knob once, on the same deals, and the change of each metric per knob (its elementary effect) is collected.'
      : 'Sobol indices: how much of each metric\u2019s variance over the knobs\u2019 ranges each knob explains, alone and with its interactions, on the same deals at every point.';
  return `<header>
<p class="kicker">goldpit \u00b7 sensitivity analysis</p>
<h1>${esc(json.scenario.name)}: which knobs matter</h1>
<p class="lede">${esc(json.knobs.length)} knobs of ${esc(json.title)} with ${esc(json.scenario.players)} players. ${esc(what)}</p>
<dl class="facts">${facts.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>
</header>`;
}

// ─── Morris ──────────────────────────────────────────────────────────────────────────────────────

function verdictKey(): string {
  return `<p class="key">${(['matters', 'interacts', 'undecided', 'none'] as const).map((v) => `<span>${swatch(VERDICT[v].colour)}${esc(VERDICT[v].label)}</span>`).join('')}</p>`;
}

/** μ* against σ: a dot per knob, the band shaded, the line σ = ½·μ*; the largest μ* labelled. */
function scatter(metric: SensitivityMetric, rows: readonly MorrisRow[], index: number): string {
  const name = `scatter-${index}`;
  const ok = rows.filter((r) => isNum(r.muStar.estimate) && isNum(r.sigma.estimate));
  if (!ok.length) return noData(name, `μ* and σ of ${metric.label}`);
  const left = 64;
  const right = WIDTH - 20;
  const top = 14;
  const bottom = 300;
  const fmt = tick(metric);
  const xs = niceAxis(0, Math.max(metric.negligible * 2, ...ok.map((r) => r.muStar.estimate)) * 1.05, 6);
  const ys = niceAxis(0, Math.max(metric.negligible * 2, ...ok.map((r) => r.sigma.estimate)) * 1.05, 5);
  const x = linear(xs.domain, [left, right]);
  const y = linear(ys.domain, [bottom, top]);
  const band = `<rect x="${c(left)}" y="${c(top)}" width="${c(Math.max(0, Math.min(right, x(metric.negligible)) - left))}" height="${c(bottom - top)}" fill="#9aa3ad" fill-opacity="0.14"><title>${esc(`negligible band: μ* below ${amount(metric, metric.negligible)}`)}</title></rect>`;
  // σ = ½·μ*, clipped to the plot.
  const xEnd = Math.min(xs.domain[1], ys.domain[1] / INTERACTION_RATIO);
  const line = `<path class="reference" d="M${c(x(0))},${c(y(0))}L${c(x(xEnd))},${c(y(INTERACTION_RATIO * xEnd))}"/>`;
  const ranked = [...ok].sort((a, b) => b.muStar.estimate - a.muStar.estimate);
  // Labels for the largest μ* that show an effect, each moved up past the labels already placed over it.
  const placed: { x0: number; x1: number; y: number }[] = [];
  const labels = ranked
    .slice(0, 6)
    .filter((r) => r.verdict !== 'none')
    .map((r) => {
      const cx = x(r.muStar.estimate);
      const text = clip(r.knob, 30);
      const width = 6.6 * text.length;
      const leftward = cx > right - 150;
      const x0 = leftward ? cx - 7 - width : cx + 7;
      let ly = y(r.sigma.estimate) - 6;
      while (placed.some((p) => p.x0 < x0 + width && x0 < p.x1 && Math.abs(p.y - ly) < 13)) ly -= 13;
      placed.push({ x0, x1: x0 + width, y: ly });
      return `<text class="legend" x="${c(leftward ? cx - 7 : cx + 7)}" y="${c(ly)}" text-anchor="${leftward ? 'end' : 'start'}">${esc(text)}</text>`;
    })
    .join('');
  const dots = [...ranked]
    .reverse()
    .map((r) => {
      const tip = `${r.knob}: μ* ${amount(metric, r.muStar.estimate)} (95%: ${amountRange(metric, r.muStar.lo, r.muStar.hi)}), σ ${amount(metric, r.sigma.estimate)}, μ ${amount(metric, r.mu.estimate, true)}: ${VERDICT[r.verdict].label}`;
      return `<circle cx="${c(x(r.muStar.estimate))}" cy="${c(y(r.sigma.estimate))}" r="5" fill="${VERDICT[r.verdict].colour}" fill-opacity="0.85" stroke="#fff" stroke-width="1">${title(tip)}</circle>`;
    })
    .join('');
  return `${svgOpen(name, WIDTH, bottom + 44, `μ* against σ for ${metric.label}`)}${band}${xAxis(xs.ticks, x, top, bottom, fmt, `μ*: mean size of the effect over a knob's whole range${unitWord(metric)}`, (left + right) / 2)}${yAxis(ys.ticks, y, left, right, fmt, `σ${unitWord(metric)}`, (top + bottom) / 2)}${line}<text class="reference-label" x="${c(x(xEnd) - 4)}" y="${c(y(INTERACTION_RATIO * xEnd) + 14)}" text-anchor="end">σ = ½ μ*</text>${dots}${labels}</svg>`;
}

/** The knobs with the largest μ*, as bars with their 95% intervals and the band. */
function bars(metric: SensitivityMetric, rows: readonly MorrisRow[], index: number): string {
  const name = `bars-${index}`;
  const ranked = [...rows].filter((r) => isNum(r.muStar.estimate)).sort((a, b) => b.muStar.estimate - a.muStar.estimate || (a.knob < b.knob ? -1 : 1));
  if (!ranked.length) return noData(name, `μ* of ${metric.label}`);
  const shown = ranked.slice(0, BARS);
  const left = 245;
  const right = WIDTH - 80;
  const rowH = 22;
  const top = 8;
  const bottom = top + shown.length * rowH;
  const fmt = tick(metric);
  const axis = niceAxis(0, Math.max(metric.negligible * 1.5, ...shown.map((r) => (isNum(r.muStar.hi) ? r.muStar.hi : r.muStar.estimate))) * 1.02, 5);
  const x = linear(axis.domain, [left, right]);
  const body = shown
    .map((r, i) => {
      const yy = top + i * rowH + rowH / 2;
      const colour = VERDICT[r.verdict].colour;
      const tip = `${r.knob}: μ* ${amount(metric, r.muStar.estimate)}, 95% ${amountRange(metric, r.muStar.lo, r.muStar.hi)} (lower end after the noise allowance ${amount(metric, r.allowance)}): ${VERDICT[r.verdict].label}`;
      return `<g>${title(tip)}<text class="row-label" x="${c(left - 8)}" y="${c(yy + 4)}" text-anchor="end">${esc(clip(r.knob, 29))}</text><rect x="${c(left)}" y="${c(yy - 6)}" width="${c(Math.max(0.5, x(r.muStar.estimate) - left))}" height="12" fill="${colour}" fill-opacity="0.75"/>${whisker(x(r.muStar.lo), x(r.muStar.hi), yy, 4)}<text class="value small" x="${c(Math.min(right + 6, x(r.muStar.hi) + 6))}" y="${c(yy + 4)}">${esc(amount(metric, r.muStar.estimate))}</text></g>`;
    })
    .join('');
  const bandLine = `<line class="reference" x1="${c(x(metric.negligible))}" x2="${c(x(metric.negligible))}" y1="${c(top - 4)}" y2="${c(bottom)}"/><text class="reference-label" x="${c(x(metric.negligible) + 4)}" y="${c(bottom + 40)}">band ${esc(amount(metric, metric.negligible))}</text>`;
  const more =
    ranked.length > shown.length
      ? `<p class="explain">The ${ranked.length - shown.length} other knobs have a smaller μ* (at most ${esc(amount(metric, ranked[shown.length].muStar.estimate))}); the table below has them all.</p>`
      : '';
  return `${svgOpen(name, WIDTH, bottom + 46, `knobs ranked by μ* for ${metric.label}`)}${xAxis(axis.ticks, x, top, bottom, fmt, `μ* with its 95% interval${unitWord(metric)}`, (left + right) / 2)}${bandLine}${body}</svg>${more}`;
}

function morrisMetric(json: SensitivityJson, metric: SensitivityMetric, index: number): string {
  const rows = json.morris!.filter((r) => r.metric === metric.id);
  const said = json.verdicts[index];
  const counts = (['matters', 'interacts', 'undecided', 'none'] as const)
    .map((v) => [v, rows.filter((r) => r.verdict === v).length] as const)
    .filter(([, n]) => n > 0);
  return `<section id="metric-${index}">
<h2>${esc(metric.label.charAt(0).toUpperCase() + metric.label.slice(1))}</h2>
${verdicts([said])}
<p class="explain">Negligible band: ${esc(amount(metric, metric.negligible))} over a knob's whole range (${esc(metric.negligibleFrom)}); mean over all points ${esc(amount(metric, metric.mean).replace(' pp', '%'))}. ${esc(counts.map(([v, n]) => `${n} ${VERDICT[v].label}`).join(', '))}.</p>
${scatter(metric, rows, index)}
${verdictKey()}
${bars(metric, rows, index)}
</section>`;
}

function knobTable(json: SensitivityJson): string {
  const summaries = json.knobSummaries ?? [];
  const order = { matters: 0, undecided: 1, none: 2 } as const;
  const sorted = [...summaries].sort((a, b) => order[a.verdict] - order[b.verdict] || (a.knob < b.knob ? -1 : 1));
  const knob = new Map(json.knobs.map((k) => [k.path, k]));
  const row = new Map((json.morris ?? []).map((r) => [`${r.knob}\u0000${r.metric}`, r]));
  // One narrow column per metric, its header written upwards; a cell is a square in the verdict's colour.
  const head = json.metrics
    .map(
      (m) =>
        `<th class="num" title="${esc(m.label)}" style="writing-mode:vertical-rl;transform:rotate(180deg);padding:4px 2px;white-space:nowrap;font-weight:500">${esc(clip(m.id, 14))}</th>`,
    )
    .join('');
  const body = sorted
    .map((s) => {
      const k = knob.get(s.knob)!;
      const range = k.numeric ? `${value(k.values[0])}${DASH}${value(k.values[k.values.length - 1])}` : k.values.map(value).join(', ');
      const cells = json.metrics
        .map((m) => {
          const r = row.get(`${s.knob}\u0000${m.id}`);
          if (!r) return '<td></td>';
          const tip = `${s.knob} on ${m.label}: ${VERDICT[r.verdict].label}, μ* ${amount(m, r.muStar.estimate)} (95%: ${amountRange(m, r.muStar.lo, r.muStar.hi)})`;
          return `<td class="num" style="padding:3px 2px;text-align:center" title="${esc(tip)}"><span class="swatch" style="background:${VERDICT[r.verdict].colour};margin:0"></span></td>`;
        })
        .join('');
      return `<tr><td title="${esc(`${k.about ? `${k.about}; ` : ''}range ${range}`)}"><code>${esc(clip(s.knob, 34))}</code></td>${cells}</tr>`;
    })
    .join('');
  return `<section id="knobs">
<h2>Every knob</h2>
<p class="explain">A knob <strong>matters</strong> when it moves some metric beyond that metric's band with 95% confidence, shows <strong>no detectable effect</strong> when every metric's interval lies inside its band, and is <strong>undecided</strong> otherwise (more trajectories or games would tell). Each square is one metric's verdict (its figures on hover); the knobs that matter somewhere come first.</p>
${verdictKey()}
<div class="table-wrap"><table class="compact"><thead><tr><th>knob</th>${head}</tr></thead><tbody>${body}</tbody></table></div>
</section>`;
}

// ─── Sobol ───────────────────────────────────────────────────────────────────────────────────────

function sobolBars(metric: SensitivityMetric, row: SobolMetricRow, index: number): string {
  const name = `sobol-${index}`;
  const ranked = [...row.knobs].filter((k) => isNum(k.total.estimate)).sort((a, b) => b.total.estimate - a.total.estimate);
  if (!ranked.length) return noData(name, `the knobs show no variance in ${metric.label} beyond the deals' noise`);
  const left = 230;
  const right = WIDTH - 60;
  const rowH = 30;
  const top = 8;
  const bottom = top + ranked.length * rowH;
  // Noisy indices can stray past 0 and 1: the axis stops at −50% and 150%, and bars and whiskers beyond are cut at its ends.
  const hi = Math.min(1.5, Math.max(0.1, ...ranked.flatMap((k) => [k.total.hi, k.first.hi])));
  const axis = niceAxis(Math.max(-0.5, Math.min(0, ...ranked.map((k) => k.first.lo))), hi, 5);
  const scale = linear(axis.domain, [left, right]);
  const x = (v: number) => scale(Math.min(axis.domain[1], Math.max(axis.domain[0], v)));
  const body = ranked
    .map((k, i) => {
      const yy = top + i * rowH + rowH / 2;
      const tip = `${k.knob}: first order ${num(100 * k.first.estimate, 1)}% (95%: ${num(100 * k.first.lo, 1)}${DASH}${num(100 * k.first.hi, 1)}%), total ${num(100 * k.total.estimate, 1)}% (${num(100 * k.total.lo, 1)}${DASH}${num(100 * k.total.hi, 1)}%)`;
      const zero = x(0);
      return `<g>${title(tip)}<text class="row-label" x="${c(left - 8)}" y="${c(yy + 4)}" text-anchor="end">${esc(clip(k.knob, 34))}</text><rect x="${c(Math.min(zero, x(k.total.estimate)))}" y="${c(yy - 9)}" width="${c(Math.abs(x(k.total.estimate) - zero))}" height="8" fill="#7c3aed" fill-opacity="0.7"/>${whisker(x(k.total.lo), x(k.total.hi), yy - 5, 3)}<rect x="${c(Math.min(zero, x(k.first.estimate)))}" y="${c(yy + 1)}" width="${c(Math.abs(x(k.first.estimate) - zero))}" height="8" fill="#c2410c" fill-opacity="0.75"/>${whisker(x(k.first.lo), x(k.first.hi), yy + 5, 3)}</g>`;
    })
    .join('');
  return `${svgOpen(name, WIDTH, bottom + 46, `Sobol indices for ${metric.label}`)}${xAxis(axis.ticks, x, top, bottom, (v) => `${num(100 * v, 0)}%`, 'share of the knobs\u2019 variance, with 95% intervals', (left + right) / 2)}${body}</svg><p class="key"><span>${swatch('#c2410c')}first order (the knob alone)</span><span>${swatch('#7c3aed')}total (with its interactions)</span></p>`;
}

function sobolMetric(json: SensitivityJson, metric: SensitivityMetric, row: SobolMetricRow, index: number): string {
  return `<section id="metric-${index}">
<h2>${esc(metric.label.charAt(0).toUpperCase() + metric.label.slice(1))}</h2>
${verdicts([json.verdicts[index]])}
<div class="tiles"><div class="tile"><div class="tile-value">${esc(num(100 * row.noiseShare.estimate, 1))}%</div><div class="tile-label">deals\u2019 noise</div><div class="tile-note">of the variance between points (${esc(int(json.design.games))} games per point)</div></div><div class="tile"><div class="tile-value">${esc(num(100 * (1 - row.noiseShare.estimate), 1))}%</div><div class="tile-label">the knobs\u2019</div><div class="tile-note">split below</div></div><div class="tile"><div class="tile-value">${esc(num(100 * row.dealShare, 1))}%</div><div class="tile-label">one game: the deal</div><div class="tile-note">of a single game\u2019s variance</div></div><div class="tile"><div class="tile-value">${esc(num(100 * row.knobs.reduce((s, k) => s + (isNum(k.first.estimate) ? k.first.estimate : 0), 0), 0))}%</div><div class="tile-label">first orders summed</div><div class="tile-note">the rest of the knobs\u2019 share is interactions</div></div></div>
${sobolBars(metric, row, index)}
</section>`;
}

// ─── page ────────────────────────────────────────────────────────────────────────────────────────

export function renderSensitivity(json: SensitivityJson): string {
  const pageTitle = `${json.scenario.name} \u00b7 goldpit sensitivity`;
  const metricSections =
    json.method === 'morris'
      ? json.metrics.map((m, i) => morrisMetric(json, m, i))
      : json.metrics.map((m, i) => sobolMetric(json, m, json.sobol!.find((r) => r.metric === m.id)!, i));
  const reading =
    json.method === 'morris'
      ? '<p class="explain">μ* is the mean size of a knob\u2019s elementary effects: how much the metric moves when the knob goes from one end of its range to the other, whatever the direction; μ is their mean with the sign (the direction); σ their spread: a knob whose effect depends on where the other knobs are, or that acts non-linearly, has a large σ. A μ*\u2019s lower end already allows for the deals\u2019 noise. docs/sensitivity.md explains how to read this page.</p>'
      : '<p class="explain">A first-order index is the share of the metric\u2019s variance (over the knobs\u2019 ranges, the deals\u2019 noise taken out) that a knob explains alone; its total index adds every interaction it takes part in. docs/sensitivity.md explains how to read this page.</p>';
  const body = [
    header(json),
    `<section id="in-short">\n<h2>In short</h2>\n${verdicts(headlineVerdicts(json))}\n<p class="explain">Every metric's verdict is in its own section below${json.method === 'morris' ? ', and every knob\u2019s in the table at the end' : ''}.</p>\n${reading}\n</section>`,
    ...metricSections,
    json.method === 'morris' ? knobTable(json) : '',
    `<footer>goldpit sensitivity \u00b7 scenario ${esc(json.scenario.file)} \u00b7 seed <code>${esc(json.seed)}</code> \u00b7 ${esc(json.design.description)}. Self-contained page: no scripts, fonts or images are loaded. pp = percentage points.</footer>`,
  ].filter((s) => s !== '');
  return htmlPage(pageTitle, body.join('\n'));
}
