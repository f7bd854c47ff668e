/**
 * Measures the sweep page's charts two ways, for docs/report.md ("The sweep page"): the hand-drawn
 * SVG of src/report/sweep-html.ts against the same charts as Vega-Lite specs rendered to static SVG
 * in Node (vega's headless `view.toSVG()`). A 50-point sweep (10 × 5 grid, 4-seat mirror line-up).
 *
 *   npm run build
 *   node scripts/bench-sweep-page.mjs                       # hand-drawn only
 *   VEGA_DIR=/tmp/vega node scripts/bench-sweep-page.mjs    # plus Vega-Lite, installed outside the
 *                                                           # project: (cd /tmp/vega && npm i vega vega-lite)
 *
 * Prints render time (median of repeated renders), bytes, whether two renders give the same bytes,
 * and, for Vega, the installed size of vega + vega-lite and their dependencies.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { renderSweep } from '../dist/src/report/sweep-html.js';

// ─── a 50-point sweep ────────────────────────────────────────────────────────────────────────────

const FINES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const CAPS = [6, 8, 10, 12, 14];
const metrics = [
  ...[0, 1, 2, 3].map((s) => ({ id: `seat:${s}`, label: `win rate seat ${s}`, family: 'seat-win-rate', unit: 'share' })),
  { id: 'seatSpread', label: 'seat spread', family: 'seat-spread', unit: 'share' },
  { id: 'rounds', label: 'mean rounds', family: 'rounds', unit: 'steps' },
  { id: 'gold', label: 'mean final gold', family: 'final-gold', unit: 'score' },
  { id: 'race', label: 'race share', family: 'ending-share', unit: 'share' },
];
/** A smooth response plus a fixed wobble (no random numbers: the same sweep every time). */
function model(fine, cap) {
  const dev = 0.05 - 0.008 * fine + 0.001 * (cap - 10) + 0.002 * Math.sin(fine * 1.7 + cap);
  const seats = [0.25 + dev, 0.25 - dev / 3, 0.25 - dev / 3 + 0.001, 0.25 - dev / 3 - 0.001];
  return {
    'seat:0': seats[0],
    'seat:1': seats[1],
    'seat:2': seats[2],
    'seat:3': seats[3],
    seatSpread: Math.max(...seats) - Math.min(...seats),
    rounds: 9.5 + 0.05 * fine - 0.03 * cap,
    gold: 31 + 0.2 * cap,
    race: 0.45 - 0.02 * fine + 0.005 * cap,
  };
}
const values = FINES.flatMap((fine) => CAPS.map((cap) => ({ 'params.fine': fine, 'params.caps.azul': cap })));
const reference = values.findIndex((v) => v['params.fine'] === 2 && v['params.caps.azul'] === 10);
const ref = model(2, 10);
const points = values.map((v, index) => {
  const m = model(v['params.fine'], v['params.caps.azul']);
  const metricsAt = Object.fromEntries(
    metrics.map(({ id }) => {
      const diff = index === reference ? null : m[id] - ref[id];
      return [
        id,
        {
          estimate: m[id],
          lo: m[id] - 0.006,
          hi: m[id] + 0.006,
          diff,
          diffLo: diff === null ? null : diff - 0.003,
          diffHi: diff === null ? null : diff + 0.003,
        },
      ];
    }),
  );
  return { index, values: v, games: 20000, metrics: metricsAt };
});
const sweep = {
  kind: 'goldpit-sweep',
  version: 1,
  game: 'goldrausch',
  title: 'Goldrausch',
  scenario: { file: 'scenarios/mirror.json', name: 'mirror', players: 4, seats: ['greedy', 'greedy', 'greedy', 'greedy'] },
  seed: 'bench',
  design: 'grid',
  stoppingRule: '20,000 games per point',
  factors: [
    { path: 'params.fine', label: 'params.fine', values: FINES, numeric: true },
    { path: 'params.caps.azul', label: 'params.caps.azul', values: CAPS, numeric: true },
  ],
  reference,
  metrics,
  points,
  verdicts: [],
};

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
async function timed(fn, reps) {
  const times = [];
  let out;
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    out = await fn();
    times.push(performance.now() - t);
  }
  return { ms: median(times), out };
}

// ─── hand-drawn ──────────────────────────────────────────────────────────────────────────────────

await timed(() => renderSweep(sweep), 3); // warm-up
const hand = await timed(() => renderSweep(sweep), 20);
const handCharts = [...hand.out.matchAll(/<svg class="chart"[\s\S]*?<\/svg>/g)].map((m) => m[0]);
console.log(
  `hand-drawn: ${hand.ms.toFixed(1)} ms a page (median of 20), page ${hand.out.length} bytes, ${handCharts.length} charts ${handCharts.join('').length} bytes, same bytes twice: ${renderSweep(sweep) === renderSweep(structuredClone(sweep))}`,
);

// ─── Vega-Lite: the same charts as specs ─────────────────────────────────────────────────────────

const dir = process.env.VEGA_DIR;
if (!dir) {
  console.log('Vega-Lite: skipped (set VEGA_DIR to a folder with vega and vega-lite installed)');
  process.exit(0);
}
const vega = await import(pathToFileURL(join(dir, 'node_modules/vega/build/vega.module.js')).href);
const vl = await import(pathToFileURL(join(dir, 'node_modules/vega-lite/build/index.js')).href);

// VEGA-SPECS-START (the chart code counted in docs/report.md)
const seatMetrics = metrics.filter((m) => m.family === 'seat-win-rate');
const shapeMetrics = metrics.filter((m) => m.family !== 'seat-win-rate');
const refPoint = points[reference];
const slice = (f) => points.filter((p) => sweep.factors.every((o) => o === f || p.values[o.path] === refPoint.values[o.path]));
const rows = (pts, ms, f, diff) =>
  pts.flatMap((p) =>
    ms.map((m) => {
      const e = p.metrics[m.id];
      const [y, lo, hi] = diff ? (e.diff === null ? [0, 0, 0] : [e.diff, e.diffLo, e.diffHi]) : [e.estimate, e.lo, e.hi];
      return { x: p.values[f.path], metric: m.label, y, lo, hi };
    }),
  );
const band = (colour) => [
  { mark: { type: 'errorband', opacity: 0.16 }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, ...colour } },
  { mark: { type: 'line', point: true }, encoding: { y: { field: 'y', type: 'quantitative', scale: { zero: false } }, ...colour } },
];
const curves = (f, ms, diff) => ({
  width: 620,
  height: 200,
  data: { values: rows(slice(f), ms, f, diff) },
  encoding: { x: { field: 'x', type: 'quantitative', title: f.label } },
  layer: band({ color: { field: 'metric', type: 'nominal' } }),
});
const panels = (f, ms, diff) => ({
  data: { values: rows(slice(f), ms, f, diff) },
  facet: { field: 'metric', type: 'nominal', title: null },
  columns: 2,
  resolve: { scale: { y: 'independent' } },
  spec: { width: 280, height: 130, encoding: { x: { field: 'x', type: 'quantitative', title: f.label } }, layer: band({}) },
});
const heat = (m) => ({
  width: 600,
  height: 200,
  data: { values: points.map((p) => ({ a: p.values['params.fine'], b: p.values['params.caps.azul'], y: p.metrics[m.id].estimate })) },
  encoding: { x: { field: 'a', type: 'ordinal', title: 'params.fine' }, y: { field: 'b', type: 'ordinal', title: 'params.caps.azul' } },
  layer: [
    { mark: 'rect', encoding: { color: { field: 'y', type: 'quantitative', scale: { scheme: 'blues' } } } },
    { mark: 'text', encoding: { text: { field: 'y', type: 'quantitative', format: '.1%' } } },
  ],
});
const specs = [
  ...sweep.factors.flatMap((f) => [curves(f, seatMetrics, false), panels(f, shapeMetrics, false)]),
  heat(metrics.find((m) => m.id === 'seatSpread')),
  heat(metrics.find((m) => m.id === 'race')),
  ...sweep.factors.map((f) => panels(f, metrics, true)),
];
async function vegaCharts() {
  const out = [];
  for (const spec of specs) {
    const view = new vega.View(vega.parse(vl.compile(spec).spec), { renderer: 'none' });
    out.push(await view.toSVG());
    view.finalize();
  }
  return out;
}
// VEGA-SPECS-END

await timed(vegaCharts, 2); // warm-up
const vg = await timed(vegaCharts, 5);
const vegaBytes = vg.out.join('').length;
const again = (await vegaCharts()).join('');
const size = execFileSync('du', ['-sk', join(dir, 'node_modules')], { encoding: 'utf8' }).split('\t')[0];
const packages = execFileSync('npm', ['ls', '--all', '--parseable', '--prefix', dir], { encoding: 'utf8' }).trim().split('\n').length - 1;
console.log(
  `Vega-Lite: ${vg.ms.toFixed(1)} ms for the ${specs.length} charts (median of 5), ${vegaBytes} bytes of SVG, page about ${hand.out.length - handCharts.join('').length + vegaBytes} bytes, same bytes twice: ${again === vg.out.join('')}, <script> in the SVG: ${/<script/i.test(again)}; vega ${vega.version} + vega-lite ${vl.version}: ${packages} packages, ${(Number(size) / 1024).toFixed(1)} MB installed`,
);
