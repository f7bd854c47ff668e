/**
 * Phases 4–6 of a round on the reference engine's immutable state (docs/games/goldrausch.md §4–§8):
 * the rules themselves run on a fresh `RoundWork` (round.ts, climate.ts, shared with the fast kernel);
 * this file draws the event card from the state's decks, checks the round's obligations and builds
 * the next state and its round record.
 */
import type { RandomSource } from '../../core/random.js';
import { respawn, reshuffledResources, timeLimitWinners } from './climate.js';
import { applyWheel, drawEvent, endOfRoundEvent, spinWheel, wheelOf, type EventDecks } from './events.js';
import { capOf, newWork, resolveProfit, richestAtThreshold, type RoundWork } from './round.js';
import { appended, type Agreement, type Breach, type GoldrauschState, type Meeting, type RoundRecord, type StandingClause } from './state.js';
import type { Colour, EventSlot, WheelField } from './types.js';
import { CONTINENTS } from './types.js';
import { GREEN, NONE, RED } from './fast/view.js';
import { passCards } from './hands.js';
import { BY_PROMISE, FIRST_CLAUSE, UNBOUND, bindObligations, maskOf, seatsOf } from './obligations.js';
import { bindingClauses } from './view.js';

/** Scratch of `checkObligations` (one module, one thread; filled before each read). */
const BOUND: number[] = [];
const VICTIMS: number[] = [];
const SOURCES = {
  agreementParties: [0, 0, 0],
  agreementUpgraders: [-1, -1, -1],
  clauseParties: [] as number[],
  clauseUpgraders: [] as number[],
  clauseCount: 0,
  redPromises: 0,
};

/**
 * Obligations at phase 5 (§15.3, obligations.ts `bindObligations`): the breaches (each named by the
 * agreement or clause id, or "promise", that first bound its seat) and the seats that kept theirs.
 */
function checkObligations(state: GoldrauschState, meeting: Meeting, commits: readonly (Colour | null)[]) {
  const n = state.players;
  const b = SOURCES;
  for (let c = 0; c < 3; c++) {
    const a = meeting.agreements[c];
    b.agreementParties[c] = a ? maskOf(a.parties) : 0;
    b.agreementUpgraders[c] = a?.upgrader ?? -1;
  }
  const binding = bindingClauses(state, meeting.locations);
  for (let i = 0; i < binding.length; i++) {
    b.clauseParties[i] = maskOf(binding[i].parties);
    b.clauseUpgraders[i] = binding[i].upgrader ?? -1;
  }
  b.clauseCount = binding.length;
  let red = 0;
  for (let s = 0; s < n; s++) if (meeting.promises[s] === 'RED') red |= 1 << s;
  b.redPromises = red;
  bindObligations(n, meeting.locations, b, BOUND, VICTIMS);
  // Fresh lists (not the shared frozen EMPTY): they go into the history, which bots iterate, and
  // iterating a frozen array takes a slow path in Node 20.
  let breaches: readonly Breach[] = [];
  let kept: readonly number[] = [];
  for (let s = 0; s < n; s++) {
    const by = BOUND[s];
    if (by === UNBOUND) continue;
    if (commits[s] === 'green') {
      const source = by === BY_PROMISE ? 'promise' : by >= FIRST_CLAUSE ? binding[by - FIRST_CLAUSE].source : meeting.agreements[by]!.id;
      breaches = appended(breaches, { seat: s, round: state.round, continent: CONTINENTS[meeting.locations[s]], source, victims: seatsOf(VICTIMS[s], n) });
    } else kept = appended(kept, s);
  }
  return { breaches, kept };
}

/** New rotation clauses from this round's agreements (§15.2 `next`). */
function newClauses(meeting: Meeting): StandingClause[] {
  const out: StandingClause[] = [];
  for (let i = 0; i < meeting.agreements.length; i++) {
    const a = meeting.agreements[i];
    if (!a) continue;
    const proposal = meeting.proposals.find((p) => p.id === a.id)!;
    for (const clause of proposal.next) {
      out.push({ source: a.id, round: clause.round, parties: a.parties, upgrader: clause.upgrader });
    }
  }
  return out;
}

/** Phases 4–6 of the round, after `meeting` (phase 3) ended. */
export function resolveRound(state: GoldrauschState, meeting: Meeting, random: RandomSource): GoldrauschState {
  const { config } = state;
  const { rules, params } = config;
  const n = state.players;
  // Timeout = red (GR-A10), unless the phase-1 card stands as the commitment (GR-A9 option).
  // (Without that option the laid cards are used as they are: no copy.)
  const commits = rules.phase1UpgradeCard === 'default-commitment' ? meeting.commits.map((c, s) => (c === null ? meeting.provisional[s] : c)) : meeting.commits;
  const card = params.resourceDeck.cards[state.currentCard];
  const work: RoundWork = newWork(state, card.extract, meeting.locations, commits);

  // Phase 4: the wheel.
  const wheel: WheelField = spinWheel(wheelOf(params.wheel), random, state.round);
  // The event decks as this round leaves them (the state's lists, replaced when they change).
  const decks: EventDecks = {
    deck: state.eventDeck,
    pos: state.eventPos,
    discard: state.eventDiscard,
    besideClock: state.besideClock,
    shuffles: state.eventShuffles,
  };
  const event: EventSlot | null = wheel === 'event' ? drawEvent(decks, params, random) : null;
  let over = false;
  over = applyWheel(work, wheel, event, random);
  // Phase 5: profit.
  if (!over) over = resolveProfit(work);
  const { breaches, kept } = checkObligations(state, meeting, commits);
  const stockAfterProfit = work.stock.slice();

  // Phase 6: climate change.
  let resourcePos = state.resourcePos;
  let resourceOrder = state.resourceOrder;
  let resourceShuffles = state.resourceShuffles;
  let currentCard = state.currentCard;
  let nextResourceCard: string | null = null;
  const respawned = [0, 0, 0];
  const lastRound = state.round >= params.rounds;
  if (!over && !lastRound) {
    // GR-A3: no card is revealed after the final round.
    if (rules.respawnTiming === 'end-of-current-round') respawn(work, currentCard, respawned);
    if (resourcePos >= resourceOrder.length) {
      resourceShuffles++;
      resourceOrder = [...resourceOrder, ...reshuffledResources(config, currentCard, random, resourceShuffles)];
    }
    currentCard = resourceOrder[resourcePos++];
    nextResourceCard = params.resourceDeck.cards[currentCard].id;
    if (rules.respawnTiming === 'on-reveal') respawn(work, currentCard, respawned);
  }
  endOfRoundEvent(decks, params, event);
  let winners = work.winners;
  let endedBy: GoldrauschState['endedBy'] = over ? 'race' : null;
  if (!over && rules.winCheck === 'end-of-round') {
    winners = richestAtThreshold(config, work.gold);
    if (winners.length > 0) {
      over = true;
      endedBy = 'race';
    }
  }
  if (!over && lastRound) {
    winners = timeLimitWinners(work, random);
    over = true;
    endedBy = 'clock';
  }
  let agreements: readonly Agreement[] = []; // fresh, see checkObligations
  for (let i = 0; i < meeting.agreements.length; i++) {
    const a = meeting.agreements[i];
    if (a !== null) agreements = appended(agreements, a);
  }
  const record: RoundRecord = {
    round: state.round,
    startPlayer: state.startPlayer,
    goldBefore: state.gold,
    stockBefore: state.stock,
    extract: card.extract,
    resourceCard: card.id,
    locations: meeting.locations,
    messages: meeting.messages,
    agreements,
    commits: meeting.commits,
    commitTicks: meeting.commitTicks,
    wheel,
    event,
    eventGold: work.eventGold,
    finalLocations: work.locations,
    finalCards: work.cards,
    upgraded: work.upgraded,
    upgradeSucceeded: work.upgradeSucceeded,
    collisions: work.collisions,
    disasters: work.disaster,
    payout: work.payout,
    fines: work.fines,
    breaches,
    kept,
    stockAfterProfit,
    nextResourceCard,
    respawned,
    goldAfter: work.gold,
    stockAfter: work.stock,
    winners,
  };
  // The ledgers are copied only when they change (states share unchanged lists; none is ever written).
  let keptLedger = state.kept;
  let brokenLedger = state.broken;
  if (kept.length > 0) {
    const ledger = state.kept.slice();
    for (let i = 0; i < kept.length; i++) ledger[kept[i]]++;
    keptLedger = ledger;
  }
  if (breaches.length > 0) {
    const ledger = state.broken.slice();
    for (let i = 0; i < breaches.length; i++) ledger[breaches[i].seat]++;
    brokenLedger = ledger;
  }
  const hands = nextHands(state, work, meeting);
  const fresh = newClauses(meeting);
  const clauses = state.clauses.length === 0 ? fresh : [...state.clauses.filter((c) => c.round > state.round), ...fresh];
  // The next state as one literal in canonical field order (see copyState).
  return {
    config,
    players: n,
    round: over ? state.round : state.round + 1,
    stage: over ? 'over' : 'continent',
    startPlayer: over ? state.startPlayer : (state.startPlayer + 1) % n,
    gold: work.gold,
    stock: work.stock,
    capReduction: work.capReduction,
    caps: work.capReduction === state.capReduction ? state.caps : [0, 1, 2].map((c) => capOf(work, c)),
    bank: work.bank,
    finesPaid: work.finesPaid,
    resourceOrder,
    resourcePos,
    currentCard,
    resourceShuffles,
    resourceSeen: nextResourceCard === null ? state.resourceSeen : appended(state.resourceSeen, nextResourceCard),
    eventDeck: decks.deck,
    eventPos: decks.pos,
    eventDiscard: decks.discard,
    besideClock: decks.besideClock,
    eventShuffles: decks.shuffles,
    tieBreaks: work.tieBreaks,
    countryHands: hands.country,
    upgradeHands: hands.upgrade,
    kept: keptLedger,
    broken: brokenLedger,
    clauses,
    history: appended(state.history, record),
    meeting: null,
    winners,
    endedBy,
  };
}

const STANDARD_HANDS = Object.freeze({ country: null, upgrade: null });

/** GR-A32: hands for the next round (standard hands unless passed cards are kept; hands.ts `passCards`). */
function nextHands(state: GoldrauschState, work: RoundWork, meeting: Meeting) {
  if (state.config.rules.passedCards === 'return-to-owner') return STANDARD_HANDS;
  const n = state.players;
  const country = (state.countryHands ?? Array.from({ length: n }, () => [1, 1, 1])).map((h) => h.slice());
  const upgrade = (state.upgradeHands ?? Array.from({ length: n }, () => [1, 1])).map((h) => h.slice());
  const laid = meeting.commits.map((c) => (c === 'green' ? GREEN : c === 'red' ? RED : NONE));
  passCards(n, meeting.locations, work.locations, work.cardFrom, laid, country, upgrade);
  return { country, upgrade };
}
