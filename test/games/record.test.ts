import { describe, expect, it } from 'vitest';
import { BUILTIN_BOTS } from '../../bots/goldrausch/index.js';
import { Purpose, RandomSource } from '../../src/core/random.js';
import { COUNTERS, ROUND_COUNTERS } from '../../src/games/goldrausch/definition.js';
import { gameRecord as record } from '../../src/games/goldrausch/records.js';
import { goldrausch } from '../../src/games/goldrausch/engine.js';
import { DEFAULT_PARAMS, DEFAULT_RULES } from '../../src/games/goldrausch/params.js';
import type { GoldrauschState } from '../../src/games/goldrausch/state.js';
import { EVENT_CARD_IDS } from '../../src/games/goldrausch/types.js';
import { playGame } from '../../src/sim/play.js';
import { historyOf } from './goldrausch/helpers.js';

const config = { rules: DEFAULT_RULES, params: DEFAULT_PARAMS };
const lineup = ['greedy', 'cooperative', 'betrayer', 'reciprocal', 'random', 'silent'];

function play(g: number): GoldrauschState {
  const random = new RandomSource('record', g);
  const players = 4 + (g % 3);
  const bots = lineup.slice(0, players).map((b, s) => BUILTIN_BOTS[b].create(s, random.stream(Purpose.bot + s)));
  return playGame({ module: goldrausch, config, players, bots, random }).final;
}

/** One counter by its name, counted straight from the public round records (the definition of each). */
function counterByName(final: GoldrauschState, name: (typeof COUNTERS)[number], seat: number): number {
  let total = 0;
  for (const r of historyOf(final)) {
    if (name === 'fines') total += r.fines[seat];
    if (name === 'upgrades' && r.upgraded[seat]) total++;
    if (name === 'successfulUpgrades' && r.upgradeSucceeded[seat]) total++;
    if (name === 'collisions' && r.upgraded[seat] && r.collisions[r.finalLocations[seat]]) total++;
    if (name === 'agreements') total += r.agreementParties.filter((parties) => (parties & (1 << seat)) !== 0).length;
    if (name === 'kept' && r.bound[seat] === 1) total++;
    if (name === 'broken') total += r.breaches.filter((b) => b.seat === seat).length;
    if (name === 'timeouts' && r.commits[seat] === null) total++;
  }
  return total;
}

describe('game record', () => {
  it('holds each named counter, per-round total, gold curve and drawn card as the round records say', () => {
    let agreements = 0;
    let cards = 0;
    for (let g = 0; g < 60; g++) {
      const final = play(g);
      const rec = record(final);
      expect(rec.counters.length).toBe(COUNTERS.length);
      COUNTERS.forEach((name, c) => {
        for (let s = 0; s < final.players; s++) expect(rec.counters[c][s], `${name} seat ${s} game ${g}`).toBe(counterByName(final, name, s));
      });
      agreements += rec.counters[COUNTERS.indexOf('agreements')].reduce((a, b) => a + b, 0);
      const history = historyOf(final);
      expect(rec.curve).toEqual(history.map((r) => r.goldAfter));
      expect(rec.initialScores).toEqual(history[0].goldBefore);
      expect(ROUND_COUNTERS).toEqual(['upgrades', 'collisions', 'fines']);
      expect(rec.roundCounters).toEqual(
        history.map((r) => [r.upgraded.filter(Boolean).length, r.collisions.filter(Boolean).length, r.fines.reduce((a, b) => a + b, 0)]),
      );
      const drawn = history
        .filter((r) => r.event !== null && r.event !== 'blank')
        .map((r) => ({ card: EVENT_CARD_IDS.indexOf(r.event as never), round: r.round }));
      expect(rec.cardsDrawn).toEqual(drawn);
      cards += drawn.length;
    }
    // The sample exercises the counters (not only zeros).
    expect(agreements).toBeGreaterThan(0);
    expect(cards).toBeGreaterThan(0);
  });
});
