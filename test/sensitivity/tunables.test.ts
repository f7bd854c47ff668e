/**
 * The games' tunables: every registered game declares some, and every declared range is one its
 * own scenario parser accepts at both ends (each knob alone, the others at the scenario's values).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rangeAround } from '../../src/core/tunable.js';
import { GAMES } from '../../src/games/registry.js';
import { withKnobObjects } from '../../src/sensitivity/game.js';
import { knobFromTunable } from '../../src/sensitivity/knobs.js';
import { loadScenario, parseScenario } from '../../src/sim/scenario.js';
import { scenarioAt } from '../../src/sweep/vary.js';

describe('rangeAround', () => {
  it('spreads whole steps or a share around a value, clamped to the field', () => {
    expect(rangeAround(2, { below: 2, above: 2, min: 0, max: 100 })).toBe('0..4');
    expect(rangeAround(1, { below: 2, above: 2, min: 0, max: 100 })).toBe('0..3');
    expect(rangeAround(28, { relative: 0.5, min: 0, max: 1000 })).toBe('14..42');
    expect(rangeAround(1, { relative: 0.5, min: 0, max: 1000 })).toBe('0..2');
    expect(rangeAround(0, { below: 1, above: 0, min: 0, max: 5 })).toBeNull();
  });
});

/** Every scenario in scenarios/ of a game. */
const scenariosOf = (game: string) =>
  readdirSync('scenarios')
    .filter((f) => f.endsWith('.json'))
    .map((f) => join('scenarios', f))
    .filter((f) => ((JSON.parse(readFileSync(f, 'utf8')) as { game?: string }).game ?? 'goldrausch') === game);

describe.each(Object.keys(GAMES))('the tunables of %s', (game) => {
  it('are declared, and every range is accepted at both ends by the game on each of its scenarios', () => {
    const def = GAMES[game];
    expect(def.tunables).toBeDefined();
    for (const file of scenariosOf(game)) {
      const base = loadScenario(file);
      const tunables = def.tunables!(base.config, base.players);
      expect(tunables.length).toBeGreaterThan(0);
      expect(new Set(tunables.map((t) => t.path)).size).toBe(tunables.length);
      const knobs = tunables.map(knobFromTunable);
      const data = withKnobObjects(file, base.portable, knobs);
      // Writing in the enclosing objects changes no game.
      expect(parseScenario(file, data).configHash).toBe(base.configHash);
      for (const knob of knobs) {
        for (const v of [knob.values[0], knob.values[knob.values.length - 1]]) {
          expect(
            () => scenarioAt(file, data, [{ path: knob.path, values: knob.values, numeric: knob.numeric }], [v]),
            `${file} ${knob.path}=${v}`,
          ).not.toThrow();
        }
      }
    }
  });
});

describe('GOLD', () => {
  it('declares recall and forget only under lossy memory (the only rules that read them)', () => {
    const perfect = loadScenario('scenarios/gold-4p.json');
    const lossy = parseScenario('lossy.json', { ...(perfect.portable as object), rules: { memory: 'lossy' } });
    const paths = (s: typeof perfect) => GAMES['gold-knizia'].tunables!(s.config, s.players).map((t) => `${t.group}:${t.path}`);
    expect(paths(perfect).filter((p) => p.startsWith('params:'))).toEqual([]);
    expect(paths(lossy).filter((p) => p.startsWith('params:'))).toEqual(['params:params.recall', 'params:params.forget']);
  });
});
