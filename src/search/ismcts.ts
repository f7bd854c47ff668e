/**
 * `ismcts`: single-observer Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse,
 * "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012, §IV SO-ISMCTS), over any game
 * that implements the search contract (core/game.ts). One tree per decision, from the deciding
 * seat's point of view; every iteration:
 *
 *  1. Determinize: a full state drawn from the seat's information set (`sampleState(view, …)`,
 *     which reads only the seat's view).
 *  2. Select: from the root, at each decision of the sampled state, the children whose answers are
 *     legal there are "available"; each gets one more availability count, and the one with the best
 *     UCB value for the seat that decides there is followed (ISMCTS's UCB uses availability in place
 *     of the parent's visits: mean reward + c·√(ln availability / visits)). Nodes are keyed by the
 *     deciding seat and the answer (who decides next can depend on hidden chance in some games).
 *  3. Expand: at the first decision with a legal answer that has no child yet, one such answer is
 *     added (the prior bot's answer first when a prior is set, else uniformly at random).
 *  4. Roll out: the rest of the game with the rollout policy — uniform over the legal answers, or a
 *     built-in bot in every seat — or, with `depth`, only that many decisions before the game's own
 *     evaluation (`SearchHints.evaluate`) scores the position.
 *  5. Back up: every node on the path adds the reward of every seat (win share: 1/k for each of k
 *     winners; `reward=score` adds a normalised score), so each seat maximises its own reward.
 *
 * The answer is the root's most visited child (ties: the higher mean, then the legal list's order).
 * Everything random — determinizations, expansions, uniform rollouts, the engine's chance in the
 * copies — comes from the bot's own stream (one draw a decision seeds the search's generator), so with an iteration budget a decision is a function of
 * the seat's view and its stream: the same games for any worker count. A time budget (`ms`) is not
 * reproducible; runs that use one say so (BotFactory.timed).
 */
import type { BotFactory, SearchHints } from '../core/definition.js';
import type { DecisionRequest, GameModule, Outcome } from '../core/game.js';
import { mix2, Purpose, RandomSource, type RandomStream } from '../core/random.js';
import { searchable, type SearchableModule } from './contract.js';
import { SearchRandom } from './random.js';
import { playUniform, uniformAt } from './uniform.js';

export interface IsmctsOptions {
  /** Iterations per decision (the budget; default 1,000 unless the game's default says otherwise). */
  readonly iterations: number;
  /** A time budget per decision in ms (null: none). Not reproducible. */
  readonly ms: number | null;
  /** UCB's exploration constant (rewards are in [0, 1]). */
  readonly c: number;
  /** The rollout policy: `uniform` or the name of a built-in bot of the game. */
  readonly rollout: string;
  /**
   * `win`: the win share; `score`: half the win share, half the score scaled between the lowest and
   * highest score; `margin`: the score's margin over the best other seat, scaled to [0, 1] by the
   * spread of the scores (less noisy than the win: it counts by how much).
   */
  readonly reward: 'win' | 'score' | 'margin';
  /** A built-in bot whose answer gets a progressive bias in the tree, or null. */
  readonly prior: string | null;
  /** The weight of that bias: bias / (visits + 1) added to its answer's UCB value. */
  readonly bias: number;
  /** Decisions of a rollout before the game's evaluation scores it (0: to the end of the game). */
  readonly depth: number;
  /** Merge answers with equal `SearchHints.answerKey` (1) or not (0). */
  readonly merge: boolean;
  /**
   * First-play urgency: an answer not tried yet at a node counts as one visit worth the node's mean
   * reward for the deciding seat plus this (its UCB value: mean + fpu + c·√ln visits); Infinity: every
   * answer is tried once before any is tried twice (plain UCT). A finite value lets a good answer
   * (the prior's, tried first) be followed before the others are tried.
   */
  readonly fpu: number;
  /** Keep a decision's children apart by the game's `outcomeKey` (1) or not (0). */
  readonly outcomes: boolean;
  /**
   * The prior's answer at the root stands unless the most visited answer's mean beats its mean by
   * more than this (rewards are in [0, 1]); Infinity: no anchor. Keeps rollout noise on near-equal
   * answers from overruling a good heuristic. Needs a prior.
   */
  readonly anchor: number;
  /**
   * Decisions from the root that the tree may grow to (0: no limit). Below, the rollout policy
   * plays: `tree=1` is flat Monte Carlo with UCB over the root's answers.
   */
  readonly tree: number;
  /**
   * Flat Monte Carlo over the root's answers on common worlds (1) instead of a tree (0): each round
   * draws one determinization and plays it out once with every answer still in the race, with the
   * same chance, rollout draws and rollout bots' streams, so the answers are compared on the same
   * luck (common random numbers). Every playout counts as one iteration.
   */
  readonly paired: boolean;
  /**
   * With `paired`: an answer leaves the race once its paired difference to the leader is below 0 by
   * more than this many standard errors (after 8 worlds; the prior's answer stays); Infinity: none.
   */
  readonly prune: number;
}

export const ISMCTS_DEFAULTS: IsmctsOptions = Object.freeze({
  iterations: 1000,
  ms: null,
  c: 0.7,
  rollout: 'uniform',
  reward: 'win',
  prior: null,
  bias: 0,
  depth: 0,
  merge: true,
  fpu: Infinity,
  outcomes: true,
  tree: 0,
  anchor: Infinity,
  paired: false,
  prune: Infinity,
});

/** The option keys in the order a canonical name lists them. */
const KEYS = ['iterations', 'ms', 'c', 'rollout', 'reward', 'prior', 'bias', 'anchor', 'fpu', 'tree', 'paired', 'prune', 'depth', 'merge', 'outcomes'] as const;
type Key = (typeof KEYS)[number];

/** Reads `iterations=400:rollout=greedy` (keys in any order) over `base`; throws a RangeError naming the problem. */
export function parseIsmctsOptions(
  text: string,
  base: IsmctsOptions,
  bots: readonly string[],
): { options: IsmctsOptions; given: Partial<Record<Key, string>> } {
  const out: Record<string, unknown> = { ...base };
  const given: Partial<Record<Key, string>> = {};
  if (text.trim() === '') return { options: base, given };
  for (const part of text.split(':')) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim();
    const value = eq < 0 ? '' : part.slice(eq + 1).trim();
    if (!(KEYS as readonly string[]).includes(key))
      throw new RangeError(`ismcts: unknown option "${key}" in "${text}"; options are ${KEYS.join(', ')} (e.g. ismcts:iterations=400)`);
    if (eq < 0 || value === '') throw new RangeError(`ismcts: option "${key}" needs a value (${key}=…)`);
    if (given[key as Key] !== undefined) throw new RangeError(`ismcts: option "${key}" is given twice in "${text}"`);
    given[key as Key] = value;
    const num = Number(value);
    switch (key as Key) {
      case 'iterations':
      case 'depth':
      case 'tree':
        if (!(Number.isInteger(num) && num >= (key === 'iterations' ? 1 : 0)))
          throw new RangeError(`ismcts: ${key} must be a whole number ≥ ${key === 'iterations' ? 1 : 0}, got "${value}"`);
        out[key] = num;
        break;
      case 'ms':
        if (!(Number.isFinite(num) && num > 0)) throw new RangeError(`ismcts: ms must be a positive number of milliseconds, got "${value}"`);
        out.ms = num;
        break;
      case 'c':
      case 'bias':
        if (!(Number.isFinite(num) && num >= 0)) throw new RangeError(`ismcts: ${key} must be a number ≥ 0, got "${value}"`);
        out[key] = num;
        break;
      case 'rollout':
      case 'prior':
        if (key === 'prior' && value === 'none') {
          out.prior = null;
          break;
        }
        if (value !== 'uniform' && !bots.includes(value))
          throw new RangeError(`ismcts: ${key} must be ${key === 'prior' ? 'none' : 'uniform'} or a built-in bot (${bots.join(', ')}), got "${value}"`);
        out[key] = value;
        break;
      case 'reward':
        if (value !== 'win' && value !== 'score' && value !== 'margin') throw new RangeError(`ismcts: reward must be win, score or margin, got "${value}"`);
        out.reward = value;
        break;
      case 'merge':
      case 'outcomes':
      case 'paired':
        if (value !== '0' && value !== '1') throw new RangeError(`ismcts: ${key} must be 0 or 1, got "${value}"`);
        out[key] = value === '1';
        break;
      case 'anchor':
      case 'prune':
        if (value === 'inf') {
          out[key] = Infinity;
          break;
        }
        if (!(Number.isFinite(num) && num >= 0)) throw new RangeError(`ismcts: ${key} must be inf or a number ≥ 0, got "${value}"`);
        out[key] = num;
        break;
      case 'fpu':
        if (value === 'inf') {
          out.fpu = Infinity;
          break;
        }
        if (!Number.isFinite(num)) throw new RangeError(`ismcts: fpu must be inf or a number (an untried answer's value over the node's mean), got "${value}"`);
        out.fpu = num;
        break;
    }
  }
  return { options: out as unknown as IsmctsOptions, given };
}

/** The canonical name of an `ismcts` variant: the given options in KEYS order. */
export function ismctsName(given: Partial<Record<Key, string>>): string {
  const parts = KEYS.filter((k) => given[k] !== undefined).map((k) => `${k}=${given[k]}`);
  return parts.length === 0 ? 'ismcts' : `ismcts:${parts.join(':')}`;
}

/** A tree node: the answer `seat` gave at its parent, and the sums of every seat's reward through it. */
class Node {
  visits = 0;
  /** Iterations in which this node's answer was legal when its parent was reached (ISMCTS availability). */
  avail = 0;
  readonly rewards: Float64Array;
  /** Children per deciding seat and outcome (`slot`), by answer key. */
  readonly children = new Map<number, Map<unknown, Node>>();

  constructor(
    readonly answer: unknown,
    players: number,
  ) {
    this.rewards = new Float64Array(players);
  }

  childrenOf(slot: number): Map<unknown, Node> {
    let map = this.children.get(slot);
    if (map === undefined) this.children.set(slot, (map = new Map()));
    return map;
  }
}

/**
 * The random source of one iteration's copy, re-keyed per iteration instead of made anew (a new
 * source hashed its seed's text each time): its key is a hash of (the decision's seed, the iteration).
 */
class IterationSource extends RandomSource {
  constructor() {
    super('ismcts-chance', 0);
  }

  rekey(seed: number, iteration: number): void {
    (this as { gameKey: number }).gameKey = mix2(mix2(seed >>> 0, iteration), 0x676f6c64);
  }
}

/**
 * A set of answer keys, cleared for every tree step: small whole numbers (a game's codes) by a
 * generation stamp, anything else in a Set. (A Set cleared and filled ~60 times a step was ~10% of
 * an iteration.)
 */
class KeySet {
  private readonly stamp = new Int32Array(1024);
  private generation = 0;
  private readonly other = new Set<unknown>();

  clear(): void {
    if (++this.generation === 0x7fffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    if (this.other.size > 0) this.other.clear();
  }

  /** Adds `key`; false if it was there already. */
  add(key: unknown): boolean {
    if (typeof key === 'number' && key >= -8 && key < 1016 && (key | 0) === key) {
      const i = key + 8;
      if (this.stamp[i] === this.generation) return false;
      this.stamp[i] = this.generation;
      return true;
    }
    if (this.other.has(key)) return false;
    this.other.add(key);
    return true;
  }
}

/**
 * Iterations run by every search of this thread so far (tree iterations, or playouts of `paired`):
 * what a benchmark divides by CPU time, since a search may stop before its budget (`paired`'s
 * pruning down to one answer, a forced decision). Counting only; no decision reads it.
 */
export const ismctsCounter = { iterations: 0 };

/** One seat's search: scratch states and buffers reused by every decision of its game. */
class IsmctsSearch<State, View, Request extends DecisionRequest, Answer, Bot> {
  private sample: State | undefined;
  private sampleOf: (random: RandomStream, into?: State) => State = () => {
    throw new Error('ismcts: no view to sample yet');
  };
  private readonly rewards: Float64Array;
  private readonly path: Node[] = [];
  private readonly untried: unknown[] = [];
  private readonly untriedKeys: unknown[] = [];
  private readonly seen = new KeySet();
  /** The engine's chance in the copies: a source of its own per iteration. */
  private readonly chance = new IterationSource();
  /** The tree step's result (selectOrExpand): the node, its answer, whether it was just added. */
  private stepNode: Node | null = null;
  private stepAnswer: unknown = null;
  private stepExpanded = false;
  private readonly answers: Answer[][] = [];
  private rolloutBots: Bot[] | null = null;
  /** The search's own draws (determinizations, expansions, uniform rollouts), reseeded from the bot's stream each decision. */
  private readonly draws = new SearchRandom();
  private priorBots: Bot[] | null = null;
  /** `paired`: the copy of a world a playout plays on, the rollouts' draws and the rollout bots' streams, reseeded per world. */
  private copy: State | undefined;
  private readonly rolloutDraws = new SearchRandom();
  private readonly botStreams: SearchRandom[] = [];
  private scoresNow: Float64Array | undefined;
  private winNow: Float64Array | undefined;
  /** The seat this decision is searched for. */
  private rootSeat = 0;

  constructor(
    private readonly module: SearchableModule<View, Request, Answer, State, Bot>,
    private readonly hints: SearchHints<State, View, Request, Answer>,
    private readonly options: IsmctsOptions,
    private readonly rolloutFactory: BotFactory<Bot> | null,
    private readonly priorFactory: BotFactory<Bot> | null,
    private readonly random: RandomStream,
    /** Seats the reward lists hold: the game's most (a game's seats are 0 … players − 1 below it). */
    private readonly players: number,
  ) {
    this.rewards = new Float64Array(players);
  }

  /** Which of a node's child lists a decision uses: the deciding seat, and what it has just seen (`outcomeKey`). */
  private slotOf(view: View, request: Request): number {
    const outcome = this.options.outcomes && this.hints.outcomeKey !== undefined ? this.hints.outcomeKey(view, request) : 0;
    return outcome * 256 + request.seat;
  }

  private keyOf(view: View, request: Request, answer: Answer): unknown {
    const key = this.options.merge ? this.hints.answerKey : undefined;
    return key === undefined ? answer : key(view, request, answer);
  }

  decide(view: View, request: Request): Answer {
    const module = this.module;
    const legal = module.legalAnswers(view, request);
    if (legal.length === 1) return legal[0];
    const rootSeat = (this.rootSeat = request.seat);
    // The root's candidates, read now (the list may be reused by the next call).
    const rootAnswers = legal.slice();
    const players = this.players;
    // Per decision: the search's draws, the engine's chance in the copies and the bots' streams, from this stream.
    const seed = Math.floor(this.random.next() * 4294967296);
    this.draws.reseed(seed);
    this.makeBots(seed);
    // Samples of this view: the game's prepared sampler (the view read once) when it has one.
    const sampler = module.sampler;
    this.sampleOf = sampler !== undefined ? sampler(view) : (random, into) => module.sampleState(view, random, into);
    // The anchor (the prior's answer), asked before the iterations: on a fresh sample, which they
    // then play to the end (a finished state is no state to ask a bot at).
    const asked =
      this.options.anchor !== Infinity && this.priorBots !== null
        ? this.priorAnswer(view, request, (this.sample = this.sampleOf(this.draws, this.sample)))
        : undefined;
    // As the root's own answer with the same key: a game may write its next answer into the object
    // the bot's was given in (Goldrausch's askBot), and the iterations ask the bots again.
    const anchor = asked === undefined ? undefined : this.rootAnswer(view, request, rootAnswers, asked);
    const { iterations, ms } = this.options;
    const deadline = ms === null ? Infinity : performance.now() + ms;
    if (this.options.paired) return this.decidePaired(view, request, rootAnswers, seed, anchor, deadline);
    const root = new Node(null, players);
    for (let it = 0; ; it++) {
      if (ms === null ? it >= iterations : (it & 15) === 0 && (performance.now() >= deadline || it >= iterations * 1000)) break;
      this.chance.rekey(seed, it);
      this.iterate(root, this.chance);
      ismctsCounter.iterations++;
    }
    // The most visited child of the root seat (ties: the higher mean, then the legal order).
    const children = root.childrenOf(this.slotOf(view, request));
    let best: Answer = rootAnswers[0];
    let bestVisits = -1;
    let bestMean = -Infinity;
    const seen = this.seen;
    seen.clear();
    for (const answer of rootAnswers) {
      const key = this.keyOf(view, request, answer);
      if (!seen.add(key)) continue;
      const child = children.get(key);
      const visits = child === undefined ? 0 : child.visits;
      const mean = child === undefined || child.visits === 0 ? -Infinity : child.rewards[rootSeat] / child.visits;
      if (visits > bestVisits || (visits === bestVisits && mean > bestMean)) {
        best = answer;
        bestVisits = visits;
        bestMean = mean;
      }
    }
    if (anchor !== undefined) {
      // The prior's answer unless the search's choice is clearly better.
      const child = children.get(this.keyOf(view, request, anchor));
      if (child !== undefined && child.visits > 0 && bestMean - child.rewards[rootSeat] / child.visits <= this.options.anchor) return anchor;
    }
    return best;
  }

  /**
   * `paired`: flat Monte Carlo over the root's answers (one per answer key) on common worlds. Each
   * round samples one world and plays it out with every answer still in the race, each playout on
   * a copy of the world with the same chance, rollout draws and rollout bots' streams (rekeyed per
   * world). An answer leaves the race when it is worse than the leader with significance (`prune`
   * standard errors of the paired difference over the worlds so far); the round loop ends when the
   * budget of playouts is spent or one answer is left. The answer with the best mean wins (ties: the
   * legal order), unless the prior's answer (`anchor`) is within `anchor` of it.
   */
  private decidePaired(view: View, request: Request, rootAnswers: readonly Answer[], seed: number, anchor: Answer | undefined, deadline: number): Answer {
    const module = this.module;
    const rootSeat = request.seat;
    const { iterations, ms, prune } = this.options;
    // The candidates: the first answer of each key, in the legal order.
    const answers: Answer[] = [];
    const seen = this.seen;
    seen.clear();
    for (const answer of rootAnswers) if (seen.add(this.keyOf(view, request, answer))) answers.push(answer);
    const k = answers.length;
    if (k === 1) return answers[0];
    let anchorIndex = -1;
    if (anchor !== undefined) {
      const key = this.keyOf(view, request, anchor);
      anchorIndex = answers.findIndex((a) => this.keyOf(view, request, a) === key);
    }
    /** Each candidate's value in each world: values[i][w]. */
    const values: number[][] = answers.map(() => []);
    const alive: number[] = answers.map((_, i) => i);
    const sums = new Float64Array(k);
    let played = 0;
    let world = 0;
    const timeUp = () => (ms === null ? played >= iterations : performance.now() >= deadline || played >= iterations * 1000);
    while (!timeUp() && alive.length > 1) {
      const base = (this.sample = this.sampleOf(this.draws, this.sample));
      const worldSeed = mix2(seed >>> 0, world);
      for (const i of alive) {
        const state = (this.copy = module.clone(base, this.copy));
        this.chance.rekey(seed, world);
        this.rolloutDraws.reseed(worldSeed);
        const streams = this.botStreams;
        for (let s = 0; s < streams.length; s++) streams[s].reseed(mix2(worldSeed, s + 1));
        const value = this.playout(state, rootSeat, answers[i], this.chance);
        values[i].push(value);
        sums[i] += value;
        played++;
        ismctsCounter.iterations++;
      }
      world++;
      if (prune !== Infinity && world >= 8) this.prunePaired(alive, values, sums, world, anchorIndex, prune);
    }
    // The best mean among the answers still in the race (ties: the earlier answer).
    let best = alive[0];
    for (const i of alive) if (sums[i] > sums[best]) best = i;
    if (anchorIndex >= 0 && anchorIndex !== best && world > 0 && (sums[best] - sums[anchorIndex]) / world <= this.options.anchor) return answers[anchorIndex];
    return answers[best];
  }

  /** Drops from `alive` every answer worse than the leader by more than `z` standard errors of the paired difference (never the anchor). */
  private prunePaired(alive: number[], values: number[][], sums: Float64Array, worlds: number, anchorIndex: number, z: number): void {
    let leader = alive[0];
    for (const i of alive) if (sums[i] > sums[leader]) leader = i;
    const lead = values[leader];
    for (let a = alive.length - 1; a >= 0; a--) {
      const i = alive[a];
      if (i === leader || i === anchorIndex) continue;
      const mean = (sums[i] - sums[leader]) / worlds;
      const v = values[i];
      let ss = 0;
      for (let w = 0; w < worlds; w++) {
        const d = v[w] - lead[w] - mean;
        ss += d * d;
      }
      const se = Math.sqrt(ss / (worlds - 1) / worlds);
      if (mean + z * se < 0) alive.splice(a, 1);
    }
  }

  /** Plays `state` (at the root's decision) to the end or the depth cut, the root seat answering `answer` first; the root seat's reward. */
  private playout(state: State, rootSeat: number, answer: Answer, chance: RandomSource): number {
    const module = this.module;
    const options = this.options;
    let first = true;
    let decisions = 0;
    let cut = false;
    for (;;) {
      const pending = module.pending(state);
      if (pending.kind === 'terminal') break;
      if (options.depth > 0 && decisions >= options.depth && this.canCut) {
        cut = true;
        break;
      }
      const requests = pending.requests;
      const answers = (this.answers[requests.length] ??= new Array<Answer>(requests.length));
      for (let r = 0; r < requests.length; r++) {
        const request = requests[r];
        if (first && request.seat === rootSeat) {
          answers[r] = answer;
          continue;
        }
        answers[r] = this.rolloutAnswer(module.seatView(state, request.seat), request, state, chance, this.rolloutDraws);
        decisions++;
      }
      first = false;
      module.apply(state, answers, chance);
      if (this.rolloutBots === null && !(options.depth > 0 && this.canCut)) {
        // A uniform rollout to the end: the game's lean playout when it has one.
        playUniform(module, state, this.rolloutDraws, chance);
        break;
      }
    }
    const rewards = this.rewards;
    if (cut) this.cutRewards(state, rewards);
    else rewardsOf(module.outcome(state), options.reward, rewards);
    return rewards[rootSeat];
  }

  /** Whether a rollout can be cut by the game's knowledge (an evaluation, or the scores so far for `margin`/`score`). */
  private get canCut(): boolean {
    return this.hints.evaluate !== undefined || (this.options.reward !== 'win' && this.hints.scores !== undefined);
  }

  /** Each seat's reward at a cut: the evaluation (win), the margin of the scores so far (margin), half each (score). */
  private cutRewards(state: State, out: Float64Array): void {
    const { evaluate, scores } = this.hints;
    const reward = this.options.reward;
    if (reward === 'win' || scores === undefined) {
      evaluate!(state, out);
      return;
    }
    const now = (this.scoresNow ??= new Float64Array(out.length));
    scores(state, now);
    if (reward === 'margin' || evaluate === undefined) {
      if (reward === 'margin') marginRewards(now, out);
      else normalisedScores(now, out);
      return;
    }
    evaluate(state, out);
    const win = (this.winNow ??= new Float64Array(out.length));
    win.set(out);
    normalisedScores(now, out);
    for (let s = 0; s < out.length; s++) out[s] = 0.5 * win[s] + 0.5 * out[s];
  }

  /** The answer of `answers` with the key of `answer` (the answer itself if none has it). */
  private rootAnswer(view: View, request: Request, answers: readonly Answer[], answer: Answer): Answer {
    const key = this.keyOf(view, request, answer);
    for (const a of answers) if (this.keyOf(view, request, a) === key) return a;
    return answer;
  }

  private makeBots(seed: number): void {
    const source = new RandomSource(seed, -1);
    if (this.rolloutFactory !== null && this.options.paired) {
      // Streams reseeded per world (common random numbers across the root's answers).
      this.rolloutBots = [];
      for (let s = 0; s < this.players; s++) {
        this.botStreams[s] ??= new SearchRandom();
        this.rolloutBots.push(this.rolloutFactory.create(s, this.botStreams[s]));
      }
    } else if (this.rolloutFactory !== null) {
      this.rolloutBots = [];
      for (let s = 0; s < this.players; s++) this.rolloutBots.push(this.rolloutFactory.create(s, source.stream(Purpose.bot + s)));
    }
    if (this.priorFactory !== null) {
      this.priorBots = [];
      for (let s = 0; s < this.players; s++) this.priorBots.push(this.priorFactory.create(s, source.stream(Purpose.bot + this.players + s)));
    }
  }

  /** One ISMCTS iteration from `root` on a fresh determinization of `view`. */
  private iterate(root: Node, chance: RandomSource): void {
    const module = this.module;
    const options = this.options;
    const state = (this.sample = this.sampleOf(this.draws, this.sample));
    const path = this.path;
    path[0] = root;
    let depth = 1;
    let node = root;
    let inTree = true;
    let decisions = 0;
    let cut = false;
    for (;;) {
      const pending = module.pending(state);
      if (pending.kind === 'terminal') break;
      if (!inTree && options.depth > 0 && decisions >= options.depth && this.canCut) {
        cut = true;
        break;
      }
      const requests = pending.requests;
      const count = requests.length;
      const answers = (this.answers[count] ??= new Array<Answer>(count));
      // Simultaneous requests (e.g. Goldrausch's continent choice) are tree levels one after the
      // other; at the root the root seat's comes first, so that the root's children are its answers.
      let first = 0;
      if (depth === 1 && count > 1) while (first < count - 1 && requests[first].seat !== this.rootSeat) first++;
      for (let k = 0; k < count; k++) {
        const r = first + k < count ? first + k : first + k - count;
        const request = requests[r];
        const seat = request.seat;
        const seatView = module.seatView(state, seat);
        if (inTree && options.tree > 0 && depth > options.tree) inTree = false;
        if (inTree) {
          this.selectOrExpand(node, seatView, request, state);
          node = this.stepNode!;
          inTree = !this.stepExpanded;
          path[depth++] = node;
          answers[r] = this.stepAnswer as Answer;
        } else {
          answers[r] = this.rolloutAnswer(seatView, request, state, chance, this.draws);
          decisions++;
        }
      }
      module.apply(state, answers, chance);
      if (!inTree && this.rolloutBots === null && !(options.depth > 0 && this.canCut)) {
        // A uniform rollout to the end: the game's lean playout when it has one (same draws, same game).
        playUniform(module, state, this.draws, chance);
        break;
      }
    }
    const rewards = this.rewards;
    if (cut) this.cutRewards(state, rewards);
    else rewardsOf(module.outcome(state), options.reward, rewards);
    for (let i = 0; i < depth; i++) {
      const n = path[i];
      n.visits++;
      for (let s = 0; s < rewards.length; s++) n.rewards[s] += rewards[s];
    }
  }

  /**
   * The tree step at one decision: add a child for an answer not tried yet (the prior's first), or
   * follow the available child with the best UCB value for the deciding seat. With a finite `fpu`,
   * an untried answer is added only when it is worth more (the node's mean + fpu) than every tried one.
   */
  private selectOrExpand(node: Node, view: View, request: Request, state: State): void {
    const module = this.module;
    const seat = request.seat;
    const children = node.childrenOf(this.slotOf(view, request));
    // The prior bot first: it may ask for legal answers itself (the list below may be reused).
    const prior = this.priorBots === null ? undefined : this.priorAnswer(view, request, state);
    const priorKey = prior === undefined ? undefined : this.keyOf(view, request, prior);
    const legal = module.legalAnswers(view, request);
    const { c, bias, fpu } = this.options;
    const untried = this.untried;
    const untriedKeys = this.untriedKeys;
    let untriedCount = 0;
    let best: Node | null = null;
    let bestAnswer: Answer = legal[0];
    let bestValue = -Infinity;
    const merge = this.options.merge && this.hints.answerKey !== undefined;
    const seen = this.seen;
    if (merge) seen.clear();
    // Availability for every available child (whichever is chosen), UCB over them, the untried apart.
    for (let i = 0; i < legal.length; i++) {
      const answer = legal[i];
      const key = merge ? this.hints.answerKey!(view, request, answer) : answer;
      if (merge && !seen.add(key)) continue;
      const child = children.get(key);
      if (child === undefined) {
        // Kept at their longest (cutting a list's length gives its store back; it would grow again).
        untried[untriedCount] = answer;
        untriedKeys[untriedCount++] = key;
        continue;
      }
      child.avail++;
      let value = child.rewards[seat] / child.visits + c * Math.sqrt(Math.log(child.avail) / child.visits);
      if (bias > 0 && key === priorKey) value += bias / (child.visits + 1);
      if (value > bestValue) {
        bestValue = value;
        best = child;
        bestAnswer = answer;
      }
    }
    if (untriedCount > 0) {
      let k = -1;
      if (priorKey !== undefined) for (let i = 0; i < untriedCount && k < 0; i++) if (untriedKeys[i] === priorKey) k = i;
      // First-play urgency: an untried answer counts as one visit worth the node's mean + fpu.
      const urgent =
        fpu === Infinity ||
        best === null ||
        k >= 0 ||
        (node.visits > 0 ? node.rewards[seat] / node.visits : 0.5) + fpu + c * Math.sqrt(Math.log(Math.max(1, node.visits))) > bestValue;
      if (urgent) {
        if (k < 0) k = untriedCount === 1 ? 0 : this.draws.int(untriedCount);
        const child = new Node(untriedKeys[k], this.players);
        child.avail = 1;
        children.set(untriedKeys[k], child);
        this.stepNode = child;
        this.stepAnswer = untried[k] as Answer;
        this.stepExpanded = true;
        return;
      }
    }
    this.stepNode = best!;
    this.stepAnswer = bestAnswer;
    this.stepExpanded = false;
  }

  private priorAnswer(view: View, request: Request, state: State): Answer | undefined {
    return this.module.askBot(this.priorBots![request.seat], request, view, state, PRIOR_REFEREE).answer;
  }

  private rolloutAnswer(view: View, request: Request, state: State, chance: RandomSource, draws: SearchRandom): Answer {
    const bots = this.rolloutBots;
    if (bots === null) return uniformAt(this.module, view, request, draws.next());
    return this.module.askBot(bots[request.seat], request, view, state, chance).answer;
  }
}

/** The referee's random source for a prior bot's fallback (a built-in bot does not fault). */
const PRIOR_REFEREE = new RandomSource('ismcts-prior', 0);

/** Each seat's reward in [0, 1] for a finished game. */
export function rewardsOf(outcome: Outcome, kind: IsmctsOptions['reward'], out: Float64Array): void {
  const winners = outcome.winners;
  out.fill(0);
  const share = winners.length > 0 ? 1 / winners.length : 0;
  for (let i = 0; i < winners.length; i++) out[winners[i]] = share;
  if (kind === 'win') return;
  const scores = outcome.scores;
  if (kind === 'margin') {
    marginRewards(scores, out);
    return;
  }
  let lo = Infinity;
  let hi = -Infinity;
  for (let s = 0; s < scores.length; s++) {
    if (scores[s] < lo) lo = scores[s];
    if (scores[s] > hi) hi = scores[s];
  }
  for (let s = 0; s < scores.length; s++) out[s] = 0.5 * out[s] + 0.5 * (hi > lo ? (scores[s] - lo) / (hi - lo) : 0.5);
}

/**
 * Each seat's score minus the best other seat's, scaled to [0, 1]: 0.5 + margin / (2 · spread),
 * the spread being the highest score minus the lowest (at least 1).
 */
function marginRewards(scores: ArrayLike<number>, out: Float64Array): void {
  let lo = Infinity;
  let hi = -Infinity;
  let second = -Infinity;
  for (let s = 0; s < scores.length; s++) {
    const x = scores[s];
    if (x < lo) lo = x;
    if (x > hi) {
      second = hi;
      hi = x;
    } else if (x > second) second = x;
  }
  const spread = Math.max(1, hi - lo);
  for (let s = 0; s < scores.length; s++) {
    const best = scores[s] === hi ? second : hi;
    out[s] = 0.5 + (scores[s] - best) / (2 * spread);
  }
}

/** Each seat's score scaled between the lowest (0) and the highest (1); all 0.5 when they are equal. */
function normalisedScores(scores: ArrayLike<number>, out: Float64Array): void {
  let lo = Infinity;
  let hi = -Infinity;
  for (let s = 0; s < scores.length; s++) {
    if (scores[s] < lo) lo = scores[s];
    if (scores[s] > hi) hi = scores[s];
  }
  for (let s = 0; s < scores.length; s++) out[s] = hi > lo ? (scores[s] - lo) / (hi - lo) : 0.5;
}

/** What an `ismcts` factory needs of its game. */
export interface IsmctsGame<Bot> {
  readonly module: GameModule<unknown, unknown, unknown, DecisionRequest, unknown, Bot>;
  readonly builtinBots: Readonly<Record<string, BotFactory<Bot>>>;
  readonly search?: SearchHints;
}

/** An `ismcts` bot of `game` with `text`'s options over the game's defaults (see parseIsmctsOptions). */
export function ismctsFactory<Bot>(game: IsmctsGame<Bot>, text: string): BotFactory<Bot> & { readonly timed: boolean } {
  const module = searchable(game.module);
  const hints: SearchHints = game.search ?? {};
  const policyBots = Object.keys(game.builtinBots).filter((b) => b !== 'ismcts' && !b.startsWith('ismcts:'));
  const base = parseIsmctsOptions(hints.ismcts ?? '', ISMCTS_DEFAULTS, policyBots).options;
  const { options, given } = parseIsmctsOptions(text, base, policyBots);
  const name = ismctsName(given);
  const rolloutFactory = options.rollout === 'uniform' ? null : game.builtinBots[options.rollout];
  const priorFactory = options.prior === null || options.prior === 'uniform' ? null : game.builtinBots[options.prior];
  const budget = options.ms === null ? `${options.iterations} iterations` : `${options.ms} ms`;
  return {
    name,
    description:
      `Information-set MCTS (single observer): ${budget} a decision, rollouts by ${options.rollout}` +
      `${options.depth > 0 ? ` cut after ${options.depth} decisions` : ''}, c ${options.c}, reward ${options.reward}` +
      `${priorFactory !== null ? `, ${options.prior}'s answer biased by ${options.bias}` : ''}.`,
    timed: options.ms !== null,
    create: (_seat, random) => {
      let search: IsmctsSearch<unknown, unknown, DecisionRequest, unknown, Bot> | null = null;
      return module.botOf(name, (view, request) => {
        search ??= new IsmctsSearch(module, hints, options, rolloutFactory, priorFactory, random, module.maxPlayers);
        return search.decide(view, request);
      });
    },
  };
}
