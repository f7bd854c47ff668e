/**
 * The data of a run report (summary.json) and of a card-impact report (impact.json). Every writer
 * (JSON, CSV, HTML) reads these and nothing else.
 */

import type { GamePresentation } from '../core/definition.js';
import type { BotFileFact } from '../sim/seat-bots.js';

/** What the report pages need to know of the game: its words and sections, and its key ending (GameDefinition). */
export type ReportGame = GamePresentation & { readonly keyEnding: string | null };

/** A 95% interval [low, high]. */
export type Interval = readonly [number, number];

export interface BotSummary {
  readonly bot: string;
  readonly seats: readonly number[];
  /** Seat-games played (a bot in two seats plays two per game). */
  readonly games: number;
  /** Wins, a shared win counting 1/k for each of its k winners. */
  readonly wins: number;
  readonly winRate: number;
  /** 95% Wilson interval of the win rate (Clopper–Pearson when wins or losses are under 10). */
  readonly ci95: Interval;
  readonly meanFinalGold: number;
  readonly faults: number;
}

export interface SeatSummary {
  readonly seat: number;
  readonly bot: string;
  readonly games: number;
  readonly wins: number;
  readonly winRate: number;
  readonly ci95: Interval;
  readonly meanFinalGold: number;
}

/** Seat advantage: meaningful in mirror line-ups (every seat the same bot). */
export interface SeatAdvantage {
  readonly mirror: boolean;
  /** 1 / players: every seat's win rate if seats were equal. */
  readonly expected: number;
  /** Per seat: win rate, its deviation from `expected`, and the 95% interval of that deviation. */
  readonly seats: readonly { readonly seat: number; readonly winRate: number; readonly deviation: number; readonly ci95: Interval }[];
  /**
   * Chi-squared test of "all seats win equally often" on the seats' win counts. `warning` is set
   * when a seat expects fewer than 5 wins: the chi-squared approximation of the p-value is then
   * unreliable (Cochran's rule).
   */
  readonly chiSquared: { readonly statistic: number; readonly df: number; readonly pValue: number; readonly warning: string | null };
  /** Ludii's Balance: 1 − (largest win rate − smallest win rate). */
  readonly balance: number;
}

/** A point of a score curve: `round` is the game's step (Goldrausch: round; GOLD: turn); "gold" is the game's score. */
export interface CurvePoint {
  readonly round: number;
  readonly meanGold: number;
  readonly p10: number;
  readonly p50: number;
  readonly p90: number;
}

export interface GameShape {
  /** Mean length in the game's steps (Goldrausch: rounds; GOLD: turns). */
  readonly meanLength: number;
  readonly lengthDistribution: readonly { readonly rounds: number; readonly games: number }[];
  /** Share of games ended by each of the game's endings (Goldrausch: "race" = the gold target, "clock" = time limit). */
  readonly endings: Readonly<Record<string, { readonly games: number; readonly share: number }>>;
  readonly sharedWinShare: number;
  readonly meanLeadChanges: number;
  /** Per checkpoint step the game chooses (Goldrausch: rounds 5 and 8): share of the games that went on past it whose winner was not (alone or jointly) leading then. */
  readonly comebacks: readonly { readonly after: number; readonly share: number }[];
  /** Mean over games of the Gini coefficient of final scores. */
  readonly meanGini: number;
  /** How a game feels, from the score curves (src/stats/tension.ts defines each figure; docs/report.md cites where they come from). */
  readonly tension: TensionSummary;
  /** Per step: the mean per game of each of the game's per-step totals (`GameDefinition.roundCounters`, e.g. Goldrausch's upgrades, collisions and fines). */
  readonly perRound: readonly ({ readonly round: number } & Readonly<Record<string, number>>)[];
}

/**
 * The tension figures over the run's games (src/stats/tension.ts): `step` is the game's step (0: the
 * start); winner-based figures are over the games with a winner (`wonGames`).
 */
export interface TensionSummary {
  readonly wonGames: number;
  /** Lead changes per game: mean, standard deviation, and games by count (`changes` capped at the longest game's steps). */
  readonly meanLeadChanges: number;
  readonly sdLeadChanges: number;
  readonly leadChangeDistribution: readonly { readonly changes: number; readonly games: number }[];
  /** Games whose winners led at the end (the rest have no decisive step), the mean decisive step and its mean share of the game's steps (0: decided from the start, 1: at the last step). */
  readonly decidedGames: number;
  readonly meanDecisiveStep: number;
  readonly meanDecisiveShare: number;
  readonly decisiveDistribution: readonly { readonly step: number; readonly games: number }[];
  /** The winner's largest deficit: mean (score), and the share of won games in which the winner was behind at some step. */
  readonly meanWinnerDeficit: number;
  readonly winnerTrailedShare: number;
  /** The final margin (lowest winner's score − best non-winner's): mean, and the share of won games with a margin of 0. */
  readonly meanFinalMargin: number;
  readonly zeroMarginShare: number;
  /**
   * Leader wins: per step (0 = the start), over the games that went on past it, how often the leader
   * then won (a tie for the lead counts each tied leader's share), with a 95% interval.
   */
  readonly leaderWins: readonly { readonly step: number; readonly games: number; readonly share: number; readonly ci95: Interval }[];
}

/** One extreme game: its index and the value that makes it extreme (rounds, score spread, lead changes, …). */
export interface ExtremeGame {
  readonly game: number;
  readonly value: number;
}

/**
 * Example games behind the figures: per figure the smallest game indices that qualify (at most 3),
 * per extreme the game reaching it (the smallest index among equals); the same for any worker
 * count, batch size, shard split, resume or queue (src/stats/examples.ts).
 */
export interface RunExamples {
  /** Games each bot won (a shared win included). */
  readonly bots: Readonly<Record<string, readonly number[]>>;
  /** Games each seat won, by seat. */
  readonly seats: readonly (readonly number[])[];
  /** Games ended by each ending. */
  readonly endings: Readonly<Record<string, readonly number[]>>;
  readonly sharedWins: readonly number[];
  /** Per comeback checkpoint: games whose winner was not leading after that step. */
  readonly comebacks: readonly { readonly after: number; readonly games: readonly number[] }[];
  /** Games in which each chance card was drawn, in `chanceCards` order. */
  readonly chanceCards: readonly { readonly card: string; readonly games: readonly number[] }[];
  /** The longest and shortest game (steps), the largest final-score spread, the most lead changes, the winner's largest deficit, the narrowest winning margin. */
  readonly longest: ExtremeGame | null;
  readonly shortest: ExtremeGame | null;
  readonly largestSpread: ExtremeGame | null;
  readonly mostLeadChanges: ExtremeGame | null;
  readonly largestWinnerDeficit: ExtremeGame | null;
  readonly narrowestMargin: ExtremeGame | null;
}

/** Descriptive (correlational) facts about one event card. */
export interface CardDescriptive {
  readonly card: string;
  readonly draws: number;
  readonly perGame: number;
  /** Mean gold change over the round the card was drawn, by the player's rank when it was drawn. */
  readonly meanChange: { readonly leader: number; readonly middle: number; readonly last: number };
  /** Win rate of the player leading when the card was drawn (n = draws), vs the leader at the same point of rounds without it (n = notDrawn). */
  readonly leaderWinRateDrawn: number;
  readonly leaderWinRateNotDrawn: number;
  /** Steps played in which the card was not drawn: the sample of leaderWinRateNotDrawn (absent in summary.json files written before it was added). */
  readonly notDrawn?: number;
}

export interface RunSummary {
  readonly tool: 'goldpit';
  readonly version: string;
  readonly scenario: string;
  readonly game: string;
  readonly players: number;
  readonly lineup: readonly string[];
  readonly games: number;
  readonly seed: string;
  readonly deckId: string;
  readonly dataIds: Readonly<Record<string, string>>;
  readonly changedRules: Readonly<Record<string, unknown>>;
  /** Cards that differ from the game's built-in set, and new ones, one line each (GameDefinition facts); absent = none. */
  readonly changedCards?: readonly string[];
  /** The bot files among the seats: the bot, its file as the scenario names it, its sha256, seats and imports; absent = built-in bots only. */
  readonly botFiles?: readonly BotFileFact[];
  readonly bots: readonly BotSummary[];
  readonly seats: readonly SeatSummary[];
  readonly seatAdvantage: SeatAdvantage;
  readonly endings: Readonly<Record<string, { readonly games: number; readonly share: number }>>;
  readonly sharedWinShare: number;
  readonly meanLength: number;
  readonly lengthDistribution: readonly { readonly rounds: number; readonly games: number }[];
  readonly goldCurve: readonly (CurvePoint & { readonly bot: string })[];
  readonly seatCurve: readonly (CurvePoint & { readonly seat: number })[];
  /** Mean gold after each round of the eventual winner(s) vs everybody else. */
  readonly winnerCurve: readonly { readonly round: number; readonly winner: number; readonly rest: number }[];
  readonly gameShape: GameShape;
  readonly chanceCards: readonly CardDescriptive[];
  readonly perGame: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly faults: readonly {
    readonly bot: string;
    readonly seat: number;
    readonly count: number;
    readonly firstGame: number;
    readonly request: string;
    readonly reason: string;
    readonly message: string;
  }[];
  readonly parameters: unknown;
  /** Example games behind the figures (game indices, for `goldpit replay --game K`); absent in summaries of earlier goldpit versions. */
  readonly examples?: RunExamples;
  /** With `run --precision`: the stopping rule, where the run stopped, and whether the rule was met there. */
  readonly stopping?: { readonly rule: string; readonly games: number; readonly cap: number; readonly met: boolean; readonly text: string };
}

/**
 * One paired effect: mean of (as dealt − card blanked) over games, with a 95% t interval. The
 * interval and pValue are per card, not adjusted for the number of cards; qValue and significant are
 * adjusted (Benjamini–Hochberg across the cards), so an interval can exclude 0 for a card that is not
 * significant.
 */
export interface PairedEffect {
  readonly estimate: number;
  /**
   * 95% interval, unadjusted (one card at a time): paired t; when no game changed (every
   * difference 0) the bound that many unchanged games allow in the metric's range (docs/statistics.md);
   * null where none can be given (fewer than 2 games, or no game changed a metric without a bound).
   */
  readonly ci95: Interval | null;
  /** Two-sided p-value of "no effect" (paired t-test), unadjusted. */
  readonly pValue: number;
  /** Benjamini–Hochberg adjusted p-value across all cards tested (same metric and scope). */
  readonly qValue: number;
  /** qValue < 0.05 (false discovery rate controlled at 5%). */
  readonly significant: boolean;
  readonly n: number;
}

export interface CardImpact {
  readonly card: string;
  /** Games in which the card's deck position was drawn. */
  readonly drawnIn: number;
  /** Effects per game (over all games: the card in the deck vs a blank) and per draw (only games that drew it). */
  readonly perGame: ImpactMetrics;
  readonly perDraw: ImpactMetrics;
}

export interface ImpactMetrics {
  /** Win probability of the player leading when the card was drawn (the then-leader). */
  readonly leaderWin: PairedEffect;
  /** Win probability of the player last when the card was drawn. */
  readonly lastWin: PairedEffect;
  /** Final gold spread (richest − poorest). */
  readonly spread: PairedEffect;
  /** Game length in rounds. */
  readonly length: PairedEffect;
  /** 1 if the game ended by its key ending (GameDefinition.keyEnding; Goldrausch: the race to the gold target). */
  readonly ending: PairedEffect;
  /** Share of games whose winner(s) changed (a proportion, not a difference; its interval is Wilson). */
  readonly swing: SwingShare;
}

/**
 * The share of games whose winner changed when the card was blanked: an observed count, not a test.
 * Whether the card ever changes a winner is a fact of the games played (any count above 0), so it
 * has no p-value and is left out of the FDR family; pValue, qValue and significant are null.
 */
export interface SwingShare {
  readonly estimate: number;
  /** 95% Wilson interval of the share (unadjusted); null when the card was never drawn (n = 0). */
  readonly ci95: Interval | null;
  readonly pValue: null;
  readonly qValue: null;
  readonly significant: null;
  readonly n: number;
}

export interface ImpactReport {
  readonly tool: 'goldpit';
  readonly scenario: string;
  readonly games: number;
  readonly seed: string;
  readonly deckId: string;
  readonly cards: readonly CardImpact[];
}
