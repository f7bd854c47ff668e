/**
 * My Gold Mine as a `GameModule` (docs/games/my-gold-mine-rules.md §2–§4, §7): one flat engine that changes its
 * state in place (`inPlace`), allocates per game only, and does O(1) work per move (counts per card
 * type, no scans of the decks). Answers are small integers:
 *  - D1 `turn`: 0 = take the top digging card (A), 1 = draw an exit card (B);
 *  - D2 `exit-action`: 0 or 1, the action of the drawn two-action card;
 *  - D3 `swap-target`: the dwarf to swap places with.
 */
import { askBotWith } from '../../core/ask.js';
import { Illegal, type AskProtocol, type DecisionRequest, type GameModule, type Outcome, type Pending } from '../../core/game.js';
import { show } from '../../core/validate.js';
import { purposeKey, unitFloat, type RandomSource, type RandomStream } from '../../core/random.js';
import type { MyGoldMineBot } from './bot.js';
import {
  C_BANKED,
  C_COLLECTED,
  C_DIGS,
  C_ELIMINATIONS,
  C_EXIT_DRAWS,
  C_EXITS,
  C_LADDER,
  C_LOST,
  C_NUGGETS,
  C_ROUND_WINS,
  C_STARTED,
  ENDING_DRAGON,
  ENDING_EXITS,
  ENDINGS,
  R_BANKED,
  R_COLLECTED,
  R_DRAGON_STEPS,
  R_ELIMINATIONS,
  R_ENDED_BY_DRAGON,
  R_EXITS,
  R_LOST,
  R_TURNS,
  ROUND_COUNTERS,
} from './metrics.js';
import type { MyGoldMineConfig } from './params.js';
import {
  ALL_TOGETHER,
  DOUBLE_STEP,
  DRAGO_START,
  ELIMINATED,
  EXIT,
  EXIT_ACTION,
  EXITED,
  EXTRAGOLD,
  IN_MINE,
  LORE,
  MGM_PURPOSE,
  type MyGoldMineState,
  newState,
  cloneState,
  ONE_STEP,
  OVER,
  ScriptError,
  type DeckScript,
  SWAP,
  SWAP_TARGET,
  TURN,
} from './state.js';
import { sampleState, sampler } from './sample.js';
import type { MyGoldMineView } from './view.js';
import { EV, note, trace } from './log.js';

export type MyGoldMineRequest = DecisionRequest & { readonly kind: 'turn' | 'exit-action' | 'swap-target' };
export type MyGoldMineAnswer = number;

export const DIG = 0;
export const DRAW_EXIT = 1;

const RC = ROUND_COUNTERS.length;

// ---------------------------------------------------------------------------------------------
// Setup

/** §2 Setup for a game: a fresh state, round 1 dealt. Views are made here, one per seat. */
export function setup(config: MyGoldMineConfig, players: number, random: RandomSource): MyGoldMineState {
  if (!Number.isInteger(players) || players < 2 || players > 6) throw new RangeError(`My Gold Mine needs 2–6 players, got ${players}`);
  const state = newState(config, players);
  resetGame(state, random, random.int(MGM_PURPOSE.startPlayer, 0, players));
  return state;
}

/** The seat's read-only view: one per seat per game, made at setup, live over the state. */
export function seatView(state: MyGoldMineState, seat: number): MyGoldMineView {
  return state.views[seat];
}

/**
 * Starts a new game on `state` (in place): every per-game figure cleared, round 1 dealt with
 * `startSeat` to begin (§2.5: the youngest player; here a random seat). A state replays the same
 * game from the same random source whatever it played before.
 */
export function resetGame(state: MyGoldMineState, random: RandomSource, startSeat: number): void {
  const key = random.gameKey;
  state.digKey = purposeKey(key, MGM_PURPOSE.digDeck);
  state.exitKey = purposeKey(key, MGM_PURPOSE.exitDeck);
  state.round = 1;
  state.nuggets.fill(0);
  state.scores.fill(0);
  state.ranks.fill(0);
  state.winners.fill(0);
  state.winnerCount = 0;
  state.roundWinner = -1;
  state.ending = ENDING_EXITS;
  state.curve.fill(0);
  state.roundCounters.fill(0);
  for (let c = 0; c < state.counters.length; c++) state.counters[c].fill(0);
  state.cardCount = 0;
  state.lean = false;
  state.counters[C_STARTED][startSeat] = 1;
  startRound(state, startSeat);
}

/**
 * A state at the start of round `round` with the given start seat and nuggets, its decks in the
 * given orders (fixtures, fixtures.ts). The game stops after this round unless it is the last.
 */
export function setupScripted(
  config: MyGoldMineConfig,
  players: number,
  round: number,
  startSeat: number,
  nuggets: readonly number[],
  script: DeckScript,
): MyGoldMineState {
  const state = newState(config, players);
  state.script = script;
  state.round = round;
  if (round < state.rounds) state.stopAfterRound = round;
  for (let s = 0; s < players; s++) state.nuggets[s] = nuggets[s];
  startRound(state, startSeat);
  return state;
}

/** §2 each round: the mine rebuilt, dwarves on the Lore, both decks shuffled (the digging deck until a gold card is on top). */
export function startRound(state: MyGoldMineState, startSeat: number): void {
  const t = state.tables;
  state.startSeat = startSeat;
  state.drago = DRAGO_START;
  const d = state.dwarves;
  for (let i = 0; i < d; i++) {
    state.pos[i] = LORE;
    state.status[i] = IN_MINE;
    state.rung[i] = 0;
  }
  resetPiles(state);
  state.inMine = d;
  state.ladderCount = 0;
  state.eliminatedCount = 0;
  // Decks back in their canonical order (so a round's shuffle depends on its own draws only).
  state.dig.set(t.digCanon);
  state.digPos = 0;
  state.dragonsLeft = 0;
  for (let k = 0; k < t.digTypes; k++) {
    state.digLeft[k] = t.digCount[k];
    if (t.digDragon[k]) state.dragonsLeft += t.digCount[k];
  }
  state.digDraws = 0;
  state.kindsDrawn = 0;
  const exit = state.exitDeck;
  const exitCanon = t.exitCanon;
  const script = state.script;
  if (script === null) exit.set(exitCanon);
  // A fixture's exit deck: the listed top cards, the rest unknown (drawing one is an error).
  else for (let i = 0; i < exitCanon.length; i++) exit[i] = i < script.exit.length ? script.exit[i] : -1;
  state.exitPos = 0;
  state.exitEnd = exitCanon.length;
  state.discardCount = 0;
  for (let k = 0; k < t.exitTypes; k++) state.exitInDeck[k] = t.exitCount[k];
  state.exitDraws = 0;
  state.exitShuffles = 0;
  state.scriptReshuffles = 0;
  state.drawn = -1;
  state.passes = 0;
  revealDig(state, true);
  state.actor = startSeat * state.perSeat;
  state.stage = TURN;
  if (state.log !== null) note(state.log, EV.round, state.round, startSeat, state.digPos < state.dig.length ? state.dig[state.digPos] : -1);
}

/** Every pile empty, every team pile open (a round's start). */
export function resetPiles(state: MyGoldMineState): void {
  for (let i = 0; i < state.dwarves; i++) {
    state.extraGold[i] = 0;
    state.extraExtra[i] = 0;
    state.bankedGold[i] = 0;
    state.bankedExtra[i] = 0;
    state.roundGold[i] = 0;
  }
  for (let s = 0; s < state.players; s++) {
    state.teamGold[s] = 0;
    state.teamExtra[s] = 0;
    state.teamOpen[s] = 1;
  }
}

// ---------------------------------------------------------------------------------------------
// Decks

/** Counter of the `k`-th draw of a round's stream: rounds do not share counters. */
const counterOf = (round: number, k: number) => (round << 16) + k;

/**
 * Fixes the card that becomes the digging deck's face-up top (a lazy Fisher–Yates step). At the
 * start of a round, §2.3 "reshuffle until a gold card is on top" = draw the top until it is not a
 * dragon (same distribution: uniform over orders with a gold card on top).
 */
function revealDig(state: MyGoldMineState, first: boolean): void {
  const dig = state.dig;
  const at = state.digPos;
  const n = dig.length - at;
  if (n <= 0) return;
  const script = state.script;
  if (script !== null) {
    if (at >= script.dig.length) {
      if (first) throw new ScriptError('digDeck: the fixture lists no top card');
      // The top card past the listed ones is not known: reading it is an error (see `top`).
      dig[at] = -1;
      return;
    }
    dig[at] = script.dig[at];
    return;
  }
  const dragon = state.tables.digDragon;
  for (;;) {
    const j = at + Math.floor(unitFloat(state.digKey, counterOf(state.round, state.digDraws++)) * n);
    if (first && dragon[dig[j]]) continue;
    const tmp = dig[at];
    dig[at] = dig[j];
    dig[j] = tmp;
    return;
  }
}

/** The face-up top card (−1 = the deck is empty). */
function top(state: MyGoldMineState): number {
  if (state.digPos >= state.dig.length) return -1;
  const card = state.dig[state.digPos];
  if (card < 0)
    throw new ScriptError(`digDeck: the round reached card ${state.digPos + 1} of the digging deck, past the ${state.script!.dig.length} the fixture lists`);
  return card;
}

/** Takes the top digging card off the deck and reveals the next one. */
function takeDig(state: MyGoldMineState, card: number): void {
  state.digPos++;
  state.digLeft[card]--;
  // Records list each kind once per round it was drawn in (GameRecord.cardsDrawn): every draw
  // (~100 a game) made the aggregate's per-card statistics 13% of a run's time.
  const kind = state.tables.digKind[card];
  if ((state.kindsDrawn & (1 << kind)) === 0 && !state.lean) {
    state.kindsDrawn |= 1 << kind;
    const i = state.cardCount++ * 2;
    state.cards[i] = kind;
    state.cards[i + 1] = state.round;
  }
  revealDig(state, false);
}

/** Draws the top exit card (reshuffling the discard pile when the deck is empty); −1 = none left (MG-A11). */
function drawExit(state: MyGoldMineState): number {
  if (state.exitPos >= state.exitEnd) {
    if (state.discardCount === 0) return -1;
    reshuffleExits(state);
  }
  const deck = state.exitDeck;
  const at = state.exitPos++;
  const script = state.script;
  if (script === null) {
    const j = at + Math.floor(unitFloat(state.exitKey, counterOf(state.round, state.exitDraws++)) * (state.exitEnd - at));
    const tmp = deck[at];
    deck[at] = deck[j];
    deck[j] = tmp;
  } else if (deck[at] < 0) {
    throw new ScriptError(
      `exitDeck: the round drew exit card ${at + 1} after ${state.exitShuffles === 0 ? 'the start' : `reshuffle ${state.exitShuffles}`}, past the cards the fixture lists`,
    );
  }
  const card = deck[at];
  state.exitInDeck[card]--;
  return card;
}

/** §3.2: the face-up discard pile becomes the new face-down deck. */
function reshuffleExits(state: MyGoldMineState): void {
  const n = state.discardCount;
  const deck = state.exitDeck;
  for (let i = 0; i < n; i++) {
    deck[i] = state.discard[i];
    state.exitInDeck[deck[i]]++;
  }
  state.exitPos = 0;
  state.exitEnd = n;
  state.discardCount = 0;
  state.exitShuffles++;
  if (state.log !== null) note(state.log, EV.reshuffle, n);
  const script = state.script;
  if (script === null) return; // the order is fixed lazily, card by card, in drawExit
  const order = script.reshuffles[state.scriptReshuffles++];
  if (order === undefined)
    throw new ScriptError(
      `exitReshuffles: the exit deck was reshuffled (reshuffle ${state.exitShuffles}), but the fixture gives ${script.reshuffles.length} reshuffle order(s)`,
    );
  // The given order must hold exactly the discarded cards.
  const count = new Array<number>(state.tables.exitTypes).fill(0);
  for (let i = 0; i < n; i++) count[deck[i]]++;
  for (let i = 0; i < order.length; i++) count[order[i]]--;
  if (order.length !== n || count.some((c) => c !== 0)) {
    const names = (list: readonly number[]) => list.map((k) => state.config.params.exitDeck.types[k].id).join(', ');
    throw new ScriptError(
      `exitReshuffles[${state.scriptReshuffles - 1}]: expected an order of the ${n} discarded cards (${names(Array.from(deck.subarray(0, n)))}), got ${order.length}: ${names(order)}`,
    );
  }
  for (let i = 0; i < n; i++) deck[i] = order[i];
}

// ---------------------------------------------------------------------------------------------
// Dwarves

/** Puts gold (and kept Extragold cards) on the pile dwarf `d` collects onto (§7, MG-A18). */
function collect(state: MyGoldMineState, d: number, gold: number, extra: number): void {
  const s = state.owner(d);
  if (state.teamOpen[s]) {
    state.teamGold[s] += gold;
    state.teamExtra[s] += extra;
  } else {
    state.extraGold[d] += gold;
    state.extraExtra[d] += extra;
  }
  if (state.lean) return;
  const value = gold + extra * state.extragoldValue;
  state.counters[C_COLLECTED][s] += value;
  state.roundCounters[(state.round - 1) * RC + R_COLLECTED] += value;
}

/** §3.3: dwarf `d` reaches the exit: the topmost free rung; its pile is banked (§7: the team pile first). */
function exitDwarf(state: MyGoldMineState, d: number): void {
  const s = state.owner(d);
  state.pos[d] = EXIT;
  state.status[d] = EXITED;
  state.inMine--;
  state.ladder[state.ladderCount++] = d;
  state.rung[d] = state.ladderCount;
  if (state.teamOpen[s]) {
    state.bankedGold[d] = state.teamGold[s];
    state.bankedExtra[d] = state.teamExtra[s];
    state.teamGold[s] = 0;
    state.teamExtra[s] = 0;
    state.teamOpen[s] = 0;
  } else {
    state.bankedGold[d] = state.extraGold[d];
    state.bankedExtra[d] = state.extraExtra[d];
    state.extraGold[d] = 0;
    state.extraExtra[d] = 0;
  }
  if (state.lean) return;
  const value = state.bankedGold[d] + state.bankedExtra[d] * state.extragoldValue;
  if (state.log !== null) note(state.log, EV.exited, d, state.ladderCount, value);
  state.counters[C_EXITS][s]++;
  state.counters[C_LADDER][s] += state.ladderCount;
  state.counters[C_BANKED][s] += value;
  const r = (state.round - 1) * RC;
  state.roundCounters[r + R_EXITS]++;
  state.roundCounters[r + R_BANKED] += value;
}

/**
 * Dwarf `d` is eliminated (§3.1 step 2): its collected cards and kept Extragold go to the box
 * (MG-A10). §7: a team pile survives while the partner dwarf is still in the mine.
 */
function eliminate(state: MyGoldMineState, d: number): void {
  const s = state.owner(d);
  state.status[d] = ELIMINATED;
  state.inMine--;
  state.eliminated[state.eliminatedCount++] = d;
  let gold = 0;
  let extra = 0;
  if (state.teamOpen[s]) {
    let partnerInMine = false;
    if (state.perSeat === 2) {
      const partner = d ^ 1;
      partnerInMine = state.status[partner] === IN_MINE;
    }
    if (!partnerInMine) {
      gold = state.teamGold[s];
      extra = state.teamExtra[s];
      state.teamGold[s] = 0;
      state.teamExtra[s] = 0;
    }
  } else {
    gold = state.extraGold[d];
    extra = state.extraExtra[d];
    state.extraGold[d] = 0;
    state.extraExtra[d] = 0;
  }
  if (state.lean) return;
  const lost = gold + extra * state.extragoldValue;
  if (state.log !== null) note(state.log, EV.eliminated, d, lost);
  state.counters[C_ELIMINATIONS][s]++;
  state.counters[C_LOST][s] += lost;
  const r = (state.round - 1) * RC;
  state.roundCounters[r + R_ELIMINATIONS]++;
  state.roundCounters[r + R_LOST] += lost;
}

/** A digging card's movement (§3.1; MG-A4 onto Drago, MG-A6 onto the exit). */
function moveDwarf(state: MyGoldMineState, d: number, move: number): void {
  if (move < 0) {
    if (--state.pos[d] === EXIT) exitDwarf(state, d);
    else if (state.log !== null) note(state.log, EV.moved, d, state.pos[d]);
  } else if (move > 0) {
    if (state.pos[d] + 1 === state.drago) {
      if (state.intoDragonEliminates) eliminate(state, d);
      else if (state.log !== null) note(state.log, EV.blocked, d, state.pos[d]);
    } else {
      state.pos[d]++;
      if (state.log !== null) note(state.log, EV.moved, d, state.pos[d]);
    }
  }
}

/** A dwarf walks `steps` cards left; a step onto the exit ends its walk (Double step: the second step is lost). */
function stepLeft(state: MyGoldMineState, d: number, steps: number): void {
  for (let k = 0; k < steps; k++) {
    if (--state.pos[d] === EXIT) {
      exitDwarf(state, d);
      return;
    }
  }
  if (state.log !== null) note(state.log, EV.moved, d, state.pos[d]);
}

/**
 * §3.1 step 2: while the top card is a dragon (and Drago is not yet next to the exit), Drago steps
 * left, the card he passes is burnt with every dwarf on it, the dragon card leaves the round.
 */
function dragonCheck(state: MyGoldMineState): void {
  const dragon = state.tables.digDragon;
  const dwarves = state.dwarves;
  for (;;) {
    if (state.drago <= 1) return;
    const card = top(state);
    if (card < 0 || !dragon[card]) return;
    takeDig(state, card);
    state.dragonsLeft--;
    const to = --state.drago;
    if (state.log !== null) note(state.log, EV.dragon, card, to);
    if (!state.lean) state.roundCounters[(state.round - 1) * RC + R_DRAGON_STEPS]++;
    for (let d = 0; d < dwarves; d++) {
      if (state.status[d] === IN_MINE && state.pos[d] === to) eliminate(state, d);
    }
  }
}

/** Choice A: take the top digging card, move, dragon check (MG-A5 sets the order). */
function digTurn(state: MyGoldMineState, d: number): void {
  const card = top(state);
  takeDig(state, card);
  if (state.log !== null) note(state.log, EV.dig, d, card, state.tables.digGold[card]);
  collect(state, d, state.tables.digGold[card], 0);
  const move = state.tables.digMove[card];
  if (!state.dragonFirst) {
    moveDwarf(state, d, move);
    dragonCheck(state);
  } else {
    dragonCheck(state);
    if (state.status[d] === IN_MINE && state.drago > 1) moveDwarf(state, d, move);
  }
}

/** Other dwarves dwarf `d` may swap with (MG-A8). */
function swapCandidates(state: MyGoldMineState, d: number): number {
  let n = 0;
  const own = state.swapOwnDwarf;
  const owner = state.owner(d);
  for (let q = 0; q < state.dwarves; q++) {
    if (q !== d && state.status[q] === IN_MINE && (own || state.owner(q) !== owner)) n++;
  }
  return n;
}

/** The first candidate after `d` in turn order (the fallback and the only choice when there is one). */
function firstCandidate(state: MyGoldMineState, d: number): number {
  const own = state.swapOwnDwarf;
  const owner = state.owner(d);
  for (let k = 1; k < state.dwarves; k++) {
    const q = (d + k) % state.dwarves;
    if (state.status[q] === IN_MINE && (own || state.owner(q) !== owner)) return q;
  }
  return -1;
}

function canSwap(state: MyGoldMineState, d: number, q: number): boolean {
  return q !== d && q >= 0 && q < state.dwarves && state.status[q] === IN_MINE && (state.swapOwnDwarf || state.owner(q) !== state.owner(d));
}

function legalAction(state: MyGoldMineState, action: number): boolean {
  // MG-A7: only a swap can be impossible (no other dwarf in the mine); the rest always work.
  return action !== SWAP || swapCandidates(state, state.actor) > 0;
}

/** Carries out exit action `action` of card `card` for the actor; false = a swap target must be asked first. */
function performAction(state: MyGoldMineState, card: number, action: number): boolean {
  const d = state.actor;
  if (state.log !== null) note(state.log, EV.action, d, action, card);
  switch (action) {
    case ONE_STEP:
      stepLeft(state, d, 1);
      break;
    case DOUBLE_STEP:
      stepLeft(state, d, 2);
      break;
    case ALL_TOGETHER: {
      // §3.3: every dwarf in the mine steps left; those reaching the exit climb the ladder in turn
      // order starting with the player of the card.
      const n = state.dwarves;
      for (let k = 0; k < n; k++) {
        const q = (d + k) % n;
        if (state.status[q] === IN_MINE) stepLeft(state, q, 1);
      }
      break;
    }
    case SWAP:
      if (swapCandidates(state, d) > 1) {
        state.stage = SWAP_TARGET;
        state.drawn = card;
        return false;
      }
      swapWith(state, d, firstCandidate(state, d));
      break;
    case EXTRAGOLD:
      // Kept in front of the player (not discarded): it counts at round end (MG-A9).
      collect(state, d, 0, 1);
      return true;
  }
  state.discard[state.discardCount++] = card;
  return true;
}

function swapWith(state: MyGoldMineState, d: number, q: number): void {
  const p = state.pos[d];
  state.pos[d] = state.pos[q];
  state.pos[q] = p;
  if (state.log !== null) note(state.log, EV.swap, d, q);
}

/** Choice B: draw an exit card and carry it out (asking D2 when both actions work). False = waiting for a decision. */
function exitTurn(state: MyGoldMineState): boolean {
  const card = drawExit(state);
  if (card < 0) {
    // MG-A11: nothing to draw: the player passes. The deck check (decks.ts) keeps a moving card in
    // circulation, so a whole table passing in a row cannot happen; if it did, fail loudly.
    if (++state.passes > 2 * state.dwarves)
      throw new RangeError('My Gold Mine: every dwarf passes and no card is left to draw (the exit deck needs a moving card that cannot be kept)');
    if (state.log !== null) note(state.log, EV.pass, state.actor);
    return true;
  }
  state.passes = 0;
  if (state.log !== null) note(state.log, EV.exitCard, state.actor, card);
  const t = state.tables;
  const a = t.exitA[card];
  const b = t.exitB[card];
  const okA = legalAction(state, a);
  const okB = b >= 0 && legalAction(state, b);
  if (okA && okB) {
    state.stage = EXIT_ACTION;
    state.drawn = card;
    return false;
  }
  if (okA) return performAction(state, card, a);
  if (okB) return performAction(state, card, b);
  if (state.log !== null) note(state.log, EV.noEffect, state.actor, card);
  state.discard[state.discardCount++] = card; // MG-A7: no effect, discarded
  return true;
}

// ---------------------------------------------------------------------------------------------
// Turn order, round end, scoring

/** After a finished turn: the round ends (§4) or the next dwarf in the mine plays (MG-A17: others are skipped). */
function endTurn(state: MyGoldMineState): void {
  state.stage = TURN;
  state.drawn = -1;
  if (state.drago <= 1 || state.inMine === 0) {
    endRound(state);
    return;
  }
  const n = state.dwarves;
  let d = state.actor;
  do d = d + 1 === n ? 0 : d + 1;
  while (state.status[d] !== IN_MINE);
  state.actor = d;
}

/** Scratch list of ranked dwarves (module-level: one thread plays one game at a time). */
let RANKED: number[] = [];

/** §4 round scoring; rounds before the last award nuggets, the last is the final scoring. */
function endRound(state: MyGoldMineState): void {
  const rules = state.config.rules;
  const params = state.config.params;
  const round = state.round;
  const dragonEnd = state.drago <= 1;
  // MG-A12: at d = 1 every dwarf still in the mine has been burnt (they all stood on card 1).
  const r = (round - 1) * RC;
  if (dragonEnd) state.roundCounters[r + R_ENDED_BY_DRAGON] = 1;
  const ev = params.extragoldValue;
  // Exited dwarves in ladder order, then stably by gold: ties keep the ladder order (§4).
  if (RANKED.length < state.dwarves) RANKED = new Array<number>(state.dwarves).fill(0);
  const ranked = RANKED;
  let n = 0;
  for (let i = 0; i < state.ladderCount; i++) {
    const d = state.ladder[i];
    const gold = state.bankedGold[d] + ev * state.bankedExtra[d];
    state.roundGold[d] = gold;
    if (gold < rules.minGoldToScore) continue; // MG-A13 option
    let j = n++;
    while (j > 0 && state.roundGold[ranked[j - 1]] < gold) {
      ranked[j] = ranked[j - 1];
      j--;
    }
    ranked[j] = d;
  }
  state.roundWinner = n > 0 ? state.owner(ranked[0]) : -1;
  if (n > 0) state.counters[C_ROUND_WINS][state.roundWinner]++;
  if (state.log !== null) note(state.log, EV.roundEnd, round, state.roundWinner, dragonEnd ? 1 : 0);
  const P = state.players;
  const last = round >= state.rounds;
  if (!last) {
    let places = params.nuggets.length;
    if (P < rules.thirdPlaceMinPlayers && places > 2) places = 2; // MG-A13 house rule
    for (let i = 0; i < n && i < places; i++) {
      const s = state.owner(ranked[i]);
      state.nuggets[s] += params.nuggets[i];
      state.counters[C_NUGGETS][s] += params.nuggets[i];
    }
    for (let s = 0; s < P; s++) state.curve[(round - 1) * P + s] = state.nuggets[s];
    if (state.stopAfterRound === round) {
      state.stage = OVER;
      state.ending = dragonEnd ? ENDING_DRAGON : ENDING_EXITS;
      return;
    }
    state.round++;
    // MG-A14: the winner starts; with no winner, the next seat clockwise from the last start player.
    startRound(state, state.roundWinner >= 0 ? state.roundWinner : (state.startSeat + 1) % P);
    return;
  }
  finalScoring(state);
  state.ending = dragonEnd ? ENDING_DRAGON : ENDING_EXITS;
  state.stage = OVER;
}

/** Best (lowest) ladder rung of seat `s`'s dwarves in the final round; 0 = none exited. */
function bestRung(state: MyGoldMineState, s: number): number {
  let best = 0;
  for (let d = 0; d < state.dwarves; d++) {
    if (state.owner(d) === s && state.rung[d] > 0 && (best === 0 || state.rung[d] < best)) best = state.rung[d];
  }
  return best;
}

/** Whether seat t finishes ahead of seat s (§4 final: most gold; ties by the ladder; MG-A15, MG-A19). */
function ahead(state: MyGoldMineState, t: number, s: number, rungT: number, rungS: number): boolean {
  if (state.scores[t] !== state.scores[s]) return state.scores[t] > state.scores[s];
  if (rungT === 0) return false; // eliminated: never ahead on a tie (ties among them are shared)
  return rungS === 0 || rungT < rungS;
}

/** Scratch of `finalScoring`: each seat's best rung. */
const RUNGS = new Int32Array(6);

/** §4 final scoring: exited dwarves' gold plus nuggets; winners and finishing positions. */
function finalScoring(state: MyGoldMineState): void {
  const P = state.players;
  const round = state.round;
  for (let s = 0; s < P; s++) state.scores[s] = state.nuggets[s];
  for (let d = 0; d < state.dwarves; d++) if (state.status[d] === EXITED) state.scores[state.owner(d)] += state.roundGold[d];
  // Each seat's best rung once (up to 6 seats: a module-level scratch list, no allocation).
  const rungs = RUNGS;
  for (let s = 0; s < P; s++) rungs[s] = bestRung(state, s);
  let winnerCount = 0;
  for (let s = 0; s < P; s++) {
    const rs = rungs[s];
    let rank = 0;
    for (let t = 0; t < P; t++) if (t !== s && ahead(state, t, s, rungs[t], rs)) rank++;
    state.ranks[s] = rank;
    if (rank === 0) state.winners[winnerCount++] = s;
    state.curve[(round - 1) * P + s] = state.scores[s];
  }
  state.winnerCount = winnerCount;
}

// ---------------------------------------------------------------------------------------------
// The GameModule

const TERMINAL: Pending<MyGoldMineRequest> = { kind: 'terminal' };
const KINDS = ['turn', 'exit-action', 'swap-target'] as const;
/** One pending object per (stage, seat), made once and shared (never written). */
const PENDING: Pending<MyGoldMineRequest>[][] = KINDS.map((kind) =>
  Array.from({ length: 6 }, (_, seat) => ({ kind: 'decisions', requests: [{ seat, kind }] }) as Pending<MyGoldMineRequest>),
);

export function pending(state: MyGoldMineState): Pending<MyGoldMineRequest> {
  if (state.stage === OVER) return TERMINAL;
  return PENDING[state.stage][state.owner(state.actor)];
}

/** Applies the one answer and runs the game on to the next decision. */
export function apply(state: MyGoldMineState, answers: readonly MyGoldMineAnswer[], _random: RandomSource): MyGoldMineState {
  applyAnswer(state, answers[0]);
  return state;
}

/** `apply` of one answer (the playout's step: no answer list). */
function applyAnswer(state: MyGoldMineState, answer: MyGoldMineAnswer): void {
  const d = state.actor;
  const s = state.owner(d);
  let done = true;
  if (state.log !== null) note(state.log, EV.decision, state.stage, d, answer);
  switch (state.stage) {
    case TURN:
      if (!state.lean) state.roundCounters[(state.round - 1) * RC + R_TURNS]++;
      if (answer === DIG && top(state) >= 0) {
        if (!state.lean) state.counters[C_DIGS][s]++;
        digTurn(state, d);
      } else {
        if (!state.lean) state.counters[C_EXIT_DRAWS][s]++;
        done = exitTurn(state);
      }
      break;
    case EXIT_ACTION: {
      const card = state.drawn;
      const action = answer === 1 && state.tables.exitB[card] >= 0 ? state.tables.exitB[card] : state.tables.exitA[card];
      done = performAction(state, card, action);
      break;
    }
    case SWAP_TARGET: {
      const q = canSwap(state, d, answer) ? answer : firstCandidate(state, d);
      swapWith(state, d, q);
      state.discard[state.discardCount++] = state.drawn;
      break;
    }
    default:
      throw new RangeError('apply on a finished game');
  }
  if (done) endTurn(state);
}

export function outcome(state: MyGoldMineState): Outcome {
  const winners: number[] = [];
  for (let i = 0; i < state.winnerCount; i++) winners.push(state.winners[i]);
  return {
    winners,
    scores: state.scores.slice(),
    ranks: state.ranks.slice(),
    endedBy: ENDINGS[state.ending],
    length: state.stopAfterRound > 0 ? state.stopAfterRound : state.rounds,
  };
}

const METHODS = { turn: 'dig', 'exit-action': 'chooseAction', 'swap-target': 'swapTarget' } as const;

/** How a My Gold Mine bot is asked (core/ask.ts): D1 a boolean (dig?), D2 an action index, D3 a dwarf. */
export const protocol: AskProtocol<MyGoldMineState, MyGoldMineView, MyGoldMineRequest, MyGoldMineAnswer, MyGoldMineBot> = {
  call: (bot, request, view) => (request.kind === 'turn' ? bot.dig(view) : request.kind === 'exit-action' ? bot.chooseAction(view) : bot.swapTarget(view)),
  accept(value, request, state) {
    if (request.kind === 'turn') {
      if (value === true && top(state) >= 0) return DIG;
      if (value === false) return DRAW_EXIT;
      return new Illegal(
        value === true ? 'dig returned true, but the digging deck is empty (MG-A11)' : `${METHODS.turn} returned ${show(value)}, expected true or false`,
      );
    }
    if (request.kind === 'exit-action') {
      if (value === 0 || value === 1) return value;
      return new Illegal(`chooseAction returned ${show(value)}, expected 0 or 1`);
    }
    if (typeof value === 'number' && canSwap(state, state.actor, value)) return value;
    return new Illegal(`swapTarget returned ${show(value)}, not another dwarf in the mine the actor may swap with`);
  },
  fallbackAnswer: (request, state, random) => fallbackAnswer(request, state, random),
};

export const askBot = askBotWith(protocol);

/** The rules' answer for a failed decision: draw an exit card (B), the first action, the first candidate in turn order. */
export function fallbackAnswer(request: MyGoldMineRequest, state: MyGoldMineState, _random: RandomSource): MyGoldMineAnswer {
  if (request.kind === 'turn') return DRAW_EXIT;
  if (request.kind === 'exit-action') return 0;
  return firstCandidate(state, state.actor);
}

// ---------------------------------------------------------------------------------------------
// The search contract (core/game.ts)

/**
 * The legal answers of the seat asked: D1 dig (when the digging deck is not empty) then draw an exit
 * card; D2 both actions (D2 is asked only when both can be carried out); D3 every dwarf it may swap
 * with, in dwarf order.
 */
export function legalAnswers(view: MyGoldMineView, request: MyGoldMineRequest): readonly MyGoldMineAnswer[] {
  if (request.kind === 'turn') return view.topCard >= 0 ? DIG_OR_EXIT : EXIT_ONLY;
  if (request.kind === 'exit-action') return EXIT_ACTIONS_LEGAL;
  const dwarves = view.dwarves;
  let count = 0;
  for (let d = 0; d < dwarves; d++) if (view.canSwapWith(d)) count++;
  // One list per length, reused by every call (the contract lets the next call reuse it), as GOLD's.
  const out = (SWAP_LISTS[count] ??= new Array<number>(count).fill(0));
  let k = 0;
  for (let d = 0; d < dwarves; d++) if (view.canSwapWith(d)) out[k++] = d;
  return out;
}
/** The lists `legalAnswers` hands out: the fixed ones frozen, the swap targets one list per length. */
const DIG_OR_EXIT: readonly MyGoldMineAnswer[] = Object.freeze([DIG, DRAW_EXIT]);
const EXIT_ONLY: readonly MyGoldMineAnswer[] = Object.freeze([DRAW_EXIT]);
const EXIT_ACTIONS_LEGAL: readonly MyGoldMineAnswer[] = Object.freeze([0, 1]);
const SWAP_LISTS: number[][] = [];

export function uniformAnswer(view: MyGoldMineView, request: MyGoldMineRequest, u: number): MyGoldMineAnswer {
  if (request.kind === 'turn') return view.topCard >= 0 ? (u < 0.5 ? DIG : DRAW_EXIT) : DRAW_EXIT;
  if (request.kind === 'exit-action') return u < 0.5 ? 0 : 1;
  const list = legalAnswers(view, request);
  return list[Math.floor(u * list.length)];
}

/**
 * GameModule.playout: the rest of the game with uniform random answers, each the one
 * `uniformAnswer` gives for `u.next()`, without views or answer lists.
 */
export function playout(state: MyGoldMineState, u: RandomStream, _random: RandomSource): number {
  state.lean = true;
  let decisions = 0;
  while (state.stage !== OVER) {
    const x = u.next();
    let answer: number;
    if (state.stage === TURN) {
      // The view's topCard: −1 past the deck (or an unknown card of a fixture's deck).
      answer = state.digPos < state.dig.length && state.dig[state.digPos] >= 0 && x < 0.5 ? DIG : DRAW_EXIT;
    } else if (state.stage === EXIT_ACTION) answer = x < 0.5 ? 0 : 1;
    else {
      const d = state.actor;
      answer = swapCandidate(state, d, Math.floor(x * swapCandidates(state, d)));
    }
    applyAnswer(state, answer);
    decisions++;
  }
  return decisions;
}

/** The `k`-th dwarf (in dwarf order) dwarf `d` may swap with: legalAnswers' D3 list at `k`. */
function swapCandidate(state: MyGoldMineState, d: number, k: number): number {
  for (let q = 0; q < state.dwarves; q++) if (canSwap(state, d, q) && k-- === 0) return q;
  return -1;
}

/** A My Gold Mine bot whose every decision is `decide(view, request)`. */
export function botOf(name: string, decide: (view: MyGoldMineView, request: MyGoldMineRequest) => MyGoldMineAnswer): MyGoldMineBot {
  const ask = (view: MyGoldMineView, kind: number) => decide(view, requestOf(kind, view.seat));
  return {
    name,
    dig: (view) => ask(view, TURN) === DIG,
    chooseAction: (view) => ask(view, EXIT_ACTION),
    swapTarget: (view) => ask(view, SWAP_TARGET),
  };
}

/** The request `seat` is asked at `stage`, as `pending` hands it out. */
function requestOf(stage: number, seat: number): MyGoldMineRequest {
  return (PENDING[stage][seat] as { readonly requests: readonly MyGoldMineRequest[] }).requests[0];
}

export const myGoldMine = {
  id: 'my-gold-mine',
  inPlace: true,
  minPlayers: 2,
  maxPlayers: 6,
  setup,
  pending,
  apply,
  outcome,
  seatView,
  askBot,
  fallbackAnswer,
  trace,
  legalAnswers,
  uniformAnswer,
  playout,
  clone: cloneState,
  sampleState,
  sampler,
  botOf,
} satisfies GameModule<MyGoldMineConfig, MyGoldMineState, MyGoldMineView, MyGoldMineRequest, MyGoldMineAnswer, MyGoldMineBot>;
