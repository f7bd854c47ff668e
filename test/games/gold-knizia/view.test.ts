import { describe, expect, it } from 'vitest';
import { Purpose, RandomSource } from '../../../src/core/random.js';
import { deepFreeze } from '../../../src/core/readonly.js';
import { DYNAMITE, UNKNOWN, diggerCode, goldCode } from '../../../src/games/gold-knizia/cards.js';
import { goldKnizia, setupWithLayout, turnCard } from '../../../src/games/gold-knizia/engine.js';
import { GOLD_BOTS } from '../../../bots/gold-knizia/index.js';
import { playGame } from '../../../src/sim/play.js';
import { CANON, TEST_RANDOM, config, played, snapshot } from './helpers.js';

/** The canonical layout with positions a and b swapped. */
function swapped(a: number, b: number): number[] {
  const l = [...CANON];
  [l[a], l[b]] = [l[b], l[a]];
  return l;
}

// Turns that never touch positions 0 (G1) and 63 (X): a capture, a drive-off, two nothing turns, a blast.
const TURNS = [
  [12, 26],
  [30, 24],
  [5, 6],
  [40, 19],
  [59, 1],
];

describe('the seat view hides what a seat has not seen (§5, GK-A2, GK-A5)', () => {
  for (const rules of [{}, { memory: 'lossy' }, { secondChoice: 'blind' }, { memory: 'lossy', scoreVisibility: 'public' }]) {
    it(`gives identical views for states that differ only in unseen cards (${JSON.stringify(rules)})`, () => {
      const cfg = config(rules);
      const a = played(cfg, 3, TURNS, 0, CANON);
      const b = played(cfg, 3, TURNS, 0, swapped(0, 63));
      for (let seat = 0; seat < 3; seat++) expect(snapshot(b.views[seat])).toEqual(snapshot(a.views[seat]));
      // Mid-turn too (the first card of the next turn turned, face up under after-first).
      turnCard(a, 13, TEST_RANDOM);
      turnCard(b, 13, TEST_RANDOM);
      for (let seat = 0; seat < 3; seat++) expect(snapshot(b.views[seat])).toEqual(snapshot(a.views[seat]));
      // The comparison can fail: once position 0 is turned, the views differ.
      turnCard(a, 0, TEST_RANDOM);
      turnCard(b, 0, TEST_RANDOM);
      expect(snapshot(b.views[0])).not.toEqual(snapshot(a.views[0]));
    });
  }

  it('shows every revealed card still on the table under perfect memory, nothing else', () => {
    const s = played(config(), 3, [
      [5, 6],
      [24, 26],
    ]); // G2+G2 nothing; D0-2 vs D0-3: 24 leaves
    const v = s.views[2];
    expect(v.cardAt(5)).toBe(goldCode(2));
    expect(v.cardAt(26)).toBe(diggerCode(0, 3));
    expect(v.cardAt(24)).toBe(-2); // off the table
    expect(v.cardAt(7)).toBe(UNKNOWN);
    expect(v.knownCount).toBe(3);
    expect(v.unknownCount).toBe(60);
    expect(v.knownLeft(goldCode(2))).toBe(2);
    expect(v.unknownLeft(goldCode(2))).toBe(5);
    expect(v.left(diggerCode(0, 2))).toBe(1);
  });

  it('remembers nothing with recall 0, but shows the face-up first card during the second choice', () => {
    const s = played(config({ memory: 'lossy' }, { recall: 0, forget: 0 }), 3, [[5, 6]]);
    for (let seat = 0; seat < 3; seat++) expect(s.views[seat].cardAt(5)).toBe(UNKNOWN);
    turnCard(s, 12, TEST_RANDOM); // seat 1's first card: G3, face up
    expect(s.views[1].firstCard).toBe(goldCode(3));
    expect(s.views[2].cardAt(12)).toBe(goldCode(3));
    expect(s.views[1].knownCount).toBe(0);
  });

  it('forgets with forget 1 at the end of the turn, per seat', () => {
    const s = played(config({ memory: 'lossy' }, { recall: [1, 1, 0], forget: [0, 1, 0] }, 3), 3, [[5, 6]]);
    expect(s.views[0].cardAt(5)).toBe(goldCode(2)); // recalls, never forgets
    expect(s.views[1].cardAt(5)).toBe(UNKNOWN); // recalled, then forgot
    expect(s.views[2].cardAt(5)).toBe(UNKNOWN); // never recalled
  });

  it('does not show the first card under blind before the second is chosen (GK-A3)', () => {
    const s = played(config({ secondChoice: 'blind' }), 3, []);
    turnCard(s, 12, TEST_RANDOM);
    expect(s.views[0].firstPosition).toBe(12);
    expect(s.views[0].firstCard).toBe(UNKNOWN);
    turnCard(s, 13, TEST_RANDOM);
    expect(s.views[0].cardAt(12)).toBe(goldCode(3)); // revealed with the second card
  });

  it('hides other seats’ gold values under lossy memory unless recalled or public (GK-A5)', () => {
    const turns = [[58, 19]]; // seat 0: unowned D4-5 + G4 → seat 0
    const hidden = played(config({ memory: 'lossy' }, { recall: 0 }), 3, turns);
    expect(hidden.views[0].gold(0)).toBe(4);
    expect(hidden.views[1].gold(0)).toBe(0);
    expect(hidden.views[1].goldCards(0)).toBe(1); // the count is public
    expect(hidden.views[1].goldCardsKnown(0)).toBe(0);
    const open = played(config({ memory: 'lossy', scoreVisibility: 'public' }, { recall: 0 }), 3, turns);
    expect(open.views[1].gold(0)).toBe(4);
    const perfect = played(config(), 3, turns);
    expect(perfect.views[1].gold(0)).toBe(4);
  });
});

describe('the code masks agree with the counts (bots may visit only their bits)', () => {
  for (const rules of [{}, { memory: 'lossy' }, { secondChoice: 'blind', memory: 'lossy' }]) {
    it(`after every transition of whole games (${JSON.stringify(rules)})`, () => {
      for (let g = 0; g < 5; g++) {
        const random = new RandomSource('masks', g);
        const bots = [0, 1, 2, 3].map((s) => GOLD_BOTS[s % 2 ? 'random' : 'greedy'].create(s, random.stream(Purpose.bot + s)));
        let checked = 0;
        let wrong = 0;
        playGame({
          module: goldKnizia,
          config: config(rules, rules.memory ? { recall: 0.8, forget: 0.2 } : undefined),
          players: 4,
          bots,
          random,
          onState: (s) => {
            for (const v of s.views) {
              for (let c = 0; c < 25; c++) {
                // (plain counting: an expect per check made this test take seconds)
                if ((((v.knownCodes >> c) & 1) === 1) !== v.knownLeft(c) > 0) wrong++;
                if ((((v.unknownCodes >> c) & 1) === 1) !== v.unknownLeft(c) > 0) wrong++;
                if ((((v.leftCodes >> c) & 1) === 1) !== v.left(c) > 0) wrong++;
              }
              checked++;
            }
          },
        });
        expect(wrong).toBe(0);
        expect(checked).toBeGreaterThan(100);
      }
    });
  }
});

describe('the seat view is read-only and cheap', () => {
  it('is one object per seat per game, and deep-freezing it freezes neither the engine nor the game', () => {
    const s = setupWithLayout(config(), 3, CANON, 0, TEST_RANDOM);
    const view = goldKnizia.seatView(s, 1);
    expect(goldKnizia.seatView(s, 1)).toBe(view);
    expect(Object.keys(view)).toEqual(['seat']); // no engine array reachable by enumeration
    deepFreeze(view);
    expect(Object.isFrozen(view)).toBe(true);
    expect(Object.isFrozen(s.card)).toBe(false);
    expect(() => {
      (view as { seat: number }).seat = 2;
    }).toThrow(TypeError);
    turnCard(s, 58, TEST_RANDOM);
    turnCard(s, 19, TEST_RANDOM);
    expect(view.goldCards(0)).toBe(1); // the frozen view still reads the live game
    expect(view.cardAt(19)).toBe(-2);
  });

  it('answers with numbers and booleans only (nothing to write through)', () => {
    const s = played(config(), 4, [[5, 6]]);
    const v = s.views[0];
    const values = [
      v.turn,
      v.rush,
      v.tableCount,
      v.tablePosition(0),
      v.cardAt(5),
      v.knownPosition(0),
      v.unknownPosition(0),
      v.left(DYNAMITE),
      v.owner(4),
      v.gold(1),
      v.seriesScore(0),
    ];
    for (const x of values) expect(['number', 'boolean']).toContain(typeof x);
  });

  it('plays every built-in bot on deep-frozen views without a fault (test mode)', () => {
    for (const players of [2, 3, 4, 5]) {
      const random = new RandomSource('frozen', players);
      const names = Object.keys(GOLD_BOTS);
      const bots = Array.from({ length: players }, (_, s) => GOLD_BOTS[names[s % names.length]].create(s, random.stream(Purpose.bot + s)));
      for (const rules of [{}, { memory: 'lossy', secondChoice: 'blind' }]) {
        const game = playGame({ module: goldKnizia, config: config(rules), players, bots, random, freeze: true });
        expect(game.faults).toEqual([]);
        expect(game.outcome.endedBy).toBe('table-empty');
      }
    }
  });
});
