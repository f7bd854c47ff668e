#!/usr/bin/env node
// How strong is a bot against a field of one opponent? `npm run build && node scripts/ismcts-strength.mjs
//   --game ID --bot NAME --vs OPPONENT [--players 4] [--deals 100] [--seed S] [--workers 2] [--json]`.
// Each deal is played once per seat with NAME in that seat and OPPONENT in every other seat, and
// once with OPPONENT in every seat; the paired difference per deal is NAME's mean win share over the
// seats minus OPPONENT's in the same seats on the same deals (common random numbers: the deal, the
// chance and the other seats' streams are the same). Prints the win shares, the paired difference
// with its 95% interval (Student t over deals), NAME's thinking time per decision and per game (CPU
// of the worker threads, so the machine's other load counts less), and the faults recorded (a
// faulting bot plays the game's fallback answers: a figure with faults measures something else). Used to tune `ismcts` (docs/bots-and-tournaments.md).
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

if (isMainThread) {
  const { values } = parseArgs({
    options: {
      game: { type: 'string', default: 'gold-knizia' },
      bot: { type: 'string', default: 'ismcts' },
      vs: { type: 'string', default: 'greedy' },
      players: { type: 'string', default: '4' },
      deals: { type: 'string', default: '100' },
      from: { type: 'string', default: '0' },
      seed: { type: 'string', default: 'strength' },
      workers: { type: 'string', default: String(Math.min(2, availableParallelism())) },
      json: { type: 'boolean', default: false },
    },
  });
  const deals = Number(values.deals);
  const from = Number(values.from);
  const workers = Math.max(1, Number(values.workers));
  const started = new Date().toISOString();
  const load = loadavg()[0];
  const chunks = Array.from({ length: workers }, (_, w) => {
    const a = from + Math.floor((deals * w) / workers);
    const b = from + Math.floor((deals * (w + 1)) / workers);
    return [a, b];
  });
  const results = await Promise.all(
    chunks.map(
      ([a, b]) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { ...values, from: a, to: b } });
          worker.on('message', resolve);
          worker.on('error', reject);
        }),
    ),
  );
  const diffs = results.flatMap((r) => r.diffs);
  const share = results.reduce((t, r) => t + r.share, 0) / diffs.length;
  const base = results.reduce((t, r) => t + r.base, 0) / diffs.length;
  const n = diffs.length;
  const mean = diffs.reduce((t, d) => t + d, 0) / n;
  const sd = Math.sqrt(diffs.reduce((t, d) => t + (d - mean) ** 2, 0) / (n - 1));
  // Student t 0.975 quantile: normal approximation corrected for n (good to 3 digits for n ≥ 20).
  const z = 1.959964;
  const t = z + (z ** 3 + z) / (4 * (n - 1));
  const half = (t * sd) / Math.sqrt(n);
  const cpuMs = results.reduce((s, r) => s + r.cpuMs, 0);
  const decisions = results.reduce((s, r) => s + r.decisions, 0);
  const faults = results.reduce((s, r) => s + r.faults, 0);
  const botFaults = results.reduce((s, r) => s + r.botFaults, 0);
  const out = {
    game: values.game,
    bot: values.bot,
    vs: values.vs,
    players: Number(values.players),
    deals: n,
    seed: values.seed,
    winShare: share,
    baseline: base,
    diff: mean,
    ci: [mean - half, mean + half],
    msPerDecision: cpuMs / decisions,
    msPerGame: cpuMs / (n * Number(values.players)),
    faults,
    botFaults,
    started,
    finished: new Date().toISOString(),
    load: [load, loadavg()[0]],
  };
  if (values.json) console.log(JSON.stringify(out));
  else
    console.log(
      `${out.started} ${out.game} ${out.players}p, ${n} deals × ${out.players} seats (seed ${out.seed}): ${out.bot} vs ${out.vs}: win share ${(100 * share).toFixed(1)}% ` +
        `(${out.vs} in the same seats ${(100 * base).toFixed(1)}%), paired difference ${(100 * mean).toFixed(1)} pp (95%: ${(100 * (mean - half)).toFixed(1)} to ${(100 * (mean + half)).toFixed(1)}); ` +
        `${out.msPerDecision.toFixed(2)} ms CPU a decision of ${out.bot} (${out.msPerGame.toFixed(1)} ms a game); faults ${faults} (${botFaults} of ${out.bot}); load ${load.toFixed(1)}→${loadavg()[0].toFixed(1)}, done ${out.finished}`,
    );
} else {
  const { builtinBot } = await import('../dist/src/core/bots.js');
  const { Purpose, RandomSource } = await import('../dist/src/core/random.js');
  const { GAMES } = await import('../dist/src/games/registry.js');
  const { playGame } = await import('../dist/src/sim/play.js');
  const { threadTimes } = await import('../dist/src/sim/timing.js');
  const { game, bot, vs, players, seed, from, to } = workerData;
  const P = Number(players);
  const def = GAMES[game];
  const config = def.parseConfig({ players: P }, { file: 'strength.json', dir: '.' });
  const candidate = builtinBot(def, bot);
  const opponent = builtinBot(def, vs);
  if (!candidate || !opponent) throw new Error(`unknown bot ${candidate ? vs : bot} for ${game}`);
  let cpuNs = 0;
  let decisions = 0;
  let faults = 0;
  let botFaults = 0;
  /** Win share of each seat in one game with `factories`; the candidate seat's decisions timed. */
  const play = (deal, factories, timedSeat) => {
    const random = new RandomSource(seed, deal);
    const bots = factories.map((f, s) => {
      const b = f.create(s, random.stream(Purpose.bot + s));
      if (s !== timedSeat) return b;
      // The timed seat: the bot itself behind a proxy that times its decision methods with every
      // argument (Goldrausch's negotiate also takes the outbox) and passes everything else through.
      const timed = new Set(def.botMethods);
      return new Proxy(b, {
        get(target, key) {
          const v = Reflect.get(target, key, target);
          if (typeof v !== 'function') return v;
          if (!timed.has(key)) return v.bind(target);
          return (...args) => {
            const t0 = threadTimes()[0];
            const a = v.apply(target, args);
            cpuNs += threadTimes()[0] - t0;
            decisions++;
            return a;
          };
        },
      });
    });
    const { outcome, faults: gameFaults } = playGame({ module: def.module, config, players: P, bots, random });
    for (const f of gameFaults) {
      faults++;
      if (f.seat === timedSeat) botFaults++;
    }
    return (s) => (outcome.winners.includes(s) ? 1 / outcome.winners.length : 0);
  };
  const diffs = [];
  let share = 0;
  let base = 0;
  for (let deal = from; deal < to; deal++) {
    const field = play(
      deal,
      Array.from({ length: P }, () => opponent),
      -1,
    );
    let mine = 0;
    let theirs = 0;
    for (let seat = 0; seat < P; seat++) {
      const won = play(
        deal,
        Array.from({ length: P }, (_, s) => (s === seat ? candidate : opponent)),
        seat,
      );
      mine += won(seat);
      theirs += field(seat);
    }
    diffs.push((mine - theirs) / P);
    share += mine / P;
    base += theirs / P;
  }
  parentPort.postMessage({ diffs, share, base, cpuMs: cpuNs / 1e6, decisions, faults, botFaults });
}
