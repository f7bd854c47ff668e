/**
 * The heuristic bots' model of a PR scoring (rules §5): each category's image is the track plus the
 * chips placed (plus image bonuses); the others' chips are guessed as half of what they hold in every
 * category (only seats holding chips can score, GD-A18a). Chips go one by one where they raise the
 * expected VP of the places most (ties share, as the rules share). Used for D5 and to value a chip.
 */
import type { GreenDealView } from '../../../src/games/green-deal/view.js';

export class PrModel {
  /** Others' guessed image per category (others[c · 8 + k], k < count[c]) and one's own base image. */
  private readonly others = new Array<number>(4 * 8).fill(0);
  private readonly count = [0, 0, 0, 0];
  private readonly own = [0, 0, 0, 0];
  private needsChip = true;
  private vp: readonly number[] = [];

  /** Reads the images before this scoring's chips from the view. */
  read(view: GreenDealView): this {
    const seat = view.seat;
    this.needsChip = view.rules.prNeedsChip;
    this.vp = view.components.prVp;
    for (let c = 0; c < 4; c++) {
      this.own[c] = view.track(seat, c) + view.imageBonus(seat, c) + view.permanentImage(seat, c);
      let n = 0;
      for (let s = 0; s < view.players; s++) {
        if (s === seat) continue;
        const chips = view.prChips(s);
        if (this.needsChip && chips === 0) continue;
        this.others[c * 8 + n++] = view.track(s, c) + view.imageBonus(s, c) + view.permanentImage(s, c) + chips / 2;
      }
      this.count[c] = n;
    }
    return this;
  }

  /** Expected VP in category c with `mine` chips placed there. */
  worth(c: number, mine: number): number {
    if (this.needsChip && mine === 0) return 0;
    const me = this.own[c] + mine;
    let better = 0;
    let tied = 0;
    for (let k = 0; k < this.count[c]; k++) {
      const guess = this.others[c * 8 + k];
      if (guess > me) better++;
      else if (guess === me) tied++;
    }
    let sum = 0;
    const vp = this.vp;
    for (let p = better; p <= better + tied; p++) sum += p < vp.length ? vp[p] : 0;
    return sum / (tied + 1);
  }

  /** After `allocate`: the category and gain of the last chip placed (−1, 0: none). */
  lastCategory = -1;
  lastGain = 0;

  /**
   * Places `chips` one by one where each gains most (into placed[0…3]); returns the gain of one more
   * chip after them (what the next chip would be worth).
   */
  allocate(chips: number, placed: number[]): number {
    placed[0] = placed[1] = placed[2] = placed[3] = 0;
    this.lastCategory = -1;
    this.lastGain = 0;
    for (let i = 0; ; i++) {
      let bestC = 0;
      let bestGain = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < 4; c++) {
        const gain = this.worth(c, placed[c] + 1) - this.worth(c, placed[c]);
        if (gain > bestGain) {
          bestGain = gain;
          bestC = c;
        }
      }
      if (i === chips) return bestGain;
      placed[bestC]++;
      this.lastCategory = bestC;
      this.lastGain = bestGain;
    }
  }
}
