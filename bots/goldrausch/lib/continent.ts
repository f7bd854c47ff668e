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
import { newUpgradeValue, predictedRivals, Rivals, upgradeValueOn } from './estimate.js';

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
 * historical rate. Illegal continents get −Infinity. One instance per bot; it owns its scratch buffers.
 */
export class ContinentScorer {
  readonly values = new Float64Array(3);
  private readonly rivals = new Rivals();
  private readonly value = newUpgradeValue();

  /** @param habits the bot's habit estimator (share it so phase 3 reuses this round's counts). */
  constructor(private readonly habits: SeatHabits = new SeatHabits()) {}

  score(view: GoldrauschView): Float64Array {
    const habits = this.habits.of(view);
    for (let c = 0; c < 3; c++) {
      if (view.countryHand[c] <= 0) {
        this.values[c] = -Infinity;
        continue;
      }
      predictedRivals(view, c, habits, this.rivals);
      upgradeValueOn(view, c, this.rivals, this.value);
      this.values[c] = Math.max(this.value.green, this.value.red);
    }
    return this.values;
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
    let total = 0;
    for (let c = 0; c < 3; c++) {
      v[c] = v[c] === -Infinity ? 0 : Math.exp((v[c] - max) / temperature);
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
