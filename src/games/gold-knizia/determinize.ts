/**
 * Determinization for GOLD (docs/games/gold-knizia-rules.md §5): an engine state consistent with one seat's
 * view, in which the cards that seat does not know are filled in from an assignment the caller
 * draws. Search bots play the engine's own transitions forward from such states (engine.ts
 * `loadTable`, `turnCard`); they never see the true state, and there is no second rules
 * implementation.
 *
 * The only hidden information of GOLD is the identity of face-down cards a seat does not remember;
 * their composition is public (the cards of each code still on the table, `left`, minus the ones it
 * knows). Under perfect memory (GK-A2 default) every such position is exchangeable — it has never
 * been turned, so nothing was learnt about it — and a uniformly random assignment of that multiset
 * to the unknown positions (`sample`) is an exact draw from the seat's posterior.
 *
 * The copy is one game under the same rules, with these documented simplifications:
 *  - Perfect memory in the copy: every seat knows exactly what this seat knows. Exact under the
 *    default; under `memory: lossy` (GK-A2) an approximation (the others may remember more or less).
 *  - Scores are the view's: exact under perfect memory or public scores, otherwise the values this
 *    seat recalls (GK-A5).
 *  - One game, not the series (§3.4): the later games of a series are fresh layouts with a rotated
 *    start player, so no decision in this game changes them; the copy ends with this game, and its
 *    `seriesScore` is the totals before this game plus this game's gold. The copy's winner uses
 *    the single game's tie-break (more gold cards) where the series would use the last game's score.
 *  - The turn log and curves start at index 0 (`turn` = 0; `turnInGame` is the view's turn, so the
 *    turn cap applies as in the real game).
 */
import type { RandomStream } from '../../core/random.js';
import { CARD_TYPES, COLOURS, POSITIONS, UNKNOWN } from './cards.js';
import { loadTable } from './engine.js';
import { DEFAULT_PARAMS, type GoldConfig } from './params.js';
import { GoldState, Stage } from './state.js';
import type { GoldView } from './view.js';

/** What one seat's view says at one decision, copied (a view reads the live game on every call). */
export class Determinization {
  readonly seat: number;
  readonly players: number;
  /** The config of the copies: the view's rules with perfect memory and no series; its turn cap. */
  readonly config: GoldConfig;
  /** Card code per position as this seat knows it: a code, UNKNOWN (−1) or off the table (−2). */
  readonly known = new Int8Array(POSITIONS);
  /** The table positions whose card this seat does not know (`unknownPositions[0 … unknownCount)`). */
  readonly unknownPositions = new Int8Array(POSITIONS);
  readonly unknownCount: number;
  /**
   * The cards those positions hold between them (a multiset, in code order): the composition still
   * on the table minus the cards this seat knows.
   */
  readonly unknownCards = new Int8Array(POSITIONS);
  private readonly active: number;
  private readonly startPlayer: number;
  private readonly turn: number;
  private readonly second: boolean;
  private readonly first: number;
  private readonly rush: boolean;
  private readonly noProgress: number;
  private readonly gold: number[];
  private readonly goldCards: number[];
  private readonly seriesScore: number[];
  private readonly owners = new Int8Array(COLOURS);
  /** `loadTable`'s arguments, filled on each `load`. */
  private readonly cards = new Int8Array(POSITIONS);
  private readonly remembered = new Uint8Array(POSITIONS);
  private readonly tally = new Int32Array(CARD_TYPES);

  constructor(view: GoldView) {
    const decision = view.decision;
    if (decision === 'over') throw new RangeError('determinize: the game is over, there is no decision to search');
    this.seat = view.seat;
    this.players = view.players;
    const composition = view.composition;
    this.config = {
      rules: { ...view.rules, memory: 'perfect', series: false },
      params: { ...DEFAULT_PARAMS, maxTurns: view.maxTurns },
      ...(composition === undefined ? {} : { composition }),
    };
    this.active = view.activeSeat;
    this.startPlayer = view.startPlayer;
    this.turn = view.turn;
    this.second = decision === 'second-card';
    this.first = this.second ? view.firstPosition : -1;
    this.rush = view.rush;
    this.noProgress = view.noProgressTurns;
    const seats = Array.from({ length: this.players }, (_, s) => s);
    this.gold = seats.map((s) => view.gold(s));
    this.goldCards = seats.map((s) => view.goldCards(s));
    this.seriesScore = seats.map((s) => view.seriesScore(s));
    for (let c = 0; c < COLOURS; c++) this.owners[c] = view.owner(c);
    // The unknown multiset: every code still on the table, less each position whose card the seat
    // sees (remembered, or the turn's first card lying face up).
    const counts = new Int32Array(CARD_TYPES);
    for (let code = 0; code < CARD_TYPES; code++) counts[code] = view.left(code);
    let unknown = 0;
    for (let p = 0; p < POSITIONS; p++) {
      const code = view.cardAt(p);
      this.known[p] = code;
      if (code === UNKNOWN) this.unknownPositions[unknown++] = p;
      else if (code >= 0) counts[code]--;
    }
    this.unknownCount = unknown;
    let k = 0;
    for (let code = 0; code < CARD_TYPES; code++) {
      if (counts[code] < 0) throw new RangeError(`determinize: seat ${this.seat} knows more cards of code ${code} than are left on the table`);
      for (let i = 0; i < counts[code]; i++) this.unknownCards[k++] = code;
    }
    if (k !== unknown) throw new RangeError(`determinize: ${unknown} unknown positions but ${k} unknown cards left (a view that contradicts itself)`);
  }

  /** Can `state` take this view's copies (made by `newState` of a view of the same game's config)? */
  fits(state: GoldState): boolean {
    const a = state.config;
    const b = this.config;
    return (
      state.players === this.players &&
      a.params.maxTurns === b.params.maxTurns &&
      a.composition === b.composition &&
      (Object.keys(b.rules) as (keyof GoldConfig['rules'])[]).every((key) => a.rules[key] === b.rules[key])
    );
  }

  /** A fresh state the copies can be loaded into (allocate once, `load` many times). */
  newState(): GoldState {
    return new GoldState(this.config, this.players);
  }

  /**
   * Writes into `out[0 … unknownCount)` a uniformly random arrangement of the unknown cards
   * (Fisher–Yates, one draw of `random` per position but the last): `out[i]` is the card at
   * `unknownPositions[i]`.
   */
  sample(random: RandomStream, out: Int8Array): void {
    const n = this.unknownCount;
    for (let i = 0; i < n; i++) out[i] = this.unknownCards[i];
    for (let i = n - 1; i > 0; i--) {
      const j = random.int(i + 1);
      const tmp = out[i];
      out[i] = out[j];
      out[j] = tmp;
    }
  }

  /**
   * Loads into `state` (made by `newState`) the position the view showed, with `assignment[i]` the
   * card at `unknownPositions[i]`. The assignment must be an arrangement of `unknownCards`.
   */
  load(assignment: ArrayLike<number>, state: GoldState): GoldState {
    const s = state;
    if (!this.fits(s)) throw new RangeError('determinize: load into a state made by newState() for the same rules, players and turn cap');
    const cards = this.cards;
    const remembered = this.remembered;
    for (let p = 0; p < POSITIONS; p++) {
      const code = this.known[p];
      cards[p] = code >= 0 ? code : -1;
      remembered[p] = code >= 0 ? 1 : 0;
    }
    const tally = this.tally;
    tally.fill(0);
    for (let i = 0; i < this.unknownCount; i++) {
      const code = assignment[i];
      if (!(Number.isInteger(code) && code >= 0 && code < CARD_TYPES)) throw new RangeError(`determinize: assignment[${i}] is ${code}, not a card code`);
      cards[this.unknownPositions[i]] = code;
      tally[code]++;
    }
    for (let i = 0; i < this.unknownCount; i++) tally[this.unknownCards[i]]--;
    if (tally.some((d) => d !== 0)) throw new RangeError('determinize: the assignment is not an arrangement of the unknown cards');
    loadTable(s, cards, remembered);
    for (let c = 0; c < COLOURS; c++) s.owner[c] = this.owners[c];
    for (let seat = 0; seat < this.players; seat++) {
      s.gold[seat] = this.gold[seat];
      s.goldCards[seat] = this.goldCards[seat];
      s.seriesScore[seat] = this.seriesScore[seat];
      s.seriesCards[seat] = 0;
      s.lastGameScore[seat] = 0;
    }
    for (const counter of s.counters) counter.fill(0);
    s.turn = 0;
    s.turnInGame = this.turn;
    s.seriesGame = 0;
    s.ending = -1;
    s.winnerCount = 0;
    s.active = this.active;
    s.startPlayer = this.startPlayer;
    s.firstStartPlayer = this.startPlayer;
    s.noProgress = this.noProgress;
    if (this.second) {
      s.stage = Stage.second;
      s.first = this.first;
      // GK-A3: after-first, the first card lies face up; blind, it is turned only with the second.
      s.firstFaceUp = !s.blind;
    } else {
      s.stage = Stage.turnStart;
      s.rush = this.rush;
    }
    return s;
  }
}

/** A determinized copy of what `view` shows, the unknown cards as `assignment` places them (a new state). */
export function determinize(view: GoldView, assignment: ArrayLike<number>): GoldState {
  const d = new Determinization(view);
  return d.load(assignment, d.newState());
}
