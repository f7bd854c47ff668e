import { describe, expect, it } from 'vitest';
import { chaos, fastChaos } from './chaos.js';
import { OPTION_CASES } from './cases.js';
import { configOf, kernelFor, playBoth, scenarioOf } from './compare.js';

/**
 * Every rules option the kernel implements, with the chaos bot (every message type, timeouts,
 * breaches) in every seat: the kernel must write the reference engine's record, game for game.
 */

describe('fast kernel = reference engine (chaos bots in every seat)', () => {
  for (const c of OPTION_CASES) {
    it(`writes the reference record in every game: ${c.name}`, () => {
      const scenario = scenarioOf(c);
      const config = configOf(scenario, c);
      const bots = Array.from({ length: scenario.players }, () => chaos);
      const kernel = kernelFor(
        scenario,
        Array.from({ length: scenario.players }, () => fastChaos),
        config,
      );
      for (let g = 0; g < 120; g++) {
        const { reference, fast, faults } = playBoth(scenario, kernel, bots, g, config);
        expect(faults).toBe(0);
        expect(fast, `${c.name}, game ${g}`).toEqual(reference);
      }
    });
  }
});
