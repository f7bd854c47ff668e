import { describe, expect, it } from 'vitest';
import { BUILTIN_BOTS } from '../../bots/goldrausch/index.js';
import { Purpose, RandomSource } from '../../src/core/random.js';
import { goldrausch } from '../../src/games/goldrausch/engine.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, RULES_CHOICES, type GoldrauschConfig, type RulesOptions } from '../../src/games/goldrausch/params.js';
import type { GoldrauschState } from '../../src/games/goldrausch/state.js';
import { playGame } from '../../src/sim/play.js';

const BOT_NAMES = Object.keys(BUILTIN_BOTS);

/** A random rules configuration: each option takes a uniformly random allowed value. */
function randomRules(random: RandomSource, counter: number): RulesOptions {
  const out: Record<string, unknown> = {};
  let k = 0;
  for (const [key, values] of Object.entries(RULES_CHOICES)) {
    out[key] = (values as readonly unknown[])[random.int(Purpose.setup, counter * 64 + k++, (values as readonly unknown[]).length)];
  }
  return out as unknown as RulesOptions;
}

function checkInvariants(config: GoldrauschConfig, states: GoldrauschState[], total: number): void {
  for (const s of states) {
    const sum = s.gold.reduce((a, b) => a + b, 0) + s.stock.reduce((a, b) => a + b, 0) + s.bank;
    // Gold is conserved between players, continents and bank.
    expect(sum).toBe(total);
    for (const g of s.gold) expect(g).toBeGreaterThanOrEqual(0);
    if (config.rules.bank === 270) expect(s.bank).toBeGreaterThanOrEqual(0);
    for (let c = 0; c < 3; c++) {
      expect(s.stock[c]).toBeGreaterThanOrEqual(0);
      const cap = Math.max(0, config.params.caps[c] - s.capReduction);
      // With trim-on-respawn a cut cap may leave stock above it until mined (GR-A29 option).
      if (config.rules.capCut === 'trim-now') expect(s.stock[c]).toBeLessThanOrEqual(cap);
      else expect(s.stock[c]).toBeLessThanOrEqual(config.params.caps[c]);
    }
    expect(s.round).toBeLessThanOrEqual(config.params.rounds);
  }
  const last = states[states.length - 1];
  expect(last.stage).toBe('over');
  expect(last.winners.length).toBeGreaterThan(0);
}

describe('invariants over random games', () => {
  it('hold with the default rules, random line-ups and 4–6 players', () => {
    const config: GoldrauschConfig = { rules: DEFAULT_RULES, params: DEFAULT_PARAMS };
    for (let g = 0; g < 1500; g++) {
      const random = new RandomSource('invariants', g);
      const players = 4 + (g % 3);
      const bots = Array.from({ length: players }, (_, s) =>
        BUILTIN_BOTS[BOT_NAMES[random.int(Purpose.setup, 1000 + s, BOT_NAMES.length)]].create(s, random.stream(Purpose.bot + s)),
      );
      const states: GoldrauschState[] = [];
      const { faults } = playGame({ module: goldrausch, config, players, bots, random, onState: (s) => states.push(s) });
      expect(faults).toEqual([]);
      checkInvariants(config, states, 0);
    }
  });

  it('hold under every rules option (random combinations)', () => {
    for (let g = 0; g < 1500; g++) {
      const random = new RandomSource('invariants-options', g);
      const config: GoldrauschConfig = { rules: randomRules(random, g), params: { ...DEFAULT_PARAMS, pLate: g % 5 === 0 ? 0.3 : 0 } };
      const players = 4 + (g % 3);
      const bots = Array.from({ length: players }, (_, s) =>
        BUILTIN_BOTS[BOT_NAMES[random.int(Purpose.setup, 1000 + s, BOT_NAMES.length)]].create(s, random.stream(Purpose.bot + s)),
      );
      const states: GoldrauschState[] = [];
      playGame({ module: goldrausch, config, players, bots, random, onState: (s) => states.push(s) });
      checkInvariants(config, states, config.rules.bank === 270 ? 270 : 0);
    }
  });
});
