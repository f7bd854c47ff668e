/**
 * `goldpit check-bot` beyond faults of play (issue 17, item 12): it type-checks a TypeScript bot
 * file (the project's `npx tsc` does not include one written by `new-bot`), names an async decision
 * method, and catches a bot whose games do not replay from their seeds.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

const ROOT = join(import.meta.dirname, '../..');
const BOTS = join(ROOT, 'test/tournament/bots');

describe('goldpit check-bot', () => {
  it('reports a type error with file, line and column, plays anyway, and exits 1', { timeout: 120_000 }, async () => {
    const dir = tempDir('goldpit-typed-');
    const file = join(dir, 'mistyped.ts');
    // Runs fine (the name is never used) but returns `string | number` where a continent number is required.
    writeFileSync(
      file,
      [
        `import type { GoldrauschBotFactory } from '${join(ROOT, 'src/games/goldrausch/bot.js')}';`,
        'const mistyped: GoldrauschBotFactory = {',
        "  name: 'mistyped',",
        "  description: 'a name where a continent is expected',",
        '  create: (_seat, random) => ({',
        '    // the continent: a number (AZUL 0, ROSSO 1, VERIDIA 2)',
        '    chooseContinent: (view) => {',
        '      const held = [0, 1, 2].filter((c) => view.countryHand(c) > 0);',
        "      const name: string = 'azul';",
        '      return held.length > 0 ? random.pick(held) : name;',
        '    },',
        '    negotiate: () => {},',
        '    commitUpgrade: () => 0,',
        '  }),',
        '};',
        'export default mistyped;',
        '',
      ].join('\n'),
    );
    const io = capture();
    expect(await runCli(['check-bot', file, '--deals', '1'], io)).toBe(1);
    expect(io.stdout).toMatch(/^TYPE ERROR .*mistyped\.ts:7:5: Type '\(view: GoldrauschView\) => string \| number' is not assignable to type/m);
    expect(io.stdout).toContain('no faults');
    expect(io.stdout).toMatch(/^1 type error in the bot file/m);
    // --no-typecheck skips it: the bot itself plays cleanly.
    const skipped = capture();
    expect(await runCli(['check-bot', file, '--deals', '1', '--no-typecheck'], skipped)).toBe(0);
    expect(skipped.stdout).not.toContain('TYPE ERROR');
  });

  it('names an async decision method: "returned a Promise (decisions must be synchronous)"', { timeout: 120_000 }, async () => {
    const io = capture();
    expect(await runCli(['check-bot', join(BOTS, 'async.ts'), '--deals', '1', '--no-typecheck'], io)).toBe(1);
    expect(io.stdout).toMatch(/^FAULT threw: \d+ times; first in game \d+ \(continent\): chooseContinent returned a Promise \(decisions must be synchronous/m);
  });

  it('reports a bot whose decisions differ when replayed (Math.random()) as nondeterministic', { timeout: 120_000 }, async () => {
    const io = capture();
    expect(await runCli(['check-bot', join(BOTS, 'dice.ts'), '--deals', '2', '--no-typecheck'], io)).toBe(1);
    expect(io.stdout).toContain('no faults');
    expect(io.stdout).toMatch(/^NONDETERMINISTIC: game \d+ ended differently when played again from its seed .*Math\.random\(\)/m);
    expect(io.stdout).toMatch(/^ {2}replay: npx goldpit tournament .* --replay \d+/m);
  });

  it('stops at the first hang of a bot that never returns, with the command that replays it', { timeout: 120_000 }, async () => {
    const io = capture();
    // 5 deals × 4 rotations = 20 games, each of which would hang for the whole limit.
    expect(await runCli(['check-bot', join(BOTS, 'hangs.ts'), '--no-typecheck', '--bot-timeout', '0', '--hang-limit', '1000'], io)).toBe(1);
    const hung = io.stdout.split('\n').filter((l) => l.startsWith('FAULT hung'));
    expect(hung).toHaveLength(1);
    expect(hung[0]).toMatch(
      /^FAULT hung: hangs \(.*hangs\.ts\) did not return within the 1000 ms hang limit in game \d+ \(seat \d, bot call \d+\); check-bot stopped at this first hang/,
    );
    expect(io.stdout).toMatch(/\n {2}replay: npx goldpit tournament .* --replay \d+ --bench \d@\d+\n/);
  });

  it('says "it is a folder" for a folder, and which game a bot of another game fits', { timeout: 120_000 }, async () => {
    const folder = capture();
    expect(await runCli(['check-bot', BOTS], folder)).toBe(2);
    expect(folder.stderr).toContain(`${BOTS}: it is a folder, not a file; name the bot file in it (e.g. ${join(BOTS, 'my-bot.ts')})`);
    const dir = tempDir('goldpit-checkbot-');
    const gold = join(dir, 'gold-bot.ts');
    expect(await runCli(['new-bot', 'gold-bot', '--game', 'gold-knizia', '--out', gold], capture())).toBe(0);
    const other = capture();
    expect(await runCli(['check-bot', gold, '--no-typecheck'], other)).toBe(2);
    expect(other.stderr).toContain(`it is a bot for gold-knizia: check it with \`npx goldpit check-bot --game gold-knizia ${gold}\``);
  });

  it('finds a bot that throws replayable and well typed (its faults are the only finding)', { timeout: 120_000 }, async () => {
    const io = capture();
    expect(await runCli(['check-bot', join(BOTS, 'throws.ts'), '--deals', '1'], io)).toBe(1); // faults, but replayable and typed
    expect(io.stdout).not.toContain('TYPE ERROR');
    expect(io.stdout).toContain('deterministic: the first 4 games replayed identically from their seeds');
  });
});
