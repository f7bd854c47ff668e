/**
 * Goldrausch's game knowledge for the generic search (GameDefinition.search, src/search/ismcts.ts),
 * each piece measured before it became a default (docs/bots-and-tournaments.md, Goldrausch's figures).
 */
import type { SearchHints } from '../../core/definition.js';
import { GREEN, MSG_ACCEPT, MSG_PASS, MSG_PROMISE, MSG_PROPOSE, MSG_REJECT, newMessage, RED } from './bot.js';
import type { GoldrauschAnswer, GoldrauschRequest } from './engine.js';
import { KINDS, M_ACCEPT, M_PASS, M_PROMISE_GREEN, M_PROMISE_RED, M_PROPOSE, M_REJECT } from './search.js';
import type { GoldrauschState } from './state.js';
import type { GoldrauschView } from './view.js';

/**
 * A number per answer of the abstraction (the same for the same decision, whatever object carries
 * it; an idle promise left out); an answer outside it (several messages, a GIFT, …) its JSON text.
 */
export function answerKey(_view: GoldrauschView, _request: GoldrauschRequest, answer: GoldrauschAnswer): number | string {
  if (answer.kind === 'continent') return -1 - (answer.continent * 3 + answer.provisional);
  const messages = answer.messages;
  if (messages.length === 0) return answer.commit;
  const m = messages[0];
  let kind = -1;
  let payload = -1;
  if (messages.length === 1 && m.malformed === null && m.clauseCount === 0) {
    if (m.type === MSG_PASS) kind = M_PASS;
    else if (m.type === MSG_PROPOSE && m.continent === -1) {
      kind = M_PROPOSE;
      payload = m.upgrader;
    } else if (m.type === MSG_ACCEPT || m.type === MSG_REJECT) {
      kind = m.type === MSG_ACCEPT ? M_ACCEPT : M_REJECT;
      payload = m.ref;
    } else if (m.type === MSG_PROMISE && (m.action === GREEN || m.action === RED)) {
      kind = m.action === GREEN ? M_PROMISE_GREEN : M_PROMISE_RED;
      payload = m.ref;
    }
  }
  if (kind < 0 || !Number.isInteger(payload) || payload < -1) return JSON.stringify(answer, ['messages', 'commit', ...Object.keys(newMessage())]);
  return (kind + KINDS * (payload + 1)) * 3 + answer.commit;
}

export const searchHints: SearchHints<GoldrauschState, GoldrauschView, GoldrauschRequest, GoldrauschAnswer> = {
  // Rollouts by betrayer (the best heuristic), its answer expanded first, flat over the root's
  // answers, scored by margin (its figures against betrayer: docs/bots-and-tournaments.md, where the
  // runs made with the strength script's old timing wrapper are marked void).
  ismcts: 'rollout=betrayer:prior=betrayer:tree=1:reward=margin',
  // The skill ladder's budgets: 250 iterations beat 62 with significance (docs/bots-and-tournaments.md, skill depth).
  ladder: [62, 250],
  answerKey,
};
