/**
 * The fast kernel plays the reference engine's games with the built-in heuristic bots: for every
 * rules option it implements, every built-in bot in every seat position, the same compact record
 * game for game, no game handed back, and the same aggregate through `runRange`'s flat path.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { FastKernel, gameRecord } from '../../src/games/goldrausch/fast/kernel.js';
import { gameKey } from '../../src/core/random.js';
import type { GoldrauschConfig } from '../../src/games/goldrausch/params.js';
import { fastPlayerOf, playOne, runRange } from '../../src/sim/run.js';
import { parseScenario } from '../../src/sim/scenario.js';
import { HEURISTIC_BOTS } from '../../bots/goldrausch/heuristic.js';
import { makeBetrayer, makeOpportunist, makeReciprocal, makeSilent } from '../../bots/goldrausch/index.js';
import { OPTION_CASES } from './cases.js';

const NAMES = ['greedy', 'cooperative', 'betrayer', 'reciprocal', 'random', 'silent', 'opportunist'];


const GAMES = 60;

/** Every line-up rotates the seven built-in bots through the seats, one rotation per game. */
function lineup(players: number, g: number): string[] {
  return Array.from({ length: players }, (_, s) => NAMES[(s + g) % NAMES.length]);
}

function twinsOf(bots: readonly GoldrauschBotFactory[]) {
  return bots.map((b) => {
    if (!b.fast) throw new Error(`${b.name} has no fast twin`);
    return b.fast;
  });
}

describe('fast kernel = reference engine with the built-in bots', () => {
  for (const c of OPTION_CASES) {
    it(`plays the reference games: ${c.name}`, () => {
      const players = c.players ?? 4;
      const kernels = new Map<string, FastKernel>();
      for (let g = 0; g < GAMES; g++) {
        const seats = lineup(players, g);
        const scenario = parseScenario(`/tmp/${c.name}.json`, { name: c.name, players, seats, rules: c.rules, params: c.params, seed: `id-${c.name}` });
        const key = seats.join();
        let kernel = kernels.get(key);
        if (!kernel) kernels.set(key, (kernel = new FastKernel(scenario.config as GoldrauschConfig, players, twinsOf(scenario.bots as GoldrauschBotFactory[]))));
        const played = playOne(scenario, g, { seed: scenario.seed });
        expect(played.faults).toEqual([]);
        const reference = scenario.definition.record(played.final);
        const fast = gameRecord(kernel.play(gameKey(scenario.seed, g)));
        expect(fast, `${c.name}, game ${g}, ${key}`).toEqual(reference);
      }
    });
  }

  it('plays the variants of the built-in bots the same way (beta, profitable, no promise, k, q, minGain)', () => {
    const variants = [makeBetrayer({ beta: 0.5, mode: 'profitable' }), makeBetrayer({ promise: false }), makeReciprocal({ k: 1 }), makeSilent({ q: 0.3 }), makeOpportunist({ minGain: 2 })];
    const base = parseScenario('/tmp/variants.json', { name: 'variants', players: 5, seats: ['cooperative', 'greedy', 'betrayer', 'reciprocal', 'opportunist'], seed: 'variants' });
    for (let g = 0; g < 100; g++) {
      const bots = [variants[g % 5], variants[(g + 1) % 5], HEURISTIC_BOTS.cooperative, HEURISTIC_BOTS.betrayer, variants[(g + 3) % 5]];
      const scenario = { ...base, bots };
      const reference = scenario.definition.record(playOne(scenario, g, { seed: 'variants' }).final);
      const kernel = new FastKernel(base.config as GoldrauschConfig, 5, twinsOf(bots));
      expect(gameRecord(kernel.play(gameKey('variants', g))), `game ${g}`).toEqual(reference);
    }
  });

  it('aggregates a range identically through the flat path, with no game handed back', () => {
    for (const file of ['scenarios/baseline.json', 'scenarios/six-players.json', 'scenarios/fines-to-continent.json']) {
      const scenario = parseScenario(file, JSON.parse(readFileSync(file, 'utf8')));
      const fast = runRange(scenario, 0, 300, { seed: 'agg' });
      const reference = runRange(scenario, 0, 300, { seed: 'agg', engine: 'reference' });
      expect(Array.from(fast.data)).toEqual(Array.from(reference.data));
      expect(fast.firstFaults).toEqual(reference.firstFaults);
      const player = fastPlayerOf(scenario);
      expect(player, file).not.toBeNull();
      expect(player!.bailouts).toBe(0);
    }
  });

  it('is used only for the registry\'s own factories (never a wrapper or a bot file)', () => {
    const scenario = parseScenario('/tmp/wrapped.json', { name: 'wrapped', players: 4, seats: ['greedy', 'greedy', 'greedy', 'greedy'], seed: 'w' });
    expect(fastPlayerOf(scenario)).not.toBeNull();
    const wrapped = { ...scenario, bots: scenario.bots.map((b) => ({ ...(b as GoldrauschBotFactory) })) };
    expect(fastPlayerOf(wrapped)).toBeNull();
    const search = parseScenario('/tmp/search.json', { name: 'search', players: 4, seats: ['greedy', 'search', 'greedy', 'greedy'], seed: 'w' });
    expect(fastPlayerOf(search)).toBeNull();
  });
});
