import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';
import { compareFixture, parseFixture, playFixture } from '../../../src/games/green-deal/fixtures.js';
import { inputErrorOf } from '../../helpers/errors.js';
import { capture } from '../../helpers/io.js';
import { tempDir } from '../../helpers/temp.js';
import { imageDrift } from './helpers.js';

const dir = 'fixtures/green-deal';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const load = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>;

describe('Green Deal rules fixtures (hand-computed)', () => {
  it("are at least 25 and hold the sheet's examples and the issue's cases", () => {
    expect(files.length).toBeGreaterThanOrEqual(25);
    const names = files.map((f) => String(load(f).name)).join('\n');
    for (const needed of [
      /loan 14, repayment 16, only 13 paid → −6 VP/,
      /tiles 2 and 3 → 2 income steps each/,
      /two tied firsts share \(8 \+ 4\) \/ 2 = 6/,
      /tie goes to the seat with less cash/,
      /less income goes first/,
      /the coin decides/,
      /every seat pays its own bid/,
      /Supply limit, 3 players/,
      /Supply limit, 4 players/,
      /Supply limit, 5 players/,
      /west edge/,
      /east edge/,
      /north edge/,
      /south edge/,
      /at a corner/,
      /north-west corner/,
      /north-east corner/,
      /south-west corner/,
      /income floor/,
      /at the cap/,
      /own tile: the steps count once/,
      /first tile goes on a free start position/,
      /a category never advanced scores 0/,
      /valuation ties/,
    ])
      expect(names).toMatch(needed);
    const all = files.map(load);
    for (const p of [3, 4, 5]) expect(all.some((f) => f.players === p)).toBe(true);
    expect(all.some((f) => Array.isArray(f.decisions) && (f.decisions as { refused?: boolean }[]).some((d) => d.refused))).toBe(true);
  });

  for (const f of files) {
    it(f, () => {
      const fixture = parseFixture(join(dir, f), load(f));
      const played = playFixture(fixture);
      expect(compareFixture(fixture, played)).toEqual([]);
      expect(imageDrift(played.state)).toEqual([]);
    });
  }

  it('reports each wrong expectation as "field expected X got Y"', () => {
    const data = load('02-sheet-cooperation-2-and-3.json');
    const wrong = { ...data, expect: { ...(data.expect as object), income: [6, 5, 2], order: [0, 1, 2] } };
    const fixture = parseFixture('wrong.json', wrong);
    expect(compareFixture(fixture, playFixture(fixture))).toEqual(['order expected [0, 1, 2] got [2, 1, 0]', 'income expected [6, 5, 2] got [6, 6, 2]']);
  });

  it('reports decisions that do not fit the game: an illegal one, a refused one that is legal, one never asked, one missing', () => {
    const data = load('02-sheet-cooperation-2-and-3.json');
    const decisions = data.decisions as Record<string, unknown>[];
    const run = (d: unknown[]) => {
      const fixture = parseFixture('script.json', { ...data, decisions: d });
      return compareFixture(fixture, playFixture(fixture)).filter((x) => x.startsWith('decisions'));
    };
    expect(run(decisions.map((d) => (d.place ? { seat: 0, place: [8, 8 - 1] } : d)))).toEqual([
      'decisions[6]: place [8,7] of seat 0 is not legal now (round 2)',
    ]);
    expect(run(decisions.map((d) => (d.place ? { ...d, refused: true } : d)))).toEqual([
      'decisions[6]: place [4,3] of seat 0 expected to be refused, but it is legal',
    ]);
    expect(run([...decisions, { seat: 2, invest: 'done' }])).toEqual(['decisions[7]: invest "done" of seat 2 was never asked for']);
    expect(run(decisions.slice(0, 6))).toEqual(['decisions: seat 0 is asked for its place (round 2), and the fixture has no decision left for it']);
    expect(run(decisions.map((d, i) => (i === 4 ? { seat: 0, bid: 1 } : d)))).toEqual([
      'decisions[4]: seat 0 is asked for its invest (round 2), the fixture gives bid 1',
    ]);
  });

  it('refuses malformed fixtures naming the file and the field', () => {
    const data = load('02-sheet-cooperation-2-and-3.json');
    const field = (f: () => unknown) => inputErrorOf(f).field;
    expect(field(() => parseFixture('m.json', { ...data, note: undefined }))).toBe('note');
    expect(field(() => parseFixture('m.json', { ...data, players: 6 }))).toBe('players');
    expect(field(() => parseFixture('m.json', { ...data, seats: [{}, {}] }))).toBe('seats');
    expect(field(() => parseFixture('m.json', { ...data, seats: [{ cash: -1 }, {}, {}] }))).toBe('seats[0].cash');
    expect(field(() => parseFixture('m.json', { ...data, piles: { environment: ['jobs-1'] } }))).toBe('piles.environment[0]');
    expect(field(() => parseFixture('m.json', { ...data, piles: { environment: ['environment-1', 'environment-1', 'environment-1'] } }))).toBe(
      'piles.environment[2]',
    );
    expect(field(() => parseFixture('m.json', { ...data, tiles: [{ at: [10, 0], seat: 0, category: 'jobs', size: 1 }] }))).toBe('tiles[0].at[0]');
    expect(field(() => parseFixture('m.json', { ...data, decisions: [{ seat: 0, invest: 'fly' }] }))).toBe('decisions[0].invest');
    expect(field(() => parseFixture('m.json', { ...data, decisions: [{ seat: 0, bid: 1, invest: 'done' }] }))).toBe('decisions[0]');
    expect(field(() => parseFixture('m.json', { ...data, expect: { scores: [1, 2, 3] } }))).toBe('expect.scores');
    expect(field(() => parseFixture('m.json', { ...data, expect: {} }))).toBe('expect');
    expect(field(() => parseFixture('m.json', { ...data, rules: { loanPick: 'random' } }))).toBe('rules.loanPick');
    expect(field(() => parseFixture('m.json', { ...data, components: { pr: { price: -2 } } }))).toBe('components.pr.price');
  });

  it('goldpit verify runs them (exit 0), and exits 2 on a malformed one naming file and field', async () => {
    const ok = capture();
    expect(await runCli(['verify', dir], ok)).toBe(0);
    expect(ok.stdout).toMatch(new RegExp(`${files.length} passed, 0 failed`));
    const tmp = tempDir('gd-fix-');
    writeFileSync(join(tmp, 'bad.json'), JSON.stringify({ ...load('01-sheet-loan-14-repay-13.json'), round: 11 }));
    const bad = capture();
    expect(await runCli(['verify', tmp], bad)).toBe(2);
    expect(bad.stderr).toMatch(/MALFORMED .*bad\.json: field "round": expected an integer from 1 to 10, got 11/);
  });
});
