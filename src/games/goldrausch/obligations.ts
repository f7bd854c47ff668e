/**
 * Who was bound to lay red this round, and by what (docs/games/goldrausch.md §15.3): the one
 * implementation of the rule, for both engines. The reference engine (resolve.ts) turns its
 * agreements and rotation clauses into bit masks and names each binding by the source's id; the fast
 * kernel (fast/record.ts) passes its meeting's masks as they are.
 *
 * The sources, in the order that decides which one names a seat's binding:
 *  1. this round's agreement on each continent (continents in index order): every party but its
 *     upgrader is bound, to the other parties;
 *  2. the rotation clauses that bind this round (§15.2 `next`, view.ts `bindingClauses`), in order:
 *     the same, with the clause's upgrader;
 *  3. a seat not bound by 1–2 whose latest PROMISE was RED is bound, to everyone on its continent.
 * A bound seat's victims are the other parties of every source that binds it (a bit mask: listed in
 * seat order). A breach is a green card laid while bound (forced colours, #10–15, are not breaches).
 */

/** `bound[s]` when nothing binds seat s. */
export const UNBOUND = -1;
/** `bound[s]` when seat s is bound by its own RED promise. */
export const BY_PROMISE = -2;
/** `bound[s]` of a seat bound by the i-th binding clause is `FIRST_CLAUSE + i`; 0–2 name the agreement's continent. */
export const FIRST_CLAUSE = 3;

/**
 * The round's agreements and binding clauses as masks (bit s = seat s). An entry of `agreementParties`
 * is 0 when its continent has no agreement; an upgrader is −1 when there is none.
 */
export interface Bindings {
  readonly agreementParties: readonly number[];
  readonly agreementUpgraders: readonly number[];
  readonly clauseParties: readonly number[];
  readonly clauseUpgraders: readonly number[];
  readonly clauseCount: number;
  /** Seats whose latest PROMISE was RED. */
  readonly redPromises: number;
}

/**
 * Fills `bound` (per seat: UNBOUND, BY_PROMISE, a continent 0–2, or FIRST_CLAUSE + clause index) and
 * `victims` (per seat: a mask of the seats it let down if it breaks) for seats 0…n−1. Both lists are
 * the caller's scratch, at least n long.
 */
export function bindObligations(n: number, locations: readonly number[], b: Bindings, bound: number[], victims: number[]): void {
  for (let s = 0; s < n; s++) {
    bound[s] = UNBOUND;
    victims[s] = 0;
  }
  for (let c = 0; c < 3; c++) bindParties(n, bound, victims, c, b.agreementParties[c], b.agreementUpgraders[c]);
  for (let i = 0; i < b.clauseCount; i++) bindParties(n, bound, victims, FIRST_CLAUSE + i, b.clauseParties[i], b.clauseUpgraders[i]);
  const red = b.redPromises;
  if (red === 0) return;
  for (let s = 0; s < n; s++) {
    if ((red & (1 << s)) === 0 || bound[s] !== UNBOUND) continue;
    bound[s] = BY_PROMISE;
    for (let q = 0; q < n; q++) if (q !== s && locations[q] === locations[s]) victims[s] |= 1 << q;
  }
}

/** Binds every party but the upgrader (the first source to bind a seat names its binding). */
function bindParties(n: number, bound: number[], victims: number[], source: number, parties: number, upgrader: number): void {
  if (parties === 0) return;
  for (let p = 0; p < n; p++) {
    if ((parties & (1 << p)) === 0 || p === upgrader) continue;
    if (bound[p] === UNBOUND) bound[p] = source;
    victims[p] |= parties & ~(1 << p);
  }
}

/** Bit mask of a list of seats. */
export function maskOf(seats: readonly number[]): number {
  let mask = 0;
  for (let i = 0; i < seats.length; i++) mask |= 1 << seats[i];
  return mask;
}

/** The seats of a mask, in seat order (a fresh list). */
export function seatsOf(mask: number, n: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < n; s++) if ((mask & (1 << s)) !== 0) out.push(s);
  return out;
}
