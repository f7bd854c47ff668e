import { describe, expect, it } from 'vitest';
import cooperative from '../../bots/goldrausch/cooperative.js';
import random from '../../bots/goldrausch/random.js';
import search, { makeSearch } from '../../bots/goldrausch/search.js';
import { Purpose, RandomSource } from '../../src/core/random.js';
import { AZUL, GREEN, NONE, ROSSO, VERIDIA, type GoldrauschBot, type GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { Stage } from '../../src/games/goldrausch/state.js';
import { historyOf } from '../games/goldrausch/helpers.js';
import { goldrausch } from '../../src/games/goldrausch/engine.js';
import { DEFAULT_CONFIG } from '../../src/games/goldrausch/params.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { playGame } from '../../src/sim/play.js';
import { makeView, stream } from './fixtures.js';

// Small budgets keep the games quick; the properties do not depend on the budget.
const small = makeSearch({ rollouts: 4, margin: 0.05 });

function play(factories: readonly GoldrauschBotFactory[], seed: string, game: number) {
  const rng = new RandomSource(seed, game);
  const bots = factories.map((f, s) => f.create(s, rng.stream(Purpose.bot + s)));
  return playGame({ module: goldrausch, config: DEFAULT_CONFIG, players: factories.length, bots, random: rng });
}

/** The view, frozen (what the driver does for a bot file): the bot must never write it. */
function frozen(view: GoldrauschView): GoldrauschView {
  Object.freeze(view);
  return view;
}

/** Wraps a factory so that every view it is shown is frozen and every decision checked against it. */
function checked(factory: GoldrauschBotFactory, problems: string[]): GoldrauschBotFactory {
  return {
    ...factory,
    create: (seat, rs) => {
      const bot = factory.create(seat, rs);
      const wrapped: GoldrauschBot = {
        chooseContinent: (view: GoldrauschView) => {
          const c = bot.chooseContinent(frozen(view));
          if (view.countryHand(c) <= 0) problems.push(`round ${view.round}: continent ${c} not in hand`);
          return c;
        },
        negotiate: (view: GoldrauschView, out) => bot.negotiate(frozen(view), out),
        commitUpgrade: (view: GoldrauschView) => {
          const card = bot.commitUpgrade(frozen(view));
          if (card !== NONE) {
            if (view.ownCommit !== NONE) problems.push(`round ${view.round}: laid a second card`);
            if (view.upgradeHand(card) <= 0) problems.push(`round ${view.round}: ${card} not in hand`);
          }
          return card;
        },
      };
      return wrapped;
    },
  };
}

describe('search', () => {
  it('is named by its budget and rejects bad options', () => {
    expect(search.name).toBe('search');
    expect(small.name).toBe('search(rollouts=4,horizon=1,margin=0.05)');
    expect(() => makeSearch({ rollouts: 0 })).toThrow(/rollouts/);
    expect(() => makeSearch({ horizon: 1.5 })).toThrow(/horizon/);
    expect(() => makeSearch({ margin: -0.1 })).toThrow(/margin/);
    expect(() => makeSearch({ winWeight: 2 })).toThrow(/winWeight/);
  });

  it('plays whole games with legal decisions only, from frozen seat views, without faults', () => {
    const problems: string[] = [];
    for (let game = 0; game < 3; game++) {
      const played = play([checked(small, problems), checked(small, problems), random, checked(small, problems)], 'search-legal', game);
      expect(played.faults).toEqual([]);
      expect(played.final.stage).toBe(Stage.over);
    }
    expect(problems).toEqual([]);
  });

  it("plays without faults under private channels (GR-A11), where other continents' proposals are hidden", () => {
    // Its rollouts start from determinized states; an agreement visible without its proposal made the
    // engine throw in every decision (~10 faults a game) before views hid other continents' agreements.
    const config = { ...DEFAULT_CONFIG, rules: { ...DEFAULT_CONFIG.rules, negotiationScope: 'continent-private' as const } };
    for (let game = 0; game < 3; game++) {
      const rng = new RandomSource('search-private', game);
      const bots = [small, cooperative, cooperative, small].map((f, s) => f.create(s, rng.stream(Purpose.bot + s)));
      const played = playGame({ module: goldrausch, config, players: 4, bots, random: rng });
      expect(played.faults).toEqual([]);
      expect(played.final.stage).toBe(Stage.over);
    }
  });

  it('is deterministic given the seed: the same game twice gives the same final state', () => {
    const a = play([small, random, small, random], 'search-det', 7);
    const b = play([small, random, small, random], 'search-det', 7);
    expect(historyOf(b.final)).toEqual(historyOf(a.final));
    expect(b.final.gold).toEqual(a.final.gold);
    // …and its stream matters: another game index plays differently.
    const c = play([small, random, small, random], 'search-det', 8);
    expect(historyOf(c.final)).not.toEqual(historyOf(a.final));
  });

  it('decides from a hand-built seat view alone (no engine state behind it)', () => {
    const a = small.create(0, stream(3)).chooseContinent(frozen(makeView({ countryHand: [1, 0, 1] })));
    expect([AZUL, VERIDIA]).toContain(a);
    expect(small.create(0, stream(3)).chooseContinent(makeView({ countryHand: [1, 0, 1] }))).toBe(a);
    // A single card left: it plays it without searching.
    expect(small.create(0, stream(3)).chooseContinent(makeView({ countryHand: [0, 1, 0] }))).toBe(ROSSO);
    // Alone on its continent it lays green (§5.2: a sole upgrader is paid double, never fined).
    expect(small.create(0, stream(3)).commitUpgrade(makeView({ meeting: { locations: [1, 2, 2, 0] } }))).toBe(GREEN);
    // Its card is down: it lays no second one.
    expect(small.create(0, stream(3)).commitUpgrade(makeView({ meeting: { locations: [2, 2, 0, 1], ownCommit: 'red' } }))).toBe(NONE);
  });

  it('beats random on common deals: against three randoms it finishes ahead of where a random seat does', () => {
    // Paired design: on each deal search sits in each seat in turn against three randoms, and the
    // mirror (four randoms) is played on the same deal; search must finish clearly ahead of the random
    // seat it replaces, over the same deals and seats.
    let searchPos = 0;
    let mirrorPos = 0;
    let searchWins = 0;
    const deals = 4;
    for (let deal = 0; deal < deals; deal++) {
      for (let r = 0; r < 4; r++) {
        const lineup = [random, random, random, random] as GoldrauschBotFactory[];
        lineup[r] = small;
        const played = play(lineup, 'search-vs-random', deal);
        searchPos += played.outcome.ranks[r] + 1;
        if (played.outcome.winners.includes(r)) searchWins += 1 / played.outcome.winners.length;
        mirrorPos += play([random, random, random, random], 'search-vs-random', deal).outcome.ranks[r] + 1;
      }
    }
    const games = deals * 4;
    expect(searchPos / games).toBeLessThan(mirrorPos / games - 0.5);
    expect(searchWins / games).toBeGreaterThan(0.5); // a random seat wins about 1/4
  });
});
