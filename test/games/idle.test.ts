/**
 * The idle hook (`GoldrauschBot.idleUntil`) is for speed only: the engine skips the turns a bot has
 * promised to stay idle in, and a game must come out exactly as if the bot had been asked every turn.
 */
import { describe, expect, it } from 'vitest';
import { HEURISTIC_BOTS } from '../../bots/goldrausch/index.js';
import { Purpose, RandomSource } from '../../src/core/random.js';
import { AZUL, MSG_ALL, MSG_PROPOSE, NONE, RED, ROSSO, type GoldrauschBot } from '../../src/games/goldrausch/bot.js';
import { goldrausch } from '../../src/games/goldrausch/engine.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, type GameParams, type GoldrauschConfig, type RulesOptions } from '../../src/games/goldrausch/params.js';
import type { GoldrauschState } from '../../src/games/goldrausch/state.js';
import { playGame } from '../../src/sim/play.js';
import { historyOf } from './goldrausch/helpers.js';

const NAMES = Object.keys(HEURISTIC_BOTS);

/** `bot` behind a wrapper that counts its `negotiate` calls; `hook` false hides its idle hook. */
function wrapped(bot: GoldrauschBot, hook: boolean, count: { calls: number }): GoldrauschBot {
  const out: GoldrauschBot = {
    idleWake: hook ? bot.idleWake : undefined,
    chooseContinent: (view) => bot.chooseContinent(view),
    negotiate: (view, outbox) => {
      count.calls++;
      bot.negotiate(view, outbox);
    },
    commitUpgrade: (view) => bot.commitUpgrade(view),
  };
  if (bot.provisionalUpgrade) out.provisionalUpgrade = (view) => bot.provisionalUpgrade!(view);
  if (hook && bot.idleUntil) out.idleUntil = (view) => bot.idleUntil!(view);
  return out;
}

/** One game of a random line-up of the heuristic bots; `hook` false hides every bot's idle hook. */
function playOnce(config: GoldrauschConfig, game: number, hook: boolean) {
  const pick = new RandomSource('idle-lineup', game);
  const players = 4 + (game % 3);
  const random = new RandomSource('idle-test', game);
  const count = { calls: 0 };
  const bots = Array.from({ length: players }, (_, s) =>
    wrapped(HEURISTIC_BOTS[NAMES[pick.int(Purpose.setup, s, NAMES.length)]].create(s, random.stream(Purpose.bot + s)), hook, count),
  );
  const played = playGame({ module: goldrausch, config, players, bots, random, freeze: game % 4 === 0 });
  const final = played.final as GoldrauschState;
  return {
    calls: count.calls,
    story: JSON.stringify({ history: historyOf(final), gold: final.gold, winners: final.winners, outcome: played.outcome, faults: played.faults }),
  };
}

const VARIANTS: [string, Partial<RulesOptions>, Partial<GameParams>][] = [
  ['default rules', {}, {}],
  ['revisable cards (GR-A10)', { commitRevisable: true }, {}],
  ['private negotiation (GR-A11)', { negotiationScope: 'continent-private' }, {}],
  ['table-wide negotiation, partial agreements', { negotiationScope: 'table', allowPartialAgreements: true }, {}],
  ['passed cards kept (GR-A32), hidden gold (GR-A36)', { passedCards: 'keep', goldVisibility: 'hidden' }, {}],
  ['phase-1 card as default commitment (GR-A9)', { phase1UpgradeCard: 'default-commitment' }, {}],
  ['5 ticks, late commitments, 2 messages a tick', {}, { negotiationTicks: 5, pLate: 0.3, messagesPerTick: 2 }],
  ['6 ticks', {}, { negotiationTicks: 6 }],
];

describe('the idle hook', () => {
  for (const [label, rules, params] of VARIANTS) {
    it(`changes no game, and saves bot calls — ${label}`, () => {
      const config: GoldrauschConfig = { rules: { ...DEFAULT_RULES, ...rules }, params: { ...DEFAULT_PARAMS, ...params } };
      let asked = 0;
      let askedWithout = 0;
      for (let game = 0; game < 40; game++) {
        const hooked = playOnce(config, game, true);
        const plain = playOnce(config, game, false);
        expect(hooked.story).toBe(plain.story);
        asked += hooked.calls;
        askedWithout += plain.calls;
      }
      expect(asked).toBeLessThan(askedWithout);
    });
  }
});

/** A bot on a fixed continent that says nothing and lays red at tick `at`; logs the ticks it is asked in. */
function waiter(continent: number, at: number, idleUntil: number | null, log: number[], idleWake?: number): GoldrauschBot {
  const bot: GoldrauschBot = {
    idleWake,
    chooseContinent: () => continent,
    negotiate: (view) => {
      log.push(view.tick);
    },
    commitUpgrade: (view) => (view.tick >= at ? RED : NONE),
  };
  if (idleUntil !== null) bot.idleUntil = (view) => (view.tick < idleUntil ? idleUntil : 0);
  return bot;
}

/** A bot on a fixed continent that proposes itself at tick `proposeAt` and lays red at tick `at`. */
function talker(continent: number, proposeAt: number, at: number): GoldrauschBot {
  return {
    chooseContinent: () => continent,
    negotiate: (view, out) => {
      if (view.tick === proposeAt) out.propose(view.seat);
    },
    commitUpgrade: (view) => (view.tick >= at ? RED : NONE),
  };
}

function oneRound(bots: GoldrauschBot[]) {
  const config: GoldrauschConfig = { rules: DEFAULT_RULES, params: { ...DEFAULT_PARAMS, rounds: 1 } };
  return playGame({ module: goldrausch, config, players: bots.length, bots, random: new RandomSource('idle-wake', 0) });
}

describe('idle seats', () => {
  it('are asked again at the promised tick, and not in between while nobody talks', () => {
    const idleLog: number[] = [];
    const plainLog: number[] = [];
    oneRound([waiter(AZUL, 8, 6, idleLog), waiter(AZUL, 8, null, []), waiter(ROSSO, 1, null, []), waiter(ROSSO, 1, null, [])]);
    oneRound([waiter(AZUL, 8, null, plainLog), waiter(AZUL, 8, null, []), waiter(ROSSO, 1, null, []), waiter(ROSSO, 1, null, [])]);
    expect(plainLog).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(idleLog).toEqual([1, 6, 7, 8]);
  });

  it('wake at a message about their continent, not at one about another continent', () => {
    const log: number[] = [];
    // Seat 0 waits on azul; seat 1 proposes on azul at tick 3; seat 2 proposes on rosso at tick 2.
    oneRound([waiter(AZUL, 8, 6, log), talker(AZUL, 3, 8), talker(ROSSO, 2, 4), talker(ROSSO, 9, 4)]);
    expect(log[0]).toBe(1);
    expect(log).not.toContain(2); // the rosso proposal does not wake it
    const woken = log.filter((t) => t === 3 || t === 4);
    expect(woken).toHaveLength(1); // its first turn after the azul proposal (tick 3 or 4, by seat order)
    expect(log).not.toContain(5); // then idle again until tick 6
    expect(log.slice(-3)).toEqual([6, 7, 8]);
  });

  it('sleep through the message types their bot ignores', () => {
    const log: number[] = [];
    oneRound([waiter(AZUL, 8, 6, log, MSG_ALL & ~MSG_PROPOSE), talker(AZUL, 3, 8), talker(ROSSO, 2, 4), talker(ROSSO, 9, 4)]);
    expect(log).toEqual([1, 6, 7, 8]);
  });
});
