#!/usr/bin/env node
// A/B throughput of two goldpit builds, by CPU time (less sensitive to a shared machine than wall
// time): `node scripts/bench-ab.mjs A_DIR B_DIR [--games 3000] [--pairs 11] [--scenario
// scenarios/baseline.json] [--order both|ab|ba]`, e.g. with A_DIR a `git worktree` of the previous
// commit. Each directory must be built (npm run build). Both builds play the same seeds in one
// process, interleaved, alternating which goes first in a pair; the script prints games per CPU-second
// of each batch and the median paired B/A ratio. The build whose code is loaded second into a
// process measured faster in A/A runs (identical builds: 1.06–1.20×), so by default (`--order both`)
// the script runs itself twice, in two child processes — A loaded first, then B loaded first — and
// reports the geometric mean of the two median ratios, in which that bias cancels. On this shared
// 2-core machine one pair varies by ±10%: use 11 pairs or more.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
const { values, positionals } = parseArgs({ allowPositionals: true, options: {
  games: { type: 'string', default: '3000' }, pairs: { type: 'string', default: '11' },
  scenario: { type: 'string', default: 'scenarios/baseline.json' }, order: { type: 'string', default: 'both' } } });
if (positionals.length !== 2) throw new Error('usage: bench-ab.mjs A_DIR B_DIR [--games N] [--pairs P] [--scenario FILE] [--order both|ab|ba]');
const [a, b] = positionals.map((p) => resolve(p));
const n = Number(values.games), pairs = Number(values.pairs);
const med = (xs) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];

if (values.order === 'both') {
  const me = fileURLToPath(import.meta.url);
  const common = ['--games', values.games, '--pairs', values.pairs, '--scenario', values.scenario];
  const results = [];
  for (const order of ['ab', 'ba']) {
    console.log(`--- ${order === 'ab' ? 'A' : 'B'} loaded first`);
    const out = execFileSync(process.execPath, [me, a, b, ...common, '--order', order], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    process.stdout.write(out);
    results.push(Number(/median paired B\/A ([0-9.]+)/.exec(out)[1]));
  }
  const combined = Math.sqrt(results[0] * results[1]);
  console.log(`B/A with the load order's bias cancelled (geometric mean of ${results.map((r) => r.toFixed(3)).join(' and ')}): ${combined.toFixed(3)}`);
} else {
  if (values.order !== 'ab' && values.order !== 'ba') throw new Error(`--order must be both, ab or ba, got ${values.order}`);
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
  let runA, runB;
  if (values.order === 'ab') { runA = await load(a); runB = await load(b); } else { runB = await load(b); runA = await load(a); }
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
  console.log(`median A ${med(ra).toFixed(0)}, B ${med(rb).toFixed(0)} games/CPU-s; median paired B/A ${med(ratios).toFixed(3)} (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)}; ${ratios.filter((r) => r > 1).length}/${pairs} faster)`);
}
