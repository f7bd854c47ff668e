/**
 * Runs through a real Redis job queue played by real `goldpit worker` processes: the outputs must be
 * byte for byte those of a local run, whatever happens to the workers, the coordinator or Redis.
 * Needs redis-server: skipped without it outside CI, a failure in CI (test/helpers/services.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { GAMES } from '../../src/games/registry.js';
import { isSearchable } from '../../src/search/contract.js';
import { runParallel } from '../../src/sim/parallel.js';
import { QueueError } from '../../src/sim/queue/errors.js';
import { queueTarget } from '../../src/sim/queue/target.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { capture } from '../helpers/io.js';
import { CLI, SKIP_QUEUE, startRedis, startWorker, type LocalRedis, type WorkerProcess } from '../helpers/redis.js';
import { tempDir } from '../helpers/temp.js';

const SCENARIO = 'scenarios/baseline.json';
const tmp = () => tempDir('goldpit-queue-');

/** The result tables (run.json and report.html also carry the wall time, which differs by design). */
function outputs(dir: string): Record<string, string> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.csv') || f === 'summary.json')
    .sort();
  expect(files.length).toBeGreaterThanOrEqual(10);
  return Object.fromEntries(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

const locals = new Map<string, Record<string, string>>();
/** The outputs of the same run played locally in this thread (memoized by its arguments). */
async function localRun(args: readonly string[]): Promise<Record<string, string>> {
  const key = args.join(' ');
  if (!locals.has(key)) {
    const out = tmp();
    expect(await runCli(['run', SCENARIO, ...args, '--workers', '0', '--out', out, '--quiet'], capture())).toBe(0);
    locals.set(key, outputs(out));
  }
  return locals.get(key)!;
}

let redis: LocalRedis;
/** Workers started by one test (stopped after it). */
const workers: WorkerProcess[] = [];
const worker = (extra: readonly string[] = []) => {
  const w = startWorker(redis.url, extra);
  workers.push(w);
  return w;
};

/**
 * Two workers shared by the tests (starting a process costs seconds on a busy machine), on queue
 * SHARED. Jobs are keyed by their payload, so the tests' jobs never mix; each test counts the lines
 * its workers logged from the mark it took.
 */
const SHARED = `test${process.pid}`;
let shared: [WorkerProcess, WorkerProcess];
const mark = () => shared.map((w) => w.lines.length) as [number, number];
/** Jobs of one kind the shared workers began since the mark (a job a previous test left running may still log). */
const playedSince = (at: [number, number], kind: string) => [...shared[0].played(at[0], kind), ...shared[1].played(at[1], kind)];
const finishedSince = (at: [number, number]) => [...shared[0].finished(at[0]), ...shared[1].finished(at[1])];
const viaQueue = () => ['--queue', redis.url, '--queue-name', SHARED];

beforeAll(async () => {
  if (SKIP_QUEUE) return;
  redis = await startRedis();
  shared = [startWorker(redis.url, ['--queue-name', SHARED]), startWorker(redis.url, ['--queue-name', SHARED])];
  await Promise.all(shared.map((w) => w.waitFor(/ready/)));
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});
afterAll(async () => {
  await Promise.all((shared ?? []).map((w) => w.stop()));
  await redis?.stop();
});

/** A queue of its own, for a test that brings its own workers. */
let queues = 0;
const queueName = () => `test${process.pid}-${++queues}`;

describe.skipIf(SKIP_QUEUE)('a run through the queue', () => {
  it('gives byte-identical outputs to a local run, played by 2 worker processes', async () => {
    // Reference-engine batches take long enough (~0.1 s) that both workers get some.
    const args = ['--games', '3000', '--batch-size', '300', '--games-csv', '--engine', 'reference'];
    const at = mark();
    const out = tmp();
    const io = capture();
    expect(await runCli(['run', SCENARIO, ...args, ...viaQueue(), '--out', out], io)).toBe(0);
    expect(outputs(out)).toEqual(await localRun(args));
    // Among them the example games (summary.json `examples`): the same indices as the local run's.
    expect(JSON.parse(outputs(out)['summary.json']).examples.seats.flat().length).toBeGreaterThan(3);
    expect(io.stderr).toContain('10 job(s) queued');
    // Ten batches, each played exactly once, and both workers took part.
    const played = playedSince(at, 'games');
    expect(played).toHaveLength(10);
    expect(new Set(played).size).toBe(10);
    expect(shared[0].played(at[0], 'games').length).toBeGreaterThan(0);
    expect(shared[1].played(at[1], 'games').length).toBeGreaterThan(0);
  });

  it('finishes with the same outputs when a worker is killed (SIGKILL) holding a job: the stalled job is played again elsewhere', async () => {
    // Reference-engine batches of 1500 games take long enough (~1 s) to be caught in the middle.
    const args = ['--games', '3000', '--batch-size', '1500', '--engine', 'reference'];
    const name = queueName();
    const doomed = worker(['--queue-name', name, '--lock-duration', '1']);
    await doomed.waitFor(/ready/);
    const out = tmp();
    const run = runCli(['run', SCENARIO, ...args, '--queue', redis.url, '--queue-name', name, '--out', out, '--quiet'], capture());
    const line = await doomed.waitFor(/playing gp-/);
    doomed.proc.kill('SIGKILL');
    const orphan = line.match(/playing (gp-[0-9a-f]+)/)![1];
    const rescuer = worker(['--queue-name', name, '--lock-duration', '1']);
    expect(await run).toBe(0);
    expect(doomed.finished()).not.toContain(orphan);
    expect(rescuer.finished()).toContain(orphan);
    expect(outputs(out)).toEqual(await localRun(args));
  });

  it('collects, after the coordinator is killed and resumed, what the workers finished meanwhile, without playing it again', async () => {
    const args = ['--games', '4000', '--batch-size', '400', '--engine', 'reference'];
    const at = mark();
    const out = tmp();
    const checkpoint = join(out, '.checkpoint.json');
    const coordinator = spawn(process.execPath, [CLI, 'run', SCENARIO, ...args, ...viaQueue(), '--out', out, '--checkpoint-every', '0.01', '--quiet'], {
      stdio: 'ignore',
    });
    // Killed once a checkpoint holds some games but before the run ends.
    for (;;) {
      if (existsSync(checkpoint) && JSON.parse(readFileSync(checkpoint, 'utf8')).gamesDone > 0) break;
      expect(coordinator.exitCode, 'the coordinator ended before it could be killed').toBeNull();
      await new Promise((r) => setTimeout(r, 20));
    }
    const exited = new Promise((r) => coordinator.once('exit', r));
    coordinator.kill('SIGKILL');
    await exited;
    const kept = JSON.parse(readFileSync(checkpoint, 'utf8')).gamesDone as number;
    expect(kept).toBeLessThan(4000);
    // The workers play on without a coordinator: all ten jobs finish.
    for (let i = 0; finishedSince(at).length < 10; i++) {
      expect(i, `only ${finishedSince(at).length} jobs finished`).toBeLessThan(600);
      await new Promise((r) => setTimeout(r, 50));
    }
    const io = capture();
    expect(await runCli(['run', SCENARIO, ...args, ...viaQueue(), '--out', out, '--resume'], io)).toBe(0);
    expect(outputs(out)).toEqual(await localRun(args));
    const rest = (4000 - kept) / 400;
    expect(io.stderr).toContain(`0 job(s) queued, ${rest} already there (${rest} finished)`);
    expect(playedSince(at, 'games')).toHaveLength(10);
    expect(new Set(playedSince(at, 'games')).size).toBe(10);
  });
});

// One scenario per registered game (the every-game tests' choice: its first scenario file by name).
const scenarioOf = (game: string) =>
  join(
    'scenarios',
    game === 'goldrausch'
      ? 'baseline.json'
      : readdirSync('scenarios')
          .filter((f) => f.endsWith('.json'))
          .sort()
          .find((f) => (JSON.parse(readFileSync(join('scenarios', f), 'utf8')) as { game?: string }).game === game)!,
  );

describe.skipIf(SKIP_QUEUE)('every game through the queue', () => {
  it.each(Object.keys(GAMES))('%s: a run writes the outputs of a local run', async (game) => {
    const scenario = scenarioOf(game);
    const args = ['--games', '600', '--batch-size', '200', '--seed', `queue-${game}`];
    const local = tmp();
    expect(await runCli(['run', scenario, ...args, '--workers', '0', '--out', local, '--quiet'], capture())).toBe(0);
    const out = tmp();
    expect(await runCli(['run', scenario, ...args, ...viaQueue(), '--out', out, '--quiet'], capture())).toBe(0);
    // The result tables (a game without chance cards writes one table fewer than `outputs` expects).
    const tables = (dir: string) =>
      Object.fromEntries(
        readdirSync(dir)
          .filter((f) => f.endsWith('.csv') || f === 'summary.json')
          .sort()
          .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
      );
    expect(Object.keys(tables(out)).length).toBeGreaterThanOrEqual(9);
    expect(tables(out)).toEqual(tables(local));
  });
});

describe.skipIf(SKIP_QUEUE)('impact, baseline and check through the queue', () => {
  it('write the same files and verdicts as local runs', async () => {
    const at = mark();
    const q = [...viaQueue(), '--quiet'];
    const files = (dir: string) =>
      Object.fromEntries(
        readdirSync(dir)
          .sort()
          .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
      );
    const [localImpact, queuedImpact] = [tmp(), tmp()];
    const impact = ['impact', SCENARIO, '--card', 'all', '--games', '400', '--batch-size', '100'];
    expect(await runCli([...impact, '--workers', '0', '--out', localImpact, '--quiet'], capture())).toBe(0);
    expect(await runCli([...impact, ...q, '--out', queuedImpact], capture())).toBe(0);
    expect(Object.keys(files(queuedImpact)).length).toBeGreaterThanOrEqual(2);
    expect(files(queuedImpact)).toEqual(files(localImpact));
    const dir = tmp();
    const baseline = ['baseline', SCENARIO, '--games', '600', '--batch-size', '100'];
    expect(await runCli([...baseline, '--workers', '0', '--out', join(dir, 'local.json'), '--quiet'], capture())).toBe(0);
    expect(await runCli([...baseline, ...q, '--out', join(dir, 'queued.json')], capture())).toBe(0);
    expect(readFileSync(join(dir, 'queued.json'), 'utf8')).toBe(readFileSync(join(dir, 'local.json'), 'utf8'));
    // The sequential check looks at fixed game counts, so results arriving in any order decide the same.
    const check = ['check', SCENARIO, '--baseline', join(dir, 'local.json'), '--until-decided', '--look-every', '200', '--batch-size', '100', '--json'];
    const [local, queued] = [capture(), capture()];
    const localCode = await runCli([...check, '--workers', '0', '--quiet'], local);
    expect(await runCli([...check, ...q], queued)).toBe(localCode);
    expect(JSON.parse(queued.stdout)).toEqual(JSON.parse(local.stdout));
    expect(playedSince(at, 'impact')).toHaveLength(4);
    expect(playedSince(at, 'deals').length).toBeGreaterThanOrEqual(6);
  });
});

describe.skipIf(SKIP_QUEUE)('a sweep through the queue', () => {
  it('writes the same sweep.json and sweep.csv as a local one', async () => {
    const at = mark();
    const [local, queued] = [tmp(), tmp()];
    const sweep = ['sweep', SCENARIO, '--vary', 'params.fine=1,2', '--games', '300', '--batch-size', '100', '--quiet'];
    expect(await runCli([...sweep, '--workers', '0', '--out', local], capture())).toBe(0);
    expect(await runCli([...sweep, ...viaQueue(), '--out', queued], capture())).toBe(0);
    for (const f of ['sweep.json', 'sweep.csv']) expect(readFileSync(join(queued, f), 'utf8')).toBe(readFileSync(join(local, f), 'utf8'));
    // Two points of 300 games in batches of 100.
    expect(playedSince(at, 'deals')).toHaveLength(6);
  });
});

describe.skipIf(SKIP_QUEUE)('a sensitivity analysis through the queue', () => {
  it('writes the same sensitivity.json, .csv and .html as a local one', async () => {
    const at = mark();
    const [local, queued] = [tmp(), tmp()];
    const args = ['sensitivity', SCENARIO, '--vary', 'params.fine=1,2', '--vary', 'params.rounds=9,10', '--games', '200', '--trajectories', '4'];
    const run = [...args, '--bootstrap', '50', '--batch-size', '100', '--quiet'];
    expect(await runCli([...run, '--workers', '0', '--out', local], capture())).toBe(0);
    expect(await runCli([...run, ...viaQueue(), '--out', queued], capture())).toBe(0);
    for (const f of ['sensitivity.json', 'sensitivity.csv', 'sensitivity.html'])
      expect(readFileSync(join(queued, f), 'utf8')).toBe(readFileSync(join(local, f), 'utf8'));
    // At most the 4 points of the 2 × 2 grid, each of 200 games in batches of 100.
    const points = JSON.parse(readFileSync(join(local, 'sensitivity.json'), 'utf8')).design.distinctPoints;
    expect(playedSince(at, 'deals')).toHaveLength(2 * points);
  });
});

describe.skipIf(SKIP_QUEUE)('a tournament through the queue', () => {
  it('writes the same tables as a local one; the bot file is named by path and sha256, and the worker loads its own copy', async () => {
    const at = mark();
    const bots = [join(import.meta.dirname, '..', 'tournament', 'bots', 'throws.ts'), 'greedy', 'cooperative', 'betrayer', 'reciprocal'].join(',');
    const args = ['tournament', '--bots', bots, '--players', '4', '--deals', '2', '--deals-per-task', '5', '--bootstrap', '20', '--quiet'];
    const [local, queued] = [tmp(), tmp()];
    expect(await runCli([...args, '--workers', '1', '--out', local], capture())).toBe(0);
    expect(await runCli([...args, ...viaQueue(), '--out', queued], capture())).toBe(0);
    // Everything but the wall-time facts (run.json and the page that shows them).
    const tables = (dir: string) =>
      Object.fromEntries(
        readdirSync(dir)
          .filter((f) => f.endsWith('.csv') || f === 'tournament.json')
          .sort()
          .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
      );
    expect(Object.keys(tables(queued))).toContain('faults.csv');
    expect(tables(queued)).toEqual(tables(local));
    expect(playedSince(at, 'tournament-games')).toHaveLength(2); // 5 line-ups × 2 deals × 4 rotations = 40 games, 20 per job
  });
});

describe.skipIf(SKIP_QUEUE)('a skill ladder through the queue', () => {
  it('writes the same figures as a local one, its games in tournament jobs on common deals', async () => {
    const at = mark();
    // Two search tiers: the ismcts agent plays on the workers too.
    const args = [
      'skill',
      'scenarios/gold-4p.json',
      '--tiers',
      'random,greedy',
      '--budgets',
      '5,10',
      '--deals',
      '3',
      '--deals-per-task',
      '12',
      '--bootstrap',
      '20',
      '--quiet',
    ];
    const [local, queued] = [tmp(), tmp()];
    expect(await runCli([...args, '--workers', '1', '--out', local], capture())).toBe(0);
    expect(await runCli([...args, ...viaQueue(), '--out', queued], capture())).toBe(0);
    for (const f of ['skill.json', 'skill.csv', 'skill_tiers.csv']) expect(readFileSync(join(queued, f), 'utf8')).toBe(readFileSync(join(local, f), 'utf8'));
    const tiers = (JSON.parse(readFileSync(join(queued, 'skill.json'), 'utf8')) as { tiers: { tier: string }[] }).tiers.map((t) => t.tier);
    expect(tiers).toEqual(['random', 'greedy', 'ismcts:iterations=5', 'ismcts:iterations=10']);
    // 12 tables × 3 deals × 4 rotations = 144 games, 48 per job (12 tables of one deal).
    expect(playedSince(at, 'tournament-games')).toHaveLength(3);
  });
});

describe.skipIf(SKIP_QUEUE)('a table of one bot through the queue', () => {
  const searchable = Object.keys(GAMES).filter((game) => isSearchable(GAMES[game].module));
  it.each(searchable)('%s: run --table ismcts:… gives the outputs of a local run', async (game) => {
    const args = [scenarioOf(game), '--table', 'ismcts:iterations=8', '--games', '12', '--batch-size', '4', '--seed', 'tq', '--quiet'];
    const [local, queued] = [tmp(), tmp()];
    expect(await runCli(['run', ...args, '--workers', '0', '--out', local], capture())).toBe(0);
    expect(await runCli(['run', ...args, ...viaQueue(), '--out', queued], capture())).toBe(0);
    const tables = (dir: string) =>
      Object.fromEntries(
        readdirSync(dir)
          .filter((f) => f.endsWith('.csv') || f === 'summary.json')
          .sort()
          .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
      );
    expect(Object.keys(tables(queued)).length).toBeGreaterThanOrEqual(5);
    expect(tables(queued)).toEqual(tables(local));
    const summary = JSON.parse(readFileSync(join(queued, 'summary.json'), 'utf8')) as { scenario: string; lineup: string[] };
    expect(summary.scenario).toMatch(/-table-ismcts-iterations-8$/);
    expect(summary.lineup).toEqual(new Array(summary.lineup.length).fill('ismcts:iterations=8'));
  });
});

describe.skipIf(SKIP_QUEUE)('refusals and faults', () => {
  it('a queue nobody plays says so after a while, with the command that starts a worker', async () => {
    const scenario = loadScenario(SCENARIO);
    const stop = new AbortController();
    const told: number[] = [];
    const run = runParallel(scenario, {
      seed: 'idle',
      from: 0,
      to: 100,
      workers: 0,
      batchSize: 100,
      checkpointFile: null,
      checkpointEveryMs: 60_000,
      resume: false,
      gamesCsvFile: null,
      stop: stop.signal,
      // A queue of its own that no worker watches.
      queue: {
        target: queueTarget(redis.url, {}, queueName()),
        idleAfterMs: 300,
        onIdle: (seconds) => {
          told.push(seconds);
          stop.abort();
        },
      },
    });
    const result = await run;
    expect(result.complete).toBe(false);
    expect(told).toHaveLength(1);
    expect(told[0]).toBeGreaterThanOrEqual(0);
  });

  it('a worker refuses the jobs of other code, and the coordinator fails with its message', async () => {
    const at = mark();
    const scenario = loadScenario(SCENARIO);
    const run = runParallel(scenario, {
      seed: 's',
      from: 0,
      to: 200,
      workers: 0,
      batchSize: 100,
      checkpointFile: null,
      checkpointEveryMs: 60_000,
      resume: false,
      gamesCsvFile: null,
      queue: { target: queueTarget(redis.url, {}, SHARED), identity: { version: '0.0.0-other', codeHash: '0123456789abcdef' } },
    });
    await expect(run).rejects.toThrow(QueueError);
    await expect(run).rejects.toThrow(
      /failed after 1 attempt\(s\) on worker .*: refused job gp-[0-9a-f]+: it was queued by goldpit "0.0.0-other" with code hash "0123456789abcdef", this worker runs goldpit "[^"]+" with code hash "[0-9a-f]{16}"; run workers and coordinator from the same commit/,
    );
    expect(playedSince(at, 'games')).toEqual([]);
  });

  it('a job with a bad payload fails at once with a message naming the field', async () => {
    const at = mark();
    const { Queue } = await import('bullmq');
    const { envelope } = await import('../../src/sim/queue/job.js');
    const { batchScenario } = await import('../../src/sim/batch.js');
    const queue = new Queue(SHARED, { connection: { url: redis.url } });
    try {
      const good = envelope({ scenario: batchScenario(loadScenario(SCENARIO)), seed: 's', from: 0, to: 10, gamesCsv: false });
      const job = await queue.add('games', { ...good, task: { ...good.task, from: -5 } }, { jobId: 'gp-bad', attempts: 3 });
      for (let i = 0; (await job.getState()) !== 'failed'; i++) {
        expect(i).toBeLessThan(200);
        await new Promise((r) => setTimeout(r, 50));
      }
      const failed = (await queue.getJob('gp-bad'))!;
      expect(failed.failedReason).toBe('job gp-bad: field "task.from": expected an integer ≥ 0, got -5');
      expect(failed.attemptsMade).toBe(1); // not retried: an invalid job stays invalid
    } finally {
      await queue.close();
    }
    expect(playedSince(at, 'games')).toEqual([]);
  });

  it('Redis going away mid-run gives a clear error and a resumable state; the resumed run has identical outputs', async () => {
    const args = ['--games', '3000', '--batch-size', '300', '--engine', 'reference'];
    const at = mark();
    const out = tmp();
    const io = capture();
    const run = runCli(['run', SCENARIO, ...args, ...viaQueue(), '--queue-timeout', '1', '--checkpoint-every', '0.01', '--out', out], io);
    await Promise.race(shared.map((w, i) => w.waitFor(/finished gp-/, at[i])));
    await redis.kill();
    const started = Date.now();
    expect(await run).toBe(2);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(io.stderr).toMatch(
      new RegExp(`goldpit: lost the connection to Redis at redis://127\\.0\\.0\\.1:${redis.port} for 1\\.0 s \\(ECONNREFUSED\\); the run stopped`),
    );
    expect(io.stderr).toContain(`what finished is kept in ${join(out, '.checkpoint.json')}`);
    expect(io.stderr).toMatch(/go on with: npx goldpit run .* --resume/);
    // Redis comes back empty (no persistence); the worker reconnects by itself; --resume queues what is missing.
    await redis.restart();
    await Promise.all(shared.map((w, i) => w.waitFor(/Redis at .* is back/, at[i])));
    expect(await runCli(['run', SCENARIO, ...args, ...viaQueue(), '--out', out, '--resume', '--quiet'], capture())).toBe(0);
    expect(outputs(out)).toEqual(await localRun(args));
  });
});
