import { describe, expect, it } from 'vitest';
import betrayer from '../../bots/goldrausch/betrayer.js';
import cooperative from '../../bots/goldrausch/cooperative.js';
import reciprocal from '../../bots/goldrausch/reciprocal.js';
import { Purpose, RandomSource } from '../../src/core/random.js';
import { GREEN, NONE, RED } from '../../src/games/goldrausch/bot.js';
import { goldrausch } from '../../src/games/goldrausch/engine.js';
import { DEFAULT_PARAMS, DEFAULT_RULES } from '../../src/games/goldrausch/params.js';
import { proposalCode } from '../../src/games/goldrausch/records.js';
import { clone } from '../../src/games/goldrausch/clone.js';
import { Stage } from '../../src/games/goldrausch/state.js';
import { NO_CLAUSE, type GoldrauschView } from '../../src/games/goldrausch/view.js';
import { EVENT_CARD_IDS } from '../../src/games/goldrausch/types.js';
import { playGame } from '../../src/sim/play.js';
import type { Script } from '../helpers/scripted.js';
import { fixedConfig, historyOf, play, roundOf, viewSnapshot } from './goldrausch/helpers.js';

const setup = goldrausch.setup;

describe('setup (§3)', () => {
  it('lays out the first card ×2 with 4–5 players and ×3 with 6, capped, and gives 5 gold each', () => {
    const config = fixedConfig({ respawn: [4, 7, 12] });
    for (const [players, expected] of [
      [4, [8, 14, 24]],
      [5, [8, 14, 24]],
      [6, [10, 20, 30]],
    ] as const) {
      const s = setup(config, players, new RandomSource('x', 1));
      expect(Array.from(s.stock)).toEqual(expected); // 6p: 12, 21, 36 capped at 10, 20, 30 (GR-A38)
      expect(s.gold).toEqual(new Array(players).fill(5));
      expect(s.startPlayer).toBeGreaterThanOrEqual(0);
      expect(s.startPlayer).toBeLessThan(players);
    }
  });

  it('shuffles the resource and event decks into permutations of their lists', () => {
    const s = setup({ rules: DEFAULT_RULES, params: DEFAULT_PARAMS }, 4, new RandomSource('x', 7));
    expect([...s.resourceOrder].sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
    expect(
      Array.from(s.eventDeck.subarray(0, s.eventLength))
        .map((slot) => s.eventIds[slot])
        .sort(),
    ).toEqual([...EVENT_CARD_IDS].sort());
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
    const r = roundOf(final, 0);
    // Azul: seat 0 sole upgrader 2×3 = 6, stock 6 → 6 (azul 0).
    // Veridia (16): upgrader seat 1 first: 12 → 4 left; then red seats clockwise from the start player.
    const order = [0, 1, 2, 3].map((k) => (r.startPlayer + k) % 4).filter((s) => s === 2 || s === 3);
    const expected = [5 + 6, 5 + 12, 5, 5];
    expected[order[0]] += 4; // the first red seat takes the last 4 of 16
    expect(r.payout).toEqual([6, 12, order[0] === 2 ? 4 : 0, order[0] === 3 ? 4 : 0]);
    expect(final.gold).toEqual(expected);
    expect(r.stockAfterProfit).toEqual([0, 10, 0]);
    // rounds = 1: no card after the final round (GR-A3), the clock decides.
    expect(r.nextResourceCard).toBeNull();
    expect(final.ending).toBe(1); // the clock
    expect(final.winners.slice(0, final.winnerCount)).toEqual([1]);
  });

  it('respawns the next card capped and rotates the start player', () => {
    const config = fixedConfig({ wheel: 'calm', params: { rounds: 2 } });
    const { final } = play(config, scripts);
    const [r1, r2] = historyOf(final);
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
    const r = roundOf(final, 0);
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
    expect(roundOf(final, 0).commits[0]).toBeNull();
    expect(roundOf(final, 0).upgraded[0]).toBe(false);
    expect(roundOf(final, 0).payout[0]).toBe(3);
  });

  it('applies the event card drawn on an exclamation mark (subsidy: +2 each)', () => {
    const config = fixedConfig({ wheel: 'event', event: 'subsidy', params: { rounds: 1 } });
    const { final } = play(config, scripts);
    expect(roundOf(final, 0).event).toBe('subsidy');
    expect(roundOf(final, 0).eventGold).toEqual([2, 2, 2, 2]);
  });

  it('reshuffles the event discard pile when the deck runs out (GR-A40)', () => {
    // One subsidy card, event every round: drawn in round 1, reshuffled and drawn again in round 2.
    const config = fixedConfig({ wheel: 'event', event: 'subsidy', params: { rounds: 3 } });
    const { final } = play(config, scripts);
    expect(historyOf(final).map((r) => r.event)).toEqual(['subsidy', 'subsidy', 'subsidy']);
    expect(final.eventShuffles).toBe(2);
  });

  it('keeps cap cuts beside the clock and out of the reshuffle', () => {
    const config = fixedConfig({ wheel: 'event', event: 'barren-land', params: { rounds: 3 } });
    const { final } = play(config, scripts);
    expect(historyOf(final).map((r) => r.event)).toEqual(['barren-land', null, null]);
    expect(final.besideLength).toBe(1);
    expect(final.eventIds[final.besideClock[0]]).toBe('barren-land');
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
    expect(shared.winners.slice(0, shared.winnerCount).sort()).toEqual([2, 3]);
    const drawn = new Set<number>();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      const one = play(fixedConfig({ wheel: 'calm', params: { rounds: 1 }, extract: [3, 6, 6], rules: { finalTiebreak: 'random' } }), tie, seed).final;
      expect(one.winnerCount).toBe(1);
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
    const b = clone(a);
    b.eventDeck.reverse();
    const rest = b.resourceOrder.slice(1).reverse();
    for (let i = 0; i < rest.length; i++) b.resourceOrder[i + 1] = rest[i];
    expect(b.eventDeck).not.toEqual(a.eventDeck);
    for (let s = 0; s < 4; s++) expect(viewSnapshot(b.views[s])).toBe(viewSnapshot(a.views[s]));
  });

  it("hide the colour of other seats' laid cards but show that they laid one", () => {
    const config = fixedConfig({ wheel: 'calm' });
    const random = new RandomSource('v', 2);
    const s = goldrausch.apply(
      setup(config, 4, random),
      [0, 1, 2, 3].map(() => ({ kind: 'continent', continent: 2, provisional: NONE }) as const),
      random,
    );
    const withGreen = clone(s);
    const withRed = clone(s);
    for (const [state, card] of [
      [withGreen, GREEN],
      [withRed, RED],
    ] as const) {
      state.commits[0] = card;
      state.committed[0] = 1;
    }
    for (const seat of [1, 2, 3]) {
      expect(viewSnapshot(withGreen.views[seat])).toBe(viewSnapshot(withRed.views[seat]));
      expect([0, 1, 2, 3].map((q) => withGreen.views[seat].committed(q))).toEqual([true, false, false, false]);
    }
    expect(withGreen.views[0].ownCommit).toBe(GREEN);
    expect(withRed.views[0].ownCommit).toBe(RED);
  });

  it('show a seat only its own rotation deals with private channels (GR-A11), all of them at a public table', () => {
    // Two groups made rotation deals in round 1 for round 2: seats 0 and 1 on azul, 2 and 3 on rosso;
    // in round 2 both groups meet again, so both clauses bind.
    const meet = (scope: 'continent-private' | 'continent-public') => {
      const config = fixedConfig({ rules: { negotiationScope: scope } });
      const random = new RandomSource('clauses', 1);
      const s = setup(config, 4, random);
      s.round = 2;
      s.clauseCount = 2;
      s.clauseRound.push(2, 2);
      s.clauseParties.push(0b0011, 0b1100);
      s.clauseUpgrader.push(0, -1);
      s.clauseSource.push(proposalCode(1, 0, 0), proposalCode(1, 1, 0));
      const answers = [0, 0, 1, 1].map((continent) => ({ kind: 'continent', continent, provisional: NONE }) as const);
      return goldrausch.apply(s, answers, random);
    };
    const clauseList = (v: GoldrauschView) =>
      Array.from({ length: v.clauseCount }, (_, k) => [v.clauseSource(k), v.clauseRound(k), v.clauseParties(k), v.clauseUpgrader(k), v.clauseBinds(k)]);
    const own = [
      ['r1-A-1', 2, 0b0011, 0, true],
      ['r1-R-1', 2, 0b1100, -1, true],
    ];
    const blank = ['', 0, 0, -1, false];
    const hidden = meet('continent-private');
    expect(hidden.stage).toBe(Stage.meeting);
    for (const seat of [0, 1, 2, 3]) {
      const v = hidden.views[seat];
      expect(clauseList(v)).toEqual(seat < 2 ? [own[0], blank] : [blank, own[1]]);
      expect(v.clausePlan(seat)).toBe(seat < 2 ? 0 : -1);
      // The other group's clause is not this seat's to see.
      expect(v.clausePlan(seat < 2 ? 2 : 0)).toBe(NO_CLAUSE);
    }
    const open = meet('continent-public');
    for (const seat of [0, 1, 2, 3]) {
      expect(clauseList(open.views[seat])).toEqual(own);
      expect(open.views[seat].clausePlan(2)).toBe(-1);
      expect(open.views[seat].clausePlan(1)).toBe(0);
    }
  });

  it('hide an agreement made on another continent with private channels (GR-A11), as its talk', () => {
    const config = { rules: { ...DEFAULT_RULES, negotiationScope: 'continent-private' as const }, params: DEFAULT_PARAMS };
    let elsewhere = 0;
    let hidden = 0;
    for (let game = 0; game < 40; game++) {
      const random = new RandomSource('private-agreements', game);
      const bots = [cooperative, cooperative, reciprocal, betrayer].map((f, seat) => f.create(seat, random.stream(Purpose.bot + seat)));
      const { final } = playGame({
        module: goldrausch,
        config,
        players: 4,
        bots,
        random,
        onState: (state) => {
          if (state.stage !== Stage.meeting) return;
          for (let seat = 0; seat < 4; seat++) {
            const own = state.locations[seat];
            const v = state.views[seat];
            for (let c = 0; c < 3; c++) {
              if (c === own) expect(v.agreement(c)).toBe(state.agreementProposal[c]);
              else {
                expect(v.agreement(c)).toBe(-1);
                if (state.agreementProposal[c] >= 0) elsewhere++;
              }
            }
          }
        },
      });
      // After the round, the public record keeps them hidden too.
      for (let seat = 0; seat < 4; seat++) {
        const v = final.views[seat];
        historyOf(final).forEach((record, r) => {
          for (let c = 0; c < 3; c++) {
            const mine = record.locations[seat] === c;
            expect(v.histAgreement(r, c)).toBe(mine ? record.agreements[c] : -1);
            if (!mine && record.agreements[c] >= 0) hidden++;
          }
        });
      }
    }
    expect(elsewhere).toBeGreaterThan(0); // the case arose: some seat was elsewhere while an agreement stood
    expect(hidden).toBeGreaterThan(0);
  });

  it("hide other players' gold with goldVisibility = hidden (GR-A36)", () => {
    const s = setup({ rules: { ...DEFAULT_RULES, goldVisibility: 'hidden' }, params: DEFAULT_PARAMS }, 4, new RandomSource('v', 3));
    expect([0, 1, 2, 3].map((q) => s.views[2].gold(q))).toEqual([null, null, 5, null]);
  });
});
