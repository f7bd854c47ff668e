#!/usr/bin/env node
// How strong is the search bot against each heuristic bot? Run after `npm run build`.
//
//  1. Head to head, 4 players: on each deal (game index = deal: identical decks, wheel and
//     tie-breaks) search sits in each of the 4 seats in turn (cyclic rotations) against three copies of
//     bot X, and X plays the same deal four times against itself (the mirror). Per deal: search's mean
//     win share and finishing position over the rotations, and the paired difference to X's mean over
//     the same seats in the mirror (exactly 1/4 for wins). 95% t-intervals over deals.
//  2. Mixed field, 4 players: every line-up of 4 of the 8 built-in bots that includes search (35), each
//     with all 4 cyclic seat rotations on the same deal, as a tournament plays them. For each heuristic
//     bot X, per deal: the mean of (X's position − search's position) and of (search's win − X's win)
//     over the games where both sit (15 line-ups × 4 rotations); 95% paired t-intervals over deals.
//
// Usage: node scripts/search-strength.mjs [--deals 40] [--mixed-deals 20] [--workers 2] [--seed S]
//        [--rollouts R] [--horizon H] [--margin M] [--win-weight W] [--only head|mixed] [--against greedy,betrayer] [--mixed-with greedy] [--json]
// Positions are 1 (first) … 4 (last); tied seats share a position.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { HEURISTIC_BOTS, makeSearch } from '../dist/bots/goldrausch/index.js';
import { Purpose, RandomSource } from '../dist/src/core/random.js';
import { goldrausch } from '../dist/src/games/goldrausch/engine.js';
import { DEFAULT_CONFIG } from '../dist/src/games/goldrausch/params.js';
import { playGame } from '../dist/src/sim/play.js';
import { pairedDifference } from '../dist/src/stats/paired.js';

const HEURISTICS = Object.keys(HEURISTIC_BOTS);

function factories(searchOptions) {
  return { ...HEURISTIC_BOTS, search: makeSearch(searchOptions) };
}

/** Plays one 4-player game: `lineup[s]` sits in seat s; the deal is game index `deal` of `seed`. */
function play(bots, lineup, seed, deal) {
  const random = new RandomSource(seed, deal);
  // The search seats' decisions are timed one by one (wall time in this thread; on a busy machine it
  // overstates the cost): chooseContinent and every commitUpgrade call that returns a card.
  const timing = { decisions: 0, ms: 0 };
  const players = lineup.map((name, s) => {
    const bot = bots[name].create(s, random.stream(Purpose.bot + s));
    return name === 'search' ? timed(bot, timing) : bot;
  });
  // Wall time of this game in its thread (Node 20 has no per-thread CPU clock; process.cpuUsage
  // would add up every worker). On a busy machine it overstates the cost.
  const started = performance.now();
  const { outcome } = playGame({ module: goldrausch, config: DEFAULT_CONFIG, players: lineup.length, bots: players, random });
  return { ranks: outcome.ranks, winners: outcome.winners, ms: performance.now() - started, decisions: timing.decisions, decisionMs: timing.ms };
}

function timed(bot, timing) {
  return {
    name: bot.name,
    chooseContinent(view) {
      const t = performance.now();
      const c = bot.chooseContinent(view);
      timing.ms += performance.now() - t;
      timing.decisions++;
      return c;
    },
    negotiate: (view) => bot.negotiate(view),
    commitUpgrade(view) {
      const t = performance.now();
      const c = bot.commitUpgrade(view);
      timing.ms += performance.now() - t;
      if (c !== null) timing.decisions++;
      return c;
    },
  };
}

function rotations(lineup) {
  return lineup.map((_, r) => lineup.map((__, s) => lineup[(s + r) % lineup.length]));
}

function combinations(items, k) {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...combinations(rest, k - 1).map((c) => [first, ...c]), ...combinations(rest, k)];
}

async function runAll(tasks, workers, seed, searchOptions, onProgress) {
  const results = new Array(tasks.length);
  if (workers === 0) {
    const bots = factories(searchOptions);
    tasks.forEach((t, i) => {
      results[i] = play(bots, t.lineup, seed, t.deal);
      if (i % 50 === 49) onProgress(i + 1);
    });
    return results;
  }
  // Small chunks, handed out as workers finish: the search games are much slower than the others.
  const chunk = 8;
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from(
      { length: workers },
      () =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { seed, searchOptions } });
          const send = () => {
            if (next >= tasks.length) {
              worker.postMessage(null);
              return;
            }
            const slice = [];
            for (let k = 0; k < chunk && next < tasks.length; k++, next++) slice.push({ id: next, ...tasks[next] });
            worker.postMessage(slice);
          };
          worker.on('message', (rows) => {
            for (const row of rows) results[row.id] = row;
            done += rows.length;
            onProgress(done);
            send();
          });
          worker.on('error', reject);
          worker.on('exit', () => resolve());
          send();
        }),
    ),
  );
  return results;
}

const f3 = (x) => (x >= 0 ? ' ' : '') + x.toFixed(3);
const ci = (d) => `${f3(d.mean)} [${f3(d.lower)}, ${f3(d.upper)}]`;
const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;

async function main() {
  const { values } = parseArgs({
    options: {
      deals: { type: 'string', default: '40' },
      'mixed-deals': { type: 'string', default: '20' },
      workers: { type: 'string', default: String(Math.min(2, availableParallelism())) },
      seed: { type: 'string', default: 'search-strength' },
      rollouts: { type: 'string' },
      horizon: { type: 'string' },
      margin: { type: 'string' },
      'win-weight': { type: 'string' },
      only: { type: 'string' },
      against: { type: 'string' },
      'mixed-with': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const deals = Number(values.deals);
  const mixedDeals = Number(values['mixed-deals']);
  const workers = Number(values.workers);
  const seed = values.seed;
  const searchOptions = {};
  if (values.rollouts !== undefined) searchOptions.rollouts = Number(values.rollouts);
  if (values.horizon !== undefined) searchOptions.horizon = Number(values.horizon);
  if (values.margin !== undefined) searchOptions.margin = Number(values.margin);
  if (values['win-weight'] !== undefined) searchOptions.winWeight = Number(values['win-weight']);
  const searchName = makeSearch(searchOptions).name;
  // Head to head only against these (default: all seven); the mixed field always uses all eight bots.
  const against = values.against === undefined ? HEURISTICS : values.against.split(',');
  for (const x of against) if (!HEURISTICS.includes(x)) throw new Error(`--against: unknown bot ${x}; expected some of ${HEURISTICS.join(', ')}`);
  const started = Date.now();
  const progress = (label, total) => (done) => {
    if (process.stderr.isTTY) process.stderr.write(`\r  ${label}: ${done}/${total} games, ${((Date.now() - started) / 1000).toFixed(0)} s `);
  };
  const report = { search: searchName, seed, headToHead: {}, mixed: {} };

  if (values.only !== 'mixed') {
    // 1. Head to head: per X and deal, 4 rotations with search + 4 mirror games.
    const tasks = [];
    for (const x of against) {
      for (let d = 0; d < deals; d++) {
        for (let r = 0; r < 4; r++) tasks.push({ x, d, r, mirror: false, lineup: [0, 1, 2, 3].map((s) => (s === r ? 'search' : x)), deal: d });
        tasks.push({ x, d, r: -1, mirror: true, lineup: [x, x, x, x], deal: d });
      }
    }
    const results = await runAll(tasks, workers, seed, searchOptions, progress('head to head', tasks.length));
    if (process.stderr.isTTY) process.stderr.write('\n');
    let searchCpu = 0;
    let searchGames = 0;
    for (const x of against) {
      const winDiff = [];
      const posDiff = [];
      const winShare = [];
      const position = [];
      for (let d = 0; d < deals; d++) {
        let w = 0;
        let p = 0;
        let mw = 0;
        let mp = 0;
        tasks.forEach((t, i) => {
          if (t.x !== x || t.d !== d) return;
          const res = results[i];
          if (t.mirror) {
            // X's mean over the four seats of the mirror game.
            for (let s = 0; s < 4; s++) {
              mw += (res.winners.includes(s) ? 1 / res.winners.length : 0) / 4;
              mp += (res.ranks[s] + 1) / 4;
            }
          } else {
            w += (res.winners.includes(t.r) ? 1 / res.winners.length : 0) / 4;
            p += (res.ranks[t.r] + 1) / 4;
            searchCpu += res.ms;
            searchGames++;
          }
        });
        winShare.push(w);
        position.push(p);
        winDiff.push(w - mw);
        posDiff.push(mp - p);
      }
      report.headToHead[x] = {
        deals,
        winRate: pairedDifference(winShare),
        meanPosition: pairedDifference(position),
        winRateMinusMirror: pairedDifference(winDiff),
        positionGainOverMirror: pairedDifference(posDiff),
      };
    }
    report.msPerSearchGame = searchCpu / searchGames;
    console.log(`\n${searchName} vs 3 × X, 4 players, ${deals} deals × 4 rotations (+ X's mirror on each deal); 95% t-intervals over deals`);
    console.log('X            search win rate           search mean position     win rate − X mirror      X mirror position − search position');
    for (const x of against) {
      const h = report.headToHead[x];
      console.log(
        `${x.padEnd(12)} ${ci(h.winRate).padEnd(25)} ${ci(h.meanPosition).padEnd(24)} ${ci(h.winRateMinusMirror).padEnd(24)} ${ci(h.positionGainOverMirror)}`,
      );
    }
    console.log(`time per game with search: ${report.msPerSearchGame.toFixed(1)} ms (wall time in its worker thread)`);
  }

  if (values.only !== 'head') {
    // 2. Mixed field: all line-ups of 4 of the 8 bots that include search, 4 rotations, same deal.
    const pool = [...HEURISTICS, 'search'];
    // --mixed-with X keeps only the line-ups with X (a quicker look at one pairing while tuning).
    const lineups = combinations(pool, 4).filter((l) => l.includes('search') && (values['mixed-with'] === undefined || l.includes(values['mixed-with'])));
    const tasks = [];
    for (let d = 0; d < mixedDeals; d++) {
      for (const l of lineups) for (const rot of rotations(l)) tasks.push({ d, lineup: rot, deal: 10_000 + d });
    }
    const results = await runAll(tasks, workers, seed, searchOptions, progress('mixed field', tasks.length));
    let decisions = 0;
    let decisionMs = 0;
    for (const r of results) {
      decisions += r.decisions;
      decisionMs += r.decisionMs;
    }
    report.mixed.msPerDecision = decisionMs / decisions;
    if (process.stderr.isTTY) process.stderr.write('\n');
    const winOf = (res, s) => (res.winners.includes(s) ? 1 / res.winners.length : 0);
    const overall = { win: [], position: [] };
    for (let d = 0; d < mixedDeals; d++) {
      const w = [];
      const p = [];
      tasks.forEach((t, i) => {
        if (t.d !== d) return;
        const s = t.lineup.indexOf('search');
        w.push(winOf(results[i], s));
        p.push(results[i].ranks[s] + 1);
      });
      overall.win.push(mean(w));
      overall.position.push(mean(p));
    }
    report.mixed.search = {
      deals: mixedDeals,
      lineups: lineups.length,
      winRate: pairedDifference(overall.win),
      meanPosition: pairedDifference(overall.position),
    };
    for (const x of HEURISTICS) {
      if (values['mixed-with'] !== undefined && x !== values['mixed-with']) continue;
      const posDiff = [];
      const winDiff = [];
      const xWin = [];
      for (let d = 0; d < mixedDeals; d++) {
        const pd = [];
        const wd = [];
        const xw = [];
        tasks.forEach((t, i) => {
          if (t.d !== d || !t.lineup.includes(x)) return;
          const s = t.lineup.indexOf('search');
          const k = t.lineup.indexOf(x);
          const res = results[i];
          pd.push(res.ranks[k] - res.ranks[s]);
          wd.push(winOf(res, s) - winOf(res, k));
          xw.push(winOf(res, k));
        });
        posDiff.push(mean(pd));
        winDiff.push(mean(wd));
        xWin.push(mean(xw));
      }
      report.mixed[x] = { positionAdvantage: pairedDifference(posDiff), winRateAdvantage: pairedDifference(winDiff), xWinRate: mean(xWin) };
    }
    console.log(
      `\nMixed field: the ${lineups.length} line-ups of 4 of the 8 bots with ${searchName}, 4 rotations each, ${mixedDeals} deals; 95% paired t-intervals over deals`,
    );
    console.log(`search: win rate ${ci(report.mixed.search.winRate)}, mean position ${ci(report.mixed.search.meanPosition)}`);
    console.log('X            position of X − position of search    win rate of search − win rate of X');
    for (const x of HEURISTICS) {
      const m = report.mixed[x];
      if (m === undefined) continue;
      console.log(`${x.padEnd(12)} ${ci(m.positionAdvantage).padEnd(37)} ${ci(m.winRateAdvantage)}`);
    }
    console.log(
      `search: ${(decisions / results.length).toFixed(1)} timed decisions per game, ${report.mixed.msPerDecision.toFixed(2)} ms per decision (wall time in its worker thread, calls that wait included)`,
    );
  }
  console.log(`\nwall time ${((Date.now() - started) / 1000).toFixed(0)} s, ${workers} worker(s)`);
  if (values.json) console.log(JSON.stringify(report, null, 1));
}

if (!isMainThread) {
  const bots = factories(workerData.searchOptions);
  parentPort.on('message', (tasks) => {
    if (tasks === null) process.exit(0);
    parentPort.postMessage(tasks.map((t) => ({ id: t.id, ...play(bots, t.lineup, workerData.seed, t.deal) })));
  });
} else {
  await main();
}
