import { describe, expect, it } from 'vitest';
import opportunist from '../../bots/goldrausch/opportunist.js';
import { agreement, agreementsWith, colourOf, makeView, stream } from './fixtures.js';

const locations = [2, 2, 0, 1] as const;
const underPlan = (round: number, upgrader: number | null, gold = [5, 5, 5, 5]) =>
  makeView({ round, gold, meeting: { locations, agreements: agreementsWith(agreement(`r${round}-V-1`, [0, 1], upgrader, 2, round)) } });

describe('opportunist', () => {
  it('keeps an obligation in mid-game', () => {
    expect(colourOf(opportunist.create(0, stream(1)).commitUpgrade(underPlan(5, null)))).toBe('red');
    expect(colourOf(opportunist.create(0, stream(1)).commitUpgrade(underPlan(5, 1)))).toBe('red');
  });

  it('breaks a nobody-upgrades plan in the last round, where the breach pays', () => {
    expect(colourOf(opportunist.create(0, stream(1)).commitUpgrade(underPlan(10, null)))).toBe('green');
  });

  it('keeps a plan naming another upgrader in the last round when breaking would only cause a collision', () => {
    const view = makeView({ round: 10, stock: [7, 11, 30], meeting: { locations, agreements: agreementsWith(agreement('r10-V-1', [0, 1], 1, 2, 10)) } });
    expect(colourOf(opportunist.create(0, stream(1)).commitUpgrade(view))).toBe('red');
  });

  it('breaks in any round when the breach wins the race', () => {
    // At 40 gold red reaches 46 and green (sole upgrader, 2·6) 52: the breach wins. At 45 keeping
    // the plan already wins; at 30 neither does.
    expect(colourOf(opportunist.create(0, stream(1)).commitUpgrade(underPlan(4, null, [40, 5, 5, 5])))).toBe('green');
    expect(colourOf(opportunist.create(0, stream(1)).commitUpgrade(underPlan(4, null, [45, 5, 5, 5])))).toBe('red');
    expect(colourOf(opportunist.create(0, stream(1)).commitUpgrade(underPlan(4, null, [30, 5, 5, 5])))).toBe('red');
  });
});
