/**
 * The fast player (core/definition.ts `FastPlayer`): the SAME engine and bots as the generic driver
 * (sim/play.ts) — each decision's bot method called as the engine's `callBot` calls it, its value
 * checked by the engine's checks that `acceptAnswer` makes, applied by the engine's `apply` (an
 * investment step or a cell by `investStep` / `placeTile`, the parts `apply` runs for them) — on one
 * reused state and one reused `FlatRecord`, no second implementation of any rule. Its loop is
 * core/fast-player.ts's, written out for this game: the stage read from the state instead of a
 * pending object, the bot method and the check of the stage called directly (monomorphic, whatever
 * other games the thread plays). A game in which a bot throws or answers illegally goes back to the
 * driver (null), which records the fault.
 */
import type { BotFactory, FastPlayer, FlatRecord, GameRecord } from '../../core/definition.js';
import { Purpose, RandomSource } from '../../core/random.js';
import type { GreenDealBot } from './bot.js';
import { allocationOf, apply, bidAnswer, cellAnswer, contactAnswer, investAnswer, investStep, placeTile, repayAnswer, resetGame, setup } from './engine.js';
import type { GreenDealConfig } from './params.js';
import { gameRecordOf, StateRecord } from './record.js';
import { ALLOCATE, BID, CONTACT, type GreenDealState, INVEST, OVER, PLACE } from './state.js';

class GreenDealFastPlayer implements FastPlayer {
  bailouts = 0;
  private state: GreenDealState | null = null;
  private record: StateRecord | null = null;
  private readonly bots: GreenDealBot[] = [];
  /** Answers of a simultaneous stage (seat order), and the one answer of a sequential one. */
  private readonly answers: number[][] = [[], [0], [0, 0], [0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0, 0]];

  constructor(
    private readonly config: GreenDealConfig,
    private readonly players: number,
    private readonly factories: readonly BotFactory<GreenDealBot>[],
  ) {}

  play(seed: string, index: number): FlatRecord | null {
    const random = new RandomSource(seed, index);
    let state = this.state;
    if (state === null) state = this.state = setup(this.config, this.players, random);
    else resetGame(state, random.gameKey);
    const bots = this.bots;
    const players = this.players;
    // The bots as the driver makes them (sim/run.ts playOne): fresh per game, from their own streams.
    for (let seat = 0; seat < players; seat++) bots[seat] = this.factories[seat].create(seat, random.stream(Purpose.bot + seat));
    const views = state.views;
    const one = this.answers[1];
    // Each decision as the driver asks it (engine.ts callBot and acceptAnswer: the stage's bot method,
    // then the stage's check); a bot that throws or answers illegally (−1) sends the game back.
    for (;;) {
      const stage = state.stage;
      if (stage === INVEST || stage === PLACE || stage === CONTACT) {
        const seat = state.order[state.turn];
        const bot = bots[seat];
        const view = views[seat];
        let value: unknown;
        try {
          value = stage === INVEST ? bot.invest(view) : stage === PLACE ? bot.place(view) : bot.compete(view);
        } catch {
          return this.bailout();
        }
        const answer = stage === INVEST ? investAnswer(state, seat, value) : stage === PLACE ? cellAnswer(state, seat, value) : contactAnswer(value);
        if (answer < 0) return this.bailout();
        // The two most frequent decisions straight to their part of `apply` (no decision log in runs).
        if (state.log === null && stage === INVEST) investStep(state, answer);
        else if (state.log === null && stage === PLACE) placeTile(state, answer);
        else {
          one[0] = answer;
          apply(state, one);
        }
        continue;
      }
      if (stage === OVER) break;
      // Simultaneous (bids, PR allocations, final repayments): the asked seats in seat order, hidden
      // from each other until `apply` reveals them all.
      const mask = state.askMask;
      let n = 0;
      for (let m = mask; m !== 0; m &= m - 1) n++;
      const answers = this.answers[n];
      let i = 0;
      for (let seat = 0; seat < players; seat++) {
        if (((mask >> seat) & 1) === 0) continue;
        const bot = bots[seat];
        const view = views[seat];
        let value: unknown;
        try {
          value = stage === BID ? bot.bid(view) : stage === ALLOCATE ? bot.allocate(view) : bot.repay(view);
        } catch {
          return this.bailout();
        }
        const answer = stage === BID ? bidAnswer(state, seat, value) : stage === ALLOCATE ? allocationOf(state, seat, value) : repayAnswer(state, seat, value);
        if (answer < 0) return this.bailout();
        answers[i++] = answer;
      }
      apply(state, answers);
    }
    let record = this.record;
    if (record === null || record.ranks !== state.ranks) record = this.record = new StateRecord(state);
    return record.update(state);
  }

  private bailout(): null {
    this.bailouts++;
    return null;
  }

  gameRecord(flat: FlatRecord): GameRecord {
    return gameRecordOf(flat);
  }
}

/** A fast player for any line-up of this game's built-in bots (they run unchanged on the one engine). */
export function fastPlayer(config: GreenDealConfig, players: number, bots: readonly BotFactory<GreenDealBot>[]): FastPlayer | null {
  return new GreenDealFastPlayer(config, players, bots);
}
