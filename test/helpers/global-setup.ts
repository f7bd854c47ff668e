/**
 * `npm test` must leave no temporary folders behind. Before any test file runs, TMPDIR points at a
 * fresh folder of this run's own (worker processes, and the goldpit processes tests start, inherit
 * it, so `os.tmpdir()` is that folder everywhere); afterwards whatever is left in it fails the run,
 * named, and the folder is removed either way. Tests clean up with test/helpers/temp.ts.
 * It also applies test/helpers/services.ts's rule for suites that need a system service.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICES, serviceDecision } from './services.js';

export default function setup(): () => void {
  // Suites that need a missing system service: the run fails at once in CI; outside CI one line each,
  // printed at the end of the run, below vitest's summary, where it is read.
  const skipped: string[] = [];
  const failures: string[] = [];
  for (const service of Object.values(SERVICES)) {
    const d = serviceDecision(service);
    if (d.run || d.line === null) continue;
    (d.fail ? failures : skipped).push(d.line);
  }
  if (failures.length > 0) {
    process.exitCode = 1;
    throw new Error(failures.join('\n'));
  }
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), 'goldpit-test-run-'));
  process.env.TMPDIR = root;
  return () => {
    for (const line of skipped) process.stderr.write(`goldpit tests: ${line}\n`);
    const left = readdirSync(root);
    rmSync(root, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (left.length > 0) {
      // vitest reports an error thrown here but still exits 0: set the exit code as well.
      process.exitCode = 1;
      throw new Error(
        `the tests left ${left.length} temporary file(s) or folder(s) behind: ${left.join(', ')} (make them with tempDir() from test/helpers/temp.ts)`,
      );
    }
  };
}
