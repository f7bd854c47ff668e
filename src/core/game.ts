/**
 * The game-agnostic contract every game module implements (modelled on OpenSpiel's Game/State split).
 *
 * A game is a set of pure functions over a deeply read-only state. The driver (`sim/play`) asks
 * `pending(state)` what the game waits for, collects one answer per request from the seats' bots
 * (through `askBot`, which only ever sees `seatView(state, seat)`), and hands them to `apply`, which
 * returns the next state after also running every automatic step (chance, resolution) up to the next
 * decision or the end. Chance comes from a stateless `RandomSource` (see core/random.ts), so
 * `apply` stays a pure function of (state, answers, random source).
 */
import type { RandomSource, RandomStream } from './random.js';

/** A decision the game waits for from one seat. Games extend this with their own fields. */
export interface DecisionRequest {
  readonly seat: number;
  readonly kind: string;
}

/** What the game waits for: answers to one or more requests (simultaneous), or nothing (over). */
export type Pending<R extends DecisionRequest> = { readonly kind: 'decisions'; readonly requests: readonly R[] } | { readonly kind: 'terminal' };

/** The result of a finished game. */
export interface Outcome {
  /** Seats that won; a shared win lists several (each counts 1/k in win rates). */
  readonly winners: readonly number[];
  /** Final score per seat (the game's score: GamePresentation.score). */
  readonly scores: readonly number[];
  /** Finishing position per seat, 0 = first; tied seats share a position. */
  readonly ranks: readonly number[];
  /** How the game ended, in the game's own words (one of GameDefinition.endings). */
  readonly endedBy: string;
  /** Number of rounds (or turns) played. */
  readonly length: number;
}

/**
 * A bot's decision failed: it threw, answered illegally, overran its time budget, or never returned
 * (`hung`: a tournament's watchdog stopped it and the seat played on by the rules' fallback).
 */
export interface Fault {
  readonly seat: number;
  readonly request: string;
  /** The game's bot call at which it happened: calls are counted over all seats, 0-based, in play order. */
  readonly decision: number;
  readonly reason: 'threw' | 'illegal' | 'timeout' | 'hung';
  readonly message: string;
}

/** Outcome of asking a bot: the answer to use, and the fault if the bot's own answer was not used. */
export interface Asked<A> {
  readonly answer: A;
  readonly fault?: Omit<Fault, 'seat' | 'request' | 'decision'>;
}

export interface GameModule<Config, State, View, Request extends DecisionRequest, Answer, Bot> {
  readonly id: string;
  /**
   * True when `apply` changes the state it is given in place and returns it (a flat engine, see
   * ARCHITECTURE "one engine per game"): the driver then never freezes the state itself, only the
   * seat views it hands to bots, and keeps no earlier state. Absent = states are immutable values.
   */
  readonly inPlace?: boolean;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** The initial state, after all setup chance (shuffles, start player). */
  setup(config: Config, players: number, random: RandomSource): State;
  /**
   * Optional: from now on, record in `state` what the game's story (GameDefinition.story) tells that
   * the state alone does not keep (e.g. a move log). Called by replays right after `setup`, never in
   * runs, so a game may keep such a log only when asked.
   */
  trace?(state: State): void;
  pending(state: State): Pending<Request>;
  /**
   * Applies one answer per pending request (same order) and every automatic step after them. Reads
   * `answers` during the call only (keeps no reference to the list: the driver reuses it).
   */
  apply(state: State, answers: readonly Answer[], random: RandomSource): State;
  outcome(state: State): Outcome;
  /** Everything `seat` may see, and nothing more (the information model of the rules). */
  seatView(state: State, seat: number): View;
  /**
   * Asks `bot` for its answer to `request`, given only the seat's view. Checks legality; when the bot
   * throws or answers illegally returns the rules' fallback (the rules' fallback for a failed decision) and a
   * fault. `randomForReferee` picks random legal fallbacks where the rules need one.
   */
  askBot(bot: Bot, request: Request, view: View, state: State, random: RandomSource): Asked<Answer>;
  /** The rules' answer for a seat whose bot failed outright (e.g. it overran its time budget). */
  fallbackAnswer(request: Request, state: State, random: RandomSource): Answer;

  // --- the search contract: what a generic search agent (src/search) needs of every game ---------
  // Optional only until every registered game has them (docs/architecture.md "Adding a game").

  /**
   * The legal answers to `request` (a request of `pending`, or the one `view`'s seat is asked now),
   * from what the seat sees: a finite, non-empty list in a fixed order, each answer one that `apply`
   * accepts and `askBot` passes as legal. Where the true answer space is huge the game documents a
   * finite abstraction that contains every answer its built-in bots give. The list may be reused by
   * the next call: read it before asking again, never keep or write it.
   */
  legalAnswers?(view: View, request: Request): readonly Answer[];
  /**
   * `legalAnswers(view, request)[Math.floor(u · length)]` for a `u` in [0, 1), without building the
   * list: the uniform random answer of rollouts. Optional (the search derives it from
   * `legalAnswers`); a game whose answers are positions in its own live lists makes it O(1).
   */
  uniformAnswer?(view: View, request: Request, u: number): Answer;
  /**
   * Optional, for in-place games: plays `state` on to the end with uniform random answers, exactly as
   * the loop "for each request of `pending(state)`: `uniformAnswer(seatView(state, seat), request,
   * u.next())`, then `apply(state, answers, random)`" would — one draw of `u` a decision in request
   * order, the same answers, the same chance from `random` where it decides the game — but without
   * building views or keeping records (a search's rollouts; src/search/uniform.ts `playUniform`).
   * Afterwards the state is over and only `outcome` may be read of it (its views, records and seats'
   * knowledge may be stale), or it may be the `into` of `clone` and `sampleState`. Returns the
   * decisions played. Without it the search runs that loop.
   */
  playout?(state: State, u: RandomStream, random: RandomSource): number;
  /**
   * An independent copy of `state`: the same game from here (same `pending`, views, answers and
   * outcome for the same answers and random source), sharing nothing writable with it. Given `into`
   * (a state this game made for the same config and player count, not the one copied), copies into
   * it and returns it, so a search allocates once.
   */
  clone?(state: State, into?: State): State;
  /**
   * A full state consistent with exactly what `view` shows (information-set sampling): everything
   * the seat sees is as the view says, every hidden part (cards it does not know, deck orders, other
   * seats' hidden holdings, chance to come) drawn with `random` from what it cannot rule out. Reads
   * only the view, never the true state; the copy's `seatView` for the view's seat shows what `view`
   * showed. `into` as for `clone`. Approximations (where the exact posterior is out of reach) are
   * documented by the game.
   */
  sampleState?(view: View, random: RandomStream, into?: State): State;
  /**
   * Optional: `sampleState` prepared for many samples of one view (a search draws hundreds a
   * decision): the view is read once, and each call of the returned function is one more sample, of
   * the same distribution. Valid while the view shows the same position (within one decision).
   */
  sampler?(view: View): (random: RandomStream, into?: State) => State;
  /**
   * The game's bot whose every decision is `decide(view, request)`, with `request` the request its
   * seat is asked now (the adapter from a generic policy — `uniform`, `ismcts` — to the game's bot
   * methods; the answer is turned into what the method returns).
   */
  botOf?(name: string, decide: (view: View, request: Request) => Answer): Bot;
}

/**
 * How a game asks its bot one decision, for core's `askBot` (core/ask.ts): the method to call and
 * what its returned value means. Everything else (the try, the fault record, the fallback) is core's.
 */
export interface AskProtocol<State, View, Request extends DecisionRequest, Answer, Bot> {
  /** Calls `bot`'s method for `request` with `view` and returns what it returned (may throw). */
  call(bot: Bot, request: Request, view: View): unknown;
  /**
   * The answer `value` (what `call` returned) stands for when it is legal in `state`; otherwise an
   * `Illegal` that says why ("firstCard returned 70, not a position on the table").
   */
  accept(value: unknown, request: Request, state: State): Answer | Illegal;
  /** The rules' answer for a failed decision (GameModule.fallbackAnswer). */
  fallbackAnswer(request: Request, state: State, random: RandomSource): Answer;
}

/** A refused answer: what `AskProtocol.accept` returns for an illegal value. */
export class Illegal {
  constructor(readonly message: string) {}
}
