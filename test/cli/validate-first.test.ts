/**
 * Bad input gets a clear error before anything is written: for every command that writes into an
 * output folder and may keep a checkpoint there (run, sweep, balance, sensitivity, impact, tournament), a bad
 * option is exit 2 with the output folder untouched — not created, and a checkpoint already in it
 * (even with --fresh, which would delete it) left as it was.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

const GR = 'scenarios/baseline.json';
const MG = 'scenarios/my-gold-mine-4p.json';

/** Each command with options that are wrong in a way only goldpit (not yargs) can tell, and the words of its error. */
const BAD: readonly { readonly name: string; readonly argv: readonly string[]; readonly says: RegExp }[] = [
  { name: 'run --precision 2', argv: ['run', GR, '--games', '10', '--precision', '2'], says: /--precision must be a half-width/ },
  { name: 'run --batch-size 0', argv: ['run', GR, '--games', '10', '--batch-size', '0'], says: /--batch-size must be a positive integer/ },
  { name: 'run --shard 3/2', argv: ['run', GR, '--games', '10', '--shard', '3/2'], says: /shard/ },
  { name: 'run --checkpoint-every 0', argv: ['run', GR, '--games', '10', '--checkpoint-every', '0'], says: /--checkpoint-every/ },
  { name: 'run --resume --fresh', argv: ['run', GR, '--games', '10', '--resume', '--fresh'], says: /exclude each other/ },
  { name: 'sweep with an unknown path', argv: ['sweep', GR, '--vary', 'params.fnie=0..2', '--games', '10'], says: /params\.fnie|fnie/ },
  {
    name: 'sweep --reference of an unvaried path',
    argv: ['sweep', GR, '--vary', 'params.fine=0..2', '--reference', 'params.x=1', '--games', '10'],
    says: /--reference names params\.x/,
  },
  { name: 'sweep --design lhs:0', argv: ['sweep', GR, '--vary', 'params.fine=0..2', '--design', 'lhs:0', '--games', '10'], says: /lhs/ },
  { name: 'sweep --resume --fresh', argv: ['sweep', GR, '--vary', 'params.fine=0..2', '--games', '10', '--resume', '--fresh'], says: /exclude each other/ },
  // The case: "<" is not a target operator.
  { name: "balance --target 'seatSpread < 0.02'", argv: ['balance', GR, '--vary', 'params.fine=0..3', '--target', 'seatSpread < 0.02'], says: /target/ },
  {
    name: 'balance --objective of an unknown metric',
    argv: ['balance', GR, '--vary', 'params.fine=0..3', '--target', 'seatSpread <= 0.02', '--objective', 'nope'],
    says: /nope/,
  },
  { name: 'balance with a bad value', argv: ['balance', GR, '--vary', 'params.fine=-3..-1', '--target', 'seatSpread <= 0.02'], says: /params\.fine/ },
  {
    name: 'balance --resume --fresh',
    argv: ['balance', GR, '--vary', 'params.fine=0..3', '--target', 'seatSpread <= 0.02', '--resume', '--fresh'],
    says: /exclude each other/,
  },
  { name: 'sensitivity without knobs', argv: ['sensitivity', GR], says: /no knobs/ },
  { name: 'sensitivity with a bad value', argv: ['sensitivity', GR, '--vary', 'params.fine=-3..-1'], says: /params\.fine/ },
  { name: 'sensitivity --budget too small', argv: ['sensitivity', GR, '--all-params', '--budget', '1000'], says: /Morris needs at least 4/ },
  { name: 'sensitivity --negligible of an unknown metric', argv: ['sensitivity', GR, '--vary', 'params.fine=0..3', '--negligible', 'nope=1'], says: /nope/ },
  { name: 'sensitivity --resume --fresh', argv: ['sensitivity', GR, '--vary', 'params.fine=0..3', '--resume', '--fresh'], says: /exclude each other/ },
  { name: 'impact --card nope', argv: ['impact', GR, '--card', 'nope', '--games', '10'], says: /--card must be/ },
  {
    name: 'impact --batch-size 0',
    argv: ['impact', GR, '--card', 'all', '--games', '10', '--batch-size', '0'],
    says: /--batch-size must be a positive integer/,
  },
  { name: 'tournament --deals 0', argv: ['tournament', '--game', 'my-gold-mine', '--deals', '0'], says: /--deals must be a positive integer/ },
  { name: 'tournament --deals-per-task 0', argv: ['tournament', '--game', 'my-gold-mine', '--deals', '1', '--deals-per-task', '0'], says: /--deals-per-task/ },
  { name: 'tournament --bots with an unknown bot', argv: ['tournament', '--game', 'my-gold-mine', '--bots', 'greedy,nobody,cautious'], says: /nobody/ },
  {
    name: 'tournament --checkpoint-every 0',
    argv: ['tournament', '--game', 'my-gold-mine', '--deals', '1', '--checkpoint-every', '0'],
    says: /--checkpoint-every/,
  },
  { name: 'tournament --resume --fresh', argv: ['tournament', '--game', 'my-gold-mine', '--deals', '1', '--resume', '--fresh'], says: /exclude each other/ },
  { name: 'tournament --queue ftp://x', argv: ['tournament', '--game', 'my-gold-mine', '--deals', '1', '--queue', 'ftp://x'], says: /--queue/ },
];

describe('a command with a bad option writes nothing', () => {
  for (const bad of BAD) {
    it(`${bad.name}: exit 2, the output folder is not created`, async () => {
      const out = join(tempDir('goldpit-validate-'), 'out');
      const io = capture();
      expect(await runCli([...bad.argv, '--out', out, '--quiet'], io)).toBe(2);
      expect(io.stderr).toMatch(bad.says);
      expect(existsSync(out)).toBe(false);
    });
  }

  it("balance: a mistyped --target, then --fresh with another mistyped one, leave the folder's checkpoint as it was, and the corrected run is not locked out", async () => {
    const out = tempDir('goldpit-validate-balance-');
    const argv = ['balance', MG, '--vary', 'params.rounds=2..3', '--budget', '40', '--first-stage', '10', '--workers', '0', '--out', out, '--quiet'];
    expect(await runCli([...argv, '--target', 'seatSpread < 0.5'], capture())).toBe(2);
    expect(readdirSync(out)).toEqual([]);
    // A checkpoint of an earlier search is there: a bad --target with --fresh must not delete it.
    const checkpoint = join(out, '.balance-checkpoint.json');
    writeFileSync(checkpoint, '{"kept":"as it was"}');
    expect(await runCli([...argv, '--target', 'seatSpread =< 0.5', '--fresh'], capture())).toBe(2);
    expect(readFileSync(checkpoint, 'utf8')).toBe('{"kept":"as it was"}');
    // The corrected command with --fresh starts over and finishes; no checkpoint is left.
    const code = await runCli([...argv, '--target', 'seatSpread <= 0.5', '--fresh'], capture());
    expect([0, 3]).toContain(code);
    expect(existsSync(checkpoint)).toBe(false);
    expect(existsSync(join(out, 'balance.json'))).toBe(true);
  });

  it('sensitivity: --fresh with a bad path keeps the checkpoint that is there', async () => {
    const out = tempDir('goldpit-validate-sensitivity-');
    mkdirSync(out, { recursive: true });
    const checkpoint = join(out, '.sensitivity-checkpoint.json');
    writeFileSync(checkpoint, '{}');
    expect(await runCli(['sensitivity', MG, '--vary', 'params.roudns=2..3', '--games', '10', '--fresh', '--out', out, '--quiet'], capture())).toBe(2);
    expect(readFileSync(checkpoint, 'utf8')).toBe('{}');
  });

  it('sweep: --fresh with a bad path keeps the checkpoint that is there', async () => {
    const out = tempDir('goldpit-validate-sweep-');
    mkdirSync(out, { recursive: true });
    const checkpoint = join(out, '.sweep-checkpoint.json');
    writeFileSync(checkpoint, '{}');
    expect(await runCli(['sweep', MG, '--vary', 'params.roudns=2..3', '--games', '10', '--fresh', '--out', out, '--quiet'], capture())).toBe(2);
    expect(readFileSync(checkpoint, 'utf8')).toBe('{}');
  });
});
