/**
 * The fast player (player.ts: the engine's own transitions in a tight loop, without the story's
 * detail) writes the same record as the generic driver on the same engine, game for game: for every
 * rules option, the built-in bots in every seat position, chaos bots that use every message type
 * (gifts, rotation clauses, proposals for another continent included), and goldpit impact's blanked
 * cards.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEURISTIC_BOTS } from '../../../bots/goldrausch/heuristic.js';
import { makeBetrayer, makeOpportunist, makeReciprocal, makeSilent } from '../../../bots/goldrausch/index.js';
import type { GameRecord } from '../../../src/core/definition.js';
import type { GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';
import type { GoldrauschConfig } from '../../../src/games/goldrausch/params.js';
import { StatePlayer } from '../../../src/games/goldrausch/player.js';
import { gameRecordOf } from '../../../src/games/goldrausch/records.js';
import { fastPlayerOf, playOne, runRange } from '../../../src/sim/run.js';
import { parseScenario, type Scenario } from '../../../src/sim/scenario.js';
import { OPTION_CASES, type Case } from './cases.js';
import { chaos, chaosBot, type ChaosOptions } from './chaos.js';

const NAMES = ['greedy', 'cooperative', 'betrayer', 'reciprocal', 'random', 'silent', 'opportunist'];

function scenarioOf(c: Case, seats?: string[]): Scenario {
  const players = c.players ?? 4;
  return parseScenario(`/tmp/${c.name}.json`, {
    name: c.name,
    players,
    seats: seats ?? Array.from({ length: players }, () => 'random'),
    rules: c.rules,
    params: c.params,
    seed: `fast-${c.name}`,
  });
}

function configOf(scenario: Scenario, c: Case): GoldrauschConfig {
  const config = scenario.config as GoldrauschConfig;
  return c.blanked ? { ...config, blankedCards: c.blanked } : config;
}

/** Game `index` on the generic driver and on the fast player (null: handed back). */
function playBoth(scenario: Scenario, player: StatePlayer, bots: readonly GoldrauschBotFactory[], index: number, config: GoldrauschConfig) {
  const played = playOne({ ...scenario, bots }, index, { seed: scenario.seed, config });
  const driver: GameRecord = scenario.definition.record(played.final);
  const flat = player.play(scenario.seed, index);
  return { driver, fast: flat === null ? null : gameRecordOf(flat), faults: played.faults.length };
}

describe('fast player = generic driver (chaos bots in every seat)', () => {
  for (const c of OPTION_CASES) {
    it(`writes the driver's record in every game: ${c.name}`, () => {
      const scenario = scenarioOf(c);
      const config = configOf(scenario, c);
      const bots = Array.from({ length: scenario.players }, () => chaos);
      const player = new StatePlayer(config, scenario.players, bots);
      for (let g = 0; g < 60; g++) {
        const { driver, fast, faults } = playBoth(scenario, player, bots, g, config);
        expect(faults).toBe(0);
        expect(fast, `${c.name}, game ${g}`).toEqual(driver);
      }
    });
  }
});

/**
 * Gifts, rotation clauses, proposals for another continent — played by chaos bots, alone and beside
 * the built-in bots (which read the rotation clauses that bind them, and see gold move within a
 * meeting).
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

describe('gifts, rotation clauses and other continents: the same games on both paths', () => {
  const { cooperative, betrayer, reciprocal, opportunist, greedy } = HEURISTIC_BOTS;
  for (const c of EXTRA) {
    it(`chaos in every seat: ${c.name}`, () => {
      const scenario = scenarioOf(c);
      const config = configOf(scenario, c);
      const bots = Array.from({ length: scenario.players }, () => chaosBot(c.chaos));
      const player = new StatePlayer(config, scenario.players, bots);
      let handedBack = 0;
      for (let g = 0; g < 100; g++) {
        const { driver, fast, faults } = playBoth(scenario, player, bots, g, config);
        expect(faults).toBe(0);
        if (fast === null) handedBack++;
        else expect(fast, `${c.name}, game ${g}`).toEqual(driver);
      }
      expect(handedBack).toBeLessThan(100);
    });

    it(`chaos beside the built-in bots: ${c.name}`, () => {
      const scenario = scenarioOf(c);
      const config = configOf(scenario, c);
      const n = scenario.players;
      const pool: GoldrauschBotFactory[] = [cooperative, reciprocal, betrayer, opportunist, greedy];
      for (let g = 0; g < 60; g++) {
        const lineup = Array.from({ length: n }, (_, s) => (s % 2 === g % 2 ? chaosBot(c.chaos) : pool[(s + g) % pool.length]));
        const pair = playBoth(scenario, new StatePlayer(config, n, lineup), lineup, g, config);
        expect(pair.faults).toBe(0);
        if (pair.fast !== null) expect(pair.fast, `${c.name}, game ${g}`).toEqual(pair.driver);
      }
    });
  }
});

describe('fast player = generic driver with the built-in bots', () => {
  for (const c of OPTION_CASES.slice(0, 12)) {
    it(`plays the driver's games: ${c.name}`, () => {
      const players = c.players ?? 4;
      for (let g = 0; g < 30; g++) {
        const seats = Array.from({ length: players }, (_, s) => NAMES[(s + g) % NAMES.length]);
        const scenario = scenarioOf(c, seats);
        const config = configOf(scenario, c);
        const bots = scenario.bots as GoldrauschBotFactory[];
        const pair = playBoth(scenario, new StatePlayer(config, players, bots), bots, g, config);
        expect(pair.faults).toBe(0);
        expect(pair.fast, `${c.name}, game ${g}, ${seats.join()}`).toEqual(pair.driver);
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
    for (let g = 0; g < 60; g++) {
      const bots = [variants[g % 5], variants[(g + 1) % 5], HEURISTIC_BOTS.cooperative, HEURISTIC_BOTS.betrayer, variants[(g + 3) % 5]];
      const pair = playBoth({ ...base, bots }, new StatePlayer(base.config as GoldrauschConfig, 5, bots), bots, g, base.config as GoldrauschConfig);
      expect(pair.fast, `game ${g}`).toEqual(pair.driver);
    }
  });

  it('aggregates a range identically through the flat path, with no game handed back', () => {
    for (const file of ['scenarios/baseline.json', 'scenarios/six-players.json', 'scenarios/fines-to-continent.json']) {
      const scenario = parseScenario(file, JSON.parse(readFileSync(file, 'utf8')));
      const fast = runRange(scenario, 0, 200, { seed: 'agg' });
      const driver = runRange(scenario, 0, 200, { seed: 'agg', engine: 'reference' });
      expect(Array.from(fast.data)).toEqual(Array.from(driver.data));
      const player = fastPlayerOf(scenario);
      expect(player, file).not.toBeNull();
      expect(player!.bailouts).toBe(0);
    }
  });

  it('plays a game the same whatever it played before (nothing of a game leaks into the next)', () => {
    const scenario = parseScenario('scenarios/six-players.json', JSON.parse(readFileSync('scenarios/six-players.json', 'utf8')));
    const bots = scenario.bots as GoldrauschBotFactory[];
    const used = new StatePlayer(scenario.config as GoldrauschConfig, 6, bots);
    for (let g = 0; g < 1000; g++) used.play('leak', g);
    for (const g of [3, 777, 999]) {
      const fresh = new StatePlayer(scenario.config as GoldrauschConfig, 6, bots);
      expect(gameRecordOf(used.play('leak', g)!)).toEqual(gameRecordOf(fresh.play('leak', g)!));
    }
  });
});
