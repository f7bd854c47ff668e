/**
 * The fast player (core/definition.ts `FastPlayer`): the SAME engine and bots as the generic driver
 * (sim/play.ts), in a tight loop over one reused state and one reused `FlatRecord` — no second
 * implementation of any rule. What it leaves out is the driver's bookkeeping for untrusted bots
 * (guards, freezing, time budgets), which built-in bots do not need; a fault is handled by askBot
 * exactly as the driver would, and the game then goes back to the driver (null) so that the fault
 * is recorded.
 */
import type { BotFactory, FastPlayer, FlatRecord, GameRecord } from '../../core/definition.js';
import { Purpose, RandomSource } from '../../core/random.js';
import type { GreenDealBot } from './bot.js';
import { apply, askBot, pending, resetGame, seatView } from './engine.js';
import type { GreenDealConfig } from './params.js';
import { gameRecordOf, StateRecord } from './record.js';
import { GreenDealState, OVER } from './state.js';
import { GreenDealView } from './view.js';

export class GreenDealPlayer implements FastPlayer {
  bailouts = 0;
  private readonly state: GreenDealState;
  private readonly record: StateRecord;
  /** One answer list per request count (up to 5 simultaneous requests). */
  private readonly answers: number[][] = [[], [0], [0, 0], [0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0, 0]];
  private readonly bots: GreenDealBot[];

  constructor(
    config: GreenDealConfig,
    players: number,
    private readonly factories: readonly BotFactory<GreenDealBot>[],
  ) {
    this.state = new GreenDealState(config, players);
    for (let s = 0; s < players; s++) this.state.views.push(new GreenDealView(this.state, s));
    this.record = new StateRecord(this.state);
    this.bots = new Array<GreenDealBot>(players);
  }

  play(seed: string, index: number): FlatRecord | null {
    const state = this.state;
    const random = new RandomSource(seed, index);
    for (let s = 0; s < state.players; s++) this.bots[s] = this.factories[s].create(s, random.stream(Purpose.bot + s));
    resetGame(state, random.gameKey);
    while (state.stage !== OVER) {
      const p = pending(state);
      if (p.kind === 'terminal') break;
      const requests = p.requests;
      const answers = this.answers[requests.length];
      for (let r = 0; r < requests.length; r++) {
        const request = requests[r];
        const asked = askBot(this.bots[request.seat], request, seatView(state, request.seat), state, random);
        if (asked.fault !== undefined) {
          // Faults are recorded by the driver: hand the game back.
          this.bailouts++;
          return null;
        }
        answers[r] = asked.answer;
      }
      apply(state, answers, random);
    }
    return this.record.update(state);
  }

  gameRecord(flat: FlatRecord): GameRecord {
    return gameRecordOf(flat);
  }
}

/** A fast player for any line-up of this game's built-in bots (they run unchanged on the one engine). */
export function fastPlayer(config: GreenDealConfig, players: number, bots: readonly BotFactory<GreenDealBot>[]): FastPlayer | null {
  return new GreenDealPlayer(config, players, bots);
}
