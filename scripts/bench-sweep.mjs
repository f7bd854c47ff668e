#!/usr/bin/env node
// The sweep benchmark: `npm run bench -- --sweep [--points 7 --games 20000 --workers 2 --runs 3 --batch-size 2000 --scenario F --json]`.
// Issue 18's target: a sweep of P points × N games on W workers takes at most 1.2 × one `run` of P·N
// games. Plays both as the commands do (a fresh pool each, so start-up counts; no files), alternately
// (so a change in the machine's load hits both alike), R times, and prints the medians and their ratio.
// The sweep varies params.fine over 0..P−1 (the scenario must accept it; Goldrausch's do).
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runParallel } from '../dist/src/sim/parallel.js';
import { loadScenario } from '../dist/src/sim/scenario.js';
import { DealPool } from '../dist/src/sweep/pool.js';
import { runSweep } from '../dist/src/sweep/run.js';
import { parseVary } from '../dist/src/sweep/vary.js';

const { values } = parseArgs({
  options: {
    sweep: { type: 'boolean', default: true },
    points: { type: 'string', default: '7' },
    games: { type: 'string', default: '20000' },
    workers: { type: 'string', default: '2' },
    runs: { type: 'string', default: '3' },
    'batch-size': { type: 'string', default: '2000' },
    scenario: { type: 'string', default: 'scenarios/baseline.json' },
    json: { type: 'boolean', default: false },
  },
  strict: false,
});
const points = Number(values.points);
const games = Number(values.games);
const workers = Number(values.workers);
const runs = Number(values.runs);
const batchSize = Number(values['batch-size']);
const base = loadScenario(values.scenario);
const log = values.json ? () => {} : (t) => process.stderr.write(t);

async function timeRun() {
  const t0 = performance.now();
  const r = await runParallel(base, {
    seed: 'bench',
    from: 0,
    to: points * games,
    workers,
    batchSize,
    checkpointFile: null,
    checkpointEveryMs: 1e9,
    resume: false,
    gamesCsvFile: null,
  });
  if (!r.complete) throw new Error('the run did not complete');
  return (performance.now() - t0) / 1000;
}

async function timeSweep() {
  const t0 = performance.now();
  const pool = new DealPool({ workers, batchSize, seed: 'bench' });
  try {
    const plan = {
      file: values.scenario,
      data: base.portable,
      base,
      factors: [parseVary(`params.fine=0..${points - 1}`)],
      design: 'grid',
      reference: null,
      games,
      seed: 'bench',
      precision: null,
    };
    const r = await runSweep(plan, { pool, checkpointFile: null, resume: false });
    if (!r.complete || r.sweep.points.length !== points) throw new Error(`the sweep played ${r.sweep.points.length} points, expected ${points}`);
  } finally {
    await pool.close();
  }
  return (performance.now() - t0) / 1000;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const run = [];
const sweep = [];
log(
  `sweep benchmark: ${points} points × ${games} games vs one run of ${points * games} games, ${workers} workers, batch ${batchSize}, ${runs} runs each, alternately\n`,
);
for (let i = 0; i < runs; i++) {
  run.push(await timeRun());
  log(`  ${new Date().toISOString().slice(11, 19)} run   ${run.at(-1).toFixed(2)} s (load ${loadavg()[0].toFixed(1)})\n`);
  sweep.push(await timeSweep());
  log(`  ${new Date().toISOString().slice(11, 19)} sweep ${sweep.at(-1).toFixed(2)} s (load ${loadavg()[0].toFixed(1)})\n`);
}
const result = {
  points,
  gamesPerPoint: games,
  workers,
  batchSize,
  runSeconds: run,
  sweepSeconds: sweep,
  medianRunSeconds: median(run),
  medianSweepSeconds: median(sweep),
  ratio: median(sweep) / median(run),
  target: 1.2,
};
if (values.json) console.log(JSON.stringify(result, null, 2));
else {
  console.log(`run of ${points * games} games: median ${result.medianRunSeconds.toFixed(2)} s`);
  console.log(`sweep of ${points} × ${games} games: median ${result.medianSweepSeconds.toFixed(2)} s`);
  console.log(`ratio sweep/run: ${result.ratio.toFixed(3)} (target ≤ ${result.target})`);
}
