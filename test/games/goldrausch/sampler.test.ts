import { describe, expect, it } from 'vitest';
import { HEURISTIC_BOTS } from '../../../bots/goldrausch/index.js';
import { Purpose, RandomSource } from '../../../src/core/random.js';
import { GREEN, RED } from '../../../src/games/goldrausch/bot.js';
import { goldrausch } from '../../../src/games/goldrausch/engine.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, type RulesOptions } from '../../../src/games/goldrausch/params.js';
import { sampleState } from '../../../src/games/goldrausch/sampler.js';
import { clone } from '../../../src/games/goldrausch/clone.js';
import { Stage, type GoldrauschState } from '../../../src/games/goldrausch/state.js';
import { EVENT_CARD_IDS } from '../../../src/games/goldrausch/types.js';
import { playGame } from '../../../src/sim/play.js';
import { viewSnapshot } from './helpers.js';

const NAMES = Object.keys(HEURISTIC_BOTS);

/** Every (state, seat) decision point of one game with a random line-up of the heuristic bots (copies: the engine plays on in place). */
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
      const copy = clone(state);
      for (const r of pending.requests) points.push({ state: copy, seat: r.seat });
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

/** A seat's view without what only it can see (its own card's colour, and with hidden gold its past gold). */
function publicPart(state: GoldrauschState, seat: number): unknown {
  const snap = JSON.parse(viewSnapshot(state.views[seat]));
  if (snap.meeting !== null) delete snap.meeting.ownCommit;
  // With hidden gold a seat's own past gold is its own: the sample rebuilds only the current gold.
  if (state.goldHidden) for (const round of snap.history) for (const row of round.seats) row[4] = null;
  return snap;
}

const VARIANTS: [string, Partial<RulesOptions>][] = [
  ['default rules', {}],
  ['hidden gold (GR-A36)', { goldVisibility: 'hidden' }],
  ['passed cards kept (GR-A32)', { passedCards: 'keep' }],
  ['a finite bank (GR-A35)', { bank: 270 }],
  ['private negotiation (GR-A11)', { negotiationScope: 'continent-private' }],
];

describe('sampleState (information-set sampling from a seat view)', () => {
  for (const [label, change] of VARIANTS) {
    it(`reproduces the seat's view exactly and every public part of the other seats' views — ${label}`, () => {
      const rules = { ...DEFAULT_RULES, ...change };
      for (let game = 0; game < 6; game++) {
        const points = decisionPoints(game, rules);
        for (let i = 0; i < points.length; i += 7) {
          const { state, seat } = points[i];
          const view = state.views[seat];
          const det = sampleState(view, stream(i), { detail: true });
          expect(viewSnapshot(det.views[seat])).toBe(viewSnapshot(view));
          // The engine asks this seat next (in phase 3 it is this seat's turn).
          const pending = goldrausch.pending(det);
          expect(pending.kind === 'decisions' && pending.requests.some((r) => r.seat === seat)).toBe(true);
          if (change.negotiationScope === 'continent-private') continue; // other continents' talk is hidden
          for (let other = 0; other < state.players; other++) expect(publicPart(det, other)).toEqual(publicPart(state, other));
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
      const view = state.views[seat];
      const a = sampleState(view, stream(1));
      const b = sampleState(view, stream(2));
      const again = sampleState(view, stream(1));
      expect(again.eventDeck).toEqual(a.eventDeck); // same stream, same sample
      expect(again.resourceOrder).toEqual(a.resourceOrder);
      for (const det of [a, b]) {
        // Resource deck: the seen cards in order, then exactly the unseen cards.
        expect(det.resourceOrder.slice(0, det.resourcePos)).toEqual(state.resourceOrder.slice(0, state.resourcePos));
        expect(det.currentCard).toBe(state.currentCard);
        expect(det.resourceOrder.slice(0, det.resourceLength).sort((x, y) => x - y)).toEqual(
          state.resourceOrder.slice(0, state.resourceLength).sort((x, y) => x - y),
        );
        // Event pile: same multiset of cards as the true remaining pile.
        const pile = Array.from(det.eventDeck.subarray(det.eventPos, det.eventLength));
        expect(count(pile)).toEqual(count(Array.from(state.eventDeck.subarray(state.eventPos, state.eventLength))));
        // Every card of the event deck is in exactly one place.
        const all = count(
          [...pile, ...det.eventDiscard.slice(0, det.discardLength), ...det.besideClock.slice(0, det.besideLength)].map((slot) => det.eventIds[slot]),
        );
        expect(all).toEqual(count(EVENT_CARD_IDS));
      }
      if (a.eventDeck.slice(a.eventPos, a.eventLength).join() !== b.eventDeck.slice(b.eventPos, b.eventLength).join()) differentEvents++;
      if (a.resourceOrder.slice(a.resourcePos, a.resourceLength).join() !== b.resourceOrder.slice(b.resourcePos, b.resourceLength).join()) differentResources++;
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
    // Until the last rounds more than one order is possible, so two streams almost always differ.
    expect(differentEvents).toBeGreaterThan(checked / 2);
    expect(differentResources).toBeGreaterThan(checked / 2);
  });

  it("samples the colours of the other seats' laid cards, never this seat's own card", () => {
    const points = decisionPoints(4).filter(({ state, seat }) => state.stage === Stage.meeting && state.committed.some((c, s) => c !== 0 && s !== seat));
    expect(points.length).toBeGreaterThan(5);
    const colours = new Set<number>();
    for (const [k, { state, seat }] of points.entries()) {
      const view = state.views[seat];
      for (let draw = 0; draw < 8; draw++) {
        const det = sampleState(view, stream(100 * k + draw));
        for (let s = 0; s < state.players; s++) {
          if (s === seat) expect(det.commits[s]).toBe(state.commits[s]);
          else if (det.committed[s]) {
            expect([GREEN, RED]).toContain(det.commits[s]);
            colours.add(det.commits[s]);
          } else expect(det.commits[s]).toBe(0);
        }
      }
      // A caller's model decides the colours when given.
      const det = sampleState(view, stream(k), { guessCommit: () => GREEN });
      for (let s = 0; s < state.players; s++) if (s !== seat && det.committed[s]) expect(det.commits[s]).toBe(GREEN);
    }
    expect(colours).toEqual(new Set([GREEN, RED]));
  });

  it('reconstructs the resource cycle after a reshuffle (more rounds than cards)', () => {
    const points = decisionPoints(0, DEFAULT_RULES, 30, 10_000).filter(({ state }) => state.resourcePos > 20);
    expect(points.length).toBeGreaterThan(0);
    for (const { state, seat } of points.slice(0, 20)) {
      const det = sampleState(state.views[seat], stream(7));
      expect(det.resourceOrder.slice(0, det.resourcePos)).toEqual(state.resourceOrder.slice(0, state.resourcePos));
      expect(count(det.resourceOrder.slice(det.resourcePos, det.resourceLength))).toEqual(
        count(state.resourceOrder.slice(state.resourcePos, state.resourceLength)),
      );
    }
  });

  it('gives states the engine plays to the end', () => {
    const points = decisionPoints(5);
    for (let i = 0; i < points.length; i += 11) {
      const { state, seat } = points[i];
      const s = sampleState(state.views[seat], stream(i));
      const random = new RandomSource('rollout', i);
      const bots = Array.from({ length: s.players }, (_, q) => HEURISTIC_BOTS.greedy.create(q, random.stream(Purpose.bot + q)));
      let steps = 0;
      for (;;) {
        const p = goldrausch.pending(s);
        if (p.kind === 'terminal') break;
        const answers = p.requests.map((r) => goldrausch.askBot(bots[r.seat], r, s.views[r.seat], s, random).answer);
        goldrausch.apply(s, answers, random);
        expect(++steps).toBeLessThan(5000);
      }
      expect(s.stage).toBe(Stage.over);
    }
  });
});
