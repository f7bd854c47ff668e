/**
 * The documentation is part of the repository: every relative link in README.md and docs/**\/*.md
 * must reach a file of the repository, and every #anchor a heading of its target. (A link out of
 * the repository, such as the rules' old home in ../shared, is an error: a reader of a clone would
 * find nothing there.)
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenLinks, headingAnchors, markdownLinks } from '../helpers/markdown-links.js';
import { tempDir } from '../helpers/temp.js';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Pages written on other branches at the same time as the docs/ split (issue 17): links to them are
 * accepted while they are missing and checked like any other once they exist. Empty this list once
 * they are merged.
 */
const AWAITED: string[] = [];

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

const FILES = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

describe('the link checker', () => {
  it('finds inline links and images, but not links inside code', () => {
    const text = ['[a](x.md) and ![b](img/y.png "title")', '`[not](a-link.md)`', '```', '[nor](this.md)', '```', '[c](<z.md#part>)'].join('\n');
    expect(markdownLinks(text)).toEqual([
      { line: 1, target: 'x.md' },
      { line: 1, target: 'img/y.png' },
      { line: 6, target: 'z.md#part' },
    ]);
  });

  it('makes the anchors GitHub makes, repeated headings numbered', () => {
    const text = [
      '# Title',
      '## 10.1 Data schema',
      '## `--until-decided`',
      '### Idle turns are skipped (2026-11-23)',
      '## Phase 1 — Set policy',
      '## Title',
      '```',
      '## not a heading',
      '```',
    ].join('\n');
    expect([...headingAnchors(text)]).toEqual([
      'title',
      '101-data-schema',
      '--until-decided',
      'idle-turns-are-skipped-2026-11-23',
      'phase-1--set-policy',
      'title-1',
    ]);
  });

  it('reports a missing file, a missing anchor, a link out of the repository and an absolute path; accepts the rest', () => {
    const root = tempDir('goldpit-links-');
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs/a.md'), '# A\n\n## Known part\n');
    writeFileSync(
      join(root, 'README.md'),
      [
        '[ok](docs/a.md) [ok](docs/a.md#known-part) [ok](#readme) [ok](https://example.org/x.md) [ok](docs/)',
        '[missing](docs/b.md)',
        '[no anchor](docs/a.md#unknown-part)',
        '[outside](../shared/rules.md)',
        '[absolute](/etc/passwd)',
        '[awaited](docs/later.md)',
        '# Readme',
      ].join('\n'),
    );
    expect(brokenLinks(root, join(root, 'README.md'), ['docs/later.md'])).toEqual([
      'README.md:2: link docs/b.md: docs/b.md does not exist',
      'README.md:3: link docs/a.md#unknown-part: docs/a.md has no heading whose anchor is #unknown-part',
      `README.md:4: link ../shared/rules.md: points outside the repository (to ${resolve(root, '../shared/rules.md')})`,
      'README.md:5: link /etc/passwd: an absolute path; use a path relative to README.md',
    ]);
  });
});

describe('relative links in README.md and docs/', () => {
  it('covers README.md and the docs folder', () => {
    expect(FILES.map((f) => f.slice(ROOT.length + 1))).toEqual(expect.arrayContaining(['README.md', 'docs/README.md', 'docs/games/goldrausch.md']));
  });

  for (const file of FILES) {
    it(`every relative link in ${file.slice(ROOT.length + 1)} resolves inside the repository`, () => {
      expect(brokenLinks(ROOT, file, AWAITED)).toEqual([]);
    });
  }
});

describe('the docs index (docs/README.md)', () => {
  it('links every page of docs/', () => {
    const index = readFileSync(join(ROOT, 'docs/README.md'), 'utf8');
    const linked = new Set(markdownLinks(index).map((l) => l.target.replace(/#.*$/, '')));
    const pages = markdownFiles(join(ROOT, 'docs'))
      .map((f) => f.slice(join(ROOT, 'docs').length + 1))
      .filter((f) => f !== 'README.md');
    expect(pages.filter((p) => !linked.has(p))).toEqual([]);
  });

  it('lists the shipped scenarios of every game that ships one (docs/scenarios.md)', () => {
    const doc = readFileSync(join(ROOT, 'docs/scenarios.md'), 'utf8');
    const section = doc.slice(doc.indexOf('### Shipped scenarios'), doc.indexOf('\n## ', doc.indexOf('### Shipped scenarios')));
    const games = new Set(
      readdirSync(join(ROOT, 'scenarios'))
        .filter((f) => f.endsWith('.json'))
        .map((f) => (JSON.parse(readFileSync(join(ROOT, 'scenarios', f), 'utf8')) as { game?: string }).game ?? 'goldrausch'),
    );
    expect(games.size).toBeGreaterThan(1);
    for (const game of games) expect(section, game).toContain(`(games/${game}.md)`);
  });
});

/**
 * The one exception: the default deck's `source` text is data that goes into every result and the
 * config hash, so changing it would change every baseline's hash; it is fixed together with the next
 * re-recorded baseline.
 */
const DATA_EXCEPTIONS = ['src/games/goldrausch/decks/synthetic-v1.json'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|mjs|js|py|json|sh)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('rules references in the source', () => {
  it("point into the repository (docs/games/<game>.md), not at the rules' old home outside it", () => {
    const outside = /\.\.\/shared|\/work\/shared|\.\.\/seeds|(?<!docs\/games\/)\brules\/goldrausch\.md/;
    const offenders = ['src', 'bots', 'test', 'scripts']
      .flatMap((d) => sourceFiles(join(ROOT, d)))
      .filter((f) => !DATA_EXCEPTIONS.includes(f.slice(ROOT.length + 1)) && f !== import.meta.filename)
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) => (outside.test(line) ? [`${f.slice(ROOT.length + 1)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
