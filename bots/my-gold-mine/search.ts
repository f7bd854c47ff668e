/**
 * `search`: determinized rollouts (D1 only). For each of `samples` determinizations of its view
 * (the game's information-set sampler, src/games/my-gold-mine/sample.ts: the hidden deck orders drawn from its own stream) it plays
 * the round out on the real engine twice — once after digging, once after drawing an exit card, on
 * the same deck orders (common random numbers) — with odds's rule for every seat (expected gold of
 * digging vs leaving, odds.ts), and picks the choice with the higher mean value: the
 * nuggets its seat wins this round (plus a hundredth per gold banked, to break ties), or in the last
 * round its margin over the best other score plus its share of the win. D2/D3 by progress, as the heuristic bots.
 */
import { RandomSource } from '../../src/core/random.js';
import type { MyGoldMineBot, MyGoldMineBotFactory } from '../../src/games/my-gold-mine/bot.js';
import { sampleState } from '../../src/games/my-gold-mine/sample.js';
import { apply, DIG, DRAW_EXIT } from '../../src/games/my-gold-mine/engine.js';
import { cloneState, EXIT_ACTION, EXITED, IN_MINE, OVER, SWAP_TARGET, type MyGoldMineState } from '../../src/games/my-gold-mine/state.js';
import type { MyGoldMineView } from '../../src/games/my-gold-mine/view.js';
import type { RandomStream } from '../../src/core/random.js';
import { nearestToExit, progressAction } from './lib/choices.js';
import { dragonReach } from './lib/risk.js';

export interface SearchParams {
  /** Determinizations per decision (default 24). */
  readonly samples: number;
}

/** The engine's `apply` never draws from its random source here (the decks run on their keys). */
const UNUSED = new RandomSource('search-rollout', 0);

class SearchBot implements MyGoldMineBot {
  private world: MyGoldMineState | null = null;
  private scratch: MyGoldMineState | null = null;
  private readonly answer = [0];

  constructor(
    readonly name: string,
    private readonly random: RandomStream,
    private readonly samples: number,
  ) {}

  dig(view: MyGoldMineView): boolean {
    if (view.topCard < 0) return false;
    let digValue = 0;
    let exitValue = 0;
    for (let i = 0; i < this.samples; i++) {
      // One sampled world (its deck orders), played out after each choice (common random numbers),
      // to the end of the round only.
      const world = (this.world = sampleState(view, this.random, this.world ?? undefined));
      world.stopAfterRound = view.round < view.rounds ? view.round : 0;
      digValue += this.rollout(view, world, DIG);
      exitValue += this.rollout(view, world, DRAW_EXIT);
    }
    return digValue > exitValue;
  }

  /** Plays the round out on a copy of `world` after `first`; the value for this seat. */
  private rollout(view: MyGoldMineView, world: MyGoldMineState, first: number): number {
    const state = (this.scratch = cloneState(world, this.scratch ?? undefined));
    const seat = view.seat;
    const before = state.nuggets[seat];
    const answer = this.answer;
    answer[0] = first;
    apply(state, answer, UNUSED);
    while (state.stage !== OVER) {
      answer[0] = this.policy(state);
      apply(state, answer, UNUSED);
    }
    if (state.stopAfterRound === 0) {
      // The last round: the margin over the best other score (smoother than the win itself, which
      // a few dozen samples estimate too coarsely), plus the share of the win.
      let best = -Infinity;
      for (let s = 0; s < state.players; s++) if (s !== seat && state.scores[s] > best) best = state.scores[s];
      let share = 0;
      for (let i = 0; i < state.winnerCount; i++) if (state.winners[i] === seat) share = 1 / state.winnerCount;
      return state.scores[seat] - best + share;
    }
    let gold = 0;
    for (let d = 0; d < state.dwarves; d++) if (state.owner(d) === seat && state.status[d] === EXITED) gold += state.roundGold[d];
    return state.nuggets[seat] - before + gold / 100;
  }

  /** The rollout policy, straight on the state: odds's digging rule; first action; first target. */
  private policy(state: MyGoldMineState): number {
    if (state.stage === EXIT_ACTION) return 0;
    if (state.stage === SWAP_TARGET) {
      for (let q = 0; q < state.dwarves; q++) if (q !== state.actor && state.status[q] === IN_MINE) return q;
      return 0;
    }
    if (state.digPos >= state.dig.length) return DRAW_EXIT;
    const card = state.dig[state.digPos];
    const after = state.pos[state.actor] + state.tables.digMove[card];
    if (after <= 0) return DIG;
    if (after < 0 || after >= state.drago) return DRAW_EXIT;
    // odds's rule (odds.ts) on the state: expected gold of digging vs leaving.
    const d = state.actor;
    const owner = state.owner(d);
    const ev = state.config.params.extragoldValue;
    const pile = (state.teamOpen[owner] ? state.teamGold[owner] + ev * state.teamExtra[owner] : state.extraGold[d] + ev * state.extraExtra[d]) + 1;
    const dragons = state.dragonsLeft;
    const gold = state.dig.length - state.digPos - dragons - 1;
    const pDig = dragonReach(dragons, gold, state.inMine, state.drago - after);
    const leave = state.pos[d] - 1;
    const pExit = leave <= 0 ? 0 : dragonReach(dragons, gold, state.inMine - 1, state.drago - leave);
    return (pile + state.tables.digGold[card]) * (1 - pDig) > pile * (1 - pExit) ? DIG : DRAW_EXIT;
  }

  chooseAction(view: MyGoldMineView): number {
    return progressAction(view);
  }

  swapTarget(view: MyGoldMineView): number {
    return nearestToExit(view);
  }
}

export function makeSearch(params: SearchParams, name = `search-${params.samples}`): MyGoldMineBotFactory {
  if (!Number.isInteger(params.samples) || params.samples < 1) throw new RangeError(`search: samples must be an integer ≥ 1, got ${params.samples}`);
  return {
    name,
    description: `determinized rollouts (${params.samples} deck orders per decision), every seat playing odds's rule in the rollouts`,
    create: (_seat, random) => new SearchBot(name, random, params.samples),
  };
}

export default makeSearch({ samples: 24 }, 'search');
