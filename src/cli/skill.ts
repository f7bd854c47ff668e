/**
 * `goldpit skill <scenario.json>`: the skill ladder (src/skill/). Wiring only: options into a
 * ladder plan, the run with its checkpoint, the figures into files.
 */
import { join, resolve } from 'node:path';
import type { Argv } from 'yargs';
import { builtinBotNames, isBuiltinBot } from '../core/bots.js';
import type { AnyGameDefinition } from '../core/definition.js';
import { UsageError } from '../core/errors.js';
import { GOLDPIT, shellWord } from '../core/package.js';
import { dataIdFacts } from '../report/data-ids.js';
import type { RunFacts } from '../report/html.js';
import { isBotFile, resolveEntrants } from '../sim/bot-files.js';
import { Progress } from '../sim/progress.js';
import { loadScenario } from '../sim/scenario.js';
import { gameCount, placeOf, playTournamentGame, resolveWith } from '../sim/tournament.js';
import { budgetTier, ladderSpec, ladderTables, tierBudget, type LadderPlan } from '../skill/ladder.js';
import { runLadder } from '../skill/run.js';
import { summarizeSkill } from '../skill/summary.js';
import { writeSkillOutputs } from '../skill/write.js';
import { guardCheckpoint, prepareOutputFolder } from './outputs.js';
import { describeStop, stopExitCode, stoppableBySignals } from './signals.js';
import { DEFAULT_BOT_TIMEOUT_MS, DEFAULT_HANG_LIMIT_MS, hangHint } from './tournament.js';
import { queueExecutor, queueOptions, withResumeHint } from './worker.js';
import { WORKERS_OPTION, workerCount } from './workers.js';

/** The checkpoint of an unfinished ladder, in its output folder. */
export const SKILL_CHECKPOINT = '.skill-checkpoint.json';

/** The search agent whose budgets form the ladder's top (a built-in of every game, once it has one). */
export const DEFAULT_SEARCH = 'ismcts';
/** Default budgets (iterations) of a search agent whose game names none (`SearchHints.ladder`): b, 2b, 4b. */
export const DEFAULT_BUDGETS: readonly number[] = [100, 200, 400];

/**
 * The ladder's default budgets of `search` in `definition`: the game's own for its default `ismcts`
 * (`SearchHints.ladder`, where 4× the budget was measured to beat 1×), else DEFAULT_BUDGETS.
 */
export function defaultBudgets(definition: AnyGameDefinition, search: string): readonly number[] {
  const own = search === DEFAULT_SEARCH ? definition.search?.ladder : undefined;
  return own !== undefined && own.length > 0 ? own : DEFAULT_BUDGETS;
}
/** Default deals: every table plays them, each in every seat rotation (20 is the least that gives intervals). */
export const DEFAULT_SKILL_DEALS = 20;

export function skillOptions<T>(y: Argv<T>) {
  return queueOptions(y)
    .positional('scenario', {
      type: 'string',
      demandOption: true,
      describe: 'scenario file: its game, players, rules and parameters (its seats are replaced by the tiers)',
    })
    .option('tiers', {
      type: 'string',
      describe: "comma-separated tiers, weakest first: built-in bots and bot files (default: uniform play and the game's built-in heuristics)",
    })
    .option('search', { type: 'string', default: DEFAULT_SEARCH, describe: 'the search agent whose --budgets are added as tiers (BOT:iterations=N)' })
    .option('budgets', {
      type: 'string',
      describe: `comma-separated iteration budgets of --search, e.g. 100,200,400 (default: the game's own for ismcts, where 4× the budget was measured to gain — docs/skill.md lists them per game; else ${DEFAULT_BUDGETS.join(',')}; "none": no search tiers)`,
    })
    .option('deals', {
      type: 'number',
      default: DEFAULT_SKILL_DEALS,
      describe: 'deals every table plays, each in every seat rotation (intervals need at least 20)',
    })
    .option('seed', { type: 'string', describe: "ladder seed (default: the scenario's)" })
    .option('bot-timeout', { type: 'number', default: DEFAULT_BOT_TIMEOUT_MS, describe: 'per-decision time budget in ms; 0 = untimed' })
    .option('hang-limit', { type: 'number', default: DEFAULT_HANG_LIMIT_MS, describe: 'a decision running this long (ms) is stopped; 0 = never' })
    .option('bootstrap', { type: 'number', default: 1000, describe: 'bootstrap resamples of the deals for the intervals' })
    .option('out', { type: 'string', describe: 'output folder (default: reports/<scenario name>-skill/)' })
    .option('workers', WORKERS_OPTION)
    .option('deals-per-task', { type: 'number', default: 2, describe: 'tables of one deal (each in every rotation) per unit of work sent to a worker' })
    .option('resume', { type: 'boolean', default: false, describe: 'continue an interrupted ladder from its checkpoint in the output folder' })
    .option('fresh', { type: 'boolean', default: false, describe: 'delete a checkpoint found in the output folder and start over' })
    .option('checkpoint-every', { type: 'number', default: 5, describe: 'seconds between checkpoints' })
    .option('replay', { type: 'number', describe: 'print the full story of game G of this ladder instead of running it' })
    .option('json', { type: 'boolean', default: false, describe: 'print skill.json on stdout instead of the summary' })
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress and no summary on stdout' });
}

export interface SkillArgs {
  scenario: string;
  tiers?: string;
  search: string;
  budgets?: string;
  deals: number;
  seed?: string;
  'bot-timeout': number;
  'hang-limit': number;
  bootstrap: number;
  out?: string;
  workers?: number;
  'deals-per-task': number;
  resume: boolean;
  fresh: boolean;
  'checkpoint-every': number;
  replay?: number;
  json: boolean;
  quiet: boolean;
  queue?: string;
  'queue-name'?: string;
  'queue-timeout'?: number;
}

interface SkillIo {
  out(text: string): void;
  err(text: string): void;
  readonly errIsTty: boolean;
}

const positiveInt = (name: string, v: number): number => {
  if (!Number.isInteger(v) || v < 1) throw new UsageError(`--${name} must be a positive integer, got ${v}`);
  return v;
};
const nonNegativeInt = (name: string, v: number): number => {
  if (!Number.isInteger(v) || v < 0) throw new UsageError(`--${name} must be an integer ≥ 0, got ${v}`);
  return v;
};

/** The default tiers of a game: uniform play (`uniform`, else `random`) and its built-in heuristics. */
export function defaultTiers(definition: AnyGameDefinition): string[] {
  const floor = Object.hasOwn(definition.builtinBots, 'uniform') ? 'uniform' : 'random';
  const heuristics = definition.tournament.heuristics ?? definition.tournament.checkBotOpponents;
  return [floor, ...heuristics.filter((h) => h !== floor)];
}

/** `--budgets`: iteration counts ascending, or none. */
export function parseBudgets(text: string | undefined, fallback: readonly number[]): number[] {
  if (text === undefined) return [...fallback];
  const t = text.trim();
  if (t === 'none' || t === '') return [];
  const budgets = t.split(',').map((s) => s.trim());
  const out: number[] = [];
  for (const b of budgets) {
    if (!/^\d+$/.test(b) || Number(b) < 1)
      throw new UsageError(`--budgets: expected positive whole iteration counts separated by commas (e.g. 100,200,400) or "none", got ${JSON.stringify(b)}`);
    out.push(Number(b));
  }
  if (new Set(out).size !== out.length) throw new UsageError(`--budgets lists a budget twice: ${t}`);
  return out.sort((a, b) => a - b);
}

/** Parses and checks the options into a ladder (bot files are loaded and checked here). */
export async function skillPlan(args: SkillArgs) {
  for (const name of ['tiers', 'budgets', 'search', 'seed', 'out'] as const) {
    const value: unknown = args[name];
    if (Array.isArray(value))
      throw new UsageError(
        `--${name} is given ${value.length} times; give it once${name === 'tiers' || name === 'budgets' ? ', with the items separated by commas' : ''}`,
      );
  }
  const scenario = loadScenario(args.scenario);
  const definition = scenario.definition;
  const named = (args.tiers ?? defaultTiers(definition).join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (tierBudget(args.search) !== null) {
    throw new UsageError(`--search ${args.search} already names a budget (iterations=…); give the agent without it, and its budgets in --budgets`);
  }
  const hasSearch = isBuiltinBot(definition, args.search) || isBotFile(args.search);
  if (!hasSearch && args.budgets !== undefined && parseBudgets(args.budgets, []).length > 0) {
    throw new UsageError(
      `--budgets: ${scenario.game} has no search agent "${args.search}" to give them to (its built-in bots are ${builtinBotNames(definition).join(', ')}); drop --budgets, or name the agent with --search`,
    );
  }
  const budgets = parseBudgets(args.budgets, hasSearch ? defaultBudgets(definition, args.search) : []);
  const items = [...named, ...budgets.map((b) => budgetTier(args.search, b))];
  if (items.length < 2)
    throw new UsageError(`a ladder needs at least two tiers, got ${items.length} (${items.join(', ') || 'none'}); name more with --tiers or --budgets`);
  const { refs, factories } = await resolveEntrants(items, definition, '--tiers');
  const deals = positiveInt('deals', args.deals);
  const botTimeout = nonNegativeInt('bot-timeout', args['bot-timeout']);
  const hangLimit = nonNegativeInt('hang-limit', args['hang-limit']);
  if (hangLimit > 0 && botTimeout > 0 && hangLimit < botTimeout) {
    throw new UsageError(`--hang-limit (${hangLimit} ms) must be at least --bot-timeout (${botTimeout} ms)`);
  }
  const bootstrap = positiveInt('bootstrap', args.bootstrap);
  if (bootstrap < 2) throw new UsageError(`--bootstrap must be at least 2, got ${bootstrap}`);
  const portable = scenario.portable as Record<string, unknown>;
  const sectionKeys = definition.scenarioSections ?? [];
  const plan: LadderPlan = {
    game: scenario.game,
    rules: portable.rules,
    params: portable.params,
    sections: Object.fromEntries(sectionKeys.filter((k) => portable[k] !== undefined).map((k) => [k, portable[k]])),
    configFile: scenario.file,
    players: scenario.players,
    tiers: refs,
    deals,
    seed: args.seed ?? scenario.seed,
    botTimeoutMs: botTimeout === 0 ? null : botTimeout,
    hangLimitMs: hangLimit,
  };
  return {
    scenario,
    plan,
    spec: ladderSpec(plan),
    factories,
    sources: items.map((item, i) => ({ name: refs[i].name, source: isBotFile(item) ? item : 'built-in' })),
    bootstrap,
  };
}

export async function commandSkill(io: SkillIo, args: SkillArgs, argv: readonly string[]): Promise<number> {
  const { scenario, plan, spec, factories, sources, bootstrap } = await skillPlan(args);
  const definition = scenario.definition;
  const total = gameCount(spec);
  if (args.replay !== undefined) return replay(io, args.replay, spec, factories, total, definition);
  if (!(args['checkpoint-every'] > 0)) throw new UsageError(`--checkpoint-every must be a positive number of seconds, got ${args['checkpoint-every']}`);
  const dealsPerTask = positiveInt('deals-per-task', args['deals-per-task']);
  const workers = workerCount(io.err, args.workers);
  const hasFiles = spec.entrants.some((e) => e.file !== null);
  if (workers === 0 && hasFiles && spec.hangLimitMs > 0) {
    throw new UsageError('--workers 0 plays in this thread, where a bot file that never returns cannot be stopped; use --workers 1 or more, or --hang-limit 0');
  }
  // Every option is checked before the output folder is touched (a bad one must not delete a checkpoint).
  if (args.resume && args.fresh) throw new UsageError('--resume and --fresh exclude each other: --resume continues the checkpoint, --fresh deletes it');
  const queue = queueExecutor(args, io.err, args.quiet || args.json);
  const out = resolve(args.out ?? join('reports', `${scenario.name}-skill`));
  prepareOutputFolder(out);
  const checkpointFile = join(out, SKILL_CHECKPOINT);
  const again = guardCheckpoint(checkpointFile, 'skill ladder', argv, args);
  const replayCommand = `${[GOLDPIT, ...argv.filter((a) => a !== '--resume' && a !== '--fresh').map(shellWord)].join(' ')} --replay`;
  const quiet = args.quiet || args.json;
  if (!quiet) {
    io.err(
      `skill ladder: ${plan.tiers.length} tiers (${plan.tiers.map((t) => t.name).join(', ')}), ${ladderTables(plan.tiers.length).length} tables × ${plan.deals} deals × ${plan.players} rotations = ${total.toLocaleString('en-US')} games\n`,
    );
  }
  const started = Date.now();
  const { result, stoppedBy } = await stoppableBySignals(async (stop) => {
    try {
      return await runLadder(spec, factories, {
        workers,
        dealsPerTask,
        queue,
        stop,
        onHang: hangHint(spec, replayCommand, workers, io),
        checkpointFile,
        resume: args.resume,
        checkpointEveryMs: args['checkpoint-every'] * 1000,
        progress: (all, resumed) => new Progress(all, quiet ? 'none' : io.errIsTty ? 'bar' : 'lines', io.err, resumed),
      });
    } catch (e) {
      throw withResumeHint(e, checkpointFile, again);
    }
  });
  if (!result.complete) {
    io.err(
      `\ninterrupted${stoppedBy ? ` by ${describeStop(stoppedBy)}` : ''} after ${result.done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} games; kept in ${checkpointFile}\nresume with: ${again}\n`,
    );
    return stopExitCode(stoppedBy ?? 'SIGINT');
  }
  const playSeconds = (Date.now() - started) / 1000;
  const config = resolveWith(spec, factories).config;
  const facts = definition.facts(config);
  const skill = summarizeSkill(
    {
      game: scenario.game,
      title: definition.presentation.title,
      scenario: { file: args.scenario, name: scenario.name },
      players: plan.players,
      seed: plan.seed,
      deals: plan.deals,
      tiers: sources,
      botTimeoutMs: plan.botTimeoutMs,
      changedRules: facts.changedRules,
      parameters: facts.resolved,
      data: dataIdFacts(definition, config),
    },
    result.games,
    { bootstrap },
  );
  const seconds = (Date.now() - started) / 1000;
  const run: RunFacts = { wallSeconds: Number(seconds.toFixed(3)), workers, finishedAt: new Date().toISOString() };
  const files = writeSkillOutputs(out, skill, run);
  if (args.json) io.out(`${JSON.stringify(skill, null, 2)}\n`);
  else if (!args.quiet) {
    const played = result.done - result.resumed;
    io.out(
      `${total.toLocaleString('en-US')} games (${played.toLocaleString('en-US')} played now) in ${playSeconds.toFixed(1)} s on ${workers} worker${workers === 1 ? '' : 's'}; figures ${(seconds - playSeconds).toFixed(1)} s\n`,
    );
    for (const v of skill.verdicts) io.out(`- ${v}\n`);
    io.out(`wrote ${files.join(', ')}\nopen the page: ${join(out, 'skill.html')}\n`);
  }
  return 0;
}

function replay(
  io: SkillIo,
  game: number,
  spec: ReturnType<typeof ladderSpec>,
  factories: Parameters<typeof resolveWith>[1],
  total: number,
  definition: AnyGameDefinition,
): number {
  if (!Number.isInteger(game) || game < 0 || game >= total) throw new UsageError(`--replay must be a game index from 0 to ${total - 1}, got ${game}`);
  const resolved = resolveWith(spec, factories);
  const place = placeOf(spec, game);
  const names = place.seats.map((e) => spec.entrants[e].name);
  const table = ladderTables(spec.entrants.length)[place.lineup];
  const played = playTournamentGame(resolved, game);
  io.out(
    `Game ${game} of the skill ladder (seed ${JSON.stringify(spec.seed)}): ${spec.entrants[table.focal].name}'s seat at a table of ${spec.entrants[table.table].name}, deal ${place.deal}, rotation ${place.rotation}\n`,
  );
  io.out(`${definition.story(played.final, names)}\n`);
  for (const f of played.faults) io.out(`FAULT seat ${f.seat} (${names[f.seat]}) (${f.request}, bot call ${f.decision}): ${f.reason}: ${f.message}\n`);
  return 0;
}
