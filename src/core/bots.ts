/**
 * Built-in bots by name, for every command: a game's fixed names (`GameDefinition.builtinBots`) and
 * the names of its configurable families (`GameDefinition.botFamilies`: `ismcts:iterations=400`).
 * A name always gives the same factory object (the fast path trusts only the registry's own
 * factories, by identity), and spellings of one configuration give one factory.
 */
import type { AnyGameDefinition, BotFactory } from './definition.js';
import { InputError } from './errors.js';
import { show } from './validate.js';

const MADE = new WeakMap<AnyGameDefinition, Map<string, BotFactory<unknown>>>();

/**
 * The built-in bot `name` of `definition`, or undefined when there is none of that name. A family
 * name with bad options throws a RangeError that says what is wrong.
 */
export function builtinBot(definition: AnyGameDefinition, name: string): BotFactory<unknown> | undefined {
  if (Object.hasOwn(definition.builtinBots, name)) return definition.builtinBots[name];
  const colon = name.indexOf(':');
  const families = definition.botFamilies;
  if (colon < 0 || families === undefined) return undefined;
  const family = name.slice(0, colon);
  if (!Object.hasOwn(families, family)) return undefined;
  let made = MADE.get(definition);
  if (made === undefined) MADE.set(definition, (made = new Map()));
  const known = made.get(name);
  if (known !== undefined) return known;
  const fresh = families[family](name.slice(colon + 1));
  // One factory per configuration, however it was spelt (its name is the canonical spelling).
  const factory = made.get(fresh.name) ?? (Object.hasOwn(definition.builtinBots, fresh.name) ? definition.builtinBots[fresh.name] : fresh);
  made.set(fresh.name, factory);
  made.set(name, factory);
  return factory;
}

/** Whether `name` names a built-in bot of `definition` (false for a family name with bad options, too). */
export function isBuiltinBot(definition: AnyGameDefinition, name: string): boolean {
  try {
    return builtinBot(definition, name) !== undefined;
  } catch {
    return false;
  }
}

/** The built-in names as messages list them: the fixed names, then `family:…` per family. */
export function builtinBotNames(definition: AnyGameDefinition): string[] {
  return [...Object.keys(definition.builtinBots), ...Object.keys(definition.botFamilies ?? {}).map((f) => `${f}:…`)];
}

/**
 * The built-in bot named by `value` at `field` of a file, or an InputError naming the file, the
 * field, the value and what was expected (the names, or what is wrong with a family's options).
 */
export function expectBuiltinBot(where: { readonly file: string }, field: string, value: unknown, definition: AnyGameDefinition): BotFactory<unknown> {
  if (typeof value === 'string') {
    let factory: BotFactory<unknown> | undefined;
    try {
      factory = builtinBot(definition, value);
    } catch (e) {
      throw new InputError(where.file, field, `${e instanceof Error ? e.message : String(e)}`);
    }
    if (factory !== undefined) return factory;
  }
  throw new InputError(where.file, field, `expected one of ${builtinBotNames(definition).map(show).join(' | ')}, got ${show(value)}`);
}

/** `{ timedBots }` (RunFacts) for a line-up with bots that decide by the clock (BotFactory.timed), else nothing. */
export function timedBotsOf(bots: readonly BotFactory<unknown>[]): { timedBots?: string[] } {
  const timed = [...new Set(bots.filter((b) => b.timed === true).map((b) => b.name))];
  return timed.length > 0 ? { timedBots: timed } : {};
}
