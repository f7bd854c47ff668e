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

/*
 * The model counts in half chips: twice an image (an integer) plus the chips (the others' guesses
 * add half their chips) — whole numbers, compared with integer arithmetic that takes no branch
 * (which place a chip reaches is data the processor cannot predict).
 */
export class PrModel {
  /** Twice each seat's guessed image per category (others[c · 5 + seat]; NOBODY for one's own seat, a seat that cannot score, or none). */
  private readonly others = new Int32Array(4 * MAX_SEATS);
  /** Twice one's own image per category. */
  private readonly own = new Int32Array(4);
  private needsChip = true;
  /**
   * The expected VP of a place behind `better` seats and tied with `tied` (shared[better · 8 + tied]):
   * the places' VP summed from the first shared place on and divided among the tied, 0 beyond the
   * last paid place.
   */
  private readonly shared = new Float64Array(16 * 8);
  private vpOf: readonly number[] | null = null;
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
    for (let better = 0; better < 8; better++) {
      // No tie: the one place's VP (what the sum over one place divided by 1 gives).
      this.shared[better * 8] = vp[better];
      for (let tied = 1; tied < 8; tied++) {
        let sum = 0;
        for (let p = better; p <= better + tied; p++) sum += vp[p];
        this.shared[better * 8 + tied] = sum / (tied + 1);
      }
    }
  }

  /** Expected VP in category c with `mine` chips placed there. */
  worth(c: number, mine: number): number {
    if (mine === 0 && this.needsChip) return 0;
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
    return this.shared[better * 8 + tied];
  }

  /** After `allocate`: the category and gain of the last chip placed (−1, 0: none). */
  lastCategory = -1;
  lastGain = 0;

  /**
   * Places `chips` one by one where each gains most (into placed[0…3] when given; ties: the first
   * category); returns the gain of one more chip after them (what the next chip would be worth).
   * Only the category that took a chip is valued again (one `worth` per chip).
   */
  allocate(chips: number, placed: number[] | null): number {
    // Per category: the chips placed, the worth at them (without a chip a category scores nothing
    // when chips are needed: worth(c, 0) = 0) and with one more.
    let m0 = 0;
    let m1 = 0;
    let m2 = 0;
    let m3 = 0;
    const needsChip = this.needsChip;
    let w0 = needsChip ? 0 : this.worth(0, 0);
    let w1 = needsChip ? 0 : this.worth(1, 0);
    let w2 = needsChip ? 0 : this.worth(2, 0);
    let w3 = needsChip ? 0 : this.worth(3, 0);
    let x0 = this.worth(0, 1);
    let x1 = this.worth(1, 1);
    let x2 = this.worth(2, 1);
    let x3 = this.worth(3, 1);
    let lastCategory = -1;
    let lastGain = 0;
    let gain = 0;
    for (let i = 0; ; i++) {
      let best = 0;
      gain = x0 - w0;
      let g = x1 - w1;
      if (g > gain) {
        gain = g;
        best = 1;
      }
      g = x2 - w2;
      if (g > gain) {
        gain = g;
        best = 2;
      }
      g = x3 - w3;
      if (g > gain) {
        gain = g;
        best = 3;
      }
      if (i === chips) break;
      if (best === 0) {
        w0 = x0;
        x0 = this.worth(0, ++m0 + 1);
      } else if (best === 1) {
        w1 = x1;
        x1 = this.worth(1, ++m1 + 1);
      } else if (best === 2) {
        w2 = x2;
        x2 = this.worth(2, ++m2 + 1);
      } else {
        w3 = x3;
        x3 = this.worth(3, ++m3 + 1);
      }
      lastCategory = best;
      lastGain = gain;
    }
    this.lastCategory = lastCategory;
    this.lastGain = lastGain;
    if (placed !== null) {
      placed[0] = m0;
      placed[1] = m1;
      placed[2] = m2;
      placed[3] = m3;
    }
    return gain;
  }
}

/**
 * The one model every heuristic bot of this thread reads into and allocates with: each use is a
 * `read` then `allocate` within one decision, so no bot needs its own (one fewer to make per bot per game).
 */
export const PR_MODEL = new PrModel();
