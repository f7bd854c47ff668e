import { fail } from './validate.js';

/**
 * Plackett–Luce ratings from finishing orders of free-for-all games (4–6 bots per game), fitted by
 * Hunter's MM algorithm, with a percentile bootstrap over groups of games (deals) and an Elo-like
 * scale.
 *
 * Model. Item i (a bot) has worth αᵢ > 0 (log-worth θᵢ = ln αᵢ). A finishing order is built from the
 * top: the winner is chosen from the players of the game with probability proportional to worth,
 * the second from those left, and so on:
 *   P(i₁ ≻ i₂ ≻ … ≻ iₙ) = Πₛ α_{iₛ} / (α_{iₛ} + … + α_{iₙ}).
 * `winnerOnly` keeps only the first factor (Luce's choice of the winner among the game's players).
 * In a pair, P(i ahead of j) = αᵢ/(αᵢ + αⱼ), so a log-worth gap of ln 10 (400 Elo-like points)
 * means 10:1 odds of finishing ahead.
 *
 * Ties (shared wins) as fractional observations: a group of m tied players stands for each of its
 * m! orders with weight 1/m!, i.e. the log-likelihood of a ranking with ties is the average of the
 * log-likelihoods of its tie-resolved orders (orders of separate tie groups are averaged
 * independently). Averaged over the orders of a tie group G with L the players ranked below it,
 * the denominators are the sets L ∪ U for every non-empty U ⊆ G, U of size k with weight 1/C(m, k),
 * and every member of G is chosen once (only (m − 1)/m times when G is the last group: the last,
 * trivial choice is dropped). That is the form the MM update needs, so a tie costs 2^m − 1 choice
 * sets and no approximation. With `winnerOnly` a tie of m winners counts each as the winner with weight 1/m.
 *
 * Regularisation (as `npseudo` in the R package PlackettLuce, Turner et al. 2020): with
 * `pseudo` = w > 0 every item also wins w and loses w pairwise comparisons against a hypothetical
 * reference item of fixed worth 1, adding w·θᵢ − 2w·ln(1 + αᵢ) to the log-likelihood. The estimate
 * then always exists and is unique (a bot that never beats anyone gets a finite, low worth instead
 * of −∞) and the data dominate as games accumulate. With `pseudo` = 0 the maximum-likelihood
 * estimate exists only when the comparison graph is strongly connected (Hunter 2004, Assumption 1:
 * for every split of the items into two sets, someone in each set finishes ahead of someone in the
 * other); `fitPlackettLuce` checks this and throws a RangeError otherwise.
 *
 * Repeated items (`repeatedItems`): an item may fill several places of one ranking — the skill
 * ladder's tables seat one tier against several copies of another. The model is unchanged, with the
 * places as the players: a choice set counts an item once per place it holds,
 * P(i₁ ≻ … ≻ iₙ) = Πₛ α_{iₛ} / Σ_{t ≥ s} α_{iₜ} with repeats in the sums, and a tie among places is
 * resolved over the places' orders as above. Hunter's MM update needs no change (a set's share is
 * credited to an item once per place); only the sets are keyed by their multiset of items.
 *
 * Items that never played: `fitPlackettLuce` throws (their worth is not identified by the data).
 * In a bootstrap replicate (with pseudo > 0) an item missing from the resample gets the value the
 * pseudo-comparisons alone give (raw worth 1, the reference's).
 *
 * References: D. R. Hunter, "MM algorithms for generalized Bradley–Terry models", Annals of
 * Statistics 32 (2004) 384–406, section 5 (Plackett–Luce); R. L. Plackett, "The analysis of
 * permutations", Applied Statistics 24 (1975) 193–202; H. L. Turner, J. van Etten, D. Firth &
 * I. Kosmidis, "Modelling rankings in R: the PlackettLuce package", Computational Statistics 35
 * (2020) 1027–1057 (pseudo-rankings, section 2.3). Independent check:
 * scripts/reference/plackett_luce.py (direct maximisation of the same log-likelihood with scipy,
 * enumerating the m! orders of each tie).
 */

/** One game's finishing order: the items (bot ids 0..B-1, one per seat) and their ranks (1 = best; equal ranks = tie). */
export interface Ranking {
  readonly items: readonly number[];
  readonly ranks: readonly number[];
}

export interface PlackettLuceOptions {
  /** Fit only the first choice (the winner among the players of the game). Default false. */
  readonly winnerOnly?: boolean;
  /** Maximum number of MM updates. Default 10000. */
  readonly maxIterations?: number;
  /** Stop when an MM update moves no log-worth by more than this. Default 1e-10. */
  readonly tolerance?: number;
  /** Weight w of the win and of the loss of every item against the reference item of worth 1. Default 0.5; 0 = none. */
  readonly pseudo?: number;
  /** Allow an item in several places of one ranking (see the module comment). Default false: a repeat is an input error. */
  readonly repeatedItems?: boolean;
}

export interface PlackettLuceFit {
  /** Log-worth per item, centred: mean 0 over the items. */
  readonly logWorth: readonly number[];
  /** MM updates performed. */
  readonly iterations: number;
  /** Whether the last update moved no log-worth by more than `tolerance`. */
  readonly converged: boolean;
  /** Log-likelihood of the data (without the pseudo-comparisons) at the fit. */
  readonly logLikelihood: number;
}

export interface RatingInterval {
  readonly estimate: readonly number[];
  readonly lower: readonly number[];
  readonly upper: readonly number[];
}

/** Intervals of the pairwise differences θᵢ − θⱼ: `lower[i][j]`, `upper[i][j]` (diagonal 0). */
export interface DifferenceInterval {
  readonly estimate: readonly (readonly number[])[];
  readonly lower: readonly (readonly number[])[];
  readonly upper: readonly (readonly number[])[];
}

/** The defaults of {@link PlackettLuceOptions} (pseudo 0.5 as the R package PlackettLuce's `npseudo`). */
export const PLACKETT_LUCE_DEFAULTS = { winnerOnly: false, maxIterations: 10_000, tolerance: 1e-10, pseudo: 0.5, repeatedItems: false } as const;

const ELO_PER_LOG_WORTH = 400 / Math.LN10;

/**
 * Elo-like scale: 400/ln(10) × log-worth, so a 400-point gap means 10:1 odds of finishing ahead
 * in a pair (P = αᵢ/(αᵢ + αⱼ) = 1/(1 + 10^(−Δ/400))), as on the chess Elo scale.
 *
 * @example eloFromLogWorth(Math.LN10) // 400.00000000000006
 */
export function eloFromLogWorth(logWorth: number): number {
  if (typeof logWorth !== 'number' || !Number.isFinite(logWorth)) fail('eloFromLogWorth', 'logWorth', 'a finite number', logWorth);
  return ELO_PER_LOG_WORTH * logWorth;
}

/**
 * Head-to-head counts over games: `ahead[i][j]` = games where i finished ahead of j (a tie counts
 * ½ to each), `games[i][j]` = games where both played (so ahead[i][j] + ahead[j][i] = games[i][j];
 * P(i finishes ahead of j) is estimated by ahead[i][j]/games[i][j]). Diagonals are 0.
 *
 * @example headToHead(3, [{ items: [0, 1, 2], ranks: [1, 2, 2] }]).ahead // [[0, 1, 1], [0, 0, 0.5], [0, 0.5, 0]]
 */
export function headToHead(items: number, rankings: readonly Ranking[]): { readonly ahead: number[][]; readonly games: number[][] } {
  const where = 'headToHead';
  requireItemCount(where, items);
  requireRankings(where, items, rankings, 'rankings', false);
  const ahead = Array.from({ length: items }, () => new Array<number>(items).fill(0));
  const games = Array.from({ length: items }, () => new Array<number>(items).fill(0));
  for (const ranking of rankings) {
    const n = ranking.items.length;
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) {
        if (a === b) continue;
        const i = ranking.items[a];
        const j = ranking.items[b];
        games[i][j] += 1;
        const ri = ranking.ranks[a];
        const rj = ranking.ranks[b];
        if (ri < rj) ahead[i][j] += 1;
        else if (ri === rj) ahead[i][j] += 0.5;
      }
    }
  }
  return { ahead, games };
}

/**
 * Fits the Plackett–Luce model (or, with `winnerOnly`, the winner's Luce choice) by Hunter's MM
 * algorithm. Each update sets
 *   αᵢ ← (Wᵢ + w) / (Σ_{choices whose set S contains i} c_S / Σ_{j∈S} αⱼ + 2w/(αᵢ + 1)),
 * where Wᵢ is the (fractional) number of times i is chosen and c_S the weight of choice set S;
 * each update increases the (penalised) log-likelihood. Starts from all worths 1. After every
 * update all worths are multiplied by a common factor (the data's likelihood does not depend on
 * it): with pseudo = 0 to keep their geometric mean at 1, with pseudo > 0 the factor that
 * maximises the pseudo-comparisons' part exactly (so every step still increases the penalised
 * log-likelihood, and the direction that MM alone would climb slowly is solved at once). Choices are aggregated by their set of items once, so an update costs
 * O(distinct sets × set size), independent of the number of games (at most 2^items sets).
 *
 * Input: items an integer >= 1; every ranking has >= 2 items in 0..items−1 (distinct unless
 * `repeatedItems`) and finite ranks; every item appears in some ranking; with pseudo = 0 the comparison graph must be strongly
 * connected (see the module comment).
 *
 * @example fitPlackettLuce(2, [{ items: [0, 1], ranks: [1, 2] }, { items: [1, 0], ranks: [1, 2] }, { items: [0, 1], ranks: [1, 2] }], { pseudo: 0 }).logWorth
 *   // [0.34657359027997264, -0.34657359027997264]  (= ±ln(2)/2: 2 wins to 1)
 */
export function fitPlackettLuce(items: number, rankings: readonly Ranking[], options: PlackettLuceOptions = {}): PlackettLuceFit {
  const where = 'fitPlackettLuce';
  requireItemCount(where, items);
  const settings = resolveOptions(where, options);
  requireRankings(where, items, rankings, 'rankings', settings.repeatedItems);
  requireEveryItemPlayed(where, items, rankings);
  if (settings.pseudo === 0) requireStronglyConnected(where, items, rankings, settings.winnerOnly, undefined);
  const choices = compileChoices(items, rankings, settings.winnerOnly, settings.repeatedItems);
  const totals = choiceTotals(choices, undefined);
  const result = maximise(choices, totals, settings, undefined);
  return {
    logWorth: Array.from(centredLog(result.worth)),
    iterations: result.iterations,
    converged: result.converged,
    logLikelihood: logLikelihood(choices, totals, result.worth),
  };
}

/**
 * Percentile bootstrap of the Plackett–Luce ratings: `replicates` times, draw as many groups as
 * there are, with replacement (a group is e.g. a deal: its seat rotations stay together, so deal
 * luck is resampled as a unit), refit, and take the (1 − level)/2 and (1 + level)/2 quantiles
 * (linear interpolation between order statistics, numpy's default) of each item's centred
 * log-worth. `estimate` is the fit to all the data (equal to `fitPlackettLuce` on the
 * concatenated groups); the Elo-like interval is the same interval on that scale. Each draw takes
 * one `random.float()` (uniform in [0, 1)), so a fixed random source gives identical intervals.
 * Replicates start from the full-data fit. Cost: one pass over the data plus one MM fit per
 * replicate.
 *
 * Input: as `fitPlackettLuce` for the concatenated groups; every group has at least one ranking;
 * replicates an integer >= 2; level in (0, 1), default 0.95. Throws when a replicate does not
 * converge within maxIterations, or (pseudo = 0 only) when a resample's comparison graph is not
 * strongly connected.
 *
 * `difference` holds the same percentile intervals for every pairwise difference θᵢ − θⱼ, taken
 * from the same replicates (the quantiles of θᵢ* − θⱼ*, replicate by replicate). Two ratings whose
 * marginal intervals overlap may still differ clearly: both move together with the luck of the
 * deals they shared, and the paired difference cancels that. A difference interval that excludes 0
 * is the bootstrap's test of "i is stronger than j" at level 1 − `level` (one pair at a time).
 *
 * `resamplesVary` is false when no item's log-worth varies across the replicates (every group gave
 * the same rankings, e.g. one bot first in every game of every deal): resampling the groups then
 * shows no variation, every interval above has zero width, and callers give none — zero width would
 * claim a certainty the groups cannot give.
 */
export function bootstrapPlackettLuce(
  items: number,
  groups: readonly (readonly Ranking[])[],
  replicates: number,
  random: { float(): number },
  options: PlackettLuceOptions & { level?: number } = {},
): { logWorth: RatingInterval; elo: RatingInterval; difference: DifferenceInterval; resamplesVary: boolean } {
  const where = 'bootstrapPlackettLuce';
  requireItemCount(where, items);
  const settings = resolveOptions(where, options);
  const level = options.level ?? 0.95;
  if (typeof level !== 'number' || !(level > 0 && level < 1)) fail(where, 'level', 'a number strictly between 0 and 1 (e.g. 0.95)', level);
  if (!Number.isInteger(replicates) || replicates < 2) fail(where, 'replicates', 'an integer >= 2', replicates);
  if (random === null || typeof random !== 'object' || typeof random.float !== 'function') fail(where, 'random', 'an object with a float() method', random);
  if (!Array.isArray(groups) || groups.length < 1) fail(where, 'groups', 'a non-empty array of groups of rankings', groups);

  const rankings: Ranking[] = [];
  const groupStart = new Int32Array(groups.length + 1);
  groups.forEach((group, g) => {
    if (!Array.isArray(group) || group.length < 1) fail(where, `groups[${g}]`, 'a non-empty array of rankings', group);
    requireRankings(where, items, group, `groups[${g}]`, settings.repeatedItems);
    rankings.push(...group);
    groupStart[g + 1] = rankings.length;
  });
  requireEveryItemPlayed(where, items, rankings);
  if (settings.pseudo === 0) requireStronglyConnected(where, items, rankings, settings.winnerOnly, undefined);

  const choices = compileChoices(items, rankings, settings.winnerOnly, settings.repeatedItems);
  const full = maximise(choices, choiceTotals(choices, undefined), settings, undefined);
  const estimate = centredLog(full.worth);

  const draws = new Int32Array(groups.length);
  const multiplicity = new Float64Array(rankings.length);
  const samples = Array.from({ length: items }, () => new Float64Array(replicates));
  for (let r = 0; r < replicates; r++) {
    draws.fill(0);
    for (let k = 0; k < groups.length; k++) {
      const u = random.float();
      if (typeof u !== 'number' || !(u >= 0 && u < 1)) fail(where, 'random.float()', 'a number in [0, 1)', u);
      draws[Math.floor(u * groups.length)] += 1;
    }
    for (let g = 0; g < groups.length; g++) multiplicity.fill(draws[g], groupStart[g], groupStart[g + 1]);
    if (settings.pseudo === 0) {
      requireStronglyConnected(`${where} (replicate ${r + 1}; use pseudo > 0)`, items, rankings, settings.winnerOnly, multiplicity);
    }
    const fit = maximise(choices, choiceTotals(choices, multiplicity), settings, full.worth);
    if (!fit.converged) {
      throw new Error(`${where}: replicate ${r + 1} did not converge within ${settings.maxIterations} iterations; raise maxIterations or tolerance`);
    }
    const centred = centredLog(fit.worth);
    for (let i = 0; i < items; i++) samples[i][r] = centred[i];
  }

  const square = () => Array.from({ length: items }, () => new Array<number>(items).fill(0));
  const difference = { estimate: square(), lower: square(), upper: square() };
  const paired = new Float64Array(replicates);
  const reversed = new Float64Array(replicates);
  const pLower = (1 - level) / 2;
  const pUpper = (1 + level) / 2;
  for (let i = 0; i < items; i++) {
    for (let j = i + 1; j < items; j++) {
      for (let r = 0; r < replicates; r++) paired[r] = samples[i][r] - samples[j][r];
      paired.sort();
      // The j − i differences are the negated i − j ones (x − y = −(y − x) exactly in IEEE arithmetic),
      // so their sorted order is this one reversed and negated: no second sort. (Float64Array's sort
      // puts −0 before +0; reversing and negating keeps that order, so the result is the same array
      // a sort would give.)
      for (let r = 0; r < replicates; r++) reversed[r] = -paired[replicates - 1 - r];
      difference.estimate[i][j] = estimate[i] - estimate[j];
      difference.lower[i][j] = quantileSorted(paired, pLower);
      difference.upper[i][j] = quantileSorted(paired, pUpper);
      difference.estimate[j][i] = estimate[j] - estimate[i];
      difference.lower[j][i] = quantileSorted(reversed, pLower);
      difference.upper[j][i] = quantileSorted(reversed, pUpper);
    }
  }
  const lower: number[] = [];
  const upper: number[] = [];
  let resamplesVary = false;
  for (const sample of samples) {
    sample.sort();
    if (sample[replicates - 1] - sample[0] > RESAMPLE_SPREAD) resamplesVary = true;
    lower.push(quantileSorted(sample, (1 - level) / 2));
    upper.push(quantileSorted(sample, (1 + level) / 2));
  }
  const logWorth: RatingInterval = { estimate: Array.from(estimate), lower, upper };
  const toElo = (values: readonly number[]): number[] => values.map((v) => ELO_PER_LOG_WORTH * v);
  return { logWorth, elo: { estimate: toElo(logWorth.estimate), lower: toElo(lower), upper: toElo(upper) }, difference, resamplesVary };
}

/**
 * Below this spread of a log-worth across the replicates (a millionth of an Elo point) the
 * resamples are taken as all the same: every group gave the same rankings, and every percentile
 * interval would have zero width.
 */
const RESAMPLE_SPREAD = 1e-9;

// ---------------------------------------------------------------------------------------------
// Choice structure: every ranking becomes weighted "wins" (item chosen) and weighted choice sets.

/** The choices of all rankings, in compressed form (CSR arrays), with the distinct choice sets. */
interface Choices {
  readonly items: number;
  /** Ranking r's wins are winItem/winWeight[winStart[r] .. winStart[r+1]). */
  readonly winStart: Int32Array;
  readonly winItem: Int32Array;
  readonly winWeight: Float64Array;
  /** Ranking r's choice sets are termSet/termWeight[termStart[r] .. termStart[r+1]). */
  readonly termStart: Int32Array;
  readonly termSet: Int32Array;
  readonly termWeight: Float64Array;
  /** Members of distinct set s: setMember[setStart[s] .. setStart[s+1]). */
  readonly setStart: Int32Array;
  readonly setMember: Int32Array;
}

interface Totals {
  /** Total (fractional) times each item is chosen. */
  readonly wins: Float64Array;
  /** Total weight of each distinct choice set. */
  readonly setWeight: Float64Array;
}

interface Settings {
  readonly winnerOnly: boolean;
  readonly maxIterations: number;
  readonly tolerance: number;
  readonly pseudo: number;
  readonly repeatedItems: boolean;
}

/** Largest tie group: a tie of m players expands into 2^m − 1 choice sets. */
const MAX_TIE = 16;

function compileChoices(items: number, rankings: readonly Ranking[], winnerOnly: boolean, repeatedItems: boolean): Choices {
  const winStart = new Int32Array(rankings.length + 1);
  const winItem: number[] = [];
  const winWeight: number[] = [];
  const termStart = new Int32Array(rankings.length + 1);
  const termSet: number[] = [];
  const termWeight: number[] = [];
  const registry = new SetRegistry(items, repeatedItems);
  const members: number[] = [];
  const binomial = binomialTable(MAX_TIE);

  rankings.forEach((ranking, r) => {
    const order = finishingOrder(ranking);
    const n = order.length;
    for (let start = 0; start < n; ) {
      let end = start + 1;
      while (end < n && ranking.ranks[order[end]] === ranking.ranks[order[start]]) end++;
      const m = end - start; // the tie group is order[start .. end)
      const below = n - end;
      if (winnerOnly) {
        for (let k = start; k < end; k++) pushWin(ranking.items[order[k]], 1 / m);
        members.length = 0;
        for (let k = 0; k < n; k++) members.push(ranking.items[k]);
        termSet.push(registry.id(members));
        termWeight.push(1);
        break;
      }
      const chosen = below === 0 ? (m - 1) / m : 1;
      for (let k = start; k < end; k++) pushWin(ranking.items[order[k]], chosen);
      for (let subset = 1; subset < 1 << m; subset++) {
        members.length = 0;
        for (let k = end; k < n; k++) members.push(ranking.items[order[k]]);
        for (let k = 0; k < m; k++) if (subset & (1 << k)) members.push(ranking.items[order[start + k]]);
        if (members.length < 2) continue; // the last, trivial choice
        termSet.push(registry.id(members));
        termWeight.push(1 / binomial[m][members.length - below]);
      }
      start = end;
    }
    winStart[r + 1] = winItem.length;
    termStart[r + 1] = termSet.length;
  });

  function pushWin(item: number, weight: number): void {
    if (weight > 0) {
      winItem.push(item);
      winWeight.push(weight);
    }
  }

  return {
    items,
    winStart,
    winItem: Int32Array.from(winItem),
    winWeight: Float64Array.from(winWeight),
    termStart,
    termSet: Int32Array.from(termSet),
    termWeight: Float64Array.from(termWeight),
    setStart: Int32Array.from(registry.start),
    setMember: Int32Array.from(registry.member),
  };
}

/** Positions of a ranking's entries, best rank first (stable). */
function finishingOrder(ranking: Ranking): number[] {
  const order = ranking.items.map((_, k) => k);
  order.sort((a, b) => ranking.ranks[a] - ranking.ranks[b] || a - b);
  return order;
}

/**
 * Numbers the distinct sets of items; a set's key is the sum of 2^item (exact up to 52 items), or,
 * for more items or with repeated items (a multiset), its sorted members.
 */
class SetRegistry {
  readonly start: number[] = [0];
  readonly member: number[] = [];
  private readonly index = new Map<number | string, number>();
  private readonly power: Float64Array;

  constructor(
    private readonly items: number,
    private readonly repeatedItems: boolean,
  ) {
    this.power = Float64Array.from({ length: items }, (_, i) => 2 ** i);
  }

  id(members: readonly number[]): number {
    let key: number | string;
    if (this.items <= 52 && !this.repeatedItems) {
      key = 0;
      for (const item of members) key += this.power[item];
    } else {
      key = [...members].sort((a, b) => a - b).join(',');
    }
    let id = this.index.get(key);
    if (id === undefined) {
      id = this.start.length - 1;
      this.index.set(key, id);
      this.member.push(...members);
      this.start.push(this.member.length);
    }
    return id;
  }
}

function binomialTable(max: number): number[][] {
  const table: number[][] = [];
  for (let n = 0; n <= max; n++) {
    table.push([1]);
    for (let k = 1; k <= n; k++) table[n].push(k === n ? 1 : table[n - 1][k - 1] + table[n - 1][k]);
  }
  return table;
}

/** Sums the choices over rankings, ranking r counted multiplicity[r] times (once when absent). */
function choiceTotals(choices: Choices, multiplicity: Float64Array | undefined): Totals {
  const wins = new Float64Array(choices.items);
  const setWeight = new Float64Array(choices.setStart.length - 1);
  const rankings = choices.winStart.length - 1;
  for (let r = 0; r < rankings; r++) {
    const times = multiplicity === undefined ? 1 : multiplicity[r];
    if (times === 0) continue;
    for (let k = choices.winStart[r]; k < choices.winStart[r + 1]; k++) wins[choices.winItem[k]] += times * choices.winWeight[k];
    for (let k = choices.termStart[r]; k < choices.termStart[r + 1]; k++) setWeight[choices.termSet[k]] += times * choices.termWeight[k];
  }
  return { wins, setWeight };
}

/** Hunter's MM iteration (see fitPlackettLuce); returns raw worths (reference item = 1 when pseudo > 0). */
function maximise(
  choices: Choices,
  totals: Totals,
  settings: Settings,
  start: Float64Array | undefined,
): { worth: Float64Array; iterations: number; converged: boolean } {
  const n = choices.items;
  const { setStart, setMember } = choices;
  const active: number[] = [];
  totals.setWeight.forEach((weight, s) => {
    if (weight > 0) active.push(s);
  });
  const pseudo = settings.pseudo;
  let worth = start === undefined ? new Float64Array(n).fill(1) : Float64Array.from(start);
  let next = new Float64Array(n);
  const denominator = new Float64Array(n);
  let iterations = 0;
  let converged = false;
  while (iterations < settings.maxIterations && !converged) {
    denominator.fill(0);
    for (const s of active) {
      let sum = 0;
      for (let k = setStart[s]; k < setStart[s + 1]; k++) sum += worth[setMember[k]];
      const share = totals.setWeight[s] / sum;
      for (let k = setStart[s]; k < setStart[s + 1]; k++) denominator[setMember[k]] += share;
    }
    for (let i = 0; i < n; i++) next[i] = (totals.wins[i] + pseudo) / (denominator[i] + (2 * pseudo) / (worth[i] + 1));
    // The data's likelihood ignores a common scale of the worths. Without the reference item, keep
    // the geometric mean at 1; with it, only the pseudo-comparisons fix the scale, weakly against
    // many games, and plain MM creeps along that direction (1903 updates instead of 38 for the 40
    // test games, more as games accumulate), so also take the exact best scale (an ascent step too).
    const scale = pseudo === 0 ? 1 / geometricMean(next) : bestScale(next);
    for (let i = 0; i < n; i++) next[i] *= scale;
    let change = 0;
    for (let i = 0; i < n; i++) change = Math.max(change, Math.abs(Math.log(next[i] / worth[i])));
    [worth, next] = [next, worth];
    iterations++;
    converged = change <= settings.tolerance;
  }
  return { worth, iterations, converged };
}

function geometricMean(worth: Float64Array): number {
  let meanLog = 0;
  for (const value of worth) meanLog += Math.log(value) / worth.length;
  return Math.exp(meanLog);
}

/**
 * The factor c maximising the pseudo-comparisons' log-likelihood Σᵢ [ln(c·αᵢ) − 2·ln(1 + c·αᵢ)]
 * (the data's part does not depend on c): the root of Σᵢ (1 − 2·σ(t + θᵢ)) in t = ln c, σ the
 * logistic function, a decreasing function of t; Newton steps, each clamped to ±1.
 */
function bestScale(worth: Float64Array): number {
  let t = 0;
  for (let step = 0; step < 200; step++) {
    let value = 0;
    let slope = 0;
    for (const alpha of worth) {
      const p = 1 / (1 + 1 / (Math.exp(t) * alpha));
      value += 1 - 2 * p;
      slope -= 2 * p * (1 - p);
    }
    const move = Math.max(-1, Math.min(1, -value / slope));
    t += move;
    if (Math.abs(move) < 1e-15) break;
  }
  return Math.exp(t);
}

/** Σᵢ Wᵢ ln αᵢ − Σ_S c_S ln Σ_{j∈S} αⱼ: the data's log-likelihood (pseudo-comparisons excluded). */
function logLikelihood(choices: Choices, totals: Totals, worth: Float64Array): number {
  let total = 0;
  for (let i = 0; i < choices.items; i++) if (totals.wins[i] > 0) total += totals.wins[i] * Math.log(worth[i]);
  totals.setWeight.forEach((weight, s) => {
    if (weight === 0) return;
    let sum = 0;
    for (let k = choices.setStart[s]; k < choices.setStart[s + 1]; k++) sum += worth[choices.setMember[k]];
    total -= weight * Math.log(sum);
  });
  return total;
}

function centredLog(worth: Float64Array): Float64Array {
  const log = worth.map(Math.log);
  const mean = log.reduce((a, b) => a + b, 0) / log.length;
  return log.map((v) => v - mean);
}

/** Quantile of sorted values with linear interpolation between order statistics (numpy's default, Hyndman–Fan type 7). */
function quantileSorted(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (h - below) * (sorted[above] - sorted[below]);
}

// ---------------------------------------------------------------------------------------------
// Input checks (RangeError naming the function, the argument and what is required).

function requireItemCount(where: string, items: number): void {
  if (!Number.isInteger(items) || items < 1) fail(where, 'items', 'an integer >= 1 (the number of items, ids 0..items-1)', items);
}

function resolveOptions(where: string, options: PlackettLuceOptions): Settings {
  if (options === null || typeof options !== 'object') fail(where, 'options', 'an object', options);
  const settings = { ...PLACKETT_LUCE_DEFAULTS, ...stripUndefined(options) };
  if (typeof settings.winnerOnly !== 'boolean') fail(where, 'options.winnerOnly', 'a boolean', settings.winnerOnly);
  if (typeof settings.repeatedItems !== 'boolean') fail(where, 'options.repeatedItems', 'a boolean', settings.repeatedItems);
  if (!Number.isInteger(settings.maxIterations) || settings.maxIterations < 1) fail(where, 'options.maxIterations', 'an integer >= 1', settings.maxIterations);
  if (typeof settings.tolerance !== 'number' || !(settings.tolerance >= 0)) fail(where, 'options.tolerance', 'a number >= 0', settings.tolerance);
  if (typeof settings.pseudo !== 'number' || !Number.isFinite(settings.pseudo) || settings.pseudo < 0)
    fail(where, 'options.pseudo', 'a finite number >= 0', settings.pseudo);
  return settings;
}

function stripUndefined(options: PlackettLuceOptions): Partial<Settings> {
  const known: (keyof Settings)[] = ['winnerOnly', 'maxIterations', 'tolerance', 'pseudo', 'repeatedItems'];
  const out: Record<string, unknown> = {};
  for (const key of known) if (options[key] !== undefined) out[key] = options[key];
  return out as Partial<Settings>;
}

function requireRankings(where: string, items: number, rankings: readonly Ranking[], field: string, repeatedItems: boolean): void {
  if (!Array.isArray(rankings)) fail(where, field, 'an array of rankings', rankings);
  const seen = new Int32Array(items).fill(-1);
  rankings.forEach((ranking, r) => {
    const at = `${field}[${r}]`;
    if (ranking === null || typeof ranking !== 'object' || !Array.isArray(ranking.items) || !Array.isArray(ranking.ranks)) {
      fail(where, at, 'a ranking { items, ranks }', ranking);
    }
    if (ranking.items.length < 2) fail(where, `${at}.items`, 'at least 2 items', ranking.items);
    if (ranking.ranks.length !== ranking.items.length) fail(where, `${at}.ranks`, `one rank per item (${ranking.items.length})`, ranking.ranks);
    for (let k = 0; k < ranking.items.length; k++) {
      const item: unknown = ranking.items[k];
      if (typeof item !== 'number' || !Number.isInteger(item) || item < 0 || item >= items)
        fail(where, `${at}.items[${k}]`, `an integer item id in 0..${items - 1}`, item);
      if (seen[item] === r && !repeatedItems) fail(where, `${at}.items[${k}]`, 'an item not already in this ranking (or options.repeatedItems)', item);
      seen[item] = r;
      const rank = ranking.ranks[k];
      if (typeof rank !== 'number' || !Number.isFinite(rank)) fail(where, `${at}.ranks[${k}]`, 'a finite number (1 = best)', rank);
    }
    if (ranking.items.length > MAX_TIE) {
      const tied = new Map<number, number>();
      for (const rank of ranking.ranks) tied.set(rank, (tied.get(rank) ?? 0) + 1);
      if (Math.max(...tied.values()) > MAX_TIE)
        fail(where, `${at}.ranks`, `no tie of more than ${MAX_TIE} items (a tie of m costs 2^m choice sets)`, ranking.ranks);
    }
  });
}

function requireEveryItemPlayed(where: string, items: number, rankings: readonly Ranking[]): void {
  const played = new Uint8Array(items);
  for (const ranking of rankings) for (const item of ranking.items) played[item] = 1;
  const missing = played.indexOf(0);
  if (missing >= 0) {
    throw new RangeError(
      `${where}: rankings must include every item 0..${items - 1} (the worth of an item that never played is not identified; drop or renumber it), got none with item ${missing}`,
    );
  }
}

/**
 * Hunter (2004) Assumption 1 for the MLE without pseudo-comparisons: the directed graph with an
 * edge i → j whenever i finishes ahead of (or tied with) j in a choice that includes j is strongly
 * connected. Rankings with multiplicity 0 are left out.
 */
function requireStronglyConnected(
  where: string,
  items: number,
  rankings: readonly Ranking[],
  winnerOnly: boolean,
  multiplicity: Float64Array | undefined,
): void {
  const edge = new Uint8Array(items * items);
  rankings.forEach((ranking, r) => {
    if (multiplicity !== undefined && multiplicity[r] === 0) return;
    const order = finishingOrder(ranking);
    for (let a = 0; a < order.length; a++) {
      const rankA = ranking.ranks[order[a]];
      if (winnerOnly && rankA !== ranking.ranks[order[0]]) break;
      for (let b = 0; b < order.length; b++) {
        if (b !== a && ranking.ranks[order[b]] >= rankA) edge[ranking.items[order[a]] * items + ranking.items[order[b]]] = 1;
      }
    }
  });
  const reach = (forward: boolean): Uint8Array => {
    const seen = new Uint8Array(items);
    const stack = [0];
    seen[0] = 1;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      for (let j = 0; j < items; j++) {
        if (!seen[j] && edge[forward ? i * items + j : j * items + i]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    return seen;
  };
  const problem = (ahead: number, behind: number): never => {
    throw new RangeError(
      `${where}: rankings must have every item finish ahead of every other, directly or through others, for the maximum-likelihood ` +
        `worths to exist with pseudo = 0 (Hunter 2004, Assumption 1), got item ${ahead} never ahead of item ${behind}; set options.pseudo > 0 (e.g. 0.5)`,
    );
  };
  const fromZero = reach(true).indexOf(0);
  if (fromZero >= 0) problem(0, fromZero);
  const toZero = reach(false).indexOf(0);
  if (toZero >= 0) problem(toZero, 0);
}
