/**
 * Seeded, counter-based random streams.
 *
 * Every random number of a game is a pure function of (run seed, game index, purpose, counter):
 * `u32 = mix(gameKey, purpose, counter)`. No generator state is carried between draws, so
 *  - transitions that need chance stay pure (they take a `RandomSource` and a counter as input);
 *  - game K can be replayed alone from (seed, K), in any worker, in any order;
 *  - streams for different purposes (each deck, the dice, tie-breaks, each bot) are
 *    independent: changing how often one is used leaves the others untouched, which is what paired
 *    comparisons with common random numbers need.
 *
 * The mixer is the 32-bit finaliser of MurmurHash3 applied in a sponge-like chain (Appleby, 2011);
 * it passes the usual avalanche tests and costs a few multiplications per draw.
 */

/** MurmurHash3 fmix32: a bijective 32-bit avalanche mixer. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Combines a running hash with one more 32-bit word. */
export function mix2(h: number, word: number): number {
  return fmix32((h ^ Math.imul(word | 0, 0x9e3779b1)) + 0x7f4a7c15);
}

/** The key of one purpose's stream in one game: every draw of that stream is a hash of it. */
export function purposeKey(gameKey: number, purpose: number): number {
  return mix2(gameKey, purpose);
}

/** Draw `counter` of the stream with key `key` (`purposeKey`), a uniform float in [0, 1): `RandomSource.float`. */
export function unitFloat(key: number, counter: number): number {
  return fmix32(mix2(key, counter) ^ 0x5bd1e995) / 4294967296;
}

/** Hashes a run seed given as text or a number to 32 bits (FNV-1a over UTF-16 units, then fmix). */
export function hashSeed(seed: string | number): number {
  const text = String(seed);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h >>> 0);
}

/**
 * Purposes of the random streams every game shares. Each purpose owns its own counter space. A game
 * declares its own purposes in its folder (e.g. src/games/goldrausch/purposes.ts), with numbers from
 * 2 to 63 that are not used here; bots' streams are `bot + seat` for every game.
 */
export const Purpose = {
  /** Setup chance: shuffles and the start player. */
  setup: 1,
  /** Tie-breaks between equal players or positions. */
  tieBreak: 5,
  /** Random legal fallbacks for a seat whose bot failed. */
  referee: 8,
  /** Bot streams use `bot + seat`. */
  bot: 64,
} as const;

/**
 * The random source of one game. Stateless: `u32(purpose, counter)` always returns the same value
 * for the same arguments.
 */
export class RandomSource {
  readonly gameKey: number;

  constructor(
    runSeed: string | number,
    readonly gameIndex: number,
  ) {
    this.gameKey = gameKey(runSeed, gameIndex);
  }

  /** A uniformly distributed 32-bit unsigned integer. */
  u32(purpose: number, counter: number): number {
    return fmix32(mix2(mix2(this.gameKey, purpose), counter) ^ 0x5bd1e995);
  }

  /** A uniform float in [0, 1), 32 bits of resolution. */
  float(purpose: number, counter: number): number {
    return this.u32(purpose, counter) / 4294967296;
  }

  /** A uniform integer in [0, n). The bias of the multiply-shift for n < 2^16 is below 2^-16. */
  int(purpose: number, counter: number, n: number): number {
    return Math.floor(this.float(purpose, counter) * n);
  }

  /**
   * A Fisher–Yates shuffle of `items` (returns a new array). Draw j uses counter `base + j`.
   */
  shuffle<T>(items: readonly T[], purpose: number, base: number): T[] {
    const out = items.slice();
    const own = RandomSource.prototype;
    // A subclass (or a spy) that changes how numbers are drawn keeps its own way.
    if (this.int !== own.int || this.float !== own.float || this.u32 !== own.u32) return shuffleWith(this, out, purpose, base);
    shuffleInPlace(out, out.length, purposeKey(this.gameKey, purpose), base);
    return out;
  }

  /** A sequential stream over one purpose, for consumers that are not pure (bots). */
  stream(purpose: number): RandomStream {
    return new RandomStream(this, purpose);
  }
}

/**
 * `RandomSource.shuffle` on `list[0…length)` in place, with the stream's key (`purposeKey`) given:
 * draw j is `int(purpose, base + j, j + 1)` with the purpose's share of the hash computed once (the
 * same operations in the same order, so the same numbers). For callers that shuffle lists of their
 * own, reused from game to game (the fast kernel's decks).
 */
export function shuffleInPlace<T>(list: T[], length: number, key: number, base: number): void {
  for (let i = length - 1; i > 0; i--) {
    const j = Math.floor(unitFloat(key, base + i) * (i + 1));
    const tmp = list[i];
    list[i] = list[j];
    list[j] = tmp;
  }
}

/** `RandomSource.shuffle` through the source's own `int` (for subclasses that change draws). */
function shuffleWith<T>(random: RandomSource, out: T[], purpose: number, base: number): T[] {
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(purpose, base + i, i + 1);
    const tmp = out[i];
    out[i] = out[j];
    out[j] = tmp;
  }
  return out;
}

/**
 * `hashSeed` of the last run seed seen: every game of a run hashes the same seed, and the FNV loop
 * over its text was ~0.4% of a baseline run's time.
 */
let lastSeed: string | number | null = null;
let lastSeedHash = 0;
function seedHash(seed: string | number): number {
  if (seed !== lastSeed) {
    lastSeedHash = hashSeed(seed);
    lastSeed = seed;
  }
  return lastSeedHash;
}

/** The key of game `gameIndex` of a run: every draw of that game is a hash of it (`RandomSource.gameKey`). */
export function gameKey(runSeed: string | number, gameIndex: number): number {
  return mix2(mix2(seedHash(runSeed), gameIndex), 0x676f6c64);
}

/** The game's random source behind a stream (to freeze it before an untrusted bot gets the stream). */
export function sourceOf(stream: RandomStream): RandomSource {
  return (stream as unknown as { source: RandomSource }).source;
}

/** A sequential view of one purpose's counter space: draw n uses counter n. */
export class RandomStream {
  private counter = 0;

  constructor(
    private readonly source: RandomSource,
    private readonly purpose: number,
  ) {}

  /** A uniform float in [0, 1). */
  next(): number {
    return this.source.float(this.purpose, this.counter++);
  }

  /** A uniform integer in [0, n). */
  int(n: number): number {
    return this.source.int(this.purpose, this.counter++, n);
  }

  /** A uniformly chosen element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}
