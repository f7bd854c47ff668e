/**
 * The built-in bots keep memos and scratch at module level, shared by every bot of the process (the
 * habits and fair-upgrader counts of a public history, scratch arrays). A memo must never change a
 * decision: a bot must decide the same whether its game is played alone or call by call interleaved
 * with other games — other line-ups, player counts and rules (hidden gold and private channels give
 * every seat its own history array) — as happens when a bot plays nested games inside its decisions.
 *
 * Each game is first played on its own, recording every bot call (a copy of the view, and the answer).
 * Then fresh bots with the same random streams are asked the recorded views, the games' calls
 * interleaved one by one, and every answer must equal the recorded one.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Purpose, RandomSource } from '../../src/core/random.js';
import { Outbox, type GoldrauschBot } from '../../src/games/goldrausch/bot.js';
import { goldrausch } from '../../src/games/goldrausch/engine.js';
import type { GoldrauschConfig } from '../../src/games/goldrausch/params.js';
import { clone } from '../../src/games/goldrausch/clone.js';
import type { GoldrauschState } from '../../src/games/goldrausch/state.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { parseScenario, type Scenario } from '../../src/sim/scenario.js';

type Method = 'chooseContinent' | 'provisionalUpgrade' | 'negotiate' | 'commitUpgrade' | 'idleUntil';
const METHODS: readonly Method[] = ['chooseContinent', 'provisionalUpgrade', 'negotiate', 'commitUpgrade', 'idleUntil'];

interface Call {
  readonly seat: number;
  readonly method: Method;
  readonly view: GoldrauschView;
  readonly answer: unknown;
}

interface Recorded {
  readonly scenario: Scenario;
  readonly seed: string;
  readonly index: number;
  readonly calls: readonly Call[];
}

function botsOf(scenario: Scenario, seed: string, index: number): GoldrauschBot[] {
  const random = new RandomSource(seed, index);
  return scenario.bots.map((factory, seat) => factory.create(seat, random.stream(Purpose.bot + seat)) as GoldrauschBot);
}

/** What `bot` answers `method` at `view` (negotiate: the messages it writes, as plain records). */
function ask(bot: GoldrauschBot, method: Method, view: GoldrauschView): unknown {
  if (method === 'negotiate') {
    const out = new Outbox();
    out.open();
    bot.negotiate(view, out);
    out.close();
    return Array.from({ length: out.count }, (_, k) => ({
      ...out.message(k),
      clauseRounds: [...out.message(k).clauseRounds],
      clauseUpgraders: [...out.message(k).clauseUpgraders],
    }));
  }
  return (bot[method] as (v: GoldrauschView) => unknown).call(bot, view);
}

/**
 * Plays game `index` alone on the engine, recording every bot call with a copy of the state it was
 * made in (the engine's views are live: the copy's view shows the game as it was at the call).
 */
function record(scenario: Scenario, seed: string, index: number): Recorded {
  const calls: Call[] = [];
  const module = goldrausch;
  const random = new RandomSource(seed, index);
  const s = module.setup(scenario.config as GoldrauschConfig, scenario.players, random);
  let at: GoldrauschState = s;
  const bots = botsOf(scenario, seed, index).map((bot, seat) => {
    const wrapped: Record<string, unknown> = { idleWake: bot.idleWake };
    for (const method of METHODS) {
      if (typeof bot[method] !== 'function') continue;
      wrapped[method] = (view: GoldrauschView, out?: Outbox) => {
        const answer = method === 'negotiate' ? undefined : ask(bot, method, view);
        if (method === 'negotiate') {
          bot.negotiate(view, out as Outbox);
          const o = out as Outbox;
          calls.push({
            seat,
            method,
            view: at.views[seat],
            answer: Array.from({ length: o.count }, (_, k) => ({
              ...o.message(k),
              clauseRounds: [...o.message(k).clauseRounds],
              clauseUpgraders: [...o.message(k).clauseUpgraders],
            })),
          });
          return undefined;
        }
        calls.push({ seat, method, view: at.views[seat], answer });
        return answer;
      };
    }
    return wrapped as unknown as GoldrauschBot;
  });
  for (;;) {
    const pending = module.pending(s);
    if (pending.kind === 'terminal') break;
    // A copy of the state for the calls of this step, the same game to the bots' memos.
    at = clone(s);
    at.game = s.game;
    const answers = pending.requests.map((r) => module.askBot(bots[r.seat], r, s.views[r.seat], s, random).answer);
    module.apply(s, answers, random);
  }
  return { scenario, seed, index, calls };
}

/** Replays the recorded games on fresh bots, one call of each game in turn; returns the calls answered differently. */
function replayInterleaved(games: readonly Recorded[]): string[] {
  const bots = games.map((g) => botsOf(g.scenario, g.seed, g.index));
  const differ: string[] = [];
  const longest = Math.max(...games.map((g) => g.calls.length));
  for (let k = 0; k < longest; k++) {
    for (let g = 0; g < games.length; g++) {
      const call = games[g].calls[k];
      if (call === undefined) continue;
      const answer = ask(bots[g][call.seat], call.method, call.view);
      if (!isDeepStrictEqual(answer, call.answer)) {
        differ.push(`${games[g].scenario.name} game ${games[g].index} call ${k} (seat ${call.seat} ${call.method})`);
      }
    }
  }
  return differ;
}

const lineups: Scenario[] = [
  parseScenario('baseline', { players: 4, seats: ['greedy', 'cooperative', 'betrayer', 'reciprocal'] }),
  parseScenario('private-hidden', {
    players: 5,
    seats: ['reciprocal', 'greedy', 'opportunist', 'betrayer', 'cooperative'],
    rules: { negotiationScope: 'continent-private', goldVisibility: 'hidden' },
  }),
  parseScenario('six', { players: 6, seats: ['cooperative', 'silent', 'greedy', 'reciprocal', 'betrayer', 'random'] }),
];

describe('bot memos and shared scratch', () => {
  const games: Recorded[] = [];
  for (let i = 0; i < 4; i++) for (const scenario of lineups) games.push(record(scenario, 'interleaved', i));

  it('records games with many decisions of every kind', () => {
    const total = games.reduce((n, g) => n + g.calls.length, 0);
    expect(total).toBeGreaterThan(2000);
    for (const method of ['chooseContinent', 'negotiate', 'commitUpgrade'] as const) {
      expect(games.some((g) => g.calls.some((c) => c.method === method))).toBe(true);
    }
  });

  it('give the same decisions when games of different line-ups and rules are interleaved call by call', () => {
    expect(replayInterleaved(games)).toEqual([]);
  });

  it('give the same decisions when the same game runs twice side by side, or in another order', () => {
    expect(replayInterleaved([games[0], games[0], games[4]])).toEqual([]);
    expect(replayInterleaved([...games].reverse())).toEqual([]);
  });
});
