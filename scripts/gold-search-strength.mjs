#!/usr/bin/env node
// GOLD: how much does the search bot gain over bot X in X's own seat? Run after `npm run build`.
//
// For each deal d (game index d of the seed: same layout and start player), search sits in seat
// d mod players against players − 1 copies of X, and the same deal is played again with X in that
// seat (all X). Per deal: the difference in that seat's win share (1/k of a k-way shared win) and in
// its gold margin over the best other seat. Means with 95% normal intervals over the deals (paired).
//
// Usage: node scripts/gold-search-strength.mjs [options-json] [deals] [X] [players]
//   e.g. node scripts/gold-search-strength.mjs '{"samples":32}' 200 greedy 4
import { GOLD_BOTS } from '../dist/bots/gold-knizia/index.js';
import { makeSearch } from '../dist/bots/gold-knizia/search.js';
import { Purpose, RandomSource } from '../dist/src/core/random.js';
import { goldKnizia } from '../dist/src/games/gold-knizia/engine.js';
import { DEFAULT_CONFIG } from '../dist/src/games/gold-knizia/params.js';
import { playGame } from '../dist/src/sim/play.js';

const options = JSON.parse(process.argv[2] ?? '{}');
const deals = Number(process.argv[3] ?? 200);
const opponent = process.argv[4] ?? 'greedy';
const players = Number(process.argv[5] ?? 4);
const search = makeSearch(options);

function play(deal, seat, factory) {
  const random = new RandomSource('gold-search-strength', deal);
  const bots = Array.from({ length: players }, (_, s) => (s === seat ? factory : GOLD_BOTS[opponent]).create(s, random.stream(Purpose.bot + s)));
  const { outcome, faults } = playGame({ module: goldKnizia, config: DEFAULT_CONFIG, players, bots, random });
  const win = outcome.winners.includes(seat) ? 1 / outcome.winners.length : 0;
  const margin = outcome.scores[seat] - Math.max(...outcome.scores.filter((_, s) => s !== seat));
  return { win, margin, faults: faults.length };
}

const dWin = [];
const dMargin = [];
let faults = 0;
let wins = 0;
let ms = 0;
for (let deal = 0; deal < deals; deal++) {
  const seat = deal % players;
  const t = performance.now();
  const a = play(deal, seat, search);
  ms += performance.now() - t;
  const b = play(deal, seat, GOLD_BOTS[opponent]);
  faults += a.faults;
  wins += a.win;
  dWin.push(a.win - b.win);
  dMargin.push(a.margin - b.margin);
}
const mean = (xs) => xs.reduce((x, y) => x + y, 0) / xs.length;
const half = (xs) => {
  const m = mean(xs);
  return 1.96 * Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1) / xs.length);
};
console.log(
  `${new Date().toISOString()} ${search.name} vs ${players - 1}× ${opponent}, ${deals} deals: win share ${(wins / deals).toFixed(3)} (fair ${(1 / players).toFixed(3)}); ` +
    `paired vs ${opponent} in the same seat: win ${mean(dWin).toFixed(3)} ± ${half(dWin).toFixed(3)}, margin ${mean(dMargin).toFixed(2)} ± ${half(dMargin).toFixed(2)}; ` +
    `faults ${faults}; ${(ms / deals).toFixed(1)} ms per search game (wall, this thread)`,
);
