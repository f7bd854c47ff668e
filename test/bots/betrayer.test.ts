import { describe, expect, it } from 'vitest';
import betrayer, { makeBetrayer } from '../../bots/goldrausch/betrayer.js';
import { agreement, agreementsWith, colourOf, makeView, proposal, said, stream } from './fixtures.js';

const locations = [2, 2, 2, 0] as const;
// The agreement came from a proposal of the meeting, accepted by all three (as in a real view).
const obliged = (tick: number, upgrader: number | null = 1) =>
  makeView({
    meeting: {
      tick,
      locations,
      proposals: [proposal('r1-V-1', 1, upgrader, [1, 0, 2])],
      agreements: agreementsWith(agreement('r1-V-1', [0, 1, 2], upgrader)),
    },
  });

describe('betrayer', () => {
  it('proposes itself first', () => {
    expect(said(betrayer.create(0, stream(1)), makeView({ meeting: { locations } }))).toEqual([{ type: 'PROPOSE', plan: { upgrader: 0 } }]);
  });

  it('accepts any proposal, also one naming somebody else', () => {
    const proposals = [proposal('r1-V-1', 0, 0), proposal('r1-V-2', 1, 1)];
    expect(said(betrayer.create(0, stream(1)), makeView({ meeting: { locations, proposals } }))).toEqual([{ type: 'ACCEPT', ref: 'r1-V-2' }]);
  });

  it('promises red once obliged to red', () => {
    const view = obliged(3);
    expect(said(betrayer.create(0, stream(1)), view)).toEqual([{ type: 'PROMISE', action: 'RED', ref: 'r1-V-1' }]);
    expect(said(makeBetrayer({ promise: false }).create(0, stream(1)), view)).toEqual([]);
  });

  it('commits late: nothing before the second-to-last tick', () => {
    const bot = betrayer.create(0, stream(1));
    for (let tick = 1; tick <= 10; tick++) expect(colourOf(bot.commitUpgrade(obliged(tick)))).toBeNull();
  });

  it('commits green when obliged to red (β = 1)', () => {
    for (let seed = 0; seed < 20; seed++) {
      expect(colourOf(betrayer.create(0, stream(seed)).commitUpgrade(obliged(11)))).toBe('green');
      expect(colourOf(betrayer.create(0, stream(seed)).commitUpgrade(obliged(11, null)))).toBe('green');
    }
  });

  it('keeps the obligation with β = 0, and breaks about half the time with β = 0.5', () => {
    expect(colourOf(makeBetrayer({ beta: 0 }).create(0, stream(1)).commitUpgrade(obliged(11)))).toBe('red');
    const half = makeBetrayer({ beta: 0.5 });
    let green = 0;
    for (let seed = 0; seed < 1000; seed++) if (colourOf(half.create(0, stream(seed)).commitUpgrade(obliged(11))) === 'green') green++;
    expect(green / 1000).toBeGreaterThan(0.44);
    expect(green / 1000).toBeLessThan(0.56);
  });

  it("in mode 'profitable' breaks a nobody-upgrades plan but not a collision with ample stock", () => {
    const profitable = makeBetrayer({ mode: 'profitable' });
    expect(profitable.name).toBe('betrayer(profitable)');
    const pair = [2, 2, 0, 1] as const;
    const plan = (upgrader: number | null) =>
      makeView({ stock: [7, 11, 30], meeting: { tick: 11, locations: pair, agreements: agreementsWith(agreement('r1-V-1', [0, 1], upgrader)) } });
    // Nobody upgrades; the partner breaks with 1 − r = 0.5: green 0.75·(0.5·12 + 0.5·6) − 0.5·2 = 5.75 > red 4.5.
    expect(colourOf(profitable.create(0, stream(1)).commitUpgrade(plan(null)))).toBe('green');
    // The partner upgrades: green collides, 0.75·6 − 2 < 4.5.
    expect(colourOf(profitable.create(0, stream(1)).commitUpgrade(plan(1)))).toBe('red');
  });

  it("in mode 'profitable' trusts partners with a record of keeping their word", () => {
    const profitable = makeBetrayer({ mode: 'profitable' });
    const trio = (kept: number[]) =>
      makeView({ stock: [7, 11, 30], kept, meeting: { tick: 11, locations, agreements: agreementsWith(agreement('r1-V-1', [0, 1, 2], null)) } });
    // Two unknown partners (breach rate 0.5 each): green 0.75·(0.25·12 + 0.75·6) − 0.75·2 = 4.125 < 4.5.
    expect(colourOf(profitable.create(0, stream(1)).commitUpgrade(trio([0, 0, 0, 0])))).toBe('red');
    // Partners who kept 8 times (breach rate 0.1): green ≈ 0.75·(0.81·12 + 0.19·6) − 0.19·2 ≈ 7.8 > 4.5.
    expect(colourOf(profitable.create(0, stream(1)).commitUpgrade(trio([0, 8, 8, 0])))).toBe('green');
  });

  it('commits green at once when alone', () => {
    expect(colourOf(betrayer.create(0, stream(1)).commitUpgrade(makeView({ meeting: { tick: 1, locations: [0, 2, 2, 1] } })))).toBe('green');
  });
});
