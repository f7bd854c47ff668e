/**
 * Helpers for Goldrausch's engine tests: a config with a fixed wheel, event card and resource card;
 * a game of scripted bots on the engine; and round i of a finished state's record read into plain
 * lists (with names for cards and continents) so a test can compare it with hand-computed values.
 */
import { RandomSource } from '../../../src/core/random.js';
import { GREEN, RED } from '../../../src/games/goldrausch/bot.js';
import { goldrausch } from '../../../src/games/goldrausch/engine.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, resourceDeckFromFile, type GoldrauschConfig } from '../../../src/games/goldrausch/params.js';
import * as R from '../../../src/games/goldrausch/records.js';
import type { GoldrauschState } from '../../../src/games/goldrausch/state.js';
import { EVENT_CARD_IDS, WHEEL_FIELDS } from '../../../src/games/goldrausch/types.js';
import { playGame } from '../../../src/sim/play.js';
import type { GoldrauschBot } from '../../../src/games/goldrausch/bot.js';
import { scripted, type Script } from '../../helpers/scripted.js';

/** A one-card resource deck, a wheel that always shows `wheel`, and an event deck of one card. */
export function fixedConfig(opts: {
  wheel?: keyof typeof DEFAULT_PARAMS.wheel;
  event?: (typeof EVENT_CARD_IDS)[number];
  respawn?: [number, number, number];
  extract?: [number, number, number];
  rules?: Partial<GoldrauschConfig['rules']>;
  params?: Partial<GoldrauschConfig['params']>;
}): GoldrauschConfig {
  const [ra, rr, rv] = opts.respawn ?? [3, 5, 8];
  const [ea, er, ev] = opts.extract ?? [3, 4, 6];
  const deck = resourceDeckFromFile({
    deck_id: 'test-one-card',
    source: 'test',
    cards: [{ id: 'T1', respawn: { azul: ra, rosso: rr, veridia: rv }, extract: { azul: ea, rosso: er, veridia: ev } }],
  });
  const wheel = { 'disaster-azul': 0, 'disaster-rosso': 0, 'disaster-veridia': 0, 'disaster-world': 0, calm: 0, event: 0, [opts.wheel ?? 'calm']: 1 };
  const eventDeck = Object.fromEntries(EVENT_CARD_IDS.map((id) => [id, id === (opts.event ?? 'subsidy') ? 1 : 0])) as GoldrauschConfig['params']['eventDeck'];
  return {
    rules: { ...DEFAULT_RULES, ...opts.rules },
    params: { ...DEFAULT_PARAMS, resourceDeck: deck, wheel, eventDeck, ...opts.params },
  };
}

/** One game of `bots` (scripts or bots) on the engine, through the generic driver. */
export function play(config: GoldrauschConfig, bots: (Script | GoldrauschBot)[], seed = 'test') {
  const random = new RandomSource(seed, 0);
  const made = bots.map((b) => ('chooseContinent' in b ? b : scripted(b)));
  return playGame({ module: goldrausch, config, players: bots.length, bots: made, random });
}

const CARD_NAME = (card: number) => (card === GREEN ? 'green' : card === RED ? 'red' : null);

/** Round i (0-based) of `s`'s record as plain lists, for assertions. */
export function roundOf(s: GoldrauschState, i: number) {
  const h = s.rows;
  const seats = (f: number) => Array.from({ length: s.players }, (_, seat) => h.seat(i, seat, f));
  const continents = (f: number) => [0, 1, 2].map((c) => h.continent(i, c, f));
  const event = h.round(i, R.R_EVENT);
  const next = h.round(i, R.R_NEXT_CARD);
  const breaches: { seat: number; source: string; victims: number }[] = [];
  for (let seat = 0; seat < s.players; seat++) {
    const victims = h.seat(i, seat, R.S_BREACH_VICTIMS);
    if (victims !== -1) breaches.push({ seat, source: h.sourceName(h.seat(i, seat, R.S_BREACH_SOURCE)), victims });
  }
  return {
    round: i + 1,
    startPlayer: h.round(i, R.R_START_PLAYER),
    resourceCard: s.config.params.resourceDeck.cards[h.round(i, R.R_RESOURCE_CARD)].id,
    nextResourceCard: next < 0 ? null : s.config.params.resourceDeck.cards[next].id,
    wheel: WHEEL_FIELDS[h.round(i, R.R_WHEEL)],
    event: event < 0 ? null : s.eventIds[event],
    locations: seats(R.S_LOCATION),
    finalLocations: seats(R.S_FINAL_LOCATION),
    commits: seats(R.S_COMMIT).map(CARD_NAME),
    commitTicks: seats(R.S_COMMIT_TICK),
    finalCards: seats(R.S_FINAL_CARD).map(CARD_NAME),
    goldBefore: seats(R.S_GOLD_BEFORE),
    goldAfter: seats(R.S_GOLD_AFTER),
    eventGold: seats(R.S_EVENT_GOLD),
    upgraded: seats(R.S_UPGRADED).map((v) => v !== 0),
    upgradeSucceeded: seats(R.S_SUCCEEDED).map((v) => v !== 0),
    payout: seats(R.S_PAYOUT),
    fines: seats(R.S_FINES),
    bound: seats(R.S_BOUND),
    breaches,
    stockBefore: continents(R.C_STOCK_BEFORE),
    extract: continents(R.C_EXTRACT),
    collisions: continents(R.C_COLLISION).map((v) => v !== 0),
    disasters: continents(R.C_DISASTER).map((v) => v !== 0),
    stockAfterProfit: continents(R.C_STOCK_AFTER_PROFIT),
    respawned: continents(R.C_RESPAWNED),
    stockAfter: continents(R.C_STOCK_AFTER),
    agreements: continents(R.C_AGREEMENT),
    agreementParties: continents(R.C_PARTIES),
  };
}

/** Every recorded round of `s`. */
export function historyOf(s: GoldrauschState) {
  return Array.from({ length: s.historyLength }, (_, i) => roundOf(s, i));
}

/** What a seat's view shows of the game now (the reads a bot can make), as one JSON string. */
export function viewSnapshot(v: import('../../../src/games/goldrausch/view.js').GoldrauschView): string {
  const n = v.players;
  const seats = (f: (seat: number) => unknown) => Array.from({ length: n }, (_, seat) => f(seat));
  const cs = (f: (c: number) => unknown) => [0, 1, 2].map(f);
  const now = {
    seat: v.seat,
    round: v.round,
    stage: v.stage,
    startPlayer: v.startPlayer,

    stock: cs((c) => v.stock(c)),
    cap: cs((c) => v.cap(c)),
    extract: cs((c) => v.extract(c)),
    gold: seats((s) => v.gold(s)),
    hand: [...cs((c) => v.countryHand(c)), v.upgradeHand(GREEN), v.upgradeHand(RED)],
    ledger: seats((s) => [v.kept(s), v.broken(s)]),
    resourceCard: v.resourceCard,
    seen: Array.from({ length: v.resourceCardsSeen }, (_, i) => v.resourceCardSeen(i)),
    eventDeckSize: v.eventDeckSize,
    discard: Array.from({ length: v.eventDiscardCount }, (_, i) => v.eventDiscard(i)),
    beside: Array.from({ length: v.besideClockCount }, (_, i) => v.besideClock(i)),
    meeting: v.stage === 'meeting' ? meetingOf(v, seats, cs) : null,
    clauses: Array.from({ length: v.clauseCount }, (_, k) => [v.clauseRound(k), v.clauseParties(k), v.clauseUpgrader(k), v.clauseSource(k), v.clauseBinds(k)]),
    history: Array.from({ length: v.historyLength }, (_, i) => ({
      wheel: v.histWheel(i),
      event: v.histEvent(i),
      seats: seats((s) => [v.histLocation(i, s), v.histCommit(i, s), v.histPayout(i, s), v.histFines(i, s), v.histGoldAfter(i, s), v.histBreachVictims(i, s)]),
      agreements: cs((c) => [v.histAgreement(i, c), v.histAgreementParties(i, c)]),
    })),
    messages: Array.from({ length: v.historyLength + 1 }, (_, i) => {
      const out: number[][] = [];
      for (let k = v.messagesFrom(i); k < v.messagesTo(i); k++)
        out.push([v.messageTick(k), v.messageFrom(k), v.messageType(k), v.messageContinent(k), v.messageRef(k), v.messageValue(k)]);
      return out;
    }),
  };
  return JSON.stringify(now);
}

/** The meeting's part of a view (phase 3 only: in phase 1 it still shows the last meeting's). */
function meetingOf(
  v: import('../../../src/games/goldrausch/view.js').GoldrauschView,
  seats: (f: (seat: number) => unknown) => unknown[],
  cs: (f: (c: number) => unknown) => unknown[],
) {
  return {
    tick: v.tick,
    locations: seats((s) => v.location(s)),
    committed: seats((s) => v.committed(s)),
    passed: seats((s) => v.passed(s)),
    ownCommit: v.ownCommit,
    ownPromise: v.ownPromise,
    proposals: Array.from({ length: v.proposalCount }, (_, i) => [
      v.proposalContinent(i),
      v.proposalProposer(i),
      v.proposalUpgrader(i),
      v.proposalAccepted(i),
      v.proposalRejected(i),
    ]),
    agreements: cs((c) => [v.agreement(c), v.agreementParties(c), v.agreementUpgrader(c)]),
  };
}

/** The meeting log of `s` (every message of the game so far), as records. */
export function logOf(s: GoldrauschState) {
  return Array.from({ length: s.logLength }, (_, k) => {
    const at = 6 * k;
    return { tick: s.log[at], from: s.log[at + 1], type: s.log[at + 2], continent: s.log[at + 3], a: s.log[at + 4], b: s.log[at + 5] };
  });
}

/**
 * Every getter of a seat view as plain data (the search contract's test: a sampled state must show
 * the seat exactly this): viewSnapshot's reads, and the rules, the meeting's proposals with their
 * clauses and this seat's rejections, the clause plans, and every field of every recorded round.
 */
export function fullView(v: import('../../../src/games/goldrausch/view.js').GoldrauschView): unknown {
  const n = v.players;
  const seats = (f: (seat: number) => unknown) => Array.from({ length: n }, (_, seat) => f(seat));
  const cs = (f: (c: number) => unknown) => [0, 1, 2].map(f);
  const rounds = Array.from({ length: v.historyLength }, (_, i) => ({
    round: v.histRound(i),
    start: v.histStartPlayer(i),
    cards: [v.histResourceCard(i), v.histNextResourceCard(i), v.histWheel(i), v.histEvent(i)],
    seats: seats((s) => [
      v.histLocation(i, s),
      v.histFinalLocation(i, s),
      v.histCommit(i, s),
      v.histCommitTick(i, s),
      v.histFinalCard(i, s),
      v.histUpgraded(i, s),
      v.histSucceeded(i, s),
      v.histPayout(i, s),
      v.histFines(i, s),
      v.histEventGold(i, s),
      v.histGoldBefore(i, s),
      v.histGoldAfter(i, s),
      v.histBound(i, s),
      v.histBreachVictims(i, s),
      v.histBreachSource(i, s),
    ]),
    continents: cs((c) => [
      v.histStockBefore(i, c),
      v.histStockAfterProfit(i, c),
      v.histStockAfter(i, c),
      v.histExtract(i, c),
      v.histRespawned(i, c),
      v.histCollision(i, c),
      v.histDisaster(i, c),
      v.histAgreement(i, c),
      v.histAgreementParties(i, c),
      v.histAgreementUpgrader(i, c),
    ]),
    proposals: Array.from({ length: v.histProposalCount(i) }, (_, p) => [
      v.histProposalContinent(i, p),
      v.histProposalUpgrader(i, p),
      Array.from({ length: v.histProposalClauseCount(i, p) }, (_, k) => [v.histProposalClauseRound(i, p, k), v.histProposalClauseUpgrader(i, p, k)]),
    ]),
  }));
  return {
    snapshot: JSON.parse(viewSnapshot(v)),
    game: [v.rules, v.rounds, v.ticks, v.messagesPerTick, v.fine, v.winThreshold, v.winThresholdStrict],
    disaster: cs((c) => v.disaster(c)),
    meeting:
      v.stage === 'meeting'
        ? {
            ownCommit: v.ownCommit,
            proposals: Array.from({ length: v.proposalCount }, (_, i) => [
              v.proposalId(i),
              v.hasRejected(i),
              Array.from({ length: v.proposalClauseCount(i) }, (_, k) => [v.proposalClauseRound(i, k), v.proposalClauseUpgrader(i, k)]),
            ]),
            clausePlans: seats((s) => v.clausePlan(s)),
          }
        : null,
    rounds,
  };
}
