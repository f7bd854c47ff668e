/**
 * The skill ladder played for real (GOLD's built-in bots): every table on the deal's own random
 * source, the same games for any worker count and task size, and a stopped ladder resumed from its
 * checkpoint ends with exactly the games of an uninterrupted one. Workers run dist/ (`npm test` builds it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/registry.js';
import { resolveEntrants } from '../../src/sim/bot-files.js';
import { playTournamentGame, resolveWith, type TournamentGame, type TournamentSpec } from '../../src/sim/tournament.js';
import { ladderSpec, type LadderPlan } from '../../src/skill/ladder.js';
import { runLadder } from '../../src/skill/run.js';
import { tempDir } from '../helpers/temp.js';

const TIERS = ['random', 'greedy', 'spoiler'];

async function ladder(deals: number) {
  const definition = GAMES['gold-knizia'];
  const { refs, factories } = await resolveEntrants(TIERS, definition);
  const plan: LadderPlan = {
    game: 'gold-knizia',
    rules: undefined,
    params: undefined,
    sections: {},
    configFile: 'scenarios/gold-4p.json',
    players: 4,
    tiers: refs,
    deals,
    seed: 'skill-test',
    botTimeoutMs: null,
    hangLimitMs: 0,
  };
  return { spec: ladderSpec(plan), factories };
}

const strip = (games: readonly TournamentGame[]) => JSON.stringify(games);

describe('runLadder', () => {
  it('plays every table of a deal on that deal: the game equals the same line-up alone on random source (seed, deal)', async () => {
    const { spec, factories } = await ladder(3);
    const ladderGames = resolveWith(spec, factories);
    // Tables in focal-major order (0,1), (0,2), (1,0), …: table 2 is greedy's seat at a table of random.
    const table = 2;
    expect(spec.lineups[table]).toEqual([1, 0, 0, 0]);
    const alone: TournamentSpec = { ...spec, lineups: [spec.lineups[table]], commonDeals: false };
    const single = resolveWith(alone, factories);
    for (const [deal, rotation] of [
      [0, 0],
      [2, 3],
    ]) {
      const inLadder = playTournamentGame(ladderGames, (deal * spec.lineups.length + table) * 4 + rotation);
      const onItsOwn = playTournamentGame(single, deal * 4 + rotation);
      expect(GAMES['gold-knizia'].record(inLadder.final)).toEqual(GAMES['gold-knizia'].record(onItsOwn.final));
    }
  });

  it('gives the same games for any worker count and task size', async () => {
    const { spec, factories } = await ladder(2);
    const base = { checkpointFile: null, resume: false, checkpointEveryMs: 60_000 };
    const a = await runLadder(spec, factories, { ...base, workers: 0, dealsPerTask: 1 });
    const b = await runLadder(spec, factories, { ...base, workers: 2, dealsPerTask: 3 });
    expect(a.complete && b.complete).toBe(true);
    expect(a.games).toHaveLength(6 * 2 * 4);
    expect(strip(b.games)).toBe(strip(a.games));
  });

  it('keeps a checkpoint when stopped and resumes to exactly the games of an uninterrupted ladder', async () => {
    const { spec, factories } = await ladder(2);
    const straight = await runLadder(spec, factories, { workers: 0, dealsPerTask: 1, checkpointFile: null, resume: false, checkpointEveryMs: 60_000 });
    const dir = tempDir('goldpit-skill-run-');
    const checkpointFile = join(dir, '.skill-checkpoint.json');
    const stop = new AbortController();
    const first = await runLadder(spec, factories, {
      workers: 0,
      dealsPerTask: 1,
      stop: stop.signal,
      checkpointFile,
      resume: false,
      checkpointEveryMs: 60_000,
      progress: () => ({ update: (done) => void (done >= 20 && stop.abort()), done: () => {} }),
    });
    expect(first.complete).toBe(false);
    expect(first.done).toBe(20);
    expect(existsSync(checkpointFile)).toBe(true);
    const kept = JSON.parse(readFileSync(checkpointFile, 'utf8')) as { games: unknown[] };
    expect(kept.games).toHaveLength(20);
    const second = await runLadder(spec, factories, { workers: 2, dealsPerTask: 2, checkpointFile, resume: true, checkpointEveryMs: 60_000 });
    expect(second.complete).toBe(true);
    expect(second.resumed).toBe(20);
    expect(strip(second.games)).toBe(strip(straight.games));
    // A finished ladder leaves no checkpoint behind.
    expect(existsSync(checkpointFile)).toBe(false);
    // A checkpoint of another ladder is refused.
    await runLadder(spec, factories, {
      workers: 0,
      dealsPerTask: 1,
      stop: AbortSignal.abort(),
      checkpointFile,
      resume: false,
      checkpointEveryMs: 60_000,
    });
    const other = await ladder(3);
    await expect(
      runLadder(other.spec, other.factories, { workers: 0, dealsPerTask: 1, checkpointFile, resume: true, checkpointEveryMs: 60_000 }),
    ).rejects.toThrow('the checkpoint is of another ladder');
  });
});
