import { describe, expect, it } from 'vitest';
import { GOLD_BOTS } from '../../../bots/gold-knizia/index.js';
import { Purpose, RandomSource, RandomStream } from '../../../src/core/random.js';
import { CARD_TYPES, COMPOSITION, DYNAMITE, POSITIONS, UNKNOWN, diggerCode, goldCode } from '../../../src/games/gold-knizia/cards.js';
import { decide, fallbackPosition, rushTurnNow, setup, turnCard } from '../../../src/games/gold-knizia/engine.js';
import { sampleState } from '../../../src/games/gold-knizia/sample.js';
import { Stage, type GoldState } from '../../../src/games/gold-knizia/state.js';
import type { GoldView } from '../../../src/games/gold-knizia/view.js';
import { CANON, TEST_RANDOM, config, played, snapshot } from './helpers.js';

/** Plays `s` with Greedy in every seat until turn `turn` begins (stage turnStart) or its second card is due. */
function advance(s: GoldState, random: RandomSource, turn: number, second: boolean): void {
  const bots = Array.from({ length: s.players }, (_, seat) => GOLD_BOTS.greedy.create(seat, random.stream(Purpose.bot + seat)));
  while (s.stage !== Stage.over && !(s.turnInGame === turn && s.stage === (second ? Stage.second : Stage.turnStart))) {
    const kind = s.stage === Stage.second ? 1 : rushTurnNow(s) ? 2 : 0;
    turnCard(s, decide(bots[s.active], kind, s.views[s.active]) as number, random);
  }
}

/** Plays `s` to the end turning the lowest legal position every time (a policy that reads positions, not lists). */
function finishLowest(s: GoldState, random: RandomSource = TEST_RANDOM): void {
  while (s.stage !== Stage.over) turnCard(s, fallbackPosition(s), random);
}

const result = (s: GoldState) => ({ scores: [...s.seriesScore], cards: [...s.goldCards], winners: s.winners.slice(0, s.winnerCount), turns: s.turnInGame });

/**
 * A stream that steers the sampler's Fisher–Yates shuffle to the true cards: at each step it picks a
 * remaining card of the code the true layout has there. (The sampler shuffles the unknown cards in
 * code order over the unknown positions in position order, one `int(i + 1)` per position.)
 */
class SteeredStream extends RandomStream {
  private readonly order: number[];
  constructor(
    private readonly truth: readonly number[],
    unknownCards: number[],
  ) {
    super(new RandomSource('steer', 0), 0);
    this.order = unknownCards;
  }
  override int(n: number): number {
    const i = n - 1;
    const want = this.truth[i];
    const j = this.order.slice(0, n).lastIndexOf(want);
    [this.order[i], this.order[j]] = [this.order[j], this.order[i]];
    return j;
  }
}

/** The stream that makes `sampleState(view, …)` lay out the true cards of `s`. */
function steerToTruth(s: GoldState, view: GoldView): SteeredStream {
  const unknownAt: number[] = [];
  const counts = Array.from({ length: CARD_TYPES }, (_, c) => view.left(c));
  for (let p = 0; p < POSITIONS; p++) {
    const code = view.cardAt(p);
    if (code === UNKNOWN) unknownAt.push(p);
    else if (code >= 0) counts[code]--;
  }
  const cards = counts.flatMap((n, code) => new Array<number>(n).fill(code));
  return new SteeredStream(
    unknownAt.map((p) => s.card[p]),
    cards,
  );
}

describe('sampleState: a seat view as a full engine state (information-set sampling)', () => {
  const CASES: [string, Record<string, unknown>, number][] = [
    ['4 players', {}, 4],
    ['2 players', {}, 2],
    ['5 players, no-progress-turns', { stalemate: 'no-progress-turns' }, 5],
    ['3 players, end-game stalemate', { stalemate: 'end-game' }, 3],
    ['3 players, blind second choice', { secondChoice: 'blind' }, 3],
    ['3 players, a series', { series: true }, 3],
  ];
  for (const [name, rules, players] of CASES) {
    it(`with the true cards drawn, plays on exactly like the real game (${name})`, () => {
      const cfg = config(rules, undefined, players);
      for (let game = 0; game < 40; game++) {
        const random = new RandomSource('sample', game);
        const s = setup(cfg, players, random);
        // Stops spread over the game: turn starts, second cards, and the rush (turn ≥ ~40).
        advance(s, random, game * 2, game % 2 === 1);
        if (s.stage === Stage.over) continue;
        const view = s.views[s.active];
        const copy = sampleState(view, steerToTruth(s, view));
        expect(Array.from(copy.card)).toEqual(Array.from(s.card));
        expect(Array.from(copy.left)).toEqual(Array.from(s.left));
        // The same random source: a series' later layouts come out the same.
        finishLowest(s, random);
        finishLowest(copy, random);
        expect(result(copy)).toEqual(result(s));
      }
    });
  }

  it('gives the deciding seat exactly the view it had, at every decision of real games (any sampled cards)', () => {
    for (const [players, rules] of [
      [4, {}],
      [3, { secondChoice: 'blind' }],
      [2, { stalemate: 'no-progress-turns' }],
      [3, { memory: 'lossy' }],
      [4, { memory: 'lossy', secondChoice: 'blind', scoreVisibility: 'public' }],
      [3, { series: true }],
    ] as const) {
      const random = new RandomSource('views', players);
      const s = setup(config(rules, undefined, players), players, random);
      const bots = Array.from({ length: players }, (_, seat) => GOLD_BOTS.greedy.create(seat, random.stream(Purpose.bot + seat)));
      const sampler = new RandomSource('views-sample', players).stream(1);
      let decisions = 0;
      let into: GoldState | undefined;
      while (s.stage !== Stage.over) {
        const seat = s.active;
        // Every seat's view, the deciding one's and the others' (a search samples at its own decisions only, but any seat may ask).
        for (let v = 0; v < players; v++) {
          into = sampleState(s.views[v], sampler, into);
          expect(snapshot(into.views[v])).toEqual(snapshot(s.views[v]));
        }
        decisions++;
        const kind = s.stage === Stage.second ? 1 : rushTurnNow(s) ? 2 : 0;
        turnCard(s, decide(bots[seat], kind, s.views[seat]) as number, random);
      }
      expect(decisions).toBeGreaterThan(40);
    }
  });

  it('draws the hidden cards afresh: samples differ, each an arrangement of the unknown multiset', () => {
    const random = new RandomSource('vary', 0);
    const s = setup(config(), 4, random);
    advance(s, random, 12, false);
    const view = s.views[s.active];
    const unknown = Array.from({ length: view.unknownCount }, (_, i) => view.unknownPosition(i));
    const truth = unknown.map((p) => s.card[p]).sort((a, b) => a - b);
    const sampler = new RandomSource('vary-sample', 0).stream(1);
    const layouts = new Set<string>();
    for (let k = 0; k < 20; k++) {
      const copy = sampleState(view, sampler);
      const cards = unknown.map((p) => copy.card[p]);
      expect([...cards].sort((a, b) => a - b)).toEqual(truth);
      layouts.add(cards.join(','));
    }
    expect(layouts.size).toBe(20);
  });

  it('keeps a gold rush the stalemate rule started with more than 10 cards on the table (GK-A1)', () => {
    // 2 players, no-progress-turns: four turns of G2 + G2 (nothing) start the rush with 64 cards left.
    const s = played(config({ stalemate: 'no-progress-turns' }), 2, [
      [5, 6],
      [5, 6],
      [5, 6],
      [5, 6],
    ]);
    expect(s.rush).toBe(true);
    expect(s.liveCount).toBe(64);
    const copy = sampleState(s.views[0], steerToTruth(s, s.views[0]));
    expect(copy.views[0].decision).toBe('rush-card');
    finishLowest(s);
    finishLowest(copy);
    expect(result(copy)).toEqual(result(s));
  });

  it('samples the same states from states that differ only in cards the seat has not seen', () => {
    const other = [...CANON];
    [other[0], other[63]] = [other[63], other[0]]; // G1 and X, never turned below
    const turns = [
      [12, 26],
      [30, 24],
      [5, 6],
      [40, 19],
    ];
    const a = played(config(), 3, turns, 0, CANON);
    const b = played(config(), 3, turns, 0, other);
    expect(snapshot(b.views[1])).toEqual(snapshot(a.views[1]));
    const ca = sampleState(a.views[1], new RandomSource('same', 0).stream(1));
    const cb = sampleState(b.views[1], new RandomSource('same', 0).stream(1));
    expect(Array.from(cb.card)).toEqual(Array.from(ca.card));
    expect(snapshot(cb.views[1])).toEqual(snapshot(ca.views[1]));
  });

  it('fills the unknown positions with the composition left minus the cards known (hand-computed)', () => {
    // 3 players, canonical layout: seat 0 turns G3 (12) + D0-3 (26): D0-3 ≥ 3, seat 0 finds it,
    // both leave; seat 1 turns G2 (5) + G2 (6): nothing, both stay known; seat 2 turns X (59) + G1 (0): both leave.
    const s = played(config(), 3, [
      [12, 26],
      [5, 6],
      [59, 0],
    ]);
    const view = s.views[0];
    expect(view.unknownCount).toBe(64 - 4 - 2); // four cards left, two known
    const expected = new Array<number>(CARD_TYPES).fill(0);
    for (let code = 0; code < CARD_TYPES; code++) expected[code] = COMPOSITION[code];
    expected[goldCode(3)]--; // found
    expected[diggerCode(0, 3)]--; // left with it
    expected[DYNAMITE]--;
    expected[goldCode(1)]--; // blasted
    expected[goldCode(2)] -= 2; // known at 5 and 6
    const copy = sampleState(view, new RandomSource('sample', 1).stream(1));
    const counted = new Array<number>(CARD_TYPES).fill(0);
    for (let i = 0; i < view.unknownCount; i++) counted[copy.card[view.unknownPosition(i)]]++;
    expect(counted).toEqual(expected);
    // The copy keeps the scores, the turn, the known cards and the cards gone.
    expect(copy.gold).toEqual([3, 0, 0]);
    expect(copy.turnInGame).toBe(3);
    expect(copy.active).toBe(0);
    expect(copy.card[5]).toBe(goldCode(2));
    expect(copy.card[12]).toBe(-1);
    expect(copy.views[2].cardAt(6)).toBe(goldCode(2));
  });

  it('keeps the second-card stage: the first card face up (after-first), or turned with the second (blind)', () => {
    for (const [rules, faceUp] of [
      [{}, true],
      [{ secondChoice: 'blind' }, false],
    ] as const) {
      const s = played(config(rules), 3, [[5, 6]]);
      turnCard(s, 12, TEST_RANDOM); // seat 1 turns G3 first
      const copy = sampleState(s.views[1], steerToTruth(s, s.views[1]));
      expect(copy.stage).toBe(Stage.second);
      expect(copy.first).toBe(12);
      expect(copy.firstFaceUp).toBe(faceUp);
      expect(copy.views[1].firstCard).toBe(faceUp ? goldCode(3) : -1);
    }
  });

  it('draws the gold of collected cards a seat did not see (lossy memory, hidden scores) from the gold that left the table', () => {
    const cfg = config({ memory: 'lossy' }, { recall: 0.3 });
    // The first game whose seat 0, at turn 24, missed some gold card another seat collected.
    let s: GoldState | null = null;
    let t = -1;
    for (let game = 0; t < 0; game++) {
      const random = new RandomSource('hidden-gold', game);
      s = setup(cfg, 3, random);
      advance(s, random, 24, false);
      const v = s.views[0];
      if (s.stage !== Stage.over) t = [1, 2].find((o) => v.goldCards(o) > v.goldCardsKnown(o)) ?? -1;
    }
    const view = s!.views[0];
    const unseen = view.goldCards(t) - view.goldCardsKnown(t);
    const sampler = new RandomSource('hidden-gold-sample', 0).stream(1);
    const golds = new Set<number>();
    for (let k = 0; k < 40; k++) {
      const copy = sampleState(view, sampler);
      const extra = copy.gold[t] - view.gold(t);
      expect(extra).toBeGreaterThanOrEqual(unseen);
      expect(extra).toBeLessThanOrEqual(4 * unseen);
      golds.add(copy.gold[t]);
      expect(copy.gold[0]).toBe(view.gold(0));
    }
    expect(golds.size).toBeGreaterThan(1);
  });

  it('refuses a finished game', () => {
    const over = setup(config(), 2, new RandomSource('over', 0));
    finishLowest(over);
    expect(() => sampleState(over.views[0], new RandomSource('x', 0).stream(1))).toThrow(/game is over/);
  });
});
