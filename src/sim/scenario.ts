/**
 * Scenario files: the game, the player count, the bot line-up by seat, rules options and parameters,
 * the default number of games and the seed. Validated with errors that name the file and the field.
 */
import { createHash } from 'node:crypto';
import { basename, dirname, resolve } from 'node:path';
import { expectBuiltinBot } from '../core/bots.js';
import type { AnyGameDefinition, BotFactory } from '../core/definition.js';
import { InputError } from '../core/errors.js';
import { expectInt, expectKnownKeys, expectObject, expectOneOf, expectString, readJsonFile, show } from '../core/validate.js';
import { DEFAULT_GAME, GAMES } from '../games/registry.js';
import { parseCheckOptions, type CheckOptions } from './check-options.js';
import { tableSeats, withTable } from './table.js';

export interface Scenario {
  readonly file: string;
  readonly name: string;
  readonly description: string;
  readonly game: string;
  readonly definition: AnyGameDefinition;
  readonly players: number;
  /** Bot name per seat. */
  readonly seats: readonly string[];
  readonly bots: readonly BotFactory<unknown>[];
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

export function parseScenario(file: string, data: unknown): Scenario {
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
  const bots = obj.seats.map((b, i) => expectBuiltinBot(at, `seats[${i}]`, b, definition));
  const seats = obj.seats as string[];
  const sections = Object.fromEntries(sectionKeys.filter((k) => obj[k] !== undefined).map((k) => [k, obj[k]]));
  const config = definition.parseConfig({ rules: obj.rules, params: obj.params, players, sections }, { file, dir: dirname(file) });
  const games = obj.games === undefined ? 10000 : expectInt(at, 'games', obj.games, 1);
  const seed = obj.seed === undefined ? 'goldpit' : typeof obj.seed === 'number' ? String(obj.seed) : expectString(at, 'seed', obj.seed);
  const portable = obj.params === undefined ? obj : { ...obj, params: definition.portableParams(obj.params, config) };
  const check = parseCheckOptions(at, obj.check, definition.check.tolerance);
  const configHash = createHash('sha256').update(JSON.stringify({ game, players, seats, config })).digest('hex').slice(0, 16);
  return {
    file,
    name,
    description: typeof obj.description === 'string' ? obj.description : '',
    game,
    definition,
    players,
    seats,
    bots,
    config,
    games,
    seed,
    portable,
    configHash,
    check,
  };
}

/** Reads a scenario file; `table` (`--table BOT`) has every seat play that bot (sim/table.ts `withTable`). */
export function loadScenario(path: string, options: { readonly table?: string } = {}): Scenario {
  // Errors name the path as given; reading uses it resolved.
  let data: unknown;
  try {
    data = readJsonFile(resolve(path), 'the scenario file');
  } catch (e) {
    if (e instanceof InputError) throw new InputError(path, e.field, e.problem);
    throw e;
  }
  return parseScenario(path, options.table === undefined ? data : withTable(path, data, options.table));
}
