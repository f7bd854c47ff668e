/**
 * The game's record as it is played: each finished round's rows (the public history the seat views,
 * the replay story and the search bot's sampler read), the game record's counters (core/definition.ts
 * `GameRecord`: COUNTERS and ROUND_COUNTERS) and the event cards drawn; and the compact records a
 * finished game yields. `RoundRows` reads the rows for the view, the story and the sampler.
 *
 * Rows are dense: round r's row of seat s is `seatRows[(r·players + s)·SEAT_FIELDS + field]`, of
 * continent c `continentRows[(3r + c)·CONTINENT_FIELDS + field]`, of the round `roundRows[r·ROUND_FIELDS
 * + field]`, with the fields below; a round writes its rows once, at its end (`recordRound`).
 */
import type { FlatRecord, GameRecord } from '../../core/definition.js';
import { NONE } from './bot.js';
import { LOG_FIELDS } from './meeting.js';
import { CONTINENT_FIELDS, ROUND_FIELDS, SEAT_FIELDS, SOURCE_PROMISE, Stage, type GoldrauschState } from './state.js';

export type { GoldrauschState };

/** Per-seat counters recorded for every game (core/definition.ts `GameRecord.counters`). */
export const COUNTERS = ['fines', 'upgrades', 'successfulUpgrades', 'collisions', 'agreements', 'kept', 'broken', 'timeouts'] as const;

/** Per-round totals recorded for every game (`GameRecord.roundCounters`). */
export const ROUND_COUNTERS = ['upgrades', 'collisions', 'fines'] as const;

// A seat's row.
/** Where its pawn stood after phase 2. */
export const S_LOCATION = 0;
/** The card it laid in phase 3 (NONE: none, a timeout), before events moved it, and the tick it laid it. */
export const S_COMMIT = 1;
export const S_COMMIT_TICK = 2;
export const S_GOLD_BEFORE = 3;
export const S_GOLD_AFTER = 4;
export const S_EVENT_GOLD = 5;
/** Where its pawn and which upgrade card lay in phase 5, after #23–25. */
export const S_FINAL_LOCATION = 6;
export const S_FINAL_CARD = 7;
export const S_UPGRADED = 8;
export const S_SUCCEEDED = 9;
export const S_PAYOUT = 10;
export const S_FINES = 11;
/** BOUND_NONE, BOUND_KEPT or BOUND_BROKE (state.ts); a breach's source (SOURCE_PROMISE or a `proposalCode`) and victims (a mask; −1 none). */
export const S_BOUND = 12;
export const S_BREACH_SOURCE = 13;
export const S_BREACH_VICTIMS = 14;
// A continent's row.
export const C_STOCK_BEFORE = 0;
export const C_EXTRACT = 1;
export const C_COLLISION = 2;
export const C_DISASTER = 3;
export const C_STOCK_AFTER_PROFIT = 4;
export const C_RESPAWNED = 5;
export const C_STOCK_AFTER = 6;
// The round's row.
export const R_START_PLAYER = 0;
export const R_RESOURCE_CARD = 1;
/** The resource card revealed in phase 6 (−1: none). */
export const R_NEXT_CARD = 2;
/** The wheel's field (state.ts WHEEL_CODE) and the event card's slot (−1: none drawn). */
export const R_WHEEL = 3;
export const R_EVENT = 4;
/** The round's messages: log entries R_LOG_START … R_LOG_END − 1; its proposals: archive entries from R_PROPOSAL_START (state.ts `arch…`). */
export const R_LOG_START = 5;
export const R_LOG_END = 6;
export const R_PROPOSAL_START = 7;
// A proposal of the archive (RoundRows `proposal`).
export const A_CONTINENT = 0;
export const A_PROPOSER = 1;
export const A_UPGRADER = 2;
export const A_ACCEPTED = 3;
export const A_REJECTED = 4;
export const A_CLAUSES = 5;
/** The continent's agreement: its proposal (local index, −1 none), parties (a mask) and upgrader. */
export const C_AGREEMENT = 7;
export const C_PARTIES = 8;
export const C_UPGRADER = 9;

/** Opens round r's rows as phase 4 begins: the gold, stock, extraction, resource card and start player phases 4–6 start from. */
export function openRound(s: GoldrauschState, r: number): void {
  const n = s.players;
  const rows = s.seatRows;
  for (let seat = 0, at = r * n * SEAT_FIELDS; seat < n; seat++, at += SEAT_FIELDS) rows[at + S_GOLD_BEFORE] = s.gold[seat];
  const crows = s.continentRows;
  for (let c = 0, at = 3 * r * CONTINENT_FIELDS; c < 3; c++, at += CONTINENT_FIELDS) {
    crows[at + C_STOCK_BEFORE] = s.stock[c];
    crows[at + C_EXTRACT] = s.extract[c];
  }
  const at = r * ROUND_FIELDS;
  s.roundRows[at + R_START_PLAYER] = s.startPlayer;
  s.roundRows[at + R_RESOURCE_CARD] = s.currentCard;
  s.roundRows[at + R_NEXT_CARD] = -1;
}

/** The stock after phase 5, into round r's rows. */
export function afterProfit(s: GoldrauschState, r: number): void {
  const crows = s.continentRows;
  for (let c = 0, at = 3 * r * CONTINENT_FIELDS; c < 3; c++, at += CONTINENT_FIELDS) crows[at + C_STOCK_AFTER_PROFIT] = s.stock[c];
}

/**
 * Closes round r (0-based): its rows, what it adds to the counters, the event card drawn (`event`:
 * its slot, −1 none). The round's working lists are the state's (round.ts); the rows are written here
 * in one pass per seat and continent.
 */
export function recordRound(s: GoldrauschState, r: number, wheel: number, event: number): void {
  const n = s.players;
  const rows = s.seatRows;
  const counters = s.counters;
  // In COUNTERS order: fines, upgrades, successfulUpgrades, collisions, agreements, kept, broken, timeouts.
  const upgrades = counters[1];
  const successes = counters[2];
  const collided = counters[3];
  const parties = counters[4];
  const timeouts = counters[7];
  const a0 = s.agreementParties[0];
  const a1 = s.agreementParties[1];
  const a2 = s.agreementParties[2];
  const anyAgreement = (a0 | a1 | a2) !== 0;
  const curve = s.curve;
  let up = 0;
  let fined = 0;
  for (let seat = 0, at = r * n * SEAT_FIELDS; seat < n; seat++, at += SEAT_FIELDS) {
    const laid = s.commits[seat];
    const upgraded = s.upgraded[seat];
    const succeeded = s.succeeded[seat];
    const fines = s.fines[seat];
    rows[at + S_LOCATION] = s.locations[seat];
    rows[at + S_COMMIT] = laid;
    rows[at + S_SUCCEEDED] = succeeded;
    rows[at + S_BREACH_VICTIMS] = s.breachVictims[seat];
    curve[r * n + seat] = s.gold[seat];
    if (upgraded !== 0) {
      up++;
      upgrades[seat]++;
      if (s.collisions[s.finalLocations[seat]] !== 0) collided[seat]++;
    }
    if (succeeded !== 0) successes[seat]++;
    // Each agreement counts for each of its parties (with table-wide talk and partial agreements a seat can be party to two).
    if (anyAgreement) {
      const bit = 1 << seat;
      parties[seat] += ((a0 & bit) !== 0 ? 1 : 0) + ((a1 & bit) !== 0 ? 1 : 0) + ((a2 & bit) !== 0 ? 1 : 0);
    }
    if (laid === NONE) timeouts[seat]++;
    fined += fines;
  }
  if (s.detail) recordDetail(s, r, wheel, event);
  const totals = s.roundCounters;
  totals[3 * r] = up;
  totals[3 * r + 1] = s.collisions[0] + s.collisions[1] + s.collisions[2];
  totals[3 * r + 2] = fined;
  // (A blanked card's slot is no card: it is not recorded.)
  if (event >= 0 && event !== s.blankSlot) {
    s.cardsDrawnList[2 * s.cardsDrawn] = event;
    s.cardsDrawnList[2 * s.cardsDrawn + 1] = r + 1;
    s.cardsDrawn++;
  }
  s.historyLength = r + 1;
}

/** The rest of round r's rows: what only the story, the sampler and a bot file's view read (`GoldrauschState.detail`). */
function recordDetail(s: GoldrauschState, r: number, wheel: number, event: number): void {
  const n = s.players;
  const rows = s.seatRows;
  for (let seat = 0, at = r * n * SEAT_FIELDS; seat < n; seat++, at += SEAT_FIELDS) {
    rows[at + S_COMMIT_TICK] = s.commitTicks[seat];
    rows[at + S_GOLD_AFTER] = s.gold[seat];
    rows[at + S_EVENT_GOLD] = s.eventGold[seat];
    rows[at + S_FINAL_LOCATION] = s.finalLocations[seat];
    rows[at + S_FINAL_CARD] = s.cards[seat];
    rows[at + S_UPGRADED] = s.upgraded[seat];
    rows[at + S_PAYOUT] = s.payout[seat];
    rows[at + S_FINES] = s.fines[seat];
    rows[at + S_BOUND] = s.bound[seat];
    rows[at + S_BREACH_SOURCE] = s.breachSource[seat];
  }
  const crows = s.continentRows;
  for (let c = 0, at = 3 * r * CONTINENT_FIELDS; c < 3; c++, at += CONTINENT_FIELDS) {
    crows[at + C_COLLISION] = s.collisions[c];
    crows[at + C_DISASTER] = s.disasters[c];
    crows[at + C_RESPAWNED] = s.respawned[c];
    crows[at + C_STOCK_AFTER] = s.stock[c];
    crows[at + C_AGREEMENT] = s.agreementProposal[c];
    crows[at + C_PARTIES] = s.agreementParties[c];
    crows[at + C_UPGRADER] = s.agreementUpgrader[c];
  }
  const round = s.roundRows;
  const at = r * ROUND_FIELDS;
  round[at + R_WHEEL] = wheel;
  round[at + R_EVENT] = event;
  round[at + R_LOG_START] = s.meetingLog;
  round[at + R_LOG_END] = s.logLength;
  round[at + R_PROPOSAL_START] = s.archiveCount;
  // The meeting's proposals, into the game's archive.
  for (let p = 0; p < s.proposalCount; p++) {
    const k = s.archiveCount++;
    s.archContinent[k] = s.propContinent[p];
    s.archProposer[k] = s.propProposer[p];
    s.archUpgrader[k] = s.propUpgrader[p];
    s.archAccepted[k] = s.propAccepted[p];
    s.archRejected[k] = s.propRejected[p];
    s.archClauseStart[k] = s.archivePoolLength;
    s.archClauseCount[k] = s.propClauseCount[p];
    for (let i = 0; i < s.propClauseCount[p]; i++) {
      const at = s.archivePoolLength++;
      s.archivePoolRound[at] = s.poolRound[s.propClauseStart[p] + i];
      s.archivePoolUpgrader[at] = s.poolUpgrader[s.propClauseStart[p] + i];
    }
  }
}

/**
 * A proposal as one number: round, continent and its number in its meeting (`sourceName` gives its id,
 * e.g. "r3-V-1"). A rotation clause keeps its agreement's code as its source, a breach its binding's.
 */
export function proposalCode(round: number, continent: number, index: number): number {
  return (round * 4 + continent) * 65536 + index;
}

const LETTER = ['A', 'R', 'V'];

/** The id the engine gives a proposal (§18): round, continent letter, number within its meeting (from 1). */
export function proposalId(round: number, continent: number, index: number): string {
  return `r${round}-${LETTER[continent]}-${index + 1}`;
}

/** A breach's or rotation clause's source by name: a proposal's id, or "promise". */
export function sourceName(code: number): string {
  if (code === SOURCE_PROMISE) return 'promise';
  const index = code % 65536;
  const rc = (code - index) / 65536;
  return proposalId(Math.floor(rc / 4), rc % 4, index);
}

/**
 * Reads the record of a state with `detail` (state.ts): round i's rows (0-based), the log's entries,
 * the archived proposals. For the view, the story and the sampler.
 */
export class RoundRows {
  constructor(private readonly s: GoldrauschState) {}
  /** Field `field` (S_…) of seat `seat`'s row in round i. */
  seat(i: number, seat: number, field: number): number {
    return this.s.seatRows[(i * this.s.players + seat) * SEAT_FIELDS + field];
  }
  /** Field `field` (C_…) of continent c's row in round i. */
  continent(i: number, c: number, field: number): number {
    return this.s.continentRows[(3 * i + c) * CONTINENT_FIELDS + field];
  }
  /** Field `field` (R_…) of round i's row. */
  round(i: number, field: number): number {
    return this.s.roundRows[i * ROUND_FIELDS + field];
  }
  logStart(i: number): number {
    return this.round(i, R_LOG_START);
  }
  logEnd(i: number): number {
    return this.round(i, R_LOG_END);
  }
  /** Field f (meeting.ts LOG_…) of log entry k. */
  logField(k: number, f: number): number {
    return this.s.log[LOG_FIELDS * k + f];
  }
  /** The round (0-based) whose meeting logged entry k (the current round's for the meeting under way). */
  roundOfMessage(k: number): number {
    const s = this.s;
    if (k >= s.meetingLog && s.stage === Stage.meeting) return s.historyLength;
    let i = 0;
    while (i + 1 < s.historyLength && this.logStart(i + 1) <= k) i++;
    return i;
  }
  /** Round i's proposals (archived), and field f (A_…) of its p-th. */
  proposalCount(i: number): number {
    const s = this.s;
    const start = this.round(i, R_PROPOSAL_START);
    const end = i + 1 < s.historyLength ? this.round(i + 1, R_PROPOSAL_START) : s.archiveCount;
    return end - start;
  }
  proposal(i: number, p: number, f: number): number {
    const s = this.s;
    const k = this.round(i, R_PROPOSAL_START) + p;
    switch (f) {
      case A_CONTINENT:
        return s.archContinent[k];
      case A_PROPOSER:
        return s.archProposer[k];
      case A_UPGRADER:
        return s.archUpgrader[k];
      case A_ACCEPTED:
        return s.archAccepted[k];
      case A_REJECTED:
        return s.archRejected[k];
    }
    return s.archClauseCount[k];
  }
  /** Clause k of round i's proposal p: f 0 its round, 1 its upgrader. */
  proposalClause(i: number, p: number, k: number, f: number): number {
    const s = this.s;
    const at = s.archClauseStart[this.round(i, R_PROPOSAL_START) + p] + k;
    return f === 0 ? s.archivePoolRound[at] : s.archivePoolUpgrader[at];
  }
  sourceName(code: number): string {
    return sourceName(code);
  }
}

/** The game's ledgers into the counters' rows they fill (fines paid, kept, broken): done when a record is read. */
function ledgersIntoCounters(s: GoldrauschState): void {
  const counters = s.counters;
  for (let seat = 0; seat < s.players; seat++) {
    counters[0][seat] = s.finesPaid[seat];
    counters[5][seat] = s.kept[seat];
    counters[6][seat] = s.broken[seat];
  }
}

/** A finished game's flat record (core/definition.ts `FlatRecord`) over the state's own lists: read it before the state plays again. */
export interface StateRecord extends FlatRecord {
  rounds: number;
  ending: number;
  winnerCount: number;
  cardCount: number;
}

/** The flat record of the finished game `s` (recorded rounds = `historyLength`; a game ended by a GIFT is not one of these). */
export function flatRecord(s: GoldrauschState, out: StateRecord): StateRecord {
  ledgersIntoCounters(s);
  out.rounds = s.historyLength;
  out.ending = s.ending;
  out.winnerCount = s.winnerCount;
  out.cardCount = s.cardsDrawn;
  return out;
}

/** An empty flat record over `s`'s lists (the player fills its numbers after each game). */
export function stateRecord(s: GoldrauschState): StateRecord {
  return {
    players: s.players,
    rounds: 0,
    ending: 0,
    winners: s.winners,
    winnerCount: 0,
    scores: s.gold,
    initialScores: s.initialGold,
    curve: s.curve,
    cards: s.cardsDrawnList,
    cardCount: 0,
    roundCounters: s.roundCounters,
    counters: s.counters,
  };
}

/**
 * The `GameRecord` of a finished game on the generic driver: its recorded rounds (a game a GIFT
 * ended within a meeting has one round more than it recorded: `outcome.length` is the round it
 * ended in, the curve holds the recorded rounds), fresh arrays.
 */
export function gameRecord(s: GoldrauschState): GameRecord {
  ledgersIntoCounters(s);
  const n = s.players;
  const rounds = s.historyLength;
  const winners = s.winners.slice(0, s.winnerCount);
  const scores = s.gold.slice(0, n);
  const curve: number[][] = [];
  const roundCounters: number[][] = [];
  for (let r = 0; r < rounds; r++) {
    curve.push(s.curve.slice(r * n, r * n + n));
    roundCounters.push(s.roundCounters.slice(r * 3, r * 3 + 3));
  }
  const cardsDrawn: { card: number; round: number }[] = [];
  for (let k = 0; k < s.cardsDrawn; k++) cardsDrawn.push({ card: s.cardsDrawnList[2 * k], round: s.cardsDrawnList[2 * k + 1] });
  return {
    outcome: { winners, scores, ranks: finishingRanks(winners, scores), endedBy: s.ending === 0 ? 'race' : 'clock', length: s.round },
    initialScores: (rounds > 0 ? s.initialGold : s.gold).slice(0, n),
    curve,
    cardsDrawn,
    counters: s.counters.map((row) => row.slice(0, n)),
    roundCounters,
  };
}

/** Finishing positions (0 = first): winners first, then by gold (most first); equal gold shares a position. */
export function finishingRanks(winners: readonly number[], gold: readonly number[]): number[] {
  const n = gold.length;
  const key: number[] = [];
  for (let s = 0; s < n; s++) key.push((winners.includes(s) ? 1e9 : 0) + gold[s]);
  const ranks: number[] = [];
  for (let s = 0; s < n; s++) {
    let above = 0;
    for (let q = 0; q < n; q++) if (key[q] > key[s]) above++;
    ranks.push(above);
  }
  return ranks;
}

/** The `GameRecord` of a flat record (fresh arrays). */
export function gameRecordOf(result: FlatRecord): GameRecord {
  const n = result.players;
  const winners = result.winners.slice(0, result.winnerCount);
  const scores = result.scores.slice(0, n);
  const ranks = finishingRanks(winners, scores);
  const curve: number[][] = [];
  const roundCounters: number[][] = [];
  for (let r = 0; r < result.rounds; r++) {
    curve.push(result.curve.slice(r * n, r * n + n));
    roundCounters.push(result.roundCounters.slice(r * 3, r * 3 + 3));
  }
  const cardsDrawn: { card: number; round: number }[] = [];
  for (let k = 0; k < result.cardCount; k++) cardsDrawn.push({ card: result.cards[2 * k], round: result.cards[2 * k + 1] });
  return {
    outcome: { winners, scores, ranks, endedBy: result.ending === 0 ? 'race' : 'clock', length: result.rounds },
    initialScores: result.initialScores.slice(0, n),
    curve,
    cardsDrawn,
    counters: result.counters.map((row) => row.slice(0, n)),
    roundCounters,
  };
}
