/**
 * The compact record of a finished game (core/definition.ts `GameRecord`), from the engine's state
 * or from the fast player's flat record — one conversion for both, so they cannot disagree.
 */
import type { FlatRecord, GameRecord } from '../../core/definition.js';
import { ENDINGS, ROUND_COUNTERS } from './metrics.js';
import type { GreenDealState } from './state.js';

/** A `GameRecord` (fresh arrays) from a flat record of this game (it carries `ranks`). */
export function gameRecordOf(flat: FlatRecord): GameRecord {
  const k = ROUND_COUNTERS.length;
  const p = flat.players;
  const winners: number[] = [];
  for (let i = 0; i < flat.winnerCount; i++) winners.push(flat.winners[i]);
  const curve: number[][] = [];
  const roundCounters: number[][] = [];
  for (let r = 0; r < flat.rounds; r++) {
    curve.push(flat.curve.slice(r * p, (r + 1) * p));
    roundCounters.push(flat.roundCounters.slice(r * k, (r + 1) * k));
  }
  const cardsDrawn: { card: number; round: number }[] = [];
  for (let i = 0; i < flat.cardCount; i++) cardsDrawn.push({ card: flat.cards[2 * i], round: flat.cards[2 * i + 1] });
  const ranks = (flat as FlatRecord & { readonly ranks?: readonly number[] }).ranks;
  if (ranks === undefined) throw new RangeError('a Green Deal flat record carries its finishing positions (ranks)');
  return {
    outcome: { winners, scores: flat.scores.slice(0, p), ranks: ranks.slice(0, p), endedBy: ENDINGS[flat.ending], length: flat.rounds },
    curve,
    initialScores: flat.initialScores.slice(0, p),
    cardsDrawn,
    counters: flat.counters.map((c) => c.slice(0, p)),
    roundCounters,
  };
}

/** The state's facts as a flat record (its own arrays: read before the state plays on). */
export class StateRecord implements FlatRecord {
  rounds = 0;
  ending = 0;
  winnerCount = 0;
  cardCount = 0;
  readonly players: number;
  readonly winners: readonly number[];
  readonly scores: readonly number[];
  readonly initialScores: readonly number[];
  readonly curve: readonly number[];
  readonly cards: readonly number[];
  readonly roundCounters: readonly number[];
  readonly counters: readonly (readonly number[])[];
  /** Finishing positions (not a FlatRecord field: the game's own, for `gameRecord`). */
  readonly ranks: readonly number[];
  constructor(state: GreenDealState) {
    this.players = state.players;
    this.winners = state.winners;
    this.scores = state.scores;
    this.initialScores = state.initialScores;
    this.curve = state.curve;
    this.cards = state.cards;
    this.roundCounters = state.roundCounters;
    this.counters = state.counters;
    this.ranks = state.ranks;
  }

  /** Reads the state's scalar facts (after its game is over). */
  update(state: GreenDealState): this {
    this.rounds = state.stopAfterRound > 0 ? state.stopAfterRound : state.rounds;
    this.ending = state.ending;
    this.winnerCount = state.winnerCount;
    this.cardCount = state.cardCount;
    return this;
  }
}

/** The record of a finished game on the engine. */
export function record(final: GreenDealState): GameRecord {
  return gameRecordOf(new StateRecord(final).update(final));
}
