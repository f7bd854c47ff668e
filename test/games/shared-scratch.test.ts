/**
 * The engine's shared and module-level objects (askBot's shared answers, the `probed` and `sent`
 * scratch, the payout's reused lists, the last-config caches, the bots' published habits) must not
 * leak between callers, games, configs or nested calls.
 */
import { describe, expect, it } from 'vitest';
import { BUILTIN_BOTS } from '../../bots/goldrausch/index.js';
import { Purpose, RandomSource } from '../../src/core/random.js';
import type { GoldrauschBot, GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { goldrausch, type GoldrauschAnswer } from '../../src/games/goldrausch/engine.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, type RulesOptions } from '../../src/games/goldrausch/params.js';
import type { GoldrauschState } from '../../src/games/goldrausch/state.js';
import type { Colour, Continent } from '../../src/games/goldrausch/types.js';
import { playGame } from '../../src/sim/play.js';

const config = { rules: DEFAULT_RULES, params: DEFAULT_PARAMS };

/** A bot that always goes to `continent`, sends nothing and lays `card` (null: waits). */
function fixed(continent: Continent, card: Colour | null): GoldrauschBot {
  return { name: 'fixed', chooseContinent: () => continent, negotiate: () => [], commitUpgrade: () => card };
}

/** Asks `bot` for seat `seat`'s answer to the first pending request of `state`. */
function ask(bot: GoldrauschBot, state: GoldrauschState, random: RandomSource) {
  const pending = goldrausch.pending(state);
  if (pending.kind === 'terminal') throw new Error('game over');
  const request = pending.requests[0];
  return goldrausch.askBot(bot, request, goldrausch.seatView(state, request.seat), state, random);
}

/** Tries to write into an answer a caller was given (a frozen answer throws in strict mode). */
function tamper(answer: GoldrauschAnswer, field: string, value: unknown): void {
  try {
    (answer as unknown as Record<string, unknown>)[field] = value;
  } catch {
    // refused: the answer is read-only
  }
}

describe('askBot answers', () => {
  it('a caller writing into a returned answer changes no later answer', () => {
    const random = new RandomSource('shared-answers', 0);
    const start = goldrausch.setup(config, 4, random);
    const first = ask(fixed('azul', null), start, random).answer;
    expect(first).toEqual({ kind: 'continent', continent: 'azul', provisional: null });
    tamper(first, 'continent', 'rosso');
    expect(ask(fixed('azul', null), start, random).answer).toEqual({ kind: 'continent', continent: 'azul', provisional: null });

    // Everybody on azul: a meeting; a turn without messages and card is a quiet answer.
    const meeting = goldrausch.apply(
      start,
      [0, 1, 2, 3].map(() => ({ kind: 'continent', continent: 'azul', provisional: null }) as const),
      random,
    );
    expect(meeting.stage).toBe('meeting');
    const quiet = ask(fixed('azul', null), meeting, random).answer;
    expect(quiet).toMatchObject({ kind: 'meeting-turn', messages: [], commit: null });
    tamper(quiet, 'commit', 'green');
    tamper(quiet, 'messages', [{ type: 'PASS' }]);
    expect(ask(fixed('azul', null), meeting, random).answer).toMatchObject({ kind: 'meeting-turn', messages: [], commit: null });
  });
});

/** Plays a few transitions of another game, with another config and player count, through askBot and apply (as Search does). */
function nestedGame(k: number): void {
  const rules: RulesOptions[] = [
    { ...DEFAULT_RULES, shortage: 'pro-rata', continentOrder: 'stock', allowPartialAgreements: true, allowGoldGifts: true },
    { ...DEFAULT_RULES, negotiationScope: 'table', goldVisibility: 'hidden', bank: 270 },
  ];
  const nestedConfig = { rules: rules[k % 2], params: DEFAULT_PARAMS };
  const players = 5 + (k % 2);
  const random = new RandomSource('nested', k);
  const names = ['cooperative', 'betrayer', 'greedy', 'reciprocal', 'opportunist', 'silent'];
  const bots = names.slice(0, players).map((b, s) => BUILTIN_BOTS[b].create(s, random.stream(Purpose.bot + s)));
  let state = goldrausch.setup(nestedConfig, players, random);
  for (let i = 0; i < 60; i++) {
    const pending = goldrausch.pending(state);
    if (pending.kind === 'terminal') break;
    const answers = pending.requests.map((r) => goldrausch.askBot(bots[r.seat], r, goldrausch.seatView(state, r.seat), state, random).answer);
    state = goldrausch.apply(state, answers, random);
  }
}

/** `factory`'s bot, which (with `nest`) plays part of another game after each of its decisions, and gives a gold coin now and then. */
function wrapped(factory: GoldrauschBotFactory, nest: boolean, counter: { calls: number }): GoldrauschBotFactory {
  return {
    name: factory.name,
    description: '',
    create(seat, random) {
      const inner = factory.create(seat, random);
      const after = <T>(value: T): T => {
        if (nest) nestedGame(counter.calls++);
        return value;
      };
      const bot: GoldrauschBot = {
        name: inner.name,
        chooseContinent: (view) => after(inner.chooseContinent(view)),
        negotiate: (view) => {
          const messages = inner.negotiate(view);
          const own = view.gold[seat]; // (null only for other seats' hidden gold)
          const gift = view.round % 3 === 0 && own !== null && own > 0 ? [{ type: 'GIFT', to: (seat + 1) % view.players, amount: 1 } as const] : [];
          return after([...gift, ...messages]);
        },
        commitUpgrade: (view) => after(inner.commitUpgrade(view)),
        idleIgnores: inner.idleIgnores,
      };
      if (inner.provisionalUpgrade) bot.provisionalUpgrade = (view) => after(inner.provisionalUpgrade!(view));
      if (inner.idleUntil) bot.idleUntil = (view) => after(inner.idleUntil!(view));
      return bot;
    },
  };
}

describe('nested engine use', () => {
  it('bots that play other games inside their decisions leave the outer game as it is without them', () => {
    const rules: RulesOptions = {
      ...DEFAULT_RULES,
      allowGoldGifts: true,
      commitRevisable: true,
      passedCards: 'keep',
      phase1UpgradeCard: 'default-commitment',
      bank: 270,
    };
    const outer = { rules, params: DEFAULT_PARAMS };
    const names = ['cooperative', 'betrayer', 'reciprocal', 'greedy'];
    const counter = { calls: 0 };
    const play = (g: number, nest: boolean) => {
      const random = new RandomSource('outer', g);
      const bots = names.map((b, s) => wrapped(BUILTIN_BOTS[b], nest, counter).create(s, random.stream(Purpose.bot + s)));
      const { final, faults } = playGame({ module: goldrausch, config: outer, players: 4, bots, random, freeze: g % 2 === 1 });
      return JSON.stringify([final, faults]);
    };
    let gifts = 0;
    for (let g = 0; g < 4; g++) {
      const plain = play(g, false);
      expect(play(g, true), `game ${g}`).toBe(plain);
      gifts += plain.split('"type":"GIFT"').length - 1;
    }
    expect(counter.calls).toBeGreaterThan(500); // the nesting happened
    expect(gifts).toBeGreaterThan(0); // and the GIFT path (`sent`) was used
  });
});
