import { describe, expect, it } from 'vitest';
import { BUILTIN_BOTS } from '../../bots/goldrausch/index.js';
import { Purpose, RandomSource } from '../../src/core/random.js';
import { goldrausch } from '../../src/games/goldrausch/engine.js';
import { record } from '../../src/games/goldrausch/definition.js';
import { DEFAULT_PARAMS, DEFAULT_RULES } from '../../src/games/goldrausch/params.js';
import type { GoldrauschState } from '../../src/games/goldrausch/state.js';
import { playGame } from '../../src/sim/play.js';

const config = { rules: DEFAULT_RULES, params: DEFAULT_PARAMS };
const lineup = ['greedy', 'cooperative', 'betrayer', 'reciprocal', 'random', 'silent'];

function playMany(freeze: boolean, games: number): string {
  const out: string[] = [];
  for (let g = 0; g < games; g++) {
    const random = new RandomSource('freeze', g);
    const players = 4 + (g % 3);
    const bots = lineup.slice(0, players).map((b, s) => BUILTIN_BOTS[b].create(s, random.stream(Purpose.bot + s)));
    const { final } = playGame({ module: goldrausch, config, players, bots, random, freeze });
    out.push(JSON.stringify(record(final)), JSON.stringify(final.history));
  }
  return out.join('\n');
}

describe('immutable state', () => {
  it('plays 1,000 games with every state and view deep-frozen, byte-identical to an unfrozen run', () => {
    const frozen = playMany(true, 1000);
    const plain = playMany(false, 1000);
    expect(frozen.length).toBeGreaterThan(100_000);
    expect(frozen === plain).toBe(true);
  });

  it('never changes an earlier state: every state is unchanged after the game went on from it', () => {
    const random = new RandomSource('purity', 3);
    const bots = lineup.slice(0, 4).map((b, s) => BUILTIN_BOTS[b].create(s, random.stream(Purpose.bot + s)));
    const states: GoldrauschState[] = [];
    const snapshots: string[] = [];
    playGame({
      module: goldrausch,
      config,
      players: 4,
      bots,
      random,
      onState: (s) => {
        states.push(s);
        snapshots.push(JSON.stringify(s));
      },
    });
    expect(states.length).toBeGreaterThan(20);
    states.forEach((s, i) => expect(JSON.stringify(s)).toBe(snapshots[i]));
  });

  it('a frozen state makes a stray write throw', () => {
    const random = new RandomSource('purity', 4);
    const bots = lineup.slice(0, 4).map((b, s) => BUILTIN_BOTS[b].create(s, random.stream(Purpose.bot + s)));
    const { final } = playGame({ module: goldrausch, config, players: 4, bots, random, freeze: true });
    expect(() => {
      (final.gold as number[])[0] = 99;
    }).toThrow(TypeError);
  });
});
