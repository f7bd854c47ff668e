/**
 * Asking a bot one decision, the same for every game: call its method in a try, check what it
 * returned, and on a throw or an illegal answer record a fault and use the rules' fallback. A game
 * says only which method answers which request and what a returned value means (`AskProtocol`).
 */
import { describeThrown } from './errors.js';
import { Illegal, type AskProtocol, type Asked, type DecisionRequest, type GameModule } from './game.js';
import type { RandomSource } from './random.js';

/** The fault-free `Asked` of the small whole-number answers, made once (no allocation per decision). */
const SMALL: readonly Asked<number>[] = Array.from({ length: 256 }, (_, answer) => Object.freeze({ answer }));

/** `{ answer }` without a fault; shared for answers 0 … 255. */
export function askedOf<Answer>(answer: Answer): Asked<Answer> {
  if (typeof answer === 'number' && answer >= 0 && answer < 256 && Number.isInteger(answer)) return SMALL[answer] as unknown as Asked<Answer>;
  return { answer };
}

/** `GameModule.askBot` for a game's protocol. */
export function askBotWith<State, View, Request extends DecisionRequest, Answer, Bot>(
  protocol: AskProtocol<State, View, Request, Answer, Bot>,
): GameModule<unknown, State, View, Request, Answer, Bot>['askBot'] {
  return (bot: Bot, request: Request, view: View, state: State, random: RandomSource): Asked<Answer> => {
    let value: unknown;
    try {
      value = protocol.call(bot, request, view);
    } catch (e) {
      return { answer: protocol.fallbackAnswer(request, state, random), fault: { reason: 'threw', message: describeThrown(e) } };
    }
    const answer = protocol.accept(value, request, state);
    if (answer instanceof Illegal) return { answer: protocol.fallbackAnswer(request, state, random), fault: { reason: 'illegal', message: answer.message } };
    return askedOf(answer);
  };
}

/** What `tryAsk` returns for a bot that threw. */
const THREW = new Illegal('threw');

/**
 * The answer `bot` gives to `request`, or an `Illegal` when it throws or answers illegally: the
 * fast players' and the search's ask, without a fault record (a fast player hands such a game back
 * to the driver, which records the fault).
 */
export function tryAsk<State, View, Request extends DecisionRequest, Answer, Bot>(
  protocol: AskProtocol<State, View, Request, Answer, Bot>,
  bot: Bot,
  request: Request,
  view: View,
  state: State,
): Answer | Illegal {
  let value: unknown;
  try {
    value = protocol.call(bot, request, view);
  } catch {
    return THREW;
  }
  return protocol.accept(value, request, state);
}
