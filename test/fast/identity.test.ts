/**
 * The fast kernel plays the reference engine's games with the built-in heuristic bots: for every
 * rules option it implements, every built-in bot in every seat position, the same compact record
 * game for game, no game handed back, and the same aggregate through `runRange`'s flat path.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { StatePlayer as FastKernel } from '../../src/games/goldrausch/fast/player.js';
import { gameRecordOf } from '../../src/games/goldrausch/fast/records.js';
import { gameKey } from '../../src/core/random.js';
import type { GoldrauschConfig } from '../../src/games/goldrausch/params.js';
import { fastPlayerOf, playOne, runRange } from '../../src/sim/run.js';
import { parseScenario } from '../../src/sim/scenario.js';
import { HEURISTIC_BOTS } from '../../bots/goldrausch/heuristic.js';
import { makeBetrayer, makeOpportunist, makeReciprocal, makeSilent } from '../../bots/goldrausch/index.js';
import { OPTION_CASES } from './cases.js';
import { configOf } from './compare.js';
import { impactRange } from '../../src/sim/impact.js';
import { EVENT_CARD_IDS } from '../../src/games/goldrausch/types.js';

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
        const config = configOf(scenario, c);
        const key = seats.join();
        let kernel = kernels.get(key);
        if (!kernel) kernels.set(key, (kernel = new FastKernel(config, players, twinsOf(scenario.bots as GoldrauschBotFactory[]))));
        const played = playOne(scenario, g, { seed: scenario.seed, config });
        expect(played.faults).toEqual([]);
        const reference = scenario.definition.record(played.final);
        const fast = gameRecordOf(kernel.play(gameKey(scenario.seed, g))!);
        expect(fast, `${c.name}, game ${g}, ${key}`).toEqual(reference);
      }
    });
  }

  it('plays the variants of the built-in bots the same way (beta, profitable, no promise, k, q, minGain)', () => {
    const variants = [
      makeBetrayer({ beta: 0.5, mode: 'profitable' }),
      makeBetrayer({ promise: false }),
      makeReciprocal({ k: 1 }),
      makeSilent({ q: 0.3 }),
      makeOpportunist({ minGain: 2 }),
    ];
    const base = parseScenario('/tmp/variants.json', {
      name: 'variants',
      players: 5,
      seats: ['cooperative', 'greedy', 'betrayer', 'reciprocal', 'opportunist'],
      seed: 'variants',
    });
    for (let g = 0; g < 100; g++) {
      const bots = [variants[g % 5], variants[(g + 1) % 5], HEURISTIC_BOTS.cooperative, HEURISTIC_BOTS.betrayer, variants[(g + 3) % 5]];
      const scenario = { ...base, bots };
      const reference = scenario.definition.record(playOne(scenario, g, { seed: 'variants' }).final);
      const kernel = new FastKernel(base.config as GoldrauschConfig, 5, twinsOf(bots));
      expect(gameRecordOf(kernel.play(gameKey('variants', g))!), `game ${g}`).toEqual(reference);
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

  it('plays a game the same whatever the kernel played before it (nothing of a game leaks into the next)', () => {
    const scenario = parseScenario('scenarios/six-players.json', JSON.parse(readFileSync('scenarios/six-players.json', 'utf8')));
    const twins = twinsOf(scenario.bots as GoldrauschBotFactory[]);
    const used = new FastKernel(scenario.config as GoldrauschConfig, 6, twins);
    for (let g = 0; g < 2000; g++) used.play(gameKey('leak', g));
    for (const g of [3, 777, 1999]) {
      const fresh = new FastKernel(scenario.config as GoldrauschConfig, 6, twins);
      expect(gameRecordOf(used.play(gameKey('leak', g))!)).toEqual(gameRecordOf(fresh.play(gameKey('leak', g))!));
    }
  });

  it('measures the same card impact on both engines (blanked-card counterfactuals, all 25 cards)', () => {
    const all = EVENT_CARD_IDS.map((_, i) => i);
    for (const file of ['scenarios/baseline.json', 'scenarios/five-players.json']) {
      const scenario = parseScenario(file, JSON.parse(readFileSync(file, 'utf8')));
      const fast = impactRange(scenario, all, 'impact', 0, 150);
      const reference = impactRange(scenario, all, 'impact', 0, 150, undefined, 'reference');
      const plain = (sums: typeof fast) => sums.map((s) => ({ card: s.card, drawnIn: s.drawnIn, sum: Array.from(s.sum), sumSq: Array.from(s.sumSq) }));
      expect(plain(fast)).toEqual(plain(reference));
      expect(fast.reduce((n, s) => n + s.drawnIn, 0)).toBeGreaterThan(300); // cards were drawn and replayed blanked
    }
  });

  it("is used only for the registry's own factories (never a wrapper or a bot file)", () => {
    const scenario = parseScenario('/tmp/wrapped.json', { name: 'wrapped', players: 4, seats: ['greedy', 'greedy', 'greedy', 'greedy'], seed: 'w' });
    expect(fastPlayerOf(scenario)).not.toBeNull();
    const wrapped = { ...scenario, bots: scenario.bots.map((b) => ({ ...(b as GoldrauschBotFactory) })) };
    expect(fastPlayerOf(wrapped)).toBeNull();
    const search = parseScenario('/tmp/search.json', { name: 'search', players: 4, seats: ['greedy', 'search', 'greedy', 'greedy'], seed: 'w' });
    expect(fastPlayerOf(search)).toBeNull();
  });
});
