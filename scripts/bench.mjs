#!/usr/bin/env node
// goldpit throughput benchmark: `npm run bench [-- --games N --runs R --batch-size B --json --million --engine auto|reference --other-games N]`.
// After Goldrausch's runs it measures GOLD's, My Gold Mine's and Green Deal's 4-player heuristic line-ups (--other-games N games a run; 0 skips them),
// each with its split into engine, bots and aggregation (answer tapes: the same games replayed without the bots' work).
// `npm run bench -- --queue …`: the job queue against the local pool instead (scripts/bench-queue.mjs).
// `npm run bench -- --sweep …`: a sweep of P points against one run of as many games (scripts/bench-sweep.mjs).
// `npm run bench -- --playouts [--json]`: random playouts, clones and ISMCTS iterations per CPU-second (scripts/bench-playouts.mjs).
// The runs play as `goldpit run` does: on the fast kernel when every seat is a built-in heuristic
// bot (--engine auto, the default), or on the reference engine (--engine reference).
// Plays the baseline scenario with 1 worker and with all workers, R runs of each, alternately (so a
// change in the machine's load hits both alike), and prints games/s (median, min and max), the
// speed-up, peak memory, where a pooled run's time goes (start-up, warm-up, CPU per game, waiting for
// a core, idle at the end), and the time per game spent in the engine, in the bots and in
// aggregation (measured in-thread with timers around every bot call).
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { gameRecord as record } from '../dist/src/games/goldrausch/records.js';
import { Purpose, RandomSource } from '../dist/src/core/random.js';
import { StatePlayer as FastKernel } from '../dist/src/games/goldrausch/player.js';
import { readsNoDetail } from '../dist/src/games/goldrausch/bot.js';
import { runParallel } from '../dist/src/sim/parallel.js';
import { loadScenario } from '../dist/src/sim/scenario.js';
import { playGame } from '../dist/src/sim/play.js';
import { clock, threadTimes } from '../dist/src/sim/timing.js';
import { addFlatGame, addGame, emptyAggregate } from '../dist/src/stats/aggregate.js';
import { fastPlayerOf, runRange, shapeOf } from '../dist/src/sim/run.js';
import { recordAnswerTapes, recordTapes } from './tape-bots.mjs';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    'batch-size': { type: 'string', default: '2000' },
    scenario: { type: 'string', default: 'scenarios/baseline.json' },
    json: { type: 'boolean', default: false },
    million: { type: 'boolean', default: false },
    engine: { type: 'string', default: 'auto' },
    // The other games' heuristic line-ups, measured after Goldrausch's runs (0 = skip).
    'other-games': { type: 'string', default: '50000' },
    // --queue: the queue benchmark instead (scripts/bench-queue.mjs reads the other options itself).
    queue: { type: 'boolean', default: false },
    workers: { type: 'string' },
    redis: { type: 'string' },
    // --sweep: the sweep benchmark instead (scripts/bench-sweep.mjs reads --points and the other options itself).
    sweep: { type: 'boolean', default: false },
    points: { type: 'string' },
    // --playouts: the search benchmark instead (scripts/bench-playouts.mjs reads --seconds, --runs, --game itself).
    playouts: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    game: { type: 'string' },
  },
});
if (values.playouts) {
  await import('./bench-playouts.mjs');
  process.exit(0);
}
if (values.sweep) {
  await import('./bench-sweep.mjs');
  process.exit(0);
}
if (values.queue) {
  await import('./bench-queue.mjs');
  process.exit(0);
}
if (values.engine !== 'auto' && values.engine !== 'reference') throw new Error(`--engine must be auto or reference, got ${values.engine}`);
const engine = values.engine;
const games = Number(values.games);
const runs = Number(values.runs);
const batchSize = Number(values['batch-size']);
const cores = availableParallelism();
const scenario = loadScenario(values.scenario);
const log = values.json ? () => {} : (t) => process.stderr.write(t);

/** A bench run writes no checkpoint and no games.csv. */
const NO_FILES = { checkpointFile: null, checkpointEveryMs: 1e9, resume: false, gamesCsvFile: null };

const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : null);
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/**
 * One run of n games on the pool, as `goldpit run` plays it (a fresh pool, so its start-up counts),
 * with every batch's timing: when each worker began playing, its first batch's extra CPU time over
 * its later ones (JIT warm-up), CPU per game after that, the share of time the workers were ready to
 * run but waited for a core, and how long a worker sat idle at the end.
 */
async function timeRun(workers, n) {
  const timings = [];
  const load = loadavg()[0];
  const cpu0 = process.cpuUsage();
  const main0 = threadTimes();
  const started = clock();
  const r = await runParallel(scenario, {
    seed: 'bench',
    engine,
    from: 0,
    to: n,
    workers,
    batchSize,
    ...NO_FILES,
    onBatch: (t) => timings.push(t),
  });
  const ended = clock();
  const cpuAll = process.cpuUsage(cpu0);
  const main1 = threadTimes();
  if (!r.complete) throw new Error('bench run did not complete');
  const threads = new Map();
  for (const t of timings) {
    if (!threads.has(t.thread)) threads.set(t.thread, []);
    threads.get(t.thread).push(t);
  }
  const cpu = timings.every((t) => t.cpuNs !== null);
  const perThread = [...threads.values()].map((ts) => {
    ts.sort((a, b) => a.begin - b.begin);
    const [first, ...later] = ts;
    const steadyNs = later.length && cpu ? sum(later.map((t) => t.cpuNs)) / sum(later.map((t) => t.games)) : null;
    return {
      playingAfterMs: first.begin - started,
      loadedAfterMs: first.loaded - started,
      warmupCpuMs: steadyNs === null ? null : (first.cpuNs - first.games * steadyNs) / 1e6,
      idleAtEndMs: ended - ts.at(-1).end,
    };
  });
  const steady = timings.filter((t) => threads.get(t.thread)[0] !== t);
  return {
    gamesPerSecond: (n / (ended - started)) * 1000,
    seconds: (ended - started) / 1000,
    loadAverage: load,
    batches: timings.length,
    // the slowest worker's start: from the call to its first game (thread start + loading the code)
    allPlayingAfterMs: Math.max(...perThread.map((t) => t.playingAfterMs)),
    // when the slowest worker had loaded its code
    loadedAfterMs: Math.max(...perThread.map((t) => t.loadedAfterMs)),
    warmupCpuMs: cpu ? median(perThread.map((t) => t.warmupCpuMs)) : null,
    steadyCpuUsPerGame: cpu && steady.length ? sum(steady.map((t) => t.cpuNs)) / sum(steady.map((t) => t.games)) / 1e3 : null,
    waitShare: cpu ? sum(timings.map((t) => t.waitNs)) / sum(timings.map((t) => t.cpuNs + t.waitNs)) : null,
    // the workers' CPU time over the run's wall time: how many cores they actually had, on average
    coresGot: cpu ? sum(timings.map((t) => t.cpuNs)) / 1e6 / (ended - started) : null,
    idleAtEndMs: Math.max(...perThread.map((t) => t.idleAtEndMs)),
    // the process's CPU time outside the workers' batches and the main thread: V8's helper threads
    // (the optimising JIT compiles in the background; GC helpers) and the workers' start-up
    helperCpuMs: cpu && main0 && main1 ? (cpuAll.user + cpuAll.system) / 1e3 - (main1[0] - main0[0]) / 1e6 - sum(timings.map((t) => t.cpuNs)) / 1e6 : null,
    mainCpuMs: main0 && main1 ? (main1[0] - main0[0]) / 1e6 : null,
  };
}

/** Whether Linux's autogroup scheduling is on (CPU shared fairly between sessions, not threads). */
function autogroup() {
  try {
    return readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';
  } catch {
    return false;
  }
}

function summary(workers, results) {
  const rates = results.map((r) => r.gamesPerSecond);
  const m = (key) => median(results.map((r) => r[key]).filter((v) => v !== null));
  return {
    workers,
    median: median(rates),
    min: Math.min(...rates),
    max: Math.max(...rates),
    runs: rates,
    loadAverages: results.map((r) => Number(r.loadAverage.toFixed(2))),
    // medians over the runs
    allPlayingAfterMs: m('allPlayingAfterMs'),
    loadedAfterMs: m('loadedAfterMs'),
    warmupCpuMs: m('warmupCpuMs'),
    steadyCpuUsPerGame: m('steadyCpuUsPerGame'),
    waitShare: m('waitShare'),
    coresGot: m('coresGot'),
    idleAtEndMs: m('idleAtEndMs'),
    helperCpuMs: m('helperCpuMs'),
    mainCpuMs: m('mainCpuMs'),
    batches: results[0].batches,
  };
}

/** The cost of one pair of timer reads (subtracted from timed calls). */
function timerPairMs() {
  const t0 = performance.now();
  for (let i = 0; i < 1e5; i++) performance.now();
  return (performance.now() - t0) / 1e5;
}

/**
 * Per-game split in one thread on the reference engine: bots (timed per call), aggregation (record +
 * addGame), engine (the rest).
 */
function referenceSplit(n) {
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
  const timerMs = timerPairMs();
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
  return splitOf(n, performance.now() - started, botMs, aggMs, calls.count, timerMs);
}

/**
 * The same split on the fast kernel, without timers around the calls (at 10–200 ns a call they would
 * cost more than the calls): the games are played once with the fast bots recording every answer,
 * then timed with the twins, and timed again with "tape" bots that return the recorded answers in
 * order (an array read per call), which replays the very same games. Engine = the tape run, bots =
 * the difference; aggregation (addFlatGame) is timed per game in both. Median of `repeats` pairs.
 */
function kernelSplit(n, repeats = 3) {
  const seats = scenario.players;
  const { bots: tapeBots, calls } = recordTapes(FastKernel, scenario, n, 'bench');
  // The tapes replay the heuristic bots' games: they read no more of the record than those bots.
  for (const tape of tapeBots) readsNoDetail(tape);
  const real = new FastKernel(scenario.config, seats, scenario.bots);
  const replay = new FastKernel(scenario.config, seats, tapeBots);
  const timerMs = timerPairMs();
  const time = (kernel) => {
    tapeBots.forEach((b) => b.rewind());
    const agg = emptyAggregate(shapeOf(scenario));
    let aggMs = 0;
    const started = performance.now();
    for (let g = 0; g < n; g++) {
      const flat = kernel.play('bench', g);
      const t = performance.now();
      addFlatGame(agg, flat);
      aggMs += performance.now() - t;
    }
    return { totalMs: performance.now() - started - n * timerMs, aggMs: Math.max(0, aggMs - n * timerMs) };
  };
  time(real); // warm-up of both (JIT)
  time(replay);
  const runs = [];
  for (let i = 0; i < repeats; i++) runs.push({ real: time(real), tape: time(replay) });
  const m = (f) => median(runs.map(f));
  const ns = (ms) => Math.round((ms * 1e6) / n);
  const total = m((r) => r.real.totalMs);
  const engineAndAgg = m((r) => r.tape.totalMs);
  const agg = m((r) => r.real.aggMs);
  return {
    games: n,
    nsPerGame: ns(total),
    engineNs: ns(engineAndAgg - agg),
    botsNs: ns(Math.max(0, total - engineAndAgg)),
    aggregationNs: ns(agg),
    botCallsPerGame: Math.round(calls / n),
    method: 'tape replay',
  };
}

function splitOf(n, totalMs, botMs, aggMs, calls, timerMs) {
  const bots = Math.max(0, botMs - calls * timerMs);
  const ns = (ms) => Math.round((ms * 1e6) / n);
  return {
    games: n,
    nsPerGame: ns(totalMs - (calls + n) * timerMs),
    engineNs: ns(totalMs - bots - aggMs - calls * timerMs),
    botsNs: ns(bots),
    aggregationNs: ns(Math.max(0, aggMs - n * timerMs)),
    botCallsPerGame: Math.round(calls / n),
  };
}

log(`goldpit bench: ${scenario.name}, ${games} games × ${runs} runs with 1 and ${cores} workers, alternately, ${cores} cores\n`);
const oneRuns = [];
const allRuns = [];
for (let i = 0; i < runs; i++) {
  // alternate which goes first, so a load that comes or goes during a pair favours neither
  const order = cores === 1 ? [1] : i % 2 === 0 ? [1, cores] : [cores, 1];
  for (const workers of order) {
    const r = await timeRun(workers, games);
    (workers === 1 ? oneRuns : allRuns).push(r);
    log(`  ${workers} worker(s), run ${i + 1}/${runs}: ${Math.round(r.gamesPerSecond)} games/s (load average ${r.loadAverage.toFixed(2)})\n`);
  }
}
const one = summary(1, oneRuns);
const all = cores > 1 ? summary(cores, allRuns) : one;
const paired = cores > 1 ? oneRuns.map((r, i) => allRuns[i].gamesPerSecond / r.gamesPerSecond) : [1];
const result = {
  scenario: scenario.name,
  players: scenario.players,
  lineup: scenario.seats,
  games,
  runs,
  batchSize,
  cores,
  node: process.version,
  oneWorker: one,
  allWorkers: all,
  speedup: all.median / one.median,
  pairedSpeedup: { median: median(paired), min: Math.min(...paired), max: Math.max(...paired) },
  engine: fastPlayerOf(scenario) !== null && engine === 'auto' ? 'kernel' : 'reference',
  split: null,
  referenceSplit: null,
  peakRssMb: 0,
  million: null,
  autogroup: autogroup(),
};
if (values.million) {
  const r = await timeRun(cores, 1_000_000);
  result.million = { games: 1_000_000, seconds: r.seconds, gamesPerSecond: r.gamesPerSecond, loadAverage: r.loadAverage };
}
// Peak memory of the runs (before the splits, whose recordings take memory of their own).
result.peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
result.referenceSplit = referenceSplit(Math.min(games, 3000));
if (fastPlayerOf(scenario) !== null) result.split = kernelSplit(Math.min(games, 5000));

/**
 * GOLD's, My Gold Mine's and Green Deal's 4-player heuristic line-ups: games per CPU-second in this thread
 * (runRange, aggregation included; median of R runs after a warm-up) and on a pool of 1 worker and
 * of all workers (wall clock, as `goldpit run` plays them).
 */
/**
 * Where a game of a line-up's time goes in this thread (CPU time, medians of R runs, aggregation
 * included as in runRange): the games are played once with the bots recording every answer
 * (tape-bots.mjs `recordAnswerTapes`), then timed with the bots, with tape bots that return the
 * recorded answers (the very same games: an array read per decision), and with the tape bots without
 * aggregation. Engine = the last (the fast player's loop with the asks and answer checks included),
 * aggregation = the tape run less it, bots = the real run less the tape run.
 */
function answerSplit(s, n) {
  const tapes = recordAnswerTapes(s, n, 'bench-split');
  const real = s.definition.fastPlayer(s.config, s.players, s.bots);
  const replay = s.definition.fastPlayer(s.config, s.players, tapes.replay);
  const shape = shapeOf(s);
  const cpuNs = () => threadTimes()?.[0] ?? clock() * 1e6;
  const time = (player, aggregate) => {
    tapes.rewind();
    const agg = aggregate ? emptyAggregate(shape) : null;
    const t0 = cpuNs();
    for (let g = 0; g < n; g++) {
      const flat = player.play('bench-split', g);
      if (flat === null) throw new Error(`${s.name}: game ${g} of the split left the fast player`);
      if (agg !== null) addFlatGame(agg, flat, flat.rounds, g);
    }
    const ns = (cpuNs() - t0) / n;
    if (player === replay && !tapes.consumed()) throw new Error(`${s.name}: the replay did not read every recorded answer`);
    return ns;
  };
  // Warm-up of all three (JIT), then R rounds of them.
  time(real, true);
  time(replay, true);
  time(replay, false);
  const rows = [];
  for (let r = 0; r < runs; r++) rows.push({ real: time(real, true), tape: time(replay, true), engine: time(replay, false) });
  const m = (f) => Math.max(0, Math.round(median(rows.map(f))));
  return {
    games: n,
    nsPerGame: m((r) => r.real),
    engineNs: m((r) => r.engine),
    botsNs: m((r) => r.real - r.tape),
    aggregationNs: m((r) => r.tape - r.engine),
    botCallsPerGame: Math.round(tapes.calls / n),
    method: 'answer tapes',
  };
}

async function otherGame(file, n) {
  const s = loadScenario(file);
  runRange(s, 0, Math.min(n, 5000), { seed: 'warm-up' });
  const inThread = [];
  for (let r = 0; r < runs; r++) {
    const t0 = threadTimes();
    const w0 = clock();
    runRange(s, 0, n, { seed: `bench-${r}` });
    const cpu = t0 === null ? (clock() - w0) / 1e3 : (threadTimes()[0] - t0[0]) / 1e9;
    inThread.push(n / cpu);
  }
  const pooled = async (workers) => {
    const rates = [];
    for (let r = 0; r < runs; r++) {
      const w0 = clock();
      const done = await runParallel(s, { seed: `bench-${r}`, from: 0, to: n, workers, batchSize, ...NO_FILES });
      if (!done.complete) throw new Error('bench run did not complete');
      rates.push(n / ((clock() - w0) / 1e3));
    }
    return median(rates);
  };
  return {
    scenario: s.name,
    game: s.game,
    lineup: s.seats,
    games: n,
    inThreadPerCpuSecond: median(inThread),
    split: answerSplit(s, Math.min(n, 5000)),
    oneWorker: await pooled(1),
    allWorkers: await pooled(cores),
  };
}
const otherGames = Number(values['other-games']);
result.otherGames =
  otherGames > 0
    ? [
        await otherGame('scenarios/gold-4p.json', otherGames),
        await otherGame('scenarios/my-gold-mine-4p.json', otherGames),
        await otherGame('scenarios/green-deal-4p.json', otherGames),
      ]
    : [];
result.finishedAt = new Date().toISOString();

if (values.json) {
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} else {
  const f = (x) => Math.round(x).toLocaleString('en-US');
  const o = (x, unit = '') => (x === null ? 'n/a' : `${f(x)}${unit}`);
  const pct = (x) => (x === null ? 'n/a' : `${(100 * x).toFixed(0)}%`);
  const col = (a, b) => `${a.padStart(12)} ${b.padStart(12)}`;
  console.log(
    `\n${scenario.name} (${scenario.players} players: ${scenario.seats.join(', ')}), ${f(games)} games per run (batches of ${f(batchSize)}), median of ${runs}`,
  );
  console.log(`  1 worker:   ${f(one.median)} games/s  (min ${f(one.min)}, max ${f(one.max)}; load average ${one.loadAverages.join(', ')})`);
  console.log(`  ${cores} workers:  ${f(all.median)} games/s  (min ${f(all.min)}, max ${f(all.max)}; load average ${all.loadAverages.join(', ')})`);
  console.log(
    `  speed-up:   ${result.speedup.toFixed(2)}× (medians; paired runs ${result.pairedSpeedup.median.toFixed(2)}×, ${result.pairedSpeedup.min.toFixed(2)}–${result.pairedSpeedup.max.toFixed(2)}), wall clock of whole runs: pool start, warm-up and the last batches included`,
  );
  console.log(`  where a run's time goes (medians over runs; CPU and waits from /proc/thread-self/schedstat):`);
  console.log(`    ${''.padEnd(34)}${col('1 worker', `${cores} workers`)}`);
  console.log(
    `    ${'every worker has its code (ms)'.padEnd(34)}${col(o(one.loadedAfterMs), o(all.loadedAfterMs))}   after the run's start: threads start, modules load`,
  );
  console.log(
    `    ${'every worker playing (ms)'.padEnd(34)}${col(o(one.allPlayingAfterMs), o(all.allPlayingAfterMs))}   after the run's start: its first batch begun`,
  );
  console.log(
    `    ${'warm-up, CPU ms per worker'.padEnd(34)}${col(o(one.warmupCpuMs), o(all.warmupCpuMs))}   the first batch's CPU over the steady rate (JIT)`,
  );
  console.log(`    ${'steady CPU µs per game'.padEnd(34)}${col(o(one.steadyCpuUsPerGame), o(all.steadyCpuUsPerGame))}   after the first batch of each worker`);
  console.log(
    `    ${'waiting for a core'.padEnd(34)}${col(pct(one.waitShare), pct(all.waitShare))}   of the workers' time: ready to run, but the core was busy (other processes)`,
  );
  console.log(
    `    ${'cores the workers had'.padEnd(34)}${col(one.coresGot === null ? 'n/a' : one.coresGot.toFixed(2), all.coresGot === null ? 'n/a' : all.coresGot.toFixed(2))}   their CPU time over the wall time, on average`,
  );
  console.log(
    `    ${'a worker idle at the end (ms)'.padEnd(34)}${col(o(one.idleAtEndMs), o(all.idleAtEndMs))}   the longest wait for the others' last batches`,
  );
  console.log(
    `    ${'helper threads, CPU ms'.padEnd(34)}${col(o(one.helperCpuMs), o(all.helperCpuMs))}   V8's background JIT compiler and GC helpers, worker start-up`,
  );
  console.log(`    ${'main thread, CPU ms'.padEnd(34)}${col(o(one.mainCpuMs), o(all.mainCpuMs))}   tasks, merging results in batch order, progress`);
  if (result.autogroup) {
    console.log(
      `  note: Linux shares the CPU between sessions (sched_autogroup_enabled = 1): while other sessions keep cores busy, this process gets its share whatever its number of workers, so the speed-up then stays near 1×`,
    );
  }
  const line = (name, x) =>
    `  ${name} ${f(x.nsPerGame)} ns = engine ${f(x.engineNs)} + bots ${f(x.botsNs)} + aggregation ${f(x.aggregationNs)} (${x.botCallsPerGame} bot calls/game, ${f(x.games)} games, one thread)`;
  console.log(`  runs played on: ${result.engine === 'kernel' ? 'the fast kernel (--engine auto)' : 'the reference engine'}`);
  if (result.split) console.log(line('per game, fast kernel:     ', result.split));
  console.log(line('per game, reference engine:', result.referenceSplit));
  if (result.million)
    console.log(
      `  1,000,000 games: ${result.million.seconds.toFixed(1)} s on ${cores} workers (${f(result.million.gamesPerSecond)} games/s, load average ${result.million.loadAverage.toFixed(2)})`,
    );
  console.log(`  peak memory (RSS, all threads): ${result.peakRssMb} MB`);
  for (const g of result.otherGames) {
    console.log(`\n${g.scenario} (${g.game}, ${g.lineup.length} players: ${g.lineup.join(', ')}), ${f(g.games)} games per run, median of ${runs}`);
    console.log(
      `  in one thread: ${f(g.inThreadPerCpuSecond)} games per CPU-second (${(1e6 / g.inThreadPerCpuSecond).toFixed(1)} µs a game, aggregation included)`,
    );
    console.log(line('per game, in one thread:', g.split));
    console.log(`  1 worker: ${f(g.oneWorker)} games/s; ${cores} workers: ${f(g.allWorkers)} games/s (wall clock, pool start included)`);
  }
  console.log(`\nfinished ${result.finishedAt}`);
}
