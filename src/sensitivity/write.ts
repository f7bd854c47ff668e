/**
 * A sensitivity analysis's files: sensitivity.json (types.ts) and sensitivity.csv, written atomically.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { writeAtomic } from '../report/write.js';
import type { SensitivityJson } from './types.js';

const cell = (x: number) => (Number.isFinite(x) ? x : '');

/**
 * sensitivity.csv, one row per knob and metric.
 * Morris: `knob`, `origin`, `metric`, `mu` (`mu_lo`, `mu_hi`), `mu_star` (`mu_star_lo` — the noise
 * allowance included —, `mu_star_hi`), `sigma` (noise-corrected; `sigma_lo`, `sigma_hi`), `noise` (the
 * mean standard error of one elementary effect), `negligible` (the metric's band), `verdict`.
 * Sobol: `knob`, `origin`, `metric`, `first` (`first_lo`, `first_hi`), `total` (`total_lo`,
 * `total_hi`), `raw_first`, `raw_total` (noise included), `noise_share`, `deal_share` (per metric).
 */
export function sensitivityCsv(json: SensitivityJson): string {
  const origin = new Map(json.knobs.map((k) => [k.path, k.origin]));
  const band = new Map(json.metrics.map((m) => [m.id, m.negligible]));
  if (json.morris) {
    const columns = [
      'knob',
      'origin',
      'metric',
      'mu',
      'mu_lo',
      'mu_hi',
      'mu_star',
      'mu_star_lo',
      'mu_star_hi',
      'sigma',
      'sigma_lo',
      'sigma_hi',
      'noise',
      'negligible',
      'verdict',
    ];
    const rows = json.morris.map((r) => [
      r.knob,
      origin.get(r.knob),
      r.metric,
      cell(r.mu.estimate),
      cell(r.mu.lo),
      cell(r.mu.hi),
      cell(r.muStar.estimate),
      cell(r.muStar.lo),
      cell(r.muStar.hi),
      cell(r.sigma.estimate),
      cell(r.sigma.lo),
      cell(r.sigma.hi),
      cell(r.noise),
      band.get(r.metric),
      r.verdict,
    ]);
    return stringify(rows, { header: true, columns });
  }
  const columns = [
    'knob',
    'origin',
    'metric',
    'first',
    'first_lo',
    'first_hi',
    'total',
    'total_lo',
    'total_hi',
    'raw_first',
    'raw_total',
    'noise_share',
    'deal_share',
  ];
  const rows = (json.sobol ?? []).flatMap((m) =>
    m.knobs.map((k) => [
      k.knob,
      origin.get(k.knob),
      m.metric,
      cell(k.first.estimate),
      cell(k.first.lo),
      cell(k.first.hi),
      cell(k.total.estimate),
      cell(k.total.lo),
      cell(k.total.hi),
      cell(k.rawFirst),
      cell(k.rawTotal),
      cell(m.noiseShare.estimate),
      cell(m.dealShare),
    ]),
  );
  return stringify(rows, { header: true, columns });
}

/** Writes sensitivity.json, sensitivity.csv and `extra` files (sensitivity.html) into `dir`; returns the paths. */
export function writeSensitivityOutputs(dir: string, json: SensitivityJson, extra: readonly [string, string][] = []): string[] {
  mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [['sensitivity.json', `${JSON.stringify(json, null, 2)}\n`], ['sensitivity.csv', sensitivityCsv(json)], ...extra];
  return files.map(([name, text]) => {
    const path = join(dir, name);
    writeAtomic(path, text);
    return path;
  });
}
