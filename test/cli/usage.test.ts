/** CLI conveniences (issue 17, items 7 and 13): --version, "did you mean", number options that are not numbers, --workers above the cores. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { editDistance, suggestCommand } from '../../src/cli/usage.js';
import { workerCount } from '../../src/cli/workers.js';
import { capture } from '../helpers/io.js';

describe('goldpit --version', () => {
  it('prints the package.json version and exits 0', async () => {
    const io = capture();
    expect(await runCli(['--version'], io)).toBe(0);
    expect(io.stdout).toBe(`goldpit ${JSON.parse(readFileSync('package.json', 'utf8')).version}\n`);
  });
});

describe('a mistyped command', () => {
  it('is answered with the nearest command', async () => {
    const io = capture();
    expect(await runCli(['tournamnet', '--deals', '2'], io)).toBe(2);
    expect(io.stderr).toContain('goldpit: unknown command "tournamnet"; did you mean `npx goldpit tournament`?');
    const io2 = capture();
    expect(await runCli(['chek-bot', 'x.ts'], io2)).toBe(2);
    expect(io2.stderr).toContain('did you mean `npx goldpit check-bot`?');
  });

  it('far from every command gets the list instead of a guess', async () => {
    const io = capture();
    expect(await runCli(['fly'], io)).toBe(2);
    expect(io.stderr).not.toContain('did you mean');
    expect(io.stderr).toContain(
      'The commands are run, sweep, balance, compare, sensitivity, impact, merge, baseline, check, replay, verify, tournament, skill, new-bot, check-bot, worker.',
    );
  });

  it('edit distance counts insertions, deletions and substitutions (kitten → sitting: 3)', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'run')).toBe(3);
    expect(suggestCommand('rn', ['run', 'merge'])).toBe('run');
    expect(suggestCommand('tourn', ['run', 'tournament'])).toBe('tournament');
    expect(suggestCommand('zzzzzz', ['run', 'merge'])).toBeNull();
  });
});

describe('a number option given text', () => {
  it('--games abc says what it got', async () => {
    const io = capture();
    expect(await runCli(['run', 'scenarios/baseline.json', '--games', 'abc'], io)).toBe(2);
    expect(io.stderr).toContain('goldpit: --games must be a number, got "abc"');
  });
  it('--deals=ten too', async () => {
    const io = capture();
    expect(await runCli(['tournament', '--deals=ten'], io)).toBe(2);
    expect(io.stderr).toContain('goldpit: --deals must be a number, got "ten"');
  });
});

describe('--workers above the core count', () => {
  it('is allowed and says so on stderr; at or below it says nothing', () => {
    let err = '';
    expect(workerCount((t) => void (err += t), 8, 2, 2)).toBe(8);
    expect(err).toBe('goldpit: note: --workers 8 is more than the 2 cores of this machine; the threads will share them (allowed, but rarely faster)\n');
    err = '';
    expect(workerCount((t) => void (err += t), 2, 2, 2)).toBe(2);
    expect(workerCount((t) => void (err += t), undefined, 2, 2)).toBe(2);
    expect(err).toBe('');
    expect(() => workerCount(() => {}, -1, 2, 2)).toThrow(/--workers must be an integer ≥ 0, got -1/);
  });
});
