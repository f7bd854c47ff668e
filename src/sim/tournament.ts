/**
 * Tournaments: a pool of bots, every line-up (combination of k bots for k seats) or a random sample
 * of them, each played on `deals` deals, each deal with all k cyclic seat rotations.
 *
 * Game index g (0-based) decodes as g = ((lineup · deals) + deal) · k + rotation. Every rotation of a
 * deal uses one random source, `RandomSource(seed, lineup · deals + deal)`: the same shuffles, draws,
 * start player and tie-breaks (common random numbers), so seat luck and
 * deal luck cancel within a deal. With `commonDeals` (the skill ladder) every line-up plays the
 * same deals: the source is `RandomSource(seed, deal)`, and games are numbered deal by deal,
 * g = ((deal · lineups) + lineup) · k + rotation, so any stretch of games mixes every line-up (an
 * even pace for the progress display, and a checkpoint that holds whole deals). Bot j of the line-up sits in seat (j − rotation) mod k (rotation 0:
 * bot j in seat j) and draws from the stream `bot + j`: a bot's own random numbers follow the bot,
 * not the seat. Game g is fully determined by (the tournament, g), so `--replay g` replays it alone
 * and the results do not depend on the worker count.
 */
import type { AnyGameDefinition, BotFactory, GameRecord } from '../core/definition.js';
import type { Fault } from '../core/game.js';
import { describeThrown } from '../core/errors.js';
import { Purpose, RandomSource } from '../core/random.js';
import { deepFreeze } from '../core/readonly.js';
import { GAMES } from '../games/registry.js';
import type { EntrantRef } from './bot-files.js';
import { factoriesOf } from './bot-files.js';
import { playGame, type DecisionGuard, type PlayedGame } from './play.js';
import { markerView, watchGuard, type Benched, type MarkerRef } from './watch.js';

/** Everything that decides a tournament's games, as plain data (it travels to the workers). */
export interface TournamentSpec {
  readonly game: string;
  /** The `rules` and `params` of a scenario (default: every rule and parameter at its default). */
  readonly rules: unknown;
  readonly params: unknown;
  /** Where rules/params came from (error messages, relative deck paths). */
  readonly configFile: string;
  readonly players: number;
  readonly entrants: readonly EntrantRef[];
  /** Entrant ids per line-up, ascending; line-up i of the schedule. */
  readonly lineups: readonly (readonly number[])[];
  readonly deals: number;
  readonly seed: string;
  /** Per-decision time budget in ms (null = untimed). */
  readonly botTimeoutMs: number | null;
  /** A decision running longer than this is stopped (the worker is terminated); 0 = never. */
  readonly hangLimitMs: number;
  /**
   * Every line-up plays the same deals: deal d of each line-up uses random source d (the same
   * shuffles, draws, start player, tie-breaks and bot streams), so line-ups are compared on common
   * random numbers (the skill ladder); games are then numbered deal by deal (see the module
   * comment). Absent or false: each line-up has deals of its own.
   */
  readonly commonDeals?: boolean;
  /**
   * The scenario's own sections (e.g. GOLD's `cards`), handed to the game's parseConfig with the
   * player count. Absent: none, and parseConfig is not told the player count (tournaments).
   */
  readonly sections?: Readonly<Record<string, unknown>>;
}

export type { Benched } from './watch.js';

/** Where game g sits in the schedule. */
export interface GamePlace {
  readonly lineup: number;
  readonly deal: number;
  readonly rotation: number;
  /**
   * The index of the random source shared by the deal's rotations: lineup · deals + deal, or deal
   * alone when every line-up plays the same deals (`TournamentSpec.commonDeals`).
   */
  readonly dealId: number;
  /** Entrant id per seat. */
  readonly seats: readonly number[];
}

export const gameCount = (spec: Pick<TournamentSpec, 'lineups' | 'deals' | 'players'>): number => spec.lineups.length * spec.deals * spec.players;

export function placeOf(spec: Pick<TournamentSpec, 'lineups' | 'deals' | 'players' | 'commonDeals'>, game: number): GamePlace {
  const k = spec.players;
  const rotation = game % k;
  const played = Math.floor(game / k);
  const common = spec.commonDeals === true;
  const lineup = common ? played % spec.lineups.length : Math.floor(played / spec.deals);
  const deal = common ? Math.floor(played / spec.lineups.length) : played % spec.deals;
  const bots = spec.lineups[lineup];
  const seats = Array.from({ length: k }, (_, s) => bots[(s + rotation) % k]);
  return { lineup, deal, rotation, dealId: common ? deal : played, seats };
}

/** All C(n, k) combinations of 0..n−1, each ascending, in lexicographic order. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (from: number) => {
    if (pick.length === k) {
      out.push(pick.slice());
      return;
    }
    for (let i = from; i <= n - (k - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

/** Purpose of the stream that samples line-ups (apart from every game's streams). */
const LINEUP_SAMPLE_PURPOSE = 9;

/**
 * The line-ups: all combinations of `bots` entrants in `players` seats, or `sample` of them drawn
 * uniformly without replacement (seeded), returned in lexicographic order.
 */
export function scheduleLineups(bots: number, players: number, sample: number | 'all', seed: string): number[][] {
  const all = combinations(bots, players);
  if (sample === 'all' || sample >= all.length) return all;
  // A partial Fisher–Yates shuffle from a stream of its own (game index −1 is never a game).
  const random = new RandomSource(seed, -1);
  const order = all.map((_, i) => i);
  for (let i = 0; i < sample; i++) {
    const j = i + random.int(LINEUP_SAMPLE_PURPOSE, i, order.length - i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order
    .slice(0, sample)
    .sort((a, b) => a - b)
    .map((i) => all[i]);
}

/** A tournament ready to play in this thread: its game definition, config and bot factories. */
export interface ResolvedTournament {
  readonly spec: TournamentSpec;
  readonly definition: AnyGameDefinition;
  readonly config: unknown;
  readonly factories: readonly BotFactory<unknown>[];
  /**
   * Some entrant is a bot file. Its code is not type-checked and could write to what it is handed
   * (its views share the state's arrays and the config), so then the config is deep-frozen once,
   * and, in the games it plays, the random source and every view before that bot sees it: a write
   * throws inside the bot (a `threw` fault). Built-in bots are trusted: their views stay unfrozen.
   */
  readonly untrusted: boolean;
}

export function resolveWith(spec: TournamentSpec, factories: readonly BotFactory<unknown>[]): ResolvedTournament {
  const definition = GAMES[spec.game];
  const raw =
    spec.sections === undefined
      ? { rules: spec.rules, params: spec.params }
      : { rules: spec.rules, params: spec.params, players: spec.players, sections: spec.sections };
  const config = definition.parseConfig(raw, { file: spec.configFile, dir: dirOf(spec.configFile) });
  const untrusted = spec.entrants.some((e) => e.file !== null);
  if (untrusted) deepFreeze(config);
  return { spec, definition, config, factories, untrusted };
}

const dirOf = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) || '/' : '.');

/** Resolves a spec in a worker (imports bot files), once per spec. */
const resolvedCache = new Map<string, Promise<ResolvedTournament>>();
export function resolveSpec(spec: TournamentSpec): Promise<ResolvedTournament> {
  const key = JSON.stringify(spec);
  let r = resolvedCache.get(key);
  if (!r) {
    r = factoriesOf(spec.entrants, GAMES[spec.game]).then((f) => resolveWith(spec, f));
    resolvedCache.set(key, r);
  }
  return r;
}

/** One finished tournament game, compact: what ratings, tables and games.csv need. */
export interface TournamentGame {
  readonly game: number;
  /** Entrant id per seat. */
  readonly seats: readonly number[];
  /** Finishing position per seat, 0 = first; tied seats share a position. */
  readonly ranks: readonly number[];
  readonly scores: readonly number[];
  readonly winners: readonly number[];
  readonly endedBy: string;
  readonly length: number;
  /** Per seat, the game's counters (`GameDefinition.counters`, same order). */
  readonly counters: readonly (readonly number[])[];
  readonly faults: readonly Fault[];
}

/** Plays game g; `guard` watches the bot calls (see {@link tournamentGuard}). */
export function playTournamentGame(
  t: ResolvedTournament,
  game: number,
  options: { guard?: DecisionGuard; onState?: (s: unknown) => void; trace?: boolean } = {},
): PlayedGame<unknown> {
  const { spec } = t;
  const place = placeOf(spec, game);
  const random = new RandomSource(spec.seed, place.dealId);
  const untrustedSeats = place.seats.map((entrant) => spec.entrants[entrant].file !== null);
  // Bots reach it through their streams (a stream keeps its source).
  if (untrustedSeats.includes(true)) Object.freeze(random);
  const k = spec.players;
  const bots = place.seats.map((entrant, seat) => {
    const stream = random.stream(Purpose.bot + ((seat + place.rotation) % k));
    try {
      return t.factories[entrant].create(seat, stream);
    } catch (e) {
      // Checked once when loaded, a bot file's create may still throw for another seat or game:
      // then every decision of that seat is a `threw` fault (played by the rules' fallback).
      return failedBot(t, `create(seat ${seat}) threw: ${describeThrown(e)}`);
    }
  });
  return playGame({
    module: t.definition.module,
    config: t.config,
    players: k,
    bots,
    random,
    timeBudgetMs: spec.botTimeoutMs,
    untrustedSeats,
    guard: options.guard,
    onState: options.onState,
    trace: options.trace,
  });
}

/** A stand-in bot whose every decision method throws `message`. */
function failedBot(t: ResolvedTournament, message: string): unknown {
  const bot: Record<string, unknown> = { name: 'failed' };
  for (const m of t.definition.botMethods) {
    bot[m] = () => {
      throw new Error(message);
    };
  }
  return bot;
}

export function compactGame(t: ResolvedTournament, game: number, played: PlayedGame<unknown>): TournamentGame {
  const record: GameRecord = t.definition.record(played.final);
  const o = record.outcome;
  const n = t.spec.players;
  return {
    game,
    seats: placeOf(t.spec, game).seats,
    ranks: o.ranks,
    scores: o.scores,
    winners: o.winners,
    endedBy: o.endedBy,
    length: o.length,
    counters: Array.from({ length: n }, (_, s) => record.counters.map((c) => c[s])),
    faults: played.faults,
  };
}

export { MARKER_FIELDS, type MarkerRef } from './watch.js';

/**
 * The guard of game g (sim/watch.ts `watchGuard`, every seat watched): benched seats are not asked
 * from their hung bot call on, and with a marker every bot call is visible to the watchdog.
 * `--replay g --bench …` uses the same guard without a marker, so it plays the game the tournament
 * recorded without running a hung bot into its hang again.
 */
export function tournamentGuard(t: ResolvedTournament, game: number, benched: readonly Benched[], view: Float64Array | null): DecisionGuard | undefined {
  return watchGuard(game, benched, view, t.spec.hangLimitMs);
}

/** The benches of a played game: one per `hung` fault (its seat and bot call). */
export const benchesOf = (game: Pick<TournamentGame, 'game' | 'faults'>): Benched[] =>
  game.faults.filter((f) => f.reason === 'hung').map((f) => ({ game: game.game, seat: f.seat, decision: f.decision }));

/**
 * What follows `--replay` to replay a played game: its index and, if the watchdog stopped a bot in
 * it, `--bench SEAT@CALL,…` (so the replay benches the same bots at the same calls instead of hanging).
 */
export function replayArguments(game: Pick<TournamentGame, 'game' | 'faults'>): string {
  const benches = benchesOf(game);
  return benches.length ? `${game.game} --bench ${formatBenches(benches)}` : `${game.game}`;
}

export const formatBenches = (benches: readonly Pick<Benched, 'seat' | 'decision'>[]): string => benches.map((b) => `${b.seat}@${b.decision}`).join(',');

/** Parses `--bench SEAT@CALL,…` for game `game` of `players` seats; a message saying what is wrong when malformed. */
export function parseBenches(text: string, game: number, players: number): Benched[] | string {
  const out: Benched[] = [];
  for (const item of text.split(',').map((x) => x.trim())) {
    const m = /^(\d+)@(\d+)$/.exec(item);
    if (!m) return `expected SEAT@CALL items separated by commas (e.g. 2@6: seat 2 stopped at bot call 6), got ${JSON.stringify(item)}`;
    const seat = Number(m[1]);
    const decision = Number(m[2]);
    if (seat >= players) return `seat ${seat} does not exist in a ${players}-player game (seats 0 to ${players - 1})`;
    if (out.some((b) => b.seat === seat)) return `seat ${seat} is benched twice`;
    out.push({ game, seat, decision });
  }
  return out;
}

/** Plays games [from, to) in this thread; with a marker, each bot call is visible to the watchdog. */
export function playTournamentRange(t: ResolvedTournament, from: number, to: number, benched: readonly Benched[], marker: MarkerRef | null): TournamentGame[] {
  const view = markerView(marker);
  const out: TournamentGame[] = [];
  for (let g = from; g < to; g++) out.push(compactGame(t, g, playTournamentGame(t, g, { guard: tournamentGuard(t, g, benched, view) })));
  return out;
}
