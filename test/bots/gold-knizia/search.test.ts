import { describe, expect, it } from 'vitest';
import { GOLD_BOTS } from '../../../bots/gold-knizia/index.js';
import search, { makeSearch, playoutValue } from '../../../bots/gold-knizia/search.js';
import { Purpose, RandomSource } from '../../../src/core/random.js';
import type { GoldBotFactory } from '../../../src/games/gold-knizia/bot.js';
import { POSITIONS, diggerCode, goldCode } from '../../../src/games/gold-knizia/cards.js';
import { decide, goldKnizia, isLegal, rushTurnNow, setupWithLayout, turnCard } from '../../../src/games/gold-knizia/engine.js';
import { Stage, type GoldState } from '../../../src/games/gold-knizia/state.js';
import type { GoldView } from '../../../src/games/gold-knizia/view.js';
import { GAMES } from '../../../src/games/registry.js';
import { fastPlayerOf, playOne } from '../../../src/sim/run.js';
import { parseScenario } from '../../../src/sim/scenario.js';
import { playGame } from '../../../src/sim/play.js';
import { CANON, TEST_RANDOM, config, played } from '../../games/gold-knizia/helpers.js';

// Small budgets keep the games quick; the properties do not depend on the budget.
const cheap = makeSearch({ samples: 3 });

const kindOf = (s: GoldState) => (s.stage === Stage.second ? 1 : rushTurnNow(s) ? 2 : 0);

/** Wraps a factory so that every answer is checked against the state it is given in. */
function checked(factory: GoldBotFactory, state: () => GoldState, problems: string[]): GoldBotFactory {
  return {
    ...factory,
    create: (seat, rs) => {
      const bot = factory.create(seat, rs);
      const check = (method: string, view: GoldView, p: number) => {
        if (!isLegal(state(), p)) problems.push(`seat ${seat} ${method} turn ${view.turn}: ${p} cannot be turned`);
        return p;
      };
      return {
        name: bot.name,
        firstCard: (view) => check('firstCard', view, bot.firstCard(view)),
        secondCard: (view) => check('secondCard', view, bot.secondCard(view)),
        rushCard: (view) => check('rushCard', view, bot.rushCard(view)),
      };
    },
  };
}

describe('search (GOLD)', () => {
  it('is named by its budget and rejects bad options', () => {
    expect(search.name).toBe('search');
    expect(GOLD_BOTS.search).toBe(search);
    expect(cheap.name).toBe('search(samples=3)');
    expect(makeSearch({ samples: 32, horizon: 0, margin: 0.1 }).name).toBe('search(horizon=0,margin=0.1)');
    expect(() => makeSearch({ samples: 0 })).toThrow(/samples must be a whole number ≥ 1, got 0/);
    expect(() => makeSearch({ horizon: -1 })).toThrow(/horizon/);
    expect(() => makeSearch({ horizon: 2.5 })).toThrow(/horizon/);
    expect(() => makeSearch({ winWeight: 1.5 })).toThrow(/winWeight/);
    expect(() => makeSearch({ margin: 1 })).toThrow(/margin/);
  });

  const OPTIONS: [number, Record<string, unknown>, Record<string, unknown>?][] = [
    [4, {}],
    [2, {}],
    [5, { stalemate: 'no-progress-turns' }],
    [3, { stalemate: 'end-game' }],
    [3, { secondChoice: 'blind' }],
    [4, { memory: 'lossy', secondChoice: 'blind' }, { recall: 0.6, forget: 0.2 }],
    [2, { series: true }],
    [3, {}, { maxTurns: 25 }],
  ];
  for (const [players, rules, params] of OPTIONS) {
    it(`plays legal cards only, from frozen views, without faults (${players} players, ${JSON.stringify(rules)} ${JSON.stringify(params ?? {})})`, () => {
      const problems: string[] = [];
      const cfg = config(rules, params, players);
      for (let game = 0; game < 2; game++) {
        const random = new RandomSource('search-legal', game);
        let current: GoldState | null = null;
        const factories = Array.from({ length: players }, (_, s) => (s === 1 ? GOLD_BOTS.greedy : checked(cheap, () => current!, problems)));
        const bots = factories.map((f, s) => f.create(s, random.stream(Purpose.bot + s)));
        const result = playGame({ module: goldKnizia, config: cfg, players, bots, random, freeze: true, onState: (s) => (current = s) });
        expect(result.faults).toEqual([]);
        expect(result.final.stage).toBe(Stage.over);
      }
      expect(problems).toEqual([]);
    });
  }

  it('never reads cards it has not seen: twin games that differ only in unseen cards get the same decisions', () => {
    for (const [players, rules] of [
      [3, {}],
      [2, { secondChoice: 'blind' }],
      [4, { memory: 'lossy' }],
    ] as const) {
      const cfg = config(rules);
      const layout = new RandomSource('twin-layout', players).shuffle(CANON, 1, 0);
      const turns = 36;
      // Game A: search in seat 0, Greedy elsewhere; every turned position logged.
      const log: number[] = [];
      const a = setupWithLayout(cfg, players, layout, 0, TEST_RANDOM);
      const botsA = Array.from({ length: players }, (_, s) =>
        (s === 0 ? cheap : GOLD_BOTS.greedy).create(s, new RandomSource('twin', 0).stream(Purpose.bot + s)),
      );
      while (a.stage !== Stage.over && a.turnInGame < turns) {
        const p = decide(botsA[a.active], kindOf(a), a.views[a.active]) as number;
        log.push(p);
        turnCard(a, p, TEST_RANDOM);
      }
      // Layout B: the cards never turned in those turns, in reverse order of position.
      const turned = new Set(log);
      const hidden = Array.from({ length: POSITIONS }, (_, p) => p).filter((p) => !turned.has(p));
      const other = [...layout];
      hidden.forEach((p, i) => (other[p] = layout[hidden[hidden.length - 1 - i]]));
      expect(hidden.some((p) => other[p] !== layout[p])).toBe(true);
      // Replay both layouts move for move: the search bot of each (same stream) must answer alike,
      // and as in game A (determinism).
      const twinA = setupWithLayout(cfg, players, layout, 0, TEST_RANDOM);
      const twinB = setupWithLayout(cfg, players, other, 0, TEST_RANDOM);
      const botA = cheap.create(0, new RandomSource('twin', 0).stream(Purpose.bot));
      const botB = cheap.create(0, new RandomSource('twin', 0).stream(Purpose.bot));
      let asked = 0;
      for (const p of log) {
        if (twinA.active === 0) {
          const kind = kindOf(twinA);
          expect(decide(botB, kind, twinB.views[0])).toBe(decide(botA, kind, twinA.views[0]));
          asked++;
        }
        turnCard(twinA, p, TEST_RANDOM);
        turnCard(twinB, p, TEST_RANDOM);
      }
      expect(asked).toBeGreaterThan(10);
      // The twins really are different games: their hidden cards differ.
      expect(Array.from(twinB.card)).not.toEqual(Array.from(twinA.card));
    }
  });

  it('replays the same decisions: the same game twice, and the fast player as playGame', () => {
    const sc = parseScenario('search.json', { game: 'gold-knizia', players: 3, seats: ['search', 'greedy', 'random'], seed: 'replay' });
    const def = GAMES['gold-knizia'];
    const fast = fastPlayerOf(sc);
    expect(fast).not.toBeNull();
    for (let i = 0; i < 3; i++) {
      const once = playOne(sc, i, { seed: 'replay', engine: 'reference' }).final as GoldState;
      const again = playOne(sc, i, { seed: 'replay', engine: 'reference' }).final as GoldState;
      expect(def.story(again, ['search', 'greedy', 'random'])).toBe(def.story(once, ['search', 'greedy', 'random']));
      expect(fast!.gameRecord(fast!.play('replay', i)!)).toEqual(def.record(once));
    }
  });

  it('takes a sure capture for itself over turning an unknown card (hand-computed position)', () => {
    // 2 players (seat 0 owns colours 0 and 1): seat 0 shows D0-5 (30) + D1-5 (37), equal: nothing;
    // seat 1 shows G4 (19) + G3 (12): nothing. Seat 0 turns the G4 first: either own 5 finds it (+4).
    const s = played(
      config(),
      2,
      [
        [30, 37],
        [19, 12],
      ],
      0,
    );
    turnCard(s, 19, TEST_RANDOM);
    const bot = makeSearch({ samples: 16 }).create(0, new RandomSource('capture', 0).stream(Purpose.bot));
    const second = bot.secondCard(s.views[0]);
    expect([30, 37]).toContain(second);
    expect(s.views[0].cardAt(19)).toBe(goldCode(4));
    expect([diggerCode(0, 5), diggerCode(1, 5)]).toContain(s.views[0].cardAt(second));
  });

  it('values a copy by the gold margin over the best other seat and the win share', () => {
    const s = played(config(), 3, [[12, 26]]); // seat 0 finds G3 with its D0-3
    expect(s.gold).toEqual([3, 0, 0]);
    expect(playoutValue(s, 0, 0)).toBeCloseTo(3 / 60);
    expect(playoutValue(s, 1, 0)).toBeCloseTo(-3 / 60);
    // Cut by a horizon, the leader takes the win share.
    expect(playoutValue(s, 0, 1)).toBe(1);
    expect(playoutValue(s, 2, 1)).toBe(0);
    expect(playoutValue(s, 0, 0.5)).toBeCloseTo(0.5 + 0.5 * (3 / 60));
  });

  it('beats Random in 200 two-player games by a margin chance cannot explain', () => {
    // 100 deals, search in each seat once (same layout and start player: the deal's luck cancels).
    // Under equal strength each deal's expected wins are 1 of 2; Hoeffding over 100 deals (range 2):
    // P(mean ≥ 1.5) ≤ exp(−2 · 100 · 0.5² / 2²) = exp(−12.5) ≈ 3.7e−6. Measured (21:51 UTC): 194 of 200.
    const bot = makeSearch({ samples: 3 });
    let wins = 0;
    for (let deal = 0; deal < 100; deal++) {
      for (const seat of [0, 1]) {
        const random = new RandomSource('search-vs-random', deal);
        const bots = [0, 1].map((s) => (s === seat ? bot : GOLD_BOTS.random).create(s, random.stream(Purpose.bot + s)));
        const { outcome } = playGame({ module: goldKnizia, config: config(), players: 2, bots, random });
        if (outcome.winners.includes(seat)) wins += 1 / outcome.winners.length;
      }
    }
    expect(wins).toBeGreaterThanOrEqual(150);
  });
});
