/**
 * My Gold Mine's information-set sampler (GameModule.sampleState, docs/games/my-gold-mine-rules.md
 * §6): a full engine state consistent with exactly what one seat's view shows, every hidden part
 * drawn from the caller's stream. It reads the view only, never the true state.
 *
 * As the view shows it: round, start seat, whose turn and which decision (with the exit card just
 * drawn), Drago, every dwarf's card and status, the ladder, nuggets, the face-up top digging card and
 * the composition of the rest of the digging deck, the exit deck's composition and the discard pile,
 * and every pile the seat may see.
 *
 * Sampled:
 *  - The order of the digging deck below its top and of the face-down exit deck, and every shuffle
 *    of later rounds: new deck keys drawn from `random`; the engine's lazy Fisher–Yates (engine.ts
 *    `revealDig`, `drawExit`) then fixes each card when it is reached, uniformly from the
 *    composition — an exact draw, since nothing about the order is seen before.
 *  - Under `collectedVisibility: hidden` (MG-A20), an approximation: the gold of the digging cards
 *    taken this round, less what the seat's own dwarves hold, dealt one gold at a time to the other
 *    dwarves that are not eliminated (in the mine or out), uniformly (who dug which card is not in
 *    the view; gold lost by eliminated dwarves is not told apart).
 *
 * A pile is held as gold (kept Extragold cards at their value: the view shows the sum). Not shown by
 * the view and not needed by the rules from here on: the records of earlier rounds (zero).
 * `sampler(view)` reads the view once into a template; each sample is a clone of it with new keys
 * (and hidden piles): the same draws as `sampleState`.
 */
import type { RandomStream } from '../../core/random.js';
import { resetPiles } from './engine.js';
import { cloneState, ELIMINATED, EXIT_ACTION, EXITED, IN_MINE, type MyGoldMineState, newState, SWAP_TARGET, TURN } from './state.js';
import type { MyGoldMineView } from './view.js';

const u32 = (random: RandomStream) => Math.floor(random.next() * 4294967296) >>> 0;

export function sampleState(view: MyGoldMineView, random: RandomStream, into?: MyGoldMineState): MyGoldMineState {
  const state = loadView(view, into);
  drawHidden(state, view, random);
  return state;
}

/** `sampleState` for many samples of one view (GameModule.sampler): the view read once, each sample a clone with new keys (and piles). */
export function sampler(view: MyGoldMineView): (random: RandomStream, into?: MyGoldMineState) => MyGoldMineState {
  const template = loadView(view, undefined);
  return (random, into) => {
    const state = cloneState(template, into === template ? undefined : into);
    drawHidden(state, view, random);
    return state;
  };
}

/** What is drawn per sample: the deck keys (the hidden orders) and the piles hidden from the seat (MG-A20). */
function drawHidden(state: MyGoldMineState, view: MyGoldMineView, random: RandomStream): void {
  state.digKey = u32(random);
  state.exitKey = u32(random);
  if (view.rules.collectedVisibility === 'hidden') writePiles(state, pilesOf(view, random));
}

/** Everything the view shows into `into` (or a new state); the keys and hidden piles are `drawHidden`'s. */
function loadView(view: MyGoldMineView, into: MyGoldMineState | undefined): MyGoldMineState {
  const config = view.config;
  const players = view.players;
  const state = into !== undefined && into.config === config && into.players === players ? into : newState(config, players);
  const t = state.tables;
  state.script = null;
  state.log = null;
  state.lean = false;
  state.round = view.round;
  state.stopAfterRound = 0;
  state.startSeat = view.startSeat;
  state.actor = view.actor;
  const decision = view.decision;
  state.stage = decision === 'turn' ? TURN : decision === 'exit-action' ? EXIT_ACTION : SWAP_TARGET;
  state.drawn = view.drawnExit;
  state.drago = view.drago;
  state.digKey = 0;
  state.exitKey = 0;
  state.digDraws = 0;
  state.exitDraws = 0;
  state.exitShuffles = 0;
  state.scriptReshuffles = 0;
  state.passes = 0;
  state.kindsDrawn = 0;
  state.cardCount = 0;
  state.winnerCount = 0;
  state.roundWinner = -1;
  state.ending = 0;
  state.scores.fill(0);
  state.ranks.fill(0);
  state.curve.fill(0);
  state.roundCounters.fill(0);
  for (let c = 0; c < state.counters.length; c++) state.counters[c].fill(0);
  resetPiles(state);
  let inMine = 0;
  for (let d = 0; d < state.dwarves; d++) {
    state.pos[d] = view.position(d);
    state.status[d] = view.inMine(d) ? IN_MINE : view.exited(d) ? EXITED : ELIMINATED;
    if (state.status[d] === IN_MINE) inMine++;
  }
  state.inMine = inMine;
  state.ladderCount = view.ladderSize;
  state.rung.fill(0);
  for (let i = 0; i < state.ladderCount; i++) {
    state.ladder[i] = view.ladderAt(i);
    state.rung[state.ladder[i]] = i + 1;
  }
  state.eliminatedCount = 0;
  for (let d = 0; d < state.dwarves; d++) {
    if (state.status[d] !== ELIMINATED) continue;
    state.eliminated[state.eliminatedCount++] = d;
  }
  for (let s = 0; s < players; s++) state.nuggets[s] = view.nuggets(s);
  writePiles(state, pilesOf(view, null));
  // The digging deck: the top, then the rest of the composition in canonical order; the lazy
  // shuffle under the new key fixes each card below the top when it surfaces.
  const total = state.dig.length;
  let at = total - view.digDeckSize;
  state.digPos = at;
  state.dragonsLeft = view.dragonsLeft;
  const top = view.topCard;
  if (top >= 0) state.dig[at++] = top;
  for (let k = 0; k < t.digTypes; k++) {
    state.digLeft[k] = view.digRemaining(k);
    for (let n = state.digLeft[k] - (k === top ? 1 : 0); n > 0; n--) state.dig[at++] = k;
  }
  // The exit deck: its composition (ordered by the lazy shuffle when drawn); the discard pile as it lies.
  let e = 0;
  for (let k = 0; k < t.exitTypes; k++) {
    state.exitInDeck[k] = view.exitInDeck(k);
    for (let n = state.exitInDeck[k]; n > 0; n--) state.exitDeck[e++] = k;
  }
  state.exitPos = 0;
  state.exitEnd = e;
  state.discardCount = view.discardSize;
  for (let i = 0; i < state.discardCount; i++) state.discard[i] = view.discardAt(i);
  return state;
}

/** Each dwarf's pile into the state: a seat with a dwarf out has banked its team pile (§7); its others collect on their own. */
function writePiles(state: MyGoldMineState, piles: readonly number[]): void {
  for (let d = 0; d < state.dwarves; d++) {
    if (state.status[d] !== EXITED) continue;
    state.bankedGold[d] = piles[d];
    state.teamOpen[state.owner(d)] = 0;
  }
  for (let d = 0; d < state.dwarves; d++) {
    if (state.status[d] !== IN_MINE) continue;
    const s = state.owner(d);
    if (state.teamOpen[s]) state.teamGold[s] = piles[d];
    else state.extraGold[d] = piles[d];
  }
}

/** Scratch for `pilesOf` (calls are synchronous). */
let PILES: number[] = [];

/** Every dwarf's pile as the view shows it; piles hidden from the seat (MG-A20) dealt as the header says (0 without `random`). */
function pilesOf(view: MyGoldMineView, random: RandomStream | null): number[] {
  const dwarves = view.dwarves;
  if (PILES.length < dwarves) PILES = new Array<number>(dwarves).fill(0);
  const piles = PILES;
  let hidden = 0;
  let own = 0;
  for (let d = 0; d < dwarves; d++) {
    const pile = view.pile(d);
    if (pile < 0) hidden++;
    else if (view.owner(d) === view.seat && !view.eliminated(d)) own += pile;
    piles[d] = Math.max(0, pile);
  }
  if (hidden === 0 || random === null) return piles;
  const config = view.config;
  let dug = 0;
  for (let k = 0; k < view.digTypes; k++) {
    const taken = config.params.digDeck.types[k] === undefined ? 0 : config.params.digDeck.types[k].count - view.digRemaining(k);
    dug += taken * view.digGold(k);
  }
  let rest = Math.max(0, dug - own);
  const holders: number[] = [];
  for (let d = 0; d < dwarves; d++) if (view.pile(d) < 0 && !view.eliminated(d)) holders.push(d);
  if (holders.length === 0) return piles;
  while (rest-- > 0) piles[holders[random.int(holders.length)]]++;
  return piles;
}
