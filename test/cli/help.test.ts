/**
 * The CLI a user expects (issue 32): `-h`, `-v`, `goldpit help [command]`, examples in every
 * command's help with the queue's options last under their own heading, errors that end with that
 * command's help, and shell completion (yargs').
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS, runCli } from '../../src/cli/main.js';
import { EXAMPLES } from '../../src/games/cli-examples.js';
import { VERSION } from '../../src/core/package.js';
import { capture } from '../helpers/io.js';

/** What a command line prints (yargs prints help and completion through console.log) and its exit code. */
async function printed(argv: string[]): Promise<{ code: number; text: string; stderr: string }> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...parts: unknown[]) => void lines.push(parts.map(String).join(' '));
  const io = capture();
  try {
    const code = await runCli(argv, io);
    return { code, text: lines.join('\n') + io.stdout, stderr: io.stderr };
  } finally {
    console.log = log;
  }
}

describe('help and version', () => {
  it('-v, -V and --version print the version', async () => {
    for (const flag of ['-v', '-V', '--version']) {
      const r = await printed([flag]);
      expect(r.code).toBe(0);
      expect(r.text).toBe(`goldpit ${VERSION}\n`);
    }
  });

  it('-h, --help and `help` print the overview with every command', async () => {
    const overview = await printed(['--help']);
    expect(overview.code).toBe(0);
    for (const c of COMMANDS) expect(overview.text).toContain(`goldpit ${c}`);
    expect(overview.text).toContain('goldpit completion');
    expect((await printed(['-h'])).text).toBe(overview.text);
    expect((await printed(['help'])).text).toBe(overview.text);
  });

  it('`help <command>` is `<command> --help`: its options, the queue last, and its examples', async () => {
    const help = await printed(['help', 'sweep']);
    expect(help.code).toBe(0);
    expect(help.text).toBe((await printed(['sweep', '--help'])).text);
    expect(help.text).toBe((await printed(['sweep', '-h'])).text);
    const headings = help.text.split('\n').filter((l) => /^\S.*:$/.test(l));
    expect(headings).toEqual(['Positionals:', 'Options:', 'Job queue (many machines; docs/distributed.md):', 'Examples:']);
    expect(help.text).toContain('goldpit sweep scenarios/baseline.json');
  });

  it('every command has examples, and each example names its command', async () => {
    for (const c of COMMANDS) {
      expect(EXAMPLES[c]?.length, c).toBeGreaterThan(0);
      for (const [line] of EXAMPLES[c]) expect(line.startsWith(`$0 ${c} `), line).toBe(true);
      const help = await printed([c, '--help']);
      expect(help.text, c).toContain('Examples:');
    }
  });

  it('`help <unknown>` is refused like an unknown command, with the nearest one', async () => {
    const r = await printed(['help', 'tournamnet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown command "tournamnet"; did you mean `npx goldpit tournament`?');
  });
});

describe('errors end with the help of their command', () => {
  it('a usage error of a command points at that command’s --help', async () => {
    const r = await printed(['sweep', 'scenarios/baseline.json', '--vary', 'params.fine=0..2', '--games', 'abc']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('goldpit: --games must be a number, got "abc"\nRun `npx goldpit sweep --help` for usage.\n');
  });

  it('without a command, the overview’s', async () => {
    const r = await printed([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/name a command: run, sweep, .*\nRun `npx goldpit --help` for usage\.\n$/);
  });
});

describe('shell completion', () => {
  it('`completion` prints a bash script that asks goldpit for the words', async () => {
    const r = await printed(['completion']);
    expect(r.code).toBe(0);
    expect(r.text).toContain('###-begin-goldpit-completions-###');
    expect(r.text).toContain('--get-yargs-completions');
  });

  it('completes the commands and a command’s options', async () => {
    const commands = await printed(['--get-yargs-completions', 'goldpit', '']);
    for (const c of COMMANDS) expect(commands.text.split('\n')).toContain(c);
    const options = await printed(['--get-yargs-completions', 'goldpit', 'balance', '--']);
    expect(options.text.split('\n')).toEqual(expect.arrayContaining(['--vary', '--target', '--budget', '--queue']));
  });
});
