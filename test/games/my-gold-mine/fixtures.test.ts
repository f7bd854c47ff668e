import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/temp.js';
import { runCli } from '../../../src/cli/main.js';
import { compareFixture, parseFixture, playFixture } from '../../../src/games/my-gold-mine/fixtures.js';
import { capture } from '../../helpers/io.js';
import { inputErrorOf } from '../../helpers/errors.js';

const dir = 'fixtures/my-gold-mine';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const load = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>;

const errorOf = inputErrorOf;

describe('My Gold Mine round fixtures (hand-computed)', () => {
  it('are at least 20 and cover every card, every exit action, both MG-A4 and MG-A5 options and the two-player variant', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    const all = files.map(load);
    const dig = new Set(all.flatMap((f) => f.digDeck as string[]));
    expect([...dig].sort()).toEqual(['dragon', 'gold-upwards', 'lots-of-gold', 'simple-gold']);
    const exits = new Set(all.flatMap((f) => [...((f.exitDeck as string[]) ?? []), ...((f.exitReshuffles as string[][]) ?? []).flat()]));
    for (const card of [
      'one-step',
      'double-step',
      'all-together',
      'swap',
      'one-step/swap',
      'double-step/all-together',
      'one-step/all-together',
      'double-step/swap',
      'extragold/one-step',
    ]) {
      expect(exits.has(card) || (card === 'all-together' && exits.has('all-together')), card).toBe(true);
    }
    const rules = all.map((f) => (f.rules ?? {}) as Record<string, unknown>);
    expect(rules.some((r) => r.intoDragon === 'eliminated')).toBe(true);
    expect(rules.some((r) => r.dragonCheck === 'before-move')).toBe(true);
    expect(rules.some((r) => r.minGoldToScore === 1)).toBe(true);
    expect(rules.some((r) => r.thirdPlaceMinPlayers === 4)).toBe(true);
    expect(all.some((f) => f.players === 2)).toBe(true);
    expect(all.some((f) => (f.expect as Record<string, unknown>).endedBy === 'dragon')).toBe(true);
    expect(all.some((f) => f.exitReshuffles !== undefined)).toBe(true);
    expect(all.some((f) => (f.expect as Record<string, unknown>).winners !== undefined)).toBe(true);
  });

  for (const f of files) {
    it(f, () => {
      const fixture = parseFixture(join(dir, f), load(f));
      expect(compareFixture(fixture, playFixture(fixture))).toEqual([]);
    });
  }

  it('reports each wrong expectation as "field expected X got Y"', () => {
    const data = load('02-digging-kinds-and-gold-ties.json');
    const wrong = { ...data, expect: { ...(data.expect as object), nuggets: [3, 2, 1], drago: 6, ladder: [0, 1, 2] } };
    const fixture = parseFixture('wrong.json', wrong);
    expect(compareFixture(fixture, playFixture(fixture))).toEqual([
      'drago expected 6 got 7',
      'ladder expected [0, 1, 2] got [2, 1, 0]',
      'nuggets expected [3, 2, 1] got [3, 1, 2]',
    ]);
  });

  it('reports a script that does not fit the game: a turn by the wrong dwarf, a card past the listed ones, a bad reshuffle', () => {
    const data = load('01-all-together-ladder-ties.json');
    const turns = [...(data.turns as object[])];
    turns[1] = { dwarf: 0, choice: 'exit' };
    let fixture = parseFixture('t.json', { ...data, turns });
    expect(compareFixture(fixture, playFixture(fixture))[0]).toBe('turns[1].dwarf: expected 0 got 2 (the dwarf whose turn it is)');
    fixture = parseFixture('t.json', {
      ...data,
      turns: [
        { dwarf: 1, choice: 'dig' },
        { dwarf: 2, choice: 'dig' },
      ],
    });
    expect(compareFixture(fixture, playFixture(fixture))[0]).toMatch(/^digDeck: the round reached card 2 of the digging deck, past the 1 the fixture lists/);
    const r = load('16-exit-deck-reshuffle.json');
    expect(errorOf(() => parseFixture('r.json', { ...r, exitReshuffles: [['all-together', 'all-together']] })).field).toBe('exitReshuffles[0][1]');
    fixture = parseFixture('r.json', { ...r, exitReshuffles: [['all-together', 'double-step']] });
    expect(compareFixture(fixture, playFixture(fixture))[0]).toMatch(/^exitReshuffles\[0\]: expected an order of the 3 discarded cards/);
  });

  it('refuses malformed fixtures naming the file and the field', () => {
    const data = load('01-all-together-ladder-ties.json');
    expect(errorOf(() => parseFixture('m.json', { ...data, note: undefined })).field).toBe('note');
    expect(errorOf(() => parseFixture('m.json', { ...data, digDeck: ['dragon', 'simple-gold'] })).field).toBe('digDeck[0]');
    expect(errorOf(() => parseFixture('m.json', { ...data, digDeck: ['gold-nugget'] })).field).toBe('digDeck[0]');
    expect(errorOf(() => parseFixture('m.json', { ...data, turns: [{ dwarf: 5, choice: 'dig' }] })).field).toBe('turns[0].dwarf');
    expect(errorOf(() => parseFixture('m.json', { ...data, turns: [{ dwarf: 0, choice: 'fly' }] })).field).toBe('turns[0].choice');
    expect(errorOf(() => parseFixture('m.json', { ...data, expect: { positions: [1, 2] } })).field).toBe('expect.positions');
    expect(errorOf(() => parseFixture('m.json', { ...data, expect: { scores: [1, 2, 3] } })).field).toBe('expect.scores');
    expect(errorOf(() => parseFixture('m.json', { ...data, expect: {} })).field).toBe('expect');
    expect(errorOf(() => parseFixture('m.json', { ...data, rules: { intoDragon: 'maybe' } })).field).toBe('rules.intoDragon');
  });

  it('goldpit verify runs them (exit 0), and exits 2 on a malformed one naming file and field', async () => {
    const ok = capture();
    expect(await runCli(['verify', dir], ok)).toBe(0);
    expect(ok.stdout).toMatch(new RegExp(`${files.length} passed, 0 failed`));
    const tmp = tempDir('mgm-fix-');
    writeFileSync(join(tmp, 'bad.json'), JSON.stringify({ ...load('01-all-together-ladder-ties.json'), startPlayer: 7 }));
    const bad = capture();
    expect(await runCli(['verify', tmp], bad)).toBe(2);
    expect(bad.stderr).toMatch(/MALFORMED .*bad\.json: field "startPlayer": expected an integer from 0 to 2, got 7/);
  });
});
