#!/usr/bin/env node
// goldpit throughput benchmark: `npm run bench [-- --games N --runs R --json --million]`.
// Plays the baseline scenario with 1 worker and with all workers (median, min and max of R runs),
// prints games/s, the speed-up, peak memory, and the time per game spent in the engine, in the bots
// and in aggregation (measured in-thread with timers around every bot call).
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { record } from '../dist/src/games/goldrausch/definition.js';
import { Purpose, RandomSource } from '../dist/src/core/random.js';
import { runParallel } from '../dist/src/sim/parallel.js';
import { loadScenario } from '../dist/src/sim/scenario.js';
import { playGame } from '../dist/src/sim/play.js';
import { addGame, emptyAggregate } from '../dist/src/stats/aggregate.js';
import { shapeOf } from '../dist/src/sim/run.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '3' },
    scenario: { type: 'string', default: 'scenarios/baseline.json' },
    json: { type: 'boolean', default: false },
    million: { type: 'boolean', default: false },
  },
});
const games = Number(values.games);
const runs = Number(values.runs);
const cores = availableParallelism();
const scenario = loadScenario(values.scenario);
const log = values.json ? () => {} : (t) => process.stderr.write(t);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeRun(workers, n) {
  const started = performance.now();
  const r = await runParallel(scenario, {
    seed: 'bench', from: 0, to: n, workers, batchSize: 2000,
    checkpointFile: null, checkpointEveryMs: 1e9, resume: false, gamesCsvFile: null,
  });
  if (!r.complete) throw new Error('bench run did not complete');
  return (n / (performance.now() - started)) * 1000;
}

async function throughput(workers) {
  const rates = [];
  for (let i = 0; i < runs; i++) {
    rates.push(await timeRun(workers, games));
    log(`  ${workers} worker(s), run ${i + 1}/${runs}: ${Math.round(rates.at(-1))} games/s\n`);
  }
  return { workers, median: median(rates), min: Math.min(...rates), max: Math.max(...rates), runs: rates };
}

/** Per-game split in one thread: bots (timed per call), aggregation (record + addGame), engine (rest). */
function split(n) {
  const calls = { count: 0 };
  let botMs = 0;
  const timed = (bot) =>
    new Proxy(bot, {
      get(target, key) {
        const v = target[key];
        if (typeof v !== 'function') return v;
        return (...args) => {
          calls.count++;
          const t = performance.now();
          try {
            return v.apply(target, args);
          } finally {
            botMs += performance.now() - t;
          }
        };
      },
    });
  // The cost of one pair of timer reads, subtracted from the bot time per call.
  let t0 = performance.now();
  for (let i = 0; i < 1e5; i++) performance.now();
  const timerMs = (performance.now() - t0) / 1e5;
  const agg = emptyAggregate(shapeOf(scenario));
  let aggMs = 0;
  const started = performance.now();
  for (let g = 0; g < n; g++) {
    const random = new RandomSource('bench', g);
    const bots = scenario.bots.map((f, s) => timed(f.create(s, random.stream(Purpose.bot + s))));
    const played = playGame({ module: scenario.definition.module, config: scenario.config, players: scenario.players, bots, random });
    const t = performance.now();
    addGame(agg, g, record(played.final), played.faults);
    aggMs += performance.now() - t;
  }
  const totalMs = performance.now() - started;
  const bots = Math.max(0, botMs - calls.count * timerMs);
  const ns = (ms) => Math.round((ms * 1e6) / n);
  return {
    games: n,
    nsPerGame: ns(totalMs),
    engineNs: ns(totalMs - bots - aggMs - calls.count * timerMs),
    botsNs: ns(bots),
    aggregationNs: ns(aggMs),
    botCallsPerGame: Math.round(calls.count / n),
  };
}

log(`goldpit bench: ${scenario.name}, ${games} games × ${runs} runs, ${cores} cores\n`);
const one = await throughput(1);
const all = cores > 1 ? await throughput(cores) : one;
const result = {
  scenario: scenario.name,
  players: scenario.players,
  lineup: scenario.seats,
  games,
  runs,
  cores,
  node: process.version,
  oneWorker: one,
  allWorkers: all,
  speedup: all.median / one.median,
  split: split(Math.min(games, 3000)),
  peakRssMb: 0,
  million: null,
};
if (values.million) {
  const started = performance.now();
  const rate = await timeRun(cores, 1_000_000);
  result.million = { games: 1_000_000, seconds: (performance.now() - started) / 1000, gamesPerSecond: rate };
}
result.peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);

if (values.json) {
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} else {
  const f = (x) => Math.round(x).toLocaleString('en-US');
  console.log(`\n${scenario.name} (${scenario.players} players: ${scenario.seats.join(', ')}), ${games} games per run, median of ${runs}`);
  console.log(`  1 worker:   ${f(one.median)} games/s  (min ${f(one.min)}, max ${f(one.max)})`);
  console.log(`  ${cores} workers:  ${f(all.median)} games/s  (min ${f(all.min)}, max ${f(all.max)})`);
  console.log(`  speed-up:   ${result.speedup.toFixed(2)}×`);
  console.log(`  per game:   ${f(result.split.nsPerGame)} ns = engine ${f(result.split.engineNs)} + bots ${f(result.split.botsNs)} + aggregation ${f(result.split.aggregationNs)} (${result.split.botCallsPerGame} bot calls/game, one thread)`);
  if (result.million) console.log(`  1,000,000 games: ${result.million.seconds.toFixed(1)} s on ${cores} workers (${f(result.million.gamesPerSecond)} games/s)`);
  console.log(`  peak memory (RSS, all threads): ${result.peakRssMb} MB`);
}
