/**
 * The generic agents every game with the search contract gets in its bot list: `uniform`, `ismcts`
 * and the `ismcts:…` family (src/games/registry.ts adds them).
 */
import type { AnyGameDefinition, BotFactory } from '../core/definition.js';
import { isSearchable } from './contract.js';
import { ismctsFactory } from './ismcts.js';
import { uniformFactory } from './uniform.js';

/** `definition` with `uniform`, `ismcts` and the `ismcts:…` family added to its bots, if its module is searchable. */
export function withSearchAgents<D extends AnyGameDefinition>(definition: D): D {
  if (!isSearchable(definition.module)) return definition;
  const bots: Record<string, BotFactory<unknown>> = { ...definition.builtinBots };
  const game = { module: definition.module, builtinBots: bots, search: definition.search };
  bots.uniform = uniformFactory(definition.module);
  bots.ismcts = { ...ismctsFactory(game, ''), costly: true };
  return {
    ...definition,
    builtinBots: bots,
    botFamilies: { ...definition.botFamilies, ismcts: (options: string) => ({ ...ismctsFactory(game, options), costly: true }) },
  };
}
