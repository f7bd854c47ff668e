/**
 * The `goldpit` command. Wiring only: parsing with yargs, then calls into sim/, report/ and games/.
 * One top-level handler turns errors into exit codes: 2 for bad input or usage, 1 for bugs.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import yargs from 'yargs';
import { GoldpitError, InputError, UsageError } from '../core/errors.js';
import type { FixtureHooks } from '../core/definition.js';
import { DEFAULT_GAME, GAMES } from '../games/registry.js';
import { reportGameOf, summarize } from '../report/summary.js';
import { renderReport, type RunFacts } from '../report/html.js';
import { impactReport } from '../report/impact.js';
import type { RunSummary } from '../report/types.js';
import { impactTable, summaryTable, writeAtomic, writeImpactOutputs, writeRunOutputs } from '../report/write.js';
import { runImpactParallel, runParallel } from '../sim/parallel.js';
import { Progress } from '../sim/progress.js';
import type { QueueExecutor } from '../sim/queue/coordinator.js';
import { playOne, type Engine } from '../sim/run.js';
import { loadScenario } from '../sim/scenario.js';
import { CHECK_DEFAULTS } from '../check/compare.js';
import { mergePartials, parseShard, partialOf, shardRange } from '../sim/shard.js';
import { commandBaseline, commandCheck } from './check.js';
import { commandCheckBot, commandNewBot, commandTournament, DEFAULT_BOT_TIMEOUT_MS, GAME_OPTION, tournamentOptions } from './tournament.js';
import { commandWorker, queueExecutor, queueOptions, withResumeHint, workerOptions } from './worker.js';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  readonly errIsTty: boolean;
}

const processIo: Io = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  errIsTty: Boolean(process.stderr.isTTY),
};

/** `--engine` of run and impact (sim/run.ts `Engine`). */
const ENGINE_OPTION = {
  choices: ['auto', 'reference'] as const,
  default: 'auto' as const,
  describe: 'auto: the fast kernel when every seat is a built-in heuristic bot (the same games), else the reference engine; reference: always the reference engine',
};

/** Runs the command line; returns the exit code. */
export async function runCli(argv: readonly string[], io: Io = processIo): Promise<number> {
  let code = 0;
  const parser = yargs([...argv])
    .scriptName('goldpit')
    .usage(`$0 <command> [options]\n\nBot tournaments and Monte-Carlo balance analysis for tabletop games (${Object.values(GAMES).map((g) => g.presentation.title).join(', ')}).`)
    .command(
      'run <scenario>',
      'play N games of a scenario across worker threads and write summary.json and CSV tables',
      (y) =>
        queueOptions(y)
          .positional('scenario', { type: 'string', demandOption: true, describe: 'scenario file (scenarios/*.json)' })
          .option('games', { type: 'number', describe: "number of games (default: the scenario's, else 10000)" })
          .option('seed', { type: 'string', describe: 'run seed (default: the scenario\'s, else "goldpit")' })
          .option('out', { type: 'string', describe: 'output folder (default: reports/<scenario name>/)' })
          .option('workers', { type: 'number', describe: `worker threads (default: all ${availableParallelism()} cores; 0 = this thread)` })
          .option('batch-size', { type: 'number', default: 2000, describe: 'games per batch (the unit of work and of checkpoints)' })
          .option('shard', { type: 'string', describe: 'i/n: play only shard i of n and write a partial result for `goldpit merge`' })
          .option('resume', { type: 'boolean', default: false, describe: 'continue an interrupted run from its checkpoint in the output folder' })
          .option('checkpoint-every', { type: 'number', default: 5, describe: 'seconds between checkpoints' })
          .option('games-csv', { type: 'boolean', default: false, describe: 'also write games.csv, one row per game (streamed)' })
          .option('engine', ENGINE_OPTION)
          .option('quiet', { type: 'boolean', default: false, describe: 'no progress and no table on stdout' }),
      async (args) => {
        code = await commandRun(io, args.scenario, {
          games: args.games,
          seed: args.seed,
          out: args.out,
          workers: args.workers,
          batchSize: args['batch-size'],
          shard: args.shard,
          resume: args.resume,
          checkpointEvery: args['checkpoint-every'],
          gamesCsv: args['games-csv'],
          engine: args.engine,
          queue: queueExecutor(args, io.err, args.quiet),
          quiet: args.quiet,
          argv,
        });
      },
    )
    .command(
      'merge <partials..>',
      'merge the partial results of `run --shard i/n` into the outputs of one run of all games',
      (y) =>
        y
          .positional('partials', { type: 'string', array: true, demandOption: true })
          .option('out', { type: 'string', describe: 'output folder (default: reports/<scenario name>/)' })
          .option('quiet', { type: 'boolean', default: false }),
      (args) => {
        code = commandMerge(io, args.partials as string[], args.out, args.quiet);
      },
    )
    .command(
      'impact <scenario>',
      'counterfactual chance-card impact: every game as dealt and with the card blanked (common random numbers)',
      (y) =>
        queueOptions(y)
          .positional('scenario', { type: 'string', demandOption: true })
          .option('card', { type: 'string', demandOption: true, describe: 'a chance card id (Goldrausch: an event card), or "all" for all of them' })
          .option('games', { type: 'number', describe: "games (default: the scenario's)" })
          .option('seed', { type: 'string', describe: "run seed (default: the scenario's)" })
          .option('out', { type: 'string', describe: 'output folder (default: reports/<scenario name>/)' })
          .option('workers', { type: 'number', describe: `worker threads (default: all ${availableParallelism()} cores; 0 = this thread)` })
          .option('batch-size', { type: 'number', default: 500 })
          .option('engine', ENGINE_OPTION)
          .option('quiet', { type: 'boolean', default: false }),
      async (args) => {
        code = await commandImpact(io, args.scenario, { ...args, queue: queueExecutor(args, io.err, args.quiet) });
      },
    )
    .command(
      'baseline <scenarios..>',
      'record the per-deal outcomes of scenarios as the baseline that `goldpit check` compares against',
      (y) =>
        queueOptions(y)
          .positional('scenarios', { type: 'string', array: true, demandOption: true, describe: 'scenario files' })
          .option('out', { type: 'string', demandOption: true, describe: 'baseline file to write (e.g. baselines/baseline.json)' })
          .option('games', { type: 'number', describe: "games per scenario (default: the scenario's)" })
          .option('workers', { type: 'number', describe: `worker threads (default: all ${availableParallelism()} cores; 0 = this thread)` })
          .option('batch-size', { type: 'number', default: 500, describe: 'games per batch' })
          .option('quiet', { type: 'boolean', default: false }),
      async (args) => {
        code = await commandBaseline(io, args.scenarios as string[], { out: args.out, games: args.games, workers: args.workers, batchSize: args['batch-size'], quiet: args.quiet, queue: queueExecutor(args, io.err, args.quiet) });
      },
    )
    .command(
      'check <scenarios..>',
      'replay the baseline\'s deals with the current code and test every metric against its tolerance: exit 0 PASS, 1 FAIL, 3 INCONCLUSIVE',
      (y) =>
        queueOptions(y)
          .positional('scenarios', { type: 'string', array: true, demandOption: true, describe: 'scenario files (each must be in the baseline)' })
          .option('baseline', { type: 'string', demandOption: true, describe: 'baseline file written by `goldpit baseline`' })
          .option('until-decided', { type: 'boolean', default: false, describe: 'sequential test (SPRT): add games until PASS or FAIL, up to the games the baseline holds' })
          .option('games', { type: 'number', describe: 'games to compare (default: all the baseline holds; the limit with --until-decided)' })
          .option('seed', { type: 'string', describe: "replay another seed than the baseline's (unpaired; for experiments)" })
          .option('look-every', { type: 'number', default: CHECK_DEFAULTS.lookEvery, describe: 'games between looks of the sequential test' })
          .option('workers', { type: 'number', describe: `worker threads (default: all ${availableParallelism()} cores; 0 = this thread)` })
          .option('batch-size', { type: 'number', default: 500, describe: 'games per batch' })
          .option('json', { type: 'boolean', default: false, describe: 'print the result as JSON' })
          .option('markdown', { type: 'boolean', default: false, describe: 'print the result as Markdown (also appended to $GITHUB_STEP_SUMMARY when set)' })
          .option('update-baseline', { type: 'boolean', default: false, describe: 'rewrite the baseline entries of these scenarios with the current code (on purpose), then exit 0' })
          .option('quiet', { type: 'boolean', default: false, describe: 'no progress on stderr' }),
      async (args) => {
        code = await commandCheck(io, args.scenarios as string[], {
          baseline: args.baseline, untilDecided: args['until-decided'], games: args.games, seed: args.seed, lookEvery: args['look-every'],
          workers: args.workers, batchSize: args['batch-size'], json: args.json, markdown: args.markdown, updateBaseline: args['update-baseline'], quiet: args.quiet,
          queue: queueExecutor(args, io.err, args.quiet),
        });
      },
    )
    .command(
      'replay <scenario>',
      'print the full story of game K of a run (the same game `run` played as its K-th)',
      (y) =>
        y
          .positional('scenario', { type: 'string', demandOption: true })
          .option('game', { type: 'number', demandOption: true, describe: 'game index K (0-based)' })
          .option('seed', { type: 'string', describe: 'run seed (default: the scenario\'s)' }),
      (args) => {
        code = commandReplay(io, args.scenario, args.game, args.seed);
      },
    )
    .command(
      'verify <paths..>',
      'run round fixtures (files or folders) and report PASS/FAIL per fixture',
      (y) => y.positional('paths', { type: 'string', array: true, demandOption: true }),
      (args) => {
        code = commandVerify(io, args.paths as string[]);
      },
    )
    .command(
      'tournament',
      'rate bots: every line-up of the pool on the same deals in every seat rotation; Plackett–Luce ratings with bootstrap intervals',
      (y) => tournamentOptions(y),
      async (args) => {
        code = await commandTournament(io, args);
      },
    )
    .command(
      'new-bot <name>',
      'write a commented starter bot file (<name>.ts) that plays and explains the seat view',
      (y) =>
        y
          .positional('name', { type: 'string', demandOption: true, describe: 'the bot\'s name (letters, digits, "-", "_")' })
          .option('game', GAME_OPTION)
          .option('out', { type: 'string', describe: 'file to write (default: ./<name>.ts)' })
          .option('force', { type: 'boolean', default: false, describe: 'overwrite an existing file' }),
      (args) => {
        code = commandNewBot(io, args.name, args);
      },
    )
    .command(
      'check-bot <file>',
      "quick-play a bot file against the game's check-bot opponents and list its faults (exit 1 if any)",
      (y) =>
        y
          .positional('file', { type: 'string', demandOption: true, describe: 'the bot file (.ts or .js)' })
          .option('game', GAME_OPTION)
          .option('deals', { type: 'number', default: 5, describe: 'deals (each played in every seat rotation)' })
          .option('seed', { type: 'string', default: 'check' })
          .option('workers', { type: 'number', describe: 'worker threads (default 1)' })
          .option('bot-timeout', { type: 'number', default: DEFAULT_BOT_TIMEOUT_MS, describe: 'per-decision time budget in ms' })
          .option('hang-limit', { type: 'number', default: 10_000, describe: 'a decision running this long (ms) is stopped' }),
      async (args) => {
        code = await commandCheckBot(io, args.file, args);
      },
    )
    .command(
      'worker',
      'play the batches queued by `--queue` coordinators on this machine (a long-running service; stop with Ctrl-C)',
      (y) => workerOptions(y),
      async (args) => {
        code = await commandWorker(args, (line) => io.err(`${new Date().toISOString()} ${line}\n`));
      },
    )
    .demandCommand(1, 'name a command: run, impact, merge, baseline, check, replay, verify, tournament, new-bot, check-bot or worker')
    .strict()
    .help()
    .version(false)
    .exitProcess(false)
    .fail((msg, err) => {
      throw err ?? new UsageError(msg);
    });
  try {
    await parser.parseAsync();
  } catch (e) {
    if (e instanceof GoldpitError) {
      io.err(`goldpit: ${e.message}\n`);
      if (e instanceof UsageError) io.err('Run `goldpit --help` for usage.\n');
      return 2;
    }
    io.err(`goldpit: internal error: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  }
  return code;
}

function positiveInt(name: string, v: number | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!Number.isInteger(v) || v < 1) throw new UsageError(`--${name} must be a positive integer, got ${v}`);
  return v;
}

/** Runs `work` with SIGINT/SIGTERM turned into an abort signal (and the handlers removed after). */
async function stoppableBySignals<T>(work: (stop: AbortSignal) => Promise<T>): Promise<{ result: T; signalName: NodeJS.Signals | null }> {
  const stop = new AbortController();
  let signalName: NodeJS.Signals | null = null;
  const onSignal = (name: NodeJS.Signals) => {
    signalName = name;
    stop.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return { result: await work(stop.signal), signalName };
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

interface RunArgs {
  games?: number;
  seed?: string;
  out?: string;
  workers?: number;
  batchSize: number;
  shard?: string;
  resume: boolean;
  checkpointEvery: number;
  gamesCsv: boolean;
  engine: Engine;
  queue?: QueueExecutor;
  quiet: boolean;
  argv: readonly string[];
}

async function commandRun(io: Io, path: string, args: RunArgs): Promise<number> {
  const scenario = loadScenario(path);
  const games = positiveInt('games', args.games) ?? scenario.games;
  const seed = args.seed ?? scenario.seed;
  const out = resolve(args.out ?? join('reports', scenario.name));
  const workers = args.workers ?? availableParallelism();
  if (!Number.isInteger(workers) || workers < 0) throw new UsageError(`--workers must be an integer ≥ 0, got ${args.workers}`);
  const batchSize = positiveInt('batch-size', args.batchSize)!;
  if (!(args.checkpointEvery > 0)) throw new UsageError(`--checkpoint-every must be a positive number of seconds, got ${args.checkpointEvery}`);
  const shard = args.shard === undefined ? null : parseShard(args.shard);
  const [from, to] = shard ? shardRange(games, shard) : [0, games];
  mkdirSync(out, { recursive: true });
  const suffix = shard ? `-${shard.index}-of-${shard.count}` : '';
  const checkpointFile = join(out, `.checkpoint${suffix}.json`);
  const progress = new Progress(to - from, args.quiet ? 'none' : io.errIsTty ? 'bar' : 'lines', io.err);
  // Ctrl-C / SIGTERM: stop cleanly, keep what has finished in the checkpoint, say how to resume.
  const started = Date.now();
  const again = ['goldpit', ...args.argv.filter((a) => a !== '--resume'), '--resume'].join(' ');
  const queue = args.queue;
  const { result, signalName } = await stoppableBySignals((stop) =>
    runParallel(scenario, {
      seed, engine: args.engine, from, to, workers, batchSize, checkpointFile, checkpointEveryMs: args.checkpointEvery * 1000,
      resume: args.resume, gamesCsvFile: args.gamesCsv ? join(out, `games${suffix}.csv`) : null, progress, stop, queue,
    }).catch((e: unknown) => {
      throw withResumeHint(e, checkpointFile, again);
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  if (!result.complete) {
    io.err(`\ninterrupted${signalName ? ` by ${signalName}` : ''} after ${result.gamesDone} of ${to - from} games; kept in ${checkpointFile}\nresume with: ${again}\n`);
    return signalName === 'SIGTERM' ? 143 : 130;
  }
  if (shard) {
    const file = join(out, `partial${suffix}.json`);
    writeAtomic(file, `${JSON.stringify(partialOf(scenario, seed, games, from, to, result.aggregate))}\n`);
    if (!args.quiet) io.out(`shard ${shard.index}/${shard.count}: games ${from}–${to - 1} in ${seconds.toFixed(1)} s; wrote ${file}\nmerge the shards with: goldpit merge <partial files> --out DIR\n`);
    return 0;
  }
  const summary = summarize({ ...scenario, seed }, result.aggregate);
  const engine = { kernelGames: result.fastGames, referenceGames: result.referenceGames };
  const files = writeRunOutputs(out, summary, reportGameOf(scenario.definition), { wallSeconds: Number(seconds.toFixed(3)), workers, finishedAt: new Date().toISOString(), engine });
  if (!args.quiet) {
    io.out(`${summaryTable(summary, reportGameOf(scenario.definition))}\n\n`);
    const played = games - result.resumedGames;
    const resumed = result.resumedGames ? ` (${result.resumedGames} taken over from the checkpoint)` : '';
    io.out(`${played} games in ${seconds.toFixed(1)} s (${(played / seconds).toFixed(0)} games/s, ${queue ? `through the queue at ${queue.target.shown}` : `${workers} worker${workers === 1 ? '' : 's'}`}; ${engineLine(engine)})${resumed}; wrote ${files.length} files to ${out}\n`);
  }
  return 0;
}

/** Which engine played a run's games, for its closing line. */
function engineLine(engine: { kernelGames: number; referenceGames: number }): string {
  if (engine.referenceGames === 0) return 'on the fast kernel';
  if (engine.kernelGames === 0) return 'on the reference engine';
  return `${engine.kernelGames} on the fast kernel, ${engine.referenceGames} handed to the reference engine`;
}

async function commandImpact(
  io: Io,
  path: string,
  args: { card: string; games?: number; seed?: string; out?: string; workers?: number; 'batch-size': number; engine: Engine; quiet: boolean; queue?: QueueExecutor },
): Promise<number> {
  const scenario = loadScenario(path);
  const all = scenario.definition.chanceCards;
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
  const workers = args.workers ?? availableParallelism();
  const started = Date.now();
  const { result } = await stoppableBySignals((stop) =>
    runImpactParallel(scenario, {
      seed, engine: args.engine, games, cards, workers, batchSize: positiveInt('batch-size', args['batch-size'])!, queue: args.queue,
      progress: new Progress(games, args.quiet ? 'none' : io.errIsTty ? 'bar' : 'lines', io.err), stop,
    }),
  );
  if (!result.complete) {
    io.err('interrupted: the impact analysis needs all its games; nothing was written\n');
    return 130;
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
    io.out(`${impactTable(impact)}\n\n${games} games in ${((Date.now() - started) / 1000).toFixed(1)} s; wrote ${files.join(', ')}\n`);
  }
  return 0;
}

function commandMerge(io: Io, partials: readonly string[], outArg: string | undefined, quiet: boolean): number {
  const merged = mergePartials(partials);
  const out = resolve(outArg ?? join('reports', merged.scenario.name));
  const summary = summarize({ ...merged.scenario, seed: merged.seed }, merged.aggregate);
  const game = reportGameOf(merged.scenario.definition);
  const files = writeRunOutputs(out, summary, game);
  if (!quiet) io.out(`${summaryTable(summary, game)}\n\nmerged ${partials.length} partial results (${merged.games} games); wrote ${files.length} files to ${out}\n`);
  return 0;
}

function commandReplay(io: Io, path: string, game: number, seedArg?: string): number {
  const scenario = loadScenario(path);
  if (!Number.isInteger(game) || game < 0) throw new UsageError(`--game must be a game index ≥ 0, got ${game}`);
  const seed = seedArg ?? scenario.seed;
  const played = playOne(scenario, game, { seed });
  io.out(`Game ${game} of scenario ${scenario.name}, seed ${JSON.stringify(seed)}\n`);
  io.out(`${scenario.definition.story(played.final, scenario.seats)}\n`);
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

function commandVerify(io: Io, paths: readonly string[]): number {
  const files = fixtureFiles(paths);
  if (files.length === 0) throw new UsageError(`no fixture files (*.json) found in ${paths.join(', ')}`);
  // Each fixture names its game (`game`, default DEFAULT_GAME) and is read by that game's hooks.
  const fixtures: { file: string; hooks: FixtureHooks<unknown>; fixture: unknown }[] = [];
  const malformed: string[] = [];
  for (const file of files) {
    try {
      let data: unknown;
      try {
        data = JSON.parse(readFileSync(file, 'utf8'));
      } catch (e) {
        throw new InputError(file, '', `not valid JSON: ${(e as Error).message}`);
      }
      const raw = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
      const game = raw.game === undefined ? DEFAULT_GAME : raw.game;
      if (typeof game !== 'string' || !Object.hasOwn(GAMES, game)) {
        throw new InputError(file, 'game', `expected one of ${Object.keys(GAMES).map((g) => `"${g}"`).join(', ')}, got ${JSON.stringify(game)}`);
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
  let passed = 0;
  let failed = 0;
  for (const { file, hooks, fixture } of fixtures) {
    const diffs = hooks.check(fixture);
    const name = hooks.name(fixture);
    if (diffs.length === 0) {
      passed++;
      io.out(`PASS ${name} (${file})\n`);
    } else {
      failed++;
      io.out(`FAIL ${name} (${file}): ${diffs.join('; ')}\n`);
    }
  }
  io.out(`${passed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}
