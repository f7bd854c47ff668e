/**
 * Phases 4–6 of a round, after the meeting (docs/games/goldrausch.md §4–§8): the wheel and the event
 * card (events.ts), profit and fines (§5, here), the round's obligations (obligations.ts), climate
 * change and the end of the game (climate.ts), and the round's public record (records.ts). The round
 * works on the state's small working lists (payouts, fines, where pawns and upgrade cards lie after
 * events), reused every round, and records them once, at its end.
 */
import { capOf, climateChange, reached, richestAtThreshold, timeLimitWinners } from './climate.js';
import type { Draws } from './draws.js';
import { applyWheel, endOfRoundEvent, spinWheel } from './events.js';
import { checkObligations, nextClauses, passCards } from './obligations.js';
import { afterProfit, openRound, recordRound } from './records.js';
import { type GoldrauschState, Stage } from './state.js';
import { GREEN, NONE } from './bot.js';

/**
 * Readies the round's working lists for phases 4–5 from what phases 1–3 left: every pawn where it
 * stands, every seat's card as laid — a seat that laid none counts as red (GR-A10) unless its
 * phase-1 card stands (GR-A9) — no payouts, fines or event modifiers yet.
 */
export function openResolution(s: GoldrauschState): void {
  const n = s.players;
  for (let seat = 0; seat < n; seat++) {
    const laid = s.commits[seat];
    s.finalLocations[seat] = s.locations[seat];
    s.cards[seat] = laid === NONE && s.defaultCommitment ? s.provisional[seat] : laid;
    s.eventGold[seat] = 0;
    s.upgraded[seat] = 0;
    s.succeeded[seat] = 0;
    s.payout[seat] = 0;
    s.fines[seat] = 0;
  }
  for (let c = 0; c < 3; c++) {
    s.collisions[c] = 0;
    s.disasters[c] = 0;
    s.respawned[c] = 0;
  }
  s.cardFromMoved = false;
  s.exemptSet = false;
  s.exemptContinent = -1;
  s.shower = -1;
  s.showerFactor = 2;
  s.extractionDivideBy = 0;
  s.extractionMinus = 0;
  s.forcedContinent = -1;
  s.forcedGreen = true;
  s.winnerCount = 0;
}

/** Resolves the round after its meeting (phases 4–6) and records it; the game then waits for phase 1 of the next round, or is over. */
export function resolveRound(s: GoldrauschState, draws: Draws): void {
  const n = s.players;
  const round = s.round;
  const r = round - 1;
  openResolution(s);
  // The game record's initial scores: the gold round 1's profit starts from (a GIFT in its meeting moved it).
  const lean = s.lean;
  if (r === 0 && !lean) for (let seat = 0; seat < n; seat++) s.initialGold[seat] = s.gold[seat];
  if (s.detail && !lean) openRound(s, r);

  // Phase 4: the wheel, and on an exclamation mark the event card (which may end the game, GR-A6).
  const wheel = spinWheel(s, draws);
  const event = applyWheel(s, wheel, draws);
  let over = s.winnerCount > 0;
  // Phase 5: profit.
  if (!over) over = resolveProfit(s);
  // The obligations and rotation clauses only tell the bots who kept their word: no lean playout reads them.
  if (!lean) checkObligations(s);
  if (s.detail && !lean) afterProfit(s, r);

  // Phase 6: climate change (GR-A3: no card is revealed after the final round).
  const lastRound = round >= s.rounds;
  if (!over && !lastRound) climateChange(s, r, draws);
  if (event >= 0) endOfRoundEvent(s, event);
  let ending = 0;
  if (!over && s.winEndOfRound && richestAtThreshold(s)) over = true;
  if (!over && lastRound) {
    timeLimitWinners(s, draws);
    over = true;
    ending = 1;
  }
  // Lean mode (a search's playout): no record, only how many rounds are over.
  if (lean) s.historyLength = round;
  else recordRound(s, r, wheel, event);
  if (s.keepCards) passCards(s);
  if (!lean) nextClauses(s);
  s.bindingCount = 0;
  if (over) {
    s.stage = Stage.over;
    s.ending = ending;
    return;
  }
  s.round = round + 1;
  s.startPlayer = (s.startPlayer + 1) % n;
  s.stage = Stage.continent;
}

function isExempt(s: GoldrauschState, seat: number, c: number): boolean {
  return (s.exemptSet && s.exempt[seat] !== 0) || s.exemptContinent === 3 || s.exemptContinent === c;
}

/** §5.2, GR-A24: the per-player base amount on continent c after the event modifiers. */
function baseAmount(s: GoldrauschState, c: number): number {
  const e = s.extract[c];
  if (s.shower === c) return s.showerFactor * e;
  if (s.extractionDivideBy > 0) return Math.max(0, Math.floor(e / s.extractionDivideBy) - s.extractionMinus);
  return e;
}

/**
 * Phase 5 (§5): pays every seat out in evaluation order (§5.3) and collects fines. Stops at once when
 * a seat wins the race under winCheck immediate / immediate-gross (GR-A6). Returns true if the game ended.
 */
export function resolveProfit(s: GoldrauschState): boolean {
  const n = s.players;
  const immediate = s.winImmediate;
  const gross = s.winGross;
  let order: readonly number[] = s.capOrder;
  if (s.orderByStock) {
    // GR-A17 option: by current stock, largest first; ties by printed cap, then the higher index.
    const o = s.continentOrder;
    o[0] = 0;
    o[1] = 1;
    o[2] = 2;
    const stock = s.stock;
    const caps = s.caps;
    o.sort((x, y) => stock[y] - stock[x] || caps[y] - caps[x] || y - x);
    order = o;
  }
  // One clockwise pass from the start player sorts the seats by continent, effective upgraders first
  // (GR-A18): continent c's claimants are `byContinent[c·n + i]`, i < counts[c], the first ups[c]
  // of them upgraders (the others wait in `others` until their continent is paid).
  const byContinent = s.byContinent;
  const others = s.othersByContinent;
  const counts = s.continentCounts;
  const ups = s.continentUpgraders;
  const exemptUps = s.continentExemptUpgraders;
  const loc = s.finalLocations;
  const cards = s.cards;
  const gold = s.gold;
  const stock = s.stock;
  // Fine exemptions (#1–5) exist only in a round whose event card grants them.
  const anyExempt = s.exemptSet || s.exemptContinent >= 0;
  counts[0] = counts[1] = counts[2] = 0;
  ups[0] = ups[1] = ups[2] = 0;
  exemptUps[0] = exemptUps[1] = exemptUps[2] = 0;
  for (let k = 0, seat = s.startPlayer; k < n; k++, seat = seat + 1 === n ? 0 : seat + 1) {
    const c = loc[seat];
    const up = s.forcedContinent === c ? s.forcedGreen : cards[seat] === GREEN; // GR-A25, GR-A26
    if (up) {
      byContinent[c * n + ups[c]++] = seat;
      if (anyExempt && isExempt(s, seat, c)) exemptUps[c]++;
    } else others[c * n + (counts[c] - ups[c])] = seat;
    counts[c]++;
  }
  const amounts = s.amounts;
  const fined = s.fined;
  const doubled = s.doubled;
  for (let ci = 0; ci < 3; ci++) {
    const c = order[ci];
    const count = counts[c];
    if (count === 0) continue;
    const upgraders = ups[c];
    const exemptUpgraders = exemptUps[c];
    const at = c * n;
    for (let i = upgraders; i < count; i++) byContinent[at + i] = others[at + i - upgraders];
    // Marked continent by continent: a race won on an earlier continent leaves these unmarked.
    for (let i = 0; i < upgraders; i++) s.upgraded[byContinent[at + i]] = 1;
    const collision = upgraders >= 2;
    s.collisions[c] = collision ? 1 : 0;
    const base = baseAmount(s, c);
    const disaster = s.disasters[c] !== 0;
    // Amount and fine per seat (§5.2 table, with the GR-A21 exemption variants and GR-A19 scope).
    for (let i = 0; i < count; i++) {
      const seat = byContinent[at + i];
      const exempt = anyExempt && isExempt(s, seat, c);
      let amount = base;
      let fine = false;
      if (i < upgraders) {
        let collides = collision;
        // GR-A21 (b): an upgrader collides only with another upgrader who is not exempt.
        if (s.exemptNotCounted) collides = upgraders - exemptUpgraders - (exempt ? 0 : 1) >= 1;
        if (s.exemptUpgradeSucceeds && exempt) collides = false;
        amount = collides ? base : 2 * base;
        fine = collides && !exempt;
        // (amount === 2·base: with a base of 0 a colliding upgrader counts too)
        doubled[i] = amount === 2 * base && !disaster ? 1 : 0;
      } else {
        fine = collision && s.fineEverybody && !exempt;
        doubled[i] = 0;
      }
      amounts[i] = disaster ? 0 : amount;
      fined[i] = fine ? 1 : 0;
    }
    if (s.proRata) proRataShares(s, count, stock[c]);
    for (let i = 0; i < count; i++) {
      const seat = byContinent[at + i];
      if (fined[i] !== 0 && s.fineBefore) payFine(s, seat, c);
      const g = Math.min(amounts[i], stock[c]);
      stock[c] -= g;
      gold[seat] += g;
      s.payout[seat] += g;
      s.succeeded[seat] = doubled[i];
      if (gross && reached(s, gold[seat])) return winsAlone(s, seat);
      if (fined[i] !== 0 && !s.fineBefore) payFine(s, seat, c);
      if (immediate && reached(s, gold[seat])) return winsAlone(s, seat);
    }
  }
  return s.winEndOfProfit && richestAtThreshold(s);
}

function winsAlone(s: GoldrauschState, seat: number): true {
  s.winners[0] = seat;
  s.winnerCount = 1;
  return true;
}

/**
 * GR-A16 option pro-rata: when the claimants' demand exceeds the stock each gets ⌊amount·stock/demand⌋,
 * the remainder one nugget at a time in evaluation order (rewrites `amounts[0 … count)`).
 */
function proRataShares(s: GoldrauschState, count: number, stock: number): void {
  const amounts = s.amounts;
  let demand = 0;
  for (let i = 0; i < count; i++) demand += amounts[i];
  if (demand <= stock) return;
  const out = s.scratch;
  let given = 0;
  for (let i = 0; i < count; i++) {
    out[i] = Math.floor((amounts[i] * stock) / demand);
    given += out[i];
  }
  let rest = stock - given;
  for (let i = 0; rest > 0 && i < count; i++) {
    if (out[i] < amounts[i]) {
      out[i]++;
      rest--;
    }
  }
  for (let i = 0; i < count; i++) amounts[i] = out[i];
}

/** A collision's fine (GR-A13 what one can, or nothing when short; GR-A15 to the bank, or back onto the continent up to its cap). */
function payFine(s: GoldrauschState, seat: number, c: number): void {
  const due = s.fine;
  const gold = s.gold[seat];
  const paid = s.partialFines ? Math.min(due, gold) : gold >= due ? due : 0;
  if (paid <= 0) return;
  s.gold[seat] = gold - paid;
  s.finesPaid[seat] += paid;
  s.fines[seat] += paid;
  if (s.sinkContinent) {
    const room = Math.max(0, capOf(s, c) - s.stock[c]);
    const back = Math.min(paid, room);
    s.stock[c] += back;
    s.bank += paid - back;
  } else {
    s.bank += paid;
  }
}
