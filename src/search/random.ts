/**
 * A search's own random numbers: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 32-bit;
 * PractRand finds no bias in it up to terabytes), seeded from the bot's stream at each decision, so a
 * search stays a function of that stream. The counter-based streams (core/random.ts) cost three
 * hash rounds a draw; a rollout makes one draw a decision, and with ~100 decisions a playout the
 * hash was ~11% of a random playout's time.
 */
import { RandomSource, RandomStream } from '../core/random.js';

const UNUSED = new RandomSource('search-random', 0);

export class SearchRandom extends RandomStream {
  /**
   * The generator's four 32-bit words a, b, c, d. In a typed array they stay raw int32 (as object
   * fields, values past the small-integer range were boxed numbers: ~8 ns a draw instead of ~2).
   */
  private readonly s = new Int32Array(4);

  constructor(seed = 0) {
    super(UNUSED, 0);
    this.reseed(seed);
  }

  /** Starts the sequence of `seed` (a 32-bit integer) afresh. */
  reseed(seed: number): void {
    const s = this.s;
    s[0] = 0x9e3779b9;
    s[1] = 0x243f6a88;
    s[2] = 0xb7e15162;
    s[3] = seed | 0;
    // The generator's authors discard the first 12 outputs (the state mixes in).
    for (let i = 0; i < 12; i++) this.step();
  }

  /** One step of sfc32: the output as a signed 32-bit integer. */
  private step(): number {
    const s = this.s;
    const a = s[0];
    const b = s[1];
    const c = s[2];
    const d = s[3];
    const t = (((a + b) | 0) + d) | 0;
    s[3] = d + 1;
    s[0] = b ^ (b >>> 9);
    s[1] = c + (c << 3);
    s[2] = ((c << 21) | (c >>> 11)) + t;
    return t;
  }

  /** A uniformly distributed 32-bit unsigned integer. */
  u32(): number {
    return this.step() >>> 0;
  }

  /** A uniform float in [0, 1). */
  override next(): number {
    return (this.step() >>> 0) / 4294967296;
  }

  /** A uniform integer in [0, n). */
  override int(n: number): number {
    return Math.floor(this.next() * n);
  }
}
