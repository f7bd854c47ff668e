/**
 * Every command for every game: each registered game runs through run (any worker count), shards
 * and merge, an interrupted run and --resume, replay, baseline and check, verify, tournament, skill,
 * sweep and balance (any worker count), new-bot and check-bot — the same code paths, driven by the game's hooks alone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { GAMES } from '../../src/games/registry.js';
import { isSearchable } from '../../src/search/contract.js';
import { runParallel } from '../../src/sim/parallel.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { aggregateToJson } from '../../src/stats/aggregate.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

const tmp = () => tempDir('goldpit-every-');

/** One scenario per game: its first file in scenarios/ (by name). */
function scenarioOf(game: string): string {
  const files = readdirSync('scenarios')
    .filter((f) => f.endsWith('.json'))
    .sort()
    .filter(
      (f) =>
        (JSON.parse(readFileSync(join('scenarios', f), 'utf8')) as { game?: string }).game === (game === 'goldrausch' ? undefined : game) ||
        (game === 'goldrausch' && f === 'baseline.json'),
    );
  if (files.length === 0) throw new Error(`no scenario of ${game} in scenarios/`);
  return join('scenarios', files.includes('baseline.json') ? 'baseline.json' : files[0]);
}

/** The files of a run that must not depend on workers, shards or resumption. */
const tables = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.csv') || f === 'summary.json')
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );

describe.each(Object.keys(GAMES))('every command on %s', (game) => {
  const scenario = scenarioOf(game);
  const def = GAMES[game];
  /** Whether the game has the search contract, and so the generic agents uniform and ismcts. */
  const searchable = isSearchable(def.module);
  /** A page names the scenario's data sets (decks, components), a placeholder with its note, as the run report does. */
  const shownData = (page: string) => {
    const ids = Object.values(def.facts(loadScenario(scenario).config).dataIds).filter((id) => id !== '');
    for (const id of ids) {
      expect(page).toContain(`<code>${id}</code>`);
      const note = def.presentation.placeholders[id];
      if (note !== undefined) expect(page).toContain(`<span class="note">${note.replace(/&/g, '&amp;')}</span>`);
    }
  };

  it('run: the same bytes for 0, 1 and 2 workers and any batch size, with the game\u2019s own words', async () => {
    const outs = [tmp(), tmp(), tmp()];
    const runs = [
      ['--workers', '0', '--batch-size', '300'],
      ['--workers', '1', '--batch-size', '97'],
      ['--workers', '2', '--batch-size', '50'],
    ];
    for (let i = 0; i < 3; i++)
      expect(await runCli(['run', scenario, '--games', '300', '--seed', 'every', '--out', outs[i], '--quiet', ...runs[i]], capture())).toBe(0);
    expect(tables(outs[1])).toEqual(tables(outs[0]));
    expect(tables(outs[2])).toEqual(tables(outs[0]));
    const files = readdirSync(outs[0]);
    expect(files).toContain('report.html');
    expect(files).toContain(`${def.presentation.score.replace(/\W+/g, '_')}_curve.csv`);
    const curve = readFileSync(join(outs[0], `${def.presentation.score.replace(/\W+/g, '_')}_curve.csv`), 'utf8');
    expect(curve.split('\n')[0].startsWith(`${def.presentation.step.one},bot,`)).toBe(true);
    // Chance-card tables only for games that have chance cards.
    expect(files.some((f) => f === `${def.presentation.chanceCards.replace(/\W+/g, '_')}.csv`)).toBe(def.chanceCards.length > 0);
    const page = readFileSync(join(outs[0], 'report.html'), 'utf8');
    expect(page).toContain(def.presentation.title.replace(/&/g, '&amp;'));
    for (const section of def.presentation.sections) expect(page).toContain(`id="${section.id}"`);
    shownData(page);
  });

  it('shards and merge give the outputs of one run', async () => {
    const whole = tmp();
    const parts = tmp();
    const merged = tmp();
    expect(await runCli(['run', scenario, '--games', '240', '--seed', 'sh', '--workers', '0', '--out', whole, '--quiet'], capture())).toBe(0);
    for (const i of [1, 2, 3])
      expect(
        await runCli(['run', scenario, '--games', '240', '--seed', 'sh', '--workers', '0', '--shard', `${i}/3`, '--out', parts, '--quiet'], capture()),
      ).toBe(0);
    const partials = readdirSync(parts)
      .filter((f) => f.startsWith('partial'))
      .map((f) => join(parts, f));
    expect(partials).toHaveLength(3);
    expect(await runCli(['merge', ...partials, '--out', merged, '--quiet'], capture())).toBe(0);
    expect(tables(merged)).toEqual(tables(whole));
  });

  it('a stopped run resumes from its checkpoint to the same result', async () => {
    const dir = tmp();
    const s = loadScenario(scenario);
    const checkpointFile = join(dir, 'cp.json');
    const stop = new AbortController();
    const base = { seed: 'cp', from: 0, to: 600, workers: 0, batchSize: 100, checkpointEveryMs: 0, gamesCsvFile: null } as const;
    const first = await runParallel(s, {
      ...base,
      checkpointFile,
      resume: false,
      stop: stop.signal,
      progress: { update: (done) => void (done >= 200 && stop.abort()), done: () => {} },
    });
    expect(first.complete).toBe(false);
    expect(existsSync(checkpointFile)).toBe(true);
    const resumed = await runParallel(s, { ...base, checkpointFile, resume: true });
    expect(resumed.resumedGames).toBe(first.gamesDone);
    const straight = await runParallel(s, { ...base, checkpointFile: null, resume: false });
    expect(JSON.stringify(aggregateToJson(resumed.aggregate))).toBe(JSON.stringify(aggregateToJson(straight.aggregate)));
  });

  it('replay tells one game, the same each time', async () => {
    const a = capture();
    const b = capture();
    expect(await runCli(['replay', scenario, '--game', '3'], a)).toBe(0);
    expect(await runCli(['replay', scenario, '--game', '3'], b)).toBe(0);
    expect(a.stdout.length).toBeGreaterThan(200);
    expect(a.stdout).toBe(b.stdout);
  });

  it('baseline and check: the same code passes against its own baseline', async () => {
    const file = join(tmp(), 'baseline.json');
    expect(await runCli(['baseline', scenario, '--out', file, '--games', '400', '--workers', '0'], capture())).toBe(0);
    const io = capture();
    const code = await runCli(['check', scenario, '--baseline', file, '--workers', '0', '--json'], io);
    const report = JSON.parse(io.stdout) as { scenarios: { verdict: string; metrics: { id: string; label: string }[] }[] };
    expect(code === 0 || code === 3).toBe(true);
    expect(report.scenarios[0].verdict).not.toBe('FAIL');
    const labels = report.scenarios[0].metrics.map((m) => m.label);
    expect(labels).toContain(`mean ${def.presentation.step.many}`);
    expect(labels).toContain(`mean final ${def.presentation.score}`);
    if (def.keyEnding !== null) expect(report.scenarios[0].metrics.map((m) => m.id)).toContain(def.keyEnding);
  });

  it('impact: runs where the game has chance cards, and says clearly when it has none', async () => {
    const io = capture();
    const out = tmp();
    const card = def.chanceCards[0];
    const code = await runCli(['impact', scenario, '--card', card ?? 'all', '--games', '60', '--workers', '0', '--out', out, '--quiet'], io);
    if (card === undefined) {
      expect(code).toBe(2);
      expect(io.stderr).toContain(`${def.presentation.title} has no chance cards to blank`);
    } else {
      expect(code).toBe(0);
      expect(existsSync(join(out, 'impact.json'))).toBe(true);
    }
  });

  it('tournament --game plays the built-in bots and rates them', async () => {
    const out = tmp();
    const io = capture();
    const bots = Object.keys(def.builtinBots)
      .filter((b) => b !== 'search')
      .slice(0, def.tournament.players);
    if (bots.length < def.tournament.players) return; // too few fast bots for a line-up (say so in the game's docs)
    expect(
      await runCli(['tournament', '--game', game, '--bots', bots.join(','), '--deals', '2', '--workers', '0', '--bootstrap', '20', '--out', out], io),
    ).toBe(0);
    const summary = JSON.parse(readFileSync(join(out, 'tournament.json'), 'utf8')) as { game: string; bots: { bot: string }[] };
    expect(summary.game).toBe(game);
    expect(summary.bots.map((b) => b.bot).sort()).toEqual([...bots].sort());
    expect(readFileSync(join(out, 'tournament.html'), 'utf8')).toContain(`${def.presentation.title.replace(/&/g, '&amp;')} tournament`);
  });

  it('skill: a ladder of the default tiers (the search agent at two small budgets where the game has it), the same bytes for 0 and 2 workers', async () => {
    const outs = [tmp(), tmp()];
    // The game's default tiers, 2 deals (no intervals: quick); tiny search budgets keep it cheap.
    const budgets = searchable ? '3,6' : 'none';
    const args = ['skill', scenario, '--budgets', budgets, '--deals', '2', '--bootstrap', '20', '--seed', 'every', '--quiet'];
    expect(await runCli([...args, '--workers', '0', '--out', outs[0]], capture())).toBe(0);
    expect(await runCli([...args, '--workers', '2', '--out', outs[1]], capture())).toBe(0);
    const read = (dir: string) => ['skill.json', 'skill.csv', 'skill_tiers.csv'].map((f) => readFileSync(join(dir, f), 'utf8'));
    expect(read(outs[1])).toEqual(read(outs[0]));
    const s = JSON.parse(read(outs[0])[0]) as { game: string; tiers: { tier: string }[] };
    expect(s.game).toBe(game);
    expect(s.tiers.length).toBeGreaterThanOrEqual(3);
    const heuristics = def.tournament?.heuristics ?? [];
    expect(s.tiers.map((t) => t.tier)).toEqual([
      searchable ? 'uniform' : 'random',
      ...heuristics,
      ...(searchable ? ['ismcts:iterations=3', 'ismcts:iterations=6'] : []),
    ]);
    expect(readFileSync(join(outs[0], 'skill.html'), 'utf8')).toContain(`${def.presentation.title.replace(/&/g, '&amp;')}: the skill ladder`);
    shownData(readFileSync(join(outs[0], 'skill.html'), 'utf8'));
  });

  it('skill-robust balance: run --table and sweep --vary table=… (the search agent where the game has it), the same bytes for 0 and 2 workers', async () => {
    const heuristic = def.tournament?.heuristics?.[0] ?? 'greedy';
    const strong = searchable ? 'ismcts:iterations=6' : (def.tournament?.heuristics?.[1] ?? 'random');
    const runs = [tmp(), tmp()];
    for (const [i, workers] of ['0', '2'].entries())
      expect(
        await runCli(['run', scenario, '--table', strong, '--games', '12', '--batch-size', '5', '--workers', workers, '--out', runs[i], '--quiet'], capture()),
      ).toBe(0);
    expect(tables(runs[1])).toEqual(tables(runs[0]));
    const summary = JSON.parse(readFileSync(join(runs[0], 'summary.json'), 'utf8')) as { lineup: string[] };
    expect(summary.lineup).toEqual(new Array(summary.lineup.length).fill(strong));
    const sweeps = [tmp(), tmp()];
    const vary = ['sweep', scenario, '--vary', `table=${heuristic},${strong}`, '--reference', `table=${heuristic}`, '--games', '12', '--quiet'];
    for (const [i, workers] of ['0', '2'].entries()) expect(await runCli([...vary, '--workers', workers, '--out', sweeps[i]], capture())).toBe(0);
    const sweep = readFileSync(join(sweeps[0], 'sweep.json'), 'utf8');
    expect(readFileSync(join(sweeps[1], 'sweep.json'), 'utf8')).toBe(sweep);
    expect((JSON.parse(sweep) as { points: { values: { table: string } }[] }).points.map((p) => p.values.table)).toEqual([heuristic, strong]);
  });

  it('sweep and balance: the same bytes for 0 and 2 workers', async () => {
    const [a, b] = Object.keys(def.builtinBots).filter((bot) => bot !== 'search' && bot !== 'ismcts');
    const runs = [
      ['sweep', scenario, '--vary', `seats[0]=${a},${b}`, '--games', '120'],
      // Varying `games` changes no game: the balance search's stages still play on the workers.
      ['balance', scenario, '--vary', 'games=100,200', '--target', 'rounds >= 0', '--first-stage', '100', '--budget', '400'],
    ];
    for (const args of runs) {
      const outs = [tmp(), tmp()];
      for (const [k, workers] of ['0', '2'].entries())
        expect(await runCli([...args, '--batch-size', '45', '--seed', 'every', '--workers', workers, '--out', outs[k], '--quiet'], capture())).toBe(0);
      const files = readdirSync(outs[0]).sort();
      expect(files).toContain(`${args[0]}.json`);
      for (const f of files) expect([f, readFileSync(join(outs[1], f), 'utf8')]).toEqual([f, readFileSync(join(outs[0], f), 'utf8')]);
      shownData(readFileSync(join(outs[0], `${args[0]}.html`), 'utf8'));
    }
  }, 60_000);

  it('new-bot --game writes a starter that compiles and plays; check-bot --game finds no fault in it', async () => {
    const dir = tmp();
    const file = join(dir, 'starter.ts');
    const io = capture();
    expect(await runCli(['new-bot', 'starter', '--game', game, '--out', file], io)).toBe(0);
    if (game !== 'goldrausch') expect(io.stdout).toContain(`--game ${game}`);
    // It type-checks under the repository's strict settings.
    execFileSync(
      process.execPath,
      [
        'node_modules/typescript/bin/tsc',
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        '--skipLibCheck',
        '--types',
        'node',
        file,
      ],
      { stdio: 'pipe' },
    );
    const check = capture();
    const code = await runCli(['check-bot', file, '--game', game, '--deals', '1', '--workers', '1'], check);
    expect(check.stdout).toContain('no faults');
    expect(code).toBe(0);
  }, 60_000);

  it('sensitivity --all-params --all-rules screens every tunable the game declares; the same bytes for 0 and 2 workers', async () => {
    const outs = [tmp(), tmp()];
    const base = [
      'sensitivity',
      scenario,
      '--all-params',
      '--all-rules',
      '--games',
      '40',
      '--trajectories',
      '4',
      '--bootstrap',
      '50',
      '--seed',
      'every',
      '--quiet',
    ];
    expect(await runCli([...base, '--workers', '0', '--out', outs[0]], capture())).toBe(0);
    expect(await runCli([...base, '--workers', '2', '--batch-size', '15', '--out', outs[1]], capture())).toBe(0);
    for (const f of ['sensitivity.json', 'sensitivity.csv', 'sensitivity.html'])
      expect(readFileSync(join(outs[1], f), 'utf8')).toBe(readFileSync(join(outs[0], f), 'utf8'));
    const json = JSON.parse(readFileSync(join(outs[0], 'sensitivity.json'), 'utf8'));
    const loaded = loadScenario(scenario);
    const declared = def.tunables!(loaded.config, loaded.players).map((t) => t.path);
    expect(json.knobs.map((k: { path: string }) => k.path)).toEqual(declared);
    expect(declared.some((p) => p.startsWith('rules.'))).toBe(true);
    expect(json.morris.length).toBe(declared.length * json.metrics.length);
  }, 120_000);
});

describe('verify', () => {
  it('reads every game\u2019s fixtures by their game field', async () => {
    const io = capture();
    expect(await runCli(['verify', 'fixtures'], io)).toBe(0);
    for (const game of Object.keys(GAMES)) expect(readdirSync(join('fixtures', game)).length).toBeGreaterThanOrEqual(20);
    expect(io.stdout).toMatch(/\n\d+ passed, 0 failed\n$/);
  });
});
