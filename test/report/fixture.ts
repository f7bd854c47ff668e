/**
 * A hand-built run summary and card-impact report shaped like a 5,000-game baseline run (4 players:
 * greedy, cooperative, betrayer, reciprocal). The numbers are plausible, not simulated; a few are
 * chosen so that the report's verdicts are known in advance:
 *  - greedy (seat 0) wins 34.2% (33.5–34.9%): clearly above the equal share of 25%;
 *  - seat 1's deviation is +4.1 pp, 95% interval +3.5 to +4.7 pp (± 0.6);
 *  - seat 3's deviation interval contains 0 (no detectable effect);
 *  - gold-shower-azul raises the then-leader's win chance by 3.0 pp ± 1.1 per draw (significant);
 *  - market-crash lowers it per game, significant after FDR control.
 */
import { EVENT_CARD_IDS } from '../../src/games/goldrausch/types.js';
import type { CardImpact, ImpactMetrics, ImpactReport, Interval, PairedEffect, RunSummary, SwingShare } from '../../src/report/types.js';

export const LINEUP = ['greedy', 'cooperative', 'betrayer', 'reciprocal'] as const;

/** Goldrausch's 25 event cards, in the game's order. */
export const EVENT_CARDS = EVENT_CARD_IDS;

const GAMES = 5000;
const round6 = (x: number) => Number(x.toFixed(6));

export interface FixtureOptions {
  /** Bot names per seat (default: the baseline line-up); rename one to test escaping. */
  readonly lineup?: readonly string[];
  readonly mirror?: boolean;
}

/** Per seat: win rate, its 95% interval, mean final gold; chosen by hand, summing to 1. */
const SEAT_TABLE: readonly { winRate: number; ci95: Interval; gold: number; deviationCi: Interval }[] = [
  { winRate: 0.342, ci95: [0.335, 0.349], gold: 36.12, deviationCi: [0.085, 0.099] },
  { winRate: 0.291, ci95: [0.285, 0.297], gold: 33.4, deviationCi: [0.035, 0.047] },
  { winRate: 0.115, ci95: [0.109, 0.121], gold: 30.33, deviationCi: [-0.141, -0.129] },
  { winRate: 0.252, ci95: [0.246, 0.258], gold: 31.36, deviationCi: [-0.004, 0.008] },
];

export function makeRunSummary(options: FixtureOptions = {}): RunSummary {
  const lineup = [...(options.lineup ?? LINEUP)];
  const players = lineup.length;
  const expected = 1 / players;
  const seats = lineup.map((bot, seat) => ({
    seat,
    bot,
    games: GAMES,
    wins: round6(SEAT_TABLE[seat].winRate * GAMES),
    winRate: SEAT_TABLE[seat].winRate,
    ci95: SEAT_TABLE[seat].ci95,
    meanFinalGold: SEAT_TABLE[seat].gold,
  }));
  const names = [...new Set(lineup)];
  const bots = names.map((bot) => {
    const own = seats.filter((s) => s.bot === bot);
    const wins = own.reduce((a, s) => a + s.wins, 0);
    const games = GAMES * own.length;
    return {
      bot,
      seats: own.map((s) => s.seat),
      games,
      wins,
      winRate: round6(wins / games),
      ci95: own.length === 1 ? own[0].ci95 : ([round6(wins / games - 0.006), round6(wins / games + 0.006)] as Interval),
      meanFinalGold: round6(own.reduce((a, s) => a + s.meanFinalGold, 0) / own.length),
      faults: 0,
    };
  });
  // Gold after each round: each seat grows roughly linearly towards its mean final gold.
  const goldCurve = [];
  for (let round = 1; round <= 10; round++) {
    for (const b of bots) {
      const mean = 5 + ((b.meanFinalGold - 5) * round) / 10;
      goldCurve.push({
        round,
        bot: b.bot,
        meanGold: round6(mean),
        p10: Math.max(0, Math.round(mean * 0.62)),
        p50: Math.round(mean),
        p90: Math.round(mean * 1.36),
      });
    }
  }
  const seatCurve = [];
  for (let round = 1; round <= 10; round++) {
    for (const s of seats) {
      const mean = 5 + ((s.meanFinalGold - 5) * round) / 10;
      seatCurve.push({ round, seat: s.seat, meanGold: round6(mean), p10: Math.round(mean * 0.62), p50: Math.round(mean), p90: Math.round(mean * 1.36) });
    }
  }
  const winnerCurve = Array.from({ length: 10 }, (_, i) => ({ round: i + 1, winner: round6(8.9 + 3.9 * i), rest: round6(7.8 + 2.6 * i) }));
  const lengthDistribution = [0, 0, 0, 0, 2, 13, 58, 143, 352, 4432].map((games, i) => ({ rounds: i + 1, games }));
  const endings = { clock: { games: 3862, share: 0.7724 }, race: { games: 1138, share: 0.2276 } };
  const perGame = {
    fines: { greedy: 8.93, cooperative: 5.73, betrayer: 10.08, reciprocal: 6.11 },
    upgrades: { greedy: 6.84, cooperative: 5.84, betrayer: 9.54, reciprocal: 6.02 },
    collisions: { greedy: 4.62, cooperative: 2.97, betrayer: 5.2, reciprocal: 3.16 },
    agreements: { greedy: 0, cooperative: 2.15, betrayer: 2.2, reciprocal: 2.17 },
  };
  const renamed = (table: Record<string, number>) => Object.fromEntries(LINEUP.map((b, i) => [lineup[i] ?? b, table[b]]));
  return {
    tool: 'goldpit',
    version: '0.1.0',
    scenario: 'baseline',
    game: 'goldrausch',
    players,
    lineup,
    games: GAMES,
    seed: 'goldpit-baseline',
    deckId: 'goldrausch-synthetic-v1',
    dataIds: { deckId: 'goldrausch-synthetic-v1' },
    changedRules: { penaltySink: 'continent' },
    bots,
    seats,
    seatAdvantage: {
      mirror: options.mirror ?? new Set(lineup).size === 1,
      expected,
      seats: seats.map((s) => ({ seat: s.seat, winRate: s.winRate, deviation: round6(s.winRate - expected), ci95: SEAT_TABLE[s.seat].deviationCi })),
      chiSquared: { statistic: 612.4, df: 3, pValue: 1.2e-132, warning: null },
      balance: round6(1 - (0.342 - 0.115)),
    },
    endings,
    sharedWinShare: 0.0616,
    meanLength: 9.8252,
    lengthDistribution,
    goldCurve,
    seatCurve,
    winnerCurve,
    gameShape: {
      meanLength: 9.8252,
      lengthDistribution,
      endings,
      sharedWinShare: 0.0616,
      meanLeadChanges: 2.84,
      comebacks: [
        { after: 5, share: 0.312 },
        { after: 8, share: 0.118 },
      ],
      meanGini: 0.121,
      tension: {
        wonGames: GAMES,
        meanLeadChanges: 2.84,
        sdLeadChanges: 1.61,
        leadChangeDistribution: [0, 1, 2, 3, 4, 5, 6].map((changes) => ({ changes, games: [310, 820, 1400, 1500, 1100, 600, 270][changes] })),
        decidedGames: GAMES,
        meanDecisiveStep: 6.4,
        meanDecisiveShare: 0.652,
        decisiveDistribution: Array.from({ length: 11 }, (_, step) => ({ step, games: step === 0 ? 0 : 600 })),
        meanWinnerDeficit: 4.2,
        winnerTrailedShare: 0.58,
        meanFinalMargin: 3.1,
        zeroMarginShare: 0.07,
        leaderWins: Array.from({ length: 10 }, (_, step) => ({
          step,
          games: GAMES,
          share: round6(0.25 + 0.05 * step),
          ci95: [round6(0.24 + 0.05 * step), round6(0.26 + 0.05 * step)] as [number, number],
        })),
      },
      perRound: Array.from({ length: 10 }, (_, i) => ({
        round: i + 1,
        upgrades: round6(2.4 + 0.12 * i),
        collisions: round6(1.1 + 0.07 * i),
        fines: round6(2.0 + 0.35 * i),
      })),
    },
    chanceCards: EVENT_CARDS.map((card, i) => ({
      card,
      draws: 620 + ((i * 37) % 80),
      perGame: round6((620 + ((i * 37) % 80)) / GAMES),
      meanChange: { leader: round6(2.6 - 0.08 * i), middle: round6(2.9 - 0.05 * i), last: round6(3.1 - 0.03 * (i % 7)) },
      leaderWinRateDrawn: round6(0.52 + 0.004 * ((i % 9) - 4)),
      leaderWinRateNotDrawn: 0.5,
    })),
    perGame: Object.fromEntries(Object.entries(perGame).map(([k, v]) => [k, renamed(v)])),
    faults: [],
    parameters: { rounds: 10, winThreshold: 50, startingGold: 5, fine: 2, caps: { azul: 10, rosso: 20, veridia: 30 }, rules: { penaltySink: 'continent' } },
  };
}

/** A paired effect with a symmetric interval; significance as given (a q-value is made to match). */
function effect(estimate: number, halfWidth: number, significant: boolean, n: number): PairedEffect {
  const ci95: Interval = [round6(estimate - halfWidth), round6(estimate + halfWidth)];
  const excludesZero = ci95[0] > 0 || ci95[1] < 0;
  return { estimate, ci95, pValue: excludesZero ? 0.004 : 0.4, qValue: significant ? 0.02 : excludesZero ? 0.09 : 0.6, significant, n };
}

/** A swing share: an observed count with its interval, no test. */
function share(estimate: number, halfWidth: number, n: number): SwingShare {
  return { estimate, ci95: [round6(estimate - halfWidth), round6(estimate + halfWidth)], pValue: null, qValue: null, significant: null, n };
}

function metrics(leader: PairedEffect, n: number, i: number): ImpactMetrics {
  return {
    leaderWin: leader,
    lastWin: effect(-leader.estimate / 3, 0.008, false, n),
    spread: effect(0.4 - 0.05 * (i % 9), 0.3, false, n),
    length: effect(-0.02 * (i % 5), 0.03, false, n),
    ending: effect(0.01 * ((i % 5) - 2), 0.012, false, n),
    swing: share(0.05 + 0.004 * (i % 6), 0.006, n),
  };
}

export function makeImpactReport(): ImpactReport {
  const cards: CardImpact[] = EVENT_CARDS.map((card, i) => {
    const drawnIn = 1100 + ((i * 53) % 200);
    let perGame = effect(round6(0.0015 * ((i % 7) - 3)), 0.005, false, GAMES);
    let perDraw = effect(round6(0.006 * ((i % 7) - 3)), 0.02, false, drawnIn);
    if (card === 'gold-shower-azul') {
      perGame = effect(0.0066, 0.0024, true, GAMES);
      perDraw = effect(0.03, 0.011, true, drawnIn);
    }
    if (card === 'market-crash') {
      perGame = effect(-0.0112, 0.003, true, GAMES);
      perDraw = effect(-0.051, 0.014, true, drawnIn);
    }
    if (card === 'hurricane') {
      // Interval excludes 0, but the effect does not survive FDR control.
      perGame = effect(0.0052, 0.0049, false, GAMES);
      perDraw = effect(0.024, 0.022, false, drawnIn);
    }
    return { card, drawnIn, perGame: metrics(perGame, GAMES, i), perDraw: metrics(perDraw, drawnIn, i) };
  });
  return { tool: 'goldpit', scenario: 'baseline', games: GAMES, seed: 'goldpit-baseline', deckId: 'goldrausch-synthetic-v1', cards };
}
