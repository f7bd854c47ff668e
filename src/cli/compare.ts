/**
 * `goldpit compare a.json b.json`: a paired A/B of two scenario files. Both are played on the same
 * deals (game i of each from the streams of (seed, i): common random numbers) through the sweep's
 * pool and figures, as a sweep of one factor — the scenario file — with A as the reference: every
 * metric of the sweep page with B's paired difference to A and its interval, and the same verdict
 * sentences, on one page (compare.html; compare.json has sweep.json's shape, compare.csv sweep.csv's).
 */
import { join, resolve } from 'node:path';
import type { Argv } from 'yargs';
import { UsageError } from '../core/errors.js';
import { writeAtomic } from '../report/write.js';
import { renderSweep } from '../report/sweep-html.js';
import type { Engine } from '../sim/run.js';
import { openScenario } from '../sim/scenario.js';
import type { SweepPlan } from '../sweep/run.js';
import { sweepCsv } from '../sweep/write.js';
import { botLimitOptions, botLimitsOf } from './bot-limits.js';
import { ENGINE_OPTION } from './engine-option.js';
import { JSON_OPTION } from './json-option.js';
import { playSweep } from './sweep.js';
import { queueOptions } from './worker.js';
import { WORKERS_OPTION } from './workers.js';

/** The checkpoint of an unfinished comparison, in its output folder. */
export const COMPARE_CHECKPOINT = '.compare-checkpoint.json';

/** The factor a comparison varies: which scenario file is played. */
export const COMPARE_FACTOR = 'scenario file';

export function compareOptions<T>(y: Argv<T>) {
  return botLimitOptions(queueOptions(y))
    .positional('a', { type: 'string', demandOption: true, describe: 'scenario file A (the reference)' })
    .positional('b', { type: 'string', demandOption: true, describe: 'scenario file B (of the same game), compared with A on the same deals' })
    .option('games', { type: 'number', describe: "games per scenario (default: A's)" })
    .option('seed', { type: 'string', describe: "run seed (default: A's)" })
    .option('out', { type: 'string', describe: 'output folder (default: reports/<A name>-vs-<B name>/)' })
    .option('workers', WORKERS_OPTION)
    .option('batch-size', { type: 'number', default: 2000, describe: 'games per batch' })
    .option('resume', { type: 'boolean', default: false, describe: 'continue an interrupted comparison from its checkpoint in the output folder' })
    .option('fresh', { type: 'boolean', default: false, describe: 'delete a checkpoint found in the output folder and start over' })
    .option('engine', ENGINE_OPTION)
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress and no summary on stdout' })
    .option('json', JSON_OPTION);
}

export interface CompareArgs {
  a: string;
  b: string;
  games?: number;
  seed?: string;
  out?: string;
  workers?: number;
  'batch-size': number;
  resume: boolean;
  fresh: boolean;
  engine: Engine;
  quiet: boolean;
  json?: boolean;
  queue?: string;
  'queue-name'?: string;
  'queue-timeout'?: number;
  'bot-timeout'?: number;
  'hang-limit'?: number;
}

interface CompareIo {
  out(text: string): void;
  err(text: string): void;
  readonly errIsTty: boolean;
}

export async function commandCompare(io: CompareIo, args: CompareArgs, argv: readonly string[]): Promise<number> {
  const a = await openScenario(args.a);
  const b = await openScenario(args.b);
  if (a.game !== b.game) {
    throw new UsageError(
      `compare: ${args.a} is a ${a.definition.presentation.title} scenario and ${args.b} one of ${b.definition.presentation.title}; compare two scenarios of one game`,
    );
  }
  if (resolve(args.a) === resolve(args.b)) throw new UsageError(`compare: A and B are the same file (${args.a}); name two scenario files`);
  const limits = botLimitsOf(args);
  const games = args.games ?? a.games;
  if (!Number.isInteger(games) || games < 1) throw new UsageError(`--games must be a positive integer, got ${args.games}`);
  const batchSize = args['batch-size'];
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new UsageError(`--batch-size must be a positive integer, got ${batchSize}`);
  const factor = { path: COMPARE_FACTOR, values: [args.a, args.b], numeric: false };
  const plan: SweepPlan = {
    file: args.a,
    data: a.portable,
    base: a,
    factors: [factor],
    design: 'grid',
    reference: null,
    games,
    seed: args.seed ?? a.seed,
    precision: null,
  };
  const planned = {
    points: [
      { values: [args.a], scenario: a },
      { values: [args.b], scenario: b },
    ],
    reference: 0,
    addedReference: false,
  };
  const out = resolve(args.out ?? join('reports', `${a.name}-vs-${b.name}`));
  const played = await playSweep(io, args, argv, { plan, planned, scenarios: [a, b], limits, out, checkpointName: COMPARE_CHECKPOINT, what: 'comparison' });
  if (typeof played === 'number') return played;
  const { result, seconds } = played;
  const s = result.sweep;
  const page = renderSweep(s, { title: `${a.name} against ${b.name}`, kicker: 'comparison of two scenario files' });
  const files = (
    [
      ['compare.json', `${JSON.stringify(s, null, 2)}\n`],
      ['compare.csv', sweepCsv(s)],
      ['compare.html', page],
    ] as const
  ).map(([name, text]) => {
    writeAtomic(join(out, name), text);
    return join(out, name);
  });
  if (!args.quiet) {
    io.out(
      `${args.a} (A) against ${args.b} (B) on the same ${games.toLocaleString('en-US')} deals, seed ${JSON.stringify(plan.seed)}, in ${seconds.toFixed(1)} s\n`,
    );
    for (const v of s.verdicts) io.out(`- ${v}\n`);
    io.out(`wrote ${files.join(', ')}\nopen the page: ${join(out, 'compare.html')}\n`);
  }
  if (args.json) io.out(`${JSON.stringify(s, null, 2)}\n`);
  return 0;
}
