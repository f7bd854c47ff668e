/**
 * The metrics of `goldpit check`, computed per deal (game index) from the per-deal outcomes, and
 * the compact encoding of those outcomes in a baseline file.
 *
 * Metric families (each metric has one value per deal, so that two runs over the same deals give
 * paired differences):
 * - `win:<bot>` — the bot's share of the game's win: (its winning seats)/(k·c) for k winners and c
 *   seats of that bot, so its mean is the bot's win rate per seat-game (as in bots.csv);
 *   not for mirror line-ups, where it is 1/players in every game;
 * - `seat:<s>` — in a mirror line-up (every seat the same bot) seat s's share of the win, 1/k or 0;
 * - `rounds` — game length in the game's steps; `gold` — mean final score per seat (the ids are the
 *   same for every game; the labels use the game's words: "mean turns", "mean final nuggets");
 * - the game's key ending (GameDefinition.keyEnding, e.g. Goldrausch's `race`) — 1 when the game
 *   ended that way; its id is the ending's name.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { emptyDeals, type DealColumns } from '../sim/deals.js';
import type { AnyGameDefinition } from '../core/definition.js';
import type { Tolerance } from '../sim/check-options.js';
import type { Scenario } from '../sim/scenario.js';

export type MetricFamily = 'win-rate' | 'seat-win-rate' | 'rounds' | 'final-gold' | 'ending-share';

/** The game's words and key ending, as the check's metrics name them. */
export interface CheckGame {
  /** What a game's length counts ("rounds", "turns"), and one of them ("round"). */
  readonly steps: string;
  readonly step: string;
  /** What a score is ("gold"). */
  readonly score: string;
  /** The ending whose share is checked: its name, its index in the game's endings, its label. */
  readonly keyEnding: { readonly id: string; readonly index: number; readonly label: string } | null;
}

export function checkGameOf(def: Pick<AnyGameDefinition, 'presentation' | 'keyEnding' | 'endings'>): CheckGame {
  const p = def.presentation;
  const key = def.keyEnding;
  return {
    steps: p.step.many,
    step: p.step.one,
    score: p.score,
    keyEnding: key === null ? null : { id: key, index: def.endings.indexOf(key), label: p.endings[key]?.label ?? key },
  };
}

export interface MetricDef {
  /** Stable id: `win:greedy`, `seat:2`, `rounds`, `gold`, the key ending's name (`race`). */
  readonly id: string;
  /** For tables: `win rate greedy`, `win rate seat 2`, `mean rounds`, `mean final gold`, `race share`. */
  readonly label: string;
  readonly family: MetricFamily;
  /** Bot name (win-rate) or seat (seat-win-rate). */
  readonly bot?: string;
  readonly seat?: number;
  /** Index of the ending among the game's endings (ending-share). */
  readonly ending?: number;
}

/** The values a metric's per-deal value can take: [lo, hi]. */
export interface Range {
  readonly lo: number;
  readonly hi: number;
}

/**
 * The range a metric's per-deal value keeps by construction at a point, or null when it has none
 * (final score, score spread: then an interval uses the range the deals show). For the families of
 * check and the sweep (`seat-spread`, `score-spread` are the sweep's own).
 * - a share of the win or an ending's indicator: [0, 1];
 * - the per-deal seat spread (the share of one seat minus another's): [−1, 1];
 * - the game's length: [0, the game's most steps under this scenario] (GameDefinition.maxRounds).
 */
export function metricRange(metric: { readonly family: string }, scenario: Pick<Scenario, 'definition' | 'config'>): Range | null {
  switch (metric.family) {
    case 'win-rate':
    case 'seat-win-rate':
    case 'ending-share':
      return { lo: 0, hi: 1 };
    case 'seat-spread':
      return { lo: -1, hi: 1 };
    case 'rounds':
      return { lo: 0, hi: scenario.definition.maxRounds(scenario.config) };
    case 'decisive-share':
      return { lo: 0, hi: 1 };
    case 'lead-changes':
      // At most one change a step.
      return { lo: 0, hi: scenario.definition.maxRounds(scenario.config) };
    default:
      return null;
  }
}

export function isMirror(seats: readonly string[]): boolean {
  return seats.every((b) => b === seats[0]);
}

/** The metric family of a line-up, in report order. */
export function metricsOf(seats: readonly string[], game: CheckGame): MetricDef[] {
  const out: MetricDef[] = [];
  if (isMirror(seats)) {
    seats.forEach((_, s) => out.push({ id: `seat:${s}`, label: `win rate seat ${s}`, family: 'seat-win-rate', seat: s }));
  } else {
    for (const bot of [...new Set(seats)]) out.push({ id: `win:${bot}`, label: `win rate ${bot}`, family: 'win-rate', bot });
  }
  out.push({ id: 'rounds', label: `mean ${game.steps}`, family: 'rounds' });
  out.push({ id: 'gold', label: `mean final ${game.score}`, family: 'final-gold' });
  const key = game.keyEnding;
  if (key !== null) out.push({ id: key.id, label: `${key.label} share`, family: 'ending-share', ending: key.index });
  return out;
}

/** The tolerance δ of a metric; final gold's is relative to the baseline's mean final gold. */
export function deltaOf(metric: MetricDef, tolerance: Tolerance, baselineMeanGold: number): number {
  switch (metric.family) {
    case 'win-rate':
      return tolerance.winRate;
    case 'seat-win-rate':
      return tolerance.seatWinRate;
    case 'rounds':
      return tolerance.rounds;
    case 'final-gold':
      return tolerance.finalGold * Math.max(baselineMeanGold, 1e-9);
    case 'ending-share':
      return tolerance.endingShare;
  }
}

const popcount = (mask: number) => {
  let c = 0;
  for (let m = mask; m; m &= m - 1) c++;
  return c;
};

/**
 * Values of `metric` for deals [from, to), written to `out[0 .. to − from)`.
 */
export function metricValues(
  metric: MetricDef,
  seats: readonly string[],
  deals: DealColumns,
  from: number,
  to: number,
  out: Float64Array = new Float64Array(to - from),
): Float64Array {
  const players = seats.length;
  switch (metric.family) {
    case 'win-rate': {
      let botMask = 0;
      seats.forEach((b, s) => {
        if (b === metric.bot) botMask |= 1 << s;
      });
      const c = popcount(botMask);
      for (let i = from; i < to; i++) {
        const w = deals.winners[i];
        const k = popcount(w);
        out[i - from] = k === 0 ? 0 : popcount(w & botMask) / (k * c);
      }
      return out;
    }
    case 'seat-win-rate': {
      const bit = 1 << metric.seat!;
      for (let i = from; i < to; i++) {
        const w = deals.winners[i];
        out[i - from] = w & bit ? 1 / popcount(w) : 0;
      }
      return out;
    }
    case 'rounds':
      for (let i = from; i < to; i++) out[i - from] = deals.length[i];
      return out;
    case 'final-gold':
      for (let i = from; i < to; i++) out[i - from] = deals.scoreSum[i] / players;
      return out;
    case 'ending-share': {
      const ending = metric.ending!;
      for (let i = from; i < to; i++) out[i - from] = deals.ending[i] === ending ? 1 : 0;
      return out;
    }
  }
}

export const DEALS_ENCODING = 'goldpit-deals-v1';

/** The columns a sweep's or balance's checkpoint keeps beyond a baseline's: the spread and the tension figures, 4 bytes each. */
const SWEEP_COLUMNS = ['scoreSpread', 'leadChanges', 'decisiveStep', 'winnerDeficit', 'finalMargin'] as const;

/**
 * Encodes deals as byte planes (winners; length low, high; ending; score sum bytes 0–3; with
 * `withSweep` the final-score spread and the tension figures, 4 planes each), each column's rows
 * consecutive, deflated and base64'd. Planes keep the mostly-constant high bytes together, which
 * deflate squeezes to almost nothing: about 1.5 bytes a deal for a baseline.
 */
export function encodeDeals(deals: DealColumns, withSweep = false): string {
  // The sweep's own metrics (spread, tension) are kept only when asked (a sweep's checkpoint): no
  // check metric reads them, so baselines stay at 8 bytes a deal and a decoded baseline's are 0.
  const n = deals.winners.length;
  const bytes = new Uint8Array(n * (withSweep ? 8 + 4 * SWEEP_COLUMNS.length : 8));
  bytes.set(deals.winners, 0);
  for (let i = 0; i < n; i++) {
    const len = deals.length[i];
    bytes[n + i] = len & 0xff;
    bytes[2 * n + i] = len >>> 8;
    bytes[3 * n + i] = deals.ending[i];
    putInt32(bytes, 4 * n, n, i, deals.scoreSum[i]);
    if (withSweep) SWEEP_COLUMNS.forEach((column, c) => putInt32(bytes, (8 + 4 * c) * n, n, i, deals[column][i]));
  }
  return deflateRawSync(bytes, { level: 9 }).toString('base64');
}

/** Writes v's four bytes into four planes of n bytes from `at` (planes deflate better than words). */
function putInt32(bytes: Uint8Array, at: number, n: number, i: number, v: number): void {
  const u = v >>> 0;
  bytes[at + i] = u & 0xff;
  bytes[at + n + i] = (u >>> 8) & 0xff;
  bytes[at + 2 * n + i] = (u >>> 16) & 0xff;
  bytes[at + 3 * n + i] = u >>> 24;
}

function getInt32(bytes: Uint8Array, at: number, n: number, i: number): number {
  return bytes[at + i] | (bytes[at + n + i] << 8) | (bytes[at + 2 * n + i] << 16) | (bytes[at + 3 * n + i] << 24);
}

/**
 * Inverse of {@link encodeDeals} (with or without the sweep's columns); throws a plain Error when the
 * data does not hold `games` deals, or holds a sweep's deals of an earlier goldpit (the spread
 * without the tension figures, which a resumed sweep would then lack).
 */
export function decodeDeals(data: string, games: number): DealColumns {
  const bytes = inflateRawSync(Buffer.from(data, 'base64'));
  const sweepBytes = 8 + 4 * SWEEP_COLUMNS.length;
  const withSweep = bytes.length === games * sweepBytes;
  if (bytes.length === games * 12 && games > 0)
    throw new Error('the deals were kept by an earlier goldpit (without the tension figures): start the sweep afresh');
  if (bytes.length !== games * 8 && !withSweep) throw new Error(`holds ${bytes.length / 8} deals, expected ${games}`);
  const n = games;
  const deals = emptyDeals(n);
  deals.winners.set(bytes.subarray(0, n));
  for (let i = 0; i < n; i++) {
    deals.length[i] = bytes[n + i] | (bytes[2 * n + i] << 8);
    deals.ending[i] = bytes[3 * n + i];
    deals.scoreSum[i] = getInt32(bytes, 4 * n, n, i);
    if (withSweep) SWEEP_COLUMNS.forEach((column, c) => (deals[column][i] = getInt32(bytes, (8 + 4 * c) * n, n, i)));
  }
  return deals;
}
