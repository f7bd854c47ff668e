#!/usr/bin/env node
// How fast a scenario plays with bot files in its seats, against the same bots built in:
// `npm run build && node scripts/bench-bot-files.mjs [--game ID] [--games 3000] [--warmup 3000] [--pairs 7]`.
// For each game, its 4-player scenario (Goldrausch: baseline.json) three ways: as shipped (built-in bots), with seat 0's bot
// replaced by its `goldpit new-bot --from` copy, and with every seat a copy (a line-up of bot files).
// Each measurement is a fresh child process that plays a warm-up batch and then the measured batch in
// its own thread, as a run's worker does (bot files watched: time budget 5000 ms, the watchdog's
// marker written), timed by the process's CPU time; the three run in rotating order, and the script
// prints the median µs per game of each and the median paired ratios built-in / bot files (1 = as
// fast). On a shared machine one measurement varies by ±10–20%: use several pairs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    game: { type: 'string' },
    games: { type: 'string', default: '3000' },
    warmup: { type: 'string', default: '3000' },
    pairs: { type: 'string', default: '7' },
    child: { type: 'string' },
  },
});
const root = resolve(import.meta.dirname, '..');
const dist = (p) => pathToFileURL(join(root, 'dist', p)).href;

if (values.child) {
  const scenarioFile = values.child;
  const seed = 'bench-bots';
  const { openScenario } = await import(dist('src/sim/scenario.js'));
  const { runRange } = await import(dist('src/sim/run.js'));
  const scenario = await openScenario(scenarioFile);
  const watch = { botTimeoutMs: 5000, hangLimitMs: 30000, benched: [], marker: new Float64Array(4) };
  const options = { seed, watch: scenario.botFiles.length ? watch : undefined };
  const warmup = Number(values.warmup);
  const n = Number(values.games);
  runRange(scenario, 0, warmup, options);
  const before = process.cpuUsage();
  runRange(scenario, warmup, warmup + n, options);
  const used = process.cpuUsage(before);
  process.stdout.write(`${((used.user + used.system) / n).toFixed(3)}\n`);
  process.exit(0);
}

const { GAMES } = await import(dist('src/games/registry.js'));
const { loadScenario } = await import(dist('src/sim/scenario.js'));
const games = values.game ? [values.game] : Object.keys(GAMES);
const dir = mkdtempSync(join(tmpdir(), 'goldpit-bench-bots-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  for (const game of games) {
    // The game's 4-player scenario (Goldrausch's baseline), else its first.
    const own = readdirSync(join(root, 'scenarios'))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .filter((f) => (JSON.parse(readFileSync(join(root, 'scenarios', f), 'utf8')).game ?? 'goldrausch') === game);
    const file = own.find((f) => f.endsWith('-4p.json')) ?? own[0];
    const shipped = loadScenario(join(root, 'scenarios', game === 'goldrausch' ? 'baseline.json' : file));
    const copies = shipped.seats.map((bot, s) => {
      const out = join(dir, `${game}-${s}.ts`);
      execFileSync(process.execPath, [join(root, 'bin/goldpit.js'), 'new-bot', `copy${s}`, '--game', game, '--from', bot, '--out', out, '--force'], {
        stdio: 'ignore',
      });
      return `./${game}-${s}.ts`;
    });
    const data = shipped.portable;
    const variants = {
      'built-in': shipped.seats,
      'seat 0 a file': [copies[0], ...shipped.seats.slice(1)],
      'all files': copies,
    };
    const files = Object.fromEntries(
      Object.entries(variants).map(([name, seats], i) => {
        const f = join(dir, `${game}-${i}.json`);
        writeFileSync(f, JSON.stringify({ ...data, seats }));
        return [name, f];
      }),
    );
    const names = Object.keys(files);
    const times = Object.fromEntries(names.map((n) => [n, []]));
    for (let p = 0; p < Number(values.pairs); p++) {
      // Rotate the order: whichever runs first in a pair does not always get the same slot.
      for (let k = 0; k < names.length; k++) {
        const name = names[(p + k) % names.length];
        const r = spawnSync(process.execPath, [import.meta.filename, '--child', files[name], '--games', values.games, '--warmup', values.warmup], {
          encoding: 'utf8',
        });
        if (r.status !== 0) throw new Error(`child failed: ${r.stderr}`);
        times[name].push(Number(r.stdout.trim()));
      }
    }
    const base = times['built-in'];
    const line = names.map((n) => `${n} ${median(times[n]).toFixed(1)} µs/game`).join(', ');
    const ratios = names
      .slice(1)
      .map((n) => `${n}: ${median(times[n].map((t, i) => base[i] / t)).toFixed(3)}× the built-in speed`)
      .join('; ');
    console.log(
      `${game} (${shipped.name}: ${shipped.seats.join(', ')}), ${values.games} games after ${values.warmup}, ${values.pairs} rounds: ${line}; ${ratios}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
