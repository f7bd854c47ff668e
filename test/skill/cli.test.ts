/**
 * `goldpit skill` end to end: its files, byte-identical for any worker count, the summary it prints,
 * the replay of one game, the checkpoint guard, and the errors for bad options (exit 2, before any
 * game is played). Workers run dist/ (`npm test` builds it).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { DEFAULT_BUDGETS, defaultBudgets, defaultTiers, parseBudgets } from '../../src/cli/skill.js';
import { GAMES } from '../../src/games/registry.js';
import type { SkillJson } from '../../src/skill/types.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

const tmp = () => tempDir('goldpit-skill-cli-');
const LADDER = ['skill', 'scenarios/gold-4p.json', '--tiers', 'random,greedy,spoiler', '--budgets', 'none', '--deals', '20', '--bootstrap', '60'];
const results = (dir: string) => Object.fromEntries(['skill.json', 'skill.csv', 'skill_tiers.csv'].map((f) => [f, readFileSync(join(dir, f), 'utf8')]));

describe('goldpit skill', () => {
  it('writes skill.json, skill.csv, skill_tiers.csv, skill.html and run.json, the same bytes for any worker count', async () => {
    const [a, b] = [tmp(), tmp()];
    const io = capture();
    expect(await runCli([...LADDER, '--workers', '0', '--out', a], io)).toBe(0);
    expect(await runCli([...LADDER, '--workers', '2', '--deals-per-task', '3', '--out', b, '--quiet'], capture())).toBe(0);
    expect(results(b)).toEqual(results(a));
    for (const f of ['skill.html', 'run.json']) expect(existsSync(join(a, f))).toBe(true);
    const s = JSON.parse(readFileSync(join(a, 'skill.json'), 'utf8')) as SkillJson;
    expect(s).toMatchObject({ kind: 'goldpit-skill', game: 'gold-knizia', players: 4, deals: 20, tables: 6, games: 480, seed: 'gold-4p' });
    expect(s.tiers.map((t) => t.tier)).toEqual(['random', 'greedy', 'spoiler']);
    // skill.csv: one row per matchup.
    const csv = readFileSync(join(a, 'skill.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('focal,table,win_share,ci95_low,ci95_high,edge,significant,games,deals');
    expect(csv).toHaveLength(7);
    // The summary: what was played, the verdicts, where the files are.
    expect(io.stderr).toMatch(/^skill ladder: 3 tiers \(random, greedy, spoiler\), 6 tables × 20 deals × 4 rotations = 480 games\n/);
    expect(io.stdout).toMatch(/^480 games \(480 played now\) in \d+\.\d s on 0 workers; figures \d+\.\d s\n- The ladder by rating, strongest first: /);
    expect(io.stdout).toContain(`open the page: ${join(a, 'skill.html')}`);
  }, 120_000);

  it('replays one game of the ladder alone', async () => {
    const io = capture();
    expect(await runCli([...LADDER, '--replay', '9'], io)).toBe(0);
    // Game 9 = (deal 0 · 6 + table 2) · 4 + rotation 1: greedy's seat at a table of random.
    expect(io.stdout).toMatch(/^Game 9 of the skill ladder \(seed "gold-4p"\): greedy's seat at a table of random, deal 0, rotation 1\n/);
    expect(io.stdout.split('\n').length).toBeGreaterThan(10);
    const bad = capture();
    expect(await runCli([...LADDER, '--replay', '480'], bad)).toBe(2);
    expect(bad.stderr).toContain('--replay must be a game index from 0 to 479, got 480');
  });

  it('refuses to overwrite an unfinished ladder without --resume or --fresh', async () => {
    const out = tmp();
    writeFileSync(join(out, '.skill-checkpoint.json'), '{}');
    const io = capture();
    expect(await runCli([...LADDER, '--workers', '0', '--out', out, '--quiet'], io)).toBe(2);
    expect(io.stderr).toContain('holds the checkpoint of an unfinished skill ladder');
    expect(io.stderr).toContain('--resume');
    expect(await runCli([...LADDER, '--workers', '0', '--out', out, '--quiet', '--fresh'], capture())).toBe(0);
    expect(existsSync(join(out, '.skill-checkpoint.json'))).toBe(false);
  }, 60_000);

  it('refuses bad options with exit 2 and a message naming the option', async () => {
    const cases: [string[], string][] = [
      [
        ['--tiers', 'random,greedy', '--budgets', '100,x'],
        '--budgets: expected positive whole iteration counts separated by commas (e.g. 100,200,400) or "none", got "x"',
      ],
      [['--tiers', 'random,greedy', '--budgets', '100,100'], '--budgets lists a budget twice: 100,100'],
      [['--tiers', 'greedy', '--budgets', 'none'], 'a ladder needs at least two tiers, got 1 (greedy)'],
      [['--tiers', 'greedy,gredy', '--budgets', 'none'], '--tiers: unknown bot "gredy"'],
      [['--tiers', 'greedy', '--tiers', 'random'], '--tiers is given 2 times; give it once, with the items separated by commas'],
      [['--tiers', 'random,greedy', '--deals', '0'], '--deals must be a positive integer, got 0'],
      [['--search', 'ismcts:iterations=5', '--budgets', '10'], '--search ismcts:iterations=5 already names a budget'],
      [['--search', 'deep-thought', '--budgets', '10'], '--budgets: gold-knizia has no search agent "deep-thought" to give them to'],
    ];
    for (const [extra, message] of cases) {
      const io = capture();
      const out = tmp();
      expect(await runCli(['skill', 'scenarios/gold-4p.json', '--out', out, ...extra], io), extra.join(' ')).toBe(2);
      expect(io.stderr).toContain(message);
      expect(existsSync(join(out, '.skill-checkpoint.json'))).toBe(false);
    }
  });

  it('takes uniform play and the heuristics as default tiers, and reads --budgets', () => {
    // GOLD has the generic uniform bot (the search contract); a game without it starts from its random bot.
    expect(defaultTiers(GAMES['gold-knizia'])).toEqual(['uniform', 'greedy', 'spoiler', 'cautious']);
    const others = Object.values(GAMES).filter((g) => !Object.hasOwn(g.builtinBots, 'uniform'));
    for (const g of others) expect(defaultTiers(g)[0]).toBe('random');
    expect(parseBudgets('400,100,200', [])).toEqual([100, 200, 400]);
    expect(parseBudgets(undefined, [1, 2])).toEqual([1, 2]);
    expect(parseBudgets('none', [1, 2])).toEqual([]);
  });

  it("takes the game's own ladder budgets for its default ismcts, the generic ones otherwise", () => {
    // Every game's own budgets ascend, and each game's are its measured 4× steps (docs/bots-and-tournaments.md).
    for (const g of Object.values(GAMES)) {
      const own = g.search?.ladder;
      if (own === undefined) continue;
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect([...own].sort((a, b) => a - b)).toEqual([...own]);
      expect(defaultBudgets(g, 'ismcts')).toEqual(own);
    }
    expect(defaultBudgets(GAMES['gold-knizia'], 'ismcts')).toEqual([25, 100, 400]);
    expect(defaultBudgets(GAMES.goldrausch, 'ismcts')).toEqual([62, 250]);
    expect(defaultBudgets(GAMES['green-deal'], 'ismcts')).toEqual([75, 300]);
    expect(defaultBudgets(GAMES['my-gold-mine'], 'ismcts')).toEqual([100, 400]);
    // Another agent (a bot file, or ismcts configured otherwise) does not inherit them.
    expect(defaultBudgets(GAMES['gold-knizia'], 'ismcts:rollout=uniform')).toEqual(DEFAULT_BUDGETS);
    expect(defaultBudgets(GAMES['gold-knizia'], './my-search.ts')).toEqual(DEFAULT_BUDGETS);
  });
});
