/**
 * The meeting's rules (meeting.ts, docs/games/goldrausch.md §15) against cases worked out by hand:
 * the tick's seat order and its draw, who still needs a turn, idle promises and what wakes them,
 * agreement formation, the late card, the legality of each message, and what a GIFT moves.
 */
import { describe, expect, it } from 'vitest';
import { RandomSource } from '../../../src/core/random.js';
import {
  GREEN,
  MSG_ACCEPT,
  MSG_ALL,
  MSG_GIFT,
  MSG_PASS,
  MSG_PROMISE,
  MSG_PROPOSE,
  NOBODY,
  NONE,
  newMessage,
  RED,
  type Message,
} from '../../../src/games/goldrausch/bot.js';
import { goldrausch } from '../../../src/games/goldrausch/engine.js';
import { messageFault, needsMask, permutationsOf, playTurn, send, tickOrder } from '../../../src/games/goldrausch/meeting.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, type RulesOptions } from '../../../src/games/goldrausch/params.js';
import { Purpose } from '../../../src/games/goldrausch/purposes.js';
import { Stage, type GoldrauschState } from '../../../src/games/goldrausch/state.js';

/** Draws whose float is `u` every time (`int` as RandomSource's, floor(u · n)), recording each (purpose, counter) asked for. */
function fixedDraws(u: number) {
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

/** Round 3's meeting at tick 2 with the pawns on `locations`, nobody having done anything yet. */
function meeting(locations: number[], rules: Partial<RulesOptions> = {}, gold?: number[]): GoldrauschState {
  const config = { rules: { ...DEFAULT_RULES, ...rules }, params: DEFAULT_PARAMS };
  const s = goldrausch.setup(config, locations.length, new RandomSource('meeting', 0));
  s.round = 3;
  s.stage = Stage.meeting;
  s.tick = 2;
  s.order = permutationsOf(locations.length)[0];
  s.turn = 0;
  for (let q = 0; q < locations.length; q++) {
    s.locations[q] = locations[q];
    if (gold) s.gold[q] = gold[q];
  }
  s.needsStale = true;
  return s;
}

function message(fields: Partial<Message>): Message {
  return Object.assign(newMessage(), fields);
}
const propose = (upgrader: number, extra: Partial<Message> = {}) => message({ type: MSG_PROPOSE, upgrader, ...extra });
const accept = (ref: number) => message({ type: MSG_ACCEPT, ref });

/** Sends the messages in turn (seat, message), each checked first; throws at an illegal one. */
function play(s: GoldrauschState, ...steps: [number, Message][]): GoldrauschState {
  for (const [from, m] of steps) {
    const why = messageFault(s, from, m, s.gold[from], s.proposalCount);
    if (why !== null) throw new Error(why);
    send(s, from, m);
  }
  return s;
}

// Seats 0, 2, 4 on veridia (2); seat 1 on azul (0); seat 3 on rosso (1).
const table = [2, 0, 2, 1, 2];

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
    const s = meeting([0, 0, 1, 2]);
    const half = fixedDraws(0.5);
    expect(tickOrder(s, 5, half)).toEqual([2, 0, 1, 3]); // floor(0.5 · 24) = 12
    expect(half.calls).toEqual([[Purpose.meetingOrder, 3 * 64 + 5]]);
    expect(tickOrder(s, 1, fixedDraws(0))).toEqual([0, 1, 2, 3]);
    expect(tickOrder(s, 1, fixedDraws(0.99999))).toEqual([3, 2, 1, 0]);
    expect(tickOrder(s, 1, fixedDraws(1 / 24))).toEqual([0, 1, 3, 2]); // index 1
  });
});

describe('who still needs a turn (needsMask)', () => {
  it('by hand: a seat that laid its card waits only while a seat on its continent has not', () => {
    // Seats 0, 1 on azul; 2, 3 on rosso. Seat 0 and seat 2 laid a card; seat 3 laid one and passed.
    const s = meeting([0, 0, 1, 1]);
    s.laidMask = 0b1101;
    s.passedMask = 0b1000;
    // Seat 1 has laid none: it and seat 0 (azul still open) need turns; on rosso everyone laid.
    expect(needsMask(s)).toBe(0b0011);
    s.laidMask = 0b1111;
    expect(needsMask(s)).toBe(0);
  });

  it('with commitRevisable, every seat that has not both laid and passed', () => {
    const s = meeting([0, 0, 1, 1], { commitRevisable: true });
    s.laidMask = 0b1111;
    s.passedMask = 0b0101;
    expect(needsMask(s)).toBe(0b1010);
  });
});

describe('idle promises and what wakes them', () => {
  /** Seat 0 on veridia promises to stay idle until tick 9, woken by `wake`; then `from` sends `m`. */
  function woken(wake: number, from: number, m: Message): boolean {
    const s = meeting(table, { negotiationScope: 'table', allowGoldGifts: true });
    s.turn = 0; // seat 0's turn (order 0, 1, 2, 3, 4)
    playTurn(s, [], 0, NONE, 9, wake, fixedDraws(0));
    expect(s.idleUntil[0]).toBe(9);
    send(s, from, m);
    return s.idleUntil[0] === 0;
  }

  it('wakes a seat for a message about its continent of a type it listens to, and for any GIFT', () => {
    expect(woken(MSG_ALL, 2, propose(2))).toBe(true);
    expect(woken(MSG_ALL & ~MSG_PROPOSE, 2, propose(2))).toBe(false);
    expect(woken(MSG_ALL, 1, propose(1))).toBe(false); // about azul
    expect(woken(MSG_ALL, 1, propose(2, { continent: 2 }))).toBe(true); // about veridia, from azul (table scope)
    expect(woken(MSG_PROPOSE, 3, message({ type: MSG_GIFT, to: 4, amount: 1 }))).toBe(true);
  });

  it('skips an idle seat’s turns until the promised tick', () => {
    const s = meeting([2, 2, 2, 2]);
    s.turn = 0;
    playTurn(s, [], 0, NONE, 5, MSG_ALL, fixedDraws(0));
    // Order 0, 1, 2, 3 every tick (u = 0): the next turns are seats 1, 2, 3 at tick 2, then 1 at tick 3.
    expect(s.order[s.turn]).toBe(1);
    playTurn(s, [], 0, NONE, 0, MSG_ALL, fixedDraws(0));
    playTurn(s, [], 0, NONE, 0, MSG_ALL, fixedDraws(0));
    playTurn(s, [], 0, NONE, 0, MSG_ALL, fixedDraws(0));
    expect(s.tick).toBe(3);
    expect(s.order[s.turn]).toBe(1);
  });
});

describe('the late card (§15.1)', () => {
  it('draws round·16 + seat of the late-commit stream only for a card laid in the last tick', () => {
    const config = { rules: DEFAULT_RULES, params: { ...DEFAULT_PARAMS, pLate: 0.5 } };
    const s = goldrausch.setup(config, 4, new RandomSource('late', 0));
    s.round = 3;
    s.stage = Stage.meeting;
    for (let q = 0; q < 4; q++) s.locations[q] = 2;
    s.order = [1, 0, 2, 3];
    s.turn = 0;
    s.needsStale = true;
    s.tick = 11;
    const early = fixedDraws(0.25);
    playTurn(s, [], 0, RED, 0, MSG_ALL, early);
    expect(s.commits[1]).toBe(RED);
    expect(early.calls.filter(([p]) => p === Purpose.lateCommit)).toEqual([]);
    s.tick = 12;
    s.turn = 1; // seat 0
    const late = fixedDraws(0.25); // below pLate: too late
    playTurn(s, [], 0, GREEN, 0, MSG_ALL, late);
    expect(late.calls.filter(([p]) => p === Purpose.lateCommit)).toEqual([[Purpose.lateCommit, 3 * 16 + 0]]);
    expect(s.commits[0]).toBe(NONE);
  });
});

describe('agreements (§15.2)', () => {
  it('form when everybody on the continent accepted, with all of them as parties, the upgrader kept', () => {
    const s = play(meeting(table), [0, propose(2)], [2, accept(0)]);
    expect(s.agreementProposal[2]).toBe(-1); // seat 4 has not accepted
    play(s, [4, accept(0)]);
    expect(s.agreementProposal[2]).toBe(0);
    expect(s.agreementParties[2]).toBe(0b10101);
    expect(s.agreementUpgrader[2]).toBe(2);
  });

  it('a seat alone on its continent makes no agreement', () => {
    const s = play(meeting(table), [1, propose(1)]);
    expect(s.agreementProposal[0]).toBe(-1);
  });

  it('with allowPartialAgreements, two acceptances suffice; the parties are the acceptors, the upgrader only if a party', () => {
    const s = play(meeting(table, { allowPartialAgreements: true }), [0, propose(4)], [2, accept(0)]);
    expect(s.agreementProposal[2]).toBe(0);
    expect(s.agreementParties[2]).toBe(0b00101);
    expect(s.agreementUpgrader[2]).toBe(NOBODY); // seat 4 did not accept
    play(s, [4, accept(0)]);
    expect(s.agreementParties[2]).toBe(0b10101);
    expect(s.agreementUpgrader[2]).toBe(4);
  });
});

describe('legal messages (§15.2, GR-A11, GR-A12)', () => {
  const fault = (s: GoldrauschState, from: number, m: Message) => messageFault(s, from, m, s.gold[from], s.proposalCount);

  it('names as upgrader only a seat on the proposed continent (or nobody)', () => {
    const s = meeting(table);
    for (const upgrader of [0, 2, 4, NOBODY]) expect(fault(s, 0, propose(upgrader))).toBeNull();
    for (const upgrader of [1, 3, 5, -2, 2.5, '2'] as unknown as number[]) expect(fault(s, 0, propose(upgrader))).toMatch(/not on that continent/);
  });

  it('names in a rotation clause only a party (or nobody), for a later round', () => {
    const s = meeting(table);
    const clauses = (rounds: number[], upgraders: number[]) => propose(2, { clauseCount: rounds.length, clauseRounds: rounds, clauseUpgraders: upgraders });
    expect(fault(s, 2, clauses([4, 5], [4, NOBODY]))).toBeNull();
    for (const u of [1, 3, 7, '4', 0.5] as unknown as number[]) expect(fault(s, 2, clauses([4], [u]))).toMatch(/not a party/);
    expect(fault(s, 2, clauses([3], [4]))).toMatch(/later round/);
  });

  it('talks about the own continent only, unless the scope is the table', () => {
    expect(fault(meeting(table), 1, propose(2, { continent: 2 }))).toMatch(/GR-A11/);
    expect(fault(meeting(table, { negotiationScope: 'table' }), 1, propose(2, { continent: 2 }))).toBeNull();
    expect(fault(meeting(table, { negotiationScope: 'table' }), 1, propose(2, { continent: 3 }))).toMatch(/unknown continent/);
  });

  it('refers only to a proposal made so far, and promises GREEN or RED only', () => {
    const s = play(meeting(table), [0, propose(2)]);
    expect(fault(s, 2, accept(0))).toBeNull();
    expect(fault(s, 2, accept(1))).toMatch(/unknown proposal 1/);
    expect(fault(s, 1, accept(0))).toMatch(/GR-A11/); // seat 1 stands on azul
    expect(fault(s, 2, message({ type: MSG_PROMISE, action: RED, ref: -1 }))).toBeNull();
    expect(fault(s, 2, message({ type: MSG_PROMISE, action: GREEN, ref: 0 }))).toBeNull();
    expect(fault(s, 2, message({ type: MSG_PROMISE, action: NONE, ref: -1 }))).toMatch(/GREEN or RED/);
    expect(fault(s, 2, message({ type: MSG_PASS }))).toBeNull();
    expect(fault(s, 2, message({ type: 99 }))).toMatch(/unknown message type/);
  });

  it('gives gold only when gifts are allowed, to another seat, a whole amount up to the sender’s gold; a GIFT moves it at once', () => {
    const gift = (to: number, amount: number) => message({ type: MSG_GIFT, to, amount });
    expect(fault(meeting(table), 0, gift(1, 1))).toMatch(/allowGoldGifts/);
    const s = meeting(table, { allowGoldGifts: true }, [5, 5, 5, 5, 5]);
    expect(fault(s, 0, gift(1, 5))).toBeNull();
    expect(fault(s, 0, gift(1, 6))).toMatch(/up to the sender's gold/);
    expect(fault(s, 0, gift(1, 0))).toMatch(/positive integer/);
    expect(fault(s, 0, gift(1, 1.5))).toMatch(/positive integer/);
    expect(fault(s, 0, gift(0, 1))).toMatch(/another seat/);
    expect(fault(s, 0, gift(5, 1))).toMatch(/another seat/);
    const game = s.game;
    expect(send(s, 0, gift(3, 2))).toBe(true);
    expect(s.gold.slice(0, 5)).toEqual([3, 5, 5, 7, 5]);
    expect(s.game).not.toBe(game); // the bots' per-game memos see gold moved
    expect(send(s, 0, message({ type: MSG_PASS }))).toBe(false);
  });
});
