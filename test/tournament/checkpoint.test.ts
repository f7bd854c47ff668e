/**
 * A tournament's checkpoint (src/sim/tournament-checkpoint.ts): a stopped tournament keeps its
 * finished games, `--resume` plays only the missing ones and writes the files of an unstopped
 * tournament; a checkpoint of another tournament, or one left in the folder, is never overwritten
 * silently. (Stopping by a real SIGINT: test/cli/signals.test.ts.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { tournamentSpec, type TournamentArgs } from '../../src/cli/tournament.js';
import { saveTournamentCheckpoint, TOURNAMENT_CHECKPOINT, tournamentKey } from '../../src/sim/tournament-checkpoint.js';
import { runTournament } from '../../src/sim/tournament-pool.js';
import { gameCount, resolveWith } from '../../src/sim/tournament.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

const ARGS = ['tournament', '--game', 'my-gold-mine', '--bots', 'cautious,greedy,odds,random', '--deals', '8', '--bootstrap', '60', '--workers', '0'];
const ARGS_OBJECT: TournamentArgs = {
  game: 'my-gold-mine',
  bots: 'cautious,greedy,odds,random',
  lineups: 'all',
  deals: 8,
  seed: 'goldpit',
  'bot-timeout': 5000,
  'hang-limit': 30_000,
  bootstrap: 60,
  rating: 'order',
  json: false,
  quiet: true,
  'deals-per-task': 4,
};

/** Every file but the page's wall time and run.json, which say when and how long. */
function files(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f !== 'run.json')
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8').replace(/<dt>wall time<\/dt><dd>[^<]*<\/dd>/, '')]),
  );
}

describe('a tournament checkpoint', () => {
  it('keeps the games finished before a stop; --resume plays the rest and writes the files of an unstopped tournament', async () => {
    const straight = tempDir('goldpit-tcp-');
    expect(await runCli([...ARGS, '--out', straight, '--quiet'], capture())).toBe(0);

    const out = tempDir('goldpit-tcp-');
    const { spec, factories } = await tournamentSpec(ARGS_OBJECT);
    const total = gameCount(spec);
    const key = tournamentKey(resolveWith(spec, factories));
    const stop = new AbortController();
    const played = await runTournament(spec, factories, {
      workers: 0,
      dealsPerTask: 1,
      stop: stop.signal,
      progress: { update: (done) => void (done >= total / 3 && stop.abort()), done: () => {} },
      checkpoint: { played: [], everyMs: 60_000, save: (games) => saveTournamentCheckpoint(join(out, TOURNAMENT_CHECKPOINT), key, games) },
    });
    const kept = played.filter((g) => g !== undefined).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(total);
    expect(readdirSync(out)).toEqual([TOURNAMENT_CHECKPOINT]);

    const io = capture();
    expect(await runCli([...ARGS, '--out', out, '--resume', '--deals-per-task', '3'], io)).toBe(0);
    expect(io.stderr).toContain(`resuming: ${kept} of ${total} games taken from ${join(out, TOURNAMENT_CHECKPOINT)}`);
    expect(io.stdout).toMatch(new RegExp(`${total - kept} games in [\\d.]+ s .* and ${kept} from the checkpoint`));
    expect(existsSync(join(out, TOURNAMENT_CHECKPOINT))).toBe(false);
    expect(files(out)).toEqual(files(straight));
  });

  it('refuses to resume from the checkpoint of another tournament, and to start over one without --fresh', async () => {
    const out = tempDir('goldpit-tcp-');
    const { spec, factories } = await tournamentSpec(ARGS_OBJECT);
    saveTournamentCheckpoint(join(out, TOURNAMENT_CHECKPOINT), tournamentKey(resolveWith(spec, factories)), new Array(gameCount(spec)));
    const other = capture();
    expect(await runCli([...ARGS, '--seed', 'other', '--out', out, '--resume'], other)).toBe(2);
    expect(other.stderr).toContain('the checkpoint is of another tournament');
    expect(other.stderr).toContain('--fresh');
    const again = capture();
    expect(await runCli([...ARGS, '--out', out], again)).toBe(2);
    expect(again.stderr).toContain('holds the checkpoint of an unfinished tournament');
    expect(again.stderr).toMatch(/continue it: +npx goldpit tournament .* --resume/);
    expect(await runCli([...ARGS, '--out', out, '--fresh', '--quiet'], capture())).toBe(0);
    expect(existsSync(join(out, TOURNAMENT_CHECKPOINT))).toBe(false);
  });
});
