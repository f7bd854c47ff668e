/**
 * Opens skill.html in headless Chromium (Debian's; see test/helpers/browser.ts): a real small ladder
 * of GOLD's bots, and a seven-tier ladder of synthetic games with two search families (every section
 * drawn, the widest matrix). Each loads nothing, logs nothing, fits the reading column, and shows the
 * verdicts, the rating chart, the matchup heat map, the depth charts and the luck bar. Leaves
 * screenshots in reports/screenshots/ for a human to look at.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { summarizeSkill } from '../../src/skill/summary.js';
import { writeSkillOutputs } from '../../src/skill/write.js';
import { browserSession, expectSelfContained, openFile, SKIP_BROWSER } from '../helpers/browser.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';
import { facts, synthetic } from './synthetic.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const chartsOf = (page: import('playwright-core').Page) =>
  page.$$eval('svg.chart', (svgs) =>
    svgs.map((svg) => ({
      name: svg.getAttribute('data-chart'),
      width: svg.getBoundingClientRect().width,
      marks: svg.querySelectorAll('path, rect, circle, line').length,
    })),
  );

describe.skipIf(SKIP_BROWSER)('skill.html in headless Chromium', () => {
  const session = browserSession('goldpit-skill-chromium-');
  let work = '';

  beforeAll(async () => {
    work = tempDir('goldpit-skill-html-');
    const code = await runCli(
      [
        'skill',
        'scenarios/gold-4p.json',
        '--tiers',
        'random,greedy,spoiler,cautious',
        '--budgets',
        'none',
        '--deals',
        '20',
        '--bootstrap',
        '100',
        '--workers',
        '2',
        '--out',
        join(work, 'real'),
        '--quiet',
      ],
      capture(),
    );
    if (code !== 0) throw new Error(`skill exited with ${code}`);
    const tiers = [
      'uniform',
      'greedy',
      'ismcts:iterations=100',
      'ismcts:iterations=200',
      'ismcts:iterations=400',
      'ismcts:rollout=greedy:iterations=100',
      'ismcts:rollout=greedy:iterations=200',
    ];
    const s = summarizeSkill(facts(tiers, 40), synthetic(tiers, [-1.5, 0, 0.3, 0.9, 1.5, 0.5, 0.5], 40, 7), { bootstrap: 200 });
    writeSkillOutputs(join(work, 'synthetic'), s, { wallSeconds: 12.5, workers: 2, finishedAt: '2026-01-01T00:00:00.000Z' });
  });

  it('a real ladder: verdicts, ratings, the matchup heat map and the luck bar, self-contained', async () => {
    const opened = await openFile(session.browser(), join(work, 'real', 'skill.html'));
    const { page } = opened;
    const verdicts = await page.$$eval('#in-short li', (items) => items.map((i) => i.textContent ?? ''));
    expect(verdicts[0]).toMatch(/^The ladder by rating, strongest first: /);
    const charts = await chartsOf(page);
    expect(charts.map((c) => c.name)).toEqual(['skill-ratings', 'matchups', 'luck-skill']);
    for (const chart of charts) expect(chart.width, `${chart.name}`).toBeGreaterThan(100);
    // The heat map: 4 × 4 squares, 12 numbered cells from 0 to 100.
    const cells = await page.$$eval('svg[data-chart="matchups"] text.cell', (t) => t.map((x) => Number(x.textContent)));
    expect(cells).toHaveLength(12);
    for (const v of cells) expect(v >= 0 && v <= 100).toBe(true);
    expect(await page.textContent('#depth .explain')).toContain('No tier family has two or more search budgets');
    await expectSelfContained(opened, join(ROOT, 'reports', 'screenshots', 'skill.png'));
  });

  it('seven tiers with two search families: depth charts and the widest matrix fit the column', async () => {
    const opened = await openFile(session.browser(), join(work, 'synthetic', 'skill.html'));
    const { page } = opened;
    const charts = await chartsOf(page);
    expect(charts.map((c) => c.name)).toEqual(['skill-ratings', 'matchups', 'depth-ismcts', 'depth-ismcts:rollout=greedy', 'luck-skill']);
    // Two budget steps of ismcts: a point and a whisker each.
    expect(charts[2].marks).toBeGreaterThanOrEqual(4);
    expect(await page.$$eval('#depth h3', (h) => h.map((x) => x.textContent))).toEqual([
      'ismcts: skill depth 2 of 2 steps',
      'ismcts:rollout=greedy: skill depth 0 of 1 step',
    ]);
    expect(await page.$$eval('#matchups table tbody tr', (rows) => rows.length)).toBe(7);
    const wall = await page.$$eval('.facts dd', (dd) => dd.map((d) => d.textContent ?? '').find((t) => t.includes('workers')));
    expect(wall).toContain('12.5 s on 2 workers');
    await expectSelfContained(opened, join(ROOT, 'reports', 'screenshots', 'skill-synthetic.png'));
  });
});
