/**
 * Search: a determinized Monte-Carlo bot that plays the engine itself.
 *
 * At each of its decisions — the continent (D1) and, when it shares a continent, the upgrade card
 * (D4) — it samples `rollouts` worlds consistent with its seat view (src/games/goldrausch/sampler.ts:
 * deck orders, the other seats' laid cards, the tick's seat order; the wheel, events and meeting
 * order from a random source drawn from its own stream), never from the true state. Every candidate
 * is played on its own copy of the world (the engine's `clone`). In each world every other seat is played by
 * the heuristic strategy it most likely is — drawn from a posterior over the seven built-in
 * strategies learnt from the public history and the meeting so far (lib/opponents.ts) — and its own
 * later decisions by Greedy. Every candidate is played out in the same worlds (common random
 * numbers: the same decks, wheel, seat orders, opponents and their streams), for `horizon` rounds or
 * to the end of the game, and scored by finishing position rather than gold: a finished game by its
 * ranks, an unfinished one by a normal approximation of the final gold (each seat gains a common
 * mean with standard deviation `sigma` per remaining round), the score being the mean of the win
 * probability and the expected share of opponents beaten.
 *
 * In the meeting it talks like Cooperative (proposes the fair upgrader, accepts plans naming the fair
 * upgrader or itself), lays green at once when alone (dominant: §5.2), and otherwise waits until every
 * other seat on its continent has laid its card or the second-to-last tick, then searches green vs red.
 *
 * Anchored on Greedy: at each decision it also asks an inner Greedy (which sees the same view, so in
 * the meeting it already knows who laid a card) and keeps Greedy's choice unless the searched value of
 * another candidate is higher by more than `margin` (a value is a mix of win chance and share of
 * opponents beaten, in [0, 1]). Search then only overrides the heuristic where the rollouts see a
 * clear gain, and 12 noisy worlds no longer flip near-equal choices.
 *
 * Budget: `rollouts` worlds per decision (each candidate is played in every world). The cost grows
 * linearly in rollouts × horizon. `timeMs` caps the time per decision instead (at least one world);
 * it makes the bot depend on the machine's speed, so runs with it are not reproducible.
 */
import { RandomSource, type RandomStream } from '../../src/core/random.js';
import {
  GREEN,
  MSG_ALL,
  NONE,
  RED,
  newMessage,
  type GoldrauschBot,
  type GoldrauschBotFactory,
  type Message,
  type Outbox,
} from '../../src/games/goldrausch/bot.js';
import { clone, goldrausch, type GoldrauschAnswer } from '../../src/games/goldrausch/engine.js';
import { Purpose } from '../../src/games/goldrausch/purposes.js';
import { sampleState } from '../../src/games/goldrausch/sampler.js';
import { Stage, type GoldrauschState } from '../../src/games/goldrausch/state.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import cooperative from './cooperative.js';
import greedy from './greedy.js';
import { HEURISTIC_BOTS } from './heuristic.js';
import { baseline } from './lib/estimate.js';
import { countOn, isAlone, othersCommittedIn, seatsOn } from './lib/seats.js';
import { OpponentModel, TYPES } from './lib/opponents.js';

export interface SearchOptions {
  /** Worlds sampled per decision; every candidate is played in each (default 12). */
  readonly rollouts?: number;
  /** Rounds played out before the position is scored (default 1: to the end of the current round). */
  readonly horizon?: number;
  /** Optional cap on the time per decision in ms (makes results machine-dependent). */
  readonly timeMs?: number;
  /** Standard deviation of one seat's gain per round in the end-of-horizon estimate (default 4). */
  readonly sigma?: number;
  /** Weight of the win probability against the share of opponents beaten (default 0.5). */
  readonly winWeight?: number;
  /**
   * Anchor: Greedy's own choice is kept unless another candidate's mean value beats it by more than
   * this margin (default 0.05; 0 = pure search). Guards against rollout noise on near-equal options:
   * in the mixed field this lifted the position advantage over Greedy from ≈ 0 to ≈ 0.6 places.
   */
  readonly margin?: number;
}

const MODEL_FACTORIES: readonly GoldrauschBotFactory[] = TYPES.map((t) => HEURISTIC_BOTS[t]);

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 erf; |error| < 1.5e-7, ample for a value estimate). */
function phi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/**
 * The value of a position for `seat`: winWeight · P(win) + (1 − winWeight) · E[share of opponents
 * finishing behind]. Finished games score their actual ranks (a shared win counts 1/k).
 */
export function positionValue(state: GoldrauschState, seat: number, sigma: number, winWeight: number): number {
  const n = state.players;
  if (state.stage === Stage.over) {
    const winners = state.winners.slice(0, state.winnerCount);
    const win = winners.includes(seat) ? 1 / winners.length : 0;
    const ranks = goldrausch.outcome(state).ranks;
    let beaten = 0;
    for (let s = 0; s < n; s++) {
      if (s === seat) continue;
      beaten += ranks[s] > ranks[seat] ? 1 : ranks[s] === ranks[seat] ? 0.5 : 0;
    }
    return winWeight * win + (1 - winWeight) * (beaten / (n - 1));
  }
  const gold = state.gold;
  const params = state.config.params;
  let lead = 0;
  for (let s = 0; s < n; s++) lead = Math.max(lead, gold[s]);
  // Rounds still to play: the clock, or sooner when the leader nears the threshold (≈ 3 gold a round).
  const clock = params.rounds - state.round + (state.stage === Stage.continent ? 1 : 0.5);
  const rounds = Math.max(0.5, Math.min(clock, (params.winThreshold - lead) / 3 + 0.5));
  const spread = sigma * Math.sqrt(2 * rounds);
  let beaten = 0;
  const winOdds = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    let odds = 1;
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const p = phi((gold[i] - gold[j]) / spread);
      odds *= p;
      if (i === seat) beaten += p;
    }
    winOdds[i] = odds;
    total += odds;
  }
  return winWeight * (winOdds[seat] / total) + (1 - winWeight) * (beaten / (n - 1));
}

/**
 * A world's chance, with this round's wheel fixed: the worlds of one decision take the wheel's fields
 * in turn (from a random offset), so with `rollouts` a multiple of the field count the wheel is
 * averaged exactly (stratified sampling: disasters no longer add noise to the comparison).
 */
class SteeredSource extends RandomSource {
  constructor(
    seed: number,
    index: number,
    private readonly round: number,
    private readonly field: number,
  ) {
    super(seed, index);
  }

  override int(purpose: number, counter: number, n: number): number {
    if (purpose === Purpose.wheel && counter === this.round) return this.field % n;
    return super.int(purpose, counter, n);
  }
}

/** The answer this seat gives in a rollout: forced for the decision searched, Greedy afterwards. */
type Forced = { kind: 'continent'; continent: number } | { kind: 'commit'; colour: number; messages: readonly Message[] } | null;

/**
 * Plays `state` (the playout's own copy) forward until `untilRound` begins or the game ends; `forced`
 * answers this seat's first decision.
 */
function playOut(
  state: GoldrauschState,
  bots: readonly GoldrauschBot[],
  me: number,
  forced: Forced,
  random: RandomSource,
  untilRound: number,
): GoldrauschState {
  const s = state;
  let first = forced;
  const answers: GoldrauschAnswer[] = [];
  for (;;) {
    const pending = goldrausch.pending(s);
    if (pending.kind === 'terminal') return s;
    if (s.stage === Stage.continent && s.round >= untilRound) return s;
    answers.length = 0;
    for (const request of pending.requests) {
      if (request.seat === me && first !== null) {
        if (first.kind === 'continent') answers.push({ kind: 'continent', continent: first.continent, provisional: NONE });
        else answers.push({ kind: 'meeting-turn', messages: first.messages, commit: first.colour, idleUntil: 0, idleWake: MSG_ALL });
        first = null;
        continue;
      }
      answers.push(goldrausch.askBot(bots[request.seat], request, goldrausch.seatView(s, request.seat), s, random).answer);
    }
    goldrausch.apply(s, answers, random);
  }
}

/** A message's copy (the outbox's records are reused turn by turn). */
function copyOf(m: Message): Message {
  const c = newMessage();
  c.type = m.type;
  c.upgrader = m.upgrader;
  c.ref = m.ref;
  c.action = m.action;
  c.continent = m.continent;
  c.to = m.to;
  c.amount = m.amount;
  c.clauseCount = m.clauseCount;
  for (let k = 0; k < m.clauseCount; k++) {
    c.clauseRounds.push(m.clauseRounds[k]);
    c.clauseUpgraders.push(m.clauseUpgraders[k]);
  }
  return c;
}

class SearchBot implements GoldrauschBot {
  private readonly opponents = new OpponentModel();
  private readonly talker: GoldrauschBot;
  /** Greedy, asked for its choice at each decision (the anchor of `margin`). */
  private readonly anchor: GoldrauschBot;
  /** The messages `negotiate` wrote this turn (the engine asks negotiate, then commitUpgrade). */
  private lastMessages: readonly Message[] = [];

  constructor(
    private readonly seat: number,
    private readonly random: RandomStream,
    private readonly rollouts: number,
    private readonly horizon: number,
    private readonly timeMs: number | null,
    private readonly sigma: number,
    private readonly winWeight: number,
    private readonly margin: number,
  ) {
    this.talker = cooperative.create(seat, random); // draws nothing in the meeting: shares the stream
    this.anchor = greedy.create(seat, random);
  }

  chooseContinent(view: GoldrauschView): number {
    const legal: number[] = [];
    for (let c = 0; c < 3; c++) if (view.countryHand(c) > 0) legal.push(c);
    if (legal.length <= 1) return legal[0] ?? 0;
    const anchored = this.anchor.chooseContinent(view);
    const values = this.search(
      view,
      legal.map((continent) => ({ kind: 'continent', continent }) as Forced),
    );
    return legal[this.best(values, legal.indexOf(anchored))];
  }

  negotiate(view: GoldrauschView, out: Outbox): void {
    this.talker.negotiate(view, out);
    const messages: Message[] = [];
    for (let k = 0; k < out.count; k++) messages.push(copyOf(out.message(k)));
    this.lastMessages = messages;
  }

  commitUpgrade(view: GoldrauschView): number {
    if (view.ownCommit !== NONE) return NONE; // a laid card stays (GR-A10 commitRevisable)
    if (isAlone(view)) return view.upgradeHand(GREEN) > 0 ? GREEN : view.upgradeHand(RED) > 0 ? RED : NONE; // §5.2: alone, green is worth twice red
    const me = this.seat;
    const others = othersCommittedIn(view, seatsOn(view, view.location(me)), me);
    if (!others && view.tick < Math.max(1, view.ticks - 1)) return NONE;
    const colours: number[] = [];
    if (view.upgradeHand(GREEN) > 0) colours.push(GREEN);
    if (view.upgradeHand(RED) > 0) colours.push(RED);
    if (colours.length === 0) return NONE;
    if (colours.length === 1) return colours[0];
    const messages = this.lastMessages;
    const anchored = this.margin > 0 ? this.anchor.commitUpgrade(view) : NONE;
    const values = this.search(
      view,
      colours.map((colour) => ({ kind: 'commit', colour, messages }) as Forced),
    );
    return colours[this.best(values, colours.indexOf(anchored))];
  }

  /**
   * Index of the best value (exact ties go to the first candidate); with a margin, the anchor's
   * candidate `anchor` stays unless the best beats it by more than the margin.
   */
  private best(values: Float64Array, anchor: number): number {
    let best = 0;
    for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
    if (this.margin > 0 && anchor >= 0 && values[best] - values[anchor] <= this.margin) return anchor;
    return best;
  }

  /** Mean value of each candidate over the sampled worlds. */
  private search(view: GoldrauschView, candidates: readonly Forced[]): Float64Array {
    const posterior = this.opponents.update(view);
    const n = view.players;
    const me = this.seat;
    const totals = new Float64Array(candidates.length);
    const started = this.timeMs === null ? 0 : performance.now();
    const untilRound = view.round + this.horizon;
    let fields = 0;
    for (const f in view.params.wheel) fields += view.params.wheel[f as keyof typeof view.params.wheel];
    const wheelOffset = this.random.int(Math.max(1, fields));
    let worlds = 0;
    for (let w = 0; w < this.rollouts; w++) {
      if (this.timeMs !== null && w > 0 && performance.now() - started > this.timeMs) break;
      // One world: opponent strategies, a random source for chance, and the hidden state.
      const types = new Int8Array(n);
      for (let s = 0; s < n; s++) {
        if (s === me) continue;
        let x = this.random.next();
        let t = 0;
        for (; t < TYPES.length - 1; t++) {
          x -= posterior[s * TYPES.length + t];
          if (x < 0) break;
        }
        types[s] = t;
      }
      const source = new SteeredSource(this.random.int(0x7fffffff), w, view.round, wheelOffset + w);
      const guessBots = new Map<number, GoldrauschBot>();
      const state = sampleState(view, this.random, {
        guessCommit: (s, sample) => this.guessCommit(view, sample, s, MODEL_FACTORIES[types[s]], source, guessBots),
      });
      for (let k = 0; k < candidates.length; k++) {
        // Fresh bots per candidate, on the same streams: common random numbers.
        const bots = new Array<GoldrauschBot>(n);
        for (let s = 0; s < n; s++) {
          const factory = s === me ? greedy : MODEL_FACTORIES[types[s]];
          bots[s] = factory.create(s, source.stream(Purpose.bot + s));
        }
        const end = playOut(clone(state), bots, me, candidates[k], source, untilRound);
        totals[k] += positionValue(end, me, this.sigma, this.winWeight);
      }
      worlds++;
    }
    for (let k = 0; k < totals.length; k++) totals[k] /= worlds;
    return totals;
  }

  /**
   * The card another seat has laid, as its sampled strategy would lay it now — asked on the sample,
   * from that seat's view as it was before it laid its card (sampler.ts) — else its baseline.
   */
  private guessCommit(
    view: GoldrauschView,
    sample: GoldrauschState,
    seat: number,
    factory: GoldrauschBotFactory,
    source: RandomSource,
    cache: Map<number, GoldrauschBot>,
  ): number {
    let bot = cache.get(seat);
    if (bot === undefined) {
      bot = factory.create(seat, source.stream(Purpose.bot + 32 + seat));
      cache.set(seat, bot);
    }
    let colour = NONE;
    try {
      colour = bot.commitUpgrade(sample.views[seat]);
    } catch {
      colour = NONE;
    }
    if (colour === GREEN || colour === RED) return colour;
    const c = view.location(seat);
    return this.random.next() < baseline(view, c, countOn(view, c)) ? GREEN : RED;
  }
}

/** A Search variant; the default export is `makeSearch()`. */
export function makeSearch(options: SearchOptions = {}): GoldrauschBotFactory {
  const rollouts = options.rollouts ?? 12;
  const horizon = options.horizon ?? 1;
  const timeMs = options.timeMs ?? null;
  const sigma = options.sigma ?? 4;
  const winWeight = options.winWeight ?? 0.5;
  const margin = options.margin ?? 0.05;
  if (!(Number.isInteger(rollouts) && rollouts >= 1)) throw new RangeError(`search: rollouts must be a whole number ≥ 1, got ${rollouts}`);
  if (!(Number.isInteger(horizon) && horizon >= 1)) throw new RangeError(`search: horizon must be a whole number of rounds ≥ 1, got ${horizon}`);
  if (timeMs !== null && !(timeMs > 0)) throw new RangeError(`search: timeMs must be positive, got ${timeMs}`);
  if (!(sigma > 0)) throw new RangeError(`search: sigma must be positive, got ${sigma}`);
  if (!(winWeight >= 0 && winWeight <= 1)) throw new RangeError(`search: winWeight must be in [0, 1], got ${winWeight}`);
  if (!(margin >= 0 && margin < 1)) throw new RangeError(`search: margin must be in [0, 1), got ${margin}`);
  const defaults =
    options.rollouts === undefined &&
    options.horizon === undefined &&
    timeMs === null &&
    options.sigma === undefined &&
    options.winWeight === undefined &&
    options.margin === undefined;
  const parts = [`rollouts=${rollouts}`, `horizon=${horizon}`];
  if (timeMs !== null) parts.push(`timeMs=${timeMs}`);
  if (options.sigma !== undefined) parts.push(`sigma=${sigma}`);
  if (options.winWeight !== undefined) parts.push(`winWeight=${winWeight}`);
  if (options.margin !== undefined) parts.push(`margin=${margin}`);
  const name = defaults ? 'search' : `search(${parts.join(',')})`;
  return {
    name,
    description:
      `Determinized Monte-Carlo search over the engine: ${rollouts} sampled worlds per decision, opponents played by the ` +
      `heuristic strategy their public behaviour fits best, ${horizon}-round playouts scored by win chance and rank; keeps Greedy's ` +
      `choice unless another beats it by more than ${margin}; talks like Cooperative.`,
    create: (seat, random) => new SearchBot(seat, random, rollouts, horizon, timeMs, sigma, winWeight, margin),
  };
}

export default makeSearch();
