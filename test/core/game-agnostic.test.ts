/**
 * The core is game-agnostic: nothing in src/core, src/sim, src/stats, src/report, src/check, src/sweep,
 * src/search, src/sensitivity or src/cli names a game's own concepts or imports a game's folder.
 * Everything a game brings reaches them through its GameDefinition (src/games/registry.ts). Comments may cite a game as an example;
 * code may not.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CORE = ['core', 'sim', 'stats', 'report', 'check', 'cli', 'sweep', 'search', 'sensitivity'].map((d) => join(ROOT, 'src', d));

/** Words of Goldrausch's, GOLD's, My Gold Mine's and Green Deal's rules that must not appear in core code. */
const GAME_WORDS =
  /goldrausch|gold-knizia|my-gold-mine|green-deal|sustainability|dividend|auction|continent|upgrade|collision|agreement|azul|rosso|veridia|(?<!Promise\.)\brace\b|event.?card|wheel|meeting|late player|\bfines\b|dynamite|digger|dragon|nugget/i;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The code without its comments (block and line comments; `//` inside strings is rare enough here). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

describe('the core is game-agnostic', () => {
  const all = CORE.flatMap(files);

  it('finds the files it checks', () => {
    expect(all.length).toBeGreaterThan(40);
  });

  it('names no game concept in code', () => {
    const hits = all.flatMap((file) =>
      withoutComments(readFileSync(file, 'utf8'))
        .split('\n')
        .flatMap((line, i) => (GAME_WORDS.test(line) ? [`${file.slice(ROOT.length + 1)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });

  it('imports no game folder or bot folder (games reach the core through src/games/registry.ts)', () => {
    const hits = all.filter((file) => /from '(\.\.\/)+(games\/(?!registry)|bots\/)/.test(readFileSync(file, 'utf8')));
    expect(hits.map((f) => f.slice(ROOT.length + 1))).toEqual([]);
  });

  it('would catch a game word in code (the check itself works)', () => {
    expect(GAME_WORDS.test(withoutComments("const x = 'continent';"))).toBe(true);
    expect(GAME_WORDS.test(withoutComments('// the continent of a comment'))).toBe(false);
  });
});
