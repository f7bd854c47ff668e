/**
 * Search: determinized Monte-Carlo rollouts over the cards it does not know.
 *
 * At each decision (D1 first card, D2 second card, D3 rush card) it lists the candidates — one
 * face-down card it does not know (all of those are alike to it: none has ever been turned), and one
 * position per distinct card code it knows on the table, known cards whose turn ends alike merged
 * into one (a second card with which the first does nothing; a digger or dynamite in the rush) —
 * and, if there is more than one, samples `samples` worlds: arrangements of the unknown cards over
 * the unknown positions, drawn uniformly from the public composition left minus what it remembers
 * (src/games/gold-knizia/determinize.ts; an exact draw from its posterior under perfect memory). In
 * every world each candidate is turned on a determinized copy and the copy is played on with the
 * engine's own transitions, every seat (itself included) played by Greedy, for `horizon` turns or
 * to the end of the game. Greedy's "random unknown card" is the first unknown position in the
 * playouts (see FirstChoice), so a world fixes its playouts and all candidates of a world share it
 * (common random numbers).
 *
 * A playout's value for this seat: `winWeight` · its share of the win (1/k among k winners; the
 * leaders at a horizon) + (1 − winWeight) · its gold margin over the best other seat / 60 (the
 * game's total gold, GK-A12). Series (§3.4): the totals, since the later games do not depend on this
 * game's decisions. It keeps Greedy's own answer (the anchor) unless the best candidate's mean value
 * beats it by more than `margin`; otherwise the best mean wins (ties: the earlier candidate).
 *
 * It sees only its seat view and draws chance only from its own stream (the worlds, and which unknown
 * position stands for "an unknown card"); the same game replays the same decisions.
 *
 * Budget: (candidates ≤ 26) × samples playouts of ≤ horizon + 1 turns per decision with more than one
 * candidate; ~50–100 ms per game with the defaults (docs/games/gold-knizia-search.md).
 */
import { RandomSource, RandomStream } from '../../src/core/random.js';
import type { GoldBot, GoldBotFactory } from '../../src/games/gold-knizia/bot.js';
import { CARD_TYPES, PairOutcome, TOTAL_GOLD, UNKNOWN, isGold, pairOutcome } from '../../src/games/gold-knizia/cards.js';
import { decide, fallbackPosition, isLegal, rushTurnNow, turnCard } from '../../src/games/gold-knizia/engine.js';
import { sampleState } from '../../src/games/gold-knizia/sample.js';
import { Stage, cloneState, type GoldState } from '../../src/games/gold-knizia/state.js';
import type { GoldView } from '../../src/games/gold-knizia/view.js';
import greedy from './greedy.js';
import { knownPositionOtherThan, randomUnknown } from './lib.js';

export interface SearchOptions {
  /** Worlds sampled per decision; every candidate is played out in each (default 32; sweep 8–128). */
  readonly samples?: number;
  /**
   * Turns played after the candidate's own turn before the copy is scored; 0 = to the end of the
   * game (default 4; sweep 0–16). Short horizons won because a whole game's luck (who turns up which
   * card) drowns the effect of one decision: against Greedy, 2 players, 32 samples, 200 deals, the
   * paired gold margin was +2.8 ± 1.7 at horizon 4 and +1.3 ± 1.7 to the end of the game.
   */
  readonly horizon?: number;
  /**
   * Weight of the win share against the gold margin in a playout's value, in [0, 1] (default 0: the
   * margin alone, whose per-world noise relative to the differences between candidates was ~2.5×
   * smaller than the win share's in a measured position).
   */
  readonly winWeight?: number;
  /**
   * The anchor: Greedy's own answer is kept unless another candidate's mean value beats it by more
   * than this (values are win share and margin / 60, so 0.02 ≈ 2 % of a win; default 0.02; 0 =
   * Greedy only breaks ties). Rollout noise on near-equal candidates then no longer flips choices.
   */
  readonly margin?: number;
}

export const SEARCH_DEFAULTS: Required<SearchOptions> = Object.freeze({ samples: 32, horizon: 4, winWeight: 0, margin: 0.02 });

/** The engine's random source for the copies' transitions: perfect memory and one game, so never drawn from. */
const NO_CHANCE = new RandomSource('gold-knizia-search', 0);

/**
 * The value of a copy for `seat`: winWeight · win share + (1 − winWeight) · margin / 60. A finished
 * copy scores its winners and final totals; a copy cut by the horizon scores the totals so far, the
 * leaders (more gold cards breaking ties, §3.3) sharing the win.
 */
export function playoutValue(s: GoldState, seat: number, winWeight: number): number {
  const n = s.players;
  const over = s.stage === Stage.over;
  // After gameOver the game's gold is already in seriesScore; before, it is not.
  const total = (t: number) => s.seriesScore[t] + (over ? 0 : s.gold[t]);
  let best = -Infinity;
  for (let t = 0; t < n; t++) if (t !== seat) best = Math.max(best, total(t));
  const margin = total(seat) - best;
  let win: number;
  if (over) {
    win = 0;
    for (let k = 0; k < s.winnerCount; k++) if (s.winners[k] === seat) win = 1 / s.winnerCount;
  } else {
    let top = -1;
    let topCards = -1;
    for (let t = 0; t < n; t++) {
      if (total(t) > top || (total(t) === top && s.goldCards[t] > topCards)) {
        top = total(t);
        topCards = s.goldCards[t];
      }
    }
    let leaders = 0;
    for (let t = 0; t < n; t++) if (total(t) === top && s.goldCards[t] === topCards) leaders++;
    win = total(seat) === top && s.goldCards[seat] === topCards ? 1 / leaders : 0;
  }
  return winWeight * win + ((1 - winWeight) * margin) / TOTAL_GOLD;
}

/**
 * Greedy's random stream in the playouts: always the first choice (0). Greedy draws only to pick
 * "a random unknown card"; in a determinized world the unknown positions hold a uniformly random
 * arrangement, so the first unknown position in the list is already a uniformly random unknown card,
 * and the playout is a function of the world alone. Two candidates played in the same world turn up
 * the same unknown cards in the same order for as long as their tables agree (common random
 * numbers). In a measured position this hardly narrowed the spread of their difference — playouts
 * diverge as soon as the cards turn up in another order — but it costs nothing and needs no streams.
 */
class FirstChoice extends RandomStream {
  override next(): number {
    return 0;
  }
  override int(): number {
    return 0;
  }
}

const FIRST_CHOICE: RandomStream = new FirstChoice(NO_CHANCE, 0);

class SearchBot implements GoldBot {
  /** Candidate positions of the current decision (at most one unknown + 25 codes). */
  private readonly candidates = new Int8Array(CARD_TYPES + 1);
  private readonly sums = new Float64Array(CARD_TYPES + 1);
  /** Greedy for every seat of the playouts (made with the copy state). */
  private readonly playoutBots: GoldBot[] = [];
  private world: GoldState | null = null;
  private state: GoldState | null = null;

  constructor(
    readonly name: string,
    private readonly seat: number,
    private readonly random: RandomStream,
    private readonly samples: number,
    private readonly horizon: number,
    private readonly winWeight: number,
    private readonly margin: number,
  ) {}

  firstCard(view: GoldView): number {
    return this.search(view);
  }

  secondCard(view: GoldView): number {
    return this.search(view);
  }

  rushCard(view: GoldView): number {
    return this.search(view);
  }

  /** The candidates (unknown card first, then one position per known code), the best by mean playout value. */
  private search(view: GoldView): number {
    const decision = view.decision;
    const first = decision === 'second-card' ? view.firstPosition : -1;
    const candidates = this.candidates;
    let count = 0;
    const unknown = randomUnknown(view, this.random, first);
    if (unknown >= 0) candidates[count++] = unknown;
    // Known cards whose turn ends alike are one candidate: in a normal turn's second card, every
    // known partner with which the first card does nothing (§3.1: both turned face down again,
    // nothing learnt); in the rush, every known digger or dynamite (it just leaves, §3.2).
    const c1 = first >= 0 ? view.cardAt(first) : UNKNOWN;
    const idleAlike = (code: number) => (decision === 'rush-card' ? !isGold(code) : c1 >= 0 && pairOutcome(c1, code) === PairOutcome.nothing);
    let idle = -1;
    for (let code = 0; code < CARD_TYPES; code++) {
      if (view.knownLeft(code) === 0) continue;
      const alike = idleAlike(code);
      if (alike && idle >= 0) continue;
      const p = knownPositionOtherThan(view, code, first);
      if (p < 0) continue;
      if (alike) idle = count;
      candidates[count++] = p;
    }
    // Only when every other card is the blind first one or unknown-and-excluded: any other position.
    if (count === 0) return first === view.tablePosition(0) ? view.tablePosition(1) : view.tablePosition(0);
    if (count === 1) return candidates[0];
    // The anchor: Greedy's own answer (a fresh Greedy: it keeps its score table for its first game's player count).
    const anchorAnswer = decide(greedy.create(this.seat, FIRST_CHOICE), decision === 'second-card' ? 1 : decision === 'rush-card' ? 2 : 0, view);
    let anchored = this.candidateOf(view, anchorAnswer, count);
    if (anchored < 0 && typeof anchorAnswer === 'number' && view.cardAt(anchorAnswer) >= 0 && idleAlike(view.cardAt(anchorAnswer))) anchored = idle;

    // One sampled world (sample.ts) per round of candidates, copied for each candidate (common random
    // numbers); the states are made again only if a bot object is reused for a game under other rules.
    let world = this.world;
    if (world === null || world.config !== view.config || world.players !== view.players) {
      this.world = world = null;
      this.state = null;
      // Greedy keeps its score table for the player count of its first game: new bots with a new state.
      this.playoutBots.length = 0;
      for (let seat = 0; seat < view.players; seat++) this.playoutBots.push(greedy.create(seat, FIRST_CHOICE));
    }
    const sums = this.sums;
    sums.fill(0, 0, count);
    for (let k = 0; k < this.samples; k++) {
      world = this.world = sampleState(view, this.random, world ?? undefined);
      for (let c = 0; c < count; c++) {
        const state = (this.state = cloneState(world, this.state ?? undefined));
        turnCard(state, candidates[c], NO_CHANCE);
        this.playOut(state, view.turn);
        sums[c] += playoutValue(state, this.seat, this.winWeight);
      }
    }
    let best = 0;
    for (let c = 1; c < count; c++) if (sums[c] > sums[best]) best = c;
    // The anchor: Greedy's answer stands unless the search sees a clear gain over it.
    if (anchored >= 0 && sums[best] - sums[anchored] <= this.margin * this.samples) best = anchored;
    return candidates[best];
  }

  /** The index of the candidate equivalent to `position` (the unknown one, or the one of its code); −1 if none. */
  private candidateOf(view: GoldView, position: unknown, count: number): number {
    if (typeof position !== 'number' || !view.onTable(position)) return -1;
    const code = view.cardAt(position);
    for (let c = 0; c < count; c++) if (view.cardAt(this.candidates[c]) === code) return c;
    return -1;
  }

  /**
   * Plays the copy on with Greedy in every seat until it is over, or until `horizon` turns after
   * the searched turn (number `turn` + 1) are done.
   */
  private playOut(s: GoldState, turn: number): void {
    const bots = this.playoutBots;
    const stopAt = this.horizon > 0 ? turn + 1 + this.horizon : Infinity;
    const views = s.views;
    while (s.stage !== Stage.over) {
      if (s.stage === Stage.turnStart && s.turnInGame >= stopAt) return;
      const seat = s.active;
      const kind = s.stage === Stage.second ? 1 : rushTurnNow(s) ? 2 : 0;
      const position = decide(bots[seat], kind, views[seat]);
      turnCard(s, isLegal(s, position) ? position : fallbackPosition(s), NO_CHANCE);
    }
  }
}

/** A Search variant; the default export is `makeSearch()` with SEARCH_DEFAULTS. */
export function makeSearch(options: SearchOptions = {}): GoldBotFactory {
  const samples = options.samples ?? SEARCH_DEFAULTS.samples;
  const horizon = options.horizon ?? SEARCH_DEFAULTS.horizon;
  const winWeight = options.winWeight ?? SEARCH_DEFAULTS.winWeight;
  const margin = options.margin ?? SEARCH_DEFAULTS.margin;
  if (!(Number.isInteger(samples) && samples >= 1)) throw new RangeError(`search: samples must be a whole number ≥ 1, got ${samples}`);
  if (!(Number.isInteger(horizon) && horizon >= 0))
    throw new RangeError(`search: horizon must be a whole number of turns ≥ 0 (0 = to the end of the game), got ${horizon}`);
  if (!(winWeight >= 0 && winWeight <= 1)) throw new RangeError(`search: winWeight must be in [0, 1], got ${winWeight}`);
  if (!(margin >= 0 && margin < 1)) throw new RangeError(`search: margin must be in [0, 1), got ${margin}`);
  const parts: string[] = [];
  if (samples !== SEARCH_DEFAULTS.samples) parts.push(`samples=${samples}`);
  if (horizon !== SEARCH_DEFAULTS.horizon) parts.push(`horizon=${horizon}`);
  if (winWeight !== SEARCH_DEFAULTS.winWeight) parts.push(`winWeight=${winWeight}`);
  if (margin !== SEARCH_DEFAULTS.margin) parts.push(`margin=${margin}`);
  const name = parts.length === 0 ? 'search' : `search(${parts.join(',')})`;
  return {
    name,
    description:
      `Determinized rollouts: ${samples} sampled arrangements of the unknown cards per decision, each candidate card played out ` +
      `${horizon === 0 ? 'to the end of the game' : `for ${horizon} turns`} with Greedy in every seat, scored by win share and gold margin; keeps Greedy's answer unless another beats it by more than ${margin}.`,
    create: (seat, random) => new SearchBot(name, seat, random, samples, horizon, winWeight, margin),
  };
}

export default makeSearch();
