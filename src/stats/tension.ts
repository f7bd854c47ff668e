/**
 * How a game felt, from its score curve alone (no game-specific code): lead changes, the decisive
 * step, the winner's largest deficit and the final margin. Shared by the run's aggregate
 * (stats/aggregate.ts), the per-deal columns of sweeps and checks (sim/deals.ts) and games.csv, so
 * each figure is defined once.
 *
 * Definitions (step t = 0 is the start, before the first step; t = 1 … n after each of the n steps
 * played; the score after step t is row t − 1 of the curve):
 * - the **leaders** at step t: every seat with the highest score then (a tie shares the lead);
 * - a **lead change** at step t ≥ 1: none of the leaders at t was a leader at t − 1 (so a lead that
 *   passes through a tie, {a} → {a, b} → {b}, changes hands at no step: someone always kept a share);
 * - the winners **lead** at step t: every leader at t is an eventual winner — at the last step,
 *   some leader is (the rules broke a tie for the top score in the winners' favour, e.g. GOLD's
 *   gold cards); a shared win shares the lead;
 * - the **decisive step**: the first step from which the winners lead at every step to the end
 *   (0: from the start, n: only at the last step); none (−1) when they do not lead at the end (no
 *   winner, or a winner below the top score — no registered game ends so);
 * - the winner's **largest deficit**: the largest gap, over steps 0 … n, between the highest score
 *   and the best-placed winner's score (0: a winner was never behind);
 * - the **final margin**: the lowest winner's final score minus the best non-winner's (0 for a tie
 *   broken by the rules, or when every seat shares the win).
 * The winner-based figures (decisive step, deficit, margin) are 0 / −1 for a game without a winner.
 *
 * They follow Browne's game-quality measures (C. Browne, "Automatic Generation and Evaluation of
 * Recombination Games", PhD thesis, Queensland University of Technology, 2008: lead change, drama,
 * decisiveness) as Ludii computes them (Evaluation/src/metrics: LeadChange, Drama, DecisivenessMoves),
 * with the score in place of a state evaluation; docs/report.md says where each differs.
 */

/** Seats with the highest of the scores list[at … at + n), as a bit mask (bit s = seat s; seats < 31). */
export function leadersOf(list: ArrayLike<number>, at: number, n: number): number {
  // One pass: a higher score starts the set afresh, an equal one joins it.
  let best = -Infinity;
  let mask = 0;
  for (let s = 0; s < n; s++) {
    const v = list[at + s];
    if (v > best) {
      best = v;
      mask = 1 << s;
    } else if (v === best) mask |= 1 << s;
  }
  return mask;
}

/**
 * The leaders at every step into `out` (`out[t]` for t = 0 … played; `out` needs played + 1 entries):
 * out[0] from `initial`, out[t] from curve row t − 1.
 */
export function fillLeaders(curve: ArrayLike<number>, initial: ArrayLike<number>, players: number, played: number, out: Int32Array): void {
  out[0] = leadersOf(initial, 0, players);
  for (let t = 1; t <= played; t++) out[t] = leadersOf(curve, (t - 1) * players, players);
}

/** One game's tension figures (see the module's header for their definitions). */
export interface GameTension {
  leadChanges: number;
  /** −1: none (the winners do not lead at the end). */
  decisiveStep: number;
  winnerDeficit: number;
  finalMargin: number;
}

export const emptyTension = (): GameTension => ({ leadChanges: 0, decisiveStep: -1, winnerDeficit: 0, finalMargin: 0 });

/**
 * The tension figures of one game from its leaders (`fillLeaders`), curve, initial and final scores
 * and its winners as a bit mask; written into `out` (and returned), so a caller playing millions of
 * games allocates nothing.
 */
export function tensionOf(
  leaders: ArrayLike<number>,
  curve: ArrayLike<number>,
  initial: ArrayLike<number>,
  scores: ArrayLike<number>,
  players: number,
  played: number,
  winners: number,
  out: GameTension = emptyTension(),
): GameTension {
  let changes = 0;
  for (let t = 1; t <= played; t++) if ((leaders[t] & leaders[t - 1]) === 0) changes++;
  out.leadChanges = changes;
  if (winners === 0) {
    out.decisiveStep = -1;
    out.winnerDeficit = 0;
    out.finalMargin = 0;
    return out;
  }
  // Decisive step: walk back from the end while the winners lead.
  let decisive = -1;
  if ((leaders[played] & winners) !== 0) {
    decisive = played;
    while (decisive > 0 && (leaders[decisive - 1] & ~winners) === 0) decisive--;
  }
  out.decisiveStep = decisive;
  // Largest deficit of the best-placed winner, over the start and every step.
  let deficit = 0;
  for (let t = 0; t <= played; t++) {
    const row = t === 0 ? initial : curve;
    const at = t === 0 ? 0 : (t - 1) * players;
    let top = -Infinity;
    let best = -Infinity;
    for (let s = 0; s < players; s++) {
      const v = row[at + s];
      if (v > top) top = v;
      if ((winners >> s) & 1 && v > best) best = v;
    }
    if (top - best > deficit) deficit = top - best;
  }
  out.winnerDeficit = deficit;
  let lowestWinner = Infinity;
  let bestOther = -Infinity;
  for (let s = 0; s < players; s++) {
    const v = scores[s];
    if ((winners >> s) & 1) {
      if (v < lowestWinner) lowestWinner = v;
    } else if (v > bestOther) bestOther = v;
  }
  out.finalMargin = bestOther === -Infinity ? 0 : lowestWinner - bestOther;
  return out;
}

/** A reused list of leader masks with room for `steps` + 1 (a module is used by one thread). */
let LEADERS = new Int32Array(16);
export function leaderScratch(steps: number): Int32Array {
  if (LEADERS.length < steps + 1) LEADERS = new Int32Array(Math.max(steps + 1, 2 * LEADERS.length));
  return LEADERS;
}

/**
 * The tension figures of one game from its flat facts (curve rows of `players` scores, winners as
 * seat numbers): `fillLeaders` and `tensionOf` in one call, for callers that have no leaders yet.
 */
export function gameTension(
  curve: ArrayLike<number>,
  initial: ArrayLike<number>,
  scores: ArrayLike<number>,
  players: number,
  played: number,
  winnerSeats: ArrayLike<number>,
  winnerCount: number = winnerSeats.length,
  out: GameTension = emptyTension(),
): GameTension {
  let winners = 0;
  for (let i = 0; i < winnerCount; i++) winners |= 1 << winnerSeats[i];
  const leaders = leaderScratch(played);
  fillLeaders(curve, initial, players, played, leaders);
  return tensionOf(leaders, curve, initial, scores, players, played, winners, out);
}
