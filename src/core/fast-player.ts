/**
 * The fast-player loop every flat engine shares (GameDefinition.fastPlayer): the game's own module
 * and the same bot objects as the generic driver (sim/play.ts), driven in a tight loop on one reused
 * state, ending in a flat record over the state's arrays. It leaves out the driver's bookkeeping for
 * untrusted bots (freezing, time budgets, the hang watchdog); a bot that throws or answers illegally
 * hands its game back (null) to the driver, which plays it again and records the fault.
 */
import { tryAsk } from './ask.js';
import type { BotFactory, FastPlayer, FlatRecord, GameRecord } from './definition.js';
import { Illegal, type AskProtocol, type DecisionRequest, type GameModule } from './game.js';
import { Purpose, RandomSource } from './random.js';

/** What a game adds to the loop: a reused state set up again per game, and its flat record. */
export interface FastLoopHooks<State> {
  /**
   * Sets `state` (made by the module's `setup` for this config and player count) up for a new game
   * with `random`: afterwards it is exactly the state `setup` would make with `random`.
   */
  reset(state: State, random: RandomSource): void;
  /** The finished game's record; its arrays may be the state's own (read before the next game). */
  flat(state: State): FlatRecord;
  gameRecord(flat: FlatRecord): GameRecord;
}

class LoopFastPlayer<Config, State, View, Request extends DecisionRequest, Answer, Bot> implements FastPlayer {
  bailouts = 0;
  private state: State | null = null;
  private readonly bots: Bot[] = [];
  private readonly answers: Answer[][] = [];

  constructor(
    private readonly module: GameModule<Config, State, View, Request, Answer, Bot>,
    private readonly protocol: AskProtocol<State, View, Request, Answer, Bot>,
    private readonly hooks: FastLoopHooks<State>,
    private readonly config: Config,
    private readonly players: number,
    private readonly factories: readonly BotFactory<Bot>[],
  ) {}

  play(seed: string, index: number): FlatRecord | null {
    const module = this.module;
    const random = new RandomSource(seed, index);
    let state = this.state;
    if (state === null) state = this.state = module.setup(this.config, this.players, random);
    else this.hooks.reset(state, random);
    const bots = this.bots;
    // The bots as the driver makes them (sim/run.ts playOne): fresh per game, from their own streams.
    for (let seat = 0; seat < this.players; seat++) bots[seat] = this.factories[seat].create(seat, random.stream(Purpose.bot + seat));
    for (;;) {
      const pending = module.pending(state);
      if (pending.kind === 'terminal') break;
      const requests = pending.requests;
      const answers = (this.answers[requests.length] ??= new Array<Answer>(requests.length));
      for (let r = 0; r < requests.length; r++) {
        const request = requests[r];
        const answer = tryAsk(this.protocol, bots[request.seat], request, module.seatView(state, request.seat), state);
        if (answer instanceof Illegal) {
          this.bailouts++;
          return null;
        }
        answers[r] = answer;
      }
      state = module.apply(state, answers, random);
    }
    return this.hooks.flat(state);
  }

  gameRecord(flat: FlatRecord): GameRecord {
    return this.hooks.gameRecord(flat);
  }
}

/** A fast player for `config` and a line-up of built-in bots (GameDefinition.fastPlayer). */
export function loopFastPlayer<Config, State, View, Request extends DecisionRequest, Answer, Bot>(
  module: GameModule<Config, State, View, Request, Answer, Bot>,
  protocol: AskProtocol<State, View, Request, Answer, Bot>,
  hooks: FastLoopHooks<State>,
  config: Config,
  players: number,
  factories: readonly BotFactory<Bot>[],
): FastPlayer {
  return new LoopFastPlayer(module, protocol, hooks, config, players, factories);
}
