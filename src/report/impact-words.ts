/**
 * How `impact`'s metrics read in a game's words, and which of them lead (the game's headline,
 * `GamePresentation.impactHeadline`): the terminal table (write.ts) and the report page's card-impact
 * section (html.ts) both show the headline metrics first and take their verdicts from them.
 */
import type { ImpactMetrics, ReportGame } from './types.js';

export type MetricKey = keyof ImpactMetrics;

export interface MetricWords {
  /** Column heading. */
  readonly short: string;
  /** In a sentence: "raises <long> by …". */
  readonly long: string;
  readonly unit: string;
  /** Printed value = estimate × scale. */
  readonly scale: number;
  readonly digits: number;
}

/** The headline when a game names none: who was ahead when the card came, and whether the winner changes. */
export const DEFAULT_IMPACT_HEADLINE: readonly MetricKey[] = ['leaderWin', 'lastWin', 'swing'];

/** How each impact metric reads, in the game's words: unit, scale and the words of its verdict. */
export function impactMetricWords(game: ReportGame): Record<MetricKey, MetricWords> {
  const ending = game.keyEnding === null ? null : (game.endings[game.keyEnding]?.label ?? game.keyEnding);
  return {
    leaderWin: { short: 'leader win', long: "the then-leader's win chance", unit: 'pp', scale: 100, digits: 1 },
    lastWin: { short: 'last win', long: "the then-last player's win chance", unit: 'pp', scale: 100, digits: 1 },
    spread: { short: `${game.score} spread`, long: `the final ${game.score} spread`, unit: game.score, scale: 1, digits: 2 },
    length: { short: 'length', long: 'game length', unit: game.step.many, scale: 1, digits: 2 },
    ending: { short: `${ending ?? 'key ending'} end`, long: `the chance of a ${ending ?? 'key'} ending`, unit: 'pp', scale: 100, digits: 1 },
    swing: { short: 'swing', long: 'the share of games whose winner changes', unit: '%', scale: 100, digits: 1 },
  };
}

/** The impact metrics a game has: the key-ending share only where the game names a key ending. */
export function metricKeys(game: ReportGame): MetricKey[] {
  return (Object.keys(impactMetricWords(game)) as MetricKey[]).filter((k) => k !== 'ending' || game.keyEnding !== null);
}

/** The game's headline metrics (those it has), most telling first; the first is the lead metric. */
export function headlineMetrics(game: ReportGame): MetricKey[] {
  const has = metricKeys(game);
  return (game.impactHeadline ?? DEFAULT_IMPACT_HEADLINE).filter((k) => has.includes(k));
}

/** Every metric the game has, the headline first (the order of the page's full tables). */
export function metricsInOrder(game: ReportGame): MetricKey[] {
  const head = headlineMetrics(game);
  return [...head, ...metricKeys(game).filter((k) => !head.includes(k))];
}

/** The metric the chart and the sort order use: the first headline metric that is tested (not the swing). */
export function leadMetric(game: ReportGame): Exclude<MetricKey, 'swing'> {
  return (headlineMetrics(game).find((k) => k !== 'swing') ?? 'leaderWin') as Exclude<MetricKey, 'swing'>;
}
