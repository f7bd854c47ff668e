#!/usr/bin/env node
// Coverage of goldpit's intervals on real games (issue 33): `npm run build && node scripts/interval-coverage.mjs [--part sweep|balance|spread|all]`.
//
// sweep   — the issue's sparse knob: `goldpit sweep scenarios/baseline.json --vary
//           eventCards.subsidy.amount=2,4 --games 500`. The truth of every paired difference comes
//           from a pool of --pool deals (default 200,000) played at both points. The bulk: --reps
//           samples of --games deals drawn with replacement from the pool (iid deals whose true
//           differences are the pool's means exactly), each through the sweep's own `paired`; then
//           --sweeps real reseeded sweeps (runSweep with seeds coverage-1, coverage-2, …), whose
//           truth is the pool's (its own sampling error, about 1e-4 for a win rate, is far inside
//           the intervals). Paired t (the old interval) is shown beside it.
// balance — the issue's false claims: `goldpit balance scenarios/mirror-cooperative.json --vary
//           params.fine=0..3 --target "rounds >= 9.70" --first-stage F --budget B` for --searches
//           seeds each at F = 2 (the smallest the command accepts), 10 and 20; the true mean rounds
//           of each point from --truth games per point.
// spread  — the seat spread of the mirror line-up: --spread-runs runs of --spread-games games, against
//           the spread of the pool of --pool games (whose own upward bias is about 0.001).
// Prints the figures, the CPU seconds and the load; docs/statistics.md holds a run's results.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runBalance } from '../dist/src/balance/game.js';
import { hashSeed, unitFloat } from '../dist/src/core/random.js';
import { headDeals } from '../dist/src/sim/deals.js';
import { loadScenario } from '../dist/src/sim/scenario.js';
import { pairedDifference } from '../dist/src/stats/paired.js';
import { metricRange, paired, perDeal, seatSpreadEstimate, sweepMetrics } from '../dist/src/sweep/metrics.js';
import { DealPool } from '../dist/src/sweep/pool.js';
import { runSweep } from '../dist/src/sweep/run.js';
import { parseVary, scenarioAt } from '../dist/src/sweep/vary.js';

const { values: opt } = parseArgs({
  options: {
    part: { type: 'string', default: 'all' },
    pool: { type: 'string', default: '200000' },
    games: { type: 'string', default: '500' },
    reps: { type: 'string', default: '2000' },
    sweeps: { type: 'string', default: '100' },
    searches: { type: 'string', default: '50' },
    budget: { type: 'string', default: '2000' },
    truth: { type: 'string', default: '50000' },
    'spread-runs': { type: 'string', default: '200' },
    'spread-games': { type: 'string', default: '2000' },
    workers: { type: 'string', default: '2' },
  },
});
const workers = Number(opt.workers);
const part = (p) => opt.part === 'all' || opt.part === p;
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const out = (line) => process.stdout.write(`${line}\n`);
const started = { cpu: process.cpuUsage(), wall: performance.now(), load: loadavg()[0] };

function scenarioFile(file) {
  return { file, base: loadScenario(file), data: JSON.parse(readFileSync(file, 'utf8')) };
}

/** Deals [0, n) of `scenario` under `seed`. */
async function dealsOf(scenario, seed, n) {
  const pool = new DealPool({ workers, batchSize: 5000, seed });
  try {
    return await pool.deals(scenario, 0, n);
  } finally {
    await pool.close();
  }
}

async function sweepPart() {
  const { file, base, data } = scenarioFile('scenarios/baseline.json');
  const factor = parseVary('eventCards.subsidy.amount=2,4');
  const [ref, point] = factor.values.map((v) => scenarioAt(file, data, [factor], [v]));
  const N = Number(opt.pool);
  const n = Number(opt.games);
  const reps = Number(opt.reps);
  const [refDeals, pointDeals] = [await dealsOf(ref, 'coverage-pool', N), await dealsOf(point, 'coverage-pool', N)];
  // The seat spread's per-deal form depends on which seats are the extremes of each sample: no fixed truth.
  const metrics = sweepMetrics(base).filter((m) => m.family !== 'seat-spread');
  const columns = new Map(
    metrics.map((m) => [m.id, { a: perDeal(m, point, pointDeals), b: perDeal(m, ref, refDeals), ra: metricRange(m, point), rb: metricRange(m, ref) }]),
  );
  const truth = new Map(metrics.map((m) => [m.id, paired(columns.get(m.id).a, columns.get(m.id).b).diff]));
  out(`sweep: ${file} --vary eventCards.subsidy.amount=2,4; truth from ${N.toLocaleString('en-US')} deals per point (seed coverage-pool)`);
  for (const m of metrics) {
    const c = columns.get(m.id);
    let changed = 0;
    for (let i = 0; i < N; i++) if (c.a[i] !== c.b[i]) changed++;
    out(`  ${m.id}: true difference ${truth.get(m.id).toExponential(3)}, changed in ${pct(changed / N)} of deals`);
  }
  for (const size of [n, 10 * n]) {
    const count = size === n ? reps : Math.max(200, Math.round(reps / 4));
    const tally = new Map(metrics.map((m) => [m.id, { covered: 0, t: 0, zeroT: 0, zero: 0, width: 0, widthT: 0 }]));
    const key = hashSeed(`resample-${size}`);
    let draw = 0;
    const a = new Float64Array(size);
    const b = new Float64Array(size);
    for (let rep = 0; rep < count; rep++) {
      const rows = Int32Array.from({ length: size }, () => Math.floor(unitFloat(key, draw++) * N));
      for (const m of metrics) {
        const c = columns.get(m.id);
        for (let i = 0; i < size; i++) {
          a[i] = c.a[rows[i]];
          b[i] = c.b[rows[i]];
        }
        const r = paired(a, b, c.ra, c.rb);
        const d = a.map((x, i) => x - b[i]);
        const t = pairedDifference(d);
        const s = tally.get(m.id);
        const x = truth.get(m.id);
        if (r.lo <= x && x <= r.hi) s.covered++;
        if (t.lower <= x && x <= t.upper) s.t++;
        if (t.lower === t.upper) s.zeroT++;
        if (r.lo === r.hi) s.zero++;
        s.width += r.hi - r.lo;
        s.widthT += t.upper - t.lower;
      }
    }
    out(`bulk: ${count} samples of ${size} deals drawn from the pool; coverage of the 95% interval (paired t beside it)`);
    for (const m of metrics) {
      const s = tally.get(m.id);
      out(
        `  ${m.id}: ${pct(s.covered / count)} (paired t ${pct(s.t / count)}, zero width ${pct(s.zeroT / count)}); zero-width intervals ${s.zero}; mean width ${(s.width / count).toPrecision(3)} (t ${(s.widthT / count).toPrecision(3)})`,
      );
    }
  }
  // Real reseeded sweeps through the command's own path.
  const sweeps = Number(opt.sweeps);
  const hits = new Map(metrics.map((m) => [m.id, 0]));
  let zero = 0;
  let unchangedSentences = 0;
  for (let k = 1; k <= sweeps; k++) {
    const seed = `coverage-${k}`;
    const pool = new DealPool({ workers, batchSize: 250, seed });
    try {
      const plan = { file, data, base, factors: [factor], design: 'grid', reference: null, games: n, seed, precision: null };
      const { sweep } = await runSweep(plan, { pool, checkpointFile: null, resume: false });
      const p = sweep.points.find((q) => q.index !== sweep.reference);
      for (const m of metrics) {
        const e = p.metrics[m.id];
        const x = truth.get(m.id);
        if (e.diffLo <= x && x <= e.diffHi) hits.set(m.id, hits.get(m.id) + 1);
        if (e.diffLo === e.diffHi) zero++;
      }
      if (sweep.verdicts.some((v) => v.includes('changed no deal'))) unchangedSentences++;
    } finally {
      await pool.close();
    }
  }
  out(
    `reseeded sweeps: ${sweeps} × (2 points × ${n} games), seeds coverage-1..${sweeps}; zero-width intervals ${zero}; "changed no deal" verdicts ${unchangedSentences}`,
  );
  for (const m of metrics) out(`  ${m.id}: ${pct(hits.get(m.id) / sweeps)}`);
}

async function balancePart() {
  const { file, base, data } = scenarioFile('scenarios/mirror-cooperative.json');
  const vary = 'params.fine=0..3';
  const factor = parseVary(vary);
  const truthGames = Number(opt.truth);
  const means = [];
  for (const v of factor.values) {
    const deals = await dealsOf(scenarioAt(file, data, [factor], [v]), 'coverage-truth', truthGames);
    means.push(deals.length.reduce((t, x) => t + x, 0) / truthGames);
  }
  out(
    `balance: ${file} --vary ${vary} --target "rounds >= 9.70"; true mean rounds ${means.map((x) => x.toFixed(4)).join(', ')} (${truthGames.toLocaleString('en-US')} games per point, seed coverage-truth)`,
  );
  const searches = Number(opt.searches);
  const budget = Number(opt.budget);
  for (const firstStage of [2, 10, 20]) {
    let claims = 0;
    let games = 0;
    for (let k = 1; k <= searches; k++) {
      const pool = new DealPool({ workers, batchSize: 500, seed: `balance-${k}` });
      try {
        const run = await runBalance({ file, data, vary: [vary], targets: ['rounds >= 9.70'], budget, firstStage, confidence: 0.95 }, base, {
          deals: (_, scenario, from, to) => pool.deals(scenario, from, to),
        });
        if (run.result.status === 'shown') claims++;
        games += run.result.gamesSpent;
      } finally {
        await pool.close();
      }
    }
    out(
      `  --first-stage ${firstStage} --budget ${budget}: ${claims} of ${searches} searches claimed a point (${pct(claims / searches)}); ${games.toLocaleString('en-US')} games`,
    );
  }
}

async function spreadPart() {
  const { base } = scenarioFile('scenarios/mirror-cooperative.json');
  const N = Number(opt.pool);
  const pool = await dealsOf(base, 'coverage-pool', N);
  const truth = seatSpreadEstimate(base, pool).estimate;
  const runs = Number(opt['spread-runs']);
  const n = Number(opt['spread-games']);
  let covered = 0;
  let coveredT = 0;
  let width = 0;
  const spreadMetric = sweepMetrics(base).find((m) => m.family === 'seat-spread');
  for (let k = 1; k <= runs; k++) {
    const deals = await dealsOf(base, `spread-${k}`, n);
    const e = seatSpreadEstimate(base, deals);
    if (e.lo <= truth && truth <= e.hi) covered++;
    width += e.hi - e.lo;
    const t = pairedDifference(perDeal(spreadMetric, base, headDeals(deals, n)));
    if (Math.max(0, t.lower) <= truth && truth <= t.upper) coveredT++;
  }
  out(
    `seat spread: scenarios/mirror-cooperative.json, ${runs} runs × ${n} games; pool spread ${truth.toFixed(4)} (${N.toLocaleString('en-US')} games): coverage ${pct(covered / runs)} (mean width ${(width / runs).toFixed(4)}); the old t interval around max − min ${pct(coveredT / runs)}`,
  );
}

if (part('sweep')) await sweepPart();
if (part('balance')) await balancePart();
if (part('spread')) await spreadPart();
const cpu = process.cpuUsage(started.cpu);
out(
  `time: ${((performance.now() - started.wall) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU in this thread (workers: ${workers}); load average ${started.load.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end, ${cpus().length} cores; ${new Date().toISOString()}`,
);
