/**
 * The seat view (docs/games/my-gold-mine-rules.md §6): a thin read-only object over the engine's arrays, one
 * per seat per game. Its only fields are private (`#`), so `deepFreeze(view)` freezes the view and
 * nothing of the engine, and no engine array can be reached or written through it. Everything is a
 * method returning a number (or a string for names), so a bot's questions allocate nothing.
 *
 * What a seat sees: the face-up top digging card, the countable composition of the rest of the
 * digging deck (never its order), the exit discard pile and the face-down exit deck's composition
 * (countable: every card but the drawn ones was seen), all dwarf, Drago and ladder positions,
 * nuggets, kept Extragold cards, and everybody's collected gold when `collectedVisibility` is
 * public (else only its own seat's).
 */
import { EXIT_ACTIONS, type DigKind, type ExitAction } from './decks.js';
import type { MyGoldMineConfig, RulesOptions } from './params.js';
import { ELIMINATED, EXIT_ACTION, EXITED, IN_MINE, SWAP_TARGET, type MyGoldMineState } from './state.js';

export type Decision = 'turn' | 'exit-action' | 'swap-target';

export class MyGoldMineView {
  readonly #s: MyGoldMineState;
  readonly #seat: number;

  constructor(state: MyGoldMineState, seat: number) {
    this.#s = state;
    this.#seat = seat;
  }

  // --- who and when ---
  /** This view's seat. */
  get seat(): number {
    return this.#seat;
  }
  get players(): number {
    return this.#s.players;
  }
  /** Dwarves in the game: one per seat, two per seat with two players (§7). */
  get dwarves(): number {
    return this.#s.dwarves;
  }
  /** The seat that plays dwarf `d` (dwarves 2s and 2s + 1 in the two-player variant). */
  owner(d: number): number {
    return this.#s.owner(d);
  }
  /** 1-based round; `rounds` in a game (the last awards no nuggets: final scoring). */
  get round(): number {
    return this.#s.round;
  }
  get rounds(): number {
    return this.#s.rounds;
  }
  get rules(): RulesOptions {
    return this.#s.config.rules;
  }
  /** The game's rules and parameters, decks included (public: the decks' compositions are known). */
  get config(): MyGoldMineConfig {
    return this.#s.config;
  }
  get extragoldValue(): number {
    return this.#s.config.params.extragoldValue;
  }
  /** What is asked now: D1 `turn`, D2 `exit-action`, D3 `swap-target`. */
  get decision(): Decision {
    const stage = this.#s.stage;
    return stage === EXIT_ACTION ? 'exit-action' : stage === SWAP_TARGET ? 'swap-target' : 'turn';
  }
  /** The dwarf that acts now (the seat's own when it is asked). */
  get actor(): number {
    return this.#s.actor;
  }
  /** The seat that started this round (round 1: random; later the previous round's winner, MG-A14). */
  get startSeat(): number {
    return this.#s.startSeat;
  }

  // --- the mine ---
  /** Drago's card (8 at the start; the round ends when he reaches 1). */
  get drago(): number {
    return this.#s.drago;
  }
  /** Dwarf `d`'s card: 0 = exit … Drago − 1 (the last card it stood on if it left the mine). */
  position(d: number): number {
    return this.#s.pos[d];
  }
  inMine(d: number): boolean {
    return this.#s.status[d] === IN_MINE;
  }
  exited(d: number): boolean {
    return this.#s.status[d] === EXITED;
  }
  eliminated(d: number): boolean {
    return this.#s.status[d] === ELIMINATED;
  }
  /** Dwarves still in the mine. */
  get dwarvesInMine(): number {
    return this.#s.inMine;
  }
  /** The ladder: `ladderSize` dwarves out, `ladderAt(0)` on the topmost rung. */
  get ladderSize(): number {
    return this.#s.ladderCount;
  }
  ladderAt(i: number): number {
    return i < this.#s.ladderCount ? this.#s.ladder[i] : -1;
  }
  nuggets(seat: number): number {
    return this.#s.nuggets[seat];
  }

  // --- the digging deck (face up) ---
  /** Kinds of digging card in this game's deck (types 0 … digTypes − 1). */
  get digTypes(): number {
    return this.#s.tables.digTypes;
  }
  digId(type: number): string {
    return this.#s.tables.digIds[type];
  }
  digKind(type: number): DigKind {
    return this.#s.tables.digKinds[type];
  }
  digGold(type: number): number {
    return this.#s.tables.digGold[type];
  }
  /** +1 right (towards Drago), −1 left (towards the exit), 0 stay. */
  digMove(type: number): number {
    return this.#s.tables.digMove[type];
  }
  isDragon(type: number): boolean {
    return this.#s.tables.digDragon[type];
  }
  /** The face-up top card's type; −1 if the deck is empty (MG-A11: then A is not allowed). Never a dragon at a decision. */
  get topCard(): number {
    const s = this.#s;
    return s.digPos < s.dig.length ? s.dig[s.digPos] : -1;
  }
  /** Cards left in the digging deck, the top card included. */
  get digDeckSize(): number {
    return this.#s.dig.length - this.#s.digPos;
  }
  /** Cards of `type` left in the digging deck, the top card included (the order below the top is hidden). */
  digRemaining(type: number): number {
    return this.#s.digLeft[type];
  }
  /** Dragon cards left in the digging deck. */
  get dragonsLeft(): number {
    return this.#s.dragonsLeft;
  }

  // --- the exit deck (face down) and its discard pile (face up) ---
  get exitTypes(): number {
    return this.#s.tables.exitTypes;
  }
  exitId(type: number): string {
    return this.#s.config.params.exitDeck.types[type].id;
  }
  /** Action `i` (0 or 1) of exit card `type` as an index into EXIT_ACTIONS (−1 = the card has one action). */
  exitAction(type: number, i: number): number {
    return i === 0 ? this.#s.tables.exitA[type] : i === 1 ? this.#s.tables.exitB[type] : -1;
  }
  exitActionName(type: number, i: number): ExitAction | null {
    const a = this.exitAction(type, i);
    return a < 0 ? null : EXIT_ACTIONS[a];
  }
  /** Face-down exit cards left (before a reshuffle of the discard pile). */
  get exitDeckSize(): number {
    return this.#s.exitEnd - this.#s.exitPos;
  }
  /** Face-down exit cards of `type` (countable from the discard pile and the kept cards). */
  exitInDeck(type: number): number {
    return this.#s.exitInDeck[type];
  }
  get discardSize(): number {
    return this.#s.discardCount;
  }
  /** Discard pile card `i` (0 = the bottom, discardSize − 1 = the latest). */
  discardAt(i: number): number {
    return i < this.#s.discardCount ? this.#s.discard[i] : -1;
  }
  /** The exit card just drawn, while its action (D2) or swap target (D3) is asked; else −1. */
  get drawnExit(): number {
    return this.#s.stage === EXIT_ACTION || this.#s.stage === SWAP_TARGET ? this.#s.drawn : -1;
  }
  /** Whether the acting dwarf may swap with dwarf `d` (MG-A8: another dwarf still in the mine). */
  canSwapWith(d: number): boolean {
    const s = this.#s;
    const a = s.actor;
    if (d === a || d < 0 || d >= s.dwarves || s.status[d] !== IN_MINE) return false;
    return s.config.rules.swapOwnDwarf || s.owner(d) !== s.owner(a);
  }

  // --- gold ---
  /**
   * Gold dwarf `d` carries now (in the mine: the pile it collects onto — the team pile, §7 — with
   * kept Extragold at its value; out: what it banked; eliminated: 0). −1 when hidden (MG-A20).
   */
  pile(d: number): number {
    const s = this.#s;
    const owner = s.owner(d);
    if (owner !== this.#seat && s.config.rules.collectedVisibility === 'hidden') return -1;
    const ev = s.config.params.extragoldValue;
    const st = s.status[d];
    if (st === ELIMINATED) return 0;
    if (st === EXITED) return s.bankedGold[d] + ev * s.bankedExtra[d];
    return s.teamOpen[owner] ? s.teamGold[owner] + ev * s.teamExtra[owner] : s.extraGold[d] + ev * s.extraExtra[d];
  }
}
