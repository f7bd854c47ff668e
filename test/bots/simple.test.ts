import { describe, expect, it } from 'vitest';
import greedy from '../../bots/goldrausch/greedy.js';
import random from '../../bots/goldrausch/random.js';
import silent, { makeSilent } from '../../bots/goldrausch/silent.js';
import { colourOf, continentOf, makeRecord, makeView, said, stream } from './fixtures.js';

describe('random', () => {
  it('respects a hand that lacks a continent', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 300; seed++) {
      seen.add(continentOf(random.create(0, stream(seed)).chooseContinent(makeView({ countryHand: [1, 0, 1] }))));
    }
    expect([...seen].sort()).toEqual(['azul', 'veridia']);
  });

  it('lays both colours on its first turn, and only a colour it holds', () => {
    const seen = new Set<string | null>();
    for (let seed = 0; seed < 100; seed++) seen.add(colourOf(random.create(0, stream(seed)).commitUpgrade(makeView({ meeting: {} }))));
    expect([...seen].sort()).toEqual(['green', 'red']);
    expect(colourOf(random.create(0, stream(1)).commitUpgrade(makeView({ upgradeHand: [0, 2], meeting: {} })))).toBe('red');
  });

  it('never negotiates: it passes at once (§15.2 PASS), so the engine can skip it', () => {
    expect(said(random.create(0, stream(1)), makeView({ meeting: {} }))).toEqual([{ type: 'PASS' }]);
  });
});

const all = (colour: 'green' | 'red') => [colour, colour, colour, colour];

describe('greedy', () => {
  it('goes green alone', () => {
    expect(colourOf(greedy.create(0, stream(1)).commitUpgrade(makeView({ meeting: { locations: [1, 2, 2, 0] } })))).toBe('green');
    // Rosso holds 3 < e = 4: green and red are worth the same, and alone it still lays green.
    const thin = makeView({ stock: [7, 3, 16], meeting: { locations: [1, 2, 2, 0] } });
    expect(colourOf(greedy.create(0, stream(1)).commitUpgrade(thin))).toBe('green');
  });

  // Seat 1 shared Veridia with seat 2 five times and always laid green: estimated rate 6/7.
  const history = Array.from({ length: 5 }, (_, i) => makeRecord(4, { round: i + 1, locations: [0, 2, 2, 1], commits: ['green', 'green', 'red', 'green'] }));

  it('stays red next to a habitual upgrader when the stock is ample', () => {
    const view = makeView({ round: 6, history, stock: [7, 11, 30], meeting: { locations: [2, 2, 0, 1] } });
    expect(colourOf(greedy.create(0, stream(1)).commitUpgrade(view))).toBe('red');
  });

  it('goes green next to a habitual upgrader when the stock is short (upgraders are paid first)', () => {
    const view = makeView({ round: 6, history, stock: [7, 11, 16], meeting: { locations: [2, 2, 0, 1] } });
    expect(colourOf(greedy.create(0, stream(1)).commitUpgrade(view))).toBe('green');
  });

  it('goes where it expects to be alone when the crowd habitually stays put', () => {
    // Seats 1–3 shared Veridia four times and always laid green there.
    const crowd = Array.from({ length: 4 }, (_, i) => makeRecord(4, { round: i + 1, locations: [0, 2, 2, 2], commits: all('green') }));
    expect(continentOf(greedy.create(0, stream(1)).chooseContinent(makeView({ round: 5, history: crowd })))).toBe('rosso');
    expect(continentOf(greedy.create(0, stream(1)).chooseContinent(makeView({ round: 5, history: crowd, countryHand: [1, 0, 1] })))).toBe('azul');
  });

  it('expects a crowd that always moves on to leave its last continent, and goes there', () => {
    // Seats 1–3 (habitual upgraders) alternate between Rosso and Veridia; last round they were on Veridia.
    const movers = Array.from({ length: 4 }, (_, i) =>
      makeRecord(4, { round: i + 1, locations: i % 2 === 0 ? [0, 1, 1, 1] : [0, 2, 2, 2], commits: all('green') }),
    );
    expect(continentOf(greedy.create(0, stream(1)).chooseContinent(makeView({ round: 5, history: movers })))).toBe('veridia');
  });

  it('never negotiates: it passes at once', () => {
    expect(said(greedy.create(0, stream(1)), makeView({ meeting: {} }))).toEqual([{ type: 'PASS' }]);
  });
});

describe('silent', () => {
  it('goes green alone and never talks', () => {
    const bot = makeSilent({ q: 0 }).create(0, stream(1));
    expect(colourOf(bot.commitUpgrade(makeView({ meeting: { locations: [1, 2, 2, 0] } })))).toBe('green');
    expect(said(bot, makeView({ meeting: {} }))).toEqual([{ type: 'PASS' }]);
  });

  it('lays green with probability q when sharing a continent', () => {
    const shared = makeView({ meeting: { locations: [2, 2, 0, 1] } });
    expect(colourOf(makeSilent({ q: 0 }).create(0, stream(1)).commitUpgrade(shared))).toBe('red');
    expect(colourOf(makeSilent({ q: 1 }).create(0, stream(1)).commitUpgrade(shared))).toBe('green');
    let green = 0;
    for (let seed = 0; seed < 1000; seed++) if (colourOf(silent.create(0, stream(seed)).commitUpgrade(shared)) === 'green') green++;
    expect(green / 1000).toBeGreaterThan(0.44);
    expect(green / 1000).toBeLessThan(0.56);
  });

  it('rejects q outside [0, 1]', () => {
    expect(() => makeSilent({ q: 1.5 })).toThrow(RangeError);
  });
});
