/**
 * What the fast twins of the built-in bots share: the same helpers as ../lib (history habits, the
 * continent scorer, the fair upgrader, the meeting readers, the breach estimates), read from a
 * `FastView` (src/games/goldrausch/fast/view.ts) instead of a `GoldrauschView`.
 *
 * Exactness: every number is computed by the same operations in the same order as the reference
 * helper named in each comment (the expected payouts by ../lib/estimate.ts `upgradeValue` and
 * `baselineP` themselves), rivals are entered in the same (seat) order, and chance is drawn at the
 * same points. Only pure results are remembered (the public-history digest per game and history
 * length, the round-1 scores per input key), so no memo can change a decision.
 *
 * Speed: nothing here allocates per call. Seat sets are bit masks, scratch is module-level (each
 * function fills and reads it within one call and hands none of it out). The hot paths (the digest,
 * the continent scores, seatsOn) have a straight-line case for four players: V8 does not hoist its
 * array checks out of loops, so a loop re-checks every array it touches on every iteration, and the
 * straight-line code (the same operations in the same order) checks each once. Together with the
 * one-pass continent scorer and meeting readers, that took the bots' own code from 214 K to 145 K
 * machine instructions per baseline game (callgrind; docs/performance-log.md).
 */
import { breachWinsAt } from './breach.js';
import { firstRoundKey } from './continent.js';
import { baselineP, newUpgradeValue, Rivals, upgradeValue } from './estimate.js';
import { GREEN, MSG_PASS, NOBODY, NONE, RED, type FastMessage, type FastRandom, type FastView } from '../../../src/games/goldrausch/fast/view.js';

/** Plan value (../lib/meeting.ts NO_PLAN): nothing binds the seat. */
export const NO_PLAN = -2;

/** The stream of a twin before its first `newGame` (never drawn from by a correct kernel). */
export const NO_RANDOM: FastRandom = {
  next(): number {
    throw new Error('fast bot: newGame was not called');
  },
  int(): number {
    throw new Error('fast bot: newGame was not called');
  },
};

// Scratch of the expected-payout computations, filled and read within one call.
const RIVALS = new Rivals();
const VALUE = newUpgradeValue();

/**
 * The continent scorer's rivals, one `Rivals` per continent: they share one upgrade-rate and one
 * ahead array (the same for every continent) and each has its own presences, so one pass over the
 * seats fills all three.
 */
const SCORE_RIVALS = [new Rivals(), new Rivals(), new Rivals()];
shareRates(SCORE_RIVALS, 8);

function shareRates(list: Rivals[], capacity: number): void {
  const upgrade = new Float64Array(capacity);
  const ahead = new Uint8Array(capacity);
  for (const r of list) {
    r.presence = new Float64Array(capacity);
    r.upgrade = upgrade;
    r.ahead = ahead;
  }
}

// ---------------------------------------------------------------------------------------------
// The public history digest (../lib/history.ts SeatHabits and countSuccesses, ../lib/continent.ts
// predictRivals): a function of the public history alone, the same for every seat of a game, so it
// is computed once per (game, history length) and shared. History only grows within a game, so a
// longer history of the same game counts its new records only (the counts are whole numbers: the
// same as counting afresh).
// ---------------------------------------------------------------------------------------------

/** Read-only for the bots (module-internal: handed to no caller outside this folder). */
interface Digest {
  game: number;
  length: number;
  players: number;
  /** SeatHabits counts. */
  greens: number[];
  shared: number[];
  stays: number[];
  /** countSuccesses: sole, paid-double upgrades per seat. */
  successes: number[];
  /** SeatHabits.upgrade: (greens + 1) / (shared + 2). */
  upgrade: number[];
  /** SeatHabits.stay: (stays + 1/3) / (moves + 1). */
  stay: number[];
  /** predictRivals: presence of seat s on continent c at [c · players + s], floored at 0. */
  presence: number[];
  /** Where each seat stood in the last history round counted (history round length − 1). */
  last: number[];
}

function zeros(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(0);
  return out;
}

const DIGEST: Digest = {
  game: -1,
  length: -1,
  players: 0,
  greens: zeros(8),
  shared: zeros(8),
  stays: zeros(8),
  successes: zeros(8),
  upgrade: zeros(8),
  stay: zeros(8),
  presence: zeros(24),
  last: zeros(8),
};

/**
 * The digest of the view's public history (shared; never write into it). Small enough to be inlined
 * into its callers: the refresh, once per (game, history length), is a separate function.
 */
export function digest(view: FastView): Digest {
  const d = DIGEST;
  if (d.game === view.game && d.length === view.historyLength && d.players === view.players) return d;
  refreshDigest(d, view);
  return d;
}

/** Brings `d` up to the view's history: counts the rounds it has not seen (all of them for another game). */
function refreshDigest(d: Digest, view: FastView): void {
  const game = view.game;
  const length = view.historyLength;
  const players = view.players;
  let from = d.length;
  if (d.game !== game || d.players !== players || from < 0 || from > length) {
    if (d.greens.length < players) {
      const size = Math.max(8, players);
      d.greens = zeros(size);
      d.shared = zeros(size);
      d.stays = zeros(size);
      d.successes = zeros(size);
      d.upgrade = zeros(size);
      d.stay = zeros(size);
      d.presence = zeros(3 * size);
      d.last = zeros(size);
    } else {
      for (let s = 0; s < players; s++) {
        d.greens[s] = 0;
        d.shared[s] = 0;
        d.stays[s] = 0;
        d.successes[s] = 0;
      }
    }
    from = 0;
  }
  // Mark the digest invalid while it is being filled (a throw below must not leave a half-counted one).
  d.game = -1;
  if (players === 4) {
    // The general loops below written out for four seats (V8 re-checks every array on every loop
    // iteration; straight-line code checks each once): the same operations in the same order, per
    // seat as in the general code (seats do not interact).
    const greens = d.greens;
    const shared = d.shared;
    const stays = d.stays;
    const successes = d.successes;
    const last = d.last; // round i − 1's locations while round i is counted (valid for i = from > 0: counted before)
    for (let i = from; i < length; i++) {
      const c0 = view.histLocation(i, 0);
      const c1 = view.histLocation(i, 1);
      const c2 = view.histLocation(i, 2);
      const c3 = view.histLocation(i, 3);
      let azul = 0;
      let rosso = 0;
      let veridia = 0;
      if (c0 === 0) azul++;
      else if (c0 === 1) rosso++;
      else veridia++;
      if (c1 === 0) azul++;
      else if (c1 === 1) rosso++;
      else veridia++;
      if (c2 === 0) azul++;
      else if (c2 === 1) rosso++;
      else veridia++;
      if (c3 === 0) azul++;
      else if (c3 === 1) rosso++;
      else veridia++;
      if (i > 0 && last[0] === c0) stays[0]++;
      last[0] = c0;
      if (view.histSucceeded(i, 0)) successes[0]++;
      if ((c0 === 0 ? azul : c0 === 1 ? rosso : veridia) >= 2) {
        shared[0]++;
        if (view.histCommit(i, 0) === GREEN) greens[0]++;
      }
      if (i > 0 && last[1] === c1) stays[1]++;
      last[1] = c1;
      if (view.histSucceeded(i, 1)) successes[1]++;
      if ((c1 === 0 ? azul : c1 === 1 ? rosso : veridia) >= 2) {
        shared[1]++;
        if (view.histCommit(i, 1) === GREEN) greens[1]++;
      }
      if (i > 0 && last[2] === c2) stays[2]++;
      last[2] = c2;
      if (view.histSucceeded(i, 2)) successes[2]++;
      if ((c2 === 0 ? azul : c2 === 1 ? rosso : veridia) >= 2) {
        shared[2]++;
        if (view.histCommit(i, 2) === GREEN) greens[2]++;
      }
      if (i > 0 && last[3] === c3) stays[3]++;
      last[3] = c3;
      if (view.histSucceeded(i, 3)) successes[3]++;
      if ((c3 === 0 ? azul : c3 === 1 ? rosso : veridia) >= 2) {
        shared[3]++;
        if (view.histCommit(i, 3) === GREEN) greens[3]++;
      }
    }
    const upgrade = d.upgrade;
    const stay = d.stay;
    const moves = Math.max(0, length - 1);
    upgrade[0] = (greens[0] + 1) / (shared[0] + 2);
    stay[0] = (stays[0] + 1 / 3) / (moves + 1);
    upgrade[1] = (greens[1] + 1) / (shared[1] + 2);
    stay[1] = (stays[1] + 1 / 3) / (moves + 1);
    upgrade[2] = (greens[2] + 1) / (shared[2] + 2);
    stay[2] = (stays[2] + 1 / 3) / (moves + 1);
    upgrade[3] = (greens[3] + 1) / (shared[3] + 2);
    stay[3] = (stays[3] + 1 / 3) / (moves + 1);
    const presence = d.presence;
    if (length === 0) {
      for (let i = 0; i < 12; i++) presence[i] = 1 / 3;
    } else {
      const stay0 = stay[0];
      const stayed0 = stay0 > 0 ? stay0 : 0;
      const q0 = (1 - stay0) / 2;
      const moved0 = q0 > 0 ? q0 : 0;
      const here0 = last[0];
      presence[0] = here0 === 0 ? stayed0 : moved0;
      presence[4] = here0 === 1 ? stayed0 : moved0;
      presence[8] = here0 === 2 ? stayed0 : moved0;
      const stay1 = stay[1];
      const stayed1 = stay1 > 0 ? stay1 : 0;
      const q1 = (1 - stay1) / 2;
      const moved1 = q1 > 0 ? q1 : 0;
      const here1 = last[1];
      presence[1] = here1 === 0 ? stayed1 : moved1;
      presence[5] = here1 === 1 ? stayed1 : moved1;
      presence[9] = here1 === 2 ? stayed1 : moved1;
      const stay2 = stay[2];
      const stayed2 = stay2 > 0 ? stay2 : 0;
      const q2 = (1 - stay2) / 2;
      const moved2 = q2 > 0 ? q2 : 0;
      const here2 = last[2];
      presence[2] = here2 === 0 ? stayed2 : moved2;
      presence[6] = here2 === 1 ? stayed2 : moved2;
      presence[10] = here2 === 2 ? stayed2 : moved2;
      const stay3 = stay[3];
      const stayed3 = stay3 > 0 ? stay3 : 0;
      const q3 = (1 - stay3) / 2;
      const moved3 = q3 > 0 ? q3 : 0;
      const here3 = last[3];
      presence[3] = here3 === 0 ? stayed3 : moved3;
      presence[7] = here3 === 1 ? stayed3 : moved3;
      presence[11] = here3 === 2 ? stayed3 : moved3;
    }
  } else {
    const greens = d.greens;
    const shared = d.shared;
    const stays = d.stays;
    const successes = d.successes;
    const last = d.last; // round i − 1's locations while round i is counted (valid for i = from > 0: counted before)
    for (let i = from; i < length; i++) {
      // SeatHabits.count
      let azul = 0;
      let rosso = 0;
      let veridia = 0;
      for (let s = 0; s < players; s++) {
        const c = view.histLocation(i, s);
        if (c === 0) azul++;
        else if (c === 1) rosso++;
        else veridia++;
      }
      for (let s = 0; s < players; s++) {
        const c = view.histLocation(i, s);
        if (i > 0 && last[s] === c) stays[s]++;
        last[s] = c;
        if (view.histSucceeded(i, s)) successes[s]++;
        if ((c === 0 ? azul : c === 1 ? rosso : veridia) < 2) continue;
        shared[s]++;
        if (view.histCommit(i, s) === GREEN) greens[s]++;
      }
    }
    const upgrade = d.upgrade;
    const stay = d.stay;
    const moves = Math.max(0, length - 1);
    for (let s = 0; s < players; s++) {
      upgrade[s] = (greens[s] + 1) / (shared[s] + 2);
      stay[s] = (stays[s] + 1 / 3) / (moves + 1);
    }
    // predictRivals: back to last round's continent at the stay rate, else one of the two others evenly.
    const presence = d.presence;
    for (let s = 0; s < players; s++) {
      if (length === 0) {
        presence[s] = presence[players + s] = presence[2 * players + s] = 1 / 3;
        continue;
      }
      const here = last[s];
      const stayP = stay[s];
      const stayed = stayP > 0 ? stayP : 0; // (a NaN is skipped too, as predictedRivals does)
      const q = (1 - stayP) / 2;
      const moved = q > 0 ? q : 0;
      presence[s] = here === 0 ? stayed : moved;
      presence[players + s] = here === 1 ? stayed : moved;
      presence[2 * players + s] = here === 2 ? stayed : moved;
    }
  }
  d.length = length;
  d.players = players;
  d.game = game;
}

// ---------------------------------------------------------------------------------------------
// Choosing a continent (../lib/continent.ts).
// ---------------------------------------------------------------------------------------------

/** A uniformly random continent among the country cards in hand (randomContinent). */
export function randomContinent(view: FastView, random: FastRandom): number {
  const hand = view.countryHand;
  let legal = 0;
  for (let c = 0; c < 3; c++) if (hand[c] > 0) legal++;
  if (legal === 0) return 0; // nothing legal: the engine records the fault
  let k = random.int(legal);
  for (let c = 0; c < 3; c++) {
    if (hand[c] > 0 && k-- === 0) return c;
  }
  return 0;
}

/** The last scores (ContinentScorer.values): module scratch, overwritten by every `scores` call. */
const SCORES: number[] = [0, 0, 0];

/**
 * Round-1 scores remembered across games (ContinentScorer's FIRST_ROUND): keyed by the same packed
 * integer of players, seat, start player, hand, extraction and stock, emptied when the parameters
 * (`paramsKey`) change or it grows past FIRST_ROUND_MAX. Entries are never handed out (copied into
 * SCORES).
 */
const FIRST_ROUND = { paramsKey: -1, scores: new Map<number, Float64Array>() };
const FIRST_ROUND_MAX = 4096;

/** ContinentScorer.score: each continent's better of green and red (−Infinity if not in hand). */
export function scores(view: FastView): number[] {
  if (view.historyLength > 0) return computeScores(view);
  const key = firstRoundKey(view);
  if (key < 0) return computeScores(view);
  const memo = FIRST_ROUND;
  if (memo.paramsKey !== view.paramsKey || memo.scores.size >= FIRST_ROUND_MAX) {
    memo.paramsKey = view.paramsKey;
    memo.scores.clear();
  }
  const values = SCORES;
  const saved = memo.scores.get(key);
  if (saved === undefined) {
    computeScores(view);
    const copy = new Float64Array(3);
    copy[0] = values[0];
    copy[1] = values[1];
    copy[2] = values[2];
    memo.scores.set(key, copy);
  } else {
    values[0] = saved[0];
    values[1] = saved[1];
    values[2] = saved[2];
  }
  return values;
}

/**
 * `view.disaster` as numbers already boxed: an array of generic (tagged) elements holds each odd as
 * one heap number, which a call passes as it is, while a number read from a double array would be
 * boxed into a new heap number for every `upgradeValue` call. Refreshed when the parameters change.
 */
const DISASTER_BOXED: unknown[] = [null, null, null];
let disasterKey = -1;

function boxedDisaster(view: FastView): unknown[] {
  if (view.paramsKey !== disasterKey) {
    const disaster = view.disaster;
    DISASTER_BOXED[0] = disaster[0];
    DISASTER_BOXED[1] = disaster[1];
    DISASTER_BOXED[2] = disaster[2];
    disasterKey = view.paramsKey;
  }
  return DISASTER_BOXED;
}

/**
 * ContinentScorer.compute. The rivals (every other seat in seat order, its upgrade rate and whether it
 * is paid before this seat) are written straight into the scratch `Rivals`; only their presences
 * change from continent to continent.
 */
function computeScores(view: FastView): number[] {
  const values = SCORES;
  const hand = view.countryHand;
  const players = view.players;
  const me = view.seat;
  const start = view.startPlayer;
  const d = digest(view);
  const upgrade = d.upgrade;
  const predicted = d.presence;
  const r0 = SCORE_RIVALS[0];
  const r1 = SCORE_RIVALS[1];
  const r2 = SCORE_RIVALS[2];
  if (r0.presence.length < players) shareRates(SCORE_RIVALS, players);
  const p0 = r0.presence;
  const p1 = r1.presence;
  const p2 = r2.presence;
  const rates = r0.upgrade;
  const ahead = r0.ahead;
  // clockwiseRank(s) = (s − start + players) % players, for seats and start player in 0 … players − 1
  const myRank = me >= start ? me - start : me - start + players;
  let n = 0;
  if (players === 4) {
    // The loop below written out for the three other seats of a 4-player game, in seat order (V8
    // re-checks every array on every loop iteration; straight-line code checks each once).
    const a = me === 0 ? 1 : 0;
    const b = me <= 1 ? 2 : 1;
    const c = me <= 2 ? 3 : 2;
    rates[0] = upgrade[a];
    rates[1] = upgrade[b];
    rates[2] = upgrade[c];
    ahead[0] = (a >= start ? a - start : a - start + 4) < myRank ? 1 : 0;
    ahead[1] = (b >= start ? b - start : b - start + 4) < myRank ? 1 : 0;
    ahead[2] = (c >= start ? c - start : c - start + 4) < myRank ? 1 : 0;
    p0[0] = predicted[a];
    p0[1] = predicted[b];
    p0[2] = predicted[c];
    p1[0] = predicted[4 + a];
    p1[1] = predicted[4 + b];
    p1[2] = predicted[4 + c];
    p2[0] = predicted[8 + a];
    p2[1] = predicted[8 + b];
    p2[2] = predicted[8 + c];
    n = 3;
  } else {
    for (let s = 0; s < players; s++) {
      if (s === me) continue;
      rates[n] = upgrade[s];
      ahead[n] = (s >= start ? s - start : s - start + players) < myRank ? 1 : 0;
      p0[n] = predicted[s];
      p1[n] = predicted[players + s];
      p2[n] = predicted[2 * players + s];
      n++;
    }
  }
  r0.count = n;
  r1.count = n;
  r2.count = n;
  // Every input read before the first call (a call makes V8 re-check every array it reads after it).
  const value = VALUE;
  const fine = view.fine;
  const extract = view.extract;
  const stock = view.stock;
  const disaster = boxedDisaster(view);
  const e0 = extract[0];
  const e1 = extract[1];
  const e2 = extract[2];
  const s0 = stock[0];
  const s1 = stock[1];
  const s2 = stock[2];
  const d0 = disaster[0] as number;
  const d1 = disaster[1] as number;
  const d2 = disaster[2] as number;
  const h0 = !(hand[0] <= 0);
  const h1 = !(hand[1] <= 0);
  const h2 = !(hand[2] <= 0);
  let v0 = -Infinity;
  let v1 = -Infinity;
  let v2 = -Infinity;
  if (h0) {
    upgradeValue(e0, s0, fine, d0, r0, value);
    v0 = Math.max(value.green, value.red);
  }
  if (h1) {
    upgradeValue(e1, s1, fine, d1, r1, value);
    v1 = Math.max(value.green, value.red);
  }
  if (h2) {
    upgradeValue(e2, s2, fine, d2, r2, value);
    v2 = Math.max(value.green, value.red);
  }
  values[0] = v0;
  values[1] = v1;
  values[2] = v2;
  return values;
}

/** ContinentScorer.best: the legal continent with the highest score; exact ties by reservoir sampling. */
export function bestContinent(view: FastView, random: FastRandom): number {
  const v = scores(view);
  let best = -1;
  let ties = 0;
  for (let c = 0; c < 3; c++) {
    if (v[c] === -Infinity) continue;
    if (best === -1 || v[c] > v[best]) {
      best = c;
      ties = 1;
    } else if (v[c] === v[best] && random.int(++ties) === 0) {
      best = c;
    }
  }
  return best === -1 ? randomContinent(view, random) : best;
}

/**
 * ContinentScorer.logit with its default temperature 2, written out for the three continents in
 * locals (the same operations in the same order as its loops; the weights are not written back into
 * the score array, which nothing reads afterwards).
 */
export function logitContinent(view: FastView, random: FastRandom): number {
  const temperature = 2;
  const v = scores(view);
  const v0 = v[0];
  const v1 = v[1];
  const v2 = v[2];
  let max = -Infinity;
  if (v0 > max) max = v0;
  if (v1 > max) max = v1;
  if (v2 > max) max = v2;
  if (max === -Infinity) return randomContinent(view, random);
  const oneAtMax = (max - max) / temperature === 0;
  const w0 = v0 === -Infinity ? 0 : oneAtMax && v0 === max ? 1 : Math.exp((v0 - max) / temperature);
  const w1 = v1 === -Infinity ? 0 : oneAtMax && v1 === max ? 1 : Math.exp((v1 - max) / temperature);
  const w2 = v2 === -Infinity ? 0 : oneAtMax && v2 === max ? 1 : Math.exp((v2 - max) / temperature);
  let total = 0;
  total += w0;
  total += w1;
  total += w2;
  let x = random.next() * total;
  let last = 0;
  if (w0 !== 0) {
    last = 0;
    x -= w0;
    if (x < 0) return 0;
  }
  if (w1 !== 0) {
    last = 1;
    x -= w1;
    if (x < 0) return 1;
  }
  if (w2 !== 0) {
    last = 2;
    x -= w2;
    if (x < 0) return 2;
  }
  return last;
}

// ---------------------------------------------------------------------------------------------
// Seats and hands (../lib/seats.ts).
// ---------------------------------------------------------------------------------------------

/** countOn: pawns on continent c. */
export function countOn(view: FastView, c: number): number {
  const locations = view.locations;
  const players = view.players;
  let count = 0;
  for (let s = 0; s < players; s++) if (locations[s] === c) count++;
  return count;
}

/** seatsOn: the seats on continent c as a mask. */
export function seatsOn(view: FastView, c: number): number {
  const locations = view.locations;
  const players = view.players;
  if (players === 4) {
    return (locations[0] === c ? 1 : 0) | (locations[1] === c ? 2 : 0) | (locations[2] === c ? 4 : 0) | (locations[3] === c ? 8 : 0);
  }
  let mask = 0;
  for (let s = 0; s < players; s++) if (locations[s] === c) mask |= 1 << s;
  return mask;
}

/**
 * Where this seat stands in the current meeting and who stands with it: fixed from phase 2 to the end
 * of the meeting (pawns move only in phase 4), so a twin refreshes it once per (game, round) instead
 * of counting the pawns on every turn.
 */
export class Seating {
  game = -1;
  round = -1;
  /** This seat's continent. */
  c = 0;
  /** Seats on it (mask), this seat included. */
  mask = 0;
  /** How many. */
  count = 0;
}

/** `seating` brought up to date with the view's meeting (call only in meeting decisions). */
export function seatingOf(seating: Seating, view: FastView): Seating {
  if (seating.game !== view.game || seating.round !== view.round) {
    const c = view.locations[view.seat];
    const mask = seatsOn(view, c);
    seating.c = c;
    seating.mask = mask;
    seating.count = popcount(mask);
    seating.game = view.game;
    seating.round = view.round;
  }
  return seating;
}

/** isAlone: nobody else on this seat's continent. */
export function isAlone(view: FastView): boolean {
  return countOn(view, view.locations[view.seat]) === 1;
}

/** othersCommitted: every other seat on `me`'s continent has laid a card (`mask`: the seats there, its `Seating`). */
export function othersCommittedIn(view: FastView, mask: number, me: number): boolean {
  const committed = view.committed;
  for (let m = mask & ~(1 << me); m !== 0; m &= m - 1) {
    if (committed[31 - Math.clz32(m & -m)] === 0) return false;
  }
  return true;
}

/** heldColour(view, 'green'): green if held, else red if held, else no card. */
export function heldGreen(view: FastView): number {
  return view.upgradeHand[0] > 0 ? GREEN : view.upgradeHand[1] > 0 ? RED : NONE;
}

/** heldColour(view, 'red'): red if held, else no card (a timeout counts as red, GR-A10). */
export function heldRed(view: FastView): number {
  return view.upgradeHand[1] > 0 ? RED : NONE;
}

/** heldColour(view, green ? 'green' : 'red'). */
export function held(view: FastView, green: boolean): number {
  return green ? heldGreen(view) : heldRed(view);
}

/** randomHeldColour: a colour drawn uniformly from the cards in hand (`draw` in [0, 1)). */
export function randomHeldColour(view: FastView, draw: number): number {
  const green = view.upgradeHand[0] > 0;
  const red = view.upgradeHand[1] > 0;
  if (green && red) return draw < 0.5 ? GREEN : RED;
  return green ? GREEN : red ? RED : NONE;
}

/** Writes PASS into `out` and returns true (the reference's PASS list). */
export function pass(out: FastMessage): boolean {
  out.type = MSG_PASS;
  out.upgrader = NOBODY;
  out.ref = -1;
  out.action = NONE;
  return true;
}

/** passWhenDone: PASS once this seat has laid its card and not yet passed; otherwise no message. */
export function passWhenDone(view: FastView, out: FastMessage): boolean {
  return view.ownCommit !== NONE && view.passed[view.seat] === 0 ? pass(out) : false;
}

/** Writes a message into `out`; returns true. */
export function message(out: FastMessage, type: number, upgrader: number, ref: number, action: number): boolean {
  out.type = type;
  out.upgrader = upgrader;
  out.ref = ref;
  out.action = action;
  return true;
}

// ---------------------------------------------------------------------------------------------
// The meeting (../lib/meeting.ts).
// ---------------------------------------------------------------------------------------------

/**
 * planInForce for `seat`, standing on continent c: the upgrader of the plan binding it (a seat or
 * NOBODY), or NO_PLAN. The agreement on c and the rotation clauses binding this round each bind on
 * their own, so a plan naming somebody else (or nobody) wins over one naming `seat`.
 */
export function planOn(view: FastView, c: number, seat: number): number {
  let plan = NO_PLAN;
  if ((view.agreementParties(c) & (1 << seat)) !== 0) {
    const upgrader = view.agreementUpgrader(c);
    if (upgrader !== seat) return upgrader; // somebody else, or NOBODY
    plan = seat;
  }
  if (view.clausePlan !== undefined) {
    const clause = view.clausePlan(seat); // (the kernel has no clauses: only the reference engine's view)
    if (clause !== NO_PLAN && clause !== seat) return clause;
    if (clause === seat) plan = seat;
  }
  return plan;
}

/**
 * hasOpenAcceptance: `seat` has accepted (or proposed) a proposal on c naming somebody else or
 * nobody that is not the agreement in force.
 */
export function hasOpenAcceptance(view: FastView, seat: number, c: number): boolean {
  const n = view.proposalCount;
  const bit = 1 << seat;
  let agreement = -2; // read once, when needed
  for (let i = 0; i < n; i++) {
    if (view.proposalContinent(i) !== c || view.proposalUpgrader(i) === seat || (view.proposalAccepted(i) & bit) === 0) continue;
    if (agreement === -2) agreement = view.agreement(c);
    if (agreement === i) continue;
    return true;
  }
  return false;
}

/** agreementId: the index of the agreement `seat` is a party to on its continent, or −1. */
export function agreementRef(view: FastView, seat: number): number {
  const c = view.locations[seat];
  return (view.agreementParties(c) & (1 << seat)) !== 0 ? view.agreement(c) : -1;
}

/** hasProposed: `seat` has proposed `upgrader` (a seat or NOBODY) on continent c this meeting. */
export function hasProposed(view: FastView, seat: number, c: number, upgrader: number): boolean {
  const n = view.proposalCount;
  for (let i = 0; i < n; i++) {
    if (view.proposalContinent(i) === c && view.proposalProposer(i) === seat && view.proposalUpgrader(i) === upgrader) return true;
  }
  return false;
}

/** Number of set bits of a seat mask (a whole number in 0 … 2^31 − 1; SWAR bit count). */
export function popcount(mask: number): number {
  const a = mask - ((mask >>> 1) & 0x55555555);
  const b = (a & 0x33333333) + ((a >>> 2) & 0x33333333);
  return Math.imul((b + (b >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

// ---------------------------------------------------------------------------------------------
// Estimates (../lib/estimate.ts, ../lib/fair.ts, ../lib/breach.ts, ../lib/history.ts).
// ---------------------------------------------------------------------------------------------

/**
 * Greedy's test (meetingRivals + upgradeValueOn): green is worth more than red on this seat's
 * continent, the others there laying green at their habitual rates.
 */
export function greenPays(view: FastView): boolean {
  const upgradeOf = digest(view).upgrade;
  const locations = view.locations;
  const me = view.seat;
  const c = locations[me];
  const players = view.players;
  const start = view.startPlayer;
  const myRank = me >= start ? me - start : me - start + players; // clockwiseRank
  const rivals = RIVALS;
  rivals.clear();
  for (let s = 0; s < players; s++) {
    if (s === me || locations[s] !== c) continue;
    rivals.add(1, upgradeOf[s], (s >= start ? s - start : s - start + players) < myRank);
  }
  const value = upgradeValue(view.extract[c], view.stock[c], view.fine, boxedDisaster(view)[c] as number, rivals, VALUE);
  return value.green > value.red;
}

/**
 * CooperativeBot.baseline: the §14 baseline p on continent c with k pawns on it. `baselineP` of the
 * last inputs is remembered (exact inputs, so the very number it returned): within a meeting they
 * stay the same, and its Math.pow is most of its cost.
 */
export function baseline(view: FastView, c: number, k: number): number {
  const e = Math.min(view.extract[c], view.stock[c]);
  const fine = view.fine;
  const disaster = view.disaster[c];
  const memo = BASELINE;
  if (memo.k !== k || memo.e !== e || memo.fine !== fine || memo.disaster !== disaster) {
    memo.p = baselineP(k, e, fine, disaster);
    memo.k = k;
    memo.e = e;
    memo.fine = fine;
    memo.disaster = disaster;
  }
  return memo.p;
}

const BASELINE = { k: -1, e: NaN, fine: NaN, disaster: NaN, p: 0 };

/**
 * fairUpgrader among `candidates`, the mask of the seats on the continent not excluded (a `Seating`
 * mask less the excluded seats); −1 if it is empty.
 */
export function fairUpgrader(view: FastView, candidates: number): number {
  const players = view.players;
  let goldKnown = true;
  for (let m = candidates; m !== 0; m &= m - 1) {
    if (view.gold(31 - Math.clz32(m & -m)) === null) {
      goldKnown = false;
      break;
    }
  }
  const successes = digest(view).successes;
  const start = view.startPlayer;
  let best = -1;
  let bestUpgrades = 0;
  let bestGold = 0;
  let bestRank = 0;
  // the candidates in seat order, as the reference's loop over seats meets them
  for (let m = candidates; m !== 0; m &= m - 1) {
    const s = 31 - Math.clz32(m & -m);
    const upgrades = successes[s];
    const gold = goldKnown ? (view.gold(s) as number) : 0;
    const rank = s >= start ? s - start : s - start + players; // clockwiseRank
    if (best === -1 || upgrades < bestUpgrades || (upgrades === bestUpgrades && (gold < bestGold || (gold === bestGold && rank < bestRank)))) {
      best = s;
      bestUpgrades = upgrades;
      bestGold = gold;
      bestRank = rank;
    }
  }
  return best;
}

/**
 * recentBetrayers: mask of the seats whose breach in rounds round − k … round − 1 lists `seat` as a
 * victim.
 */
export function recentBetrayers(view: FastView, seat: number, k: number): number {
  const oldest = view.round - k;
  const players = view.players;
  const bit = 1 << seat;
  let mask = 0;
  for (let i = view.historyLength - 1; i >= 0; i--) {
    if (view.histRound(i) < oldest) break;
    for (let b = 0; b < players; b++) {
      const victims = view.histBreachVictims(i, b);
      if (victims !== -1 && (victims & bit) !== 0) mask |= 1 << b;
    }
  }
  return mask;
}

/**
 * breachGain (valueUnderPlan): expected gain of green over red for this seat under a plan naming
 * `upgrader` (a seat or NOBODY), the upgrader laying green and every other party green at its
 * breach rate 1 − reputation.
 */
export function breachGain(view: FastView, upgrader: number): number {
  const locations = view.locations;
  const me = view.seat;
  const c = locations[me];
  const players = view.players;
  const start = view.startPlayer;
  const myRank = (me - start + players) % players;
  const kept = view.kept;
  const broken = view.broken;
  const rivals = RIVALS;
  rivals.clear();
  for (let s = 0; s < players; s++) {
    if (s === me || locations[s] !== c) continue;
    const green = s === upgrader ? 1 : 1 - (kept[s] + 1) / (kept[s] + broken[s] + 2);
    rivals.add(1, green, (s - start + players) % players < myRank);
  }
  const value = upgradeValue(view.extract[c], view.stock[c], view.fine, view.disaster[c], rivals, VALUE);
  return value.green - value.red;
}

/**
 * breachWins: laying green would win the race while keeping the plan naming `upgrader` would not
 * (everybody else keeps it, the wheel is calm).
 */
export function breachWins(view: FastView, upgrader: number): boolean {
  const me = view.seat;
  const gold = view.gold(me);
  if (gold === null) return false;
  const threshold = view.winThreshold + (view.winThresholdStrict ? 1 : 0);
  return breachWinsAt(view.locations, me, upgrader, view.startPlayer, view.players, gold, view.extract, view.stock, view.fine, threshold);
}
