/**
 * Opens sweep.html in headless Chromium (Debian's, never a downloaded one; see test/helpers/browser.ts)
 * from disk: it loads nothing, logs nothing, fits the viewport, draws every chart with its marks and
 * shows the table. Leaves full-page screenshots in reports/screenshots/ for a human to look at.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { renderSweep } from '../../src/report/sweep-html.js';
import type { SweepJson } from '../../src/report/sweep-types.js';
import { runCli } from '../../src/cli/main.js';
import { GAMES } from '../../src/games/registry.js';
import { capture } from '../helpers/io.js';
import { browserSession, expectSelfContained, openFile, SKIP_BROWSER } from '../helpers/browser.js';
import { tempDir } from '../helpers/temp.js';
import { FINE, fineModel, fineSweep, makeSweep, options } from './sweep-fixture.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Fewest drawn marks a chart must contain. */
const MIN_MARKS = 4;

interface DrawnChart {
  readonly name: string | null;
  readonly width: number;
  readonly height: number;
  readonly marks: number;
}

async function drawnCharts(page: Page): Promise<DrawnChart[]> {
  return page.$$eval('svg.chart', (svgs) =>
    svgs.map((svg) => {
      const box = svg.getBoundingClientRect();
      return {
        name: svg.getAttribute('data-chart'),
        width: box.width,
        height: box.height,
        marks: svg.querySelectorAll('path, rect, circle, line, polyline, polygon').length,
      };
    }),
  );
}

describe.skipIf(SKIP_BROWSER)('sweep.html in headless Chromium', () => {
  const session = browserSession('goldpit-sweep-page-');
  const browser = session.browser;

  /** Renders a constructed sweep's page into the work folder; returns its path. */
  function write(file: string, sweep: SweepJson): string {
    const path = join(session.dir(), file);
    writeFileSync(path, renderSweep(sweep));
    return path;
  }

  /** Opens the page at `path` and checks what every sweep page must show; returns the chart names. */
  async function check(path: string, sweep: SweepJson, screenshot: string): Promise<string[]> {
    const loaded = await openFile(browser(), path);
    const { page } = loaded;
    const charts = await drawnCharts(page);
    expect(charts.length).toBeGreaterThan(0);
    for (const chart of charts) {
      expect(chart.width, `${chart.name} width`).toBeGreaterThan(100);
      expect(chart.height, `${chart.name} height`).toBeGreaterThan(40);
      expect(chart.marks, `${chart.name} marks`).toBeGreaterThanOrEqual(MIN_MARKS);
    }
    // The table: a row per point in each of its tables, each visible.
    const rows = await page.$$eval('#points table', (tables) => tables.map((t) => t.querySelectorAll('tbody tr').length));
    expect(rows.length).toBeGreaterThan(0);
    for (const n of rows) expect(n).toBe(sweep.points.length);
    expect(await page.locator('#in-short li').count()).toBeGreaterThan(0);
    // Every chart lies within the reading column: nothing drawn past the viewport's right edge.
    const right = await page.$$eval('svg.chart', (svgs) => Math.max(...svgs.map((s) => s.getBoundingClientRect().right)));
    expect(right).toBeLessThanOrEqual(1000);
    await expectSelfContained(loaded, join(ROOT, `reports/screenshots/${screenshot}.png`));
    return charts.map((c) => c.name ?? '');
  }

  it('draws a one-factor sweep: curves with bands, the differences, the table', async () => {
    const names = await check(write('sweep-1-factor.html', fineSweep()), fineSweep(), 'sweep-1-factor');
    expect(names).toEqual(['curve-0-seats', 'curve-0-shape', 'diff-0']);
  });

  it('draws a two-factor sweep with its heat maps', async () => {
    const sweep = makeSweep({
      factors: [FINE, options('rules.penaltySink', ['bank', 'continent'])],
      reference: { 'params.fine': 2, 'rules.penaltySink': 'bank' },
      model: (v) => ({ ...fineModel(v), race: fineModel(v).race + (v['rules.penaltySink'] === 'continent' ? 0.05 : 0) }),
    });
    const names = await check(write('sweep-2-factors.html', sweep), sweep, 'sweep-2-factors');
    expect(names).toContain('heat-0');
    expect(names).toContain('heat-1');
  });

  // Pages from real sweeps (`goldpit sweep`, few games), one for every registered game: a grid of
  // two factors with the reference added off the grid (Goldrausch), a bot per seat (the others).
  const REAL_SWEEPS: Record<string, { scenario: string; vary: string[]; charts: string[] }> = {
    goldrausch: {
      scenario: 'scenarios/mirror-cooperative.json',
      vary: ['params.fine=0..6:3', 'rules.penaltySink=bank,continent'],
      charts: ['curve-0-seats', 'curve-0-shape', 'curve-1-seats', 'curve-1-shape', 'heat-0', 'heat-1', 'diff-0', 'diff-1'],
    },
    'gold-knizia': {
      scenario: 'scenarios/gold-3p.json',
      vary: ['seats[2]=random,greedy'],
      charts: ['curve-0-bots', 'curve-0-seats', 'curve-0-shape', 'diff-0'],
    },
    'my-gold-mine': {
      scenario: 'scenarios/my-gold-mine-3p.json',
      vary: ['seats[0]=greedy,random'],
      charts: ['curve-0-bots', 'curve-0-seats', 'curve-0-shape', 'diff-0'],
    },
    'green-deal': {
      scenario: 'scenarios/green-deal-3p.json',
      vary: ['components.pr.price=2,4'],
      charts: ['curve-0-bots', 'curve-0-seats', 'curve-0-shape', 'diff-0'],
    },
  };
  for (const game of Object.keys(GAMES)) {
    it(`draws the page of a real ${game} sweep`, async () => {
      browser();
      const real = REAL_SWEEPS[game];
      expect(real, `a sweep for ${game} in this test`).toBeDefined();
      const out = tempDir(`goldpit-sweep-${game}-`);
      const args = ['sweep', real.scenario, ...real.vary.flatMap((v) => ['--vary', v]), '--games', '200', '--workers', '0', '--out', out, '--quiet'];
      expect(await runCli(args, capture())).toBe(0);
      const sweep = JSON.parse(readFileSync(join(out, 'sweep.json'), 'utf8')) as SweepJson;
      expect(sweep.game).toBe(game);
      // The page `goldpit sweep` wrote beside sweep.json.
      expect(await check(join(out, 'sweep.html'), sweep, `sweep-${game}`)).toEqual(real.charts);
    }, 120_000);
  }
});
