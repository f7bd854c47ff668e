/**
 * Phases 4 (disaster wheel and event cards) and 5 (profit) of one round, on a working copy.
 *
 * `RoundWork` is a private, mutable scratch copy made at the start of the resolution; the input
 * state is never written (the caller builds the next immutable state from it). This keeps the hot
 * path free of per-payout allocations while transitions stay pure.
 */
import { memoOnIdentity } from '../../core/memo.js';
import type { RandomSource } from '../../core/random.js';
import { Purpose } from './purposes.js';
import { eventCardOf } from './cards.js';
import type { GoldrauschConfig } from './params.js';
import type { Colour, ContinentIndex, EventSlot, WheelField } from './types.js';
import { identity } from './state.js';
import { CONTINENTS } from './types.js';

export interface RoundWork {
  readonly config: GoldrauschConfig;
  readonly players: number;
  readonly startPlayer: number;
  gold: number[];
  stock: number[];
  capReduction: number;
  bank: number;
  finesPaid: number[];
  /** Counter of the tie-break stream (advanced by every tie-break draw). */
  tieBreaks: number;
  /** Extraction amounts of the current resource card. */
  readonly extract: readonly number[];
  /**
   * Where each pawn stands (moved by #24/#25). Never written in place: it starts as the meeting's
   * own list and an event that moves pawns replaces it (most rounds need no copy).
   */
  locations: readonly ContinentIndex[];
  /** Upgrade card lying in front of each seat (moved by #23/#25); null = none (timeout). Replaced, never written, as `locations`. */
  cards: readonly (Colour | null)[];
  /** Which seat's card each seat now holds (for kept hands, GR-A32); -1 = none; null = its own (no event moved cards). */
  cardFrom: number[] | null;
  // Effects of this round's wheel / event card:
  disaster: boolean[];
  /** Seats exempt from fines by #1 (null = none). */
  exempt: boolean[] | null;
  exemptContinent: number; // -1 none, 3 = everybody
  shower: number; // continent index or -1
  /** The shower's multiplier of the extraction on `shower`. */
  showerFactor: number;
  /** An extraction card's cut (GR-A24): base = max(0, floor(extraction / divideBy) − minus); divideBy 0 = none. */
  extractionDivideBy: number;
  extractionMinus: number;
  forcedContinent: number; // -1 none
  forcedColour: Colour;
  eventGold: number[];
  payout: number[];
  fines: number[];
  upgraded: boolean[];
  upgradeSucceeded: boolean[];
  collisions: boolean[];
  winners: number[];
}

export function capOf(work: { config: GoldrauschConfig; capReduction: number }, c: number): number {
  return Math.max(0, work.config.params.caps[c] - work.capReduction);
}

export function reachedThreshold(config: GoldrauschConfig, gold: number): boolean {
  const t = config.params.winThreshold;
  return config.rules.winThresholdStrict ? gold > t : gold >= t;
}

/** GR-A6: among the players at or above the threshold, the richest win (ties share). */
export function richestAtThreshold(config: GoldrauschConfig, gold: readonly number[]): number[] {
  let best = -Infinity;
  for (let s = 0; s < gold.length; s++) if (reachedThreshold(config, gold[s]) && gold[s] > best) best = gold[s];
  if (best === -Infinity) return [];
  const out: number[] = [];
  for (let s = 0; s < gold.length; s++) if (gold[s] === best) out.push(s);
  return out;
}

/** Spins the wheel: a weighted draw over the wheel's fields (GR-A41: a fair wheel by default). */
export function spinWheel(config: GoldrauschConfig, random: RandomSource, round: number): WheelField {
  const { fields, weights, total } = wheelOf(config.params.wheel);
  let r = random.int(Purpose.wheel, round, total);
  for (let i = 0; i < fields.length; i++) {
    r -= weights[i];
    if (r < 0) return fields[i];
  }
  throw new RangeError('wheel has no fields');
}

interface WheelTable {
  readonly fields: readonly WheelField[];
  readonly weights: readonly number[];
  readonly total: number;
}

/** The wheel's fields and weights in `for…in` order, per wheel object (read once; a wheel is never changed). */
const wheelOf = memoOnIdentity((wheel: GoldrauschConfig['params']['wheel']): WheelTable => {
  const fields: WheelField[] = [];
  const weights: number[] = [];
  let total = 0;
  for (const f in wheel) {
    fields.push(f as WheelField);
    weights.push(wheel[f as WheelField]);
    total += wheel[f as WheelField];
  }
  return { fields, weights, total };
});

/** The largest of a non-empty list of gold amounts (`Math.max(...list)` without the spread call). */
export function maxOf(list: readonly number[]): number {
  let best = list[0];
  for (let i = 1; i < list.length; i++) if (list[i] > best) best = list[i];
  return best;
}

/** The smallest of a non-empty list of gold amounts. */
function minOf(list: readonly number[]): number {
  let least = list[0];
  for (let i = 1; i < list.length; i++) if (list[i] < least) least = list[i];
  return least;
}

function nextTie(work: RoundWork, random: RandomSource, n: number): number {
  return random.int(Purpose.tieBreak, work.tieBreaks++, n);
}

function seatsWith(gold: readonly number[], value: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < gold.length; s++) if (gold[s] === value) out.push(s);
  return out;
}

/** Takes up to `amount` from the bank (limited only with a finite bank, GR-A35). */
export function takeFromBank(work: Pick<RoundWork, 'config' | 'bank'>, amount: number): number {
  const got = work.config.rules.bank === 'unlimited' ? amount : Math.max(0, Math.min(amount, work.bank));
  work.bank -= got;
  return got;
}

/**
 * Phase 4: applies the wheel result and, on an exclamation mark, the event card. Returns true if
 * the event ended the game (a wealth event lifted someone to the threshold, GR-A6).
 */
export function applyWheel(work: RoundWork, wheel: WheelField, event: EventSlot | null, random: RandomSource): boolean {
  switch (wheel) {
    case 'disaster-azul':
      work.disaster[0] = true;
      return false;
    case 'disaster-rosso':
      work.disaster[1] = true;
      return false;
    case 'disaster-veridia':
      work.disaster[2] = true;
      return false;
    case 'disaster-world':
      work.disaster[0] = work.disaster[1] = work.disaster[2] = true;
      return false;
    case 'calm':
      return false;
    case 'event':
      return event === null ? false : applyEventCard(work, event, random);
  }
}

/** Applies one event card's immediate effect and sets up its phase-5 modifiers (§7). */
export function applyEventCard(work: RoundWork, id: EventSlot, random: RandomSource): boolean {
  if (id === 'blank') return false;
  const { rules, params } = work.config;
  const effect = eventCardOf(params, id).effect;
  const n = work.players;
  const goldBefore = work.gold.slice();
  let wealth = false;
  switch (effect.kind) {
    case 'fine-exemption':
      if (effect.who === 'poorest') {
        // GR-A22: measured when the card is applied; all tied poorest qualify.
        const min = minOf(work.gold);
        const exempt = new Array<boolean>(n);
        for (let s = 0; s < n; s++) exempt[s] = work.gold[s] === min;
        work.exempt = exempt;
      } else if (effect.who === 'all') {
        work.exemptContinent = 3;
      } else {
        work.exemptContinent = CONTINENTS.indexOf(effect.who);
      }
      break;
    case 'shower':
      work.shower = CONTINENTS.indexOf(effect.continent);
      work.showerFactor = effect.factor;
      break;
    case 'extraction':
      work.extractionDivideBy = effect.divideBy;
      work.extractionMinus = effect.minus;
      break;
    case 'progress':
      work.forcedContinent = CONTINENTS.indexOf(effect.continent);
      work.forcedColour = 'green';
      break;
    case 'nostalgia':
      work.forcedContinent = CONTINENTS.indexOf(effect.continent);
      work.forcedColour = 'red';
      break;
    case 'market-crash': {
      // GR-A27: uniform random among the tied richest and among the tied poorest; all equal: no-op.
      const max = maxOf(work.gold);
      const min = minOf(work.gold);
      if (max !== min) {
        const rich = seatsWith(work.gold, max);
        const poor = seatsWith(work.gold, min);
        const r = rich.length === 1 ? rich[0] : rich[nextTie(work, random, rich.length)];
        const p = poor.length === 1 ? poor[0] : poor[nextTie(work, random, poor.length)];
        work.gold[r] = min;
        work.gold[p] = max;
      }
      wealth = true;
      break;
    }
    case 'equal-rights': {
      // GR-A28: pool the players' gold (optionally the board's too); the remainder goes to the bank.
      let total = 0;
      for (let s = 0; s < n; s++) total += work.gold[s];
      if (rules.equalRightsPool === 'players-and-board') {
        for (let c = 0; c < 3; c++) {
          total += work.stock[c];
          work.stock[c] = 0;
        }
      }
      const share = Math.floor(total / n);
      work.bank += total - share * n;
      for (let s = 0; s < n; s++) work.gold[s] = share;
      wealth = true;
      break;
    }
    case 'cap-cut': {
      work.capReduction += effect.amount;
      if (rules.capCut === 'trim-now') {
        // GR-A29: stock above the new cap goes to the bank at once.
        for (let c = 0; c < 3; c++) {
          const cap = capOf(work, c);
          if (work.stock[c] > cap) {
            work.bank += work.stock[c] - cap;
            work.stock[c] = cap;
          }
        }
      }
      break;
    }
    case 'vulture': {
      // GR-A30: richest (all tied) lose 5, poorest (all tied) lose 1, the rest 3 (the card's numbers); stop at 0.
      const max = maxOf(work.gold);
      const min = minOf(work.gold);
      for (let s = 0; s < n; s++) {
        const loss = max === min ? rules.vultureAllEqual : work.gold[s] === max ? effect.richest : work.gold[s] === min ? effect.poorest : effect.others;
        const paid = Math.min(loss, work.gold[s]);
        work.gold[s] -= paid;
        work.bank += paid;
      }
      wealth = true;
      break;
    }
    case 'subsidy':
      // With a finite bank the subsidy is paid clockwise from the start player until the bank is dry.
      for (let k = 0; k < n; k++) {
        const s = (work.startPlayer + k) % n;
        work.gold[s] += takeFromBank(work, effect.amount);
      }
      wealth = true;
      break;
    case 'pass-upgrade-left': {
      // #23: every upgrade card moves to the left neighbour (i → i+1); a timed-out player passes a
      // "red" (GR-A32), so the receiver cannot upgrade.
      const cards = work.cards;
      const from = work.cardFrom ?? identity(n);
      // Copies, then overwritten: the new lists keep the elements kind of the old (see moveCountryCards).
      const passed = cards.slice();
      const passedFrom = from.slice();
      for (let s = 0; s < n; s++) {
        const src = (s - 1 + n) % n;
        passed[s] = cards[src] ?? 'red';
        passedFrom[s] = from[src];
      }
      work.cards = passed;
      work.cardFrom = passedFrom;
      break;
    }
    case 'hurricane': {
      // #24: country card i → i−2 (the card's shift), pawns follow; upgrade cards stay.
      moveCountryCards(work, effect.shift);
      break;
    }
    case 'paperwork-chaos': {
      // #25: upgrade cards go to the opposite player (GR-A34 for odd n), then country cards i → i−1.
      const cards = work.cards;
      const from = work.cardFrom ?? identity(n);
      const target = oppositeMap(work, random);
      const passed = cards.slice();
      const passedFrom = from.slice();
      for (let s = 0; s < n; s++) {
        passed[target[s]] = cards[s] ?? 'red';
        passedFrom[target[s]] = from[s];
      }
      work.cards = passed;
      work.cardFrom = passedFrom;
      moveCountryCards(work, 1);
      break;
    }
    case 'blank':
      break;
  }
  for (let s = 0; s < n; s++) work.eventGold[s] += work.gold[s] - goldBefore[s];
  if (wealth && (rules.winCheck === 'immediate' || rules.winCheck === 'immediate-gross')) {
    const winners = richestAtThreshold(work.config, work.gold);
    if (winners.length > 0) {
      work.winners = winners;
      return true;
    }
  }
  return false;
}

/** Country cards move `shift` seats to the right (i → i − shift); each pawn follows its card. */
function moveCountryCards(work: RoundWork, shift: number): void {
  const n = work.players;
  const loc = work.locations;
  // A copy, then overwritten (not `new Array(n)`, which is holey): every locations list a record
  // holds keeps one elements kind, so the code reading them stays monomorphic. (Which seat's country
  // card each seat now holds follows from the locations: nextHands counts the cards by continent.)
  const moved = loc.slice();
  for (let s = 0; s < n; s++) moved[s] = loc[(s + shift) % n];
  work.locations = moved;
}

/** Where each seat's upgrade card goes in #25: `target[s]`. */
function oppositeMap(work: RoundWork, random: RandomSource): number[] {
  const n = work.players;
  const half = Math.floor(n / 2);
  const target = new Array<number>(n);
  if (n % 2 === 0 || work.config.rules.oppositeOdd === 'rotate') {
    // Even n: the swap with the opposite player. Odd n (GR-A34 default): rotate floor(n/2) clockwise.
    for (let s = 0; s < n; s++) target[s] = (s + half) % n;
    return target;
  }
  if (work.config.rules.oppositeOdd === 'leave-one-out') {
    // Pairs (s+k, s+k+half) for k < half, from the start player; the last seat keeps its card.
    for (let s = 0; s < n; s++) target[s] = s;
    for (let k = 0; k < half; k++) {
      const a = (work.startPlayer + k) % n;
      const b = (work.startPlayer + k + half) % n;
      target[a] = b;
      target[b] = a;
    }
    return target;
  }
  // 'random': a uniformly random derangement, by rejection (expected e ≈ 2.7 shuffles).
  for (;;) {
    const perm = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = nextTie(work, random, i + 1);
      const t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    if (perm.every((p, i) => p !== i)) return perm;
  }
}

/** Per-player base amount on continent c after the event modifiers (§5.2, GR-A24). */
function baseAmount(work: RoundWork, c: number): number {
  const e = work.extract[c];
  if (work.shower === c) return work.showerFactor * e;
  if (work.extractionDivideBy > 0) return Math.max(0, Math.floor(e / work.extractionDivideBy) - work.extractionMinus);
  return e;
}

/** The evaluation order by printed cap, per caps array (it never changes, so it is sorted once; never written). */
const capOrder = memoOnIdentity((caps: readonly number[]): readonly number[] => [0, 1, 2].sort((a, b) => caps[b] - caps[a] || b - a));

function continentOrder(work: RoundWork): readonly number[] {
  const caps = work.config.params.caps;
  if (work.config.rules.continentOrder === 'stock') {
    // GR-A17 option: by current stock, largest first; ties by printed cap.
    const stock = work.stock.slice();
    return [0, 1, 2].sort((a, b) => stock[b] - stock[a] || caps[b] - caps[a] || b - a);
  }
  return capOrder(caps);
}

function payFine(work: RoundWork, p: number, c: number): void {
  const { rules, params } = work.config;
  const due = params.fine;
  // GR-A13: pay what one can (default), or nothing when short.
  const paid = rules.finePayment === 'partial' ? Math.min(due, work.gold[p]) : work.gold[p] >= due ? due : 0;
  if (paid <= 0) return;
  work.gold[p] -= paid;
  work.finesPaid[p] += paid;
  work.fines[p] += paid;
  if (rules.penaltySink === 'continent') {
    // GR-A15 option: the fine stays in the continent, capped; any excess goes to the bank.
    const room = Math.max(0, capOf(work, c) - work.stock[c]);
    const back = Math.min(paid, room);
    work.stock[c] += back;
    work.bank += paid - back;
  } else {
    work.bank += paid;
  }
}

/**
 * Phase 5: pays every player out in evaluation order (§5.3) and collects fines. Stops at once when a
 * player wins the race under winCheck = immediate / immediate-gross. Returns true if the game ended.
 */
export function resolveProfit(work: RoundWork): boolean {
  const { rules } = work.config;
  const n = work.players;
  const immediate = rules.winCheck === 'immediate';
  const gross = rules.winCheck === 'immediate-gross';
  const order = continentOrder(work);
  // Scratch lists (module-level, reused: nothing in them outlives a continent's payout).
  const { seats, others, amounts, fined, doubled } = payoutScratch(n);
  const { locations, cards } = work;
  for (let ci = 0; ci < 3; ci++) {
    const c = order[ci];
    // Seats on c, clockwise from the start player; effective upgraders first (GR-A18): the
    // upgraders go into `seats`, the others into `others`, which then follow them.
    let upgraders = 0;
    let exemptUpgraders = 0;
    let rest = 0;
    for (let k = 0, s = work.startPlayer; k < n; k++, s = s + 1 === n ? 0 : s + 1) {
      if (locations[s] !== c) continue;
      let up = cards[s] === 'green';
      if (work.forcedContinent === c) up = work.forcedColour === 'green'; // GR-A25, GR-A26
      work.upgraded[s] = up;
      if (up) {
        seats[upgraders++] = s;
        if (isExempt(work, s, c)) exemptUpgraders++;
      } else others[rest++] = s;
    }
    const count = upgraders + rest;
    if (count === 0) continue;
    for (let i = 0; i < rest; i++) seats[upgraders + i] = others[i];
    const collision = upgraders >= 2;
    work.collisions[c] = collision;
    const base = baseAmount(work, c);
    const disaster = work.disaster[c];
    // Amount and fine per seat (§5.2 table, with GR-A21 exemption variants and GR-A19 scope).
    for (let i = 0; i < count; i++) {
      const s = seats[i];
      const exempt = isExempt(work, s, c);
      let amount = base;
      let fine = false;
      if (work.upgraded[s]) {
        let collides = collision;
        // GR-A21 (b): an upgrader collides only with another upgrader who is not exempt.
        if (rules.exemption === 'not-counted') collides = upgraders - exemptUpgraders - (exempt ? 0 : 1) >= 1;
        if (rules.exemption === 'upgrade-succeeds' && exempt) collides = false;
        amount = collides ? base : 2 * base;
        fine = collides && !exempt;
      } else {
        fine = collision && rules.fineScope === 'all-on-continent' && !exempt;
      }
      amounts[i] = disaster ? 0 : amount;
      fined[i] = fine;
      doubled[i] = work.upgraded[s] && amount === 2 * base && !disaster;
    }
    const got = shares(work, amounts, count, work.stock[c]);
    for (let i = 0; i < count; i++) {
      const s = seats[i];
      if (fined[i] && rules.fineTiming === 'before') payFine(work, s, c);
      const g = Math.min(got[i], work.stock[c]);
      work.stock[c] -= g;
      work.gold[s] += g;
      work.payout[s] += g;
      work.upgradeSucceeded[s] = doubled[i];
      if (gross && reachedThreshold(work.config, work.gold[s])) {
        work.winners = [s];
        return true;
      }
      if (fined[i] && rules.fineTiming === 'after') payFine(work, s, c);
      if (immediate && reachedThreshold(work.config, work.gold[s])) {
        work.winners = [s];
        return true;
      }
    }
  }
  if (rules.winCheck === 'end-of-profit') {
    const winners = richestAtThreshold(work.config, work.gold);
    if (winners.length > 0) {
      work.winners = winners;
      return true;
    }
  }
  return false;
}

/**
 * The payout's per-claimant lists, made once and reused (a module is used by one thread; entries
 * past a continent's claimant count are stale and never read). Allocating four exact-size lists for
 * every continent of every round, and finding the upgraders in three passes, cost ~2% of a baseline run.
 */
const PAYOUT = { seats: [0], others: [0], amounts: [0], fined: [false], doubled: [false] };
function payoutScratch(n: number): typeof PAYOUT {
  const p = PAYOUT;
  while (p.seats.length < n) {
    p.seats.push(0);
    p.others.push(0);
    p.amounts.push(0);
    p.fined.push(false);
    p.doubled.push(false);
  }
  return p;
}

function isExempt(work: RoundWork, s: number, c: number): boolean {
  return work.exempt?.[s] || work.exemptContinent === 3 || work.exemptContinent === c;
}

/**
 * What each of the first `count` claimants receives from a stock: GR-A16 first come, first served
 * (default), or a pro-rata split when demand exceeds the stock (remainder one by one in evaluation order).
 */
function shares(work: RoundWork, amounts: readonly number[], count: number, stock: number): readonly number[] {
  if (work.config.rules.shortage === 'sequential') return amounts;
  let demand = 0;
  for (let i = 0; i < count; i++) demand += amounts[i];
  if (demand <= stock) return amounts;
  const out = new Array<number>(count);
  for (let i = 0; i < count; i++) out[i] = Math.floor((amounts[i] * stock) / demand);
  let given = 0;
  for (let i = 0; i < count; i++) given += out[i];
  let rest = stock - given;
  for (let i = 0; rest > 0 && i < count; i++) {
    if (out[i] < amounts[i]) {
      out[i]++;
      rest--;
    }
  }
  return out;
}
