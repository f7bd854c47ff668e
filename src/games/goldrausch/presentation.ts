/**
 * How Goldrausch is named and shown (GameDefinition.presentation), what `check` and tournaments use
 * for it, and its comeback checkpoints: the game's words, in one place.
 */
import type { CheckHooks, GamePresentation, TournamentHooks } from '../../core/definition.js';
import { starterBot } from './starter-bot.js';

/** The deck id of rules §10.2's synthetic deck (GR-A1: the rulebook does not give the publisher's cards). */
export const SYNTHETIC_DECK_ID = 'goldrausch-synthetic-v1';

export const presentation: GamePresentation = {
  title: 'Goldrausch',
  step: { one: 'round', many: 'rounds' },
  score: 'gold',
  endings: {
    race: { label: 'race', description: 'a player reached the gold target' },
    clock: { label: 'clock', description: 'the last round was played' },
  },
  counters: {
    fines: { label: 'fines paid', description: 'gold paid in fines' },
    upgrades: { label: 'upgrades', description: 'upgrade cards laid' },
    successfulUpgrades: { label: 'successful upgrades', description: 'upgrades that paid out' },
    collisions: { label: 'collisions', description: 'upgrades that met another upgrade on the same continent (an upgrade scandal)' },
    agreements: { label: 'agreements joined', description: 'agreements the seat was a party to' },
    kept: { label: 'kept', description: 'agreement obligations (and promises) the seat kept' },
    broken: { label: 'broken', description: 'agreement obligations (and promises) the seat broke' },
    timeouts: { label: 'late cards', description: 'rounds in which the seat laid no card in time' },
  },
  stepCounters: {
    upgrades: { label: 'upgrades', description: 'upgrade cards laid in the round' },
    collisions: { label: 'collisions (upgrade scandals)', description: 'continents with more than one upgrade' },
    fines: { label: 'fines paid (gold)', description: 'gold paid in fines in the round' },
  },
  chanceCards: 'event cards',
  faultRule: 'A faulting seat plays as a late player (rules: no upgrade card, no upgrade).',
  placeholders: { [SYNTHETIC_DECK_ID]: 'synthetic placeholder deck, not the publisher\u2019s cards' },
  tournamentCounters: ['kept', 'broken'],
  sections: [
    {
      kind: 'step-counters',
      id: 'per-round',
      title: 'Upgrades, collisions and fines per round',
      explain: 'Mean per game, by round.',
      counters: ['upgrades', 'collisions', 'fines'],
    },
    {
      kind: 'counter-table',
      id: 'agreements',
      title: 'Agreements',
      explain: 'Per seat-game.',
      counters: ['agreements', 'kept', 'broken'],
      share: { label: 'kept share', of: 'kept', against: 'broken' },
    },
    { kind: 'chance-cards', id: 'event-cards' },
  ],
};

/** Rounds 5 and 8: after half of the game and near its end (a 10-round clock). */
export const comebackCheckpoints = (): readonly number[] => [5, 8];

export const check: CheckHooks = { tolerance: {} };

export const tournament: TournamentHooks = {
  players: 4,
  checkBotOpponents: ['greedy', 'cooperative', 'betrayer'],
  heuristics: ['greedy', 'cooperative', 'betrayer', 'reciprocal', 'silent', 'opportunist'],
  starterBot,
};
