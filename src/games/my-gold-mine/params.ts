/**
 * My Gold Mine rules options and parameters — one place, every field with its default and the
 * ambiguity (MG-A*) of docs/games/my-gold-mine-rules.md it resolves. The two decks are data (decks.ts).
 */
import digPlaceholder from './decks/dig-placeholder-v1.json' with { type: 'json' };
import exitPlaceholder from './decks/exit-placeholder-v1.json' with { type: 'json' };
import { digDeckFromData, exitDeckFromData, type DigDeck, type DigKind, type ExitDeck } from './decks.js';

/** Rules options. The first value listed in RULES_CHOICES is the default. */
export interface RulesOptions {
  /** MG-A4: a "Lots of gold" move onto Drago's card is blocked (stay, keep the gold) or eliminates the dwarf. */
  readonly intoDragon: 'blocked' | 'eliminated';
  /** MG-A5: the drawing dwarf moves first, then the dragon check (default), or the dragon check first. */
  readonly dragonCheck: 'after-move' | 'before-move';
  /** MG-A13: gold an exited dwarf needs to be ranked for nuggets (default 0: a 0-gold dwarf is ranked). */
  readonly minGoldToScore: number;
  /** MG-A13: 3rd place earns its nugget only with at least this many players (default 2 = always; house rule 4). */
  readonly thirdPlaceMinPlayers: number;
  /** MG-A20: collected digging gold is public (perfect memory, default) or each seat sees only its own. */
  readonly collectedVisibility: 'public' | 'hidden';
  /** MG-A8: in the two-player variant a dwarf may swap with its own second dwarf (default true). */
  readonly swapOwnDwarf: boolean;
}

export const DEFAULT_RULES: RulesOptions = Object.freeze({
  intoDragon: 'blocked',
  dragonCheck: 'after-move',
  minGoldToScore: 0,
  thirdPlaceMinPlayers: 2,
  collectedVisibility: 'public',
  swapOwnDwarf: true,
});

/** Allowed values of the choice options, default first (the integer options are ranges: INT_RULES). */
export const RULES_CHOICES = {
  intoDragon: ['blocked', 'eliminated'],
  dragonCheck: ['after-move', 'before-move'],
  collectedVisibility: ['public', 'hidden'],
  swapOwnDwarf: [true, false],
} as const;

/** Integer options: [min, max]. */
export const INT_RULES = {
  minGoldToScore: [0, 1000],
  thirdPlaceMinPlayers: [2, 7],
} as const;

/** Balance numbers; the ranges a designer explores are PARAM_RANGES (below). */
export interface GameParams {
  /** §4: rounds per game (default 3; all but the last award nuggets). */
  readonly rounds: number;
  /** §4: nuggets for 1st, 2nd, 3rd place in a scoring round (default 3, 2, 1). */
  readonly nuggets: readonly number[];
  /** §3.2 / MG-A9: gold each kept Extragold card counts at round end (default 3). */
  readonly extragoldValue: number;
  /** MG-A1: the 58 digging cards (default: the placeholder deck `my-gold-mine-placeholder-v1`). */
  readonly digDeck: DigDeck;
  /** MG-A2: the 16 exit cards (default: the placeholder deck `my-gold-mine-exit-placeholder-v1`). */
  readonly exitDeck: ExitDeck;
}

export const PLACEHOLDER_DIG_DECK: DigDeck = digDeckFromData({ file: 'src/games/my-gold-mine/decks/dig-placeholder-v1.json' }, '', digPlaceholder);
export const PLACEHOLDER_EXIT_DECK: ExitDeck = exitDeckFromData({ file: 'src/games/my-gold-mine/decks/exit-placeholder-v1.json' }, '', exitPlaceholder);

/** Deck ids that are placeholders (the report prints "placeholder deck, not the publisher's cards"). */
export const PLACEHOLDER_DECK_IDS: readonly string[] = [PLACEHOLDER_DIG_DECK.deckId, PLACEHOLDER_EXIT_DECK.deckId];

export const DEFAULT_PARAMS: GameParams = {
  rounds: 3,
  nuggets: [3, 2, 1],
  extragoldValue: 3,
  digDeck: PLACEHOLDER_DIG_DECK,
  exitDeck: PLACEHOLDER_EXIT_DECK,
};

export interface MyGoldMineConfig {
  readonly rules: RulesOptions;
  readonly params: GameParams;
  /**
   * Analysis only, never set by a scenario: one card of this kind replaced by a plain "Einfach Gold!"
   * card in the same deck position (`goldpit impact`'s counterfactual, counterfactual.ts).
   */
  readonly replacedKind?: DigKind;
  /**
   * The deck entries a scenario's digCards / exitCards sections changed or added, one line each
   * (the report's changed-cards note); absent = none, so configs without card changes hash as before.
   */
  readonly changedCards?: readonly string[];
}

export const DEFAULT_CONFIG: MyGoldMineConfig = { rules: DEFAULT_RULES, params: DEFAULT_PARAMS };

/**
 * The range a designer explores for each balance number, as `--vary` writes it (suggestions for
 * sweeps; what `goldpit sensitivity --all-params` screens, tunables.ts). Keyed by the path under
 * `params`. The decks' numbers are tuned in the digCards / exitCards sections (card-section.ts).
 */
export const PARAM_RANGES: Readonly<Record<string, { readonly values: string; readonly about: string }>> = {
  rounds: { values: '2..5', about: 'rounds per game (§4)' },
  'nuggets[0]': { values: '2..5', about: 'nuggets for 1st place in a scoring round (§4)' },
  'nuggets[1]': { values: '1..3', about: 'nuggets for 2nd place (§4)' },
  'nuggets[2]': { values: '0..2', about: 'nuggets for 3rd place (§4)' },
  extragoldValue: { values: '1..5', about: 'gold a kept Extragold card counts (§3.2, MG-A9)' },
};

/** The integer rules options' ranges for `--all-rules` (INT_RULES allows far more). */
export const INT_RULE_RANGES: { readonly [K in keyof typeof INT_RULES]: string } = { minGoldToScore: '0..3', thirdPlaceMinPlayers: '2..5' };

/** Rules options that differ from the defaults (run facts). */
export function changedRules(rules: RulesOptions): Partial<RulesOptions> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_RULES) as (keyof RulesOptions)[]) {
    if (rules[key] !== DEFAULT_RULES[key]) out[key] = rules[key];
  }
  return out as Partial<RulesOptions>;
}
