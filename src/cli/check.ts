/**
 * `goldpit baseline` and `goldpit check`: wiring only (the logic is in src/check/).
 */
import { colours } from './colour.js';
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { GOLDPIT } from '../core/package.js';
import { baselineJson, readBaseline, type Baseline, type BaselineScenario } from '../check/baseline.js';
import { CHECK_DEFAULTS } from '../check/compare.js';
import { EXIT_CODES, jsonReport, markdownReport, overallVerdict, textReport, type CheckReport } from '../check/report.js';
import { checkScenario, pairingProblem, recordScenario, type PlayOptions, type ScenarioCheck } from '../check/run.js';
import { writeAtomic } from '../report/write.js';
import { Progress } from '../sim/progress.js';
import type { QueueExecutor } from '../sim/queue/coordinator.js';
import { openScenario, type Scenario } from '../sim/scenario.js';
import type { BotLimits } from '../sim/batch.js';
import { botLimitsOf, checkWatchable, hangLine } from './bot-limits.js';
import type { Io } from './main.js';
import { prepareOutputFile } from './outputs.js';
import { workerCount } from './workers.js';

export interface BaselineArgs {
  readonly out: string;
  readonly table?: string;
  readonly games?: number;
  readonly workers?: number;
  readonly batchSize: number;
  readonly quiet: boolean;
  /** Print what was recorded as JSON (file, and per scenario its games, seed and config hash). */
  readonly json?: boolean;
  readonly queue?: QueueExecutor;
  readonly 'bot-timeout'?: number;
  readonly 'hang-limit'?: number;
}

export interface CheckArgs {
  readonly baseline: string;
  readonly table?: string;
  readonly untilDecided: boolean;
  readonly games?: number;
  readonly seed?: string;
  readonly lookEvery: number;
  readonly workers?: number;
  readonly batchSize: number;
  readonly json: boolean;
  readonly markdown: boolean;
  readonly updateBaseline: boolean;
  readonly quiet: boolean;
  readonly queue?: QueueExecutor;
  readonly 'bot-timeout'?: number;
  readonly 'hang-limit'?: number;
}

function positive(name: string, v: number | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!Number.isInteger(v) || v < 2) throw new UsageError(`--${name} must be an integer ≥ 2, got ${v}`);
  return v;
}

function playOptions(
  io: Io,
  args: { workers?: number; batchSize: number; quiet: boolean; queue?: QueueExecutor },
  label: string,
  scenario: Scenario,
  limits: BotLimits,
): PlayOptions {
  const batchSize = args.batchSize;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new UsageError(`--batch-size must be a positive integer, got ${batchSize}`);
  return {
    workers: workerCount(io.err, args.workers),
    batchSize,
    queue: args.queue,
    limits,
    onHang: hangLine(scenario, limits, io.err),
    progress: (total) => {
      if (!args.quiet && !io.errIsTty) io.err(`${label}: ${total} games\n`);
      return new Progress(total, args.quiet ? 'none' : io.errIsTty ? 'bar' : 'lines', io.err);
    },
  };
}

/**
 * Scenarios by name (with `--table`, every seat that bot; their bot files read), checked against the
 * bot limits and the worker count; two files with one name cannot share a baseline.
 */
async function loadScenarios(
  paths: readonly string[],
  args: { workers?: number; queue?: QueueExecutor; 'bot-timeout'?: number; 'hang-limit'?: number; table?: string },
): Promise<{ scenarios: Scenario[]; limits: BotLimits }> {
  const limits = botLimitsOf(args);
  const scenarios: Scenario[] = [];
  for (const path of paths) scenarios.push(await openScenario(path, { table: args.table }));
  checkWatchable(scenarios, args.workers ?? 1, limits, args.queue !== undefined);
  const seen = new Map<string, string>();
  for (const s of scenarios) {
    const other = seen.get(s.name);
    if (other !== undefined) throw new UsageError(`scenarios ${other} and ${s.file} are both named "${s.name}"; a baseline keys scenarios by name: rename one`);
    seen.set(s.name, s.file);
  }
  return { scenarios, limits };
}

function writeBaseline(file: string, baseline: Baseline): void {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  writeAtomic(resolve(file), baselineJson(baseline));
}

export async function commandBaseline(io: Io, paths: readonly string[], args: BaselineArgs): Promise<number> {
  const { scenarios, limits } = await loadScenarios(paths, args);
  const games = positive('games', args.games);
  // Before any game: a folder named like the file, or one that cannot be written, would lose them all.
  prepareOutputFile(resolve(args.out), '--out', 'baseline.json');
  const entries: Record<string, BaselineScenario> = {};
  for (const s of scenarios) {
    const n = games ?? s.games;
    entries[s.name] = await recordScenario(s, { ...playOptions(io, args, `baseline ${s.name}`, s, limits), games: n, seed: s.seed });
  }
  writeBaseline(args.out, { kind: 'goldpit-baseline', version: 1, scenarios: entries });
  if (!args.quiet) {
    for (const s of scenarios)
      io.out(`${s.name}: ${entries[s.name].games} games, seed ${JSON.stringify(entries[s.name].seed)}, config ${entries[s.name].configHash}\n`);
    io.out(`wrote ${args.out}\n`);
  }
  if (args.json) {
    const recorded = scenarios.map((s) => ({ name: s.name, games: entries[s.name].games, seed: entries[s.name].seed, configHash: entries[s.name].configHash }));
    io.out(`${JSON.stringify({ file: args.out, scenarios: recorded }, null, 2)}\n`);
  }
  return 0;
}

export async function commandCheck(io: Io, paths: readonly string[], args: CheckArgs): Promise<number> {
  const { scenarios, limits } = await loadScenarios(paths, args);
  const lookEvery = args.lookEvery;
  if (!Number.isInteger(lookEvery) || lookEvery < 100) throw new UsageError(`--look-every must be an integer ≥ 100, got ${lookEvery}`);
  const games = positive('games', args.games);
  if (args.updateBaseline) return updateBaseline(io, scenarios, args, games, limits);
  if (!existsSync(args.baseline)) {
    throw new UsageError(`no baseline at ${args.baseline}; record one with \`${GOLDPIT} baseline ${paths.join(' ')} --out ${args.baseline}\``);
  }
  const baseline = readBaseline(args.baseline);
  // Every scenario must pair with its entry before any game is played.
  for (const s of scenarios) {
    const entry = baseline.scenarios[s.name];
    if (!entry) {
      const known = Object.keys(baseline.scenarios);
      throw new UsageError(
        `scenario ${s.name} (${s.file}) is not in the baseline ${args.baseline} (it has ${known.length ? known.join(', ') : 'none'}); add it with --update-baseline`,
      );
    }
    const problem = pairingProblem(s.name, s, entry);
    if (problem) throw new UsageError(problem);
  }
  const results: ScenarioCheck[] = [];
  for (const s of scenarios) {
    const entry = baseline.scenarios[s.name];
    results.push(
      await checkScenario(s.name, s, args.baseline, entry, {
        ...playOptions(io, args, `check ${s.name}`, s, limits),
        mode: args.untilDecided ? 'sequential' : 'fixed',
        games,
        seed: args.seed,
        lookEvery,
      }),
    );
  }
  const verdict = overallVerdict(results);
  const report: CheckReport = {
    kind: 'goldpit-check',
    verdict,
    exitCode: EXIT_CODES[verdict],
    baseline: args.baseline,
    alpha: CHECK_DEFAULTS.alpha,
    scenarios: results,
  };
  // The verdict word in colour on a terminal (green PASS, red FAIL, yellow INCONCLUSIVE).
  const c = colours(io.outIsTty ?? false);
  const paint = (text: string) =>
    text.replace(
      /^goldpit check: (PASS|FAIL|INCONCLUSIVE)/m,
      (_, v: string) => `goldpit check: ${v === 'PASS' ? c.green(v) : v === 'FAIL' ? c.red(v) : c.yellow(v)}`,
    );
  io.out(args.json ? jsonReport(report) : args.markdown ? markdownReport(report) : paint(textReport(report)));
  const summaryFile = process.env.GITHUB_STEP_SUMMARY;
  if (summaryFile) appendFileSync(summaryFile, markdownReport(report));
  return report.exitCode;
}

/** Re-records the named scenarios into the baseline on purpose (same seed and games as before, when there). */
async function updateBaseline(io: Io, scenarios: readonly Scenario[], args: CheckArgs, games: number | undefined, limits: BotLimits): Promise<number> {
  prepareOutputFile(resolve(args.baseline), '--baseline', 'baseline.json');
  const old = existsSync(args.baseline) ? readBaseline(args.baseline) : null;
  const entries: Record<string, BaselineScenario> = { ...(old?.scenarios ?? {}) };
  for (const s of scenarios) {
    const before = old?.scenarios[s.name];
    const n = games ?? before?.games ?? s.games;
    const seed = args.seed ?? before?.seed ?? s.seed;
    entries[s.name] = await recordScenario(s, { ...playOptions(io, args, `baseline ${s.name}`, s, limits), games: n, seed });
    io.out(
      `${s.name}: ${before ? 're-recorded' : 'added'} (${n} games, seed ${JSON.stringify(seed)}, config ${before ? `${before.configHash} → ` : ''}${s.configHash})\n`,
    );
  }
  writeBaseline(args.baseline, { kind: 'goldpit-baseline', version: 1, scenarios: entries });
  io.out(`updated ${args.baseline}\n`);
  return 0;
}
