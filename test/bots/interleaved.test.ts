/**
 * The built-in bots keep memos and scratch at module level, shared by every bot of the process (the
 * habits and fair-upgrader counts of a public history, scratch arrays). A memo must never change a
 * decision: a bot must decide the same whether its game is played alone or call by call interleaved
 * with other games — other line-ups, player counts and rules (hidden gold and private channels give
 * every seat its own history array) — as happens when a bot plays nested games inside its decisions.
 *
 * Each game is first played on its own (the normal run), recording every bot call (view and answer).
 * Then fresh bots with the same random streams are asked the recorded views, the games' calls
 * interleaved one by one, and every answer must equal the recorded one.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Purpose, RandomSource } from '../../src/core/random.js';
import type { GoldrauschBot } from '../../src/games/goldrausch/bot.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { playGame } from '../../src/sim/play.js';
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

function ask(bot: GoldrauschBot, method: Method, view: GoldrauschView): unknown {
  return (bot[method] as (v: GoldrauschView) => unknown).call(bot, view);
}

/** Plays game `index` alone, recording every bot call. */
function record(scenario: Scenario, seed: string, index: number): Recorded {
  const calls: Call[] = [];
  const bots = botsOf(scenario, seed, index).map((bot, seat) => {
    const wrapped: Record<string, unknown> = { name: bot.name, idleIgnores: bot.idleIgnores };
    for (const method of METHODS) {
      if (typeof bot[method] !== 'function') continue;
      wrapped[method] = (view: GoldrauschView) => {
        const answer = ask(bot, method, view);
        calls.push({ seat, method, view, answer });
        return answer;
      };
    }
    return wrapped as unknown as GoldrauschBot;
  });
  playGame({
    module: scenario.definition.module,
    config: scenario.config,
    players: scenario.players,
    bots,
    random: new RandomSource(seed, index),
    timeBudgetMs: null,
  });
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
