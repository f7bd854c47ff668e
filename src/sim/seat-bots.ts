/**
 * Bot files in a scenario's `seats`: a seat that is not a built-in bot's name is a bot file's path,
 * relative to the scenario file. Each file is read once into a `BotSource` (its text and its
 * helpers', sim/bot-source.ts), imported from that copy and checked like a tournament's bot file,
 * and then travels with the scenario as data (`SeatBotRef`), so a pool thread or a queue worker plays
 * exactly the hashed code without reading the bot writer's disk.
 *
 * Where seats are looked up is a `BotLibrary`: the files themselves (`FileLibrary`, the thread that
 * reads the scenario), the sources a task carries (`inlineLibrary`, workers), or nothing read at all
 * (`unreadBotFiles`: callers that never play, such as `tournament --scenario`, which takes only the
 * rules). Every problem is an InputError naming the scenario file, the seat (`seats[2]`), the value
 * and what is expected, before anything is played or written.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { builtinBotNames, expectBuiltinBot, isBuiltinBot } from '../core/bots.js';
import type { AnyGameDefinition, BotFactory } from '../core/definition.js';
import { InputError } from '../core/errors.js';
import { GOLDPIT } from '../core/package.js';
import { editDistance, show } from '../core/validate.js';
import { DEFAULT_GAME } from '../games/registry.js';
import { isBotFile, loadBotSource } from './bot-files.js';
import { readBotSource, SCRIPT, type BotSource } from './bot-source.js';

/** A seat's bot file, as the scenario names it. */
export interface SeatBot {
  /** The seat's value as written: the file's path relative to the scenario file. */
  readonly path: string;
  /** The name its factory gives: the seat's bot in every result. */
  readonly name: string;
  readonly source: BotSource;
  /** The checked factory; for a file that was not imported, a stand-in whose `create` throws. */
  readonly factory: BotFactory<unknown>;
}

/** What travels with a scenario for each bot-file seat value (a task, a partial result, a queue job). */
export interface SeatBotRef {
  readonly path: string;
  readonly name: string;
  readonly source: BotSource;
}

export interface BotLibrary {
  /** The bot file that seat value `seat` of the scenario `scenarioFile` names, if this library has it. */
  find(scenarioFile: string, seat: string): SeatBot | undefined;
  /** True: a seat naming an existing file this library has not read is accepted, with a stand-in bot that cannot play. */
  readonly acceptsUnread?: boolean;
}

/** The library of callers that never play: bot-file seats are accepted unread (see BotLibrary.acceptsUnread). */
export const unreadBotFiles: BotLibrary = { find: () => undefined, acceptsUnread: true };

/** A factory that cannot play: for bot files known only by name and source (not imported in this thread). */
function standIn(name: string, why: string): BotFactory<unknown> {
  return {
    name,
    description: '',
    create() {
      throw new Error(`bot file ${name} was not loaded in this thread (${why})`);
    },
  };
}

/**
 * The bot file seat `i` names (null for a built-in bot), or an InputError naming the scenario file,
 * the seat, the value and what a seat may hold.
 */
export function seatBotFile(file: string, i: number, value: unknown, definition: AnyGameDefinition, library: BotLibrary): SeatBot | null {
  const field = `seats[${i}]`;
  const builtins = builtinBotNames(definition);
  if (typeof value === 'string' && isBuiltinBot(definition, value)) return null;
  // A configured family's name with options it refuses (`ismcts:iterations=x`): its own message.
  if (typeof value === 'string' && !isBotFile(value) && value.includes(':')) expectBuiltinBot({ file }, field, value, definition);
  const what = `a built-in ${definition.presentation.title} bot (${builtins.join(', ')}) or a bot file's path relative to this scenario file, ending in .ts or .js (e.g. "./my-bot.ts"; \`${GOLDPIT} new-bot my-bot${gameFlag(definition)}\` writes one)`;
  if (typeof value !== 'string' || value.length === 0) throw new InputError(file, field, `expected ${what}, got ${show(value)}`);
  if (!isBotFile(value)) {
    const near = Object.keys(definition.builtinBots).find((b) => b.toLowerCase() === value.toLowerCase() || editDistance(b, value) <= 2);
    const existing = existsSync(resolve(dirname(file), value)) ? `; a file ${JSON.stringify(value)} exists, but a bot file's name ends in .ts or .js` : '';
    throw new InputError(file, field, `expected ${what}, got ${show(value)}${near ? `; did you mean "${near}"?` : ''}${existing}`);
  }
  const found = library.find(file, value);
  if (found) return found;
  // Sources carried as data (a task, a queue job) never send the parser to this machine's disk.
  if (!(library instanceof FileLibrary) && !library.acceptsUnread) {
    throw new InputError(file, field, `the bot file ${JSON.stringify(value)} is not among the bot files carried with the scenario`);
  }
  const abs = checkedBotPath(file, field, value);
  if (library.acceptsUnread) {
    const name = value;
    return {
      path: value,
      name,
      source: { origin: abs, moduleType: 'module', files: [], hash: 'unread' },
      factory: standIn(name, 'read without its bot files'),
    };
  }
  throw new InputError(file, field, `the bot file ${abs} was not read before the scenario was parsed (a goldpit bug: commands that play load bot files first)`);
}

const gameFlag = (definition: AnyGameDefinition) => (definition.module.id === DEFAULT_GAME ? '' : ` --game ${definition.module.id}`);

/** The absolute path of bot file `value` of `field`, checked to be a .ts/.js file; an InputError says what is wrong. */
function checkedBotPath(file: string, field: string, value: string): string {
  const folder = resolve(dirname(file));
  const abs = resolve(folder, value);
  if (!existsSync(abs)) {
    const fromHere = resolve(value);
    const hint =
      fromHere !== abs && existsSync(fromHere)
        ? `; ${fromHere} exists (the path read from the current folder): in the scenario write it relative to the scenario's folder, ${JSON.stringify(relativePath(folder, fromHere))}`
        : '';
    throw new InputError(
      file,
      field,
      `no bot file at ${abs}: a bot file in seats is found relative to the scenario file's folder (${folder}), not the current folder${hint}`,
    );
  }
  if (statSync(abs).isDirectory())
    throw new InputError(file, field, `${abs} is a folder; expected a bot file (.ts or .js) in it, e.g. "${value.replace(/\/$/, '')}/my-bot.ts"`);
  if (!SCRIPT.test(abs)) throw new InputError(file, field, `expected a .ts or .js bot file, got ${JSON.stringify(value)}`);
  return abs;
}

function relativePath(from: string, to: string): string {
  const r = relative(from, to).split('\\').join('/');
  return r.startsWith('.') ? r : `./${r}`;
}

/** The bot files of a scenario's seats, read from disk: each file once (by absolute path), imported in this thread. */
export class FileLibrary implements BotLibrary {
  private readonly byFile = new Map<string, { name: string; source: BotSource; factory: BotFactory<unknown> }>();

  find(scenarioFile: string, seat: string): SeatBot | undefined {
    const got = this.byFile.get(resolve(dirname(scenarioFile), seat));
    return got && { path: seat, ...got };
  }

  /**
   * Reads every bot file among `values` (a scenario's seats, or the seat values of a sweep), named
   * `field(i)` in errors; values that are built-in names or malformed are left for the parser to
   * report. A file that does not load, or whose factory is missing or named like a built-in bot, is
   * an InputError naming the scenario file and the field.
   */
  async read(scenarioFile: string, values: readonly unknown[], definition: AnyGameDefinition, field = (i: number) => `seats[${i}]`): Promise<void> {
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (typeof value !== 'string' || isBuiltinBot(definition, value) || !isBotFile(value)) continue;
      const abs = checkedBotPath(scenarioFile, field(i), value);
      if (this.byFile.has(abs)) continue;
      let source: BotSource;
      try {
        source = await readBotSource(abs);
      } catch (e) {
        throw new InputError(scenarioFile, field(i), `cannot read the bot file ${abs}: ${(e as Error).message}`);
      }
      let factory: BotFactory<unknown>;
      try {
        factory = await loadBotSource(source, abs, definition);
      } catch (e) {
        if (e instanceof InputError) throw new InputError(scenarioFile, field(i), `bot file ${value}: ${e.field ? `${e.field}: ` : ''}${e.problem}`);
        throw e;
      }
      if (Object.hasOwn(definition.builtinBots, factory.name)) {
        throw new InputError(
          scenarioFile,
          field(i),
          `bot file ${value} names its bot "${factory.name}", the name of a built-in ${definition.presentation.title} bot; results are kept by bot name, so give it another (its factory's \`name\`)`,
        );
      }
      this.byFile.set(abs, { name: factory.name, source, factory });
    }
  }
}

/**
 * The library of a task's bot files: each source imported in this thread from its own copy. The
 * name each factory gives must be the one the scenario was parsed with.
 */
export async function inlineLibrary(refs: readonly SeatBotRef[], definition: AnyGameDefinition): Promise<BotLibrary> {
  const byPath = new Map<string, SeatBot>();
  for (const ref of refs) {
    const factory = await loadBotSource(ref.source, ref.source.origin, definition);
    if (factory.name !== ref.name)
      throw new Error(`bot file ${ref.source.origin}: its factory is named "${factory.name}" here, "${ref.name}" where the scenario was read`);
    byPath.set(ref.path, { path: ref.path, name: ref.name, source: ref.source, factory });
  }
  return { find: (_file, seat) => byPath.get(seat) };
}

/** The library of bot files known by name and source only, not imported (a merge of results, a queue job's check). */
export function knownLibrary(refs: readonly SeatBotRef[]): BotLibrary {
  const byPath = new Map<string, SeatBot>(refs.map((ref) => [ref.path, { ...ref, factory: standIn(ref.name, 'known by its source only') }]));
  return { find: (_file, seat) => byPath.get(seat) };
}

/** The bot-file seat values of a scenario as data (empty for built-in bots only). */
export function seatBotRefs(bots: readonly SeatBot[]): SeatBotRef[] {
  return bots.map((b) => ({ path: b.path, name: b.name, source: b.source }));
}

/** What results say of a scenario's bot files: the bot, the file as the scenario names it, its sha256, its seats, and its helper files. */
export interface BotFileFact {
  readonly bot: string;
  readonly file: string;
  readonly sha256: string;
  readonly seats: readonly number[];
  /** Files the bot file imports by a relative path (played from the same copy), with their sha256. */
  readonly imports?: readonly { readonly file: string; readonly sha256: string }[];
}

/** The facts of a scenario's bot files (empty for built-in bots only), for summary.json, sweeps, checks and checkpoints. */
export function botFileFacts(scenario: { readonly seats: readonly string[]; readonly botFiles: readonly SeatBot[] }): BotFileFact[] {
  return scenario.botFiles.map((b) => {
    const [entry, ...helpers] = b.source.files;
    const seats = scenario.seats.map((name, s) => (name === b.name ? s : -1)).filter((s) => s >= 0);
    const base = entry ? dirname(entry.path) : '.';
    return {
      bot: b.name,
      file: b.path,
      sha256: entry?.sha256 ?? '',
      seats,
      ...(helpers.length ? { imports: helpers.map((h) => ({ file: relative(base, h.path).split('\\').join('/'), sha256: h.sha256 })) } : {}),
    };
  });
}

/**
 * Reads the bot files among the seat values of a sweep or balance search (`--vary
 * seats[1]=greedy,./mine.ts` or `--vary table=greedy,./mine.ts`, paths relative to the scenario file) into the base scenario's library,
 * so that every point parses with them.
 */
export async function readVaryBots(
  base: { readonly file: string; readonly library: BotLibrary; readonly definition: AnyGameDefinition },
  factors: readonly { readonly path: string; readonly values: readonly unknown[] }[],
): Promise<void> {
  if (!(base.library instanceof FileLibrary)) return;
  // `seats[i]` and `seats` name seat bots; `table` the one bot of every seat (sim/table.ts).
  for (const f of factors) {
    if (/^seats(\[|$)|^table$/.test(f.path)) await base.library.read(base.file, f.values, base.definition, () => `--vary ${f.path}`);
  }
}

/**
 * A scenario's seats with each bot-file path rewritten relative to `folder` (for a scenario file
 * written elsewhere, such as balance's balanced.json); built-in names as they are.
 */
export function seatsFrom(scenarioFile: string, seats: readonly unknown[], folder: string): unknown[] {
  return seats.map((seat) => botFrom(scenarioFile, seat, folder));
}

/** One seat or table value as `seatsFrom` writes it: a bot file's path relative to `folder`. */
export function botFrom(scenarioFile: string, bot: unknown, folder: string): unknown {
  return typeof bot === 'string' && isBotFile(bot) ? relativePath(resolve(folder), resolve(dirname(scenarioFile), bot)) : bot;
}
