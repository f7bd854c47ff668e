import { describe, expect, it } from 'vitest';
import cooperative from '../../bots/goldrausch/cooperative.js';
import { baselineP } from '../../bots/goldrausch/lib/estimate.js';
import { agreement, agreementsWith, colourOf, makeRecord, makeView, proposal, said, stream } from './fixtures.js';

const bot = (seed: number | string = 1, seat = 0) => cooperative.create(seat, stream(seed, seat));

describe('cooperative: proposals', () => {
  it('proposes the player with the fewest successful upgrades', () => {
    const history = [makeRecord(4, { upgradeSucceeded: [true, false, true, false] })];
    const view = makeView({ round: 2, history, gold: [3, 9, 1, 5], meeting: { locations: [2, 2, 2, 0] } });
    expect(said(bot(), view)).toEqual([{ type: 'PROPOSE', plan: { upgrader: 1 } }]);
  });

  it('proposes the poorest among those tied on upgrades', () => {
    const view = makeView({ gold: [5, 9, 4, 1], meeting: { locations: [2, 2, 2, 0] } });
    expect(said(bot(), view)).toEqual([{ type: 'PROPOSE', plan: { upgrader: 2 } }]);
  });

  it('proposes the first player clockwise from the start player when also tied on gold', () => {
    const view = makeView({ startPlayer: 3, meeting: { locations: [2, 2, 0, 2] } });
    expect(said(bot(), view)).toEqual([{ type: 'PROPOSE', plan: { upgrader: 3 } }]);
    const view2 = makeView({ startPlayer: 1, meeting: { locations: [2, 0, 2, 2] } });
    expect(said(bot(), view2)).toEqual([{ type: 'PROPOSE', plan: { upgrader: 2 } }]);
    const view3 = makeView({ startPlayer: 0, meeting: { locations: [2, 2, 0, 2] } });
    expect(said(bot(), view3)).toEqual([{ type: 'PROPOSE', plan: { upgrader: 0 } }]);
  });

  it('accepts a proposal naming the fair upgrader instead of proposing it again', () => {
    const proposals = [proposal('r1-V-1', 1, 1), proposal('r1-V-2', 2, 2)];
    const view = makeView({ gold: [5, 9, 1, 5], meeting: { locations: [2, 2, 2, 0], proposals } });
    expect(said(bot(), view)).toEqual([{ type: 'ACCEPT', ref: 'r1-V-2' }]);
  });

  it('accepts a proposal naming itself, but not one naming an unfair third player', () => {
    const view = makeView({ gold: [5, 9, 1, 5], meeting: { locations: [2, 2, 2, 0], proposals: [proposal('r1-V-1', 1, 0)] } });
    expect(said(bot(), view)).toEqual([{ type: 'ACCEPT', ref: 'r1-V-1' }]);
    const unfair = makeView({ gold: [5, 9, 1, 5], meeting: { locations: [2, 2, 2, 0], proposals: [proposal('r1-V-1', 1, 1)] } });
    expect(said(bot(), unfair)).toEqual([{ type: 'PROPOSE', plan: { upgrader: 2 } }]);
  });

  it('says nothing alone, after accepting, or once an agreement is in force', () => {
    expect(said(bot(), makeView({ meeting: { locations: [0, 2, 2, 2] } }))).toEqual([]);
    const accepted = makeView({ gold: [5, 9, 1, 5], meeting: { locations: [2, 2, 2, 0], proposals: [proposal('r1-V-1', 2, 2, [2, 0])] } });
    expect(said(bot(), accepted)).toEqual([]);
    const a = agreement('r1-V-1', [0, 1, 2], 1);
    expect(said(bot(), makeView({ meeting: { locations: [2, 2, 2, 0], agreements: agreementsWith(a) } }))).toEqual([]);
  });

  it('having laid green, agrees only to plans naming itself (its card would break any other)', () => {
    const fairProposal = [proposal('r1-V-1', 2, 2)];
    const laidGreen = makeView({
      gold: [5, 9, 1, 5],
      meeting: { tick: 8, locations: [2, 2, 2, 0], proposals: fairProposal, ownCommit: 'green', committed: [true, false, false, false] },
    });
    expect(said(bot(), laidGreen)).toEqual([{ type: 'PASS' }]); // nothing it can agree to: done talking
    const namingMe = makeView({
      gold: [5, 9, 1, 5],
      meeting: { tick: 8, locations: [2, 2, 2, 0], proposals: [proposal('r1-V-1', 2, 0)], ownCommit: 'green', committed: [true, false, false, false] },
    });
    expect(said(bot(), namingMe)).toEqual([{ type: 'ACCEPT', ref: 'r1-V-1' }]);
    const laidRed = makeView({
      gold: [5, 9, 1, 5],
      meeting: { tick: 8, locations: [2, 2, 2, 0], proposals: fairProposal, ownCommit: 'red', committed: [true, false, false, false] },
    });
    expect(said(bot(), laidRed)).toEqual([{ type: 'ACCEPT', ref: 'r1-V-1' }]);
  });
});

describe('cooperative: commitments', () => {
  it('never commits green when an agreement obliges it to red', () => {
    for (const upgrader of [1, null]) {
      const a = agreement('r1-V-1', [0, 1, 2], upgrader);
      for (let seed = 0; seed < 30; seed++) {
        for (let tick = 1; tick <= 12; tick++) {
          const view = makeView({ meeting: { tick, locations: [2, 2, 2, 0], agreements: agreementsWith(a) } });
          expect(colourOf(bot(seed).commitUpgrade(view))).toBe('red');
        }
      }
    }
  });

  it('lays no card when obliged to red but holding two greens (GR-A32): the timeout counts as red', () => {
    const a = agreement('r1-V-1', [0, 1, 2], 1);
    for (let tick = 1; tick <= 12; tick++) {
      const view = makeView({ upgradeHand: [2, 0], meeting: { tick, locations: [2, 2, 2, 0], agreements: agreementsWith(a) } });
      expect(colourOf(bot().commitUpgrade(view))).toBeNull();
    }
  });

  it('keeps a rotation clause from an earlier round that binds now', () => {
    const clause = { source: 'r1-V-1', round: 2, parties: [0, 1], upgrader: 1 };
    const view = makeView({ round: 2, meeting: { locations: [2, 2, 0, 0], bindingClauses: [clause] } });
    expect(colourOf(bot().commitUpgrade(view))).toBe('red');
  });

  it('commits green at once as the agreed upgrader, or alone', () => {
    const a = agreement('r1-V-1', [0, 1, 2], 0);
    expect(colourOf(bot().commitUpgrade(makeView({ meeting: { locations: [2, 2, 2, 0], agreements: agreementsWith(a) } })))).toBe('green');
    expect(colourOf(bot().commitUpgrade(makeView({ meeting: { locations: [1, 2, 2, 0] } })))).toBe('green');
  });

  it('waits without an agreement until mid-meeting, then plays the baseline p', () => {
    for (let tick = 1; tick <= 6; tick++) {
      expect(colourOf(bot().commitUpgrade(makeView({ meeting: { tick, locations: [2, 2, 0, 1] } })))).toBeNull();
    }
    // Two on Veridia, e = 6, stock 16, fine 2, disaster odds 3/12.
    const p = baselineP(2, 6, 2, 0.25);
    let green = 0;
    const n = 4000;
    for (let seed = 0; seed < n; seed++) {
      const colour = colourOf(bot(seed).commitUpgrade(makeView({ meeting: { tick: 7, locations: [2, 2, 0, 1] } })));
      if (colour === 'green') green++;
    }
    // 4000 Bernoulli draws: sd = sqrt(p(1−p)/n) ≈ 0.0073; 4 sd.
    expect(Math.abs(green / n - p)).toBeLessThan(0.03);
  });

  it('lays red in the fallback while its open proposal for another upgrader could still be accepted', () => {
    const mine = [proposal('r1-V-1', 0, 1)];
    for (let seed = 0; seed < 200; seed++) {
      const view = makeView({ meeting: { tick: 7, locations: [2, 2, 0, 1], proposals: mine } });
      expect(colourOf(bot(seed).commitUpgrade(view))).toBe('red');
    }
    // Once everybody else has laid a card the continent closes with this card: the baseline applies.
    const colours = new Set<string | null>();
    for (let seed = 0; seed < 200; seed++) {
      const view = makeView({ meeting: { tick: 7, locations: [2, 2, 0, 1], proposals: mine, committed: [false, true, false, false] } });
      colours.add(colourOf(bot(seed).commitUpgrade(view)));
    }
    expect([...colours].sort()).toEqual(['green', 'red']);
  });

  it("lays red when a rotation clause names somebody else, even if this round's agreement names it", () => {
    const clause = { source: 'r1-V-1', round: 2, parties: [0, 1], upgrader: 1 };
    const a = agreement('r2-V-1', [0, 1], 0, 2, 2);
    const view = makeView({ round: 2, meeting: { locations: [2, 2, 0, 1], agreements: agreementsWith(a), bindingClauses: [clause] } });
    expect(colourOf(bot().commitUpgrade(view))).toBe('red');
  });

  it('falls back at once when everybody else on its continent has laid a card without a plan', () => {
    const view = makeView({ meeting: { tick: 2, locations: [2, 2, 0, 1], committed: [false, true, false, false] } });
    expect(colourOf(bot().commitUpgrade(view))).not.toBeNull();
  });
});
