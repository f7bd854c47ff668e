import { describe, expect, it } from 'vitest';
import { Purpose, RandomSource } from '../../../src/core/random.js';
import { CARD_TYPES, COMPOSITION, DYNAMITE, POSITIONS, diggerCode, goldCode } from '../../../src/games/gold-knizia/cards.js';
import { Determinization, determinize } from '../../../src/games/gold-knizia/determinize.js';
import { decide, fallbackPosition, rushTurnNow, setup, turnCard } from '../../../src/games/gold-knizia/engine.js';
import { Stage, type GoldState } from '../../../src/games/gold-knizia/state.js';
import { GOLD_BOTS } from '../../../bots/gold-knizia/index.js';
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
function finishLowest(s: GoldState): void {
  while (s.stage !== Stage.over) turnCard(s, fallbackPosition(s), TEST_RANDOM);
}

const result = (s: GoldState) => ({ scores: [...s.seriesScore], cards: [...s.goldCards], winners: s.winners.slice(0, s.winnerCount), turns: s.turnInGame });

describe('determinize: a seat view as an engine state', () => {
  const CASES: [string, Record<string, unknown>, number][] = [
    ['4 players', {}, 4],
    ['2 players', {}, 2],
    ['5 players, no-progress-turns', { stalemate: 'no-progress-turns' }, 5],
    ['3 players, end-game stalemate', { stalemate: 'end-game' }, 3],
    ['3 players, blind second choice', { secondChoice: 'blind' }, 3],
  ];
  for (const [name, rules, players] of CASES) {
    it(`with the true cards filled in, plays on exactly like the real game (${name})`, () => {
      const cfg = config(rules);
      for (let game = 0; game < 40; game++) {
        const random = new RandomSource('determinize', game);
        const s = setup(cfg, players, random);
        // Stops spread over the game: turn starts, second cards, and the rush (turn ≥ ~40).
        advance(s, random, game * 2, game % 2 === 1);
        if (s.stage === Stage.over) continue;
        const d = new Determinization(s.views[s.active]);
        const truth = Array.from(d.unknownPositions.subarray(0, d.unknownCount), (p) => s.card[p]);
        const copy = d.load(truth, d.newState());
        expect(copy.liveCount).toBe(s.liveCount);
        expect(Array.from(copy.left)).toEqual(Array.from(s.left));
        finishLowest(s);
        finishLowest(copy);
        // The copy counts turns of this game from the view's turn and ends with this game.
        expect(result(copy)).toEqual(result(s));
      }
    });
  }

  it('gives the deciding seat the view it had, at every decision of real games (any sampled cards)', () => {
    // Lists are compared as sets: the copy lays its table out in position order, the game in the order cards left.
    const sorted = (view: GoldState['views'][number]) => {
      const snap = snapshot(view) as Record<string, unknown>;
      for (const key of ['table', 'known', 'unknown']) snap[key] = [...(snap[key] as number[])].sort((x, y) => x - y);
      snap.left = (snap.left as [number, number, number, number[]][]).map(([l, k, u, at]) => [l, k, u, [...at].sort((x, y) => x - y)]);
      return snap;
    };
    for (const [players, rules] of [
      [4, {}],
      [3, { secondChoice: 'blind' }],
      [2, { stalemate: 'no-progress-turns' }],
    ] as const) {
      const random = new RandomSource('views', players);
      const s = setup(config(rules), players, random);
      const bots = Array.from({ length: players }, (_, seat) => GOLD_BOTS.greedy.create(seat, random.stream(Purpose.bot + seat)));
      const sampler = new RandomSource('views-sample', players).stream(1);
      const assignment = new Int8Array(POSITIONS);
      let decisions = 0;
      while (s.stage !== Stage.over) {
        const seat = s.active;
        const d = new Determinization(s.views[seat]);
        d.sample(sampler, assignment);
        const copy = d.load(assignment, d.newState());
        expect(sorted(copy.views[seat])).toEqual(sorted(s.views[seat]));
        decisions++;
        const kind = s.stage === Stage.second ? 1 : rushTurnNow(s) ? 2 : 0;
        turnCard(s, decide(bots[seat], kind, s.views[seat]) as number, random);
      }
      expect(decisions).toBeGreaterThan(40);
    }
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
    const d = new Determinization(s.views[0]);
    const truth = Array.from(d.unknownPositions.subarray(0, d.unknownCount), (p) => s.card[p]);
    const copy = d.load(truth, d.newState());
    expect(copy.views[0].decision).toBe('rush-card');
    finishLowest(s);
    finishLowest(copy);
    expect(result(copy)).toEqual(result(s));
  });

  it('reads the same copy from states that differ only in cards the seat has not seen', () => {
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
    const da = new Determinization(a.views[1]);
    const db = new Determinization(b.views[1]);
    expect(Array.from(db.known)).toEqual(Array.from(da.known));
    expect(Array.from(db.unknownPositions)).toEqual(Array.from(da.unknownPositions));
    expect(Array.from(db.unknownCards)).toEqual(Array.from(da.unknownCards));
    const assignment = new Int8Array(POSITIONS);
    da.sample(new RandomSource('same', 0).stream(1), assignment);
    const ca = da.load(assignment, da.newState());
    const cb = db.load(assignment, db.newState());
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
    const d = new Determinization(s.views[0]);
    expect(d.unknownCount).toBe(64 - 4 - 2); // four cards left, two known
    const expected = new Array<number>(CARD_TYPES).fill(0);
    for (let code = 0; code < CARD_TYPES; code++) expected[code] = COMPOSITION[code];
    expected[goldCode(3)]--; // found
    expected[diggerCode(0, 3)]--; // left with it
    expected[DYNAMITE]--;
    expected[goldCode(1)]--; // blasted
    expected[goldCode(2)] -= 2; // known at 5 and 6
    const counted = new Array<number>(CARD_TYPES).fill(0);
    for (let i = 0; i < d.unknownCount; i++) counted[d.unknownCards[i]]++;
    expect(counted).toEqual(expected);
    expect(Array.from(d.unknownPositions.subarray(0, d.unknownCount))).not.toContain(5);
    expect(Array.from(d.unknownPositions.subarray(0, d.unknownCount))).not.toContain(12);
    // A sampled arrangement is a permutation of that multiset; the copy keeps the scores and the turn.
    const assignment = new Int8Array(POSITIONS);
    d.sample(new RandomSource('sample', 1).stream(1), assignment);
    expect(Array.from(assignment.subarray(0, d.unknownCount)).sort((x, y) => x - y)).toEqual(Array.from(d.unknownCards.subarray(0, d.unknownCount)));
    const copy = d.load(assignment, d.newState());
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
      const d = new Determinization(s.views[1]);
      const truth = Array.from(d.unknownPositions.subarray(0, d.unknownCount), (p) => s.card[p]);
      const copy = d.load(truth, d.newState());
      expect(copy.stage).toBe(Stage.second);
      expect(copy.first).toBe(12);
      expect(copy.firstFaceUp).toBe(faceUp);
      expect(copy.views[1].firstCard).toBe(faceUp ? goldCode(3) : -1);
    }
  });

  it('rejects an assignment that is not an arrangement of the unknown cards, and a finished game', () => {
    const s = played(config(), 3, [[5, 6]]);
    const d = new Determinization(s.views[0]);
    const wrong = Array.from(d.unknownCards.subarray(0, d.unknownCount));
    wrong[0] = wrong[0] === DYNAMITE ? goldCode(1) : DYNAMITE;
    expect(() => d.load(wrong, d.newState())).toThrow(/not an arrangement/);
    expect(() => d.load([99], d.newState())).toThrow(/assignment\[0\] is 99/);
    expect(() => determinize(s.views[0], wrong)).toThrow(RangeError);
    const over = setup(config(), 2, new RandomSource('over', 0));
    finishLowest(over);
    expect(() => new Determinization(over.views[0])).toThrow(/game is over/);
  });
});
