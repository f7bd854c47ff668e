/**
 * My Gold Mine's tunables (GameDefinition.tunables, core/tunable.ts): the balance numbers with the
 * ranges params.ts declares (PARAM_RANGES), every entry of the decks in force with the numbers
 * card-section.ts marks tunable (TUNABLE), and the rules options with their choices.
 */
import { choiceList, rangeAround, type Tunable } from '../../core/tunable.js';
import { TUNABLE } from './card-section.js';
import { INT_RULE_RANGES, PARAM_RANGES, RULES_CHOICES, type MyGoldMineConfig } from './params.js';

const RULE_ABOUT: Readonly<Record<string, string>> = {
  intoDragon: 'a "Lots of gold" move onto the dragon (MG-A4)',
  dragonCheck: 'the dragon check before or after the move (MG-A5)',
  collectedVisibility: 'who sees collected gold (MG-A20)',
  swapOwnDwarf: 'swapping with one\u2019s own dwarf in the 2-player game (MG-A8)',
  minGoldToScore: 'gold an exited dwarf needs to be ranked (MG-A13)',
  thirdPlaceMinPlayers: 'players needed for a 3rd-place nugget (MG-A13)',
};

export function myGoldMineTunables(config: MyGoldMineConfig): readonly Tunable[] {
  const { params } = config;
  const out: Tunable[] = [];
  for (const [key, range] of Object.entries(PARAM_RANGES)) {
    const at = /^nuggets\[(\d+)\]$/.exec(key);
    if (at && Number(at[1]) >= params.nuggets.length) continue;
    // The nugget list is given whole: varying one place keeps the others at the config's awards.
    out.push({
      path: `params.${key}`,
      values: range.values,
      group: 'params',
      about: range.about,
      ...(at ? { within: { path: 'params.nuggets', value: params.nuggets } } : {}),
    });
  }
  for (const t of params.digDeck.types) {
    const count = rangeAround(t.count, TUNABLE.dig.count);
    if (count !== null) out.push({ path: `digCards.${t.id}.count`, values: count, group: 'cards', about: `copies of the digging card ${t.id} (${t.kind})` });
    if (t.kind === 'dragon') continue;
    const gold = rangeAround(t.gold, TUNABLE.dig.gold);
    if (gold !== null) out.push({ path: `digCards.${t.id}.gold`, values: gold, group: 'cards', about: `gold printed on ${t.id} (${t.kind})` });
  }
  for (const t of params.exitDeck.types) {
    const count = rangeAround(t.count, TUNABLE.exit.count);
    if (count !== null) out.push({ path: `exitCards.${t.id}.count`, values: count, group: 'cards', about: `copies of the exit card ${t.id}` });
  }
  for (const [key, choices] of Object.entries(RULES_CHOICES))
    out.push({ path: `rules.${key}`, values: choiceList(choices), group: 'rules', about: RULE_ABOUT[key] });
  for (const [key, range] of Object.entries(INT_RULE_RANGES)) out.push({ path: `rules.${key}`, values: range, group: 'rules', about: RULE_ABOUT[key] });
  return out;
}
