/**
 * Stopping goldpit however it is started (issue 17, item 8), with real child processes: through
 * `npx`, whose `sh -c` wrapper does not pass signals on, and a tournament, which says it was
 * interrupted. (The direct `node bin/goldpit.js run` case: test/sim/parallel.test.ts.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';

const tmp = () => tempDir('goldpit-sig-');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Pids of processes whose command line mentions `marker` (a unique output folder), Linux /proc. */
function processesWith(marker: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker)) pids.push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

/** Everything the child and its descendants write to stderr, until the last of them closes it. */
function stderrOf(child: ChildProcess): Promise<string> {
  let text = '';
  child.stderr!.on('data', (d) => (text += d));
  return new Promise((resolve) => child.stderr!.on('close', () => resolve(text)));
}

async function waitFor(what: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) if (what()) return true;
  return what();
}

describe.runIf(process.platform === 'linux')('signals', () => {
  it('kill -TERM of the npx process stops goldpit within seconds, keeping its checkpoint', { timeout: 180_000 }, async () => {
    const out = tmp();
    // Far more games than the test lasts: without the fix goldpit would play on for many minutes.
    const args = [
      'goldpit',
      'run',
      'scenarios/baseline.json',
      '--games',
      '5000000',
      '--seed',
      'npx',
      '--workers',
      '1',
      '--batch-size',
      '2000',
      '--checkpoint-every',
      '0.2',
      '--out',
      out,
      '--quiet',
    ];
    // npx runs this package's own bin; offline, as it needs nothing from the registry.
    const npx = spawn('npx', args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' },
    });
    const stderr = stderrOf(npx);
    const checkpoint = join(out, '.checkpoint.json');
    try {
      // npm's first start in a fresh cache may take long (it links the package into its cache).
      expect(await waitFor(() => existsSync(checkpoint), 150_000)).toBe(true);
      expect(processesWith(out).length).toBeGreaterThanOrEqual(2); // npm exec, sh -c, node
      npx.kill('SIGTERM');
      // goldpit notices within the parent watch's half second, writes its checkpoint and exits.
      expect(await waitFor(() => processesWith(out).length === 0, 10_000)).toBe(true);
      const text = await stderr;
      expect(text).toMatch(/interrupted by the end of the npm process that started goldpit after \d+ of 5000000 games; kept in /);
      expect(text).toContain('resume with: npx goldpit run scenarios/baseline.json');
      const cp = JSON.parse(readFileSync(checkpoint, 'utf8'));
      expect(cp.gamesDone).toBeGreaterThan(0);
      expect(cp.gamesDone).toBeLessThan(5_000_000);
    } finally {
      for (const pid of processesWith(out)) process.kill(pid, 'SIGKILL');
    }
  });

  it('an interrupted tournament keeps its finished games, exits 130, and --resume ends with the files of an unstopped one', { timeout: 180_000 }, async () => {
    const out = tmp();
    // 5 bots in 4 seats: 5 line-ups × 60 deals × 4 rotations = 1,200 games, checkpointed every 0.2 s.
    const args = ['tournament', '--bots', 'greedy,cooperative,betrayer,reciprocal,silent', '--deals', '60', '--bootstrap', '100', '--checkpoint-every', '0.2'];
    const child = spawn(process.execPath, ['bin/goldpit.js', ...args, '--workers', '1', '--out', out], { stdio: ['ignore', 'ignore', 'pipe'] });
    const stderr = stderrOf(child);
    const exit = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    // Signal once a checkpoint holds some games, not while it starts up.
    expect(await waitFor(() => existsSync(join(out, '.tournament-checkpoint.json')), 120_000)).toBe(true);
    child.kill('SIGINT');
    expect(await exit).toBe(130);
    const said = await stderr;
    expect(said).toMatch(
      /interrupted by SIGINT after \d+ of 1200 games; kept in .*\.tournament-checkpoint\.json\nresume with: npx goldpit tournament .* --resume\n/,
    );
    expect(readdirSync(out)).toEqual(['.tournament-checkpoint.json']);
    const kept = (JSON.parse(readFileSync(join(out, '.tournament-checkpoint.json'), 'utf8')) as { played: unknown[] }).played.length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(1200);
    // Resumed with another worker count, then played straight: the same files (the page differs only in its wall time).
    const run = (extra: string[]) =>
      new Promise<number | null>((r) => spawn(process.execPath, ['bin/goldpit.js', ...args, '--quiet', ...extra], { stdio: 'ignore' }).on('exit', (c) => r(c)));
    expect(await run(['--workers', '2', '--out', out, '--resume'])).toBe(0);
    const straight = tmp();
    expect(await run(['--workers', '1', '--out', straight])).toBe(0);
    expect(readdirSync(out).sort()).toEqual(readdirSync(straight).sort());
    expect(existsSync(join(out, '.tournament-checkpoint.json'))).toBe(false);
    const page = (dir: string) => readFileSync(join(dir, 'tournament.html'), 'utf8').replace(/<dt>wall time<\/dt><dd>[^<]*<\/dd>/, '');
    for (const f of readdirSync(straight)) {
      if (f === 'run.json') continue;
      if (f === 'tournament.html') expect(page(out)).toBe(page(straight));
      else expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(straight, f), 'utf8'));
    }
  });
});
