/**
 * Turns an aggregate into the run summary (src/report/types.ts): win rates per bot and seat with
 * intervals, seat advantage, gold curves, game shape and descriptive card statistics. Pure: the same
 * aggregate gives the same summary, byte for byte.
 */
import { VERSION } from '../core/package.js';
import { binomialInterval, chiSquaredUniform } from '../stats/index.js';
import { gameCount, LEADER_WIN_UNITS, seatWins, sharedWinGames, TENSION, withTails, type Aggregate } from '../stats/aggregate.js';
import type { Scenario } from '../sim/scenario.js';
import { botFileFacts } from '../sim/seat-bots.js';
import { chanceCardsOf, type AnyGameDefinition } from '../core/definition.js';
import { EXTREMES, examplesOf, exampleLists, extremeOf, listIndex, smallestOf } from '../stats/examples.js';
import type { BotSummary, CardDescriptive, CurvePoint, Interval, ReportGame, RunExamples, RunSummary, SeatSummary, TensionSummary } from './types.js';

export type { RunSummary } from './types.js';

/** What the report pages need of a game definition (its words, sections and key ending). */
export function reportGameOf(def: Pick<AnyGameDefinition, 'presentation' | 'keyEnding'>): ReportGame {
  return { ...def.presentation, keyEnding: def.keyEnding };
}

/** Fixed precision so that re-runs diff cleanly. */
export const fixed = (x: number, digits = 6): number => (Number.isFinite(x) ? Number(x.toFixed(digits)) : 0);

/**
 * An interval's ends at fixed precision: each to the nearest, unless that would print an interval
 * of nonzero width as one of zero width (a win rate's upper end below 5e-7 at ten million games):
 * then outwards, the lower end down and the upper end up.
 */
export function fixedInterval(lower: number, upper: number, digits = 6): Interval {
  const lo = fixed(lower, digits);
  const hi = fixed(upper, digits);
  if (lo < hi || !(lower < upper)) return [lo, hi];
  const unit = 10 ** digits;
  return [fixed(Math.floor(lower * unit) / unit, digits), fixed(Math.ceil(upper * unit) / unit, digits)];
}

/** goldpit's package version (src/core/package.ts; re-exported for the report modules). */
export { VERSION };

function interval(wins: number, n: number): Interval {
  const ci = binomialInterval(wins, n);
  return fixedInterval(ci.lower, ci.upper);
}

/**
 * Cochran's rule: the chi-squared distribution approximates Pearson's statistic well only when every
 * category expects about 5 or more (W. G. Cochran, "Some methods for strengthening the common χ²
 * tests", Biometrics 10 (1954) 417–451). Below it the p-value is printed with this warning.
 */
export function chiSquaredWarning(expectedWinsPerSeat: number): string | null {
  if (expectedWinsPerSeat >= 5) return null;
  return `each seat expects only ${fixed(expectedWinsPerSeat, 2)} wins (fewer than 5): the chi-squared p-value is an unreliable approximation; play more games`;
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

function curvePoint(agg: Aggregate, r: number, seats: readonly number[]): CurvePoint {
  const p = agg.shape.players;
  const n = gameCount(agg);
  const sum = seats.reduce((a, s) => a + agg.curveSum[r * p + s], 0);
  const [p10, p50, p90] = histogramQuantiles(agg, r, seats, [0.1, 0.5, 0.9]);
  return { round: r + 1, meanGold: fixed(sum / (n * seats.length), 4), p10, p50, p90 };
}

/** The tension figures over the run (sums in the aggregate, see stats/aggregate.ts `TENSION`); curves end at the longest game (`rounds` steps). */
export function tensionSummary(agg: Aggregate, n: number, rounds: number): TensionSummary {
  const t = agg.tension;
  const won = t[TENSION.won];
  const decided = t[TENSION.decided];
  const per = (sum: number, games: number, digits = 4) => (games > 0 ? fixed(sum / games, digits) : 0);
  const meanChanges = n > 0 ? agg.comebacks[0] / n : 0;
  const varChanges = n > 1 ? (t[TENSION.leadChangesSq] - n * meanChanges * meanChanges) / (n - 1) : 0;
  let maxChanges = 0;
  for (let c = 0; c < agg.leadChangeHist.length; c++) if (agg.leadChangeHist[c] > 0) maxChanges = c;
  const leaderWins = [];
  for (let step = 0; step < rounds; step++) {
    const games = agg.leaderWins[2 * step + 1];
    if (games === 0) break;
    const wins = agg.leaderWins[2 * step] / LEADER_WIN_UNITS;
    leaderWins.push({ step, games, share: fixed(wins / games), ci95: interval(wins, games) });
  }
  return {
    wonGames: won,
    meanLeadChanges: fixed(meanChanges, 4),
    sdLeadChanges: fixed(Math.sqrt(Math.max(0, varChanges)), 4),
    leadChangeDistribution: Array.from({ length: maxChanges + 1 }, (_, changes) => ({ changes, games: agg.leadChangeHist[changes] })),
    decidedGames: decided,
    meanDecisiveStep: per(t[TENSION.decisiveSum], decided),
    meanDecisiveShare: per(t[TENSION.decisiveShareMicros] / 1e6, decided, 6),
    decisiveDistribution: Array.from({ length: rounds + 1 }, (_, step) => ({ step, games: agg.decisiveHist[step] })),
    meanWinnerDeficit: per(t[TENSION.deficitSum], won),
    winnerTrailedShare: per(t[TENSION.trailed], won, 6),
    meanFinalMargin: per(t[TENSION.marginSum], won),
    zeroMarginShare: per(t[TENSION.deadHeat], won, 6),
    leaderWins,
  };
}

/** The example games of a run (stats/examples.ts), by figure; chance cards by name. */
export function examplesSummary(agg: Aggregate, seats: readonly string[], cardNames: readonly string[]): RunExamples {
  const ex = agg.examples;
  const shape = agg.shape;
  const at = listIndex(shape);
  const lists = exampleLists(shape);
  const seatLists = seats.map((_, s) => examplesOf(ex, at.seat(s)));
  const extreme = (name: (typeof EXTREMES)[number], sign = 1) => {
    const e = extremeOf(ex, lists, EXTREMES.indexOf(name));
    return e === null ? null : { game: e.game, value: sign * e.value || 0 };
  };
  return {
    bots: Object.fromEntries([...new Set(seats)].map((bot) => [bot, smallestOf(seatLists.filter((_, s) => seats[s] === bot))])),
    seats: seatLists,
    endings: Object.fromEntries(shape.endings.map((e, i) => [e, examplesOf(ex, at.ending(i))])),
    sharedWins: examplesOf(ex, at.shared),
    comebacks: shape.checkpoints.map((after, j) => ({ after, games: examplesOf(ex, at.comeback(j)) })),
    chanceCards: cardNames.map((card, i) => ({ card, games: examplesOf(ex, at.card(i)) })),
    longest: extreme('longest'),
    shortest: extreme('shortest', -1),
    largestSpread: extreme('largestSpread'),
    mostLeadChanges: extreme('mostLeadChanges'),
    largestWinnerDeficit: extreme('largestWinnerDeficit'),
    narrowestMargin: extreme('narrowestMargin', -1),
  };
}

export function summarize(scenario: Scenario, played: Aggregate): RunSummary {
  const def = scenario.definition;
  const facts = def.facts(scenario.config);
  const p = scenario.players;
  const agg = withTails(played);
  const n = gameCount(agg);
  // Curves and per-step tables end at the longest game played (a game's cap on steps, e.g. GOLD's
  // 400 turns, is a safety net, not a length worth a column each).
  let rounds = 1;
  for (let r = agg.shape.rounds; r >= 1; r--) {
    if (agg.lengths[r] > 0) {
      rounds = r;
      break;
    }
  }
  const names = [...new Set(scenario.seats)];
  const seatsOf = (bot: string) => scenario.seats.map((b, s) => (b === bot ? s : -1)).filter((s) => s >= 0);
  const seats: SeatSummary[] = scenario.seats.map((bot, seat) => {
    const wins = seatWins(agg, seat);
    return { seat, bot, games: n, wins: fixed(wins), winRate: fixed(wins / n), ci95: interval(wins, n), meanFinalGold: fixed(agg.scoreSum[seat] / n, 4) };
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
      ci95: interval(wins, games),
      meanFinalGold: fixed(gold / games, 4),
      faults: ss.reduce((a, s) => a + agg.faults[s], 0),
    };
  });
  // Seat advantage: each seat against an equal share; chi-squared on the seats' win counts.
  const expected = 1 / p;
  const rates = seats.map((s) => s.winRate);
  const chi = chiSquaredUniform(seats.map((s) => seatWins(agg, s.seat)));
  const seatAdvantage = {
    mirror: names.length === 1,
    expected: fixed(expected),
    seats: seats.map((s) => ({
      seat: s.seat,
      winRate: s.winRate,
      deviation: fixed(s.winRate - expected),
      ci95: [fixed(s.ci95[0] - expected), fixed(s.ci95[1] - expected)] as Interval,
    })),
    chiSquared: { statistic: fixed(chi.statistic), df: chi.df, pValue: Number(chi.pValue.toPrecision(6)), warning: chiSquaredWarning(chi.expected) },
    balance: fixed(1 - (Math.max(...rates) - Math.min(...rates))),
  };
  const goldCurve = [];
  const seatCurve = [];
  const winnerCurve = [];
  for (let r = 0; r < rounds; r++) {
    for (const bot of names) goldCurve.push({ bot, ...curvePoint(agg, r, seatsOf(bot)) });
    for (let s = 0; s < p; s++) seatCurve.push({ seat: s, ...curvePoint(agg, r, [s]) });
    const w = agg.winnerCurve;
    winnerCurve.push({ round: r + 1, winner: fixed(w[r * 4] / w[r * 4 + 1], 4), rest: fixed(w[r * 4 + 2] / w[r * 4 + 3], 4) });
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
  const k2 = agg.shape.roundCounters;
  const comebacks = agg.comebacks;
  const gameShape = {
    meanLength: fixed(lengthSum / n, 4),
    lengthDistribution,
    endings,
    sharedWinShare: fixed(sharedWinGames(agg) / n),
    meanLeadChanges: fixed(comebacks[0] / n, 4),
    comebacks: agg.shape.checkpoints.map((after, j) => ({
      after,
      share: fixed(comebacks[2 + 2 * j] > 0 ? comebacks[1 + 2 * j] / comebacks[2 + 2 * j] : 0),
    })),
    meanGini: fixed(agg.giniMicros[0] / 1e6 / n),
    tension: tensionSummary(agg, n, rounds),
    perRound: Array.from({ length: rounds }, (_, r) => {
      const row: Record<string, number> = { round: r + 1 };
      def.roundCounters.forEach((name, c) => (row[name] = fixed(agg.roundCounterSum[r * k2 + c] / n, 4)));
      return row as { round: number } & Record<string, number>;
    }),
  };
  const roundsPlayed = agg.allLeaderWin[1];
  const chanceCards: CardDescriptive[] = chanceCardsOf(def, scenario.config).map((card, i) => {
    const draws = agg.cardDraws[i];
    const ch = agg.cardChange;
    const mean = (g: number) => (ch[i * 6 + 3 + g] > 0 ? fixed(ch[i * 6 + g] / ch[i * 6 + 3 + g], 4) : 0);
    const notDrawn = roundsPlayed - draws;
    return {
      card,
      draws,
      perGame: fixed(draws / n),
      meanChange: { leader: mean(0), middle: mean(1), last: mean(2) },
      leaderWinRateDrawn: draws > 0 ? fixed(agg.cardLeaderWin[i] / LEADER_WIN_UNITS / draws) : 0,
      leaderWinRateNotDrawn: notDrawn > 0 ? fixed((agg.allLeaderWin[0] - agg.cardLeaderWin[i]) / LEADER_WIN_UNITS / notDrawn) : 0,
      notDrawn,
    };
  });
  const faults = [];
  for (let s = 0; s < p; s++) {
    const first = agg.firstFaults[s];
    if (first)
      faults.push({
        bot: scenario.seats[s],
        seat: s,
        count: agg.faults[s],
        firstGame: first.game,
        request: first.request,
        reason: first.reason,
        message: first.message,
      });
  }
  return {
    tool: 'goldpit',
    version: VERSION,
    scenario: scenario.name,
    game: scenario.game,
    players: p,
    lineup: scenario.seats,
    games: n,
    seed: scenario.seed,
    deckId: facts.dataIds.deckId ?? '',
    dataIds: facts.dataIds,
    changedRules: facts.changedRules,
    // Only when some card differs: summaries of scenarios without card changes stay as they were.
    ...(facts.changedCards?.length ? { changedCards: facts.changedCards } : {}),
    ...(scenario.botFiles.length ? { botFiles: botFileFacts(scenario) } : {}),
    bots,
    seats,
    seatAdvantage,
    endings,
    sharedWinShare: gameShape.sharedWinShare,
    meanLength: gameShape.meanLength,
    lengthDistribution,
    goldCurve,
    seatCurve,
    winnerCurve,
    gameShape,
    chanceCards,
    perGame,
    faults,
    parameters: facts.resolved,
    examples: examplesSummary(agg, scenario.seats, chanceCardsOf(def, scenario.config)),
  };
}
