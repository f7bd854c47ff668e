import { describe, expect, it } from 'vitest';
import { Purpose, RandomSource } from '../../src/core/random.js';
import type { GoldrauschConfig } from '../../src/games/goldrausch/params.js';
import type { GoldrauschState } from '../../src/games/goldrausch/state.js';
import { EVENT_CARD_IDS } from '../../src/games/goldrausch/types.js';
import { impactRange } from '../../src/sim/impact.js';
import { playGame } from '../../src/sim/play.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { historyOf } from '../games/goldrausch/helpers.js';

const scenario = loadScenario('scenarios/baseline.json');

function final(config: unknown, index: number): GoldrauschState {
  const random = new RandomSource('impact', index);
  const bots = scenario.bots.map((f, s) => f.create(s, random.stream(Purpose.bot + s)));
  return playGame({ module: scenario.definition.module, config, players: 4, bots, random }).final as GoldrauschState;
}

describe('counterfactual card impact (common random numbers)', () => {
  it('a blanked card sits in the same deck position, and a game that never reaches it is the same game', () => {
    const card = EVENT_CARD_IDS.indexOf('subsidy');
    const blanked = scenario.definition.withBlankedCard(scenario.config, card) as GoldrauschConfig;
    let undrawn = 0;
    let drawn = 0;
    for (let i = 0; i < 150; i++) {
      const a = final(scenario.config, i);
      const b = final(blanked, i);
      // Same deck order, with 'blank' exactly where 'subsidy' was.
      const subsidy = a.eventIds.indexOf('subsidy');
      expect(b.eventLength).toBe(a.eventLength);
      a.eventDeck.slice(0, a.eventLength).forEach((slot, k) => expect(b.eventDeck[k]).toBe(slot === subsidy ? b.blankSlot : slot));
      const ha = historyOf(a);
      const hb = historyOf(b);
      if (ha.some((r) => r.event === 'subsidy')) {
        drawn++;
        const round = ha.find((r) => r.event === 'subsidy')!.round;
        // Identical up to the round the card was drawn, where the blank does nothing instead.
        expect(JSON.stringify(hb.slice(0, round - 1))).toBe(JSON.stringify(ha.slice(0, round - 1)));
        expect(hb[round - 1].event).toBe('blank');
        expect(hb[round - 1].eventGold.every((g) => g === 0)).toBe(true);
      } else {
        undrawn++;
        expect(JSON.stringify(hb)).toBe(JSON.stringify(ha));
      }
    }
    expect(drawn).toBeGreaterThan(5);
    expect(undrawn).toBeGreaterThan(50);
  });

  it('measures a real effect: subsidy (+2 each) never lowers the final gold spread, and lengthens no game', () => {
    const card = EVENT_CARD_IDS.indexOf('subsidy');
    const [sums] = impactRange(scenario, [card], 'impact', 0, 300);
    expect(sums.drawnIn).toBeGreaterThan(20);
    // A subsidy brings everybody 2 gold closer to 50: games can only get shorter or stay equal on average.
    expect(sums.sum[3]).toBeLessThanOrEqual(0);
    // swing counts games whose winner changed: between 0 and the games that drew the card.
    expect(sums.sum[5]).toBeGreaterThanOrEqual(0);
    expect(sums.sum[5]).toBeLessThanOrEqual(sums.drawnIn);
  });
});
