/** GOLD's compact game record, built the same way from the engine state and from a fast player's flat record. */
import type { GameRecord } from '../../core/definition.js';
import { finishingRanks } from '../../core/ranks.js';
import { ENDINGS, ROUND_COUNTERS } from './metrics.js';
import { Stage, type GoldState } from './state.js';

export function recordFromArrays(
  players: number,
  turns: number,
  ending: number,
  winnerList: readonly number[],
  winnerCount: number,
  scoreList: readonly number[],
  curveFlat: readonly number[],
  roundFlat: readonly number[],
  counterLists: readonly (readonly number[])[],
): GameRecord {
  const winners = winnerList.slice(0, winnerCount);
  const scores = scoreList.slice(0, players);
  const k = ROUND_COUNTERS.length;
  const curve: number[][] = [];
  const roundCounters: number[][] = [];
  for (let t = 0; t < turns; t++) {
    curve.push(curveFlat.slice(t * players, (t + 1) * players));
    roundCounters.push(roundFlat.slice(t * k, (t + 1) * k));
  }
  return {
    outcome: { winners, scores, ranks: finishingRanks(winners, scores), endedBy: ENDINGS[ending], length: turns },
    curve,
    initialScores: new Array<number>(players).fill(0),
    cardsDrawn: [],
    counters: counterLists.map((c) => c.slice(0, players)),
    roundCounters,
  };
}

/** `GameDefinition.record`: the record of a finished game. */
export function record(final: GoldState): GameRecord {
  if (final.stage !== Stage.over) throw new RangeError('the game is not over');
  return recordFromArrays(
    final.players,
    final.turn,
    final.ending,
    final.winners,
    final.winnerCount,
    final.seriesScore,
    final.curve,
    final.roundCounters,
    final.counters,
  );
}
