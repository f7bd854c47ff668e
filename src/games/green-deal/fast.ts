/**
 * The fast player (core/definition.ts `FastPlayer`): the SAME engine and bots as the generic driver
 * (sim/play.ts) — each decision asked with the engine's `callBot`, checked with its `acceptAnswer`
 * and applied with its `apply` — on one reused state and one reused `FlatRecord`, no second
 * implementation of any rule. Its loop is core/fast-player.ts's, written out for this game: the
 * stage read from the state instead of a pending object, the bot of the seat in turn asked directly
 * (monomorphic, whatever other games the thread plays). A game in which a bot throws or answers
 * illegally goes back to the driver (null), which records the fault.
 */
import type { BotFactory, FastPlayer, FlatRecord, GameRecord } from '../../core/definition.js';
import { Illegal } from '../../core/game.js';
import { Purpose, RandomSource } from '../../core/random.js';
import type { GreenDealBot } from './bot.js';
import { acceptAnswer, apply, callBot, type GreenDealRequest, requestOf, resetGame, setup } from './engine.js';
import type { GreenDealConfig } from './params.js';
import { gameRecordOf, StateRecord } from './record.js';
import { CONTACT, type GreenDealState, INVEST, OVER, PLACE } from './state.js';
import type { GreenDealView } from './view.js';

/** The answer of `bot` to `request`, or −1 when it throws or answers illegally (every legal answer is ≥ 0). */
function ask(bot: GreenDealBot, request: GreenDealRequest, view: GreenDealView, state: GreenDealState): number {
  let value: unknown;
  try {
    value = callBot(bot, request, view);
  } catch {
    return -1;
  }
  const answer = acceptAnswer(value, request, state);
  return answer instanceof Illegal ? -1 : answer;
}

class GreenDealFastPlayer implements FastPlayer {
  bailouts = 0;
  private state: GreenDealState | null = null;
  private record: StateRecord | null = null;
  private readonly bots: GreenDealBot[] = [];
  /** Answers of a simultaneous stage (seat order), and the one answer of a sequential one. */
  private readonly answers: number[][] = [[], [0], [0, 0], [0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0, 0]];
  /** requests[stage · 8 + seat]: the request `pending` hands out (made once). */
  private readonly requests: GreenDealRequest[] = [];

  constructor(
    private readonly config: GreenDealConfig,
    private readonly players: number,
    private readonly factories: readonly BotFactory<GreenDealBot>[],
  ) {
    for (let stage = 0; stage < OVER; stage++) for (let seat = 0; seat < 8; seat++) this.requests.push(requestOf(stage, seat < players ? seat : 0));
  }

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
    const requests = this.requests;
    const one = this.answers[1];
    for (;;) {
      const stage = state.stage;
      if (stage === INVEST || stage === PLACE || stage === CONTACT) {
        const seat = state.order[state.turn];
        const answer = ask(bots[seat], requests[stage * 8 + seat], views[seat], state);
        if (answer < 0) return this.bailout();
        one[0] = answer;
        apply(state, one);
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
        const answer = ask(bots[seat], requests[stage * 8 + seat], views[seat], state);
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
