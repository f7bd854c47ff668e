/**
 * `needsMask` (the engine's one-pass "who still has something to do") against the rule as written
 * in `needsTurn` (§15.1: a seat acts until it has laid its card and everybody on its continent has,
 * or until it passed), over every small meeting, plus two cases checked by hand.
 */
import { describe, expect, it } from 'vitest';
import { needsMask, needsTurn } from '../../src/games/goldrausch/meeting.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, type GoldrauschConfig } from '../../src/games/goldrausch/params.js';
import type { Meeting } from '../../src/games/goldrausch/state.js';
import type { Colour, ContinentIndex } from '../../src/games/goldrausch/types.js';

function meeting(locations: ContinentIndex[], commits: (Colour | null)[], passed: boolean[]): Meeting {
  const n = locations.length;
  const zeros = locations.map(() => 0);
  return {
    locations,
    provisional: commits.map(() => null),
    tick: 1,
    order: locations.map((_, s) => s),
    turn: 0,
    messages: [],
    proposals: [],
    agreements: [null, null, null],
    promises: commits.map(() => null),
    commits,
    committed: commits.map((c) => c !== null),
    commitTicks: zeros,
    passed,
    idleUntil: zeros,
    idleFrom: zeros,
    idleWake: zeros.slice(0, n),
  };
}

const config = (commitRevisable: boolean): GoldrauschConfig => ({ params: DEFAULT_PARAMS, rules: { ...DEFAULT_RULES, commitRevisable } });

describe('needsMask', () => {
  it('by hand: a seat that laid its card waits only while a seat on its continent has not', () => {
    // Seats 0, 1 on azul (0 laid, 1 not), seat 2 on rosso laid, seat 3 on rosso passed without a card.
    const m = meeting([0, 0, 1, 1], ['red', null, 'green', null], [false, false, false, true]);
    // 0: laid, but 1 on azul has not → acts; 1: no card → acts; 2: laid, 3 on rosso has no card → acts;
    // 3: no card → acts (passing does not end the turns of a seat without a card).
    expect(needsMask(config(false), m, 4)).toBe(0b1111);
    const done = meeting([0, 0, 1, 1], ['red', 'red', 'green', null], [false, false, true, false]);
    // 0 and 1: azul complete → done; 2: passed → done; 3: no card → acts.
    expect(needsMask(config(false), done, 4)).toBe(0b1000);
    // commitRevisable: a seat with a card acts until it passes.
    expect(needsMask(config(true), done, 4)).toBe(0b1011);
  });

  it('equals needsTurn seat by seat over every meeting of 4 seats and every 17th of 5 seats (locations, cards, passes)', () => {
    const colours: (Colour | null)[] = [null, 'green', 'red'];
    let checked = 0;
    const wrong: string[] = [];
    for (const n of [4, 5]) {
      for (let code = 0; code < 3 ** n * 3 ** n * 2 ** n; code += n === 4 ? 1 : 17) {
        let x = code;
        const locations: ContinentIndex[] = [];
        const commits: (Colour | null)[] = [];
        const passed: boolean[] = [];
        for (let s = 0; s < n; s++) {
          locations.push((x % 3) as ContinentIndex);
          x = Math.floor(x / 3);
          commits.push(colours[x % 3]);
          x = Math.floor(x / 3);
          passed.push(x % 2 === 1);
          x = Math.floor(x / 2);
        }
        const m = meeting(locations, commits, passed);
        for (const revisable of [false, true]) {
          const cfg = config(revisable);
          let expected = 0;
          for (let s = 0; s < n; s++) if (needsTurn(cfg, m, s)) expected |= 1 << s;
          if (needsMask(cfg, m, n) !== expected)
            wrong.push(`${JSON.stringify(m.locations)} ${JSON.stringify(m.commits)} ${JSON.stringify(m.passed)} revisable ${revisable}`);
          checked++;
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100000);
  });
});
