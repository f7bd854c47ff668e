/**
 * Scenario files: the game, the player count, the bot line-up by seat, rules options and parameters,
 * the default number of games and the seed. Validated with errors that name the file and the field.
 */
import { createHash } from 'node:crypto';
import { basename, dirname, resolve } from 'node:path';
import { expectBuiltinBot } from '../core/bots.js';
import type { AnyGameDefinition, BotFactory } from '../core/definition.js';
import { InputError } from '../core/errors.js';
import { expectInt, expectKnownKeys, expectObject, expectOneOf, expectString, isObject, readJsonFile, show } from '../core/validate.js';
import { DEFAULT_GAME, GAMES } from '../games/registry.js';
import { FileLibrary, seatBotFile, unreadBotFiles, type BotLibrary, type SeatBot } from './seat-bots.js';
import { parseCheckOptions, type CheckOptions } from './check-options.js';
import { tableSeats, withTable } from './table.js';
import { promiseChecked } from './watch.js';

export interface Scenario {
  readonly file: string;
  readonly name: string;
  readonly description: string;
  readonly game: string;
  readonly definition: AnyGameDefinition;
  readonly players: number;
  /** Bot name per seat (a bot file's: the name its factory gives). */
  readonly seats: readonly string[];
  readonly bots: readonly BotFactory<unknown>[];
  /**
   * The bot files among the seats (empty: built-in bots only), one per file, in seat order: what
   * results name (path, sha256) and what travels with the scenario to workers (their source).
   */
  readonly botFiles: readonly SeatBot[];
  /** Where this scenario's bot-file seats were looked up (a sweep parses its points with the same). */
  readonly library: BotLibrary;
  readonly config: unknown;
  readonly games: number;
  readonly seed: string;
  /** The file's data with any deck file inlined: enough to rebuild the scenario on another machine. */
  readonly portable: unknown;
  /** Hash of everything that decides the games (game, players, line-up, rules, parameters, deck). */
  readonly configHash: string;
  /** Tolerances of `goldpit check` (the optional `check` block; defaults when absent). Not in the config hash. */
  readonly check: CheckOptions;
}

const KEYS = ['name', 'description', 'game', 'players', 'seats', 'table', 'rules', 'params', 'games', 'seed', 'check'];

/**
 * Parses a scenario's data. A seat that is not a built-in bot names a bot file by its path relative
 * to the scenario file; `library` has it read (default: not read — such a seat plays nothing, and the
 * sync callers that never play, like `tournament --scenario`, need no more).
 */
export function parseScenario(file: string, data: unknown, library: BotLibrary = unreadBotFiles): Scenario {
  const at = { file };
  const raw = expectObject(at, '', data);
  // The game's own sections (e.g. eventCards) are known only once the game is: checked below.
  const gameOf = typeof raw.game === 'string' && Object.hasOwn(GAMES, raw.game) ? GAMES[raw.game] : GAMES[DEFAULT_GAME];
  const sectionKeys = gameOf.scenarioSections ?? [];
  expectKnownKeys(at, '', raw, [...KEYS, ...sectionKeys]);
  // `table`: one bot at every seat (sim/table.ts).
  const obj = tableSeats(file, raw, gameOf);
  const name = obj.name === undefined ? basename(file).replace(/\.json$/, '') : expectString(at, 'name', obj.name);
  if (!/^[A-Za-z0-9._-]+$/.test(name)) {
    throw new InputError(file, 'name', `expected letters, digits, ".", "_" or "-" (it names the report folder), got ${show(name)}`);
  }
  const game = obj.game === undefined ? DEFAULT_GAME : expectOneOf(at, 'game', obj.game, Object.keys(GAMES));
  const definition = GAMES[game];
  const players = expectInt(at, 'players', obj.players, definition.module.minPlayers, definition.module.maxPlayers);
  if (!Array.isArray(obj.seats) || obj.seats.length !== players) {
    throw new InputError(
      file,
      'seats',
      `expected a list of ${players} bot names (one per seat, players is ${players}), or a "table" bot that plays every seat, got ${show(obj.seats)}`,
    );
  }
  const seatBots = obj.seats.map((b, i) => seatBotFile(file, i, b, definition, library));
  const botFiles: SeatBot[] = [];
  for (const bot of seatBots) if (bot !== null && !botFiles.some((b) => b.path === bot.path)) botFiles.push(bot);
  for (const bot of botFiles) {
    const clash = botFiles.find((other) => other !== bot && other.name === bot.name && other.source.hash !== bot.source.hash);
    if (clash) {
      throw new InputError(
        file,
        `seats[${seatBots.findIndex((b) => b?.path === bot.path)}]`,
        `the bot files ${JSON.stringify(clash.path)} and ${JSON.stringify(bot.path)} both name their bot "${bot.name}"; results are kept by bot name, so give one of them another name`,
      );
    }
  }
  const seats = seatBots.map((bot, i) => (bot === null ? (obj.seats as string[])[i] : bot.name));
  // A built-in seat's factory (a configured family's too); a bot file's bots as the generic driver
  // plays them (a fast player wraps the file's factory itself: sim/run.ts).
  const bots = seatBots.map((bot, i) =>
    bot === null ? expectBuiltinBot(at, `seats[${i}]`, seats[i], definition) : promiseChecked(bot.factory, definition.botMethods),
  );
  const sections = Object.fromEntries(sectionKeys.filter((k) => obj[k] !== undefined).map((k) => [k, obj[k]]));
  const config = definition.parseConfig({ rules: obj.rules, params: obj.params, players, sections }, { file, dir: dirname(file) });
  const games = obj.games === undefined ? 10000 : expectInt(at, 'games', obj.games, 1);
  const seed = obj.seed === undefined ? 'goldpit' : typeof obj.seed === 'number' ? String(obj.seed) : expectString(at, 'seed', obj.seed);
  const portable = obj.params === undefined ? obj : { ...obj, params: definition.portableParams(obj.params, config) };
  const check = parseCheckOptions(at, obj.check, definition.check.tolerance);
  // A bot file's seat hashes as its name and its source's hash: the scenario changes with the file.
  // (Built-in seats hash as their names, so scenarios without bot files keep their hashes.)
  const hashedSeats = seatBots.map((bot, i) => (bot === null ? seats[i] : { bot: bot.name, source: bot.source.hash }));
  const configHash = createHash('sha256')
    .update(JSON.stringify({ game, players, seats: hashedSeats, config }))
    .digest('hex')
    .slice(0, 16);
  return {
    file,
    name,
    description: typeof obj.description === 'string' ? obj.description : '',
    game,
    definition,
    players,
    seats,
    bots,
    botFiles,
    library,
    config,
    games,
    seed,
    portable,
    configHash,
    check,
  };
}

/** How a scenario file is read: `table` (`--table BOT`) has every seat play that bot (sim/table.ts `withTable`). */
export interface ScenarioOptions {
  readonly table?: string;
}

/** Reads a scenario file; bot-file seats are not read (see `openScenario`, which commands that play use). */
export function loadScenario(path: string, options: ScenarioOptions & { readonly library?: BotLibrary } = {}): Scenario {
  return parseScenario(path, readScenarioData(path, options), options.library ?? unreadBotFiles);
}

/**
 * Reads a scenario file and every bot file its seats (or its table) name (each imported and checked
 * in this thread, with errors naming the scenario, the seat and the bot file): the scenario ready to play.
 */
export async function openScenario(path: string, options: ScenarioOptions & { readonly library?: FileLibrary } = {}): Promise<Scenario> {
  const library = options.library ?? new FileLibrary();
  const data = readScenarioData(path, options);
  if (isObject(data)) {
    const game = typeof data.game === 'string' && Object.hasOwn(GAMES, data.game) ? GAMES[data.game] : GAMES[DEFAULT_GAME];
    if (typeof data.table === 'string') await library.read(path, [data.table], game, () => 'table');
    else if (Array.isArray(data.seats)) await library.read(path, data.seats, game);
  }
  return parseScenario(path, data, library);
}

function readScenarioData(path: string, options: ScenarioOptions): unknown {
  // Errors name the path as given; reading uses it resolved.
  let data: unknown;
  try {
    data = readJsonFile(resolve(path), 'the scenario file');
  } catch (e) {
    if (e instanceof InputError) throw new InputError(path, e.field, e.problem);
    throw e;
  }
  return options.table === undefined ? data : withTable(path, data, options.table);
}
