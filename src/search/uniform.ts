/**
 * `uniform`: every decision uniformly at random among the game's legal answers
 * (GameModule.legalAnswers) — the default rollout policy of `ismcts` and a well-defined floor for
 * every game. Its draws come from its own stream, one per decision.
 */
import type { BotFactory } from '../core/definition.js';
import type { DecisionRequest, GameModule } from '../core/game.js';
import type { RandomSource, RandomStream } from '../core/random.js';
import { searchable, type SearchableModule } from './contract.js';

/** The answer at a uniform position `u` ∈ [0, 1) of the legal answers (the game's O(1) form when it has one). */
export function uniformAt<View, Request extends DecisionRequest, Answer>(
  module: Pick<SearchableModule<View, Request, Answer>, 'legalAnswers' | 'uniformAnswer'>,
  view: View,
  request: Request,
  u: number,
): Answer {
  if (module.uniformAnswer !== undefined) return module.uniformAnswer(view, request, u);
  const legal = module.legalAnswers(view, request);
  return legal[Math.floor(u * legal.length)];
}

/** One answer list per request count, reused by `playUniform`'s loop (apply keeps no reference to it). */
const ANSWERS: unknown[][] = [];

/**
 * Plays the in-place `state` on to the end with uniform random answers, one draw of `draws` a
 * decision (`uniformAt`): the game's lean `playout` when it has one (no views, no records), else the
 * loop over `pending`, `seatView`, `uniformAt` and `apply`. Both draw the same answers and give the
 * same outcome. Returns the decisions played.
 */
export function playUniform<View, Request extends DecisionRequest, Answer, State>(
  module: Pick<SearchableModule<View, Request, Answer, State>, 'pending' | 'seatView' | 'apply' | 'legalAnswers' | 'uniformAnswer' | 'playout'>,
  state: State,
  draws: RandomStream,
  chance: RandomSource,
): number {
  if (module.playout !== undefined) return module.playout(state, draws, chance);
  let decisions = 0;
  for (;;) {
    const pending = module.pending(state);
    if (pending.kind === 'terminal') return decisions;
    const requests = pending.requests;
    const answers = (ANSWERS[requests.length] ??= new Array<unknown>(requests.length)) as Answer[];
    for (let r = 0; r < requests.length; r++) {
      answers[r] = uniformAt(module, module.seatView(state, requests[r].seat), requests[r], draws.next());
      decisions++;
    }
    module.apply(state, answers, chance);
  }
}

export function uniformFactory<Bot>(anyModule: GameModule<unknown, unknown, unknown, DecisionRequest, unknown, Bot>): BotFactory<Bot> {
  const module = searchable(anyModule);
  return {
    name: 'uniform',
    description: 'Uniformly random among the legal answers of every decision (the floor every strategy should beat).',
    create: (_seat: number, random: RandomStream) => module.botOf('uniform', (view, request) => uniformAt(module, view, request, random.next())),
  };
}
