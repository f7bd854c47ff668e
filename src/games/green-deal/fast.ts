/**
 * The fast player (core/definition.ts `FastPlayer`): core's loop (core/fast-player.ts) over the SAME
 * engine and bots as the generic driver (sim/play.ts), on one reused state and one reused
 * `FlatRecord` — no second implementation of any rule. A game in which a bot faults goes back to the
 * driver (null), which records the fault.
 */
import type { BotFactory, FastPlayer, FlatRecord, GameRecord } from '../../core/definition.js';
import { type FastLoopHooks, loopFastPlayer } from '../../core/fast-player.js';
import type { GreenDealBot } from './bot.js';
import { greenDeal, protocol, resetGame } from './engine.js';
import type { GreenDealConfig } from './params.js';
import { gameRecordOf, StateRecord } from './record.js';
import type { GreenDealState } from './state.js';

/** The loop's hooks: a new game on the reused state (what setup() does), the flat record over its arrays. */
function hooks(): FastLoopHooks<GreenDealState> {
  let record: StateRecord | null = null;
  return {
    reset: (state, random) => resetGame(state, random.gameKey),
    flat(state) {
      if (record === null || record.ranks !== state.ranks) record = new StateRecord(state);
      return record.update(state);
    },
    gameRecord: (flat: FlatRecord): GameRecord => gameRecordOf(flat),
  };
}

/** A fast player for any line-up of this game's built-in bots (they run unchanged on the one engine). */
export function fastPlayer(config: GreenDealConfig, players: number, bots: readonly BotFactory<GreenDealBot>[]): FastPlayer | null {
  return loopFastPlayer(greenDeal, protocol, hooks(), config, players, bots);
}
