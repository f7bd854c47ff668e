/**
 * `uniform`: every decision uniformly at random among the game's legal answers
 * (GameModule.legalAnswers) — the default rollout policy of `ismcts` and a well-defined floor for
 * every game. Its draws come from its own stream, one per decision.
 */
import type { BotFactory } from '../core/definition.js';
import type { DecisionRequest, GameModule } from '../core/game.js';
import type { RandomStream } from '../core/random.js';
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

export function uniformFactory<Bot>(anyModule: GameModule<unknown, unknown, unknown, DecisionRequest, unknown, Bot>): BotFactory<Bot> {
  const module = searchable(anyModule);
  return {
    name: 'uniform',
    description: 'Uniformly random among the legal answers of every decision (the floor every strategy should beat).',
    create: (_seat: number, random: RandomStream) => module.botOf('uniform', (view, request) => uniformAt(module, view, request, random.next())),
  };
}
