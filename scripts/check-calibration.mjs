#!/usr/bin/env node
/**
 * Calibration of `goldpit check`: measures its false-alarm rate (FAIL with nothing changed) and its
 * power (FAIL when one metric really moved by 2δ), in fixed mode and in sequential mode
 * (--until-decided), over many re-drawn runs. Uses the library in dist/ (run `npm run build` first);
 * writes nothing.
 *
 *   node scripts/check-calibration.mjs [--runs 200] [--games 20000,60000] [--pool 100000] [--workers W]
 *     [--batch-size 1000] [--scenarios baseline,mirror-cooperative] [--seed calibration] [--json]
 *
 * Where the noise comes from. `goldpit check` pairs deals: game i of the check replays the
 * baseline's seed and game index i (src/check/run.ts), so unchanged code gives differences of
 * exactly 0 and a trivial PASS — nothing to calibrate. A real change (other rules, other bots, or a
 * refactor that draws random numbers in another order) makes the games diverge; the most it can
 * diverge is two independent games per deal, and that is what this script measures: the baseline's
 * deals and the check's deals are drawn independently. This is the honest worst case for the noise
 * (common random numbers only make the paired differences smaller), and it is the check's unpaired
 * path (`goldpit check --seed OTHER`).
 *
 * How the runs are drawn. Playing 200 × 2 × 20,000 games would take hours on two shared cores, so
 * each scenario's games are played once, as a pool of `--pool` games (seed `<seed>:pool`); each run
 * then draws its baseline deals and its check's deals independently and uniformly, with replacement,
 * from the pool (a seeded stream per run). Both sides draw from the same distribution — the pool's,
 * which is the game's real per-deal distribution, discreteness, ties and all — so the null hypothesis
 * "nothing changed" holds exactly, and a FAIL is a false alarm. The runs share pool games, so they
 * are not fully independent (that widens the true uncertainty of the rates a little, it does not
 * bias them).
 *
 * The shift of 2δ. For power, one metric of the check's deals gets a known shift of exactly 2δ
 * (src/check/calibration.ts, injectShift): win rate (a bot, or seat 0 of a mirror line-up): 2δ·n
 * random deals the bot did not win become its win, taken from the winners; mean rounds: +1 round in
 * a random 2δ (= half, δ = 0.25) of the games; mean final gold ×(1 + 2δ/mean); race share: 2δ·n
 * clock-ended games become race-ended. The table counts how often the check flags THAT metric
 * (fixed: shifted beyond δ after Holm; sequential: its SPRT accepted the shift, or at the game limit
 * the fixed verdict) and how often the whole scenario FAILs. The rows "δ" and "0.5δ" inject exactly
 * δ (the boundary of the tolerance) and δ/2 (a small change): FAIL there is still a false alarm by
 * the check's definition ("moved by more than δ").
 *
 * `--games` is a comma-separated list of game counts a side: each is the fixed mode's games and the
 * sequential mode's limit (in the check, the games the baseline holds). 20,000 is what the shipped
 * scenarios play; win rates need more (see docs/check.md, Calibration, for the figures).
 *
 * Deterministic: the same options give the same figures (the pool does not depend on the worker
 * count or batch size; every draw comes from counter-based streams keyed by seed, scenario and run).
 */
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gatherDeals, injectShift } from '../dist/src/check/calibration.js';
import { analyseFixed, CHECK_DEFAULTS, sequentialOnSeries } from '../dist/src/check/compare.js';
import { deltaOf, metricsOf, metricValues } from '../dist/src/check/deals.js';
import { RandomSource } from '../dist/src/core/random.js';
import { runDealsParallel } from '../dist/src/sim/parallel.js';
import { loadScenario } from '../dist/src/sim/scenario.js';
import { clopperPearsonInterval } from '../dist/src/stats/clopper-pearson.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    games: { type: 'string', default: '20000,60000' },
    pool: { type: 'string', default: '100000' },
    workers: { type: 'string', default: String(availableParallelism()) },
    'batch-size': { type: 'string', default: '1000' },
    scenarios: { type: 'string', default: 'baseline,mirror-cooperative' },
    seed: { type: 'string', default: 'calibration' },
    json: { type: 'boolean', default: false },
  },
});
const int = (name, min) => {
  const v = Number(opts[name]);
  if (!Number.isInteger(v) || v < min) {
    console.error(`--${name} must be an integer ≥ ${min}, got ${opts[name]}`);
    process.exit(2);
  }
  return v;
};
const runs = int('runs', 1);
const gamesList = opts.games.split(',').map(Number);
if (gamesList.some((g) => !Number.isInteger(g) || g < 2)) {
  console.error(`--games must be integers ≥ 2 separated by commas, got ${opts.games}`);
  process.exit(2);
}
const poolSize = int('pool', 2);
const workers = int('workers', 0);
const batchSize = int('batch-size', 1);
const names = opts.scenarios.split(',').filter(Boolean);
const log = (s) => process.stderr.write(`${s}\n`);

// Stream purposes of one run's RandomSource (key: seed, scenario, run).
const DRAW_BASELINE = 1;
const DRAW_CURRENT = 2;
const DRAW_INJECT = 16; // + 3·target + index of the multiple
// Shifts injected, in units of δ: 2δ (power), δ (the tolerance's boundary), δ/2 (a small change).
const MULTIPLES = [2, 1, 0.5];

/** The check's metric series for one run: baseline values and current values (gold scaled). */
function seriesOf(defs, seats, base, current, raceEnding, tolerance, goldFactor = 1) {
  const n = base.winners.length;
  return defs
    .map((def) => {
      const baseline = metricValues(def, seats, base, 0, n, raceEnding);
      const now = metricValues(def, seats, current, 0, n, raceEnding);
      if (def.family === 'final-gold' && goldFactor !== 1) for (let i = 0; i < n; i++) now[i] *= goldFactor;
      let mean = 0;
      if (def.family === 'final-gold') {
        for (const v of baseline) mean += v;
        mean /= n;
      }
      return { def, baseline, current: now, mean };
    })
    .map((m, _, all) => {
      const meanGold = all.find((x) => x.def.family === 'final-gold').mean;
      return { def: m.def, delta: deltaOf(m.def, tolerance, meanGold), baseline: m.baseline, current: m.current };
    });
}

/** Verdicts of both modes, and whether metric `k` was flagged as shifted in each. */
function judge(series, k, games) {
  const fixed = analyseFixed(series, games);
  const seq = sequentialOnSeries(series, games);
  const m = k >= 0 ? seq.metrics[k] : undefined;
  const seqFlagged = m !== undefined && (seq.decidedBy === 'sprt' ? m.sequential.up === 'H1' || m.sequential.down === 'H1' : m.status === 'shifted');
  return {
    fixed: { verdict: fixed.verdict, flagged: k >= 0 && fixed.metrics[k].status === 'shifted' },
    sequential: { verdict: seq.verdict, flagged: seqFlagged, games: seq.games, decidedBy: seq.decidedBy },
  };
}

function tally() {
  return { runs: 0, FAIL: 0, PASS: 0, INCONCLUSIVE: 0, flagged: 0, games: 0, limit: 0 };
}
function count(t, r) {
  t.runs++;
  t[r.verdict]++;
  if (r.flagged) t.flagged++;
  if (r.games !== undefined) {
    t.games += r.games;
    if (r.decidedBy === 'limit') t.limit++;
  }
}

async function calibrate(name, gamesList) {
  const scenario = loadScenario(join(root, 'scenarios', `${name}.json`));
  const started = Date.now();
  const played = await runDealsParallel(scenario, { seed: `${opts.seed}:pool`, games: poolSize, workers, batchSize });
  const poolSeconds = (Date.now() - started) / 1000;
  log(`${name}: pool of ${poolSize} games in ${poolSeconds.toFixed(1)} s`);
  const pool = played.deals;
  const results = [];
  for (const games of gamesList) results.push(calibrateGames(name, scenario, pool, games, poolSeconds));
  return results;
}

/** The runs of one scenario with `games` deals a side. */
function calibrateGames(name, scenario, pool, games, poolSeconds) {
  const seats = scenario.seats;
  const raceEnding = scenario.definition.endings.indexOf('race');
  const tolerance = scenario.check.tolerance;
  const defs = metricsOf(seats);
  const poolSize = pool.winners.length;
  // Targets of the injected shift: the first win-rate metric (a bot, or seat 0), rounds, gold, race.
  const targets = [
    defs.findIndex((d) => d.family === 'win-rate' || d.family === 'seat-win-rate'),
    ...['rounds', 'gold', 'race'].map((id) => defs.findIndex((d) => d.id === id)),
  ];
  const cpu0 = process.cpuUsage();
  const none = { fixed: tally(), sequential: tally() };
  const shifted = targets.map(() => MULTIPLES.map(() => ({ fixed: tally(), sequential: tally(), shift: 0 })));
  const t1 = Date.now();
  for (let r = 0; r < runs; r++) {
    const source = new RandomSource(`${opts.seed}:${name}`, r);
    const indices = (purpose) => {
      const stream = source.stream(purpose);
      const idx = new Uint32Array(games);
      for (let j = 0; j < games; j++) idx[j] = stream.int(poolSize);
      return idx;
    };
    const base = gatherDeals(pool, indices(DRAW_BASELINE));
    const current = gatherDeals(pool, indices(DRAW_CURRENT));
    const plain = seriesOf(defs, seats, base, current, raceEnding, tolerance);
    const j0 = judge(plain, -1, games);
    count(none.fixed, j0.fixed);
    count(none.sequential, j0.sequential);
    targets.forEach((k, t) => {
      MULTIPLES.forEach((mult, u) => {
        const stream = source.stream(DRAW_INJECT + 3 * t + u);
        const inj = injectShift(current, seats, defs[k], mult * plain[k].delta, raceEnding, (n) => stream.int(n));
        const j = judge(seriesOf(defs, seats, base, inj.deals, raceEnding, tolerance, inj.goldFactor), k, games);
        const cell = shifted[t][u];
        count(cell.fixed, j.fixed);
        count(cell.sequential, j.sequential);
        cell.shift += inj.shift / plain[k].delta / runs;
      });
    });
    if ((r + 1) % 20 === 0) log(`${name}, ${games} games: ${r + 1}/${runs} runs (${((Date.now() - t1) / 1000).toFixed(0)} s)`);
  }
  const cpu = process.cpuUsage(cpu0);
  // δ of final gold is relative to each run's baseline mean; shown here for the pool's mean.
  let goldSum = 0;
  for (let i = 0; i < poolSize; i++) goldSum += pool.scoreSum[i];
  const deltas = Object.fromEntries(defs.map((d) => [d.id, Number(deltaOf(d, tolerance, goldSum / poolSize / seats.length).toFixed(4))]));
  return {
    scenario: name,
    games,
    seats,
    deltas,
    poolSeconds,
    analysisSeconds: (Date.now() - t1) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    none,
    shifted: targets
      .flatMap((k, t) => MULTIPLES.map((mult, u) => ({ metric: defs[k].id, multiple: mult, meanShiftInDeltas: shifted[t][u].shift, ...shifted[t][u] })))
      .map(({ shift, ...rest }) => rest),
  };
}

const pct = (x, n) => `${((100 * x) / n).toFixed(1)}%`;
const interval = (x, n) => {
  const ci = clopperPearsonInterval(x, n);
  return `[${(100 * ci.lower).toFixed(1)}, ${(100 * ci.upper).toFixed(1)}]`;
};

function printTable(result) {
  const out = [];
  out.push(
    `${result.scenario} [${result.seats.join(', ')}], ${result.games} games a side (fixed; sequential at most); δ: ${Object.entries(result.deltas)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  out.push(`  pool ${result.poolSeconds.toFixed(0)} s, analysis ${result.analysisSeconds.toFixed(0)} s (main-thread CPU ${result.cpuSeconds.toFixed(0)} s)`);
  const head = ['', 'mode', 'FAIL (95% CI)', 'PASS', 'INCONCL.', 'metric flagged', 'mean games', 'hit limit'];
  const rows = [];
  const row = (label, mode, t) => {
    rows.push([
      label,
      mode,
      `${pct(t.FAIL, t.runs)} ${interval(t.FAIL, t.runs)}`,
      pct(t.PASS, t.runs),
      pct(t.INCONCLUSIVE, t.runs),
      label === 'no shift' ? '—' : pct(t.flagged, t.runs),
      mode === 'fixed' ? String(result.games) : String(Math.round(t.games / t.runs)),
      mode === 'fixed' ? '—' : pct(t.limit, t.runs),
    ]);
  };
  row('no shift', 'fixed', result.none.fixed);
  row('no shift', 'sequential', result.none.sequential);
  for (const s of result.shifted) {
    const label = `${s.multiple === 1 ? '' : s.multiple}δ ${s.metric}`;
    row(label, 'fixed', s.fixed);
    row(label, 'sequential', s.sequential);
  }
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells) => `  ${cells.map((x, c) => (c < 2 ? x.padEnd(widths[c]) : x.padStart(widths[c]))).join('  ')}`;
  out.push(line(head));
  for (const r of rows) out.push(line(r));
  return out.join('\n');
}

const wall0 = Date.now();
const settings = {
  runs,
  games: gamesList,
  pool: poolSize,
  workers,
  batchSize,
  seed: opts.seed,
  scenarios: names,
  alpha: CHECK_DEFAULTS.alpha,
  beta: CHECK_DEFAULTS.beta,
  lookEvery: CHECK_DEFAULTS.lookEvery,
};
const results = [];
for (const name of names) results.push(...(await calibrate(name, gamesList)));
const wallSeconds = (Date.now() - wall0) / 1000;
if (opts.json) {
  process.stdout.write(`${JSON.stringify({ settings, wallSeconds, results }, null, 2)}\n`);
} else {
  console.log(
    `goldpit check calibration: ${runs} runs per scenario and game count, unpaired deals (fixed; sequential limit) drawn from a pool of ${poolSize} games; ` +
      `α ${settings.alpha}, β ${settings.beta}, look every ${settings.lookEvery}; seed ${JSON.stringify(opts.seed)}; ${workers} workers`,
  );
  for (const r of results) console.log(`\n${printTable(r)}`);
  console.log(`\nwall time ${wallSeconds.toFixed(0)} s`);
}
