/**
 * The engine's shared and module-level objects (askBot's shared answers, each state's reused answer
 * and outbox, the config tables, the bots' memos) must not leak between callers, games, configs or
 * nested calls.
 */
import { describe, expect, it } from 'vitest';
import { BUILTIN_BOTS } from '../../bots/goldrausch/index.js';
import { Purpose, RandomSource } from '../../src/core/random.js';
import { AZUL, GREEN, MSG_GIFT, NONE, type GoldrauschBot, type GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { goldrausch, type GoldrauschAnswer } from '../../src/games/goldrausch/engine.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, type RulesOptions } from '../../src/games/goldrausch/params.js';
import { Stage, type GoldrauschState } from '../../src/games/goldrausch/state.js';
import { playGame } from '../../src/sim/play.js';
import { historyOf, logOf } from './goldrausch/helpers.js';

const config = { rules: DEFAULT_RULES, params: DEFAULT_PARAMS };

/** A bot that always goes to `continent`, sends nothing and lays `card` (NONE: waits). */
function fixed(continent: number, card: number): GoldrauschBot {
  return { chooseContinent: () => continent, negotiate: () => {}, commitUpgrade: () => card };
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
    const first = ask(fixed(AZUL, NONE), start, random).answer;
    expect(first).toEqual({ kind: 'continent', continent: AZUL, provisional: NONE });
    tamper(first, 'continent', 1);
    expect(ask(fixed(AZUL, NONE), start, random).answer).toEqual({ kind: 'continent', continent: AZUL, provisional: NONE });

    // Everybody on azul: a meeting; a turn without messages and card is a quiet answer.
    const meeting = goldrausch.apply(
      start,
      [0, 1, 2, 3].map(() => ({ kind: 'continent', continent: AZUL, provisional: NONE }) as const),
      random,
    );
    expect(meeting.stage).toBe(Stage.meeting);
    const quiet = ask(fixed(AZUL, NONE), meeting, random).answer;
    expect(quiet).toMatchObject({ kind: 'meeting-turn', messages: [], commit: NONE });
    tamper(quiet, 'commit', GREEN);
    tamper(quiet, 'messages', [{ type: 16 }]);
    expect(ask(fixed(AZUL, NONE), meeting, random).answer).toMatchObject({ kind: 'meeting-turn', messages: [], commit: NONE });
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
  const state = goldrausch.setup(nestedConfig, players, random);
  for (let i = 0; i < 60; i++) {
    const pending = goldrausch.pending(state);
    if (pending.kind === 'terminal') break;
    const answers = pending.requests.map((r) => goldrausch.askBot(bots[r.seat], r, goldrausch.seatView(state, r.seat), state, random).answer);
    goldrausch.apply(state, answers, random);
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
        chooseContinent: (view) => after(inner.chooseContinent(view)),
        negotiate: (view, out) => {
          const own = view.gold(seat); // (null only for other seats' hidden gold)
          if (view.round % 3 === 0 && own !== null && own > 0) out.gift((seat + 1) % view.players, 1);
          inner.negotiate(view, out);
          after(undefined);
        },
        commitUpgrade: (view) => after(inner.commitUpgrade(view)),
        idleWake: inner.idleWake,
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
      const text = JSON.stringify([historyOf(final), final.gold, final.winners.slice(0, final.winnerCount), faults]);
      return { text, gifts: logOf(final).filter((m) => m.type === MSG_GIFT).length };
    };
    let gifts = 0;
    for (let g = 0; g < 4; g++) {
      const plain = play(g, false);
      expect(play(g, true).text, `game ${g}`).toBe(plain.text);
      gifts += plain.gifts;
    }
    expect(counter.calls).toBeGreaterThan(500); // the nesting happened
    expect(gifts).toBeGreaterThan(0); // and gold moved within meetings
  });
});
