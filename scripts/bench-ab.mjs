#!/usr/bin/env node
// A/B throughput of two goldpit builds by CPU time (less sensitive to a shared machine than wall
// time): `node scripts/bench-ab.mjs A_DIR B_DIR [--games 3000] [--pairs 11] [--scenario
// scenarios/baseline.json]`, e.g. with A_DIR a `git worktree` of the previous commit. Each directory
// must be built (npm run build).
// Every measurement is a fresh child process that loads ONE build, plays a warm-up batch and then
// the measured batch in its own thread (games per CPU-second of that batch, process.cpuUsage). The
// builds alternate which goes first in a pair; the script prints each pair and the median paired
// B/A ratio. Why not both builds in one process: in A/A runs (a build against itself) the second
// slot came out 6–20% faster whatever the load order, so in-process ratios were biased.
// On this shared 2-core machine one pair varies by ±10–20% (and a 10,000-game A/A run spread
// 0.76–1.56): use many pairs, and run an A/A comparison (the same directory twice) in the same window.
// `--instructions` counts instead of timing (load-independent, needs valgrind): machine instructions
// per game of each build under cachegrind, single-threaded, from two runs of 1,000 and 1,000 + games
// games (the difference removes start-up and compilation). Instructions miss cache and memory
// effects, but on a shared machine they are the steadiest measure of a change in work per game.
// Not exact, though: V8's GC and tier-up react to time, which valgrind stretches, and one build's count
// over games 1,000–2,000 moved by up to 10% between runs (docs/performance-log.md has the runs):
// repeat a count before reading a few per cent into it.
// `--engine reference` plays every game on the reference engine (sim/run.ts `Engine`; default auto:
// the fast kernel when the line-up has one), to measure what bot files and tournaments pay.
// `--engine tape` (builds from issue 29 on) times the fast player without its bots: each child records its games once with the
// bots, then replays them with the recorded answers (scripts/tape-bots.mjs; `--warmup` games of
// warm-up replays). With the bots' ~20 µs a game out of the measure, a change in the engine shows
// two to three times as large; but with bots that run no code the engine's
// own code nearly fits the L1 instruction cache, so a change in code size weighs more here than in
// real games (docs/performance-log.md: one change measured 0.66 here and 0.91 in real games). Confirm a
// finding with a real run. Timed by process CPU whatever `--main-thread` says (see the child).
// `--main-thread` times the main thread alone (Linux /proc schedstat) instead of the whole process:
// process CPU also counts V8's background compiler and GC helpers, ~30% of it in a fresh process.
// `--warmup N` sets the warm-up batch (default: as many games as --games). The games 1,000–2,000
// of a process still compile (docs/performance-log.md, "the 1,000-game window"): compare
// builds' steady speed with e.g. `--warmup 3000 --games 3000`.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { recordTapes } from './tape-bots.mjs';
import { resolve } from 'node:path';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    games: { type: 'string', default: '3000' },
    pairs: { type: 'string', default: '11' },
    scenario: { type: 'string', default: 'scenarios/baseline.json' },
    child: { type: 'string' },
    seed: { type: 'string' },
    instructions: { type: 'boolean', default: false },
    // 'reference' plays every game on the reference engine (`run --engine reference`): the path of
    // tournaments with bot files, replays and the search bot; default 'auto' (the kernel where it can);
    // 'tape' the fast kernel replaying recorded bot answers (the engine alone).
    engine: { type: 'string', default: 'auto' },
    'main-thread': { type: 'boolean', default: false },
    warmup: { type: 'string' },
  },
});
const n = Number(values.games),
  pairs = Number(values.pairs),
  warmup = values.warmup === undefined ? n : Number(values.warmup);
const med = (xs) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];

if (values.child !== undefined) {
  // One build, one process: warm-up batch, then the measured batch; prints games per CPU-second.
  const repo = resolve(values.child);
  const { loadScenario } = await import(`${repo}/dist/src/sim/scenario.js`);
  // The main thread's CPU time in ns (first field of its schedstat; the main thread's id is the pid).
  const mainNs = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  if (values.engine === 'tape') {
    // The fast kernel without its bots: the games recorded once with the bots, then replayed with
    // their answers (tape-bots.mjs) — warm-up replays, then one timed replay.
    // The engine's fast player (builds from issue 29 on: one engine, player.js, bots with the outbox).
    const { StatePlayer } = await import(`${repo}/dist/src/games/goldrausch/player.js`);
    const { readsNoDetail } = await import(`${repo}/dist/src/games/goldrausch/bot.js`);
    const scenario = loadScenario(`${repo}/${values.scenario}`);
    const { bots } = recordTapes(StatePlayer, scenario, n, values.seed);
    for (const tape of bots) readsNoDetail(tape);
    const kernel = new StatePlayer(scenario.config, scenario.players, bots);
    const replay = () => {
      for (const b of bots) b.rewind();
      for (let g = 0; g < n; g++) kernel.play(values.seed, g);
    };
    for (let w = 0; w < Math.max(1, Math.round(warmup / n)); w++) replay();
    // The median of five timed replays, by process CPU (µs resolution; a replay takes ~50 ms, which
    // the main thread's schedstat counts in scheduler ticks of 4 ms).
    const rates = [];
    for (let r = 0; r < 5; r++) {
      const t = process.cpuUsage();
      replay();
      const d = process.cpuUsage(t);
      rates.push(n / ((d.user + d.system) / 1e6));
    }
    console.log(med(rates));
    process.exit(0);
  }
  const { runParallel } = await import(`${repo}/dist/src/sim/parallel.js`);
  const scenario = loadScenario(`${repo}/${values.scenario}`);
  const play = (seed, games) =>
    runParallel(scenario, {
      seed,
      from: 0,
      to: games,
      workers: 0,
      batchSize: games,
      checkpointFile: null,
      checkpointEveryMs: 1e9,
      resume: false,
      gamesCsvFile: null,
      engine: values.engine,
    });
  await play(`${values.seed}-warm`, warmup);
  if (values['main-thread']) {
    const t = mainNs();
    await play(values.seed, n);
    console.log(n / ((mainNs() - t) / 1e9));
  } else {
    const t = process.cpuUsage();
    await play(values.seed, n);
    const d = process.cpuUsage(t);
    console.log(n / ((d.user + d.system) / 1e6));
  }
} else if (values.instructions) {
  if (positionals.length !== 2) throw new Error('usage: bench-ab.mjs A_DIR B_DIR --instructions [--games N] [--scenario FILE]');
  const count = (dir, games) => {
    const r = spawnSync(
      'valgrind',
      [
        '--tool=cachegrind',
        '--cache-sim=no',
        '--cachegrind-out-file=/dev/null',
        process.execPath,
        '--single-threaded',
        'bin/goldpit.js',
        'run',
        values.scenario,
        '--games',
        String(games),
        '--workers',
        '0',
        '--quiet',
        '--out',
        `/tmp/bench-ab-${process.pid}`,
        '--engine',
        values.engine,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    const m = /I\s+refs:\s+([0-9,]+)/.exec(r.stderr ?? '');
    if (r.status !== 0 || !m) throw new Error(`bench-ab: no instruction count from valgrind in ${dir} (is valgrind installed?) ${r.error ?? ''}`);
    return Number(m[1].replaceAll(',', ''));
  };
  const perGame = (dir) => (count(dir, 1000 + n) - count(dir, 1000)) / n;
  const [a, b] = positionals.map((p) => resolve(p));
  const ia = perGame(a),
    ib = perGame(b);
  rmSync(`/tmp/bench-ab-${process.pid}`, { recursive: true, force: true });
  console.log(
    `instructions per game: A ${(ia / 1e6).toFixed(4)} M, B ${(ib / 1e6).toFixed(4)} M; A/B ${(ia / ib).toFixed(3)} (${n} games over a 1,000-game run, cachegrind, single-threaded)`,
  );
} else {
  if (positionals.length !== 2) throw new Error('usage: bench-ab.mjs A_DIR B_DIR [--games N] [--pairs P] [--scenario FILE]');
  const [a, b] = positionals.map((p) => resolve(p));
  const me = fileURLToPath(import.meta.url);
  const measure = (dir, seed) =>
    Number(
      execFileSync(
        process.execPath,
        [
          me,
          '--child',
          dir,
          '--seed',
          seed,
          '--games',
          String(n),
          '--warmup',
          String(warmup),
          '--scenario',
          values.scenario,
          '--engine',
          values.engine,
          ...(values['main-thread'] ? ['--main-thread'] : []),
        ],
        { encoding: 'utf8' },
      ).trim(),
    );
  const ratios = [],
    ra = [],
    rb = [];
  for (let i = 0; i < pairs; i++) {
    const seed = `ab-${i}`;
    let x, y;
    if (i % 2 === 0) {
      x = measure(a, seed);
      y = measure(b, seed);
    } else {
      y = measure(b, seed);
      x = measure(a, seed);
    }
    ra.push(x);
    rb.push(y);
    ratios.push(y / x);
    console.log(`pair ${i + 1}: A ${x.toFixed(0)}  B ${y.toFixed(0)} games/CPU-s  B/A ${(y / x).toFixed(3)}`);
  }
  console.log(
    `median A ${med(ra).toFixed(0)}, B ${med(rb).toFixed(0)} games/CPU-s; median paired B/A ${med(ratios).toFixed(3)} (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)}; ${ratios.filter((r) => r > 1).length}/${pairs} faster)`,
  );
}
