/**
 * What a bot reads from the public history (rules/goldrausch.md §13, §15.3): successful upgrades,
 * betrayals, reputation and how often each seat upgrades. Every function is a small loop over at most
 * `rounds` records; none allocates.
 */
import type { RoundRecord } from '../../../src/games/goldrausch/state.js';
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';

/** How many times `seat` was the sole, paid-double upgrader so far (the fairness count of §15.4). */
export function successfulUpgrades(view: GoldrauschView, seat: number): number {
  const history = view.history;
  let count = 0;
  for (let i = 0; i < history.length; i++) if (history[i].upgradeSucceeded[seat]) count++;
  return count;
}

/**
 * Bitmask of the seats that broke an obligation towards `seat` (a breach listing it as a victim) in
 * the last `k` rounds, i.e. in rounds `view.round − k … view.round − 1` (§15.4 Reciprocal).
 */
export function recentBetrayers(view: GoldrauschView, seat: number, k: number): number {
  const history = view.history;
  const oldest = view.round - k;
  let mask = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const record = history[i];
    if (record.round < oldest) break;
    const breaches = record.breaches;
    for (let b = 0; b < breaches.length; b++) {
      if (breaches[b].victims.includes(seat)) mask |= 1 << breaches[b].seat;
    }
  }
  return mask;
}

/** §15.3 reputation r = (kept + 1) / (kept + broken + 2); 1 − r is the estimated chance of a breach. */
export function reputation(view: GoldrauschView, seat: number): number {
  const kept = view.kept[seat];
  return (kept + 1) / (kept + view.broken[seat] + 2);
}

/**
 * Habits of every seat, learnt from the public history (one instance per bot):
 *
 *  - `upgrade[s]`: the chance that s lays green when it shares a continent, from the rounds in which
 *    it did (alone it always should, so those rounds say nothing): Laplace's rule
 *    (greens + 1) / (shared rounds + 2), i.e. 0.5 with no evidence;
 *  - `stay[s]`: the chance that s goes back to last round's continent, (stays + 1/3) / (moves + 1),
 *    i.e. 1/3 (a uniform choice) with no evidence.
 *
 * History only grows during a game, so the counts are updated with the new records only (one record
 * per round instead of the whole history: ~300 ns → ~40 ns per call late in a game); a history that
 * does not extend the one seen before is recounted from scratch.
 */
export class SeatHabits {
  upgrade = new Float64Array(8);
  stay = new Float64Array(8);
  private greens = new Float64Array(8);
  private shared = new Float64Array(8);
  private stays = new Float64Array(8);
  private counted = 0;
  private lastCounted: RoundRecord | null = null;
  private lastHistory: readonly RoundRecord[] | null = null;

  /** Brings `upgrade` and `stay` up to date with `view.history`; returns this. */
  of(view: GoldrauschView): this {
    const history = view.history;
    if (history === this.lastHistory) return this;
    const players = view.players;
    const grown = this.counted <= history.length && (this.counted === 0 || history[this.counted - 1] === this.lastCounted);
    if (!grown || this.upgrade.length < players) this.reset(players);
    for (let i = this.counted; i < history.length; i++) this.count(history, i, players);
    this.counted = history.length;
    this.lastCounted = history.length > 0 ? history[history.length - 1] : null;
    this.lastHistory = history;
    const moves = Math.max(0, history.length - 1);
    for (let s = 0; s < players; s++) {
      this.upgrade[s] = (this.greens[s] + 1) / (this.shared[s] + 2);
      this.stay[s] = (this.stays[s] + 1 / 3) / (moves + 1);
    }
    return this;
  }

  private reset(players: number): void {
    if (this.upgrade.length < players) {
      this.upgrade = new Float64Array(players);
      this.stay = new Float64Array(players);
      this.greens = new Float64Array(players);
      this.shared = new Float64Array(players);
      this.stays = new Float64Array(players);
    }
    this.greens.fill(0);
    this.shared.fill(0);
    this.stays.fill(0);
    this.counted = 0;
  }

  private count(history: readonly RoundRecord[], i: number, players: number): void {
    const record = history[i];
    const locations = record.locations;
    const before = i > 0 ? history[i - 1].locations : null;
    let azul = 0;
    let rosso = 0;
    let veridia = 0;
    for (let s = 0; s < players; s++) {
      const c = locations[s];
      if (c === 0) azul++;
      else if (c === 1) rosso++;
      else veridia++;
    }
    for (let s = 0; s < players; s++) {
      const c = locations[s];
      if (before !== null && before[s] === c) this.stays[s]++;
      if ((c === 0 ? azul : c === 1 ? rosso : veridia) < 2) continue;
      this.shared[s]++;
      if (record.commits[s] === 'green') this.greens[s]++;
    }
  }
}
