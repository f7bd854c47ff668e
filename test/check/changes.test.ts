/**
 * What `check` says changed since the baseline: per card, never a whole card list on one line, and
 * never "absent" for the game's own cards.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineEntry } from '../../src/check/baseline.js';
import { describeChanges, jsonDifferences } from '../../src/check/run.js';
import { emptyDeals } from '../../src/sim/deals.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { tempDir } from '../helpers/temp.js';

const cards = (...entries: [string, number][]) => entries.map(([id, amount]) => ({ id, effect: { kind: 'subsidy', amount } }));

describe('jsonDifferences', () => {
  it('compares lists of entries with ids entry by entry: a changed field, an added and a removed entry', () => {
    expect(jsonDifferences({ params: { cards: cards(['a', 1], ['b', 2], ['c', 3]) } }, { params: { cards: cards(['a', 1], ['b', 5], ['d', 4]) } })).toEqual([
      'params.cards[b].effect.amount: 2 → 5',
      'params.cards[c]: removed',
      'params.cards[d]: added ({"id":"d","effect":{"kind":"subsidy","amount":4}})',
    ]);
  });

  it('says "not set" for a value one side leaves to the game, and summarises a long value instead of printing it', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ id: `card-${i}`, effect: { kind: 'subsidy', amount: i } }));
    expect(jsonDifferences({ params: {} }, { params: { cards: many } })).toEqual(['params.cards: (not set: the game’s own) → a list of 25 entries']);
    expect(jsonDifferences({ a: { x: 1 } }, { a: 'y'.repeat(100) })).toEqual([`a: {"x":1} → ${'"'}${'y'.repeat(56)}…`]);
  });
});

describe('describeChanges', () => {
  const base = loadScenario('scenarios/baseline.json');
  const changed = () => {
    const dir = tempDir('goldpit-changes-');
    const file = join(dir, 'baseline.json');
    const data = JSON.parse(readFileSync('scenarios/baseline.json', 'utf8'));
    data.eventCards = { subsidy: { amount: 3 } };
    writeFileSync(file, JSON.stringify(data));
    return loadScenario(file);
  };

  it('names the changed card as the report does, against a baseline of the game’s own cards', () => {
    const entry = baselineEntry(base, base.seed, emptyDeals(2), {});
    const lines = describeChanges(changed(), entry).filter((l) => !l.startsWith('rules code') && !l.startsWith('bot code'));
    expect(lines).toEqual([
      'params.eventCards: (not set: the game’s own) → a list of 25 entries',
      "cards changed from the game's own: now subsidy: amount 2 → 3",
    ]);
    for (const l of lines) expect(l.length).toBeLessThan(200);
  });

  it('says when the baseline does not list its cards (recorded by an older goldpit)', () => {
    const { changedCards: _, ...older } = baselineEntry(base, base.seed, emptyDeals(2), {});
    expect(describeChanges(changed(), older)).toContain(
      "cards changed from the game's own: now subsidy: amount 2 → 3 (the baseline does not list its changed cards: recorded by an older goldpit, assumed none)",
    );
  });

  it('compares two card lists card by card, without repeating them as a list', () => {
    const entry = baselineEntry(changed(), base.seed, emptyDeals(2), {});
    const dir = tempDir('goldpit-changes-');
    const file = join(dir, 'baseline.json');
    const data = JSON.parse(readFileSync('scenarios/baseline.json', 'utf8'));
    data.eventCards = { subsidy: { amount: 4 } };
    writeFileSync(file, JSON.stringify(data));
    expect(describeChanges(loadScenario(file), entry).filter((l) => l.startsWith('params'))).toEqual(['params.eventCards[subsidy].effect.amount: 3 → 4']);
  });
});
