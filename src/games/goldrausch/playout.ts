/**
 * GameModule.playout for Goldrausch (core/game.ts): the rest of a game with uniform random answers
 * from the legal answers' abstraction (search.ts), in lean mode (state.ts `lean`: no meeting log, no
 * round rows, counters or curve). It plays exactly the game the generic loop plays — "for each
 * request of `pending`: `uniformAnswer(seatView(state, seat), request, u.next())`, then `apply`" —
 * one draw of `u` a decision in request order: each answer is the one `uniformAnswer` gives from the
 * seat's view, and it goes straight to the meeting's transition (meeting.ts `revealContinents`,
 * `playTurn`) without `apply`'s check (an answer of the abstraction is legal) and without a request.
 */
import { RandomSource, type RandomStream } from '../../core/random.js';
import { MSG_ALL } from './bot.js';
import { type Draws, GameDraws } from './draws.js';
import { playTurn, revealContinents } from './meeting.js';
import { continentAt, turnAt } from './search.js';
import { type GoldrauschState, Stage } from './state.js';

/** The chance of the last playout's source, its streams' keys hashed once (draws.ts `GameDraws`). */
const CHANCE = new GameDraws();
let chanceKey: number | undefined;

/**
 * The rules' draws of `random` (the same numbers): a plain `RandomSource`'s through `GameDraws`, which
 * hashes each stream's key once a game instead of once a draw; any other source as it is.
 */
function drawsOf(random: RandomSource): Draws {
  if (random.int !== RandomSource.prototype.int || random.float !== RandomSource.prototype.float) return random;
  if (chanceKey !== random.gameKey) {
    CHANCE.newGame(random.gameKey);
    chanceKey = random.gameKey;
  }
  return CHANCE;
}

export function playout(s: GoldrauschState, u: RandomStream, source: RandomSource): number {
  s.lean = true;
  const random = drawsOf(source);
  const n = s.players;
  const views = s.views;
  let decisions = 0;
  for (;;) {
    const stage = s.stage;
    if (stage === Stage.meeting) {
      const seat = s.order[s.turn];
      const a = turnAt(views[seat], u.next(), s.onContinent[s.locations[seat]]);
      playTurn(s, a.messages, a.messages.length, a.commit, 0, MSG_ALL, random);
      decisions++;
    } else if (stage === Stage.continent) {
      // Phase 1: every seat's card, in seat order (the order of `pending`'s requests).
      for (let seat = 0; seat < n; seat++) {
        const a = continentAt(views[seat], u.next());
        s.choices[seat] = a.continent;
        s.provisional[seat] = a.provisional;
      }
      decisions += n;
      revealContinents(s, random);
    } else return decisions;
  }
}
