import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';
import { capture } from '../../helpers/io.js';
import { tempDir } from '../../helpers/temp.js';

const DIR = 'fixtures/gold-knizia';
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();
const read = (f: string) => JSON.parse(readFileSync(join(DIR, f), 'utf8'));

/** Runs `goldpit verify` on one fixture changed by `edit`; returns the exit code and output. */
async function verifyEdited(base: string, edit: (fixture: Record<string, unknown>) => void) {
  const dir = tempDir('goldpit-gold-fx-');
  const fixture = read(base);
  edit(fixture);
  writeFileSync(join(dir, 'edited.json'), JSON.stringify(fixture));
  const io = capture();
  const code = await runCli(['verify', dir], io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('GOLD fixtures through goldpit verify', () => {
  it('passes every shipped hand-computed fixture', async () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    const io = capture();
    expect(await runCli(['verify', DIR], io)).toBe(0);
    expect(io.stdout.trim().split('\n').at(-1)).toBe(`${files.length} passed, 0 failed`);
  });

  it('covers every stalemate option, the rush at 10 cards, 2 and 5 players and both tie-breaks', () => {
    const all = files.map(read);
    const options = new Set(all.map((f) => f.rules?.stalemate ?? 'engine-detect'));
    expect([...options].sort()).toEqual(['end-game', 'engine-detect', 'no-progress-turns']);
    expect(all.some((f) => f.expect.table === 10 && f.expect.rush === false)).toBe(true);
    expect(new Set(all.map((f) => f.players))).toEqual(new Set([2, 3, 4, 5]));
    expect(all.some((f) => f.expect.over && f.expect.winners?.length > 1)).toBe(true);
    expect(all.some((f) => f.expect.over && f.expect.winners?.length === 1 && f.expect.gold && new Set(f.expect.gold).size < f.players)).toBe(true);
  });

  it('fails a wrong expectation, showing expected and actual', async () => {
    const r = await verifyEdited('04-two-players-double-colours.json', (f) => {
      (f.expect as Record<string, unknown>).gold = [11, 4];
    });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL .*gold expected \[11,4\] got \[4,11\]/);
  });

  const malformed: [string, string, (f: Record<string, unknown>) => void, RegExp][] = [
    [
      'a layout that is not the rules’ 64 cards',
      '01-capture-own-digger-equal-value.json',
      (f) => ((f.layout as string[])[0] = 'G4'),
      /field "layout": not the rules' 64 cards \(§1\): G1 4 \(expected 5\), G4 6 \(expected 5\)/,
    ],
    [
      'an unknown card code',
      '01-capture-own-digger-equal-value.json',
      (f) => ((f.layout as string[])[3] = 'D7-2'),
      /field "layout\[3\]": expected a card code/,
    ],
    [
      'a position no longer on the table',
      '06-drive-off-the-higher-stays.json',
      (f) => ((f.turns as number[][])[1] = [24, 51]),
      /field "turns\[1\]\[0\]": position 24 is not on the table \(it left in turn 1\)/,
    ],
    [
      'the same position twice in a turn',
      '08-gold-and-gold.json',
      (f) => ((f.turns as number[][])[0] = [5, 5]),
      /field "turns\[0\]\[1\]": position 5 is the turn's first card/,
    ],
    [
      'a normal turn with one card',
      '08-gold-and-gold.json',
      (f) => ((f.turns as number[][])[0] = [5]),
      /field "turns\[0\]": expected 2 positions for a normal turn \(64 cards on the table\), got 1/,
    ],
    [
      'a rush turn with two cards',
      '13-rush-starts-with-10-cards.json',
      (f) => (f.turns as number[][]).at(-1)!.push(63),
      /field "turns\[27\]": expected 1 position for a gold-rush turn \(10 cards on the table\), got 2/,
    ],
    [
      'a turn after the end',
      '26-turn-limit-unscored.json',
      (f) => (f.turns as number[][]).push([0, 1]),
      /field "turns\[3\]": the game is over after turn 3 \(turn-limit\)/,
    ],
    ['an expect that checks nothing', '01-capture-own-digger-equal-value.json', (f) => (f.expect = {}), /field "expect": checks nothing/],
    [
      'a misspelt expect key',
      '01-capture-own-digger-equal-value.json',
      (f) => (f.expect = { golds: [3, 0, 0] }),
      /field "expect.golds": unknown key \(did you mean "gold"\?\)/,
    ],
    [
      'a misspelt rules option',
      '01-capture-own-digger-equal-value.json',
      (f) => (f.rules = { stalmate: 'end-game' }),
      /field "rules.stalmate": unknown key \(did you mean "stalemate"\?\)/,
    ],
    ['a series', '01-capture-own-digger-equal-value.json', (f) => (f.rules = { series: true }), /field "rules.series": a fixture plays one game/],
    [
      'a start player outside the seats',
      '01-capture-own-digger-equal-value.json',
      (f) => (f.startPlayer = 3),
      /field "startPlayer": expected an integer from 0 to 2, got 3/,
    ],
    [
      'winners outside the seats',
      '25-tie-shared-win.json',
      (f) => ((f.expect as Record<string, unknown>).winners = [0, 2]),
      /field "expect.winners\[1\]": expected an integer from 0 to 1, got 2/,
    ],
  ];
  for (const [what, base, edit, message] of malformed) {
    it(`refuses ${what} with exit 2, naming the file and the field`, async () => {
      const r = await verifyEdited(base, edit);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/edited\.json: /);
      expect(r.err).toMatch(message);
      expect(r.out).toBe('');
    });
  }
});
