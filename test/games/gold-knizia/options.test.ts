import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { Purpose, RandomSource } from '../../../src/core/random.js';
import { parseGoldConfig } from '../../../src/games/gold-knizia/config.js';
import { askBot, findWinners, goldKnizia, setup } from '../../../src/games/gold-knizia/engine.js';
import { DEFAULT_PARAMS, DEFAULT_RULES } from '../../../src/games/gold-knizia/params.js';
import { Stage } from '../../../src/games/gold-knizia/state.js';
import { GAMES } from '../../../src/games/registry.js';
import { playGame } from '../../../src/sim/play.js';
import { playOne } from '../../../src/sim/run.js';
import { parseScenario } from '../../../src/sim/scenario.js';
import { GOLD_BOTS } from '../../../bots/gold-knizia/index.js';
import { COUNTERS, COUNTER_INFO, Counter, ENDINGS } from '../../../src/games/gold-knizia/metrics.js';
import { CANON, TEST_RANDOM, config, played, scriptedBot } from './helpers.js';

const where = { file: 'scenario.json' };
const parse = (raw: { rules?: unknown; params?: unknown; players?: number }) => parseGoldConfig(raw, where);
const thrown = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e.message;
    throw e;
  }
  throw new Error('did not throw');
};

describe('GOLD rules options and parameters (every GK-A option with its default)', () => {
  it('defaults to engine-detect, after-first, perfect memory, scores through memory, no series, 400 turns', () => {
    expect(parse({})).toEqual({ rules: DEFAULT_RULES, params: DEFAULT_PARAMS });
    expect(DEFAULT_RULES).toEqual({ stalemate: 'engine-detect', secondChoice: 'after-first', memory: 'perfect', scoreVisibility: 'memory', series: false });
    expect(DEFAULT_PARAMS.maxTurns).toBe(400);
  });
  it('names the file and field, with a did-you-mean hint, for a misspelt or bad option', () => {
    expect(thrown(() => parse({ rules: { secondchoice: 'blind' } }))).toMatch(
      /scenario\.json: field "rules.secondchoice": unknown key \(did you mean "secondChoice"\?\)/,
    );
    expect(thrown(() => parse({ rules: { memory: 'good' } }))).toMatch(/field "rules.memory": expected one of "perfect" \| "lossy", got "good"/);
    expect(thrown(() => parse({ params: { maxTurn: 10 } }))).toMatch(/field "params.maxTurn": unknown key \(did you mean "maxTurns"\?\)/);
    expect(thrown(() => parse({ params: { maxTurns: 0 } }))).toMatch(/field "params.maxTurns": expected an integer from 1 to 10000, got 0/);
  });
  it('reads recall and forget only under lossy memory, as a number or one per seat', () => {
    expect(thrown(() => parse({ params: { recall: 0.5 } }))).toMatch(/field "params.recall": is read only with rules.memory "lossy"/);
    expect(parse({ rules: { memory: 'lossy' }, params: { recall: [1, 0.5, 0], forget: 0.25 }, players: 3 }).params).toEqual({
      maxTurns: 400,
      recall: [1, 0.5, 0],
      forget: 0.25,
    });
    expect(thrown(() => parse({ rules: { memory: 'lossy' }, params: { recall: [1, 0.5] }, players: 3 }))).toMatch(
      /field "params.recall": expected 3 entries \(one per seat, players is 3\), got 2/,
    );
    expect(thrown(() => parse({ rules: { memory: 'lossy' }, params: { forget: [0.1, 1.5] } }))).toMatch(
      /field "params.forget\[1\]": expected a number from 0 to 1, got 1.5/,
    );
  });
  it('checks per-seat lists against a scenario’s players', () => {
    const bad = { game: 'gold-knizia', players: 4, seats: ['random', 'random', 'random', 'random'], rules: { memory: 'lossy' }, params: { recall: [1, 1, 1] } };
    expect(thrown(() => parseScenario('s.json', bad))).toMatch(/s\.json: field "params.recall": expected 4 entries/);
  });
  it('keeps the counter indices in line with the counter names', () => {
    expect(COUNTERS).toEqual(COUNTER_INFO.map((c) => c.name));
    for (const [name, index] of Object.entries(Counter)) expect(COUNTERS[index]).toBe(name);
    expect(GAMES['gold-knizia'].counters).toEqual(COUNTERS);
    expect(GAMES['gold-knizia'].endings).toEqual(ENDINGS);
  });
});

describe('faults (§6 D1–D3): an illegal answer turns the lowest-index legal position', () => {
  it('records illegal and thrown answers and plays the fallback', () => {
    const random = new RandomSource('faults', 0);
    const s = setup(config(), 3, random);
    const seat = s.active;
    const view = s.views[seat];
    const off = askBot(scriptedBot([99]), { seat, kind: 'first-card' }, view, s, random);
    expect(off).toEqual({ answer: 0, fault: { reason: 'illegal', message: 'firstCard returned 99, not a position on the table' } });
    const threw = askBot(
      {
        name: 't',
        firstCard: () => {
          throw new Error('boom');
        },
        secondCard: () => 0,
        rushCard: () => 0,
      },
      { seat, kind: 'first-card' },
      view,
      s,
      random,
    );
    expect(threw).toEqual({ answer: 0, fault: { reason: 'threw', message: 'boom' } });
    goldKnizia.apply(s, [0], random);
    const twice = askBot(scriptedBot([0]), { seat, kind: 'second-card' }, view, s, random);
    expect(twice).toEqual({ answer: 1, fault: { reason: 'illegal', message: 'secondCard returned 0, the turn’s first card again' } });
    expect(askBot(scriptedBot([5]), { seat, kind: 'second-card' }, view, s, random)).toEqual({ answer: 5 });
  });
  it('plays on through playGame, recording each fault', () => {
    const random = new RandomSource('faults', 1);
    const broken = { name: 'broken', firstCard: () => -1, secondCard: () => 0.5, rushCard: () => 64 };
    const bots = [broken, GOLD_BOTS.greedy.create(1, random.stream(Purpose.bot + 1))];
    const game = playGame({ module: goldKnizia, config: config(), players: 2, bots, random });
    expect(game.outcome.endedBy).toBe('table-empty');
    expect(game.faults.length).toBeGreaterThan(20);
    expect(game.faults.every((f) => f.seat === 0 && f.reason === 'illegal')).toBe(true);
  });
});

describe('the turn cap (goldpit’s addition)', () => {
  it('ends a game whose bots never make progress with turn-limit, its gold unscored', () => {
    // G1 + G1 (canonical positions 0 and 1) seven times: nothing ever leaves the table.
    const s = played(
      config({}, { maxTurns: 7 }),
      2,
      Array.from({ length: 7 }, () => [0, 1]),
    );
    expect(s.stage).toBe(Stage.over);
    expect(goldKnizia.outcome(s)).toEqual({ winners: [0, 1], scores: [0, 0], ranks: [0, 0], endedBy: 'turn-limit', length: 7 });
    expect(s.counters[Counter.goldUnscored]).toEqual([60, 60]);
    expect(s.counters[Counter.emptyTurns]).toEqual([4, 3]);
  });
  it('does not end a game one turn before the cap', () => {
    const s = played(
      config({}, { maxTurns: 7 }),
      2,
      Array.from({ length: 6 }, () => [0, 1]),
    );
    expect(s.stage).not.toBe(Stage.over);
  });
});

describe('the recommended series (§3.4, GK-A10)', () => {
  it('plays one game per player with the start player rotating, scores summed', () => {
    const sc = parseScenario('series.json', { game: 'gold-knizia', players: 3, seats: ['greedy', 'random', 'greedy'], rules: { series: true } });
    for (let i = 0; i < 5; i++) {
      const played = playOne(sc, i, { seed: 'series' });
      const s = played.final as ReturnType<typeof setup>;
      expect(s.seriesGame).toBe(2);
      expect([0, 1, 2].map((k) => s.gameStartPlayer[k])).toEqual([0, 1, 2].map((k) => (s.gameStartPlayer[0] + k) % 3));
      // The story's per-game golds add up to the series scores.
      const story = GAMES['gold-knizia'].story(s, sc.seats);
      const golds = [...story.matchAll(/Game over \([^)]*\): gold ([\d/]+)/g)].map((m) => m[1].split('/').map(Number));
      expect(golds.length).toBe(3);
      expect(played.outcome.scores).toEqual([0, 1, 2].map((seat) => golds.reduce((a, g) => a + g[seat], 0)));
      expect(played.outcome.length).toBe(s.turn);
    }
  });
  it('breaks a tie on the total by the last game, then shares (GK-A10)', () => {
    const s = setup(config({ series: true }), 3, TEST_RANDOM);
    s.seriesScore.splice(0, 3, 40, 40, 30);
    s.lastGameScore.splice(0, 3, 10, 12, 20);
    findWinners(s);
    expect(s.winners.slice(0, s.winnerCount)).toEqual([1]);
    s.lastGameScore.splice(0, 3, 12, 12, 20);
    findWinners(s);
    expect(s.winners.slice(0, s.winnerCount)).toEqual([0, 1]);
  });
  it('breaks a single game’s tie by gold cards, then shares (§3.3)', () => {
    const s = setup(config(), 3, TEST_RANDOM);
    s.seriesScore.splice(0, 3, 9, 9, 9);
    s.goldCards.splice(0, 3, 3, 4, 4);
    findWinners(s);
    expect(s.winners.slice(0, s.winnerCount)).toEqual([1, 2]);
    expect(s.stage).not.toBe(Stage.over);
    expect(CANON.length).toBe(64);
  });
});
