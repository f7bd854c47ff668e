import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/temp.js';
import { parseMyGoldMineConfig } from '../../../src/games/my-gold-mine/config.js';
import { DEFAULT_RULES, PLACEHOLDER_DIG_DECK, PLACEHOLDER_EXIT_DECK } from '../../../src/games/my-gold-mine/params.js';
import { facts } from '../../../src/games/my-gold-mine/definition.js';
import { inputErrorOf } from '../../helpers/errors.js';

const where = { file: 'scenario.json', dir: '.' };
const dig = (cards: unknown[], total?: number) => ({ deckId: 'test-dig', ...(total === undefined ? {} : { total }), cards });
const exit = (cards: unknown[], total?: number) => ({ deckId: 'test-exit', ...(total === undefined ? {} : { total }), cards });
const goodDig = [
  { kind: 'dragon', count: 8 },
  { kind: 'simple-gold', gold: 1, count: 28 },
  { kind: 'gold-upwards', gold: 1, count: 11 },
  { kind: 'lots-of-gold', gold: 2, count: 11 },
];

const errorOf = inputErrorOf;

describe('My Gold Mine decks as data (MG-A1, MG-A2)', () => {
  it('defaults to the placeholder decks of MG-A1/MG-A2 and reports their ids', () => {
    const config = parseMyGoldMineConfig({}, where);
    expect(config.params.digDeck).toBe(PLACEHOLDER_DIG_DECK);
    expect(PLACEHOLDER_DIG_DECK.total).toBe(58);
    expect(PLACEHOLDER_DIG_DECK.types.map((t) => [t.kind, t.gold, t.move, t.count])).toEqual([
      ['dragon', 0, 0, 8],
      ['simple-gold', 1, 0, 28],
      ['gold-upwards', 1, -1, 11],
      ['lots-of-gold', 2, 1, 11],
    ]);
    expect(PLACEHOLDER_EXIT_DECK.total).toBe(16);
    expect(PLACEHOLDER_EXIT_DECK.types.filter((t) => t.actions.length === 2).reduce((n, t) => n + t.count, 0)).toBe(8);
    expect(facts(config).dataIds).toEqual({ deckId: 'my-gold-mine-placeholder-v1', exitDeckId: 'my-gold-mine-exit-placeholder-v1' });
  });

  it('refuses 58 cards that are 57, naming the file, the field and both numbers', () => {
    const cards = goodDig.map((c) => (c.kind === 'simple-gold' ? { ...c, count: 27 } : c));
    const e = errorOf(() => parseMyGoldMineConfig({ params: { digDeck: dig(cards, 58) } }, where));
    expect(e.file).toBe('scenario.json');
    expect(e.field).toBe('params.digDeck.total');
    expect(e.message).toMatch(/declares 58 cards but its entries' counts add up to 57/);
  });

  it('refuses a negative gold value', () => {
    const cards = goodDig.map((c) => (c.kind === 'lots-of-gold' ? { ...c, gold: -2 } : c));
    const e = errorOf(() => parseMyGoldMineConfig({ params: { digDeck: dig(cards) } }, where));
    expect(e.field).toBe('params.digDeck.cards[3].gold');
    expect(e.message).toMatch(/expected an integer from 0 to 1000, got -2/);
  });

  it('refuses an unknown exit action and an unknown card kind, listing the known ones', () => {
    const e = errorOf(() => parseMyGoldMineConfig({ params: { exitDeck: exit([{ actions: ['one-step', 'teleport'], count: 2 }]) } }, where));
    expect(e.field).toBe('params.exitDeck.cards[0].actions[1]');
    expect(e.message).toMatch(/expected one of "one-step" \| "double-step" \| "all-together" \| "swap" \| "extragold", got "teleport"/);
    const k = errorOf(() => parseMyGoldMineConfig({ params: { digDeck: dig([{ kind: 'silver', gold: 1, count: 3 }]) } }, where));
    expect(k.field).toBe('params.digDeck.cards[0].kind');
  });

  it('checks two-action cards, dragon cards, movement and the counts of dragons', () => {
    expect(errorOf(() => parseMyGoldMineConfig({ params: { exitDeck: exit([{ actions: ['swap', 'swap'], count: 1 }]) } }, where)).field).toBe(
      'params.exitDeck.cards[0].actions',
    );
    expect(errorOf(() => parseMyGoldMineConfig({ params: { exitDeck: exit([{ actions: ['one-step', 'swap', 'extragold'], count: 1 }]) } }, where)).field).toBe(
      'params.exitDeck.cards[0].actions',
    );
    expect(errorOf(() => parseMyGoldMineConfig({ params: { digDeck: dig([{ kind: 'dragon', gold: 2, count: 8 }, goodDig[1]]) } }, where)).field).toBe(
      'params.digDeck.cards[0].gold',
    );
    expect(errorOf(() => parseMyGoldMineConfig({ params: { digDeck: dig([{ kind: 'dragon', count: -1 }, goodDig[1]]) } }, where)).field).toBe(
      'params.digDeck.cards[0].count',
    );
    expect(errorOf(() => parseMyGoldMineConfig({ params: { digDeck: dig([{ kind: 'simple-gold', gold: 1, move: 'up', count: 3 }]) } }, where)).field).toBe(
      'params.digDeck.cards[0].move',
    );
    // Only dragons: no gold card can ever lie on top (§2.3).
    expect(errorOf(() => parseMyGoldMineConfig({ params: { digDeck: dig([{ kind: 'dragon', count: 8 }]) } }, where)).message).toMatch(/at least one gold card/);
    // No card that walks a dwarf out: a round could never end.
    expect(
      errorOf(() =>
        parseMyGoldMineConfig(
          {
            params: {
              exitDeck: exit([
                { actions: ['swap'], count: 4 },
                { actions: ['extragold'], count: 1 },
              ]),
            },
          },
          where,
        ),
      ).message,
    ).toMatch(/one-step, double-step or all-together/);
    // …nor one that can be kept (Extragold leaves the cycle: the exit deck could run dry).
    expect(errorOf(() => parseMyGoldMineConfig({ params: { exitDeck: exit([{ actions: ['one-step', 'extragold'], count: 4 }]) } }, where)).message).toMatch(
      /and no extragold/,
    );
    // Two entries of one kind need their own ids.
    expect(errorOf(() => parseMyGoldMineConfig({ params: { digDeck: dig([goodDig[1], { kind: 'simple-gold', gold: 2, count: 1 }]) } }, where)).field).toBe(
      'params.digDeck.cards[1].id',
    );
  });

  it('accepts a custom deck with a movement override and its own ids', () => {
    const config = parseMyGoldMineConfig(
      { params: { digDeck: dig([...goodDig, { id: 'big-gold', kind: 'lots-of-gold', gold: 3, move: 'stay', count: 2 }], 60) } },
      where,
    );
    const big = config.params.digDeck.types[4];
    expect([big.id, big.gold, big.move]).toEqual(['big-gold', 3, 0]);
  });

  it('reads a deck file relative to the scenario; errors then name the deck file', () => {
    const dir = tempDir('mgm-deck-');
    writeFileSync(join(dir, 'dig.json'), JSON.stringify(dig(goodDig)));
    writeFileSync(
      join(dir, 'bad.json'),
      JSON.stringify(
        dig([
          { kind: 'dragon', count: 8 },
          { kind: 'simple-gold', gold: -1, count: 1 },
        ]),
      ),
    );
    const at = { file: join(dir, 'scenario.json'), dir };
    expect(parseMyGoldMineConfig({ params: { digDeck: 'dig.json' } }, at).params.digDeck.deckId).toBe('test-dig');
    const e = errorOf(() => parseMyGoldMineConfig({ params: { digDeck: 'bad.json' } }, at));
    expect(e.file).toBe(join(dir, 'bad.json'));
    expect(e.field).toBe('cards[1].gold');
    const missing = errorOf(() => parseMyGoldMineConfig({ params: { exitDeck: 'nope.json' } }, at));
    expect(missing.field).toBe('params.exitDeck');
    expect(missing.message).toMatch(/cannot read deck file "nope.json"/);
  });

  it('reads rules options with their defaults and refuses typos with a hint', () => {
    expect(parseMyGoldMineConfig({}, where).rules).toEqual(DEFAULT_RULES);
    const r = parseMyGoldMineConfig(
      { rules: { intoDragon: 'eliminated', dragonCheck: 'before-move', minGoldToScore: 1, thirdPlaceMinPlayers: 4, collectedVisibility: 'hidden' } },
      where,
    ).rules;
    expect(r).toMatchObject({
      intoDragon: 'eliminated',
      dragonCheck: 'before-move',
      minGoldToScore: 1,
      thirdPlaceMinPlayers: 4,
      collectedVisibility: 'hidden',
      swapOwnDwarf: true,
    });
    expect(errorOf(() => parseMyGoldMineConfig({ rules: { intoDragn: 'blocked' } }, where)).message).toMatch(/did you mean "intoDragon"/);
    expect(errorOf(() => parseMyGoldMineConfig({ rules: { dragonCheck: 'after' } }, where)).field).toBe('rules.dragonCheck');
    expect(errorOf(() => parseMyGoldMineConfig({ rules: { minGoldToScore: -1 } }, where)).field).toBe('rules.minGoldToScore');
    expect(errorOf(() => parseMyGoldMineConfig({ params: { digdeck: {} } }, where)).message).toMatch(/did you mean "digDeck"/);
  });
});
