/**
 * The search contract as the agents use it: a `GameModule` whose search members
 * (core/game.ts: legalAnswers, clone, sampleState, botOf) are all there.
 */
import type { DecisionRequest, GameModule } from '../core/game.js';

type Required2<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> };

/** The members a generic search needs. */
export const SEARCH_MEMBERS = ['legalAnswers', 'clone', 'sampleState', 'botOf'] as const;

/** A game module with its search contract, erased to what the agents read. */
export type SearchableModule<View, Request extends DecisionRequest, Answer, State = unknown, Bot = unknown> = Required2<
  GameModule<unknown, State, View, Request, Answer, Bot>,
  (typeof SEARCH_MEMBERS)[number]
>;

/** Whether `module` implements the whole search contract. */
export function isSearchable<Config, State, View, Request extends DecisionRequest, Answer, Bot>(
  module: GameModule<Config, State, View, Request, Answer, Bot>,
): boolean {
  return SEARCH_MEMBERS.every((m) => typeof module[m] === 'function');
}

/** `module` as a searchable module; throws naming the missing members if it is not one. */
export function searchable<Config, State, View, Request extends DecisionRequest, Answer, Bot>(
  module: GameModule<Config, State, View, Request, Answer, Bot>,
): SearchableModule<View, Request, Answer, State, Bot> {
  const missing = SEARCH_MEMBERS.filter((m) => typeof module[m] !== 'function');
  if (missing.length > 0) throw new RangeError(`${module.id} does not implement the search contract: no ${missing.join(', ')} (core/game.ts)`);
  return module as unknown as SearchableModule<View, Request, Answer, State, Bot>;
}
