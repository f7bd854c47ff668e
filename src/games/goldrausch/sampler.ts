/**
 * A state consistent with one seat's view (docs/games/goldrausch.md §13), every hidden part drawn from
 * the caller's stream: what a search bot plays the engine forward from (an information-set sample). It
 * reads the view alone — never the true state.
 *
 * Built exactly from the view (public, or this seat's own): round, stage, start player, stock, the cap
 * cut (from the cards beside the clock), the resource cards revealed, the event discard pile and the
 * cards beside the clock, the ledger, the history the bots read (where the pawns stood, the cards laid,
 * the sole upgrades, the breaches), the standing rotation clauses, and in phase 3 the pawns, the tick,
 * the proposals, acceptances, rejections and agreements, who has laid a card and passed, this seat's
 * card. Derived from the public record: the promises (each seat's latest PROMISE), the commit ticks
 * (COMMITTED messages), fines paid, the other seats' hands when passed cards are kept (GR-A32: every
 * card move is public after phase 5), hidden gold (GR-A36: start gold plus each round's payout, event
 * change, fines and gifts), a finite bank (GR-A35: gold is conserved).
 *
 * Sampled: the order of the unseen resource cards (the deck's cycle minus the cards seen in it), the
 * order of the event draw pile (the deck minus the discard pile and the cards beside the clock), the
 * colours of the other seats' laid cards (`guessCommit`, default a fair coin), the provisional
 * phase-1 cards (GR-A9 option), and the seat order of the current tick (the seats that already spoke
 * this tick, this seat, the others in a sampled order). Chance that has not happened yet (wheel,
 * reshuffles, tie-breaks, later ticks' orders) is not in the state: the caller plays it with a
 * `RandomSource` of its own.
 *
 * Proposals keep the view's numbers (one this seat may not see keeps its place, continent −1), so a
 * message the caller wrote for the true game names the same proposal in the sample.
 */
import type { RandomStream } from '../../core/random.js';
import { GREEN, MSG_COMMITTED, MSG_GIFT, MSG_PROMISE, NONE, RED } from './bot.js';
import { eventCardOf, eventCardsOf } from './cards.js';
import { setExtract } from './climate.js';
import { findBindingClauses, standOn, LOG_A, LOG_B, LOG_CONTINENT, LOG_FIELDS, LOG_FROM, LOG_TICK, LOG_TYPE } from './meeting.js';
import type { GameParams, GoldrauschConfig, RulesOptions } from './params.js';
import {
  C_AGREEMENT,
  C_COLLISION,
  C_DISASTER,
  C_EXTRACT,
  C_PARTIES,
  C_RESPAWNED,
  C_STOCK_AFTER,
  C_STOCK_AFTER_PROFIT,
  C_STOCK_BEFORE,
  C_UPGRADER,
  proposalCode,
  R_EVENT,
  R_LOG_END,
  R_LOG_START,
  R_NEXT_CARD,
  R_PROPOSAL_START,
  R_RESOURCE_CARD,
  R_START_PLAYER,
  R_WHEEL,
  S_BOUND,
  S_BREACH_SOURCE,
  S_BREACH_VICTIMS,
  S_COMMIT,
  S_COMMIT_TICK,
  S_EVENT_GOLD,
  S_FINAL_CARD,
  S_FINAL_LOCATION,
  S_FINES,
  S_GOLD_AFTER,
  S_GOLD_BEFORE,
  S_LOCATION,
  S_PAYOUT,
  S_SUCCEEDED,
  S_UPGRADED,
} from './records.js';
import { copyState } from './clone.js';
import { CONTINENT_FIELDS, GoldrauschState, nextSerial, ROUND_FIELDS, SEAT_FIELDS, SOURCE_PROMISE, Stage, WHEEL_CODE } from './state.js';
import type { GoldrauschView } from './view.js';

export interface SampleOptions {
  /**
   * The colour (GREEN or RED) of the card another seat has laid this meeting, hidden until phase 5.
   * Called once per such seat, in seat order, with the sample built but for the laid colours, the
   * tick's order and the provisional cards: `state`'s view of `seat` shows it before it laid its card,
   * with full hands. The default draws green or red with probability 1/2 from the stream.
   */
  readonly guessCommit?: (seat: number, state: GoldrauschState) => number;
  /** Keep the story's detail (state.ts `detail`); default false (a search's playouts need none of it). */
  readonly detail?: boolean;
}

/** The config of a view's samples: its (frozen) rules and params, one object per params (the engine's tables are per config). */
const CONFIGS = new WeakMap<GameParams, GoldrauschConfig>();
function configOf(rules: RulesOptions, params: GameParams): GoldrauschConfig {
  let config = CONFIGS.get(params);
  if (config === undefined || config.rules !== rules) CONFIGS.set(params, (config = { rules, params }));
  return config;
}

/** Fisher–Yates with the caller's stream, in place (the old determinization's order of draws). */
function shuffleWith<T>(items: T[], random: RandomStream): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
  return items;
}

/**
 * The resource deck as the engine would hold it: the cards seen so far in their order (`order`), then
 * the unseen cards of the current cycle (`left`, shuffled per sample). A cycle is the whole deck
 * first, then (after a reshuffle, rounds > deck size) every card but the one current at the reshuffle.
 */
function resourceDeck(view: GoldrauschView) {
  const cards = view.params.resourceDeck.cards;
  const indexOf = new Map<string, number[]>();
  cards.forEach((c, i) => indexOf.set(c.id, [...(indexOf.get(c.id) ?? []), i]));
  const seen = view.resourceCardsSeen;
  const order: number[] = [];
  let cycle: number[] = cards.map((_, i) => i);
  let shuffles = 0;
  let left = cycle.slice();
  for (let k = 0; k < seen; k++) {
    if (left.length === 0) {
      // A reshuffle: every card but the current one (a one-card deck reuses it).
      shuffles++;
      const current = order[order.length - 1];
      cycle = cards.length > 1 ? cards.map((_, i) => i).filter((i) => i !== current) : [0];
      left = cycle.slice();
    }
    // Several cards may share an id: take the first unused index with it in this cycle.
    const id = view.resourceCardSeen(k);
    const candidates = indexOf.get(id) ?? [];
    const at = left.findIndex((i) => candidates.includes(i));
    if (at < 0) throw new RangeError(`sampleState: resource card ${JSON.stringify(id)} is not in the deck (or seen too often)`);
    order.push(left[at]);
    left.splice(at, 1);
  }
  return { order, left, pos: seen, current: order[seen - 1], shuffles };
}

/** The event draw pile as slots, before its shuffle: the deck's cards minus the discard pile and those beside the clock. */
function eventPile(view: GoldrauschView): number[] {
  const ids = eventCardsOf(view.params).map((c) => c.id);
  const remaining = new Map<string, number>();
  for (const id of ids) remaining.set(id, view.params.eventDeck[id] ?? 0);
  for (let i = 0; i < view.eventDiscardCount; i++) takeCard(remaining, view.eventDiscard(i));
  for (let i = 0; i < view.besideClockCount; i++) takeCard(remaining, view.besideClock(i));
  const pile: number[] = [];
  for (let slot = 0; slot < ids.length; slot++) for (let k = 0; k < (remaining.get(ids[slot]) ?? 0); k++) pile.push(slot);
  return pile;
}

function takeCard(remaining: Map<string, number>, id: string): void {
  if (id !== 'blank') remaining.set(id, (remaining.get(id) ?? 0) - 1);
}

/** The slot (state.ts `eventIds` index) of an event card id. */
function slotOf(s: GoldrauschState, id: string): number {
  const slot = s.eventIds.indexOf(id);
  return slot < 0 ? s.blankSlot : slot;
}

/** Gold per seat: the view's, or (hidden gold, GR-A36) rebuilt from the public record. */
function goldOf(view: GoldrauschView, out: number[]): void {
  const n = view.players;
  let hidden = false;
  for (let s = 0; s < n; s++) if (view.gold(s) === null) hidden = true;
  if (!hidden) {
    for (let s = 0; s < n; s++) out[s] = view.gold(s) as number;
    return;
  }
  const rebuilt: number[] = new Array<number>(n).fill(view.params.startingGold);
  for (let i = 0; i < view.historyLength; i++) {
    for (let s = 0; s < n; s++) rebuilt[s] += view.histEventGold(i, s) + view.histPayout(i, s) - view.histFines(i, s);
  }
  for (let i = 0; i <= view.historyLength; i++) {
    for (let k = view.messagesFrom(i); k < view.messagesTo(i); k++) {
      if (view.messageType(k) !== MSG_GIFT) continue;
      rebuilt[view.messageFrom(k)] -= view.messageValue(k);
      rebuilt[view.messageRef(k)] += view.messageValue(k);
    }
  }
  for (let s = 0; s < n; s++) out[s] = view.gold(s) ?? Math.max(0, rebuilt[s]);
}

/**
 * Hands when passed cards are kept (GR-A32), replayed from the public record: each seat gives up the
 * country card it chose and holds the one of the continent its pawn ended on; it gives up the upgrade
 * card it laid (a timed-out seat a red one, if it holds one) and takes the card that lay in front of
 * it in phase 5. This seat's own hands are the view's.
 */
function handsOf(view: GoldrauschView, s: GoldrauschState): void {
  const n = view.players;
  if (view.rules.passedCards === 'keep') {
    for (let i = 0; i < view.historyLength; i++) {
      for (let seat = 0; seat < n; seat++) s.countryHands[seat][view.histLocation(i, seat)]--;
      for (let seat = 0; seat < n; seat++) s.countryHands[seat][view.histFinalLocation(i, seat)]++;
      const physical: number[] = [];
      for (let seat = 0; seat < n; seat++) {
        const c = view.histCommit(i, seat);
        physical.push(c !== NONE ? c : s.upgradeHands[seat][1] > 0 ? RED : NONE);
      }
      for (let seat = 0; seat < n; seat++) if (physical[seat] !== NONE) s.upgradeHands[seat][physical[seat] - 1]--;
      for (let seat = 0; seat < n; seat++) {
        const c = view.histFinalCard(i, seat);
        if (c !== NONE) s.upgradeHands[seat][c - 1]++;
      }
    }
    for (let seat = 0; seat < n; seat++) {
      for (let k = 0; k < 3; k++) s.countryHands[seat][k] = Math.max(0, s.countryHands[seat][k]);
      for (let k = 0; k < 2; k++) s.upgradeHands[seat][k] = Math.max(0, s.upgradeHands[seat][k]);
    }
  }
  const me = view.seat;
  for (let c = 0; c < 3; c++) s.countryHands[me][c] = view.countryHand(c);
  s.upgradeHands[me][0] = view.upgradeHand(GREEN);
  s.upgradeHands[me][1] = view.upgradeHand(RED);
}

/**
 * A state consistent with `view`, hidden parts drawn from `random` (see the file comment). In phase 3
 * the state is at this seat's turn, so the engine's `pending` asks this seat. With `into` (a state of
 * an earlier sample of the same view, ViewSample) the sample is written into it.
 */
export function sampleState(view: GoldrauschView, random: RandomStream, options: SampleOptions = {}): GoldrauschState {
  return new ViewSample(view, options).take(random);
}

/**
 * `sampleState` prepared for many samples of one view (what a search draws at each decision): the
 * view is read once into a template that holds everything the view shows; each `draw` copies it
 * (the engine's `copyState`) and draws the hidden parts — the same draws, in the same order, as
 * `sampleState` from the same stream.
 */
export class ViewSample {
  private readonly template: GoldrauschState;
  /** The unseen resource cards of the current cycle, and the event draw pile (slots), before their shuffles. */
  private readonly left: readonly number[];
  private readonly pile: readonly number[];
  private readonly eventSize: number;
  private readonly seen: number;
  /** In phase 3: the seats that already spoke this tick (in that order), and the others but this seat. */
  private readonly before: readonly number[] = [];
  private readonly after: readonly number[] = [];
  private readonly shuffled: number[] = [];
  private taken = false;

  constructor(
    private readonly view: GoldrauschView,
    private readonly options: SampleOptions = {},
  ) {
    const config = configOf(view.rules, view.params);
    const n = view.players;
    const s = (this.template = new GoldrauschState(config, n, options.detail ?? false));
    const deck = resourceDeck(view);
    this.left = deck.left;
    this.pile = eventPile(view);
    this.eventSize = view.eventDeckSize;
    this.seen = deck.pos;
    // The game as the view shows it.
    s.round = view.round;
    s.startPlayer = view.startPlayer;
    s.historyLength = view.historyLength;
    goldOf(view, s.gold);
    let goldTotal = 0;
    let stockTotal = 0;
    for (let seat = 0; seat < n; seat++) goldTotal += s.gold[seat];
    for (let c = 0; c < 3; c++) {
      s.stock[c] = view.stock(c);
      stockTotal += s.stock[c];
    }
    // GR-A29: the cap cuts lie beside the clock for good.
    for (let i = 0; i < view.besideClockCount; i++) {
      const id = view.besideClock(i);
      if (id === 'blank') continue;
      const effect = eventCardOf(view.params, id).effect;
      if (effect.kind === 'cap-cut') s.capReduction += effect.amount;
    }
    // GR-A35: with a finite bank gold is conserved between bank, players and continents.
    s.bank = s.finiteBank ? 270 - goldTotal - stockTotal : 0;
    for (let i = 0; i < view.historyLength; i++) for (let seat = 0; seat < n; seat++) s.finesPaid[seat] += view.histFines(i, seat);
    for (let i = 0; i < deck.order.length; i++) s.resourceOrder[i] = deck.order[i];
    s.resourceLength = deck.order.length + deck.left.length;
    s.resourcePos = deck.pos;
    s.currentCard = deck.current;
    s.resourceShuffles = deck.shuffles;
    setExtract(s);
    s.eventLength = this.eventSize;
    s.eventPos = 0;
    for (let i = 0; i < view.eventDiscardCount; i++) s.eventDiscard[i] = slotOf(s, view.eventDiscard(i));
    s.discardLength = view.eventDiscardCount;
    for (let i = 0; i < view.besideClockCount; i++) s.besideClock[i] = slotOf(s, view.besideClock(i));
    s.besideLength = view.besideClockCount;
    handsOf(view, s);
    for (let seat = 0; seat < n; seat++) {
      s.kept[seat] = view.kept(seat);
      s.broken[seat] = view.broken(seat);
    }
    // The record as this seat sees it, and the standing rotation clauses (those hidden from it kept as
    // blanks that bind nobody, so that the clauses keep the view's numbers).
    recordOf(view, s);
    for (let k = 0; k < view.clauseCount; k++) {
      s.clauseRound[k] = view.clauseParties(k) === 0 ? 0 : view.clauseRound(k);
      s.clauseParties[k] = view.clauseParties(k);
      s.clauseUpgrader[k] = view.clauseUpgrader(k);
      s.clauseSource[k] = sourceCode(view.clauseSource(k));
    }
    const clauses = view.clauseCount;
    s.clauseCount = clauses;
    s.stage = Stage.continent;
    if (view.stage === 'meeting') {
      readMeeting(view, s);
      // This tick's order: the seats that already spoke this tick (in that order), this seat, whose
      // turn it is, then the others in a sampled order.
      const me = view.seat;
      const before: number[] = [];
      for (let k = view.messagesFrom(view.historyLength); k < view.messagesTo(view.historyLength); k++) {
        const sender = view.messageFrom(k);
        if (view.messageTick(k) === view.tick && sender !== me && sender >= 0 && view.messageType(k) !== MSG_GIFT && !before.includes(sender))
          before.push(sender);
      }
      const after: number[] = [];
      for (let seat = 0; seat < n; seat++) if (seat !== me && !before.includes(seat)) after.push(seat);
      this.before = before;
      this.after = after;
    }
  }

  /** One more sample: into `into` when it is a state of this view's samples (same config, players and detail), else a new one. */
  draw(random: RandomStream, into?: GoldrauschState): GoldrauschState {
    const t = this.template;
    const s =
      into !== undefined && into !== t && into.config === t.config && into.players === t.players && into.detail === t.detail
        ? copyState(into, t)
        : copyState(new GoldrauschState(t.config, t.players, t.detail), t);
    return this.finish(s, random);
  }

  /** The one sample of `sampleState`: the template itself, finished (no copy); the object draws no more after it. */
  take(random: RandomStream): GoldrauschState {
    if (this.taken) throw new Error('ViewSample.take: the template was taken already');
    this.taken = true;
    this.template.game = nextSerial();
    return this.finish(this.template, random);
  }

  /** The hidden parts of `s` (a copy of the template), drawn in sampleState's order. */
  private finish(s: GoldrauschState, random: RandomStream): GoldrauschState {
    // The unseen resource cards, then the event draw pile (trimmed or padded to the size the view
    // says: a blanked deck, analysis only, can differ).
    const list = this.shuffled;
    list.length = 0;
    for (let i = 0; i < this.left.length; i++) list.push(this.left[i]);
    shuffleWith(list, random);
    for (let i = 0; i < list.length; i++) s.resourceOrder[this.seen + i] = list[i];
    list.length = 0;
    for (let i = 0; i < this.pile.length; i++) list.push(this.pile[i]);
    shuffleWith(list, random);
    for (let i = 0; i < this.eventSize; i++) s.eventDeck[i] = i < list.length ? list[i] : s.blankSlot;
    if (this.view.stage === 'meeting') this.finishMeeting(s, random);
    return s;
  }

  /**
   * The others' laid cards, guessed in seat order, each from that seat's view as it was before it
   * laid its card (and with full hands); this tick's order; the provisional cards.
   */
  private finishMeeting(s: GoldrauschState, random: RandomStream): void {
    const view = this.view;
    const me = view.seat;
    const n = view.players;
    for (let seat = 0; seat < n; seat++) {
      if (seat === me || s.committed[seat] === 0) continue;
      s.commits[seat] = guess(s, seat, random, this.options);
    }
    if (view.ownCommit !== NONE && s.commitTicks[me] === 0) s.commitTicks[me] = view.tick;
    const after = this.after.slice();
    shuffleWith(after, random);
    s.order = [...this.before, me, ...after];
    s.turn = this.before.length;
    if (s.defaultCommitment) for (let seat = 0; seat < n; seat++) s.provisional[seat] = random.next() < 0.5 ? GREEN : RED;
  }
}

/** A breach's or clause's source as records.ts codes it: "promise", or a proposal id such as "r3-V-1" ("" and anything else: 0). */
function sourceCode(name: string): number {
  if (name === 'promise') return SOURCE_PROMISE;
  const m = /^r(\d+)-([ARV])-(\d+)$/.exec(name);
  return m === null ? 0 : proposalCode(Number(m[1]), 'ARV'.indexOf(m[2]), Number(m[3]) - 1);
}

/**
 * The public record as `view` shows it — every finished round's rows, its proposals and the meeting
 * log (entries this seat may not read stay as the view shows them: type 0, sender −1) — at the same
 * positions, so the sample's view of this seat reads the same numbers. Gold hidden from the seat
 * (GR-A36) is recorded as 0.
 */
function recordOf(view: GoldrauschView, s: GoldrauschState): void {
  const n = view.players;
  const ids = view.params.resourceDeck.cards.map((c) => c.id);
  for (let i = 0; i < view.historyLength; i++) {
    for (let seat = 0; seat < n; seat++) {
      const at = (i * n + seat) * SEAT_FIELDS;
      const row = s.seatRows;
      row[at + S_LOCATION] = view.histLocation(i, seat);
      row[at + S_COMMIT] = view.histCommit(i, seat);
      row[at + S_COMMIT_TICK] = view.histCommitTick(i, seat);
      row[at + S_GOLD_BEFORE] = view.histGoldBefore(i, seat) ?? 0;
      row[at + S_GOLD_AFTER] = view.histGoldAfter(i, seat) ?? 0;
      row[at + S_EVENT_GOLD] = view.histEventGold(i, seat);
      row[at + S_FINAL_LOCATION] = view.histFinalLocation(i, seat);
      row[at + S_FINAL_CARD] = view.histFinalCard(i, seat);
      row[at + S_UPGRADED] = view.histUpgraded(i, seat) ? 1 : 0;
      row[at + S_SUCCEEDED] = view.histSucceeded(i, seat) ? 1 : 0;
      row[at + S_PAYOUT] = view.histPayout(i, seat);
      row[at + S_FINES] = view.histFines(i, seat);
      row[at + S_BOUND] = view.histBound(i, seat) ? 1 : 0;
      row[at + S_BREACH_VICTIMS] = view.histBreachVictims(i, seat);
      row[at + S_BREACH_SOURCE] = sourceCode(view.histBreachSource(i, seat));
    }
    for (let c = 0; c < 3; c++) {
      const at = (3 * i + c) * CONTINENT_FIELDS;
      const row = s.continentRows;
      row[at + C_STOCK_BEFORE] = view.histStockBefore(i, c);
      row[at + C_EXTRACT] = view.histExtract(i, c);
      row[at + C_COLLISION] = view.histCollision(i, c) ? 1 : 0;
      row[at + C_DISASTER] = view.histDisaster(i, c) ? 1 : 0;
      row[at + C_STOCK_AFTER_PROFIT] = view.histStockAfterProfit(i, c);
      row[at + C_RESPAWNED] = view.histRespawned(i, c);
      row[at + C_STOCK_AFTER] = view.histStockAfter(i, c);
      row[at + C_AGREEMENT] = view.histAgreement(i, c);
      row[at + C_PARTIES] = view.histAgreementParties(i, c);
      row[at + C_UPGRADER] = view.histAgreementUpgrader(i, c);
    }
    const at = i * ROUND_FIELDS;
    const row = s.roundRows;
    row[at + R_START_PLAYER] = view.histStartPlayer(i);
    row[at + R_RESOURCE_CARD] = ids.indexOf(view.histResourceCard(i));
    const next = view.histNextResourceCard(i);
    row[at + R_NEXT_CARD] = next === null ? -1 : ids.indexOf(next);
    row[at + R_WHEEL] = WHEEL_CODE[view.histWheel(i)];
    const event = view.histEvent(i);
    row[at + R_EVENT] = event === null ? -1 : slotOf(s, event);
    row[at + R_LOG_START] = view.messagesFrom(i);
    row[at + R_LOG_END] = view.messagesTo(i);
    row[at + R_PROPOSAL_START] = s.archiveCount;
    for (let p = 0; p < view.histProposalCount(i); p++) {
      const k = s.archiveCount++;
      s.archContinent[k] = view.histProposalContinent(i, p);
      s.archProposer[k] = -1;
      s.archUpgrader[k] = view.histProposalUpgrader(i, p);
      s.archAccepted[k] = 0;
      s.archRejected[k] = 0;
      s.archClauseStart[k] = s.archivePoolLength;
      s.archClauseCount[k] = view.histProposalClauseCount(i, p);
      for (let q = 0; q < view.histProposalClauseCount(i, p); q++) {
        const c = s.archivePoolLength++;
        s.archivePoolRound[c] = view.histProposalClauseRound(i, p, q);
        s.archivePoolUpgrader[c] = view.histProposalClauseUpgrader(i, p, q);
      }
    }
  }
  // The log: every round's messages and this meeting's so far.
  const end = view.messagesTo(view.historyLength);
  if (s.log.length < LOG_FIELDS * end) s.log = new Int32Array(LOG_FIELDS * end + LOG_FIELDS * 64);
  for (let k = 0; k < end; k++) {
    const at = LOG_FIELDS * k;
    s.log[at + LOG_TICK] = view.messageTick(k);
    s.log[at + LOG_FROM] = view.messageFrom(k);
    s.log[at + LOG_TYPE] = view.messageType(k);
    s.log[at + LOG_CONTINENT] = view.messageContinent(k);
    s.log[at + LOG_A] = view.messageRef(k);
    s.log[at + LOG_B] = view.messageValue(k);
  }
  s.logLength = end;
  s.meetingLog = view.messagesFrom(view.historyLength);
}

/** Phase 3 as the engine holds it at this seat's turn, but for what ViewSample draws (the others' laid colours, the tick's order, the provisional cards). */
function readMeeting(view: GoldrauschView, s: GoldrauschState): void {
  const n = view.players;
  const me = view.seat;
  const tick = view.tick;
  s.stage = Stage.meeting;
  s.tick = tick;
  for (let seat = 0; seat < n; seat++) {
    s.locations[seat] = view.location(seat);
    s.commits[seat] = NONE;
    s.committed[seat] = view.committed(seat) ? 1 : 0;
    s.commitTicks[seat] = 0;
    s.passed[seat] = view.passed(seat) ? 1 : 0;
    s.promises[seat] = NONE;
    // The playouts' bots are fresh: none has promised to stay idle.
    s.idleUntil[seat] = 0;
    s.idleWake[seat] = 0;
    s.provisional[seat] = NONE;
  }
  standOn(s);
  s.promised = 0;
  // The promises (each seat's latest PROMISE) and commit ticks (its COMMITTED message) this seat can read.
  const from = view.messagesFrom(view.historyLength);
  const to = view.messagesTo(view.historyLength);
  for (let k = from; k < to; k++) {
    const type = view.messageType(k);
    const sender = view.messageFrom(k);
    if (type === MSG_PROMISE) s.promises[sender] = view.messageValue(k);
    if (type === MSG_COMMITTED && s.commitTicks[sender] === 0) s.commitTicks[sender] = view.messageTick(k);
  }
  s.proposalCount = view.proposalCount;
  for (let i = 0; i < view.proposalCount; i++) {
    s.propContinent[i] = view.proposalContinent(i);
    s.propProposer[i] = view.proposalProposer(i);
    s.propUpgrader[i] = view.proposalUpgrader(i);
    s.propAccepted[i] = view.proposalAccepted(i);
    s.propRejected[i] = view.proposalRejected(i) | (view.hasRejected(i) ? 1 << me : 0);
    s.propClauseStart[i] = s.poolLength;
    s.propClauseCount[i] = view.proposalClauseCount(i);
    for (let k = 0; k < view.proposalClauseCount(i); k++) {
      const at = s.poolLength++;
      s.poolRound[at] = view.proposalClauseRound(i, k);
      s.poolUpgrader[at] = view.proposalClauseUpgrader(i, k);
    }
  }
  for (let c = 0; c < 3; c++) {
    s.agreementProposal[c] = view.agreement(c);
    s.agreementParties[c] = view.agreementParties(c);
    s.agreementUpgrader[c] = view.agreementUpgrader(c);
  }
  s.bindingCount = s.clauseCount === 0 ? 0 : findBindingClauses(s);
  s.laidMask = 0;
  s.passedMask = 0;
  for (let seat = 0; seat < n; seat++) {
    if (s.committed[seat] !== 0) s.laidMask |= 1 << seat;
    if (s.passed[seat] !== 0) s.passedMask |= 1 << seat;
  }
  s.needsStale = true;
  // This seat's card; the others' are drawn (ViewSample.finishMeeting) with the order [this seat].
  s.commits[me] = view.ownCommit;
  s.order = [me];
  s.turn = 0;
}

/** The colour of `seat`'s laid card, as `options.guessCommit` (or a fair coin) says. */
function guess(s: GoldrauschState, seat: number, random: RandomStream, options: SampleOptions): number {
  if (options.guessCommit === undefined) return random.next() < 0.5 ? GREEN : RED;
  // The seat as it was before it laid its card, with full hands (what the guess may read of it).
  const country = s.countryHands[seat].slice();
  const upgrade = s.upgradeHands[seat].slice();
  s.countryHands[seat][0] = s.countryHands[seat][1] = s.countryHands[seat][2] = 1;
  s.upgradeHands[seat][0] = s.upgradeHands[seat][1] = 1;
  s.committed[seat] = 0;
  s.laidMask &= ~(1 << seat);
  s.needsStale = true;
  const colour = options.guessCommit(seat, s);
  for (let c = 0; c < 3; c++) s.countryHands[seat][c] = country[c];
  s.upgradeHands[seat][0] = upgrade[0];
  s.upgradeHands[seat][1] = upgrade[1];
  s.committed[seat] = 1;
  s.laidMask |= 1 << seat;
  s.needsStale = true;
  return colour === GREEN || colour === RED ? colour : random.next() < 0.5 ? GREEN : RED;
}
