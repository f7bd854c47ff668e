import { describe, expect, it } from 'vitest';
import { HEURISTIC_BOTS } from '../../bots/goldrausch/heuristic.js';
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import type { FastBotFactory } from '../../src/games/goldrausch/fast/view.js';
import { chaos, chaosBot, fastChaos, fastChaosBot, type ChaosOptions } from './chaos.js';
import { OPTION_CASES } from './cases.js';
import { configOf, kernelFor, playBoth, scenarioOf, type Case } from './compare.js';

/**
 * Every rules option, with the chaos bot (every message type, timeouts, breaches) in every seat: the
 * engine's fast player must write the reference engine's record, game for game.
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

/**
 * What only a bot file can send on the reference engine — gifts, rotation clauses, proposals about
 * another continent — played by chaos bots, alone and beside the built-in bots (which read the
 * rotation clauses that bind them, and see gold move within a meeting).
 */
const EXTRA: (Case & { chaos: ChaosOptions })[] = [
  { name: 'gifts', rules: { allowGoldGifts: true }, chaos: { gifts: true } },
  { name: 'gifts-gross', rules: { allowGoldGifts: true, winCheck: 'immediate-gross' }, params: { winThreshold: 20 }, chaos: { gifts: true } },
  { name: 'gifts-eor', rules: { allowGoldGifts: true, winCheck: 'end-of-round', goldVisibility: 'hidden' }, chaos: { gifts: true } },
  { name: 'table-clauses', rules: { negotiationScope: 'table' }, chaos: { table: true } },
  { name: 'table-partial', players: 6, rules: { negotiationScope: 'table', allowPartialAgreements: true }, chaos: { table: true } },
  { name: 'clauses', players: 5, params: { rounds: 14 }, chaos: {} },
  { name: 'private-clauses', rules: { negotiationScope: 'continent-private', passedCards: 'keep' }, chaos: {} },
  {
    name: 'everything',
    players: 6,
    rules: { negotiationScope: 'table', allowGoldGifts: true, allowPartialAgreements: true, commitRevisable: true, passedCards: 'keep', bank: 270 },
    chaos: { table: true, gifts: true },
  },
];

describe('gifts, rotation clauses and other continents: the same games on both engines', () => {
  const { cooperative, betrayer, reciprocal, opportunist, greedy } = HEURISTIC_BOTS;
  for (const c of EXTRA) {
    it(`chaos in every seat: ${c.name}`, () => {
      const scenario = scenarioOf(c);
      const config = configOf(scenario, c);
      const n = scenario.players;
      const kernel = kernelFor(
        scenario,
        Array.from({ length: n }, () => fastChaosBot(c.chaos)),
        config,
      );
      const bots = Array.from({ length: n }, () => chaosBot(c.chaos));
      let handedBack = 0;
      for (let g = 0; g < 150; g++) {
        const { reference, fast, faults } = playBoth(scenario, kernel, bots, g, config);
        expect(faults).toBe(0);
        if (fast === null) handedBack++;
        else expect(fast, `${c.name}, game ${g}`).toEqual(reference);
      }
      expect(handedBack).toBeLessThan(150);
    });

    it(`chaos beside the built-in bots: ${c.name}`, () => {
      const scenario = scenarioOf(c);
      const config = configOf(scenario, c);
      const n = scenario.players;
      const pool: GoldrauschBotFactory[] = [cooperative, reciprocal, betrayer, opportunist, greedy];
      for (let g = 0; g < 100; g++) {
        const lineup: GoldrauschBotFactory[] = Array.from({ length: n }, (_, s) => (s % 2 === g % 2 ? chaosBot(c.chaos) : pool[(s + g) % pool.length]));
        const fast: FastBotFactory[] = lineup.map((b) => (b.name === 'chaos' ? fastChaosBot(c.chaos) : b.fast!));
        const kernel = kernelFor(scenario, fast, config);
        const pair = playBoth(scenario, kernel, lineup, g, config);
        expect(pair.faults).toBe(0);
        if (pair.fast !== null) expect(pair.fast, `${c.name}, game ${g}`).toEqual(pair.reference);
      }
    });
  }
});
