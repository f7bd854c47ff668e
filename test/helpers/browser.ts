/**
 * Shared by the browser tests: Debian's Chromium (never a downloaded browser) with the project's
 * flags, when to skip, and the layout checks every page must pass.
 *
 * When Chromium is missing: skipped outside CI, a failure in CI (test/helpers/services.ts, the rule
 * for every suite that needs a system service); GOLDPIT_SKIP_BROWSER=1 skips them anywhere.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { tempDir } from './temp.js';

import { CHROMIUM_PATH, SERVICES, skipWithout } from './services.js';

export const CHROMIUM = CHROMIUM_PATH;
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SKIP_BROWSER = skipWithout('chromium');

/**
 * One Chromium for the tests of a describe block (call it in the block): launched before them in a
 * fresh temp folder (`dir()`, where tests write their pages), closed after. `browser()` fails with the
 * install hint when Chromium is missing: a missing browser must not pass silently.
 */
export function browserSession(prefix: string): { browser: () => BrowserContext; dir: () => string } {
  let work = '';
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) return; // each test then fails with the install hint (see browser())
    work = tempDir(prefix);
    context = await chromium.launchPersistentContext(join(work, 'profile'), {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      headless: true,
      viewport: { width: 1000, height: 900 },
    });
  });
  afterAll(async () => {
    await context?.close();
  });
  return {
    browser: () => {
      if (!context) {
        throw new Error(
          `${CHROMIUM} not found: the browser test needs the system Chromium (it never downloads one). Install it with ` +
            `\`${SERVICES.chromium.enable}\` (Debian), or set GOLDPIT_SKIP_BROWSER=1 to skip this test.`,
        );
      }
      return context;
    },
    dir: () => work,
  };
}

/** How far the page scrolls sideways (≤ 0: it fits), and the sections whose table scrolls inside its wrapper. */
export async function layoutProblems(page: Page): Promise<{ overflow: number; cramped: string[] }> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const cramped = await page.$$eval('.table-wrap', (wraps) => wraps.filter((w) => w.scrollWidth > w.clientWidth + 1).map((w) => w.parentElement?.id ?? '?'));
  return { overflow, cramped };
}

/** A page opened from disk, with what it logged (console messages, page errors) and every URL it requested. */
export interface OpenedPage {
  readonly page: Page;
  readonly problems: string[];
  readonly requests: string[];
}

export async function openFile(context: BrowserContext, path: string): Promise<OpenedPage> {
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => problems.push(`console.${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(pathToFileURL(path).href, { waitUntil: 'load' });
  return { page, problems, requests };
}

/**
 * What every page goldpit writes must hold: it fetched nothing but itself, logged nothing, does not
 * scroll sideways, and every table fits the reading column at a desktop width. Then a full-page
 * screenshot goes to `screenshot` and the page is closed.
 */
export async function expectSelfContained({ page, problems, requests }: OpenedPage, screenshot: string): Promise<void> {
  const file = basename(new URL(page.url()).pathname);
  expect(requests.filter((url) => !url.endsWith(`/${file}`))).toEqual([]);
  expect(problems).toEqual([]);
  const layout = await layoutProblems(page);
  expect(layout.overflow).toBeLessThanOrEqual(0);
  expect(layout.cramped).toEqual([]);
  mkdirSync(dirname(screenshot), { recursive: true });
  await page.screenshot({ path: screenshot, fullPage: true });
  expect(existsSync(screenshot)).toBe(true);
  await page.close();
}
