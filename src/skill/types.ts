/**
 * skill.json, the data contract of the skill ladder's CSV and HTML page: the tiers, the matchup
 * matrix, Plackett–Luce ratings, skill depth, luck versus skill, faults and the verdicts. Shares are
 * fractions (0.25 = 25%); ratings are on the Elo-like scale (400 points = 10:1 odds of finishing
 * ahead); every interval is 95%.
 */
import type { DataIdFact } from '../report/data-ids.js';
import type { TournamentFaults } from '../report/tournament.js';
import type { Interval } from '../report/types.js';

export interface SkillTierFacts {
  readonly tier: string;
  /** "built-in", or the bot file as given. */
  readonly source: string;
  /** The search budget (iterations) and the family of budgets this tier belongs to, when its name gives one. */
  readonly budget: number | null;
  readonly family: string | null;
  /** Seat-games played, as the focal seat and at its own tables. */
  readonly seatGames: number;
  /** Its focal seat's mean win share over every other tier's table. */
  readonly focalWinShare: number;
  /** Plackett–Luce rating over every game (Elo-like, mean 0 over the tiers), with its interval (null without intervals). */
  readonly elo: number;
  readonly eloCi95: Interval | null;
  readonly logWorth: number;
  readonly logWorthCi95: Interval | null;
  /** Mean final score per seat-game. */
  readonly meanScore: number;
  readonly faults: number;
}

/** One cell of the matchup matrix: `focal`'s seat at a table of `table`. */
export interface MatchupCell {
  readonly focal: string;
  readonly table: string;
  /** The focal seat's win share (a shared win counts 1/k to each of its k winners). */
  readonly winShare: number;
  /** Its 95% interval over deals (clustered: a deal's rotations share their chance), null without intervals. */
  readonly ci95: Interval | null;
  /** winShare − 1/players: above 0 the focal tier outplays the table. */
  readonly edge: number;
  /** The interval excludes the equal share 1/players. */
  readonly significant: boolean;
  readonly games: number;
  readonly deals: number;
}

/** One budget step of a family: the higher budget's seat at a table of the lower. */
export interface DepthStep {
  readonly from: number;
  readonly to: number;
  /** to / from (2 for a doubling). */
  readonly ratio: number;
  /** The higher budget's win share at the lower budget's table minus the equal share 1/players. */
  readonly gain: number;
  readonly ci95: Interval | null;
  /** The interval lies above 0. */
  readonly significant: boolean;
  /** The Plackett–Luce rating difference (higher − lower) with its paired bootstrap interval. */
  readonly elo: number;
  readonly eloCi95: Interval | null;
}

export interface SkillDepth {
  readonly family: string;
  readonly budgets: readonly number[];
  readonly steps: readonly DepthStep[];
  /**
   * How many budget steps, from the lowest, gain significantly before the first that does not (a
   * fixed-sequence test: the family-wise error of the whole count stays at 5%). null without intervals.
   */
  readonly depth: number | null;
}

export interface ShareEstimate {
  readonly share: number;
  readonly ci95: Interval | null;
}

export interface LuckShares {
  /** The tiers: which tier sits in the seat and which at the table. */
  readonly skill: ShareEstimate;
  /** The deal and the seat it was dealt to. */
  readonly luck: ShareEstimate;
  /** Neither alone: how the deal's effect depends on who plays (the bots' own chance included). */
  readonly interaction: ShareEstimate;
}

export interface LuckVersusSkill extends LuckShares {
  /** What is decomposed. */
  readonly outcome: string;
  /** Rows (tables), deals and seats of the paired design. */
  readonly tables: number;
  readonly deals: number;
  readonly seats: number;
  /** The variance of the outcome at a random table and deal-seat, and its components. */
  readonly variance: number;
  readonly components: { readonly skill: number; readonly luck: number; readonly interaction: number };
  /** The same decomposition among the tables of one tier (its seat's opponents fixed, the focal tier varying). */
  readonly byTable: readonly ({ readonly table: string } & LuckShares)[];
}

/** A tier's faults, counted as a tournament counts a bot's (report/tournament.ts), with its first fault. */
export interface SkillFaults extends Omit<TournamentFaults, 'bot' | 'first'> {
  readonly tier: string;
  readonly first: Omit<TournamentFaults['first'], 'replay'>;
}

export interface SkillJson {
  readonly kind: 'goldpit-skill';
  readonly version: string;
  readonly game: string;
  readonly title: string;
  readonly scenario: { readonly file: string; readonly name: string };
  readonly players: number;
  readonly seed: string;
  /** Deals every table plays, each in every seat rotation. */
  readonly deals: number;
  readonly tables: number;
  readonly games: number;
  /** Whether intervals and significance are given (at least `minimumDeals` deals), and why not. */
  readonly intervals: { readonly given: boolean; readonly minimumDeals: number; readonly reason: string | null };
  readonly rating: { readonly model: 'plackett-luce'; readonly bootstrap: number; readonly method: string };
  readonly botTimeoutMs: number | null;
  /** The tiers in ladder order. */
  readonly tiers: readonly SkillTierFacts[];
  /** matchups[i][j]: tier i's seat at a table of tier j (null on the diagonal). */
  readonly matchups: readonly (readonly (MatchupCell | null)[])[];
  /** Rating differences, row − column, in ladder order, with paired intervals (null without intervals). */
  readonly differences: {
    readonly elo: readonly (readonly number[])[];
    readonly lower: readonly (readonly number[])[] | null;
    readonly upper: readonly (readonly number[])[] | null;
  };
  readonly depth: readonly SkillDepth[];
  /** Null with fewer than two tables. */
  readonly luck: LuckVersusSkill | null;
  readonly faults: readonly SkillFaults[];
  readonly verdicts: readonly string[];
  readonly changedRules: Readonly<Record<string, unknown>>;
  readonly parameters: unknown;
  /** The scenario's data sets (a deck, a components set), placeholders marked; absent = none. */
  readonly data?: readonly DataIdFact[];
}
