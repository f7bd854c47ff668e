/**
 * Green Deal's registration (core/definition.ts `GameDefinition`): scenario config, records, run
 * facts, the counterfactual, the fast player, fixtures and the replay story.
 */
import type { ConfigFacts, GameDefinition } from '../../core/definition.js';
import type { GreenDealBot } from './bot.js';
import { componentsData } from './components.js';
import { parseGreenDealConfig, SCENARIO_SECTIONS } from './config.js';
import { type GreenDealAnswer, type GreenDealRequest, greenDeal } from './engine.js';
import { fastPlayer } from './fast.js';
import { greenDealFixtures } from './fixtures.js';
import { COUNTERS, ENDINGS, ROUND_COUNTERS } from './metrics.js';
import { changedRules, type GreenDealConfig, PLACEHOLDER_COMPONENTS } from './params.js';
import { check, comebackCheckpoints, presentation, tournament } from './presentation.js';
import { replay } from './replay.js';
import { record } from './record.js';
import { searchHints } from './search-hints.js';
import { ALLOCATE, BID, CONTACT, type GreenDealState, INVEST, PLACE, REPAY } from './state.js';
import type { GreenDealView } from './view.js';
import { story } from './story.js';
import { greenDealTunables } from './tunables.js';

export function facts(config: GreenDealConfig): ConfigFacts {
  const c = config.params.components;
  return {
    // `deckId` is the key the report's and the tournament page's data line reads.
    dataIds: { deckId: c.id },
    changedRules: changedRules(config.rules) as Record<string, unknown>,
    changedCards: config.changedCards ?? [],
    // The components at the scenario section's own path, so that a sweep of `components.pr.price` finds the value in force.
    resolved: { rules: config.rules, components: { ...componentsData(c), placeholder: c.placeholder } },
  };
}

/** Scenario params with a components file path replaced by the components themselves. */
export function portableParams(params: unknown, config: GreenDealConfig): unknown {
  const obj = params as Record<string, unknown>;
  if (typeof obj.components !== 'string') return obj;
  return { ...obj, components: componentsData(config.params.components) };
}

/**
 * Scores above this share the top histogram bin: every PR place, the best stage twice, the
 * valuation, plus room for dividends and cards (VP below 0 fall into bin 0).
 */
export function maxScore(config: GreenDealConfig): number {
  const c = config.params.components;
  const pr = c.prVp[0] * 4 * c.prScorings.length;
  const stages = c.stageVp[c.stageVp.length - 1] * c.sustainabilityScorings.length;
  return Math.min(1000, pr + stages + c.valuationVp[0] + 10 * c.rounds + 60);
}

const STAGE_WORD: Readonly<Record<number, string>> = {
  [BID]: 'bid',
  [INVEST]: 'investment',
  [PLACE]: 'tile placement',
  [CONTACT]: 'contact choice',
  [ALLOCATE]: 'PR allocation',
  [REPAY]: 'final repayment',
};

/** Where the game stands when its bots are asked (a replay's FAULT lines). */
export function decisionPlace(state: GreenDealState): string {
  const seat = state.stage === INVEST || state.stage === PLACE || state.stage === CONTACT ? `, seat ${state.order[state.turn]}'s` : '';
  return `round ${state.round}${seat} ${STAGE_WORD[state.stage] ?? 'end'}`;
}

/** impact's counterfactual: the first copy of action card `card` replaced by a blank that costs nothing (state.ts `tablesOf`). */
export function withBlankedCard(config: GreenDealConfig, card: number): GreenDealConfig {
  const n = config.params.components.actionCards.length;
  if (!Number.isInteger(card) || card < 0 || card >= n) throw new RangeError(`no action card ${card} (0–${n - 1})`);
  return { ...config, blankedCard: card };
}

export const greenDealDefinition = {
  module: greenDeal,
  parseConfig: parseGreenDealConfig,
  scenarioSections: SCENARIO_SECTIONS,
  tunables: greenDealTunables,
  botMethods: ['bid', 'invest', 'place', 'compete', 'allocate', 'repay'],
  portableParams,
  fileParams: ['components'],
  maxRounds: (config: GreenDealConfig) => config.params.components.rounds,
  maxScore,
  endings: ENDINGS,
  /** The chance cards of impact and the card tables: the action cards (a reveal in the display or preview counts as drawn). */
  chanceCards: PLACEHOLDER_COMPONENTS.actionCards.map((t) => t.id),
  chanceCardsOf: (config: GreenDealConfig) => config.params.components.actionCards.map((t) => t.id),
  counters: COUNTERS,
  roundCounters: ROUND_COUNTERS,
  record,
  facts,
  withBlankedCard,
  fastPlayer,
  story,
  decisionPlace,
  presentation,
  replay,
  comebackCheckpoints,
  // No ending is a rule outcome worth following (the game always lasts its rounds; endings say how the winner was decided).
  keyEnding: null,
  check,
  tournament,
  fixtures: greenDealFixtures,
  search: searchHints,
} satisfies Omit<GameDefinition<GreenDealConfig, GreenDealState, GreenDealView, GreenDealRequest, GreenDealAnswer, GreenDealBot>, 'builtinBots'>;
