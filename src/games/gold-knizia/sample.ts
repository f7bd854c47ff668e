/**
 * GOLD's information-set sampler (GameModule.sampleState, docs/games/gold-knizia-rules.md §5): a
 * full engine state consistent with exactly what one seat's view shows, every hidden part drawn from
 * the caller's stream. It reads the view only, never the true state; the search plays the engine's
 * own transitions forward from it (engine.ts `loadTable`, `turnCard`), not a second rules copy.
 *
 * Exactly as the view shows it: the cards the seat knows (remembered, or the turn's first card lying
 * face up) and where they lie, the cards of each code still on the table, every table list in the
 * view's own order (table positions, known and unknown positions, known positions per code), whose
 * turn and which decision, the turn's first position, the rush, the GK-A1 no-progress count, colour
 * owners, gold cards per seat, the seat's own gold, the series' game and totals, the rules (the copy
 * keeps the game's config: lossy memory, blind second cards, the series and the turn cap play on).
 *
 * Sampled:
 *  - Which card lies at each position the seat does not know: a uniformly random arrangement of the
 *    unknown multiset (the codes still on the table minus the cards the seat knows). Under perfect
 *    memory (GK-A2 default) such positions have never been turned, so nothing tells them apart: this
 *    is an exact draw from the seat's posterior.
 *  - Lossy memory (GK-A2), an approximation: every other seat remembers exactly what this seat
 *    remembers (what the others recall and forget is not in the view).
 *  - Hidden scores (lossy memory, GK-A5 `memory`), an approximation: another seat's gold is what this
 *    seat recalls of it plus, for each of its gold cards this seat did not see, a value drawn from
 *    the gold cards that have left the table (by count); the other seats recall every gold card.
 *  - Chance to come (the later layouts of a series, lossy memory's draws) is not in the state: the
 *    caller plays it with a random source of its own.
 *
 * Not shown by the view and not needed by the rules from here on: the turn log, curves and counters
 * of the turns before (zero), the start turns of earlier games of a series.
 *
 * `sampler(view)` reads the view once into a template (the unknown cards in code order over the
 * unknown positions in position order) and makes each sample as a clone of it with the unknown cards
 * shuffled (and hidden gold drawn): which unknown card lies where changes no list, count or mask of
 * the state, only `card` (and the story's layout). `sampleState` is the same draws on one state.
 */
import type { RandomStream } from '../../core/random.js';
import { CARD_TYPES, COLOURS, COMPOSITION, POSITIONS, UNKNOWN } from './cards.js';
import { loadTable } from './engine.js';
import { GoldState, Stage, cloneState } from './state.js';
import type { GoldView } from './view.js';

/** Scratch lists of one load (calls are synchronous: one set serves them all). */
const CARDS = new Int8Array(POSITIONS);
const REMEMBERED = new Uint8Array(POSITIONS);
const UNKNOWN_AT = new Int8Array(POSITIONS);
const COUNTS = new Int32Array(CARD_TYPES);

export function sampleState(view: GoldView, random: RandomStream, into?: GoldState): GoldState {
  const { s, unknown } = loadView(view, into, UNKNOWN_AT);
  shuffleUnknown(s, UNKNOWN_AT, unknown, random);
  drawHiddenGold(s, view, random);
  return s;
}

/** `sampleState` for many samples of one view (GameModule.sampler): use it only while the view shows the same position. */
export function sampler(view: GoldView): (random: RandomStream, into?: GoldState) => GoldState {
  const unknownAt = new Int8Array(POSITIONS);
  const { s: template, unknown } = loadView(view, undefined, unknownAt);
  return (random, into) => {
    const s = cloneState(template, into === template ? undefined : into);
    shuffleUnknown(s, unknownAt, unknown, random);
    drawHiddenGold(s, view, random);
    return s;
  };
}

/**
 * Fisher–Yates over the cards at the unknown positions, one draw per position but the last: with the
 * unknown cards laid in code order (`loadView`), a uniformly random arrangement of the unknown multiset.
 */
function shuffleUnknown(s: GoldState, unknownAt: Int8Array, unknown: number, random: RandomStream): void {
  const card = s.card;
  const layout = s.layouts;
  const base = s.seriesGame * POSITIONS;
  for (let i = unknown - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const p = unknownAt[i];
    const q = unknownAt[j];
    const tmp = card[p];
    card[p] = card[q];
    card[q] = tmp;
    layout[base + p] = card[p];
    layout[base + q] = card[q];
  }
}

/** Hidden scores (lossy memory, GK-A5 `memory`): the others' unseen gold, as the header says. */
function drawHiddenGold(s: GoldState, view: GoldView, random: RandomStream): void {
  if (seatScoresExact(s)) return;
  const n = s.players;
  const seat = view.seat;
  const composition = view.composition ?? COMPOSITION;
  for (let t = 0; t < n; t++) if (t !== seat) s.gold[t] = view.gold(t) + unseenGold(view, t, composition, random);
  for (let o = 0; o < n; o++) {
    if (o === seat) continue;
    for (let t = 0; t < n; t++) {
      if (t === o) continue;
      s.goldSeen[o * n + t] = s.gold[t];
      s.goldCardsSeen[o * n + t] = s.goldCards[t];
    }
  }
}

/**
 * Everything the view shows, into `into` (or a new state), with the unknown cards in code order over
 * the unknown positions in position order; their positions into `unknownAt`, their number as
 * `unknown` (the positions whose card the seat does not see: not the first card lying face up).
 */
function loadView(view: GoldView, into: GoldState | undefined, unknownAt: Int8Array): { s: GoldState; unknown: number } {
  const decision = view.decision;
  if (decision === 'over') throw new RangeError('sampleState: the game is over, there is nothing hidden to sample');
  const config = view.config;
  const n = view.players;
  const seat = view.seat;
  const s = into !== undefined && into.config === config && into.players === n ? into : new GoldState(config, n);

  // What the seat knows of each position, and the unknown multiset: the codes on the table less the
  // cards it sees (remembered, or the first card lying face up).
  const counts = COUNTS;
  for (let code = 0; code < CARD_TYPES; code++) counts[code] = view.left(code);
  let unknown = 0;
  for (let p = 0; p < POSITIONS; p++) {
    const code = view.cardAt(p);
    CARDS[p] = code >= 0 ? code : -1;
    REMEMBERED[p] = 0;
    if (code === UNKNOWN) unknownAt[unknown++] = p;
    else if (code >= 0) counts[code]--;
  }
  let k = 0;
  for (let code = 0; code < CARD_TYPES; code++) {
    if (counts[code] < 0) throw new RangeError(`sampleState: seat ${seat} sees more cards of code ${code} than are left on the table`);
    for (let i = 0; i < counts[code]; i++) CARDS[unknownAt[k++]] = code;
  }
  if (k !== unknown) throw new RangeError(`sampleState: ${unknown} unknown positions but ${k} unknown cards (a view that contradicts itself)`);
  const knownCount = view.knownCount;
  for (let i = 0; i < knownCount; i++) REMEMBERED[view.knownPosition(i)] = 1;

  s.seriesGame = view.seriesGame;
  loadTable(s, CARDS, REMEMBERED);
  copyListsFromView(s, view);

  for (let c = 0; c < COLOURS; c++) s.owner[c] = view.owner(c);
  const exact = seatScoresExact(s);
  for (let t = 0; t < n; t++) {
    s.goldCards[t] = view.goldCards(t);
    s.gold[t] = view.gold(t);
    s.seriesScore[t] = view.seriesScore(t);
    s.seriesCards[t] = 0;
    s.lastGameScore[t] = 0;
  }
  s.goldSeen.fill(0);
  s.goldCardsSeen.fill(0);
  if (!exact) {
    for (let t = 0; t < n; t++) {
      if (t === seat) continue;
      s.goldSeen[seat * n + t] = view.gold(t);
      s.goldCardsSeen[seat * n + t] = view.goldCardsKnown(t);
    }
  }
  for (let c = 0; c < s.counters.length; c++) s.counters[c].fill(0);
  s.memoryDraws.fill(0);
  s.turn = view.turn;
  s.turnInGame = view.turn;
  s.active = view.activeSeat;
  s.startPlayer = view.startPlayer;
  // A series rotates the start player game by game (§3.4): the first game's, counted back.
  s.firstStartPlayer = (((view.startPlayer - view.seriesGame) % n) + n) % n;
  s.gameStartTurn.fill(0);
  s.gameStartPlayer[s.seriesGame] = view.startPlayer;
  s.noProgress = view.noProgressTurns;
  s.stalemated = false;
  s.ending = -1;
  s.winnerCount = 0;
  if (decision === 'second-card') {
    s.stage = Stage.second;
    s.first = view.firstPosition;
    // GK-A3: after-first, the first card lies face up; blind, it is turned only with the second.
    s.firstFaceUp = !s.blind;
    s.rush = false;
    s.rushTurn = 0;
  } else {
    s.stage = Stage.turnStart;
    s.first = -1;
    s.firstFaceUp = false;
    s.rush = view.rush;
    s.rushTurn = s.rush ? view.turn + 1 : 0;
  }
  return { s, unknown };
}

/** Every seat's gold is shown exactly to every seat (perfect memory or public scores, GK-A5). */
function seatScoresExact(s: GoldState): boolean {
  return s.perfect || s.publicScores;
}

/**
 * The gold of `seat`'s gold cards that the view's seat did not see collected: one value per such
 * card, drawn from the gold cards that have left the table, by count.
 */
function unseenGold(view: GoldView, seat: number, composition: readonly number[], random: RandomStream): number {
  const unseen = view.goldCards(seat) - view.goldCardsKnown(seat);
  if (unseen <= 0) return 0;
  let gone = 0;
  for (let code = 0; code < 4; code++) gone += Math.max(0, composition[code] - view.left(code));
  if (gone === 0) return 0;
  let sum = 0;
  for (let k = 0; k < unseen; k++) {
    let r = random.int(gone);
    let code = 0;
    while (r >= Math.max(0, composition[code] - view.left(code))) r -= Math.max(0, composition[code] - view.left(code++));
    sum += code + 1;
  }
  return sum;
}

/**
 * The table lists in the view's own order (the engine keeps them in the order cards left the table
 * and were learnt, which the loading did not replay): the table positions, and in every knowledge
 * slot the known and unknown positions and the known positions per code as the seat's slot has them.
 */
function copyListsFromView(s: GoldState, view: GoldView): void {
  const tableCount = view.tableCount;
  for (let i = 0; i < tableCount; i++) {
    const p = view.tablePosition(i);
    s.live[i] = p;
    s.liveAt[p] = i;
  }
  const knownCount = view.knownCount;
  const unknownCount = view.unknownCount;
  for (let slot = 0; slot < s.slots; slot++) {
    const o = slot * POSITIONS;
    for (let i = 0; i < knownCount; i++) {
      const p = view.knownPosition(i);
      s.knownList[o + i] = p;
      s.knownAt[o + p] = i;
    }
    for (let i = 0; i < unknownCount; i++) {
      const p = view.unknownPosition(i);
      s.unknownList[o + i] = p;
      s.unknownAt[o + p] = i;
    }
    for (let m = view.knownCodes; m !== 0; m &= m - 1) {
      const code = 31 - Math.clz32(m & -m);
      const c = slot * CARD_TYPES + code;
      const count = view.knownLeft(code);
      for (let i = 0; i < count; i++) {
        const p = view.knownPositionOf(code, i);
        s.knownByCode[8 * c + i] = p;
        s.knownByCodeAt[o + p] = i;
      }
    }
  }
}
