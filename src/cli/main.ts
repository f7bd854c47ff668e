/**
 * The `goldpit` command. Wiring only: parsing with yargs, then calls into sim/, report/ and games/.
 * One top-level handler turns errors into exit codes: 2 for bad input or usage, 1 for bugs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import yargs from 'yargs';
import { GoldpitError, InputError, UsageError } from '../core/errors.js';
import { compareFixture, parseFixture, playFixture, type RoundFixture } from '../games/goldrausch/fixtures.js';
import { summarize } from '../report/summary.js';
import { summaryTable, writeRunOutputs } from '../report/write.js';
import { playOne, runRange, shapeOf } from '../sim/run.js';
import { loadScenario } from '../sim/scenario.js';
import { emptyAggregate, mergeInto } from '../stats/aggregate.js';

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

/** Runs the command line; returns the exit code. */
export async function runCli(argv: readonly string[], io: Io = processIo): Promise<number> {
  let code = 0;
  const parser = yargs([...argv])
    .scriptName('goldpit')
    .usage('$0 <command> [options]\n\nBot tournaments and Monte-Carlo balance analysis for tabletop games (Goldrausch).')
    .command(
      'run <scenario>',
      'play N games of a scenario and write summary.json and CSV tables',
      (y) =>
        y
          .positional('scenario', { type: 'string', demandOption: true, describe: 'scenario file (scenarios/*.json)' })
          .option('games', { type: 'number', describe: 'number of games (default: the scenario\'s, else 10000)' })
          .option('seed', { type: 'string', describe: 'run seed (default: the scenario\'s, else "goldpit")' })
          .option('out', { type: 'string', describe: 'output folder (default: reports/<scenario name>/)' })
          .option('quiet', { type: 'boolean', default: false, describe: 'no progress and no table on stdout' }),
      (args) => {
        code = commandRun(io, args.scenario, args);
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
    .demandCommand(1, 'name a command: run, replay or verify')
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

function commandRun(io: Io, path: string, args: { games?: number; seed?: string; out?: string; quiet: boolean }): number {
  const scenario = loadScenario(path);
  const games = positiveInt('games', args.games) ?? scenario.games;
  const seed = args.seed ?? scenario.seed;
  const out = resolve(args.out ?? join('reports', scenario.name));
  const started = Date.now();
  const total = emptyAggregate(shapeOf(scenario));
  // Progress on a terminal only, between chunks, so the hot loop stays untouched.
  const chunk = 2000;
  let lastReport = started;
  for (let from = 0; from < games; from += chunk) {
    const to = Math.min(games, from + chunk);
    mergeInto(total, runRange(scenario, from, to, { seed }));
    const now = Date.now();
    if (!args.quiet && io.errIsTty && now - lastReport > 500) {
      lastReport = now;
      const rate = (to / (now - started)) * 1000;
      io.err(`\r  ${to}/${games} games  ${rate.toFixed(0)} games/s  ETA ${((games - to) / rate).toFixed(0)} s   `);
    }
  }
  if (!args.quiet && io.errIsTty) io.err('\r\x1b[K');
  const summary = summarize({ ...scenario, seed }, total);
  const files = writeRunOutputs(out, summary);
  const seconds = (Date.now() - started) / 1000;
  if (!args.quiet) {
    io.out(`${summaryTable(summary)}\n\n`);
    io.out(`${games} games in ${seconds.toFixed(1)} s (${(games / seconds).toFixed(0)} games/s); wrote ${files.length} files to ${out}\n`);
  }
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
    let st;
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
  const fixtures: RoundFixture[] = [];
  const malformed: string[] = [];
  for (const file of files) {
    try {
      let data: unknown;
      try {
        data = JSON.parse(readFileSync(file, 'utf8'));
      } catch (e) {
        throw new InputError(file, '', `not valid JSON: ${(e as Error).message}`);
      }
      fixtures.push(parseFixture(file, data));
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
  for (const fixture of fixtures) {
    const diffs = compareFixture(fixture, playFixture(fixture));
    if (diffs.length === 0) {
      passed++;
      io.out(`PASS ${fixture.name} (${fixture.file})\n`);
    } else {
      failed++;
      io.out(`FAIL ${fixture.name} (${fixture.file}): ${diffs.join('; ')}\n`);
    }
  }
  io.out(`${passed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}
