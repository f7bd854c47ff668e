/**
 * The examples of docs/scenarios.md are real files: the scenario (with its deck file at the relative
 * path it names) loads, the deck's cards are read as written, and the round fixture passes `verify`'s
 * check. A change of format that the docs do not follow fails here.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/registry.js';
import type { GoldrauschConfig } from '../../src/games/goldrausch/params.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { tempDir } from '../helpers/temp.js';

const DOC = readFileSync(resolve(import.meta.dirname, '../../docs/scenarios.md'), 'utf8');
/** The ```json blocks of the page, in order: the scenario, the deck file, the round fixture. */
const [scenario, deck, fixture] = [...DOC.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);

describe('the examples of docs/scenarios.md', () => {
  it('a scenario that names a deck file by a path relative to itself loads, with that deck', () => {
    const dir = tempDir('goldpit-doc-examples-');
    const params = scenario.params as { resourceDeck: string };
    mkdirSync(join(dir, 'scenarios'));
    const deckFile = resolve(join(dir, 'scenarios'), params.resourceDeck);
    mkdirSync(resolve(deckFile, '..'), { recursive: true });
    writeFileSync(deckFile, JSON.stringify(deck));
    writeFileSync(join(dir, 'scenarios', 'example.json'), JSON.stringify(scenario));
    const loaded = loadScenario(join(dir, 'scenarios', 'example.json'));
    expect(loaded.name).toBe(scenario.name);
    expect(loaded.seats).toEqual(scenario.seats);
    const config = loaded.config as GoldrauschConfig;
    expect(config.rules.penaltySink).toBe('continent');
    expect(config.params.fine).toBe(3);
    expect(config.params.resourceDeck.deckId).toBe(deck.deck_id);
    expect(config.params.resourceDeck.cards.map((c) => [c.id, [...c.respawn], [...c.extract]])).toEqual([['RC01', [3, 5, 8], [3, 4, 6]]]);
    expect(loaded.check.tolerance.winRate).toBe(0.02);
  });

  it('the round fixture passes, and fails when one expected value is changed', () => {
    const hooks = GAMES.goldrausch.fixtures;
    expect(hooks.check(hooks.parse('docs/scenarios.md', fixture))).toEqual([]);
    const expect_ = fixture.expect as { gold: number[] };
    const wrong = { ...fixture, expect: { ...expect_, gold: [expect_.gold[0] + 1, ...expect_.gold.slice(1)] } };
    expect(hooks.check(hooks.parse('docs/scenarios.md', wrong))).toHaveLength(1);
  });
});
