/**
 * The draws the rules make (core/random.ts: each number a hash of the game's key, the stream's
 * purpose and a counter). The engine's transitions take the game's `RandomSource` (`Draws` is the
 * part of it they use); the fast player passes a `GameDraws`, the same numbers with each stream's
 * key hashed once a game instead of once a draw.
 */
import { purposeKey, type RandomSource, RandomStream, unitFloat } from '../../core/random.js';

/** What the rules draw: `RandomSource.int` and `float`. */
export interface Draws {
  int(purpose: number, counter: number, n: number): number;
  float(purpose: number, counter: number): number;
}

/** Streams whose keys are hashed once a game: every purpose below this number. */
const KEYED = 9;

export class GameDraws implements Draws {
  private readonly keys: number[] = [0, 0, 0, 0, 0, 0, 0, 0, 0];

  /** The streams of the game with this key (core/random.ts `gameKey(seed, index)`). */
  newGame(gameKey: number): void {
    for (let p = 0; p < KEYED; p++) this.keys[p] = purposeKey(gameKey, p);
  }

  float(purpose: number, counter: number): number {
    return unitFloat(this.keys[purpose], counter);
  }

  /** `RandomSource.int`: floor(float · n). */
  int(purpose: number, counter: number, n: number): number {
    return Math.floor(unitFloat(this.keys[purpose], counter) * n);
  }
}

/**
 * `RandomSource.shuffle` of `list[0 … length)` in place: draw j is `int(purpose, base + j, j + 1)`,
 * Fisher–Yates from the end (the same numbers in the same order as the source's own shuffle).
 */
export function shuffleList(draws: Draws, list: number[] | Int32Array, length: number, purpose: number, base: number): void {
  for (let i = length - 1; i > 0; i--) {
    const j = draws.int(purpose, base + i, i + 1);
    const tmp = list[i];
    list[i] = list[j];
    list[j] = tmp;
  }
}

/**
 * A seat's own random stream for the fast player: `RandomStream` of core/random.ts (the game's
 * source behind it, for `sourceOf`) with the purpose's share of the hash computed once per game
 * instead of once per draw — the same numbers in the same order.
 */
export class SeatStream extends RandomStream {
  readonly #key: number;
  #counter = 0;

  constructor(source: RandomSource, purpose: number) {
    super(source, purpose);
    this.#key = purposeKey(source.gameKey, purpose);
  }

  override next(): number {
    return unitFloat(this.#key, this.#counter++);
  }

  override int(n: number): number {
    return Math.floor(unitFloat(this.#key, this.#counter++) * n);
  }

  override pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}
