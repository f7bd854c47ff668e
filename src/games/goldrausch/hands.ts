/**
 * GR-A32 "keep": the hands a seat holds for the next round when passed cards stay where they went
 * (docs/games/goldrausch.md), the one implementation for both engines. The reference engine
 * (resolve.ts) passes fresh copies of its hands, the fast kernel (fast/record.ts) its live lists.
 */
import { GREEN, NONE, RED } from './fast/view.js';

/** Scratch of `passCards` (one module, one thread; filled before each read). */
const PHYSICAL: number[] = [];

/**
 * Moves the round's cards between the hands, in place: each seat laid the country card of the
 * continent it chose and now holds the one of the continent it ended on; each seat gives up the
 * upgrade card it laid (a timed-out seat passed a red if it had one) and takes back the card now
 * lying in front of it (`cardFrom[s]`: whose card seat s now has, −1 none; null: everyone their own).
 * `laid` holds NONE, GREEN or RED per seat; `country[s]` counts per continent, `upgrade[s]` is
 * [green, red].
 */
export function passCards(
  n: number,
  chosen: readonly number[],
  final: readonly number[],
  cardFrom: readonly number[] | null,
  laid: readonly number[],
  country: number[][],
  upgrade: number[][],
): void {
  for (let s = 0; s < n; s++) country[s][chosen[s]]--;
  for (let s = 0; s < n; s++) country[s][final[s]]++;
  const physical = PHYSICAL;
  for (let s = 0; s < n; s++) physical[s] = laid[s] !== NONE ? laid[s] : upgrade[s][1] > 0 ? RED : NONE;
  for (let s = 0; s < n; s++) {
    const c = physical[s];
    if (c !== NONE) upgrade[s][c === GREEN ? 0 : 1]--;
  }
  for (let s = 0; s < n; s++) {
    const src = cardFrom === null ? s : cardFrom[s];
    const c = src >= 0 ? physical[src] : NONE;
    if (c !== NONE) upgrade[s][c === GREEN ? 0 : 1]++;
  }
}
