/**
 * A sweep's files: sweep.csv (one row per point and metric) and sweep.json (the shared contract's
 * shape, src/report/sweep-types.ts), written atomically.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { SweepJson } from '../report/sweep-types.js';
import { writeAtomic } from '../report/write.js';

/**
 * sweep.csv: `point`, `role` (`reference` for the point the differences are taken against), one
 * column per varied path, `games`, `metric`, then the estimate with its 95% interval (`estimate`,
 * `lo`, `hi`; empty when there is none), the paired difference point − reference with its 95%
 * interval (`diff`, `diff_lo`, `diff_hi`) and the deals whose value changed (`changed`); the last
 * four empty at the reference.
 */
export function sweepCsv(sweep: SweepJson): string {
  const columns = ['point', 'role', ...sweep.factors.map((f) => f.path), 'games', 'metric', 'estimate', 'lo', 'hi', 'diff', 'diff_lo', 'diff_hi', 'changed'];
  const rows: unknown[][] = [];
  for (const p of sweep.points) {
    for (const m of sweep.metrics) {
      const e = p.metrics[m.id];
      if (e === undefined) continue;
      rows.push([
        p.index,
        p.index === sweep.reference ? 'reference' : '',
        ...sweep.factors.map((f) => String(p.values[f.path])),
        p.games,
        m.id,
        e.estimate,
        e.lo ?? '',
        e.hi ?? '',
        e.diff ?? '',
        e.diffLo ?? '',
        e.diffHi ?? '',
        e.changed ?? '',
      ]);
    }
  }
  return stringify(rows, { header: true, columns });
}

/** Writes sweep.csv and sweep.json (and `extra` files, e.g. sweep.html) into `dir`; returns the paths. */
export function writeSweepOutputs(dir: string, sweep: SweepJson, extra: readonly [string, string][] = []): string[] {
  mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [['sweep.json', `${JSON.stringify(sweep, null, 2)}\n`], ['sweep.csv', sweepCsv(sweep)], ...extra];
  return files.map(([name, text]) => {
    const path = join(dir, name);
    writeAtomic(path, text);
    return path;
  });
}
