/**
 * A tournament's results (tournament.json, the data contract of its CSV tables and HTML page):
 * Plackett–Luce ratings with bootstrap intervals over deals, the interval of every pairwise rating
 * difference, win rates with Wilson intervals, head-to-head shares, mean score and counters per
 * bot, and the faults with the game to replay. Pure: the same games give the same bytes.
 */
import type { Fault } from '../core/game.js';
import { Purpose, RandomSource } from '../core/random.js';
import { bootstrapPlackettLuce, eloFromLogWorth, headToHead, PLACKETT_LUCE_DEFAULTS, wilsonInterval, type Ranking } from '../stats/index.js';
import { replayArguments, type TournamentGame } from '../sim/tournament.js';
import { fixed, VERSION } from './summary.js';
import type { Interval } from './types.js';

/** A rating difference between two bots, with its 95% bootstrap interval (Elo-like points). */
export interface RatingGap {
  readonly bot: string;
  readonly elo: number;
  readonly ci95: Interval;
  /** The interval excludes 0. */
  readonly significant: boolean;
}

export interface TournamentBot {
  readonly bot: string;
  /** "built-in", or the bot file as given on the command line. */
  readonly source: string;
  /** Games played. */
  readonly games: number;
  /** Wins, a shared win counting 1/k for each of its k winners. */
  readonly wins: number;
  readonly winRate: number;
  /** 95% Wilson interval of the win rate. */
  readonly winCi95: Interval;
  /** Plackett–Luce log-worth (mean 0 over the bots) with its 95% bootstrap interval. */
  readonly logWorth: number;
  readonly logWorthCi95: Interval;
  /** The same on the Elo-like scale: 400/ln 10 × log-worth (mean 0; 400 points = 10:1 odds of finishing ahead). */
  readonly elo: number;
  readonly eloCi95: Interval;
  /** Mean finishing position, 1 = first (tied players share the better position). */
  readonly meanPosition: number;
  /** Mean final score (Goldrausch: gold). */
  readonly meanScore: number;
  /** Per game, the mean of each of the game's counters (Goldrausch: fines, upgrades, …, kept, broken). */
  readonly counters: Readonly<Record<string, number>>;
  /** The rating gap to the best other bot (for the top bot: to the runner-up). */
  readonly vsBestOther: RatingGap | null;
  /** Bots this one is rated above with significance (difference interval above 0). */
  readonly significantlyAbove: readonly string[];
  /** Bots this one is rated below with significance. */
  readonly significantlyBelow: readonly string[];
  readonly faults: number;
}

export interface TournamentFaults {
  readonly bot: string;
  readonly threw: number;
  readonly illegal: number;
  readonly timeout: number;
  readonly hung: number;
  readonly total: number;
  /** Games with at least one fault of this bot. */
  readonly games: number;
  /** The first fault (lowest game index): replay it with `replay`. */
  readonly first: { readonly game: number; readonly seat: number; readonly request: string; readonly reason: string; readonly message: string; readonly replay: string };
}

export interface TournamentSummary {
  readonly kind: 'goldpit-tournament';
  readonly version: string;
  readonly game: string;
  readonly players: number;
  readonly seed: string;
  /** Deals per line-up; each deal is played in all `players` seat rotations. */
  readonly deals: number;
  readonly lineups: { readonly played: number; readonly possible: number; readonly sampled: boolean };
  readonly games: number;
  readonly rating: {
    readonly model: 'plackett-luce';
    /** finishing-order: the whole order of each game; winner: only who won. */
    readonly data: 'finishing-order' | 'winner';
    readonly bootstrap: number;
    readonly level: number;
    /** Bootstrap unit: one deal with all its seat rotations. */
    readonly groups: number;
    /** Pseudo-comparisons against a reference bot (regularisation, see stats/plackett-luce.ts). */
    readonly pseudo: number;
  };
  readonly botTimeoutMs: number | null;
  readonly hangLimitMs: number;
  readonly deckId: string;
  readonly changedRules: Readonly<Record<string, unknown>>;
  /** Bots by rating, best first. */
  readonly bots: readonly TournamentBot[];
  /** In `bots` order: P(i finishes ahead of j) observed (ties ½) over the games both played, and as the fitted model predicts. */
  readonly headToHead: {
    readonly bots: readonly string[];
    readonly games: readonly (readonly number[])[];
    readonly observed: readonly (readonly (number | null)[])[];
    readonly model: readonly (readonly number[])[];
  };
  /** In `bots` order: rating of i minus rating of j (Elo-like) with 95% bootstrap interval; significant when it excludes 0. */
  readonly differences: {
    readonly bots: readonly string[];
    readonly elo: readonly (readonly number[])[];
    readonly lower: readonly (readonly number[])[];
    readonly upper: readonly (readonly number[])[];
    readonly significant: readonly (readonly boolean[])[];
  };
  readonly faults: readonly TournamentFaults[];
  /** Every resolved rule and parameter, defaults included. */
  readonly parameters: unknown;
}

export interface TournamentFacts {
  readonly game: string;
  readonly players: number;
  readonly seed: string;
  readonly deals: number;
  readonly lineupsPlayed: number;
  readonly lineupsPossible: number;
  readonly bots: readonly { readonly name: string; readonly source: string }[];
  readonly counters: readonly string[];
  readonly botTimeoutMs: number | null;
  readonly hangLimitMs: number;
  readonly deckId: string;
  readonly changedRules: Readonly<Record<string, unknown>>;
  readonly parameters: unknown;
  /** The command that replays game G, without the game number (`… --replay`). */
  readonly replayCommand: string;
}

export interface RatingOptions {
  readonly winnerOnly: boolean;
  readonly bootstrap: number;
}

const FAULT_REASONS: readonly Fault['reason'][] = ['threw', 'illegal', 'timeout', 'hung'];

/** Purpose of the bootstrap's stream (game index −2: apart from every game's streams). */
const BOOTSTRAP_PURPOSE = Purpose.referee + 100;

export function summarizeTournament(facts: TournamentFacts, games: readonly TournamentGame[], options: RatingOptions): TournamentSummary {
  const B = facts.bots.length;
  const k = facts.players;
  // Rankings (ranks 1 = best) and their deal groups: the k rotations of a deal are consecutive games.
  const rankings: Ranking[] = games.map((g) => ({ items: g.seats, ranks: g.ranks.map((r) => r + 1) }));
  const groups: Ranking[][] = [];
  for (let i = 0; i < rankings.length; i += k) groups.push(rankings.slice(i, i + k));
  const random = new RandomSource(facts.seed, -2).stream(BOOTSTRAP_PURPOSE);
  const boot = bootstrapPlackettLuce(B, groups, options.bootstrap, { float: () => random.next() }, { winnerOnly: options.winnerOnly });
  const toElo = (x: number) => eloFromLogWorth(x);

  // Per-bot tallies.
  const played = new Float64Array(B);
  const wins = new Float64Array(B);
  const position = new Float64Array(B);
  const score = new Float64Array(B);
  const counters = Array.from({ length: B }, () => new Float64Array(facts.counters.length));
  const faultCounts = Array.from({ length: B }, () => new Float64Array(FAULT_REASONS.length));
  const faultGames = new Float64Array(B);
  const firstFault: (TournamentFaults['first'] | null)[] = new Array(B).fill(null);
  for (const g of games) {
    const seen = new Set<number>();
    g.seats.forEach((bot, seat) => {
      played[bot]++;
      if (g.winners.includes(seat)) wins[bot] += 1 / g.winners.length;
      position[bot] += g.ranks[seat] + 1;
      score[bot] += g.scores[seat];
      g.counters[seat].forEach((v, c) => (counters[bot][c] += v));
    });
    for (const f of g.faults) {
      const bot = g.seats[f.seat];
      faultCounts[bot][FAULT_REASONS.indexOf(f.reason)]++;
      seen.add(bot);
      firstFault[bot] ??= { game: g.game, seat: f.seat, request: f.request, reason: f.reason, message: f.message, replay: `${facts.replayCommand} ${replayArguments(g)}` };
    }
    for (const bot of seen) faultGames[bot]++;
  }

  // Order by rating, best first (ties by name, so the order is stable).
  const order = Array.from({ length: B }, (_, i) => i).sort((a, b) => boot.elo.estimate[b] - boot.elo.estimate[a] || facts.bots[a].name.localeCompare(facts.bots[b].name));
  const name = (i: number) => facts.bots[i].name;
  const diff = boot.difference;
  const gap = (i: number, j: number): RatingGap => {
    const lower = toElo(diff.lower[i][j]);
    const upper = toElo(diff.upper[i][j]);
    return { bot: name(j), elo: fixed(toElo(diff.estimate[i][j]), 3), ci95: [fixed(lower, 3), fixed(upper, 3)], significant: lower > 0 || upper < 0 };
  };
  const bots: TournamentBot[] = order.map((i) => {
    const ci = wilsonInterval(wins[i], played[i]);
    const best = order.find((j) => j !== i);
    const others = order.filter((j) => j !== i);
    return {
      bot: name(i),
      source: facts.bots[i].source,
      games: played[i],
      wins: fixed(wins[i]),
      winRate: fixed(wins[i] / played[i]),
      winCi95: [fixed(ci.lower), fixed(ci.upper)],
      logWorth: fixed(boot.logWorth.estimate[i]),
      logWorthCi95: [fixed(boot.logWorth.lower[i]), fixed(boot.logWorth.upper[i])],
      elo: fixed(boot.elo.estimate[i], 3),
      eloCi95: [fixed(boot.elo.lower[i], 3), fixed(boot.elo.upper[i], 3)],
      meanPosition: fixed(position[i] / played[i]),
      meanScore: fixed(score[i] / played[i]),
      counters: Object.fromEntries(facts.counters.map((c, ci2) => [c, fixed(counters[i][ci2] / played[i])])),
      vsBestOther: best === undefined ? null : gap(i, best),
      significantlyAbove: others.filter((j) => diff.lower[i][j] > 0).map(name),
      significantlyBelow: others.filter((j) => diff.upper[i][j] < 0).map(name),
      faults: faultCounts[i].reduce((a, b) => a + b, 0),
    };
  });

  const h2h = headToHead(B, rankings);
  const matrix = <T>(cell: (i: number, j: number) => T): T[][] => order.map((i) => order.map((j) => cell(i, j)));
  const theta = boot.logWorth.estimate;
  const faults: TournamentFaults[] = order
    .filter((i) => firstFault[i] !== null)
    .map((i) => {
      const [threw, illegal, timeout, hung] = faultCounts[i];
      return { bot: name(i), threw, illegal, timeout, hung, total: threw + illegal + timeout + hung, games: faultGames[i], first: firstFault[i]! };
    });

  return {
    kind: 'goldpit-tournament',
    version: VERSION,
    game: facts.game,
    players: k,
    seed: facts.seed,
    deals: facts.deals,
    lineups: { played: facts.lineupsPlayed, possible: facts.lineupsPossible, sampled: facts.lineupsPlayed < facts.lineupsPossible },
    games: games.length,
    rating: {
      model: 'plackett-luce',
      data: options.winnerOnly ? 'winner' : 'finishing-order',
      bootstrap: options.bootstrap,
      level: 0.95,
      groups: groups.length,
      pseudo: PLACKETT_LUCE_DEFAULTS.pseudo,
    },
    botTimeoutMs: facts.botTimeoutMs,
    hangLimitMs: facts.hangLimitMs,
    deckId: facts.deckId,
    changedRules: facts.changedRules,
    bots,
    headToHead: {
      bots: order.map(name),
      games: matrix((i, j) => h2h.games[i][j]),
      observed: matrix((i, j) => (i === j || h2h.games[i][j] === 0 ? null : fixed(h2h.ahead[i][j] / h2h.games[i][j]))),
      model: matrix((i, j) => (i === j ? 0.5 : fixed(1 / (1 + Math.exp(theta[j] - theta[i]))))),
    },
    differences: {
      bots: order.map(name),
      elo: matrix((i, j) => fixed(toElo(diff.estimate[i][j]), 3)),
      lower: matrix((i, j) => fixed(toElo(diff.lower[i][j]), 3)),
      upper: matrix((i, j) => fixed(toElo(diff.upper[i][j]), 3)),
      significant: matrix((i, j) => i !== j && (diff.lower[i][j] > 0 || diff.upper[i][j] < 0)),
    },
    faults,
    parameters: facts.parameters,
  };
}
