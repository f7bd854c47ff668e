/**
 * The bots behave as their names promise, measured on real games of the engine (not hand-built views).
 */
import { describe, expect, it } from 'vitest';
import type { GoldrauschState } from '../../src/games/goldrausch/state.js';
import { historyOf } from '../games/goldrausch/helpers.js';
import { playOne } from '../../src/sim/run.js';
import { parseScenario } from '../../src/sim/scenario.js';

const scenario = parseScenario('in-play', {
  players: 4,
  seats: ['cooperative', 'betrayer', 'reciprocal', 'cooperative'],
});
const GAMES = 300;
const finals: GoldrauschState[] = [];
for (let g = 0; g < GAMES; g++) finals.push(playOne(scenario, g, { seed: 'in-play' }).final as GoldrauschState);
const COOPERATIVE = [0, 3];
const BETRAYER = 1;
const RECIPROCAL = 2;

describe('bots in real games', () => {
  it('the cooperative bot never breaks an agreement, and keeps many', () => {
    let kept = 0;
    for (const f of finals) {
      for (const r of historyOf(f)) for (const b of r.breaches) expect(COOPERATIVE).not.toContain(b.seat);
      for (const s of COOPERATIVE) kept += f.kept[s];
    }
    expect(kept).toBeGreaterThan(GAMES);
  });

  it('the betrayer breaks agreements it accepted', () => {
    let broken = 0;
    let kept = 0;
    for (const f of finals) {
      broken += f.broken[BETRAYER];
      kept += f.kept[BETRAYER];
    }
    expect(broken).toBeGreaterThan(GAMES / 2);
    expect(kept).toBe(0); // β = 1: every obligation it had, it broke
  });

  it('the reciprocal bot punishes a recent betrayer: green when it meets one within 2 rounds, never a breach itself', () => {
    let meetings = 0;
    let punished = 0;
    for (const f of finals) {
      const history = historyOf(f);
      for (const r of history) {
        for (const b of r.breaches) expect(b.seat).not.toBe(RECIPROCAL);
        const recent = history.filter((h) => h.round < r.round && h.round >= r.round - 2);
        const betrayedMe = recent.some((h) => h.breaches.some((b) => b.seat === BETRAYER && (b.victims & (1 << RECIPROCAL)) !== 0));
        if (!betrayedMe || r.locations[RECIPROCAL] !== r.locations[BETRAYER]) continue;
        meetings++;
        if (r.commits[RECIPROCAL] === 'green') punished++;
      }
    }
    expect(meetings).toBeGreaterThan(20);
    expect(punished).toBe(meetings);
  });

  it('the reciprocal bot forgives: more than 2 rounds after the last betrayal it cooperates again', () => {
    let agreementsAfter = 0;
    const both = (1 << RECIPROCAL) | (1 << BETRAYER);
    for (const f of finals) {
      const history = historyOf(f);
      for (const r of history) {
        const breachRounds = history
          .filter((h) => h.round < r.round && h.breaches.some((b) => b.seat === BETRAYER && (b.victims & (1 << RECIPROCAL)) !== 0))
          .map((h) => h.round);
        if (breachRounds.length === 0 || r.round - Math.max(...breachRounds) <= 2) continue;
        if (r.agreementParties.some((parties) => (parties & both) === both)) agreementsAfter++;
      }
    }
    expect(agreementsAfter).toBeGreaterThan(0);
  });
});
