/**
 * Bot files in a scenario's seats, for every registered game and every command that plays a
 * scenario (run, impact, sweep, balance, baseline, check, replay, merge): `new-bot --from B` copies
 * the built-in B of the game's own scenario, and the copy, put in B's seat, plays exactly B's games.
 * Results name the file and its sha256; a changed file is refused on resume; a scenario's seat that
 * is neither a built-in nor a file says what a seat may hold, before anything is written; a bot file
 * that hangs is stopped by the watchdog and the run finishes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typeCheckBot } from '../../src/cli/bot-check.js';
import { runCli } from '../../src/cli/main.js';
import { GAMES } from '../../src/games/registry.js';
import { batchScenario, gameRow } from '../../src/sim/batch.js';
import { runRange } from '../../src/sim/run.js';
import { runParallel } from '../../src/sim/parallel.js';
import { checkJob, codeIdentity, envelope } from '../../src/sim/queue/job.js';
import { loadScenario, openScenario } from '../../src/sim/scenario.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

const tmp = () => tempDir('goldpit-botfile-');

/** The game's first shipped scenario (as every-game.test.ts picks it) and its first seat's bot. */
function scenarioOf(game: string): string {
  const files = readdirSync('scenarios')
    .filter((f) => f.endsWith('.json'))
    .sort()
    .filter(
      (f) =>
        (JSON.parse(readFileSync(join('scenarios', f), 'utf8')) as { game?: string }).game === (game === 'goldrausch' ? undefined : game) ||
        (game === 'goldrausch' && f === 'baseline.json'),
    );
  return join('scenarios', files.includes('baseline.json') ? 'baseline.json' : files[0]);
}

const gamesCsv = (dir: string) => readFileSync(join(dir, 'games.csv'), 'utf8');

describe.each(Object.keys(GAMES))('bot files in seats on %s', (game) => {
  const shipped = loadScenario(scenarioOf(game));
  const from = shipped.seats[0];
  /** A folder with the copy of `from` (mine.ts) and two scenarios: `from` in seat 0, and mine.ts there. */
  const setUp = async () => {
    const dir = tmp();
    const io = capture();
    expect(await runCli(['new-bot', 'mine', '--game', game, '--from', from, '--out', join(dir, 'bots', 'mine.ts')], io)).toBe(0);
    expect(io.stdout).toContain(`--deals 20`);
    const data = { ...(shipped.portable as Record<string, unknown>), name: 'builtin', games: 200 };
    writeFileSync(join(dir, 'builtin.json'), JSON.stringify(data));
    writeFileSync(join(dir, 'file.json'), JSON.stringify({ ...data, name: 'file', seats: ['./bots/mine.ts', ...shipped.seats.slice(1)] }));
    return dir;
  };

  it(`run: the copy of ${'`from`'} plays exactly its games (games.csv), for 1 and 2 workers; results name the file and its sha256`, async () => {
    const dir = await setUp();
    const [a, b, c] = [tmp(), tmp(), tmp()];
    const run = (scenario: string, out: string, workers: string) =>
      runCli(['run', join(dir, scenario), '--seed', 'bf', '--games-csv', '--workers', workers, '--batch-size', '70', '--out', out, '--quiet'], capture());
    expect(await run('builtin.json', a, '1')).toBe(0);
    expect(await run('file.json', b, '1')).toBe(0);
    expect(await run('file.json', c, '2')).toBe(0);
    expect(gamesCsv(b)).toBe(gamesCsv(a));
    expect(readFileSync(join(c, 'summary.json'), 'utf8')).toBe(readFileSync(join(b, 'summary.json'), 'utf8'));
    const summary = JSON.parse(readFileSync(join(b, 'summary.json'), 'utf8')) as {
      lineup: string[];
      botFiles: { bot: string; file: string; sha256: string; seats: number[] }[];
    };
    const sha256 = createHash('sha256')
      .update(readFileSync(join(dir, 'bots', 'mine.ts')))
      .digest('hex');
    expect(summary.lineup[0]).toBe('mine');
    expect(summary.botFiles).toEqual([{ bot: 'mine', file: './bots/mine.ts', sha256, seats: [0] }]);
    expect(JSON.parse(readFileSync(join(b, 'run.json'), 'utf8')).botFiles).toEqual(summary.botFiles);
    expect(readFileSync(join(b, 'report.html'), 'utf8')).toContain(`./bots/mine.ts, sha256 <code>${sha256.slice(0, 12)}</code>`);
    // replay tells the game with the bot's name.
    const told = capture();
    expect(await runCli(['replay', join(dir, 'file.json'), '--game', '2', '--seed', 'bf'], told)).toBe(0);
    expect(told.stdout).toContain('mine');
  });

  it('shards carry the bot file: merge writes what one run writes', async () => {
    const dir = await setUp();
    const [whole, parts, merged] = [tmp(), tmp(), tmp()];
    const file = join(dir, 'file.json');
    expect(await runCli(['run', file, '--games', '120', '--seed', 'sh', '--workers', '1', '--out', whole, '--quiet'], capture())).toBe(0);
    for (const i of [1, 2])
      expect(await runCli(['run', file, '--games', '120', '--seed', 'sh', '--workers', '1', '--shard', `${i}/2`, '--out', parts, '--quiet'], capture())).toBe(
        0,
      );
    const partials = readdirSync(parts)
      .filter((f) => f.startsWith('partial'))
      .map((f) => join(parts, f));
    expect(await runCli(['merge', ...partials, '--out', merged, '--quiet'], capture())).toBe(0);
    expect(readFileSync(join(merged, 'summary.json'), 'utf8')).toBe(readFileSync(join(whole, 'summary.json'), 'utf8'));
  });

  it('a checkpoint records the bot file; a resume after the file changed is refused, naming it', async () => {
    const dir = await setUp();
    const s = await openScenario(join(dir, 'file.json'));
    const checkpointFile = join(tmp(), 'cp.json');
    const stop = new AbortController();
    const base = { seed: 'cp', from: 0, to: 300, workers: 1, batchSize: 50, checkpointEveryMs: 0, gamesCsvFile: null } as const;
    const first = await runParallel(s, {
      ...base,
      checkpointFile,
      resume: false,
      stop: stop.signal,
      progress: { update: (done) => void (done >= 100 && stop.abort()), done: () => {} },
    });
    expect(first.complete).toBe(false);
    expect(JSON.parse(readFileSync(checkpointFile, 'utf8')).botFiles[0].file).toBe('./bots/mine.ts');
    const resumed = await runParallel(s, { ...base, checkpointFile, resume: true });
    const straight = await runParallel(s, { ...base, checkpointFile: null, resume: false });
    expect(resumed.aggregate.data).toEqual(straight.aggregate.data);
    // Interrupted again, then the file changes: the resume is refused with the file's name.
    const again = new AbortController();
    await runParallel(s, {
      ...base,
      checkpointFile,
      resume: false,
      stop: again.signal,
      progress: { update: (done) => void (done >= 100 && again.abort()), done: () => {} },
    });
    writeFileSync(join(dir, 'bots', 'mine.ts'), `${readFileSync(join(dir, 'bots', 'mine.ts'), 'utf8')}\n// edited\n`);
    const changed = await openScenario(join(dir, 'file.json'));
    await expect(runParallel(changed, { ...base, checkpointFile, resume: true })).rejects.toThrow(
      /the bot file \.\/bots\/mine\.ts changed since the checkpoint \(sha256 [0-9a-f]{64} then, [0-9a-f]{64} now\)/,
    );
  });

  it('impact, sweep, balance, baseline and check play the bot file too', async () => {
    const dir = await setUp();
    const file = join(dir, 'file.json');
    if (GAMES[game].chanceCards.length > 0) {
      const out = tmp();
      expect(await runCli(['impact', file, '--card', GAMES[game].chanceCards[0], '--games', '40', '--workers', '1', '--out', out, '--quiet'], capture())).toBe(
        0,
      );
      expect(existsSync(join(out, 'impact.json'))).toBe(true);
    }
    // A sweep over seat 0: the built-in and its copy are the same bot, so every figure is the same.
    const sweep = tmp();
    expect(
      await runCli(['sweep', file, '--vary', `seats[0]=${from},./bots/mine.ts`, '--games', '60', '--workers', '1', '--out', sweep, '--quiet'], capture()),
    ).toBe(0);
    const json = JSON.parse(readFileSync(join(sweep, 'sweep.json'), 'utf8')) as {
      scenario: { botFiles: { file: string }[] };
      points: { metrics: Record<string, { estimate: number }> }[];
    };
    expect(json.scenario.botFiles.map((b) => b.file)).toEqual(['./bots/mine.ts']);
    // Per-bot metrics are keyed by the bots' names (greedy, mine); every other one is equal.
    const figures = (p: (typeof json.points)[number]) =>
      Object.entries(p.metrics)
        .filter(([k]) => !k.startsWith('win:'))
        .map(([k, v]) => [k, v.estimate]);
    expect(figures(json.points[0]).length).toBeGreaterThan(3);
    expect(figures(json.points[1])).toEqual(figures(json.points[0]));
    const balance = tmp();
    const code = await runCli(
      [
        'balance',
        file,
        '--vary',
        'seats[0]=./bots/mine.ts',
        '--target',
        'seatSpread <= 1',
        '--budget',
        '400',
        '--first-stage',
        '100',
        '--workers',
        '1',
        '--out',
        balance,
        '--quiet',
      ],
      capture(),
    );
    // 0: shown; 3: not shown with this few games. Either way it played the bot file.
    expect([0, 3]).toContain(code);
    expect(JSON.parse(readFileSync(join(balance, 'balance.json'), 'utf8')).scenario.botFiles[0].file).toBe('./bots/mine.ts');
    if (code === 0) {
      const balanced = JSON.parse(readFileSync(join(balance, 'balanced.json'), 'utf8')) as { seats: string[] };
      // The bot file's path, written relative to where balanced.json is.
      expect(existsSync(join(balance, balanced.seats[0]))).toBe(true);
    }
    const baseline = join(tmp(), 'baseline.json');
    expect(await runCli(['baseline', file, '--out', baseline, '--games', '100', '--workers', '1', '--quiet'], capture())).toBe(0);
    const entry = (JSON.parse(readFileSync(baseline, 'utf8')) as { scenarios: Record<string, { botFiles: { file: string }[] }> }).scenarios.file;
    expect(entry.botFiles[0].file).toBe('./bots/mine.ts');
    const io = capture();
    expect(await runCli(['check', file, '--baseline', baseline, '--workers', '1', '--json'], io)).not.toBe(1);
  });

  it('a queue job carries the bot file inlined; a job that names a file without its source is refused', async () => {
    const dir = await setUp();
    const s = await openScenario(join(dir, 'file.json'));
    const task = { scenario: batchScenario(s), seed: 'q', from: 0, to: 10, gamesCsv: false, limits: { botTimeoutMs: 5000, hangLimitMs: 30000 } };
    const job = JSON.parse(JSON.stringify(envelope(task)));
    expect(job.task.scenario.bots[0].source.files[0].text).toContain("from 'goldpit/");
    expect(() => checkJob('gp-1', job, codeIdentity())).not.toThrow();
    const { bots: _bots, ...bare } = job.task.scenario;
    expect(() => checkJob('gp-2', { ...job, task: { ...job.task, scenario: bare } }, codeIdentity())).toThrow(
      /seats\[0\].*not among the bot files carried with the scenario/,
    );
    const tampered = structuredClone(job);
    tampered.task.scenario.bots[0].source.files[0].text += '\n// changed';
    expect(() => checkJob('gp-3', tampered, codeIdentity())).toThrow(/source\.hash.*the files hash to/);
  });
});

describe.each(Object.keys(GAMES))('new-bot --from: every built-in heuristic bot of %s', (game) => {
  const shipped = loadScenario(scenarioOf(game));
  // The game's own heuristic bots (bots/<game>/): not its search bots, nor core's generic agents (uniform, ismcts).
  const heuristic = Object.keys(GAMES[game].builtinBots).filter((b) => !b.startsWith('search') && GAMES[game].builtinBots[b].searchAgent === undefined);
  it(`the copy type-checks as it is written, its goldpit/… imports resolved (check-bot's check)`, async () => {
    const file = join(tmp(), 'copy.ts');
    expect(await runCli(['new-bot', 'copy', '--game', game, '--from', shipped.seats[0], '--out', file], capture())).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/from 'goldpit\/(src|bots)\//);
    expect(await typeCheckBot(file)).toEqual([]);
  }, 60_000);

  it.each(heuristic)('a copy of %s, unchanged, plays exactly its games', async (bot) => {
    const dir = tmp();
    expect(await runCli(['new-bot', 'copy', '--game', game, '--from', bot, '--out', join(dir, 'copy.ts')], capture())).toBe(0);
    const data = shipped.portable as Record<string, unknown>;
    writeFileSync(join(dir, 'builtin.json'), JSON.stringify({ ...data, seats: [bot, ...shipped.seats.slice(1)] }));
    writeFileSync(join(dir, 'copy.json'), JSON.stringify({ ...data, seats: ['./copy.ts', ...shipped.seats.slice(1)] }));
    const rows = async (file: string) => {
      const scenario = await openScenario(join(dir, file));
      let out = '';
      runRange(scenario, 0, 60, { seed: `from-${bot}` }, (i, record) => void (out += gameRow(i, record)));
      return out;
    };
    const copied = await rows('copy.json');
    expect(copied.split('\n').length).toBe(61);
    expect(copied).toBe(await rows('builtin.json'));
  });
});

describe('new-bot', () => {
  it("refuses a built-in bot's name, or --from a bot that is not built in, before writing anything", async () => {
    const dir = tmp();
    let io = capture();
    expect(await runCli(['new-bot', 'greedy', '--game', 'gold-knizia', '--out', join(dir, 'greedy.ts')], io)).toBe(2);
    expect(io.stderr).toContain('"greedy" is the name of a built-in GOLD (Knizia) bot; results keep bots by name, so a bot file needs its own (e.g. my-greedy');
    io = capture();
    expect(await runCli(['new-bot', 'mine', '--game', 'gold-knizia', '--from', 'gredy', '--out', join(dir, 'mine.ts')], io)).toBe(2);
    expect(io.stderr).toContain('--from must name a built-in GOLD (Knizia) bot made by its own code (random, greedy, spoiler, cautious), got "gredy"');
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    ['gold-knizia', 'ismcts', "ismcts is goldpit's generic search agent"],
    ['gold-knizia', 'uniform', "uniform is goldpit's generic search agent"],
    ['gold-knizia', 'search', "search is a fixed name for goldpit's generic search agent configured as ismcts:iterations=250:"],
    ['goldrausch', 'ismcts:iterations=10', "ismcts:iterations=10 is goldpit's generic search agent"],
    ['my-gold-mine', 'search-8', "search-8 is a fixed name for goldpit's generic search agent configured as ismcts:iterations=10"],
  ])('%s --from %s: says it is a search agent to seat by name, and which bots a copy can start from', async (game, from, said) => {
    const dir = tmp();
    const io = capture();
    expect(await runCli(['new-bot', 'mine', '--game', game, '--from', from, '--out', join(dir, 'mine.ts')], io)).toBe(2);
    expect(io.stderr).toContain(said);
    expect(io.stderr).toContain('Seat it by its name');
    const copyable = Object.keys(GAMES[game].builtinBots).filter((b) => GAMES[game].builtinBots[b].searchAgent === undefined);
    expect(copyable.length).toBeGreaterThan(1);
    expect(io.stderr).toContain(`--from one of ${copyable.join(', ')}`);
    expect(io.stderr).not.toMatch(/--from one of .*ismcts/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('a seat that is neither a built-in bot nor a bot file', () => {
  it('is refused before anything is written, naming the file, the seat, the value, the built-ins and where bot files go', async () => {
    const dir = tmp();
    const out = join(dir, 'out');
    const file = join(dir, 's.json');
    writeFileSync(file, JSON.stringify({ game: 'gold-knizia', players: 4, seats: ['greedy', 'gredy', 'random', 'greedy'] }));
    let io = capture();
    expect(await runCli(['run', file, '--out', out], io)).toBe(2);
    expect(io.stderr).toContain(`${file}: field "seats[1]": expected a built-in GOLD (Knizia) bot (random, greedy, spoiler, cautious, search`);
    expect(io.stderr).toContain('did you mean "greedy"?');
    writeFileSync(file, JSON.stringify({ game: 'gold-knizia', players: 4, seats: ['greedy', './bots/nope.ts', 'random', 'greedy'] }));
    io = capture();
    expect(await runCli(['run', file, '--out', out], io)).toBe(2);
    expect(io.stderr).toContain(
      `field "seats[1]": no bot file at ${join(dir, 'bots', 'nope.ts')}: a bot file in seats is found relative to the scenario file's folder (${dir})`,
    );
    writeFileSync(join(dir, 'broken.ts'), 'export default { name: "broken" ');
    writeFileSync(file, JSON.stringify({ game: 'gold-knizia', players: 4, seats: ['greedy', './broken.ts', 'random', 'greedy'] }));
    io = capture();
    expect(await runCli(['run', file, '--out', out], io)).toBe(2);
    expect(io.stderr).toMatch(/field "seats\[1\]": bot file \.\/broken\.ts: cannot load the bot file: /);
    expect(existsSync(out)).toBe(false);
  });
});

describe('a bot file that hangs', () => {
  it('is stopped by the watchdog and benched: the run finishes with `hung` faults, the same for 1 and 2 workers', async () => {
    const dir = tmp();
    // The built-in greedy, except that in the games where seat 0 starts it never returns from turn 12.
    writeFileSync(
      join(dir, 'hangs.ts'),
      `import greedy from 'goldpit/bots/gold-knizia/greedy';
import type { GoldView } from 'goldpit/src/games/gold-knizia/view';
import type { RandomStream } from 'goldpit/src/core/random';

const stuck = (view: GoldView) => {
  if (view.startPlayer === 0 && view.turn === 12) for (;;) {}
};

export default {
  name: 'hangs',
  description: 'greedy, but loops forever at turn 12 when seat 0 starts',
  create(seat: number, random: RandomStream) {
    const bot = greedy.create(seat, random);
    return {
      name: 'hangs',
      firstCard: (view: GoldView) => (stuck(view), bot.firstCard(view)),
      secondCard: (view: GoldView) => (stuck(view), bot.secondCard(view)),
      rushCard: (view: GoldView) => (stuck(view), bot.rushCard(view)),
    };
  },
};
`,
    );
    writeFileSync(
      join(dir, 's.json'),
      JSON.stringify({ game: 'gold-knizia', players: 4, seats: ['./hangs.ts', 'random', 'greedy', 'greedy'], games: 10, seed: 'hang' }),
    );
    const outs = [tmp(), tmp()];
    for (const [i, workers] of ['1', '2'].entries()) {
      const io = capture();
      expect(await runCli(['run', join(dir, 's.json'), '--workers', workers, '--hang-limit', '300', '--bot-timeout', '200', '--out', outs[i]], io)).toBe(0);
      expect(io.stderr).toMatch(/goldpit: bot hangs \(seat 0\) hung in game \d+ \(bot call \d+\) and was stopped after the 0\.3 s hang limit/);
    }
    expect(readFileSync(join(outs[1], 'summary.json'), 'utf8')).toBe(readFileSync(join(outs[0], 'summary.json'), 'utf8'));
    const summary = JSON.parse(readFileSync(join(outs[0], 'summary.json'), 'utf8')) as { faults: { bot: string; reason: string; count: number }[] };
    expect(summary.faults).toHaveLength(1);
    expect(summary.faults[0]).toMatchObject({ bot: 'hangs', reason: 'hung' });
  }, 120_000);

  it('--workers 0 is refused for a scenario with bot files unless --hang-limit 0', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'b.ts'), "import greedy from 'goldpit/bots/gold-knizia/greedy';\nexport default { ...greedy, name: 'b' };\n");
    writeFileSync(join(dir, 's.json'), JSON.stringify({ game: 'gold-knizia', players: 4, seats: ['./b.ts', 'random', 'greedy', 'greedy'], games: 20 }));
    const io = capture();
    expect(await runCli(['run', join(dir, 's.json'), '--workers', '0', '--out', join(dir, 'o')], io)).toBe(2);
    expect(io.stderr).toContain('--workers 0 plays in this thread, where a bot file (./b.ts) that never returns cannot be stopped');
    expect(await runCli(['run', join(dir, 's.json'), '--workers', '0', '--hang-limit', '0', '--out', join(dir, 'o'), '--quiet'], capture())).toBe(0);
  });
});
