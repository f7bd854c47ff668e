/**
 * `goldpit replay <scenario> --game K [--seed S] [--html [--out FILE]]`: game K of a run, alone from
 * (scenario, seed, K), as a story on stdout or as the replay page (src/report/replay-html.ts).
 */
import { join, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
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
