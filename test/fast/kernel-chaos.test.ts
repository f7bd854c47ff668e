import { describe, expect, it } from 'vitest';
import { chaos, fastChaos } from './chaos.js';
import { kernelFor, playBoth, scenarioOf, type Case } from './compare.js';

/**
 * Every rules option the kernel implements, with the chaos bot (every message type, timeouts,
 * breaches) in every seat: the kernel must write the reference engine's record, game for game.
 */
const CASES: Case[] = [
  { name: 'defaults' },
  { name: 'p5', players: 5 },
  { name: 'p6', players: 6 },
  { name: 'private', rules: { negotiationScope: 'continent-private' } },
  { name: 'table', rules: { negotiationScope: 'table' } },
  { name: 'hidden', rules: { goldVisibility: 'hidden' } },
  { name: 'revisable', rules: { commitRevisable: true } },
  { name: 'keep', rules: { passedCards: 'keep' } },
  { name: 'keep5-random', players: 5, rules: { passedCards: 'keep', oppositeOdd: 'random' } },
  { name: 'leave1', players: 5, rules: { oppositeOdd: 'leave-one-out' } },
  { name: 'bank270', rules: { bank: 270 } },
  { name: 'default-commit', rules: { phase1UpgradeCard: 'default-commitment' } },
  { name: 'partial', players: 6, rules: { allowPartialAgreements: true } },
  { name: 'prorata-stock', rules: { shortage: 'pro-rata', continentOrder: 'stock' } },
  { name: 'exempt-ns', rules: { exemption: 'not-counted', fineScope: 'all-on-continent', fineTiming: 'before' } },
  { name: 'exempt-us', rules: { exemption: 'upgrade-succeeds', finePayment: 'all-or-nothing', penaltySink: 'continent' } },
  { name: 'eor', rules: { winCheck: 'end-of-round', finalTiebreak: 'fewest-fines', respawnTiming: 'end-of-current-round' } },
  { name: 'eop', rules: { winCheck: 'end-of-profit', finalTiebreak: 'random', capCut: 'trim-on-respawn', equalRightsPool: 'players-and-board', vultureAllEqual: 5 } },
  { name: 'gross-strict', rules: { winCheck: 'immediate-gross', winThresholdStrict: true } },
  { name: 'late', params: { pLate: 0.5, negotiationTicks: 4 } },
  { name: 'long', params: { rounds: 30, winThreshold: 400 } },
  { name: 'low-threshold', params: { winThreshold: 15, startingGold: 0, fine: 5 } },
  { name: 'deck', params: { eventDeck: { 'market-crash': 4, 'paperwork-chaos': 3, 'change-of-management': 3, hurricane: 3, alms: 2, 'equal-rights': 2 } } },
  {
    name: 'all',
    players: 6,
    rules: { negotiationScope: 'table', goldVisibility: 'hidden', commitRevisable: true, passedCards: 'keep', bank: 270, phase1UpgradeCard: 'default-commitment', allowPartialAgreements: true, shortage: 'pro-rata' },
  },
  {
    name: 'all-private5',
    players: 5,
    rules: { negotiationScope: 'continent-private', goldVisibility: 'hidden', commitRevisable: true, passedCards: 'keep', bank: 270, phase1UpgradeCard: 'default-commitment', allowPartialAgreements: true, oppositeOdd: 'random' },
  },
];

describe('fast kernel = reference engine (chaos bots in every seat)', () => {
  for (const c of CASES) {
    it(`writes the reference record in every game: ${c.name}`, () => {
      const scenario = scenarioOf(c);
      const bots = Array.from({ length: scenario.players }, () => chaos);
      const kernel = kernelFor(scenario, Array.from({ length: scenario.players }, () => fastChaos));
      for (let g = 0; g < 120; g++) {
        const { reference, fast, faults } = playBoth(scenario, kernel, bots, g);
        expect(faults).toBe(0);
        expect(fast, `${c.name}, game ${g}`).toEqual(reference);
      }
    });
  }
});
