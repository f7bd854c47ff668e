/**
 * `--json` on every command that prints a result: stdout is one JSON document — the content of the
 * .json file the command writes where it writes one — with no progress, table or note; `--quiet`
 * prints nothing but problems.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

const SCENARIO = 'scenarios/baseline.json';
const fileJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;

async function json(argv: string[], code = 0): Promise<unknown> {
  const io = capture();
  expect(await runCli(argv, io), io.stderr).toBe(code);
  expect(io.stderr).toBe('');
  return JSON.parse(io.stdout) as unknown;
}

describe('--json prints the result file on stdout, and nothing else', () => {
  it('run, impact, sweep, balance, sensitivity, merge', async () => {
    const dir = tempDir('goldpit-json-');
    const run = join(dir, 'run');
    expect(await json(['run', SCENARIO, '--games', '40', '--workers', '0', '--out', run, '--json'])).toEqual(fileJson(join(run, 'summary.json')));
    expect(await json(['impact', SCENARIO, '--card', 'all', '--games', '20', '--workers', '0', '--out', run, '--json'])).toEqual(
      fileJson(join(run, 'impact.json')),
    );
    const sweep = join(dir, 'sweep');
    expect(await json(['sweep', SCENARIO, '--vary', 'params.fine=1,2', '--games', '20', '--workers', '0', '--out', sweep, '--json'])).toEqual(
      fileJson(join(sweep, 'sweep.json')),
    );
    const balance = join(dir, 'balance');
    const b = await json(
      [
        'balance',
        SCENARIO,
        '--vary',
        'params.fine=1,2',
        '--target',
        'seatSpread <= 0.01',
        '--budget',
        '200',
        '--first-stage',
        '50',
        '--workers',
        '0',
        '--out',
        balance,
        '--json',
      ],
      3,
    );
    expect(b).toEqual(fileJson(join(balance, 'balance.json')));
    const sens = join(dir, 'sensitivity');
    expect(
      await json([
        'sensitivity',
        SCENARIO,
        '--vary',
        'params.fine=0..4',
        '--vary',
        'params.rounds=8..10',
        '--games',
        '40',
        '--trajectories',
        '4',
        '--bootstrap',
        '50',
        '--workers',
        '0',
        '--out',
        sens,
        '--json',
      ]),
    ).toEqual(fileJson(join(sens, 'sensitivity.json')));
    const shards = [1, 2].map((i) => join(dir, `shard${i}`));
    for (const [i, out] of shards.entries()) {
      const partial = (await json(['run', SCENARIO, '--games', '40', '--shard', `${i + 1}/2`, '--workers', '0', '--out', out, '--json'])) as {
        partial: string;
      };
      expect(partial).toMatchObject({ shard: `${i + 1}/2`, partial: join(out, `partial-${i + 1}-of-2.json`) });
    }
    const merged = join(dir, 'merged');
    expect(await json(['merge', ...shards.map((d, i) => join(d, `partial-${i + 1}-of-2.json`)), '--out', merged, '--json'])).toEqual(
      fileJson(join(merged, 'summary.json')),
    );
  }, 120_000);

  it('baseline, replay, verify, new-bot, check-bot', async () => {
    const dir = tempDir('goldpit-json-');
    const baseline = join(dir, 'baseline.json');
    const recorded = (await json(['baseline', SCENARIO, '--games', '20', '--workers', '0', '--out', baseline, '--json'])) as {
      scenarios: { name: string; games: number }[];
    };
    expect(recorded.scenarios).toEqual([expect.objectContaining({ name: 'baseline', games: 20 })]);
    const replay = (await json(['replay', SCENARIO, '--game', '3', '--json'])) as { story: string[]; outcome: { winners: number[] }; faults: unknown[] };
    expect(replay.story.length).toBeGreaterThan(5);
    expect(replay.outcome.winners.length).toBeGreaterThan(0);
    const verify = (await json(['verify', 'fixtures/gold-knizia', '--json'])) as { passed: number; failed: number; fixtures: { pass: boolean }[] };
    expect(verify.failed).toBe(0);
    expect(verify.fixtures.length).toBe(verify.passed);
    const bot = join(dir, 'mine.ts');
    const written = (await json(['new-bot', 'mine', '--out', bot, '--json'])) as { file: string; next: string[] };
    expect(written.next[0]).toContain('check-bot');
    const checked = (await json(['check-bot', bot, '--deals', '1', '--json'])) as {
      games: number;
      faults: unknown[];
      deterministic: boolean;
      typeErrors: unknown[];
    };
    expect(checked).toMatchObject({ games: 4, faults: [], deterministic: true, typeErrors: [] });
  }, 120_000);
});

describe('--quiet prints only problems', () => {
  it('verify and check-bot print nothing when all is well; new-bot nothing at all', async () => {
    const dir = tempDir('goldpit-quiet-');
    const io = capture();
    expect(await runCli(['new-bot', 'mine', '--out', join(dir, 'mine.ts'), '--quiet'], io)).toBe(0);
    expect(await runCli(['check-bot', join(dir, 'mine.ts'), '--deals', '1', '--quiet'], io)).toBe(0);
    expect(io.stdout).toBe('');
    expect(await runCli(['verify', 'fixtures/gold-knizia', '--quiet'], io)).toBe(0);
    expect(io.stdout).toMatch(/^\d+ passed, 0 failed\n$/);
  }, 60_000);
});
