/**
 * Temporary folders for tests, removed when the test file's tests have run: `npm test` must leave
 * nothing behind (test/helpers/global-setup.ts checks it). Importing this module registers the
 * clean-up for the importing test file (each test file runs in its own module context).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

afterAll(() => {
  // Retries: a browser that has just closed may still be writing its profile (ENOTEMPTY).
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

/** A new empty folder under the system's temporary folder, named `<prefix>XXXXXX`. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
