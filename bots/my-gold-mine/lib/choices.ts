/**
 * Shared helpers of the heuristic bots: where a digging card would put the actor, and the exit card
 * choices (D2, D3) by progress towards the exit.
 */
import { DOUBLE_STEP, EXTRAGOLD, ONE_STEP, SWAP } from '../../../src/games/my-gold-mine/state.js';
import type { MyGoldMineView } from '../../../src/games/my-gold-mine/view.js';

/** Card the actor stands on after taking the top digging card: 0 = out; −1 = walks into Drago (MG-A4 option). */
export function positionAfterDig(view: MyGoldMineView, card: number): number {
  const pos = view.position(view.actor);
  const move = view.digMove(card);
  if (move < 0) return pos - 1;
  if (move > 0) {
    if (pos + 1 !== view.drago) return pos + 1;
    return view.rules.intoDragon === 'eliminated' ? -1 : pos;
  }
  return pos;
}

/** The swap target nearest the exit (lowest card; ties: lowest dwarf number). */
export function nearestToExit(view: MyGoldMineView): number {
  let best = -1;
  for (let d = 0; d < view.dwarves; d++) {
    if (view.canSwapWith(d) && (best < 0 || view.position(d) < view.position(best))) best = d;
  }
  return best;
}

/** Cards the actor gains towards the exit by an action (Extragold: none, but gold). */
function progress(view: MyGoldMineView, action: number): number {
  const pos = view.position(view.actor);
  if (action === DOUBLE_STEP) return Math.min(2, pos);
  if (action === ONE_STEP) return 1;
  if (action === SWAP) {
    const q = nearestToExit(view);
    return q < 0 ? 0 : pos - view.position(q);
  }
  if (action === EXTRAGOLD) return 0;
  return 0.9; // all-together: one step, but everybody else's too
}

/**
 * D2 by progress, except that Extragold is taken while Drago is far (≥ `safe` cards away): a dwarf
 * in no danger gains more from 3 gold than from one card of way.
 */
export function progressAction(view: MyGoldMineView, safe = 5): number {
  const card = view.drawnExit;
  const a = view.exitAction(card, 0);
  const b = view.exitAction(card, 1);
  const far = view.drago - view.position(view.actor) >= safe;
  if (far && (a === EXTRAGOLD || b === EXTRAGOLD)) return a === EXTRAGOLD ? 0 : 1;
  return progress(view, b) > progress(view, a) ? 1 : 0;
}
