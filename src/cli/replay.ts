/**
 * `goldpit replay <scenario> --game K [--seed S] [--html [--out FILE]]`: game K of a run, alone from
 * (scenario, seed, K), as a story on stdout or as the replay page (src/report/replay-html.ts);
 * `goldpit replay <scenario> --examples [--out DIR]`: the pages of every example game of a run's
 * report, beside it (where its example links point), without playing the run again.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError, UsageError } from '../core/errors.js';
import { isObject, readJsonFile } from '../core/validate.js';
import { VERSION } from '../core/package.js';
import { exampleGames, replayFile } from '../report/examples-html.js';
import { renderReplay } from '../report/replay-html.js';
import type { RunSummary } from '../report/types.js';
import { writeAtomic } from '../report/write.js';
import { replayFrames } from '../sim/replay.js';
import type { Scenario } from '../sim/scenario.js';
import type { Io } from './main.js';
import { prepareOutputFile } from './outputs.js';

/** The page's default file: `replay-K.html` in the scenario's report folder, where the report's example links point. */
export const defaultReplayFile = (scenario: Pick<Scenario, 'name'>, game: number): string => resolve(join('reports', scenario.name, `replay-${game}.html`));

/** The replay page of game `game`, as text. */
export function replayPage(scenario: Scenario, game: number, seed: string): string {
  const replayed = replayFrames(scenario, game, seed);
  return renderReplay(replayed, scenario.definition.presentation, { scenario: scenario.name, seed, game, seats: scenario.seats, version: VERSION });
}

/** Writes the page of game `game` to `file` (checked first: a folder or an unwritable place is refused before the game is played). */
export function writeReplayPage(scenario: Scenario, game: number, seed: string, file: string): void {
  prepareOutputFile(file, '--out', `replay-${game}.html`);
  writeAtomic(file, replayPage(scenario, game, seed));
}

export function commandReplayHtml(io: Io, scenario: Scenario, game: number, seed: string, out: string | undefined): number {
  if (!Number.isInteger(game) || game < 0) throw new UsageError(`--game must be a game index ≥ 0, got ${game}`);
  const file = out === undefined ? defaultReplayFile(scenario, game) : resolve(out);
  writeReplayPage(scenario, game, seed, file);
  io.out(`wrote ${file}\n`);
  return 0;
}

/** `run --replays`: the replay page of every example game of `summary`, beside the report in `out`; the files written. */
export function writeExampleReplays(scenario: Scenario, summary: RunSummary, seed: string, out: string): string[] {
  return exampleGames(summary).map((game) => {
    const file = join(out, replayFile(game));
    writeAtomic(file, replayPage(scenario, game, seed));
    return file;
  });
}

/**
 * `replay --examples`: the replay page of every example game of the run report in `dir` (default
 * reports/<scenario name>/), written beside it. The report must be of this scenario as it is now
 * (its name, line-up, rules and parameters) and of the seed given, if one is: else its example
 * indices would name other games.
 */
export function commandReplayExamples(io: Io, path: string, scenario: Scenario, seedArg: string | undefined, dir: string | undefined): number {
  const folder = resolve(dir ?? join('reports', scenario.name));
  const file = join(folder, 'summary.json');
  if (!existsSync(file)) {
    throw new InputError(file, '', `no run report here to take the example games from: \`goldpit run ${path}\` writes one (or give its folder with --out)`);
  }
  const summary = readJsonFile(file, 'the run summary') as RunSummary;
  if (!isObject(summary) || summary.tool !== 'goldpit') throw new InputError(file, 'tool', 'not a goldpit run summary');
  if (summary.scenario !== scenario.name) {
    throw new InputError(file, 'scenario', `the report is of scenario ${JSON.stringify(summary.scenario)}, not ${JSON.stringify(scenario.name)} (${path})`);
  }
  if (JSON.stringify(summary.lineup) !== JSON.stringify(scenario.seats)) {
    throw new InputError(
      file,
      'lineup',
      `the report's seats are ${JSON.stringify(summary.lineup)}, the scenario's now ${JSON.stringify(scenario.seats)}: run it again`,
    );
  }
  const resolved = JSON.stringify(JSON.parse(JSON.stringify(scenario.definition.facts(scenario.config).resolved)));
  if (JSON.stringify(summary.parameters) !== resolved) {
    throw new InputError(
      file,
      'parameters',
      `the report was written with other rules or parameters than ${path} has now (its example games would be other games): run it again`,
    );
  }
  if (seedArg !== undefined && seedArg !== summary.seed) {
    throw new UsageError(`--seed ${JSON.stringify(seedArg)}: the report in ${folder} is of seed ${JSON.stringify(summary.seed)} (leave --seed out to use it)`);
  }
  if (!summary.examples) throw new InputError(file, 'examples', 'the report has no example games (written by an earlier goldpit): run it again');
  const games = exampleGames(summary);
  games.forEach((game, k) => {
    if (io.errIsTty) io.err(`\rreplay pages: ${k + 1}/${games.length} (game ${game})`);
    writeAtomic(join(folder, replayFile(game)), replayPage(scenario, game, summary.seed));
  });
  if (io.errIsTty && games.length) io.err('\n');
  io.out(`wrote ${games.length} replay page${games.length === 1 ? '' : 's'} (replay-K.html, the report's example links) to ${folder}\n`);
  return 0;
}
