/**
 * `goldpit compare a.json b.json`: both scenarios on the same deals (common random numbers), every
 * metric of the sweep page with B's paired difference to A, the sweep's verdicts, one page.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import type { SweepJson } from '../../src/report/sweep-types.js';
import type { RunSummary } from '../../src/report/types.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

const A = 'scenarios/baseline.json';
const B = 'scenarios/fines-to-continent.json';
const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

describe('goldpit compare', () => {
  it('plays A and B on the same deals: each side is the run of its file, B gets paired differences and verdicts', async () => {
    const dir = tempDir('goldpit-compare-');
    const out = join(dir, 'cmp');
    const io = capture();
    expect(await runCli(['compare', A, B, '--games', '300', '--seed', 'ab', '--workers', '0', '--out', out], io)).toBe(0);
    // Progress lines on stderr (not a terminal), nothing else.
    expect(io.stderr.split('\n').filter((l) => l && !l.startsWith('progress: '))).toEqual([]);
    const json = read<SweepJson>(join(out, 'compare.json'));
    expect(json.factors.map((f) => [f.path, f.values])).toEqual([['scenario file', [A, B]]]);
    expect(json.reference).toBe(0);
    expect(json.points.map((p) => p.games)).toEqual([300, 300]);
    // Each side is exactly what `run` of its file plays with that seed and game count.
    for (const [k, file] of [A, B].entries()) {
      const runOut = join(dir, `run-${k}`);
      expect(await runCli(['run', file, '--games', '300', '--seed', 'ab', '--workers', '0', '--out', runOut, '--quiet'], capture())).toBe(0);
      const summary = read<RunSummary>(join(runOut, 'summary.json'));
      summary.seats.forEach((s) => expect(json.points[k].metrics[`seat:${s.seat}`].estimate).toBeCloseTo(s.winRate, 6));
      expect(json.points[k].metrics.rounds.estimate).toBeCloseTo(summary.meanLength, 6);
    }
    // B against A: paired differences with intervals; A is the reference.
    const rounds = json.points[1].metrics.rounds;
    expect(rounds.diff).toBeCloseTo(json.points[1].metrics.rounds.estimate - json.points[0].metrics.rounds.estimate, 6);
    expect(rounds.diffLo).not.toBeNull();
    expect(rounds.diffLo!).toBeLessThanOrEqual(rounds.diff!);
    expect(rounds.diffHi!).toBeGreaterThanOrEqual(rounds.diff!);
    expect(json.points[0].metrics.rounds.diff).toBeNull();
    expect(json.verdicts.join('\n')).toContain(`Changing scenario file from ${A} to ${B}`);
    expect(io.stdout).toContain(`- Changing scenario file from ${A} to ${B}`);
    const page = readFileSync(join(out, 'compare.html'), 'utf8');
    expect(page).toContain('goldpit \u00b7 comparison of two scenario files');
    expect(page).toContain('<section id="points">');
    expect(readFileSync(join(out, 'compare.csv'), 'utf8').split('\n')[0]).toContain('scenario file');
  }, 120_000);

  it('two files of the same scenario: every paired difference is 0, no deal changed', async () => {
    const dir = tempDir('goldpit-compare-');
    const copy = join(dir, 'copy.json');
    writeFileSync(copy, readFileSync(A));
    const out = join(dir, 'same');
    expect(await runCli(['compare', A, copy, '--games', '100', '--workers', '0', '--out', out, '--quiet'], capture())).toBe(0);
    const json = read<SweepJson>(join(out, 'compare.json'));
    for (const [id, m] of Object.entries(json.points[1].metrics)) {
      expect(m.diff, id).toBe(0);
      if (m.changed !== null) expect(m.changed, id).toBe(0);
    }
  }, 60_000);

  it('refuses scenarios of two games, and one file twice, before anything is written', async () => {
    const dir = tempDir('goldpit-compare-');
    const out = join(dir, 'never');
    const io = capture();
    expect(await runCli(['compare', A, 'scenarios/gold-4p.json', '--out', out], io)).toBe(2);
    expect(io.stderr).toContain('is a Goldrausch scenario and scenarios/gold-4p.json one of GOLD');
    expect(await runCli(['compare', A, A, '--out', out], io)).toBe(2);
    expect(io.stderr).toContain('A and B are the same file');
    expect(existsSync(out)).toBe(false);
  });
});
