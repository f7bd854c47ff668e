/**
 * `goldpit sweep`: wiring of the options to src/sweep/ (the plan, the pool, the files).
 */
import { join, resolve } from 'node:path';
import type { Argv } from 'yargs';
import { UsageError } from '../core/errors.js';
import { renderSweep } from '../report/sweep-html.js';
import { Progress } from '../sim/progress.js';
import type { Engine } from '../sim/run.js';
import type { BotLimits } from '../sim/batch.js';
import { openScenario, type Scenario } from '../sim/scenario.js';
import { readVaryBots } from '../sim/seat-bots.js';
import { botLimitOptions, botLimitsOf, checkWatchable, hangLine } from './bot-limits.js';
import { DealPool } from '../sweep/pool.js';
import { parseReference, planPoints, runSweep, type SweepPlan, type SweepResult, type SweepRunOptions } from '../sweep/run.js';
import { parseDesign, parseVary } from '../sweep/vary.js';
import { writeSweepOutputs } from '../sweep/write.js';
import { ENGINE_OPTION } from './engine-option.js';
import { guardCheckpoint, prepareOutputFolder } from './outputs.js';
import { describeStop, stopExitCode, stoppableBySignals } from './signals.js';
import { queueExecutor, queueOptions, withResumeHint } from './worker.js';
import { TABLE_OPTION } from './table.js';
import { JSON_OPTION } from './json-option.js';
import { WORKERS_OPTION, workerCount } from './workers.js';

/** The checkpoint of an unfinished sweep, in its output folder. */
export const SWEEP_CHECKPOINT = '.sweep-checkpoint.json';

/** `--vary` of sweep and balance. */
export const VARY_OPTION = {
  type: 'string',
  array: true,
  demandOption: true,
  describe: 'a scenario path and its values: path=a..b, path=a..b:step or path=v1,v2,... (repeat for several paths; e.g. params.fine=0..6)',
} as const;

export function sweepOptions<T>(y: Argv<T>) {
  return botLimitOptions(queueOptions(y))
    .positional('scenario', { type: 'string', demandOption: true, describe: 'scenario file (scenarios/*.json)' })
    .option('vary', VARY_OPTION)
    .option('design', { type: 'string', default: 'grid', describe: 'grid (every combination) or lhs:N (a Latin hypercube of N points over the ranges)' })
    .option('reference', {
      type: 'string',
      describe: "the point the paired differences are taken against, path=value,... or one --reference per path (default: the scenario's own values)",
    })
    .option('games', { type: 'number', describe: "games per point (default: the scenario's; the cap with --precision)" })
    .option('precision', {
      type: 'number',
      describe: "play each point until every bot and seat win rate's 95% interval is within ±h (looked at every 1,000 games; --games caps it)",
    })
    .option('seed', { type: 'string', describe: "run seed (default: the scenario's)" })
    .option('out', { type: 'string', describe: 'output folder (default: reports/<scenario name>-sweep/)' })
    .option('workers', WORKERS_OPTION)
    .option('batch-size', { type: 'number', default: 2000, describe: 'games per batch' })
    .option('resume', { type: 'boolean', default: false, describe: 'continue an interrupted sweep from its checkpoint in the output folder' })
    .option('fresh', { type: 'boolean', default: false, describe: 'delete a checkpoint found in the output folder and start over' })
    .option('engine', ENGINE_OPTION)
    .option('table', TABLE_OPTION)
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress and no summary on stdout' })
    .option('json', JSON_OPTION);
}

export interface SweepArgs {
  scenario: string;
  vary: (string | number)[];
  design: string;
  /** One string, or one per `--reference` given (joined: `--reference a=1 --reference b=2` is `a=1,b=2`). */
  reference?: string | string[];
  games?: number;
  precision?: number;
  seed?: string;
  out?: string;
  workers?: number;
  'batch-size': number;
  resume: boolean;
  fresh: boolean;
  engine: Engine;
  table?: string;
  quiet: boolean;
  /** Print sweep.json on stdout (the CLI makes `quiet` true with it). */
  json?: boolean;
  queue?: string;
  'queue-name'?: string;
  'queue-timeout'?: number;
  'bot-timeout'?: number;
  'hang-limit'?: number;
}

interface SweepIo {
  out(text: string): void;
  err(text: string): void;
  readonly errIsTty: boolean;
}

export async function commandSweep(io: SweepIo, args: SweepArgs, argv: readonly string[]): Promise<number> {
  const base = await openScenario(args.scenario, { table: args.table });
  const limits = botLimitsOf(args);
  const factors = args.vary.map((v) => parseVary(String(v)));
  await readVaryBots(base, factors);
  const paths = factors.map((f) => f.path);
  const twice = paths.find((p, i) => paths.indexOf(p) !== i);
  if (twice !== undefined) throw new UsageError(`--vary names ${twice} twice; give each path once with all its values`);
  const games = args.games ?? base.games;
  if (!Number.isInteger(games) || games < 2) throw new UsageError(`--games must be a whole number ≥ 2 (games per point), got ${games}`);
  const precision = args.precision ?? null;
  if (precision !== null && !(precision > 0 && precision < 0.5)) {
    throw new UsageError(`--precision must be a half-width above 0 and below 0.5 (e.g. 0.01 for ±1 pp), got ${args.precision}`);
  }
  const batchSize = args['batch-size'];
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new UsageError(`--batch-size must be a positive integer, got ${batchSize}`);
  const plan: SweepPlan = {
    file: args.scenario,
    data: base.portable,
    base,
    factors,
    design: parseDesign(args.design),
    reference: args.reference === undefined ? null : parseReference([args.reference].flat().join(',')),
    games,
    seed: args.seed ?? base.seed,
    precision,
  };
  const out = resolve(args.out ?? join('reports', `${base.name}-sweep`));
  // Every option is checked before the folder is touched (every point's scenario is built here).
  const planned = planPoints(plan);
  const played = await playSweep(io, args, argv, { plan, planned, scenarios: [base], limits, out, checkpointName: SWEEP_CHECKPOINT, what: 'sweep' });
  if (typeof played === 'number') return played;
  const { result, seconds } = played;
  const files = writeSweepOutputs(out, result.sweep, [['sweep.html', renderSweep(result.sweep)]]);
  if (!args.quiet) {
    const s = result.sweep;
    const played = result.gamesDone - result.resumedGames;
    io.out(
      `${s.points.length} points${result.addedReference ? ' (the reference added as the last)' : ''}, ${result.gamesDone.toLocaleString('en-US')} games (${played.toLocaleString('en-US')} played now) in ${seconds.toFixed(1)} s; ${s.stoppingRule}\n`,
    );
    for (const v of s.verdicts) io.out(`- ${v}\n`);
    io.out(`wrote ${files.join(', ')}\nopen the page: ${join(out, 'sweep.html')}\n`);
  }
  if (args.json) io.out(`${JSON.stringify(result.sweep, null, 2)}\n`);
  return 0;
}

/** The options sweep and compare share for playing their points (SweepArgs' and CompareArgs' common part). */
export type SweepPlayArgs = Pick<
  SweepArgs,
  'workers' | 'batch-size' | 'resume' | 'fresh' | 'engine' | 'quiet' | 'queue' | 'queue-name' | 'queue-timeout' | 'bot-timeout' | 'hang-limit'
>;

/**
 * What sweep and compare do alike once their points are planned: check the bot files can be watched,
 * take the output folder and its checkpoint, play the points on a DealPool (or the queue) with
 * progress, stoppable by signals. Returns the result and its wall seconds, or the exit code of an
 * interrupted run (after saying where it was kept and how to resume).
 */
export async function playSweep(
  io: SweepIo,
  args: SweepPlayArgs,
  argv: readonly string[],
  o: {
    readonly plan: SweepPlan;
    readonly planned: SweepRunOptions['planned'];
    readonly scenarios: readonly Scenario[];
    readonly limits: BotLimits;
    readonly out: string;
    readonly checkpointName: string;
    /** The run's name in messages: 'sweep', 'comparison'. */
    readonly what: string;
  },
): Promise<{ result: SweepResult; seconds: number } | number> {
  const queue = queueExecutor(args, io.err, args.quiet);
  const workers = workerCount(io.err, args.workers);
  checkWatchable(o.scenarios, workers, o.limits, queue !== undefined);
  if (args.resume && args.fresh) throw new UsageError('--resume and --fresh exclude each other: --resume continues the checkpoint, --fresh deletes it');
  prepareOutputFolder(o.out);
  const checkpointFile = join(o.out, o.checkpointName);
  const again = guardCheckpoint(checkpointFile, o.what, argv, args);
  const started = Date.now();
  const { result, stoppedBy } = await stoppableBySignals(async (stop) => {
    const pool = new DealPool({
      workers,
      batchSize: args['batch-size'],
      seed: o.plan.seed,
      engine: args.engine,
      queue,
      stop,
      limits: o.limits,
      onHang: hangLine(o.scenarios[0], o.limits, io.err),
    });
    try {
      return await runSweep(o.plan, {
        pool,
        checkpointFile,
        resume: args.resume,
        planned: o.planned,
        progress: (total, resumed) => new Progress(total, args.quiet ? 'none' : io.errIsTty ? 'bar' : 'lines', io.err, resumed),
      });
    } catch (e) {
      throw withResumeHint(e, checkpointFile, again);
    } finally {
      await pool.close();
    }
  });
  const seconds = (Date.now() - started) / 1000;
  if (!result.complete) {
    // A precision rule may stop points early: the total is then a cap.
    const total = `${o.plan.precision === null ? '' : 'at most '}${result.totalGames.toLocaleString('en-US')}`;
    io.err(
      `\ninterrupted${stoppedBy ? ` by ${describeStop(stoppedBy)}` : ''} after ${result.gamesDone.toLocaleString('en-US')} of ${total} games; kept in ${checkpointFile}\nresume with: ${again}\n`,
    );
    return stopExitCode(stoppedBy ?? 'SIGINT');
  }
  return { result, seconds };
}
