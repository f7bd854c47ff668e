/**
 * Watching untrusted bots (bot files) while they decide: the hang watchdog's shared-memory marker,
 * the guard that benches a bot the watchdog stopped, and the wrapper that lets a game's fast player
 * drive bot-file seats. Tournaments (sim/tournament.ts) and scenario runs (sim/run.ts) use the same.
 *
 * A decision that never returns cannot be interrupted in JavaScript: while a watched bot decides,
 * its thread writes (start time, game, seat, bot call) into its task's slot of a SharedArrayBuffer;
 * the main thread reads the slots and, past the hang limit, terminates the thread and plays the task
 * again with that bot benched from that call on (its seat plays by the rules' fallback, the call is
 * a `hung` fault). Games are played from their seeds, so everything before the hang comes out the same.
 */
import type { BotFactory } from '../core/definition.js';
import { deepFreeze } from '../core/readonly.js';
import { sourceOf, type RandomStream } from '../core/random.js';
import type { DecisionGuard } from './play.js';

/**
 * A shared-memory marker per running task: while a bot decides, slot[0] holds the time it started
 * (ms since the epoch) and slot[1..3] the game, seat and bot call; 0 in slot[0] means no bot is
 * deciding. A game's fast player is watched as a whole: from its start, seat and call −1.
 * Float64 slots of 4 numbers each.
 */
export const MARKER_FIELDS = 4;

export interface MarkerRef {
  readonly buffer: SharedArrayBuffer;
  readonly slot: number;
}

/** A bot stopped by the watchdog: from `decision` on (a game's bot calls, 0-based), its seat plays by the rules' fallback. */
export interface Benched {
  readonly game: number;
  readonly seat: number;
  /**
   * The bot call. −1 (and seat −1): a game on a fast player ran past the hang limit; the fast player
   * does not number calls, so the game is played again on the generic driver (which does), without
   * benching anybody yet.
   */
  readonly decision: number;
}

/** The marker's four numbers in a task's slot (null without a marker). */
export function markerView(marker: MarkerRef | null | undefined): Float64Array | null {
  return marker ? new Float64Array(marker.buffer, marker.slot * MARKER_FIELDS * 8, MARKER_FIELDS) : null;
}

/**
 * The guard of game `game` on the generic driver: benched seats are not asked from their hung bot
 * call on — that call is a `hung` fault, later ones are a late player's without a fault — and, with a
 * marker, every call of a watched seat (all seats when `watched` is null) is visible to the watchdog.
 */
export function watchGuard(
  game: number,
  benched: readonly Benched[],
  marker: Float64Array | null,
  hangLimitMs: number,
  watched: readonly boolean[] | null = null,
): DecisionGuard | undefined {
  // Per seat, the first call at which it is benched (a seat listed twice is benched at the earlier).
  const from = new Map<number, number>();
  for (const b of benched) if (b.game === game && b.decision >= 0) from.set(b.seat, Math.min(b.decision, from.get(b.seat) ?? Infinity));
  if (!marker && from.size === 0) return undefined;
  return {
    before(seat, decision) {
      const stop = from.get(seat);
      if (stop !== undefined && decision >= stop) {
        if (decision > stop) return false;
        const message = `did not return within the ${hangLimitMs} ms hang limit (bot call ${decision} of the game); stopped, and the seat played on by the rules' fallback`;
        return { reason: 'hung', message };
      }
      if (marker && (watched === null || watched[seat])) {
        marker[1] = game;
        marker[2] = seat;
        marker[3] = decision;
        marker[0] = Date.now();
      }
      return true;
    },
    after() {
      if (marker) marker[0] = 0;
    },
  };
}

/**
 * What the fast player's watched bots share in one thread: whether a watched bot faulted in the game
 * being played (threw or answered with a Promise: the game is then played again on the generic
 * driver, which records the fault). The time budget and the watchdog watch the fast player's game
 * as a whole (sim/run.ts `playFast`): a decision over the budget makes its game longer than the
 * budget, and such a game is played again on the driver, which times each decision — so no clock is
 * read per decision here.
 */
export class FastWatch {
  faulted = false;
}

/** The factory with each bot's decision methods checked for Promise answers (see `watchedBot`): a bot file's on the generic driver. */
export function promiseChecked(factory: BotFactory<unknown>, methods: readonly string[]): BotFactory<unknown> {
  return {
    name: factory.name,
    description: factory.description,
    create: (seat, random) => watchedBot(factory.create(seat, random), methods, null),
  };
}

/**
 * A bot file's factory for a game's fast player: each bot it makes is watched (below), and the
 * game's random source, which the bot reaches through its stream, is frozen.
 */
export function fastWatched(factory: BotFactory<unknown>, methods: readonly string[], watch: FastWatch): BotFactory<unknown> {
  return {
    name: factory.name,
    description: factory.description,
    create(seat: number, random: RandomStream) {
      Object.freeze(sourceOf(random));
      return watchedBot(factory.create(seat, random), methods, watch);
    },
  };
}

/**
 * The bot with each decision method wrapped, `this` left the bot's own: a Promise answer (an
 * `async` method) throws a clear error instead of being read as an illegal decision; with a
 * `FastWatch` (the fast player, which freezes nothing itself) the view is deep-frozen before the bot
 * sees it, and a throw flags the game for the generic driver. The methods are set on the bot itself (one call more per
 * decision, and the bot's fields are read where its class put them: wrapping it in an object whose
 * prototype is the bot made a bot file's GOLD games ~1.8× slower); a bot that cannot take them
 * (frozen, or with a method that cannot be redefined) is wrapped that way all the same.
 */
export function watchedBot(bot: unknown, methods: readonly string[], watch: FastWatch | null): unknown {
  if (typeof bot !== 'object' || bot === null) return bot;
  const own = bot as Record<string, unknown>;
  const onItself =
    Object.isExtensible(bot) &&
    methods.every((m) => {
      const d = Object.getOwnPropertyDescriptor(bot, m);
      return d === undefined || d.configurable === true;
    });
  const target = onItself ? own : (Object.create(bot) as Record<string, unknown>);
  for (const method of methods) {
    const decide = own[method];
    if (typeof decide !== 'function') continue;
    const wrapped =
      watch === null
        ? function (this: unknown, view: unknown, more: unknown) {
            return synchronous(method, decide.call(this, view, more));
          }
        : function (this: unknown, view: unknown, more: unknown) {
            deepFreeze(view);
            try {
              return synchronous(method, decide.call(this, view, more));
            } catch (e) {
              watch.faulted = true;
              throw e;
            }
          };
    Object.defineProperty(target, method, { value: wrapped, writable: true, configurable: true, enumerable: false });
  }
  return target;
}

/** The answer, unless it is a Promise: decisions must be synchronous (the Promise's rejection is caught, never unhandled). */
function synchronous(method: string, answer: unknown): unknown {
  if (typeof answer === 'object' && answer !== null && typeof (answer as { then?: unknown }).then === 'function') {
    (answer as PromiseLike<unknown>).then(undefined, () => {});
    throw new Error(`${method} returned a Promise (decisions must be synchronous: remove \`async\`/\`await\`)`);
  }
  return answer;
}
