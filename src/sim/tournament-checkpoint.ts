/**
 * A tournament's checkpoint: the games it has finished, kept in its output folder so that a stopped
 * tournament (Ctrl-C, SIGTERM, a lost machine) loses at most the last interval. Games are pure
 * functions of (spec, game index), so a resumed tournament plays only the missing ones and ends with
 * exactly the games — and the files — of one that was never stopped.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { InputError, UsageError } from '../core/errors.js';
import { isObject, readJsonFile } from '../core/validate.js';
import { writeAtomic } from '../report/write.js';
import { sha256OfFile } from './queue/job.js';
import type { ResolvedTournament, TournamentGame } from './tournament.js';

/** The checkpoint of an unfinished tournament, in its output folder. */
export const TOURNAMENT_CHECKPOINT = '.tournament-checkpoint.json';

interface TournamentCheckpointFile {
  readonly kind: 'goldpit-tournament-checkpoint';
  readonly version: 1;
  /** Hash of everything that decides the games (see `tournamentKey`). */
  readonly key: string;
  /** Games in the tournament. */
  readonly games: number;
  /** The finished games, in game order. */
  readonly played: readonly TournamentGame[];
}

/**
 * What decides a tournament's games: the schedule, seed, time limits, the resolved rules and
 * parameters (deck files read), and each bot file's contents (an edited bot must not resume).
 */
export function tournamentKey(t: ResolvedTournament): string {
  const { configFile: _where, ...spec } = t.spec;
  const facts = {
    spec,
    resolved: t.definition.facts(t.config).resolved,
    files: spec.entrants.map((e) => (e.file === null ? null : sha256OfFile(e.file))),
  };
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 16);
}

/** Writes the finished games (atomically: a crash while writing leaves the previous file). */
export function saveTournamentCheckpoint(file: string, key: string, games: readonly (TournamentGame | undefined)[]): void {
  const cp: TournamentCheckpointFile = {
    kind: 'goldpit-tournament-checkpoint',
    version: 1,
    key,
    games: games.length,
    played: games.filter((g): g is TournamentGame => g !== undefined),
  };
  writeAtomic(file, JSON.stringify(cp));
}

/** The finished games of the checkpoint, by game index; a file of another tournament is refused, saying what to do. */
export function loadTournamentCheckpoint(file: string, key: string, total: number): (TournamentGame | undefined)[] {
  if (!existsSync(file)) throw new UsageError(`--resume: no tournament checkpoint at ${file}; run without --resume to start`);
  const cp = readJsonFile(file, 'the tournament checkpoint to resume from') as TournamentCheckpointFile;
  if (!isObject(cp) || cp.kind !== 'goldpit-tournament-checkpoint') throw new InputError(file, 'kind', 'not a goldpit tournament checkpoint');
  if (cp.version !== 1) throw new InputError(file, 'version', `expected 1, got ${JSON.stringify(cp.version)}`);
  if (cp.key !== key || cp.games !== total) {
    throw new InputError(
      file,
      'key',
      'the checkpoint is of another tournament (the bots or a bot file, --players, --lineups, --deals, --seed, --scenario, --bot-timeout or --hang-limit differ); resume with the same options and files, or start over with --fresh',
    );
  }
  if (!Array.isArray(cp.played)) throw new InputError(file, 'played', 'expected the list of finished games');
  const games: (TournamentGame | undefined)[] = new Array(total);
  cp.played.forEach((g: unknown, i) => {
    const ok =
      isObject(g) &&
      Number.isInteger(g.game) &&
      (g.game as number) >= 0 &&
      (g.game as number) < total &&
      Array.isArray(g.seats) &&
      Array.isArray(g.ranks) &&
      Array.isArray(g.scores) &&
      Array.isArray(g.winners) &&
      Array.isArray(g.counters) &&
      Array.isArray(g.faults);
    if (!ok)
      throw new InputError(
        file,
        `played[${i}]`,
        `expected a finished game with an index from 0 to ${total - 1}, seats, ranks, scores, winners, counters and faults`,
      );
    games[(g as unknown as TournamentGame).game] = g as unknown as TournamentGame;
  });
  return games;
}
