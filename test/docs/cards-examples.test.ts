/**
 * The "Cards as data" examples of docs/scenarios.md are real scenarios: each loads, and its cards are
 * changed as the page says. A change of the sections' format that the docs do not follow fails here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventCardsOf } from '../../src/games/goldrausch/cards.js';
import type { GoldrauschConfig } from '../../src/games/goldrausch/params.js';
import type { GoldConfig } from '../../src/games/gold-knizia/params.js';
import type { MyGoldMineConfig } from '../../src/games/my-gold-mine/params.js';
import type { GreenDealConfig } from '../../src/games/green-deal/params.js';
import { parseScenario } from '../../src/sim/scenario.js';

const DOC = readFileSync(resolve(import.meta.dirname, '../../docs/scenarios.md'), 'utf8');
const SECTION = DOC.slice(DOC.indexOf('## Cards as data'));
const [goldrausch, gold, mine, greenDeal] = [...SECTION.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);

describe('the cards-as-data examples of docs/scenarios.md', () => {
  it("Goldrausch's eventCards: subsidy 3, two copies of a new shower, a new extraction card", () => {
    const config = parseScenario('docs/scenarios.md', goldrausch).config as GoldrauschConfig;
    const cards = eventCardsOf(config.params);
    expect(cards.find((c) => c.id === 'subsidy')!.effect).toEqual({ kind: 'subsidy', amount: 3 });
    expect(cards.slice(25).map((c) => [c.id, c.english, c.effect, c.afterUse])).toEqual([
      ['windfall-azul', 'Azul Windfall', { kind: 'shower', continent: 'azul', factor: 2 }, 'discard'],
      ['drought', 'drought', { kind: 'extraction', divideBy: 3, minus: 1 }, 'beside-clock-this-round'],
    ]);
    expect(config.params.eventDeck['windfall-azul']).toBe(2);
    expect(config.params.eventDeck.drought).toBe(1);
  });

  it("GOLD's cards: the counts fill 64 positions, worth 71 gold", () => {
    const sc = parseScenario('docs/scenarios.md', gold);
    expect((sc.config as GoldConfig).composition!.reduce((a, b) => a + b, 0)).toBe(64);
    expect(sc.definition.maxScore(sc.config)).toBe(71);
  });

  it("My Gold Mine's digCards and exitCards", () => {
    const config = parseScenario('docs/scenarios.md', mine).config as MyGoldMineConfig;
    expect(config.params.digDeck.types.find((t) => t.id === 'big-nugget')).toEqual({ id: 'big-nugget', kind: 'lots-of-gold', gold: 4, move: 1, count: 2 });
    expect(config.params.exitDeck.types.find((t) => t.id === 'leap')).toEqual({ id: 'leap', actions: ['double-step', 'swap'], count: 1 });
  });

  it("Green Deal's components: the PR price, one dividend row, a changed and a new action card", () => {
    const config = parseScenario('docs/scenarios.md', greenDeal).config as GreenDealConfig;
    const c = config.params.components;
    expect(c.prPrice).toBe(4);
    expect(c.dividends[1]).toEqual({ fromIncome: 5, pay: 2, vp: 4 });
    expect(c.actionCards.find((a) => a.id === 'subsidy')?.cost).toBe(2);
    expect(c.actionCards.find((a) => a.id === 'audit')).toEqual({
      id: 'audit',
      cost: 1,
      timing: 'immediate',
      effects: [{ kind: 'vp', amount: 2, category: -1 }],
      count: 1,
    });
    expect(c.id).toBe('green-deal/placeholder-v1');
    expect(config.changedCards).toHaveLength(4);
  });
});
