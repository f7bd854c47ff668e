/**
 * Relative links in Markdown files, and whether they resolve inside the repository: the check behind
 * test/docs/links.test.ts. Only what the docs use is parsed: inline links and images
 * (`[text](target)`, `![alt](target)`), ATX headings (`## Title`), fenced code blocks and code spans
 * (links inside code are not links).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

export interface Link {
  readonly line: number;
  readonly target: string;
}

/** Removes code spans from one line, so that `[a](b)` inside backticks is not taken for a link. */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)[^`]*?\1/g, '');
}

/** Lines outside fenced code blocks (``` or ~~~), with their 1-based numbers. */
function proseLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((raw, i) => {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(raw);
    if (fence === null && opening) {
      fence = opening[1][0];
      return;
    }
    if (fence !== null) {
      if (new RegExp(`^\\s{0,3}${fence === '`' ? '`' : '~'}{3,}\\s*$`).test(raw)) fence = null;
      return;
    }
    out.push({ line: i + 1, text: raw });
  });
  return out;
}

/** Every inline link or image target in the file, outside code. */
export function markdownLinks(text: string): Link[] {
  const links: Link[] = [];
  for (const { line, text: raw } of proseLines(text)) {
    // Target: up to the first space (a title may follow) or the closing parenthesis.
    for (const m of withoutCodeSpans(raw).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ line, target: m[1] });
    }
  }
  return links;
}

/**
 * GitHub's anchor for a heading: the text without Markdown markup, lower-cased, everything but
 * letters, digits, spaces, `-` and `_` removed, each space a `-`. A repeated heading gets `-1`, `-2`, ….
 */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: raw } of proseLines(text)) {
    const m = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw);
    if (!m) continue;
    const plain = m[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text stays
      .replace(/[`*]/g, '') // code and emphasis markers go
      .replace(/<[^>]+>/g, '');
    const base = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Links that are not relative: a URL scheme (https:, mailto:, …) or a protocol-relative //host. */
function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/**
 * The problems with one file's relative links, each naming the file, the line, the link and what is
 * wrong: a target outside `root`, a missing file, or an #anchor that no heading of the target makes.
 * `awaited` lists repository paths (relative to root, `/`-separated) that other branches will add:
 * links to them are accepted while the file is missing, and checked like any other once it exists.
 */
export function brokenLinks(root: string, file: string, awaited: readonly string[] = []): string[] {
  const problems: string[] = [];
  const text = readFileSync(file, 'utf8');
  const shown = relative(root, file).split(sep).join('/');
  for (const { line, target } of markdownLinks(text)) {
    if (isExternal(target)) continue;
    const hash = target.indexOf('#');
    const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
    const where = `${shown}:${line}: link ${target}`;
    if (isAbsolute(pathPart)) {
      problems.push(`${where}: an absolute path; use a path relative to ${shown}`);
      continue;
    }
    const resolved = pathPart === '' ? file : resolve(dirname(file), pathPart);
    const inRepo = relative(root, resolved);
    if (inRepo.startsWith('..') || isAbsolute(inRepo)) {
      problems.push(`${where}: points outside the repository (to ${resolved})`);
      continue;
    }
    const repoPath = inRepo.split(sep).join('/');
    if (!existsSync(resolved)) {
      if (!awaited.includes(repoPath)) problems.push(`${where}: ${repoPath} does not exist`);
      continue;
    }
    if (anchor === null || anchor === '') continue;
    if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
      problems.push(`${where}: an #anchor needs a Markdown file, but ${repoPath} is not one`);
      continue;
    }
    if (!headingAnchors(readFileSync(resolved, 'utf8')).has(anchor)) {
      problems.push(`${where}: ${repoPath} has no heading whose anchor is #${anchor}`);
    }
  }
  return problems;
}
