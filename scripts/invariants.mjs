#!/usr/bin/env node
// Checks the Goldrausch invariants on every state of N random games (default 100,000): random
// line-ups of the built-in bots, 4–6 players; half the games under random rules options.
// Usage: npm run invariants [-- --games N]
import { parseArgs } from 'node:util';
import { BUILTIN_BOTS } from '../dist/bots/goldrausch/index.js';
import { Purpose, RandomSource } from '../dist/src/core/random.js';
import { goldrausch } from '../dist/src/games/goldrausch/engine.js';
import { endViolations, stateViolations } from '../dist/src/games/goldrausch/invariants.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, RULES_CHOICES } from '../dist/src/games/goldrausch/params.js';
import { playGame } from '../dist/src/sim/play.js';

const { values } = parseArgs({ options: { games: { type: 'string', default: '100000' } } });
const games = Number(values.games);
const names = Object.keys(BUILTIN_BOTS);
let bad = 0;
let states = 0;
const started = Date.now();
for (let g = 0; g < games; g++) {
  const random = new RandomSource('invariants-script', g);
  let rules = DEFAULT_RULES;
  if (g % 2 === 1) {
    const r = {};
    let k = 0;
    for (const [key, list] of Object.entries(RULES_CHOICES)) r[key] = list[random.int(Purpose.setup, 9000 + k++, list.length)];
    rules = r;
  }
  const config = { rules, params: DEFAULT_PARAMS };
  const players = 4 + (g % 3);
  const bots = Array.from({ length: players }, (_, s) =>
    BUILTIN_BOTS[names[random.int(Purpose.setup, 1000 + s, names.length)]].create(s, random.stream(Purpose.bot + s)),
  );
  // The engine changes its state in place: each state is checked when the driver reports it.
  const v = [];
  const { final } = playGame({
    module: goldrausch,
    config,
    players,
    bots,
    random,
    onState: (s) => {
      states++;
      v.push(...stateViolations(config, s));
    },
  });
  v.push(...endViolations(final));
  if (v.length) {
    bad++;
    if (bad <= 5) console.log(`game ${g}: ${v.slice(0, 3).join('; ')}`);
  }
  if (g % 10000 === 9999) process.stderr.write(`  ${g + 1} games checked\n`);
}
console.log(
  `${games} games, ${states} states checked in ${((Date.now() - started) / 1000).toFixed(0)} s: ${bad === 0 ? 'all invariants hold' : `${bad} games broke an invariant`}`,
);
process.exitCode = bad === 0 ? 0 : 1;
