/**
 * How GOLD is named and shown (GameDefinition.presentation), what `check` and tournaments use for
 * it, and its comeback checkpoints. The labels and descriptions come from metrics.ts (one place).
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
  faultRule: 'A faulting seat turns the lowest-numbered card it may legally turn (goldpit’s fallback; the rules have none).',
  placeholders: {},
  tournamentCounters: ['ownCaptures', 'giftsGiven'],
  sections: [
    { kind: 'step-counters', id: 'per-turn', title: 'Cards removed and gold collected per turn', explain: 'Mean per game, by turn.', counters: ['cardsRemoved', 'goldCollected'] },
    {
      kind: 'counter-table',
      id: 'captures',
      title: 'Where the gold came from',
      explain: 'Gold cards per seat-game: found by the seat’s own digger on its turn, by an unowned digger, by its digger on another seat’s turn, taken in the rush; and gold cards handed to another seat’s digger.',
      counters: ['ownCaptures', 'unownedCaptures', 'giftsReceived', 'rushGold', 'giftsGiven'],
    },
    {
      kind: 'counter-table',
      id: 'losses',
      title: 'Gold lost, empty turns, the rush and stalemates',
      explain: 'Per seat-game. goldUnscored, rushTurn and stalemate are facts of the whole game, repeated in every seat’s column.',
      counters: ['dynamitedGold', 'emptyTurns', 'goldUnscored', 'rushTurn', 'stalemate'],
    },
  ],
};

/**
 * Turns 20 and 40: a typical game (4 players, heuristic bots) has ~55 turns, the rush from ~45; a
 * series counts the turns of all its games, so the checkpoints scale with its length.
 */
export function comebackCheckpoints(config: GoldConfig): readonly number[] {
  const games = config.rules.series ? (config.players ?? 5) : 1;
  return [20 * games, 40 * games];
}

/**
 * The ending `check` and `impact` follow: the turn cap. Under the default rules every game of
 * working bots ends with the empty table, so a share of `turn-limit` games means stuck bots.
 */
export const keyEnding = 'turn-limit';

export const check: CheckHooks = { tolerance: {} };

export const tournament: TournamentHooks = {
  players: 4,
  checkBotOpponents: ['greedy', 'spoiler', 'cautious'],
  starterBot,
};
