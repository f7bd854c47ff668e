/**
 * Node module hooks (`module.register`) that let `goldpit tournament --bots ./my-bot.ts` run a
 * TypeScript bot without a build step. Registered by `registerTypeScriptBots()` (bot-files.ts) in the
 * main thread and in every worker before a bot file is imported.
 *
 * - load: a `file:` URL ending in .ts is transpiled to an ES module with the `typescript` package
 *   (`transpileModule`: types are stripped, not checked — `npm run typecheck` or an editor checks
 *   them). The output is cached under node_modules/.cache/goldpit-ts/<sha256 of compiler version
 *   and source>.js, so a worker (or the next run) loads a cached bot without loading the compiler
 *   (~0.3 s saved per thread).
 * - resolve: a .ts file may import `./helper.js` where only helper.ts exists (TypeScript's NodeNext
 *   convention, which this repository follows); the hook then resolves to helper.ts. And `goldpit`
 *   and `goldpit/…` (the package exports of package.json: `goldpit/bots/<game>/<module>`,
 *   `goldpit/src/<path>`) always resolve to the goldpit that runs, from a bot file anywhere — also
 *   one outside any project, or with another goldpit installed beside it — so a bot file's imports of
 *   goldpit's bots and libraries are the very modules that play.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface HookData {
  /** Where transpiled files are cached (null = no cache). */
  readonly cacheDir: string | null;
  /** The `file:` URL of the running goldpit's package.json (null: `goldpit/…` resolves as Node would). */
  readonly goldpitPackage?: string | null;
}

let cacheDir: string | null = null;
let goldpitPackage: string | null = null;

export function initialize(data: HookData | undefined): void {
  cacheDir = data?.cacheDir ?? null;
  goldpitPackage = data?.goldpitPackage ?? null;
}

interface ResolveContext {
  readonly parentURL?: string;
}
type NextResolve = (specifier: string, context: ResolveContext) => Promise<{ url: string; format?: string | null }>;

export async function resolve(specifier: string, context: ResolveContext, nextResolve: NextResolve): Promise<{ url: string; format?: string | null }> {
  // Resolved as from inside the running goldpit: its package exports, by self-reference.
  if (goldpitPackage !== null && (specifier === 'goldpit' || specifier.startsWith('goldpit/')))
    return nextResolve(specifier, { ...context, parentURL: goldpitPackage });
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const relative = specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/') || specifier.startsWith('file:');
    if (relative && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
    throw error;
  }
}

type NextLoad = (url: string, context: unknown) => Promise<{ format?: string | null; source?: unknown; shortCircuit?: boolean }>;

export async function load(url: string, context: unknown, nextLoad: NextLoad): Promise<{ format?: string | null; source?: unknown; shortCircuit?: boolean }> {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const file = fileURLToPath(url);
  const source = readFileSync(file, 'utf8');
  return { format: 'module', source: await transpiled(file, source), shortCircuit: true };
}

// Bump when the compiler options below change, so old cache entries are not reused.
const OPTIONS_VERSION = 1;

async function transpiled(file: string, source: string): Promise<string> {
  const key = createHash('sha256').update(`${OPTIONS_VERSION}\0${typescriptVersion()}\0${source}`).digest('hex');
  const cached = cacheDir === null ? null : join(cacheDir, `${key}.js`);
  if (cached !== null && existsSync(cached)) return readFileSync(cached, 'utf8');
  const ts = (await import('typescript')).default;
  const out = ts.transpileModule(source, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      sourceMap: false,
      inlineSourceMap: true,
      esModuleInterop: true,
    },
  });
  const syntax = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (syntax.length > 0) {
    const d = syntax[0];
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
    throw new SyntaxError(`${file}${where ? `:${where.line + 1}:${where.character + 1}` : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  }
  if (cached !== null) {
    try {
      mkdirSync(cacheDir!, { recursive: true });
      const tmp = `${cached}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
      writeFileSync(tmp, out.outputText);
      renameSync(tmp, cached); // atomic: a concurrent worker reads the old or the whole new file
    } catch {
      // A read-only install: no cache, the bot still runs.
    }
  }
  return out.outputText;
}

let version: string | null = null;

/** The installed compiler's version, read without loading the compiler. */
function typescriptVersion(): string {
  if (version !== null) return version;
  try {
    const pkg = createRequire(import.meta.url).resolve('typescript/package.json');
    version = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  } catch {
    version = 'unknown';
  }
  return version;
}
