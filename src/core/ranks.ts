/**
 * Finishing positions from winners and scores, the rule most games share: the winners first (they
 * share position 0), then the others by score, most first; equal scores share a position (a game's
 * own tie-break decides only who wins). A game with another rule computes its own ranks.
 */
export function finishingRanks(winners: readonly number[], scores: readonly number[]): number[] {
  const n = scores.length;
  const key = new Array<number>(n);
  for (let s = 0; s < n; s++) key[s] = (winners.includes(s) ? 1e9 : 0) + scores[s];
  const ranks = new Array<number>(n);
  for (let s = 0; s < n; s++) {
    let above = 0;
    for (let q = 0; q < n; q++) if (key[q] > key[s]) above++;
    ranks[s] = above;
  }
  return ranks;
}
