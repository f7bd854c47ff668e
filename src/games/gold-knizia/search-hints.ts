/**
 * GOLD's game knowledge for the generic search (GameDefinition.search, src/search/ismcts.ts), each
 * piece measured before it became a default (docs/bots-and-tournaments.md, GOLD's figures).
 */
import type { SearchHints } from '../../core/definition.js';
import type { GoldAnswer, GoldRequest } from './engine.js';
import { Stage, type GoldState } from './state.js';
import type { GoldView } from './view.js';

/**
 * Answers the seat cannot tell apart are one child of the tree: every face-down card it does not
 * know (none has ever been turned: UNKNOWN), and the cards it knows by their code (two G2s are the
 * same card wherever they lie). The tree then branches over at most 26 answers instead of 64.
 */
export function answerKey(view: GoldView, _request: GoldRequest, answer: GoldAnswer): number {
  return view.cardAt(answer);
}

/**
 * What a seat has just seen in its turn: in D2, the first card (its code, or UNKNOWN under a blind
 * second choice, GK-A3); nothing new in D1 and the rush (0). The second card is then chosen knowing
 * the first, not once for all the cards the first could have been.
 */
export function outcomeKey(view: GoldView, request: GoldRequest): number {
  return request.kind === 'second-card' ? view.firstCard + 2 : 0;
}

/**
 * Each seat's chance of winning from a position that is not over (an evaluation-cut rollout): a
 * softmax of the totals (series and this game), its temperature the gold still on the table (more
 * gold to come, the less a lead says), at least 1.
 */
export function evaluate(s: GoldState, out: Float64Array): void {
  const n = s.players;
  const over = s.stage === Stage.over;
  const left = s.left;
  const remaining = left[0] + 2 * left[1] + 3 * left[2] + 4 * left[3];
  const temperature = Math.max(1, remaining / 4);
  let max = -Infinity;
  for (let t = 0; t < n; t++) {
    const total = s.seriesScore[t] + (over ? 0 : s.gold[t]);
    out[t] = total;
    if (total > max) max = total;
  }
  let sum = 0;
  for (let t = 0; t < n; t++) {
    out[t] = Math.exp((out[t] - max) / temperature);
    sum += out[t];
  }
  for (let t = 0; t < n; t++) out[t] /= sum;
}

/** Each seat's total so far (the series and this game's gold): what `reward=margin` reads at an evaluation cut. */
export function scores(s: GoldState, out: Float64Array): void {
  const over = s.stage === Stage.over;
  for (let t = 0; t < s.players; t++) out[t] = s.seriesScore[t] + (over ? 0 : s.gold[t]);
}

export const searchHints: SearchHints<GoldState, GoldView, GoldRequest, GoldAnswer> = {
  // Flat Monte Carlo on common worlds, greedy's rollouts cut after 8 decisions (4 turns) and scored by
  // the margin of the totals, greedy's answer kept unless another beats it by 2% of the scale.
  ismcts: 'iterations=8000:rollout=greedy:prior=greedy:paired=1:prune=2:anchor=0.02:depth=8:reward=margin',
  // The skill ladder's budgets in 4× steps: 100 beats 25 and 400 beats 100 with significance; from
  // ~250 on, 4× the budget no longer gains (docs/bots-and-tournaments.md, skill depth).
  ladder: [25, 100, 400],
  answerKey,
  outcomeKey,
  evaluate,
  scores,
};
