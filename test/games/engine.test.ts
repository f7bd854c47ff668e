import { describe, expect, it } from 'vitest';
import cooperative from '../../bots/goldrausch/cooperative.js';
import betrayer from '../../bots/goldrausch/betrayer.js';
import reciprocal from '../../bots/goldrausch/reciprocal.js';
import { Purpose, RandomSource } from '../../src/core/random.js';
import { goldrausch, setup } from '../../src/games/goldrausch/engine.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, resourceDeckFromFile, type GoldrauschConfig } from '../../src/games/goldrausch/params.js';
import type { GoldrauschState } from '../../src/games/goldrausch/state.js';
import { EVENT_CARD_IDS } from '../../src/games/goldrausch/types.js';
import { seatView } from '../../src/games/goldrausch/view.js';
import { playGame } from '../../src/sim/play.js';
import { scripted, type Script } from '../helpers/scripted.js';

/** A one-card resource deck, a wheel that always shows `wheel`, and an event deck of one card. */
function fixedConfig(opts: {
  wheel?: keyof typeof DEFAULT_PARAMS.wheel;
  event?: (typeof EVENT_CARD_IDS)[number];
  respawn?: [number, number, number];
  extract?: [number, number, number];
  rules?: Partial<GoldrauschConfig['rules']>;
  params?: Partial<GoldrauschConfig['params']>;
}): GoldrauschConfig {
  const [ra, rr, rv] = opts.respawn ?? [3, 5, 8];
  const [ea, er, ev] = opts.extract ?? [3, 4, 6];
  const deck = resourceDeckFromFile({
    deck_id: 'test-one-card',
    source: 'test',
    cards: [{ id: 'T1', respawn: { azul: ra, rosso: rr, veridia: rv }, extract: { azul: ea, rosso: er, veridia: ev } }],
  });
  const wheel = { 'disaster-azul': 0, 'disaster-rosso': 0, 'disaster-veridia': 0, 'disaster-world': 0, calm: 0, event: 0, [opts.wheel ?? 'calm']: 1 };
  const eventDeck = Object.fromEntries(EVENT_CARD_IDS.map((id) => [id, id === (opts.event ?? 'subsidy') ? 1 : 0])) as GoldrauschConfig['params']['eventDeck'];
  return {
    rules: { ...DEFAULT_RULES, ...opts.rules },
    params: { ...DEFAULT_PARAMS, resourceDeck: deck, wheel, eventDeck, ...opts.params },
  };
}

function play(config: GoldrauschConfig, scripts: Script[], seed = 'test') {
  const random = new RandomSource(seed, 0);
  return playGame({ module: goldrausch, config, players: scripts.length, bots: scripts.map((s) => scripted(s)), random });
}

describe('setup (§3)', () => {
  it('lays out the first card ×2 with 4–5 players and ×3 with 6, capped, and gives 5 gold each', () => {
    const config = fixedConfig({ respawn: [4, 7, 12] });
    for (const [players, expected] of [
      [4, [8, 14, 24]],
      [5, [8, 14, 24]],
      [6, [10, 20, 30]],
    ] as const) {
      const s = setup(config, players, new RandomSource('x', 1));
      expect(s.stock).toEqual(expected); // 6p: 12, 21, 36 capped at 10, 20, 30 (GR-A38)
      expect(s.gold).toEqual(new Array(players).fill(5));
      expect(s.startPlayer).toBeGreaterThanOrEqual(0);
      expect(s.startPlayer).toBeLessThan(players);
    }
  });

  it('shuffles the resource and event decks into permutations of their lists', () => {
    const s = setup({ rules: DEFAULT_RULES, params: DEFAULT_PARAMS }, 4, new RandomSource('x', 7));
    expect([...s.resourceOrder].sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
    expect([...s.eventDeck].sort()).toEqual([...EVENT_CARD_IDS].sort());
    expect(s.currentCard).toBe(s.resourceOrder[0]);
  });

  it('rejects player counts outside 4–6', () => {
    expect(() => setup({ rules: DEFAULT_RULES, params: DEFAULT_PARAMS }, 3, new RandomSource('x', 0))).toThrow(/4–6 players/);
  });
});

describe('a whole game, computed by hand', () => {
  // One card: respawn 3/5/8, extract 3/4/6. Setup (4 players): stock 6/10/16, gold 5 each.
  // Every round: seat 0 alone on azul upgrading, seats 1–3 on veridia, seat 1 upgrading alone there.
  const scripts: Script[] = [
    { continents: ['azul'], colours: ['green'] },
    { continents: ['veridia'], colours: ['green'] },
    { continents: ['veridia'], colours: ['red'] },
    { continents: ['veridia'], colours: ['red'] },
  ];

  it('pays round 1 as the payout table says and respawns in phase 6', () => {
    const config = fixedConfig({ wheel: 'calm', params: { rounds: 1 } });
    const { final } = play(config, scripts);
    const r = final.history[0];
    // Azul: seat 0 sole upgrader 2×3 = 6, stock 6 → 6 (azul 0).
    // Veridia (16): upgrader seat 1 first: 12 → 4 left; then red seats clockwise from the start player.
    const order = [0, 1, 2, 3].map((k) => (final.history[0].startPlayer + k) % 4).filter((s) => s === 2 || s === 3);
    const expected = [5 + 6, 5 + 12, 5, 5];
    expected[order[0]] += 4; // the first red seat takes the last 4 of 16
    expect(r.payout).toEqual([6, 12, order[0] === 2 ? 4 : 0, order[0] === 3 ? 4 : 0]);
    expect(final.gold).toEqual(expected);
    expect(r.stockAfterProfit).toEqual([0, 10, 0]);
    // rounds = 1: no card after the final round (GR-A3), the clock decides.
    expect(r.nextResourceCard).toBeNull();
    expect(final.endedBy).toBe('clock');
    expect(final.winners).toEqual([1]);
  });

  it('respawns the next card capped and rotates the start player', () => {
    const config = fixedConfig({ wheel: 'calm', params: { rounds: 2 } });
    const { final } = play(config, scripts);
    const [r1, r2] = final.history;
    // Phase 6 of round 1: +3/+5/+8 onto 0/10/0 → 3/15/8 (caps 10/20/30 not reached).
    expect(r1.respawned).toEqual([3, 5, 8]);
    expect(r1.stockAfter).toEqual([3, 15, 8]);
    expect(r2.startPlayer).toBe((r1.startPlayer + 1) % 4);
    // Round 2: seat 0 wants 6 but azul holds 3; seat 1 wants 12 but veridia holds 8.
    expect(r2.payout[0]).toBe(3);
    expect(r2.payout[1]).toBe(8);
  });

  it('ends at once when a player reaches 50 (GR-A6 immediate) and later players are not paid', () => {
    // startingGold 44: seat 1 gets 12 on veridia (evaluated first) → 56 ≥ 50 and wins; azul is never paid.
    const config = fixedConfig({ wheel: 'calm', params: { startingGold: 44 } });
    const { final, outcome } = play(config, scripts);
    expect(final.round).toBe(1);
    expect(outcome.winners).toEqual([1]);
    expect(outcome.endedBy).toBe('race');
    expect(final.gold[0]).toBe(44);
    expect(final.stock[0]).toBe(6);
  });

  it('fines both upgraders of a collision and sends the fines to the bank', () => {
    const collide: Script[] = [
      { continents: ['rosso'], colours: ['red'] },
      { continents: ['veridia'], colours: ['green'] },
      { continents: ['veridia'], colours: ['green'] },
      { continents: ['veridia'], colours: ['red'] },
    ];
    const config = fixedConfig({ wheel: 'calm', params: { rounds: 1 } });
    const { final } = play(config, collide);
    const r = final.history[0];
    expect(r.collisions).toEqual([false, false, true]);
    expect(r.fines).toEqual([0, 2, 2, 0]);
    // Veridia 16: both upgraders get 6 (no doubling), the red seat the base 4 that is left.
    expect(r.payout).toEqual([4, 6, 6, 4]);
    expect(final.bank + final.gold.reduce((a, b) => a + b) + final.stock.reduce((a, b) => a + b)).toBe(0);
  });

  it('treats a seat with no card by the deadline as red (GR-A10)', () => {
    const late: Script[] = [
      { continents: ['azul'], colours: [null] },
      { continents: ['rosso'], colours: ['green'] },
      { continents: ['veridia'], colours: ['green'] },
      { continents: ['veridia'], colours: ['red'] },
    ];
    const config = fixedConfig({ wheel: 'calm', params: { rounds: 1 } });
    const { final } = play(config, late);
    expect(final.history[0].commits[0]).toBeNull();
    expect(final.history[0].upgraded[0]).toBe(false);
    expect(final.history[0].payout[0]).toBe(3);
  });

  it('applies the event card drawn on an exclamation mark (subsidy: +2 each)', () => {
    const config = fixedConfig({ wheel: 'event', event: 'subsidy', params: { rounds: 1 } });
    const { final } = play(config, scripts);
    expect(final.history[0].event).toBe('subsidy');
    expect(final.history[0].eventGold).toEqual([2, 2, 2, 2]);
  });

  it('reshuffles the event discard pile when the deck runs out (GR-A40)', () => {
    // One subsidy card, event every round: drawn in round 1, reshuffled and drawn again in round 2.
    const config = fixedConfig({ wheel: 'event', event: 'subsidy', params: { rounds: 3 } });
    const { final } = play(config, scripts);
    expect(final.history.map((r) => r.event)).toEqual(['subsidy', 'subsidy', 'subsidy']);
    expect(final.eventShuffles).toBe(2);
  });

  it('keeps cap cuts beside the clock and out of the reshuffle', () => {
    const config = fixedConfig({ wheel: 'event', event: 'barren-land', params: { rounds: 3 } });
    const { final } = play(config, scripts);
    expect(final.history.map((r) => r.event)).toEqual(['barren-land', null, null]);
    expect(final.besideClock).toEqual(['barren-land']);
    expect(final.capReduction).toBe(2);
  });

  it('splits a time-limit tie as a shared win by default, and draws one winner with finalTiebreak = random (GR-A7)', () => {
    const tie: Script[] = [
      { continents: ['azul'], colours: ['red'] },
      { continents: ['azul'], colours: ['red'] },
      { continents: ['rosso'], colours: ['red'] },
      { continents: ['veridia'], colours: ['red'] },
    ];
    // extract azul 3 for two players (stock 6): both get 3 → 8 each; rosso 4 → 9; veridia 6 → 11.
    const shared = play(fixedConfig({ wheel: 'calm', params: { rounds: 1 }, extract: [3, 6, 6] }), tie).final;
    expect(shared.gold).toEqual([8, 8, 11, 11]);
    expect([...shared.winners].sort()).toEqual([2, 3]);
    const drawn = new Set<number>();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      const one = play(fixedConfig({ wheel: 'calm', params: { rounds: 1 }, extract: [3, 6, 6], rules: { finalTiebreak: 'random' } }), tie, seed).final;
      expect(one.winners.length).toBe(1);
      expect([2, 3]).toContain(one.winners[0]);
      drawn.add(one.winners[0]);
    }
    expect(drawn.size).toBe(2); // both tied seats win some draws
  });
});

describe('seat views (§13)', () => {
  it('are equal for two states that differ only in hidden information', () => {
    const config = { rules: DEFAULT_RULES, params: DEFAULT_PARAMS };
    const a = setup(config, 4, new RandomSource('v', 1));
    const b: GoldrauschState = { ...a, eventDeck: [...a.eventDeck].reverse(), resourceOrder: [a.resourceOrder[0], ...a.resourceOrder.slice(1).reverse()] };
    for (let s = 0; s < 4; s++) expect(JSON.stringify(seatView(a, s))).toBe(JSON.stringify(seatView(b, s)));
  });

  it("hide the colour of other seats' laid cards but show that they laid one", () => {
    const config = fixedConfig({ wheel: 'calm' });
    const random = new RandomSource('v', 2);
    let s = setup(config, 4, random);
    s = goldrausch.apply(
      s,
      [0, 1, 2, 3].map(() => ({ kind: 'continent', continent: 'veridia', provisional: null }) as const),
      random,
    );
    const withGreen = {
      ...s,
      meeting: { ...s.meeting!, commits: ['green', null, null, null] as const, committed: [true, false, false, false] },
    } as GoldrauschState;
    const withRed = {
      ...s,
      meeting: { ...s.meeting!, commits: ['red', null, null, null] as const, committed: [true, false, false, false] },
    } as GoldrauschState;
    for (const seat of [1, 2, 3]) {
      expect(JSON.stringify(seatView(withGreen, seat))).toBe(JSON.stringify(seatView(withRed, seat)));
      expect(seatView(withGreen, seat).meeting!.committed).toEqual([true, false, false, false]);
    }
    expect(seatView(withGreen, 0).meeting!.ownCommit).toBe('green');
  });

  it('show a seat only its own rotation deals with private channels (GR-A11), all of them at a public table', () => {
    // Two groups made rotation deals in round 1 for round 2: seats 0 and 1 on azul, 2 and 3 on rosso;
    // in round 2 both groups meet again, so both clauses bind.
    const clauses = [
      { source: 'r1-A-1', round: 2, parties: [0, 1], upgrader: 0 },
      { source: 'r1-R-1', round: 2, parties: [2, 3], upgrader: null },
    ];
    const views = (scope: 'continent-private' | 'continent-public') => {
      const config = fixedConfig({ rules: { negotiationScope: scope } });
      const random = new RandomSource('clauses', 1);
      const first = setup(config, 4, random);
      const start: GoldrauschState = { ...first, round: 2, clauses };
      const answers = (['azul', 'azul', 'rosso', 'rosso'] as const).map((continent) => ({ kind: 'continent', continent, provisional: null }) as const);
      const meeting = goldrausch.apply(start, answers, random);
      return [0, 1, 2, 3].map((seat) => ({ before: seatView(start, seat), during: seatView(meeting, seat) }));
    };
    const hidden = views('continent-private');
    for (const seat of [0, 1, 2, 3]) {
      const own = clauses.filter((c) => c.parties.includes(seat));
      expect(own).toHaveLength(1);
      expect(hidden[seat].before.standingClauses).toEqual(own);
      expect(hidden[seat].during.standingClauses).toEqual(own);
      expect(hidden[seat].during.meeting!.bindingClauses).toEqual(own);
    }
    const open = views('continent-public');
    for (const seat of [0, 1, 2, 3]) {
      expect(open[seat].before.standingClauses).toEqual(clauses);
      expect(open[seat].during.meeting!.bindingClauses).toEqual(clauses);
    }
  });

  it('hide an agreement made on another continent with private channels (GR-A11), as its talk', () => {
    const config = { rules: { ...DEFAULT_RULES, negotiationScope: 'continent-private' as const }, params: DEFAULT_PARAMS };
    let elsewhere = 0;
    for (let game = 0; game < 40; game++) {
      const random = new RandomSource('private-agreements', game);
      const bots = [cooperative, cooperative, reciprocal, betrayer].map((f, seat) => f.create(seat, random.stream(Purpose.bot + seat)));
      playGame({
        module: goldrausch,
        config,
        players: 4,
        bots,
        random,
        onState: (state) => {
          const meeting = state.meeting;
          if (!meeting) return;
          for (let seat = 0; seat < 4; seat++) {
            const own = meeting.locations[seat];
            const seen = seatView(state, seat).meeting!.agreements;
            for (let c = 0; c < 3; c++) {
              if (c === own) expect(seen[c]).toEqual(meeting.agreements[c]);
              else {
                expect(seen[c]).toBeNull();
                if (meeting.agreements[c] !== null) elsewhere++;
              }
            }
          }
        },
      });
    }
    expect(elsewhere).toBeGreaterThan(0); // the case arose: some seat was elsewhere while an agreement stood
    // After the round, the public record keeps them hidden too.
    let hidden = 0;
    const random = new RandomSource('private-agreements', 0);
    const bots = [cooperative, cooperative, reciprocal, betrayer].map((f, seat) => f.create(seat, random.stream(Purpose.bot + seat)));
    const final = playGame({ module: goldrausch, config, players: 4, bots, random }).final;
    for (let seat = 0; seat < 4; seat++) {
      const history = seatView(final, seat).history;
      final.history.forEach((record, r) => {
        const mine = record.agreements.filter((a) => a.continent === record.locations[seat]);
        expect(history[r].agreements).toEqual(mine);
        hidden += record.agreements.length - mine.length;
      });
    }
    expect(hidden).toBeGreaterThan(0);
  });

  it("hide other players' gold with goldVisibility = hidden (GR-A36)", () => {
    const s = setup({ rules: { ...DEFAULT_RULES, goldVisibility: 'hidden' }, params: DEFAULT_PARAMS }, 4, new RandomSource('v', 3));
    expect(seatView(s, 2).gold).toEqual([null, null, 5, null]);
  });
});
