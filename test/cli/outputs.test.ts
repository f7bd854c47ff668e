/**
 * Outputs and long runs (issue 17, items 4–6 and 9): output paths are checked before any game is
 * played, a checkpoint is never overwritten silently, files of earlier runs are cleared or named, a
 * resumed run's facts cover all its sessions, and `merge` writes run.json and games.csv.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { runParallel } from '../../src/sim/parallel.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

const tmp = () => tempDir('goldpit-out-');
const SCENARIO = 'scenarios/baseline.json';

describe('an output path that cannot be used is refused before any game is played', () => {
  // A billion games in this thread: had the run started, the test would time out.
  const huge = ['--games', '1000000000', '--workers', '0', '--quiet'];

  it('run --out naming a file: exit 2, the path named', async () => {
    const file = join(tmp(), 'taken.txt');
    writeFileSync(file, 'mine');
    const io = capture();
    expect(await runCli(['run', SCENARIO, ...huge, '--out', file], io)).toBe(2);
    expect(io.stderr).toContain(`goldpit: --out ${file} is a file; name a folder`);
    expect(io.stderr).not.toMatch(/internal error|at .*\.ts:\d+/);
    expect(readFileSync(file, 'utf8')).toBe('mine');
  });

  it('run --out inside a file (a folder that cannot be made): exit 2, in words', async () => {
    const file = join(tmp(), 'taken.txt');
    writeFileSync(file, 'mine');
    const io = capture();
    expect(await runCli(['run', SCENARIO, ...huge, '--out', join(file, 'sub')], io)).toBe(2);
    expect(io.stderr).toContain(`--out ${join(file, 'sub')}: cannot create the folder: a part of the path is a file, not a folder`);
    expect(io.stderr).not.toMatch(/ENOTDIR|EEXIST/);
  });

  it('impact and tournament --out naming a file: exit 2', async () => {
    const file = join(tmp(), 'taken.txt');
    writeFileSync(file, '');
    const io = capture();
    expect(await runCli(['impact', SCENARIO, '--card', 'all', ...huge, '--out', file], io)).toBe(2);
    expect(io.stderr).toContain(`--out ${file} is a file`);
    const io2 = capture();
    expect(await runCli(['tournament', '--deals', '100000', '--workers', '0', '--quiet', '--out', file], io2)).toBe(2);
    expect(io2.stderr).toContain(`--out ${file} is a file`);
  });

  it('baseline --out naming a folder: exit 2 before playing, no stray temporary file', async () => {
    const parent = tmp();
    const folder = join(parent, 'baselines');
    mkdirSync(folder);
    const io = capture();
    expect(await runCli(['baseline', SCENARIO, '--games', '1000000000', '--workers', '0', '--quiet', '--out', folder], io)).toBe(2);
    expect(io.stderr).toContain(`--out ${folder} is a folder; name the file to write (e.g. ${join(folder, 'baseline.json')})`);
    expect(readdirSync(parent)).toEqual(['baselines']);
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('a checkpoint in the output folder', () => {
  const scenario = loadScenario(SCENARIO);

  /** A run of `games` stopped after 300, as an interrupted `goldpit run` leaves it. */
  async function interrupted(out: string, games: number): Promise<void> {
    const stop = new AbortController();
    await runParallel(scenario, {
      seed: scenario.seed,
      from: 0,
      to: games,
      workers: 0,
      batchSize: 100,
      checkpointFile: join(out, '.checkpoint.json'),
      checkpointEveryMs: 60_000,
      resume: false,
      gamesCsvFile: null,
      stop: stop.signal,
      progress: { update: (done) => void (done >= 300 && stop.abort()), done: () => {} },
    });
  }

  it('is not overwritten by a run without --resume: it says what it holds and how to go on', async () => {
    const out = tmp();
    await interrupted(out, 1000);
    const before = readFileSync(join(out, '.checkpoint.json'), 'utf8');
    const io = capture();
    expect(await runCli(['run', SCENARIO, '--games', '1000', '--workers', '0', '--out', out], io)).toBe(2);
    expect(io.stderr).toContain(`${join(out, '.checkpoint.json')} holds the checkpoint of an unfinished run (300 of 1000 games, seed "${scenario.seed}")`);
    expect(io.stderr).toContain(`continue it:      npx goldpit run ${SCENARIO} --games 1000 --workers 0 --out ${out} --resume`);
    expect(io.stderr).toContain(`or start over:    npx goldpit run ${SCENARIO} --games 1000 --workers 0 --out ${out} --fresh`);
    expect(readFileSync(join(out, '.checkpoint.json'), 'utf8')).toBe(before);
    expect(existsSync(join(out, 'summary.json'))).toBe(false);
  });

  it('is deleted by --fresh, which then plays all games; --fresh with --resume is refused', async () => {
    const out = tmp();
    await interrupted(out, 1000);
    const both = capture();
    expect(await runCli(['run', SCENARIO, '--games', '1000', '--workers', '0', '--out', out, '--resume', '--fresh'], both)).toBe(2);
    expect(both.stderr).toMatch(/--resume and --fresh exclude each other/);
    const io = capture();
    expect(await runCli(['run', SCENARIO, '--games', '1000', '--workers', '0', '--out', out, '--fresh'], io)).toBe(0);
    expect(io.stdout).toMatch(/^1000 games in .*; wrote 13 files to /m);
    expect(io.stdout.trim().split('\n').at(-1)).toBe(`open the report: ${join(out, 'report.html')}`);
    expect(existsSync(join(out, '.checkpoint.json'))).toBe(false);
  });

  it('a resumed run states the speed and engine counts of all its games', async () => {
    const out = tmp();
    await interrupted(out, 1000);
    const checkpoint = JSON.parse(readFileSync(join(out, '.checkpoint.json'), 'utf8'));
    expect(checkpoint.fastGames + checkpoint.referenceGames).toBe(300);
    expect(checkpoint.playSeconds).toBeGreaterThan(0);
    const io = capture();
    expect(await runCli(['run', SCENARIO, '--games', '1000', '--workers', '0', '--out', out, '--resume'], io)).toBe(0);
    const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
    expect(run.engine.kernelGames + run.engine.referenceGames).toBe(1000);
    expect(run.wallSeconds).toBeGreaterThanOrEqual(checkpoint.playSeconds);
    expect(run.timedGames).toBeUndefined(); // the time covers all 1000 games
    expect(io.stdout).toMatch(/^700 games in .* \(300 taken over from the checkpoint\)/m);
  });
});

describe('files of earlier runs in the output folder', () => {
  it("a games.csv this run does not write is removed; shards' partials and impact tables are named", async () => {
    const out = tmp();
    writeFileSync(join(out, 'games.csv'), 'game,of,another,scenario\n');
    writeFileSync(join(out, 'partial-1-of-2.json'), '{}');
    writeFileSync(join(out, 'impact.json'), '{}');
    const io = capture();
    expect(await runCli(['run', SCENARIO, '--games', '50', '--workers', '0', '--out', out], io)).toBe(0);
    expect(existsSync(join(out, 'games.csv'))).toBe(false);
    expect(io.stderr).toContain(`removed games.csv of an earlier run from ${out}`);
    expect(io.stderr).toContain(`${out} also holds impact.json, partial-1-of-2.json from other runs; they are not part of this run`);
  });
});

describe('merge', () => {
  it("writes run.json and joins the shards' games CSVs into the games.csv of one run", async () => {
    const whole = tmp();
    const common = ['--games', '300', '--seed', 'm', '--workers', '0', '--games-csv', '--quiet'];
    expect(await runCli(['run', SCENARIO, ...common, '--out', whole], capture())).toBe(0);
    const parts = tmp();
    for (const i of [1, 2, 3]) expect(await runCli(['run', SCENARIO, ...common, '--shard', `${i}/3`, '--out', parts], capture())).toBe(0);
    const merged = tmp();
    const io = capture();
    expect(await runCli(['merge', ...[2, 3, 1].map((i) => join(parts, `partial-${i}-of-3.json`)), '--out', merged], io)).toBe(0);
    expect(readFileSync(join(merged, 'games.csv'), 'utf8')).toBe(readFileSync(join(whole, 'games.csv'), 'utf8'));
    const run = JSON.parse(readFileSync(join(merged, 'run.json'), 'utf8'));
    expect(run.shards).toBe(3);
    expect(run.engine.kernelGames + run.engine.referenceGames).toBe(300);
    const shardSeconds = [1, 2, 3].map((i) => JSON.parse(readFileSync(join(parts, `partial-${i}-of-3.json`), 'utf8')).run.wallSeconds as number);
    expect(run.wallSeconds).toBeCloseTo(
      shardSeconds.reduce((a, b) => a + b, 0),
      3,
    );
    expect(io.stdout.trim().split('\n').at(-1)).toBe(`open the report: ${join(merged, 'report.html')}`);
  });
});

describe('commands printed for the user to paste start with npx goldpit', () => {
  it('the merge hint of a shard', async () => {
    const io = capture();
    expect(await runCli(['run', SCENARIO, '--games', '20', '--workers', '0', '--shard', '1/2', '--out', tmp()], io)).toBe(0);
    expect(io.stdout).toContain('merge the shards with: npx goldpit merge <partial files> --out DIR');
  });

  it('a usage error points at npx goldpit <command> --help', async () => {
    const io = capture();
    expect(await runCli(['run'], io)).toBe(2);
    expect(io.stderr).toContain('Run `npx goldpit run --help` for usage.');
  });
});

describe('a run into a folder of another game', () => {
  it("removes the other game's tables that this run does not write, and says so", async () => {
    const out = tempDir('goldpit-other-game-');
    expect(await runCli(['run', 'scenarios/my-gold-mine-4p.json', '--games', '60', '--workers', '0', '--out', out, '--quiet'], capture())).toBe(0);
    const mine = readdirSync(out);
    expect(mine).toContain('digging_card_kinds.csv');
    const io = capture();
    expect(await runCli(['run', 'scenarios/gold-4p.json', '--games', '20', '--workers', '0', '--out', out], io)).toBe(0);
    const now = readdirSync(out);
    // GOLD writes no chance-card table and names its score curve after its own score.
    expect(now).not.toContain('digging_card_kinds.csv');
    const gone = mine.filter((f) => !now.includes(f));
    expect(gone.length).toBeGreaterThan(0);
    expect(io.stderr).toContain(`goldpit: removed ${gone.sort().join(', ')} of an earlier run of another game from ${out}`);
    // What is left is what this run wrote.
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).game).toBe('gold-knizia');
  });
});

describe('the output folder lock', () => {
  it('refuses a second command while another goldpit writes into the folder, takes over a stale lock, and is gone after the command', async () => {
    const out = tempDir('goldpit-lock-');
    const lock = join(out, '.goldpit.lock');
    // A live process (this test's parent) holds it.
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, command: 'run scenarios/baseline.json', since: '2026-01-01T00:00:00.000Z' }));
    const io = capture();
    expect(await runCli(['run', 'scenarios/my-gold-mine-4p.json', '--games', '20', '--workers', '0', '--out', out], io)).toBe(2);
    expect(io.stderr).toContain(
      `--out ${out} is being written by another goldpit (pid ${process.ppid}: goldpit run scenarios/baseline.json, since 2026-01-01T00:00:00.000Z); wait for it to end, or write elsewhere with --out DIR`,
    );
    // A lock whose process has ended is stale.
    writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 1, command: 'run', since: 'then' }));
    expect(await runCli(['run', 'scenarios/my-gold-mine-4p.json', '--games', '20', '--workers', '0', '--out', out, '--quiet'], capture())).toBe(0);
    expect(existsSync(lock)).toBe(false);
    expect(existsSync(join(out, 'summary.json'))).toBe(true);
  });
});
