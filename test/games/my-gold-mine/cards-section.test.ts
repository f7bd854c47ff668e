/**
 * My Gold Mine's decks from the scenario (issue 18 item 1): the digCards / exitCards sections change
 * entries of the deck in force and add new ones; the engine digs exactly those cards.
 */
import { describe, expect, it } from 'vitest';
import { COUNTERS } from '../../../src/games/my-gold-mine/metrics.js';
import type { MyGoldMineConfig } from '../../../src/games/my-gold-mine/params.js';
import { fastPlayerOf, playOne } from '../../../src/sim/run.js';
import { parseScenario } from '../../../src/sim/scenario.js';
import { inputErrorOf } from '../../helpers/errors.js';

const parse = (sections: Record<string, unknown>, seats = ['greedy', 'random', 'greedy']) =>
  parseScenario('/tmp/mine-cards.json', { game: 'my-gold-mine', players: seats.length, seats, seed: 'mine-cards', ...sections });

// Only simple-gold cards worth 7 carry gold (the other gold kinds out), and no Extragold exit card:
// every seat's collected gold is then a multiple of 7.
const SEVENS = {
  digCards: { 'simple-gold': { gold: 7 }, 'gold-upwards': { count: 0 }, 'lots-of-gold': { count: 0 } },
  exitCards: { 'extragold/one-step': { count: 0 }, leap: { actions: ['double-step', 'swap'], count: 2 } },
};

describe("My Gold Mine's digCards and exitCards sections", () => {
  it('changes the entries it names and adds new ones', () => {
    const config = parse(SEVENS).config as MyGoldMineConfig;
    const dig = config.params.digDeck;
    expect(dig.types.map((t) => [t.id, t.gold, t.count])).toEqual([
      ['dragon', 0, 8],
      ['simple-gold', 7, 28],
      ['gold-upwards', 1, 0],
      ['lots-of-gold', 2, 0],
    ]);
    expect(dig.total).toBe(36);
    const exit = config.params.exitDeck;
    expect(exit.types.at(-1)).toEqual({ id: 'leap', actions: ['double-step', 'swap'], count: 2 });
    expect(exit.total).toBe(16 - 1 + 2);
  });

  it('digs only the changed cards: collected gold comes in sevens, on the engine and the fast player alike', () => {
    const sc = parse(SEVENS);
    const k = COUNTERS.indexOf('goldCollected');
    const fast = fastPlayerOf(sc)!;
    expect(fast).not.toBeNull();
    let total = 0;
    for (let i = 0; i < 40; i++) {
      const r = sc.definition.record(playOne(sc, i, { seed: 'sevens', engine: 'reference' }).final);
      for (const g of r.counters[k]) expect(g % 7).toBe(0);
      total += r.counters[k].reduce((a, b) => a + b, 0);
      const flat = fast.play('sevens', i);
      expect(flat && fast.gameRecord(flat)).toEqual(r);
    }
    expect(total).toBeGreaterThan(0);
  });

  it('names the changed entries for the report, and hashes a section that changes nothing as none', () => {
    const sc = parse(SEVENS);
    expect(sc.definition.facts(sc.config).changedCards).toEqual([
      'digging card simple-gold: gold 1 → 7',
      'digging card gold-upwards: count 11 → 0',
      'digging card lots-of-gold: count 11 → 0',
      'exit card extragold/one-step: count 1 → 0',
      'exit card leap (new): actions double-step+swap, count 2',
    ]);
    expect(parse({ digCards: { 'simple-gold': { gold: 1 } } }).configHash).toBe(parse({}).configHash);
    expect(parse({ digCards: { 'simple-gold': { gold: 2 } } }).configHash).not.toBe(parse({}).configHash);
  });

  it.each([
    [
      { digCards: { nugget: { gold: 3 } } },
      'digCards.nugget.kind',
      /a new digging card needs a kind .*dragon, simple-gold, gold-upwards, lots-of-gold.*expected one of lots-of-gold/,
    ],
    [{ digCards: { 'simple-gold': { golds: 3 } } }, 'digCards.simple-gold.golds', /did you mean "gold"/],
    [{ digCards: { dragon: { gold: 3 } } }, 'digCards.dragon.gold', /unknown key; known keys: kind, count/],
    [{ digCards: { 'simple-gold': { move: 'up' } } }, 'digCards.simple-gold.move', /expected one of "right" \| "left" \| "stay"/],
    [{ digCards: { 'simple-gold': { count: 0 }, 'gold-upwards': { count: 0 }, 'lots-of-gold': { count: 0 } } }, 'digCards', /at least one gold card/],
    [{ exitCards: { leap: { count: 1 } } }, 'exitCards.leap.actions', /a new exit card needs its actions/],
    [{ exitCards: { swap: { actions: ['fly'] } } }, 'exitCards.swap.actions[0]', /expected one of "one-step"/],
  ])('refuses %j, naming the file, the field and what is allowed', (sections, field, problem) => {
    const e = inputErrorOf(() => parse(sections));
    expect(e.file).toBe('/tmp/mine-cards.json');
    expect(e.field).toBe(field);
    expect(e.problem).toMatch(problem);
  });
});
