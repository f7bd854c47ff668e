/**
 * The per-deal metric values, computed by hand, and the baseline's compact encoding of deals.
 */
import { describe, expect, it } from 'vitest';
import { checkGameOf, decodeDeals, encodeDeals, metricsOf, metricValues } from '../../src/check/deals.js';
import { GAMES } from '../../src/games/registry.js';

const GAME = checkGameOf(GAMES.goldrausch);
import { emptyDeals } from '../../src/sim/deals.js';

/** Four hand-made deals of a 4-player game; ending 0 = race, 1 = clock. */
function deals() {
  const d = emptyDeals(4);
  d.winners.set([0b0001, 0b0101, 0b0010, 0b1111]); // seat 0 | seats 0 and 2 share | seat 1 | all four share
  d.length.set([10, 7, 10, 9]);
  d.ending.set([1, 0, 1, 0]);
  d.scoreSum.set([120, 200, 100, 204]);
  return d;
}

describe('metric values per deal', () => {
  const seats = ['greedy', 'cooperative', 'greedy', 'betrayer'];
  const value = (id: string, s = seats) => Array.from(metricValues(metricsOf(s, GAME).find((m) => m.id === id)!, s, deals(), 0, 4));

  it('gives each bot its share of the win per seat it holds (k winners, c seats: wins/(k·c))', () => {
    // greedy holds seats 0 and 2: deal 0 1/(1·2); deal 1 both winners 2/(2·2); deal 2 none; deal 3 2/(4·2).
    expect(value('win:greedy')).toEqual([0.5, 0.5, 0, 0.25]);
    expect(value('win:cooperative')).toEqual([0, 0, 1, 0.25]);
    expect(value('win:betrayer')).toEqual([0, 0, 0, 0.25]);
  });

  it('gives rounds, mean final gold per seat and the race flag', () => {
    expect(value('rounds')).toEqual([10, 7, 10, 9]);
    expect(value('gold')).toEqual([30, 50, 25, 51]);
    expect(value('race')).toEqual([0, 1, 0, 1]);
  });

  it('has per-seat metrics (and no per-bot one) for a mirror line-up', () => {
    const mirror = ['cooperative', 'cooperative', 'cooperative', 'cooperative'];
    expect(metricsOf(mirror, GAME).map((m) => m.id)).toEqual(['seat:0', 'seat:1', 'seat:2', 'seat:3', 'rounds', 'gold', 'race']);
    expect(value('seat:0', mirror)).toEqual([1, 0.5, 0, 0.25]);
    expect(value('seat:3', mirror)).toEqual([0, 0, 0, 0.25]);
    expect(metricsOf(seats, GAME).map((m) => m.id)).toEqual(['win:greedy', 'win:cooperative', 'win:betrayer', 'rounds', 'gold', 'race']);
  });
});

describe('the compact encoding of deals', () => {
  it('round-trips exactly, large and negative score sums included', () => {
    const d = emptyDeals(1000);
    for (let i = 0; i < 1000; i++) {
      d.winners[i] = (i * 7) % 64;
      d.length[i] = (i * 13) % 300;
      d.ending[i] = i % 2;
      d.scoreSum[i] = i === 5 ? -70000 : i === 6 ? 2_000_000 : (i * 31) % 400;
    }
    const back = decodeDeals(encodeDeals(d), 1000);
    expect(back).toEqual(d);
  });

  it('refuses data of another length', () => {
    expect(() => decodeDeals(encodeDeals(emptyDeals(10)), 11)).toThrow('holds 10 deals, expected 11');
  });
});
