/**
 * GOLD's rules options and parameters: every field with its default, the ambiguity id it resolves
 * (docs/games/gold-knizia-rules.md §7); PARAM_RANGES has the range a designer explores for each number.
 */

export const STALEMATE = ['engine-detect', 'no-progress-turns', 'end-game'] as const;
export const SECOND_CHOICE = ['after-first', 'blind'] as const;
export const MEMORY = ['perfect', 'lossy'] as const;
export const SCORE_VISIBILITY = ['memory', 'public'] as const;

export interface GoldRules {
  /**
   * GK-A1: what happens when (with more than 10 cards left) no pair can remove a card any more.
   * `engine-detect` (default): the engine checks after every normal turn and starts the gold rush at
   * once. `no-progress-turns`: the rush starts after 2 × players consecutive normal turns in which no
   * card left the table (a rule humans can apply). `end-game`: the game ends at once, leftover gold unscored.
   */
  readonly stalemate: (typeof STALEMATE)[number];
  /** GK-A3: the second card is chosen after seeing the first (`after-first`, default) or before (`blind`). */
  readonly secondChoice: (typeof SECOND_CHOICE)[number];
  /** GK-A2: `perfect` memory for every seat (default) or `lossy` (params.recall ρ, params.forget φ). */
  readonly memory: (typeof MEMORY)[number];
  /** GK-A5: collected gold values known only through memory (`memory`, default) or `public`. */
  readonly scoreVisibility: (typeof SCORE_VISIBILITY)[number];
  /**
   * §3.4: a "game" is the recommended series of n games (n = players), the start player rotating,
   * scores summed; ties go to the better last game, then shared (GK-A10). Default false.
   */
  readonly series: boolean;
}

export const DEFAULT_RULES: GoldRules = Object.freeze({
  stalemate: 'engine-detect',
  secondChoice: 'after-first',
  memory: 'perfect',
  scoreVisibility: 'memory',
  series: false,
});

export const RULES_CHOICES: { readonly [K in keyof GoldRules]: readonly GoldRules[K][] } = {
  stalemate: STALEMATE,
  secondChoice: SECOND_CHOICE,
  memory: MEMORY,
  scoreVisibility: SCORE_VISIBILITY,
  series: [false, true],
};

export interface GoldParams {
  /**
   * goldpit's safety cap, not a rule: a game (each game of a series) that has not ended after this
   * many turns ends with `turn-limit`, leftover gold unscored. Needed because under `engine-detect`
   * bots that never make progress would otherwise play for ever. Default 400.
   */
  readonly maxTurns: number;
  /**
   * GK-A2 lossy memory only: ρ, the probability that a seat recalls one observation (a card turned
   * face up, a gold card collected by someone else). A number for every seat, or a list with one per
   * seat. Default 0.9 (PARAM_RANGES: 0.5–1).
   */
  readonly recall: number | readonly number[];
  /**
   * GK-A2 lossy memory only: φ, the probability per turn that a seat forgets one remembered
   * face-down card. A number or a list per seat. Default 0.05 (PARAM_RANGES: 0–0.3).
   */
  readonly forget: number | readonly number[];
}

export const DEFAULT_PARAMS: GoldParams = Object.freeze({ maxTurns: 400, recall: 0.9, forget: 0.05 });

/**
 * The range a designer explores for each parameter, as `--vary` writes it (what `goldpit sensitivity
 * --all-params` screens, tunables.ts). `maxTurns` is left out: a safety cap, not a rule. The layout's
 * card counts (the `cards` section) are not tunable one by one: they must add up to 64, so a count
 * only moves together with another (vary the whole section's values in a scenario of your own).
 * `recall` and `forget` act only under `rules.memory` = lossy.
 */
export const PARAM_RANGES: Readonly<Record<string, { readonly values: string; readonly about: string }>> = {
  recall: { values: '0.5..1:0.1', about: 'ρ, the chance a seat recalls an observation, lossy memory only (GK-A2)' },
  forget: { values: '0..0.3:0.1', about: 'φ, the chance per turn a seat forgets a card, lossy memory only (GK-A2)' },
};

export interface GoldConfig {
  readonly rules: GoldRules;
  readonly params: GoldParams;
  /**
   * §1: how many cards of each code (cards.ts) the layout holds, when a scenario's `cards` section
   * changes them; absent = COMPOSITION (absent rather than filled in: configs without card changes
   * hash as before).
   */
  readonly composition?: readonly number[];
  /** The scenario's player count when known at parse time (sizes a series' curves). */
  readonly players?: number;
}

export const DEFAULT_CONFIG: GoldConfig = Object.freeze({ rules: DEFAULT_RULES, params: DEFAULT_PARAMS });

/** Rules options that differ from the defaults. */
export function changedRules(rules: GoldRules): Partial<GoldRules> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_RULES) as (keyof GoldRules)[]) if (rules[key] !== DEFAULT_RULES[key]) out[key] = rules[key];
  return out as Partial<GoldRules>;
}

/** `params.recall` / `params.forget` of one seat. */
export function perSeat(value: number | readonly number[], seat: number): number {
  return typeof value === 'number' ? value : value[seat];
}
