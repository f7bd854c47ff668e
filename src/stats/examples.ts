/**
 * Example games behind the figures: for each figure of a run (each seat's wins, each ending, each
 * comeback checkpoint, each chance card drawn, shared wins) the `EXAMPLES_PER_FIGURE` smallest game
 * indices that qualify, and for each extreme (longest and shortest game, largest final-score spread,
 * most lead changes, the winner's largest deficit, the narrowest margin) the game that reaches it,
 * the smallest index among equals.
 *
 * They live in the aggregate's one Float64Array (stats/aggregate.ts), at its end, as game index + 1
 * (0: empty), so they travel wherever an aggregate goes (worker transfer, queue, shard partials,
 * checkpoints). Merging takes the smallest indices of the union and the better extreme (ties to the
 * smaller index), so the examples are the same for any worker count, batch size, shard split, resume
 * or queue: they depend on the games alone.
 */
import type { AggregateShape } from './aggregate.js';

/** Indices kept per figure. */
export const EXAMPLES_PER_FIGURE = 3;

/** The extremes, in their order in the region; each is kept as [value, game + 1] and the highest value wins (lowest-is-best ones are stored negated). */
export const EXTREMES = ['longest', 'shortest', 'largestSpread', 'mostLeadChanges', 'largestWinnerDeficit', 'narrowestMargin'] as const;
export type ExtremeName = (typeof EXTREMES)[number];

/** The lists of the region, in order: seats, endings, comeback checkpoints, chance cards, shared wins. */
export function exampleLists(shape: AggregateShape): number {
  return shape.players + shape.endings.length + shape.checkpoints.length + shape.cards + 1;
}

/** Size of the examples region of an aggregate of `shape`. */
export function examplesSize(shape: AggregateShape): number {
  return exampleLists(shape) * EXAMPLES_PER_FIGURE + 2 * EXTREMES.length;
}

/** List offsets (in lists) of each figure; one object per shape, made once (it is read for every game). */
export function listIndex(shape: AggregateShape): ListIndex {
  let index = LIST_INDEX.get(shape);
  if (index === undefined) LIST_INDEX.set(shape, (index = makeListIndex(shape)));
  return index;
}

export type ListIndex = ReturnType<typeof makeListIndex>;
const LIST_INDEX = new WeakMap<AggregateShape, ListIndex>();

function makeListIndex(shape: AggregateShape) {
  const p = shape.players;
  const e = shape.endings.length;
  const c = shape.checkpoints.length;
  return {
    seat: (s: number) => s,
    ending: (i: number) => p + i,
    comeback: (j: number) => p + e + j,
    card: (i: number) => p + e + c + i,
    shared: p + e + c + shape.cards,
  };
}

/** Puts `game` into list `list` of the region `ex` (kept ascending, `EXAMPLES_PER_FIGURE` long). */
export function offerExample(ex: Float64Array, list: number, game: number): void {
  const at = list * EXAMPLES_PER_FIGURE;
  const v = game + 1;
  // A full list whose last index is not above it keeps what it has (most offers of a run: games come in ascending order).
  const last = ex[at + EXAMPLES_PER_FIGURE - 1];
  if (last !== 0 && v >= last) return;
  for (let k = 0; k < EXAMPLES_PER_FIGURE; k++) {
    const cur = ex[at + k];
    if (cur === v) return;
    if (cur === 0 || v < cur) {
      // Shift the rest down by one; the last drops out.
      for (let m = EXAMPLES_PER_FIGURE - 1; m > k; m--) ex[at + m] = ex[at + m - 1];
      ex[at + k] = v;
      return;
    }
  }
}

/** Offers `game` with `value` for extreme `e` (higher value wins; equal values: the smaller game). */
export function offerExtreme(ex: Float64Array, lists: number, e: number, value: number, game: number): void {
  const at = lists * EXAMPLES_PER_FIGURE + 2 * e;
  const cur = ex[at + 1];
  if (cur === 0 || value > ex[at] || (value === ex[at] && game + 1 < cur)) {
    // −0 (a negated 0: the shortest or narrowest kept as a highest) is kept as 0, as JSON keeps it,
    // so a run resumed from its checkpoint holds the same numbers as one played straight.
    ex[at] = value === 0 ? 0 : value;
    ex[at + 1] = game + 1;
  }
}

/**
 * The lists' bound of region `ex` (`lists` lists): a game index + 1 at or above it enters no list —
 * every list is full and ends at or below it — or Infinity while some list has room. Remembered for
 * one region (a thread adds its games to one aggregate at a time) and recomputed after any offer
 * that may have changed a list (`listsChanged`) or a merge into it.
 */
export function listsBound(ex: Float64Array, lists: number): number {
  if (BOUND_OF !== ex) listsChanged(ex, lists);
  return BOUND;
}

/** Recomputes `listsBound` of `ex` after its lists were offered games. */
export function listsChanged(ex: Float64Array, lists: number): void {
  let bound = 0;
  for (let l = 0; l < lists; l++) {
    const last = ex[l * EXAMPLES_PER_FIGURE + EXAMPLES_PER_FIGURE - 1];
    if (last === 0) {
      bound = Infinity;
      break;
    }
    if (last > bound) bound = last;
  }
  BOUND_OF = ex;
  BOUND = bound;
}

let BOUND_OF: Float64Array | null = null;
let BOUND = Infinity;

/** Merges region `b` into region `a` (same shape): order-independent. */
export function mergeExamples(a: Float64Array, b: Float64Array, lists: number): void {
  if (BOUND_OF === a) BOUND_OF = null;
  for (let l = 0; l < lists; l++) {
    for (let k = 0; k < EXAMPLES_PER_FIGURE; k++) {
      const v = b[l * EXAMPLES_PER_FIGURE + k];
      if (v === 0) break;
      offerExample(a, l, v - 1);
    }
  }
  for (let e = 0; e < EXTREMES.length; e++) {
    const at = lists * EXAMPLES_PER_FIGURE + 2 * e;
    if (b[at + 1] !== 0) offerExtreme(a, lists, e, b[at], b[at + 1] - 1);
  }
}

/** The game indices of list `list`, ascending. */
export function examplesOf(ex: Float64Array, list: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < EXAMPLES_PER_FIGURE; k++) {
    const v = ex[list * EXAMPLES_PER_FIGURE + k];
    if (v === 0) break;
    out.push(v - 1);
  }
  return out;
}

/** Extreme `e`: its stored value and game, or null when no game qualified. */
export function extremeOf(ex: Float64Array, lists: number, e: number): { value: number; game: number } | null {
  const at = lists * EXAMPLES_PER_FIGURE + 2 * e;
  return ex[at + 1] === 0 ? null : { value: ex[at], game: ex[at + 1] - 1 };
}

/** The smallest `EXAMPLES_PER_FIGURE` of several ascending lists (a bot's seats). */
export function smallestOf(lists: readonly (readonly number[])[]): number[] {
  return [...new Set(lists.flat())].sort((a, b) => a - b).slice(0, EXAMPLES_PER_FIGURE);
}
