/**
 * The bots of a tournament: built-in names and bot files (`.ts` or `.js`), loaded and checked.
 *
 * A bot file's default export is a factory `{ name, description, create(seat, random) }` whose
 * bots have the game's decision methods (`GameDefinition.botMethods`). Anything else is an
 * InputError that names the file and says what is missing, before a single game is played.
 */
import { existsSync, statSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { builtinBot, builtinBotNames, isBuiltinBot } from '../core/bots.js';
import type { AnyGameDefinition, BotFactory } from '../core/definition.js';
import { InputError, UsageError } from '../core/errors.js';
import { GOLDPIT } from '../core/package.js';
import { RandomSource } from '../core/random.js';
import { show } from '../core/validate.js';
import { materialize, originalPaths, type BotSource } from './bot-source.js';
import { promiseChecked } from './watch.js';

/** One bot of a tournament as data (what workers receive): a built-in name, or a file and its bot's name. */
export interface EntrantRef {
  readonly name: string;
  /** Absolute path of the bot file; null for a built-in bot. */
  readonly file: string | null;
}

const BOT_FILE = /\.(ts|mts|js|mjs)$/;

/** Whether a `--bots` item names a file (it has a path separator or a script extension) rather than a built-in. */
export function isBotFile(item: string): boolean {
  return item.includes('/') || item.includes('\\') || BOT_FILE.test(item);
}

let registered = false;

/** Registers the TypeScript hooks (ts-hooks.ts) in this thread, once. */
export function registerTypeScriptBots(): void {
  if (registered) return;
  registered = true;
  const hooks = compiledSibling('ts-hooks.js');
  const root = resolve(dirname(fileURLToPath(import.meta.url)), existsSync(fileURLToPath(new URL('./ts-hooks.js', import.meta.url))) ? '../../..' : '../..');
  const cacheDir = existsSync(join(root, 'node_modules')) ? join(root, 'node_modules/.cache/goldpit-ts') : null;
  const goldpitPackage = existsSync(join(root, 'package.json')) ? pathToFileURL(join(root, 'package.json')).href : null;
  register(hooks, { parentURL: import.meta.url, data: { cacheDir, goldpitPackage } });
}

/** A compiled module next to this one (dist/); when running from the sources (tests), the built copy. */
function compiledSibling(name: string): string {
  const here = new URL(`./${name}`, import.meta.url);
  if (existsSync(fileURLToPath(here))) return here.href;
  const built = new URL(`../../dist/src/sim/${name}`, import.meta.url);
  if (existsSync(fileURLToPath(built))) return built.href;
  throw new UsageError(`${name} is not built: run \`npm run build\` (or \`npm ci\`) first`);
}

/** Imports a bot file and checks its factory; the error names the file and what is wrong. */
export async function loadBotFile(path: string, definition: AnyGameDefinition): Promise<BotFactory<unknown>> {
  const file = resolve(path);
  if (!existsSync(file) || !statSync(file).isFile()) {
    throw new InputError(path, '', `no such bot file (looked for ${file}); a --bots item with "/" or a .ts/.js extension is a file, others are built-in names`);
  }
  if (!BOT_FILE.test(file)) throw new InputError(path, '', `expected a .ts or .js bot file, got a "${extname(file) || 'no'}" extension`);
  if (/\.m?ts$/.test(file)) registerTypeScriptBots();
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (e) {
    throw new InputError(path, '', `cannot load the bot file: ${(e as Error).message ?? String(e)}`);
  }
  // Each decision method checked for a Promise answer (an `async` method): the game would read a
  // Promise as an illegal or empty decision, with a message about the wrong thing.
  return promiseChecked(checkFactory(path, loaded, definition), definition.botMethods);
}

const STARTER_HINT = `see \`${GOLDPIT} new-bot <name>\` for a starter file`;

function checkFactory(path: string, loaded: Record<string, unknown>, definition: AnyGameDefinition): BotFactory<unknown> {
  const factory = loaded.default as Record<string, unknown> | undefined;
  if (factory === undefined) {
    const named = Object.keys(loaded).filter((k) => k !== 'default');
    throw new InputError(
      path,
      'default export',
      `missing: the file must \`export default\` its bot factory { name, description, create(seat, random) }${named.length ? ` (it exports only ${named.map((n) => `"${n}"`).join(', ')})` : ''}; ${STARTER_HINT}`,
    );
  }
  if (typeof factory !== 'object' || factory === null) {
    throw new InputError(
      path,
      'default export',
      `expected a bot factory object { name, description, create(seat, random) }, got ${show(factory)}; ${STARTER_HINT}`,
    );
  }
  if (typeof factory.name !== 'string' || !/^[A-Za-z0-9._-]{1,40}$/.test(factory.name)) {
    throw new InputError(path, 'default.name', `expected the bot's name: 1 to 40 letters, digits, ".", "_" or "-", got ${show(factory.name)}`);
  }
  if (typeof factory.create !== 'function') {
    throw new InputError(path, 'default.create', `expected a function create(seat, random) that returns a bot, got ${show(factory.create)}; ${STARTER_HINT}`);
  }
  let bot: unknown;
  try {
    bot = (factory.create as BotFactory<unknown>['create'])(0, new RandomSource('goldpit-check', 0).stream(64));
  } catch (e) {
    throw new InputError(path, 'default.create', `threw when making a bot: ${(e as Error).message ?? String(e)}`);
  }
  if (typeof bot !== 'object' || bot === null) throw new InputError(path, 'default.create', `expected it to return a bot object, got ${show(bot)}`);
  const missing = definition.botMethods.filter((m) => typeof (bot as Record<string, unknown>)[m] !== 'function');
  if (missing.length > 0) {
    throw new InputError(
      path,
      'default.create',
      `the bot it makes lacks ${missing.map((m) => `${m}()`).join(', ')}; a ${definition.module.id} bot needs ${definition.botMethods.map((m) => `${m}(view)`).join(', ')}`,
    );
  }
  const create = factory.create as BotFactory<unknown>['create'];
  return {
    name: factory.name,
    description: typeof factory.description === 'string' ? factory.description : '',
    create: (seat, random) => create(seat, random),
  };
}

const loading = new Map<string, Promise<BotFactory<unknown>>>();

/**
 * Imports a bot file from its source (sim/bot-source.ts: the copy written under the source's hash,
 * never the bot writer's file) and checks its factory, once per source and thread; the factory
 * makes the bots as they are (a run wraps them: sim/watch.ts). Errors name
 * `shown` (the bot file's own path) and speak of the bot writer's paths, not the copy's.
 */
export function loadBotSource(source: BotSource, shown: string, definition: AnyGameDefinition): Promise<BotFactory<unknown>> {
  const key = `${definition.module.id}\0${source.hash}`;
  let factory = loading.get(key);
  if (factory === undefined) {
    factory = (async () => {
      const { folder, entry } = materialize(source);
      registerTypeScriptBots();
      let loaded: Record<string, unknown>;
      try {
        loaded = (await import(entry)) as Record<string, unknown>;
      } catch (e) {
        throw new InputError(shown, '', `cannot load the bot file: ${originalPaths((e as Error).message ?? String(e), source, folder)}`);
      }
      return checkFactory(shown, loaded, definition);
    })();
    loading.set(key, factory);
    // A failed load is not cached: the next attempt reports it again.
    factory.catch(() => loading.delete(key));
  }
  return factory;
}

/**
 * Resolves `--bots` items (or another option's: `option` names it in errors) into entrants: built-in
 * names as they are, files by their bot's name. Two entrants with one name are an error (ratings and
 * tables are keyed by name).
 */
export async function resolveEntrants(
  items: readonly string[],
  definition: AnyGameDefinition,
  option = '--bots',
): Promise<{ refs: EntrantRef[]; factories: BotFactory<unknown>[] }> {
  const refs: EntrantRef[] = [];
  const factories: BotFactory<unknown>[] = [];
  for (const item of items) {
    let ref: EntrantRef;
    let factory: BotFactory<unknown>;
    if (isBotFile(item)) {
      factory = await loadBotFile(item, definition);
      ref = { name: factory.name, file: resolve(item) };
      if (isBuiltinBot(definition, factory.name)) {
        throw new InputError(item, 'default.name', `"${factory.name}" is the name of a built-in bot; give your bot another name`);
      }
    } else {
      let builtin: BotFactory<unknown> | undefined;
      try {
        builtin = builtinBot(definition, item);
      } catch (e) {
        throw new UsageError(`${option}: ${e instanceof Error ? e.message : String(e)}`);
      }
      if (builtin === undefined) {
        throw new UsageError(
          `${option}: unknown bot "${item}"; built-in bots are ${builtinBotNames(definition).join(', ')}, and a path (with "/" or a .ts/.js extension, e.g. ./my-bot.ts) names a bot file`,
        );
      }
      factory = builtin;
      // A configured bot enters under its canonical name (two spellings of one configuration clash).
      ref = { name: Object.hasOwn(definition.builtinBots, item) ? item : builtin.name, file: null };
    }
    const clash = refs.find((r) => r.name === ref.name);
    if (clash) {
      const where = (r: EntrantRef) => (r.file ? r.file : 'built-in');
      throw new UsageError(`${option}: two bots are named "${ref.name}" (${where(clash)} and ${where(ref)}); each bot may enter once and names must differ`);
    }
    refs.push(ref);
    factories.push(factory);
  }
  return { refs, factories };
}

/** The factories of entrants given as data (in a worker): built-ins by name, files imported. */
export async function factoriesOf(refs: readonly EntrantRef[], definition: AnyGameDefinition): Promise<BotFactory<unknown>[]> {
  const out: BotFactory<unknown>[] = [];
  for (const ref of refs) out.push(ref.file === null ? builtinBot(definition, ref.name)! : await loadBotFile(ref.file, definition));
  return out;
}
