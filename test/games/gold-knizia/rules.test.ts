import { describe, expect, it } from 'vitest';
import {
  PairOutcome,
  cardName,
  diggerCode,
  goldCode,
  DYNAMITE,
  pairOutcome,
  parseCardName,
  COMPOSITION,
  CANONICAL_DECK,
} from '../../../src/games/gold-knizia/cards.js';
import { colourOwner, progressPossible } from '../../../src/games/gold-knizia/engine.js';
import { Stage } from '../../../src/games/gold-knizia/state.js';
import { CANON, CAPTURES_22, config, played } from './helpers.js';

const G = goldCode;
const D = diggerCode;

describe('GOLD cards (§1)', () => {
  it('holds the rules’ 64 cards: 24 gold worth 60, 35 diggers, 5 dynamite', () => {
    expect(CANONICAL_DECK.length).toBe(64);
    expect(COMPOSITION.reduce((a, b) => a + b, 0)).toBe(64);
    const gold = CANONICAL_DECK.filter((c) => c < 4);
    expect(gold.length).toBe(24);
    expect(gold.reduce((a, c) => a + c + 1, 0)).toBe(60);
    expect(CANONICAL_DECK.filter((c) => c === DYNAMITE).length).toBe(5);
  });
  it('names cards as fixtures write them, and reads them back', () => {
    expect([G(1), G(4), D(0, 2), D(4, 5), DYNAMITE].map(cardName)).toEqual(['G1', 'G4', 'D0-2', 'D4-5', 'X']);
    for (let c = 0; c < 25; c++) expect(parseCardName(cardName(c))).toBe(c);
    expect(parseCardName('G5')).toBe(-1);
    expect(parseCardName('D5-2')).toBe(-1);
  });
});

describe('the outcome table (§3.1), order irrelevant', () => {
  const both = (a: number, b: number) => [pairOutcome(a, b), pairOutcome(b, a)];
  it('a digger finds gold of value at most its own', () => {
    expect(both(D(1, 3), G(3))).toEqual([PairOutcome.capture, PairOutcome.capture]);
    expect(both(D(1, 5), G(1))).toEqual([PairOutcome.capture, PairOutcome.capture]);
  });
  it('a digger weaker than the gold does nothing', () => {
    expect(both(D(2, 2), G(3))).toEqual([PairOutcome.nothing, PairOutcome.nothing]);
  });
  it('different digger values drive off; equal values (any colours) do nothing', () => {
    expect(both(D(0, 4), D(0, 3))).toEqual([PairOutcome.driveOff, PairOutcome.driveOff]);
    expect(both(D(0, 4), D(3, 4))).toEqual([PairOutcome.nothing, PairOutcome.nothing]);
  });
  it('gold + gold does nothing; dynamite with anything (also dynamite) blasts', () => {
    expect(both(G(2), G(2))).toEqual([PairOutcome.nothing, PairOutcome.nothing]);
    for (const c of [G(4), D(2, 5), DYNAMITE]) expect(both(DYNAMITE, c)).toEqual([PairOutcome.blast, PairOutcome.blast]);
  });
});

describe('colours (§2, GK-A7, GK-A8)', () => {
  it('2 players own two colours each, colour 4 unowned', () => {
    expect([0, 1, 2, 3, 4].map((c) => colourOwner(2, c))).toEqual([0, 0, 1, 1, -1]);
  });
  it('3–5 players own colour = seat, the rest unowned', () => {
    expect([0, 1, 2, 3, 4].map((c) => colourOwner(3, c))).toEqual([0, 1, 2, -1, -1]);
    expect([0, 1, 2, 3, 4].map((c) => colourOwner(5, c))).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('turns on the engine (canonical layout: G1 0–4, G2 5–11, G3 12–18, G4 19–23, colour c v2 24+7c …, X 59–63)', () => {
  it('gives a capture by an unowned digger to the active player, by an owned one to its owner', () => {
    // 4 players, seat 0 active: D4-5 (58, unowned) + G4 (19) → seat 0; seat 1 active: D0-5 (30) + G4 (20) → seat 0.
    const s = played(config(), 4, [
      [58, 19],
      [30, 20],
    ]);
    expect(s.gold).toEqual([8, 0, 0, 0]);
    expect(s.goldCards).toEqual([2, 0, 0, 0]);
    expect(s.liveCount).toBe(60);
    expect(s.counters[3][0]).toBe(1); // unownedCaptures of seat 0
    expect(s.counters[4][0]).toBe(1); // giftsReceived of seat 0
    expect(s.counters[5][1]).toBe(1); // giftsGiven of seat 1
  });
  it('keeps the stronger digger in place after a drive-off', () => {
    const s = played(config(), 3, [[30, 24]]); // D0-5 vs D0-2
    expect(s.card[24]).toBe(-1);
    expect(s.card[30]).toBe(D(0, 5));
    expect(s.liveCount).toBe(63);
  });
  it('counts blasted gold against the active seat and scores nobody', () => {
    const s = played(config(), 3, [[59, 22]]); // X + G4
    expect(s.gold).toEqual([0, 0, 0]);
    expect(s.counters[7]).toEqual([4, 0, 0]); // dynamitedGold
  });
  it('is a normal turn with 11 cards and a rush turn with 10, tested at the turn’s start (GK-A6)', () => {
    // Remove 54 cards: 24 captures (48 cards) + 3 blasts (6) as in fixture 11; 4 players.
    const caps = [...CAPTURES_22, [3, 27], [4, 34]];
    const s = played(config(), 4, [...caps, [59, 41], [60, 48]]);
    expect(s.liveCount).toBe(12);
    expect(s.rush).toBe(false);
    const t = played(config(), 4, [...caps, [59, 41], [60, 48], [61, 55]]);
    expect(t.liveCount).toBe(10);
    expect(t.rush).toBe(false);
    expect(t.views[3].rush).toBe(true); // the active seat sees its rush turn
    expect(t.views[3].decision).toBe('rush-card');
  });
});

describe('GK-A1 stalemate detection (progressPossible)', () => {
  it('sees progress while dynamite is left, or two digger values, or a digger at least as strong as some gold', () => {
    const s = played(config(), 3, []);
    expect(progressPossible(s)).toBe(true);
    /** Leaves exactly these cards on the table (counts and the code mask the engine keeps with them). */
    const only = (cards: Record<number, number>) => {
      s.left.fill(0);
      s.leftCodes = 0;
      for (const [code, n] of Object.entries(cards)) {
        s.left[Number(code)] = n;
        s.leftCodes |= 1 << Number(code);
      }
      return progressPossible(s);
    };
    expect(only({ [G(3)]: 7, [D(0, 2)]: 2 })).toBe(false); // v2 diggers, gold ≥ 3
    expect(only({ [G(3)]: 7, [G(2)]: 1, [D(0, 2)]: 2 })).toBe(true); // G2 ≤ 2
    expect(only({ [G(4)]: 7, [D(0, 3)]: 1, [D(4, 3)]: 1 })).toBe(false); // v3 diggers of two colours, G4 only
    expect(only({ [G(4)]: 7, [D(0, 2)]: 2, [D(3, 3)]: 1 })).toBe(true); // two digger values
    expect(only({ [G(4)]: 7, [D(0, 2)]: 2, [DYNAMITE]: 1 })).toBe(true);
    expect(only({ [G(4)]: 4, [D(1, 5)]: 1 })).toBe(true); // v5 finds G4
    expect(only({ [G(1)]: 12 })).toBe(false); // gold only
    expect(only({ [D(2, 4)]: 2, [D(3, 4)]: 2 })).toBe(false); // equal diggers only
  });
  it('ends the game under end-game with the leftover gold counted as unscored', () => {
    const drive = [26, 27, 33, 34, 40, 41, 47, 48, 54, 55].map((p) => [28, p]);
    const caps = [
      [0, 28],
      [1, 29],
      [2, 35],
      [3, 36],
      [4, 42],
      [5, 43],
      [6, 49],
      [7, 50],
      [8, 56],
      [9, 57],
      [10, 30],
      [11, 37],
    ];
    const blasts = [
      [59, 44],
      [60, 51],
      [61, 58],
      [62, 63],
    ];
    const s = played(config({ stalemate: 'end-game' }), 3, [...drive, ...caps, ...blasts]);
    expect(s.stage).toBe(Stage.over);
    // 7 × G3 + 5 × G4 left on the table.
    expect(s.counters[9]).toEqual([41, 41, 41]);
    expect(s.counters[11]).toEqual([1, 1, 1]);
  });
  it('uses the canonical layout the helpers describe', () => {
    expect(CANON[30]).toBe(D(0, 5));
    expect(CANON[58]).toBe(D(4, 5));
    expect(CANON[59]).toBe(DYNAMITE);
  });
});
