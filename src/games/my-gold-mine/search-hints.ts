/**
 * My Gold Mine's game knowledge for the generic search (GameDefinition.search, src/search/ismcts.ts),
 * each piece measured before it became a default (docs/bots-and-tournaments.md, My Gold Mine's figures).
 */
import type { SearchHints } from '../../core/definition.js';
import type { MyGoldMineAnswer, MyGoldMineRequest } from './engine.js';
import type { MyGoldMineState } from './state.js';
import type { MyGoldMineView } from './view.js';

/**
 * What a seat has just seen that its answers so far do not fix: at a turn the face-up top digging
 * card (the card a dig takes), at an exit action or swap the exit card drawn. A decision is then
 * searched knowing it, not once for every card that could have come up.
 */
export function outcomeKey(view: MyGoldMineView, request: MyGoldMineRequest): number {
  return request.kind === 'turn' ? view.topCard + 2 : view.drawnExit + 2;
}

export const searchHints: SearchHints<MyGoldMineState, MyGoldMineView, MyGoldMineRequest, MyGoldMineAnswer> = {
  ismcts: '',
  // The skill ladder's budgets: 400 iterations beat 100 with significance (docs/bots-and-tournaments.md, skill depth).
  ladder: [100, 400],
  outcomeKey,
};
