/**
 * The generic agents every game with the search contract gets in its bot list: `uniform`, `ismcts`
 * and the `ismcts:…` family (src/games/registry.ts adds them), and the game's search aliases.
 */
import type { AnyGameDefinition, BotFactory } from '../core/definition.js';
import { isSearchable } from './contract.js';
import { ismctsFactory } from './ismcts.js';
import { uniformFactory } from './uniform.js';

/**
 * `definition` with `uniform`, `ismcts` and the `ismcts:…` family added to its bots, if its module is
 * searchable, and each of `aliases` — a fixed name standing for one `ismcts:…` configuration (a
 * retired bot's name, so that scenarios naming it still load: GOLD's `search`) — added as a built-in
 * bot of that name. An alias is in a tournament's default field (it is meant to be cheap) and is not
 * offered as a rollout or prior bot of the search itself.
 */
export function withSearchAgents<D extends AnyGameDefinition>(definition: D, aliases: Readonly<Record<string, string>> = {}): D {
  if (!isSearchable(definition.module)) {
    const names = Object.keys(aliases);
    if (names.length > 0) throw new Error(`${definition.module.id}: search aliases (${names.join(', ')}) need the search contract`);
    return definition;
  }
  const bots: Record<string, BotFactory<unknown>> = { ...definition.builtinBots };
  const game = { module: definition.module, builtinBots: bots, search: definition.search };
  bots.uniform = { ...uniformFactory(definition.module), searchAgent: 'uniform' };
  bots.ismcts = { ...ismctsFactory(game, ''), costly: true, searchAgent: 'ismcts' };
  // The aliases right after the game's own bots (where the bots they replace were), then the generic agents.
  const listed: Record<string, BotFactory<unknown>> = { ...definition.builtinBots };
  for (const [name, spec] of Object.entries(aliases)) {
    if (Object.hasOwn(bots, name)) throw new Error(`${definition.module.id}: the search alias ${name} is already a bot's name`);
    if (spec !== 'ismcts' && !spec.startsWith('ismcts:')) throw new Error(`${definition.module.id}: the search alias ${name} must name ismcts:…, got ${spec}`);
    const factory = ismctsFactory(game, spec.slice('ismcts:'.length));
    listed[name] = {
      name,
      description: `${factory.name} under a fixed name: ${factory.description}`,
      timed: factory.timed,
      create: factory.create,
      searchAgent: spec,
    };
  }
  listed.uniform = bots.uniform;
  listed.ismcts = bots.ismcts;
  return {
    ...definition,
    builtinBots: listed,
    botFamilies: {
      ...definition.botFamilies,
      ismcts: (options: string) => ({ ...ismctsFactory(game, options), costly: true, searchAgent: `ismcts:${options}` }),
    },
  };
}
