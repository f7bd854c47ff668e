/**
 * The starter bot file that `goldpit new-bot <name> --game green-deal` writes: a complete, commented
 * Green Deal bot that compiles under the repository's strict settings.
 */
import { identifierFor } from '../../core/identifier.js';

/** The file's text; `typesFrom` is the import path of src/games/green-deal as seen from the new file. */
export function starterBot(name: string, typesFrom: string): string {
  const id = identifierFor(name);
  return `/**
 * ${name}: a Green Deal bot. Try it:
 *
 *   npx goldpit check-bot --game green-deal ./${name}.ts
 *   npx goldpit tournament --game green-deal --bots ./${name}.ts,greedy,cooperator,competitor --deals 20
 *
 * The rules as goldpit implements them: docs/games/green-deal.md. In one breath: 10 rounds; each
 * round everybody bids secretly for turn order (every bid is paid), adds its income to its cash, then
 * in turn order invests — one sustainability card (track steps, income, VP, and a tile on the map
 * whose same-category neighbours you cooperate or compete with), or an action card / the Tax Refund,
 * with or without a loan — plus a PR chip, a dividend and hand cards. PR chips score at rounds 4, 7
 * and 10, your weakest category at rounds 6 and 10, your income at the end.
 *
 * \`view\` (src/games/green-deal/view.ts) is everything this seat may see:
 *
 *   view.seat, view.round, view.cash(s), view.income(s), view.vp(s), view.track(s, c)
 *   view.maxBid                                    D1: bid 0 … maxBid
 *   view.canInvest(code), view.sustainabilityDisplay(c), view.actionDisplay(slot)
 *   view.canPlace(cell), view.neighbour(cell, k)   D4: the map (cell = y * width + x)
 *   view.cooperationSteps, view.competitionSteps   D4: the contact being decided
 *   view.chipsToAllocate, view.maxRepayment        D5, D6
 */
import type { RandomStream } from '${typesFrom}/../../core/random.js';
import type { GreenDealBot, GreenDealBotFactory } from '${typesFrom}/bot.js';
import type { GreenDealView } from '${typesFrom}/view.js';

// Investment step codes (src/games/green-deal/state.ts): end the turn, buy category c's card.
const DONE = 0;
const SUSTAINABILITY = 1;

class Bot implements GreenDealBot {
  readonly name = ${JSON.stringify(name)};
  constructor(private readonly random: RandomStream) {}

  /** D1: a small random bid. */
  bid(view: GreenDealView): number {
    return Math.min(view.maxBid, this.random.int(3));
  }

  /** D2/D3: buy the cheapest sustainability card we can afford for our weakest category first, then stop. */
  invest(view: GreenDealView): number {
    const weakest = view.weakest(view.seat);
    if (view.canInvest(SUSTAINABILITY + weakest)) return SUSTAINABILITY + weakest;
    for (let c = 0; c < 4; c++) if (view.canInvest(SUSTAINABILITY + c)) return SUSTAINABILITY + c;
    return DONE;
  }

  /** D4: the first cell the tile may go on. */
  place(view: GreenDealView): number {
    for (let cell = 0; cell < view.cells; cell++) if (view.canPlace(cell)) return cell;
    return -1;
  }

  /** D4: compete when it moves more income than cooperating would give us. */
  compete(view: GreenDealView): boolean {
    return view.competitionSteps > view.cooperationSteps;
  }

  /** D5: every chip on our strongest category (the centre stays empty). */
  allocate(view: GreenDealView): readonly number[] {
    let best = 0;
    for (let c = 1; c < 4; c++) if (view.track(view.seat, c) > view.track(view.seat, best)) best = c;
    const chips = [0, 0, 0, 0, 0];
    chips[best] = view.chipsToAllocate;
    return chips;
  }

  /** D6: repay all we can (every cash left unpaid costs VP). */
  repay(view: GreenDealView): number {
    return view.maxRepayment;
  }
}

const ${id}: GreenDealBotFactory = {
  name: ${JSON.stringify(name)},
  description: 'A starter Green Deal bot: buys sustainability cards for its weakest category.',
  create: (_seat, random) => new Bot(random),
};

export default ${id};
`;
}
