/**
 * How My Gold Mine is named and shown (GameDefinition.presentation), what `check` and tournaments
 * use for it, and its comeback checkpoints — built from the metric labels in metrics.ts.
 */
import type { CheckHooks, GamePresentation, Label, TournamentHooks } from '../../core/definition.js';
import { COUNTER_INFO, ENDING_INFO, ROUND_COUNTER_INFO, type MetricInfo } from './metrics.js';
import { PLACEHOLDER_DECK_IDS } from './params.js';
import { starterBot } from './starter-bot.js';

const labels = (infos: readonly MetricInfo[]): Record<string, Label> =>
  Object.fromEntries(infos.map((m) => [m.name, { label: m.label, description: m.description }]));

export const presentation: GamePresentation = {
  title: 'My Gold Mine',
  step: { one: 'round', many: 'rounds' },
  // Score curves: nuggets after rounds 1 and 2, the final score (nuggets + final gold) after round 3.
  score: 'nuggets + final gold',
  endings: labels(ENDING_INFO),
  counters: labels(COUNTER_INFO),
  stepCounters: labels(ROUND_COUNTER_INFO),
  chanceCards: 'digging card kinds',
  faultRule:
    'A faulting seat draws an exit card (B); on an exit card it takes the first action and swaps with the first dwarf in turn order (goldpit\u2019s fallback; the rules have none).',
  placeholders: Object.fromEntries(PLACEHOLDER_DECK_IDS.map((id) => [id, 'placeholder deck, not the publisher\u2019s cards'])),
  tournamentCounters: ['exits', 'eliminations'],
  // Most digging cards come while every seat is level (all of round 1's kinds are drawn early), so
  // the then-leader's win chance barely moves; what a card kind changes is whether Drago ends the
  // game and how far apart the final scores lie.
  impactHeadline: ['ending', 'spread', 'swing'],
  sections: [
    {
      kind: 'step-counters',
      id: 'per-round',
      title: 'Exits, eliminations and Drago per round',
      explain:
        'Mean per game, by round: dwarves out and burnt, Drago\u2019s steps (7 = he reached the card next to the exit and ended the round), and the share of rounds he ended.',
      counters: ['exits', 'eliminations', 'dragonSteps', 'endedByDragon', 'turns'],
    },
    {
      kind: 'step-counters',
      id: 'gold-per-round',
      title: 'Gold collected, lost and banked per round',
      explain: 'Mean per game, by round: collected = banked + lost.',
      counters: ['goldCollected', 'goldLost', 'goldBanked'],
    },
    {
      kind: 'counter-table',
      id: 'dwarves',
      title: 'Digging, exits and the ladder',
      explain:
        'Per seat-game: nuggets, round wins, dwarves out and eliminated, the sum of ladder rungs (÷ exits = mean rung), gold collected, lost and banked, digging and exit draws, and how often the seat started round 1 (the random start player: seat advantage).',
      counters: ['nuggets', 'roundWins', 'exits', 'eliminations', 'ladderSum', 'goldCollected', 'goldLost', 'goldBanked', 'digs', 'exitDraws', 'startedRound1'],
      share: { label: 'exit share', of: 'exits', against: 'eliminations' },
    },
    { kind: 'chance-cards', id: 'digging-cards' },
  ],
};

/** Rounds 1 and 2: who led after the first and after the second scoring round. */
export const comebackCheckpoints = (): readonly number[] => [1, 2];

/** Scores are nuggets and gold on a small scale (finals ~10–30): the universal tolerances fit. */
export const check: CheckHooks = { tolerance: {} };

export const tournament: TournamentHooks = {
  players: 4,
  checkBotOpponents: ['cautious', 'greedy', 'odds'],
  heuristics: ['cautious', 'greedy', 'odds'],
  starterBot,
};
