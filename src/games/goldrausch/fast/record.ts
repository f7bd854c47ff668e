/**
 * What a round leaves behind on the fast kernel, on flat lists: the obligations checked and the
 * reputation ledgers (§15.3), the public history the bots read, the kept hands (GR-A32), and the
 * game's compact record (core/definition.ts `FlatRecord`, the same numbers as definition.ts `record`
 * makes from the reference engine's states).
 */
import type { FlatRecord, GameRecord } from '../../../core/definition.js';
import { finishingRanks } from '../engine.js';
import { memoOnIdentity } from '../../../core/memo.js';
import { eventCardsOf, type EventCard } from '../cards.js';
import type { EventSlot } from '../types.js';
import type { FastKernel } from './kernel.js';
import { packed } from './meeting.js';
import { GREEN, NONE, RED } from './view.js';

/** The last game's record (core/definition.ts `FlatRecord`; the kernel rewrites it every game). */
export interface FastResult extends FlatRecord {
  rounds: number;
  /** 0 = race, 1 = clock (definition.ts `endings` order). */
  ending: number;
  readonly winners: number[];
  winnerCount: number;
  readonly scores: number[];
  readonly initialScores: number[];
  readonly curve: number[];
  readonly cards: number[];
  cardCount: number;
  /** Per round [upgrades, collisions, fines] (definition.ts ROUND_COUNTERS). */
  readonly roundCounters: number[];
  /** Per seat, definition.ts COUNTERS order: fines, upgrades, successfulUpgrades, collisions, agreements, kept, broken, timeouts. */
  readonly counters: number[][];
}

/** A record's lists for n seats and up to `rounds` rounds. */
export function newResult(n: number, rounds: number): FastResult {
  return {
    players: n,
    rounds: 0,
    ending: 0,
    winners: packed(n, 0),
    winnerCount: 0,
    scores: packed(n, 0),
    initialScores: packed(n, 0),
    curve: packed(rounds * n, 0),
    cards: packed(2 * rounds, 0),
    cardCount: 0,
    roundCounters: packed(3 * rounds, 0),
    counters: Array.from({ length: 8 }, () => packed(n, 0)),
  };
}

/** Each card id's index in its table: the record's number of an event card (as definition.ts `record`). */
const cardNumbers = memoOnIdentity((cards: readonly EventCard[]) => new Map<string, number>(cards.map((c, i) => [c.id, i])));

/** Scratch lists of `checkObligations` and `nextHands` (one module, one thread; filled before each read). */
const BOUND: number[] = [];
const VICTIMS: number[] = [];
const PHYSICAL: number[] = [];

/**
 * resolve.ts `checkObligations` (§15.3): every party of an agreement but its upgrader is bound to
 * red, and a seat whose latest PROMISE was RED; a green card (as laid, before events moved it) is
 * a breach. Writes the round's breaches into the history and the ledgers. (No rotation clause ever
 * binds on the kernel: a proposal with one bails out.)
 */
export function checkObligations(k: FastKernel, round: number): void {
  const n = k.players;
  const m = k.meeting;
  const bound = BOUND;
  const victims = VICTIMS;
  for (let s = 0; s < n; s++) {
    bound[s] = 0;
    victims[s] = 0;
  }
  for (let c = 0; c < 3; c++) {
    if (m.agreementProposals[c] < 0) continue;
    const parties = m.agreementPartyMasks[c];
    const upgrader = m.agreementUpgraders[c];
    for (let p = 0; p < n; p++) {
      if ((parties & (1 << p)) === 0 || p === upgrader) continue;
      bound[p] = 1;
      victims[p] |= parties & ~(1 << p);
    }
  }
  for (let s = 0; s < n; s++) {
    if (m.promises[s] === RED && bound[s] === 0) {
      bound[s] = 1;
      for (let q = 0; q < n; q++) if (q !== s && k.locations[q] === k.locations[s]) victims[s] |= 1 << q;
    }
  }
  const row = (round - 1) * n;
  for (let s = 0; s < n; s++) {
    // A breach is a green card as laid (a timed-out seat's card is never green: kernel `timeoutColour`).
    const breach = bound[s] !== 0 && m.commits[s] === GREEN;
    if (bound[s] !== 0) {
      if (breach) k.broken[s]++;
      else k.kept[s]++;
    }
    k.historyBreaches[row + s] = breach ? victims[s] : -1;
  }
}

/** The public round record: the flat history the bots read, and the game record's rows. */
export function recordRound(k: FastKernel, round: number, event: EventSlot | null): void {
  const n = k.players;
  const m = k.meeting;
  const work = k.work;
  const row = (round - 1) * n;
  const result = k.result;
  const counters = result.counters;
  let up = 0;
  let fined = 0;
  for (let s = 0; s < n; s++) {
    k.historyLocations[row + s] = k.locations[s];
    k.historyCards[row + s] = m.commits[s];
    k.historySucceeded[row + s] = work.upgradeSucceeded[s] ? 1 : 0;
    result.curve[row + s] = work.gold[s];
    if (work.upgraded[s]) {
      up++;
      counters[1][s]++;
      if (work.collisions[work.locations[s]]) counters[3][s]++;
    }
    if (work.upgradeSucceeded[s]) counters[2][s]++;
    if (m.commits[s] === NONE) counters[7][s]++;
    fined += work.fines[s];
  }
  for (let c = 0; c < 3; c++) {
    if (m.agreementProposals[c] < 0) continue;
    const parties = m.agreementPartyMasks[c];
    for (let s = 0; s < n; s++) if ((parties & (1 << s)) !== 0) counters[4][s]++;
  }
  const rc = (round - 1) * 3;
  result.roundCounters[rc] = up;
  result.roundCounters[rc + 1] = (work.collisions[0] ? 1 : 0) + (work.collisions[1] ? 1 : 0) + (work.collisions[2] ? 1 : 0);
  result.roundCounters[rc + 2] = fined;
  if (event !== null && event !== 'blank') {
    result.cards[2 * result.cardCount] = cardNumbers(eventCardsOf(k.config.params)).get(event)!;
    result.cards[2 * result.cardCount + 1] = round;
    result.cardCount++;
  }
}

/** resolve.ts `nextHands` (GR-A32 keep): each seat keeps the cards it now holds. */
export function nextHands(k: FastKernel): void {
  const n = k.players;
  const commits = k.meeting.commits;
  const finalLocations = k.work.locations;
  const cardFrom = k.work.cardFrom;
  for (let s = 0; s < n; s++) k.countryHands[s][k.locations[s]]--;
  for (let s = 0; s < n; s++) k.countryHands[s][finalLocations[s]]++;
  // Each seat gives up the card it laid (a timed-out seat passed a red if it had one), then takes
  // back the card now lying in front of it.
  const physical = PHYSICAL;
  for (let s = 0; s < n; s++) {
    const laid = commits[s];
    physical[s] = laid !== NONE ? laid : k.upgradeHands[s][1] > 0 ? RED : NONE;
  }
  for (let s = 0; s < n; s++) {
    const c = physical[s];
    if (c !== NONE) k.upgradeHands[s][c === GREEN ? 0 : 1]--;
  }
  for (let s = 0; s < n; s++) {
    const src = cardFrom === null ? s : cardFrom[s];
    const c = src >= 0 ? physical[src] : NONE;
    if (c !== NONE) k.upgradeHands[s][c === GREEN ? 0 : 1]++;
  }
}

/** The game's last numbers into the record: its length, ending, winners, scores and ledgers. */
export function finish(k: FastKernel, round: number, ending: number, winners: readonly number[]): void {
  const n = k.players;
  const result = k.result;
  result.rounds = round;
  result.ending = ending;
  result.winnerCount = winners.length;
  for (let i = 0; i < winners.length; i++) result.winners[i] = winners[i];
  for (let s = 0; s < n; s++) result.scores[s] = k.gold[s];
  const counters = result.counters;
  for (let s = 0; s < n; s++) {
    counters[0][s] = k.work.finesPaid[s];
    counters[5][s] = k.kept[s];
    counters[6][s] = k.broken[s];
  }
}

/** The `GameRecord` of a flat record (definition.ts `record`: the same numbers, fresh arrays). */
export function gameRecord(result: FlatRecord): GameRecord {
  const n = result.players;
  const winners = result.winners.slice(0, result.winnerCount);
  const scores = result.scores.slice(0, n);
  const ranks = finishingRanks(winners, scores);
  const curve: number[][] = [];
  const roundCounters: number[][] = [];
  for (let r = 0; r < result.rounds; r++) {
    curve.push(result.curve.slice(r * n, r * n + n));
    roundCounters.push(result.roundCounters.slice(r * 3, r * 3 + 3));
  }
  const cardsDrawn: { card: number; round: number }[] = [];
  for (let k = 0; k < result.cardCount; k++) cardsDrawn.push({ card: result.cards[2 * k], round: result.cards[2 * k + 1] });
  return {
    outcome: { winners, scores, ranks, endedBy: result.ending === 0 ? 'race' : 'clock', length: result.rounds },
    initialScores: result.initialScores.slice(0, n),
    curve,
    cardsDrawn,
    counters: result.counters.map((row) => row.slice(0, n)),
    roundCounters,
  };
}
