/**
 * A tournament's results (tournament.json, the data contract of its CSV tables and HTML page):
 * Plackett–Luce ratings with bootstrap intervals over deals, the interval of every pairwise rating
 * difference, win rates with intervals over deals (a deal's seat rotations are correlated games, see
 * stats/clustered-proportion.ts), head-to-head shares, mean score and counters per bot, and the
 * faults with the game to replay. Below MIN_DEALS deals per bot no interval and no significance is
 * given (see `intervals`). Pure: the same games give the same bytes.
 */
import type { Fault } from '../core/game.js';
import { Purpose, RandomSource } from '../core/random.js';
import {
  bootstrapPlackettLuce,
  clusteredProportionInterval,
  eloFromLogWorth,
  expandedAlpha,
  fitPlackettLuce,
  headToHead,
  PLACKETT_LUCE_DEFAULTS,
  type Ranking,
} from '../stats/index.js';
import { replayArguments, type TournamentGame } from '../sim/tournament.js';
import { fixed, fixedInterval, VERSION } from './summary.js';
import type { Interval } from './types.js';

/** A rating difference between two bots, with its 95% bootstrap interval (Elo-like points). */
export interface RatingGap {
  readonly bot: string;
  readonly elo: number;
  /** null when the tournament is too small for intervals (see TournamentSummary.intervals). */
  readonly ci95: Interval | null;
  /** The interval excludes 0 (false when there is no interval). */
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
  /** Deals played (each in every seat rotation): the independent units of the intervals. */
  readonly deals: number;
  /**
   * 95% interval of the win rate over deals: Wilson on the effective number of games, with the
   * design effect from a cluster-robust variance over deals and t on deals − 1 degrees of freedom
   * (stats/clustered-proportion.ts). null below MIN_DEALS deals per bot.
   */
  readonly winCi95: Interval | null;
  /**
   * How much the correlation of a deal's games inflates the win rate's variance over independent
   * games (cluster-robust over binomial variance; the interval uses at least 1). null below MIN_DEALS.
   */
  readonly winDesignEffect: number | null;
  /** Plackett–Luce log-worth (mean 0 over the bots) with its 95% bootstrap interval (null below MIN_DEALS). */
  readonly logWorth: number;
  readonly logWorthCi95: Interval | null;
  /** The same on the Elo-like scale: 400/ln 10 × log-worth (mean 0; 400 points = 10:1 odds of finishing ahead). */
  readonly elo: number;
  readonly eloCi95: Interval | null;
  /** Mean finishing position, 1 = first (tied players share the better position). */
  readonly meanPosition: number;
  /** Mean final score (Goldrausch: gold). */
  readonly meanScore: number;
  /** Per game, the mean of each of the game's counters (Goldrausch: fines, upgrades, …, kept, broken). */
  readonly counters: Readonly<Record<string, number>>;
  /** The rating gap to the best other bot (for the top bot: to the runner-up). */
  readonly vsBestOther: RatingGap | null;
  /** Bots this one is rated above with significance (difference interval above 0); empty without intervals. */
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
  readonly first: {
    readonly game: number;
    readonly seat: number;
    readonly request: string;
    readonly reason: string;
    readonly message: string;
    readonly replay: string;
  };
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
    /**
     * The bootstrap quantiles the intervals are read at: Hesterberg's expanded percentile interval
     * over the deals (α′ and 1 − α′, stats/expanded-percentile.ts), not the plain 2.5% and 97.5%.
     */
    readonly quantiles: readonly [number, number];
    /** Bootstrap unit: one deal with all its seat rotations. */
    readonly groups: number;
    /** Pseudo-comparisons against a reference bot (regularisation, see stats/plackett-luce.ts). */
    readonly pseudo: number;
  };
  /**
   * Whether intervals and significance are given: only when every bot played at least
   * `minimumDeals` deals. With fewer, the deal bootstrap has few distinct resamples (one deal: a
   * single one, hence intervals like "+447 to +447") and a percentile interval over C deals covers
   * about as often as a normal interval with C/(C − 1) too little variance and no t correction:
   * 85% at 5 deals, 90% at 10, 93% at 20 for a nominal 95%.
   */
  readonly intervals: {
    readonly given: boolean;
    readonly minimumDeals: number;
    /** The fewest deals any bot played, and that bot. */
    readonly fewestDeals: number;
    readonly fewestDealsBot: string;
    /** Why not, in words (null when given). */
    readonly reason: string | null;
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
  /**
   * In `bots` order: rating of i minus rating of j (Elo-like) with 95% bootstrap interval; significant
   * when it excludes 0. lower, upper and significant are null without intervals.
   */
  readonly differences: {
    readonly bots: readonly string[];
    readonly elo: readonly (readonly number[])[];
    readonly lower: readonly (readonly number[])[] | null;
    readonly upper: readonly (readonly number[])[] | null;
    readonly significant: readonly (readonly boolean[])[] | null;
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

/**
 * Intervals and significance need every bot to have played at least this many deals. The deal is
 * the independent unit (its seat rotations share the same chance: shuffles, draws and tie-breaks), and a percentile
 * bootstrap over C deals behaves like a normal interval with the variance shrunk by (C − 1)/C and no
 * t correction; for a mean its coverage is then 2·T_{C−1}(1.96·√((C − 1)/C)) − 1 — 85% at C = 5,
 * 90% at 10, 93% at 20, 94% at 40 (scipy: 2*t.cdf(1.959964*sqrt((C-1)/C), C-1) - 1 gives
 * 0.8455, 0.9041, 0.9287, 0.9398). 20 deals keeps a nominal 95% interval above 92.5%, and the
 * README's quick start (5 bots, --deals 10: 40 deals per bot) above it.
 */
export const MIN_DEALS = 20;

export function summarizeTournament(facts: TournamentFacts, games: readonly TournamentGame[], options: RatingOptions): TournamentSummary {
  const B = facts.bots.length;
  const k = facts.players;
  // Rankings (ranks 1 = best) and their deal groups: the k rotations of a deal are consecutive games.
  const rankings: Ranking[] = games.map((g) => ({ items: g.seats, ranks: g.ranks.map((r) => r + 1) }));
  const groups: Ranking[][] = [];
  for (let i = 0; i < rankings.length; i += k) groups.push(rankings.slice(i, i + k));
  const toElo = (x: number) => eloFromLogWorth(x);

  // Per-bot tallies, and per bot and deal its games and wins (the clusters of its win-rate interval).
  const played = new Float64Array(B);
  const wins = new Float64Array(B);
  const dealGames = Array.from({ length: B }, () => new Map<number, number>());
  const dealWins = Array.from({ length: B }, () => new Map<number, number>());
  const position = new Float64Array(B);
  const score = new Float64Array(B);
  const counters = Array.from({ length: B }, () => new Float64Array(facts.counters.length));
  const faultCounts = Array.from({ length: B }, () => new Float64Array(FAULT_REASONS.length));
  const faultGames = new Float64Array(B);
  const firstFault: (TournamentFaults['first'] | null)[] = new Array(B).fill(null);
  for (const g of games) {
    const seen = new Set<number>();
    // Game g belongs to deal ⌊g/k⌋ (sim/tournament.ts: g = (lineup·deals + deal)·k + rotation).
    const deal = Math.floor(g.game / k);
    g.seats.forEach((bot, seat) => {
      const win = g.winners.includes(seat) ? 1 / g.winners.length : 0;
      played[bot]++;
      wins[bot] += win;
      dealGames[bot].set(deal, (dealGames[bot].get(deal) ?? 0) + 1);
      dealWins[bot].set(deal, (dealWins[bot].get(deal) ?? 0) + win);
      position[bot] += g.ranks[seat] + 1;
      score[bot] += g.scores[seat];
      g.counters[seat].forEach((v, c) => (counters[bot][c] += v));
    });
    for (const f of g.faults) {
      const bot = g.seats[f.seat];
      faultCounts[bot][FAULT_REASONS.indexOf(f.reason)]++;
      seen.add(bot);
      firstFault[bot] ??= {
        game: g.game,
        seat: f.seat,
        request: f.request,
        reason: f.reason,
        message: f.message,
        replay: `${facts.replayCommand} ${replayArguments(g)}`,
      };
    }
    for (const bot of seen) faultGames[bot]++;
  }

  // Too few deals: no bootstrap (its intervals would mislead), the plain fit for the estimates.
  const name = (i: number) => facts.bots[i].name;
  const dealsOf = (i: number) => dealGames[i].size;
  const fewest = Array.from({ length: B }, (_, i) => i).reduce((a, b) => (dealsOf(b) < dealsOf(a) ? b : a), 0);
  const enough = B > 0 && dealsOf(fewest) >= MIN_DEALS;
  const random = new RandomSource(facts.seed, -2).stream(BOOTSTRAP_PURPOSE);
  // Hesterberg's expanded percentile interval over the deals, as the skill ladder reads its bootstrap:
  // plain 2.5% and 97.5% quantiles over C deals cover ~93% at C = 20 (docs/statistics.md).
  const level = groups.length >= 2 ? 1 - 2 * expandedAlpha(0.95, groups.length) : 0.95;
  const boot = enough ? bootstrapPlackettLuce(B, groups, options.bootstrap, { float: () => random.next() }, { winnerOnly: options.winnerOnly, level }) : null;
  const given = boot?.resamplesVary === true;
  const reason = given
    ? null
    : !enough
      ? `${name(fewest)} played ${dealsOf(fewest)} deal${dealsOf(fewest) === 1 ? '' : 's'}; intervals and significance need at least ${MIN_DEALS} deals per bot, because a deal (all its seat rotations) is the independent unit and over fewer deals a 95% interval covers well under 95% (about 90% at 10 deals, 85% at 5; one deal gives a single bootstrap resample)`
      : `every deal gave the same finishing orders, so resampling the deals shows no variation and every bootstrap interval would have zero width; that is no evidence that the ratings are exact`;
  let logWorth: { estimate: readonly number[]; lower: readonly number[] | null; upper: readonly number[] | null };
  let diff: { estimate: readonly (readonly number[])[]; lower: readonly (readonly number[])[] | null; upper: readonly (readonly number[])[] | null };
  if (given && boot !== null) {
    logWorth = boot.logWorth;
    diff = boot.difference;
  } else {
    const fit = fitPlackettLuce(B, rankings, { winnerOnly: options.winnerOnly });
    logWorth = { estimate: fit.logWorth, lower: null, upper: null };
    diff = { estimate: fit.logWorth.map((a) => fit.logWorth.map((b) => a - b)), lower: null, upper: null };
  }
  const ci = (lower: readonly number[] | null, upper: readonly number[] | null, i: number, scale: (x: number) => number, digits: number): Interval | null =>
    lower && upper ? fixedInterval(scale(lower[i]), scale(upper[i]), digits) : null;
  const above = (i: number, j: number) => diff.lower !== null && diff.lower[i][j] > 0;
  const below = (i: number, j: number) => diff.upper !== null && diff.upper[i][j] < 0;

  // Order by rating, best first (ties by name, so the order is stable).
  const order = Array.from({ length: B }, (_, i) => i).sort(
    (a, b) => logWorth.estimate[b] - logWorth.estimate[a] || facts.bots[a].name.localeCompare(facts.bots[b].name),
  );
  const gap = (i: number, j: number): RatingGap => ({
    bot: name(j),
    elo: fixed(toElo(diff.estimate[i][j]), 3),
    ci95: diff.lower && diff.upper ? fixedInterval(toElo(diff.lower[i][j]), toElo(diff.upper[i][j]), 3) : null,
    significant: above(i, j) || below(i, j),
  });
  const bots: TournamentBot[] = order.map((i) => {
    const deals = [...dealGames[i].keys()];
    const win = given
      ? clusteredProportionInterval(
          deals.map((d) => dealWins[i].get(d)!),
          deals.map((d) => dealGames[i].get(d)!),
        )
      : null;
    const best = order.find((j) => j !== i);
    const others = order.filter((j) => j !== i);
    return {
      bot: name(i),
      source: facts.bots[i].source,
      games: played[i],
      wins: fixed(wins[i]),
      winRate: fixed(wins[i] / played[i]),
      deals: dealsOf(i),
      winCi95: win ? fixedInterval(win.lower, win.upper) : null,
      winDesignEffect: win ? fixed(win.designEffect, 4) : null,
      logWorth: fixed(logWorth.estimate[i]),
      logWorthCi95: ci(logWorth.lower, logWorth.upper, i, (x) => x, 6),
      elo: fixed(toElo(logWorth.estimate[i]), 3),
      eloCi95: ci(logWorth.lower, logWorth.upper, i, toElo, 3),
      meanPosition: fixed(position[i] / played[i]),
      meanScore: fixed(score[i] / played[i]),
      counters: Object.fromEntries(facts.counters.map((c, ci2) => [c, fixed(counters[i][ci2] / played[i])])),
      vsBestOther: best === undefined ? null : gap(i, best),
      significantlyAbove: others.filter((j) => above(i, j)).map(name),
      significantlyBelow: others.filter((j) => below(i, j)).map(name),
      faults: faultCounts[i].reduce((a, b) => a + b, 0),
    };
  });

  const h2h = headToHead(B, rankings);
  const matrix = <T>(cell: (i: number, j: number) => T): T[][] => order.map((i) => order.map((j) => cell(i, j)));
  const theta = logWorth.estimate;
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
      bootstrap: given ? options.bootstrap : 0,
      level: 0.95,
      quantiles: [fixed((1 - level) / 2, 6), fixed(1 - (1 - level) / 2, 6)],
      groups: groups.length,
      pseudo: PLACKETT_LUCE_DEFAULTS.pseudo,
    },
    intervals: { given, minimumDeals: MIN_DEALS, fewestDeals: B > 0 ? dealsOf(fewest) : 0, fewestDealsBot: B > 0 ? name(fewest) : '', reason },
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
      lower: diff.lower ? matrix((i, j) => fixed(toElo(diff.lower![i][j]), 3)) : null,
      upper: diff.upper ? matrix((i, j) => fixed(toElo(diff.upper![i][j]), 3)) : null,
      significant: given ? matrix((i, j) => i !== j && (above(i, j) || below(i, j))) : null,
    },
    faults,
    parameters: facts.parameters,
  };
}
