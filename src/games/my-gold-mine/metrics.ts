/**
 * My Gold Mine's measures in one place: the names, labels and descriptions of the per-seat counters,
 * per-round totals and endings the engine records (GameRecord.counters / roundCounters /
 * outcome.endedBy). The engine writes them by the index constants below; reports read the labels.
 */

export interface MetricInfo {
  readonly name: string;
  readonly label: string;
  readonly description: string;
}

/** Per-seat counters, summed over the game's rounds (GameRecord.counters, this order). */
export const COUNTER_INFO: readonly MetricInfo[] = [
  { name: 'nuggets', label: 'nuggets', description: 'nuggets won in the scoring rounds (all rounds but the last)' },
  { name: 'roundWins', label: 'round wins', description: 'rounds in which one of the seat\'s dwarves ranked 1st (the final round included)' },
  { name: 'exits', label: 'exits', description: 'dwarves that reached the exit (ladder)' },
  { name: 'eliminations', label: 'eliminations', description: 'dwarves eliminated (burnt by Drago or, with intoDragon = eliminated, walked into him)' },
  { name: 'ladderSum', label: 'ladder rungs', description: 'sum of the ladder rungs reached (1 = first out); divide by exits for the mean rung' },
  { name: 'goldCollected', label: 'gold collected', description: 'gold of the digging cards taken plus kept Extragold (at its value)' },
  { name: 'goldLost', label: 'gold lost', description: 'collected gold lost to eliminations (MG-A10)' },
  { name: 'goldBanked', label: 'gold banked', description: 'gold brought out of the mine (scored)' },
  { name: 'digs', label: 'digging draws', description: 'turns on which the seat took the top digging card (choice A)' },
  { name: 'exitDraws', label: 'exit draws', description: 'turns on which the seat drew an exit card (choice B)' },
  { name: 'startedRound1', label: 'started round 1', description: '1 if the seat was the (random) start player of round 1: its effect is the seat advantage' },
];

/** Per-round totals (GameRecord.roundCounters, this order). */
export const ROUND_COUNTER_INFO: readonly MetricInfo[] = [
  { name: 'exits', label: 'exits', description: 'dwarves that reached the exit this round' },
  { name: 'eliminations', label: 'eliminations', description: 'dwarves eliminated this round' },
  { name: 'dragonSteps', label: 'dragon steps', description: 'steps Drago moved this round (7 = he reached the card next to the exit)' },
  { name: 'endedByDragon', label: 'ended by the dragon', description: '1 if Drago reached d = 1 and ended the round at once (MG-A12)' },
  { name: 'turns', label: 'turns', description: 'turns taken this round (choices A or B, and passes)' },
  { name: 'goldCollected', label: 'gold collected', description: 'gold collected this round by all dwarves' },
  { name: 'goldLost', label: 'gold lost', description: 'collected gold lost to eliminations this round' },
  { name: 'goldBanked', label: 'gold banked', description: 'gold brought out this round' },
];

/** How a game ends: how its final round ended. */
export const ENDING_INFO: readonly MetricInfo[] = [
  { name: 'exits', label: 'all out', description: 'the final round ended with every dwarf out or eliminated' },
  { name: 'dragon', label: 'dragon', description: 'Drago reached the card next to the exit in the final round (everybody still in the mine burnt)' },
];

export const COUNTERS: readonly string[] = COUNTER_INFO.map((m) => m.name);
export const ROUND_COUNTERS: readonly string[] = ROUND_COUNTER_INFO.map((m) => m.name);
export const ENDINGS: readonly string[] = ENDING_INFO.map((m) => m.name);

// Indices the engine writes by (kept equal to the lists above; test/games/my-gold-mine checks it).
export const C_NUGGETS = 0;
export const C_ROUND_WINS = 1;
export const C_EXITS = 2;
export const C_ELIMINATIONS = 3;
export const C_LADDER = 4;
export const C_COLLECTED = 5;
export const C_LOST = 6;
export const C_BANKED = 7;
export const C_DIGS = 8;
export const C_EXIT_DRAWS = 9;
export const C_STARTED = 10;

export const R_EXITS = 0;
export const R_ELIMINATIONS = 1;
export const R_DRAGON_STEPS = 2;
export const R_ENDED_BY_DRAGON = 3;
export const R_TURNS = 4;
export const R_COLLECTED = 5;
export const R_LOST = 6;
export const R_BANKED = 7;

export const ENDING_EXITS = 0;
export const ENDING_DRAGON = 1;
