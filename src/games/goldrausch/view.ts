/**
 * The seat view: everything one seat may see (docs/games/goldrausch.md §13), and nothing more.
 * Built fresh for every decision; it shares the state's read-only arrays where they are public.
 */
import type { GameParams, RulesOptions } from './params.js';
import type { Agreement, GoldrauschState, Meeting, Message, Proposal, RoundRecord, StandingClause } from './state.js';
import type { Colour, ContinentIndex, EventSlot } from './types.js';
import { indexOfContinent } from './types.js';

export interface MeetingView {
  readonly tick: number;
  readonly ticks: number;
  /** Where every pawn stands (public since phase 2). */
  readonly locations: readonly ContinentIndex[];
  /** The messages this seat can read, oldest first. */
  readonly messages: readonly Message[];
  readonly proposals: readonly Proposal[];
  /** Agreement in force per continent (null = none). */
  readonly agreements: readonly (Agreement | null)[];
  /** Rotation clauses from earlier rounds that bind this round (same players met again). */
  readonly bindingClauses: readonly StandingClause[];
  /** Who has laid an upgrade card (the colour is hidden). */
  readonly committed: readonly boolean[];
  /** This seat's own card, if laid. */
  readonly ownCommit: Colour | null;
  readonly passed: readonly boolean[];
}

export interface GoldrauschView {
  readonly seat: number;
  readonly players: number;
  readonly round: number;
  readonly rules: RulesOptions;
  readonly params: GameParams;
  readonly stage: 'continent' | 'meeting';
  readonly startPlayer: number;
  /** Gold per seat; null for other seats when gold is hidden (GR-A36). */
  readonly gold: readonly (number | null)[];
  readonly stock: readonly number[];
  readonly caps: readonly number[];
  /** Extraction amounts of the current resource card. */
  readonly extract: readonly number[];
  readonly currentCard: string;
  /** Resource cards revealed so far, oldest first (the current one last). */
  readonly resourceCardsSeen: readonly string[];
  readonly eventDiscard: readonly EventSlot[];
  readonly besideClock: readonly EventSlot[];
  /** Cards left in the event draw pile (their order is hidden). */
  readonly eventDeckSize: number;
  /** Own hand: country cards per continent and upgrade cards [green, red]. */
  readonly countryHand: readonly number[];
  readonly upgradeHand: readonly number[];
  /** Public reputation ledger. */
  readonly kept: readonly number[];
  readonly broken: readonly number[];
  /** Earlier rounds, oldest first. */
  readonly history: readonly RoundRecord[];
  /** Rotation clauses agreed for later rounds. */
  readonly standingClauses: readonly StandingClause[];
  /** Phase 3 so far; null in phase 1. */
  readonly meeting: MeetingView | null;
}

/**
 * The standard hands, shared by every view while nobody keeps passed cards. Never written (read-only
 * types; untrusted bots get deep-frozen views, and the deep-freeze test plays every built-in bot on
 * frozen views). Not frozen here: in Node 20 an element read of a frozen array takes a slow path
 * (~10× a plain array's), and bots and the engine read these on every decision.
 */
const FULL_COUNTRY_HAND: readonly number[] = [1, 1, 1];
const FULL_UPGRADE_HAND: readonly number[] = [1, 1];

function hideGold(gold: readonly number[], seat: number): (number | null)[] {
  return gold.map((g, s) => (s === seat ? g : null));
}

/** History as this seat may read it: private channels hide other continents' messages and agreements (GR-A11). */
function visibleHistory(state: GoldrauschState, seat: number): readonly RoundRecord[] {
  const rules = state.config.rules;
  if (rules.negotiationScope !== 'continent-private' && rules.goldVisibility === 'public') return state.history;
  return state.history.map((r) => ({
    ...r,
    messages:
      rules.negotiationScope === 'continent-private'
        ? r.messages.filter((m) => m.from === seat || m.continent === null || r.locations[seat] === continentOf(m))
        : r.messages,
    agreements: rules.negotiationScope === 'continent-private' ? r.agreements.filter((a) => a.continent === r.locations[seat]) : r.agreements,
    goldBefore: rules.goldVisibility === 'hidden' ? hideGold(r.goldBefore, seat) : r.goldBefore,
    goldAfter: rules.goldVisibility === 'hidden' ? hideGold(r.goldAfter, seat) : r.goldAfter,
  })) as RoundRecord[];
}

/** The agreements list with every continent's entry but `continent`'s blanked (null). */
function ownAgreement(agreements: Meeting['agreements'], continent: ContinentIndex): Meeting['agreements'] {
  if (agreements[0] === null && agreements[1] === null && agreements[2] === null) return agreements;
  const out: (Agreement | null)[] = [null, null, null];
  out[continent] = agreements[continent];
  return out;
}

/** The clauses `seat` is a party to (the list itself when that is all of them). */
function ownClauses(clauses: readonly StandingClause[], seat: number): readonly StandingClause[] {
  let all = true;
  for (let i = 0; i < clauses.length && all; i++) all = clauses[i].parties.includes(seat);
  return all ? clauses : clauses.filter((c) => c.parties.includes(seat));
}

function continentOf(m: Message): ContinentIndex | -1 {
  return indexOfContinent(m.continent);
}

const NO_CLAUSES: readonly StandingClause[] = Object.freeze([]);

/**
 * The last answer of `bindingClauses`: it depends only on the standing clauses, the round and the
 * locations, which stay the same objects through a whole meeting, so every turn's views share one
 * array, as they share the state's arrays (read-only; not frozen, as element reads of frozen arrays
 * are slow in Node 20). A memo of a pure function: it changes no result.
 */
const lastBinding = { clauses: NO_CLAUSES, round: 0, locations: null as readonly ContinentIndex[] | null, out: NO_CLAUSES };

/** The standing rotation clauses that bind this round: their parties, and nobody else, meet on one continent. */
export function bindingClauses(state: GoldrauschState, locations: readonly ContinentIndex[]): readonly StandingClause[] {
  if (state.clauses.length === 0) return NO_CLAUSES;
  const memo = lastBinding;
  if (memo.clauses === state.clauses && memo.round === state.round && memo.locations === locations) return memo.out;
  const out = computeBinding(state, locations);
  memo.clauses = state.clauses;
  memo.round = state.round;
  memo.locations = locations;
  memo.out = out;
  return out;
}

function computeBinding(state: GoldrauschState, locations: readonly ContinentIndex[]): readonly StandingClause[] {
  const out: StandingClause[] = [];
  for (const clause of state.clauses) {
    if (clause.round !== state.round) continue;
    const c = locations[clause.parties[0]];
    let same = true;
    let count = 0;
    for (let s = 0; s < locations.length; s++) {
      if (locations[s] === c) count++;
    }
    for (const p of clause.parties) if (locations[p] !== c) same = false;
    if (same && count === clause.parties.length) out.push(clause);
  }
  return out.length === 0 ? NO_CLAUSES : out;
}

export function seatView(state: GoldrauschState, seat: number): GoldrauschView {
  const { rules, params } = state.config;
  const meeting = state.meeting;
  let meetingView: MeetingView | null = null;
  if (meeting) {
    const myContinent = meeting.locations[seat];
    meetingView = {
      tick: meeting.tick,
      ticks: params.negotiationTicks,
      locations: meeting.locations,
      messages:
        rules.negotiationScope === 'continent-private'
          ? meeting.messages.filter((m) => m.from === seat || continentOf(m) === myContinent || m.continent === null)
          : meeting.messages,
      proposals: rules.negotiationScope === 'continent-private' ? meeting.proposals.filter((p) => p.continent === myContinent) : meeting.proposals,
      // Private channels (GR-A11): an agreement made on another continent is as hidden as its talk.
      agreements: rules.negotiationScope === 'continent-private' ? ownAgreement(meeting.agreements, myContinent) : meeting.agreements,
      bindingClauses:
        rules.negotiationScope === 'continent-private' ? ownClauses(bindingClauses(state, meeting.locations), seat) : bindingClauses(state, meeting.locations),
      committed: meeting.committed,
      ownCommit: meeting.commits[seat],
      passed: meeting.passed,
    };
  }
  const card = params.resourceDeck.cards[state.currentCard];
  return {
    seat,
    players: state.players,
    round: state.round,
    rules,
    params,
    stage: state.stage === 'meeting' ? 'meeting' : 'continent',
    startPlayer: state.startPlayer,
    gold: rules.goldVisibility === 'hidden' ? hideGold(state.gold, seat) : state.gold,
    stock: state.stock,
    caps: state.caps,
    extract: card.extract,
    currentCard: card.id,
    resourceCardsSeen: state.resourceSeen,
    eventDiscard: state.eventDiscard,
    besideClock: state.besideClock,
    eventDeckSize: state.eventDeck.length - state.eventPos,
    countryHand: state.countryHands ? state.countryHands[seat] : FULL_COUNTRY_HAND,
    upgradeHand: state.upgradeHands ? state.upgradeHands[seat] : FULL_UPGRADE_HAND,
    kept: state.kept,
    broken: state.broken,
    history: visibleHistory(state, seat),
    // Private channels (GR-A11): a rotation deal is known to its parties only, like the agreement it came from.
    standingClauses: rules.negotiationScope === 'continent-private' ? ownClauses(state.clauses, seat) : state.clauses,
    meeting: meetingView,
  };
}
