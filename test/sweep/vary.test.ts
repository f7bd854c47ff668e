import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { designPoints, parseDesign, parseVary, scenarioAt, setAt, valueAt, type Factor } from '../../src/sweep/vary.js';
import { inputErrorOf } from '../helpers/errors.js';

const usageErrorOf = (f: () => unknown): UsageError => {
  try {
    f();
  } catch (e) {
    if (e instanceof UsageError) return e;
    throw e;
  }
  throw new Error('expected a UsageError');
};

describe('parseVary', () => {
  it('reads an integer range a..b as every integer from a to b', () => {
    expect(parseVary('params.fine=0..6')).toEqual({ path: 'params.fine', values: [0, 1, 2, 3, 4, 5, 6], numeric: true });
  });
  it('reads a stepped range, stopping at the last step not past b', () => {
    expect(parseVary('params.fine=0..6:2').values).toEqual([0, 2, 4, 6]);
    expect(parseVary('params.fine=1..6:2').values).toEqual([1, 3, 5]);
    expect(parseVary('x=-2..2:2').values).toEqual([-2, 0, 2]);
  });
  it('reads decimal ranges with a step without binary rounding noise', () => {
    expect(parseVary('params.pLate=0..0.3:0.1').values).toEqual([0, 0.1, 0.2, 0.3]);
    expect(parseVary('params.pLate=0..1:0.25').values).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
  it('reads lists of numbers, words and booleans', () => {
    expect(parseVary('rules.penaltySink=bank,continent')).toEqual({ path: 'rules.penaltySink', values: ['bank', 'continent'], numeric: false });
    expect(parseVary('x=1,2.5,4')).toEqual({ path: 'x', values: [1, 2.5, 4], numeric: true });
    expect(parseVary('x=true,false').values).toEqual([true, false]);
    expect(parseVary('eventCards.windfall-azul.amount=3').values).toEqual([3]);
    expect(parseVary('seats[0]=greedy,cooperative').path).toBe('seats[0]');
    // My Gold Mine's exit cards have "/" in their ids.
    expect(parseVary('exitCards.one-step/swap.count=1..3')).toEqual({ path: 'exitCards.one-step/swap.count', values: [1, 2, 3], numeric: true });
  });
  it('refuses bad specs, naming the spec and the forms expected', () => {
    const cases: [string, RegExp][] = [
      ['params.fine', /--vary "params.fine": expected path=a..b/],
      ['params.fine=', /no values after "="/],
      ['params.fine=6..0', /runs backwards/],
      ['params.pLate=0..0.5', /a range of decimals needs a step/],
      ['params.fine=0..6:0', /the step must be above 0/],
      ['params.fine=0..x', /expected a range a..b or a..b:step of numbers/],
      ['params.fine=1,,2', /an empty value in the list/],
      ['params.fine=1,2,1', /the value 1 is listed twice/],
      ['params fine=1', /not a JSON path/],
      ['params.fine=0..100000', /at most 1000/],
    ];
    for (const [spec, message] of cases) expect(usageErrorOf(() => parseVary(spec)).message, spec).toMatch(message);
  });
});

describe('designPoints', () => {
  const fine: Factor = { path: 'params.fine', values: [0, 1, 2], numeric: true };
  const sink: Factor = { path: 'rules.penaltySink', values: ['bank', 'continent'], numeric: false };
  it('grid: every combination, the first factor varying slowest', () => {
    expect(designPoints([fine, sink], 'grid', 's')).toEqual([
      [0, 'bank'],
      [0, 'continent'],
      [1, 'bank'],
      [1, 'continent'],
      [2, 'bank'],
      [2, 'continent'],
    ]);
  });
  it('lhs: one point per stratum of each numeric range, reproducible from the seed', () => {
    const a: Factor = { path: 'a', values: Array.from({ length: 100 }, (_, i) => i), numeric: true };
    const b: Factor = { path: 'b', values: Array.from({ length: 100 }, (_, i) => i / 10), numeric: true };
    const points = designPoints([a, b], { lhs: 10 }, 'seed-1');
    expect(points).toHaveLength(10);
    expect(designPoints([a, b], { lhs: 10 }, 'seed-1')).toEqual(points);
    expect(designPoints([a, b], { lhs: 10 }, 'seed-2')).not.toEqual(points);
    // Strata of [0, 99] are 9.9 wide: stratum k holds values from 9.9k to 9.9(k + 1), rounded to a value.
    const strataA = points.map((p) => Math.min(9, Math.floor((p[0] as number) / 9.9))).sort((x, y) => x - y);
    const strataB = points.map((p) => Math.min(9, Math.floor((p[1] as number) / 0.99))).sort((x, y) => x - y);
    expect(strataA).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(strataB).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('lhs: a factor of words takes each value equally often; duplicates after snapping are kept once', () => {
    const points = designPoints([{ path: 'a', values: Array.from({ length: 40 }, (_, i) => i), numeric: true }, sink], { lhs: 6 }, 's');
    expect(points.filter((p) => p[1] === 'bank')).toHaveLength(3);
    expect(designPoints([fine], { lhs: 9 }, 's')).toHaveLength(3);
  });
  it('reads --design', () => {
    expect(parseDesign('grid')).toBe('grid');
    expect(parseDesign('lhs:20')).toEqual({ lhs: 20 });
    expect(() => parseDesign('lhs:0')).toThrow(/expected "grid" or "lhs:N"/);
    expect(() => parseDesign('random')).toThrow(/expected "grid" or "lhs:N"/);
  });
});

describe('scenarioAt', () => {
  const data = { name: 'sweep-test', game: 'goldrausch', players: 4, seats: ['greedy', 'cooperative', 'betrayer', 'reciprocal'], games: 10, seed: 's' };
  const fine = parseVary('params.fine=0..6');
  const sink = parseVary('rules.penaltySink=bank,continent');
  it('sets each path in a copy of the file, creating objects the file lacks, and parses it', () => {
    const s = scenarioAt('x.json', data, [fine, sink], [5, 'continent']);
    expect((s.config as { params: { fine: number } }).params.fine).toBe(5);
    expect((s.config as { rules: { penaltySink: string } }).rules.penaltySink).toBe('continent');
    expect(data).not.toHaveProperty('params');
    expect(scenarioAt('x.json', data, [parseVary('seats[1]=greedy')], ['greedy']).seats).toEqual(['greedy', 'greedy', 'betrayer', 'reciprocal']);
  });
  it('gives the same config hash as the file itself at the defaults', () => {
    const plain = scenarioAt('x.json', data, [], []);
    expect(scenarioAt('x.json', data, [fine], [2]).configHash).toBe(plain.configHash);
    expect(scenarioAt('x.json', data, [fine], [3]).configHash).not.toBe(plain.configHash);
  });
  it('refuses an unknown path with the file, the field and the known keys', () => {
    const e = inputErrorOf(() => scenarioAt('x.json', data, [parseVary('params.fien=1..2')], [1]));
    expect(e.file).toBe('x.json');
    expect(e.field).toBe('params.fien');
    expect(e.problem).toMatch(/did you mean "fine"/);
    expect(e.problem).toMatch(/known keys: .*winThreshold/);
    expect(e.problem).toMatch(/at the sweep point params.fien=1/);
    const top = inputErrorOf(() => scenarioAt('x.json', data, [parseVary('parms.fine=1')], [1]));
    expect(top.field).toBe('parms');
    expect(top.problem).toMatch(/known keys: name, description, game, players, seats, table, rules, params/);
  });
  it('refuses a value the game refuses, naming the path and what was expected', () => {
    const e = inputErrorOf(() => scenarioAt('x.json', data, [sink], ['sea']));
    expect(e.field).toBe('rules.penaltySink');
    expect(e.problem).toMatch(/expected one of "bank" \| "continent", got "sea"/);
    const below = inputErrorOf(() => scenarioAt('x.json', data, [parseVary('params.fine=-1')], [-1]));
    expect(below.problem).toMatch(/expected an integer ≥ 0, got -1/);
  });
  it('refuses a path through a value that is not an object, or past the end of a list', () => {
    expect(inputErrorOf(() => scenarioAt('x.json', data, [parseVary('players.x=1')], [1])).problem).toMatch(/players holds 4, not an object/);
    expect(inputErrorOf(() => scenarioAt('x.json', data, [parseVary('seats[7]=greedy')], ['greedy'])).problem).toMatch(
      /a list of 4; expected an index from 0 to 3/,
    );
  });
  it('reads and writes values by path', () => {
    expect(valueAt({ a: { b: [1, { c: 2 }] } }, 'a.b[1].c')).toBe(2);
    expect(valueAt({ a: 1 }, 'a.b')).toBeUndefined();
    expect(setAt('f', { a: [1, 2] }, 'a[1]', 5)).toEqual({ a: [1, 5] });
  });
});
