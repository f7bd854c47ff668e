/**
 * The seat view: everything one seat may see (docs/games/gold-knizia-rules.md §5, GK-A2, GK-A5), and nothing
 * more. One view per seat per game, a thin object over the engine's arrays: it only has methods and
 * getters that return numbers and booleans, so a bot cannot write the engine's arrays through it,
 * and `deepFreeze(view)` freezes the view object alone (the state sits in a private field, which
 * freezing does not reach). It reads the current position on every call: a bot that wants to keep
 * something past its decision copies it.
 *
 * Card codes: see cards.ts (`isGold`, `cardValue`, `diggerColour`, …). What a seat does not know
 * reads as `UNKNOWN` (−1).
 */
import { CARD_TYPES, POSITIONS, RUSH_AT, UNKNOWN } from './cards.js';
import type { GoldConfig, GoldRules } from './params.js';
import type { GoldState } from './state.js';

/** `cardAt` of a position whose card has left the table. */
export const OFF_TABLE = -2;

export type GoldDecision = 'first-card' | 'second-card' | 'rush-card' | 'over';

export class GoldView {
  /** The seat this view belongs to. */
  readonly seat: number;
  readonly #s: GoldState;
  /** This seat's knowledge slot (0 under perfect memory: every seat knows the same). */
  readonly #slot: number;

  constructor(state: GoldState, seat: number) {
    this.seat = seat;
    this.#s = state;
    this.#slot = state.perfect ? 0 : seat;
  }

  get players(): number {
    return this.#s.players;
  }
  /** The game's rules options and parameters (public; read-only, never write them). */
  get config(): GoldConfig {
    return this.#s.config;
  }
  /** The rules options in force (read-only, frozen). */
  get rules(): GoldRules {
    return this.#s.config.rules;
  }
  /** How many cards of each code the layout holds, when a scenario changed them (public, like the printed counts); undefined = cards.ts COMPOSITION. */
  get composition(): readonly number[] | undefined {
    return this.#s.config.composition;
  }

  // --- whose turn, which decision ---------------------------------------------------------------

  /** Turns played so far in this game (the current turn is number `turn + 1`). */
  get turn(): number {
    return this.#s.turnInGame;
  }
  get activeSeat(): number {
    return this.#s.active;
  }
  get startPlayer(): number {
    return this.#s.startPlayer;
  }
  /** True when the gold rush is in force for the current turn (one card per turn, §3.2). */
  get rush(): boolean {
    const s = this.#s;
    return s.rush || (s.stage === 0 && s.liveCount <= RUSH_AT);
  }
  /**
   * Consecutive normal turns that removed no card (public: everybody saw them). Read by the GK-A1
   * `no-progress-turns` rule, which starts the rush after 2 × players of them.
   */
  get noProgressTurns(): number {
    return this.#s.noProgress;
  }
  /** The turn cap per game (params.maxTurns, public: goldpit's safety cap, not a rule). */
  get maxTurns(): number {
    return this.#s.maxTurns;
  }
  /** The decision the active seat is asked for now (D1 first-card, D2 second-card, D3 rush-card). */
  get decision(): GoldDecision {
    const s = this.#s;
    if (s.stage === 2) return 'over';
    if (s.stage === 1) return 'second-card';
    return s.rush || s.liveCount <= RUSH_AT ? 'rush-card' : 'first-card';
  }
  /** The position turned first in this turn (−1 before D1 is answered). */
  get firstPosition(): number {
    return this.#s.first;
  }
  /**
   * The card turned first in this turn: face up under `after-first`; under `blind` (GK-A3) only
   * if this seat remembers that position. UNKNOWN otherwise or before D1.
   */
  get firstCard(): number {
    const s = this.#s;
    return s.first < 0 ? UNKNOWN : this.cardAt(s.first);
  }

  // --- the table ----------------------------------------------------------------------------------

  /** Cards on the table. */
  get tableCount(): number {
    return this.#s.liveCount;
  }
  /** The i-th position on the table, 0 ≤ i < tableCount (the order changes as cards leave). */
  tablePosition(i: number): number {
    return i >= 0 && i < this.#s.liveCount ? this.#s.live[i] : -1;
  }
  onTable(position: number): boolean {
    return position >= 0 && position < POSITIONS && this.#s.card[position] >= 0;
  }
  /**
   * What this seat knows of the card at `position`: its code if it lies face up now or the seat
   * remembers it, UNKNOWN if not, OFF_TABLE if it has left the table.
   */
  cardAt(position: number): number {
    const s = this.#s;
    if (!(position >= 0 && position < POSITIONS) || s.card[position] < 0) return OFF_TABLE;
    if (position === s.first && s.firstFaceUp) return s.card[position];
    return s.known[this.#slot * POSITIONS + position];
  }
  /** Table positions whose card this seat remembers: `knownPosition(i)`, 0 ≤ i < knownCount. */
  get knownCount(): number {
    return this.#s.knownCount[this.#slot];
  }
  knownPosition(i: number): number {
    return i >= 0 && i < this.knownCount ? this.#s.knownList[this.#slot * POSITIONS + i] : -1;
  }
  /** Table positions whose card this seat does not know: `unknownPosition(i)`, 0 ≤ i < unknownCount. */
  get unknownCount(): number {
    return this.#s.unknownCount[this.#slot];
  }
  unknownPosition(i: number): number {
    return i >= 0 && i < this.unknownCount ? this.#s.unknownList[this.#slot * POSITIONS + i] : -1;
  }
  /** Cards of `code` still on the table (public: the composition minus every card seen leaving). */
  left(code: number): number {
    return code >= 0 && code < CARD_TYPES ? this.#s.left[code] : 0;
  }
  /** Cards of `code` on the table that this seat remembers where they lie. */
  knownLeft(code: number): number {
    return code >= 0 && code < CARD_TYPES ? this.#s.knownOfCode[this.#slot * CARD_TYPES + code] : 0;
  }
  /** The i-th table position (0 ≤ i < knownLeft(code)) where this seat remembers a card of `code`. */
  knownPositionOf(code: number, i: number): number {
    return i >= 0 && i < this.knownLeft(code) ? this.#s.knownByCode[8 * (this.#slot * CARD_TYPES + code) + i] : -1;
  }
  /** Bit mask of the codes (bit c = code c) this seat remembers on the table: `knownLeft(c) > 0`. */
  get knownCodes(): number {
    return this.#s.knownCodes[this.#slot];
  }
  /** Bit mask of the codes among the table positions this seat does not know: `unknownLeft(c) > 0`. */
  get unknownCodes(): number {
    return this.#s.unknownCodes[this.#slot];
  }
  /** Bit mask of the codes still on the table: `left(c) > 0`. */
  get leftCodes(): number {
    return this.#s.leftCodes;
  }
  /** Cards of `code` among the table positions this seat does not know. */
  unknownLeft(code: number): number {
    return this.left(code) - this.knownLeft(code);
  }

  // --- players -------------------------------------------------------------------------------------

  /** The seat owning `colour` (0…4), or −1 when it belongs to nobody (GK-A7). */
  owner(colour: number): number {
    return colour >= 0 && colour < 5 ? this.#s.owner[colour] : -1;
  }
  /** Gold cards `seat` has collected in this game (public: they lie under the entrance). */
  goldCards(seat: number): number {
    return this.#s.goldCards[seat] ?? 0;
  }
  /**
   * The gold value of `seat` as far as this seat knows it: exact for itself, under perfect memory
   * or `scoreVisibility: public`; under lossy memory the sum of the values it recalls (GK-A5).
   */
  gold(seat: number): number {
    const s = this.#s;
    if (seat === this.seat || s.perfect || s.publicScores) return s.gold[seat] ?? 0;
    return s.goldSeen[this.seat * s.players + seat] ?? 0;
  }
  /** How many of `seat`'s gold cards this seat knows the value of (= goldCards when exact). */
  goldCardsKnown(seat: number): number {
    const s = this.#s;
    if (seat === this.seat || s.perfect || s.publicScores) return s.goldCards[seat] ?? 0;
    return s.goldCardsSeen[this.seat * s.players + seat] ?? 0;
  }

  // --- series (§3.4) ----------------------------------------------------------------------------

  /** Which game of the series this is (0-based; always 0 without `series`). */
  get seriesGame(): number {
    return this.#s.seriesGame;
  }
  get seriesGames(): number {
    return this.#s.seriesGames;
  }
  /** `seat`'s total over the finished games of the series (public: counted at each game's end). */
  seriesScore(seat: number): number {
    return this.#s.seriesScore[seat] ?? 0;
  }
}
