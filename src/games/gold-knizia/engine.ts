/**
 * GOLD's one engine (docs/games/gold-knizia-rules.md §2–§3, every GK-A option): in-place transitions over the
 * flat `GoldState`, exposed as a `GameModule` with `inPlace: true`. The fast player (player.ts)
 * drives the same functions in a tight loop.
 *
 * A game is a pure function of (config, random source, line-up): setup draws the layout and the
 * start player from the game's own streams, lossy memory draws from each seat's memory stream, and
 * nothing else is random.
 */
import { askBotWith } from '../../core/ask.js';
import { Illegal, type AskProtocol, type GameModule, type Outcome, type Pending } from '../../core/game.js';
import { finishingRanks } from '../../core/ranks.js';
import { purposeKey, unitFloat, type RandomSource, type RandomStream } from '../../core/random.js';
import { show } from '../../core/validate.js';
import type { GoldBot } from './bot.js';
import { memoOnIdentity } from '../../core/memo.js';
import { CARD_TYPES, COMPOSITION, DYNAMITE, PAIR_OUTCOMES, POSITIONS, PairOutcome, RUSH_AT, cardValue, diggerCode, diggerColour } from './cards.js';
import { Counter, ENDINGS, Ending } from './metrics.js';
import type { GoldConfig } from './params.js';
import { sampleState, sampler } from './sample.js';
import { GoldState, Stage, cloneState, purposes } from './state.js';
import type { GoldView } from './view.js';

export type GoldRequestKind = 'first-card' | 'second-card' | 'rush-card';
export interface GoldRequest {
  readonly seat: number;
  readonly kind: GoldRequestKind;
}
/** An answer is the position (0 … 63) of the card to turn. */
export type GoldAnswer = number;

// --- setup ----------------------------------------------------------------------------------------

/**
 * A config's layout as typed arrays for the per-game copies (element reads of frozen arrays take a
 * slow path in Node 20, see Goldrausch's view.ts, and `set` copies at once): the deck in code order,
 * the count of each code, and the mask of the codes it holds.
 */
const layoutOf = memoOnIdentity((config: GoldConfig) => {
  const counts = config.composition ?? COMPOSITION;
  let codes = 0;
  for (let code = 0; code < CARD_TYPES; code++) if (counts[code] > 0) codes |= 1 << code;
  return { deck: Int8Array.from(counts.flatMap((n, code) => new Array<number>(n).fill(code))), counts: Int8Array.from(counts), codes };
});

/** Colour owners (§2): 2 players own colours 0–1 and 2–3 (GK-A8); else seat i owns colour i. */
export function colourOwner(players: number, colour: number): number {
  if (players === 2) return colour < 4 ? colour >> 1 : -1;
  return colour < players ? colour : -1;
}

/** A fresh state for one game (or series) of `config` with `players` seats, set up with `random`. */
export function setup(config: GoldConfig, players: number, random: RandomSource): GoldState {
  if (!(players >= 2 && players <= 5)) throw new RangeError(`GOLD needs 2 to 5 players, got ${players}`);
  const state = new GoldState(config, players);
  reset(state, random);
  return state;
}

/** Sets `state` up for a new game from `random` (the fast player reuses one state for all its games). */
export function reset(s: GoldState, random: RandomSource): void {
  const n = s.players;
  for (let c = 0; c < 5; c++) s.owner[c] = colourOwner(n, c);
  s.turn = 0;
  s.seriesGame = 0;
  s.ending = -1;
  s.winnerCount = 0;
  s.seriesScore.fill(0);
  s.seriesCards.fill(0);
  s.lastGameScore.fill(0);
  s.memoryDraws.fill(0);
  // Indexed (for…of went through the iterator protocol every game).
  const counters = s.counters;
  for (let k = 0; k < counters.length; k++) counters[k].fill(0);
  s.lean = false;
  // GK-A9: "the most golden player" starts — a random seat.
  s.firstStartPlayer = random.int(purposes.startPlayer, 0, n);
  startGame(s, random);
}

/** Lays out game `s.seriesGame` of the series: shuffled cards, rotated start player, nothing known. */
function startGame(s: GoldState, random: RandomSource): void {
  const k = s.seriesGame;
  const layout = s.layouts;
  const base = k * POSITIONS;
  layout.set(layoutOf(s.config).deck, base);
  // Fisher–Yates, the numbers of RandomSource.shuffle (counter 64·k + i) without its array copy.
  const key = purposeKey(random.gameKey, purposes.layout);
  for (let i = POSITIONS - 1; i > 0; i--) {
    const j = Math.floor(unitFloat(key, base + i) * (i + 1));
    const tmp = layout[base + i];
    layout[base + i] = layout[base + j];
    layout[base + j] = tmp;
  }
  loadLayout(s, layout, base);
  s.startPlayer = (s.firstStartPlayer + k) % s.players;
  s.active = s.startPlayer;
  s.gameStartTurn[k] = s.turn;
  s.gameStartPlayer[k] = s.startPlayer;
}

/** Puts the 64 cards `cards[base …]` face down at positions 0 … 63 and clears every per-game field. */
function loadLayout(s: GoldState, cards: ArrayLike<number>, base: number): void {
  for (let p = 0; p < POSITIONS; p++) {
    s.card[p] = cards[base + p];
    s.live[p] = p;
    s.liveAt[p] = p;
  }
  s.liveCount = POSITIONS;
  const { counts, codes } = layoutOf(s.config);
  s.left.set(counts);
  s.gold.fill(0);
  s.goldCards.fill(0);
  s.known.fill(-1);
  s.knownCount.fill(0);
  s.knownOfCode.fill(0);
  s.knownCodes.fill(0);
  s.unknownCodes.fill(codes);
  s.leftCodes = codes;
  for (let slot = 0; slot < s.slots; slot++) {
    const o = slot * POSITIONS;
    for (let p = 0; p < POSITIONS; p++) {
      s.unknownList[o + p] = p;
      s.unknownAt[o + p] = p;
    }
    s.unknownCount[slot] = POSITIONS;
  }
  s.goldSeen.fill(0);
  s.goldCardsSeen.fill(0);
  s.turnInGame = 0;
  s.stage = Stage.turnStart;
  s.first = -1;
  s.firstFaceUp = false;
  s.rush = false;
  s.rushTurn = 0;
  s.noProgress = 0;
  s.stalemated = false;
  s.removedThisTurn = 0;
  s.goldThisTurn = 0;
}

/**
 * A state with a given layout and start player (fixtures): `cards[p]` is the code at position p.
 * No random draw is needed unless memory is lossy (then `random` feeds the memory streams).
 */
export function setupWithLayout(config: GoldConfig, players: number, cards: readonly number[], startPlayer: number, random: RandomSource): GoldState {
  if (config.rules.series) throw new RangeError('setupWithLayout plays one game, not a series');
  const s = new GoldState(config, players);
  for (let c = 0; c < 5; c++) s.owner[c] = colourOwner(players, c);
  for (let p = 0; p < POSITIONS; p++) s.layouts[p] = cards[p];
  s.firstStartPlayer = startPlayer;
  loadLayout(s, cards, 0);
  s.startPlayer = startPlayer;
  s.active = startPlayer;
  s.gameStartPlayer[0] = startPlayer;
  void random;
  return s;
}

/** loadTable's full layout (engine calls are synchronous: one scratch array serves them all). */
const TABLE_SCRATCH = new Int8Array(POSITIONS);
const MISSING_SCRATCH = new Int8Array(CARD_TYPES);

/**
 * A mid-game table for the current game (`s.seriesGame`) of a state: `cards[p]` is the code at
 * position p, or −1 where the card has left the table; every knowledge slot remembers the positions
 * where `remembered[p]` is not 0. Per-game fields are cleared as for a new layout; the caller sets
 * scores, whose turn it is and the stage. This is how the information-set sampler gets an engine
 * state to play forward from a seat view (sample.ts) — the engine's own transitions, not a second
 * rules implementation.
 *
 * It lays out a full deck (the cards that have left go to the empty positions, in code order) and
 * takes those off again with `removeCard`, so every count, list and code mask is kept by the code
 * that keeps it during play.
 */
export function loadTable(s: GoldState, cards: ArrayLike<number>, remembered: ArrayLike<number>): void {
  const missing = MISSING_SCRATCH;
  missing.set(layoutOf(s.config).counts);
  for (let p = 0; p < POSITIONS; p++) {
    const code = cards[p];
    if (code >= 0 && --missing[code] < 0) throw new RangeError(`loadTable: more cards of code ${code} than the layout holds (position ${p})`);
  }
  const layout = TABLE_SCRATCH;
  let code = 0;
  for (let p = 0; p < POSITIONS; p++) {
    if (cards[p] >= 0) {
      layout[p] = cards[p];
      continue;
    }
    while (missing[code] === 0) code++;
    missing[code]--;
    layout[p] = code;
  }
  s.layouts.set(layout, s.seriesGame * POSITIONS);
  s.lean = false;
  loadLayout(s, layout, 0);
  for (let p = 0; p < POSITIONS; p++) if (cards[p] < 0) removeCard(s, p);
  s.removedThisTurn = 0;
  for (let p = 0; p < POSITIONS; p++) {
    if (s.card[p] < 0 || remembered[p] === 0) continue;
    for (let slot = 0; slot < s.slots; slot++) learn(s, slot, p);
  }
}

// --- knowledge (§5, GK-A2) ------------------------------------------------------------------------

function learn(s: GoldState, slot: number, p: number): void {
  const i = slot * POSITIONS + p;
  if (s.known[i] >= 0) return;
  const code = s.card[p];
  s.known[i] = code;
  const c = slot * CARD_TYPES + code;
  const k = s.knownOfCode[c]++;
  s.knownByCode[8 * c + k] = p;
  s.knownByCodeAt[i] = k;
  s.knownCodes[slot] |= 1 << code;
  if (k + 1 === s.left[code]) s.unknownCodes[slot] &= ~(1 << code);
  listRemove(s.unknownList, s.unknownAt, s.unknownCount, slot, p);
  listAdd(s.knownList, s.knownAt, s.knownCount, slot, p);
}

/** Drops `slot`'s memory of the card at position `i` = 64·slot + p from its code's list. */
function unlistCode(s: GoldState, slot: number, i: number): void {
  const code = s.known[i];
  const c = slot * CARD_TYPES + code;
  const k = s.knownByCodeAt[i];
  const last = --s.knownOfCode[c];
  const moved = s.knownByCode[8 * c + last];
  s.knownByCode[8 * c + k] = moved;
  s.knownByCodeAt[slot * POSITIONS + moved] = k;
  if (last === 0) s.knownCodes[slot] &= ~(1 << code);
}

function forgetCard(s: GoldState, slot: number, p: number): void {
  const i = slot * POSITIONS + p;
  unlistCode(s, slot, i);
  s.unknownCodes[slot] |= 1 << s.known[i];
  s.known[i] = -1;
  listRemove(s.knownList, s.knownAt, s.knownCount, slot, p);
  listAdd(s.unknownList, s.unknownAt, s.unknownCount, slot, p);
}

function listAdd(list: Int8Array, at: Int8Array, count: Int32Array, slot: number, p: number): void {
  const o = slot * POSITIONS;
  const k = count[slot]++;
  list[o + k] = p;
  at[o + p] = k;
}

/** O(1) removal: the last entry takes the removed one's place. */
function listRemove(list: Int8Array, at: Int8Array, count: Int32Array, slot: number, p: number): void {
  const o = slot * POSITIONS;
  const k = at[o + p];
  const last = --count[slot];
  const moved = list[o + last];
  list[o + k] = moved;
  at[o + moved] = k;
}

/** Every seat sees the card at `p` turned face up; under lossy memory each recalls it with its ρ. */
function observe(s: GoldState, p: number, random: RandomSource): void {
  if (s.perfect) {
    learn(s, 0, p);
    return;
  }
  for (let seat = 0; seat < s.players; seat++) {
    if (memoryDraw(s, seat, random) < s.recall[seat]) learn(s, seat, p);
  }
}

function memoryDraw(s: GoldState, seat: number, random: RandomSource): number {
  return random.float(purposes.memory + seat, s.memoryDraws[seat]++);
}

/** GK-A2 lossy: at the end of every turn each seat forgets each remembered face-down card with its φ. */
function forgetting(s: GoldState, random: RandomSource): void {
  for (let seat = 0; seat < s.players; seat++) {
    const phi = s.forget[seat];
    if (phi <= 0) continue;
    // Backwards: a removal moves the last entry (already visited) into the visited slot.
    for (let i = s.knownCount[seat] - 1; i >= 0; i--) {
      const p = s.knownList[seat * POSITIONS + i];
      if (memoryDraw(s, seat, random) < phi) forgetCard(s, seat, p);
    }
  }
}

// --- transitions (§3) -----------------------------------------------------------------------------

/** The card at `p` leaves the table (and every seat's memory of that position). */
function removeCard(s: GoldState, p: number): void {
  const code = s.card[p];
  s.card[p] = -1;
  const left = --s.left[code];
  if (left === 0) s.leftCodes &= ~(1 << code);
  const k = s.liveAt[p];
  const last = --s.liveCount;
  const moved = s.live[last];
  s.live[k] = moved;
  s.liveAt[moved] = k;
  s.removedThisTurn++;
  if (s.lean) return;
  for (let slot = 0; slot < s.slots; slot++) {
    const i = slot * POSITIONS + p;
    if (s.known[i] >= 0) {
      unlistCode(s, slot, i);
      s.known[i] = -1;
      listRemove(s.knownList, s.knownAt, s.knownCount, slot, p);
    } else {
      listRemove(s.unknownList, s.unknownAt, s.unknownCount, slot, p);
      if (s.knownOfCode[slot * CARD_TYPES + code] === left) s.unknownCodes[slot] &= ~(1 << code);
    }
  }
}

/** Gold card `code` goes to `seat`, face down under its entrance (others recall its value, GK-A5). */
function award(s: GoldState, seat: number, code: number, random: RandomSource): void {
  const g = cardValue(code);
  s.gold[seat] += g;
  s.goldCards[seat]++;
  s.goldThisTurn += g;
  if (s.perfect || s.publicScores || s.lean) return;
  const n = s.players;
  for (let o = 0; o < n; o++) {
    if (o === seat) continue;
    if (memoryDraw(s, o, random) < s.recall[o]) {
      s.goldSeen[o * n + seat] += g;
      s.goldCardsSeen[o * n + seat]++;
    }
  }
}

/** §3.1: the outcome of the two face-up cards at `a` and `b` in the active seat's normal turn. */
function resolvePair(s: GoldState, a: number, b: number, random: RandomSource): void {
  const ca = s.card[a];
  const cb = s.card[b];
  const active = s.active;
  switch (PAIR_OUTCOMES[CARD_TYPES * ca + cb]) {
    case PairOutcome.capture: {
      const goldAt = ca < 4 ? a : b;
      const diggerAt = ca < 4 ? b : a;
      const gold = s.card[goldAt];
      // GK-A7: an unowned colour's find goes to the active player.
      const owner = s.owner[diggerColour(s.card[diggerAt])];
      const receiver = owner >= 0 ? owner : active;
      award(s, receiver, gold, random);
      if (!s.lean) {
        const counters = s.counters;
        if (owner < 0) counters[Counter.unownedCaptures][active]++;
        else if (owner === active) counters[Counter.ownCaptures][active]++;
        else {
          counters[Counter.giftsReceived][owner]++;
          counters[Counter.giftsGiven][active]++;
        }
      }
      removeCard(s, goldAt);
      removeCard(s, diggerAt);
      return;
    }
    case PairOutcome.driveOff:
      // The higher digger drives off the lower and is turned face down again where it lay.
      removeCard(s, cardValue(ca) < cardValue(cb) ? a : b);
      return;
    case PairOutcome.blast:
      if (ca < 4 && !s.lean) s.counters[Counter.dynamitedGold][active] += cardValue(ca);
      if (cb < 4 && !s.lean) s.counters[Counter.dynamitedGold][active] += cardValue(cb);
      removeCard(s, a);
      removeCard(s, b);
      return;
    default:
      return; // nothing: both turned face down again
  }
}

/** True when the gold rush is (or now becomes) in force at the start of the current turn (GK-A6). */
export function rushTurnNow(s: GoldState): boolean {
  return s.rush || s.liveCount <= RUSH_AT;
}

/**
 * Turns the card at `position` (assumed legal: on the table, and not the turn's first card) for the
 * active seat, and runs everything automatic after it. Used by `apply` and the fast player.
 */
export function turnCard(s: GoldState, position: number, random: RandomSource): void {
  if (s.stage === Stage.turnStart) {
    if (rushTurnNow(s)) {
      if (!s.rush) {
        s.rush = true;
        s.rushTurn = s.turnInGame + 1;
      }
      // §3.2: gold goes to the active player; a digger or dynamite just leaves.
      const code = s.card[position];
      s.turnFirst[s.turn] = position;
      s.turnSecond[s.turn] = -1;
      if (code < 4) {
        award(s, s.active, code, random);
        if (!s.lean) s.counters[Counter.rushGold][s.active]++;
      }
      removeCard(s, position);
      endTurn(s, false, random);
      return;
    }
    s.first = position;
    s.turnFirst[s.turn] = position;
    if (!s.blind) {
      s.firstFaceUp = true;
      if (!s.lean) observe(s, position, random);
    }
    s.stage = Stage.second;
    return;
  }
  // The second card (GK-A3 blind: the first is only now turned face up).
  const first = s.first;
  s.turnSecond[s.turn] = position;
  if (!s.lean) {
    if (s.blind) observe(s, first, random);
    observe(s, position, random);
  }
  resolvePair(s, first, position, random);
  endTurn(s, true, random);
}

/** Bits of the digger codes of each value v (all colours): `VALUE_CODES[v]`, v = 2 … 5. */
const VALUE_CODES: readonly number[] = [0, 0, 2, 3, 4, 5].map((v) => {
  let m = 0;
  if (v >= 2) for (let c = 0; c < 5; c++) m |= 1 << diggerCode(c, v);
  return m;
});

/**
 * GK-A1: can any pair of the cards left remove a card? Dynamite blasts anything; two digger values
 * drive off; a digger finds gold of value ≤ its own. From the mask of codes left: O(1) (the loop
 * over 20 digger counts it replaced was ~4% of a game's time).
 */
export function progressPossible(s: GoldState): boolean {
  const m = s.leftCodes;
  if ((m & (1 << DYNAMITE)) !== 0) return true;
  let values = 0;
  for (let v = 2; v <= 5; v++) if ((m & VALUE_CODES[v]) !== 0) values |= 1 << v;
  if (values === 0) return false; // gold only
  if ((values & (values - 1)) !== 0) return true; // two digger values: the higher drives off the lower
  const golds = m & 0b1111;
  if (golds === 0) return false;
  const lowestGold = 32 - Math.clz32(golds & -golds); // value of the cheapest gold left (code + 1)
  return lowestGold <= 31 - Math.clz32(values);
}

function endTurn(s: GoldState, normal: boolean, random: RandomSource): void {
  const n = s.players;
  const t = s.turn;
  const active = s.active;
  s.turnSeat[t] = active;
  const removed = s.removedThisTurn;
  s.first = -1;
  s.firstFaceUp = false;
  if (!s.lean) {
    if (normal && removed === 0) s.counters[Counter.emptyTurns][active]++;
    if (!s.perfect) forgetting(s, random);
    for (let seat = 0; seat < n; seat++) s.curve[t * n + seat] = s.seriesScore[seat] + s.gold[seat];
    s.roundCounters[2 * t] = removed;
    s.roundCounters[2 * t + 1] = s.goldThisTurn;
  }
  s.removedThisTurn = 0;
  s.goldThisTurn = 0;
  s.turn++;
  s.turnInGame++;
  if (s.liveCount === 0) {
    gameOver(s, Ending.tableEmpty, random);
    return;
  }
  // GK-A1, only after a normal turn that leaves more than 10 cards.
  if (normal && s.liveCount > RUSH_AT && !s.rush) {
    const rule = s.stalemateRule;
    if (rule === 'no-progress-turns') {
      s.noProgress = removed === 0 ? s.noProgress + 1 : 0;
      if (s.noProgress >= 2 * n) startRushByStalemate(s);
    } else if (!progressPossible(s)) {
      if (rule === 'end-game') {
        s.stalemated = true;
        gameOver(s, Ending.stalemate, random);
        return;
      }
      startRushByStalemate(s);
    }
  }
  if (s.turnInGame >= s.maxTurns) {
    gameOver(s, Ending.turnLimit, random);
    return;
  }
  s.active = active + 1 === n ? 0 : active + 1;
  s.stage = Stage.turnStart;
}

function startRushByStalemate(s: GoldState): void {
  s.rush = true;
  s.rushTurn = s.turnInGame + 1;
  s.stalemated = true;
}

/** One game ends; a series goes on with its next game, else the whole game is over. */
function gameOver(s: GoldState, ending: number, random: RandomSource): void {
  const n = s.players;
  const k = s.seriesGame;
  s.gameEnding[k] = ending;
  if (ending > s.ending) s.ending = ending;
  const left = s.left;
  const unscored = left[0] + 2 * left[1] + 3 * left[2] + 4 * left[3];
  const counters = s.counters;
  for (let seat = 0; seat < n; seat++) {
    counters[Counter.goldUnscored][seat] += unscored;
    counters[Counter.rushTurn][seat] = s.rushTurn;
    if (s.stalemated) counters[Counter.stalemate][seat]++;
    s.seriesScore[seat] += s.gold[seat];
    s.seriesCards[seat] += s.goldCards[seat];
    s.lastGameScore[seat] = s.gold[seat];
    counters[Counter.gold][seat] = s.seriesScore[seat];
    counters[Counter.goldCards][seat] = s.seriesCards[seat];
  }
  if (k + 1 < s.seriesGames) {
    s.seriesGame = k + 1;
    startGame(s, random);
    return;
  }
  s.stage = Stage.over;
  findWinners(s);
}

/**
 * §3.3: highest gold, then more gold cards, else all tied win. A series (§3.4): highest total, then
 * the higher score in the last game, else shared (GK-A10).
 */
export function findWinners(s: GoldState): void {
  const n = s.players;
  const series = s.seriesGames > 1;
  const second = series ? s.lastGameScore : s.goldCards;
  let best = -1;
  let bestSecond = -1;
  for (let seat = 0; seat < n; seat++) {
    const a = s.seriesScore[seat];
    const b = second[seat];
    if (a > best || (a === best && b > bestSecond)) {
      best = a;
      bestSecond = b;
    }
  }
  let k = 0;
  for (let seat = 0; seat < n; seat++) if (s.seriesScore[seat] === best && second[seat] === bestSecond) s.winners[k++] = seat;
  s.winnerCount = k;
}

// --- the GameModule --------------------------------------------------------------------------------

/** The requests, made once: `REQUESTS[kind][seat]` (pending must not allocate). */
const KINDS: readonly GoldRequestKind[] = ['first-card', 'second-card', 'rush-card'];
const PENDING: readonly (readonly Pending<GoldRequest>[])[] = KINDS.map((kind) =>
  [0, 1, 2, 3, 4].map((seat) => Object.freeze({ kind: 'decisions' as const, requests: Object.freeze([Object.freeze({ seat, kind })]) })),
);
const TERMINAL: Pending<GoldRequest> = Object.freeze({ kind: 'terminal' });

export function pending(s: GoldState): Pending<GoldRequest> {
  if (s.stage === Stage.over) return TERMINAL;
  const kind = s.stage === Stage.second ? 1 : rushTurnNow(s) ? 2 : 0;
  return PENDING[kind][s.active];
}

export function apply(s: GoldState, answers: readonly GoldAnswer[], random: RandomSource): GoldState {
  if (s.stage === Stage.over) throw new RangeError('the game is over');
  const position = answers[0];
  if (!isLegal(s, position)) throw new RangeError(`position ${show(position)} cannot be turned now`);
  turnCard(s, position, random);
  return s;
}

/** A position the active seat may turn now: on the table and not the turn's first card. */
export function isLegal(s: GoldState, position: unknown): position is number {
  return (
    typeof position === 'number' &&
    Number.isInteger(position) &&
    position >= 0 &&
    position < POSITIONS &&
    s.card[position] >= 0 &&
    !(s.stage === Stage.second && position === s.first)
  );
}

/** The documented fallback for a failed decision: the lowest-index legal position. */
export function fallbackPosition(s: GoldState): number {
  for (let p = 0; p < POSITIONS; p++) if (s.card[p] >= 0 && !(s.stage === Stage.second && p === s.first)) return p;
  throw new RangeError('no legal position: the table is empty');
}

/** Asks the bot the decision of `kind` (D1/D2/D3, §6). */
export function decide(bot: GoldBot, kind: number, view: GoldView): unknown {
  return kind === 0 ? bot.firstCard(view) : kind === 1 ? bot.secondCard(view) : bot.rushCard(view);
}

const kindOf = (request: GoldRequest): number => (request.kind === 'first-card' ? 0 : request.kind === 'second-card' ? 1 : 2);
const METHODS = ['firstCard', 'secondCard', 'rushCard'] as const;

/** How a GOLD bot is asked (core/ask.ts): each answer is a position; an illegal one falls back to the lowest legal position. */
export const protocol: AskProtocol<GoldState, GoldView, GoldRequest, GoldAnswer, GoldBot> = {
  call: (bot, request, view) => decide(bot, kindOf(request), view),
  accept(position, request, s) {
    if (isLegal(s, position)) return position;
    const kind = kindOf(request);
    const why = kind === 1 && position === s.first ? 'the turn’s first card again' : 'not a position on the table';
    return new Illegal(`${METHODS[kind]} returned ${show(position)}, ${why}`);
  },
  fallbackAnswer: (_request, s) => fallbackPosition(s),
};

export const askBot = askBotWith(protocol);

export function outcome(s: GoldState): Outcome {
  if (s.stage !== Stage.over) throw new RangeError('the game is not over');
  const winners = s.winners.slice(0, s.winnerCount);
  const scores = s.seriesScore.slice();
  return { winners, scores, ranks: finishingRanks(winners, scores), endedBy: ENDINGS[s.ending], length: s.turn };
}

// --- the search contract (core/game.ts) ------------------------------------------------------------

/**
 * The legal answers of the seat to move: every position on the table, in the view's table order,
 * except in D2 the turn's first card, whose place in the list the last table position takes (so
 * `uniformAnswer` is O(1)).
 */
export function legalAnswers(view: GoldView, request: GoldRequest): readonly GoldAnswer[] {
  const n = view.tableCount;
  const second = request.kind === 'second-card';
  const count = second ? n - 1 : n;
  // One list per length, reused by every call (the contract lets the next call reuse it): a search
  // asks at every node of every iteration; a fresh list each time was most of its garbage, and one
  // list cut to length reallocated its store.
  const out = (LEGAL[count] ??= new Array<number>(count).fill(0));
  for (let i = 0; i < count; i++) out[i] = legalAt(view, second, n, i);
  return out;
}
const LEGAL: number[][] = [];

function legalAt(view: GoldView, second: boolean, n: number, i: number): number {
  const p = view.tablePosition(i);
  return second && p === view.firstPosition ? view.tablePosition(n - 1) : p;
}

export function uniformAnswer(view: GoldView, request: GoldRequest, u: number): GoldAnswer {
  const n = view.tableCount;
  const second = request.kind === 'second-card';
  return legalAt(view, second, n, Math.floor(u * (second ? n - 1 : n)));
}

/**
 * GameModule.playout: the rest of the game with uniform random positions in lean mode (no seat
 * knowledge, no records): each decision the position `uniformAnswer` gives for `u.next()`.
 */
export function playout(s: GoldState, u: RandomStream, random: RandomSource): number {
  s.lean = true;
  const live = s.live;
  let decisions = 0;
  while (s.stage !== Stage.over) {
    const n = s.liveCount;
    let p: number;
    if (s.stage === Stage.second) {
      // legalAt: the first card's place in the list goes to the last table position.
      p = live[Math.floor(u.next() * (n - 1))];
      if (p === s.first) p = live[n - 1];
    } else p = live[Math.floor(u.next() * n)];
    turnCard(s, p, random);
    decisions++;
  }
  return decisions;
}

/** The request `seat` is asked in decision `kind`, as `pending` hands it out. */
export function requestOf(kind: number, seat: number): GoldRequest {
  return (PENDING[kind][seat] as { readonly requests: readonly GoldRequest[] }).requests[0];
}

/** A GOLD bot whose every decision is `decide(view, request)`. */
export function botOf(name: string, policy: (view: GoldView, request: GoldRequest) => GoldAnswer): GoldBot {
  return {
    name,
    firstCard: (view) => policy(view, requestOf(0, view.seat)),
    secondCard: (view) => policy(view, requestOf(1, view.seat)),
    rushCard: (view) => policy(view, requestOf(2, view.seat)),
  };
}

export const goldKnizia = {
  id: 'gold-knizia',
  inPlace: true,
  minPlayers: 2,
  maxPlayers: 5,
  setup,
  pending,
  apply,
  outcome,
  seatView: (s, seat) => s.views[seat],
  askBot,
  fallbackAnswer: (_request, s) => fallbackPosition(s),
  legalAnswers,
  uniformAnswer,
  playout,
  clone: cloneState,
  sampleState,
  sampler,
  botOf,
} satisfies GameModule<GoldConfig, GoldState, GoldView, GoldRequest, GoldAnswer, GoldBot>;
