#!/usr/bin/env node
// The cost of strength: `npm run bench -- --playouts [--json] [--seconds S] [--runs R] [--game ID]`.
// For every registered game with the search contract (core/game.ts), from the opening state of its
// 4-player scenario (game 0 of seed "playouts"), on this thread:
//  - playoutsPerSecond: random playouts per CPU-second — clone the opening state (into a reused
//    state, as a search does) and play to the end with uniform random legal answers, no aggregation;
//  - cloneNs: ns per clone of the opening state into a reused state (cloneFreshNs: into a new one);
//  - ismctsIterationsPerSecond: the game's default `ismcts` (its iterations per decision), iterations
//    per CPU-second of decisions at the opening state.
// Each figure is the median of R runs of about S CPU-seconds (alternating between the games, so a
// change in the machine's load hits all alike), timed by this thread's CPU time. The last line of
// the output is one JSON object: {"playouts": {"<game id>": {"playoutsPerSecond": …, "cloneNs": …,
// "ismctsIterationsPerSecond": …}}}; with --json it is the only line.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { builtinBot } from '../dist/src/core/bots.js';
import { Purpose, RandomSource } from '../dist/src/core/random.js';
import { GAMES } from '../dist/src/games/registry.js';
import { isSearchable } from '../dist/src/search/contract.js';
import { SearchRandom } from '../dist/src/search/random.js';
import { loadScenario } from '../dist/src/sim/scenario.js';
import { threadTimes } from '../dist/src/sim/timing.js';

const { values } = parseArgs({
  options: {
    playouts: { type: 'boolean', default: true },
    json: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '1' },
    runs: { type: 'string', default: '5' },
    game: { type: 'string' },
  },
  strict: false,
});
const seconds = Number(values.seconds);
const runs = Number(values.runs);
if (!(seconds > 0) || !(Number.isInteger(runs) && runs >= 1)) throw new Error('--seconds must be > 0 and --runs a whole number ≥ 1');
const log = values.json ? () => {} : (t) => process.stdout.write(t);

/** The 4-player scenario of each game: scenarios/<id>-4p.json, Goldrausch's baseline.json. */
const SCENARIOS = { goldrausch: 'scenarios/baseline.json', 'gold-knizia': 'scenarios/gold-4p.json', 'my-gold-mine': 'scenarios/my-gold-mine-4p.json' };
const scenarioOf = (id) => SCENARIOS[id] ?? `scenarios/${id}-4p.json`;

const cpuNow = () => {
  const t = threadTimes();
  return t === null ? performance.now() * 1e6 : t[0];
};

/** Runs `step(k)` in chunks until about `seconds` CPU-seconds have passed; returns [steps, CPU ns]. */
function timed(step, chunk) {
  const start = cpuNow();
  let n = 0;
  for (;;) {
    for (let k = 0; k < chunk; k++) step(n++);
    const spent = cpuNow() - start;
    if (spent >= seconds * 1e9) return [n, spent];
  }
}

/** One game's benchmark set: the opening state, a reused scratch state, a uniform playout. */
function setupGame(id) {
  const def = GAMES[id];
  const module = def.module;
  const scenario = loadScenario(scenarioOf(id));
  const random = new RandomSource('playouts', 0);
  const opening = module.setup(scenario.config, scenario.players, random);
  let scratch = module.clone(opening);
  const chance = new RandomSource('playouts-chance', 0);
  // The playouts' uniform draws (the generator a search's rollouts draw from).
  const draws = new SearchRandom(1);
  const answers = [];
  const uniform =
    module.uniformAnswer !== undefined
      ? (view, request) => module.uniformAnswer(view, request, draws.next())
      : (view, request) => {
          const legal = module.legalAnswers(view, request);
          return legal[Math.floor(draws.next() * legal.length)];
        };
  let decisions = 0;
  const playout = () => {
    let state = (scratch = module.clone(opening, scratch));
    for (;;) {
      const pending = module.pending(state);
      if (pending.kind === 'terminal') return;
      const requests = pending.requests;
      for (let r = 0; r < requests.length; r++) {
        answers[r] = uniform(module.seatView(state, requests[r].seat), requests[r]);
        decisions++;
      }
      answers.length = requests.length;
      state = module.apply(state, answers, chance);
    }
  };
  const cloneInto = () => {
    scratch = module.clone(opening, scratch);
  };
  const cloneFresh = () => {
    module.clone(opening);
  };
  // The default ismcts at the opening state: one bot, asked the opening decision again and again.
  const factory = builtinBot(def, 'ismcts');
  const iterations = Number(/iterations=(\d+)/.exec(def.search?.ismcts ?? '')?.[1] ?? 1000);
  const pending = module.pending(opening);
  const request = pending.requests[0];
  const bot = factory.create(request.seat, random.stream(Purpose.bot + request.seat));
  const ask = () => module.askBot(bot, request, module.seatView(opening, request.seat), opening, random);
  return { id, playout, cloneInto, cloneFresh, ask, iterations, decisionsSoFar: () => decisions };
}

const ids = Object.keys(GAMES).filter((id) => isSearchable(GAMES[id].module) && (values.game === undefined || values.game === id));
if (ids.length === 0)
  throw new Error(values.game === undefined ? 'no game implements the search contract' : `--game ${values.game}: not a game with the search contract`);
const games = ids.map(setupGame);
const start = new Date().toISOString();
const loadStart = loadavg()[0];
log(`${start} playouts: ${ids.join(', ')}; ${runs} runs of ~${seconds} CPU-s per figure; load average ${loadStart.toFixed(2)}\n`);
// Warm-up (JIT).
for (const g of games) {
  for (let i = 0; i < 2000; i++) g.playout();
  for (let i = 0; i < 2000; i++) g.cloneInto();
  g.ask();
}
const samples = Object.fromEntries(ids.map((id) => [id, { playouts: [], clone: [], cloneFresh: [], iterations: [], decisionsPerPlayout: 0 }]));
for (let r = 0; r < runs; r++) {
  for (const g of games) {
    const s = samples[g.id];
    const before = g.decisionsSoFar();
    const [n, ns] = timed(g.playout, 200);
    s.playouts.push((n / ns) * 1e9);
    s.decisionsPerPlayout = (g.decisionsSoFar() - before) / n;
    const [c, cns] = timed(g.cloneInto, 5000);
    s.clone.push(cns / c);
    const [f, fns] = timed(g.cloneFresh, 1000);
    s.cloneFresh.push(fns / f);
    const [d, dns] = timed(g.ask, 1);
    s.iterations.push(((d * g.iterations) / dns) * 1e9);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const out = {};
for (const g of games) {
  const s = samples[g.id];
  out[g.id] = {
    playoutsPerSecond: Math.round(median(s.playouts)),
    cloneNs: Math.round(median(s.clone)),
    ismctsIterationsPerSecond: Math.round(median(s.iterations)),
  };
  log(
    `  ${g.id.padEnd(14)} ${out[g.id].playoutsPerSecond.toLocaleString('en')} playouts/CPU-s (min ${Math.round(Math.min(...s.playouts)).toLocaleString('en')}, max ${Math.round(Math.max(...s.playouts)).toLocaleString('en')}; ${s.decisionsPerPlayout.toFixed(1)} decisions a playout), ` +
      `clone ${out[g.id].cloneNs} ns (into a new state ${Math.round(median(s.cloneFresh))} ns), default ismcts ${out[g.id].ismctsIterationsPerSecond.toLocaleString('en')} iterations/CPU-s (${g.iterations} a decision: ${((g.iterations / out[g.id].ismctsIterationsPerSecond) * 1e3).toFixed(1)} ms)\n`,
  );
}
log(`${new Date().toISOString()} done; load average ${loadavg()[0].toFixed(2)} (start ${loadStart.toFixed(2)})\n`);
console.log(JSON.stringify({ playouts: out }));
