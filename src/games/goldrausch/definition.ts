/**
 * Goldrausch's registration: scenario config, compact game records, run facts and the replay story.
 */
import { changedEventCards } from './card-section.js';
import { SCENARIO_SECTIONS, parseGoldrauschConfig } from './config.js';
import { eventCardsOf } from './cards.js';
import { goldrausch } from './engine.js';
import { fastPlayer } from './player.js';
import { goldrauschFixtures } from './fixtures.js';
import { check, comebackCheckpoints, presentation, tournament } from './presentation.js';
import { replay } from './replay.js';
import { changedRules, type GoldrauschConfig } from './params.js';
import { COUNTERS, ROUND_COUNTERS, gameRecord } from './records.js';
import { decisionPlace, story } from './story.js';
import { searchHints } from './search-hints.js';
import { goldrauschTunables } from './tunables.js';
import { EVENT_CARD_IDS } from './types.js';

export { COUNTERS, ROUND_COUNTERS };

/** The built-in event cards' ids: the chance cards of a config without card changes (chanceCardsOf). */
export const CHANCE_CARDS: readonly string[] = EVENT_CARD_IDS;

export function facts(config: GoldrauschConfig) {
  return {
    changedCards: changedEventCards(config.params),
    dataIds: { deckId: config.params.resourceDeck.deckId },
    changedRules: changedRules(config.rules) as Record<string, unknown>,
    resolved: {
      rules: config.rules,
      params: {
        ...config.params,
        resourceDeck: { deckId: config.params.resourceDeck.deckId, source: config.params.resourceDeck.source, cards: config.params.resourceDeck.cards.length },
      },
    },
  };
}

/** Scenario params with a deck file path replaced by the deck itself (§10.1 form). */
export function portableParams(params: unknown, config: GoldrauschConfig): unknown {
  const obj = params as Record<string, unknown>;
  if (typeof obj.resourceDeck !== 'string') return params;
  const deck = config.params.resourceDeck;
  const triple = (v: readonly number[]) => ({ azul: v[0], rosso: v[1], veridia: v[2] });
  return {
    ...obj,
    resourceDeck: {
      deck_id: deck.deckId,
      source: deck.source,
      cards: deck.cards.map((c) => ({ id: c.id, respawn: triple(c.respawn), extract: triple(c.extract) })),
    },
  };
}

export const goldrauschDefinition = {
  portableParams,
  fileParams: ['resourceDeck'],
  withBlankedCard: (config: GoldrauschConfig, card: number): GoldrauschConfig => ({ ...config, blankedCards: [eventCardsOf(config.params)[card].id] }),
  module: goldrausch,
  search: searchHints,
  botMethods: ['chooseContinent', 'negotiate', 'commitUpgrade'],
  parseConfig: parseGoldrauschConfig,
  scenarioSections: SCENARIO_SECTIONS,
  tunables: goldrauschTunables,
  chanceCardsOf: (config: GoldrauschConfig): readonly string[] => eventCardsOf(config.params).map((c) => c.id),
  maxRounds: (config: GoldrauschConfig) => config.params.rounds,
  // Gold rarely passes the threshold by much (a shower on the last payout); 2× leaves ample room.
  maxScore: (config: GoldrauschConfig) => Math.max(100, 2 * config.params.winThreshold),
  endings: ['race', 'clock'] as const,
  chanceCards: CHANCE_CARDS,
  counters: COUNTERS,
  roundCounters: ROUND_COUNTERS,
  record: gameRecord,
  facts,
  fastPlayer,
  story,
  decisionPlace,
  fixtures: goldrauschFixtures,
  presentation,
  replay,
  comebackCheckpoints,
  keyEnding: 'race',
  check,
  tournament,
};
