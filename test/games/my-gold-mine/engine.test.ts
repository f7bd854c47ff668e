import { describe, expect, it } from 'vitest';
import { BUILTIN_BOTS } from '../../../bots/my-gold-mine/index.js';
import type { BotFactory } from '../../../src/core/definition.js';
import { Purpose, RandomSource } from '../../../src/core/random.js';
import { deepFreeze } from '../../../src/core/readonly.js';
import type { MyGoldMineBot } from '../../../src/games/my-gold-mine/bot.js';
import { parseMyGoldMineConfig } from '../../../src/games/my-gold-mine/config.js';
import { withKindReplaced } from '../../../src/games/my-gold-mine/counterfactual.js';
import { myGoldMineDefinition } from '../../../src/games/my-gold-mine/definition.js';
import { myGoldMine, setupScripted } from '../../../src/games/my-gold-mine/engine.js';
import { fastPlayer } from '../../../src/games/my-gold-mine/fast.js';
import * as M from '../../../src/games/my-gold-mine/metrics.js';
import { DEFAULT_CONFIG, type MyGoldMineConfig } from '../../../src/games/my-gold-mine/params.js';
import { record } from '../../../src/games/my-gold-mine/record.js';
import { OVER, tablesOf, type MyGoldMineState } from '../../../src/games/my-gold-mine/state.js';
import type { MyGoldMineView } from '../../../src/games/my-gold-mine/view.js';
import { playGame } from '../../../src/sim/play.js';

const where = { file: 'test.json', dir: '.' };
const LINEUPS: Record<number, string[]> = {
  2: ['cautious', 'odds'],
  3: ['greedy', 'random', 'odds'],
  4: ['cautious', 'greedy', 'odds', 'random'],
  5: ['random', 'cautious-0.1', 'greedy-1', 'odds-1', 'random'],
  6: ['cautious', 'greedy', 'odds', 'random', 'cautious-0.3', 'greedy-4'],
};
const OPTION_SETS: MyGoldMineConfig[] = [
  DEFAULT_CONFIG,
  parseMyGoldMineConfig({ rules: { intoDragon: 'eliminated', dragonCheck: 'before-move' } }, where),
  parseMyGoldMineConfig({ rules: { minGoldToScore: 1, thirdPlaceMinPlayers: 4, collectedVisibility: 'hidden', swapOwnDwarf: false } }, where),
  parseMyGoldMineConfig(
    {
      params: {
        rounds: 4,
        digDeck: {
          deckId: 'many-dragons',
          cards: [
            { kind: 'dragon', count: 14 },
            { kind: 'simple-gold', gold: 1, count: 10 },
            { kind: 'lots-of-gold', gold: 3, count: 6 },
          ],
        },
      },
    },
    where,
  ),
];

const factories = (p: number) => LINEUPS[p].map((b) => BUILTIN_BOTS[b]) as BotFactory<MyGoldMineBot>[];

function playGeneric(config: MyGoldMineConfig, p: number, seed: string, index: number, freeze = false, onState?: (s: MyGoldMineState) => void) {
  const random = new RandomSource(seed, index);
  const bots = factories(p).map((f, s) => f.create(s, random.stream(Purpose.bot + s)));
  return playGame({ module: myGoldMine, config, players: p, bots, random, freeze, onState });
}

describe('My Gold Mine engine', () => {
  it('keeps the metric index constants equal to the metric lists', () => {
    const counters = [
      M.C_NUGGETS,
      M.C_ROUND_WINS,
      M.C_EXITS,
      M.C_ELIMINATIONS,
      M.C_LADDER,
      M.C_COLLECTED,
      M.C_LOST,
      M.C_BANKED,
      M.C_DIGS,
      M.C_EXIT_DRAWS,
      M.C_STARTED,
    ];
    expect(counters.map((c) => M.COUNTERS[c])).toEqual([
      'nuggets',
      'roundWins',
      'exits',
      'eliminations',
      'ladderSum',
      'goldCollected',
      'goldLost',
      'goldBanked',
      'digs',
      'exitDraws',
      'startedRound1',
    ]);
    const rounds = [M.R_EXITS, M.R_ELIMINATIONS, M.R_DRAGON_STEPS, M.R_ENDED_BY_DRAGON, M.R_TURNS, M.R_COLLECTED, M.R_LOST, M.R_BANKED];
    expect(rounds.map((c) => M.ROUND_COUNTERS[c])).toEqual([
      'exits',
      'eliminations',
      'dragonSteps',
      'endedByDragon',
      'turns',
      'goldCollected',
      'goldLost',
      'goldBanked',
    ]);
    expect([M.ENDINGS[M.ENDING_EXITS], M.ENDINGS[M.ENDING_DRAGON]]).toEqual(['exits', 'dragon']);
  });

  it('gives the fast player the same records as the generic driver, over player counts and rules options', () => {
    for (const config of OPTION_SETS) {
      for (const p of [2, 3, 4, 5, 6]) {
        const fast = fastPlayer(config, p, factories(p))!;
        for (let i = 0; i < 40; i++) {
          const flat = fast.play('identity', i);
          expect(flat).not.toBeNull();
          const generic = record(playGeneric(config, p, 'identity', i).final as MyGoldMineState);
          expect(fast.gameRecord(flat!), `players ${p} game ${i}`).toEqual(generic);
        }
      }
    }
  });

  it('is a pure function of (config, seed, index, line-up): 500 games on one engine, then replays on fresh ones', () => {
    const fast = fastPlayer(DEFAULT_CONFIG, 4, factories(4))!;
    const kept = new Map<number, unknown>();
    for (let i = 0; i < 500; i++) {
      const rec = fast.gameRecord(fast.play('pure', i)!);
      if (i % 97 === 3) kept.set(i, rec);
    }
    for (const [i, rec] of kept) {
      const fresh = fastPlayer(DEFAULT_CONFIG, 4, factories(4))!;
      expect(fresh.gameRecord(fresh.play('pure', i)!)).toEqual(rec);
      expect(record(playGeneric(DEFAULT_CONFIG, 4, 'pure', i).final as MyGoldMineState)).toEqual(rec);
    }
  });

  it('plays the same games when every view is deep-frozen (no write through a view; engine arrays untouched)', () => {
    for (const p of [2, 4, 6]) {
      for (let i = 0; i < 20; i++) {
        const frozen = playGeneric(DEFAULT_CONFIG, p, 'freeze', i, true);
        const plain = playGeneric(DEFAULT_CONFIG, p, 'freeze', i);
        expect(frozen.faults).toEqual([]);
        expect(record(frozen.final as MyGoldMineState)).toEqual(record(plain.final as MyGoldMineState));
      }
    }
  });

  it('keeps the rules invariants in every round: gold collected = banked + lost; every dwarf out or eliminated; Drago within 1–8', () => {
    const k = M.ROUND_COUNTERS.length;
    for (const config of OPTION_SETS) {
      for (const p of [2, 3, 4, 6]) {
        const fast = fastPlayer(config, p, factories(p))!;
        const dwarves = p === 2 ? 4 : p;
        for (let i = 0; i < 200; i++) {
          const r = fast.gameRecord(fast.play('inv', i)!);
          for (const row of r.roundCounters) {
            expect(row[M.R_COLLECTED]).toBe(row[M.R_BANKED] + row[M.R_LOST]);
            expect(row[M.R_EXITS] + row[M.R_ELIMINATIONS]).toBe(dwarves);
            expect(row[M.R_DRAGON_STEPS]).toBeLessThanOrEqual(7);
            expect(row[M.R_ENDED_BY_DRAGON]).toBe(row[M.R_DRAGON_STEPS] === 7 ? 1 : 0);
            expect(row.length).toBe(k);
          }
          // Nuggets: never more than the awards of the scoring rounds.
          const nuggets = r.counters[M.C_NUGGETS].reduce((a, b) => a + b, 0);
          expect(nuggets).toBeLessThanOrEqual(6 * (config.params.rounds - 1));
          expect(r.counters[M.C_STARTED].reduce((a, b) => a + b, 0)).toBe(1);
          expect(r.outcome.winners.length).toBeGreaterThanOrEqual(1);
          for (const w of r.outcome.winners) expect(r.outcome.ranks[w]).toBe(0);
        }
      }
    }
  });

  it('starts round 2 and 3 with the previous round winner, or the next seat clockwise when nobody won (MG-A14)', () => {
    let checked = 0;
    let noWinner = 0;
    for (let i = 0; i < 300; i++) {
      let round = 0;
      let start = -1;
      playGeneric(DEFAULT_CONFIG, 4, 'start', i, false, (s) => {
        if (s.round !== round) {
          // The transition that ended a round also dealt the next: roundWinner is the ended round's.
          if (round > 0) {
            expect(s.startSeat).toBe(s.roundWinner >= 0 ? s.roundWinner : (start + 1) % 4);
            checked++;
            if (s.roundWinner < 0) noWinner++;
          }
          round = s.round;
          start = s.startSeat;
        }
      });
    }
    expect(checked).toBeGreaterThan(500);
    expect(noWinner).toBeGreaterThan(0);
  });

  it('records faults and plays the rules fallback for bots that throw or answer illegally', () => {
    const bad: BotFactory<MyGoldMineBot> = {
      name: 'bad',
      description: 'answers nonsense',
      create: () => ({
        name: 'bad',
        dig: () => 'yes' as unknown as boolean,
        chooseAction: () => 7,
        swapTarget: () => {
          throw new Error('no');
        },
      }),
    };
    const random = new RandomSource('faults', 1);
    const bots = [bad, ...factories(3).slice(1)].map((f, s) => f.create(s, random.stream(Purpose.bot + s)));
    const game = playGame({ module: myGoldMine, config: DEFAULT_CONFIG, players: 3, bots, random });
    expect(game.faults.length).toBeGreaterThan(0);
    expect(game.faults.every((f) => f.seat === 0)).toBe(true);
    expect(game.faults[0].message).toMatch(/dig returned "yes", expected true or false/);
    // The fallback is the exit card: seat 0 never digs.
    expect(record(game.final as MyGoldMineState).counters[M.C_DIGS][0]).toBe(0);
  });
});

describe('My Gold Mine seat view (information model §6)', () => {
  const config = parseMyGoldMineConfig({}, where);
  const t = tablesOf(config);
  const G = t.digIds.indexOf('simple-gold');
  const U = t.digIds.indexOf('gold-upwards');
  const L = t.digIds.indexOf('lots-of-gold');
  const D = t.digIds.indexOf('dragon');
  const everything = (v: MyGoldMineView) => {
    const out: unknown[] = [
      v.seat,
      v.players,
      v.dwarves,
      v.round,
      v.rounds,
      v.decision,
      v.actor,
      v.startSeat,
      v.drago,
      v.dwarvesInMine,
      v.ladderSize,
      v.topCard,
      v.digDeckSize,
      v.dragonsLeft,
      v.exitDeckSize,
      v.discardSize,
      v.drawnExit,
    ];
    for (let d = 0; d < v.dwarves; d++) out.push(v.position(d), v.inMine(d), v.pile(d), v.canSwapWith(d), v.owner(d));
    for (let k = 0; k < v.digTypes; k++) out.push(v.digRemaining(k), v.digGold(k), v.digMove(k), v.isDragon(k), v.digId(k));
    for (let k = 0; k < v.exitTypes; k++) out.push(v.exitInDeck(k), v.exitAction(k, 0), v.exitAction(k, 1));
    return out;
  };

  it('shows the top card and the counts, never the order of the hidden decks', () => {
    const a = setupScripted(config, 3, 1, 0, [0, 0, 0], { dig: [G, D, U, L, G], exit: [0, 1, 2], reshuffles: [] });
    const b = setupScripted(config, 3, 1, 0, [0, 0, 0], { dig: [G, L, G, U, D], exit: [2, 1, 0], reshuffles: [] });
    for (let s = 0; s < 3; s++) expect(everything(myGoldMine.seatView(a, s))).toEqual(everything(myGoldMine.seatView(b, s)));
    const v = myGoldMine.seatView(a, 0);
    expect(v.topCard).toBe(G);
    expect(v.digDeckSize).toBe(58);
    expect(v.dragonsLeft).toBe(8);
    expect(v.digRemaining(G)).toBe(28);
  });

  it('samples states whose view equals the original view, at every decision of real games', () => {
    const sampler = new RandomSource('sample', 0).stream(1);
    for (const p of [2, 4]) {
      for (let i = 0; i < 10; i++) {
        let checked = 0;
        playGeneric(config, p, 'det', i, false, (s) => {
          if (s.stage === OVER) return;
          const seat = s.owner(s.actor);
          const view = myGoldMine.seatView(s, seat);
          const sample = myGoldMine.sampleState(view, sampler);
          expect(everything(myGoldMine.seatView(sample, seat))).toEqual(everything(view));
          checked++;
        });
        expect(checked).toBeGreaterThan(10);
      }
    }
  });

  it('is a thin object: no own fields, deep-freezing it leaves the engine writable', () => {
    const state = setupScripted(config, 3, 1, 0, [0, 0, 0], { dig: [G, G, G], exit: [], reshuffles: [] });
    const v = myGoldMine.seatView(state, 1);
    expect(Object.keys(v)).toEqual([]);
    expect(JSON.stringify(v)).toBe('{}');
    deepFreeze(v);
    expect(Object.isFrozen(state.pos)).toBe(false);
    myGoldMine.apply(state, [0], new RandomSource('x', 0)); // seat 0 digs: the engine still writes
    expect(v.pile(0)).toBe(1);
    expect(myGoldMine.seatView(state, 1)).toBe(v); // one view per seat per game
  });

  it("hides other seats' collected gold with collectedVisibility = hidden (MG-A20)", () => {
    const hidden = parseMyGoldMineConfig({ rules: { collectedVisibility: 'hidden' } }, where);
    const state = setupScripted(hidden, 3, 1, 0, [0, 0, 0], { dig: [L, G, G], exit: [], reshuffles: [] });
    myGoldMine.apply(state, [0], new RandomSource('x', 0));
    expect(myGoldMine.seatView(state, 0).pile(0)).toBe(2);
    expect(myGoldMine.seatView(state, 1).pile(0)).toBe(-1);
    const open = setupScripted(config, 3, 1, 0, [0, 0, 0], { dig: [L, G, G], exit: [], reshuffles: [] });
    myGoldMine.apply(open, [0], new RandomSource('x', 0));
    expect(myGoldMine.seatView(open, 1).pile(0)).toBe(2);
  });
});

describe('My Gold Mine counterfactual (impact)', () => {
  it('replaces the first card of a kind in the canonical deck by a plain gold card, every other position unchanged', () => {
    const base = tablesOf(DEFAULT_CONFIG);
    for (let kind = 0; kind < 4; kind++) {
      const cf = tablesOf(withKindReplaced(DEFAULT_CONFIG, kind));
      const changed = base.digCanon.map((c, i) => (c === cf.digCanon[i] ? -1 : i)).filter((i) => i >= 0);
      expect(changed.length).toBe(1);
      const extra = cf.digCanon[changed[0]];
      expect(cf.digKinds[extra]).toBe('simple-gold');
      expect(cf.digMove[extra]).toBe(0);
      // simple-gold itself is replaced by a blank: one gold fewer.
      expect(cf.digGold[extra]).toBe(myGoldMineDefinition.chanceCards[kind] === 'simple-gold' ? 0 : 1);
    }
    const noDragon = tablesOf(withKindReplaced(DEFAULT_CONFIG, myGoldMineDefinition.chanceCards.indexOf('dragon')));
    expect(noDragon.digCount[noDragon.digIds.indexOf('dragon')]).toBe(7);
  });

  it('plays the same game as dealt when the replaced card is never reached, and pairs the rest', () => {
    const dragon = myGoldMineDefinition.chanceCards.indexOf('dragon');
    const dealt = fastPlayer(DEFAULT_CONFIG, 4, factories(4))!;
    const cf = fastPlayer(withKindReplaced(DEFAULT_CONFIG, dragon), 4, factories(4))!;
    let same = 0;
    let differ = 0;
    for (let i = 0; i < 300; i++) {
      const a = dealt.gameRecord(dealt.play('cf', i)!);
      const b = cf.gameRecord(cf.play('cf', i)!);
      const dragonsA = a.roundCounters.reduce((n, r) => n + r[M.R_DRAGON_STEPS], 0);
      const dragonsB = b.roundCounters.reduce((n, r) => n + r[M.R_DRAGON_STEPS], 0);
      if (JSON.stringify(a) === JSON.stringify(b)) same++;
      else differ++;
      // One dragon fewer can never add dragon steps... except through a different game path; bounded anyway.
      expect(dragonsB).toBeLessThanOrEqual(7 * 3);
      expect(dragonsA).toBeLessThanOrEqual(7 * 3);
    }
    expect(same).toBeGreaterThan(0);
    expect(differ).toBeGreaterThan(0);
  });
});
