/**
 * Helpers of the check's calibration (scripts/check-calibration.mjs): drawing deals from a pool of
 * played games, and injecting a known shift into one metric of a set of deals, so that the script
 * can measure how often `goldpit check` says FAIL with no shift (false alarms) and with a shift of 2δ
 * (power).
 */
import { copyDeals, emptyDeals, type DealColumns } from '../sim/deals.js';
import type { MetricDef } from './deals.js';

/** A uniform integer in [0, n) (a seeded stream's `int`). */
export type DrawInt = (n: number) => number;

export { gatherDeals } from '../sim/deals.js';

/** `count` distinct elements of `items`, uniformly (partial Fisher–Yates). */
function choose(items: number[], count: number, draw: DrawInt): number[] {
  if (count > items.length) throw new RangeError(`injectShift: needs ${count} eligible deals, only ${items.length} are`);
  for (let j = 0; j < count; j++) {
    const k = j + draw(items.length - j);
    const t = items[j];
    items[j] = items[k];
    items[k] = t;
  }
  return items.slice(0, count);
}

export interface InjectedShift {
  /** A modified copy of the deals (the input is left alone). */
  readonly deals: DealColumns;
  /** Factor to apply to the per-deal `gold` values (1 unless the target is final gold). */
  readonly goldFactor: number;
  /** Deals changed (or, for gold, scaled). */
  readonly changed: number;
  /** The shift of the target metric's mean that the change makes, exactly (in the metric's unit). */
  readonly shift: number;
}

/**
 * Adds `shift` (> 0, in the metric's unit) to the mean of `target` over `deals`, the way a real change
 * would, touching a random set of deals:
 * - win rate of a bot with c seats (or of a seat in a mirror line-up, c = 1): round(shift·n·c) deals
 *   the bot did not win become wins of its first seat alone, taking the win away from the winners
 *   (each adds 1/c to the bot's per-deal share; the other bots lose what it gains);
 * - rounds: round(shift·n) deals (whole rounds, one each) last one round longer;
 * - key-ending share: round(shift·n) deals that ended otherwise are marked as ended that way;
 * - final gold: every deal's gold is multiplied by 1 + shift/meanGold (meanGold: the mean final gold
 *   per seat of `deals`), returned as `goldFactor` (final gold is an integer column).
 * The shift made is exact up to the rounding of the count to whole deals, and is returned.
 */
export function injectShift(deals: DealColumns, seats: readonly string[], target: MetricDef, shift: number, draw: DrawInt): InjectedShift {
  if (!(shift > 0)) throw new RangeError(`injectShift: shift must be positive, got ${shift}`);
  const n = deals.winners.length;
  const out = emptyDeals(n);
  copyDeals(out, deals, 0);
  const where = (test: (i: number) => boolean) => {
    const items: number[] = [];
    for (let i = 0; i < n; i++) if (test(i)) items.push(i);
    return items;
  };
  switch (target.family) {
    case 'win-rate':
    case 'seat-win-rate': {
      let mask = 0;
      seats.forEach((b, s) => {
        if (target.family === 'win-rate' ? b === target.bot : s === target.seat) mask |= 1 << s;
      });
      if (mask === 0) throw new RangeError(`injectShift: ${target.id} holds no seat of [${seats.join(', ')}]`);
      const c = target.family === 'win-rate' ? seats.filter((b) => b === target.bot).length : 1;
      const first = mask & -mask;
      const count = Math.round(shift * n * c);
      for (const i of choose(
        where((i) => (deals.winners[i] & mask) === 0),
        count,
        draw,
      ))
        out.winners[i] = first;
      return { deals: out, goldFactor: 1, changed: count, shift: count / (n * c) };
    }
    case 'rounds': {
      const count = Math.round(shift * n);
      for (const i of choose(
        where(() => true),
        count,
        draw,
      ))
        out.length[i] += 1;
      return { deals: out, goldFactor: 1, changed: count, shift: count / n };
    }
    case 'ending-share': {
      const count = Math.round(shift * n);
      const ending = target.ending!;
      for (const i of choose(
        where((i) => deals.ending[i] !== ending),
        count,
        draw,
      ))
        out.ending[i] = ending;
      return { deals: out, goldFactor: 1, changed: count, shift: count / n };
    }
    case 'final-gold': {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += deals.scoreSum[i];
      const meanGold = sum / n / seats.length;
      return { deals: out, goldFactor: 1 + shift / meanGold, changed: n, shift };
    }
  }
}
