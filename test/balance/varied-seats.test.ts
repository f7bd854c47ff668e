/**
 * A varied seat in balance and sweep: `--vary 'seats[1]=greedy,./bots/mine.ts'` puts a built-in or
 * a bot file in a seat whose own bot (Goldrausch's baseline: cooperative, its only seat) then plays
 * at no point. Each point measures the metrics of its own line-up (a bot's win rate only where the
 * bot sits), paired differences only where both points have the metric, and a target on a metric
 * that some point cannot measure is refused before anything is written.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import type { BalanceJson } from '../../src/balance/output.js';
import type { SweepJson } from '../../src/report/sweep-types.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

async function setUp(): Promise<string> {
  const dir = tempDir('goldpit-varied-seat-');
  expect(await runCli(['new-bot', 'mine', '--game', 'goldrausch', '--from', 'reciprocal', '--out', join(dir, 'bots', 'mine.ts')], capture())).toBe(0);
  const data = JSON.parse(readFileSync('scenarios/baseline.json', 'utf8')) as { seats: string[] };
  expect(data.seats).toEqual(['greedy', 'cooperative', 'betrayer', 'reciprocal']);
  writeFileSync(join(dir, 'scenario.json'), JSON.stringify({ ...data, games: 200 }));
  return dir;
}

const VARY = ['--vary', 'seats[1]=greedy,./bots/mine.ts'];

describe('a varied seat (a built-in or a bot file) in balance and sweep', () => {
  it('balance plays every line-up; each point has the win rates of its own bots, the seat its number', async () => {
    const dir = await setUp();
    const out = join(dir, 'balance');
    const io = capture();
    const code = await runCli(
      [
        'balance',
        join(dir, 'scenario.json'),
        ...VARY,
        '--target',
        'seatSpread <= 1',
        '--budget',
        '800',
        '--first-stage',
        '100',
        '--workers',
        '0',
        '--out',
        out,
        '--quiet',
      ],
      io,
    );
    expect(io.stderr).toBe('');
    expect(code).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'balance.json'), 'utf8')) as BalanceJson;
    expect(json.metrics.map((m) => m.id)).toEqual(expect.arrayContaining(['win:greedy', 'win:betrayer', 'win:reciprocal', 'win:mine', 'seat:1', 'seatSpread']));
    // cooperative sits at no point of the grid: no metric of it.
    expect(json.metrics.map((m) => m.id)).not.toContain('win:cooperative');
    expect(json.metrics.find((m) => m.id === 'seat:1')!.label).toBe('win rate seat 1 (bot varied)');
    expect(json.metrics.find((m) => m.id === 'seat:0')!.label).toBe('win rate seat 0 (greedy)');
    const at = (bot: string) => json.points.find((p) => p.values['seats[1]'] === bot)!;
    const [greedy, mine] = [at('greedy'), at('./bots/mine.ts')];
    expect(greedy.games).toBeGreaterThan(0);
    expect(mine.games).toBeGreaterThan(0);
    expect(Object.keys(greedy.metrics)).not.toContain('win:mine');
    expect(Object.keys(mine.metrics)).toContain('win:mine');
    // greedy holds seats 0 and 1 at its point: its win rate (a bot's, per seat it holds) is the mean of theirs.
    const g = greedy.metrics;
    expect(g['win:greedy'].estimate).toBeCloseTo((g['seat:0'].estimate + g['seat:1'].estimate) / 2, 5);
    // The reference is one of the two; a bot's win rate has no paired difference at the point without it.
    const other = json.points[json.reference] === greedy ? mine : greedy;
    expect(other.metrics['seat:0'].diff).not.toBeNull();
    if (other === mine) expect(mine.metrics['win:mine'].diff).toBeNull();
    for (const p of json.points) expect(p.metrics.seatSpread.estimate).toBeGreaterThanOrEqual(0);
    expect(existsSync(join(out, 'balance.html'))).toBe(true);
  });

  it('a target on a bot some point lacks is refused before anything is written, naming the point and the metrics every point has', async () => {
    const dir = await setUp();
    const out = join(dir, 'refused');
    const io = capture();
    const code = await runCli(['balance', join(dir, 'scenario.json'), ...VARY, '--target', 'win:mine >= 0.2', '--workers', '0', '--out', out], io);
    expect(code).toBe(2);
    expect(io.stderr).toContain(
      '--target "win:mine >= 0.2": win:mine is not measured at every point: at seats[1]=greedy the line-up is greedy, greedy, betrayer, reciprocal, without mine; name a metric every point has (win:greedy, win:betrayer, win:reciprocal, seat:0, seat:1, seat:2, seat:3, seatSpread,',
    );
    expect(existsSync(out)).toBe(false);
    const unknown = capture();
    expect(await runCli(['balance', join(dir, 'scenario.json'), ...VARY, '--target', 'win:cooperative >= 0.2', '--workers', '0', '--out', out], unknown)).toBe(
      2,
    );
    expect(unknown.stderr).toContain('unknown metric "win:cooperative"');
    expect(existsSync(out)).toBe(false);
  });

  it('sweep measures each point on its own line-up, the scenario’s own seat as the reference', async () => {
    const dir = await setUp();
    const out = join(dir, 'sweep');
    const io = capture();
    expect(await runCli(['sweep', join(dir, 'scenario.json'), ...VARY, '--games', '100', '--workers', '0', '--out', out, '--quiet'], io)).toBe(0);
    expect(io.stderr).toBe('');
    const json = JSON.parse(readFileSync(join(out, 'sweep.json'), 'utf8')) as SweepJson;
    const at = (bot: string) => json.points.find((p) => p.values['seats[1]'] === bot)!;
    // The scenario's own cooperative is the reference, added to the two values.
    expect(json.points[json.reference].values['seats[1]']).toMatch(/cooperative|as the scenario has it/);
    expect(Object.keys(json.points[json.reference].metrics)).toContain('win:cooperative');
    expect(Object.keys(at('greedy').metrics)).not.toContain('win:cooperative');
    expect(at('./bots/mine.ts').metrics['win:mine'].diff).toBeNull();
    expect(at('./bots/mine.ts').metrics['seat:0'].diff).not.toBeNull();
  });
});
