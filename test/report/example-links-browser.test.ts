/**
 * The report's example links in real Chromium, for every registered game: a run with `--replays`
 * writes the report and the pages; clicking an example link in the report opens the replay page of
 * that very game (its index in the title and heading), at its start (moment 0, the start's scores).
 *
 * Needs Debian's Chromium; GOLDPIT_SKIP_BROWSER=1 skips it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { GAMES } from '../../src/games/registry.js';
import { playOne } from '../../src/sim/run.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { browserSession, openFile, SKIP_BROWSER } from '../helpers/browser.js';
import { capture } from '../helpers/io.js';

/** A scenario per registered game (a game added without one fails below). */
const SCENARIOS: Record<string, string> = {
  goldrausch: 'scenarios/baseline.json',
  'gold-knizia': 'scenarios/gold-3p.json',
  'my-gold-mine': 'scenarios/my-gold-mine-3p.json',
  'green-deal': 'scenarios/green-deal-3p.json',
};

describe.skipIf(SKIP_BROWSER)("the report's example links in headless Chromium", () => {
  const { browser, dir } = browserSession('goldpit-example-links-');

  for (const game of Object.keys(GAMES)) {
    it(`a ${game} report's example link opens that game's replay page at its start`, async () => {
      const file = SCENARIOS[game];
      expect(file, `a scenario for ${game} in this test`).toBeDefined();
      const scenario = loadScenario(file);
      const out = join(dir(), game);
      expect(await runCli(['run', file, '--games', '12', '--seed', 'links', '--workers', '0', '--out', out, '--quiet', '--replays'], capture())).toBe(0);
      const { page } = await openFile(browser(), join(out, 'report.html'));
      const links = await page.$$eval('#examples a.example', (as) => as.map((a) => a.getAttribute('href') ?? ''));
      expect(links.length).toBeGreaterThan(3);
      for (const href of links) expect(existsSync(join(out, href)), href).toBe(true);
      // The last link of the section (an extreme: a game of its own), clicked as a reader would.
      const href = links.at(-1)!;
      const k = Number(/^replay-(\d+)\.html$/.exec(href)![1]);
      await Promise.all([page.waitForURL((url) => url.pathname.endsWith(`/${href}`)), page.click(`#examples a.example[href="${href}"] >> nth=-1`)]);
      expect(await page.title()).toContain(`game ${k} of ${scenario.name}`);
      const shown = await page.evaluate(() => {
        const visible = Array.from(document.querySelectorAll<HTMLElement>('section.frame')).filter((f) => !f.hidden);
        return {
          visible: visible.length,
          frame: Number(visible[0].dataset.frame),
          scores: Array.from(visible[0].querySelectorAll<HTMLElement>('.scores td[data-seat]')).map((td) => Number(td.textContent)),
          heading: document.querySelector('h1')?.textContent ?? '',
        };
      });
      expect(shown.visible).toBe(1);
      expect(shown.frame).toBe(0);
      expect(shown.heading).toContain(`game ${k} of ${scenario.name}`);
      // The start of game k of this run: the engine's initial scores of that game.
      const played = playOne(scenario, k, { seed: 'links' });
      expect(shown.scores).toEqual([...scenario.definition.record(played.final).initialScores]);
      await page.close();
    }, 240_000);
  }
});
