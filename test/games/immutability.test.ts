import { describe, expect, it } from 'vitest';
import { BUILTIN_BOTS } from '../../bots/goldrausch/index.js';
import { Purpose, RandomSource } from '../../src/core/random.js';
import { goldrausch } from '../../src/games/goldrausch/engine.js';
import { gameRecord as record } from '../../src/games/goldrausch/records.js';
import { DEFAULT_PARAMS, DEFAULT_RULES } from '../../src/games/goldrausch/params.js';
import { playGame } from '../../src/sim/play.js';
import { historyOf } from './goldrausch/helpers.js';

const config = { rules: DEFAULT_RULES, params: DEFAULT_PARAMS };
const lineup = ['greedy', 'cooperative', 'betrayer', 'reciprocal', 'random', 'silent'];

function playMany(freeze: boolean, games: number): string {
  const out: string[] = [];
  for (let g = 0; g < games; g++) {
    const random = new RandomSource('freeze', g);
    const players = 4 + (g % 3);
    const bots = lineup.slice(0, players).map((b, s) => BUILTIN_BOTS[b].create(s, random.stream(Purpose.bot + s)));
    const { final } = playGame({ module: goldrausch, config, players, bots, random, freeze });
    out.push(JSON.stringify(record(final)), JSON.stringify(historyOf(final)));
  }
  return out.join('\n');
}

describe('frozen views (the engine changes its state in place; a bot gets a read-only view)', () => {
  it('plays 1,000 games with every view frozen, byte-identical to an unfrozen run', () => {
    const frozen = playMany(true, 1000);
    const plain = playMany(false, 1000);
    expect(frozen.length).toBeGreaterThan(100_000);
    expect(frozen === plain).toBe(true);
  });

  it('a frozen view makes a stray write throw, and offers no list to write into', () => {
    const random = new RandomSource('purity', 4);
    const bots = lineup.slice(0, 4).map((b, s) => BUILTIN_BOTS[b].create(s, random.stream(Purpose.bot + s)));
    const { final } = playGame({ module: goldrausch, config, players: 4, bots, random, freeze: true });
    const view = final.views[0];
    expect(Object.isFrozen(view)).toBe(true);
    expect(() => {
      (view as unknown as { seat: number }).seat = 3;
    }).toThrow(TypeError);
    // No read gives an object but the frozen rules and params: nothing of the state is reachable.
    const proto = Object.getPrototypeOf(view) as object;
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor') continue;
      const d = Object.getOwnPropertyDescriptor(proto, name)!;
      const value = d.get ? d.get.call(view) : (d.value as (...a: number[]) => unknown).call(view, 0, 0, 0);
      if (name === 'rules' || name === 'params') expect(Object.isFrozen(value), name).toBe(true);
      else expect(typeof value !== 'object' || value === null, name).toBe(true);
    }
  });
});
