/**
 * `random`: every decision uniformly at random among the legal answers (the floor every bot should
 * beat): a bid from 0 to its maximum, any legal investment step (ending the turn among them), any
 * legal cell, cooperation or competition with equal chance, the final repayment from 0 to its
 * maximum. D5 places each chip uniformly on one of the four categories or the centre (while the
 * centre is free) — random, not uniform over the allocations.
 */
import type { RandomStream } from '../../src/core/random.js';
import type { GreenDealBot, GreenDealBotFactory } from '../../src/games/green-deal/bot.js';
import { legalInvestments } from '../../src/games/green-deal/contract.js';
import type { GreenDealView } from '../../src/games/green-deal/view.js';

class RandomBot implements GreenDealBot {
  readonly name = 'random';
  private readonly scratch: number[] = [];
  private readonly placed = [0, 0, 0, 0, 0];
  constructor(private readonly random: RandomStream) {}

  bid(view: GreenDealView): number {
    return this.random.int(view.maxBid + 1);
  }

  invest(view: GreenDealView): number {
    const n = legalInvestments(view, this.scratch);
    return this.scratch[this.random.int(n)];
  }

  place(view: GreenDealView): number {
    // The k-th legal cell in cell order (the legal list's own order is not part of the view).
    let pick = this.random.int(view.legalCellCount);
    for (let cell = 0; cell < view.cells; cell++) if (view.canPlace(cell) && pick-- === 0) return cell;
    return -1;
  }

  compete(): boolean {
    return this.random.next() < 0.5;
  }

  allocate(view: GreenDealView): readonly number[] {
    const placed = this.placed;
    placed.fill(0);
    for (let i = 0; i < view.chipsToAllocate; i++) placed[this.random.int(placed[4] === 0 ? 5 : 4)]++;
    return placed;
  }

  repay(view: GreenDealView): number {
    return this.random.int(view.maxRepayment + 1);
  }
}

const random: GreenDealBotFactory = {
  name: 'random',
  description: 'every decision uniformly at random among the legal answers',
  create: (_seat, stream) => new RandomBot(stream),
};
export default random;
