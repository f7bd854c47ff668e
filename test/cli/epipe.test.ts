/**
 * Output piped into a command that stops reading (`goldpit … | head`) ends goldpit quietly: exit 0,
 * no stack trace, its files written (bin/goldpit.js).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';

/** Runs the CLI with its stdout closed after the first chunk (or at once); its exit code and stderr. */
function withClosedStdout(args: readonly string[], atOnce: boolean): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/goldpit.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    if (atOnce) child.stdout.destroy();
    else child.stdout.once('data', () => child.stdout.destroy());
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('a closed stdout', () => {
  it('ends a replay quietly after its first lines', { timeout: 60_000 }, async () => {
    const r = await withClosedStdout(['replay', 'scenarios/my-gold-mine-4p.json', '--game', '2'], false);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('ends a run quietly, with its files written', { timeout: 60_000 }, async () => {
    const out = tempDir('goldpit-epipe-');
    const r = await withClosedStdout(['run', 'scenarios/my-gold-mine-4p.json', '--games', '200', '--workers', '0', '--out', out], true);
    expect(r.stderr).not.toMatch(/EPIPE|Error|at /);
    expect(r.code).toBe(0);
    expect(existsSync(join(out, 'summary.json'))).toBe(true);
    expect(existsSync(join(out, 'report.html'))).toBe(true);
  });
});
