/**
 * Phase 4 of a round (docs/games/goldrausch.md §6, §7): the disaster wheel and the event cards, on
 * the state. An event's immediate effect changes the game at once; its phase-5 modifiers (exemptions,
 * showers, extraction cuts, forced and banned upgrades) are fields of the state that profit reads
 * (round.ts). Cards are data (cards.ts): here each card is its effect kind as a code and up to three
 * numbers, resolved once per config.
 */
import { memoOnIdentity } from '../../core/memo.js';
import { eventCardsOf, type EventCard } from './cards.js';
import type { GoldrauschConfig } from './params.js';
import { Purpose } from './purposes.js';
import { indexOfContinent } from './types.js';
import { shuffleList, type Draws } from './draws.js';
import { richestAtThreshold, takeFromBank } from './climate.js';
import { OPPOSITE_LEAVE_ONE_OUT, OPPOSITE_ROTATE, W_CALM, W_DISASTER_WORLD, W_EVENT, type GoldrauschState } from './state.js';
import { NONE, RED } from './bot.js';

// Event effects (cards.ts `EventEffect` kinds) as codes.
const E_EXEMPT_POOREST = 0;
/** param: a continent, or 3 = everybody. */
const E_EXEMPT_CONTINENT = 1;
/** param: the continent; param2: the factor. */
const E_SHOWER = 2;
/** param: divideBy; param2: minus. */
const E_EXTRACTION = 3;
const E_PROGRESS = 4;
const E_NOSTALGIA = 5;
const E_CRASH = 6;
const E_EQUAL_RIGHTS = 7;
/** param: the cut. */
const E_CAP_CUT = 8;
/** params: the richest's, the poorest's and the others' losses. */
const E_VULTURE = 9;
/** param: the amount. */
const E_SUBSIDY = 10;
const E_PASS_LEFT = 11;
/** param: the shift. */
const E_HURRICANE = 12;
const E_CHAOS = 13;
const E_BLANK = 14;

/** Where a card goes after use (GR-A40): discard pile 0; beside the clock for good 1; beside the clock for its round 2. */
const AFTER_DISCARD = 0;
const AFTER_THIS_ROUND = 2;

/** A config's event cards by slot (the blank last): effect code, three numbers, where it goes after use. */
interface EventTables {
  readonly effect: readonly number[];
  readonly param: readonly number[];
  readonly param2: readonly number[];
  readonly param3: readonly number[];
  readonly afterUse: readonly number[];
}

const eventTables = memoOnIdentity((config: GoldrauschConfig): EventTables => {
  const cards = eventCardsOf(config.params);
  const t = { effect: [] as number[], param: [] as number[], param2: [] as number[], param3: [] as number[], afterUse: [] as number[] };
  for (const card of cards) describe(t, card);
  t.effect.push(E_BLANK);
  t.param.push(0);
  t.param2.push(0);
  t.param3.push(0);
  t.afterUse.push(AFTER_DISCARD);
  return t;
});

function describe(t: { effect: number[]; param: number[]; param2: number[]; param3: number[]; afterUse: number[] }, card: EventCard): void {
  const effect = card.effect;
  let kind = E_BLANK;
  let param = 0;
  let param2 = 0;
  let param3 = 0;
  switch (effect.kind) {
    case 'fine-exemption':
      if (effect.who === 'poorest') kind = E_EXEMPT_POOREST;
      else {
        kind = E_EXEMPT_CONTINENT;
        param = effect.who === 'all' ? 3 : indexOfContinent(effect.who);
      }
      break;
    case 'shower':
      kind = E_SHOWER;
      param = indexOfContinent(effect.continent);
      param2 = effect.factor;
      break;
    case 'extraction':
      kind = E_EXTRACTION;
      param = effect.divideBy;
      param2 = effect.minus;
      break;
    case 'progress':
      kind = E_PROGRESS;
      param = indexOfContinent(effect.continent);
      break;
    case 'nostalgia':
      kind = E_NOSTALGIA;
      param = indexOfContinent(effect.continent);
      break;
    case 'market-crash':
      kind = E_CRASH;
      break;
    case 'equal-rights':
      kind = E_EQUAL_RIGHTS;
      break;
    case 'cap-cut':
      kind = E_CAP_CUT;
      param = effect.amount;
      break;
    case 'vulture':
      kind = E_VULTURE;
      param = effect.richest;
      param2 = effect.poorest;
      param3 = effect.others;
      break;
    case 'subsidy':
      kind = E_SUBSIDY;
      param = effect.amount;
      break;
    case 'pass-upgrade-left':
      kind = E_PASS_LEFT;
      break;
    case 'hurricane':
      kind = E_HURRICANE;
      param = effect.shift;
      break;
    case 'paperwork-chaos':
      kind = E_CHAOS;
      break;
    case 'blank':
      kind = E_BLANK;
      break;
  }
  t.effect.push(kind);
  t.param.push(param);
  t.param2.push(param2);
  t.param3.push(param3);
  t.afterUse.push(card.afterUse === 'discard' ? AFTER_DISCARD : card.afterUse === 'beside-clock' ? 1 : AFTER_THIS_ROUND);
}

/** Spins the wheel (GR-A41: a weighted draw over its fields, fair by default); returns the field's code. */
export function spinWheel(s: GoldrauschState, draws: Draws): number {
  let r = draws.int(Purpose.wheel, s.round, s.wheelTotal);
  const weights = s.wheelWeights;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i];
    if (r < 0) return s.wheelCodes[i];
  }
  throw new RangeError('wheel has no fields');
}

/**
 * Phase 4: the wheel's result `wheel` on the round; on an exclamation mark the top event card is
 * drawn and applied. Returns the card's slot (−1: none) and sets `s.winnerCount` > 0 when the card
 * ended the game (a wealth event lifted a seat to the threshold, GR-A6).
 */
export function applyWheel(s: GoldrauschState, wheel: number, draws: Draws): number {
  if (wheel === W_EVENT) {
    const event = drawEvent(s, draws);
    if (event >= 0) applyEvent(s, event, draws);
    return event;
  }
  if (wheel === W_DISASTER_WORLD) s.disasters[0] = s.disasters[1] = s.disasters[2] = 1;
  else if (wheel < 3) s.disasters[wheel] = 1;
  else if (wheel !== W_CALM) throw new RangeError(`no wheel field ${wheel}`);
  return -1;
}

/**
 * The top event card, reshuffling the discard pile into a new draw pile when it is empty (GR-A40);
 * the card goes where it lies after use at once (the discard pile, or beside the clock). −1 when no
 * card is left anywhere.
 */
function drawEvent(s: GoldrauschState, draws: Draws): number {
  if (s.eventPos >= s.eventLength) {
    if (s.discardLength === 0) return -1;
    s.eventShuffles++;
    const deck = s.eventDeck;
    for (let i = 0; i < s.discardLength; i++) deck[i] = s.eventDiscard[i];
    s.eventLength = s.discardLength;
    shuffleList(draws, deck, s.eventLength, Purpose.eventDeck, s.eventShuffles * 4096);
    s.eventPos = 0;
    s.discardLength = 0;
  }
  const event = s.eventDeck[s.eventPos++];
  if (eventTables(s.config).afterUse[event] === AFTER_DISCARD) s.eventDiscard[s.discardLength++] = event;
  else s.besideClock[s.besideLength++] = event;
  return event;
}

/** Phase 6 housekeeping (GR-A40): a card that lay beside the clock for its round only goes to the discard pile. */
export function endOfRoundEvent(s: GoldrauschState, event: number): void {
  if (eventTables(s.config).afterUse[event] !== AFTER_THIS_ROUND) return;
  const beside = s.besideClock;
  let at = s.besideLength - 1;
  while (at >= 0 && beside[at] !== event) at--;
  for (let i = at; i < s.besideLength - 1; i++) beside[i] = beside[i + 1];
  s.besideLength--;
  s.eventDiscard[s.discardLength++] = event;
}

/** The cap reduction of the card in `slot` if it is a cap cut lying beside the clock, else 0 (the sampler's cap reduction). */
export function capCutOf(config: GoldrauschConfig, slot: number): number {
  const t = eventTables(config);
  return t.effect[slot] === E_CAP_CUT ? t.param[slot] : 0;
}

/** The tie-break stream's next draw, uniform in [0, n). */
function nextTie(s: GoldrauschState, draws: Draws, n: number): number {
  return draws.int(Purpose.tieBreak, s.tieBreaks++, n);
}

/** One event card's immediate effect and its phase-5 modifiers (§7); the gold it moved goes into the round's `eventGold`. */
export function applyEvent(s: GoldrauschState, slot: number, draws: Draws): void {
  const t = eventTables(s.config);
  const kind = t.effect[slot];
  if (kind === E_BLANK) return;
  const n = s.players;
  const gold = s.gold;
  const before = s.scratch;
  for (let seat = 0; seat < n; seat++) before[seat] = gold[seat];
  const param = t.param[slot];
  let wealth = false;
  switch (kind) {
    case E_EXEMPT_POOREST: {
      // GR-A22: measured when the card is applied; all tied poorest qualify.
      let min = gold[0];
      for (let seat = 1; seat < n; seat++) if (gold[seat] < min) min = gold[seat];
      for (let seat = 0; seat < n; seat++) s.exempt[seat] = gold[seat] === min ? 1 : 0;
      s.exemptSet = true;
      break;
    }
    case E_EXEMPT_CONTINENT:
      s.exemptContinent = param;
      break;
    case E_SHOWER:
      s.shower = param;
      s.showerFactor = t.param2[slot];
      break;
    case E_EXTRACTION:
      s.extractionDivideBy = param;
      s.extractionMinus = t.param2[slot];
      break;
    case E_PROGRESS:
      s.forcedContinent = param;
      s.forcedGreen = true;
      break;
    case E_NOSTALGIA:
      s.forcedContinent = param;
      s.forcedGreen = false;
      break;
    case E_CRASH: {
      // GR-A27: uniform random among the tied richest and among the tied poorest; all equal: nothing.
      let max = gold[0];
      let min = gold[0];
      for (let seat = 1; seat < n; seat++) {
        if (gold[seat] > max) max = gold[seat];
        if (gold[seat] < min) min = gold[seat];
      }
      if (max !== min) {
        const rich = pickTied(s, max, draws);
        const poor = pickTied(s, min, draws);
        gold[rich] = min;
        gold[poor] = max;
      }
      wealth = true;
      break;
    }
    case E_EQUAL_RIGHTS: {
      // GR-A28: the players' gold (optionally the board's too) shared equally; the remainder goes to the bank.
      let total = 0;
      for (let seat = 0; seat < n; seat++) total += gold[seat];
      if (s.poolBoard) {
        for (let c = 0; c < 3; c++) {
          total += s.stock[c];
          s.stock[c] = 0;
        }
      }
      const share = Math.floor(total / n);
      s.bank += total - share * n;
      for (let seat = 0; seat < n; seat++) gold[seat] = share;
      wealth = true;
      break;
    }
    case E_CAP_CUT:
      s.capReduction += param;
      if (s.trimNow) {
        // GR-A29: stock above the new cap goes to the bank at once.
        for (let c = 0; c < 3; c++) {
          const cap = Math.max(0, s.caps[c] - s.capReduction);
          if (s.stock[c] > cap) {
            s.bank += s.stock[c] - cap;
            s.stock[c] = cap;
          }
        }
      }
      break;
    case E_VULTURE: {
      // GR-A30: the richest (all tied) lose the card's first number, the poorest its second, the rest its
      // third; everybody rules.vultureAllEqual when all are equal; losses stop at 0.
      const poorest = t.param2[slot];
      const others = t.param3[slot];
      let max = gold[0];
      let min = gold[0];
      for (let seat = 1; seat < n; seat++) {
        if (gold[seat] > max) max = gold[seat];
        if (gold[seat] < min) min = gold[seat];
      }
      for (let seat = 0; seat < n; seat++) {
        const loss = max === min ? s.vultureAllEqual : gold[seat] === max ? param : gold[seat] === min ? poorest : others;
        const paid = Math.min(loss, gold[seat]);
        gold[seat] -= paid;
        s.bank += paid;
      }
      wealth = true;
      break;
    }
    case E_SUBSIDY:
      // With a finite bank the subsidy is paid clockwise from the start player until the bank is dry.
      for (let k = 0; k < n; k++) gold[(s.startPlayer + k) % n] += takeFromBank(s, param);
      wealth = true;
      break;
    case E_PASS_LEFT:
      // #23: every upgrade card moves to the left neighbour (i → i+1); a timed-out seat passes a red (GR-A32).
      passUpgradeCards(s, 1, draws);
      break;
    case E_HURRICANE:
      moveCountryCards(s, param); // #24: country card i → i − shift, pawns follow
      break;
    case E_CHAOS:
      // #25: upgrade cards to the opposite seat (GR-A34 for odd n), then country cards i → i−1.
      passUpgradeCards(s, 0, draws);
      moveCountryCards(s, 1);
      break;
  }
  for (let seat = 0; seat < n; seat++) s.eventGold[seat] += gold[seat] - before[seat];
  if (wealth && (s.winImmediate || s.winGross)) richestAtThreshold(s);
}

/** One seat with gold `value`: the only one, or a tie-break draw among them in seat order (GR-A27). */
function pickTied(s: GoldrauschState, value: number, draws: Draws): number {
  let count = 0;
  let only = -1;
  for (let seat = 0; seat < s.players; seat++) {
    if (s.gold[seat] === value) {
      if (count === 0) only = seat;
      count++;
    }
  }
  if (count === 1) return only;
  let k = nextTie(s, draws, count);
  for (let seat = 0; seat < s.players; seat++) if (s.gold[seat] === value && k-- === 0) return seat;
  return only;
}

/**
 * The upgrade cards lying in front of the seats move: `left` 1 to the left neighbour (#23), 0 to
 * the opposite seat (#25, `oppositeMap`). A seat that laid none passes a red (GR-A32).
 */
function passUpgradeCards(s: GoldrauschState, left: number, draws: Draws): void {
  const n = s.players;
  const cards = s.cards;
  const from = s.cardFrom;
  if (!s.cardFromMoved) {
    for (let seat = 0; seat < n; seat++) from[seat] = seat;
    s.cardFromMoved = true;
  }
  const movedCards = s.movedCards;
  const movedFrom = s.movedFrom;
  for (let seat = 0; seat < n; seat++) {
    movedCards[seat] = cards[seat] === NONE ? RED : cards[seat];
    movedFrom[seat] = from[seat];
  }
  if (left === 1) {
    for (let seat = 0; seat < n; seat++) {
      const src = (seat - 1 + n) % n;
      cards[seat] = movedCards[src];
      from[seat] = movedFrom[src];
    }
    return;
  }
  const target = oppositeMap(s, draws);
  for (let seat = 0; seat < n; seat++) {
    cards[target[seat]] = movedCards[seat];
    from[target[seat]] = movedFrom[seat];
  }
}

/** Country cards move `shift` seats to the right (i → i − shift); each pawn follows its card. */
function moveCountryCards(s: GoldrauschState, shift: number): void {
  const n = s.players;
  const loc = s.finalLocations;
  const moved = s.movedCards;
  for (let seat = 0; seat < n; seat++) moved[seat] = loc[(seat + shift) % n];
  for (let seat = 0; seat < n; seat++) loc[seat] = moved[seat];
}

/** Where each seat's upgrade card goes in #25: `target[seat]`. */
function oppositeMap(s: GoldrauschState, draws: Draws): number[] {
  const n = s.players;
  const half = Math.floor(n / 2);
  const target = s.oppositeTarget;
  if (n % 2 === 0 || s.oppositeOdd === OPPOSITE_ROTATE) {
    // Even n: the swap with the opposite player. Odd n (GR-A34 default): rotate ⌊n/2⌋ clockwise.
    for (let seat = 0; seat < n; seat++) target[seat] = (seat + half) % n;
    return target;
  }
  if (s.oppositeOdd === OPPOSITE_LEAVE_ONE_OUT) {
    // Pairs (s+k, s+k+half) for k < half from the start player; the last seat keeps its card.
    for (let seat = 0; seat < n; seat++) target[seat] = seat;
    for (let k = 0; k < half; k++) {
      const a = (s.startPlayer + k) % n;
      const b = (s.startPlayer + k + half) % n;
      target[a] = b;
      target[b] = a;
    }
    return target;
  }
  // 'random': a uniformly random derangement, by rejection (expected e ≈ 2.7 shuffles).
  for (;;) {
    for (let i = 0; i < n; i++) target[i] = i;
    for (let i = n - 1; i > 0; i--) {
      const j = nextTie(s, draws, i + 1);
      const tmp = target[i];
      target[i] = target[j];
      target[j] = tmp;
    }
    let deranged = true;
    for (let i = 0; i < n; i++) if (target[i] === i) deranged = false;
    if (deranged) return target;
  }
}
