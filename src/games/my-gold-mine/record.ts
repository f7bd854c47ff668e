/**
 * The compact record of a finished game (core/definition.ts `GameRecord`), from the engine's state
 * or from the fast player's flat record — one conversion for both, so they cannot disagree.
 */
import type { FlatRecord, GameRecord } from '../../core/definition.js';
import { ENDINGS, ROUND_COUNTERS } from './metrics.js';
import type { MyGoldMineState } from './state.js';

/** A `GameRecord` (fresh arrays) from a flat record with `k` round counters per round. */
export function gameRecordOf(flat: FlatRecord, k: number = ROUND_COUNTERS.length): GameRecord {
  const p = flat.players;
  const winners: number[] = [];
  for (let i = 0; i < flat.winnerCount; i++) winners.push(flat.winners[i]);
  const scores = flat.scores.slice(0, p);
  const curve: number[][] = [];
  const roundCounters: number[][] = [];
  for (let r = 0; r < flat.rounds; r++) {
    curve.push(flat.curve.slice(r * p, (r + 1) * p));
    roundCounters.push(flat.roundCounters.slice(r * k, (r + 1) * k));
  }
  const cardsDrawn: { card: number; round: number }[] = [];
  for (let i = 0; i < flat.cardCount; i++) cardsDrawn.push({ card: flat.cards[2 * i], round: flat.cards[2 * i + 1] });
  return {
    outcome: { winners, scores, ranks: ranksOf(flat), endedBy: ENDINGS[flat.ending], length: flat.rounds },
    curve,
    initialScores: flat.initialScores.slice(0, p),
    cardsDrawn,
    counters: flat.counters.map((c) => c.slice(0, p)),
    roundCounters,
  };
}

/** Finishing positions: a flat record made by this game carries them (`ranks`), see StateRecord. */
function ranksOf(flat: FlatRecord): number[] {
  const withRanks = flat as FlatRecord & { readonly ranks?: readonly number[] };
  if (withRanks.ranks === undefined) throw new RangeError('a My Gold Mine flat record carries its finishing positions (ranks)');
  return withRanks.ranks.slice(0, flat.players);
}

/** The record of a finished game on the engine. */
export function record(final: MyGoldMineState): GameRecord {
  return gameRecordOf({
    players: final.players,
    rounds: final.stopAfterRound > 0 ? final.stopAfterRound : final.rounds,
    ending: final.ending,
    winners: final.winners,
    winnerCount: final.winnerCount,
    scores: final.scores,
    initialScores: final.initialScores,
    curve: final.curve,
    cards: final.cards,
    cardCount: final.cardCount,
    roundCounters: final.roundCounters,
    counters: final.counters,
    ranks: final.ranks,
  } as FlatRecord);
}
