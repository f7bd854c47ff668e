/**
 * GOLD's fast player (GameDefinition.fastPlayer): core's loop (core/fast-player.ts) over the SAME
 * engine and bot objects as `playGame`, on one reused state, with a reused `FlatRecord` — no second
 * rules implementation. What it saves over the generic driver: the per-game state allocation, the
 * `Asked` wrappers and the bookkeeping for untrusted bots.
 */
import type { BotFactory, FastPlayer, FlatRecord, GameRecord } from '../../core/definition.js';
import { loopFastPlayer, type FastLoopHooks } from '../../core/fast-player.js';
import type { GoldBot } from './bot.js';
import { goldKnizia, protocol, reset } from './engine.js';
import type { GoldConfig } from './params.js';
import { recordFromArrays } from './record.js';
import type { GoldState } from './state.js';

interface MutableFlat {
  players: number;
  rounds: number;
  ending: number;
  winners: number[];
  winnerCount: number;
  scores: number[];
  initialScores: number[];
  curve: number[];
  cards: number[];
  cardCount: number;
  roundCounters: number[];
  counters: number[][];
}

/** The loop's hooks for one player count: the flat record is one object, refilled per game. */
function hooksFor(players: number): FastLoopHooks<GoldState> {
  const flat: MutableFlat = {
    players,
    rounds: 0,
    ending: 0,
    winners: new Array<number>(players).fill(0),
    winnerCount: 0,
    scores: new Array<number>(players).fill(0),
    initialScores: new Array<number>(players).fill(0),
    curve: [],
    cards: [],
    cardCount: 0,
    roundCounters: [],
    counters: [],
  };
  return {
    reset,
    flat(s: GoldState): FlatRecord {
      flat.rounds = s.turn;
      flat.ending = s.ending;
      for (let k = 0; k < s.winnerCount; k++) flat.winners[k] = s.winners[k];
      flat.winnerCount = s.winnerCount;
      for (let seat = 0; seat < players; seat++) flat.scores[seat] = s.seriesScore[seat];
      flat.curve = s.curve;
      flat.roundCounters = s.roundCounters;
      flat.counters = s.counters;
      return flat;
    },
    gameRecord: (f: FlatRecord): GameRecord =>
      recordFromArrays(f.players, f.rounds, f.ending, f.winners, f.winnerCount, f.scores, f.curve, f.roundCounters, f.counters),
  };
}

export function fastPlayer(config: GoldConfig, players: number, bots: readonly BotFactory<GoldBot>[]): FastPlayer {
  return loopFastPlayer(goldKnizia, protocol, hooksFor(players), config, players, bots);
}
