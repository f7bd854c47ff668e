/**
 * Green Deal's tunables (GameDefinition.tunables, core/tunable.ts). Every number of the game is in
 * the components set, so the tunable numbers are marked here (TUNABLE), each with how far around the
 * set's own value a designer explores it, written as paths of the scenario's `components` section
 * (overrides.ts: a field, a list entry by index, a card by id). Left out: the rounds and scoring
 * rounds (they must agree with each other), the track's positions and the map (geometry), the loan
 * pile and the dividend table (lists whose rows must stay ordered), card counts and effects. The
 * rules options come with all their choices.
 */
import { choiceList, rangeAround, type Spread, type Tunable } from '../../core/tunable.js';
import { RULES_CHOICES, type GreenDealConfig } from './params.js';

/** The components' numbers a designer tunes, and how far around their value. */
export const TUNABLE = {
  startCash: { below: 4, above: 4, min: 0, max: 1000 },
  startIncome: { below: 2, above: 2, min: 0, max: 16 },
  maxBid: { below: 4, above: 4, min: 0, max: 100000 },
  prPrice: { below: 2, above: 2, min: 0, max: 1000 },
  prVp: { relative: 0.5, min: 0, max: 1000 },
  valuationVp: { relative: 0.5, min: 0, max: 1000 },
  interest: { below: 1, above: 1, min: 0, max: 100000 },
  vpPerUnpaidCash: { below: 1, above: 1, min: 0, max: 1000 },
  taxRefundCash: { below: 2, above: 2, min: 0, max: 1000 },
  taxRefundChips: { below: 1, above: 1, min: 0, max: 1000 },
  cardCost: { below: 1, above: 1, min: 0, max: 1000 },
} as const satisfies Readonly<Record<string, Spread>>;

const RULE_ABOUT: Readonly<Record<keyof typeof RULES_CHOICES, string>> = {
  mainOptions: 'the five main options (GD-A1)',
  loanPick: 'the loan taken: top or any (GD-A2)',
  repayAsExtra: 'repaying as an extra option (GD-A4)',
  tieBreakCash: 'the auction tie-break reads cash before or after bids (GD-A8)',
  sustainabilityLimit: 'sustainability cards bought per round (GD-A9)',
  emptyPile: 'an empty pile refilled or left empty (GD-A10)',
  blockStartNeighbours: 'cells around a free start blocked (GD-A11)',
  selfCooperation: 'own tiles cooperate (GD-A12)',
  competitionGain: 'what a competitor gains (GD-A16)',
  prNeedsChip: 'PR scoring needs a chip (GD-A18a)',
  permanentImage: 'chips raise the image for later scorings (GD-A18b)',
  expansion: 'when tiles are placed (GD-A27)',
};

export function greenDealTunables(config: GreenDealConfig, players: number): readonly Tunable[] {
  const c = config.params.components;
  const out: Tunable[] = [];
  const add = (path: string, value: number, spread: Spread, about: string) => {
    const values = rangeAround(value, spread);
    if (values !== null) out.push({ path: `components.${path}`, values, group: 'cards', about });
  };
  const p = players - 3;
  if (p >= 0 && p < c.startCash.length) {
    add(`start.${players}.cash`, c.startCash[p], TUNABLE.startCash, `start cash at ${players} players`);
    add(`start.${players}.income`, c.startIncome[p], { ...TUNABLE.startIncome, max: c.incomeMax }, `start income at ${players} players`);
  }
  if (c.maxBid !== null) add('auction.maxBid', c.maxBid, TUNABLE.maxBid, "the auction wheel's highest bid (GD-A7)");
  add('pr.price', c.prPrice, TUNABLE.prPrice, 'the price of a PR chip');
  c.prVp.forEach((vp, i) => add(`pr.vp[${i}]`, vp, TUNABLE.prVp, `VP of image rank ${i + 1} at a PR scoring`));
  c.valuationVp.forEach((vp, i) => add(`valuation.vp[${i}]`, vp, TUNABLE.valuationVp, `VP of income rank ${i + 1} at the valuation`));
  add('loans.interest', c.interest, TUNABLE.interest, 'interest on a repayment');
  add('loans.vpPerUnpaidCash', c.vpPerUnpaidCash, TUNABLE.vpPerUnpaidCash, 'VP lost per unpaid cash at the end');
  add('taxRefund.cash', c.taxRefundCash, TUNABLE.taxRefundCash, "the Tax Refund's cash");
  add('taxRefund.prChips', c.taxRefundChips, TUNABLE.taxRefundChips, "the Tax Refund's PR chips");
  for (const card of c.sustainabilityCards)
    add(`sustainabilityCards.${card.id}.cost`, card.cost, TUNABLE.cardCost, `cost of the sustainability card ${card.id}`);
  for (const card of c.actionCards) add(`actionCards.${card.id}.cost`, card.cost, TUNABLE.cardCost, `cost of the action card ${card.id}`);
  for (const [key, choices] of Object.entries(RULES_CHOICES)) {
    out.push({ path: `rules.${key}`, values: choiceList(choices), group: 'rules', about: RULE_ABOUT[key as keyof typeof RULES_CHOICES] });
  }
  return out;
}
