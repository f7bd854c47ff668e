/**
 * Where goldpit itself lives: the package root (the checkout or install this code runs from) and the
 * package version. One place for what the CLI, the reports and the check's baselines need, whether the
 * code runs from src/ (vitest, TypeScript hooks) or from dist/src/ (the built CLI).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null | undefined;

/** The nearest folder above this module that holds a package.json (null when there is none). */
export function packageRoot(): string | null {
  if (root !== undefined) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return (root = dir);
    const up = dirname(dir);
    if (up === dir) return (root = null);
    dir = up;
  }
}

/** goldpit's version from its package.json ('unknown' when it cannot be read). */
export const VERSION: string = (() => {
  const dir = packageRoot();
  if (dir === null) return 'unknown';
  try {
    const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
})();

/**
 * How commands that goldpit prints for the user to paste (resume, replay, merge) start. After
 * `npm ci` in a checkout, `goldpit` is not on the PATH, but `npx goldpit` runs this package's bin
 * from anywhere inside it (and an installed one elsewhere).
 */
export const GOLDPIT = 'npx goldpit';

/** A command-line argument quoted for a POSIX shell when it needs it (spaces, quotes, `$`…). */
export function shellWord(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
