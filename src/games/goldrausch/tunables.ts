/**
 * Goldrausch's tunables (GameDefinition.tunables, core/tunable.ts): the balance numbers with the
 * ranges params.ts declares (PARAM_RANGES), the numbers of every event card in the deck that
 * card-section.ts marks `tunable` (around the card's own value), and the rules options with their
 * choices. `goldpit sensitivity --all-params` screens the first two groups, `--all-rules` the third.
 */
import { choiceList, rangeAround, type Tunable } from '../../core/tunable.js';
import { EFFECT_FIELDS } from './card-section.js';
import { eventCardsOf } from './cards.js';
import { PARAM_RANGES, RULES_CHOICES, type GoldrauschConfig, type RulesOptions } from './params.js';

const RULE_ABOUT: Readonly<Record<keyof RulesOptions, string>> = {
  respawnTiming: 'when a revealed respawn is laid out (GR-A2)',
  winThresholdStrict: 'whether the race needs more than the threshold (GR-A5)',
  winCheck: 'when the race is checked (GR-A6)',
  finalTiebreak: 'ties at the time limit (GR-A7)',
  phase1UpgradeCard: 'the provisional phase-1 card (GR-A9)',
  commitRevisable: 'whether a laid card may be changed (GR-A10)',
  negotiationScope: 'who negotiates and reads messages (GR-A11)',
  allowPartialAgreements: 'agreements among a subset (§15.2)',
  allowGoldGifts: 'gold gifts in the meeting (GR-A12)',
  finePayment: 'a player short of the fine (GR-A13)',
  fineTiming: 'the fine before or after the payout (GR-A14)',
  penaltySink: 'where fines go (GR-A15)',
  shortage: 'payouts when stock runs short (GR-A16)',
  continentOrder: 'the order continents are evaluated in (GR-A17)',
  fineScope: 'who pays in a collision (GR-A19)',
  exemption: 'what a fine exemption does (GR-A21)',
  equalRightsPool: 'what #17 pools (GR-A28)',
  capCut: 'when a cap cut trims stock (GR-A29)',
  vultureAllEqual: 'what #21 takes when all are equal (GR-A30)',
  passedCards: 'passed cards at round end (GR-A32)',
  oppositeOdd: '"opposite" at an odd player count (GR-A34)',
  bank: 'the bank (GR-A35)',
  goldVisibility: 'who sees gold holdings (GR-A36)',
};

export function goldrauschTunables(config: GoldrauschConfig, players: number): readonly Tunable[] {
  const out: Tunable[] = [];
  const params = config.params;
  for (const [key, range] of Object.entries(PARAM_RANGES)) {
    if (key === 'eventDeck.<card>') continue;
    const path = `params.${key.replace('<players>', String(players))}`;
    if (key.startsWith('setupRespawnMultiplier') && ![4, 5, 6].includes(players)) continue;
    // The wheel is given whole in a scenario: varying one field keeps the others at the config's counts.
    const within = key.startsWith('wheel.') ? { path: 'params.wheel', value: params.wheel } : undefined;
    out.push({ path, values: range.values, group: 'params', about: range.about, ...(within ? { within } : {}) });
  }
  const cards = eventCardsOf(params);
  const copies = PARAM_RANGES['eventDeck.<card>'];
  for (const card of cards)
    out.push({ path: `params.eventDeck.${card.id}`, values: copies.values, group: 'params', about: `${copies.about}: ${card.english}` });
  for (const card of cards) {
    const fields = EFFECT_FIELDS[card.effect.kind];
    for (const [name, spec] of Object.entries(fields)) {
      if (!('tunable' in spec) || spec.tunable === undefined) continue;
      const value = (card.effect as unknown as Record<string, number>)[name];
      const values = rangeAround(value, { ...spec.tunable, min: spec.min, max: spec.max });
      if (values !== null)
        out.push({ path: `eventCards.${card.id}.${name}`, values, group: 'cards', about: `${card.english}: ${card.effect.kind} ${name} (§7)` });
    }
  }
  for (const [key, choices] of Object.entries(RULES_CHOICES)) {
    out.push({ path: `rules.${key}`, values: choiceList(choices), group: 'rules', about: RULE_ABOUT[key as keyof RulesOptions] });
  }
  return out;
}
