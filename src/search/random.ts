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
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 1;

  constructor(seed = 0) {
    super(UNUSED, 0);
    this.reseed(seed);
  }

  /** Starts the sequence of `seed` (a 32-bit integer) afresh. */
  reseed(seed: number): void {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed | 0;
    // The generator's authors discard the first 12 outputs (the state mixes in).
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** A uniformly distributed 32-bit unsigned integer. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform float in [0, 1). */
  override next(): number {
    return this.u32() / 4294967296;
  }

  /** A uniform integer in [0, n). */
  override int(n: number): number {
    return Math.floor(this.next() * n);
  }
}
