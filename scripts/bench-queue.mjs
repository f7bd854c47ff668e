#!/usr/bin/env node
// goldpit queue benchmark: `npm run bench -- --queue [--games N --runs R --batch-size B --workers W --redis URL --json]`.
// Plays the same games on the local pool (W worker threads) and through a Redis job queue played by
// W local `goldpit worker` processes of one thread each, R runs of each, alternately (so a change in
// the machine's load hits both alike), checks that both give the same aggregate, and prints games/s
// of each (median, min, max) and their ratio, with the UTC time.
// Without --redis it starts its own redis-server on a free port of 127.0.0.1 (no persistence, a temp
// dir) and stops it afterwards. The workers are started once and kept (they are long-running
// services), so their first run includes their warm-up and the later ones do not; the local pool
// starts afresh every run, as `goldpit run` does.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runParallel } from '../dist/src/sim/parallel.js';
import { queueTarget } from '../dist/src/sim/queue/target.js';
import { loadScenario } from '../dist/src/sim/scenario.js';
import { aggregateToJson } from '../dist/src/stats/aggregate.js';

const { values } = parseArgs({
  options: {
    queue: { type: 'boolean', default: true },
    games: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    'batch-size': { type: 'string', default: '5000' },
    workers: { type: 'string', default: '2' },
    scenario: { type: 'string', default: 'scenarios/baseline.json' },
    redis: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const games = Number(values.games);
const runs = Number(values.runs);
const batchSize = Number(values['batch-size']);
const workers = Number(values.workers);
const scenario = loadScenario(values.scenario);
const log = values.json ? () => {} : (t) => process.stderr.write(t);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function ping(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
  });
}

async function startRedis() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'goldpit-bench-redis-'));
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'warning'],
    { stdio: 'ignore' },
  );
  proc.on('error', (e) => {
    console.error(`cannot start redis-server (${e.message}); install it (Debian: apt-get install redis-server) or pass --redis URL`);
    process.exit(2);
  });
  for (let i = 0; !(await ping(port)); i++) {
    if (i > 200) throw new Error('redis-server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => {
      proc.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function startWorker(url, name) {
  const proc = spawn(process.execPath, ['bin/goldpit.js', 'worker', '--queue', url, '--queue-name', name, '--concurrency', '1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const ready = new Promise((resolve, reject) => {
    let text = '';
    proc.stderr.on('data', (d) => {
      text += d;
      if (text.includes(' ready: ')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`worker exited (${code}): ${text}`)));
  });
  return { proc, ready };
}

async function timeRun(queue) {
  const load = loadavg()[0];
  const started = performance.now();
  const r = await runParallel(scenario, {
    seed: 'bench',
    from: 0,
    to: games,
    workers,
    batchSize,
    checkpointFile: null,
    checkpointEveryMs: 1e9,
    resume: false,
    gamesCsvFile: null,
    queue,
  });
  const seconds = (performance.now() - started) / 1000;
  if (!r.complete) throw new Error('bench run did not complete');
  return { gamesPerSecond: games / seconds, seconds, loadAverage: load, fingerprint: JSON.stringify(aggregateToJson(r.aggregate)) };
}

const own = values.redis ? null : await startRedis();
const url = values.redis ?? own.url;
const name = `bench-${process.pid}`;
const target = queueTarget(url, process.env, name);
const procs = Array.from({ length: workers }, () => startWorker(url, name));
try {
  await Promise.all(procs.map((p) => p.ready));
  const startedAt = new Date().toISOString();
  log(
    `goldpit queue bench: ${scenario.name}, ${games} games × ${runs} runs, batches of ${batchSize}: local pool of ${workers} threads vs ${workers} worker processes through Redis at ${target.shown}, alternately\n`,
  );
  const local = [];
  const queued = [];
  for (let i = 0; i < runs; i++) {
    for (const mode of i % 2 === 0 ? ['local', 'queue'] : ['queue', 'local']) {
      const r = await timeRun(mode === 'queue' ? { target } : undefined);
      (mode === 'queue' ? queued : local).push(r);
      log(
        `  ${mode.padEnd(5)} run ${i + 1}/${runs}: ${Math.round(r.gamesPerSecond)} games/s (${r.seconds.toFixed(2)} s; load average ${r.loadAverage.toFixed(2)})\n`,
      );
    }
  }
  const same = [...local, ...queued].every((r) => r.fingerprint === local[0].fingerprint);
  if (!same) throw new Error('the queue and the local pool gave different aggregates');
  const stats = (rs) => ({
    median: median(rs.map((r) => r.gamesPerSecond)),
    min: Math.min(...rs.map((r) => r.gamesPerSecond)),
    max: Math.max(...rs.map((r) => r.gamesPerSecond)),
    runs: rs.map((r) => Math.round(r.gamesPerSecond)),
    loadAverages: rs.map((r) => Number(r.loadAverage.toFixed(2))),
  });
  const result = {
    startedAt,
    finishedAt: new Date().toISOString(),
    scenario: scenario.name,
    games,
    runs,
    batchSize,
    workers,
    node: process.version,
    local: stats(local),
    queue: stats(queued),
    ratio: median(queued.map((r) => r.gamesPerSecond)) / median(local.map((r) => r.gamesPerSecond)),
    identicalAggregates: same,
  };
  if (values.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else {
    const f = (x) => Math.round(x).toLocaleString('en-US');
    console.log(`\n${scenario.name}, ${f(games)} games per run (batches of ${f(batchSize)}), median of ${runs}, ${result.startedAt}–${result.finishedAt}`);
    console.log(
      `  local pool, ${workers} threads:          ${f(result.local.median)} games/s (min ${f(result.local.min)}, max ${f(result.local.max)}; load average ${result.local.loadAverages.join(', ')})`,
    );
    console.log(
      `  queue, ${workers} worker processes:      ${f(result.queue.median)} games/s (min ${f(result.queue.min)}, max ${f(result.queue.max)}; load average ${result.queue.loadAverages.join(', ')})`,
    );
    console.log(`  queue / local:                  ${(100 * result.ratio).toFixed(0)}% (the same aggregates: ${same ? 'yes' : 'NO'})`);
  }
} finally {
  for (const p of procs) p.proc.kill('SIGTERM');
  own?.stop();
}
