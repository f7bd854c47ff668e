/**
 * Copying a game (the engine's `clone`, for search from any position): every number of the game, the
 * meeting and the record into another state of the same config and player count.
 */
import { GoldrauschState, nextSerial } from './state.js';

/** `to[0 … from.length)` = `from`'s elements (a list the state grows keeps its own identity). */
function copyList(to: number[], from: readonly number[]): void {
  for (let i = 0; i < from.length; i++) to[i] = from[i];
}

/**
 * `to` made the same game as `from` (both of one config and player count): every number of the game,
 * the meeting and the record (the fixed-size lists in one copy of the state's buffer, the lists that
 * grow one by one); the working lists of a round's resolution are not copied (a transition
 * fills them before it reads them). The bots' per-game memos see a new game (`game`).
 */
export function copyState(to: GoldrauschState, from: GoldrauschState): GoldrauschState {
  if (to.config !== from.config || to.players !== from.players) throw new RangeError('copyState: the two states are of different configs or player counts');
  to.game = nextSerial();
  to.lean = false;
  // Every fixed-size list of the game and its record (state.ts `ints`) at once.
  to.ints.set(from.ints);
  to.round = from.round;
  to.stage = from.stage;
  to.startPlayer = from.startPlayer;
  to.historyLength = from.historyLength;
  to.tick = from.tick;
  to.turn = from.turn;
  to.order = from.order;
  to.proposalCount = from.proposalCount;
  copyList(to.gold, from.gold);
  to.capReduction = from.capReduction;
  to.bank = from.bank;
  to.tieBreaks = from.tieBreaks;
  copyList(to.resourceOrder, from.resourceOrder);
  to.resourceLength = from.resourceLength;
  to.resourcePos = from.resourcePos;
  to.currentCard = from.currentCard;
  to.resourceShuffles = from.resourceShuffles;
  to.eventLength = from.eventLength;
  to.eventPos = from.eventPos;
  to.discardLength = from.discardLength;
  to.besideLength = from.besideLength;
  to.eventShuffles = from.eventShuffles;
  to.clauseCount = from.clauseCount;
  copyList(to.clauseRound, from.clauseRound);
  copyList(to.clauseParties, from.clauseParties);
  copyList(to.clauseUpgrader, from.clauseUpgrader);
  copyList(to.clauseSource, from.clauseSource);
  copyList(to.winners, from.winners);
  to.winnerCount = from.winnerCount;
  to.ending = from.ending;
  to.laidMask = from.laidMask;
  to.passedMask = from.passedMask;
  to.needs = from.needs;
  to.needsStale = from.needsStale;
  copyList(to.idleUntil, from.idleUntil);
  copyList(to.idleWake, from.idleWake);
  to.promised = from.promised;
  to.bindingCount = from.bindingCount;
  copyList(to.binding, from.binding);
  copyList(to.propContinent, from.propContinent);
  copyList(to.propProposer, from.propProposer);
  copyList(to.propUpgrader, from.propUpgrader);
  copyList(to.propAccepted, from.propAccepted);
  copyList(to.propRejected, from.propRejected);
  copyList(to.propClauseStart, from.propClauseStart);
  copyList(to.propClauseCount, from.propClauseCount);
  to.poolLength = from.poolLength;
  copyList(to.poolRound, from.poolRound);
  copyList(to.poolUpgrader, from.poolUpgrader);
  to.archiveCount = from.archiveCount;
  copyList(to.archContinent, from.archContinent);
  copyList(to.archProposer, from.archProposer);
  copyList(to.archUpgrader, from.archUpgrader);
  copyList(to.archAccepted, from.archAccepted);
  copyList(to.archRejected, from.archRejected);
  copyList(to.archClauseStart, from.archClauseStart);
  copyList(to.archClauseCount, from.archClauseCount);
  to.archivePoolLength = from.archivePoolLength;
  copyList(to.archivePoolRound, from.archivePoolRound);
  copyList(to.archivePoolUpgrader, from.archivePoolUpgrader);
  to.logLength = from.logLength;
  to.meetingLog = from.meetingLog;
  if (to.log.length < from.log.length) to.log = new Int32Array(from.log.length);
  // The log's entries (a loop: a subarray to copy from would be one more object a copy).
  const log = to.log;
  const fromLog = from.log;
  for (let i = 0, end = Math.min(fromLog.length, 6 * from.logLength); i < end; i++) log[i] = fromLog[i];
  copyList(to.curve, from.curve);
  copyList(to.initialGold, from.initialGold);
  for (let k = 0; k < from.counters.length; k++) copyList(to.counters[k], from.counters[k]);
  copyList(to.roundCounters, from.roundCounters);
  copyList(to.cardsDrawnList, from.cardsDrawnList);
  to.cardsDrawn = from.cardsDrawn;
  return to;
}

/** An independent copy of `s` (sharing nothing writable): the engine's `clone`, for search from any position. */
export function clone(s: GoldrauschState): GoldrauschState {
  return copyState(new GoldrauschState(s.config, s.players, s.detail), s);
}
