/**
 * What a round leaves behind on the fast kernel, on flat lists: the obligations checked and the
 * reputation ledgers (§15.3), the public history the bots read, the kept hands (GR-A32), and the
 * game's compact record (core/definition.ts `FlatRecord`, the same numbers as definition.ts `record`
 * makes from the reference engine's states).
 */
import type { FlatRecord, GameRecord } from '../../../core/definition.js';
import { finishingRanks } from '../engine.js';
import { eventIndexOf } from '../cards.js';
import type { EventSlot } from '../types.js';
import type { FastKernel } from './kernel.js';
import { countRound } from '../counters.js';
import { passCards } from '../hands.js';
import { bindObligations, UNBOUND, type Bindings } from '../obligations.js';
import { packed, type FastMeeting } from './meeting.js';
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

/** Scratch lists of `checkObligations` (one module, one thread; filled before each read). */
const BOUND: number[] = [];
const VICTIMS: number[] = [];
const NO_CLAUSES: readonly number[] = [];

/**
 * The round's obligations (§15.3, obligations.ts `bindObligations`) from the meeting's masks: writes
 * the round's breaches into the history and the ledgers. (No rotation clause ever binds on the
 * kernel: a proposal with one bails out.)
 */
export function checkObligations(k: FastKernel, round: number): void {
  const n = k.players;
  const m = k.meeting;
  let redPromises = 0;
  for (let s = 0; s < n; s++) if (m.promises[s] === RED) redPromises |= 1 << s;
  const bindings = k.bindings;
  bindings.redPromises = redPromises;
  bindObligations(n, k.locations, bindings, BOUND, VICTIMS);
  const row = (round - 1) * n;
  for (let s = 0; s < n; s++) {
    const bound = BOUND[s] !== UNBOUND;
    // A breach is a green card as laid (a timed-out seat's card is never green: kernel `timeoutColour`).
    const breach = bound && m.commits[s] === GREEN;
    if (bound) {
      if (breach) k.broken[s]++;
      else k.kept[s]++;
    }
    k.historyBreaches[row + s] = breach ? VICTIMS[s] : -1;
  }
}

/** The kernel's `Bindings` (obligations.ts): the meeting's agreement masks, no clauses, the RED promises set per round. */
export function kernelBindings(m: FastMeeting): { -readonly [K in keyof Bindings]: Bindings[K] } {
  return {
    agreementParties: m.agreementPartyMasks,
    agreementUpgraders: m.agreementUpgraders,
    clauseParties: NO_CLAUSES,
    clauseUpgraders: NO_CLAUSES,
    clauseCount: 0,
    redPromises: 0,
  };
}

/** The public round record: the flat history the bots read, and the game record's rows (counters.ts `countRound`). */
export function recordRound(k: FastKernel, round: number, event: EventSlot | null): void {
  const n = k.players;
  const m = k.meeting;
  const work = k.work;
  const row = (round - 1) * n;
  const result = k.result;
  let timedOut = 0;
  for (let s = 0; s < n; s++) {
    k.historyLocations[row + s] = k.locations[s];
    k.historyCards[row + s] = m.commits[s];
    k.historySucceeded[row + s] = work.upgradeSucceeded[s] ? 1 : 0;
    result.curve[row + s] = work.gold[s];
    if (m.commits[s] === NONE) timedOut |= 1 << s;
  }
  countRound(n, work, work.locations, timedOut, m.agreementPartyMasks, result.counters, result.roundCounters, (round - 1) * 3);
  if (event !== null && event !== 'blank') recordCard(k, round, event);
}

/** An event card drawn this round, into the record (its own function: most rounds draw none). */
function recordCard(k: FastKernel, round: number, event: EventSlot): void {
  const result = k.result;
  result.cards[2 * result.cardCount] = eventIndexOf(k.config.params, event);
  result.cards[2 * result.cardCount + 1] = round;
  result.cardCount++;
}

/** GR-A32 keep (hands.ts `passCards`): each seat keeps the cards it now holds. */
export function nextHands(k: FastKernel): void {
  passCards(k.players, k.locations, k.work.locations, k.work.cardFrom, k.meeting.commits, k.countryHands, k.upgradeHands);
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
