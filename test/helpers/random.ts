/** Random numbers for statistical tests, independent of the engine's RandomSource. */

/** Seeded uniform generator on [0, 1) (mulberry32). */
export function mulberry32(seed: number): { float(): number } {
  let a = seed >>> 0;
  return {
    float() {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

/** A standard normal draw (Box–Muller; 1 − u keeps the logarithm finite). */
export function normal(random: { float(): number }): number {
  return Math.sqrt(-2 * Math.log(1 - random.float())) * Math.cos(2 * Math.PI * random.float());
}
