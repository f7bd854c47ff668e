/**
 * The fast player (core/definition.ts `FastPlayer`): core's loop (core/fast-player.ts) over the SAME
 * engine and bots as the generic driver (sim/play.ts), on one reused state and one reused
 * `FlatRecord` — no second implementation of any rule. A game in which a bot faults goes back to the
 * driver (null), which records the fault.
 */
import type { BotFactory, FastPlayer, FlatRecord, GameRecord } from '../../core/definition.js';
import { loopFastPlayer, type FastLoopHooks } from '../../core/fast-player.js';
import type { MyGoldMineBot } from './bot.js';
import { myGoldMine, protocol, resetGame } from './engine.js';
import { MGM_PURPOSE, type MyGoldMineState } from './state.js';
import type { MyGoldMineConfig } from './params.js';
import { gameRecordOf } from './record.js';

/** A flat record whose arrays are the state's own (read before the next game, as FlatRecord says). */
class StateRecord implements FlatRecord {
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
  constructor(state: MyGoldMineState) {
    this.ranks = state.ranks;
    this.players = state.players;
    this.winners = state.winners;
    this.scores = state.scores;
    this.initialScores = state.initialScores;
    this.curve = state.curve;
    this.cards = state.cards;
    this.roundCounters = state.roundCounters;
    this.counters = state.counters;
  }
}

/** The loop's hooks: a new game on the reused state, the flat record over its arrays. */
function hooks(): FastLoopHooks<MyGoldMineState> {
  let record: StateRecord | null = null;
  return {
    // The same draw as setup(): the random start player of round 1.
    reset: (state, random) => resetGame(state, random, random.int(MGM_PURPOSE.startPlayer, 0, state.players)),
    flat(state) {
      if (record === null || record.ranks !== state.ranks) record = new StateRecord(state);
      record.rounds = state.rounds;
      record.ending = state.ending;
      record.winnerCount = state.winnerCount;
      record.cardCount = state.cardCount;
      return record;
    },
    gameRecord: (flat: FlatRecord): GameRecord => gameRecordOf(flat),
  };
}

/** A fast player for any line-up of this game's built-in bots (they run unchanged on the one engine). */
export function fastPlayer(config: MyGoldMineConfig, players: number, bots: readonly BotFactory<MyGoldMineBot>[]): FastPlayer | null {
  return loopFastPlayer(myGoldMine, protocol, hooks(), config, players, bots);
}
