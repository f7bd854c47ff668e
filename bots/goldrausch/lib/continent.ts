/**
 * Choosing a country card (D1, docs/games/goldrausch.md §14). Only continents whose country card is in
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
 * Round-1 scores, remembered across games. With an empty history every seat's habits are the priors
 * (upgrade 1/2; presence 1/3 everywhere), so a seat's scores depend only on the params (fine, wheel),
 * the player count, its seat, the start player, its country hand, and the extraction and stock of
 * the three continents — the same in most games' first round (the first resource card decides
 * extraction and stock). Measured on the baseline: 99.6% of round-1 score calls repeat an earlier
 * game's inputs, and from round 2 on hardly any (21% in round 2, ~1% in round 3), so only round 1 is
 * remembered. The key packs those inputs into one exact integer below 2^53 when they are small
 * whole numbers (else nothing is remembered); the map is emptied when the params object changes or
 * it grows past FIRST_ROUND_MAX. A hit returns the very numbers the computation returned.
 */
const FIRST_ROUND: { params: GoldrauschView['params'] | null; scores: Map<number, readonly number[]> } = {
  params: null,
  scores: new Map(),
};
const FIRST_ROUND_MAX = 4096;

/**
 * The round-1 memo key of a view (see FIRST_ROUND), or −1 if an input is not a small whole number.
 * Reads only fields every seat view has (the fast twins' `FastView` too, bots/goldrausch/fast).
 */
export function firstRoundKey(view: Pick<GoldrauschView, 'players' | 'seat' | 'startPlayer' | 'countryHand' | 'extract' | 'stock'>): number {
  const players = view.players;
  const me = view.seat;
  const start = view.startPlayer;
  if (!isSmall(players, 8) || !isSmall(me, 8) || !isSmall(start, 8)) return -1;
  const hand = view.countryHand;
  const extract = view.extract;
  const stock = view.stock;
  let key = (players * 8 + me) * 8 + start; // 9 bits, then 14 per continent: 51 in all
  for (let c = 0; c < 3; c++) {
    if (!isSmall(hand[c], 4) || !isSmall(extract[c], 64) || !isSmall(stock[c], 64)) return -1;
    key = ((key * 4 + hand[c]) * 64 + extract[c]) * 64 + stock[c];
  }
  return key;
}

/** Whether x is one of the whole numbers 0 … limit − 1 (not −0, which the key could not tell from 0). */
function isSmall(x: number, limit: number): boolean {
  return x >= 0 && x < limit && Math.floor(x) === x && (x !== 0 || 1 / x > 0);
}

/**
 * Every seat's predicted presence on each continent and upgrade rate for one public history: the
 * same for every seat's scorer (they are functions of the public history only), so the first scorer
 * to see a history fills this table and the others of the game read it (the four seats of a baseline
 * game used to compute their habits and the 3 × 4 presences each). Keyed by the history (same array,
 * same length) and the player count; any other history refills it. Module-level scratch: `compute`
 * reads it within one call and hands none of it out.
 */
const PREDICTED: {
  history: GoldrauschView['history'] | null;
  length: number;
  players: number;
  /** Presence of seat s on continent c at [c · players + s], floored at 0 (a NaN becomes 0). */
  presence: number[];
  upgrade: number[];
} = { history: null, length: -1, players: 0, presence: [], upgrade: [] };

/**
 * Fills `table` for the view's history: each seat returns to last round's continent at its stay
 * rate and otherwise picks one of the two others evenly (round 1: anywhere with probability 1/3).
 */
function predictRivals(view: GoldrauschView, habits: SeatHabits, table: typeof PREDICTED): void {
  const players = view.players;
  const history = view.history;
  const last = history.length > 0 ? history[history.length - 1].locations : null;
  const stay = habits.stay;
  if (table.upgrade.length !== players) {
    table.upgrade = new Array<number>(players).fill(0);
    table.presence = new Array<number>(3 * players).fill(0);
  }
  const presence = table.presence;
  const upgrade = table.upgrade;
  for (let s = 0; s < players; s++) upgrade[s] = habits.upgrade[s];
  for (let c = 0, i = 0; c < 3; c++) {
    for (let s = 0; s < players; s++) {
      const p = last === null ? 1 / 3 : last[s] === c ? stay[s] : (1 - stay[s]) / 2;
      presence[i++] = p > 0 ? p : 0; // (a NaN is skipped too, as predictedRivals does)
    }
  }
  table.history = history;
  table.length = history.length;
  table.players = players;
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
    if (view.history.length > 0) return this.compute(view);
    // Round 1: see FIRST_ROUND.
    const key = firstRoundKey(view);
    if (key < 0) return this.compute(view);
    const memo = FIRST_ROUND;
    if (memo.params !== view.params || memo.scores.size >= FIRST_ROUND_MAX) {
      memo.params = view.params;
      memo.scores.clear();
    }
    const values = this.values;
    const saved = memo.scores.get(key);
    if (saved === undefined) {
      this.compute(view);
      memo.scores.set(key, [values[0], values[1], values[2]]); // a copy: callers may write into `values`
    } else {
      values[0] = saved[0];
      values[1] = saved[1];
      values[2] = saved[2];
    }
    return values;
  }

  private compute(view: GoldrauschView): number[] {
    const values = this.values;
    const hand = view.countryHand;
    const rivals = this.rivals;
    const value = this.value;
    const fine = view.params.fine;
    const wheel = view.params.wheel;
    const players = view.players;
    const me = view.seat;
    const start = view.startPlayer;
    const history = view.history;
    const table = PREDICTED;
    if (table.history !== history || table.length !== history.length || table.players !== players) {
      predictRivals(view, this.habits.of(view), table);
    }
    // predictedRivals for the three continents at once. Only the presence depends on the continent, so
    // each other seat is entered once (upgrade rate, ahead or behind) and only its presence is
    // rewritten per continent. A seat with presence 0 stays in the list: upgradeValue skips every rival
    // with presence ≤ 0, exactly as if it were absent (predictedRivals leaves it out).
    const myRank = clockwiseRank(me, start, players);
    const upgrade = table.upgrade;
    const predicted = table.presence;
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
      const row = c * players;
      for (let s = 0, i = 0; s < players; s++) {
        if (s !== me) presence[i++] = predicted[row + s];
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
