/**
 * What a bot reads from the public history (docs/games/goldrausch.md §13, §15.3): how often each
 * seat upgrades when it shares a continent and how often it goes back to last round's continent (its
 * habits), its successful upgrades (the fairness count of §15.4), where it is likely to stand this
 * round, and who betrayed whom lately.
 *
 *  - upgrade rate: (greens + 1) / (shared rounds + 2), Laplace's rule (1/2 with no evidence); rounds
 *    alone say nothing (alone green is dominant);
 *  - stay rate: (stays + 1/3) / (moves + 1), i.e. 1/3 (a uniform choice) with no evidence;
 *  - presence on continent c this round: back to last round's continent at the stay rate, else one of
 *    the two others evenly (round 1: 1/3 everywhere), floored at 0.
 */
import { GREEN } from '../../../src/games/goldrausch/bot.js';
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';
// ---------------------------------------------------------------------------------------------
// The public history digest: a function of the public history alone, the same for every seat of a game, so it
// is computed once per (game, history length) and shared. History only grows within a game, so a
// longer history of the same game counts its new records only (the counts are whole numbers: the
// same as counting afresh).
// ---------------------------------------------------------------------------------------------

/** Read-only for the bots (module-internal: handed to no caller outside this folder). */
interface Digest {
  game: number;
  length: number;
  players: number;
  /** Counts per seat: greens when sharing, shared rounds, stays. */
  greens: number[];
  shared: number[];
  stays: number[];
  /** countSuccesses: sole, paid-double upgrades per seat. */
  successes: number[];
  /** Upgrade rate: (greens + 1) / (shared + 2). */
  upgrade: number[];
  /** Stay rate: (stays + 1/3) / (moves + 1). */
  stay: number[];
  /** predictRivals: presence of seat s on continent c at [c · players + s], floored at 0. */
  presence: number[];
  /** Where each seat stood in the last history round counted (history round length − 1). */
  last: number[];
}

function zeros(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(0);
  return out;
}

const DIGEST: Digest = {
  game: -1,
  length: -1,
  players: 0,
  greens: zeros(8),
  shared: zeros(8),
  stays: zeros(8),
  successes: zeros(8),
  upgrade: zeros(8),
  stay: zeros(8),
  presence: zeros(24),
  last: zeros(8),
};

/**
 * The digest of the view's public history (shared; never write into it). Small enough to be inlined
 * into its callers: the refresh, once per (game, history length), is a separate function.
 */
export function digest(view: GoldrauschView): Digest {
  const d = DIGEST;
  if (d.game === view.game && d.length === view.historyLength && d.players === view.players) return d;
  refreshDigest(d, view);
  return d;
}

/** Brings `d` up to the view's history: counts the rounds it has not seen (all of them for another game). */
function refreshDigest(d: Digest, view: GoldrauschView): void {
  const game = view.game;
  const length = view.historyLength;
  const players = view.players;
  let from = d.length;
  if (d.game !== game || d.players !== players || from < 0 || from > length) {
    if (d.greens.length < players) {
      const size = Math.max(8, players);
      d.greens = zeros(size);
      d.shared = zeros(size);
      d.stays = zeros(size);
      d.successes = zeros(size);
      d.upgrade = zeros(size);
      d.stay = zeros(size);
      d.presence = zeros(3 * size);
      d.last = zeros(size);
    } else {
      for (let s = 0; s < players; s++) {
        d.greens[s] = 0;
        d.shared[s] = 0;
        d.stays[s] = 0;
        d.successes[s] = 0;
      }
    }
    from = 0;
  }
  // Mark the digest invalid while it is being filled (a throw below must not leave a half-counted one).
  d.game = -1;
  if (players === 4) {
    // The general loops below written out for four seats (V8 re-checks every array on every loop
    // iteration; straight-line code checks each once): the same operations in the same order, per
    // seat as in the general code (seats do not interact).
    const greens = d.greens;
    const shared = d.shared;
    const stays = d.stays;
    const successes = d.successes;
    const last = d.last; // round i − 1's locations while round i is counted (valid for i = from > 0: counted before)
    for (let i = from; i < length; i++) {
      const c0 = view.histLocation(i, 0);
      const c1 = view.histLocation(i, 1);
      const c2 = view.histLocation(i, 2);
      const c3 = view.histLocation(i, 3);
      let azul = 0;
      let rosso = 0;
      let veridia = 0;
      if (c0 === 0) azul++;
      else if (c0 === 1) rosso++;
      else veridia++;
      if (c1 === 0) azul++;
      else if (c1 === 1) rosso++;
      else veridia++;
      if (c2 === 0) azul++;
      else if (c2 === 1) rosso++;
      else veridia++;
      if (c3 === 0) azul++;
      else if (c3 === 1) rosso++;
      else veridia++;
      if (i > 0 && last[0] === c0) stays[0]++;
      last[0] = c0;
      if (view.histSucceeded(i, 0)) successes[0]++;
      if ((c0 === 0 ? azul : c0 === 1 ? rosso : veridia) >= 2) {
        shared[0]++;
        if (view.histCommit(i, 0) === GREEN) greens[0]++;
      }
      if (i > 0 && last[1] === c1) stays[1]++;
      last[1] = c1;
      if (view.histSucceeded(i, 1)) successes[1]++;
      if ((c1 === 0 ? azul : c1 === 1 ? rosso : veridia) >= 2) {
        shared[1]++;
        if (view.histCommit(i, 1) === GREEN) greens[1]++;
      }
      if (i > 0 && last[2] === c2) stays[2]++;
      last[2] = c2;
      if (view.histSucceeded(i, 2)) successes[2]++;
      if ((c2 === 0 ? azul : c2 === 1 ? rosso : veridia) >= 2) {
        shared[2]++;
        if (view.histCommit(i, 2) === GREEN) greens[2]++;
      }
      if (i > 0 && last[3] === c3) stays[3]++;
      last[3] = c3;
      if (view.histSucceeded(i, 3)) successes[3]++;
      if ((c3 === 0 ? azul : c3 === 1 ? rosso : veridia) >= 2) {
        shared[3]++;
        if (view.histCommit(i, 3) === GREEN) greens[3]++;
      }
    }
    const upgrade = d.upgrade;
    const stay = d.stay;
    const moves = Math.max(0, length - 1);
    upgrade[0] = (greens[0] + 1) / (shared[0] + 2);
    stay[0] = (stays[0] + 1 / 3) / (moves + 1);
    upgrade[1] = (greens[1] + 1) / (shared[1] + 2);
    stay[1] = (stays[1] + 1 / 3) / (moves + 1);
    upgrade[2] = (greens[2] + 1) / (shared[2] + 2);
    stay[2] = (stays[2] + 1 / 3) / (moves + 1);
    upgrade[3] = (greens[3] + 1) / (shared[3] + 2);
    stay[3] = (stays[3] + 1 / 3) / (moves + 1);
    const presence = d.presence;
    if (length === 0) {
      for (let i = 0; i < 12; i++) presence[i] = 1 / 3;
    } else {
      const stay0 = stay[0];
      const stayed0 = stay0 > 0 ? stay0 : 0;
      const q0 = (1 - stay0) / 2;
      const moved0 = q0 > 0 ? q0 : 0;
      const here0 = last[0];
      presence[0] = here0 === 0 ? stayed0 : moved0;
      presence[4] = here0 === 1 ? stayed0 : moved0;
      presence[8] = here0 === 2 ? stayed0 : moved0;
      const stay1 = stay[1];
      const stayed1 = stay1 > 0 ? stay1 : 0;
      const q1 = (1 - stay1) / 2;
      const moved1 = q1 > 0 ? q1 : 0;
      const here1 = last[1];
      presence[1] = here1 === 0 ? stayed1 : moved1;
      presence[5] = here1 === 1 ? stayed1 : moved1;
      presence[9] = here1 === 2 ? stayed1 : moved1;
      const stay2 = stay[2];
      const stayed2 = stay2 > 0 ? stay2 : 0;
      const q2 = (1 - stay2) / 2;
      const moved2 = q2 > 0 ? q2 : 0;
      const here2 = last[2];
      presence[2] = here2 === 0 ? stayed2 : moved2;
      presence[6] = here2 === 1 ? stayed2 : moved2;
      presence[10] = here2 === 2 ? stayed2 : moved2;
      const stay3 = stay[3];
      const stayed3 = stay3 > 0 ? stay3 : 0;
      const q3 = (1 - stay3) / 2;
      const moved3 = q3 > 0 ? q3 : 0;
      const here3 = last[3];
      presence[3] = here3 === 0 ? stayed3 : moved3;
      presence[7] = here3 === 1 ? stayed3 : moved3;
      presence[11] = here3 === 2 ? stayed3 : moved3;
    }
  } else {
    const greens = d.greens;
    const shared = d.shared;
    const stays = d.stays;
    const successes = d.successes;
    const last = d.last; // round i − 1's locations while round i is counted (valid for i = from > 0: counted before)
    for (let i = from; i < length; i++) {
      let azul = 0;
      let rosso = 0;
      let veridia = 0;
      for (let s = 0; s < players; s++) {
        const c = view.histLocation(i, s);
        if (c === 0) azul++;
        else if (c === 1) rosso++;
        else veridia++;
      }
      for (let s = 0; s < players; s++) {
        const c = view.histLocation(i, s);
        if (i > 0 && last[s] === c) stays[s]++;
        last[s] = c;
        if (view.histSucceeded(i, s)) successes[s]++;
        if ((c === 0 ? azul : c === 1 ? rosso : veridia) < 2) continue;
        shared[s]++;
        if (view.histCommit(i, s) === GREEN) greens[s]++;
      }
    }
    const upgrade = d.upgrade;
    const stay = d.stay;
    const moves = Math.max(0, length - 1);
    for (let s = 0; s < players; s++) {
      upgrade[s] = (greens[s] + 1) / (shared[s] + 2);
      stay[s] = (stays[s] + 1 / 3) / (moves + 1);
    }
    // predictRivals: back to last round's continent at the stay rate, else one of the two others evenly.
    const presence = d.presence;
    for (let s = 0; s < players; s++) {
      if (length === 0) {
        presence[s] = presence[players + s] = presence[2 * players + s] = 1 / 3;
        continue;
      }
      const here = last[s];
      const stayP = stay[s];
      const stayed = stayP > 0 ? stayP : 0; // (a NaN is skipped too, as predictedRivals does)
      const q = (1 - stayP) / 2;
      const moved = q > 0 ? q : 0;
      presence[s] = here === 0 ? stayed : moved;
      presence[players + s] = here === 1 ? stayed : moved;
      presence[2 * players + s] = here === 2 ? stayed : moved;
    }
  }
  d.length = length;
  d.players = players;
  d.game = game;
}

/**
 * recentBetrayers: mask of the seats whose breach in rounds round − k … round − 1 lists `seat` as a
 * victim.
 */
export function recentBetrayers(view: GoldrauschView, seat: number, k: number): number {
  const oldest = view.round - k;
  const players = view.players;
  const bit = 1 << seat;
  let mask = 0;
  for (let i = view.historyLength - 1; i >= 0; i--) {
    if (view.histRound(i) < oldest) break;
    for (let b = 0; b < players; b++) {
      const victims = view.histBreachVictims(i, b);
      if (victims !== -1 && (victims & bit) !== 0) mask |= 1 << b;
    }
  }
  return mask;
}
