/**
 * The move log a replay's story is told from (`goldpit replay`, `tournament --replay`): what each turn
 * did, as flat number quadruples (event, a, b, c) on `MyGoldMineState.log`. Off in every run (`log`
 * is null: the engine pays one null check per event); `trace` switches it on for one game.
 */
import type { MyGoldMineState } from './state.js';

/** Event codes; the meaning of (a, b, c) per event. */
export const EV = {
  /** A round starts: (round, start seat, face-up top digging card type or −1). */
  round: 1,
  /** A bot call answered: (stage, dwarf, answer). The n-th is the game's bot call n. */
  decision: 2,
  /** The dwarf takes the top digging card: (dwarf, card type, gold collected). */
  dig: 3,
  /** The dwarf stands on a new card of the mine after a move or step: (dwarf, card). */
  moved: 4,
  /** A move right would end on Drago's card, so the dwarf stays (MG-A4 "blocked"): (dwarf, card). */
  blocked: 5,
  /** A dragon card: Drago steps left onto (card type, Drago's new card). */
  dragon: 6,
  /** The dwarf draws an exit card: (dwarf, exit card type). */
  exitCard: 7,
  /** No exit card is left to draw, the dwarf passes (MG-A11): (dwarf). */
  pass: 8,
  /** The discard pile becomes the exit deck: (cards). */
  reshuffle: 9,
  /** The dwarf carries out an exit action: (dwarf, action, exit card type). */
  action: 10,
  /** Two dwarves swap places: (dwarf, other dwarf). */
  swap: 11,
  /** The drawn card had no possible action and is discarded (MG-A7): (dwarf, exit card type). */
  noEffect: 12,
  /** A dwarf reaches the exit: (dwarf, rung, gold banked incl. Extragold). */
  exited: 13,
  /** A dwarf is eliminated: (dwarf, gold lost incl. Extragold). */
  eliminated: 14,
  /** A round is scored: (round, round winner seat or −1, 1 when Drago ended it). */
  roundEnd: 15,
} as const;

/** Appends one event (callers check `state.log !== null` first, so a run pays only that check). */
export function note(log: number[], event: number, a = 0, b = 0, c = 0): void {
  log.push(event, a, b, c);
}

/**
 * Switches the log on for the game `state` plays from here (`GameModule.trace`, called right after
 * setup), with the round already dealt as its first event.
 */
export function trace(state: MyGoldMineState): void {
  state.log = [];
  note(state.log, EV.round, state.round, state.startSeat, state.digPos < state.dig.length ? state.dig[state.digPos] : -1);
}
