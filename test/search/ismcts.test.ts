/**
 * The generic agents: `ismcts` (src/search/ismcts.ts) and `uniform`, for every game with the search
 * contract: named configurations, legal play, determinism (for any worker count), a time budget
 * that says so, rewards, and play clearly stronger than uniform.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { builtinBot, isBuiltinBot } from '../../src/core/bots.js';
import type { Outcome } from '../../src/core/game.js';
import { Purpose, RandomSource } from '../../src/core/random.js';
import { GAMES } from '../../src/games/registry.js';
import { isSearchable } from '../../src/search/contract.js';
import { ismctsName, parseIsmctsOptions, rewardsOf, ISMCTS_DEFAULTS } from '../../src/search/ismcts.js';
import { SearchRandom } from '../../src/search/random.js';
import { playGame } from '../../src/sim/play.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

const searchableGames = Object.keys(GAMES).filter((id) => isSearchable(GAMES[id].module));

describe('ismcts options in the bot name', () => {
  it('reads every option, in any order, and names the variant canonically', () => {
    const { options, given } = parseIsmctsOptions('rollout=greedy:iterations=400:c=0.5:reward=score:prior=greedy:bias=2:depth=8:merge=0', ISMCTS_DEFAULTS, [
      'greedy',
    ]);
    expect(options).toEqual({
      iterations: 400,
      ms: null,
      c: 0.5,
      rollout: 'greedy',
      reward: 'score',
      prior: 'greedy',
      bias: 2,
      depth: 8,
      merge: false,
      fpu: Infinity,
      outcomes: true,
      tree: 0,
      anchor: Infinity,
      paired: false,
      prune: Infinity,
    });
    expect(ismctsName(given)).toBe('ismcts:iterations=400:c=0.5:rollout=greedy:reward=score:prior=greedy:bias=2:depth=8:merge=0');
    const more = parseIsmctsOptions('fpu=-0.1:outcomes=0', ISMCTS_DEFAULTS, []);
    expect([more.options.fpu, more.options.outcomes]).toEqual([-0.1, false]);
    expect(parseIsmctsOptions('fpu=inf', ISMCTS_DEFAULTS, []).options.fpu).toBe(Infinity);
    const kept = parseIsmctsOptions('tree=1:anchor=0.02:reward=margin', ISMCTS_DEFAULTS, []);
    expect([kept.options.tree, kept.options.anchor, kept.options.reward]).toEqual([1, 0.02, 'margin']);
    expect(ismctsName(kept.given)).toBe('ismcts:reward=margin:anchor=0.02:tree=1');
    expect(ismctsName(more.given)).toBe('ismcts:fpu=-0.1:outcomes=0');
    expect(ismctsName({})).toBe('ismcts');
    expect(parseIsmctsOptions('ms=20', ISMCTS_DEFAULTS, []).options.ms).toBe(20);
    const paired = parseIsmctsOptions('prune=2:paired=1:depth=8', ISMCTS_DEFAULTS, []);
    expect([paired.options.paired, paired.options.prune]).toEqual([true, 2]);
    expect(ismctsName(paired.given)).toBe('ismcts:paired=1:prune=2:depth=8');
    expect(parseIsmctsOptions('prune=inf', ISMCTS_DEFAULTS, []).options.prune).toBe(Infinity);
  });

  it('refuses unknown options, bad values and unknown bots, saying what is expected', () => {
    const bad = (text: string) => () => parseIsmctsOptions(text, ISMCTS_DEFAULTS, ['greedy']);
    expect(bad('iteration=4')).toThrow(/unknown option "iteration".*options are iterations, ms, c/);
    expect(bad('iterations=0')).toThrow(/iterations must be a whole number ≥ 1, got "0"/);
    expect(bad('iterations=1.5')).toThrow(/whole number/);
    expect(bad('c=-1')).toThrow(/c must be a number ≥ 0/);
    expect(bad('ms=0')).toThrow(/ms must be a positive number/);
    expect(bad('rollout=smart')).toThrow(/rollout must be uniform or a built-in bot \(greedy\), got "smart"/);
    expect(bad('reward=gold')).toThrow(/reward must be win, score or margin/);
    expect(bad('iterations')).toThrow(/needs a value/);
    expect(bad('c=1:c=2')).toThrow(/given twice/);
    expect(bad('fpu=lots')).toThrow(/fpu must be inf or a number/);
    expect(bad('outcomes=2')).toThrow(/outcomes must be 0 or 1/);
    expect(bad('tree=-1')).toThrow(/tree must be a whole number ≥ 0/);
    expect(bad('anchor=-0.1')).toThrow(/anchor must be inf or a number ≥ 0/);
    expect(bad('paired=yes')).toThrow(/paired must be 0 or 1, got "yes"/);
    expect(bad('prune=-2')).toThrow(/prune must be inf or a number ≥ 0/);
  });

  it.each(searchableGames)('%s: one factory per configuration, however spelt; bad names are not built-in bots', (id) => {
    const def = GAMES[id];
    const a = builtinBot(def, 'ismcts:c=0.5:iterations=100');
    const b = builtinBot(def, 'ismcts:iterations=100:c=0.5');
    expect(a).toBeDefined();
    expect(a).toBe(b);
    expect(a!.name).toBe('ismcts:iterations=100:c=0.5');
    expect(builtinBot(def, 'ismcts:')).toBe(def.builtinBots.ismcts);
    expect(builtinBot(def, 'ismcts')).toBe(def.builtinBots.ismcts);
    expect(builtinBot(def, 'nothing:x=1')).toBeUndefined();
    expect(() => builtinBot(def, 'ismcts:iterations=-3')).toThrow(RangeError);
    expect(isBuiltinBot(def, 'ismcts:iterations=-3')).toBe(false);
    expect(def.builtinBots.uniform.name).toBe('uniform');
    // A time budget is marked: runs that seat it are not reproducible.
    expect(builtinBot(def, 'ismcts:ms=5')!.timed).toBe(true);
    expect(def.builtinBots.ismcts.timed).toBe(false);
    expect(def.builtinBots.ismcts.costly).toBe(true);
  });
});

describe('rewards', () => {
  const outcome = (winners: number[], scores: number[]): Outcome => ({ winners, scores, ranks: [], endedBy: 'x', length: 1 });
  it('share the win among the winners', () => {
    const out = new Float64Array(5);
    rewardsOf(outcome([1, 2], [3, 9, 9, 1]), 'win', out);
    expect(Array.from(out)).toEqual([0, 0.5, 0.5, 0, 0]);
  });
  it('score: half the win share, half the score between the lowest (0) and the highest (1)', () => {
    const out = new Float64Array(4);
    rewardsOf(outcome([1], [3, 9, 5, 1]), 'score', out);
    // (s − 1) / 8: 0.25, 1, 0.5, 0
    expect(Array.from(out)).toEqual([0.125, 1, 0.25, 0]);
    rewardsOf(outcome([0, 1], [4, 4]), 'score', out);
    expect(Array.from(out.subarray(0, 2))).toEqual([0.5, 0.5]);
  });
});

describe('the search generator', () => {
  it('is a function of its seed, uniform enough for a search (mean and spread of 100,000 draws)', () => {
    const a = new SearchRandom(7);
    const b = new SearchRandom(7);
    const xs = Array.from({ length: 100000 }, () => a.next());
    expect(Array.from({ length: 100000 }, () => b.next())).toEqual(xs);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    // Uniform [0, 1): mean 0.5 ± 3 standard errors (1/√(12·n) ≈ 0.000913).
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.0028);
    const counts = new Array<number>(10).fill(0);
    for (const x of xs) counts[Math.floor(x * 10)]++;
    // χ² with 9 degrees of freedom below its 0.999 quantile (27.88, scipy.stats.chi2.ppf(0.999, 9)).
    expect(counts.reduce((s, c) => s + (c - 10000) ** 2 / 10000, 0)).toBeLessThan(27.88);
    expect(new SearchRandom(8).next()).not.toBe(xs[0]);
  });
});

/** Plays one `players`-seat game of `id` with the named bots; returns the outcome and faults. */
function game(id: string, names: readonly string[], index: number, seed = 'ismcts-test') {
  const def = GAMES[id];
  const players = names.length;
  const config = def.parseConfig({ players }, { file: 'test.json', dir: '.' });
  const random = new RandomSource(seed, index);
  const bots = names.map((n, s) => builtinBot(def, n)!.create(s, random.stream(Purpose.bot + s)));
  return playGame({ module: def.module, config, players, bots, random });
}

describe.each(searchableGames)('ismcts on %s', (id) => {
  it('plays legal answers only (no fault), and the same game again from the same seed', () => {
    // Seat 3 searches with a heuristic's rollouts, prior and anchor (asked once a decision, before the
    // iterations play the samples to the end: a bot asked at a finished sample threw every decision).
    const h = GAMES[id].tournament.checkBotOpponents[0];
    const names = [
      'ismcts:iterations=30',
      'uniform',
      'ismcts:iterations=30:rollout=uniform:reward=score',
      `ismcts:iterations=20:rollout=${h}:prior=${h}:anchor=0.05:reward=margin`,
    ];
    const a = game(id, names, 0);
    expect(a.faults).toEqual([]);
    expect(game(id, names, 0).outcome).toEqual(a.outcome);
  });

  // Plain ISMCTS (uniform rollouts, no prior: the default of most games, not of Goldrausch, whose betrayer rollouts model its rivals as betrayers).
  it('beats uniform play clearly with a small budget (the fewest players the game allows, seats rotating)', () => {
    const players = Math.max(2, GAMES[id].module.minPlayers);
    // Under equal strength, 2 players: P(≥ 13 of 16) = 0.0106 (scipy.stats.binom.sf(12, 16, 1/2)), measured
    // 14–16; 3 players: P(≥ 10 of 15) = 0.0085 (scipy.stats.binom.sf(9, 15, 1/3)); 4 players:
    // P(≥ 9 of 16) = 0.0075 (scipy.stats.binom.sf(8, 16, 1/4)).
    const [n, need] = players === 2 ? [16, 13] : players === 3 ? [15, 10] : players === 4 ? [16, 9] : [Number.NaN, Number.NaN];
    let wins = 0;
    for (let g = 0; g < n; g++) {
      const seat = g % players;
      const names = Array.from({ length: players }, (_, s) => (s === seat ? 'ismcts:iterations=40:rollout=uniform:prior=none:tree=0:reward=win' : 'uniform'));
      const { outcome } = game(id, names, g, 'ismcts-strength');
      if (outcome.winners.includes(seat)) wins += 1 / outcome.winners.length;
    }
    expect(wins).toBeGreaterThanOrEqual(need);
  });

  it('paired (flat, common worlds, pruning): legal answers only, the same game again, and clearly stronger than uniform', () => {
    const h = GAMES[id].tournament.checkBotOpponents[0];
    const paired = `ismcts:iterations=60:rollout=${h}:prior=${h}:anchor=0.02:paired=1:prune=1:depth=6:reward=margin`;
    const names = [paired, 'uniform', 'ismcts:iterations=40:paired=1:reward=score', 'ismcts:iterations=40:paired=1'];
    const a = game(id, names, 2);
    expect(a.faults).toEqual([]);
    expect(game(id, names, 2).outcome).toEqual(a.outcome);
    // Against uniform, seats rotating; the same bounds as above (under equal strength P ≤ 0.011).
    const players = Math.max(2, GAMES[id].module.minPlayers);
    const [n, need] = players === 2 ? [16, 13] : players === 3 ? [15, 10] : players === 4 ? [16, 9] : [Number.NaN, Number.NaN];
    let wins = 0;
    for (let g = 0; g < n; g++) {
      const seat = g % players;
      // (Goldrausch's default rollouts model every rival as betrayer: against uniform seats, uniform ones.)
      const plain = id === 'goldrausch' ? ':rollout=uniform:prior=none:tree=0:reward=win' : '';
      const table = Array.from({ length: players }, (_, s) => (s === seat ? `ismcts:iterations=40:paired=1:prune=2${plain}` : 'uniform'));
      const { outcome } = game(id, table, g, 'ismcts-paired');
      if (outcome.winners.includes(seat)) wins += 1 / outcome.winners.length;
    }
    expect(wins).toBeGreaterThanOrEqual(need);
  });

  it('with a time budget, still answers every decision legally', () => {
    const { faults } = game(id, ['ismcts:ms=2', 'uniform', 'uniform', 'uniform'], 1);
    expect(faults).toEqual([]);
  });
});

describe.each(searchableGames)('ismcts runs like any built-in bot (%s)', (id) => {
  it('run: the same outputs for 0, 1 and 2 workers, all on the fast path', async () => {
    const dir = tempDir('goldpit-ismcts-');
    const file = join(dir, 'scenario.json');
    writeFileSync(
      file,
      JSON.stringify({
        game: id,
        players: 4,
        seats: ['ismcts:iterations=20', GAMES[id].tournament.checkBotOpponents[0], 'uniform', 'ismcts:iterations=10:rollout=uniform'],
      }),
    );
    const tables: string[] = [];
    for (const workers of ['0', '1', '2']) {
      const out = join(dir, `out-${workers}`);
      expect(await runCli(['run', file, '--games', '6', '--seed', 'det', '--workers', workers, '--batch-size', '2', '--out', out, '--quiet'], capture())).toBe(
        0,
      );
      tables.push(readFileSync(join(out, 'summary.json'), 'utf8').replace(/"(elapsed[A-Za-z]*|wall[A-Za-z]*|seconds|gamesPerSecond)": *[^,}]*/g, ''));
      const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as { engine: { kernelGames: number; referenceGames: number } };
      expect(run.engine).toEqual({ kernelGames: 6, referenceGames: 0 });
    }
    expect(tables[1]).toBe(tables[0]);
    expect(tables[2]).toBe(tables[0]);
  }, 120_000);
});

describe('a time budget is not reproducible, and the outputs say so', () => {
  it.each(searchableGames)('%s: run.json lists the timed bot, report.html warns', async (id) => {
    const dir = tempDir('goldpit-ismcts-ms-');
    const file = join(dir, 'scenario.json');
    const seats = ['ismcts:ms=1', 'uniform', 'uniform', 'uniform'];
    writeFileSync(file, JSON.stringify({ game: id, players: 4, seats }));
    const out = join(dir, 'out');
    expect(await runCli(['run', file, '--games', '2', '--workers', '0', '--out', out, '--quiet'], capture())).toBe(0);
    expect((JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as { timedBots?: string[] }).timedBots).toEqual(['ismcts:ms=1']);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('<strong>Not reproducible.</strong> <code>ismcts:ms=1</code> decided by the clock');
    // An iteration budget is reproducible: nothing said.
    const still = join(dir, 'still');
    writeFileSync(file, JSON.stringify({ game: id, players: 4, seats: ['ismcts:iterations=5', 'uniform', 'uniform', 'uniform'] }));
    expect(await runCli(['run', file, '--games', '2', '--workers', '0', '--out', still, '--quiet'], capture())).toBe(0);
    expect(JSON.parse(readFileSync(join(still, 'run.json'), 'utf8')).timedBots).toBeUndefined();
    expect(readFileSync(join(still, 'report.html'), 'utf8')).not.toContain('Not reproducible');
  });
});
