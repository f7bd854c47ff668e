/**
 * Where the check's pieces live: the scenario format (src/sim/) does not depend on the check
 * (src/check/), and goldpit's root and version come from one helper (src/core/package.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packageRoot, VERSION } from '../../src/core/package.js';
import { codeFacts } from '../../src/check/baseline.js';
import { VERSION as REPORT_VERSION } from '../../src/report/summary.js';

const sources = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ file: join(dir, f), text: readFileSync(join(dir, f), 'utf8') }));

describe('layering', () => {
  it('src/sim/ imports nothing from src/check/ (the check builds on the simulator, not the reverse)', () => {
    const offenders = sources('src/sim')
      .filter((s) => /from '\.\.\/check\//.test(s.text))
      .map((s) => s.file);
    expect(offenders).toEqual([]);
  });

  it('src/check/ neither looks for package.json nor copies deal columns by hand', () => {
    for (const s of sources('src/check')) {
      expect(s.text, s.file).not.toContain("'package.json'");
      expect(s.text, s.file).not.toMatch(/\.scoreSum\.set\(/); // copyDeals (src/sim/deals.ts) does that
    }
  });
});

describe('src/core/package.ts', () => {
  const expected = JSON.parse(readFileSync('package.json', 'utf8')).version as string;

  it('finds the repository root and its version, from the sources and from the build', async () => {
    expect(packageRoot()).toBe(resolve('.'));
    expect(VERSION).toBe(expected);
    expect(REPORT_VERSION).toBe(expected);
    expect(codeFacts('goldrausch').version).toBe(expected);
    // dist/src/core/package.js sits one folder deeper; npm test builds it before vitest runs.
    const built = (await import(pathToFileURL(resolve('dist/src/core/package.js')).href)) as typeof import('../../src/core/package.js');
    expect(built.packageRoot()).toBe(resolve('.'));
    expect(built.VERSION).toBe(expected);
  });
});
