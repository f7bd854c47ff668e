/**
 * GOLD's tunables (GameDefinition.tunables, core/tunable.ts): the parameters with the ranges
 * params.ts declares (PARAM_RANGES) — recall and forget only under lossy memory, the only rules
 * that read them (the parser refuses them otherwise) — and the rules options with their choices.
 * The layout's counts are not tunable one by one (they add up to 64; params.ts).
 */
import { choiceList, type Tunable } from '../../core/tunable.js';
import { PARAM_RANGES, RULES_CHOICES, type GoldConfig } from './params.js';

const RULE_ABOUT: Readonly<Record<keyof typeof RULES_CHOICES, string>> = {
  stalemate: 'what a stalemate does (GK-A1)',
  secondChoice: 'the second card chosen after or before the first (GK-A3)',
  memory: 'perfect or lossy memory (GK-A2)',
  scoreVisibility: 'collected gold known through memory or public (GK-A5)',
  series: 'a game is a series of n games (§3.4)',
};

export function goldTunables(config: GoldConfig): readonly Tunable[] {
  const lossy = config.rules.memory === 'lossy';
  return [
    ...Object.entries(PARAM_RANGES)
      .filter(() => lossy)
      .map(([key, r]): Tunable => ({ path: `params.${key}`, values: r.values, group: 'params', about: r.about })),
    ...Object.entries(RULES_CHOICES).map(
      ([key, choices]): Tunable => ({
        path: `rules.${key}`,
        values: choiceList(choices),
        group: 'rules',
        about: RULE_ABOUT[key as keyof typeof RULES_CHOICES],
      }),
    ),
  ];
}
