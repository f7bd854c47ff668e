/**
 * The heuristic bots' model of a PR scoring (rules §5): each category's image is the track plus the
 * chips placed (plus image bonuses); the others' chips are guessed as half of what they hold in every
 * category (only seats holding chips can score, GD-A18a). Chips go one by one where they raise the
 * expected VP of the places most (ties share, as the rules share). Used for D5 and to value a chip.
 */
import type { GreenDealView } from '../../../src/games/green-deal/view.js';

export class PrModel {
  /** Others' guessed image per category (others[c · 8 + k], k < count: every category has one per seat that may score) and one's own base image. */
  private readonly others = new Float64Array(4 * 8);
  private count = 0;
  private readonly own = new Float64Array(4);
  private needsChip = true;
  /** The places' VP, with 0 beyond the last paid place (so that no read checks the length). */
  private readonly vp = new Float64Array(16);
  private vpOf: readonly number[] | null = null;

  /** Reads the images before this scoring's chips from the view. */
  read(view: GreenDealView): this {
    const seat = view.seat;
    const players = view.players;
    const needsChip = (this.needsChip = view.rules.prNeedsChip);
    const prVp = view.components.prVp;
    if (prVp !== this.vpOf) {
      this.vpOf = prVp;
      this.vp.fill(0);
      for (let p = 0; p < prVp.length && p < this.vp.length; p++) this.vp[p] = prVp[p];
    }
    const others = this.others;
    const own = this.own;
    let n = 0;
    for (let s = 0; s < players; s++) {
      if (s === seat) {
        own[0] = view.image(s, 0);
        own[1] = view.image(s, 1);
        own[2] = view.image(s, 2);
        own[3] = view.image(s, 3);
        continue;
      }
      const chips = view.prChips(s);
      if (needsChip && chips === 0) continue;
      const half = chips / 2;
      others[n] = view.image(s, 0) + half;
      others[8 + n] = view.image(s, 1) + half;
      others[16 + n] = view.image(s, 2) + half;
      others[24 + n] = view.image(s, 3) + half;
      n++;
    }
    this.count = n;
    return this;
  }

  /** Expected VP in category c with `mine` chips placed there. */
  worth(c: number, mine: number): number {
    if (mine === 0 && this.needsChip) return 0;
    const me = this.own[c] + mine;
    const others = this.others;
    let better = 0;
    let tied = 0;
    for (let k = c * 8, end = k + this.count; k < end; k++) {
      const guess = others[k];
      if (guess > me) better++;
      else if (guess === me) tied++;
    }
    const vp = this.vp;
    // No tie: the one place's VP (what the sum over one place divided by 1 gives).
    if (tied === 0) return vp[better];
    let sum = 0;
    for (let p = better; p <= better + tied; p++) sum += vp[p];
    return sum / (tied + 1);
  }

  /** After `allocate`: the category and gain of the last chip placed (−1, 0: none). */
  lastCategory = -1;
  lastGain = 0;

  /** Scratch of `allocate`: per category the worth at its chips so far and with one more. */
  private readonly now = new Float64Array(4);
  private readonly next = new Float64Array(4);

  /**
   * Places `chips` one by one where each gains most (into placed[0…3]; ties: the first category);
   * returns the gain of one more chip after them (what the next chip would be worth). Only the
   * category that took a chip is valued again (one `worth` per chip).
   */
  allocate(chips: number, placed: number[]): number {
    const now = this.now;
    const next = this.next;
    // Without a chip a category scores nothing when chips are needed (worth(c, 0) = 0).
    const needsChip = this.needsChip;
    for (let c = 0; c < 4; c++) {
      placed[c] = 0;
      now[c] = needsChip ? 0 : this.worth(c, 0);
      next[c] = this.worth(c, 1);
    }
    this.lastCategory = -1;
    this.lastGain = 0;
    for (let i = 0; ; i++) {
      let bestC = 0;
      let bestGain = next[0] - now[0];
      for (let c = 1; c < 4; c++) {
        const gain = next[c] - now[c];
        if (gain > bestGain) {
          bestGain = gain;
          bestC = c;
        }
      }
      if (i === chips) return bestGain;
      placed[bestC]++;
      now[bestC] = next[bestC];
      next[bestC] = this.worth(bestC, placed[bestC] + 1);
      this.lastCategory = bestC;
      this.lastGain = bestGain;
    }
  }
}

/**
 * The one model every heuristic bot of this thread reads into and allocates with: each use is a
 * `read` then `allocate` within one decision, so no bot needs its own (one fewer to make per bot per game).
 */
export const PR_MODEL = new PrModel();
