import { describe, expect, it } from 'vitest';
import { panelTitle, renderSweep, sweepVerdicts } from '../../src/report/sweep-html.js';
import { escapeHtml } from '../../src/report/html.js';
import { FINE, fineModel, fineSweep, makeSweep, numeric, options } from './sweep-fixture.js';

/** The data-chart names of the page's charts, in page order. */
const charts = (html: string): string[] => [...html.matchAll(/<svg class="chart" data-chart="([^"]+)"/g)].map((m) => m[1]);
/** One chart's SVG. */
function chart(html: string, name: string): string {
  const start = html.indexOf(`data-chart="${name}"`);
  expect(start, `chart ${name}`).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</svg>', start));
}
const count = (text: string, needle: string | RegExp): number => text.split(needle).length - 1;

const twoFactors = () =>
  makeSweep({
    factors: [FINE, options('rules.penaltySink', ['bank', 'continent'])],
    reference: { 'params.fine': 2, 'rules.penaltySink': 'bank' },
    model: fineModel,
  });

describe('renderSweep', () => {
  it('draws, for one numeric factor, the seats\u2019 curves, the game shape and the paired differences, with a band per line', () => {
    const html = renderSweep(fineSweep());
    expect(charts(html)).toEqual(['curve-0-seats', 'curve-0-shape', 'diff-0']);
    const seats = chart(html, 'curve-0-seats');
    // 4 seats × 7 points, each point a dot with its tooltip; one 95% band per seat.
    expect(count(seats, '<circle')).toBe(28);
    expect(count(seats, 'fill-opacity="0.16"')).toBe(4);
    expect(seats).toContain('seat 0 at params.fine = 6: 24.0%, 95% interval 23.5\u201324.5%; 20,000 games');
    // Game shape: one panel per other metric; the differences: one panel per metric, the reference at 0.
    for (const label of ['seat spread', 'mean rounds', 'mean final gold', 'race share']) expect(chart(html, 'curve-0-shape')).toContain(`>${label}</text>`);
    const diff = chart(html, 'diff-0');
    expect(count(diff, 'class="panel-title"')).toBe(8);
    expect(diff).toContain('race share at params.fine = 6: \u22128.0 pp against the reference, 95% interval \u22128.3\u2013\u22127.7 pp');
    expect(html).not.toContain('id="heat-maps"');
  });

  it('gives a panel its whole title: a long label\u2019s explanation on a second line, never cut to an ellipsis', () => {
    const long = panelTitle('score spread (highest \u2212 lowest final gold)', 64, 100, 280);
    expect(long).not.toContain('\u2026');
    expect(long).toMatch(/class="panel-title" x="64" y="72"><title>score spread \(highest \u2212 lowest final gold\)<\/title>score spread<\/text>/);
    expect(long).toContain('class="legend" x="64" y="88">(highest \u2212 lowest final gold)</text>');
    expect(panelTitle('mean rounds', 64, 100, 280)).toBe('<text class="panel-title" x="64" y="88"><title>mean rounds</title>mean rounds</text>');
    // Nothing to split: only then is a line clipped to the panel.
    expect(panelTitle('x'.repeat(50), 0, 100, 280)).toContain(`${'x'.repeat(34)}\u2026</text>`);
  });

  it('lists every point with each metric\u2019s interval and paired difference, the reference row in bold', () => {
    const sweep = fineSweep();
    const html = renderSweep(sweep);
    const section = html.slice(html.indexOf('<section id="points">'));
    const tables = section.split('<table').length - 1;
    // 8 metrics at 4 a table (one factor column): 2 tables of 7 rows.
    expect(tables).toBe(2);
    expect(count(section, '<tr><td')).toBe(7 * tables);
    expect(section).toContain('<td class="num"><strong>2</strong></td><td><strong>2</strong></td>');
    expect(section).toContain('title="95% interval 29.5\u201330.5%">30.0%');
    expect(section).toContain('\u0394 +2.0 pp \u00b1\u20090.3');
    // A difference whose interval excludes 0 is highlighted; mean rounds' (0 ± 0.003) is not.
    expect(section).toMatch(/class="unit sig"[^>]*>\u0394 \+2\.0 pp/);
    expect(section).toMatch(/class="unit"[^>]*>\u0394 0\.00 \u00b1\u20090\.00/);
  });

  it('shows the verdicts of sweepVerdicts when the file has none, and the file\u2019s own otherwise', () => {
    const sweep = fineSweep();
    const html = renderSweep(sweep);
    for (const verdict of sweepVerdicts(sweep)) expect(html).toContain(`<li>${escapeHtml(verdict)}</li>`);
    const own = renderSweep({ ...sweep, verdicts: ['A verdict from the file.'] });
    expect(own).toContain('<li>A verdict from the file.</li>');
    expect(own).not.toContain(escapeHtml(sweepVerdicts(sweep)[0]));
  });

  it('puts extra sections after the verdicts and the extra title in the heading', () => {
    const html = renderSweep(fineSweep(), { title: 'Balance: fine & caps', sectionsHtml: '<section id="evidence"><h2>Evidence</h2></section>' });
    expect(html).toContain('<h1>Balance: fine &amp; caps</h1>');
    const at = html.indexOf('<section id="evidence">');
    expect(at).toBeGreaterThan(html.indexOf('<section id="in-short">'));
    expect(at).toBeLessThan(html.indexOf('<section id="curves">'));
  });

  it('draws a heat map of the seat spread and of the key ending\u2019s share over two factors, the reference cell outlined', () => {
    const html = renderSweep(twoFactors());
    expect(charts(html)).toEqual(['curve-0-seats', 'curve-0-shape', 'curve-1-seats', 'curve-1-shape', 'heat-0', 'heat-1', 'diff-0', 'diff-1']);
    const heat = chart(html, 'heat-0');
    expect(heat).toContain('Heat map of seat spread over params.fine and rules.penaltySink');
    // 7 × 2 cells, 5 colour-key swatches; exactly one cell outlined.
    expect(count(heat, '<rect')).toBe(14 + 5);
    expect(count(heat, 'stroke-width="2.5"')).toBe(1);
    expect(heat).toContain('params.fine = 2, rules.penaltySink = bank: seat spread 4.0% (95% interval 3.5\u20134.5%); the reference point');
    expect(chart(html, 'heat-1')).toContain('Heat map of race share');
    // A non-numeric factor: dots with interval bars, no bands.
    expect(count(chart(html, 'curve-1-seats'), 'fill-opacity="0.16"')).toBe(0);
    expect(count(chart(html, 'curve-1-seats'), '<circle')).toBe(8);
  });

  it('places a reference point that the sweep added off the listed values on both axes and in the heat map', () => {
    // As `goldpit sweep` does when the scenario's own values are not on the grid: the reference comes last.
    const factors = [numeric('params.fine', [0, 3, 6]), options('rules.penaltySink', ['continent'])];
    const sweep = makeSweep({
      factors,
      points: [...[0, 3, 6].map((fine) => ({ 'params.fine': fine, 'rules.penaltySink': 'continent' })), { 'params.fine': 2, 'rules.penaltySink': 'bank' }],
      reference: { 'params.fine': 2, 'rules.penaltySink': 'bank' },
      model: fineModel,
    });
    const html = renderSweep(sweep);
    // The sink's slice through the reference is the reference alone, drawn at "bank" inside the panel.
    const sink = chart(html, 'curve-1-seats');
    expect(sink).toContain('>bank</text>');
    for (const m of sink.matchAll(/<circle cx="([\d.-]+)"/g)) expect(Number(m[1])).toBeGreaterThan(64);
    // Heat map: fine 0, 2, 3, 6 across, continent and bank down; 4 of the 8 cells are points, 1 is the reference.
    const heat = chart(html, 'heat-0');
    expect(count(heat, '<rect')).toBe(8 + 5);
    expect(count(heat, 'stroke="#e6e8eb"')).toBe(4);
    expect(heat).toContain('params.fine = 2, rules.penaltySink = bank: seat spread 4.0%');
  });

  it('keeps a share\u2019s drawn interval within 0\u2013100% when a small sample\u2019s interval is not', () => {
    const html = renderSweep(fineSweep({ halfWidth: 0.3 }));
    // seat 0 at fine 6: 24% ± 30 → drawn 0.0–54.0%.
    expect(chart(html, 'curve-0-seats')).toContain('seat 0 at params.fine = 6: 24.0%, 95% interval 0.0\u201354.0%');
  });

  it('draws a Latin hypercube as a scatter against each factor, without heat maps or lines', () => {
    const sweep = makeSweep({
      factors: [FINE, numeric('params.caps.azul', [6, 10, 14])],
      design: { lhs: 3 },
      points: [
        { 'params.fine': 0, 'params.caps.azul': 10 },
        { 'params.fine': 3, 'params.caps.azul': 14 },
        { 'params.fine': 6, 'params.caps.azul': 6 },
      ],
      model: fineModel,
    });
    const html = renderSweep(sweep);
    expect(charts(html)).toEqual(['curve-0-seats', 'curve-0-shape', 'curve-1-seats', 'curve-1-shape', 'diff-0', 'diff-1']);
    expect(count(chart(html, 'curve-1-seats'), '<circle')).toBe(12);
    expect(count(chart(html, 'curve-1-seats'), 'stroke-width="2.2"')).toBe(0);
    expect(html).toContain('Latin hypercube of 3 points');
  });

  it('draws the bots\u2019 win rates for a line-up of different bots, and escapes names from files', () => {
    const sweep = makeSweep({
      factors: [FINE],
      seats: ['<b>greedy</b>', 'cautious'],
      reference: { 'params.fine': 2 },
      metrics: [
        { id: 'win:<b>greedy</b>', label: 'win rate <b>greedy</b>', family: 'win-rate', unit: 'share' },
        { id: 'win:cautious', label: 'win rate cautious', family: 'win-rate', unit: 'share' },
        { id: 'seat:0', label: 'win rate seat 0', family: 'seat-win-rate', unit: 'share' },
        { id: 'seat:1', label: 'win rate seat 1', family: 'seat-win-rate', unit: 'share' },
      ],
      model: (v) => {
        const f = Number(v['params.fine']);
        return { 'win:<b>greedy</b>': 0.6 - 0.02 * f, 'win:cautious': 0.4 + 0.02 * f, 'seat:0': 0.55, 'seat:1': 0.45 };
      },
    });
    const html = renderSweep(sweep);
    expect(charts(html)).toEqual(['curve-0-bots', 'curve-0-seats', 'diff-0']);
    expect(html).not.toContain('<b>greedy</b>');
    expect(html).toContain('&lt;b&gt;greedy&lt;/b&gt;');
  });

  it('is one self-contained page: no script, no external reference, the same bytes for the same sweep', () => {
    const html = renderSweep(twoFactors());
    expect(html).not.toMatch(/<script|src=|href=|@import|url\(/i);
    expect(html).toContain("default-src 'none'");
    expect(renderSweep(structuredClone(twoFactors()))).toBe(html);
  });

  it('shows a visible note for a sweep without points', () => {
    const html = renderSweep({ ...fineSweep(), points: [] });
    expect(html).toContain('<p class="no-data" data-chart="sweep">No data: the sweep has no points</p>');
  });
});
