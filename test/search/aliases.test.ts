/**
 * Search aliases (src/search/agents.ts): a retired bot's name standing for one `ismcts`
 * configuration. GOLD's `search` and My Gold Mine's `search` and `search-8` must load where a
 * scenario names them and play exactly the games of the configuration they stand for.
 */
import { describe, expect, it } from 'vitest';
import { GOLD_BOT_ALIASES, GOLD_BOTS } from '../../bots/gold-knizia/index.js';
import { BOT_ALIASES as MY_GOLD_MINE_ALIASES } from '../../bots/my-gold-mine/index.js';
import { builtinBot } from '../../src/core/bots.js';
import { defaultField } from '../../src/cli/tournament.js';
import { goldKniziaDefinition } from '../../src/games/gold-knizia/definition.js';
import { GAMES } from '../../src/games/registry.js';
import { playOne } from '../../src/sim/run.js';
import { parseScenario } from '../../src/sim/scenario.js';
import { withSearchAgents } from '../../src/search/agents.js';

const CASES = [
  ...Object.entries(GOLD_BOT_ALIASES).map(([alias, spec]) => ({ game: 'gold-knizia', alias, spec, other: 'greedy' })),
  ...Object.entries(MY_GOLD_MINE_ALIASES).map(([alias, spec]) => ({ game: 'my-gold-mine', alias, spec, other: 'odds' })),
];

describe('search aliases', () => {
  it('keep the retired names: GOLD search, My Gold Mine search and search-8', () => {
    expect(CASES.map((c) => `${c.game} ${c.alias}`)).toEqual(['gold-knizia search', 'my-gold-mine search', 'my-gold-mine search-8']);
    // Listed where the bots they replace were: after the game's own bots, before the generic agents.
    expect(Object.keys(GAMES['gold-knizia'].builtinBots)).toEqual(['random', 'greedy', 'spoiler', 'cautious', 'search', 'uniform', 'ismcts']);
    expect(Object.keys(GAMES['my-gold-mine'].builtinBots).slice(-4)).toEqual(['search', 'search-8', 'uniform', 'ismcts']);
  });

  it.each(CASES)('$game $alias: a built-in bot of that name in the default tournament field, described as its configuration', ({ game, alias, spec }) => {
    const def = GAMES[game];
    const factory = def.builtinBots[alias];
    expect(factory.name).toBe(alias);
    expect(factory.costly).not.toBe(true);
    expect(factory.timed).toBe(false);
    expect(defaultField(def)).toContain(alias);
    // The description starts with the configuration's canonical name.
    const canonical = builtinBot(def, spec)?.name;
    expect(canonical).toMatch(/^ismcts:iterations=\d+:/);
    expect(factory.description.startsWith(`${canonical} under a fixed name`)).toBe(true);
    // Not offered as a rollout or prior bot of the search (a search inside every rollout).
    expect(() => builtinBot(def, `ismcts:rollout=${alias}`)).toThrow(RangeError);
  });

  it.each(CASES)('$game $alias: a scenario naming it plays the very games of $spec', ({ game, alias, spec, other }) => {
    const seats = (bot: string) => [bot, other, other, bot];
    const withAlias = parseScenario('alias.json', { game, players: 4, seats: seats(alias), seed: 'alias' });
    const spelt = parseScenario('spelt.json', { game, players: 4, seats: seats(spec), seed: 'alias' });
    const heuristic = parseScenario('heuristic.json', { game, players: 4, seats: seats(other), seed: 'alias' });
    let differs = 0;
    for (let i = 0; i < 3; i++) {
      const a = playOne(withAlias, i, { seed: 'alias', engine: 'reference' });
      const b = playOne(spelt, i, { seed: 'alias', engine: 'reference' });
      expect(a.faults).toEqual([]);
      expect(a.outcome).toEqual(b.outcome);
      expect(withAlias.definition.record(a.final)).toEqual(spelt.definition.record(b.final));
      // The seats search: their games are not the heuristic's.
      const h = playOne(heuristic, i, { seed: 'alias', engine: 'reference' });
      if (JSON.stringify(withAlias.definition.record(a.final)) !== JSON.stringify(heuristic.definition.record(h.final))) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });

  it('refuses an alias that is a bot already, names no ismcts configuration, or has bad options', () => {
    const gold = { ...goldKniziaDefinition, builtinBots: GOLD_BOTS };
    expect(() => withSearchAgents(gold, { greedy: 'ismcts:iterations=10' })).toThrow(/the search alias greedy is already a bot's name/);
    expect(() => withSearchAgents(gold, { uniform: 'ismcts:iterations=10' })).toThrow(/already a bot's name/);
    expect(() => withSearchAgents(gold, { strong: 'greedy' })).toThrow(/the search alias strong must name ismcts:…, got greedy/);
    expect(() => withSearchAgents(gold, { strong: 'ismcts:iterations=x' })).toThrow(RangeError);
    expect(withSearchAgents(gold, { strong: 'ismcts' }).builtinBots.strong.name).toBe('strong');
  });
});
