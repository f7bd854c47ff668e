/**
 * The heuristic bots' model of a PR scoring (rules §5): each category's image is the track plus the
 * chips placed (plus image bonuses); the others' chips are guessed as half of what they hold in every
 * category (only seats holding chips can score, GD-A18a). Chips go one by one where they raise the
 * expected VP of the places most (ties share, as the rules share). Used for D5 and to value a chip.
 */
import type { GreenDealView } from '../../../src/games/green-deal/view.js';

/** Most seats a game has (the engine allows 3–5). */
const MAX_SEATS = 5;
/** Twice an image no seat reaches: a seat that cannot score (never better, never tied). */
const NOBODY = -(1 << 20);
/** A place's code: better · 5 + tied (at most 4 others); NONE: no chip where chips are needed (worth 0). */
const CODES = 26;
const NONE = 25;

/*
 * The model counts in half chips: twice an image (an integer) plus the chips (the others' guesses
 * add half their chips) — whole numbers, compared with integer arithmetic that takes no branch
 * (which place a chip reaches is data the processor cannot predict). A place is a code (how many
 * seats are better, how many tied); a chip's gain, the worth of one code less another's, is compared
 * by its rank among all such differences (the same order as the numbers), so that the best category
 * is an integer maximum, found without a branch too.
 */
export class PrModel {
  /** Twice each seat's guessed image per category (others[c · 5 + seat]; NOBODY for one's own seat, a seat that cannot score, or none). */
  private readonly others = new Int32Array(4 * MAX_SEATS);
  /** Twice one's own image per category. */
  private readonly own = new Int32Array(4);
  private needsChip = true;
  /**
   * The expected VP of each code: the places' VP summed from the first shared place on and divided
   * among the tied, 0 beyond the last paid place; and for every two codes (x · CODES + w) the rank
   * of the gain worth[x] − worth[w] among all gains (equal gains, equal ranks).
   */
  private readonly worthOf = new Float64Array(CODES);
  private readonly rankOf = new Int16Array(CODES * CODES);
  private vpOf: readonly number[] | null = null;
  /** allocate's scratch per category: the code at the chips placed, the code with one more, the chips placed. */
  private readonly at = new Int32Array(4);
  private readonly next = new Int32Array(4);
  private readonly mine = new Int32Array(4);
  /** Every seat's images (seat · 4 + c) and chips, read from the view at once. */
  private readonly images = new Int32Array(MAX_SEATS * 4);
  private readonly chips = new Int32Array(MAX_SEATS);
  /** The own chips held when read. */
  held = 0;

  /** Reads the images before this scoring's chips from the view. */
  read(view: GreenDealView): this {
    const seat = view.seat;
    const players = view.readPr(this.images, this.chips);
    if (players > MAX_SEATS) throw new RangeError(`the PR model takes at most ${MAX_SEATS} seats, got ${players}`);
    const needsChip = (this.needsChip = view.rules.prNeedsChip);
    const prVp = view.components.prVp;
    if (prVp !== this.vpOf) this.share(prVp);
    const images = this.images;
    const chipsOf = this.chips;
    const others = this.others;
    const own = this.own;
    const anyone = needsChip ? 0 : 1;
    for (let s = 0, at = 0; s < players; s++, at += 4) {
      const chips = chipsOf[s];
      // 1 when the seat may score (it holds a chip, or none is needed), else 0: its guesses become NOBODY.
      const scores = (-chips >>> 31) | anyone;
      others[s] = NOBODY + scores * (2 * images[at] + chips - NOBODY);
      others[5 + s] = NOBODY + scores * (2 * images[at + 1] + chips - NOBODY);
      others[10 + s] = NOBODY + scores * (2 * images[at + 2] + chips - NOBODY);
      others[15 + s] = NOBODY + scores * (2 * images[at + 3] + chips - NOBODY);
    }
    for (let s = players; s < MAX_SEATS; s++) others[s] = others[5 + s] = others[10 + s] = others[15 + s] = NOBODY;
    // One's own seat: its base image, and no guess.
    const at = seat * 4;
    own[0] = 2 * images[at];
    own[1] = 2 * images[at + 1];
    own[2] = 2 * images[at + 2];
    own[3] = 2 * images[at + 3];
    others[seat] = others[5 + seat] = others[10 + seat] = others[15 + seat] = NOBODY;
    this.held = chipsOf[seat];
    return this;
  }

  private share(prVp: readonly number[]): void {
    this.vpOf = prVp;
    const vp = new Float64Array(16);
    for (let p = 0; p < prVp.length && p < 16; p++) vp[p] = prVp[p];
    const worth = this.worthOf;
    for (let better = 0; better < 5; better++) {
      // No tie: the one place's VP (what the sum over one place divided by 1 gives).
      worth[better * 5] = vp[better];
      for (let tied = 1; tied < 5; tied++) {
        let sum = 0;
        for (let p = better; p <= better + tied; p++) sum += vp[p];
        worth[better * 5 + tied] = sum / (tied + 1);
      }
    }
    worth[NONE] = 0;
    const gains = new Float64Array(CODES * CODES);
    for (let x = 0; x < CODES; x++) for (let w = 0; w < CODES; w++) gains[x * CODES + w] = worth[x] - worth[w];
    const sorted = Array.from(new Set(gains)).sort((a, b) => a - b);
    for (let i = 0; i < gains.length; i++) this.rankOf[i] = sorted.indexOf(gains[i]);
  }

  /** The code of category c's place with `mine` chips placed there (mine ≥ 1, or chips not needed). */
  private code(c: number, mine: number): number {
    const me = this.own[c] + 2 * mine;
    const others = this.others;
    const at = c * 5;
    // d < 0: that seat is better (its sign bit); d = 0: tied (d | −d has no sign bit only then).
    const d0 = me - others[at];
    const d1 = me - others[at + 1];
    const d2 = me - others[at + 2];
    const d3 = me - others[at + 3];
    const d4 = me - others[at + 4];
    const better = (d0 >>> 31) + (d1 >>> 31) + (d2 >>> 31) + (d3 >>> 31) + (d4 >>> 31);
    const tied = 5 - (((d0 | -d0) >>> 31) + ((d1 | -d1) >>> 31) + ((d2 | -d2) >>> 31) + ((d3 | -d3) >>> 31) + ((d4 | -d4) >>> 31));
    return better * 5 + tied;
  }

  /** Expected VP in category c with `mine` chips placed there. */
  worth(c: number, mine: number): number {
    return mine === 0 && this.needsChip ? 0 : this.worthOf[this.code(c, mine)];
  }

  /** After `allocate`: the category and gain of the last chip placed (−1, 0: none). */
  lastCategory = -1;
  lastGain = 0;

  /**
   * Places `chips` one by one where each gains most (into placed[0…3] when given; ties: the first
   * category); returns the gain of one more chip after them (what the next chip would be worth).
   * Only the category that took a chip is valued again (one code per chip).
   */
  allocate(chips: number, placed: number[] | null): number {
    const at = this.at;
    const next = this.next;
    const mine = this.mine;
    const rank = this.rankOf;
    // Without a chip a category scores nothing when chips are needed (worth(c, 0) = 0).
    const needsChip = this.needsChip;
    for (let c = 0; c < 4; c++) {
      mine[c] = 0;
      at[c] = needsChip ? NONE : this.code(c, 0);
      next[c] = this.code(c, 1);
    }
    let lastCategory = -1;
    let lastGain = 0;
    for (let i = 0; ; i++) {
      // The best gain's rank · 4 + 3 − its category: the largest is the best gain, the first category among equal ones.
      const k0 = rank[next[0] * CODES + at[0]] * 4 + 3;
      const k1 = rank[next[1] * CODES + at[1]] * 4 + 2;
      const k2 = rank[next[2] * CODES + at[2]] * 4 + 1;
      const k3 = rank[next[3] * CODES + at[3]] * 4;
      const k01 = k0 - ((k0 - k1) & ((k0 - k1) >> 31));
      const k23 = k2 - ((k2 - k3) & ((k2 - k3) >> 31));
      const key = k01 - ((k01 - k23) & ((k01 - k23) >> 31));
      const best = 3 - (key & 3);
      const gain = this.worthOf[next[best]] - this.worthOf[at[best]];
      if (i === chips) {
        this.lastCategory = lastCategory;
        this.lastGain = lastGain;
        if (placed !== null) {
          placed[0] = mine[0];
          placed[1] = mine[1];
          placed[2] = mine[2];
          placed[3] = mine[3];
        }
        return gain;
      }
      const m = ++mine[best];
      at[best] = next[best];
      next[best] = this.code(best, m + 1);
      lastCategory = best;
      lastGain = gain;
    }
  }
}

/**
 * The one model every heuristic bot of this thread reads into and allocates with: each use is a
 * `read` then `allocate` within one decision, so no bot needs its own (one fewer to make per bot per game).
 */
export const PR_MODEL = new PrModel();
