/**
 * The game record's counters (core/definition.ts `GameRecord`): what each round adds to them, once,
 * for both engines. The reference engine (definition.ts `record`) counts each round of a finished
 * game's history; the fast kernel (fast/record.ts `recordRound`) counts each round as it ends.
 */

/** Per-seat counters recorded for every game. */
export const COUNTERS = ['fines', 'upgrades', 'successfulUpgrades', 'collisions', 'agreements', 'kept', 'broken', 'timeouts'] as const;

/** Per-round totals recorded for every game. */
export const ROUND_COUNTERS = ['upgrades', 'collisions', 'fines'] as const;

/** What a round leaves that the counters read (round.ts `RoundWork`'s lists, or a `RoundRecord`'s). */
export interface CountedRound {
  readonly upgraded: readonly boolean[];
  readonly upgradeSucceeded: readonly boolean[];
  /** Per continent. */
  readonly collisions: readonly boolean[];
  readonly fines: readonly number[];
}

/**
 * Adds one round to the per-seat counters (rows in COUNTERS order; fines, kept and broken are the
 * game's own ledgers and are not counted here) and writes the round's totals (ROUND_COUNTERS order)
 * at `roundTotals[at…at+2]`. `final[s]` is where seat s ended the round (a hurricane may have moved
 * it), `timedOut` the seats that laid no upgrade card (bit s = seat s) and `agreements[c]` the
 * parties of the agreement on continent c (a mask; 0 = none). Each agreement counts for each of its
 * parties: with table-wide negotiation and partial agreements a seat can be party to two.
 */
export function countRound(
  n: number,
  r: CountedRound,
  final: readonly number[],
  timedOut: number,
  agreements: readonly number[],
  counters: number[][],
  roundTotals: number[],
  at: number,
): void {
  // The rows read once (this runs for every round of every game); each agreement mask once.
  const upgrades = counters[1];
  const successes = counters[2];
  const collided = counters[3];
  const parties = counters[4];
  const timeouts = counters[7];
  const a0 = agreements[0];
  const a1 = agreements[1];
  const a2 = agreements[2];
  const anyAgreement = (a0 | a1 | a2) !== 0;
  let up = 0;
  let fined = 0;
  for (let s = 0; s < n; s++) {
    if (r.upgraded[s]) {
      up++;
      upgrades[s]++;
      if (r.collisions[final[s]]) collided[s]++;
    }
    if (r.upgradeSucceeded[s]) successes[s]++;
    if (anyAgreement) {
      const bit = 1 << s;
      parties[s] += ((a0 & bit) !== 0 ? 1 : 0) + ((a1 & bit) !== 0 ? 1 : 0) + ((a2 & bit) !== 0 ? 1 : 0);
    }
    if ((timedOut & (1 << s)) !== 0) timeouts[s]++;
    fined += r.fines[s];
  }
  roundTotals[at] = up;
  roundTotals[at + 1] = (r.collisions[0] ? 1 : 0) + (r.collisions[1] ? 1 : 0) + (r.collisions[2] ? 1 : 0);
  roundTotals[at + 2] = fined;
}
