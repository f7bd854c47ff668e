/**
 * Opens tournament.html of a real (small) tournament with a faulty bot in headless Chromium (the
 * system package, never a downloaded browser): it loads nothing, logs nothing, and shows the rating
 * bars, the head-to-head heat map and the faults table. Skipped like test/report/browser.test.ts
 * when /usr/bin/chromium is missing outside CI, or with GOLDPIT_SKIP_BROWSER=1.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSession, expectSelfContained, openFile, SKIP_BROWSER } from '../helpers/browser.js';
import { runCli } from '../../src/cli/main.js';
import { tempDir } from '../helpers/temp.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCREENSHOT = join(ROOT, 'reports/screenshots/tournament.png');

describe.skipIf(SKIP_BROWSER)('tournament.html in headless Chromium', () => {
  const session = browserSession('goldpit-tour-chromium-');
  let work = '';

  beforeAll(async () => {
    work = tempDir('goldpit-tour-html-');
    const io = { errIsTty: false, out: () => {}, err: () => {} };
    const bots = [join(ROOT, 'test/tournament/bots/throws.ts'), 'greedy', 'cooperative', 'betrayer', 'reciprocal', 'opportunist', 'silent'].join(',');
    const code = await runCli(
      ['tournament', '--bots', bots, '--deals', '1', '--workers', '1', '--bootstrap', '50', '--seed', 'page', '--out', join(work, 'out'), '--quiet'],
      io,
    );
    if (code !== 0) throw new Error(`tournament exited with ${code}`);
  });

  it('draws rating bars, the heat map and the faults table, with no requests or console messages', async () => {
    const opened = await openFile(session.browser(), join(work, 'out', 'tournament.html'));
    const { page } = opened;

    const charts = await page.$$eval('svg.chart', (svgs) =>
      svgs.map((svg) => {
        const box = svg.getBoundingClientRect();
        return {
          name: svg.getAttribute('data-chart'),
          width: box.width,
          height: box.height,
          rects: svg.querySelectorAll('rect').length,
          marks: svg.querySelectorAll('path, rect, circle, line').length,
        };
      }),
    );
    expect(charts.map((c) => c.name)).toEqual(['ratings', 'rating-gaps', 'head-to-head']);
    for (const chart of charts) {
      expect(chart.width, `${chart.name} width`).toBeGreaterThan(100);
      expect(chart.height, `${chart.name} height`).toBeGreaterThan(40);
    }
    // Rating chart: one point with whiskers per bot (7 bots, as many as the default tournament).
    expect(charts[0].marks).toBeGreaterThanOrEqual(7 * 2);
    // Heat map: a 7 × 7 grid of cells.
    expect(charts[2].rects).toBeGreaterThanOrEqual(49);
    const cells = await page.$$eval('svg[data-chart="head-to-head"] text.cell', (t) => t.map((x) => Number(x.textContent)));
    expect(cells).toHaveLength(42);
    for (const v of cells) expect(v >= 0 && v <= 100).toBe(true);

    // The ratings table lists the 7 bots; the faults table names the throwing bot and how to replay it.
    expect(await page.$$eval('#ratings table tbody tr', (rows) => rows.length)).toBe(7);
    const faultRows = await page.$$eval('#faults table tbody tr', (rows) => rows.map((r) => r.textContent ?? ''));
    expect(faultRows).toHaveLength(1);
    expect(faultRows[0]).toContain('throws');
    expect(faultRows[0]).toContain('boom in ');
    expect(faultRows[0]).toMatch(/--replay \d+/);

    await expectSelfContained(opened, SCREENSHOT);
  });
});
