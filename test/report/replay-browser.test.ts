/**
 * The replay page (`goldpit replay <scenario> --game K --html`) in real Chromium, for every
 * registered game: it opens from disk without loading anything or logging, its script steps forward
 * and back (keys, buttons, scrubber), and the score it shows at every moment is the engine's: the
 * record of the same game played again here, at the step that moment has reached.
 *
 * Needs Debian's Chromium; GOLDPIT_SKIP_BROWSER=1 skips it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { GAMES } from '../../src/games/registry.js';
import { playOne } from '../../src/sim/run.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { browserSession, expectSelfContained, openFile, SKIP_BROWSER } from '../helpers/browser.js';
import { capture } from '../helpers/io.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A scenario and a game index per registered game (a game added without one fails below). */
const REPLAYS: Record<string, { scenario: string; game: number }> = {
  goldrausch: { scenario: 'scenarios/baseline.json', game: 3 },
  'gold-knizia': { scenario: 'scenarios/gold-3p.json', game: 2 },
  'my-gold-mine': { scenario: 'scenarios/my-gold-mine-3p.json', game: 1 },
  'green-deal': { scenario: 'scenarios/green-deal-3p.json', game: 4 },
};

/** The moment shown: its index, step, the score cells and the marker's x. */
async function shown(page: Page) {
  return page.evaluate(() => {
    const visible = Array.from(document.querySelectorAll<HTMLElement>('section.frame')).filter((f) => !f.hidden);
    const f = visible[0];
    return {
      visible: visible.length,
      frame: Number(f.dataset.frame),
      step: Number(f.dataset.step),
      scores: Array.from(f.querySelectorAll<HTMLElement>('.scores td[data-seat]')).map((td) => Number(td.textContent)),
      markerX: document.getElementById('marker')?.getAttribute('x1'),
      x: f.dataset.x,
      scrub: (document.getElementById('scrub') as HTMLInputElement).value,
    };
  });
}

describe.skipIf(SKIP_BROWSER)('the replay page in headless Chromium', () => {
  const { browser, dir } = browserSession('goldpit-replay-browser-');

  for (const game of Object.keys(GAMES)) {
    it(`steps through a ${game} game and shows the engine's score at every step`, async () => {
      const context = browser();
      const spec = REPLAYS[game];
      expect(spec, `a replay for ${game} in this test`).toBeDefined();
      const scenario = loadScenario(spec.scenario);
      expect(scenario.game).toBe(game);
      const file = join(dir(), `replay-${game}.html`);
      const io = capture();
      expect(await runCli(['replay', spec.scenario, '--game', String(spec.game), '--html', '--out', file], io)).toBe(0);
      expect(io.stdout).toContain(file);
      // The engine's record of the same game, played again here.
      const played = playOne(scenario, spec.game, { seed: scenario.seed });
      const record = scenario.definition.record(played.final);
      const scoreAfter = (step: number) => (step === 0 ? record.initialScores : record.curve[Math.min(step, record.curve.length) - 1]);
      const html = readFileSync(file, 'utf8');
      const frames = (html.match(/<section class="frame"/g) ?? []).length;
      expect(frames).toBeGreaterThan(2);

      const loaded = await openFile(context, file);
      const { page } = loaded;
      // Opened at its start.
      let now = await shown(page);
      expect(now).toMatchObject({ visible: 1, frame: 0, step: 0, scrub: '0' });
      expect(now.scores).toEqual([...record.initialScores]);
      // Keys, then buttons: forward and back.
      await page.keyboard.press('ArrowRight');
      expect((await shown(page)).frame).toBe(1);
      await page.keyboard.press('ArrowLeft');
      expect((await shown(page)).frame).toBe(0);
      await page.click('#next');
      await page.click('#next');
      expect((await shown(page)).frame).toBe(2);
      await page.click('#back');
      expect((await shown(page)).frame).toBe(1);
      await page.keyboard.press('End');
      now = await shown(page);
      expect(now.frame).toBe(frames - 1);
      expect(now.step).toBe(record.curve.length);
      expect(now.scores).toEqual([...record.outcome.scores]);
      await page.click('#first');
      expect((await shown(page)).frame).toBe(0);
      // The scrubber.
      await page.evaluate((to) => {
        const scrub = document.getElementById('scrub') as HTMLInputElement;
        scrub.value = String(to);
        scrub.dispatchEvent(new Event('input'));
      }, frames - 2);
      expect((await shown(page)).frame).toBe(frames - 2);
      await page.keyboard.press('Home');
      // Every moment, stepping forward: the score shown is the engine's after the step reached, the
      // steps never go back, and the strip's marker stands at that step.
      let previous = 0;
      for (let i = 0; i < frames; i++) {
        now = await shown(page);
        expect(now.frame).toBe(i);
        expect(now.step).toBeGreaterThanOrEqual(previous);
        expect(now.scores, `moment ${i}, step ${now.step}`).toEqual([...scoreAfter(now.step)]);
        expect(now.markerX).toBe(now.x);
        previous = now.step;
        await page.keyboard.press('ArrowRight');
      }
      // Past the end stays at the end.
      expect((await shown(page)).frame).toBe(frames - 1);
      // The score strip: one point per seat and step, each the engine's score.
      const points = await page.$$eval('circle.point', (cs) =>
        cs.map((c) => ({ seat: Number(c.getAttribute('data-seat')), step: Number(c.getAttribute('data-step')), score: Number(c.getAttribute('data-score')) })),
      );
      expect(points).toHaveLength(scenario.players * (record.curve.length + 1));
      for (const p of points) expect(p.score).toBe(scoreAfter(p.step)[p.seat]);
      // The board the game's hook draws, and at least one decision.
      expect(html).toMatch(/<div class="board"><svg/);
      expect(html).toContain('<ol class="decisions">');
      await expectSelfContained(loaded, join(ROOT, `reports/screenshots/replay-${game}.png`));
    }, 180_000);
  }

  it('lets a newcomer step into a Goldrausch meeting and read who proposed what to whom', async () => {
    const file = join(dir(), 'replay-goldrausch-meeting.html');
    expect(await runCli(['replay', 'scenarios/baseline.json', '--game', '3', '--html', '--out', file], capture())).toBe(0);
    const { page } = await openFile(browser(), file);
    // Step forward with the keys until the first proposal has been made, reading only what is visible.
    let said = '';
    for (let i = 0; i < 40 && !said; i++) {
      await page.keyboard.press('ArrowRight');
      said = await page.evaluate(() => {
        const f = Array.from(document.querySelectorAll<HTMLElement>('section.frame')).find((s) => !s.hidden)!;
        const line = Array.from(f.querySelectorAll<HTMLElement>('ol.messages li')).find((li) => li.textContent?.includes(' proposes '));
        return line?.checkVisibility() ? (line.textContent ?? '') : '';
      });
    }
    // The game's story (the engine's record in its own words) has the same first proposal.
    const io = capture();
    expect(await runCli(['replay', 'scenarios/baseline.json', '--game', '3'], io)).toBe(0);
    const first = /t(\d+) (seat \d+ \(\w+\)) PROPOSE (r1-[ARV]-1) on (\w+): upgrader (seat \d+|nobody)/.exec(io.stdout)!;
    expect(first).not.toBeNull();
    expect(said).toMatch(new RegExp(`^tick ${first[1]}: ${first[2].replace(/[()]/g, '\\$&')} proposes ${first[3]} on ${first[4]} to seat \\d(, seat \\d)*: `));
    const where = await page.textContent('#where');
    expect(where).toMatch(/round 1 under way · next: round 1, meeting t\d+/);
    // The proposals table and the seat to speak next are on the same moment.
    const visible = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('section.frame')).find((s) => !s.hidden)!.textContent ?? '');
    expect(visible).toContain('The meeting of round 1, tick');
    expect(visible).toContain('Next to speak:');
    expect(visible).toMatch(new RegExp(`${first[3]}\\s*${first[2].replace(/[()]/g, '\\$&')}`));
  });
});
