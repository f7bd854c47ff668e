/** Shared helpers of the Green Deal tests: line-ups, option sets, generic play, the view's public signature. */
import { BUILTIN_BOTS } from '../../../bots/green-deal/index.js';
import type { BotFactory } from '../../../src/core/definition.js';
import { Purpose, RandomSource } from '../../../src/core/random.js';
import type { GreenDealBot } from '../../../src/games/green-deal/bot.js';
import { parseGreenDealConfig } from '../../../src/games/green-deal/config.js';
import { greenDeal } from '../../../src/games/green-deal/engine.js';
import { DEFAULT_CONFIG, type GreenDealConfig } from '../../../src/games/green-deal/params.js';
import type { GreenDealState } from '../../../src/games/green-deal/state.js';
import type { GreenDealView } from '../../../src/games/green-deal/view.js';
import { playGame } from '../../../src/sim/play.js';

export const where = { file: 'test.json', dir: '.' };

export const LINEUPS: Record<number, string[]> = {
  3: ['greedy', 'random', 'competitor'],
  4: ['greedy', 'cooperator', 'competitor', 'prudent'],
  5: ['random', 'greedy-pr', 'cooperator', 'prudent', 'greedy-nopr'],
};

/** Every rules option away from its default at least once, and small components (piles that run out, a crowded map). */
export const OPTION_SETS: GreenDealConfig[] = [
  DEFAULT_CONFIG,
  parseGreenDealConfig(
    {
      rules: {
        mainOptions: 'player-aid',
        loanPick: 'any',
        repayAsExtra: true,
        tieBreakCash: 'after-bids',
        sustainabilityLimit: 4,
        emptyPile: 'stay-empty',
        blockStartNeighbours: true,
      },
    },
    where,
  ),
  parseGreenDealConfig(
    {
      rules: {
        mainOptions: 'short-rules',
        selfCooperation: false,
        competitionGain: 'lost',
        prNeedsChip: false,
        permanentImage: true,
        expansion: 'after-own-investment',
        sustainabilityLimit: 1,
      },
    },
    where,
  ),
  parseGreenDealConfig(
    {
      sections: {
        components: {
          map: {
            width: 4,
            height: 3,
            start: {
              3: [
                [0, 0],
                [2, 0],
                [1, 2],
              ],
              4: [
                [0, 0],
                [2, 0],
                [0, 2],
                [2, 2],
              ],
              5: [
                [0, 0],
                [1, 0],
                [2, 0],
                [3, 0],
                [0, 2],
              ],
            },
          },
          pr: { price: 1 },
          loans: { pile: [4, 6], shuffle: false },
          auction: { maxBid: null },
          rounds: { count: 6, prScorings: [2, 4, 6], sustainabilityScorings: [3, 6] },
          actionDisplay: { available: 3, preview: 1 },
        },
      },
    },
    where,
  ),
];

export const factories = (p: number, lineup = LINEUPS[p]) => lineup.map((b) => BUILTIN_BOTS[b]) as BotFactory<GreenDealBot>[];

export function playGeneric(
  config: GreenDealConfig,
  p: number,
  seed: string,
  index: number,
  options: { freeze?: boolean; onState?: (s: GreenDealState) => void; bots?: GreenDealBot[] } = {},
) {
  const random = new RandomSource(seed, index);
  const bots = options.bots ?? factories(p).map((f, s) => f.create(s, random.stream(Purpose.bot + s)));
  return playGame({ module: greenDeal, config, players: p, bots, random, freeze: options.freeze, onState: options.onState });
}

/**
 * Everything `view` shows, as one string: every public figure of every seat, the own hand, the
 * displays, piles, discards, loans, map, the decision in progress. Two states a seat cannot tell
 * apart give equal signatures.
 */
export function signature(view: GreenDealView): string {
  const out: unknown[] = [view.seat, view.round, view.decision, view.turnSeat, view.maxBid, view.cardPart, view.loanPart, view.boughtPr, view.paidDividend];
  out.push(view.tookLoan, view.repaid, view.sustainabilityBuyers, view.prSupply, view.chipsToAllocate, view.maxRepayment, view.over, view.bidding);
  for (let s = 0; s < view.players; s++) {
    out.push(view.cash(s), view.income(s), view.vp(s), view.prChips(s), view.loanCount(s), view.owes(s), view.handSize(s), view.tiles(s), view.cooperations(s));
    out.push(view.bid(s), view.turnOrder(s), view.pendingCategory(s), view.pendingSize(s));
    for (let c = 0; c < 4; c++) out.push(view.track(s, c), view.stage(s, c), view.imageBonus(s, c), view.permanentImage(s, c), view.image(s, c));
    for (let k = 0; k < 3; k++) out.push(view.loan(s, k));
    for (let k = 0; k < 6; k++) out.push(view.modifier(s, k));
    for (let t = 0; t < view.actionTypes; t++) out.push(view.inFront(s, t));
    for (let t = 0; t < view.sustainabilityTypes; t++) out.push(view.sustainabilityInFront(s, t));
    for (let i = 0; i < view.tiles(s); i++) out.push(view.tileAt(s, i));
  }
  for (let t = 0; t < view.actionTypes; t++) out.push(view.handCount(t));
  for (let c = 0; c < 4; c++) {
    out.push(view.sustainabilityDisplay(c), view.sustainabilityPreview(c), view.sustainabilityPileSize(c), view.sustainabilityDiscards(c));
    for (let i = 0; i < view.sustainabilityDiscards(c); i++) out.push(view.sustainabilityDiscardAt(c, i));
    for (let i = 0; i < view.categoryTiles(c); i++) out.push(view.categoryTileAt(c, i));
  }
  for (let i = 0; i < view.actionSlots; i++) out.push(view.actionDisplay(i));
  for (let i = 0; i < view.previewSlots; i++) out.push(view.actionPreview(i));
  out.push(view.actionPileSize, view.actionDiscards, view.loanPileSize);
  for (let i = 0; i < view.actionDiscards; i++) out.push(view.actionDiscardAt(i));
  for (let i = 0; i < view.loanPileSize; i++) out.push(view.loanPileAt(i));
  for (let cell = 0; cell < view.cells; cell++) out.push(view.owner(cell), view.cellCategory(cell), view.cellSize(cell), view.canPlace(cell));
  for (let i = 0; i < view.legalCellCount; i++) out.push(view.legalCell(i));
  out.push(view.contactCell, view.contactNeighbour, view.cooperationSteps, view.competitionSteps, view.tileCategory, view.tileSize);
  for (let code = 0; code < 160; code++) out.push(view.canInvest(code));
  return JSON.stringify(out);
}

/** Where the state's kept image (state.image) differs from track + imageBonus + permImage, one line per seat and category. */
export function imageDrift(s: GreenDealState): string[] {
  const problems: string[] = [];
  for (let at = 0; at < s.players * 4; at++) {
    const sum = s.track[at] + s.imageBonus[at] + s.permImage[at];
    if (s.image[at] !== sum) problems.push(`seat ${Math.floor(at / 4)} category ${at % 4}: image ${s.image[at]} ≠ track + bonus + kept ${sum}`);
  }
  return problems;
}
