/**
 * What a round's talk binds (docs/games/goldrausch.md §15.2–§15.3): who was bound to lay red and by
 * what, who kept and who broke it (the public ledger), the rotation clauses agreed for later rounds;
 * and the hands kept when passed cards stay where they went (GR-A32).
 *
 * The sources of an obligation, in the order that decides which one names a seat's binding:
 *  1. this round's agreement on each continent (continents in index order): every party but its
 *     upgrader is bound, to the other parties;
 *  2. the rotation clauses that bind this round (meeting.ts `findBindingClauses`), in order: the same,
 *     with the clause's upgrader;
 *  3. a seat not bound by 1–2 whose latest PROMISE was RED is bound, to everyone on its continent.
 * A bound seat's victims are the other parties of every source that binds it. A breach is a green
 * card as laid (the phase-1 card standing for none, GR-A9), before events moved it; a card forced by
 * #10–15 is no breach.
 */
import { proposalCode } from './records.js';
import { BOUND_BROKE, BOUND_KEPT, BOUND_NONE, SOURCE_PROMISE, type GoldrauschState } from './state.js';
import { GREEN, NONE, RED } from './bot.js';

export const UNBOUND = -1;
export const BY_PROMISE = -2;
/** `bound[s]` of a seat bound by the i-th binding clause is FIRST_CLAUSE + i; 0–2 name the agreement's continent. */
export const FIRST_CLAUSE = 3;

/** The round's obligations (§15.3): each seat's `bound`, a breach's `breachSource` and `breachVictims`, and the ledgers. */
export function checkObligations(s: GoldrauschState): void {
  const n = s.players;
  const bound = s.binder;
  const victims = s.victims;
  for (let seat = 0; seat < n; seat++) {
    bound[seat] = UNBOUND;
    victims[seat] = 0;
  }
  for (let c = 0; c < 3; c++) if (s.agreementProposal[c] >= 0) bindParties(s, c, s.agreementParties[c], s.agreementUpgrader[c]);
  for (let i = 0; i < s.bindingCount; i++) {
    const k = s.binding[i];
    bindParties(s, FIRST_CLAUSE + i, s.clauseParties[k], s.clauseUpgrader[k]);
  }
  for (let seat = 0; seat < n; seat++) {
    if (s.promises[seat] !== RED || bound[seat] !== UNBOUND) continue;
    bound[seat] = BY_PROMISE;
    for (let q = 0; q < n; q++) if (q !== seat && s.locations[q] === s.locations[seat]) victims[seat] |= 1 << q;
  }
  for (let seat = 0; seat < n; seat++) {
    const by = bound[seat];
    s.breachSource[seat] = 0;
    s.breachVictims[seat] = -1;
    if (by === UNBOUND) {
      s.bound[seat] = BOUND_NONE;
      continue;
    }
    const laid = s.commits[seat];
    const card = laid === NONE && s.defaultCommitment ? s.provisional[seat] : laid;
    if (card !== GREEN) {
      s.kept[seat]++;
      s.bound[seat] = BOUND_KEPT;
      continue;
    }
    s.broken[seat]++;
    s.bound[seat] = BOUND_BROKE;
    s.breachVictims[seat] = victims[seat];
    s.breachSource[seat] =
      by === BY_PROMISE
        ? SOURCE_PROMISE
        : by >= FIRST_CLAUSE
          ? s.clauseSource[s.binding[by - FIRST_CLAUSE]]
          : proposalCode(s.round, by, s.agreementProposal[by]);
  }
}

/** Binds every party but the upgrader (the first source to bind a seat names its binding). */
function bindParties(s: GoldrauschState, source: number, parties: number, upgrader: number): void {
  if (parties === 0) return;
  for (let p = 0; p < s.players; p++) {
    if ((parties & (1 << p)) === 0 || p === upgrader) continue;
    if (s.binder[p] === UNBOUND) s.binder[p] = source;
    s.victims[p] |= parties & ~(1 << p);
  }
}

/**
 * The standing rotation clauses after this round: those of later rounds stay (in order), then this
 * round's agreements' clauses are added (continents in index order, each proposal's clauses in order),
 * binding the agreement's parties.
 */
export function nextClauses(s: GoldrauschState): void {
  let kept = 0;
  for (let k = 0; k < s.clauseCount; k++) {
    if (s.clauseRound[k] <= s.round) continue;
    s.clauseRound[kept] = s.clauseRound[k];
    s.clauseParties[kept] = s.clauseParties[k];
    s.clauseUpgrader[kept] = s.clauseUpgrader[k];
    s.clauseSource[kept] = s.clauseSource[k];
    kept++;
  }
  for (let c = 0; c < 3; c++) {
    const local = s.agreementProposal[c];
    if (local < 0) continue;
    const start = s.propClauseStart[local];
    const source = proposalCode(s.round, c, local);
    for (let k = 0; k < s.propClauseCount[local]; k++) {
      s.clauseRound[kept] = s.poolRound[start + k];
      s.clauseParties[kept] = s.agreementParties[c];
      s.clauseUpgrader[kept] = s.poolUpgrader[start + k];
      s.clauseSource[kept] = source;
      kept++;
    }
  }
  s.clauseCount = kept;
}

/**
 * GR-A32 keep: each seat gave up the country card of the continent it chose and now holds the one of
 * the continent it ended on; each seat gives up the upgrade card it laid (a timed-out seat passed a
 * red if it had one) and takes the card now lying in front of it (whose card: `cardFrom`).
 */
export function passCards(s: GoldrauschState): void {
  const n = s.players;
  const country = s.countryHands;
  const upgrade = s.upgradeHands;
  for (let seat = 0; seat < n; seat++) country[seat][s.locations[seat]]--;
  for (let seat = 0; seat < n; seat++) country[seat][s.finalLocations[seat]]++;
  const physical = s.movedCards;
  for (let seat = 0; seat < n; seat++) {
    const laid = s.commits[seat];
    physical[seat] = laid !== NONE ? laid : upgrade[seat][1] > 0 ? RED : NONE;
  }
  for (let seat = 0; seat < n; seat++) {
    const c = physical[seat];
    if (c !== NONE) upgrade[seat][c === GREEN ? 0 : 1]--;
  }
  for (let seat = 0; seat < n; seat++) {
    const src = s.cardFromMoved ? s.cardFrom[seat] : seat;
    const c = src >= 0 ? physical[src] : NONE;
    if (c !== NONE) upgrade[seat][c === GREEN ? 0 : 1]++;
  }
}
