/**
 * Choosing a country card (D1, rules/goldrausch.md §14). Only continents whose country card is in
 * hand (`view.countryHand[c] > 0`) are legal; cards passed by #24/#25 can leave a hand without one
 * continent when passed cards are kept (GR-A32).
 */
import type { RandomStream } from '../../../src/core/random.js';
import { CONTINENTS } from '../../../src/games/goldrausch/types.js';
import type { Continent } from '../../../src/games/goldrausch/types.js';
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';
import { SeatHabits } from './history.js';
import { disasterOdds, newUpgradeValue, Rivals, upgradeValue } from './estimate.js';
import { clockwiseRank } from './seats.js';

const SCRATCH_RIVALS = new Rivals();
const SCRATCH_VALUE = newUpgradeValue();

/** A uniformly random continent among the country cards in hand. */
export function randomContinent(view: GoldrauschView, random: RandomStream): Continent {
  const hand = view.countryHand;
  let legal = 0;
  for (let c = 0; c < 3; c++) if (hand[c] > 0) legal++;
  if (legal === 0) return CONTINENTS[0]; // nothing legal: the engine records the fault
  let k = random.int(legal);
  for (let c = 0; c < 3; c++) {
    if (hand[c] > 0 && k-- === 0) return CONTINENTS[c];
  }
  return CONTINENTS[0];
}

/**
 * Scores continents by a seat's expected own payout this round: for each legal continent, the better
 * of green and red under `upgradeValue`, with each rival predicted from its habits (back to last
 * round's continent at its stay rate, else elsewhere; round 1: anywhere) and upgrading at its
 * historical rate. Illegal continents get −Infinity. One instance per bot; its scratch buffers (rivals,
 * value) are module-level and shared, as every call fills and reads them before it returns.
 */
export class ContinentScorer {
  /** The last scores (a plain array: one scorer per bot per game, and a Float64Array costs ~25× as much to make). */
  readonly values: number[] = [0, 0, 0];
  // Scratch, filled and read within one call: shared by all instances (no typed arrays per game).
  private readonly rivals = SCRATCH_RIVALS;
  private readonly value = SCRATCH_VALUE;

  /** @param habits the bot's habit estimator (share it so phase 3 reuses this round's counts). */
  constructor(private readonly habits: SeatHabits = new SeatHabits()) {}

  score(view: GoldrauschView): number[] {
    const habits = this.habits.of(view);
    const values = this.values;
    const hand = view.countryHand;
    const rivals = this.rivals;
    const value = this.value;
    const fine = view.params.fine;
    const wheel = view.params.wheel;
    // predictedRivals for the three continents at once. Only the presence depends on the continent, so
    // each other seat is entered once (upgrade rate, ahead or behind) and only its presence is
    // rewritten per continent. A seat with presence 0 stays in the list: upgradeValue skips every rival
    // with presence ≤ 0, exactly as if it were absent (predictedRivals leaves it out).
    const players = view.players;
    const me = view.seat;
    const start = view.startPlayer;
    const history = view.history;
    const last = history.length > 0 ? history[history.length - 1].locations : null;
    const myRank = clockwiseRank(me, start, players);
    const stay = habits.stay;
    const upgrade = habits.upgrade;
    rivals.clear();
    for (let s = 0; s < players; s++) {
      if (s !== me) rivals.add(0, upgrade[s], clockwiseRank(s, start, players) < myRank);
    }
    const presence = rivals.presence;
    for (let c = 0; c < 3; c++) {
      if (hand[c] <= 0) {
        values[c] = -Infinity;
        continue;
      }
      for (let s = 0, i = 0; s < players; s++) {
        if (s === me) continue;
        const p = last === null ? 1 / 3 : last[s] === c ? stay[s] : (1 - stay[s]) / 2;
        presence[i++] = p > 0 ? p : 0; // (a NaN is skipped too, as predictedRivals does)
      }
      upgradeValue(view.extract[c], view.stock[c], fine, disasterOdds(wheel, c), rivals, value);
      values[c] = Math.max(value.green, value.red);
    }
    return values;
  }

  /** The legal continent with the highest score; exact ties are broken uniformly at random. */
  best(view: GoldrauschView, random: RandomStream): Continent {
    const v = this.score(view);
    let best = -1;
    let ties = 0;
    for (let c = 0; c < 3; c++) {
      if (v[c] === -Infinity) continue;
      if (best === -1 || v[c] > v[best]) {
        best = c;
        ties = 1;
      } else if (v[c] === v[best] && random.int(++ties) === 0) {
        best = c; // reservoir sampling keeps each tied continent with probability 1/ties
      }
    }
    return best === -1 ? randomContinent(view, random) : CONTINENTS[best];
  }

  /**
   * A logit (softmax) choice: continent c with probability ∝ exp(score_c / temperature). Bots that all
   * take the argmax of the same estimate herd onto one continent and collide; a temperature of two
   * gold keeps them mostly on good continents but spreads them. Measured on the engine (4000 games,
   * 5-player mixes of all built-ins): the cooperative family's win share rose and Random's fell from
   * 0.17 to 0.11 going from τ = 1 to τ = 2.
   */
  logit(view: GoldrauschView, random: RandomStream, temperature = 2): Continent {
    const v = this.score(view);
    let max = -Infinity;
    for (let c = 0; c < 3; c++) if (v[c] > max) max = v[c];
    if (max === -Infinity) return randomContinent(view, random);
    // Math.exp(±0) is exactly 1 (ECMAScript), so where the exponent at the best is ±0 (finite max, τ ≠ 0)
    // the call is skipped for it.
    const oneAtMax = (max - max) / temperature === 0;
    let total = 0;
    for (let c = 0; c < 3; c++) {
      v[c] = v[c] === -Infinity ? 0 : oneAtMax && v[c] === max ? 1 : Math.exp((v[c] - max) / temperature);
      total += v[c];
    }
    let x = random.next() * total;
    let last = 0;
    for (let c = 0; c < 3; c++) {
      if (v[c] === 0) continue;
      last = c;
      x -= v[c];
      if (x < 0) return CONTINENTS[c];
    }
    return CONTINENTS[last];
  }
}
