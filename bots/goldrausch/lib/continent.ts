/**
 * Choosing a country card (D1, docs/games/goldrausch.md §14). Only continents whose country card is in
 * hand (`view.countryHand(c) > 0`) are legal; cards passed by #24/#25 can leave a hand without one
 * continent when passed cards are kept (GR-A32).
 *
 * The score of a continent is the seat's expected own payout there this round: the better of green and
 * red under `upgradeValue`, with each rival predicted from its habits (history.ts: back to last round's
 * continent at its stay rate, else elsewhere; round 1: anywhere) and upgrading at its historical rate.
 * Illegal continents score −Infinity. Greedy takes the best (`bestContinent`), the talking bots a logit
 * over the scores (`logitContinent`), the search bot's opponent model reads the scores themselves.
 */
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';
import type { Random } from './seats.js';
import { boxedDisaster, Rivals, upgradeValue, VALUE } from './estimate.js';
import { digest } from './history.js';

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

/** A uniformly random continent among the country cards in hand (randomContinent). */
export function randomContinent(view: GoldrauschView, random: Random): number {
  let legal = 0;
  for (let c = 0; c < 3; c++) if (view.countryHand(c) > 0) legal++;
  if (legal === 0) return 0; // nothing legal: the engine records the fault
  let k = random.int(legal);
  for (let c = 0; c < 3; c++) {
    if (view.countryHand(c) > 0 && k-- === 0) return c;
  }
  return 0;
}

/** The last scores: module scratch, overwritten by every `scores` call (copied in, never kept). */
const SCORES: number[] = [0, 0, 0];

/**
 * Round-1 scores, remembered across games. With an empty history every seat's habits are the priors
 * (upgrade 1/2; presence 1/3 everywhere), so a seat's scores depend only on the params (fine, wheel),
 * the player count, its seat, the start player, its country hand, and the extraction and stock of
 * the three continents — the same in most games' first round (the first resource card decides
 * extraction and stock). Nearly every round-1 call repeats an earlier game's inputs and later rounds'
 * calls rarely do (docs/performance-log.md, "the round-1 score memo"), so only round 1 is remembered. The key packs those inputs into one exact integer below 2^53 when they are small
 * whole numbers (else nothing is remembered); the map is emptied when the parameters (`paramsKey`) change or
 * it grows past FIRST_ROUND_MAX. A hit returns the very numbers the computation returned.
 */
const FIRST_ROUND = { paramsKey: -1, scores: new Map<number, Float64Array>() };
const FIRST_ROUND_MAX = 4096;

/** Each continent's better of green and red for this seat (−Infinity if its card is not in hand). */
export function scores(view: GoldrauschView): number[] {
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
 * The scores computed. The rivals (every other seat in seat order, its upgrade rate and whether it
 * is paid before this seat) are written straight into the scratch `Rivals`; only their presences
 * change from continent to continent.
 */
function computeScores(view: GoldrauschView): number[] {
  const values = SCORES;
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
  const disaster = boxedDisaster(view);
  const e0 = view.extract(0);
  const e1 = view.extract(1);
  const e2 = view.extract(2);
  const s0 = view.stock(0);
  const s1 = view.stock(1);
  const s2 = view.stock(2);
  const d0 = disaster[0] as number;
  const d1 = disaster[1] as number;
  const d2 = disaster[2] as number;
  const h0 = !(view.countryHand(0) <= 0);
  const h1 = !(view.countryHand(1) <= 0);
  const h2 = !(view.countryHand(2) <= 0);
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

/** The legal continent with the highest score; exact ties drawn by reservoir sampling (Greedy). */
export function bestContinent(view: GoldrauschView, random: Random): number {
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
 * A logit (softmax) choice with temperature 2, written out for the three continents in
 * locals (the same operations in the same order as its loops; the weights are not written back into
 * the score array, which nothing reads afterwards).
 */
export function logitContinent(view: GoldrauschView, random: Random): number {
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

/**
 * The round-1 memo key of a view (see FIRST_ROUND), or −1 if an input is not a small whole number.
 */
export function firstRoundKey(view: GoldrauschView): number {
  const players = view.players;
  const me = view.seat;
  const start = view.startPlayer;
  if (!isSmall(players, 8) || !isSmall(me, 8) || !isSmall(start, 8)) return -1;
  let key = (players * 8 + me) * 8 + start; // 9 bits, then 14 per continent: 51 in all
  for (let c = 0; c < 3; c++) {
    const hand = view.countryHand(c);
    const extract = view.extract(c);
    const stock = view.stock(c);
    if (!isSmall(hand, 4) || !isSmall(extract, 64) || !isSmall(stock, 64)) return -1;
    key = ((key * 4 + hand) * 64 + extract) * 64 + stock;
  }
  return key;
}

/** Whether x is one of the whole numbers 0 … limit − 1 (not −0, which the key could not tell from 0). */
function isSmall(x: number, limit: number): boolean {
  return x >= 0 && x < limit && Math.floor(x) === x && (x !== 0 || 1 / x > 0);
}
