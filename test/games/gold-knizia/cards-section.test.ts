/**
 * GOLD's card counts as data (issue 18 item 1): a scenario's `cards` section sets how many of each
 * card the 8 × 8 layout holds; the engine lays out, scores and reports exactly those cards.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../../src/core/definition.js';
import { CARD_TYPES, COMPOSITION, DYNAMITE, diggerCode, goldCode } from '../../../src/games/gold-knizia/cards.js';
import { setup } from '../../../src/games/gold-knizia/engine.js';
import type { GoldConfig } from '../../../src/games/gold-knizia/params.js';
import { fastPlayerOf, playOne } from '../../../src/sim/run.js';
import { parseScenario } from '../../../src/sim/scenario.js';
import { inputErrorOf } from '../../helpers/errors.js';
import { TEST_RANDOM } from './helpers.js';

const parse = (cards: unknown, seats = ['greedy', 'random', 'greedy', 'random']) =>
  parseScenario('/tmp/gold-cards.json', { game: 'gold-knizia', players: seats.length, seats, cards, seed: 'gold-cards' });

// G1 5 → 2, G2 7 → 8, G4 5 → 8, dynamite 5 → 4: 2 + 8 + 7 + 8 = 25 gold cards + 35 diggers + 4
// dynamite = 64. Gold value 2·1 + 8·2 + 7·3 + 8·4 = 71 (printed: 60).
const RICH = { gold: { 1: 2, 2: 8, 4: 8 }, dynamite: 4 };

describe("GOLD's cards section", () => {
  it('lays out exactly the counts the scenario gives', () => {
    const config = parse(RICH).config as GoldConfig;
    const s = setup(config, 4, TEST_RANDOM);
    const counts = new Array<number>(CARD_TYPES).fill(0);
    for (let p = 0; p < 64; p++) counts[s.card[p]]++;
    const expected = [...COMPOSITION];
    expected[goldCode(1)] = 2;
    expected[goldCode(2)] = 8;
    expected[goldCode(4)] = 8;
    expected[DYNAMITE] = 4;
    expect(counts).toEqual(expected);
  });

  it('scores the changed gold: every game’s gold scored + blasted + left over is 71, on both players', () => {
    const sc = parse(RICH);
    expect(sc.definition.maxScore(sc.config)).toBe(71);
    const fast = fastPlayerOf(sc)!;
    for (let i = 0; i < 60; i++) {
      const r: GameRecord = sc.definition.record(playOne(sc, i, { seed: 'rich', engine: 'reference' }).final);
      const total = r.outcome.scores.reduce((a, b) => a + b, 0);
      const blasted = r.counters[7].reduce((a, b) => a + b, 0);
      expect(total + blasted + r.counters[9][0]).toBe(71); // GK-A12 over this layout's gold
      const flat = fast.play('rich', i);
      expect(flat && fast.gameRecord(flat)).toEqual(r);
    }
  });

  it('sets a digger count for all five colours, and hashes a section that changes nothing as no section', () => {
    const config = parse({ diggers: { 5: 2, 2: 1 } }).config as GoldConfig;
    for (let c = 0; c < 5; c++) {
      expect(config.composition![diggerCode(c, 5)]).toBe(2);
      expect(config.composition![diggerCode(c, 2)]).toBe(1);
    }
    expect(parse({ gold: { 1: 5 }, dynamite: 5 }).configHash).toBe(parse(undefined).configHash);
    expect(parse(RICH).configHash).not.toBe(parse(undefined).configHash);
  });

  it('lets `search` (an ismcts alias) sample a changed layout: its samples hold the same counts, no fault', () => {
    const sc = parse(RICH, ['search', 'greedy']);
    for (let i = 0; i < 2; i++) {
      const played = playOne(sc, i, { seed: 'search', engine: 'reference' });
      expect(played.faults).toEqual([]);
    }
  });

  it('names the changed counts for the report', () => {
    const sc = parse(RICH);
    expect(sc.definition.facts(sc.config).changedCards).toEqual(['gold 1: 5 → 2', 'gold 2: 7 → 8', 'gold 4: 5 → 8', 'dynamite: 5 → 4']);
    const d = parse({ diggers: { 5: 2, 2: 1 } });
    expect(d.definition.facts(d.config).changedCards).toEqual(['digger 2 (each colour): 2 → 1', 'digger 5 (each colour): 1 → 2']);
  });

  it.each([
    [{ dynamite: 6 }, 'cards', /counts must add up to 64, got 65 \(gold 24 \+ diggers 5 × 7 \+ dynamite 6\); change another count by -1/],
    [{ golds: { 1: 5 } }, 'cards.golds', /did you mean "gold".*known keys: gold, diggers, dynamite/],
    [{ gold: { 5: 1 } }, 'cards.gold.5', /known keys: 1, 2, 3, 4/],
    [{ diggers: { 1: 1 } }, 'cards.diggers.1', /known keys: 2, 3, 4, 5/],
    [{ gold: { 1: 9 } }, 'cards.gold.1', /9/],
    [{ gold: { 1: 0, 2: 0, 3: 0, 4: 0 }, dynamite: 4, diggers: { 2: 8, 3: 2, 4: 1 } }, 'cards.gold', /at least one gold card/],
  ])('refuses %j, naming the file, the field and what is allowed', (cards, field, problem) => {
    const e = inputErrorOf(() => parse(cards));
    expect(e.file).toBe('/tmp/gold-cards.json');
    expect(e.field).toBe(field);
    expect(e.problem).toMatch(problem);
  });

  it('refuses another game’s section (Goldrausch’s eventCards) with the keys GOLD knows', () => {
    const e = inputErrorOf(() =>
      parseScenario('/tmp/gold-cards.json', { game: 'gold-knizia', players: 2, seats: ['greedy', 'random'], eventCards: { subsidy: { amount: 3 } } }),
    );
    expect(e.field).toBe('eventCards');
    expect(e.problem).toMatch(/unknown key; known keys: .*check, cards/);
  });
});
