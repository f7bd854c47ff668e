/**
 * Determinization for search bots: a full engine state consistent with one seat's view (§6), the
 * hidden parts — the order of the digging deck below its face-up top and the order of the face-down
 * exit deck — left to the engine's own lazy shuffle under keys the caller draws from its stream. A
 * search bot plays the engine forward from such states; it never sees the true state.
 *
 * Built from the view: round, start seat, actor, Drago, positions, status, ladder, nuggets, the top
 * card and the countable compositions of both decks, the discard pile, and the piles (a pile hidden
 * by `collectedVisibility` counts as 0). The state stops after the current round (`stopAfterRound`)
 * unless it is the last.
 */
import { resetPiles } from './engine.js';
import { EXITED, IN_MINE, ELIMINATED, MyGoldMineState, TURN } from './state.js';
import type { MyGoldMineView } from './view.js';

/** A scratch state for `determinize` (reuse it: one per bot). */
export function scratchState(view: MyGoldMineView): MyGoldMineState {
  return new MyGoldMineState(view.config, view.players);
}

/** Writes into `state` a determinization of `view`; `digKey`/`exitKey` (32-bit) fix the hidden orders. */
export function determinize(view: MyGoldMineView, state: MyGoldMineState, digKey: number, exitKey: number): MyGoldMineState {
  const t = state.tables;
  state.script = null;
  state.round = view.round;
  state.stopAfterRound = view.round < view.rounds ? view.round : 0;
  state.startSeat = view.startSeat;
  state.actor = view.actor;
  state.stage = TURN;
  state.drawn = -1;
  state.drago = view.drago;
  state.digKey = digKey;
  state.exitKey = exitKey;
  state.digDraws = 0;
  state.exitDraws = 0;
  state.kindsDrawn = 0;
  state.cardCount = 0;
  state.roundCounters.fill(0);
  for (let c = 0; c < state.counters.length; c++) state.counters[c].fill(0);
  resetPiles(state);
  let inMine = 0;
  for (let d = 0; d < state.dwarves; d++) {
    state.pos[d] = view.position(d);
    state.status[d] = view.inMine(d) ? IN_MINE : view.exited(d) ? EXITED : ELIMINATED;
    if (state.status[d] === IN_MINE) inMine++;
  }
  state.inMine = inMine;
  state.ladderCount = view.ladderSize;
  state.rung.fill(0);
  for (let i = 0; i < state.ladderCount; i++) {
    state.ladder[i] = view.ladderAt(i);
    state.rung[state.ladder[i]] = i + 1;
  }
  state.eliminatedCount = 0;
  for (let s = 0; s < state.players; s++) state.nuggets[s] = view.nuggets(s);
  // Piles: a seat with a dwarf out has banked its team pile (§7); the others collect on their own.
  for (let d = 0; d < state.dwarves; d++) {
    const s = state.owner(d);
    const gold = Math.max(0, view.pile(d));
    if (state.status[d] === EXITED) {
      state.bankedGold[d] = gold;
      state.teamOpen[s] = 0;
    }
  }
  for (let d = 0; d < state.dwarves; d++) {
    const s = state.owner(d);
    if (state.status[d] !== IN_MINE) continue;
    const gold = Math.max(0, view.pile(d));
    if (state.teamOpen[s]) state.teamGold[s] = gold;
    else state.extraGold[d] = gold;
  }
  // The digging deck: the top, then the rest of the composition; the engine's lazy shuffle (under
  // digKey) fixes each card below the top when it surfaces.
  const total = state.dig.length;
  const size = view.digDeckSize;
  let at = total - size;
  state.digPos = at;
  state.dragonsLeft = view.dragonsLeft;
  const top = view.topCard;
  if (top >= 0) state.dig[at++] = top;
  for (let k = 0; k < t.digTypes; k++) {
    state.digLeft[k] = view.digRemaining(k);
    for (let n = state.digLeft[k] - (k === top ? 1 : 0); n > 0; n--) state.dig[at++] = k;
  }
  // The exit deck: its composition; the discard pile as it lies.
  let e = 0;
  for (let k = 0; k < t.exitTypes; k++) {
    state.exitInDeck[k] = view.exitInDeck(k);
    for (let n = state.exitInDeck[k]; n > 0; n--) state.exitDeck[e++] = k;
  }
  state.exitPos = 0;
  state.exitEnd = e;
  state.discardCount = view.discardSize;
  for (let i = 0; i < state.discardCount; i++) state.discard[i] = view.discardAt(i);
  return state;
}
