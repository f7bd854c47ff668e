import { describe, expect, it } from 'vitest';
import { Purpose, RandomSource } from '../../../src/core/random.js';
import type { GreenDealBot } from '../../../src/games/green-deal/bot.js';
import { greenDealDefinition } from '../../../src/games/green-deal/definition.js';
import { greenDeal } from '../../../src/games/green-deal/engine.js';
import { DEFAULT_CONFIG } from '../../../src/games/green-deal/params.js';
import { playGame } from '../../../src/sim/play.js';
import { factories } from './helpers.js';

function played(trace: boolean, bots?: GreenDealBot[]) {
  const random = new RandomSource('story', 5);
  return playGame({
    module: greenDeal,
    config: DEFAULT_CONFIG,
    players: 4,
    bots: bots ?? factories(4).map((f, s) => f.create(s, random.stream(Purpose.bot + s))),
    random,
    trace,
  });
}

const NAMES = ['greedy', 'cooperator', 'competitor', 'prudent'];

describe('Green Deal replay story', () => {
  it('tells a traced game decision by decision, the same as the game played: bids and order, purchases, tiles, scorings, the result', () => {
    const game = played(true);
    const text = greenDealDefinition.story(game.final, NAMES);
    expect(text).toMatch(/^Green Deal, 4 players: seat 0 greedy/);
    expect(text).toContain('Components green-deal/placeholder-v1 (a placeholder');
    expect(text.match(/^Round \d+:/gm)).toHaveLength(10);
    expect(text.match(/^ {2}Bids /gm)).toHaveLength(10);
    expect(text).toMatch(/buys sustainability card [a-z]+-\d/);
    expect(text).toMatch(/places its [a-z]+ \d tile on \[\d, \d\]/);
    expect(text).toMatch(/PR scoring: chips/);
    // Each round's line of figures matches the game's own curve.
    const after = [...text.matchAll(/After round (\d+): VP ([-\d/]+)/g)].map((m) => [Number(m[1]), m[2]]);
    expect(after).toHaveLength(10);
    for (const [round, vp] of after) expect(vp).toBe(game.final.curve.slice((Number(round) - 1) * 4, Number(round) * 4).join('/'));
    expect(text).toContain(`with ${game.outcome.scores[game.outcome.winners[0]]} VP`);
    // The same each time.
    expect(greenDealDefinition.story(played(true).final, NAMES)).toBe(text);
  });

  it('tells each fault at the decision where it happened', () => {
    const random = new RandomSource('story', 5);
    const bots = factories(4).map((f, s) => f.create(s, random.stream(Purpose.bot + s)));
    const honest = bots[2];
    bots[2] = {
      ...honest,
      name: 'liar',
      bid: (view) => (view.round === 3 ? -7 : honest.bid(view)),
      invest: (v) => honest.invest(v),
      place: (v) => honest.place(v),
      compete: (v) => honest.compete(v),
      allocate: (v) => honest.allocate(v),
      repay: (v) => honest.repay(v),
    };
    const game = played(true, bots);
    expect(game.faults).toHaveLength(1);
    const text = greenDealDefinition.story(game.final, NAMES, game.faults);
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.includes('FAULT seat 2'));
    expect(lines[at]).toMatch(/FAULT seat 2 \(competitor\) in its bid: illegal: bid returned -7/);
    expect(lines[at - 1]).toMatch(/^ {2}Bids seat 0 \d+, seat 1 \d+, seat 2 0,/);
    expect(
      lines
        .slice(0, at)
        .filter((l) => /^Round \d/.test(l))
        .at(-1),
    ).toMatch(/^Round 3:/);
  });

  it('tells an untraced game (a run keeps no log) round by round from its records', () => {
    const game = played(false);
    expect(game.final.log).toBeNull();
    const text = greenDealDefinition.story(game.final, NAMES);
    expect(text.match(/^Round \d+: bids \d+/gm)).toHaveLength(10);
    expect(text).toMatch(/Result: seat \d/);
  });
});
