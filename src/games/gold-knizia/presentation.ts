/**
 * How GOLD is named and shown (GameDefinition.presentation), what `check` and tournaments use for
 * it, and its comeback checkpoints — built from the metric labels in metrics.ts.
 */
import type { CheckHooks, GamePresentation, Label, TournamentHooks } from '../../core/definition.js';
import { COUNTER_INFO, ENDING_INFO, ROUND_COUNTER_INFO, type MetricInfo } from './metrics.js';
import type { GoldConfig } from './params.js';
import { starterBot } from './starter-bot.js';

const labels = (infos: readonly MetricInfo[]): Record<string, Label> =>
  Object.fromEntries(infos.map((m) => [m.name, { label: m.label, description: m.description }]));

export const presentation: GamePresentation = {
  title: 'GOLD (Knizia)',
  step: { one: 'turn', many: 'turns' },
  score: 'gold',
  endings: labels(ENDING_INFO),
  counters: labels(COUNTER_INFO),
  stepCounters: labels(ROUND_COUNTER_INFO),
  chanceCards: 'chance cards',
  faultRule: 'A faulting seat turns the lowest-index legal card instead (the documented fallback; GOLD has no rule for it).',
  placeholders: {},
  tournamentCounters: ['unownedCaptures', 'dynamitedGold'],
  sections: [
    {
      kind: 'step-counters',
      id: 'per-turn',
      title: 'Cards removed and gold collected per turn',
      explain: 'Mean per game after each turn: how fast the table empties and the gold is shared out (a game that ended earlier counts 0).',
      counters: ['cardsRemoved', 'goldCollected'],
    },
    {
      kind: 'counter-table',
      id: 'captures',
      title: 'Where the gold went',
      explain:
        'Per seat-game: gold cards found by the seat\u2019s own diggers on its turns, by unowned colours (GK-A7), by its diggers on others\u2019 turns and by others\u2019 diggers on its turns, taken in the rush, and gold value blasted by dynamite on its turns.',
      counters: ['ownCaptures', 'unownedCaptures', 'giftsReceived', 'giftsGiven', 'rushGold', 'dynamitedGold'],
    },
    {
      kind: 'counter-table',
      id: 'endgame',
      title: 'Rush, stalemates and unscored gold',
      explain:
        'Game facts, the same for every seat: the turn at which the gold rush began (0 = never), games in which the stalemate rule fired (GK-A1), gold left unscored.',
      counters: ['rushTurn', 'stalemate', 'goldUnscored', 'emptyTurns'],
    },
  ],
};

/**
 * Comebacks after a third and after two thirds of a typical game: 64 cards leave the table at a
 * little over one card a turn with the built-in bots, so turns 15 and 30 (a series: of its games).
 */
export const comebackCheckpoints = (_config: GoldConfig): readonly number[] => [15, 30];

/** Game length in turns varies far more than Goldrausch's rounds: a tolerance of half a turn. */
export const check: CheckHooks = { tolerance: { rounds: 0.5 } };

export const tournament: TournamentHooks = {
  // The heuristic field (greedy, spoiler, cautious), 4 players as in scenarios/gold-4p.json.
  players: 4,
  checkBotOpponents: ['greedy', 'spoiler', 'cautious'],
  heuristics: ['greedy', 'spoiler', 'cautious'],
  starterBot,
};
