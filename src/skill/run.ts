/**
 * Plays a skill ladder on the tournament machinery (sim/tournament-pool.ts: worker threads with the
 * hang watchdog, or the Redis queue), keeping a checkpoint of the finished games in the output
 * folder: every `checkpointEveryMs` while playing and when stopped (SIGINT/SIGTERM), temp file then
 * rename. `resume` takes the checkpoint's games over and plays only the rest; games are a pure
 * function of (ladder, game index), so the result is byte-identical to an uninterrupted run.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { BotFactory } from '../core/definition.js';
import { InputError, UsageError } from '../core/errors.js';
import { isObject, readJsonFile } from '../core/validate.js';
import { writeAtomic } from '../report/write.js';
import type { Progress } from '../sim/progress.js';
import type { QueueExecutor } from '../sim/queue/coordinator.js';
import { gameCount, type Benched, type TournamentGame, type TournamentSpec } from '../sim/tournament.js';
import { runTournament } from '../sim/tournament-pool.js';

export interface LadderRunOptions {
  readonly workers: number;
  /** Units of `players` games per task (a task is consecutive tables of one deal). */
  readonly dealsPerTask: number;
  /** Makes the progress display: all games and those taken over from the checkpoint. */
  readonly progress?: (total: number, resumed: number) => Pick<Progress, 'update' | 'done'>;
  readonly queue?: QueueExecutor;
  readonly stop?: AbortSignal;
  readonly onHang?: (hang: Benched) => void;
  readonly checkpointFile: string | null;
  readonly resume: boolean;
  readonly checkpointEveryMs: number;
}

export interface LadderRunResult {
  /** Every game in index order when complete; holes otherwise. */
  readonly games: readonly TournamentGame[];
  readonly complete: boolean;
  readonly done: number;
  readonly total: number;
  /** Games taken over from the checkpoint. */
  readonly resumed: number;
}

interface SkillCheckpoint {
  readonly kind: 'goldpit-skill-checkpoint';
  readonly version: 1;
  /** Hash of everything that decides the games (the spec, and each bot file's content). */
  readonly key: string;
  readonly games: readonly TournamentGame[];
}

/** What decides the ladder's games: its spec and the content of every bot file in it. */
export function ladderKey(spec: TournamentSpec): string {
  const files = spec.entrants.map((e) => (e.file === null ? null : createHash('sha256').update(readFileSync(e.file)).digest('hex')));
  return createHash('sha256').update(JSON.stringify({ spec, files })).digest('hex').slice(0, 16);
}

export async function runLadder(spec: TournamentSpec, factories: readonly BotFactory<unknown>[], options: LadderRunOptions): Promise<LadderRunResult> {
  const total = gameCount(spec);
  const key = ladderKey(spec);
  const games: TournamentGame[] = new Array(total);
  let resumed = 0;
  if (options.resume) {
    for (const g of readSkillCheckpoint(options.checkpointFile, key, total).games) {
      if (games[g.game] === undefined) resumed++;
      games[g.game] = g;
    }
  }
  const ranges: { from: number; to: number }[] = [];
  for (let g = 0; g < total; g++) {
    if (games[g] !== undefined) continue;
    const last = ranges[ranges.length - 1];
    if (last && last.to === g) last.to = g + 1;
    else ranges.push({ from: g, to: g + 1 });
  }
  let done = resumed;
  const write = () => {
    if (!options.checkpointFile) return;
    const cp: SkillCheckpoint = { kind: 'goldpit-skill-checkpoint', version: 1, key, games: games.filter((g) => g !== undefined) };
    writeAtomic(options.checkpointFile, JSON.stringify(cp));
  };
  let lastWrite = Date.now();
  const progress = options.progress?.(total, resumed);
  if (ranges.length > 0) {
    try {
      await runTournament(spec, factories, {
        workers: options.workers,
        dealsPerTask: options.dealsPerTask,
        queue: options.queue,
        stop: options.stop,
        onHang: options.onHang,
        ranges,
        onGames: (list) => {
          for (const g of list) {
            if (games[g.game] === undefined) done++;
            games[g.game] = g;
          }
          progress?.update(done);
          if (Date.now() - lastWrite >= options.checkpointEveryMs) {
            write();
            lastWrite = Date.now();
          }
        },
      });
    } catch (e) {
      // Whatever finished is kept, so that --resume can go on from it.
      if (done > resumed) write();
      throw e;
    } finally {
      progress?.done();
    }
  } else progress?.done();
  const complete = done === total;
  if (complete) {
    if (options.checkpointFile) rmSync(options.checkpointFile, { force: true });
  } else write();
  return { games, complete, done, total, resumed };
}

function readSkillCheckpoint(file: string | null, key: string, total: number): SkillCheckpoint {
  if (!file || !existsSync(file)) throw new UsageError(`--resume: no skill checkpoint at ${file ?? '(none)'}; run without --resume to start`);
  const cp = readJsonFile(file, 'the skill checkpoint to resume from') as SkillCheckpoint;
  if (!isObject(cp) || cp.kind !== 'goldpit-skill-checkpoint') throw new InputError(file, 'kind', 'not a goldpit skill checkpoint');
  if (cp.version !== 1) throw new InputError(file, 'version', `expected 1, got ${JSON.stringify(cp.version)}`);
  if (cp.key !== key) {
    throw new InputError(
      file,
      'key',
      'the checkpoint is of another ladder (scenario, tiers, budgets, --deals, --seed, --bot-timeout, --hang-limit or a bot file differ); resume with the same options, or start over with --fresh',
    );
  }
  if (
    !Array.isArray(cp.games) ||
    cp.games.some((g: unknown) => !isObject(g) || typeof g.game !== 'number' || !Number.isInteger(g.game) || g.game < 0 || g.game >= total)
  ) {
    throw new InputError(file, 'games', `expected the finished games (each with an index from 0 to ${total - 1})`);
  }
  return cp;
}
