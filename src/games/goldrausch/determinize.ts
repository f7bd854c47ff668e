/**
 * Determinization: a full engine state consistent with one seat's view (docs/games/goldrausch.md §13),
 * every hidden part drawn from a caller's random stream. Search bots play the engine forward from
 * such states; they never see the true state.
 *
 * Built exactly from the view (public, or this seat's own): round, stage, start player, stock, caps
 * (the cap cut follows from the cards beside the clock), the current and used resource cards, the
 * event discard pile and the cards beside the clock, the reputation ledger, the history, rotation
 * clauses, and in phase 3 the locations, messages, proposals, agreements, who has laid a card and
 * passed, and this seat's own card. Derived from the public record: the promises (latest PROMISE per
 * seat), commit ticks (COMMITTED messages), fines paid, the other seats' hands when passed cards are
 * kept (GR-A32: every card move is public after phase 5), hidden gold (GR-A36: start gold plus each
 * round's public payout, event change, fines and gifts), and a finite bank (GR-A35: gold is conserved).
 *
 * Sampled: the order of the unseen resource cards (the composition is the deck minus the cards seen
 * in the current deck cycle), the order of the event draw pile (the composition is the event deck
 * minus the discard pile and the cards beside the clock — every card lies in exactly one of the three
 * places), the colours of the other seats' laid upgrade cards (through `guessCommit`, default a fair
 * coin), the provisional phase-1 cards (GR-A9 option), and the seat order of the current tick (this
 * seat's turn; the seats that already spoke this tick before it). Chance that has not happened yet
 * (wheel, reshuffles, tie-breaks, meeting orders) is not in the state at all: the caller plays the
 * state with a `RandomSource` of its own.
 */
import type { RandomStream } from '../../core/random.js';
import type { GoldrauschConfig } from './params.js';
import { EMPTY, type Draft, type GoldrauschState, type Meeting } from './state.js';
import type { Colour, EventSlot } from './types.js';
import { eventCardOf, eventCardsOf } from './cards.js';
import type { GoldrauschView } from './view.js';

export interface DeterminizeOptions {
  /**
   * The colour of a card another seat has laid this meeting (hidden until phase 5). Called once per
   * such seat; the default draws green or red with probability 1/2 from the stream.
   */
  readonly guessCommit?: (seat: number, state: GoldrauschState) => Colour;
}

/** Fisher–Yates with the caller's stream (in place). */
function shuffleInPlace<T>(items: T[], random: RandomStream): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
  return items;
}

/** Cap reduction from the cap-cut cards lying beside the clock (#18, #19; GR-A40: they stay there). */
function capReductionOf(view: GoldrauschView): number {
  let cut = 0;
  for (const e of view.besideClock) {
    if (e === 'blank') continue;
    const effect = eventCardOf(view.params, e).effect;
    if (effect.kind === 'cap-cut') cut += effect.amount;
  }
  return cut;
}

/**
 * The resource deck as the engine would hold it: the cards seen so far in their order, then the
 * unseen cards of the current cycle in a sampled order. A cycle is the whole deck first, then (after
 * a reshuffle, rounds > deck size) every card but the one current at the reshuffle.
 */
function resourceDeck(view: GoldrauschView, random: RandomStream) {
  const cards = view.params.resourceDeck.cards;
  const indexOf = new Map<string, number[]>();
  cards.forEach((c, i) => indexOf.set(c.id, [...(indexOf.get(c.id) ?? []), i]));
  const seen = view.resourceCardsSeen;
  const order: number[] = [];
  let cycle: number[] = cards.map((_, i) => i);
  let shuffles = 0;
  let left = cycle.slice();
  for (let k = 0; k < seen.length; k++) {
    if (left.length === 0) {
      // A reshuffle: every card but the current one (a one-card deck reuses it).
      shuffles++;
      const current = order[order.length - 1];
      cycle = cards.length > 1 ? cards.map((_, i) => i).filter((i) => i !== current) : [0];
      left = cycle.slice();
    }
    // Several cards may share an id: take the first unused index with it in this cycle.
    const candidates = indexOf.get(seen[k]) ?? [];
    const at = left.findIndex((i) => candidates.includes(i));
    if (at < 0) throw new RangeError(`determinize: resource card ${JSON.stringify(seen[k])} is not in the deck (or seen too often)`);
    order.push(left[at]);
    left.splice(at, 1);
  }
  order.push(...shuffleInPlace(left, random));
  return { order, pos: seen.length, current: order[seen.length - 1], shuffles };
}

/** The event draw pile: the deck's cards minus the discard pile and the cards beside the clock. */
function eventPile(view: GoldrauschView, random: RandomStream): EventSlot[] {
  const remaining = new Map<EventSlot, number>();
  const ids = eventCardsOf(view.params).map((c) => c.id);
  for (const id of ids) remaining.set(id, view.params.eventDeck[id] ?? 0);
  for (const e of [...view.eventDiscard, ...view.besideClock]) {
    if (e !== 'blank') remaining.set(e, (remaining.get(e) ?? 0) - 1);
  }
  const pile: EventSlot[] = [];
  for (const id of ids) for (let k = 0; k < (remaining.get(id) ?? 0); k++) pile.push(id);
  shuffleInPlace(pile, random);
  // The view says how many cards are left; a blanked deck (analysis only) can differ: trim or pad.
  const size = view.eventDeckSize;
  while (pile.length > size) pile.pop();
  while (pile.length < size) pile.push('blank');
  return pile;
}

/** Gold per seat: the view's, or (hidden gold, GR-A36) rebuilt from the public round records. */
function goldOf(view: GoldrauschView): number[] {
  const gold = view.gold.slice() as (number | null)[];
  if (gold.every((g) => g !== null)) return gold as number[];
  const n = view.players;
  const rebuilt = new Array<number>(n).fill(view.params.startingGold);
  for (const r of view.history) {
    for (let s = 0; s < n; s++) rebuilt[s] += r.eventGold[s] + r.payout[s] - r.fines[s];
    for (const m of r.messages) {
      if (m.type === 'GIFT' && m.to !== undefined && m.amount !== undefined) {
        rebuilt[m.from] -= m.amount;
        rebuilt[m.to] += m.amount;
      }
    }
  }
  if (view.meeting) {
    for (const m of view.meeting.messages) {
      if (m.type === 'GIFT' && m.to !== undefined && m.amount !== undefined) {
        rebuilt[m.from] -= m.amount;
        rebuilt[m.to] += m.amount;
      }
    }
  }
  return gold.map((g, s) => (g !== null ? g : Math.max(0, rebuilt[s])));
}

/**
 * Hands when passed cards are kept (GR-A32): replayed from the public record. Country: each seat
 * gives up the card it chose and holds the card of the continent its pawn ended on. Upgrade: each
 * seat gives up the card it laid (a timed-out seat a red one, if it holds one) and takes the card
 * that lay in front of it in phase 5.
 */
function handsOf(view: GoldrauschView) {
  if (view.rules.passedCards === 'return-to-owner') return { country: null, upgrade: null };
  const n = view.players;
  const country = Array.from({ length: n }, () => [1, 1, 1]);
  const upgrade = Array.from({ length: n }, () => [1, 1]);
  for (const r of view.history) {
    for (let s = 0; s < n; s++) country[s][r.locations[s]]--;
    for (let s = 0; s < n; s++) country[s][r.finalLocations[s]]++;
    const physical = r.commits.map((c, s) => (c !== null ? c : upgrade[s][1] > 0 ? 'red' : null));
    for (let s = 0; s < n; s++) if (physical[s] !== null) upgrade[s][physical[s] === 'green' ? 0 : 1]--;
    for (let s = 0; s < n; s++) {
      const c = r.finalCards[s];
      if (c !== null) upgrade[s][c === 'green' ? 0 : 1]++;
    }
  }
  for (let s = 0; s < n; s++) {
    for (let k = 0; k < 3; k++) country[s][k] = Math.max(0, country[s][k]);
    for (let k = 0; k < 2; k++) upgrade[s][k] = Math.max(0, upgrade[s][k]);
  }
  country[view.seat] = view.countryHand.slice();
  upgrade[view.seat] = view.upgradeHand.slice();
  return { country, upgrade };
}

/** Phase 3 as the engine holds it, hidden cards sampled. */
function meetingOf(view: GoldrauschView, partial: GoldrauschState, random: RandomStream, options: DeterminizeOptions): Meeting {
  const mv = view.meeting!;
  const n = view.players;
  const me = view.seat;
  const promises: ('GREEN' | 'RED' | null)[] = new Array(n).fill(null);
  const commitTicks: number[] = new Array(n).fill(0);
  for (const m of mv.messages) {
    if (m.type === 'PROMISE' && m.action) promises[m.from] = m.action;
    if (m.type === 'COMMITTED' && commitTicks[m.from] === 0) commitTicks[m.from] = m.t;
  }
  const commits: (Colour | null)[] = new Array(n).fill(null);
  for (let s = 0; s < n; s++) {
    if (s === me) commits[s] = mv.ownCommit;
    else if (mv.committed[s]) {
      commits[s] = options.guessCommit ? options.guessCommit(s, partial) : random.next() < 0.5 ? 'green' : 'red';
    }
  }
  if (mv.ownCommit !== null && commitTicks[me] === 0) commitTicks[me] = mv.tick;
  // This tick's order: the seats that already spoke this tick (in that order), then this seat, whose
  // turn it is, then the others in a sampled order.
  const before: number[] = [];
  for (const m of mv.messages) {
    if (m.t === mv.tick && m.from !== me && m.type !== 'GIFT' && !before.includes(m.from)) before.push(m.from);
  }
  const after: number[] = [];
  for (let s = 0; s < n; s++) if (s !== me && !before.includes(s)) after.push(s);
  shuffleInPlace(after, random);
  const order = [...before, me, ...after];
  const provisional: (Colour | null)[] = new Array(n).fill(null);
  if (view.rules.phase1UpgradeCard === 'default-commitment') {
    for (let s = 0; s < n; s++) provisional[s] = random.next() < 0.5 ? 'green' : 'red';
  }
  // Fields in the order of copyMeeting's literal: the one meeting shape the engine uses.
  return {
    locations: mv.locations,
    provisional,
    tick: mv.tick,
    order,
    turn: before.length,
    messages: mv.messages,
    proposals: mv.proposals,
    agreements: mv.agreements,
    promises,
    commits,
    committed: mv.committed,
    commitTicks,
    passed: mv.passed,
    // The rollout's bots are fresh: none has promised to stay idle.
    idleUntil: new Array<number>(n).fill(0),
    idleWake: new Array<number>(n).fill(0),
  };
}

/**
 * A state consistent with `view`, hidden parts drawn from `random` (see the file comment). In phase
 * 3 the state is at this seat's turn, so `pending(state)` asks this seat.
 */
export function determinize(view: GoldrauschView, random: RandomStream, options: DeterminizeOptions = {}): GoldrauschState {
  const config: GoldrauschConfig = { rules: view.rules, params: view.params };
  const n = view.players;
  const deck = resourceDeck(view, random);
  const eventDeck = eventPile(view, random);
  const gold = goldOf(view);
  let stockTotal = 0;
  for (const s of view.stock) stockTotal += s;
  let goldTotal = 0;
  for (const g of gold) goldTotal += g;
  const finesPaid = new Array<number>(n).fill(0);
  for (const r of view.history) for (let s = 0; s < n; s++) finesPaid[s] += r.fines[s];
  const hands = handsOf(view);
  // Fields in the order of copyState's literal: the one state shape the engine uses.
  const state: Draft<GoldrauschState> = {
    config,
    players: n,
    round: view.round,
    stage: 'continent',
    startPlayer: view.startPlayer,
    gold,
    stock: view.stock,
    capReduction: capReductionOf(view),
    caps: view.caps,
    // GR-A35: with a finite bank gold is conserved between bank, players and continents.
    bank: view.rules.bank === 'unlimited' ? 0 : 270 - goldTotal - stockTotal,
    finesPaid,
    resourceOrder: deck.order,
    resourcePos: deck.pos,
    currentCard: deck.current,
    resourceShuffles: deck.shuffles,
    resourceSeen: view.resourceCardsSeen,
    eventDeck,
    eventPos: 0,
    eventDiscard: view.eventDiscard,
    besideClock: view.besideClock,
    eventShuffles: 0,
    tieBreaks: 0,
    countryHands: hands.country,
    upgradeHands: hands.upgrade,
    kept: view.kept,
    broken: view.broken,
    clauses: view.standingClauses,
    history: view.history,
    meeting: null,
    winners: EMPTY,
    endedBy: null,
  };
  if (view.stage === 'meeting' && view.meeting !== null) {
    state.meeting = meetingOf(view, state, random, options);
    state.stage = 'meeting';
  }
  return state;
}
