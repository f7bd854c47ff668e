/**
 * Opens the balance.html that `goldpit balance` wrote in headless Chromium (Debian's; see
 * test/helpers/browser.ts): it loads nothing, logs nothing, fits the viewport and its tables fit the
 * reading column, the answer and the evidence are visible, and the sweep page's charts are drawn.
 * Leaves a full-page screenshot in reports/screenshots/balance.png for a human to look at.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { browserSession, expectSelfContained, openFile, SKIP_BROWSER } from '../helpers/browser.js';
import { capture } from '../helpers/io.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe.skipIf(SKIP_BROWSER)('balance.html in headless Chromium', () => {
  const session = browserSession('goldpit-balance-page-');
  const browser = session.browser;

  it('shows the answer, the evidence and the path, self-contained, with the sweep charts drawn', async () => {
    const context = browser();
    const work = session.dir();
    // Two seats: the sweep page's table of points fits the column (with four seats' columns it is
    // wider than 720 px, in sweep.html as well).
    const scenario = join(work, 'mgm-2p.json');
    writeFileSync(scenario, JSON.stringify({ name: 'mgm-2p', game: 'my-gold-mine', players: 2, seats: ['greedy', 'greedy'], seed: 'mgm-2p' }));
    const out = join(work, 'out');
    const io = capture();
    const code = await runCli(
      ['balance', scenario, '--vary', 'params.rounds=1..4', '--target', 'seatSpread <= 0.1', '--budget', '40000', '--out', out, '--workers', '0', '--quiet'],
      io,
    );
    expect(code).toBe(0);
    const loaded = await openFile(context, join(out, 'balance.html'));
    const { page } = loaded;
    const answer = await page.textContent('#balance .verdict');
    expect(answer).toMatch(/^Shown: params\.rounds = [1-4] meets every target with 95% simultaneous confidence\.$/);
    expect(await page.isVisible('#balance table')).toBe(true);
    const evidence = await page.$$eval('#balance table', (tables) => (tables[0] as HTMLTableElement).rows[1].cells[0].textContent);
    expect(evidence).toBe('seatSpread <= 0.1');
    const charts = await page.$$eval('svg.chart', (svgs) => svgs.filter((s) => s.querySelectorAll('path, rect, circle, line').length >= 4).length);
    expect(charts).toBeGreaterThan(0);
    await expectSelfContained(loaded, join(ROOT, 'reports', 'screenshots', 'balance.png'));
  }, 60_000);
});
