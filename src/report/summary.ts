/**
 * Turns an aggregate into the run summary: win rates per bot and seat, gold, game shape, the gold
 * curve and event-card draws. Pure: the same aggregate gives the same summary, byte for byte.
 */
import { gameCount, seatWins, sharedWinGames, type Aggregate } from '../stats/aggregate.js';
import type { Scenario } from '../sim/scenario.js';

/** Fixed precision so that re-runs diff cleanly. */
export const fixed = (x: number, digits = 6): number => (Number.isFinite(x) ? Number(x.toFixed(digits)) : 0);

export interface BotSummary {
  readonly bot: string;
  readonly seats: readonly number[];
  readonly games: number;
  readonly wins: number;
  readonly winRate: number;
  readonly meanFinalGold: number;
  readonly faults: number;
}

export interface SeatSummary {
  readonly seat: number;
  readonly bot: string;
  readonly games: number;
  readonly wins: number;
  readonly winRate: number;
  readonly meanFinalGold: number;
}

export interface RunSummary {
  readonly tool: 'goldpit';
  readonly scenario: string;
  readonly game: string;
  readonly players: number;
  readonly lineup: readonly string[];
  readonly games: number;
  readonly seed: string;
  readonly deckId: string;
  readonly dataIds: Readonly<Record<string, string>>;
  readonly changedRules: Readonly<Record<string, unknown>>;
  readonly bots: readonly BotSummary[];
  readonly seats: readonly SeatSummary[];
  readonly endings: Readonly<Record<string, { games: number; share: number }>>;
  readonly sharedWinShare: number;
  readonly meanLength: number;
  readonly lengthDistribution: readonly { rounds: number; games: number }[];
  readonly goldCurve: { readonly round: number; readonly bot: string; readonly meanGold: number; readonly p10: number; readonly p50: number; readonly p90: number }[];
  readonly eventCards: readonly { card: string; draws: number; perGame: number }[];
  readonly perGame: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly faults: readonly { bot: string; seat: number; count: number; firstGame: number; request: string; reason: string; message: string }[];
  readonly parameters: unknown;
}

export function summarize(scenario: Scenario, agg: Aggregate): RunSummary {
  const def = scenario.definition;
  const facts = def.facts(scenario.config);
  const p = scenario.players;
  const n = gameCount(agg);
  const names = [...new Set(scenario.seats)];
  const seatsOf = (bot: string) => scenario.seats.map((b, s) => (b === bot ? s : -1)).filter((s) => s >= 0);
  const seats: SeatSummary[] = scenario.seats.map((bot, seat) => {
    const wins = seatWins(agg, seat);
    return { seat, bot, games: n, wins: fixed(wins), winRate: fixed(wins / n), meanFinalGold: fixed(agg.scoreSum[seat] / n, 4) };
  });
  const bots: BotSummary[] = names.map((bot) => {
    const ss = seatsOf(bot);
    const wins = ss.reduce((a, s) => a + seatWins(agg, s), 0);
    const gold = ss.reduce((a, s) => a + agg.scoreSum[s], 0);
    const games = n * ss.length;
    return {
      bot,
      seats: ss,
      games,
      wins: fixed(wins),
      winRate: fixed(wins / games),
      meanFinalGold: fixed(gold / games, 4),
      faults: ss.reduce((a, s) => a + agg.faults[s], 0),
    };
  });
  const rounds = agg.shape.rounds;
  const goldCurve = [];
  for (let r = 0; r < rounds; r++) {
    for (const bot of names) {
      const ss = seatsOf(bot);
      const sum = ss.reduce((a, s) => a + agg.curveSum[r * p + s], 0);
      const [p10, p50, p90] = histogramQuantiles(agg, r, ss, [0.1, 0.5, 0.9]);
      goldCurve.push({ round: r + 1, bot, meanGold: fixed(sum / (n * ss.length), 4), p10, p50, p90 });
    }
  }
  let lengthSum = 0;
  const lengthDistribution = [];
  for (let r = 1; r <= rounds; r++) {
    lengthSum += r * agg.lengths[r];
    lengthDistribution.push({ rounds: r, games: agg.lengths[r] });
  }
  const endings: Record<string, { games: number; share: number }> = {};
  agg.shape.endings.forEach((key, i) => (endings[key] = { games: agg.endings[i], share: fixed(agg.endings[i] / n) }));
  const perGame: Record<string, Record<string, number>> = {};
  def.counters.forEach((counter, c) => {
    perGame[counter] = Object.fromEntries(
      names.map((bot) => {
        const ss = seatsOf(bot);
        return [bot, fixed(ss.reduce((a, s) => a + agg.counterSum[c * p + s], 0) / (n * ss.length), 4)];
      }),
    );
  });
  const faults = [];
  for (let s = 0; s < p; s++) {
    const first = agg.firstFaults[s];
    if (first) faults.push({ bot: scenario.seats[s], seat: s, count: agg.faults[s], firstGame: first.game, request: first.request, reason: first.reason, message: first.message });
  }
  return {
    tool: 'goldpit',
    scenario: scenario.name,
    game: scenario.game,
    players: p,
    lineup: scenario.seats,
    games: n,
    seed: scenario.seed,
    deckId: facts.dataIds.deckId ?? '',
    dataIds: facts.dataIds,
    changedRules: facts.changedRules,
    bots,
    seats,
    endings,
    sharedWinShare: fixed(sharedWinGames(agg) / n),
    meanLength: fixed(lengthSum / n, 4),
    lengthDistribution,
    goldCurve,
    eventCards: def.chanceCards.map((card, i) => ({ card, draws: agg.cardDraws[i], perGame: fixed(agg.cardDraws[i] / n) })),
    perGame,
    faults,
    parameters: facts.resolved,
  };
}

/**
 * Exact quantiles of the score after round `r` over the given seats, from the integer histogram:
 * the smallest score x with P(score ≤ x) ≥ q (the inverse of the empirical CDF, Hyndman & Fan type 1).
 */
export function histogramQuantiles(agg: Aggregate, r: number, seats: readonly number[], qs: readonly number[]): number[] {
  const bins = agg.shape.maxScore + 1;
  const p = agg.shape.players;
  const counts = new Float64Array(bins);
  let total = 0;
  for (const s of seats) {
    const base = (r * p + s) * bins;
    for (let x = 0; x < bins; x++) {
      counts[x] += agg.curveHist[base + x];
      total += agg.curveHist[base + x];
    }
  }
  return qs.map((q) => {
    let cum = 0;
    for (let x = 0; x < bins; x++) {
      cum += counts[x];
      if (cum >= q * total && cum > 0) return x;
    }
    return bins - 1;
  });
}
