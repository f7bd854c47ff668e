/**
 * Opens report.html in headless Chromium (the system's Debian package, never a downloaded browser),
 * from disk, and checks that it loads nothing, logs nothing and draws every chart. Leaves a
 * full-page screenshot in reports/screenshots/report.png for a human to look at.
 *
 * Needs /usr/bin/chromium (`apt-get install -y chromium`). In CI (CI=true; `.ci/run` installs it) a
 * missing Chromium fails the test with the install hint. On a developer machine without it the test
 * is skipped with a note, so the README's `npm test` works with only Node and npm; set
 * GOLDPIT_SKIP_BROWSER=1 to skip it anywhere.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserSession, expectSelfContained, openFile, SKIP_BROWSER, type OpenedPage } from '../helpers/browser.js';
import { GAMES } from '../../src/games/registry.js';
import { renderReport } from '../../src/report/html.js';
import { reportGameOf } from '../../src/report/summary.js';

import { makeImpactReport, makeRunSummary } from './fixture.js';
import { tempDir } from '../helpers/temp.js';
import { runCli } from '../../src/cli/main.js';
import { capture } from '../helpers/io.js';

const GR = reportGameOf(GAMES.goldrausch);

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCREENSHOT = join(ROOT, 'reports/screenshots/report.png');
/** Fewest drawn marks (path, rect, circle, line, polyline, polygon) a chart must contain. */
const MIN_MARKS = 4;

describe.skipIf(SKIP_BROWSER)('report.html in headless Chromium', () => {
  const session = browserSession('goldpit-report-');
  const browser = session.browser;

  async function open(file: string, html: string): Promise<OpenedPage> {
    const path = join(session.dir(), file);
    writeFileSync(path, html);
    return openFile(browser(), path);
  }

  it('opens from disk without console messages, page errors or requests, and draws every chart', async () => {
    const loaded = await open('report.html', renderReport(makeRunSummary(), makeImpactReport(), null, GR));
    const { page } = loaded;
    const charts = await page.$$eval('svg.chart', (svgs) =>
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
    expect(charts.map((c) => c.name)).toEqual([
      'bot-win-rates',
      'seat-win-rates',
      'seat-advantage',
      'gold-curves',
      'winner-curve',
      'game-length',
      'endings',
      'leader-wins',
      'per-round',
      'card-impact',
    ]);
    for (const chart of charts) {
      expect(chart.width, `${chart.name} width`).toBeGreaterThan(100);
      expect(chart.height, `${chart.name} height`).toBeGreaterThan(40);
      expect(chart.marks, `${chart.name} marks`).toBeGreaterThanOrEqual(MIN_MARKS);
    }
    await expectSelfContained(loaded, SCREENSHOT);
  });

  it('shows a visible note for an empty data set and still logs nothing', async () => {
    const summary = makeRunSummary();
    const empty = { ...summary, goldCurve: [], winnerCurve: [] };
    const { page, problems } = await open('empty.html', renderReport(empty, null, null, GR));
    const notes = await page.$$eval('p.no-data[data-chart]', (ps) =>
      ps.map((p) => ({ name: p.getAttribute('data-chart'), height: p.getBoundingClientRect().height })),
    );
    expect(notes.map((n) => n.name)).toEqual(['gold-curves', 'winner-curve']);
    for (const note of notes) expect(note.height).toBeGreaterThan(20);
    expect(problems).toEqual([]);
    await page.close();
  });

  // Every game's page from a real run: the same checks as Goldrausch's (nothing loaded or logged,
  // no sideways scrolling, every table fits), every chart drawn, and the game's own sections.
  const GAME_SCENARIOS: Record<string, string> = {
    goldrausch: 'scenarios/baseline.json',
    'gold-knizia': 'scenarios/gold-4p.json',
    'my-gold-mine': 'scenarios/my-gold-mine-4p.json',
    'green-deal': 'scenarios/green-deal-4p.json',
  };
  for (const game of Object.keys(GAMES)) {
    it(`draws ${game}'s page from a real run, with its own sections and every chart`, async () => {
      browser();
      const scenario = GAME_SCENARIOS[game];
      expect(scenario, `a scenario for ${game} in this test`).toBeDefined();
      const out = tempDir(`goldpit-page-${game}-`);
      expect(await runCli(['run', scenario, '--games', '400', '--workers', '0', '--out', out, '--quiet'], capture())).toBe(0);
      const loaded = await openFile(browser(), join(out, 'report.html'));
      const { page } = loaded;
      const charts = await page.$$eval('svg.chart', (svgs) =>
        svgs.map((svg) => ({ name: svg.getAttribute('data-chart'), marks: svg.querySelectorAll('path, rect, circle, line, polyline, polygon').length })),
      );
      const stepSections = GAMES[game].presentation.sections.filter((x) => x.kind === 'step-counters').map((x) => x.id);
      expect(charts.map((c) => c.name)).toEqual([
        'bot-win-rates',
        'seat-win-rates',
        'seat-advantage',
        'gold-curves',
        'winner-curve',
        'game-length',
        'endings',
        'leader-wins',
        ...stepSections,
      ]);
      for (const chart of charts) expect(chart.marks, `${chart.name} marks`).toBeGreaterThanOrEqual(MIN_MARKS);
      const ids = await page.$$eval('section[id]', (sections) => sections.map((x) => x.id));
      for (const section of GAMES[game].presentation.sections) expect(ids).toContain(section.id);
      await expectSelfContained(loaded, join(ROOT, `reports/screenshots/report-${game}.png`));
    }, 120_000);
  }
});
