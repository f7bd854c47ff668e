#!/usr/bin/env node
// Prints a GOLD fixture layout (64 card codes, position = index) as JSON, for writing fixtures by
// hand: the canonical layout (every card in code order, see the legend) with optional swaps.
//   node scripts/gold-layout.mjs [a:b ...]     swap positions a and b (after `npm run build`)
//   node scripts/gold-layout.mjs --legend      the canonical positions of each card
import { CANONICAL_DECK, cardName } from '../dist/src/games/gold-knizia/cards.js';

const layout = CANONICAL_DECK.map(cardName);
const args = process.argv.slice(2);
if (args.includes('--legend')) {
  const at = new Map();
  layout.forEach((c, p) => at.set(c, [...(at.get(c) ?? []), p]));
  for (const [c, ps] of at) console.log(`${c.padEnd(5)} ${ps.join(', ')}`);
} else {
  for (const swap of args) {
    const [a, b] = swap.split(':').map(Number);
    if (!(a >= 0 && a < 64 && b >= 0 && b < 64)) throw new Error(`bad swap ${swap}: expected a:b with positions 0–63`);
    [layout[a], layout[b]] = [layout[b], layout[a]];
  }
  console.log(JSON.stringify(layout));
}
