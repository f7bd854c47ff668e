/**
 * GOLD's metrics in one place: the endings, the per-seat counters and the per-turn totals of every
 * game record, each with a label and a description (for the report and check wiring).
 *
 * The step of GOLD is a turn: score curves, lengths and per-turn totals count turns (a series counts
 * the turns of all its games, one after the other).
 */

export interface MetricInfo {
  readonly name: string;
  readonly label: string;
  readonly description: string;
}

export const ENDING_INFO = [
  { name: 'table-empty', label: 'table empty', description: 'the last card left the table (§3.3)' },
  { name: 'stalemate', label: 'stalemate', description: 'rules.stalemate "end-game": no pair could remove a card any more; leftover gold unscored (GK-A1)' },
  { name: 'turn-limit', label: 'turn limit', description: "goldpit's safety cap params.maxTurns was reached; leftover gold unscored (not a rule)" },
] as const satisfies readonly MetricInfo[];

/** How a game can end (`Outcome.endedBy`); a series ends as the worst of its games (this order). */
export const ENDINGS = ENDING_INFO.map((e) => e.name);
export const Ending = { tableEmpty: 0, stalemate: 1, turnLimit: 2 } as const;

export const COUNTER_INFO = [
  { name: 'gold', label: 'gold', description: 'gold value collected (a series: the total)' },
  { name: 'goldCards', label: 'gold cards', description: 'gold cards collected (a series: the total)' },
  { name: 'ownCaptures', label: 'own captures', description: "gold cards this seat's own digger found on this seat's turn" },
  { name: 'unownedCaptures', label: 'unowned captures', description: "gold cards an unowned colour's digger found on this seat's turn (GK-A7)" },
  { name: 'giftsReceived', label: 'gold received', description: "gold cards this seat's digger found on another seat's turn" },
  { name: 'giftsGiven', label: 'gold handed over', description: "gold cards another seat's digger found on this seat's turn" },
  { name: 'rushGold', label: 'rush gold', description: 'gold cards taken in the gold rush (§3.2)' },
  { name: 'dynamitedGold', label: 'gold blasted', description: "gold value destroyed by dynamite on this seat's turns" },
  { name: 'emptyTurns', label: 'empty turns', description: 'normal turns of this seat in which no card left the table' },
  {
    name: 'goldUnscored',
    label: 'gold unscored',
    description: 'game fact (same for every seat): gold value left on the table at the end (stalemate or turn limit)',
  },
  {
    name: 'rushTurn',
    label: 'rush turn',
    description: 'game fact (same for every seat): turn of the game at which the gold rush began, 0 = never (a series: its last game)',
  },
  { name: 'stalemate', label: 'stalemates', description: 'game fact (same for every seat): 1 when the stalemate rule fired (a series: games in which it did)' },
] as const satisfies readonly MetricInfo[];

export const COUNTERS = COUNTER_INFO.map((c) => c.name);
/** Index of each counter in `COUNTERS` (and in the state's and records' counter lists). */
export const Counter = {
  gold: 0,
  goldCards: 1,
  ownCaptures: 2,
  unownedCaptures: 3,
  giftsReceived: 4,
  giftsGiven: 5,
  rushGold: 6,
  dynamitedGold: 7,
  emptyTurns: 8,
  goldUnscored: 9,
  rushTurn: 10,
  stalemate: 11,
} as const;

export const ROUND_COUNTER_INFO = [
  { name: 'cardsRemoved', label: 'cards removed', description: 'cards that left the table in the turn' },
  { name: 'goldCollected', label: 'gold collected', description: 'gold value that went to a player in the turn' },
] as const satisfies readonly MetricInfo[];

export const ROUND_COUNTERS = ROUND_COUNTER_INFO.map((c) => c.name);
