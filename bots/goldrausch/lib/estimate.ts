/**
 * Expected payouts for one seat on one continent (docs/games/goldrausch.md §5, §6, §14).
 *
 * The model: the seat stands on continent c with base extraction e and stock S. Every rival r (another
 * seat that may stand there) is present with probability π_r and, if present, lays green with
 * probability p_r, independently. The wheel hits c with probability d (its own disaster field plus the
 * broken globe); events are treated as a calm spin. Then, following §5.2–5.3:
 *
 *  - green, no rival green:  received min(2e, S) (paid first);
 *  - green, collision:       upgraders are paid e each, clockwise from the start player, so the seat
 *                            gets min(e, max(0, S − e·ua)) with ua = green rivals ahead of it, and
 *                            pays the fine — even under a disaster (GR-A20);
 *  - red:                    all upgraders are paid first (2e for a sole one, e each in a collision),
 *                            then the non-upgraders clockwise, so the seat gets
 *                            min(e, max(0, S − D)), D = e·(h(u) + ra), h(1) = 2, h(u) = u otherwise,
 *                            with u = green rivals, ra = red rivals present ahead of it.
 *
 * Received gold is multiplied by (1 − d); the fine is not. The distributions of ua, (ua, ra) and ub
 * (green rivals behind) are Poisson-binomial; they are built by small dynamic programs in module-level
 * scratch arrays (at most 6 players, so a few hundred multiply-adds and no allocation per call).
 */
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';
import { digest } from './history.js';
import { SMALL, SMALL_AP, SMALL_AU, SMALL_BP, SMALL_BU, SMALL_MAX, SMALL_X, smallUpgradeValue } from './upgrade-small.js';

// Private copies of upgrade-small's scratch and layout: V8 embeds a module-private constant in optimized
// code, while an imported binding is loaded from its cell and hole-checked at every use.
const S = SMALL;
const S_AP = SMALL_AP;
const S_AU = SMALL_AU;
const S_BP = SMALL_BP;
const S_BU = SMALL_BU;
const S_X = SMALL_X;
const S_MAX = SMALL_MAX;
if (S_MAX < 3) throw new Error('upgradeValue writes up to three rivals into the unrolled scratch');
const smallValue = smallUpgradeValue;

/** The rivals a seat would meet on one continent: presence and upgrade probability, ahead or behind it. */
export class Rivals {
  count = 0;
  presence: Float64Array;
  upgrade: Float64Array;
  ahead: Uint8Array;

  constructor(capacity = 8) {
    this.presence = new Float64Array(capacity);
    this.upgrade = new Float64Array(capacity);
    this.ahead = new Uint8Array(capacity);
  }

  clear(): this {
    this.count = 0;
    return this;
  }

  /** Adds a rival; `ahead` = paid before this seat within the same group (clockwise from the start player). */
  add(presence: number, upgrade: number, ahead: boolean): void {
    if (this.count === this.presence.length) this.grow();
    this.presence[this.count] = presence;
    this.upgrade[this.count] = upgrade;
    this.ahead[this.count] = ahead ? 1 : 0;
    this.count++;
  }

  private grow(): void {
    const size = 2 * this.presence.length;
    const presence = new Float64Array(size);
    const upgrade = new Float64Array(size);
    const ahead = new Uint8Array(size);
    presence.set(this.presence);
    upgrade.set(this.upgrade);
    ahead.set(this.ahead);
    this.presence = presence;
    this.upgrade = upgrade;
    this.ahead = ahead;
  }
}

/** Expected net gold of laying green or red (fine included). */
export interface UpgradeValue {
  green: number;
  red: number;
}

export function newUpgradeValue(): UpgradeValue {
  return { green: 0, red: 0 };
}

let unrolled = true;

/** Test hook: with false every slow-path call runs the loop program (to compare the unrolled code with it). */
export function setUnrolledUpgradeValue(on: boolean): void {
  unrolled = on === true; // always a boolean, so the hot path tests it with one comparison
}

// Scratch for the dynamic programs: joint (ua, ra) with stride `side`, and the ub distribution.
let joint = new Float64Array(64);
let behind = new Float64Array(8);
let pay = new Float64Array(8);

/**
 * Expected net gold of green and red for one seat (see the model above). Writes and returns `out`.
 * @param e base extraction, @param stock S, @param fine the collision fine, @param disaster d.
 */
export function upgradeValue(e: number, stock: number, fine: number, disaster: number, rivals: Rivals, out: UpgradeValue): UpgradeValue {
  const n = rivals.count;
  const presence = rivals.presence;
  const upgrade = rivals.upgrade;
  const aheadOf = rivals.ahead;
  const calm = 1 - disaster;
  let noOtherGreen = 1;
  let nAhead = 0;
  let nBehind = 0;
  let probabilities = true; // every present rival's presence in (0, 1] and upgrade rate in [0, 1]
  const small = S;
  if (n <= 3) {
    // The loop below written out for up to three rivals (every 4-player call): the same operations in
    // the same order. V8 does not hoist checks out of loops, so the loop re-checked every array on every
    // iteration; straight-line code checks each once. (S_MAX ≥ 3, so the scratch writes always happen.)
    if (n > 0) {
      const pi = presence[0];
      if (pi > 0) {
        const ui = upgrade[0];
        noOtherGreen *= 1 - pi * ui;
        if (!(pi <= 1 && ui >= 0 && ui <= 1)) probabilities = false;
        if (aheadOf[0]) {
          small[S_AP + nAhead] = pi;
          small[S_AU + nAhead] = ui;
          nAhead++;
        } else {
          small[S_BP + nBehind] = pi;
          small[S_BU + nBehind] = ui;
          nBehind++;
        }
      }
      if (n > 1) {
        const pi = presence[1];
        if (pi > 0) {
          const ui = upgrade[1];
          noOtherGreen *= 1 - pi * ui;
          if (!(pi <= 1 && ui >= 0 && ui <= 1)) probabilities = false;
          if (aheadOf[1]) {
            small[S_AP + nAhead] = pi;
            small[S_AU + nAhead] = ui;
            nAhead++;
          } else {
            small[S_BP + nBehind] = pi;
            small[S_BU + nBehind] = ui;
            nBehind++;
          }
        }
        if (n > 2) {
          const pi = presence[2];
          if (pi > 0) {
            const ui = upgrade[2];
            noOtherGreen *= 1 - pi * ui;
            if (!(pi <= 1 && ui >= 0 && ui <= 1)) probabilities = false;
            if (aheadOf[2]) {
              small[S_AP + nAhead] = pi;
              small[S_AU + nAhead] = ui;
              nAhead++;
            } else {
              small[S_BP + nBehind] = pi;
              small[S_BU + nBehind] = ui;
              nBehind++;
            }
          }
        }
      }
    }
  } else {
    for (let i = 0; i < n; i++) {
      const pi = presence[i];
      if (pi <= 0) continue;
      const ui = upgrade[i];
      noOtherGreen *= 1 - pi * ui;
      if (!(pi <= 1 && ui >= 0 && ui <= 1)) probabilities = false;
      if (aheadOf[i]) {
        if (nAhead < S_MAX) {
          small[S_AP + nAhead] = pi;
          small[S_AU + nAhead] = ui;
        }
        nAhead++;
      } else {
        if (nBehind < S_MAX) {
          small[S_BP + nBehind] = pi;
          small[S_BU + nBehind] = ui;
        }
        nBehind++;
      }
    }
  }
  const collision = 1 - noOtherGreen;

  // Fast path: the worst demand before this seat is e·(present + 1) (a sole upgrader's 2e plus every
  // other rival ahead), so with S ≥ e·(present + 2) the stock never binds (GR-A16 is moot).
  if (stock >= e * (nAhead + nBehind + 2)) {
    out.green = calm * (noOtherGreen * 2 * e + collision * e) - fine * collision;
    out.red = calm * e;
    return out;
  }

  // Up to SMALL_MAX rivals present (every seat of a 4-player game): the same program unrolled into
  // straight-line code (./upgrade-small.ts, bit-identical), under the conditions in which dropping its
  // zero tests is exact: a call with three rivals costs about a third of the loop program's
  // (docs/performance-log.md, "the unrolled upgrade value").
  if (unrolled === true && nAhead + nBehind <= S_MAX && probabilities && e >= 0 && e < Infinity && stock - stock === 0) {
    small[S_X] = e;
    small[S_X + 1] = stock;
    small[S_X + 2] = fine;
    small[S_X + 3] = calm;
    small[S_X + 4] = noOtherGreen;
    small[S_X + 5] = collision;
    return smallValue(nAhead, nBehind, out);
  }

  // The loop program (more than SMALL_MAX rivals present, e.g. 5–6 players). The scratch arrays are
  // read into locals (a module-level `let` is reloaded on every access), and only the cells the programs
  // can reach are cleared: the triangle ua + ra ≤ nAhead and ub ≤ nBehind.
  const side = nAhead + 1;
  if (joint.length < side * side) joint = new Float64Array(side * side);
  if (behind.length < nBehind + 1) behind = new Float64Array(nBehind + 1);
  const J = joint;
  const B = behind;
  for (let ua = 0; ua <= nAhead; ua++) {
    const row = ua * side;
    for (let ra = 0; ra + ua <= nAhead; ra++) J[row + ra] = 0;
  }
  for (let ub = 0; ub <= nBehind; ub++) B[ub] = 0;
  J[0] = 1;
  B[0] = 1;
  let seenAhead = 0;
  let seenBehind = 0;
  for (let i = 0; i < n; i++) {
    const pi = presence[i];
    if (pi <= 0) continue;
    const green = pi * upgrade[i];
    if (aheadOf[i]) {
      // Three outcomes: absent, present red (ra + 1), present green (ua + 1). In place, highest first.
      const red = pi - green;
      const absent = 1 - pi;
      for (let ua = seenAhead; ua >= 0; ua--) {
        const row = ua * side;
        for (let ra = seenAhead - ua; ra >= 0; ra--) {
          const v = J[row + ra];
          if (v === 0) continue;
          J[row + ra] = v * absent;
          J[row + side + ra] += v * green;
          J[row + ra + 1] += v * red;
        }
      }
      seenAhead++;
    } else {
      for (let ub = seenBehind; ub >= 0; ub--) {
        const v = B[ub];
        B[ub] = v * (1 - green);
        B[ub + 1] += v * green;
      }
      seenBehind++;
    }
  }

  // What a seat is paid when k·e is demanded before it: min(e, max(0, S − k·e)), k = 0 … n + 1 (the same
  // expression as inline, computed once per k). Once it is 0 every later term adds +0, so loops stop.
  const maxDemand = nAhead + nBehind + 1;
  if (pay.length < maxDemand + 1) pay = new Float64Array(maxDemand + 1);
  const P = pay;
  for (let k = 0; k <= maxDemand; k++) P[k] = Math.min(e, Math.max(0, stock - e * k));
  let greenGot = noOtherGreen * Math.min(2 * e, stock);
  let redGot = 0;
  for (let ua = 0; ua <= nAhead; ua++) {
    const row = ua * side;
    let pUa = 0;
    for (let ra = 0; ra + ua <= nAhead; ra++) {
      const pj = J[row + ra];
      if (pj === 0) continue;
      pUa += pj;
      for (let ub = 0; ub <= nBehind; ub++) {
        const u = ua + ub;
        const got = P[(u === 1 ? 2 : u) + ra];
        // The demand only grows with ub. Exact for finite inputs (the view's e and S, rates in [0, 1]);
        // with NaN or infinite inputs, which no view gives, it skips terms the old loop made NaN.
        if (got === 0) break;
        const p = pj * B[ub];
        if (p === 0) continue;
        redGot += p * got;
      }
    }
    // P(ua green ahead and a collision): for ua = 0 remove the case "nobody else green".
    const pCollide = ua === 0 ? pUa - noOtherGreen : pUa;
    if (pCollide > 0) greenGot += pCollide * P[ua];
  }
  out.green = calm * greenGot - fine * collision;
  out.red = calm * redGot;
  return out;
}

/**
 * The non-communicating baseline of §14: the probability p with which each of k players on a
 * continent upgrades so that upgrading and not upgrading are worth the same.
 *
 * Upgrading is worth (1−d)·2e when nobody else upgrades and (1−d)·e − f otherwise; not upgrading is
 * worth (1−d)·e. With q = (1 − p)^(k−1) the chance that nobody else upgrades, indifference gives
 *   q = f / ((1 − d)·e + f),
 * which for d = 0 and f = 2 is the rules' (1 − p)^(k−1) = 2 / (e + 2); e.g. k = 2, e = 6 → p = 0.75.
 * A disaster risk d lowers p, as §14 notes. Alone (k = 1) upgrading is dominant: p = 1.
 */
export function baselineP(k: number, e: number, fine = 2, disaster = 0): number {
  if (k <= 1) return 1;
  const denominator = (1 - disaster) * e + fine;
  if (denominator <= 0) return 0;
  const q = fine / denominator;
  if (q >= 1) return 0;
  return 1 - q ** (1 / (k - 1));
}

// Scratch of the expected-payout computations, filled and read within one call (never handed out
// but for VALUE, which the continent scorer reads at once).
const RIVALS = new Rivals();
export const VALUE = newUpgradeValue();

/**
 * `view.disaster(c)` as numbers already boxed: an array of generic (tagged) elements holds each odd as
 * one heap number, which a call passes as it is, while a number read from a double array would be
 * boxed into a new heap number for every `upgradeValue` call. Refreshed when the parameters change.
 */
const DISASTER_BOXED: unknown[] = [null, null, null];
let disasterKey = -1;

export function boxedDisaster(view: GoldrauschView): unknown[] {
  if (view.paramsKey !== disasterKey) {
    DISASTER_BOXED[0] = view.disaster(0);
    DISASTER_BOXED[1] = view.disaster(1);
    DISASTER_BOXED[2] = view.disaster(2);
    disasterKey = view.paramsKey;
  }
  return DISASTER_BOXED;
}

// ---------------------------------------------------------------------------------------------
// What a seat's decisions estimate from its view: Greedy's test, the §14 baseline, the fair
// upgrader (§15.4), what breaking an obligation is worth (§15.4 "Why betrayal can pay").
// ---------------------------------------------------------------------------------------------

/**
 * Greedy's test: green is worth more than red on this seat's
 * continent, the others there laying green at their habitual rates.
 */
export function greenPays(view: GoldrauschView): boolean {
  const upgradeOf = digest(view).upgrade;
  const me = view.seat;
  const c = view.location(me);
  const players = view.players;
  const start = view.startPlayer;
  const myRank = me >= start ? me - start : me - start + players; // clockwiseRank
  const rivals = RIVALS;
  rivals.clear();
  for (let s = 0; s < players; s++) {
    if (s === me || view.location(s) !== c) continue;
    rivals.add(1, upgradeOf[s], (s >= start ? s - start : s - start + players) < myRank);
  }
  const value = upgradeValue(view.extract(c), view.stock(c), view.fine, boxedDisaster(view)[c] as number, rivals, VALUE);
  return value.green > value.red;
}

/**
 * CooperativeBot.baseline: the §14 baseline p on continent c with k pawns on it. `baselineP` of the
 * last inputs is remembered (exact inputs, so the very number it returned): within a meeting they
 * stay the same, and its Math.pow is most of its cost.
 */
export function baseline(view: GoldrauschView, c: number, k: number): number {
  const e = Math.min(view.extract(c), view.stock(c));
  const fine = view.fine;
  const disaster = view.disaster(c);
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
export function fairUpgrader(view: GoldrauschView, candidates: number): number {
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
 * breachGain (valueUnderPlan): expected gain of green over red for this seat under a plan naming
 * `upgrader` (a seat or NOBODY), the upgrader laying green and every other party green at its
 * breach rate 1 − reputation.
 */
export function breachGain(view: GoldrauschView, upgrader: number): number {
  const me = view.seat;
  const c = view.location(me);
  const players = view.players;
  const start = view.startPlayer;
  const myRank = (me - start + players) % players;
  const rivals = RIVALS;
  rivals.clear();
  for (let s = 0; s < players; s++) {
    if (s === me || view.location(s) !== c) continue;
    const kept = view.kept(s);
    const green = s === upgrader ? 1 : 1 - (kept + 1) / (kept + view.broken(s) + 2);
    rivals.add(1, green, (s - start + players) % players < myRank);
  }
  const value = upgradeValue(view.extract(c), view.stock(c), view.fine, view.disaster(c), rivals, VALUE);
  return value.green - value.red;
}

/**
 * breachWins: laying green would win the race while keeping the plan naming `upgrader` would not
 * (everybody else keeps it, the wheel is calm).
 */
export function breachWins(view: GoldrauschView, upgrader: number): boolean {
  const me = view.seat;
  const gold = view.gold(me);
  if (gold === null) return false;
  const threshold = view.winThreshold + (view.winThresholdStrict ? 1 : 0);
  const start = view.startPlayer;
  const players = view.players;
  const fine = view.fine;
  const c = view.location(me);
  const e = view.extract(c);
  const stock = view.stock(c);
  const myRank = (me - start + players) % players; // clockwise rank: 0 = paid first (§5.3)
  const other = upgrader >= 0 && upgrader !== me && view.location(upgrader) === c ? upgrader : -1;
  let redAhead = 0;
  for (let s = 0; s < players; s++) {
    if (s === me || s === other || view.location(s) !== c) continue;
    if ((s - start + players) % players < myRank) redAhead++;
  }
  let green: number;
  let red: number;
  if (other === -1) {
    green = Math.min(2 * e, stock);
    red = Math.min(e, Math.max(0, stock - e * redAhead));
  } else {
    const before = (other - start + players) % players < myRank ? e : 0;
    const got = Math.min(e, Math.max(0, stock - before));
    green = got - Math.min(fine, gold + got);
    red = Math.min(e, Math.max(0, stock - 2 * e - e * redAhead));
  }
  return gold + green >= threshold && gold + red < threshold;
}
