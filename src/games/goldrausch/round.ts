/**
 * Phase 5 (profit) of one round, and the round's mutable working state shared by phases 4–6 (the
 * wheel and event cards: events.ts; climate change and the time limit: climate.ts): the one
 * implementation of these rules, for both engines.
 *
 * `RoundWork` is the round's mutable working state. The reference engine makes a fresh one from its
 * immutable state at the start of the resolution (engine `newWork`) and builds the next state from
 * it, so its input state is never written and transitions stay pure. The fast kernel keeps one
 * `RoundWork` per kernel whose gold, stock and fines lists are its own live lists, resets it every
 * round (`resetWork`) and lets these functions change its game in place. Either way the hot path is
 * free of per-payout allocations.
 */
import { memoOnIdentity } from '../../core/memo.js';
import type { RandomSource } from '../../core/random.js';
import type { GoldrauschConfig } from './params.js';
import type { Colour, ContinentIndex } from './types.js';
import { filled, zeros, type GoldrauschState } from './state.js';

/**
 * The draws the rules make: the reference engine passes its `RandomSource`, the kernel an object with
 * the same `int` and `shuffle` over its game key (fast/draws.ts `GameDraws`), so both draw the same
 * numbers from the same streams.
 */
export type Draws = Pick<RandomSource, 'int' | 'shuffle'>;

export interface RoundWork {
  readonly config: GoldrauschConfig;
  /** What the rules read of the config every round, resolved once per config (`roundOptions`). */
  readonly opts: RoundOptions;
  readonly players: number;
  /** The round's start player (set by `resetWork` in the kernel's reused work). */
  startPlayer: number;
  gold: number[];
  stock: number[];
  capReduction: number;
  bank: number;
  finesPaid: number[];
  /** Counter of the tie-break stream (advanced by every tie-break draw). */
  tieBreaks: number;
  /** Extraction amounts of the current resource card. */
  extract: readonly number[];
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

/**
 * A fresh working copy for phases 4–5 (the reference engine's, one per round): its arrays are new,
 * except the locations and cards, which the work reads and replaces but never writes (so the
 * input's lists are never changed).
 */
export function newWork(
  state: Pick<GoldrauschState, 'config' | 'players' | 'startPlayer' | 'gold' | 'stock' | 'capReduction' | 'bank' | 'finesPaid' | 'tieBreaks'>,
  extract: readonly number[],
  locations: readonly ContinentIndex[],
  cards: readonly (Colour | null)[],
): RoundWork {
  const n = state.players;
  return {
    config: state.config,
    opts: roundOptions(state.config),
    players: n,
    startPlayer: state.startPlayer,
    gold: state.gold.slice(),
    stock: state.stock.slice(),
    capReduction: state.capReduction,
    bank: state.bank,
    finesPaid: state.finesPaid.slice(),
    tieBreaks: state.tieBreaks,
    extract,
    // Shared, not copied: the work never writes these in place (an event that moves cards replaces them).
    locations,
    cards,
    cardFrom: null,
    disaster: [false, false, false],
    exempt: null,
    exemptContinent: -1,
    shower: -1,
    showerFactor: 2,
    extractionDivideBy: 0,
    extractionMinus: 0,
    forcedContinent: -1,
    forcedColour: 'green',
    eventGold: zeros(n),
    payout: zeros(n),
    fines: zeros(n),
    upgraded: filled(n, false),
    upgradeSucceeded: filled(n, false),
    collisions: [false, false, false],
    winners: [],
  };
}

/** No winners (the kernel's reused work; the rules replace `winners`, never write into it). */
const NO_WINNERS: number[] = [];

/**
 * Readies a reused work for the next round (the fast kernel's): what `newWork` makes fresh, set in
 * place. The game's own fields (gold, stock, bank, cap reduction, fines paid, tie-breaks) carry over.
 * `locations` and `cards` are the caller's lists, read but never written here (see `RoundWork`).
 */
export function resetWork(
  work: RoundWork,
  startPlayer: number,
  extract: readonly number[],
  locations: readonly ContinentIndex[],
  cards: readonly (Colour | null)[],
): void {
  work.startPlayer = startPlayer;
  work.extract = extract;
  work.locations = locations;
  work.cards = cards;
  work.cardFrom = null;
  work.disaster[0] = work.disaster[1] = work.disaster[2] = false;
  work.collisions[0] = work.collisions[1] = work.collisions[2] = false;
  work.exempt = null;
  work.exemptContinent = -1;
  work.shower = -1;
  work.showerFactor = 2;
  work.extractionDivideBy = 0;
  work.extractionMinus = 0;
  work.forcedContinent = -1;
  work.forcedColour = 'green';
  for (let s = 0; s < work.players; s++) {
    work.eventGold[s] = 0;
    work.payout[s] = 0;
    work.fines[s] = 0;
    work.upgraded[s] = false;
    work.upgradeSucceeded[s] = false;
  }
  work.winners = NO_WINNERS;
}

export function capOf(work: { opts: RoundOptions; capReduction: number }, c: number): number {
  return Math.max(0, work.opts.caps[c] - work.capReduction);
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

/** The largest of a non-empty list of gold amounts (`Math.max(...list)` without the spread call). */
export function maxOf(list: readonly number[]): number {
  let best = list[0];
  for (let i = 1; i < list.length; i++) if (list[i] > best) best = list[i];
  return best;
}

/** Takes up to `amount` from the bank (limited only with a finite bank, GR-A35). */
export function takeFromBank(work: Pick<RoundWork, 'opts' | 'bank'>, amount: number): number {
  const got = work.opts.unlimitedBank ? amount : Math.max(0, Math.min(amount, work.bank));
  work.bank -= got;
  return got;
}

/** Per-player base amount on continent c after the event modifiers (§5.2, GR-A24). */
function baseAmount(work: RoundWork, c: number): number {
  const e = work.extract[c];
  if (work.shower === c) return work.showerFactor * e;
  if (work.extractionDivideBy > 0) return Math.max(0, Math.floor(e / work.extractionDivideBy) - work.extractionMinus);
  return e;
}

/**
 * What the round's rules read of a config every round, resolved once per config: the rules options
 * as flags (string comparisons and two property loads per option were a measurable part of every
 * round), the resource cards' numbers, the caps and the evaluation order by printed cap (it never
 * changes), in a few flat lists instead of the config's tree (read once a round, between whole
 * meetings, those pointer chains missed the cache). Never written.
 */
export interface RoundOptions {
  /** Each resource card's respawn and extraction per continent, flat: card i's continent c at 3·i + c. */
  readonly respawns: readonly number[];
  readonly extracts: readonly number[];
  readonly caps: readonly number[];
  readonly capOrder: readonly number[];
  readonly unlimitedBank: boolean;
  readonly fine: number;
  readonly finePartial: boolean;
  readonly fineToContinent: boolean;
  readonly immediate: boolean;
  readonly gross: boolean;
  readonly endOfProfit: boolean;
  readonly threshold: number;
  readonly strict: boolean;
  readonly fineBefore: boolean;
  readonly notCounted: boolean;
  readonly upgradeSucceeds: boolean;
  readonly fineEverybody: boolean;
  readonly byStock: boolean;
  readonly sequential: boolean;
}

export const roundOptions = memoOnIdentity(
  ({ rules, params }: GoldrauschConfig): RoundOptions => ({
    respawns: params.resourceDeck.cards.flatMap((card) => card.respawn),
    extracts: params.resourceDeck.cards.flatMap((card) => card.extract),
    caps: params.caps,
    capOrder: [0, 1, 2].sort((a, b) => params.caps[b] - params.caps[a] || b - a),
    unlimitedBank: rules.bank === 'unlimited',
    fine: params.fine,
    finePartial: rules.finePayment === 'partial',
    fineToContinent: rules.penaltySink === 'continent',
    immediate: rules.winCheck === 'immediate',
    gross: rules.winCheck === 'immediate-gross',
    endOfProfit: rules.winCheck === 'end-of-profit',
    threshold: params.winThreshold,
    strict: rules.winThresholdStrict,
    fineBefore: rules.fineTiming === 'before',
    notCounted: rules.exemption === 'not-counted',
    upgradeSucceeds: rules.exemption === 'upgrade-succeeds',
    fineEverybody: rules.fineScope === 'all-on-continent',
    byStock: rules.continentOrder === 'stock',
    sequential: rules.shortage === 'sequential',
  }),
);

/** GR-A17 option: the evaluation order by current stock, largest first; ties by printed cap. */
function stockOrder(work: RoundWork): readonly number[] {
  const caps = work.opts.caps;
  const stock = work.stock.slice();
  return [0, 1, 2].sort((a, b) => stock[b] - stock[a] || caps[b] - caps[a] || b - a);
}

function payFine(work: RoundWork, p: number, c: number): void {
  const o = work.opts;
  const due = o.fine;
  // GR-A13: pay what one can (default), or nothing when short.
  const paid = o.finePartial ? Math.min(due, work.gold[p]) : work.gold[p] >= due ? due : 0;
  if (paid <= 0) return;
  work.gold[p] -= paid;
  work.finesPaid[p] += paid;
  work.fines[p] += paid;
  if (o.fineToContinent) {
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
  const o = work.opts;
  const n = work.players;
  const { immediate, gross, threshold, strict, fineBefore, notCounted, upgradeSucceeds, fineEverybody } = o;
  // Fine exemptions (#1–5) exist only in a round whose event card grants them.
  const anyExempt = work.exempt !== null || work.exemptContinent >= 0;
  const order = o.byStock ? stockOrder(work) : o.capOrder;
  // One clockwise pass from the start player sorts the seats by continent, effective upgraders
  // first (GR-A18): continent c's claimants are `claimants[c·n + i]`, i < counts[c], the first
  // ups[c] of them upgraders (the others wait in `others` until their continent is paid).
  const { claimants, others, counts, ups, exemptUps, amounts, fined, doubled } = payoutScratch(n);
  const { locations, cards, gold, stock } = work;
  const forced = work.forcedContinent;
  const forcedGreen = work.forcedColour === 'green';
  counts[0] = counts[1] = counts[2] = 0;
  ups[0] = ups[1] = ups[2] = 0;
  exemptUps[0] = exemptUps[1] = exemptUps[2] = 0;
  for (let k = 0, s = work.startPlayer; k < n; k++, s = s + 1 === n ? 0 : s + 1) {
    const c = locations[s];
    const up = forced === c ? forcedGreen : cards[s] === 'green'; // GR-A25, GR-A26
    if (up) {
      claimants[c * n + ups[c]++] = s;
      if (anyExempt && isExempt(work, s, c)) exemptUps[c]++;
    } else others[c * n + (counts[c] - ups[c])] = s;
    counts[c]++;
  }
  for (let ci = 0; ci < 3; ci++) {
    const c = order[ci];
    const count = counts[c];
    if (count === 0) continue;
    const upgraders = ups[c];
    const exemptUpgraders = exemptUps[c];
    const row = c * n;
    for (let i = upgraders; i < count; i++) claimants[row + i] = others[row + i - upgraders];
    // Marked continent by continent: a race won on an earlier continent leaves these unmarked.
    for (let i = 0; i < upgraders; i++) work.upgraded[claimants[row + i]] = true;
    const collision = upgraders >= 2;
    work.collisions[c] = collision;
    const base = baseAmount(work, c);
    const disaster = work.disaster[c];
    // Amount and fine per seat (§5.2 table, with GR-A21 exemption variants and GR-A19 scope).
    for (let i = 0; i < count; i++) {
      const exempt = anyExempt && isExempt(work, claimants[row + i], c);
      let amount = base;
      let fine = false;
      const upgrader = i < upgraders;
      if (upgrader) {
        let collides = collision;
        // GR-A21 (b): an upgrader collides only with another upgrader who is not exempt.
        if (notCounted) collides = upgraders - exemptUpgraders - (exempt ? 0 : 1) >= 1;
        if (upgradeSucceeds && exempt) collides = false;
        amount = collides ? base : 2 * base;
        fine = collides && !exempt;
      } else {
        fine = collision && fineEverybody && !exempt;
      }
      amounts[i] = disaster ? 0 : amount;
      fined[i] = fine;
      // (amount === 2·base: with a base of 0 a colliding upgrader counts too)
      doubled[i] = upgrader && amount === 2 * base && !disaster;
    }
    const got = o.sequential ? amounts : shares(amounts, count, stock[c]);
    for (let i = 0; i < count; i++) {
      const s = claimants[row + i];
      if (fined[i] && fineBefore) payFine(work, s, c);
      const g = Math.min(got[i], stock[c]);
      stock[c] -= g;
      gold[s] += g;
      work.payout[s] += g;
      work.upgradeSucceeded[s] = doubled[i];
      if (gross && (strict ? gold[s] > threshold : gold[s] >= threshold)) {
        work.winners = [s];
        return true;
      }
      if (fined[i] && !fineBefore) payFine(work, s, c);
      if (immediate && (strict ? gold[s] > threshold : gold[s] >= threshold)) {
        work.winners = [s];
        return true;
      }
    }
  }
  if (o.endOfProfit) {
    const winners = richestAtThreshold(work.config, gold);
    if (winners.length > 0) {
      work.winners = winners;
      return true;
    }
  }
  return false;
}

/**
 * The payout's lists, made once and reused (a module is used by one thread; entries past a
 * continent's claimant count are stale and never read). Allocating exact-size lists for every
 * continent of every round, and finding each continent's claimants in a pass of its own, cost ~2% of
 * a baseline run.
 */
const PAYOUT = {
  claimants: [0, 0, 0],
  others: [0, 0, 0],
  counts: [0, 0, 0],
  ups: [0, 0, 0],
  exemptUps: [0, 0, 0],
  amounts: [0],
  fined: [false],
  doubled: [false],
};
function payoutScratch(n: number): typeof PAYOUT {
  const p = PAYOUT;
  while (p.amounts.length < n) {
    p.amounts.push(0);
    p.fined.push(false);
    p.doubled.push(false);
  }
  while (p.claimants.length < 3 * n) {
    p.claimants.push(0);
    p.others.push(0);
  }
  return p;
}

function isExempt(work: RoundWork, s: number, c: number): boolean {
  return work.exempt?.[s] || work.exemptContinent === 3 || work.exemptContinent === c;
}

/**
 * GR-A16 option pro-rata: what each of the first `count` claimants receives from a stock, split in
 * proportion when demand exceeds it (remainder one by one in evaluation order). The default, first
 * come, first served, pays `amounts` as they are until the stock runs out.
 */
function shares(amounts: readonly number[], count: number, stock: number): readonly number[] {
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
