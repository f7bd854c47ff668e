/**
 * Green Deal's rules options and parameters — one place, every field with its default and the
 * ambiguity (GD-A*) of docs/games/green-deal-rules.md §8 it resolves (docs/games/green-deal.md lists
 * them all). Every number of the game is data: `params.components` (components.ts), the placeholder
 * set `green-deal/placeholder-v1` by default.
 */
import placeholder from './components/placeholder-v1.json' with { type: 'json' };
import { componentsFromData, type GreenDealComponents } from './components.js';

/** Rules options. The first value listed in RULES_CHOICES is the default. */
export interface RulesOptions {
  /**
   * GD-A1: the five main options. `normalised` (default): M3 = take a loan or repay, M4 = an action
   * card (or the Tax Refund) with either; `short-rules`: M4 takes the top loan only (no repayment
   * beside a card); `player-aid`: M3 takes any loan of the pile, M4 the top one or repays.
   */
  readonly mainOptions: 'normalised' | 'short-rules' | 'player-aid';
  /** GD-A2: the loan taken is the top one (default) or any one of the pile. */
  readonly loanPick: 'top' | 'any';
  /** GD-A4: repaying is the loan main action (default false) or an extra option (once a round). */
  readonly repayAsExtra: boolean;
  /** GD-A8: the auction tie-break's "less cash" is read before the bids are paid (default) or after. */
  readonly tieBreakCash: 'before-bids' | 'after-bids';
  /**
   * GD-A9: sustainability cards bought per round before the rest of the display is discarded:
   * `n-minus-1` (default: 2 with 3 players, 3 with 4, 4 — the whole display — with 5) or a number.
   */
  readonly sustainabilityLimit: 'n-minus-1' | 1 | 2 | 3 | 4;
  /** GD-A10: an empty pile is refilled from its shuffled discards (default), or its slot stays empty. */
  readonly emptyPile: 'reshuffle' | 'stay-empty';
  /** GD-A11: the 8 cells around a free start position are blocked too while a player has no tile (default false). */
  readonly blockStartNeighbours: boolean;
  /** GD-A12: a tile touching one's own same-category tile cooperates with it (default true) or ignores it. */
  readonly selfCooperation: boolean;
  /** GD-A16: the competitor gains the full difference (default) or only what the other actually lost. */
  readonly competitionGain: 'full' | 'lost';
  /** GD-A18a: only a player with a chip in a category scores it (default true), or everybody by image alone. */
  readonly prNeedsChip: boolean;
  /** GD-A18b: chips placed raise the image for later scorings too (default false: image computed at each scoring). */
  readonly permanentImage: boolean;
  /** GD-A27: tiles are placed after everybody's investment (default) or by each player right after its own. */
  readonly expansion: 'after-investments' | 'after-own-investment';
}

export const DEFAULT_RULES: RulesOptions = Object.freeze({
  mainOptions: 'normalised',
  loanPick: 'top',
  repayAsExtra: false,
  tieBreakCash: 'before-bids',
  sustainabilityLimit: 'n-minus-1',
  emptyPile: 'reshuffle',
  blockStartNeighbours: false,
  selfCooperation: true,
  competitionGain: 'full',
  prNeedsChip: true,
  permanentImage: false,
  expansion: 'after-investments',
});

/** Allowed values of every option, default first. */
export const RULES_CHOICES = {
  mainOptions: ['normalised', 'short-rules', 'player-aid'],
  loanPick: ['top', 'any'],
  repayAsExtra: [false, true],
  tieBreakCash: ['before-bids', 'after-bids'],
  sustainabilityLimit: ['n-minus-1', 1, 2, 3, 4],
  emptyPile: ['reshuffle', 'stay-empty'],
  blockStartNeighbours: [false, true],
  selfCooperation: [true, false],
  competitionGain: ['full', 'lost'],
  prNeedsChip: [true, false],
  permanentImage: [false, true],
  expansion: ['after-investments', 'after-own-investment'],
} as const;

/** Balance numbers: everything is in the components set (sweep any number of it through the scenario's `components` section). */
export interface GameParams {
  /** GD-A20, GD-A23…A26: the components set (default: the placeholder set `green-deal/placeholder-v1`). */
  readonly components: GreenDealComponents;
}

export const PLACEHOLDER_COMPONENTS: GreenDealComponents = componentsFromData({ file: 'src/games/green-deal/components/placeholder-v1.json' }, '', placeholder);

export const DEFAULT_PARAMS: GameParams = { components: PLACEHOLDER_COMPONENTS };

export interface GreenDealConfig {
  readonly rules: RulesOptions;
  readonly params: GameParams;
  /** The changes of a scenario's `components` section, one line each (absent = none, so the config hashes as before). */
  readonly changedCards?: readonly string[];
  /**
   * Analysis only, never set by a scenario: action card type `blankedCard`'s first copy (canonical
   * order) is replaced by a card with no effect that costs nothing, in the same pile position
   * (`goldpit impact`'s counterfactual).
   */
  readonly blankedCard?: number;
}

export const DEFAULT_CONFIG: GreenDealConfig = { rules: DEFAULT_RULES, params: DEFAULT_PARAMS };

/** Rules options that differ from the defaults (run facts). */
export function changedRules(rules: RulesOptions): Partial<RulesOptions> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_RULES) as (keyof RulesOptions)[]) {
    if (rules[key] !== DEFAULT_RULES[key]) out[key] = rules[key];
  }
  return out as Partial<RulesOptions>;
}
