/**
 * The `goldpit` command. Wiring only: parsing with yargs, then calls into sim/, report/ and games/.
 * One top-level handler turns errors into exit codes: 2 for bad input or usage, 1 for bugs.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import yargs from 'yargs';
import { GoldpitError, InputError, UsageError } from '../core/errors.js';
import { timedBotsOf } from '../core/bots.js';
import { chanceCardsOf, type FixtureHooks } from '../core/definition.js';
import { DEFAULT_GAME, GAMES } from '../games/registry.js';
import { reportGameOf, summarize } from '../report/summary.js';
import { renderReport, type RunFacts } from '../report/html.js';
import { impactReport } from '../report/impact.js';
import type { RunSummary } from '../report/types.js';
import { gameFileNames, impactTable, summaryTable, writeAtomic, writeImpactOutputs, writeRunOutputs } from '../report/write.js';
import { peekCheckpoint, runImpactParallel, runParallel } from '../sim/parallel.js';
import { Progress } from '../sim/progress.js';
import type { QueueExecutor } from '../sim/queue/coordinator.js';
import { playOne, type Engine } from '../sim/run.js';
import { openScenario } from '../sim/scenario.js';
import { commandReplayExamples, commandReplayHtml, writeExampleReplays } from './replay.js';
import { botLimitOptions, botLimitsOf, checkWatchable, hangLine } from './bot-limits.js';
import { CHECK_DEFAULTS } from '../check/compare.js';
import { mergePartials, parseShard, partialOf, shardRange } from '../sim/shard.js';
import { GOLDPIT, shellWord, VERSION } from '../core/package.js';
import { readJsonFile } from '../core/validate.js';
import { balanceOptions, commandBalance } from './balance.js';
import { commandBaseline, commandCheck } from './check.js';
import { ENGINE_OPTION } from './engine-option.js';
import { commandSkill, skillOptions } from './skill.js';
import { commandSweep, sweepOptions } from './sweep.js';
import { commandCompare, compareOptions } from './compare.js';
import { commandSensitivity, sensitivityOptions } from './sensitivity.js';
import { PRECISION_LOOK } from '../sweep/run.js';
import { clearStaleOutputs, prepareOutputFolder, releaseOutputFolders, removeOtherGamesFiles } from './outputs.js';
import { describeStop, stopExitCode, stoppableBySignals } from './signals.js';
import { numberArgumentProblem, suggestCommand } from './usage.js';
import { TABLE_OPTION } from './table.js';
import { WORKERS_OPTION, workerCount } from './workers.js';
import { commandCheckBot, commandTournament, DEFAULT_BOT_TIMEOUT_MS, GAME_OPTION, tournamentOptions } from './tournament.js';
import { commandNewBot } from './new-bot.js';
import { ex } from './examples.js';
import { JSON_OPTION } from './json-option.js';
import { colours } from './colour.js';
import { commandWorker, queueExecutor, queueOptions, withResumeHint, workerOptions } from './worker.js';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  readonly errIsTty: boolean;
  /** stdout is a terminal (colour there; none when piped). */
  readonly outIsTty?: boolean;
}

const processIo: Io = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  errIsTty: Boolean(process.stderr.isTTY),
  outIsTty: Boolean(process.stdout.isTTY),
};

/** Runs the command line; returns the exit code. */
/** The commands, for "did you mean" and the message when none is named. */
export const COMMANDS = [
  'run',
  'sweep',
  'balance',
  'compare',
  'sensitivity',
  'impact',
  'merge',
  'baseline',
  'check',
  'replay',
  'verify',
  'tournament',
  'skill',
  'new-bot',
  'check-bot',
  'worker',
] as const;

export async function runCli(givenArgv: readonly string[], io: Io = processIo): Promise<number> {
  if (givenArgv.length === 1 && ['--version', '-V', '-v'].includes(givenArgv[0])) {
    io.out(`goldpit ${VERSION}\n`);
    return 0;
  }
  // `goldpit help [command]` is `goldpit [command] --help`.
  const argv = givenArgv[0] === 'help' ? [...givenArgv.slice(1, 2), '--help'] : givenArgv;
  const first = argv[0];
  if (first !== undefined && first !== 'completion' && !first.startsWith('-') && !(COMMANDS as readonly string[]).includes(first)) {
    const meant = suggestCommand(first, COMMANDS);
    io.err(`goldpit: unknown command ${JSON.stringify(first)}${meant ? `; did you mean \`${GOLDPIT} ${meant}\`?` : ''}\n`);
    io.err(`The commands are ${COMMANDS.join(', ')}. Run \`${GOLDPIT} --help\` for usage.\n`);
    return 2;
  }
  let code = 0;
  const parser = yargs([...argv])
    .scriptName('goldpit')
    .usage(
      `$0 <command> [options]\n\nBot tournaments and Monte-Carlo balance analysis for tabletop games (${Object.values(GAMES)
        .map((g) => g.presentation.title)
        .join(', ')}).`,
    )
    .command(
      'run <scenario>',
      'play N games of a scenario across worker threads and write summary.json and CSV tables',
      ex('run', (y) =>
        botLimitOptions(queueOptions(y))
          .positional('scenario', { type: 'string', demandOption: true, describe: 'scenario file (scenarios/*.json)' })
          .option('games', { type: 'number', describe: "number of games (default: the scenario's, else 10000)" })
          .option('seed', { type: 'string', describe: 'run seed (default: the scenario\'s, else "goldpit")' })
          .option('out', { type: 'string', describe: 'output folder (default: reports/<scenario name>/)' })
          .option('workers', WORKERS_OPTION)
          .option('batch-size', { type: 'number', default: 2000, describe: 'games per batch (the unit of work and of checkpoints)' })
          .option('shard', { type: 'string', describe: 'i/n: play only shard i of n and write a partial result for `goldpit merge`' })
          .option('resume', { type: 'boolean', default: false, describe: 'continue an interrupted run from its checkpoint in the output folder' })
          .option('fresh', {
            type: 'boolean',
            default: false,
            describe: 'delete a checkpoint found in the output folder and start over (without it, a run refuses to overwrite one)',
          })
          .option('checkpoint-every', { type: 'number', default: 5, describe: 'seconds between checkpoints' })
          .option('games-csv', { type: 'boolean', default: false, describe: 'also write games.csv, one row per game (streamed)' })
          .option('replays', {
            type: 'boolean',
            default: false,
            describe: 'also write the replay page of every example game (replay-K.html beside the report, where its example links point)',
          })
          .option('precision', {
            type: 'number',
            describe: "play until every bot and seat win rate's 95% interval is within ±h (looked at every 1,000 games; --games caps it)",
          })
          .option('engine', ENGINE_OPTION)
          .option('table', TABLE_OPTION)
          .option('quiet', { type: 'boolean', default: false, describe: 'no progress and no table on stdout' })
          .option('json', JSON_OPTION),
      ),
      async (args) => {
        code = await commandRun(io, args.scenario, {
          table: args.table,
          precision: args.precision,
          games: args.games,
          seed: args.seed,
          out: args.out,
          workers: args.workers,
          batchSize: args['batch-size'],
          shard: args.shard,
          resume: args.resume,
          fresh: args.fresh,
          checkpointEvery: args['checkpoint-every'],
          gamesCsv: args['games-csv'],
          replays: args.replays,
          engine: args.engine,
          queue: queueExecutor(args, io.err, args.quiet || args.json),
          quiet: args.quiet || args.json,
          json: args.json,
          argv,
          'bot-timeout': args['bot-timeout'],
          'hang-limit': args['hang-limit'],
        });
      },
    )
    .command(
      'sweep <scenario>',
      'play a scenario at every point of a parameter grid on the same deals; per point and metric the estimate and the paired difference to a reference',
      ex('sweep', (y) => sweepOptions(y)),
      async (args) => {
        code = await commandSweep(io, { ...args, quiet: args.quiet || args.json }, argv);
      },
    )
    .command(
      'balance <scenario>',
      'search the --vary ranges for values that meet every --target with 95% simultaneous confidence (racing on common random numbers): exit 0 shown, 3 not shown',
      ex('balance', (y) => balanceOptions(y)),
      async (args) => {
        code = await commandBalance(io, args.scenario, { ...args, quiet: args.quiet || args.json }, argv);
      },
    )
    .command(
      'compare <a> <b>',
      'a paired A/B of two scenario files of one game: both on the same deals, every metric with its paired difference and interval, verdicts, one page',
      ex('compare', (y) => compareOptions(y)),
      async (args) => {
        code = await commandCompare(io, { ...args, quiet: args.quiet || args.json }, argv);
      },
    )
    .command(
      'sensitivity <scenario>',
      "which knobs matter: Morris screening (μ*, σ, verdicts) or Sobol indices of every metric over the --vary ranges or the game's tunables, on common random numbers",
      ex('sensitivity', (y) => sensitivityOptions(y)),
      async (args) => {
        code = await commandSensitivity(io, { ...args, quiet: args.quiet || args.json }, argv);
      },
    )
    .command(
      'merge <partials..>',
      'merge the partial results of `run --shard i/n` into the outputs of one run of all games',
      ex('merge', (y) =>
        y
          .positional('partials', { type: 'string', array: true, demandOption: true })
          .option('out', { type: 'string', describe: 'output folder (default: reports/<scenario name>/)' })
          .option('quiet', { type: 'boolean', default: false, describe: 'no table on stdout' })
          .option('json', JSON_OPTION),
      ),
      (args) => {
        code = commandMerge(io, args.partials as string[], args.out, args.quiet || args.json, args.json);
      },
    )
    .command(
      'impact <scenario>',
      'counterfactual chance-card impact: every game as dealt and with the card blanked (common random numbers)',
      ex('impact', (y) =>
        botLimitOptions(queueOptions(y))
          .positional('scenario', { type: 'string', demandOption: true })
          .option('card', { type: 'string', demandOption: true, describe: 'a chance card id (Goldrausch: an event card), or "all" for all of them' })
          .option('games', { type: 'number', describe: "games (default: the scenario's)" })
          .option('seed', { type: 'string', describe: "run seed (default: the scenario's)" })
          .option('out', { type: 'string', describe: 'output folder (default: reports/<scenario name>/)' })
          .option('workers', WORKERS_OPTION)
          .option('batch-size', { type: 'number', default: 500 })
          .option('engine', ENGINE_OPTION)
          .option('table', TABLE_OPTION)
          .option('quiet', { type: 'boolean', default: false, describe: 'no progress and no table on stdout' })
          .option('json', JSON_OPTION),
      ),
      async (args) => {
        code = await commandImpact(io, args.scenario, { ...args, quiet: args.quiet || args.json, queue: queueExecutor(args, io.err, args.quiet || args.json) });
      },
    )
    .command(
      'baseline <scenarios..>',
      'record the per-deal outcomes of scenarios as the baseline that `goldpit check` compares against',
      ex('baseline', (y) =>
        botLimitOptions(queueOptions(y))
          .positional('scenarios', { type: 'string', array: true, demandOption: true, describe: 'scenario files' })
          .option('out', { type: 'string', demandOption: true, describe: 'baseline file to write (e.g. baselines/baseline.json)' })
          .option('games', { type: 'number', describe: "games per scenario (default: the scenario's)" })
          .option('workers', WORKERS_OPTION)
          .option('batch-size', { type: 'number', default: 500, describe: 'games per batch' })
          .option('table', TABLE_OPTION)
          .option('quiet', { type: 'boolean', default: false, describe: 'no progress and no lines on stdout' })
          .option('json', {
            type: 'boolean',
            default: false,
            describe: 'print what was recorded as JSON: the file, and per scenario its games, seed and config hash',
          }),
      ),
      async (args) => {
        code = await commandBaseline(io, args.scenarios as string[], {
          table: args.table,
          out: args.out,
          games: args.games,
          workers: args.workers,
          batchSize: args['batch-size'],
          quiet: args.quiet || args.json,
          json: args.json,
          queue: queueExecutor(args, io.err, args.quiet || args.json),
          'bot-timeout': args['bot-timeout'],
          'hang-limit': args['hang-limit'],
        });
      },
    )
    .command(
      'check <scenarios..>',
      "replay the baseline's deals with the current code and test every metric against its tolerance: exit 0 PASS, 1 FAIL, 3 INCONCLUSIVE",
      ex('check', (y) =>
        botLimitOptions(queueOptions(y))
          .positional('scenarios', { type: 'string', array: true, demandOption: true, describe: 'scenario files (each must be in the baseline)' })
          .option('baseline', { type: 'string', demandOption: true, describe: 'baseline file written by `goldpit baseline`' })
          .option('until-decided', {
            type: 'boolean',
            default: false,
            describe: 'sequential test (SPRT): add games until PASS or FAIL, up to the games the baseline holds',
          })
          .option('games', { type: 'number', describe: 'games to compare (default: all the baseline holds; the limit with --until-decided)' })
          .option('seed', { type: 'string', describe: "replay another seed than the baseline's (unpaired; for experiments)" })
          .option('look-every', { type: 'number', default: CHECK_DEFAULTS.lookEvery, describe: 'games between looks of the sequential test' })
          .option('workers', WORKERS_OPTION)
          .option('batch-size', { type: 'number', default: 500, describe: 'games per batch' })
          .option('json', { type: 'boolean', default: false, describe: 'print the result as JSON' })
          .option('markdown', { type: 'boolean', default: false, describe: 'print the result as Markdown (also appended to $GITHUB_STEP_SUMMARY when set)' })
          .option('update-baseline', {
            type: 'boolean',
            default: false,
            describe: 'rewrite the baseline entries of these scenarios with the current code (on purpose), then exit 0',
          })
          .option('table', TABLE_OPTION)
          .option('quiet', { type: 'boolean', default: false, describe: 'no progress on stderr' }),
      ),
      async (args) => {
        code = await commandCheck(io, args.scenarios as string[], {
          table: args.table,
          baseline: args.baseline,
          untilDecided: args['until-decided'],
          games: args.games,
          seed: args.seed,
          lookEvery: args['look-every'],
          workers: args.workers,
          batchSize: args['batch-size'],
          json: args.json,
          markdown: args.markdown,
          updateBaseline: args['update-baseline'],
          quiet: args.quiet,
          queue: queueExecutor(args, io.err, args.quiet),
          'bot-timeout': args['bot-timeout'],
          'hang-limit': args['hang-limit'],
        });
      },
    )
    .command(
      'replay <scenario>',
      'print the full story of game K of a run (the same game `run` played as its K-th)',
      ex('replay', (y) =>
        y
          .positional('scenario', { type: 'string', demandOption: true })
          .option('game', { type: 'number', describe: 'game index K (0-based)' })
          .option('seed', { type: 'string', describe: "run seed (default: the scenario's)" })
          .option('examples', {
            type: 'boolean',
            default: false,
            describe:
              "instead of --game: write the replay page of every example game of the scenario's run report, beside it (--out: the report's folder, default reports/<scenario name>/)",
          })
          .option('html', {
            type: 'boolean',
            default: false,
            describe: 'write the replay page (board, decisions, score strip; steps with keys, buttons, a scrubber) instead of printing the story',
          })
          .option('out', {
            type: 'string',
            describe: "with --html: the page's file (default: reports/<scenario name>/replay-K.html, where the report's example links point)",
          })
          .option('table', TABLE_OPTION)
          .option('json', { type: 'boolean', default: false, describe: 'print the game as JSON: its story (lines), final scores, winners and faults' }),
      ),
      async (args) => {
        code = await commandReplay(io, args.scenario, args.game, args.seed, {
          json: args.json,
          table: args.table,
          html: args.html,
          out: args.out,
          examples: args.examples,
        });
      },
    )
    .command(
      'verify <paths..>',
      'run round fixtures (files or folders) and report PASS/FAIL per fixture',
      ex('verify', (y) =>
        y
          .positional('paths', { type: 'string', array: true, demandOption: true })
          .option('json', { type: 'boolean', default: false, describe: 'print the results as JSON: per fixture its file, name, pass and differences' })
          .option('quiet', { type: 'boolean', default: false, describe: 'print only the FAIL lines and the count (the exit code says the rest)' }),
      ),
      (args) => {
        code = commandVerify(io, args.paths as string[], { json: args.json, quiet: args.quiet });
      },
    )
    .command(
      'tournament',
      'rate bots: every line-up of the pool on the same deals in every seat rotation; Plackett–Luce ratings with bootstrap intervals',
      ex('tournament', (y) => tournamentOptions(y)),
      async (args) => {
        code = await commandTournament(io, args, argv);
      },
    )
    .command(
      'skill <scenario>',
      "the skill ladder: every tier's seat against tables of every other tier on the same deals; matchups, ratings, skill depth, luck versus skill",
      ex('skill', (y) => skillOptions(y)),
      async (args) => {
        code = await commandSkill(io, args, argv);
      },
    )
    .command(
      'new-bot <name>',
      'write a commented starter bot file (<name>.ts) that plays and explains the seat view, or with --from a copy of a built-in bot',
      ex('new-bot', (y) =>
        y
          .positional('name', { type: 'string', demandOption: true, describe: 'the bot\'s name (letters, digits, "-", "_")' })
          .option('game', GAME_OPTION)
          .option('from', { type: 'string', describe: "start from a built-in bot's own code (e.g. greedy): unchanged, the file plays exactly as that bot" })
          .option('out', { type: 'string', describe: 'file to write (default: ./<name>.ts)' })
          .option('force', { type: 'boolean', default: false, describe: 'overwrite an existing file' })
          .option('json', { type: 'boolean', default: false, describe: 'print the file written and the next commands as JSON' })
          .option('quiet', { type: 'boolean', default: false, describe: 'print nothing (the exit code says whether the file was written)' }),
      ),
      async (args) => {
        code = await commandNewBot(io, args.name, args);
      },
    )
    .command(
      'check-bot <file>',
      "quick-play a bot file against the game's check-bot opponents: type errors, faults and nondeterminism (exit 1 if any)",
      ex('check-bot', (y) =>
        y
          .positional('file', { type: 'string', demandOption: true, describe: 'the bot file (.ts or .js)' })
          .option('game', GAME_OPTION)
          .option('deals', { type: 'number', default: 5, describe: 'deals (each played in every seat rotation)' })
          .option('seed', { type: 'string', default: 'check' })
          .option('workers', { type: 'number', describe: 'worker threads (default 1)' })
          .option('bot-timeout', { type: 'number', default: DEFAULT_BOT_TIMEOUT_MS, describe: 'per-decision time budget in ms' })
          .option('hang-limit', { type: 'number', default: 10_000, describe: 'a decision running this long (ms) is stopped' })
          .option('typecheck', {
            type: 'boolean',
            default: true,
            describe: "type-check a .ts bot file with goldpit's TypeScript first (--no-typecheck skips it)",
          })
          .option('json', {
            type: 'boolean',
            default: false,
            describe: 'print the result as JSON: games, win rate, faults with their replay commands, determinism, type errors',
          })
          .option('quiet', {
            type: 'boolean',
            default: false,
            describe: 'print only the problems (FAULT, TYPE ERROR, NONDETERMINISTIC); the exit code says the rest',
          }),
      ),
      async (args) => {
        code = await commandCheckBot(io, args.file, args);
      },
    )
    .command(
      'worker',
      'play the batches queued by `--queue` coordinators on this machine (a long-running service; stop with Ctrl-C)',
      ex('worker', (y) => workerOptions(y)),
      async (args) => {
        code = await commandWorker(args, (line) => io.err(`${new Date().toISOString()} ${line}\n`));
      },
    )
    .middleware((args) => {
      const problem = numberArgumentProblem(argv, args);
      if (problem !== null) throw new UsageError(problem);
    })
    .completion('completion', 'print a shell completion script (bash, zsh): npx goldpit completion >> ~/.bashrc')
    .demandCommand(1, `name a command: ${COMMANDS.join(', ')}`)
    .strict()
    .help()
    .alias('help', 'h')
    .epilogue(
      "`npx goldpit help <command>` (or `<command> --help`) shows a command's options and examples; `npx goldpit -v` prints the version. Exit codes, stopping a long run, output folders: docs/cli.md.",
    )
    .version(false)
    .exitProcess(false)
    .fail((msg, err) => {
      throw err ?? new UsageError(msg);
    });
  try {
    await parser.parseAsync();
  } catch (e) {
    releaseOutputFolders();
    if (e instanceof GoldpitError) {
      io.err(`${colours(io.errIsTty).red('goldpit:')} ${e.message}\n`);
      if (e instanceof UsageError) io.err(`Run \`${GOLDPIT}${commandOf(argv) ? ` ${commandOf(argv)}` : ''} --help\` for usage.\n`);
      return 2;
    }
    io.err(`${colours(io.errIsTty).red('goldpit: internal error:')} ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  }
  releaseOutputFolders();
  return code;
}

/** The command an argument list names (its first word, when it is one), for the help line of an error. */
function commandOf(argv: readonly string[]): string | null {
  return (COMMANDS as readonly string[]).includes(argv[0]) ? argv[0] : null;
}

function positiveInt(name: string, v: number | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!Number.isInteger(v) || v < 1) throw new UsageError(`--${name} must be a positive integer, got ${v}`);
  return v;
}

interface RunArgs {
  games?: number;
  seed?: string;
  out?: string;
  workers?: number;
  batchSize: number;
  shard?: string;
  resume: boolean;
  fresh: boolean;
  checkpointEvery: number;
  gamesCsv: boolean;
  replays?: boolean;
  precision?: number;
  engine: Engine;
  queue?: QueueExecutor;
  quiet: boolean;
  json: boolean;
  argv: readonly string[];
  'bot-timeout'?: number;
  'hang-limit'?: number;
  table?: string;
}

async function commandRun(io: Io, path: string, args: RunArgs): Promise<number> {
  const scenario = await openScenario(path, { table: args.table });
  const limits = botLimitsOf(args);
  const games = positiveInt('games', args.games) ?? scenario.games;
  const seed = args.seed ?? scenario.seed;
  const out = resolve(args.out ?? join('reports', scenario.name));
  const batchSize = positiveInt('batch-size', args.batchSize)!;
  if (!(args.checkpointEvery > 0)) throw new UsageError(`--checkpoint-every must be a positive number of seconds, got ${args.checkpointEvery}`);
  if (args.resume && args.fresh) throw new UsageError('--resume and --fresh exclude each other: --resume continues the checkpoint, --fresh deletes it');
  const shard = args.shard === undefined ? null : parseShard(args.shard);
  const [from, to] = shard ? shardRange(games, shard) : [0, games];
  const precision = args.precision ?? null;
  if (precision !== null && !(precision > 0 && precision < 0.5)) {
    throw new UsageError(`--precision must be a half-width above 0 and below 0.5 (e.g. 0.01 for ±1 pp), got ${args.precision}`);
  }
  if (precision !== null && shard)
    throw new UsageError('--precision and --shard exclude each other: a shard cannot know when all shards together are precise enough');
  const until = precision === null ? undefined : precisionRule({ ...scenario, seed }, precision, games);
  const workers = workerCount(io.err, args.workers);
  checkWatchable([scenario], workers, limits, args.queue !== undefined);
  prepareOutputFolder(out);
  const suffix = shard ? `-${shard.index}-of-${shard.count}` : '';
  const checkpointFile = join(out, `.checkpoint${suffix}.json`);
  if (!args.resume) startAfresh(io, out, checkpointFile, args, shard === null);
  const progress = new Progress(to - from, args.quiet ? 'none' : io.errIsTty ? 'bar' : 'lines', io.err);
  // Ctrl-C / SIGTERM: stop cleanly, keep what has finished in the checkpoint, say how to resume.
  const started = Date.now();
  const again = pasteable([...args.argv.filter((a) => a !== '--resume' && a !== '--fresh'), '--resume']);
  const queue = args.queue;
  const { result, stoppedBy } = await stoppableBySignals((stop) =>
    runParallel(scenario, {
      seed,
      engine: args.engine,
      from,
      to,
      workers,
      batchSize,
      checkpointFile,
      checkpointEveryMs: args.checkpointEvery * 1000,
      resume: args.resume,
      gamesCsvFile: args.gamesCsv ? join(out, `games${suffix}.csv`) : null,
      progress,
      stop,
      queue,
      until,
      limits,
      onHang: hangLine(scenario, limits, io.err),
    }).catch((e: unknown) => {
      throw withResumeHint(e, checkpointFile, again);
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  if (!result.complete) {
    io.err(
      `\ninterrupted${stoppedBy ? ` by ${describeStop(stoppedBy)}` : ''} after ${result.gamesDone} of ${to - from} games; kept in ${checkpointFile}\nresume with: ${again}\n`,
    );
    return stopExitCode(stoppedBy ?? 'SIGINT');
  }
  // A resumed run's facts cover all its sessions when the checkpoint recorded the earlier ones.
  const earlier = result.earlier;
  const totalSeconds = seconds + (earlier?.seconds ?? 0);
  const engine = { kernelGames: result.fastGames + (earlier?.fastGames ?? 0), referenceGames: result.referenceGames + (earlier?.referenceGames ?? 0) };
  // With --precision the run may end before `to`: the games played are `gamesDone`.
  const timedGames = result.resumedGames > 0 && earlier === null ? result.gamesDone - result.resumedGames : result.gamesDone;
  if (shard) {
    const file = join(out, `partial${suffix}.json`);
    const run: RunFacts = {
      wallSeconds: Number(totalSeconds.toFixed(3)),
      workers,
      finishedAt: new Date().toISOString(),
      engine,
      ...(timedGames !== to - from ? { timedGames } : {}),
      ...timedBotsOf(scenario.bots),
    };
    writeAtomic(file, `${JSON.stringify(partialOf(scenario, seed, games, from, to, result.aggregate, run))}\n`);
    if (args.json) io.out(`${JSON.stringify({ shard: `${shard.index}/${shard.count}`, from, to, partial: file }, null, 2)}\n`);
    if (!args.quiet)
      io.out(
        `shard ${shard.index}/${shard.count}: games ${from}–${to - 1} in ${seconds.toFixed(1)} s; wrote ${file}\nmerge the shards with: ${GOLDPIT} merge <partial files> --out DIR\n`,
      );
    return 0;
  }
  const played = summarize({ ...scenario, seed }, result.aggregate);
  const summary = until ? { ...played, stopping: stoppingOf(until.rule, result.gamesDone, games, result.untilMet) } : played;
  const run: RunFacts = {
    wallSeconds: Number(totalSeconds.toFixed(3)),
    workers,
    finishedAt: new Date().toISOString(),
    engine,
    ...(timedGames !== result.gamesDone ? { timedGames } : {}),
    ...(summary.changedCards ? { changedCards: summary.changedCards } : {}),
    ...(summary.botFiles ? { botFiles: summary.botFiles } : {}),
    ...timedBotsOf(scenario.bots),
    ...(args.replays ? { replays: true } : {}),
  };
  const files = writeRunOutputs(out, summary, reportGameOf(scenario.definition), run);
  if (args.replays) files.push(...writeExampleReplays(scenario, summary, seed, out));
  otherGamesFiles(io, out, files, args.quiet);
  if (!args.quiet) {
    io.out(`${summaryTable(summary, reportGameOf(scenario.definition))}\n\n`);
    const playedNow = result.gamesDone - result.resumedGames;
    const resumed = result.resumedGames ? ` (${result.resumedGames} taken over from the checkpoint)` : '';
    if (summary.stopping) io.out(`${summary.stopping.text}\n`);
    io.out(
      `${playedNow} games in ${seconds.toFixed(1)} s (${(playedNow / seconds).toFixed(0)} games/s, ${queue ? `through the queue at ${queue.target.shown}` : `${workers} worker${workers === 1 ? '' : 's'}`}; ${engineLine(engine)})${resumed}; wrote ${files.length} files to ${out}\n`,
    );
    io.out(`open the report: ${join(out, 'report.html')}\n`);
  }
  if (args.json) io.out(`${JSON.stringify(summary, null, 2)}\n`);
  return 0;
}

/**
 * `run --precision h`: met when every bot's and seat's win-rate interval, as summary.json reports it,
 * reaches at most h from its estimate on either side; looked at every PRECISION_LOOK games.
 */
function precisionRule(scenario: Parameters<typeof summarize>[0], h: number, cap: number) {
  const within = (rate: number, ci: readonly [number, number]) => Math.max(rate - ci[0], ci[1] - rate) <= h;
  return {
    every: PRECISION_LOOK,
    rule: `play until every bot and seat win rate's 95% interval is within ±${h}, looking after every ${PRECISION_LOOK.toLocaleString('en-US')} games, at most ${cap.toLocaleString('en-US')} games`,
    met: (_games: number, aggregate: Parameters<typeof summarize>[1]) => {
      const s = summarize(scenario, aggregate);
      return s.bots.every((b) => within(b.winRate, b.ci95)) && s.seats.every((x) => within(x.winRate, x.ci95));
    },
  };
}

function stoppingOf(rule: string, games: number, cap: number, met: boolean): NonNullable<RunSummary['stopping']> {
  const where = met ? `met after ${games.toLocaleString('en-US')} games` : `not met within the cap of ${cap.toLocaleString('en-US')} games`;
  return { rule, games, cap, met, text: `stopping rule: ${rule}; ${where}` };
}

/** The command to paste to run goldpit again with these arguments. */
function pasteable(argv: readonly string[]): string {
  return [GOLDPIT, ...argv.map(shellWord)].join(' ');
}

/**
 * Before a run without --resume: a checkpoint in the folder is hours of work, so the run refuses to
 * start unless --fresh says to delete it; a full run also clears or lists files of earlier runs.
 */
function startAfresh(io: Io, out: string, checkpointFile: string, args: RunArgs, fullRun: boolean): void {
  if (existsSync(checkpointFile)) {
    if (!args.fresh) {
      const cp = peekCheckpoint(checkpointFile);
      const held = cp ? `${cp.gamesDone} of ${cp.games} games, seed ${JSON.stringify(cp.seed)}` : 'an unreadable checkpoint';
      const rest = args.argv.filter((a) => a !== '--fresh');
      throw new UsageError(
        `${checkpointFile} holds the checkpoint of an unfinished run (${held}); this run would overwrite it.\n` +
          `  continue it:      ${pasteable([...rest, '--resume'])}\n` +
          `  or start over:    ${pasteable([...rest, '--fresh'])}   (deletes the checkpoint)\n` +
          '  or write elsewhere with --out DIR',
      );
    }
    rmSync(checkpointFile, { force: true });
  }
  if (!fullRun) return;
  const { removed, leftOver } = clearStaleOutputs(out, args.gamesCsv);
  if (removed.length > 0 && !args.quiet) io.err(`goldpit: removed ${removed.join(', ')} of an earlier run from ${out} (this run does not write it)\n`);
  if (leftOver.length > 0 && !args.quiet) io.err(`goldpit: note: ${out} also holds ${leftOver.join(', ')} from other runs; they are not part of this run\n`);
}

/** Removes (and says so) the tables another game's run left in the folder under names this run does not write. */
function otherGamesFiles(io: Io, out: string, written: readonly string[], quiet: boolean): void {
  const removed = removeOtherGamesFiles(
    out,
    written,
    Object.values(GAMES).flatMap((d) => gameFileNames(reportGameOf(d))),
  );
  if (removed.length > 0 && !quiet)
    io.err(`goldpit: removed ${removed.join(', ')} of an earlier run of another game from ${out} (this run does not write them)\n`);
  // Replay pages of an earlier run: its example games are not this run's (the report links replay-K.html).
  const pages = removeOtherGamesFiles(
    out,
    written,
    readdirSync(out).filter((f) => /^replay-\d+\.html$/.test(f)),
  );
  if (pages.length > 0 && !quiet) {
    io.err(
      `goldpit: removed ${pages.length} replay page${pages.length === 1 ? '' : 's'} of an earlier run from ${out} (${pages.length === 1 ? 'it shows' : 'they show'} that run's games; this run's: --replays, or goldpit replay <scenario> --examples)\n`,
    );
  }
}

/** Which engine played a run's games, for its closing line. */
function engineLine(engine: { kernelGames: number; referenceGames: number }): string {
  if (engine.referenceGames === 0) return "on the game's fast player";
  if (engine.kernelGames === 0) return 'on the generic driver';
  return `${engine.kernelGames} on the game's fast player, ${engine.referenceGames} handed to the generic driver`;
}

async function commandImpact(
  io: Io,
  path: string,
  args: {
    card: string;
    games?: number;
    seed?: string;
    out?: string;
    workers?: number;
    'batch-size': number;
    engine: Engine;
    quiet: boolean;
    json?: boolean;
    queue?: QueueExecutor;
    'bot-timeout'?: number;
    'hang-limit'?: number;
    table?: string;
  },
): Promise<number> {
  const scenario = await openScenario(path, { table: args.table });
  const limits = botLimitsOf(args);
  const all = chanceCardsOf(scenario.definition, scenario.config);
  if (all.length === 0) {
    throw new UsageError(
      `${scenario.definition.presentation.title} has no chance cards to blank: impact plays every game twice, as dealt and with one chance card replaced by a blank, and this game deals none (${path})`,
    );
  }
  const cards = args.card === 'all' ? all.map((_, i) => i) : [all.indexOf(args.card)];
  if (cards[0] < 0) throw new UsageError(`--card must be "all" or one of ${all.join(', ')}; got ${JSON.stringify(args.card)}`);
  const games = positiveInt('games', args.games) ?? scenario.games;
  const seed = args.seed ?? scenario.seed;
  const out = resolve(args.out ?? join('reports', scenario.name));
  const workers = workerCount(io.err, args.workers);
  checkWatchable([scenario], workers, limits, args.queue !== undefined);
  const batchSize = positiveInt('batch-size', args['batch-size'])!;
  prepareOutputFolder(out);
  const started = Date.now();
  const { result, stoppedBy } = await stoppableBySignals((stop) =>
    runImpactParallel(scenario, {
      limits,
      onHang: hangLine(scenario, limits, io.err),
      seed,
      engine: args.engine,
      games,
      cards,
      workers,
      batchSize,
      queue: args.queue,
      progress: new Progress(games, args.quiet ? 'none' : io.errIsTty ? 'bar' : 'lines', io.err),
      stop,
    }),
  );
  if (!result.complete) {
    io.err(`interrupted${stoppedBy ? ` by ${describeStop(stoppedBy)}` : ''}: the impact analysis needs all its games; nothing was written\n`);
    return stopExitCode(stoppedBy ?? 'SIGINT');
  }
  const impact = impactReport(scenario, seed, games, result.sums);
  const files = writeImpactOutputs(out, impact);
  // Re-render the run's report page with the impact section when the run's summary is there.
  const summaryFile = join(out, 'summary.json');
  if (existsSync(summaryFile)) {
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as RunSummary;
    if (summary.scenario === scenario.name) {
      const runFile = join(out, 'run.json');
      const run = existsSync(runFile) ? (JSON.parse(readFileSync(runFile, 'utf8')) as RunFacts) : null;
      writeAtomic(join(out, 'report.html'), renderReport(summary, impact, run, reportGameOf(scenario.definition)));
      files.push(join(out, 'report.html'));
    }
  }
  if (!args.quiet) {
    io.out(
      `${impactTable(impact, reportGameOf(scenario.definition))}\n\n${games} games in ${((Date.now() - started) / 1000).toFixed(1)} s; wrote ${files.join(', ')}\n`,
    );
  }
  if (args.json) io.out(`${JSON.stringify(impact, null, 2)}\n`);
  return 0;
}

function commandMerge(io: Io, partials: readonly string[], outArg: string | undefined, quiet: boolean, json = false): number {
  const merged = mergePartials(partials);
  const out = resolve(outArg ?? join('reports', merged.scenario.name));
  prepareOutputFolder(out);
  const summary = summarize({ ...merged.scenario, seed: merged.seed }, merged.aggregate);
  const game = reportGameOf(merged.scenario.definition);
  const files = writeRunOutputs(out, summary, game, mergedRunFacts(merged.shards));
  otherGamesFiles(io, out, files, quiet);
  const csv = mergeGamesCsv(
    merged.shards.map((s) => s.file),
    join(out, 'games.csv'),
  );
  if (csv.written) files.push(join(out, 'games.csv'));
  else if (csv.missing.length > 0 && csv.missing.length < merged.shards.length) {
    io.err(`goldpit: games.csv not written: ${csv.missing.join(', ')} missing (each shard writes its games-i-of-n.csv next to its partial with --games-csv)\n`);
  }
  if (!quiet)
    io.out(
      `${summaryTable(summary, game)}\n\nmerged ${partials.length} partial results (${merged.games} games); wrote ${files.length} files to ${out}\nopen the report: ${join(out, 'report.html')}\n`,
    );
  if (json) io.out(`${JSON.stringify(summary, null, 2)}\n`);
  return 0;
}

/**
 * The run facts of merged shards: their wall times and engine counts added up (the shards may have
 * run one after another or on many machines at once, so the sum is the playing time spent), the
 * largest worker count; null when a partial predates run facts.
 */
function mergedRunFacts(shards: ReturnType<typeof mergePartials>['shards']): RunFacts | null {
  if (shards.some((s) => s.run === null)) return null;
  const runs = shards.map((s) => s.run!);
  const engines = runs.map((r) => r.engine);
  return {
    wallSeconds: Number(runs.reduce((t, r) => t + r.wallSeconds, 0).toFixed(3)),
    workers: Math.max(...runs.map((r) => r.workers)),
    finishedAt: new Date().toISOString(),
    shards: runs.length,
    ...(engines.every((e) => e !== undefined)
      ? { engine: { kernelGames: engines.reduce((t, e) => t + e.kernelGames, 0), referenceGames: engines.reduce((t, e) => t + e.referenceGames, 0) } }
      : {}),
    ...(runs.some((r) => r.timedGames !== undefined) ? { timedGames: runs.reduce((t, r, i) => t + (r.timedGames ?? shards[i].to - shards[i].from), 0) } : {}),
    ...(runs.some((r) => r.timedBots !== undefined) ? { timedBots: [...new Set(runs.flatMap((r) => r.timedBots ?? []))] } : {}),
  };
}

/**
 * The shards' games-i-of-n.csv (next to their partial-i-of-n.json) joined in game order under one
 * header: the games.csv one run of all games writes. Written only when every shard has one.
 */
function mergeGamesCsv(partialFiles: readonly string[], target: string): { written: boolean; missing: string[] } {
  const sources = partialFiles.map((f) => {
    const m = /partial(-\d+-of-\d+)\.json$/.exec(f);
    return m ? join(dirname(f), `games${m[1]}.csv`) : null;
  });
  const missing = sources.map((s, i) => s ?? `a games CSV for ${partialFiles[i]}`).filter((s, i) => sources[i] === null || !existsSync(s));
  if (missing.length > 0) return { written: false, missing };
  let text = '';
  sources.forEach((s, i) => {
    const body = readFileSync(s!, 'utf8');
    // Each shard's file starts with the same header line; keep it once.
    text += i === 0 ? body : body.slice(body.indexOf('\n') + 1);
  });
  writeAtomic(target, text);
  return { written: true, missing: [] };
}

async function commandReplay(
  io: Io,
  path: string,
  game: number | undefined,
  seedArg: string | undefined,
  opts: { json?: boolean; table?: string; html?: boolean; out?: string; examples?: boolean },
): Promise<number> {
  const { json = false, table, html = false, out, examples = false } = opts;
  if (examples) {
    if (game !== undefined) throw new UsageError('--game and --examples exclude each other: one game, or every example game of the report');
    if (json) throw new UsageError('--examples writes replay pages: leave --json out');
    return commandReplayExamples(io, path, await openScenario(path, { table }), seedArg, out);
  }
  if (game === undefined) throw new UsageError('give --game K (one game) or --examples (every example game of the run report)');
  if (out !== undefined && !html) throw new UsageError('--out names the replay page: give it with --html');
  if (html && json) throw new UsageError('--html and --json are two different outputs: give one of them');
  const scenario = await openScenario(path, { table });
  if (!Number.isInteger(game) || game < 0) throw new UsageError(`--game must be a game index ≥ 0, got ${game}`);
  const seed = seedArg ?? scenario.seed;
  if (html) return commandReplayHtml(io, scenario, game, seed, out);
  const played = playOne(scenario, game, { seed, trace: true });
  if (json) {
    const { outcome } = scenario.definition.record(played.final);
    const result = {
      scenario: scenario.name,
      game,
      seed,
      seats: scenario.seats,
      story: scenario.definition.story(played.final, scenario.seats, played.faults).split('\n'),
      outcome,
      faults: played.faults,
    };
    io.out(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  }
  io.out(`Game ${game} of scenario ${scenario.name}, seed ${JSON.stringify(seed)}\n`);
  io.out(`${scenario.definition.story(played.final, scenario.seats, played.faults)}\n`);
  for (const f of played.faults) io.out(`FAULT seat ${f.seat} (${scenario.seats[f.seat]}) in ${f.request}: ${f.reason}: ${f.message}\n`);
  return 0;
}

function fixtureFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    let st: import('node:fs').Stats;
    try {
      st = statSync(p);
    } catch {
      throw new InputError(p, '', 'no such file or folder');
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        const child = join(p, name);
        if (statSync(child).isDirectory() || name.endsWith('.json')) walk(child);
      }
    } else out.push(p);
  };
  for (const p of paths) walk(p);
  return out;
}

function commandVerify(io: Io, paths: readonly string[], options: { json?: boolean; quiet?: boolean } = {}): number {
  const files = fixtureFiles(paths);
  if (files.length === 0) throw new UsageError(`no fixture files (*.json) found in ${paths.join(', ')}`);
  // Each fixture names its game (`game`, default DEFAULT_GAME) and is read by that game's hooks.
  const fixtures: { file: string; hooks: FixtureHooks<unknown>; fixture: unknown }[] = [];
  const malformed: string[] = [];
  for (const file of files) {
    try {
      const data = readJsonFile(file, 'the fixture');
      const raw = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
      const game = raw.game === undefined ? DEFAULT_GAME : raw.game;
      if (typeof game !== 'string' || !Object.hasOwn(GAMES, game)) {
        throw new InputError(
          file,
          'game',
          `expected one of ${Object.keys(GAMES)
            .map((g) => `"${g}"`)
            .join(', ')}, got ${JSON.stringify(game)}`,
        );
      }
      const hooks = GAMES[game].fixtures;
      fixtures.push({ file, hooks, fixture: hooks.parse(file, data) });
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      malformed.push(e.message);
    }
  }
  if (malformed.length) {
    for (const m of malformed) io.err(`MALFORMED ${m}\n`);
    io.err(`${malformed.length} malformed fixture file(s); nothing was run\n`);
    return 2;
  }
  const c = colours(io.outIsTty ?? false);
  let passed = 0;
  let failed = 0;
  const results: { file: string; name: string; pass: boolean; differences: readonly string[] }[] = [];
  for (const { file, hooks, fixture } of fixtures) {
    const diffs = hooks.check(fixture);
    const name = hooks.name(fixture);
    results.push({ file, name, pass: diffs.length === 0, differences: diffs });
    if (diffs.length === 0) {
      passed++;
      if (!options.json && !options.quiet) io.out(`${c.green('PASS')} ${name} (${file})\n`);
    } else {
      failed++;
      if (!options.json) io.out(`${c.red('FAIL')} ${name} (${file}): ${diffs.join('; ')}\n`);
    }
  }
  if (options.json) io.out(`${JSON.stringify({ passed, failed, fixtures: results }, null, 2)}\n`);
  else io.out(`${passed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}
