/**
 * `goldpit balance`: wiring only (the search is src/balance/search.ts, the game side game.ts, the
 * files output.ts). Exit 0 when a point is shown to meet every target, 3 when not shown (like
 * `check`'s INCONCLUSIVE: a result, not an error), 2 for bad input.
 */
import { setMaxListeners } from 'node:events';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Argv } from 'yargs';
import { UsageError } from '../core/errors.js';
import { readJsonFile } from '../core/validate.js';
import { BALANCE_CHECKPOINT, DealCache, balanceKey } from '../balance/checkpoint.js';
import { prepareBalance, runBalance, type BalanceOptions } from '../balance/game.js';
import { balanceJson, verdictLine, writeBalanceOutputs } from '../balance/output.js';
import { DealPool, DealsStopped } from '../sweep/pool.js';
import { openScenario } from '../sim/scenario.js';
import { Progress } from '../sim/progress.js';
import { readVaryBots } from '../sim/seat-bots.js';
import { withTable } from '../sim/table.js';
import { parseVary } from '../sweep/vary.js';
import { botLimitOptions, botLimitsOf, checkWatchable, hangLine } from './bot-limits.js';
import type { Io } from './main.js';
import { guardCheckpoint, prepareOutputFolder } from './outputs.js';
import { describeStop, stopExitCode, stoppableBySignals } from './signals.js';
import { VARY_OPTION } from './sweep.js';
import { queueExecutor, queueOptions, withResumeHint } from './worker.js';
import { TABLE_OPTION } from './table.js';
import { JSON_OPTION } from './json-option.js';
import { WORKERS_OPTION, workerCount } from './workers.js';

export const BALANCE_DEFAULTS = { budget: 1_000_000, firstStage: 1000, batchSize: 500 } as const;

export function balanceOptions<T>(y: Argv<T>) {
  return botLimitOptions(queueOptions(y))
    .positional('scenario', { type: 'string', demandOption: true, describe: 'scenario file (scenarios/*.json)' })
    .option('vary', VARY_OPTION)
    .option('target', {
      type: 'string',
      array: true,
      demandOption: true,
      describe:
        'what the point must meet: "<metric> <= x", "<metric> >= x" or "<metric> in a..b" (repeat; metrics as in sweep.json, e.g. seatSpread, seat:0, rounds, <key ending>Share)',
    })
    .option('objective', {
      type: 'string',
      describe: 'chooses among points that meet every target: <metric> (minimise) or max:<metric> (default: the smallest change from the scenario)',
    })
    .option('budget', { type: 'number', default: BALANCE_DEFAULTS.budget, describe: 'games in all, over every point and stage' })
    .option('first-stage', {
      type: 'number',
      default: BALANCE_DEFAULTS.firstStage,
      describe: 'games per point in the first stage (each stage doubles it); below 500, a target on a metric without a bound (gold, scoreSpread) is refused',
    })
    .option('seed', { type: 'string', describe: "run seed (default: the scenario's)" })
    .option('out', { type: 'string', describe: 'output folder (default: reports/<scenario name>-balance/)' })
    .option('workers', WORKERS_OPTION)
    .option('batch-size', { type: 'number', default: BALANCE_DEFAULTS.batchSize, describe: 'games per batch' })
    .option('resume', {
      type: 'boolean',
      default: false,
      describe: 'continue a stopped search from its checkpoint in the output folder (the same answer as an unstopped one)',
    })
    .option('fresh', { type: 'boolean', default: false, describe: 'delete a checkpoint found in the output folder and start over' })
    .option('table', TABLE_OPTION)
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress on stderr, no summary on stdout' })
    .option('json', JSON_OPTION);
}

export interface BalanceArgs {
  readonly vary: readonly string[];
  readonly target: readonly string[];
  readonly objective?: string;
  readonly budget: number;
  readonly 'first-stage': number;
  readonly seed?: string;
  readonly out?: string;
  readonly workers?: number;
  readonly 'batch-size': number;
  readonly resume: boolean;
  readonly fresh: boolean;
  readonly quiet: boolean;
  readonly table?: string;
  /** Print balance.json on stdout (the CLI makes `quiet` true with it). */
  readonly json?: boolean;
  readonly queue?: string;
  readonly 'queue-name'?: string;
  readonly 'queue-timeout'?: number;
  readonly 'bot-timeout'?: number;
  readonly 'hang-limit'?: number;
}

function integer(name: string, v: number, min: number): number {
  if (!Number.isInteger(v) || v < min) throw new UsageError(`--${name} must be an integer ≥ ${min}, got ${v}`);
  return v;
}

export async function commandBalance(io: Io, path: string, args: BalanceArgs, argv: readonly string[]): Promise<number> {
  const base = await openScenario(path, { table: args.table });
  const limits = botLimitsOf(args);
  // Bot files among the seat values; a malformed --vary is reported by the search's own checks.
  await readVaryBots(
    base,
    args.vary.flatMap((v) => {
      try {
        return [parseVary(String(v))];
      } catch {
        return [];
      }
    }),
  );
  const file = readJsonFile(resolve(path), 'the scenario file');
  const data = args.table === undefined ? file : withTable(path, file, args.table);
  const firstStage = integer('first-stage', args['first-stage'], 2);
  const budget = integer('budget', args.budget, firstStage);
  const batchSize = integer('batch-size', args['batch-size'], 1);
  const seed = args.seed ?? base.seed;
  const out = resolve(args.out ?? join('reports', `${base.name}-balance`));
  const workers = workerCount(io.err, args.workers);
  const queue = queueExecutor(args, io.err, args.quiet);
  checkWatchable([base], workers, limits, queue !== undefined);
  // Every option is checked before the folder is touched: a mistyped --target must neither leave a
  // checkpoint that locks the folder nor, with --fresh, delete the one there.
  const options: Omit<BalanceOptions, 'onStage'> = {
    file: path,
    data,
    vary: args.vary,
    targets: args.target,
    objective: args.objective,
    budget,
    firstStage,
    confidence: 0.95,
  };
  const prepared = prepareBalance(options, base);
  if (args.resume && args.fresh) throw new UsageError('--resume and --fresh exclude each other: --resume continues the checkpoint, --fresh deletes it');
  prepareOutputFolder(out);
  const checkpointFile = join(out, BALANCE_CHECKPOINT);
  const again = guardCheckpoint(checkpointFile, 'balance search', argv, args);
  const key = balanceKey({ base, data, vary: args.vary, targets: args.target, objective: args.objective, budget, firstStage, confidence: 0.95, seed });
  const started = Date.now();
  let cache: DealCache | null = null;
  // Ctrl-C / SIGTERM: the pool stops after the batches in flight; a search stopped midway has no
  // answer yet (its guarantee is for the planned stages), but every game it played is kept in the
  // checkpoint, and --resume goes on from there to the same answer.
  const { result: run, stoppedBy } = await stoppableBySignals(async (stop) => {
    // Every alive point of a stage plays at once on the one pool, each call listening to `stop`.
    setMaxListeners(0, stop);
    const pool = new DealPool({ workers, batchSize, seed, stop, queue, limits, onHang: hangLine(base, limits, io.err) });
    // Progress on a terminal from the first stage on (each stage's line says what it did): the
    // games played against the budget, the most the search can spend.
    const progress = new Progress(budget, args.quiet ? 'none' : io.errIsTty ? 'bar' : 'lines', io.err);
    const kept = new DealCache(pool, checkpointFile, key, (games) => progress.update(games));
    cache = kept;
    if (args.resume) {
      kept.load();
      if (!args.quiet) io.err(`resuming: ${kept.resumedGames.toLocaleString('en-US')} games taken from ${checkpointFile}\n`);
    }
    let finished = false;
    try {
      const result = await runBalance(
        {
          ...options,
          onStage: (s) => {
            kept.save();
            if (!args.quiet)
              io.err(
                (io.errIsTty ? '\r\x1b[K' : '') +
                  `stage ${s.stage}: ${s.points.length} points × ${s.gamesPerPoint} games; dropped ${s.dropped.length}${s.halved.length ? `, halved ${s.halved.length}` : ''}; shown ${s.shown.length}; ${s.gamesSpent} of ${budget} games spent\n`,
              );
          },
        },
        base,
        kept,
        prepared,
      );
      finished = true;
      progress.done();
      return result;
    } catch (e) {
      if (e instanceof DealsStopped) return null;
      throw withResumeHint(e, checkpointFile, again);
    } finally {
      await pool.close();
      // Stopped or failed: keep every game played (the calls still in flight ended with the pool);
      // with none played there is nothing to resume, and an empty checkpoint would only lock the folder.
      if (!finished && kept.keptGames() > 0) kept.save();
    }
  });
  if (run === null) {
    const games = cache === null ? 0 : (cache as DealCache).keptGames();
    io.err(
      `interrupted${stoppedBy ? ` by ${describeStop(stoppedBy)}` : ''} before the search finished; the ${games.toLocaleString('en-US')} games played are kept in ${checkpointFile}\nresume with: ${again}\n`,
    );
    return stopExitCode(stoppedBy ?? 'SIGINT');
  }
  const json = balanceJson(run, seed, firstStage);
  const files = writeBalanceOutputs(out, run, json);
  rmSync(checkpointFile, { force: true });
  if (!args.quiet) {
    io.out(`${verdictLine(run)}\n`);
    for (const c of json.balance.evidence) {
      io.out(
        `  ${c.target}: estimate ${c.estimate.toFixed(4)}, simultaneous interval ${c.lo.toFixed(4)}..${c.hi.toFixed(4)} — ${c.verdict === 'open' ? 'not shown' : c.verdict}\n`,
      );
    }
    const resumed = cache === null ? 0 : (cache as DealCache).resumedGames;
    const from = resumed > 0 ? ` (${resumed.toLocaleString('en-US')} of them from the checkpoint)` : '';
    io.out(`${run.result.gamesSpent} games${from} in ${((Date.now() - started) / 1000).toFixed(1)} s; wrote ${files.join(', ')}\n`);
  }
  if (args.json) io.out(`${JSON.stringify(json, null, 2)}\n`);
  return run.result.status === 'shown' ? 0 : 3;
}
