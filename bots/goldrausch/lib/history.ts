/**
 * What a bot reads from the public history (docs/games/goldrausch.md §13, §15.3): successful upgrades,
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
 * `successfulUpgrades` of every seat at once, as an array indexed by seat (read it before the next
 * call: the array is reused). The counts are memoized on the history array: the same history (same
 * array, same length) costs nothing, a history that extends the last one counts its new records only,
 * any other is counted afresh.
 */
export function successCounts(view: GoldrauschView): ArrayLike<number> {
  countSuccesses(view);
  return handOut(successes);
}

/**
 * The memo of `successCounts` brought up to date with the view's history, its `counts` not copied:
 * for readers in this folder that read them at once and write nothing (`fairUpgrader`). The copy
 * (`Float64Array.set`, ~150 machine instructions) was about a fifth of the cost of a fairUpgrader call.
 */
export function countSuccesses(view: GoldrauschView): { readonly counts: ArrayLike<number> } {
  const history = view.history;
  const length = history.length;
  const players = view.players;
  const memo = successes;
  if (history === memo.history && length === memo.length && players === memo.players) return memo;
  let from = memo.length;
  const grown = players === memo.players && from >= 0 && from <= length && (from === 0 || history[from - 1] === memo.lastRecord);
  if (!grown) {
    if (memo.counts.length < players) memo.counts = new Float64Array(Math.max(8, players));
    else memo.counts.fill(0);
    from = 0;
  }
  const counts = memo.counts;
  for (let i = from; i < length; i++) {
    const succeeded = history[i].upgradeSucceeded;
    for (let s = 0; s < players; s++) if (succeeded[s]) counts[s]++;
  }
  memo.history = history;
  memo.length = length;
  memo.players = players;
  memo.lastRecord = length > 0 ? history[length - 1] : null;
  return memo;
}

/** The counts as a separate array, so a caller's write cannot change the memo (8 numbers copied). */
function handOut(memo: typeof successes): Float64Array {
  if (memo.out.length !== memo.counts.length) memo.out = new Float64Array(memo.counts.length);
  memo.out.set(memo.counts);
  return memo.out;
}

const successes: {
  history: readonly RoundRecord[] | null;
  length: number;
  players: number;
  lastRecord: RoundRecord | null;
  counts: Float64Array;
  out: Float64Array;
} = { history: null, length: -1, players: 0, lastRecord: null, counts: new Float64Array(8), out: new Float64Array(8) };

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
 *
 * The habits are a function of the (public) history alone, so every bot of a game would compute the
 * same numbers each round. The last computed `upgrade` and `stay` are therefore published in a
 * module-level slot (copied into arrays no instance hands out) with the history they belong to, and
 * another instance asked about that same history (same array, same length, same player count) copies
 * them instead of counting again. Each instance's `upgrade` and `stay` are its own arrays, allocated
 * once and overwritten in place by every `of` that sees another history (no typed arrays per round:
 * they were ~10% of a baseline run's allocated bytes), so a write to them changes no other seat's bot;
 * still, treat them as read-only, and read them before the next `of`.
 */
export class SeatHabits {
  upgrade: number[] = NO_HABITS;
  stay: number[] = NO_HABITS;
  private greens: number[] | null = null;
  private shared: number[] | null = null;
  private stays: number[] | null = null;
  private counted = 0;
  private lastCounted: RoundRecord | null = null;
  private lastHistory: readonly RoundRecord[] | null = null;
  private lastLength = -1;

  /** Brings `upgrade` and `stay` up to date with `view.history`; returns this. */
  of(view: GoldrauschView): this {
    const history = view.history;
    const length = history.length;
    if (history === this.lastHistory && length === this.lastLength) return this;
    const players = view.players;
    const last = published;
    if (last.history === history && last.length === length && last.players === players) {
      // Copies: what an instance hands out is its own, so a write to it (by a bot built on this
      // class) cannot reach another seat's bot.
      this.own(players);
      const upgrade = this.upgrade;
      const stay = this.stay;
      const fromUpgrade = last.upgrade;
      const fromStay = last.stay;
      for (let s = 0; s < players; s++) {
        upgrade[s] = fromUpgrade[s];
        stay[s] = fromStay[s];
      }
      this.lastHistory = history;
      this.lastLength = length;
      return this;
    }
    const size = Math.max(8, players);
    const grown = this.counted <= length && (this.counted === 0 || history[this.counted - 1] === this.lastCounted);
    if (!grown || this.greens === null || this.greens.length < players) this.reset(size);
    for (let i = this.counted; i < length; i++) this.count(history, i, players);
    this.counted = length;
    this.lastCounted = length > 0 ? history[length - 1] : null;
    this.lastHistory = history;
    this.lastLength = length;
    const greens = this.greens!;
    const shared = this.shared!;
    const stays = this.stays!;
    this.own(players);
    const upgrade = this.upgrade;
    const stay = this.stay;
    if (last.upgrade.length !== players) {
      last.upgrade = zeros(players);
      last.stay = zeros(players);
    }
    const toUpgrade = last.upgrade;
    const toStay = last.stay;
    const moves = Math.max(0, length - 1);
    for (let s = 0; s < players; s++) {
      const u = (greens[s] + 1) / (shared[s] + 2);
      const t = (stays[s] + 1 / 3) / (moves + 1);
      upgrade[s] = u;
      stay[s] = t;
      toUpgrade[s] = u; // the published copy, never handed out
      toStay[s] = t;
    }
    last.history = history;
    last.length = length;
    last.players = players;
    return this;
  }

  /**
   * Makes `upgrade` and `stay` this instance's own arrays, one entry per seat (new ones only the
   * first time or when the player count changes).
   */
  private own(players: number): void {
    if (this.upgrade.length !== players) {
      this.upgrade = zeros(players);
      this.stay = zeros(players);
    }
  }

  private reset(size: number): void {
    if (this.greens === null || this.greens.length < size) {
      this.greens = zeros(size);
      this.shared = zeros(size);
      this.stays = zeros(size);
    } else {
      this.greens.fill(0);
      this.shared!.fill(0);
      this.stays!.fill(0);
    }
    this.counted = 0;
  }

  private count(history: readonly RoundRecord[], i: number, players: number): void {
    const greens = this.greens!;
    const shared = this.shared!;
    const stays = this.stays!;
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
      if (before !== null && before[s] === c) stays[s]++;
      if ((c === 0 ? azul : c === 1 ? rosso : veridia) < 2) continue;
      shared[s]++;
      if (record.commits[s] === 'green') greens[s]++;
    }
  }
}

/** Before the first `of`: no habits (never read, never written: `own` replaces it first). */
const NO_HABITS: number[] = [];

/**
 * n zeros in a plain array. SeatHabits keeps its counts and rates in plain arrays rather than typed
 * ones: every bot of every game makes its own (five per SeatHabits), and a `new Float64Array(n)` costs
 * ~350 machine instructions against ~15 for a small plain array. Counts and rates are the same doubles
 * either way (a plain array holds any number exactly, as a Float64Array does). Its own function, not
 * state.ts's `zeros`: V8 tracks element kinds per array-literal site, and rates written into lists from
 * the engine's site would make the engine's small-integer lists double lists.
 */
function zeros(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(0);
  return out;
}

/** The habits last computed by any instance, with the history they belong to (see SeatHabits). */
const published: {
  history: readonly RoundRecord[] | null;
  length: number;
  players: number;
  upgrade: number[];
  stay: number[];
} = { history: null, length: -1, players: 0, upgrade: NO_HABITS, stay: NO_HABITS };
