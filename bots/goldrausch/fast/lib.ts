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
 * function fills and reads it within one call and hands none of it out).
 */
import { baselineP, newUpgradeValue, Rivals, upgradeValue } from '../lib/estimate.js';
import {
  GREEN,
  MSG_PASS,
  NOBODY,
  NONE,
  RED,
  type FastMessage,
  type FastRandom,
  type FastView,
} from '../../../src/games/goldrausch/fast/view.js';

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

// ---------------------------------------------------------------------------------------------
// The public history digest (../lib/history.ts SeatHabits and countSuccesses, ../lib/continent.ts
// predictRivals): a function of the public history alone, the same for every seat of a game, so it
// is computed once per (game, history length) and shared. History only grows within a game, so a
// longer history of the same game counts its new records only (the counts are whole numbers: the
// same as counting afresh).
// ---------------------------------------------------------------------------------------------

/** Read-only for the bots (module-internal: handed to no caller outside this folder). */
export interface Digest {
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
};

/** The digest of the view's public history (shared; never write into it). */
export function digest(view: FastView): Digest {
  const d = DIGEST;
  const game = view.game;
  const length = view.historyLength;
  const players = view.players;
  if (d.game === game && d.length === length && d.players === players) return d;
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
  const greens = d.greens;
  const shared = d.shared;
  const stays = d.stays;
  const successes = d.successes;
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
      if (i > 0 && view.histLocation(i - 1, s) === c) stays[s]++;
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
  for (let c = 0, i = 0; c < 3; c++) {
    for (let s = 0; s < players; s++) {
      const p = length === 0 ? 1 / 3 : view.histLocation(length - 1, s) === c ? stay[s] : (1 - stay[s]) / 2;
      presence[i++] = p > 0 ? p : 0; // (a NaN is skipped too, as predictedRivals does)
    }
  }
  d.length = length;
  d.players = players;
  d.game = game;
  return d;
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

/** Whether x is one of the whole numbers 0 … limit − 1 (not −0). */
function isSmall(x: number, limit: number): boolean {
  return x >= 0 && x < limit && Math.floor(x) === x && (x !== 0 || 1 / x > 0);
}

/** firstRoundKey: the round-1 memo key, or −1 if an input is not a small whole number. */
function firstRoundKey(view: FastView): number {
  const players = view.players;
  const me = view.seat;
  const start = view.startPlayer;
  if (!isSmall(players, 8) || !isSmall(me, 8) || !isSmall(start, 8)) return -1;
  const hand = view.countryHand;
  const extract = view.extract;
  const stock = view.stock;
  let key = (players * 8 + me) * 8 + start;
  for (let c = 0; c < 3; c++) {
    if (!isSmall(hand[c], 4) || !isSmall(extract[c], 64) || !isSmall(stock[c], 64)) return -1;
    key = ((key * 4 + hand[c]) * 64 + extract[c]) * 64 + stock[c];
  }
  return key;
}

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

/** ContinentScorer.compute. */
function computeScores(view: FastView): number[] {
  const values = SCORES;
  const hand = view.countryHand;
  const rivals = RIVALS;
  const value = VALUE;
  const fine = view.fine;
  const players = view.players;
  const me = view.seat;
  const start = view.startPlayer;
  const d = digest(view);
  const myRank = (me - start + players) % players;
  const upgrade = d.upgrade;
  const predicted = d.presence;
  rivals.clear();
  for (let s = 0; s < players; s++) {
    if (s !== me) rivals.add(0, upgrade[s], (s - start + players) % players < myRank);
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
    upgradeValue(view.extract[c], view.stock[c], fine, view.disaster[c], rivals, value);
    values[c] = Math.max(value.green, value.red);
  }
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

/** ContinentScorer.logit with its default temperature 2. */
export function logitContinent(view: FastView, random: FastRandom): number {
  const temperature = 2;
  const v = scores(view);
  let max = -Infinity;
  for (let c = 0; c < 3; c++) if (v[c] > max) max = v[c];
  if (max === -Infinity) return randomContinent(view, random);
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
    if (x < 0) return c;
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

/** othersCommitted: every other seat on this seat's continent has laid a card. */
export function othersCommitted(view: FastView): boolean {
  const locations = view.locations;
  const committed = view.committed;
  const me = view.seat;
  const c = locations[me];
  const players = view.players;
  for (let s = 0; s < players; s++) {
    if (s !== me && locations[s] === c && committed[s] === 0) return false;
  }
  return true;
}

/** heldColour(view, 'green'): green if held, else red. */
export function heldGreen(view: FastView): number {
  return view.upgradeHand[0] > 0 ? GREEN : RED;
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
  return green ? GREEN : RED;
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
// The meeting (../lib/meeting.ts). Built-in bots never make rotation clauses, so no clause ever
// binds in the fast kernel (`bindingClauses` is always empty): the agreement alone is the plan.
// ---------------------------------------------------------------------------------------------

/** planInForce: the upgrader of the agreement binding `seat` (a seat or NOBODY), or NO_PLAN. */
export function planInForce(view: FastView, seat: number): number {
  const c = view.locations[seat];
  if ((view.agreementParties(c) & (1 << seat)) === 0) return NO_PLAN;
  return view.agreementUpgrader(c); // the seat itself, somebody else, or NOBODY
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

/** obligedRed for this view's seat: a plan names somebody else (or nobody), or its latest PROMISE is RED. */
export function obligedRed(view: FastView): boolean {
  const seat = view.seat;
  const plan = planInForce(view, seat);
  if (plan !== NO_PLAN && plan !== seat) return true;
  return view.ownPromise === RED;
}

/** hasProposed: `seat` has proposed `upgrader` (a seat or NOBODY) on continent c this meeting. */
export function hasProposed(view: FastView, seat: number, c: number, upgrader: number): boolean {
  const n = view.proposalCount;
  for (let i = 0; i < n; i++) {
    if (view.proposalContinent(i) === c && view.proposalProposer(i) === seat && view.proposalUpgrader(i) === upgrader) return true;
  }
  return false;
}

/** Number of set bits of a seat mask. */
export function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
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
  const myRank = (me - start + players) % players;
  const rivals = RIVALS;
  rivals.clear();
  for (let s = 0; s < players; s++) {
    if (s === me || locations[s] !== c) continue;
    rivals.add(1, upgradeOf[s], (s - start + players) % players < myRank);
  }
  const value = upgradeValue(view.extract[c], view.stock[c], view.fine, view.disaster[c], rivals, VALUE);
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

/** fairUpgrader on continent c, skipping the seats in mask `exclude`; −1 if none is left. */
export function fairUpgrader(view: FastView, c: number, exclude: number): number {
  const players = view.players;
  const locations = view.locations;
  let goldKnown = true;
  for (let s = 0; s < players; s++) {
    if (locations[s] === c && (exclude & (1 << s)) === 0 && view.gold(s) === null) goldKnown = false;
  }
  const successes = digest(view).successes;
  const start = view.startPlayer;
  let best = -1;
  let bestUpgrades = 0;
  let bestGold = 0;
  let bestRank = 0;
  for (let s = 0; s < players; s++) {
    if (locations[s] !== c || (exclude & (1 << s)) !== 0) continue;
    const upgrades = successes[s];
    const gold = goldKnown ? (view.gold(s) as number) : 0;
    const rank = (s - start + players) % players;
    if (
      best === -1 ||
      upgrades < bestUpgrades ||
      (upgrades === bestUpgrades && (gold < bestGold || (gold === bestGold && rank < bestRank)))
    ) {
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
  const locations = view.locations;
  const c = locations[me];
  const e = view.extract[c];
  const stock = view.stock[c];
  const players = view.players;
  const start = view.startPlayer;
  const myRank = (me - start + players) % players;
  const other = upgrader >= 0 && upgrader !== me && locations[upgrader] === c ? upgrader : -1;
  let redAhead = 0;
  for (let s = 0; s < players; s++) {
    if (s === me || s === other || locations[s] !== c) continue;
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
    green = got - Math.min(view.fine, gold + got);
    red = Math.min(e, Math.max(0, stock - 2 * e - e * redAhead));
  }
  const threshold = view.winThreshold + (view.winThresholdStrict ? 1 : 0);
  return gold + green >= threshold && gold + red < threshold;
}
