/**
 * `goldpit replay --html` and `goldpit run --replays` (the browser test is
 * test/report/replay-browser.test.ts): the page of game K, the same bytes each time, bad options
 * refused before anything is written, and a run's example links each opening a page it wrote.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

describe('goldpit replay --html', () => {
  it('writes the same page for the same game, and another for another game', async () => {
    const dir = tempDir('goldpit-replay-');
    for (const [name, game] of [
      ['a.html', 5],
      ['b.html', 5],
      ['c.html', 6],
    ] as const)
      expect(await runCli(['replay', 'scenarios/gold-3p.json', '--game', String(game), '--html', '--out', join(dir, name)], capture())).toBe(0);
    const [a, b, c] = ['a.html', 'b.html', 'c.html'].map((f) => readFileSync(join(dir, f), 'utf8'));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(a).toContain('GOLD (Knizia): game 5 of gold-3p');
    // The script is allowed by its hash, and nothing else may load.
    expect(a).toMatch(/content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-[A-Za-z0-9+/=]+'"/);
  });

  it("wraps the score strip's legend in rows that fit the page (six seats: two rows, the strip below them)", async () => {
    const file = join(tempDir('goldpit-replay-six-'), 'six.html');
    expect(await runCli(['replay', 'scenarios/six-players.json', '--game', '0', '--html', '--out', file], capture())).toBe(0);
    const strip = /<svg[^>]*data-chart="score-strip"[\s\S]*?<\/svg>/.exec(readFileSync(file, 'utf8'))![0];
    const items = [...strip.matchAll(/<text class="legend" x="([\d.]+)" y="([\d.]+)">([^<]*)<\/text>/g)];
    expect(items.map((m) => m[3])).toEqual([
      'seat 0 greedy',
      'seat 1 cooperative',
      'seat 2 betrayer',
      'seat 3 reciprocal',
      'seat 4 greedy',
      'seat 5 cooperative',
    ]);
    expect(new Set(items.map((m) => m[2])).size).toBe(2);
    // Each row ends inside the chart's width (720 px; the legend's own estimate of a label's width).
    for (const m of items) expect(Number(m[1]) + 6.6 * m[3].length).toBeLessThanOrEqual(720);
  });

  it('refuses --out without --html, a folder as --out, and a bad game index, writing nothing', async () => {
    const dir = tempDir('goldpit-replay-bad-');
    let io = capture();
    expect(await runCli(['replay', 'scenarios/gold-3p.json', '--game', '1', '--out', join(dir, 'x.html')], io)).toBe(2);
    expect(io.stderr).toContain('--out names the replay page: give it with --html');
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    io = capture();
    expect(await runCli(['replay', 'scenarios/gold-3p.json', '--game', '1', '--html', '--out', folder], io)).toBe(2);
    expect(io.stderr).toContain(`--out ${folder} is a folder; name the file to write (e.g. ${join(folder, 'replay-1.html')})`);
    io = capture();
    expect(await runCli(['replay', 'scenarios/gold-3p.json', '--game', '-2', '--html', '--out', join(dir, 'y.html')], io)).toBe(2);
    expect(io.stderr).toContain('--game must be a game index ≥ 0, got -2');
    expect(existsSync(join(dir, 'x.html')) || existsSync(join(dir, 'y.html'))).toBe(false);
  });
});

describe('goldpit run --replays', () => {
  it('writes the replay page of every example game, so every example link of the report opens one', async () => {
    const out = tempDir('goldpit-run-replays-');
    expect(await runCli(['run', 'scenarios/my-gold-mine-3p.json', '--games', '40', '--workers', '0', '--out', out, '--quiet', '--replays'], capture())).toBe(0);
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    const links = [...report.matchAll(/<a class="example" href="(replay-(\d+)\.html)">game (\d+)<\/a>/g)];
    expect(links.length).toBeGreaterThan(5);
    for (const [, file, k, shown] of links) {
      expect(k).toBe(shown);
      expect(existsSync(join(out, file)), file).toBe(true);
    }
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(readFileSync(join(out, `replay-${summary.examples.longest.game}.html`), 'utf8')).toContain(
      `game ${summary.examples.longest.game} of my-gold-mine-3p`,
    );
  });
});

describe('goldpit replay --examples', () => {
  it("writes the page of every example game of a run's report beside it, the same pages --game K --html writes; a new run removes them", async () => {
    const out = tempDir('goldpit-replay-examples-');
    expect(await runCli(['run', 'scenarios/my-gold-mine-3p.json', '--games', '40', '--workers', '0', '--out', out, '--quiet'], capture())).toBe(0);
    let report = readFileSync(join(out, 'report.html'), 'utf8');
    // Without --replays the report says how to write the pages.
    expect(report).toContain('<code>goldpit replay &lt;scenario.json&gt; --examples</code> writes all');
    const links = [...new Set([...report.matchAll(/<a class="example" href="replay-(\d+)\.html">/g)].map((m) => Number(m[1])))];
    expect(links.length).toBeGreaterThan(5);
    expect(readdirSync(out).filter((f) => f.startsWith('replay-'))).toEqual([]);
    const io = capture();
    expect(await runCli(['replay', 'scenarios/my-gold-mine-3p.json', '--examples', '--out', out], io)).toBe(0);
    expect(io.stdout).toContain(`wrote ${links.length} replay pages`);
    for (const k of links) expect(existsSync(join(out, `replay-${k}.html`)), `replay-${k}.html`).toBe(true);
    expect(readdirSync(out).filter((f) => f.startsWith('replay-'))).toHaveLength(links.length);
    // The same bytes as the page of that one game.
    const one = join(tempDir('goldpit-replay-one-'), 'one.html');
    expect(await runCli(['replay', 'scenarios/my-gold-mine-3p.json', '--game', String(links[0]), '--html', '--out', one], capture())).toBe(0);
    expect(readFileSync(join(out, `replay-${links[0]}.html`), 'utf8')).toBe(readFileSync(one, 'utf8'));
    // A new run of other games into the folder removes the old pages (they would show other games than its links).
    const again = capture();
    expect(await runCli(['run', 'scenarios/my-gold-mine-3p.json', '--games', '30', '--seed', 'other', '--workers', '0', '--out', out], again)).toBe(0);
    expect(readdirSync(out).filter((f) => f.startsWith('replay-'))).toEqual([]);
    expect(again.stderr).toContain(`removed ${links.length} replay pages of an earlier run`);
    // With --replays the report says its pages were written with it.
    expect(
      await runCli(
        ['run', 'scenarios/my-gold-mine-3p.json', '--games', '30', '--seed', 'other', '--workers', '0', '--out', out, '--quiet', '--replays'],
        capture(),
      ),
    ).toBe(0);
    report = readFileSync(join(out, 'report.html'), 'utf8');
    expect(report).toContain('beside this report (written with it).');
  }, 180_000);

  it("refuses a folder without a report, another scenario's report, a changed scenario, another seed, and --game with --examples", async () => {
    const empty = tempDir('goldpit-replay-examples-none-');
    let io = capture();
    expect(await runCli(['replay', 'scenarios/gold-3p.json', '--examples', '--out', empty], io)).toBe(2);
    expect(io.stderr).toContain(
      `${join(empty, 'summary.json')}: no run report here to take the example games from: \`goldpit run scenarios/gold-3p.json\` writes one`,
    );
    const out = tempDir('goldpit-replay-examples-gold-');
    expect(await runCli(['run', 'scenarios/gold-3p.json', '--games', '20', '--workers', '0', '--out', out, '--quiet'], capture())).toBe(0);
    io = capture();
    expect(await runCli(['replay', 'scenarios/gold-4p.json', '--examples', '--out', out], io)).toBe(2);
    expect(io.stderr).toContain('field "scenario": the report is of scenario "gold-3p", not "gold-4p"');
    // The same name with other parameters: the example indices would name other games.
    const changed = join(tempDir('goldpit-replay-examples-changed-'), 'gold-3p.json');
    const data = JSON.parse(readFileSync('scenarios/gold-3p.json', 'utf8'));
    writeFileSync(changed, JSON.stringify({ ...data, rules: { ...(data.rules ?? {}), secondChoice: 'blind' } }));
    io = capture();
    const code = await runCli(['replay', changed, '--examples', '--out', out], io);
    expect(code).toBe(2);
    expect(io.stderr).toContain(`field "parameters": the report was written with other rules or parameters than ${changed} has now`);
    io = capture();
    expect(await runCli(['replay', 'scenarios/gold-3p.json', '--examples', '--seed', 'x', '--out', out], io)).toBe(2);
    expect(io.stderr).toContain('--seed "x": the report in');
    io = capture();
    expect(await runCli(['replay', 'scenarios/gold-3p.json', '--examples', '--game', '1', '--out', out], io)).toBe(2);
    expect(io.stderr).toContain('--game and --examples exclude each other');
    io = capture();
    expect(await runCli(['replay', 'scenarios/gold-3p.json'], io)).toBe(2);
    expect(io.stderr).toContain('give --game K (one game) or --examples');
    expect(readdirSync(out).filter((f) => f.startsWith('replay-'))).toEqual([]);
  }, 120_000);
});
