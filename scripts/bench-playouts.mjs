#!/usr/bin/env node
// The cost of strength: `npm run bench -- --playouts [--json] [--seconds S] [--runs R] [--game ID]`.
// For every registered game with the search contract (core/game.ts), from the opening state of its
// 4-player scenario (game 0 of seed "playouts"), on this thread:
//  - playoutsPerSecond: random playouts per CPU-second — clone the opening state (into a reused
//    state, as a search does) and play to the end with uniform random legal answers, no aggregation,
//    the way a search's rollouts play (search/uniform.ts `playUniform`: the game's lean `playout` when
//    it has one); the human-readable line also gives the generic loop's figure (pending, seatView,
//    uniformAnswer, apply at every decision) for comparison;
//  - cloneNs: ns per clone of the opening state into a reused state (cloneFreshNs: into a new one);
//  - ismctsIterationsPerSecond: the game's default `ismcts`, the iterations it ran (tree iterations, or
//    `paired`'s playouts, counted by the search: a search that prunes down to one answer stops before
//    its budget) per CPU-second of decisions at the first decision from the opening (on a uniform
//    game) at which it searches.
// Each figure is the median of R runs of about S CPU-seconds, each run of each game in a process of
// its own (as a run's worker plays one game: sharing a process, the games' code paths slowed each
// other by up to 1.8×), alternating between the games so a change in the machine's load hits all
// alike; timed by the thread's CPU time. The last line of
// the output is one JSON object: {"playouts": {"<game id>": {"playoutsPerSecond": …, "cloneNs": …,
// "ismctsIterationsPerSecond": …}}}; with --json it is the only line.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { builtinBot } from '../dist/src/core/bots.js';
import { Purpose, RandomSource } from '../dist/src/core/random.js';
import { GAMES } from '../dist/src/games/registry.js';
import { isSearchable } from '../dist/src/search/contract.js';
import { ismctsCounter } from '../dist/src/search/ismcts.js';
import { SearchRandom } from '../dist/src/search/random.js';
import { playUniform, uniformAt } from '../dist/src/search/uniform.js';
import { loadScenario } from '../dist/src/sim/scenario.js';
import { threadTimes } from '../dist/src/sim/timing.js';

const { values } = parseArgs({
  options: {
    playouts: { type: 'boolean', default: true },
    json: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '1' },
    runs: { type: 'string', default: '5' },
    game: { type: 'string' },
    child: { type: 'boolean', default: false },
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
  // The same playouts through the generic loop (the module without its lean playout).
  const loopModule = { ...module, playout: undefined };
  let decisions = 0;
  const playout = () => {
    scratch = module.clone(opening, scratch);
    decisions += playUniform(module, scratch, draws, chance);
  };
  const loopPlayout = () => {
    scratch = module.clone(opening, scratch);
    playUniform(loopModule, scratch, draws, chance);
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
  // The first decision of a uniform game from the opening at which the search searches (GOLD's
  // opening decision, for one, is settled without an iteration): ask there.
  const at = module.clone(opening);
  const walk = new SearchRandom(2);
  let askState = null;
  let request = null;
  let bot = null;
  for (let guard = 0; askState === null && guard < 1000; guard++) {
    const pending = module.pending(at);
    if (pending.kind === 'terminal') throw new Error(`${id}: no decision searched in a whole game`);
    const requests = pending.requests;
    const r = requests[0];
    const b = factory.create(r.seat, random.stream(Purpose.bot + r.seat));
    const before = ismctsCounter.iterations;
    module.askBot(b, r, module.seatView(at, r.seat), module.clone(at), random);
    if (ismctsCounter.iterations > before) [askState, request, bot] = [at, r, b];
    else
      module.apply(
        at,
        requests.map((q) => uniformAt(module, module.seatView(at, q.seat), q, walk.next())),
        chance,
      );
  }
  const ask = () => module.askBot(bot, request, module.seatView(askState, request.seat), askState, random);
  return { id, playout, loopPlayout, lean: module.playout !== undefined, cloneInto, cloneFresh, ask, iterations, decisionsSoFar: () => decisions };
}

const ids = Object.keys(GAMES).filter((id) => isSearchable(GAMES[id].module) && (values.game === undefined || values.game === id));
if (ids.length === 0)
  throw new Error(values.game === undefined ? 'no game implements the search contract' : `--game ${values.game}: not a game with the search contract`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (values.child) {
  // One run of one game in a process of its own (the JIT sees one game's code paths only, as a
  // worker of a run does): warm-up, then each figure once; printed as one JSON line.
  const g = setupGame(ids[0]);
  for (let i = 0; i < 2000; i++) g.playout();
  for (let i = 0; i < 2000; i++) g.cloneInto();
  g.ask();
  const before = g.decisionsSoFar();
  const [n, ns] = timed(g.playout, 200);
  const decisionsPerPlayout = (g.decisionsSoFar() - before) / n;
  const [c, cns] = timed(g.cloneInto, 5000);
  const [f, fns] = timed(g.cloneFresh, 1000);
  // Iterations the searches ran (a search may stop before its budget), not decisions × budget.
  const ran = ismctsCounter.iterations;
  const [d, dns] = timed(g.ask, 1);
  const iterationsRun = ismctsCounter.iterations - ran;
  // The generic loop last: its module object would otherwise make the search's call sites polymorphic.
  let loop = null;
  if (g.lean) {
    for (let i = 0; i < 2000; i++) g.loopPlayout();
    const [m, mns] = timed(g.loopPlayout, 200);
    loop = (m / mns) * 1e9;
  }
  console.log(
    JSON.stringify({
      playouts: (n / ns) * 1e9,
      loop,
      clone: cns / c,
      cloneFresh: fns / f,
      iterations: (iterationsRun / dns) * 1e9,
      iterationsPerAsk: iterationsRun / d,
      decisionsPerPlayout,
      iterationsPerDecision: g.iterations,
    }),
  );
  process.exit(0);
}

const start = new Date().toISOString();
const loadStart = loadavg()[0];
log(
  `${start} playouts: ${ids.join(', ')}; ${runs} runs of ~${seconds} CPU-s per figure, each game in a process of its own; load average ${loadStart.toFixed(2)}\n`,
);
const samples = Object.fromEntries(ids.map((id) => [id, []]));
for (let r = 0; r < runs; r++) {
  for (const id of ids) {
    const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', '--game', id, '--seconds', String(seconds)], { encoding: 'utf8' });
    samples[id].push(JSON.parse(out.trim().split('\n').pop()));
  }
}
const out = {};
for (const id of ids) {
  const s = samples[id];
  const pick = (k) => median(s.map((x) => x[k]));
  out[id] = { playoutsPerSecond: Math.round(pick('playouts')), cloneNs: Math.round(pick('clone')), ismctsIterationsPerSecond: Math.round(pick('iterations')) };
  const its = s[0].iterationsPerDecision;
  const ran = median(s.map((x) => x.iterationsPerAsk));
  const range = (k) =>
    `${Math.round(Math.min(...s.map((x) => x[k]))).toLocaleString('en')}–${Math.round(Math.max(...s.map((x) => x[k]))).toLocaleString('en')}`;
  log(
    `  ${id.padEnd(14)} ${out[id].playoutsPerSecond.toLocaleString('en')} playouts/CPU-s (${range('playouts')}; ${s[0].decisionsPerPlayout.toFixed(1)} decisions a playout; ` +
      `${s[0].loop === null ? 'no lean playout: the generic loop' : `the generic loop ${Math.round(pick('loop')).toLocaleString('en')}`}), ` +
      `clone ${out[id].cloneNs} ns (into a new state ${Math.round(pick('cloneFresh'))} ns), default ismcts ${out[id].ismctsIterationsPerSecond.toLocaleString('en')} iterations/CPU-s (${range('iterations')}; a budget of ${its} a decision, ${Math.round(ran).toLocaleString('en')} run: ${((ran / out[id].ismctsIterationsPerSecond) * 1e3).toFixed(1)} ms)\n`,
  );
}
log(`${new Date().toISOString()} done; load average ${loadavg()[0].toFixed(2)} (start ${loadStart.toFixed(2)})\n`);
console.log(JSON.stringify({ playouts: out }));
