/**
 * My Gold Mine's registration (core/definition.ts `GameDefinition`): scenario config, records, run
 * facts, the counterfactual, the fast player, fixtures and the replay story (story.ts).
 */
import type { ConfigFacts, GameDefinition } from '../../core/definition.js';
import type { MyGoldMineBot } from './bot.js';
import { SCENARIO_SECTIONS, parseMyGoldMineConfig } from './config.js';
import { withKindReplaced } from './counterfactual.js';
import { DIG_KINDS, digDeckData, exitDeckData } from './decks.js';
import { myGoldMine, type MyGoldMineAnswer, type MyGoldMineRequest } from './engine.js';
import { searchHints } from './search-hints.js';
import { fastPlayer } from './fast.js';
import { myGoldMineFixtures } from './fixtures.js';
import { COUNTERS, ENDINGS, ROUND_COUNTERS } from './metrics.js';
import { changedRules, PLACEHOLDER_DECK_IDS, type MyGoldMineConfig } from './params.js';
import { check, comebackCheckpoints, presentation, tournament } from './presentation.js';
import { replay } from './replay.js';
import { record } from './record.js';
import { story } from './story.js';
import { EXIT_ACTION, SWAP_TARGET, type MyGoldMineState } from './state.js';
import { myGoldMineTunables } from './tunables.js';
import type { MyGoldMineView } from './view.js';

export function facts(config: MyGoldMineConfig): ConfigFacts {
  const { digDeck, exitDeck } = config.params;
  return {
    // `deckId` is the key the report's deck line reads; both ids go into every result.
    dataIds: { deckId: digDeck.deckId, exitDeckId: exitDeck.deckId },
    changedRules: changedRules(config.rules) as Record<string, unknown>,
    changedCards: config.changedCards ?? [],
    resolved: {
      rules: config.rules,
      params: {
        rounds: config.params.rounds,
        nuggets: config.params.nuggets,
        extragoldValue: config.params.extragoldValue,
        digDeck: {
          deckId: digDeck.deckId,
          source: digDeck.source,
          placeholder: PLACEHOLDER_DECK_IDS.includes(digDeck.deckId),
          cards: Object.fromEntries(digDeck.types.map((t) => [t.id, t.count])),
        },
        exitDeck: {
          deckId: exitDeck.deckId,
          source: exitDeck.source,
          placeholder: PLACEHOLDER_DECK_IDS.includes(exitDeck.deckId),
          cards: Object.fromEntries(exitDeck.types.map((t) => [t.id, t.count])),
        },
      },
    },
  };
}

/** Scenario params with deck file paths replaced by the decks themselves. */
export function portableParams(params: unknown, config: MyGoldMineConfig): unknown {
  const obj = params as Record<string, unknown>;
  const out: Record<string, unknown> = { ...obj };
  if (typeof obj.digDeck === 'string') out.digDeck = digDeckData(config.params.digDeck);
  if (typeof obj.exitDeck === 'string') out.exitDeck = exitDeckData(config.params.exitDeck);
  return out;
}

/** Highest score a game can reach: every nugget award in every scoring round, all the deck's gold, every Extragold. */
export function maxScore(config: MyGoldMineConfig): number {
  const p = config.params;
  const nuggets = p.nuggets.reduce((a, b) => a + b, 0) * (p.rounds - 1);
  const gold = p.digDeck.types.reduce((a, t) => a + t.gold * t.count, 0);
  const extra = p.exitDeck.types.reduce((a, t) => a + (t.actions.includes('extragold') ? t.count : 0), 0) * p.extragoldValue;
  // Histogram bins: beyond 400 the top bin is shared (only exotic decks get there).
  return Math.min(400, nuggets + gold + extra);
}

/** Where the game stands when a bot is asked (a replay's FAULT lines). */
export function decisionPlace(state: MyGoldMineState): string {
  const what = state.stage === EXIT_ACTION ? 'exit action' : state.stage === SWAP_TARGET ? 'swap target' : 'turn';
  return `round ${state.round}, dwarf ${state.actor}'s ${what}`;
}

export const myGoldMineDefinition = {
  module: myGoldMine,
  parseConfig: parseMyGoldMineConfig,
  scenarioSections: SCENARIO_SECTIONS,
  tunables: myGoldMineTunables,
  botMethods: ['dig', 'chooseAction', 'swapTarget'],
  search: searchHints,
  portableParams,
  maxRounds: (config: MyGoldMineConfig) => config.params.rounds,
  maxScore,
  endings: ENDINGS,
  /** The chance "cards" of impact and draw counts: the digging card kinds (each draw is recorded). */
  chanceCards: DIG_KINDS as readonly string[],
  counters: COUNTERS,
  roundCounters: ROUND_COUNTERS,
  record,
  facts,
  /** impact's counterfactual: one card of the kind replaced by a plain "Einfach Gold!" card (counterfactual.ts). */
  withBlankedCard: withKindReplaced,
  fastPlayer,
  story,
  decisionPlace,
  presentation,
  replay,
  comebackCheckpoints,
  // The share of games whose final round Drago ended: what a dragon count changes most directly.
  keyEnding: 'dragon',
  check,
  tournament,
  fixtures: myGoldMineFixtures,
} satisfies Omit<GameDefinition<MyGoldMineConfig, MyGoldMineState, MyGoldMineView, MyGoldMineRequest, MyGoldMineAnswer, MyGoldMineBot>, 'builtinBots'>;
