/**
 * `goldpit new-bot NAME [--from BOT] [--game ID]`: writes a bot file — the game's commented starter,
 * or, with `--from`, a copy of a built-in bot's own code under the new name.
 *
 * A built-in is found, for every game alike, from the game's registry of bots (`bots/<game>/index.ts`,
 * the "Adding a game" checklist's item 12): the property that names it there is either the default
 * export of a module (`greedy` ← `./greedy.js`), or a call of a module's maker
 * (`'cautious-0.1': makeCautious({ risk: 0.1 })`), possibly behind a spread of another module's table
 * (`...HEURISTIC_BOTS`). The copy is that module's source with its relative imports written as the
 * documented `goldpit/…` paths and its default export replaced by the built-in under the new name:
 * unchanged, it plays exactly the games the built-in plays.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { AnyGameDefinition } from '../core/definition.js';
import { UsageError } from '../core/errors.js';
import { GOLDPIT, packageRoot, VERSION } from '../core/package.js';
import { DEFAULT_GAME } from '../games/registry.js';
import { MIN_DEALS } from '../report/tournament.js';
import { goldpitModule } from '../sim/bot-source.js';
import { gameNamed } from './tournament.js';

interface CliIo {
  out(text: string): void;
}

export async function commandNewBot(
  io: CliIo,
  name: string,
  args: { out?: string; force: boolean; game?: string; from?: string; json?: boolean; quiet?: boolean },
): Promise<number> {
  const gameId = args.game ?? DEFAULT_GAME;
  const definition = gameNamed(gameId);
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(name)) {
    throw new UsageError(
      `new-bot: the name must start with a letter and hold up to 40 letters, digits, "-" or "_" (it names the bot in tables), got ${JSON.stringify(name)}`,
    );
  }
  const builtins = Object.keys(definition.builtinBots);
  if (builtins.includes(name)) {
    throw new UsageError(
      `new-bot: "${name}" is the name of a built-in ${definition.presentation.title} bot; results keep bots by name, so a bot file needs its own (e.g. my-${name}${args.from === undefined ? `, or \`--from ${name}\` to start from its code` : ''})`,
    );
  }
  // The bots made by the game's own files: the ones a copy can start from (not core's search agents).
  const copyable = builtins.filter((b) => definition.builtinBots[b].searchAgent === undefined);
  if (args.from !== undefined) {
    const family = args.from.includes(':') ? args.from.slice(0, args.from.indexOf(':')) : null;
    const agent = Object.hasOwn(definition.builtinBots, args.from)
      ? definition.builtinBots[args.from].searchAgent
      : family !== null && Object.hasOwn(definition.botFamilies ?? {}, family)
        ? args.from
        : undefined;
    if (agent !== undefined) {
      const what = agent === args.from ? `goldpit's generic search agent` : `a fixed name for goldpit's generic search agent configured as ${agent}`;
      throw new UsageError(
        `new-bot --from ${args.from}: ${args.from} is ${what} (src/search/), made for every game by core, not a ${definition.presentation.title} bot file to copy. ` +
          `Seat it by its name in a scenario's seats or a tournament's --bots (docs/bots-and-tournaments.md, "uniform and ismcts"); ` +
          `to start a bot file from code, --from one of ${copyable.join(', ')}`,
      );
    }
    if (!builtins.includes(args.from))
      throw new UsageError(
        `new-bot: --from must name a built-in ${definition.presentation.title} bot made by its own code (${copyable.join(', ')}), got ${JSON.stringify(args.from)}`,
      );
  }
  const file = resolve(args.out ?? `${name}.ts`);
  if (!file.endsWith('.ts')) throw new UsageError(`new-bot: --out must name a .ts file, got ${args.out}`);
  if (existsSync(file) && !args.force) throw new UsageError(`new-bot: ${file} exists; pick another name or --out, or pass --force to overwrite it`);
  const root = packageRoot();
  if (root === null) throw new Error("new-bot: no package.json above this CLI, so the starter cannot point at goldpit's types");
  const gameFlag = gameId === DEFAULT_GAME ? '' : `--game ${gameId} `;
  const shown = relative(process.cwd(), file) || file;
  const path = shown.startsWith('.') || shown.startsWith('/') ? shown : `./${shown}`;
  let text: string;
  if (args.from === undefined) {
    const types = join(root, 'src', 'games', gameId);
    let from = relative(dirname(file), types).split(sep).join('/');
    if (!from.startsWith('.')) from = `./${from}`;
    text = definition.tournament.starterBot(name, from);
  } else {
    text = await copyOfBuiltin(root, definition, args.from, name, [
      `npx goldpit check-bot ${gameFlag}${path}`,
      `in a scenario's seats, in place of "${args.from}": "${path}" (a path relative to the scenario file)`,
    ]);
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  const opponents = definition.tournament.checkBotOpponents;
  // MIN_DEALS deals per bot give the tournament's intervals; one line-up of heuristic bots plays
  // them (deals × seats games) in seconds.
  const next = [`${GOLDPIT} check-bot ${gameFlag}${path}`, `${GOLDPIT} tournament ${gameFlag}--bots ${path},${opponents.join(',')} --deals ${MIN_DEALS}`];
  if (args.json) {
    io.out(`${JSON.stringify({ file: path, name, game: gameId, from: args.from ?? null, next }, null, 2)}\n`);
    return 0;
  }
  if (args.quiet) return 0;
  io.out(
    `wrote ${path}: ${args.from === undefined ? 'a working bot to edit (read its comments first)' : `${args.from}'s code under the name ${name} (unchanged, it plays exactly the games ${args.from} plays)`}. Next:\n` +
      next.map((line) => `  ${line}\n`).join('') +
      `  or in a scenario's "seats": "${path}" (a bot file's path is relative to the scenario file)\n`,
  );
  return 0;
}

/** Where a built-in bot is made: the module and, for a variant, the expression that makes it there. */
interface BuiltinOrigin {
  readonly module: string;
  /** The expression (in the module's own terms) that makes the bot; null = the module's default export. */
  readonly expression: string | null;
}

type Ts = typeof import('typescript');

/** The source of `bots/<game>/<module>.ts` for a module path as an import names it (`./greedy.js`). */
function moduleFile(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const abs = resolve(dirname(from), spec);
  for (const c of [abs, abs.replace(/\.js$/, '.ts'), `${abs}.ts`]) if (existsSync(c) && c.endsWith('.ts')) return c;
  return null;
}

/** Finds where built-in `bot` is made, starting from the game's bot registry `index`. */
function findOrigin(ts: Ts, index: string, bot: string): BuiltinOrigin | null {
  const seen = new Set<string>();
  const inModule = (file: string, table: string | null): BuiltinOrigin | null => {
    const key = `${file}\0${table}`;
    if (seen.has(key)) return null;
    seen.add(key);
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    // What each imported name is: a module's default export or a named export.
    const imports = new Map<string, { module: string; name: string }>();
    const objects = new Map<string, import('typescript').ObjectLiteralExpression>();
    for (const st of sf.statements) {
      if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier) && st.importClause && !st.importClause.isTypeOnly) {
        const module = moduleFile(file, st.moduleSpecifier.text);
        if (module === null) continue;
        if (st.importClause.name) imports.set(st.importClause.name.text, { module, name: 'default' });
        const bindings = st.importClause.namedBindings;
        if (bindings && ts.isNamedImports(bindings))
          for (const el of bindings.elements) imports.set(el.name.text, { module, name: (el.propertyName ?? el.name).text });
      }
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (ts.isIdentifier(d.name) && d.initializer && ts.isObjectLiteralExpression(d.initializer)) objects.set(d.name.text, d.initializer);
        }
      }
    }
    const fromIdentifier = (id: string): BuiltinOrigin | null => {
      const imp = imports.get(id);
      if (imp === undefined) return null;
      // A module's default export, or a named one (`greedyPr`), which is the bot in that module's terms.
      return { module: imp.module, expression: imp.name === 'default' ? null : imp.name };
    };
    const search = (obj: import('typescript').ObjectLiteralExpression): BuiltinOrigin | null => {
      for (const p of obj.properties) {
        if (ts.isSpreadAssignment(p) && ts.isIdentifier(p.expression)) {
          const local = objects.get(p.expression.text);
          const found = local
            ? search(local)
            : (imports.get(p.expression.text) && inModule(imports.get(p.expression.text)!.module, imports.get(p.expression.text)!.name)) || null;
          if (found) return found;
          continue;
        }
        const key = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : null;
        if (key !== bot) continue;
        if (ts.isShorthandPropertyAssignment(p)) return fromIdentifier(p.name.text);
        if (ts.isPropertyAssignment(p)) {
          const init = p.initializer;
          if (ts.isIdentifier(init)) return fromIdentifier(init.text);
          if (ts.isCallExpression(init) && ts.isIdentifier(init.expression)) {
            const maker = imports.get(init.expression.text);
            // A maker defined in this module: the bot is made here.
            if (maker === undefined) return { module: file, expression: init.getText(sf) };
            if (maker.name === 'default') return null;
            // In the maker's module its own name calls it (an import may have renamed it).
            return { module: maker.module, expression: `${maker.name}${init.getText(sf).slice(init.expression.getText(sf).length)}` };
          }
        }
      }
      return null;
    };
    const tables = table === null ? [...objects.values()] : objects.has(table) ? [objects.get(table)!] : [];
    for (const obj of tables) {
      const found = search(obj);
      if (found) return found;
    }
    return null;
  };
  return inModule(index, null);
}

/**
 * The text of a bot file that is built-in `from`'s module under the name `name`: its relative
 * imports as `goldpit/…`, its default export the built-in renamed. A header says where it came from.
 */
async function copyOfBuiltin(root: string, definition: AnyGameDefinition, from: string, name: string, tryIt: readonly string[]): Promise<string> {
  const game = definition.module.id;
  const index = join(root, 'bots', game, 'index.ts');
  if (!existsSync(index)) throw new UsageError(`new-bot --from needs goldpit's bot sources (${index} is missing): run it in a goldpit checkout`);
  const ts = (await import('typescript')).default;
  const origin = findOrigin(ts, index, from);
  if (origin === null)
    throw new UsageError(`new-bot --from ${from}: the ${definition.presentation.title} bot registry (${index}) does not say where ${from} is made`);
  const original = readFileSync(origin.module, 'utf8');
  const sf = ts.createSourceFile(origin.module, original, ts.ScriptTarget.ES2022, true);
  const edits: { at: number; end: number; to: string }[] = [];
  // Relative imports of goldpit's modules become the documented package paths.
  for (const st of sf.statements) {
    const spec =
      (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier : null;
    if (spec === null || !spec.text.startsWith('.')) continue;
    const target = resolve(dirname(origin.module), spec.text.replace(/\.js$/, '.ts'));
    const own = goldpitModule(root, target);
    if (own !== null) edits.push({ at: spec.getStart(sf) + 1, end: spec.getEnd() - 1, to: own });
  }
  const builtIn = `${identifier(from)}BuiltIn`;
  const exported = sf.statements.find((st): st is import('typescript').ExportAssignment => ts.isExportAssignment(st) && !st.isExportEquals);
  const made = origin.expression ?? (exported ? exported.expression.getText(sf) : null);
  if (made === null) throw new UsageError(`new-bot --from ${from}: ${origin.module} has no default export to start from`);
  const renamed =
    `/** The built-in \`${from}\` (made as goldpit makes it), under this file's own name: change the code above, keep this. */\n` +
    `const ${builtIn} = ${made};\n\n` +
    `export default { ...${builtIn}, name: '${name}', description: \`started from ${from}: \${${builtIn}.description}\` };\n`;
  // The module's own default export goes; the renamed bot is made at the end, after every
  // declaration it may use (a variant's maker, a named factory declared below the old export).
  if (exported) edits.push({ at: exported.getStart(sf), end: exported.getEnd(), to: '' });
  let text = original;
  for (const e of edits.sort((a, b) => b.at - a.at)) text = text.slice(0, e.at) + e.to + text.slice(e.end);
  text = `${text.trimEnd().replace(/\n{3,}/g, '\n\n')}\n\n${renamed}`;
  const rel = relative(root, origin.module).split(sep).join('/');
  const header = [
    `// ${name}: a ${definition.presentation.title} bot file started from goldpit's built-in \`${from}\` (${rel}, goldpit ${VERSION}).`,
    `// Unchanged, it plays exactly the games \`${from}\` plays; edit the code below (its default export, at the`,
    `// end, names the bot). goldpit's own modules are imported as \`goldpit/<path in the repository>\`:`,
    '// docs/bots-and-tournaments.md, "Importing goldpit\'s bots and libraries". Try it:',
    ...tryIt.map((t) => `//   ${t}`),
    '',
  ].join('\n');
  return `${header}${text}`;
}

const identifier = (name: string) => {
  const parts = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const id = parts.map((p, i) => (i === 0 ? p : p.charAt(0).toUpperCase() + p.slice(1))).join('');
  return /^[A-Za-z_]/.test(id) ? id : `bot${id}`;
};
