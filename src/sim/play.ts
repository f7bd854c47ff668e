/**
 * Plays one game of any `GameModule` with one bot per seat. The driver hands each bot only its
 * seat's view, records faults (throws, illegal answers, overrun time budgets) and applies the
 * rules' fallback, so a broken bot never stops a run.
 */
import { describeThrown } from '../core/errors.js';
import type { Asked, DecisionRequest, Fault, GameModule, Outcome } from '../core/game.js';
import { deepFreeze } from '../core/readonly.js';
import type { RandomSource } from '../core/random.js';

export interface PlayOptions<Config, State, View, Request extends DecisionRequest, Answer, Bot> {
  readonly module: GameModule<Config, State, View, Request, Answer, Bot>;
  readonly config: Config;
  readonly players: number;
  /** One fresh bot per seat. */
  readonly bots: readonly Bot[];
  readonly random: RandomSource;
  /** Test mode: deep-freeze every state and view, so any write throws. */
  readonly freeze?: boolean;
  /**
   * Seats whose bots are untrusted (bot files): each view is deep-frozen before such a bot sees it,
   * and with it the parts of the state it shares (states are never written after they are made),
   * so a write throws inside the bot (a `threw` fault) instead of changing the game. Trusted seats'
   * views are not frozen (freezing costs CPU time).
   */
  readonly untrustedSeats?: readonly boolean[];
  /**
   * Per-decision time budget in ms (null = not timed; see `timedSeats`). A decision that took
   * longer is recorded as a timeout fault and replaced by the rules' fallback (GameModule.fallbackAnswer).
   */
  readonly timeBudgetMs?: number | null;
  /** The seats the time budget applies to (default: every seat); a scenario run times only its bot files. */
  readonly timedSeats?: readonly boolean[];
  /** Called after every transition (replay, traces). */
  readonly onState?: (state: State) => void;
  /** A replay: the module records what its story tells (GameModule.trace). */
  readonly trace?: boolean;
  /** Watches every bot call (a tournament's hang watchdog) and may stop a seat's bot. */
  readonly guard?: DecisionGuard;
}

/**
 * Hooks around each bot call. `decision` counts the bot calls of the game over all seats (0-based),
 * so (game, decision) names one call in a replay.
 */
export interface DecisionGuard {
  /**
   * Before asking `seat`'s bot: true = ask it. Otherwise the bot is not asked and the seat gets the
   * rules' fallback (the rules' fallback for a failed decision), with the given fault recorded (false: none).
   */
  before(seat: number, decision: number, request: string): boolean | Omit<Fault, 'seat' | 'request' | 'decision'>;
  /** After the bot answered (not called when `before` returned false). */
  after(): void;
}

export interface PlayedGame<State> {
  readonly final: State;
  readonly outcome: Outcome;
  readonly faults: readonly Fault[];
}

export function playGame<Config, State, View, Request extends DecisionRequest, Answer, Bot>(
  options: PlayOptions<Config, State, View, Request, Answer, Bot>,
): PlayedGame<State> {
  const { module, random, bots, freeze, guard } = options;
  const budget = options.timeBudgetMs ?? null;
  const faults: Fault[] = [];
  let decision = 0;
  // One answer list per request count, reused by every transition of the game: `apply` reads its
  // answers during the call only (GameModule.apply), and every entry is written before each call.
  const answerLists: Answer[][] = [];
  let state = module.setup(options.config, options.players, random);
  if (options.trace) module.trace?.(state);
  // An in-place engine (GameModule.inPlace) writes its state on every transition: only its views are frozen.
  const freezeState = freeze && !module.inPlace;
  if (freezeState) deepFreeze(state);
  options.onState?.(state);
  for (;;) {
    const pending = module.pending(state);
    if (pending.kind === 'terminal') break;
    const requests = pending.requests;
    // Exact size (an array grown by push from [] reserves room for 16): one answer per request.
    const answers: Answer[] = (answerLists[requests.length] ??= new Array(requests.length));
    for (let r = 0; r < requests.length; r++) {
      const request = requests[r];
      const call = decision++;
      const verdict = guard ? guard.before(request.seat, call, request.kind) : true;
      if (verdict !== true) {
        if (verdict !== false) faults.push({ seat: request.seat, request: request.kind, decision: call, reason: verdict.reason, message: verdict.message });
        answers[r] = module.fallbackAnswer(request, state, random);
        continue;
      }
      const view = module.seatView(state, request.seat);
      if (freeze || options.untrustedSeats?.[request.seat]) deepFreeze(view);
      const timed = budget !== null && (options.timedSeats === undefined || options.timedSeats[request.seat]);
      const started = timed ? performance.now() : 0;
      let asked: Asked<Answer>;
      try {
        asked = module.askBot(bots[request.seat], request, view, state, random);
      } catch (e) {
        // What the module's own checks did not catch (e.g. an array whose length getter throws):
        // still the bot's fault, handled by the rules' fallback.
        asked = { answer: module.fallbackAnswer(request, state, random), fault: { reason: 'threw', message: describeThrown(e) } };
      } finally {
        // Always clear the watchdog's marker: a stale one would make it stop a healthy worker later.
        guard?.after();
      }
      let answer = asked.answer;
      if (asked.fault) faults.push({ seat: request.seat, request: request.kind, decision: call, reason: asked.fault.reason, message: asked.fault.message });
      if (timed) {
        const took = performance.now() - started;
        if (took > budget) {
          faults.push({
            seat: request.seat,
            request: request.kind,
            decision: call,
            reason: 'timeout',
            message: `took ${took.toFixed(1)} ms, over the ${budget} ms budget`,
          });
          answer = module.fallbackAnswer(request, state, random);
        }
      }
      answers[r] = answer;
    }
    state = module.apply(state, answers, random);
    if (freezeState) deepFreeze(state);
    options.onState?.(state);
  }
  return { final: state, outcome: module.outcome(state), faults };
}
