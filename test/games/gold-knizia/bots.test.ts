import { describe, expect, it } from 'vitest';
import { Purpose, RandomSource } from '../../../src/core/random.js';
import { goldCode } from '../../../src/games/gold-knizia/cards.js';
import { turnCard } from '../../../src/games/gold-knizia/engine.js';
import { GOLD_BOTS } from '../../../bots/gold-knizia/index.js';
import { CAPTURES_22, TEST_RANDOM, config, played } from './helpers.js';

const greedy = (seat: number, stream = 0) => GOLD_BOTS.greedy.create(seat, new RandomSource('bots', stream).stream(Purpose.bot + seat));

// Canonical layout: G1 0–4, G2 5–11, G3 12–18, G4 19–23; colour c: v2 24+7c/25+7c, v3 26+7c/27+7c, v4 28+7c/29+7c, v5 30+7c; X 59–63.
describe('greedy (built-in)', () => {
  it('takes the best known gold with its own digger', () => {
    // 3 players, start 1: seat 1 shows G3 (12) and G4 (19); seat 2 shows D0-4 (28) and D0-3 (26): D0-4 drives D0-3 off.
    const s = played(
      config(),
      3,
      [
        [12, 19],
        [28, 26],
      ],
      1,
    );
    expect(s.active).toBe(0);
    const bot = greedy(0);
    const first = bot.firstCard(s.views[0]);
    expect(first).toBe(19); // G4 ≤ 4: the higher gold
    turnCard(s, first, TEST_RANDOM);
    expect(bot.secondCard(s.views[0])).toBe(28);
  });
  it('uses an unowned digger when it has none of its own', () => {
    // 3 players (colours 3, 4 unowned), start 1: seat 1 shows G2 (5) + G2 (6); seat 2 shows D3-2 (45) + D4-3 (54): D4-3 drives D3-2 off.
    const s = played(
      config(),
      3,
      [
        [5, 6],
        [45, 54],
      ],
      1,
    );
    const bot = greedy(0);
    const first = bot.firstCard(s.views[0]);
    expect([5, 6]).toContain(first);
    turnCard(s, first, TEST_RANDOM);
    expect(bot.secondCard(s.views[0])).toBe(54);
  });
  it('never pairs an opponent’s digger with a known gold it could find', () => {
    // 3 players, start 2: seat 2 shows G3 12 + G3 13; seat 0 shows D0-4 28 + D0-4 29 (colour 0 is seat 0's). Seat 1 to play.
    for (let stream = 0; stream < 20; stream++) {
      const s = played(
        config(),
        3,
        [
          [12, 13],
          [28, 29],
        ],
        2,
      );
      expect(s.active).toBe(1);
      const bot = greedy(1, stream);
      turnCard(s, 28, TEST_RANDOM); // suppose its first card is seat 0's D0-4
      const second = bot.secondCard(s.views[1]);
      expect([12, 13]).not.toContain(second);
      expect(second).not.toBe(28);
    }
  });
  it('takes the highest known gold in the rush', () => {
    const caps = CAPTURES_22;
    // 4 players: 22 captures leave G1 at 3 and 4; seat 2 turns them together (nothing), then five blasts leave 10 cards.
    const s = played(config(), 4, [...caps, [3, 4], [59, 27], [60, 34], [61, 41], [62, 48], [63, 55]]);
    expect(s.liveCount).toBe(10);
    const seat = s.active;
    const pick = greedy(seat).rushCard(s.views[seat]);
    expect([3, 4]).toContain(pick);
    expect(s.views[seat].cardAt(pick)).toBe(goldCode(1));
  });
});

describe('random (built-in)', () => {
  it('answers legal positions only, the second never the first', () => {
    const s = played(config(), 3, [[0, 1]]);
    const bot = GOLD_BOTS.random.create(1, new RandomSource('r', 0).stream(Purpose.bot + 1));
    for (let i = 0; i < 200; i++) {
      const first = bot.firstCard(s.views[1]);
      expect(s.views[1].onTable(first)).toBe(true);
    }
    turnCard(s, 7, TEST_RANDOM);
    for (let i = 0; i < 200; i++) {
      const second = bot.secondCard(s.views[1]);
      expect(second).not.toBe(7);
      expect(s.views[1].onTable(second)).toBe(true);
    }
  });
});

describe('spoiler and cautious (built-in)', () => {
  it('spoiler blasts the gold an opponent’s digger would find when its first card is dynamite', () => {
    // 3 players, start 1: seat 1 shows G3 12 + G3 13; seat 2 shows its D2-4 42 + D2-4 43 (equal: nothing).
    const s = played(
      config(),
      3,
      [
        [12, 13],
        [42, 43],
      ],
      1,
    );
    turnCard(s, 59, TEST_RANDOM); // seat 0's first card: dynamite
    const random = new RandomSource('bots', 0).stream(Purpose.bot);
    expect([12, 13]).toContain(GOLD_BOTS.spoiler.create(0, random).secondCard(s.views[0]));
    // Greedy would rather blast the opponent's digger (no gold lost).
    expect([42, 43]).toContain(greedy(0).secondCard(s.views[0]));
  });
  it('cautious plays a safe known pair instead of showing cards the next seat could capture', () => {
    // 3 players, start 1: seat 1 drives D0-2 off with its D1-5 (37, known); seat 2 shows D2-2 38 + D3-2 45 (equal).
    // Seat 0 to play; the next seat (1) would find any of the 24 unknown gold cards with its D1-5: risk 24/60 > 1/4.
    const s = played(
      config(),
      3,
      [
        [37, 24],
        [38, 45],
      ],
      1,
    );
    expect(s.active).toBe(0);
    const cautious = GOLD_BOTS.cautious.create(0, new RandomSource('bots', 0).stream(Purpose.bot));
    const first = cautious.firstCard(s.views[0]);
    expect(first).toBe(37); // D1-5 drives off seat 2's D2-2: the best known pair without a gift
    turnCard(s, first, TEST_RANDOM);
    expect(cautious.secondCard(s.views[0])).toBe(38);
    // Greedy explores an unknown card instead.
    const g = played(
      config(),
      3,
      [
        [37, 24],
        [38, 45],
      ],
      1,
    );
    expect(g.views[0].cardAt(greedy(0).firstCard(g.views[0]))).toBe(-1);
  });
});
