/**
 * What breaking an obligation is worth (docs/games/goldrausch.md §15.4 "Why betrayal can pay"): the plan's
 * upgrader (if somebody else) is assumed to lay green, every other party to lay green with its
 * breach rate 1 − r (§15.3 reputation).
 */
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';
import { newUpgradeValue, type Rivals, upgradeValueOn } from './estimate.js';
import type { UpgradeValue } from './estimate.js';
import { reputation } from './history.js';
import { clockwiseRank } from './seats.js';

/**
 * Expected green and red values for `view.seat` under a plan naming `upgrader` (a seat, or -1 for
 * nobody). Fills `rivals` and `out`.
 */
export function valueUnderPlan(view: GoldrauschView, upgrader: number, rivals: Rivals, out: UpgradeValue): UpgradeValue {
  const meeting = view.meeting!;
  const me = view.seat;
  const c = meeting.locations[me];
  const myRank = clockwiseRank(me, view.startPlayer, view.players);
  rivals.clear();
  for (let s = 0; s < view.players; s++) {
    if (s === me || meeting.locations[s] !== c) continue;
    const green = s === upgrader ? 1 : 1 - reputation(view, s);
    rivals.add(1, green, clockwiseRank(s, view.startPlayer, view.players) < myRank);
  }
  return upgradeValueOn(view, c, rivals, out);
}

/** Expected gain (gold) of laying green instead of red under the plan. */
export function breachGain(view: GoldrauschView, upgrader: number, rivals: Rivals, out: UpgradeValue = newUpgradeValue()): number {
  valueUnderPlan(view, upgrader, rivals, out);
  return out.green - out.red;
}

/**
 * Whether laying green would win the race (§8, GR-A5) while keeping the plan would not, if everybody
 * else keeps it and the wheel is calm: this seat's gold plus its payout reaches the threshold only
 * with the breach. Payouts follow §5.2–5.3 (upgraders first, clockwise from the start player); a
 * colliding breacher pays what it can of the fine (GR-A13).
 */
export function breachWins(view: GoldrauschView, upgrader: number): boolean {
  const gold = view.gold[view.seat];
  if (gold === null) return false;
  const threshold = view.params.winThreshold + (view.rules.winThresholdStrict ? 1 : 0);
  return breachWinsAt(
    view.meeting!.locations,
    view.seat,
    upgrader,
    view.startPlayer,
    view.players,
    gold,
    view.extract,
    view.stock,
    view.params.fine,
    threshold,
  );
}

/**
 * `breachWins` from plain numbers (shared with the fast twins, bots/goldrausch/fast): seat `me` with
 * `gold` on `locations[me]`, the plan naming `upgrader` (a seat or −1 for nobody), `threshold` the
 * gold that wins (winThreshold, + 1 when strict).
 */
export function breachWinsAt(
  locations: readonly number[],
  me: number,
  upgrader: number,
  start: number,
  players: number,
  gold: number,
  extract: readonly number[],
  stocks: readonly number[],
  fine: number,
  threshold: number,
): boolean {
  const c = locations[me];
  const e = extract[c];
  const stock = stocks[c];
  const myRank = clockwiseRank(me, start, players);
  const other = upgrader >= 0 && upgrader !== me && locations[upgrader] === c ? upgrader : -1;
  let redAhead = 0;
  for (let s = 0; s < players; s++) {
    if (s === me || s === other || locations[s] !== c) continue;
    if (clockwiseRank(s, start, players) < myRank) redAhead++;
  }
  let green: number;
  let red: number;
  if (other === -1) {
    green = Math.min(2 * e, stock);
    red = Math.min(e, Math.max(0, stock - e * redAhead));
  } else {
    const before = clockwiseRank(other, start, players) < myRank ? e : 0;
    const got = Math.min(e, Math.max(0, stock - before));
    green = got - Math.min(fine, gold + got);
    red = Math.min(e, Math.max(0, stock - 2 * e - e * redAhead));
  }
  return gold + green >= threshold && gold + red < threshold;
}
