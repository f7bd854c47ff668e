import { describe, expect, it } from 'vitest';
import { HEURISTIC_BOTS } from '../../bots/goldrausch/index.js';
import { Purpose, RandomSource } from '../../src/core/random.js';
import { determinize } from '../../src/games/goldrausch/determinize.js';
import { goldrausch } from '../../src/games/goldrausch/engine.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, type RulesOptions } from '../../src/games/goldrausch/params.js';
import type { GoldrauschState } from '../../src/games/goldrausch/state.js';
import { EVENT_CARD_IDS } from '../../src/games/goldrausch/types.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { playGame } from '../../src/sim/play.js';

const NAMES = Object.keys(HEURISTIC_BOTS);

/** Every (state, seat) decision point of one game with a random line-up of the heuristic bots. */
function decisionPoints(seed: number, rules: RulesOptions = DEFAULT_RULES, rounds = DEFAULT_PARAMS.rounds, winThreshold = DEFAULT_PARAMS.winThreshold) {
  const random = new RandomSource('determinize-test', seed);
  const players = 4 + (seed % 3);
  const bots = Array.from({ length: players }, (_, s) =>
    HEURISTIC_BOTS[NAMES[random.int(Purpose.setup, 500 + s, NAMES.length)]].create(s, random.stream(Purpose.bot + s)),
  );
  const points: { state: GoldrauschState; seat: number }[] = [];
  playGame({
    module: goldrausch,
    config: { rules, params: { ...DEFAULT_PARAMS, rounds, winThreshold } },
    players,
    bots,
    random,
    onState: (state) => {
      const pending = goldrausch.pending(state);
      if (pending.kind === 'terminal') return;
      for (const r of pending.requests) points.push({ state, seat: r.seat });
    },
  });
  return points;
}

function stream(seed: number) {
  return new RandomSource('determinize-sampler', seed).stream(Purpose.bot);
}

function count<T>(items: readonly T[]): Map<T, number> {
  const out = new Map<T, number>();
  for (const x of items) out.set(x, (out.get(x) ?? 0) + 1);
  return out;
}

/**
 * A view without the parts one seat cannot see of another seat's view: its card colour, and with
 * hidden gold the other seat's own gold in the history records.
 */
function publicPart(view: GoldrauschView) {
  const hidden = view.rules.goldVisibility === 'hidden';
  return {
    ...view,
    history: hidden ? view.history.map((r) => ({ ...r, goldBefore: null, goldAfter: null })) : view.history,
    meeting: view.meeting ? { ...view.meeting, ownCommit: null } : null,
  };
}

const VARIANTS: [string, Partial<RulesOptions>][] = [
  ['default rules', {}],
  ['hidden gold (GR-A36)', { goldVisibility: 'hidden' }],
  ['passed cards kept (GR-A32)', { passedCards: 'keep' }],
  ['a finite bank (GR-A35)', { bank: 270 }],
  ['private negotiation (GR-A11)', { negotiationScope: 'continent-private' }],
];

describe('determinize', () => {
  for (const [label, change] of VARIANTS) {
    it(`reproduces the seat's view exactly and every public part of the other seats' views — ${label}`, () => {
      const rules = { ...DEFAULT_RULES, ...change };
      for (let game = 0; game < 6; game++) {
        const points = decisionPoints(game, rules);
        for (let i = 0; i < points.length; i += 7) {
          const { state, seat } = points[i];
          const view = goldrausch.seatView(state, seat);
          const det = determinize(view, stream(i));
          expect(goldrausch.seatView(det, seat)).toEqual(view);
          // The engine asks this seat next (in phase 3 it is this seat's turn).
          const pending = goldrausch.pending(det);
          expect(pending.kind === 'decisions' && pending.requests.some((r) => r.seat === seat)).toBe(true);
          if (change.negotiationScope === 'continent-private') continue; // other continents' talk is hidden
          for (let other = 0; other < state.players; other++) {
            const a = goldrausch.seatView(det, other);
            const b = goldrausch.seatView(state, other);
            if (change.goldVisibility === 'hidden') {
              // Gold is rebuilt from the public payouts, so it matches too.
              expect(a.gold).toEqual(b.gold);
            }
            expect(publicPart(a)).toEqual(publicPart(b));
          }
          // Gold conservation with a finite bank.
          if (change.bank === 270) expect(det.bank).toBe(state.bank);
        }
      }
    });
  }

  it('keeps the composition of the hidden decks and samples their order from the stream', () => {
    const points = decisionPoints(3);
    let differentEvents = 0;
    let differentResources = 0;
    let checked = 0;
    for (let i = 0; i < points.length; i += 5) {
      const { state, seat } = points[i];
      const view = goldrausch.seatView(state, seat);
      const a = determinize(view, stream(1));
      const b = determinize(view, stream(2));
      const again = determinize(view, stream(1));
      expect(again).toEqual(a); // same stream, same sample
      for (const det of [a, b]) {
        // Resource deck: the seen cards in order, then exactly the unseen cards.
        const seen = det.resourceOrder.slice(0, det.resourcePos);
        expect(seen).toEqual(state.resourceOrder.slice(0, state.resourcePos));
        expect(det.currentCard).toBe(state.currentCard);
        expect([...det.resourceOrder].sort((x, y) => x - y)).toEqual([...state.resourceOrder].sort((x, y) => x - y));
        // Event pile: same multiset of cards as the true remaining pile.
        const pile = det.eventDeck.slice(det.eventPos);
        const truePile = state.eventDeck.slice(state.eventPos);
        expect(count(pile)).toEqual(count(truePile));
        // Every card of the event deck is in exactly one place.
        const all = count([...pile, ...det.eventDiscard, ...det.besideClock]);
        expect(all).toEqual(count(EVENT_CARD_IDS));
      }
      if (a.eventDeck.slice(a.eventPos).join() !== b.eventDeck.slice(b.eventPos).join()) differentEvents++;
      if (a.resourceOrder.slice(a.resourcePos).join() !== b.resourceOrder.slice(b.resourcePos).join()) differentResources++;
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
    // Until the last rounds more than one order is possible, so two streams almost always differ.
    expect(differentEvents).toBeGreaterThan(checked / 2);
    expect(differentResources).toBeGreaterThan(checked / 2);
  });

  it("samples the colours of the other seats' laid cards, never this seat's own card", () => {
    const points = decisionPoints(4).filter(({ state, seat }) => state.meeting?.committed.some((c, s) => c && s !== seat));
    expect(points.length).toBeGreaterThan(5);
    const colours = new Set<string>();
    for (const [k, { state, seat }] of points.entries()) {
      const view = goldrausch.seatView(state, seat);
      for (let draw = 0; draw < 8; draw++) {
        const det = determinize(view, stream(100 * k + draw));
        const m = det.meeting!;
        for (let s = 0; s < state.players; s++) {
          if (s === seat) expect(m.commits[s]).toBe(state.meeting!.commits[s]);
          else if (m.committed[s]) {
            expect(m.commits[s]).not.toBeNull();
            colours.add(m.commits[s]!);
          } else expect(m.commits[s]).toBeNull();
        }
      }
      // A caller's model decides the colours when given.
      const det = determinize(view, stream(k), { guessCommit: () => 'green' });
      det.meeting!.commits.forEach((c, s) => {
        if (s !== seat && det.meeting!.committed[s]) expect(c).toBe('green');
      });
    }
    expect(colours).toEqual(new Set(['green', 'red']));
  });

  it('reconstructs the resource cycle after a reshuffle (more rounds than cards)', () => {
    const points = decisionPoints(0, DEFAULT_RULES, 30, 10_000).filter(({ state }) => state.resourcePos > 20);
    expect(points.length).toBeGreaterThan(0);
    for (const { state, seat } of points.slice(0, 20)) {
      const det = determinize(goldrausch.seatView(state, seat), stream(7));
      expect(det.resourceOrder.slice(0, det.resourcePos)).toEqual(state.resourceOrder.slice(0, state.resourcePos));
      expect(count(det.resourceOrder.slice(det.resourcePos))).toEqual(count(state.resourceOrder.slice(state.resourcePos)));
    }
  });

  it('gives states the engine plays to the end', () => {
    const points = decisionPoints(5);
    for (let i = 0; i < points.length; i += 11) {
      const { state, seat } = points[i];
      const det = determinize(goldrausch.seatView(state, seat), stream(i));
      const random = new RandomSource('rollout', i);
      const bots = Array.from({ length: det.players }, (_, s) => HEURISTIC_BOTS.greedy.create(s, random.stream(Purpose.bot + s)));
      let s = det;
      let steps = 0;
      for (;;) {
        const p = goldrausch.pending(s);
        if (p.kind === 'terminal') break;
        const answers = p.requests.map((r) => goldrausch.askBot(bots[r.seat], r, goldrausch.seatView(s, r.seat), s, random).answer);
        s = goldrausch.apply(s, answers, random);
        expect(++steps).toBeLessThan(5000);
      }
      expect(s.stage).toBe('over');
    }
  });
});
