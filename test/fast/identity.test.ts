/**
 * The fast kernel plays the reference engine's games with the built-in heuristic bots: for every
 * rules option it implements, every built-in bot in every seat position, the same compact record
 * game for game, no game handed back, and the same aggregate through `runRange`'s flat path.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_CARD_IDS } from '../../src/games/goldrausch/types.js';
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { FastKernel, gameRecord } from '../../src/games/goldrausch/fast/kernel.js';
import { gameKey } from '../../src/core/random.js';
import type { GoldrauschConfig } from '../../src/games/goldrausch/params.js';
import { fastPlayerOf, playOne, runRange } from '../../src/sim/run.js';
import { parseScenario } from '../../src/sim/scenario.js';
import { HEURISTIC_BOTS } from '../../bots/goldrausch/heuristic.js';
import { makeBetrayer, makeOpportunist, makeReciprocal, makeSilent } from '../../bots/goldrausch/index.js';
import type { Case } from './compare.js';

const NAMES = ['greedy', 'cooperative', 'betrayer', 'reciprocal', 'random', 'silent', 'opportunist'];

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
  { name: 'bank270', rules: { bank: 270 } },
  { name: 'default-commit', rules: { phase1UpgradeCard: 'default-commitment' } },
  { name: 'partial', players: 6, rules: { allowPartialAgreements: true } },
  { name: 'prorata-stock', rules: { shortage: 'pro-rata', continentOrder: 'stock' } },
  { name: 'exempt-us', rules: { exemption: 'upgrade-succeeds', finePayment: 'all-or-nothing', penaltySink: 'continent' } },
  { name: 'eor', rules: { winCheck: 'end-of-round', finalTiebreak: 'fewest-fines', respawnTiming: 'end-of-current-round' } },
  { name: 'eop-strict', rules: { winCheck: 'end-of-profit', winThresholdStrict: true, finalTiebreak: 'random' } },
  { name: 'fine0', params: { fine: 0 } },
  { name: 'fine5-ticks3', params: { fine: 5, negotiationTicks: 3 } },
  { name: 'late', params: { pLate: 0.3 } },
  { name: 'long', params: { rounds: 14 } },
  { name: 'one-card-deck', params: { rounds: 12, resourceDeck: { deck_id: 'one', cards: [{ id: 'X', respawn: { azul: 4, rosso: 6, veridia: 9 }, extract: { azul: 3, rosso: 5, veridia: 7 } }] } } },
  {
    name: 'three-card-deck',
    params: {
      rounds: 16,
      resourceDeck: {
        deck_id: 'three',
        cards: [
          { id: 'A', respawn: { azul: 2, rosso: 9, veridia: 1 }, extract: { azul: 6, rosso: 1, veridia: 2 } },
          { id: 'B', respawn: { azul: 8, rosso: 0, veridia: 12 }, extract: { azul: 0, rosso: 9, veridia: 4 } },
          { id: 'C', respawn: { azul: 5, rosso: 5, veridia: 5 }, extract: { azul: 5, rosso: 5, veridia: 5 } },
        ],
      },
    },
  },
  { name: 'wheel-events', params: { wheel: { 'disaster-azul': 0, 'disaster-rosso': 1, 'disaster-veridia': 0, 'disaster-world': 0, calm: 1, event: 10 } } },
  { name: 'no-event-cards', params: { wheel: { event: 9 }, eventDeck: Object.fromEntries(EVENT_CARD_IDS.map((id) => [id, 0])) } },
  {
    name: 'odd-caps',
    params: { caps: { azul: 3, rosso: 50, veridia: 8 }, setupRespawnMultiplier: { 4: 5, 5: 1, 6: 0 }, capCuts: { 'barren-land': 7, 'poor-mother-earth': 0 }, startingGold: 0, winThreshold: 25 },
  },
  { name: 'three-messages', params: { messagesPerTick: 3, negotiationTicks: 2 } },
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
  for (const c of CASES) {
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
