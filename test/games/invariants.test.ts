import { describe, expect, it } from 'vitest';
// The heuristic bots only: search is far slower per game and has its own tests (test/bots/search.test.ts).
import { HEURISTIC_BOTS as BUILTIN_BOTS } from '../../bots/goldrausch/index.js';
import { Purpose, RandomSource } from '../../src/core/random.js';
import { goldrausch } from '../../src/games/goldrausch/engine.js';
import { endViolations, stateViolations } from '../../src/games/goldrausch/invariants.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, RULES_CHOICES, type GoldrauschConfig, type RulesOptions } from '../../src/games/goldrausch/params.js';
import { playGame } from '../../src/sim/play.js';

const BOT_NAMES = Object.keys(BUILTIN_BOTS);

/** A random rules configuration: each option takes a uniformly random allowed value. */
function randomRules(random: RandomSource, counter: number): RulesOptions {
  const out: Record<string, unknown> = {};
  let k = 0;
  for (const [key, values] of Object.entries(RULES_CHOICES)) {
    const list = values as readonly unknown[];
    out[key] = list[random.int(Purpose.setup, counter * 64 + k++, list.length)];
  }
  return out as unknown as RulesOptions;
}

function play(config: GoldrauschConfig, g: number, seed: string) {
  const random = new RandomSource(seed, g);
  const players = 4 + (g % 3);
  const bots = Array.from({ length: players }, (_, s) =>
    BUILTIN_BOTS[BOT_NAMES[random.int(Purpose.setup, 1000 + s, BOT_NAMES.length)]].create(s, random.stream(Purpose.bot + s)),
  );
  // The engine changes its state in place: each state is checked when the driver reports it.
  const violations: string[] = [];
  const { final, faults } = playGame({ module: goldrausch, config, players, bots, random, onState: (s) => violations.push(...stateViolations(config, s)) });
  violations.push(...endViolations(final));
  return { final, violations, faults };
}

describe('invariants over random games (scripts/invariants.mjs runs 100k)', () => {
  it('catch a broken state (the checker itself can fail)', () => {
    const config = { rules: DEFAULT_RULES, params: DEFAULT_PARAMS };
    const { final } = play(config, 0, 'inv');
    expect(stateViolations(config, final)).toEqual([]);
    final.gold[0]++;
    expect(stateViolations(config, final)[0]).toMatch(/gold \+ stock \+ bank = 1, expected 0/);
    final.stage = 1;
    expect(endViolations(final)).toEqual(['the game did not end']);
  });

  it('hold with the default rules, random line-ups and 4–6 players, and no bot faults', () => {
    const config: GoldrauschConfig = { rules: DEFAULT_RULES, params: DEFAULT_PARAMS };
    for (let g = 0; g < 2000; g++) {
      const { violations, faults } = play(config, g, 'invariants');
      expect(faults).toEqual([]);
      if (violations.length) expect(violations, `game ${g}`).toEqual([]);
    }
  });

  it('hold under every rules option (random combinations, some late commitments)', () => {
    for (let g = 0; g < 2000; g++) {
      const random = new RandomSource('invariants-options', g);
      const config: GoldrauschConfig = { rules: randomRules(random, g), params: { ...DEFAULT_PARAMS, pLate: g % 5 === 0 ? 0.3 : 0 } };
      const { violations } = play(config, g, 'invariants-options');
      if (violations.length) expect(violations, `game ${g} with ${JSON.stringify(config.rules)}`).toEqual([]);
    }
  });
});
