import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareFixture, parseFixture, playFixture } from '../../src/games/goldrausch/fixtures.js';

const dir = 'fixtures/goldrausch';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('round fixtures (hand-computed, cross-checked by scripts/reference/goldrausch_round.py)', () => {
  it('covers the worked example under both fine sinks and every event card', () => {
    const events = new Set(files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')).event).filter(Boolean));
    expect(events.size).toBe(25);
    expect(files).toContain('gr-t1-worked-example-bank.json');
    expect(files).toContain('gr-t2-worked-example-continent.json');
  });
  for (const f of files) {
    it(f, () => {
      const fixture = parseFixture(join(dir, f), JSON.parse(readFileSync(join(dir, f), 'utf8')));
      expect(compareFixture(fixture, playFixture(fixture))).toEqual([]);
    });
  }
  it('never writes the locations and cards it is given (events #23–25 replace them)', () => {
    for (const f of files) {
      const fixture = parseFixture(join(dir, f), JSON.parse(readFileSync(join(dir, f), 'utf8')));
      // Frozen copies (typed as the fixture's lists: freezing is what the test is about).
      const locations = Object.freeze([...fixture.locations]) as typeof fixture.locations;
      const cards = Object.freeze([...fixture.cards]) as typeof fixture.cards;
      // A write to a frozen list throws in strict mode (ES modules are strict).
      const result = playFixture({ ...fixture, locations, cards });
      expect(compareFixture(fixture, result), f).toEqual([]);
      expect(locations, f).toEqual(fixture.locations);
      expect(cards, f).toEqual(fixture.cards);
    }
  });
});
