/**
 * `goldpit sensitivity`: which knobs matter. Wiring only: the knobs (src/sensitivity/knobs.ts, the
 * game's tunables), the design and estimators (analysis.ts), the game's points on the sweep's pool
 * (game.ts), the files (write.ts, html.ts). Every option is checked, and every point's scenario
 * parsed, before the output folder is touched.
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Argv } from 'yargs';
import { InputError, UsageError } from '../core/errors.js';
import type { TunableGroup } from '../core/tunable.js';
import { isObject, readJsonFile } from '../core/validate.js';
import { Progress } from '../sim/progress.js';
import type { Engine } from '../sim/run.js';
import { loadScenario, type Scenario } from '../sim/scenario.js';
import { DealPool } from '../sweep/pool.js';
import {
  DEFAULT_BOOTSTRAP,
  MIN_SAMPLES,
  MIN_TRAJECTORIES,
  analyse,
  checkNegligible,
  designOf,
  parseNegligible,
  unitsFromBudget,
  type AnalysisPlan,
} from '../sensitivity/analysis.js';
import { gamePoints, gameSource, withKnobObjects } from '../sensitivity/game.js';
import { renderSensitivity } from '../sensitivity/html.js';
import { DEFAULT_LEVELS, knobFromTunable, knobFromVary, type Knob } from '../sensitivity/knobs.js';
import { evaluatePoints } from '../sensitivity/run.js';
import type { Method, SensitivityJson } from '../sensitivity/types.js';
import { headlineVerdicts } from '../sensitivity/verdicts.js';
import { writeSensitivityOutputs } from '../sensitivity/write.js';
import { ENGINE_OPTION } from './engine-option.js';
import { JSON_OPTION } from './json-option.js';
import type { Io } from './main.js';
import { guardCheckpoint, prepareOutputFolder } from './outputs.js';
import { describeStop, stopExitCode, stoppableBySignals } from './signals.js';
import { queueExecutor, queueOptions, withResumeHint } from './worker.js';
import { WORKERS_OPTION, workerCount } from './workers.js';

/** The checkpoint of an unfinished analysis, in its output folder. */
export const SENSITIVITY_CHECKPOINT = '.sensitivity-checkpoint.json';

/**
 * Defaults: 5,000 games per point and a budget of 10,000,000 games. On Goldrausch with
 * `--all-params` (56 knobs) that is 35 trajectories of 57 points; docs/sensitivity.md gives the times
 * measured and why the games per point weigh more than the trajectories here.
 */
export const SENSITIVITY_DEFAULTS = { games: 5000, budget: 10_000_000, batchSize: 1000 } as const;

export function sensitivityOptions<T>(y: Argv<T>) {
  return queueOptions(y)
    .positional('scenario', { type: 'string', demandOption: true, describe: 'scenario file (scenarios/*.json)' })
    .option('vary', {
      type: 'string',
      array: true,
      describe: 'a knob and its range: path=a..b, path=a..b:step or path=v1,v2,... (repeat; replaces an --all-params range of the same path)',
    })
    .option('all-params', {
      type: 'boolean',
      default: false,
      describe: 'every balance number of the game with the range its params file declares, and every number its cards section marks tunable',
    })
    .option('all-rules', { type: 'boolean', default: false, describe: 'every rules option of the game, with all its choices (categorical knobs)' })
    .option('except', { type: 'string', array: true, describe: 'leave out a knob that --all-params, --all-rules or --screen would bring (repeat)' })
    .option('method', {
      choices: ['morris', 'sobol'] as const,
      default: 'morris' as const,
      describe: 'morris: screen many knobs (μ*, σ, verdicts); sobol: first-order and total Sobol indices of a few',
    })
    .option('screen', {
      type: 'string',
      describe: 'with --method sobol: a Morris sensitivity.json; its knobs that show an effect (or are undecided) are analysed',
    })
    .option('budget', { type: 'number', default: SENSITIVITY_DEFAULTS.budget, describe: 'games in all: sets the trajectories (Morris) or rows (Sobol)' })
    .option('games', { type: 'number', default: SENSITIVITY_DEFAULTS.games, describe: 'games per point (every point plays the same deals)' })
    .option('trajectories', { type: 'number', describe: 'Morris trajectories r (default: as many as --budget allows)' })
    .option('samples', { type: 'number', describe: 'Sobol rows N of A and B (default: as many as --budget allows)' })
    .option('levels', { type: 'number', default: DEFAULT_LEVELS, describe: 'Morris grid levels p of a numeric knob (fewer when it has fewer values)' })
    .option('negligible', {
      type: 'string',
      array: true,
      describe:
        'the band an effect must leave to matter: <metric>=x or <unit>=x, unit share, steps, score or count (default: 1 pp for shares, 1% of the mean otherwise)',
    })
    .option('tension', {
      type: 'boolean',
      default: false,
      describe:
        'also analyse the tension metrics (leadChanges, decisiveShare, winnerDeficit, finalMargin); give them a band with --negligible (1% of the mean is finer than many games can show: see docs/sensitivity.md)',
    })
    .option('bootstrap', { type: 'number', default: DEFAULT_BOOTSTRAP, describe: 'bootstrap replicates for the intervals' })
    .option('seed', { type: 'string', describe: "run seed (default: the scenario's)" })
    .option('out', { type: 'string', describe: 'output folder (default: reports/<scenario name>-sensitivity/, -sobol/ for --method sobol)' })
    .option('workers', WORKERS_OPTION)
    .option('batch-size', { type: 'number', default: SENSITIVITY_DEFAULTS.batchSize, describe: 'games per batch' })
    .option('checkpoint-every', { type: 'number', default: 5, describe: 'seconds between checkpoints (the finished points are kept)' })
    .option('resume', { type: 'boolean', default: false, describe: 'continue an interrupted analysis from its checkpoint in the output folder' })
    .option('fresh', { type: 'boolean', default: false, describe: 'delete a checkpoint found in the output folder and start over' })
    .option('engine', ENGINE_OPTION)
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress and no summary on stdout' })
    .option('json', JSON_OPTION);
}

export interface SensitivityArgs {
  readonly scenario: string;
  readonly vary?: readonly (string | number)[];
  readonly 'all-params': boolean;
  readonly 'all-rules': boolean;
  readonly except?: readonly (string | number)[];
  readonly method: Method;
  readonly screen?: string;
  readonly budget: number;
  readonly games: number;
  readonly trajectories?: number;
  readonly samples?: number;
  readonly levels: number;
  readonly negligible?: readonly (string | number)[];
  readonly tension?: boolean;
  readonly bootstrap: number;
  readonly seed?: string;
  readonly out?: string;
  readonly workers?: number;
  readonly 'batch-size': number;
  readonly 'checkpoint-every': number;
  readonly resume: boolean;
  readonly fresh: boolean;
  readonly engine: Engine;
  readonly quiet: boolean;
  /** Print sensitivity.json on stdout (the CLI makes `quiet` true with it). */
  readonly json?: boolean;
  readonly queue?: string;
  readonly 'queue-name'?: string;
  readonly 'queue-timeout'?: number;
}

function whole(name: string, v: number | undefined, min: number): number {
  if (v === undefined || !Number.isInteger(v) || v < min) throw new UsageError(`--${name} must be a whole number ≥ ${min}, got ${v}`);
  return v;
}

/** The knobs a Morris screen kept: those with an effect, or undecided, on some metric. */
function screenedKnobs(file: string, base: Scenario): Knob[] {
  const json = readJsonFile(file, 'the Morris screen (--screen)') as SensitivityJson;
  if (!isObject(json) || json.kind !== 'goldpit-sensitivity') throw new InputError(file, 'kind', 'not a goldpit sensitivity.json');
  if (json.method !== 'morris' || !Array.isArray(json.knobSummaries))
    throw new InputError(file, 'method', `expected a Morris screen (method "morris"), got ${JSON.stringify(json.method)}`);
  if (json.game !== base.game) throw new InputError(file, 'game', `the screen is of ${json.game}, the scenario of ${base.game}`);
  const kept = new Set(json.knobSummaries.filter((s) => s.verdict !== 'none').map((s) => s.knob));
  return json.knobs
    .filter((k) => kept.has(k.path))
    .map((k) => ({
      path: k.path,
      values: k.values,
      numeric: k.numeric,
      origin: k.origin as Knob['origin'],
      about: k.about,
      ...(k.within ? { within: k.within } : {}),
    }));
}

/** The knobs: the screen's, the game's tunables of the groups asked for, less every --except, then every --vary (which replaces a knob of its path). */
export function collectKnobs(args: Pick<SensitivityArgs, 'vary' | 'all-params' | 'all-rules' | 'except' | 'screen' | 'method'>, base: Scenario): Knob[] {
  const knobs: Knob[] = [];
  if (args.screen !== undefined) {
    if (args.method !== 'sobol') throw new UsageError('--screen picks the knobs of a Sobol analysis; use it with --method sobol');
    knobs.push(...screenedKnobs(args.screen, base));
  }
  const groups: TunableGroup[] = [...(args['all-params'] ? (['params', 'cards'] as const) : []), ...(args['all-rules'] ? (['rules'] as const) : [])];
  const tunables = base.definition.tunables?.(base.config, base.players) ?? [];
  if (groups.length > 0) {
    const chosen = tunables.filter((t) => groups.includes(t.group));
    if (chosen.length === 0) {
      const others = [...new Set(tunables.map((t) => t.group))].filter((g) => !groups.includes(g));
      throw new UsageError(
        `${base.definition.presentation.title} has no tunable ${groups.join(' or ')} in ${base.file} (GameDefinition.tunables)${others.length ? `; it has ${others.join(' and ')} (${others.includes('rules') ? '--all-rules' : '--all-params'})` : ''}; or name the knobs with --vary path=a..b`,
      );
    }
    for (const t of chosen) if (!knobs.some((k) => k.path === t.path)) knobs.push(knobFromTunable(t));
  }
  for (const path of (args.except ?? []).map(String)) {
    const at = knobs.findIndex((k) => k.path === path);
    if (at < 0) {
      throw new UsageError(`--except ${path}: not among the knobs of --all-params/--all-rules/--screen (${knobs.map((k) => k.path).join(', ') || 'none'})`);
    }
    knobs.splice(at, 1);
  }
  const varied = (args.vary ?? []).map((v) => knobFromVary(String(v)));
  const paths = varied.map((k) => k.path);
  const twice = paths.find((p, i) => paths.indexOf(p) !== i);
  if (twice !== undefined) throw new UsageError(`--vary names ${twice} twice; give each path once with all its values`);
  for (const k of varied) {
    // A --vary of a tunable's path takes its description and the object it lies in (a wheel field
    // is varied within the scenario's whole wheel), as --all-params would.
    const t = tunables.find((x) => x.path === k.path);
    const known = t === undefined ? k : { ...k, about: t.about, ...(t.within ? { within: t.within } : {}) };
    const at = knobs.findIndex((x) => x.path === k.path);
    if (at >= 0) knobs[at] = { ...known, about: knobs[at].about, ...(knobs[at].within ? { within: knobs[at].within } : {}) };
    else knobs.push(known);
  }
  if (knobs.length === 0) throw new UsageError('no knobs: give --vary path=a..b (repeat it), --all-params or --all-rules (or --screen with --method sobol)');
  return knobs;
}

export async function commandSensitivity(io: Io, args: SensitivityArgs, argv: readonly string[]): Promise<number> {
  const base = loadScenario(args.scenario);
  const knobs = collectKnobs(args, base);
  const games = whole('games', args.games, 2);
  const levels = whole('levels', args.levels, 2);
  const bootstrap = whole('bootstrap', args.bootstrap, 2);
  const batchSize = whole('batch-size', args['batch-size'], 1);
  const budget = whole('budget', args.budget, 1);
  const checkpointEvery = args['checkpoint-every'];
  if (!(checkpointEvery > 0)) throw new UsageError(`--checkpoint-every must be a number of seconds above 0, got ${checkpointEvery}`);
  const method = args.method;
  const k = knobs.length;
  const given = method === 'morris' ? args.trajectories : args.samples;
  const option = method === 'morris' ? 'trajectories' : 'samples';
  const least = method === 'morris' ? MIN_TRAJECTORIES : MIN_SAMPLES;
  if ((method === 'morris' ? args.samples : args.trajectories) !== undefined) {
    throw new UsageError(
      method === 'morris'
        ? '--samples is for --method sobol; a Morris screen takes --trajectories'
        : '--trajectories is for a Morris screen; --method sobol takes --samples',
    );
  }
  const units = given === undefined ? unitsFromBudget(method, k, games, budget) : whole(option, given, least);
  if (units < least) {
    const per = (method === 'morris' ? k + 1 : k + 2) * games;
    throw new UsageError(
      `--budget ${budget.toLocaleString('en-US')} allows ${units} ${method === 'morris' ? 'trajectories' : 'rows'} of ${per.toLocaleString('en-US')} games (${k} knobs, ${method === 'morris' ? 'k + 1' : 'k + 2'} points of ${games.toLocaleString('en-US')} games); ` +
        `${method === 'morris' ? 'Morris' : 'Sobol'} needs at least ${least}: raise --budget to ${(least * per).toLocaleString('en-US')}, lower --games, or use fewer knobs${method === 'sobol' ? ' (screen them first: the default method, then --screen)' : ''}`,
    );
  }
  const negligible = parseNegligible((args.negligible ?? []).map(String));
  const seed = args.seed ?? base.seed;
  const plan: AnalysisPlan = { method, knobs, games, levels, trajectories: units, samples: units, bootstrap, seed };
  const design = designOf(plan);
  const data = withKnobObjects(args.scenario, base.portable, knobs);
  const game = gamePoints(args.scenario, data, knobs, design.points, { tension: args.tension });
  checkNegligible(negligible, game.metrics);
  const out = resolve(args.out ?? join('reports', `${base.name}-${method === 'morris' ? 'sensitivity' : 'sobol'}`));
  const queue = queueExecutor(args, io.err, args.quiet);
  const workers = workerCount(io.err, args.workers);
  if (args.resume && args.fresh) throw new UsageError('--resume and --fresh exclude each other: --resume continues the checkpoint, --fresh deletes it');
  prepareOutputFolder(out);
  const checkpointFile = join(out, SENSITIVITY_CHECKPOINT);
  const again = guardCheckpoint(checkpointFile, 'sensitivity analysis', argv, args);
  const key = createHash('sha256')
    .update(
      JSON.stringify({
        config: base.configHash,
        method,
        knobs: knobs.map((x) => [x.path, x.values]),
        levels,
        units,
        games,
        seed,
        metrics: game.metrics.map((m) => m.id),
      }),
    )
    .digest('hex')
    .slice(0, 16);
  const started = Date.now();
  const { result, stoppedBy } = await stoppableBySignals(async (stop) => {
    const pool = new DealPool({ workers, batchSize, seed, engine: args.engine, queue, stop });
    try {
      return await evaluatePoints(gameSource(design.points, game, pool, games), design.points, {
        concurrency: queue ? 8 : Math.max(2, 2 * workers),
        checkpointFile,
        key,
        resume: args.resume,
        checkpointEvery,
        progress: (total, resumed) => new Progress(total, args.quiet ? 'none' : io.errIsTty ? 'bar' : 'lines', io.err, resumed),
      });
    } catch (e) {
      throw withResumeHint(e, checkpointFile, again);
    } finally {
      await pool.close();
    }
  });
  if (!result.complete) {
    io.err(
      `\ninterrupted${stoppedBy ? ` by ${describeStop(stoppedBy)}` : ''} after ${result.gamesDone.toLocaleString('en-US')} of ${result.totalGames.toLocaleString('en-US')} games; kept in ${checkpointFile}\nresume with: ${again}\n`,
    );
    return stopExitCode(stoppedBy ?? 'SIGINT');
  }
  const full = analyse(plan, design, result, game.metrics, negligible, {
    game: base.game,
    title: base.definition.presentation.title,
    scenario: { file: args.scenario, name: base.name, players: base.players, seats: base.seats },
  });
  const files = writeSensitivityOutputs(out, full, [['sensitivity.html', renderSensitivity(full)]]);
  rmSync(checkpointFile, { force: true });
  if (!args.quiet) {
    const seconds = (Date.now() - started) / 1000;
    const played = result.gamesDone - result.resumedGames;
    io.out(
      `${full.design.description}: ${result.distinctPoints.toLocaleString('en-US')} points, ${result.totalGames.toLocaleString('en-US')} games (${played.toLocaleString('en-US')} played now) in ${seconds.toFixed(1)} s\n`,
    );
    for (const v of headlineVerdicts(full)) io.out(`- ${v}\n`);
    io.out(`wrote ${files.join(', ')}\nevery metric's verdicts and charts: ${join(out, 'sensitivity.html')}\n`);
  }
  if (args.json) io.out(`${JSON.stringify(full, null, 2)}\n`);
  return 0;
}
