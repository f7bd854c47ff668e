/**
 * The meeting's rules as both engines apply them (meeting-rules.ts, §15), against cases worked out by
 * hand: the tick's seat order and its draw, who still needs a turn, idle promises and what wakes them,
 * the turn-finding loop, agreement formation, the late card and the legality checks. The engines'
 * use of them is tied by test/fast/identity.test.ts and kernel-chaos.test.ts (the same games record
 * for record); the reference engine's waking of idle seats is checked here on its `Meeting`.
 */
import { describe, expect, it } from 'vitest';
import { RandomSource } from '../../../src/core/random.js';
import { GREEN, MSG_ACCEPT, MSG_COMMITTED, MSG_PASS, MSG_PROMISE, MSG_PROPOSE, NOBODY, NONE, RED } from '../../../src/games/goldrausch/fast/view.js';
import { commitCard, seatsNeedingTurn, sendMessage } from '../../../src/games/goldrausch/meeting.js';
import {
  agreementParties,
  agreementUpgrader,
  bindsIdle,
  comesLate,
  inScope,
  isKnownProposal,
  isPromiseCard,
  isSeatOn,
  mayLayCard,
  needsMask,
  nextAwakeTick,
  nextTurn,
  NO_CONTINENT,
  permutationsOf,
  popcount,
  promiseCard,
  seatsOnMask,
  tickOrder,
  wakes,
  type MeetingClock,
  type MeetingDraws,
} from '../../../src/games/goldrausch/meeting-rules.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, type GoldrauschConfig } from '../../../src/games/goldrausch/params.js';
import { Purpose } from '../../../src/games/goldrausch/purposes.js';
import { filled, openingMeeting, type Meeting } from '../../../src/games/goldrausch/state.js';
import type { ContinentIndex } from '../../../src/games/goldrausch/types.js';

/** Draws whose float is `u` every time (`int` as RandomSource's, floor(u · n)), recording each (purpose, counter) asked for. */
function fixedDraws(u: number): MeetingDraws & { calls: [number, number][] } {
  const calls: [number, number][] = [];
  return {
    calls,
    float(purpose: number, counter: number) {
      calls.push([purpose, counter]);
      return u;
    },
    int(purpose: number, counter: number, n: number) {
      return Math.floor(this.float(purpose, counter) * n);
    },
  };
}

describe('the tick’s seat order (§15.1)', () => {
  it('lists the n! orders of n seats once each, in lexicographic order', () => {
    const four = permutationsOf(4);
    expect(four).toHaveLength(24);
    expect(new Set(four.map((o) => o.join(''))).size).toBe(24);
    expect(four[0]).toEqual([0, 1, 2, 3]);
    expect(four[12]).toEqual([2, 0, 1, 3]);
    expect(four[23]).toEqual([3, 2, 1, 0]);
    expect(permutationsOf(5)).toHaveLength(120);
    expect(permutationsOf(6)).toHaveLength(720);
    expect(permutationsOf(4)).toBe(four); // built once
  });

  it('picks order floor(u · n!) with the one draw round·64 + tick of the meeting-order stream', () => {
    const orders = permutationsOf(4);
    const half = fixedDraws(0.5);
    expect(tickOrder(orders, half, 3, 5)).toEqual([2, 0, 1, 3]); // floor(0.5 · 24) = 12
    expect(half.calls).toEqual([[Purpose.meetingOrder, 3 * 64 + 5]]);
    expect(tickOrder(orders, fixedDraws(0), 1, 1)).toEqual([0, 1, 2, 3]);
    expect(tickOrder(orders, fixedDraws(0.99999), 1, 1)).toEqual([3, 2, 1, 0]);
    expect(tickOrder(orders, fixedDraws(1 / 24), 1, 1)).toEqual([0, 1, 3, 2]); // index 1
  });

  it('draws what RandomSource.int(meetingOrder, round·64 + tick, n!) draws', () => {
    const random = new RandomSource('meeting-order', 7);
    for (const n of [4, 5, 6]) {
      const orders = permutationsOf(n);
      for (let tick = 1; tick <= 12; tick++) {
        expect(tickOrder(orders, random, 4, tick)).toBe(orders[random.int(Purpose.meetingOrder, 4 * 64 + tick, orders.length)]);
      }
    }
  });
});

/** The rule as §15.1 states it, seat by seat: the oracle `needsMask` is checked against. */
function needsTurnAsWritten(locations: readonly number[], laid: readonly boolean[], passed: readonly boolean[], s: number, revisable: boolean): boolean {
  if (!laid[s]) return true;
  if (revisable) return !passed[s];
  if (passed[s]) return false;
  // Negotiation on a continent ends when all its players have laid a card.
  for (let q = 0; q < locations.length; q++) if (locations[q] === locations[s] && !laid[q]) return true;
  return false;
}

describe('who still needs a turn (needsMask)', () => {
  it('by hand: a seat that laid its card waits only while a seat on its continent has not', () => {
    // Seats 0, 1 on azul (0 laid, 1 not), seat 2 on rosso laid, seat 3 on rosso passed without a card.
    // 0: laid, but 1 on azul has not → acts; 1: no card → acts; 2: laid, 3 on rosso has no card →
    // acts; 3: no card → acts (passing does not end the turns of a seat without a card).
    expect(needsMask([0, 0, 1, 1], 4, 0b0101, 0b1000, false)).toBe(0b1111);
    // All but seat 3 laid; seat 2 passed. 0 and 1: azul complete → done; 2: passed → done; 3: no card.
    expect(needsMask([0, 0, 1, 1], 4, 0b0111, 0b0100, false)).toBe(0b1000);
    // commitRevisable: a seat with a card acts until it passes.
    expect(needsMask([0, 0, 1, 1], 4, 0b0111, 0b0100, true)).toBe(0b1011);
    // Everybody laid: nobody needs a turn (without revisable cards), whatever the passes.
    expect(needsMask([2, 2, 2, 2, 2], 5, 0b11111, 0, false)).toBe(0);
  });

  it('equals the rule seat by seat over every meeting of 4 seats and every 17th of 5 seats (locations, cards, passes)', () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const n of [4, 5]) {
      for (let code = 0; code < 3 ** n * 2 ** n * 2 ** n; code += n === 4 ? 1 : 17) {
        let x = code;
        const locations: number[] = [];
        const laid: boolean[] = [];
        const passed: boolean[] = [];
        let laidMask = 0;
        let passedMask = 0;
        for (let s = 0; s < n; s++) {
          locations.push(x % 3);
          x = Math.floor(x / 3);
          laid.push(x % 2 === 1);
          x = Math.floor(x / 2);
          passed.push(x % 2 === 1);
          x = Math.floor(x / 2);
          if (laid[s]) laidMask |= 1 << s;
          if (passed[s]) passedMask |= 1 << s;
        }
        for (const revisable of [false, true]) {
          let expected = 0;
          for (let s = 0; s < n; s++) if (needsTurnAsWritten(locations, laid, passed, s, revisable)) expected |= 1 << s;
          if (needsMask(locations, n, laidMask, passedMask, revisable) !== expected) wrong.push(`${locations} ${laid} ${passed} revisable ${revisable}`);
          checked++;
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(10000);
  });

  it('is what the reference engine reads from its Meeting (cards laid, passes)', () => {
    const config = (commitRevisable: boolean): GoldrauschConfig => ({ params: DEFAULT_PARAMS, rules: { ...DEFAULT_RULES, commitRevisable } });
    const m = meeting([0, 0, 1, 1], { commits: ['red', 'green', null, 'red'], passed: [false, true, false, true] });
    // Azul complete: 0 and 1 done; rosso has seat 2 without a card: 2 acts, 3 passed → done.
    expect(seatsNeedingTurn(config(false), m, 4)).toBe(0b0100);
    // Revisable: 0 has not passed → acts; 1 and 3 passed; 2 has no card.
    expect(seatsNeedingTurn(config(true), m, 4)).toBe(0b0101);
  });

  it('lets a seat lay a card once, or again with commitRevisable', () => {
    expect(mayLayCard(false, false)).toBe(true);
    expect(mayLayCard(true, false)).toBe(false);
    expect(mayLayCard(true, true)).toBe(true);
  });
});

describe('idle promises and what wakes them', () => {
  it('binds a bot only to a later tick', () => {
    expect(bindsIdle(5, 4)).toBe(true);
    expect(bindsIdle(4, 4)).toBe(false);
    expect(bindsIdle(0, 1)).toBe(false);
  });

  it('wakes a seat for a message about its continent of a type it listens to, and for any GIFT', () => {
    const listens = MSG_PROPOSE | MSG_ACCEPT;
    expect(wakes(1, listens, 1, MSG_PROPOSE)).toBe(true);
    expect(wakes(1, listens, 1, MSG_ACCEPT)).toBe(true);
    expect(wakes(1, listens, 1, MSG_PROMISE)).toBe(false); // a type it ignores
    expect(wakes(1, listens, 1, MSG_COMMITTED)).toBe(false);
    expect(wakes(1, listens, 2, MSG_PROPOSE)).toBe(false); // another continent
    expect(wakes(0, listens, 1, MSG_PROPOSE)).toBe(false);
    expect(wakes(1, 0, NO_CONTINENT, 64)).toBe(true); // a GIFT wakes even a seat that ignores every type
  });

  it('finds the next tick at which a seat that needs a turn is awake', () => {
    const idleUntil = [0, 5, 7, 3];
    // At tick 2: seat 0 has no promise, 1 and 2 are idle, 3 is idle until 3.
    expect(nextAwakeTick(idleUntil, 4, 0b0001, 2)).toBe(3); // seat 0 awake: the next tick
    expect(nextAwakeTick(idleUntil, 4, 0b0110, 2)).toBe(5); // the earlier of 5 and 7
    expect(nextAwakeTick(idleUntil, 4, 0b1110, 2)).toBe(3);
    expect(nextAwakeTick(idleUntil, 4, 0b1000, 3)).toBe(4); // seat 3's promise ended at tick 3
    expect(nextAwakeTick(idleUntil, 4, 0, 2)).toBe(Infinity);
  });
});

describe('the turn-finding loop (nextTurn)', () => {
  const orders = permutationsOf(4);
  const clock = (order: number[], idleUntil: number[], tick = 2): MeetingClock => ({ tick, order, turn: 9, idleUntil });

  it('gives the turn to the next seat in the order that needs one and is awake', () => {
    const c = clock([2, 0, 3, 1], [0, 0, 0, 6]);
    const draws = fixedDraws(0);
    // From position 0: seat 2 needs none, seat 0 does.
    expect(nextTurn(c, 0, 0b1011, 10, orders, draws, 1)).toBe(true);
    expect(c.turn).toBe(1);
    // From position 2: seat 3 is idle until 6, seat 1 is next.
    expect(nextTurn(c, 2, 0b1011, 10, orders, draws, 1)).toBe(true);
    expect(c.turn).toBe(3);
    expect(c.tick).toBe(2);
    expect(draws.calls).toEqual([]); // the same tick: no order drawn
  });

  it('skips to the tick at which a seat wakes, with that tick’s order', () => {
    const c = clock([2, 0, 3, 1], [0, 6, 0, 8]);
    const draws = fixedDraws(0.5); // order 12: [2, 0, 1, 3]
    // Seats 1 and 3 need turns and are idle until 6 and 8: ticks 3–5 are skipped.
    expect(nextTurn(c, 0, 0b1010, 10, orders, draws, 4)).toBe(true);
    expect(c.tick).toBe(6);
    expect(c.order).toEqual([2, 0, 1, 3]);
    expect(c.turn).toBe(2); // seat 1, at position 2 of the new order
    expect(draws.calls).toEqual([[Purpose.meetingOrder, 4 * 64 + 6]]);
  });

  it('moves to the next tick when everybody in this order has had a turn', () => {
    const c = clock([2, 0, 3, 1], [0, 0, 0, 0]);
    const draws = fixedDraws(0);
    expect(nextTurn(c, 4, 0b0001, 10, orders, draws, 1)).toBe(true);
    expect(c.tick).toBe(3);
    expect(c.order).toEqual([0, 1, 2, 3]);
    expect(c.turn).toBe(0);
  });

  it('ends the meeting after the last tick, when every promise outlasts it, or when nobody needs a turn', () => {
    const last = clock([2, 0, 3, 1], [0, 0, 0, 0], 10);
    expect(nextTurn(last, 4, 0b0001, 10, orders, fixedDraws(0), 1)).toBe(false);
    expect(last.turn).toBe(9); // left as it was
    expect(last.tick).toBe(10);
    const sleeping = clock([2, 0, 3, 1], [0, 11, 0, 0]);
    expect(nextTurn(sleeping, 0, 0b0010, 10, orders, fixedDraws(0), 1)).toBe(false);
    const done = clock([2, 0, 3, 1], [0, 0, 0, 0]);
    expect(nextTurn(done, 0, 0, 10, orders, fixedDraws(0), 1)).toBe(false);
  });
});

describe('the late card (§15.1)', () => {
  it('draws round·16 + seat of the late-commit stream only for a card laid in the last tick', () => {
    const early = fixedDraws(0);
    expect(comesLate(early, 3, 2, 9, 10, 0.5)).toBe(false);
    expect(early.calls).toEqual([]);
    const noRisk = fixedDraws(0);
    expect(comesLate(noRisk, 3, 2, 10, 10, 0)).toBe(false);
    expect(noRisk.calls).toEqual([]);
    const late = fixedDraws(0.49);
    expect(comesLate(late, 3, 2, 10, 10, 0.5)).toBe(true);
    expect(late.calls).toEqual([[Purpose.lateCommit, 3 * 16 + 2]]);
    expect(comesLate(fixedDraws(0.5), 3, 2, 10, 10, 0.5)).toBe(false); // u < pLate, strictly
  });
});

describe('agreements (§15.2)', () => {
  it('forms when everybody on the continent accepted, with all of them as parties', () => {
    expect(agreementParties(0b0111, 0b0111, false)).toBe(0b0111);
    // A seat elsewhere accepted too (table scope): the parties are still those on the continent.
    expect(agreementParties(0b0111, 0b1111, false)).toBe(0b0111);
    expect(agreementParties(0b0111, 0b0011, false)).toBe(0);
  });

  it('with allowPartialAgreements, forms among any two or more who accepted', () => {
    expect(agreementParties(0b0111, 0b0011, true)).toBe(0b0011);
    expect(agreementParties(0b0111, 0b1001, true)).toBe(0b1001); // one of them from elsewhere
    expect(agreementParties(0b0111, 0b0001, true)).toBe(0); // the proposer alone
    expect(agreementParties(0b0111, 0b0111, true)).toBe(0b0111); // complete: everybody on it
  });

  it('never forms on a continent with fewer than two players', () => {
    expect(agreementParties(0b0001, 0b0001, false)).toBe(0);
    expect(agreementParties(0b0001, 0b0011, true)).toBe(0);
    expect(agreementParties(0, 0b0011, true)).toBe(0);
  });

  it('keeps the proposal’s upgrader only if a party', () => {
    expect(agreementUpgrader(1, 0b0011)).toBe(1);
    expect(agreementUpgrader(2, 0b0011)).toBe(NOBODY);
    expect(agreementUpgrader(NOBODY, 0b0011)).toBe(NOBODY);
  });

  it('counts seats by mask', () => {
    expect(popcount(0)).toBe(0);
    expect(popcount(0b101101)).toBe(4);
    expect(seatsOnMask([2, 0, 2, 1, 2], 5, 2)).toBe(0b10101);
    expect(seatsOnMask([2, 0, 2, 1, 2], 5, 1)).toBe(0b01000);
  });
});

describe('legal messages (§15.2, GR-A11)', () => {
  it('names as upgrader only a seat on the continent', () => {
    const locations = [2, 0, 2, 1];
    expect(isSeatOn(locations, 4, 2, 2)).toBe(true);
    expect(isSeatOn(locations, 4, 0, 2)).toBe(true);
    expect(isSeatOn(locations, 4, 1, 2)).toBe(false); // on azul
    for (const x of [4, -1, 2.5, '2', null, undefined]) expect(isSeatOn(locations, 4, x, 2)).toBe(false);
  });

  it('talks about the own continent only, unless the scope is the table', () => {
    expect(inScope(false, 1, 1)).toBe(true);
    expect(inScope(false, 2, 1)).toBe(false);
    expect(inScope(true, 2, 1)).toBe(true);
  });

  it('refers only to a proposal made so far', () => {
    expect(isKnownProposal(0, 0)).toBe(false);
    expect(isKnownProposal(0, 1)).toBe(true);
    expect(isKnownProposal(2, 3)).toBe(true);
    for (const x of [3, -1, 0.5, '0', null]) expect(isKnownProposal(x, 3)).toBe(false);
  });

  it('promises GREEN or RED only', () => {
    expect(isPromiseCard(GREEN)).toBe(true);
    expect(isPromiseCard(RED)).toBe(true);
    expect(isPromiseCard(NONE)).toBe(false);
    expect(isPromiseCard(3)).toBe(false);
    expect(promiseCard('GREEN')).toBe(GREEN);
    expect(promiseCard('RED')).toBe(RED);
    for (const x of ['green', 1, null, undefined]) expect(promiseCard(x)).toBe(NONE);
  });
});

/** A meeting at tick 2 in which nobody has done anything yet (state.ts `openingMeeting`), with `fields` set. */
function meeting(locations: ContinentIndex[], fields: Partial<Meeting> = {}): Meeting {
  const order = locations.map((_, s) => s);
  return { ...openingMeeting(locations, filled(locations.length, null), order), tick: 2, ...fields };
}

describe('the reference engine wakes idle seats when a message is added', () => {
  const ctx = { config: { params: DEFAULT_PARAMS, rules: { ...DEFAULT_RULES, allowGoldGifts: true } }, round: 3, players: 4, gold: [5, 5, 5, 5] };
  // Seats 0 and 1 on azul, 2 and 3 on rosso. Seat 1 idle until 6, woken by PROPOSE and PASS only;
  // seat 3 idle until 6, woken by anything.
  const idle = (): Meeting => meeting([0, 0, 1, 1], { idleUntil: [0, 6, 0, 6], idleWake: [0, MSG_PROPOSE | MSG_PASS, 0, 127] });

  it('by a message about its continent of a type it listens to', () => {
    const m = sendMessage(ctx, idle(), 0, { type: 'PROPOSE', plan: { upgrader: null } });
    expect(m.idleUntil).toEqual([0, 0, 0, 6]);
    const pass = sendMessage(ctx, idle(), 2, { type: 'PASS' });
    expect(pass.idleUntil).toEqual([0, 6, 0, 0]);
  });

  it('not by a type it ignores, nor by a message about another continent', () => {
    const before = idle();
    const m = sendMessage(ctx, before, 0, { type: 'PROMISE', action: 'GREEN' });
    expect(m.idleUntil).toBe(before.idleUntil); // not even copied
    const laid = commitCard(ctx, before, 0, 'green');
    expect(laid.idleUntil).toEqual([0, 6, 0, 6]);
  });

  it('by a card laid on its continent when it listens to COMMITTED, and by any GIFT', () => {
    const listening = meeting([0, 0, 1, 1], { idleUntil: [0, 6, 0, 0], idleWake: [0, MSG_COMMITTED, 0, 0] });
    expect(commitCard(ctx, listening, 0, 'red').idleUntil).toEqual([0, 0, 0, 0]);
    const gift = sendMessage(ctx, idle(), 0, { type: 'GIFT', to: 2, amount: 1 });
    expect(gift.idleUntil).toEqual([0, 0, 0, 0]);
  });

  it('leaves a promise whose tick has passed as it is', () => {
    const expired = meeting([0, 0, 1, 1], { tick: 7, idleUntil: [0, 6, 0, 0], idleWake: [0, 127, 0, 0] });
    expect(sendMessage(ctx, expired, 0, { type: 'PROPOSE', plan: { upgrader: null } }).idleUntil).toEqual([0, 6, 0, 0]);
  });
});
