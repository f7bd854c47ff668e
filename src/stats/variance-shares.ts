/**
 * Variance shares of a crossed, paired design: how much of an outcome's variance goes with the row
 * (a fixed treatment — in the skill ladder, which tier sits at which table), how much with the
 * column (a random unit played under every row — the deal and seat), and how much with neither
 * alone (their interaction, plus whatever chance the column does not fix).
 *
 * Layout. R rows × U columns, one value each; the columns come in C clusters of K (a deal's K
 * seats: U = C·K), and the same columns are played under every row (common random numbers). Value
 * y_rc is `values[(r·C + cluster)·K + unit]` for column c = cluster·K + unit.
 *
 * Model: y_rc = μ + τ_r + δ_c + ε_rc, with Σ τ_r = 0 (fixed row effects), δ_c random column effects
 * of variance σ²_col and ε_rc of variance σ²_int, mean 0. The three components are
 *   rows:        σ²_row = Σ τ_r² / R   (the spread of the rows actually in the design),
 *   columns:     σ²_col,
 *   interaction: σ²_int,
 * and each share is its component over their sum (the variance of one value drawn at a random row
 * and column). Estimated by the method of moments of the two-way analysis of variance without
 * replication (Searle, Casella & McCulloch, "Variance Components", Wiley 1992, §4.7 and §4.8: the
 * mixed model's expected mean squares):
 *   SS_row = U Σ_r (ȳ_r· − ȳ)²,  SS_col = R Σ_c (ȳ_·c − ȳ)²,  SS_int = Σ (y − ȳ)² − SS_row − SS_col,
 *   MS_row = SS_row/(R − 1),  MS_col = SS_col/(U − 1),  MS_int = SS_int/((R − 1)(U − 1)),
 *   E[MS_int] = σ²_int,  E[MS_col] = σ²_int + R σ²_col,  E[MS_row] = σ²_int + U·R/(R − 1)·σ²_row,
 * so σ̂²_int = MS_int, σ̂²_col = (MS_col − MS_int)/R and σ̂²_row = (R − 1)/(R·U) · (MS_row − MS_int),
 * each floored at 0 (a negative moment estimate means "indistinguishable from 0").
 *
 * Intervals: a delete-one-cluster jackknife on the logit scale. The shares are recomputed C times,
 * each time without one cluster (a deal with all its columns under every row); with ℓ = logit(share),
 * SE = √((C − 1)/C · Σ_d (ℓ₍d₎ − ℓ̄₍·₎)²) and the bounds are logit⁻¹(ℓ ∓ t_{C−1}(1 − α/2) · SE).
 * The logit keeps the bounds inside (0, 1) and makes a ratio's sampling distribution near-symmetric
 * away from the edges; where the same jackknife on the share itself reaches 0 (or 1) — the data cannot
 * tell the share from 0 — the bound is 0 (or 1), so a share that is truly 0 (tiers of equal strength)
 * is covered. Where the share or a leave-one-out share is at an edge (a floored estimate), the
 * logit is undefined and the jackknife is on the share itself, with the standard error of the
 * unfloored moment estimates: the floored ones can all be 0 when the estimate is negative, and
 * would give the zero-width [0, 0] (in about a third of designs with tiers of equal strength); the
 * interval is the reported share ± t·SE clipped to [0, 1], and the whole [0, 1] when every
 * leave-one-out estimate is the same (a table of equal values says nothing). A jackknife, not a bootstrap: a resample with repeated clusters shrinks the between-
 * cluster variance by about (C − 1)/C, which shifts a bootstrap distribution of the shares (the luck
 * share down, the skill share up) and made percentile intervals miss on one side (88–93% coverage
 * at 10–20 deals, measured). test/stats/variance-shares.test.ts measures coverage on synthetic
 * designs with known shares; docs/statistics.md gives the figures. References: B. Efron & R. J.
 * Tibshirani, "An Introduction to the Bootstrap", Chapman & Hall 1993, §11.2–11.5 (the jackknife
 * estimate of standard error) and §12.6 (transformations); the clusters as the jackknife's units as
 * in survey practice (K. M. Wolter, "Introduction to Variance Estimation", 2nd ed., Springer 2007, §4.2).
 *
 * Input: R ≥ 2 rows, C ≥ 2 clusters, K ≥ 1 units per cluster, R·C·K finite values.
 * Independent check: scripts/reference/variance_shares.py (the sums of squares from least-squares
 * fits of nested linear models with numpy, not from these formulas).
 */
import { studentTQuantile } from './student-t.js';
import { fail, requireConfidence } from './validate.js';

export interface CrossedTable {
  /** R: the fixed treatments (the skill ladder's matchups). */
  readonly rows: number;
  /** C: clusters of columns (deals); the jackknife's unit. */
  readonly clusters: number;
  /** K: columns per cluster (a deal's seats). */
  readonly perCluster: number;
  /** values[(r·C + cluster)·K + unit]. */
  readonly values: ArrayLike<number>;
}

export interface VarianceComponents {
  readonly rows: number;
  readonly columns: number;
  readonly interaction: number;
}

export interface VarianceShares {
  /** The estimated components σ̂²_row, σ̂²_col, σ̂²_int (each ≥ 0). */
  readonly components: VarianceComponents;
  /** Their sum: the variance of one value at a random row and column. */
  readonly total: number;
  /** Each component over the total (all 0 when the total is 0). */
  readonly shares: VarianceComponents;
  /** The mean squares the components come from (for readers who want the ANOVA table). */
  readonly meanSquares: VarianceComponents;
}

export interface VarianceSharesInterval {
  readonly estimate: VarianceShares;
  /** Lower and upper bounds of each share. */
  readonly lower: VarianceComponents;
  readonly upper: VarianceComponents;
  readonly confidence: number;
  /** C: the jackknife's units. */
  readonly clusters: number;
  readonly method: 'jackknife-logit-t';
}

/** Per-cluster sums: everything one cluster adds to the sums of squares, so a replicate costs O(R·C). */
interface ClusterSums {
  /** rowSum[r·C + cluster] = Σ over the cluster's columns of y at row r. */
  readonly rowSum: Float64Array;
  /** Σ over the cluster's columns of (Σ_r y_rc)². */
  readonly columnSquares: Float64Array;
  /** Σ over the cluster of y². */
  readonly squares: Float64Array;
}

function sumsOf(table: CrossedTable): ClusterSums {
  const { rows: R, clusters: C, perCluster: K, values } = table;
  const rowSum = new Float64Array(R * C);
  const columnSquares = new Float64Array(C);
  const squares = new Float64Array(C);
  const column = new Float64Array(K);
  for (let d = 0; d < C; d++) {
    column.fill(0);
    for (let r = 0; r < R; r++) {
      let s = 0;
      for (let u = 0; u < K; u++) {
        const y = values[(r * C + d) * K + u];
        s += y;
        column[u] += y;
        squares[d] += y * y;
      }
      rowSum[r * C + d] = s;
    }
    for (let u = 0; u < K; u++) columnSquares[d] += column[u] * column[u];
  }
  return { rowSum, columnSquares, squares };
}

/**
 * The shares from the sums, each cluster counted `weight[d]` times (once when absent; 0 leaves it
 * out). `floor` false keeps the moment estimates of σ²_row and σ²_col as they are, negative ones
 * included (for the jackknife's standard error at the edges; see varianceSharesInterval).
 */
function sharesFromSums(R: number, C: number, K: number, sums: ClusterSums, weight: Int32Array | null, floor = true): VarianceShares {
  let clusters = C;
  if (weight !== null) {
    clusters = 0;
    for (let d = 0; d < C; d++) clusters += weight[d];
  }
  const U = clusters * K;
  const N = R * U;
  let total = 0;
  let squares = 0;
  let columnSquares = 0;
  let rowSquares = 0;
  for (let d = 0; d < C; d++) {
    const w = weight === null ? 1 : weight[d];
    if (w === 0) continue;
    squares += w * sums.squares[d];
    columnSquares += w * sums.columnSquares[d];
  }
  for (let r = 0; r < R; r++) {
    let row = 0;
    for (let d = 0; d < C; d++) row += (weight === null ? 1 : weight[d]) * sums.rowSum[r * C + d];
    rowSquares += row * row;
    total += row;
  }
  const correction = (total * total) / N;
  const ssRows = Math.max(0, rowSquares / U - correction);
  const ssColumns = Math.max(0, columnSquares / R - correction);
  const ssInteraction = Math.max(0, squares - correction - ssRows - ssColumns);
  const msRows = ssRows / (R - 1);
  const msColumns = U > 1 ? ssColumns / (U - 1) : 0;
  const msInteraction = U > 1 ? ssInteraction / ((R - 1) * (U - 1)) : 0;
  const low = floor ? 0 : -Infinity;
  const components = {
    rows: Math.max(low, ((R - 1) / (R * U)) * (msRows - msInteraction)),
    columns: Math.max(low, (msColumns - msInteraction) / R),
    interaction: msInteraction,
  };
  const sum = components.rows + components.columns + components.interaction;
  const share = (x: number) => (sum > 0 ? x / sum : 0);
  return {
    components,
    total: sum,
    shares: { rows: share(components.rows), columns: share(components.columns), interaction: share(components.interaction) },
    meanSquares: { rows: msRows, columns: msColumns, interaction: msInteraction },
  };
}

function requireTable(where: string, table: CrossedTable): void {
  if (table === null || typeof table !== 'object') fail(where, 'table', 'an object { rows, clusters, perCluster, values }', table);
  const { rows, clusters, perCluster, values } = table;
  if (!Number.isInteger(rows) || rows < 2) fail(where, 'table.rows', 'an integer >= 2', rows);
  if (!Number.isInteger(clusters) || clusters < 2) fail(where, 'table.clusters', 'an integer >= 2', clusters);
  if (!Number.isInteger(perCluster) || perCluster < 1) fail(where, 'table.perCluster', 'an integer >= 1', perCluster);
  if (values === null || typeof values !== 'object' || values.length !== rows * clusters * perCluster)
    fail(where, 'table.values', `an array of rows × clusters × perCluster = ${rows * clusters * perCluster} numbers`, values);
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) fail(where, `table.values[${i}]`, 'a finite number', values[i]);
}

/**
 * The estimated variance components and shares of a crossed table (see the module comment).
 *
 * @example varianceShares({ rows: 2, clusters: 2, perCluster: 2, values: [1, 0, 0, 0, 1, 1, 0, 1] }).shares
 *   // { rows: 0.1428571428571429, columns: 0.28571428571428575, interaction: 0.5714285714285715 }
 */
export function varianceShares(table: CrossedTable): VarianceShares {
  requireTable('varianceShares', table);
  return sharesFromSums(table.rows, table.clusters, table.perCluster, sumsOf(table), null);
}

/**
 * The shares with their jackknife intervals over clusters (see the module comment). Deterministic:
 * no random numbers.
 */
export function varianceSharesInterval(table: CrossedTable, options: { confidence?: number } = {}): VarianceSharesInterval {
  const where = 'varianceSharesInterval';
  requireTable(where, table);
  const confidence = requireConfidence(where, options.confidence ?? 0.95);
  const { rows: R, clusters: C, perCluster: K } = table;
  const sums = sumsOf(table);
  const estimate = sharesFromSums(R, C, K, sums, null);
  const keys = ['rows', 'columns', 'interaction'] as const;
  const leaveOut = { rows: new Float64Array(C), columns: new Float64Array(C), interaction: new Float64Array(C) };
  const unfloored = { rows: new Float64Array(C), columns: new Float64Array(C), interaction: new Float64Array(C) };
  const weight = new Int32Array(C).fill(1);
  for (let d = 0; d < C; d++) {
    weight[d] = 0;
    const s = sharesFromSums(R, C, K, sums, weight).shares;
    const u = sharesFromSums(R, C, K, sums, weight, false).shares;
    weight[d] = 1;
    for (const key of keys) {
      leaveOut[key][d] = s[key];
      unfloored[key][d] = u[key];
    }
  }
  const t = studentTQuantile((1 + confidence) / 2, C - 1);
  const lower = {} as Record<(typeof keys)[number], number>;
  const upper = {} as Record<(typeof keys)[number], number>;
  for (const key of keys) {
    const share = estimate.shares[key];
    if (share <= 0 || share >= 1 || Array.prototype.some.call(leaveOut[key], (x: number) => x <= 0 || x >= 1)) {
      // The logit is not defined at an edge: the jackknife on the share itself, with its standard
      // error from the unfloored estimates — where the moment estimate is negative, the floored
      // leave-one-out shares may all sit at 0 and would give [0, 0], "no skill, no uncertainty" —
      // around the reported share, clipped to [0, 1].
      const plain = jackknifeError(unfloored[key], (x) => x);
      if (!(plain > 0)) {
        // Every leave-one-out estimate is the same (every value of the table equal, say): the
        // jackknife says nothing about the share's uncertainty, so the interval is the whole range.
        lower[key] = 0;
        upper[key] = 1;
        continue;
      }
      lower[key] = Math.max(0, share - t * plain);
      upper[key] = Math.min(1, share + t * plain);
      continue;
    }
    const plain = jackknifeError(leaveOut[key], (x) => x);
    const reachesZero = share - t * plain <= 0;
    const reachesOne = share + t * plain >= 1;
    const se = jackknifeError(leaveOut[key], logit);
    lower[key] = reachesZero ? 0 : expit(logit(share) - t * se);
    upper[key] = reachesOne ? 1 : expit(logit(share) + t * se);
  }
  return { estimate, lower, upper, confidence, clusters: C, method: 'jackknife-logit-t' };
}

const logit = (p: number): number => Math.log(p / (1 - p));
const expit = (x: number): number => 1 / (1 + Math.exp(-x));

/** The delete-one jackknife standard error of g(share) from the C leave-one-out values: √((C − 1)/C · Σ (g₍d₎ − mean)²). */
function jackknifeError(leaveOut: Float64Array, g: (x: number) => number): number {
  const C = leaveOut.length;
  let mean = 0;
  for (let d = 0; d < C; d++) mean += g(leaveOut[d]) / C;
  let ss = 0;
  for (let d = 0; d < C; d++) ss += (g(leaveOut[d]) - mean) ** 2;
  return Math.sqrt(((C - 1) / C) * ss);
}
