/**
 * The fast player (core/definition.ts `FastPlayer`): the SAME engine and bots as the generic driver
 * (sim/play.ts), in a tight loop over one reused state and one reused `FlatRecord` — no second
 * implementation of any rule. What it leaves out is the driver's bookkeeping for untrusted bots
 * (guards, freezing, time budgets), which built-in bots do not need; a fault is still handled by
 * askBot exactly as the driver would (the fallback answer), and the game then goes back to the
 * driver (null) so that the fault is recorded.
 */
import type { BotFactory, FastPlayer, FlatRecord, GameRecord } from '../../core/definition.js';
import { Purpose, RandomSource } from '../../core/random.js';
import type { MyGoldMineBot } from './bot.js';
import { askBot, resetGame, seatView, apply, pending } from './engine.js';
import { MGM_PURPOSE, MyGoldMineState, OVER } from './state.js';
import type { MyGoldMineConfig } from './params.js';
import { gameRecordOf } from './record.js';
import { MyGoldMineView } from './view.js';

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

export class MyGoldMinePlayer implements FastPlayer {
  bailouts = 0;
  private readonly state: MyGoldMineState;
  private readonly record: StateRecord;
  private readonly answers: number[] = [0];
  private readonly bots: MyGoldMineBot[];

  constructor(
    config: MyGoldMineConfig,
    players: number,
    private readonly factories: readonly BotFactory<MyGoldMineBot>[],
  ) {
    this.state = new MyGoldMineState(config, players);
    for (let s = 0; s < players; s++) this.state.views.push(new MyGoldMineView(this.state, s));
    this.record = new StateRecord(this.state);
    this.bots = new Array<MyGoldMineBot>(players);
  }

  play(seed: string, index: number): FlatRecord | null {
    const state = this.state;
    const random = new RandomSource(seed, index);
    const players = state.players;
    for (let s = 0; s < players; s++) this.bots[s] = this.factories[s].create(s, random.stream(Purpose.bot + s));
    // The same draw as setup(): the random start player of round 1.
    resetGame(state, random, random.int(MGM_PURPOSE.startPlayer, 0, players));
    const answers = this.answers;
    while (state.stage !== OVER) {
      const request = pending(state);
      if (request.kind === 'terminal') break;
      const r = request.requests[0];
      const asked = askBot(this.bots[r.seat], r, seatView(state, r.seat), state, random);
      if (asked.fault !== undefined) {
        // Faults are recorded by the driver: hand the game back.
        this.bailouts++;
        return null;
      }
      answers[0] = asked.answer;
      apply(state, answers, random);
    }
    const rec = this.record;
    rec.rounds = state.rounds;
    rec.ending = state.ending;
    rec.winnerCount = state.winnerCount;
    rec.cardCount = state.cardCount;
    return rec;
  }

  gameRecord(flat: FlatRecord): GameRecord {
    return gameRecordOf(flat);
  }
}

/** A fast player for any line-up of this game's built-in bots (they run unchanged on the one engine). */
export function fastPlayer(config: MyGoldMineConfig, players: number, bots: readonly BotFactory<MyGoldMineBot>[]): FastPlayer | null {
  return new MyGoldMinePlayer(config, players, bots);
}
