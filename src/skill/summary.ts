/**
 * The skill ladder's figures from its games (skill.json): pure, the same games give the same bytes.
 *
 * - Matchups: tier A's seat at a table of tier B wins a share of the games; its interval is taken
 *   over deals (a deal's rotations share their chance: stats/clustered-proportion.ts).
 * - Ratings: one Plackett–Luce fit to every game's finishing order, a tier counted once per seat it
 *   holds (stats/plackett-luce.ts, `repeatedItems`); intervals from a bootstrap of the deals (a deal
 *   carries all its tables and rotations), read as the expanded percentile interval
 *   (stats/expanded-percentile.ts).
 * - Skill depth: per family of budgets (`ismcts:iterations=N`), each step's gain is the higher
 *   budget's win share at a table of the lower, minus the equal share; the depth is the number of
 *   steps from the lowest budget that gain significantly before the first that does not.
 * - Luck versus skill: the focal seat's win share, tables × (deal, seat), decomposed by
 *   stats/variance-shares.ts, with its jackknife intervals over deals.
 * Below MIN_DEALS deals no interval and no significance is given (as in tournaments).
 */
import type { Fault } from '../core/game.js';
import { RandomSource } from '../core/random.js';
import { fixed, fixedInterval, VERSION } from '../report/summary.js';
import { MIN_DEALS } from '../report/tournament.js';
import type { Interval } from '../report/types.js';
import type { TournamentGame } from '../sim/tournament.js';
import {
  bootstrapPlackettLuce,
  clusteredProportionInterval,
  eloFromLogWorth,
  expandedAlpha,
  fitPlackettLuce,
  varianceShares,
  varianceSharesInterval,
  type CrossedTable,
  type Ranking,
  type VarianceSharesInterval,
} from '../stats/index.js';
import type { DataIdFact } from '../report/data-ids.js';
import { focalSeat, ladderTables, tierBudget } from './ladder.js';
import type { LuckShares, LuckVersusSkill, MatchupCell, SkillDepth, SkillFaults, SkillJson, SkillTierFacts } from './types.js';
import { skillVerdicts } from './verdicts.js';

export interface SkillFacts {
  readonly game: string;
  readonly title: string;
  readonly scenario: { readonly file: string; readonly name: string };
  readonly players: number;
  readonly seed: string;
  readonly deals: number;
  readonly tiers: readonly { readonly name: string; readonly source: string }[];
  readonly botTimeoutMs: number | null;
  readonly changedRules: Readonly<Record<string, unknown>>;
  readonly parameters: unknown;
  /** The scenario's data sets (a deck, a components set), placeholders marked. */
  readonly data?: readonly DataIdFact[];
}

/** The rating bootstrap's random stream: game index −3 is never a game. */
const BOOTSTRAP_GAME = -3;
const RATING_PURPOSE = 1;

const FAULT_REASONS: readonly Fault['reason'][] = ['threw', 'illegal', 'timeout', 'hung'];

/** Ends rounded to `digits`, outwards where rounding to the nearest would print a nonzero width as zero (fixedInterval). */
const interval = (lo: number, hi: number, digits = 6): Interval => fixedInterval(lo, hi, digits);

export function summarizeSkill(facts: SkillFacts, games: readonly TournamentGame[], options: { readonly bootstrap: number }): SkillJson {
  const T = facts.tiers.length;
  const k = facts.players;
  const D = facts.deals;
  const tables = ladderTables(T);
  const L = tables.length;
  if (games.length !== D * L * k)
    throw new RangeError(`summarizeSkill: expected ${D * L * k} games (${D} deals × ${L} tables × ${k} rotations), got ${games.length}`);
  const confidenceOfBootstrap = 1 - 2 * expandedAlpha(0.95, Math.max(2, D));

  // The focal seat's win share per (table, deal, seat); per tier its seat-games, score and faults.
  const focal = new Float64Array(L * D * k);
  const seatGames = new Float64Array(T);
  const score = new Float64Array(T);
  const faultCounts = Array.from({ length: T }, () => new Float64Array(FAULT_REASONS.length));
  const faultGames = new Float64Array(T);
  const firstFault: (SkillFaults['first'] | null)[] = new Array(T).fill(null);
  const rankings: Ranking[] = new Array(games.length);
  games.forEach((g, index) => {
    if (g === undefined || g.game !== index) throw new RangeError(`summarizeSkill: game ${index} is missing or out of order`);
    const rotation = index % k;
    const deal = Math.floor(index / (k * L));
    const table = Math.floor(index / k) % L;
    const seat = focalSeat(rotation, k);
    focal[(table * D + deal) * k + seat] = g.winners.includes(seat) ? 1 / g.winners.length : 0;
    rankings[index] = { items: g.seats, ranks: g.ranks.map((r) => r + 1) };
    g.seats.forEach((tier, s) => {
      seatGames[tier]++;
      score[tier] += g.scores[s];
    });
    const seen = new Set<number>();
    for (const f of g.faults) {
      const tier = g.seats[f.seat];
      faultCounts[tier][FAULT_REASONS.indexOf(f.reason)]++;
      seen.add(tier);
      firstFault[tier] ??= { game: g.game, seat: f.seat, request: f.request, reason: f.reason, message: f.message };
    }
    for (const tier of seen) faultGames[tier]++;
  });

  // The ratings' bootstrap first: when every deal gave the same finishing orders it shows no
  // variation, and then no interval is given anywhere (as below MIN_DEALS).
  const enough = D >= MIN_DEALS;
  let boot: ReturnType<typeof bootstrapPlackettLuce> | null = null;
  if (enough) {
    const groups: Ranking[][] = [];
    for (let d = 0; d < D; d++) groups.push(rankings.slice(d * L * k, (d + 1) * L * k));
    const random = new RandomSource(facts.seed, BOOTSTRAP_GAME).stream(RATING_PURPOSE);
    boot = bootstrapPlackettLuce(T, groups, options.bootstrap, { float: () => random.next() }, { repeatedItems: true, level: confidenceOfBootstrap });
  }
  const given = boot?.resamplesVary === true;
  const reason = given
    ? null
    : !enough
      ? `${D} deal${D === 1 ? '' : 's'}; intervals and significance need at least ${MIN_DEALS}, because a deal (every table and rotation played on it) is the independent unit and over fewer deals a 95% interval covers well under 95%`
      : 'every deal gave the same finishing orders at every table, so resampling the deals shows no variation and every bootstrap interval would have zero width; that is no evidence that the figures are exact';

  // Matchups.
  const cell = (t: number): MatchupCell => {
    const { focal: a, table: b } = tables[t];
    const wins: number[] = [];
    for (let d = 0; d < D; d++) {
      let w = 0;
      for (let s = 0; s < k; s++) w += focal[(t * D + d) * k + s];
      wins.push(w);
    }
    const total = wins.reduce((x, y) => x + y, 0);
    const share = total / (D * k);
    const ci = given ? clusteredProportionInterval(wins, new Array(D).fill(k)) : null;
    return {
      focal: facts.tiers[a].name,
      table: facts.tiers[b].name,
      winShare: fixed(share),
      ci95: ci ? interval(ci.lower, ci.upper) : null,
      edge: fixed(share - 1 / k),
      significant: ci !== null && (ci.lower > 1 / k || ci.upper < 1 / k),
      games: D * k,
      deals: D,
    };
  };
  const cells = tables.map((_, t) => cell(t));
  const at = (a: number, b: number) => cells[tables.findIndex((x) => x.focal === a && x.table === b)];
  const matchups = Array.from({ length: T }, (_, a) => Array.from({ length: T }, (_, b) => (a === b ? null : at(a, b))));

  // Ratings.
  let logWorth: readonly number[];
  let lower: readonly number[] | null = null;
  let upper: readonly number[] | null = null;
  let diff: { estimate: readonly (readonly number[])[]; lower: readonly (readonly number[])[] | null; upper: readonly (readonly number[])[] | null };
  if (given && boot !== null) {
    logWorth = boot.logWorth.estimate;
    lower = boot.logWorth.lower;
    upper = boot.logWorth.upper;
    diff = boot.difference;
  } else {
    logWorth = fitPlackettLuce(T, rankings, { repeatedItems: true }).logWorth;
    diff = { estimate: logWorth.map((a) => logWorth.map((b) => a - b)), lower: null, upper: null };
  }
  const elo = (x: number) => fixed(eloFromLogWorth(x), 3);
  const eloMatrix = (m: readonly (readonly number[])[]) => m.map((row) => row.map(elo));

  const tierFacts: SkillTierFacts[] = facts.tiers.map((tier, i) => {
    const budget = tierBudget(tier.name);
    const shares = cells.filter((_, t) => tables[t].focal === i).map((c) => c.winShare);
    const counts = faultCounts[i];
    return {
      tier: tier.name,
      source: tier.source,
      budget: budget?.iterations ?? null,
      family: budget?.family ?? null,
      seatGames: seatGames[i],
      focalWinShare: fixed(shares.reduce((x, y) => x + y, 0) / Math.max(1, shares.length)),
      elo: elo(logWorth[i]),
      eloCi95: lower && upper ? fixedInterval(eloFromLogWorth(lower[i]), eloFromLogWorth(upper[i]), 3) : null,
      logWorth: fixed(logWorth[i]),
      logWorthCi95: lower && upper ? interval(lower[i], upper[i]) : null,
      meanScore: fixed(score[i] / Math.max(1, seatGames[i])),
      faults: counts.reduce((x, y) => x + y, 0),
    };
  });

  // Skill depth, per family of two or more budgets.
  const families = new Map<string, { budget: number; tier: number }[]>();
  tierFacts.forEach((t, i) => {
    if (t.family === null || t.budget === null) return;
    const list = families.get(t.family) ?? [];
    list.push({ budget: t.budget, tier: i });
    families.set(t.family, list);
  });
  const depth: SkillDepth[] = [];
  for (const [family, list] of families) {
    if (list.length < 2) continue;
    list.sort((x, y) => x.budget - y.budget);
    const steps = list.slice(1).map((high, s) => {
      const low = list[s];
      const c = at(high.tier, low.tier);
      return {
        from: low.budget,
        to: high.budget,
        ratio: fixed(high.budget / low.budget, 4),
        gain: c.edge,
        ci95: c.ci95 ? interval(c.ci95[0] - 1 / k, c.ci95[1] - 1 / k) : null,
        significant: c.ci95 !== null && c.ci95[0] > 1 / k,
        elo: elo(diff.estimate[high.tier][low.tier]),
        eloCi95:
          diff.lower && diff.upper
            ? fixedInterval(eloFromLogWorth(diff.lower[high.tier][low.tier]), eloFromLogWorth(diff.upper[high.tier][low.tier]), 3)
            : null,
      };
    });
    const firstFlat = steps.findIndex((s) => !s.significant);
    depth.push({ family, budgets: list.map((x) => x.budget), steps, depth: given ? (firstFlat < 0 ? steps.length : firstFlat) : null });
  }

  const luck = L >= 2 ? luckVersusSkill(facts, focal, L, D, k, given) : null;

  const faults: SkillFaults[] = [];
  facts.tiers.forEach((tier, i) => {
    const first = firstFault[i];
    if (first === null) return;
    const [threw, illegal, timeout, hung] = faultCounts[i];
    faults.push({ tier: tier.name, threw, illegal, timeout, hung, total: threw + illegal + timeout + hung, games: faultGames[i], first });
  });

  const figures: SkillJson = {
    kind: 'goldpit-skill',
    version: VERSION,
    game: facts.game,
    title: facts.title,
    scenario: facts.scenario,
    players: k,
    seed: facts.seed,
    deals: D,
    tables: L,
    games: games.length,
    intervals: { given, minimumDeals: MIN_DEALS, reason },
    rating: {
      model: 'plackett-luce',
      bootstrap: given ? options.bootstrap : 0,
      method: given
        ? `bootstrap of the ${D} deals (${options.bootstrap} resamples), expanded percentile interval (levels ${fixed((100 * (1 - confidenceOfBootstrap)) / 2, 2)}% and ${fixed(100 - (100 * (1 - confidenceOfBootstrap)) / 2, 2)}%)`
        : 'point estimates only',
    },
    botTimeoutMs: facts.botTimeoutMs,
    tiers: tierFacts,
    matchups,
    differences: {
      elo: eloMatrix(diff.estimate),
      lower: diff.lower ? eloMatrix(diff.lower) : null,
      upper: diff.upper ? eloMatrix(diff.upper) : null,
    },
    depth,
    luck,
    faults,
    verdicts: [],
    changedRules: facts.changedRules,
    parameters: facts.parameters,
    ...(facts.data?.length ? { data: facts.data } : {}),
  };
  return { ...figures, verdicts: skillVerdicts(figures) };
}

/** The luck-versus-skill decomposition of the focal seat's win share (see stats/variance-shares.ts). */
function luckVersusSkill(facts: SkillFacts, focal: Float64Array, L: number, D: number, k: number, given: boolean): LuckVersusSkill {
  const table: CrossedTable = { rows: L, clusters: D, perCluster: k, values: focal };
  const sharesOf = (t: CrossedTable): LuckShares & { components?: VarianceSharesInterval['estimate'] } => {
    if (!given) {
      const s = varianceShares(t);
      return {
        skill: { share: fixed(s.shares.rows), ci95: null },
        luck: { share: fixed(s.shares.columns), ci95: null },
        interaction: { share: fixed(s.shares.interaction), ci95: null },
        components: s,
      };
    }
    const b = varianceSharesInterval(t);
    const e = b.estimate.shares;
    return {
      skill: { share: fixed(e.rows), ci95: interval(b.lower.rows, b.upper.rows) },
      luck: { share: fixed(e.columns), ci95: interval(b.lower.columns, b.upper.columns) },
      interaction: { share: fixed(e.interaction), ci95: interval(b.lower.interaction, b.upper.interaction) },
      components: b.estimate,
    };
  };
  const all = sharesOf(table);
  const tables = ladderTables(facts.tiers.length);
  const byTable: ({ table: string } & LuckShares)[] = [];
  for (let b = 0; b < facts.tiers.length; b++) {
    const rows = tables.map((t, i) => (t.table === b ? i : -1)).filter((i) => i >= 0);
    if (rows.length < 2) continue;
    const values = new Float64Array(rows.length * D * k);
    rows.forEach((row, r) => values.set(focal.subarray(row * D * k, (row + 1) * D * k), r * D * k));
    const s = sharesOf({ rows: rows.length, clusters: D, perCluster: k, values });
    byTable.push({ table: facts.tiers[b].name, skill: s.skill, luck: s.luck, interaction: s.interaction });
  }
  const c = all.components!;
  return {
    outcome: 'the win share of the seat whose tier differs from the table',
    tables: L,
    deals: D,
    seats: k,
    skill: all.skill,
    luck: all.luck,
    interaction: all.interaction,
    variance: fixed(c.total, 8),
    components: { skill: fixed(c.components.rows, 8), luck: fixed(c.components.columns, 8), interaction: fixed(c.components.interaction, 8) },
    byTable,
  };
}
