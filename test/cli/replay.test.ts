/**
 * `goldpit replay --html` and `goldpit run --replays` (the browser test is
 * test/report/replay-browser.test.ts): the page of game K, the same bytes each time, bad options
 * refused before anything is written, and a run's example links each opening a page it wrote.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
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
