/**
 * `sendMessage`'s protocol checks and agreements (§15.2, GR-A11), against cases worked out by hand:
 * who may be named as upgrader (in a plan and in a rotation clause), when acceptances make an
 * agreement (every seat on the continent; with allowPartialAgreements any two), and what a GIFT
 * reports in `sent`.
 */
import { describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../../src/games/goldrausch/bot.js';
import { IllegalMessage, plainMessage, sendMessage, sent, type MeetingContext } from '../../src/games/goldrausch/meeting.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, type RulesOptions } from '../../src/games/goldrausch/params.js';
import { filled, identity, openingMeeting, type Meeting } from '../../src/games/goldrausch/state.js';
import type { ContinentIndex } from '../../src/games/goldrausch/types.js';

/** A meeting at tick 2 in which nobody has done anything yet (state.ts `openingMeeting`). */
function meeting(locations: ContinentIndex[]): Meeting {
  return { ...openingMeeting(locations, filled(locations.length, null), identity(locations.length)), tick: 2 };
}

function context(rules: Partial<RulesOptions> = {}, gold = [5, 5, 5, 5, 5]): MeetingContext {
  return { config: { params: DEFAULT_PARAMS, rules: { ...DEFAULT_RULES, ...rules } }, round: 3, players: gold.length, gold };
}

/** Sends the messages in turn (seat, message), returning the final meeting. */
function play(ctx: MeetingContext, m: Meeting, ...steps: [number, OutgoingMessage][]): Meeting {
  for (const [from, msg] of steps) m = sendMessage(ctx, m, from, msg);
  return m;
}

// Seats 0, 2, 4 on veridia (2); seat 1 on azul (0); seat 3 on rosso (1).
const table: ContinentIndex[] = [2, 0, 2, 1, 2];

describe('sendMessage: PROPOSE', () => {
  it('names as upgrader only a seat on the proposed continent', () => {
    const ctx = context();
    const m = meeting(table);
    for (const upgrader of [0, 2, 4, null]) {
      const next = sendMessage(ctx, m, 0, { type: 'PROPOSE', plan: { upgrader } });
      expect(next.proposals).toEqual([{ id: 'r3-V-1', continent: 2, proposer: 0, upgrader, next: [], acceptedBy: [0] }]);
    }
    // 1 and 3 stand elsewhere; 5 and −1 are no seats; 2.5 and '2' are no seat numbers.
    for (const upgrader of [1, 3, 5, -1, 2.5, '2'] as unknown as number[]) {
      expect(() => sendMessage(ctx, m, 0, { type: 'PROPOSE', plan: { upgrader } })).toThrow(IllegalMessage);
    }
  });

  it('names in a rotation clause only a party (or nobody)', () => {
    const ctx = context();
    const m = meeting(table);
    const ok = sendMessage(ctx, m, 2, {
      type: 'PROPOSE',
      plan: { upgrader: 2 },
      next: [
        { round: 4, upgrader: 4 },
        { round: 5, upgrader: null },
      ],
    });
    expect(ok.proposals[0].next).toEqual([
      { round: 4, upgrader: 4 },
      { round: 5, upgrader: null },
    ]);
    expect(ok.messages[0]).toEqual({
      t: 2,
      from: 2,
      round: 3,
      continent: 'veridia',
      type: 'PROPOSE',
      id: 'r3-V-1',
      plan: { upgrader: 2 },
      next: [
        { round: 4, upgrader: 4 },
        { round: 5, upgrader: null },
      ],
    });
    for (const upgrader of [1, 3, 7, '4', 0.5] as unknown as number[]) {
      expect(() => sendMessage(ctx, m, 2, { type: 'PROPOSE', plan: { upgrader: 2 }, next: [{ round: 4, upgrader }] })).toThrow(/not a party/);
    }
    expect(() => sendMessage(ctx, m, 2, { type: 'PROPOSE', plan: { upgrader: 2 }, next: [{ round: 3, upgrader: 4 }] })).toThrow(/later round/);
  });
});

describe('sendMessage: agreements', () => {
  it('complete when every seat on the continent accepted; parties in seat order', () => {
    const ctx = context();
    // Seat 4 proposes itself on veridia; 0 accepts (2 of 3: no agreement), then 2 accepts (all 3).
    let m = play(ctx, meeting(table), [4, { type: 'PROPOSE', plan: { upgrader: 4 } }], [0, { type: 'ACCEPT', ref: 'r3-V-1' }]);
    expect(m.agreements).toEqual([null, null, null]);
    expect(m.proposals[0].acceptedBy).toEqual([4, 0]);
    m = sendMessage(ctx, m, 2, { type: 'ACCEPT', ref: 'r3-V-1' });
    expect(m.agreements).toEqual([null, null, { id: 'r3-V-1', continent: 2, parties: [0, 2, 4], upgrader: 4, round: 3 }]);
    // A REJECT after the agreement changes nothing but the messages.
    const r = sendMessage(ctx, m, 0, { type: 'REJECT', ref: 'r3-V-1' });
    expect(r.agreements).toBe(m.agreements);
    expect(r.messages.length).toBe(m.messages.length + 1);
  });

  it('a seat alone on its continent makes no agreement', () => {
    const m = sendMessage(context(), meeting(table), 1, { type: 'PROPOSE', plan: { upgrader: 1 } });
    expect(m.agreements).toEqual([null, null, null]);
  });

  it('with allowPartialAgreements, two acceptances suffice; the parties are the acceptors in seat order', () => {
    const ctx = context({ allowPartialAgreements: true });
    // Seat 4 proposes seat 0 on veridia; 2 accepts: parties [2, 4], and 0 (not a party) is no upgrader.
    const m = play(ctx, meeting(table), [4, { type: 'PROPOSE', plan: { upgrader: 0 } }], [2, { type: 'ACCEPT', ref: 'r3-V-1' }]);
    expect(m.agreements[2]).toEqual({ id: 'r3-V-1', continent: 2, parties: [2, 4], upgrader: null, round: 3 });
    // Then 0 accepts too: complete, every seat on veridia.
    const all = sendMessage(ctx, m, 0, { type: 'ACCEPT', ref: 'r3-V-1' });
    expect(all.agreements[2]).toEqual({ id: 'r3-V-1', continent: 2, parties: [0, 2, 4], upgrader: 0, round: 3 });
  });
});

describe('sendMessage: what it reports in `sent`', () => {
  it('a GIFT moves gold (recipient, amount); any other message none', () => {
    const ctx = context({ allowGoldGifts: true });
    const m = sendMessage(ctx, meeting(table), 1, { type: 'GIFT', to: 3, amount: 4 });
    expect(sent).toEqual({ gift: true, to: 3, amount: 4 });
    expect(m.messages[0]).toEqual({ t: 2, from: 1, round: 3, continent: null, type: 'GIFT', to: 3, amount: 4 });
    sendMessage(ctx, m, 1, { type: 'PASS' });
    expect(sent.gift).toBe(false);
    expect(() => sendMessage(ctx, m, 1, { type: 'GIFT', to: 3, amount: 6 })).toThrow(/up to the sender's gold/);
    expect(sent.gift).toBe(false);
  });
});

describe('plainMessage', () => {
  /** A message whose fields are getters that count their reads (and throw for the names in `poison`). */
  function counted(fields: Record<string, unknown>, poison: string[] = []) {
    const reads: Record<string, number> = {};
    const msg = {};
    for (const key of [...Object.keys(fields), ...poison]) {
      Object.defineProperty(msg, key, {
        enumerable: true,
        get() {
          reads[key] = (reads[key] ?? 0) + 1;
          if (poison.includes(key)) throw new Error(`read ${key}`);
          return fields[key];
        },
      });
    }
    return { msg, reads };
  }

  it('reads each field its type uses once, and copies it', () => {
    const promise = counted({ type: 'PROMISE', action: 'RED', ref: 'r1-A-1' });
    expect(plainMessage(promise.msg)).toEqual({ type: 'PROMISE', action: 'RED', ref: 'r1-A-1' });
    expect(promise.reads).toEqual({ type: 1, action: 1, ref: 1 });
    const propose = counted({ type: 'PROPOSE', continent: 'rosso', plan: { upgrader: 3 }, next: [{ round: 5, upgrader: 1 }] });
    expect(plainMessage(propose.msg)).toEqual({ type: 'PROPOSE', continent: 'rosso', plan: { upgrader: 3 }, next: [{ round: 5, upgrader: 1 }] });
    expect(propose.reads).toEqual({ type: 1, continent: 1, plan: 1, next: 1 });
    const gift = counted({ type: 'GIFT', to: 2, amount: 3 });
    expect(plainMessage(gift.msg)).toEqual({ type: 'GIFT', to: 2, amount: 3 });
    expect(gift.reads).toEqual({ type: 1, to: 1, amount: 1 });
  });

  it('does not read fields its type does not use (here: getters that would throw)', () => {
    const pass = counted({ type: 'PASS' }, ['ref', 'action', 'to', 'amount', 'continent']);
    expect(plainMessage(pass.msg)).toEqual({ type: 'PASS' });
    expect(pass.reads).toEqual({ type: 1 });
    const accept = counted({ type: 'ACCEPT', ref: 'r2-R-1' }, ['action', 'to', 'amount', 'continent']);
    expect(plainMessage(accept.msg)).toEqual({ type: 'ACCEPT', ref: 'r2-R-1' });
  });

  it('refuses a non-object, and a next that is not an array of objects (whatever the type)', () => {
    expect(() => plainMessage(null)).toThrow(IllegalMessage);
    expect(() => plainMessage('PASS')).toThrow(IllegalMessage);
    expect(() => plainMessage({ type: 'PASS', next: 5 })).toThrow(/array of clauses/);
    expect(() => plainMessage({ type: 'PROPOSE', plan: { upgrader: null }, next: [7] })).toThrow(/clause must be an object/);
  });
});
