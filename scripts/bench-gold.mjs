#!/usr/bin/env node
// GOLD in-thread throughput: `npm run build && node scripts/bench-gold.mjs [scenario] [games] [runs]`.
// Plays games 0…N−1 of the scenario with runRange (the fast player, one thread, aggregation included),
// R times, and prints the median games per CPU-second (this thread's CPU time, so other load on the
// machine counts less) with the UTC time.
import { loadScenario } from '../dist/src/sim/scenario.js';
import { runRange } from '../dist/src/sim/run.js';
import { threadTimes } from '../dist/src/sim/timing.js';

const file = process.argv[2] ?? 'scenarios/gold-4p.json';
const games = Number(process.argv[3] ?? 50000);
const runs = Number(process.argv[4] ?? 5);
const engine = process.env.GOLD_ENGINE === 'reference' ? 'reference' : 'auto';
const scenario = loadScenario(file);
runRange(scenario, 0, Math.min(games, 5000), { seed: 'warm-up', engine }); // JIT warm-up
const rates = [];
const walls = [];
for (let r = 0; r < runs; r++) {
  const t0 = threadTimes();
  const w0 = performance.now();
  const agg = runRange(scenario, 0, games, { seed: `bench-${r}`, engine });
  const w1 = performance.now();
  const t1 = threadTimes();
  if (agg.games[0] !== games) throw new Error('not every game was played');
  const cpuS = t1 !== null && t0 !== null ? (t1[0] - t0[0]) / 1e9 : (w1 - w0) / 1e3;
  rates.push(games / cpuS);
  walls.push(games / ((w1 - w0) / 1e3));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `${new Date().toISOString()} ${file} engine=${engine}: ${games} games × ${runs} runs, median ${Math.round(median(rates))} games per CPU-second (${(1e6 / median(rates)).toFixed(2)} µs a game; wall ${Math.round(median(walls))} games/s)`,
);
