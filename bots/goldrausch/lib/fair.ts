/**
 * The fair upgrader of §15.4 (Cooperative): among the players on a continent, the one with the fewest
 * successful upgrades so far; tie → the poorest; tie → the first clockwise from the start player.
 * Every cooperative seat computes it from public information, so they all name the same seat.
 */
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';
import { countSuccesses } from './history.js';
import { clockwiseRank } from './seats.js';

/**
 * The fair upgrader on continent `c` given `locations`, skipping the seats in bitmask `exclude`.
 * Gold breaks ties only if every candidate's gold is visible (GR-A36: with hidden gold each seat would
 * otherwise rank differently). Returns -1 if no candidate is left.
 */
export function fairUpgrader(view: GoldrauschView, locations: readonly number[], c: number, exclude = 0): number {
  const players = view.players;
  let goldKnown = true;
  for (let s = 0; s < players; s++) {
    if (locations[s] === c && (exclude & (1 << s)) === 0 && view.gold[s] === null) goldKnown = false;
  }
  const successes = countSuccesses(view).counts; // read here only, not written
  let best = -1;
  let bestUpgrades = 0;
  let bestGold = 0;
  let bestRank = 0;
  for (let s = 0; s < players; s++) {
    if (locations[s] !== c || (exclude & (1 << s)) !== 0) continue;
    const upgrades = successes[s];
    const gold = goldKnown ? (view.gold[s] as number) : 0;
    const rank = clockwiseRank(s, view.startPlayer, players);
    if (best === -1 || upgrades < bestUpgrades || (upgrades === bestUpgrades && (gold < bestGold || (gold === bestGold && rank < bestRank)))) {
      best = s;
      bestUpgrades = upgrades;
      bestGold = gold;
      bestRank = rank;
    }
  }
  return best;
}
