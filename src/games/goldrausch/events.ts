/**
 * Phase 4 of a round: the disaster wheel (docs/games/goldrausch.md §6) and the event cards (§7), on
 * the round's `RoundWork` (round.ts): the one implementation of these rules, for both engines. An
 * event's immediate effect changes the work; its phase-5 modifiers are fields of the work that
 * `resolveProfit` reads.
 */
import { memoOnIdentity } from '../../core/memo.js';
import { Purpose } from './purposes.js';
import { eventCardOf, type AfterUse } from './cards.js';
import type { GameParams, GoldrauschConfig } from './params.js';
import { capOf, maxOf, richestAtThreshold, takeFromBank, type Draws, type RoundWork } from './round.js';
import { EMPTY, identity } from './state.js';
import type { EventSlot, WheelField } from './types.js';
import { CONTINENTS } from './types.js';

/**
 * Spins the wheel: a weighted draw over the wheel's fields (GR-A41: a fair wheel by default). `wheel`
 * is `wheelOf(params.wheel)` (the fast kernel keeps it for the run instead of looking it up each round).
 */
export function spinWheel(wheel: WheelTable, random: Draws, round: number): WheelField {
  const { fields, weights, total } = wheel;
  let r = random.int(Purpose.wheel, round, total);
  for (let i = 0; i < fields.length; i++) {
    r -= weights[i];
    if (r < 0) return fields[i];
  }
  throw new RangeError('wheel has no fields');
}

export interface WheelTable {
  readonly fields: readonly WheelField[];
  readonly weights: readonly number[];
  readonly total: number;
}

/** The wheel's fields and weights in `for…in` order, per wheel object (read once; a wheel is never changed). */
export const wheelOf = memoOnIdentity((wheel: GoldrauschConfig['params']['wheel']): WheelTable => {
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

/** The smallest of a non-empty list of gold amounts. */
function minOf(list: readonly number[]): number {
  let least = list[0];
  for (let i = 1; i < list.length; i++) if (list[i] < least) least = list[i];
  return least;
}

function nextTie(work: RoundWork, random: Draws, n: number): number {
  return random.int(Purpose.tieBreak, work.tieBreaks++, n);
}

function seatsWith(gold: readonly number[], value: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < gold.length; s++) if (gold[s] === value) out.push(s);
  return out;
}

/**
 * A game's event decks (GR-A40). The lists are replaced, never written, so the reference engine's
 * states share them (the kernel keeps one of these per game and lets the functions below replace them).
 */
export interface EventDecks {
  /** The draw pile, drawn from `pos` on. */
  deck: readonly EventSlot[];
  pos: number;
  discard: readonly EventSlot[];
  /** Cards lying beside the clock: cap cuts for good, a resource shortage until its round ends. */
  besideClock: readonly EventSlot[];
  /** How often the discard pile became the draw pile (the shuffle's stream offset). */
  shuffles: number;
}

/**
 * Draws the top event card, reshuffling the discard pile into a new deck when needed, and puts it
 * where it lies after use (GR-A40, the card's `afterUse`): on the discard pile, or beside the clock
 * (cap cuts for good; a resource shortage until the round's end, `endOfRoundEvent`). Null when no
 * card is left anywhere.
 */
export function drawEvent(decks: EventDecks, params: GameParams, random: Draws): EventSlot | null {
  if (decks.pos >= decks.deck.length) {
    if (decks.discard.length === 0) return null;
    decks.shuffles++;
    decks.deck = random.shuffle(decks.discard, Purpose.eventDeck, decks.shuffles * 4096);
    decks.pos = 0;
    decks.discard = EMPTY;
  }
  const event = decks.deck[decks.pos++];
  if (afterUseOf(params, event) === 'discard') decks.discard = withCard(decks.discard, event);
  else decks.besideClock = withCard(decks.besideClock, event);
  return event;
}

function afterUseOf(params: GameParams, event: EventSlot): AfterUse {
  return event === 'blank' ? 'discard' : eventCardOf(params, event).afterUse;
}

/** Phase 6 housekeeping (GR-A40): a card that lay beside the clock for this round only goes to the discard pile. */
export function endOfRoundEvent(decks: EventDecks, params: GameParams, event: EventSlot | null): void {
  if (event === null || afterUseOf(params, event) !== 'beside-clock-this-round') return;
  decks.besideClock = withoutLast(decks.besideClock, event);
  decks.discard = withCard(decks.discard, event);
}

/**
 * A copy of a pile with `card` on top. Not state.ts `appended`: that one's literal per length, shared
 * with every list of the reference engine, left the fast kernel's copy of it unoptimised again each
 * time a pile reached a length its code had not seen (a deoptimisation for missing type feedback,
 * then a rerun in the interpreter); this loop has one element read, seen from the first call. The
 * fast kernel, whose bots take no time, played a game ~1.5 µs faster (docs/performance-log.md,
 * 2026-11-26 stop 19).
 */
function withCard(list: readonly EventSlot[], card: EventSlot): EventSlot[] {
  const out: EventSlot[] = [];
  for (let i = 0; i < list.length; i++) out.push(list[i]);
  out.push(card);
  return out;
}

/** A copy of a pile without the last `card` in it (a loop, as `withCard`, not a filter with a closure). */
function withoutLast(list: readonly EventSlot[], card: EventSlot): EventSlot[] {
  const at = list.lastIndexOf(card);
  const out: EventSlot[] = [];
  for (let i = 0; i < list.length; i++) if (i !== at) out.push(list[i]);
  return out;
}

/**
 * Phase 4: applies the wheel result and, on an exclamation mark, the event card. Returns true if
 * the event ended the game (a wealth event lifted someone to the threshold, GR-A6).
 */
export function applyWheel(work: RoundWork, wheel: WheelField, event: EventSlot | null, random: Draws): boolean {
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

/** The gold before an event card, to count what it moved (`eventGold`); reused: nothing keeps it past a call. */
const GOLD_BEFORE: number[] = [0, 0, 0, 0, 0, 0];

/** Applies one event card's immediate effect and sets up its phase-5 modifiers (§7). */
export function applyEventCard(work: RoundWork, id: EventSlot, random: Draws): boolean {
  if (id === 'blank') return false;
  const { rules, params } = work.config;
  const effect = eventCardOf(params, id).effect;
  const n = work.players;
  const goldBefore = GOLD_BEFORE;
  for (let s = 0; s < n; s++) goldBefore[s] = work.gold[s];
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
function oppositeMap(work: RoundWork, random: Draws): number[] {
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
