/**
 * Shared by the browser tests: Debian's Chromium (never a downloaded browser) with the project's
 * flags, when to skip, and the layout checks every page must pass.
 *
 * In CI (CI=true; `.ci/run` installs Chromium) a missing browser fails the tests with the install
 * hint; on a developer machine without it they are skipped with a note, so the README's `npm test`
 * works with only Node and npm; GOLDPIT_SKIP_BROWSER=1 skips them anywhere.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const inCi = process.env.CI === 'true' || process.env.CI === '1';
export const SKIP_BROWSER = process.env.GOLDPIT_SKIP_BROWSER === '1' || (!inCi && !existsSync(CHROMIUM));
if (SKIP_BROWSER && process.env.GOLDPIT_SKIP_BROWSER !== '1') {
  process.stderr.write(`note: browser test skipped: ${CHROMIUM} not found (apt-get install -y chromium); CI runs it\n`);
}

/** How far the page scrolls sideways (≤ 0: it fits), and the sections whose table scrolls inside its wrapper. */
export async function layoutProblems(page: Page): Promise<{ overflow: number; cramped: string[] }> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const cramped = await page.$$eval('.table-wrap', (wraps) => wraps.filter((w) => w.scrollWidth > w.clientWidth + 1).map((w) => w.parentElement?.id ?? '?'));
  return { overflow, cramped };
}
