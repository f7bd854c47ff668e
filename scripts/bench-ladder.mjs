#!/usr/bin/env node
// Where a game's time goes: `npm run bench:ladder [-- --games N --runs R --engine auto|reference]`.
// Plays the baseline scenario's rules with a ladder of line-ups of built-in bots, in this thread, on
// the fast kernel (--engine auto, the default; every rung is a registry line-up) or the reference
// engine, and prints games per CPU-second (process.cpuUsage, so less sensitive to a shared machine
// than wall time), µs per game and per round:
//   4 × random  a random continent, a random card, PASS: the engine's own cost per round with bots
//               that compute nothing and never negotiate (a floor for any line-up of these rules);
//   4 × silent  + the continent estimates every heuristic bot makes in phase 1, still no talk;
//   4 × greedy  + greedy's card estimate;
//   baseline    + the negotiation of cooperative, betrayer and reciprocal.
// Each rung runs in a fresh child process (so the engine's code is compiled for that line-up only,
// as in a real run, not made polymorphic by the other rungs), two warm-up batches then one measured
// batch; the rungs take turns, R times, and the median is shown.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '5' },
    rung: { type: 'string' },
    engine: { type: 'string', default: 'auto' },
    repo: { type: 'string', default: new URL('..', import.meta.url).pathname.replace(/\/$/, '') },
  },
});
const engine = values.engine;
if (engine !== 'auto' && engine !== 'reference') throw new Error(`--engine must be auto or reference, got ${engine}`);
const repo = values.repo;
const games = Number(values.games),
  runs = Number(values.runs);
const { loadScenario } = await import(`${repo}/dist/src/sim/scenario.js`);
const { runParallel } = await import(`${repo}/dist/src/sim/parallel.js`);
const { BUILTIN_BOTS } = await import(`${repo}/dist/bots/goldrausch/index.js`);
const base = loadScenario(`${repo}/scenarios/baseline.json`);
const rungs = [
  ['4 × random (random continent and card, no talk)', Array(4).fill(BUILTIN_BOTS.random)],
  ['4 × silent (continent estimates, no talk)', Array(4).fill(BUILTIN_BOTS.silent)],
  ['4 × greedy', Array(4).fill(BUILTIN_BOTS.greedy)],
  ['baseline (greedy, cooperative, betrayer, reciprocal)', base.bots],
];
const roundsOf = new Map();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function rate(bots, seed) {
  const scenario = { ...base, bots, seats: bots.map((b) => b.name) };
  const t = process.cpuUsage();
  const r = await runParallel(scenario, {
    seed,
    engine,
    from: 0,
    to: games,
    workers: 0,
    batchSize: games,
    checkpointFile: null,
    checkpointEveryMs: 1e9,
    resume: false,
    gamesCsvFile: null,
  });
  const d = process.cpuUsage(t);
  const lengths = r.aggregate.lengths;
  let rounds = 0;
  for (let i = 0; i < lengths.length; i++) rounds += i * lengths[i];
  roundsOf.set(bots, rounds / games);
  const faults = r.aggregate.faults.reduce((a, b) => a + b, 0);
  if (faults > 0) throw new Error(`bench-ladder: ${faults} bot faults in a rung; every rung must play fault-free`);
  return games / ((d.user + d.system) / 1e6);
}
if (values.rung !== undefined) {
  // Child: one rung, two warm-up batches (the JIT's background compiles are counted in CPU time), one measured batch; prints games per CPU-second and rounds.
  const bots = rungs[Number(values.rung)][1];
  await rate(bots, 'warm-1');
  await rate(bots, 'warm-2');
  const perCpuSecond = await rate(bots, `ladder-${process.pid}`);
  process.stdout.write(JSON.stringify({ perCpuSecond, rounds: roundsOf.get(bots) }));
  process.exit(0);
}
const out = rungs.map(([name]) => ({ name, rates: [], rounds: 0 }));
const self = fileURLToPath(import.meta.url);
for (let r = 0; r < runs; r++) {
  for (let i = 0; i < rungs.length; i++) {
    const args = [self, '--repo', repo, '--games', String(games), '--rung', String(i), '--engine', engine];
    const got = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' }));
    out[i].rates.push(got.perCpuSecond);
    out[i].rounds = got.rounds;
  }
}
console.log(
  `ladder on the ${engine === 'auto' ? 'fast kernel' : 'reference engine'}: ${games} games × ${runs} runs per rung (each in its own process), one thread, games per CPU-second (median, min–max)`,
);
for (const o of out) {
  const m = median(o.rates);
  console.log(
    `  ${o.name.padEnd(56)} ${Math.round(m).toLocaleString('en-US').padStart(7)} (${Math.round(Math.min(...o.rates))}–${Math.round(Math.max(...o.rates))})  ${(1e6 / m).toFixed(1)} µs a game, ${o.rounds.toFixed(2)} rounds, ${(1e6 / m / o.rounds).toFixed(1)} µs a round`,
  );
}
