#!/usr/bin/env node
// A/B throughput of two goldpit builds in ONE process, interleaved, by CPU time (less sensitive to a
// shared machine than wall time): `node scripts/bench-ab.mjs A_DIR B_DIR [--games 3000] [--pairs 11]
// [--scenario scenarios/baseline.json]`, e.g. with A_DIR a `git worktree` of the previous commit.
// Each directory must be built (npm run build). Plays the same seeds with both builds in this thread,
// alternating which goes first, and prints games per CPU-second of each batch and the median paired
// B/A ratio. On this shared 2-core machine one pair varies by ±10%: use 11 pairs or more.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
const { values, positionals } = parseArgs({ allowPositionals: true, options: {
  games: { type: 'string', default: '3000' }, pairs: { type: 'string', default: '11' },
  scenario: { type: 'string', default: 'scenarios/baseline.json' } } });
const [a, b] = positionals.map((p) => resolve(p));
const n = Number(values.games), pairs = Number(values.pairs);
async function load(repo) {
  const { loadScenario } = await import(`${repo}/dist/src/sim/scenario.js`);
  const { runParallel } = await import(`${repo}/dist/src/sim/parallel.js`);
  const scenario = loadScenario(`${repo}/${values.scenario}`);
  return async (seed) => {
    const t = process.cpuUsage();
    await runParallel(scenario, { seed, from: 0, to: n, workers: 0, batchSize: n, checkpointFile: null,
      checkpointEveryMs: 1e9, resume: false, gamesCsvFile: null });
    const d = process.cpuUsage(t);
    return n / ((d.user + d.system) / 1e6);
  };
}
const runA = await load(a), runB = await load(b);
await runA('warm'); await runB('warm'); await runA('warm2'); await runB('warm2');
const ratios = [], ra = [], rb = [];
for (let i = 0; i < pairs; i++) {
  const seed = `ab-${i}`;
  const first = i % 2 === 0;
  const x = first ? await runA(seed) : null;
  const y = await runB(seed);
  const x2 = first ? x : await runA(seed);
  ra.push(x2); rb.push(y); ratios.push(y / x2);
  console.log(`pair ${i + 1}: A ${x2.toFixed(0)}  B ${y.toFixed(0)} games/CPU-s  B/A ${(y / x2).toFixed(3)}`);
}
const med = (xs) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];
console.log(`median A ${med(ra).toFixed(0)}, B ${med(rb).toFixed(0)} games/CPU-s; median paired B/A ${med(ratios).toFixed(3)} (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)}; ${ratios.filter((r) => r > 1).length}/${pairs} faster)`);
