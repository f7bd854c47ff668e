import { describe, expect, it } from 'vitest';
import { BUILTIN_BOTS, HEURISTIC_BOTS } from '../../bots/goldrausch/index.js';
import betrayer from '../../bots/goldrausch/betrayer.js';
import cooperative from '../../bots/goldrausch/cooperative.js';
import greedy from '../../bots/goldrausch/greedy.js';
import silent from '../../bots/goldrausch/silent.js';
import type { ContinentIndex } from '../../src/games/goldrausch/types.js';
import { colourOf, continentOf, makeView, playMeeting, stream } from './fixtures.js';

describe('the built-in line-up', () => {
  it('has the seven heuristic strategies and search under their keys', () => {
    expect(Object.keys(HEURISTIC_BOTS).sort()).toEqual(['betrayer', 'cooperative', 'greedy', 'opportunist', 'random', 'reciprocal', 'silent']);
    expect(Object.keys(BUILTIN_BOTS).sort()).toEqual(['betrayer', 'cooperative', 'greedy', 'opportunist', 'random', 'reciprocal', 'search', 'silent']);
    for (const [key, factory] of Object.entries(BUILTIN_BOTS)) {
      expect(factory.name).toBe(key);
      expect(typeof factory.create(0, stream(1)).negotiate).toBe('function');
    }
  });
});

describe('a whole meeting on the engine', () => {
  it('three cooperative players agree on the fair upgrader and only it lays green', () => {
    for (let seed = 0; seed < 20; seed++) {
      const r = playMeeting([cooperative, cooperative, cooperative, cooperative], [2, 2, 2, 0], { gold: [5, 5, 3, 5] }, seed);
      expect(r.agreements[2]?.upgrader).toBe(2);
      expect(r.commits).toEqual(['red', 'red', 'green', 'green']);
      expect(Math.max(...r.commitTicks)).toBeLessThanOrEqual(6);
    }
  });

  it('a betrayer accepts, promises red, and still lays green late', () => {
    const r = playMeeting([cooperative, betrayer, cooperative, greedy], [2, 2, 2, 1], { gold: [5, 5, 3, 5] }, 3);
    expect(r.agreements[2]).not.toBeNull();
    expect(r.messages.some((m) => m.from === 1 && m.type === 'PROMISE' && m.action === 'RED')).toBe(true);
    expect(r.commits[1]).toBe('green');
    expect(r.commitTicks[1]).toBe(11);
  });

  it('every line-up commits everybody in time, with no fault (at most one message per turn, all legal)', () => {
    const names = Object.keys(BUILTIN_BOTS);
    const random = stream('line-ups');
    for (let game = 0; game < 300; game++) {
      const players = 4 + random.int(3);
      const lineUp = Array.from({ length: players }, () => BUILTIN_BOTS[random.pick(names)]);
      const locations = Array.from({ length: players }, () => random.int(3) as ContinentIndex);
      const r = playMeeting(lineUp, locations, { players, gold: Array.from({ length: players }, () => random.int(30)) }, game);
      expect(r.faults).toEqual([]);
      expect(r.commits.every((c) => c !== null)).toBe(true);
    }
  });

  it('silent and greedy players lead a cooperative one to its fallback', () => {
    const r = playMeeting([cooperative, silent, greedy, silent], [2, 2, 2, 0], {}, 5);
    expect(r.agreements[2]).toBeNull();
    expect(r.commits[0]).not.toBeNull();
  });

  it('no bot revises a laid card (matters with commitRevisable, GR-A10)', () => {
    for (const factory of Object.values(BUILTIN_BOTS)) {
      for (const ownCommit of ['green', 'red'] as const) {
        const view = makeView({ meeting: { tick: 11, locations: [2, 2, 0, 1], ownCommit, committed: [true, false, false, false] } });
        expect(colourOf(factory.create(0, stream(1)).commitUpgrade(view))).toBeNull();
      }
    }
  });

  it('every bot chooses a legal continent in phase 1', () => {
    for (const factory of Object.values(BUILTIN_BOTS)) {
      for (let seed = 0; seed < 50; seed++) {
        const c = continentOf(factory.create(0, stream(seed)).chooseContinent(makeView({ countryHand: [0, 1, 1] })));
        expect(c === 'rosso' || c === 'veridia').toBe(true);
      }
    }
  });
});
