/**
 * Opens sensitivity.html (Morris and Sobol) in headless Chromium (Debian's; test/helpers/browser.ts):
 * it loads nothing, logs nothing, fits the viewport and its tables fit the reading column; the
 * scatter and ranked bars of every metric are drawn, dots coloured by verdict. Leaves full-page
 * screenshots in reports/screenshots/ for a human to look at.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { browserSession, expectSelfContained, openFile, SKIP_BROWSER } from '../helpers/browser.js';
import { capture } from '../helpers/io.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCENARIO = 'scenarios/baseline.json';
const KNOBS = [
  '--vary',
  'params.rounds=8..12',
  '--vary',
  'params.fine=0..6',
  '--vary',
  'rules.penaltySink=bank,continent',
  '--vary',
  'params.pLate=0..0.3:0.1',
];

describe.skipIf(SKIP_BROWSER)('sensitivity.html in headless Chromium', () => {
  const session = browserSession('goldpit-sensitivity-page-');

  it('Morris: the verdicts, a scatter and ranked bars per metric, the knob table; self-contained', async () => {
    const out = join(session.dir(), 'morris');
    const args = ['sensitivity', SCENARIO, ...KNOBS, '--games', '300', '--trajectories', '6', '--bootstrap', '100', '--workers', '0', '--quiet', '--out', out];
    expect(await runCli(args, capture())).toBe(0);
    const loaded = await openFile(session.browser(), join(out, 'sensitivity.html'));
    const { page } = loaded;
    expect(await page.textContent('h1')).toBe('baseline: which knobs matter');
    const shortItems = await page.$$eval('#in-short .verdicts li', (li) => li.map((x) => x.textContent ?? ''));
    expect(shortItems[0]).toMatch(/^Seat spread/);
    expect(shortItems[1]).toMatch(/^Race share/);
    const metrics = await page.$$eval('section[id^="metric-"]', (s) => s.length);
    expect(metrics).toBe(13);
    // Every scatter has a dot per knob, every bar chart a bar per knob (4 knobs, fewer than the 15 shown).
    const dots = await page.$$eval('svg[data-chart^="scatter-"]', (svgs) => svgs.map((s) => s.querySelectorAll('circle').length));
    expect(dots).toEqual(new Array(13).fill(4));
    const bars = await page.$$eval('svg[data-chart^="bars-"]', (svgs) => svgs.map((s) => s.querySelectorAll('rect').length));
    expect(bars).toEqual(new Array(13).fill(4));
    expect(await page.$$eval('#knobs table tbody tr', (rows) => rows.length)).toBe(4);
    await expectSelfContained(loaded, join(ROOT, 'reports', 'screenshots', 'sensitivity.png'));
  }, 120_000);

  it('Sobol: first-order and total bars with intervals, the noise tiles; self-contained', async () => {
    const out = join(session.dir(), 'sobol');
    const args = [
      'sensitivity',
      SCENARIO,
      ...KNOBS,
      '--method',
      'sobol',
      '--games',
      '200',
      '--samples',
      '20',
      '--bootstrap',
      '100',
      '--workers',
      '0',
      '--quiet',
      '--out',
      out,
    ];
    expect(await runCli(args, capture())).toBe(0);
    const loaded = await openFile(session.browser(), join(out, 'sensitivity.html'));
    const { page } = loaded;
    const charts = await page.$$eval('svg[data-chart^="sobol-"]', (svgs) => svgs.map((s) => s.querySelectorAll('rect').length));
    expect(charts.length).toBeGreaterThan(0);
    for (const rects of charts) expect(rects).toBe(8); // two bars per knob
    expect(await page.textContent('#metric-12 .tile-label')).toBe('deals\u2019 noise');
    await expectSelfContained(loaded, join(ROOT, 'reports', 'screenshots', 'sensitivity-sobol.png'));
  }, 120_000);
});
