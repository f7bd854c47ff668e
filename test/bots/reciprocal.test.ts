import { describe, expect, it } from 'vitest';
import reciprocal, { makeReciprocal } from '../../bots/goldrausch/reciprocal.js';
import { agreement, agreementsWith, breach, colourOf, makeRecord, makeView, proposal, said, stream } from './fixtures.js';

// Seat 1 betrayed seat 0 (and seat 2) in round 3. Seat 1 is also the fair upgrader (poorest).
const history = [
  makeRecord(4, { round: 1 }),
  makeRecord(4, { round: 2 }),
  makeRecord(4, { round: 3, breaches: [breach(1, 3, [0, 2])] }),
  makeRecord(4, { round: 4 }),
  makeRecord(4, { round: 5 }),
];
const locations = [2, 2, 2, 0] as const;
const gold = [6, 2, 6, 6];
const at = (round: number, meeting: object = {}) => makeView({ round, gold, history: history.slice(0, round - 1), meeting: { locations, ...meeting } });

describe('reciprocal (tit-for-tat, k = 2)', () => {
  it('rejects a proposal naming a recent betrayer', () => {
    const view = at(4, { proposals: [proposal('r4-V-1', 1, 1)] });
    expect(said(reciprocal.create(0, stream(1)), view)).toEqual([{ type: 'REJECT', ref: 'r4-V-1' }]);
  });

  it('rejects only once, then proposes itself and accepts only plans naming itself', () => {
    const view = at(4, {
      proposals: [proposal('r4-V-1', 1, 1), proposal('r4-V-2', 2, 2)],
      messages: [{ t: 1, from: 0, round: 4, continent: 'veridia', type: 'REJECT', ref: 'r4-V-1' }],
    });
    expect(said(reciprocal.create(0, stream(1)), view)).toEqual([{ type: 'PROPOSE', plan: { upgrader: 0 } }]);
  });

  it('commits green against a recent betrayer, even under an agreement naming somebody else', () => {
    for (const round of [4, 5]) {
      expect(colourOf(reciprocal.create(0, stream(1)).commitUpgrade(at(round)))).toBe('green');
      const a = agreement(`r${round}-V-1`, [0, 1, 2], 2, 2, round);
      expect(colourOf(reciprocal.create(0, stream(1)).commitUpgrade(at(round, { agreements: agreementsWith(a) })))).toBe('green');
    }
  });

  it('cooperates again after k rounds: accepts the fair betrayer and keeps the agreement', () => {
    const view = at(6, { proposals: [proposal('r6-V-1', 1, 1)] });
    expect(said(reciprocal.create(0, stream(1)), view)).toEqual([{ type: 'ACCEPT', ref: 'r6-V-1' }]);
    const a = agreement('r6-V-1', [0, 1, 2], 1, 2, 6);
    for (let tick = 1; tick <= 12; tick++) {
      expect(colourOf(reciprocal.create(0, stream(tick)).commitUpgrade(at(6, { tick, agreements: agreementsWith(a) })))).toBe('red');
    }
  });

  it('behaves like cooperative when the betrayer stands elsewhere', () => {
    const view = makeView({ round: 4, gold, history: history.slice(0, 3), meeting: { locations: [2, 0, 2, 2] } });
    expect(said(reciprocal.create(0, stream(1)), view)).toEqual([{ type: 'PROPOSE', plan: { upgrader: 0 } }]);
    expect(colourOf(reciprocal.create(0, stream(1)).commitUpgrade(view))).toBeNull();
  });

  it('remembers longer with a larger k', () => {
    const long = makeReciprocal({ k: 3 });
    expect(long.name).toBe('reciprocal(k=3)');
    expect(colourOf(long.create(0, stream(1)).commitUpgrade(at(6)))).toBe('green');
  });
});
