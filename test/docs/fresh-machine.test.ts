/**
 * The README's `npm test` on a fresh machine: suites that need a system service (Chromium,
 * redis-server) skip with one line outside CI and fail the run under CI=true
 * (test/helpers/services.ts). Checked by running vitest itself on a browser suite and the queue suite
 * with both services hidden: a PATH with only `node` on it, and GOLDPIT_CHROMIUM at a missing path.
 */
import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingLine, SERVICES, serviceDecision } from '../helpers/services.js';
import { tempDir } from '../helpers/temp.js';

const ROOT = resolve(import.meta.dirname, '../..');

describe('a suite that needs a system service', () => {
  const chromium = SERVICES.chromium;
  it('runs when the service is there, in CI or not', () => {
    expect(serviceDecision(chromium, {}, () => true)).toEqual({ run: true });
    expect(serviceDecision(chromium, { CI: 'true' }, () => true)).toEqual({ run: true });
  });

  it('is skipped outside CI with one line naming what was skipped and the command that enables it', () => {
    expect(serviceDecision(SERVICES.redis, {}, () => false)).toEqual({
      run: false,
      fail: false,
      line: 'skipped the job-queue tests (test/queue/queue.test.ts): redis-server (on the PATH) is missing; `apt-get install -y redis-server` enables them',
    });
  });

  it('fails the run under CI=true (or CI=1)', () => {
    for (const CI of ['true', '1']) {
      const d = serviceDecision(chromium, { CI }, () => false);
      expect(d).toEqual({ run: false, fail: true, line: missingLine(chromium, true) });
    }
    expect(missingLine(chromium, true)).toMatch(/is missing, and CI requires the browser tests .*: install it with `apt-get install -y chromium`/);
  });

  it('is skipped silently anywhere with its GOLDPIT_SKIP_* variable, present or not', () => {
    expect(serviceDecision(chromium, { CI: 'true', GOLDPIT_SKIP_BROWSER: '1' }, () => false)).toEqual({ run: false, line: null, fail: false });
    expect(serviceDecision(SERVICES.redis, { GOLDPIT_SKIP_QUEUE: '1' }, () => true)).toEqual({ run: false, line: null, fail: false });
  });
});

describe('vitest with redis-server and Chromium hidden', () => {
  // A PATH holding only node (redis-server, chromium and everything else of /usr/bin are gone).
  const bin = tempDir('goldpit-fresh-bin-');
  symlinkSync(process.execPath, join(bin, 'node'));
  const vitest = (extra: Record<string, string>) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: bin, GOLDPIT_CHROMIUM: join(bin, 'no-chromium'), NO_COLOR: '1' };
    delete env.CI;
    delete env.GOLDPIT_SKIP_BROWSER;
    delete env.GOLDPIT_SKIP_QUEUE;
    delete env.FORCE_COLOR;
    Object.assign(env, extra);
    return spawnSync(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', 'test/queue/queue.test.ts', 'test/balance/browser.test.ts'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 110_000,
    });
  };

  it('outside CI: both suites are skipped, one line each, and the run passes', () => {
    const r = vitest({});
    const output = r.stdout + r.stderr;
    expect(output).toContain(
      `skipped the job-queue tests (test/queue/queue.test.ts): redis-server (on the PATH) is missing; \`apt-get install -y redis-server\` enables them`,
    );
    expect(output).toContain(
      `skipped the browser tests (test/**/*browser.test.ts): Chromium (${join(bin, 'no-chromium')}) is missing; \`apt-get install -y chromium\` enables them`,
    );
    expect(output.match(/skipped the /g)).toHaveLength(2);
    expect(output).toMatch(/Test Files\s+2 skipped/);
    expect(r.status).toBe(0);
  });

  it('under CI=true: the run fails, naming both services', () => {
    const r = vitest({ CI: 'true' });
    const output = r.stdout + r.stderr;
    expect(output).toContain('redis-server (on the PATH) is missing, and CI requires the job-queue tests');
    expect(output).toContain('is missing, and CI requires the browser tests');
    expect(r.status).not.toBe(0);
  });
});
