/**
 * A bot file as data (`BotSource`): its text and the text of every file it imports by a relative
 * path (its helpers), so that the very code that was hashed can travel to a pool thread or a queue
 * worker and play there without that machine reading the bot writer's files.
 *
 * - Made once, in the thread that reads the scenario (`readBotSource`): the entry file, then each
 *   file reached by a relative import (`./helper.js` may name helper.ts, as the TypeScript hooks
 *   allow), found with the TypeScript compiler's import scanner. Imports of goldpit's own modules
 *   by a relative path (`../../bots/gold-knizia/lib.js` from a bot inside a checkout) are written
 *   as the documented `goldpit/bots/gold-knizia/lib` instead, so they name the goldpit that plays,
 *   wherever that is; `goldpit/…` and other package imports are left as they are.
 * - Played from a copy (`materialize`): the files are written once under a folder named by the
 *   source's hash (node_modules/.cache/goldpit-bots/<hash>/, else the system's temporary folder),
 *   with a package.json that keeps the entry's module type (ES module or CommonJS `.js`), and
 *   imported from there — in every thread, the main one included, so what plays is what was hashed.
 *   `goldpit/…` imports resolve to the running goldpit (sim/ts-hooks.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageRoot } from '../core/package.js';

/** One file of a bot's source, by its path within the source (POSIX separators). */
export interface BotSourceFile {
  readonly path: string;
  /** The file as it plays (imports of goldpit's own modules written as `goldpit/…`). */
  readonly text: string;
  /** sha256 of the file's bytes as they are on disk (what results name). */
  readonly sha256: string;
}

export interface BotSource {
  /** The entry file's absolute path where the source was read (for messages; never read again). */
  readonly origin: string;
  /** How `.js` files of the bot are read: as ES modules or CommonJS (the `type` of the package.json above the entry). */
  readonly moduleType: 'module' | 'commonjs';
  /** The entry file first, then its helpers in the order they were found. */
  readonly files: readonly BotSourceFile[];
  /** sha256 of every file's path and text: names the source (cache folder, scenario hash). */
  readonly hash: string;
}

/** A quote followed by a local path (`./`, `../`, `/`, `file:`): a file without one imports no local file. */
const LOCAL_IMPORT = /['"`](\.{1,2}\/|\/|file:)/;

/** Script extensions a bot file and its helpers may have. */
export const SCRIPT = /\.(ts|mts|js|mjs|cjs)$/;

/** The files of goldpit itself that a bot imports by package path rather than by copy. */
const GOLDPIT_TREES = ['src', 'bots', 'dist/src', 'dist/bots'];

/**
 * Reads the bot file `file` (absolute) and its relative imports. Throws an Error naming the file
 * when it cannot be read; an import that names no file is left alone (importing it fails later, with
 * Node's message, when the bot is loaded — or never, when it was an import of types only).
 */
export async function readBotSource(file: string): Promise<BotSource> {
  // Loading the compiler costs ~0.5 s: only for files that may import a local path at all.
  let ts: typeof import('typescript') | null = null;
  const scanner = async () => (ts ??= (await import('typescript')).default);
  const root = packageRoot();
  const found: { abs: string; text: string; sha256: string }[] = [];
  const seen = new Set<string>();
  const queue = [file];
  seen.add(file);
  while (queue.length > 0) {
    const abs = queue.shift()!;
    const bytes = readFileSync(abs);
    let text = bytes.toString('utf8');
    // Rewrites are applied back to front so earlier positions stay valid.
    const edits: { at: number; length: number; to: string }[] = [];
    const refs = LOCAL_IMPORT.test(text) ? (await scanner()).preProcessFile(text, true, true).importedFiles : [];
    for (const ref of refs) {
      const spec = ref.fileName;
      // `pos` is the opening quote; check that the text there is the specifier before touching it.
      if (text.slice(ref.pos + 1, ref.pos + 1 + spec.length) !== spec) continue;
      const target = localTarget(abs, spec);
      if (target === null) continue;
      const own = root === null ? null : goldpitModule(root, target);
      if (own !== null) edits.push({ at: ref.pos + 1, length: spec.length, to: own });
      else if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
    for (const e of edits.sort((a, b) => b.at - a.at)) text = text.slice(0, e.at) + e.to + text.slice(e.at + e.length);
    found.push({ abs, text, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  const base = commonFolder(found.map((f) => dirname(f.abs)));
  const files = found.map((f) => ({ path: relative(base, f.abs).split(sep).join('/'), text: f.text, sha256: f.sha256 }));
  const moduleType = packageType(dirname(file));
  return { origin: file, moduleType, files, hash: sourceHash(moduleType, files) };
}

/** The hash of a source's files (and module type): what `BotSource.hash` must be. */
export function sourceHash(moduleType: string, files: readonly Pick<BotSourceFile, 'path' | 'text'>[]): string {
  const h = createHash('sha256').update(`${moduleType}\0`);
  for (const f of files) h.update(`${f.path}\0${f.text}\0`);
  return h.digest('hex');
}

/** The file a relative (or absolute, or file:) import specifier names, if one exists; null for package imports. */
function localTarget(from: string, spec: string): string | null {
  let path: string;
  if (spec.startsWith('./') || spec.startsWith('../')) path = resolve(dirname(from), spec);
  else if (spec.startsWith('file:')) {
    try {
      path = fileURLToPath(spec);
    } catch {
      return null;
    }
  } else if (isAbsolute(spec)) path = spec;
  else return null;
  const candidates = [path];
  // The TypeScript hooks' convention: `./x.js` may name x.ts (`.mjs` → `.mts`).
  if (path.endsWith('.js')) candidates.push(`${path.slice(0, -3)}.ts`);
  if (path.endsWith('.mjs')) candidates.push(`${path.slice(0, -4)}.mts`);
  for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

/** `goldpit/<tree path without extension>` for a module of goldpit's own src/ or bots/ (built or not), else null. */
export function goldpitModule(root: string, file: string): string | null {
  const rel = relative(root, file).split(sep).join('/');
  if (rel.startsWith('..') || isAbsolute(rel)) return null;
  for (const tree of GOLDPIT_TREES) {
    if (rel.startsWith(`${tree}/`) && SCRIPT.test(rel)) {
      const inTree = tree.startsWith('dist/') ? rel.slice('dist/'.length) : rel;
      return `goldpit/${inTree.replace(SCRIPT, '')}`;
    }
  }
  return null;
}

function commonFolder(dirs: readonly string[]): string {
  let base = dirs[0];
  for (const d of dirs) {
    while (relative(base, d).startsWith('..') || isAbsolute(relative(base, d))) base = dirname(base);
  }
  return base;
}

/** The `type` of the nearest package.json above `dir` (Node's rule for `.js` files): module or commonjs. */
function packageType(dir: string): 'module' | 'commonjs' {
  for (let d = dir; ; d = dirname(d)) {
    const pkg = join(d, 'package.json');
    if (existsSync(pkg)) {
      try {
        return (JSON.parse(readFileSync(pkg, 'utf8')) as { type?: unknown }).type === 'module' ? 'module' : 'commonjs';
      } catch {
        return 'commonjs';
      }
    }
    if (dirname(d) === d || d.endsWith(`${sep}node_modules`)) return 'commonjs';
  }
}

/** Where sources are written to be imported: goldpit's node_modules/.cache when it has one, else the temporary folder. */
function cacheFolder(): string {
  const root = packageRoot();
  if (root !== null && existsSync(join(root, 'node_modules'))) return join(root, 'node_modules', '.cache', 'goldpit-bots');
  return join(tmpdir(), 'goldpit-bots');
}

/**
 * Writes the source's files (once per hash, atomically: a folder is renamed into place whole) and
 * returns the folder and the `file:` URL of its entry. Checks the hash first, so a source that was
 * changed on its way is never written under another's name.
 */
export function materialize(source: BotSource): { folder: string; entry: string } {
  if (sourceHash(source.moduleType, source.files) !== source.hash) throw new Error(`bot source ${source.origin}: its files do not hash to ${source.hash}`);
  const folder = join(cacheFolder(), source.hash.slice(0, 32));
  const entry = pathToFileURL(join(folder, source.files[0].path)).href;
  if (existsSync(join(folder, 'package.json'))) return { folder, entry };
  const tmp = `${folder}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    for (const f of source.files) {
      const path = join(tmp, ...f.path.split('/'));
      if (relative(tmp, path).startsWith('..')) throw new Error(`bot source ${source.origin}: file path ${JSON.stringify(f.path)} leaves its folder`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, f.text);
    }
    // Written last: its presence says the folder is complete.
    writeFileSync(join(tmp, 'package.json'), `${JSON.stringify({ type: source.moduleType })}\n`);
    mkdirSync(dirname(folder), { recursive: true });
    renameSync(tmp, folder);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    // Another thread put the same folder in place first: the same files, use them.
    if (!existsSync(join(folder, 'package.json'))) throw e;
  }
  return { folder, entry };
}

/** A message about the copy in `folder` with its paths written as the bot writer's (the source's own folder). */
export function originalPaths(message: string, source: BotSource, folder: string): string {
  const own = resolve(dirname(source.origin), relative(dirname(source.files[0].path), '.'));
  return message.split(pathToFileURL(folder).href).join(pathToFileURL(own).href).split(folder).join(own);
}
