/**
 * One bot at every seat: a scenario's `table` field, and `--table BOT` of run, sweep, balance,
 * baseline, check and replay. Skill-robust balance asks whether a verdict drawn from heuristic bots
 * holds under strong play; a table of one bot (a heuristic, or `ismcts:iterations=N`) is the mirror
 * line-up in which seat advantage and a card's impact are measured.
 */
import { basename, extname, resolve } from 'node:path';
import { expectBuiltinBot } from '../core/bots.js';
import type { AnyGameDefinition } from '../core/definition.js';
import { InputError } from '../core/errors.js';
import { isObject, show } from '../core/validate.js';
import { isBotFile } from './bot-files.js';

/**
 * What a table adds to a scenario's name (its output folder): `table-` and the bot's name with every
 * run of characters a name cannot hold turned into `-` (`ismcts:iterations=200` →
 * `table-ismcts-iterations-200`), a bot file's base name for a file (`./bots/my-bot.ts` → `table-my-bot`).
 */
export function tableSuffix(bot: string): string {
  const name = isBotFile(bot) ? basename(bot, extname(bot)) : bot;
  const slug = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return `table-${slug || 'bot'}`;
}

/**
 * A scenario file's data as `--table BOT` makes it: `table` set to BOT (every seat plays it), and the
 * name extended by `tableSuffix(BOT)` so the outputs go to a folder of their own (a baseline keeps
 * the two apart too). A bot file given on the command line is taken relative to the current folder
 * (made absolute here); in a scenario file, as in `seats`, it is relative to the scenario.
 */
export function withTable(file: string, data: unknown, bot: string): unknown {
  if (!isObject(data)) return data; // the scenario parser names the problem
  const name = typeof data.name === 'string' ? data.name : basename(file).replace(/\.json$/, '');
  return { ...data, name: `${name}-${tableSuffix(bot)}`, table: isBotFile(bot) ? resolve(bot) : bot };
}

/**
 * A scenario's `table` as its seats: the data with `seats` filled with the table's bot, one per
 * player (it replaces a `seats` list the file also gives); the data unchanged without `table`. A
 * built-in name is checked here (the error names `table`); a bot file is read where seats are.
 */
export function tableSeats(file: string, data: Record<string, unknown>, definition: AnyGameDefinition): Record<string, unknown> {
  if (data.table === undefined) return data;
  if (typeof data.table !== 'string' || data.table.trim() === '') {
    throw new InputError(file, 'table', `expected the bot every seat plays (a built-in name such as "greedy", or a bot file), got ${show(data.table)}`);
  }
  if (!isBotFile(data.table)) expectBuiltinBot({ file }, 'table', data.table, definition);
  const players = data.players;
  // A bad player count is left to the scenario parser, which names it.
  if (typeof players !== 'number' || !Number.isInteger(players) || players < 1 || players > 64) return data;
  return { ...data, seats: new Array<string>(players).fill(data.table) };
}
