/**
 * Output folders and files, checked before any game is played: a run of hours must not die at its
 * first checkpoint because `--out` names a file or a folder it cannot write.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { errnoText, UsageError } from '../core/errors.js';
import { GOLDPIT, shellWord } from '../core/package.js';

/**
 * Creates `dir` if needed, makes sure files can be written into it, and locks it for this command
 * (`lockOutputFolder`); else a UsageError naming it.
 */
export function prepareOutputFolder(dir: string, option = '--out'): void {
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new UsageError(`${option} ${dir} is a file; name a folder (goldpit writes several files into it)`);
  }
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new UsageError(`${option} ${dir}: cannot create the folder: ${errnoText(e)}`);
  }
  probeWrite(dir, `${option} ${dir}`);
  lockOutputFolder(dir, option);
}

/** The lock file of an output folder a goldpit command is writing into. */
export const LOCK_FILE = '.goldpit.lock';

/** Folders this process holds locked (released when the command ends: `releaseOutputFolders`). */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Two commands writing into one folder at once would mix their files and checkpoints: the first
 * takes `DIR/.goldpit.lock` (created exclusively, holding its pid and command), the second is
 * refused, naming the first. A lock whose process has ended (a SIGKILL, a lost machine) is stale
 * and taken over.
 */
export function lockOutputFolder(dir: string, option = '--out'): void {
  if (held.has(dir)) return;
  const file = join(dir, LOCK_FILE);
  const facts = JSON.stringify({ pid: process.pid, command: process.argv.slice(2).join(' '), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, facts, { flag: 'wx' });
      held.add(dir);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new UsageError(`${option} ${dir}: cannot write its lock file: ${errnoText(e)}`);
    }
    let other: { pid?: unknown; command?: unknown; since?: unknown } = {};
    try {
      other = JSON.parse(readFileSync(file, 'utf8')) as typeof other;
    } catch {
      // a torn or foreign lock file: treated as stale below
    }
    const pid = typeof other.pid === 'number' ? other.pid : null;
    if (pid !== null && pid !== process.pid && alive(pid)) {
      throw new UsageError(
        `${option} ${dir} is being written by another goldpit (pid ${pid}${typeof other.command === 'string' && other.command ? `: goldpit ${other.command}` : ''}${typeof other.since === 'string' ? `, since ${other.since}` : ''}); ` +
          'wait for it to end, or write elsewhere with --out DIR',
      );
    }
    if (pid === process.pid) throw new UsageError(`${option} ${dir} is being written by another command of this process; write elsewhere with --out DIR`);
    rmSync(file, { force: true });
  }
  throw new UsageError(`${option} ${dir}: another goldpit took its lock at the same moment; try again, or write elsewhere with --out DIR`);
}

/** Releases the folders this process locked (at the end of each command, and at exit). */
export function releaseOutputFolders(): void {
  for (const dir of held) rmSync(join(dir, LOCK_FILE), { force: true });
  held.clear();
}
process.on('exit', releaseOutputFolders);

/** Makes sure `file` can be written (its folder is created); a folder of that name is an error. */
export function prepareOutputFile(file: string, option: string, example: string): void {
  if (existsSync(file) && statSync(file).isDirectory()) {
    throw new UsageError(`${option} ${file} is a folder; name the file to write (e.g. ${join(file, example)})`);
  }
  const dir = dirname(file);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new UsageError(`${option} ${file}: cannot create its folder ${dir}: ${errnoText(e)}`);
  }
  probeWrite(dir, `${option} ${file}`);
}

/** Writes and removes a small file in `dir`: permissions, a read-only disk and the like show up now. */
function probeWrite(dir: string, what: string): void {
  const probe = join(dir, `.goldpit-write-test-${process.pid}`);
  try {
    writeFileSync(probe, '');
  } catch (e) {
    throw new UsageError(`${what}: cannot write into the folder ${dir}: ${errnoText(e)}`);
  } finally {
    rmSync(probe, { force: true });
  }
}

/** Files that other goldpit runs write into an output folder: shards' results and checkpoints, `impact`'s tables. */
const SHARD_FILE = /^(partial-\d+-of-\d+\.json|games-\d+-of-\d+\.csv|\.checkpoint-\d+-of-\d+\.json)$/;
const IMPACT_FILES = ['impact.json', 'card_impact.csv'];

/**
 * Before a fresh full run writes into `dir`: removes a games.csv this run will not rewrite (it would
 * describe another run), and lists the files of other goldpit runs that stay (shards' partials and
 * checkpoints, an earlier `impact`'s tables), so the user knows they are not part of this run.
 */
export function clearStaleOutputs(dir: string, writesGamesCsv: boolean): { removed: string[]; leftOver: string[] } {
  const removed: string[] = [];
  const leftOver: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name === 'games.csv' && !writesGamesCsv) {
      rmSync(join(dir, name), { force: true });
      removed.push(name);
    } else if (SHARD_FILE.test(name) || IMPACT_FILES.includes(name)) leftOver.push(name);
  }
  return { removed, leftOver };
}

/**
 * After a run (or merge) wrote `written` into `dir`: the files another game's run would have
 * written there (`candidates`: every game's score curve, chance-card and per-step tables) that this
 * run did not write describe another run; they are removed, and the names returned to be said.
 */
export function removeOtherGamesFiles(dir: string, written: readonly string[], candidates: Iterable<string>): string[] {
  const mine = new Set(written.map((f) => f.slice(f.lastIndexOf('/') + 1)));
  const removed: string[] = [];
  for (const name of new Set(candidates)) {
    if (mine.has(name) || !existsSync(join(dir, name))) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(name);
  }
  return removed.sort();
}

/**
 * For a command that keeps a checkpoint in its output folder (sweep, balance): refuses to start
 * over an unfinished run's checkpoint unless `--fresh` (which deletes it) or `--resume` is given, and
 * returns the command line that resumes this run. `argv` is the command line as given.
 */
export function guardCheckpoint(file: string, what: string, argv: readonly string[], flags: { readonly resume: boolean; readonly fresh: boolean }): string {
  if (flags.resume && flags.fresh) throw new UsageError('--resume and --fresh exclude each other: --resume continues the checkpoint, --fresh deletes it');
  const rest = argv.filter((a) => a !== '--resume' && a !== '--fresh');
  const again = [GOLDPIT, ...[...rest, '--resume'].map(shellWord)].join(' ');
  if (!flags.resume && existsSync(file)) {
    if (!flags.fresh) {
      throw new UsageError(
        `${file} holds the checkpoint of an unfinished ${what}; this ${what} would overwrite it.\n` +
          `  continue it:      ${again}\n` +
          `  or start over:    ${[GOLDPIT, ...[...rest, '--fresh'].map(shellWord)].join(' ')}   (deletes the checkpoint)\n` +
          '  or write elsewhere with --out DIR',
      );
    }
    rmSync(file, { force: true });
  }
  return again;
}
