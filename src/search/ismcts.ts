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
import { Purpose, RandomSource, type RandomStream } from '../core/random.js';
import { searchable, type SearchableModule } from './contract.js';
import { SearchRandom } from './random.js';
import { uniformAt } from './uniform.js';

export interface IsmctsOptions {
  /** Iterations per decision (the budget; default 1,000 unless the game's default says otherwise). */
  readonly iterations: number;
  /** A time budget per decision in ms (null: none). Not reproducible. */
  readonly ms: number | null;
  /** UCB's exploration constant (rewards are in [0, 1]). */
  readonly c: number;
  /** The rollout policy: `uniform` or the name of a built-in bot of the game. */
  readonly rollout: string;
  /** `win`: the win share; `score`: half the win share, half the score scaled between the lowest and highest score. */
  readonly reward: 'win' | 'score';
  /** A built-in bot whose answer gets a progressive bias in the tree, or null. */
  readonly prior: string | null;
  /** The weight of that bias: bias / (visits + 1) added to its answer's UCB value. */
  readonly bias: number;
  /** Decisions of a rollout before the game's evaluation scores it (0: to the end of the game). */
  readonly depth: number;
  /** Merge answers with equal `SearchHints.answerKey` (1) or not (0). */
  readonly merge: boolean;
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
});

/** The option keys in the order a canonical name lists them. */
const KEYS = ['iterations', 'ms', 'c', 'rollout', 'reward', 'prior', 'bias', 'depth', 'merge'] as const;
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
        if (!(Number.isInteger(num) && num >= (key === 'depth' ? 0 : 1)))
          throw new RangeError(`ismcts: ${key} must be a whole number ≥ ${key === 'depth' ? 0 : 1}, got "${value}"`);
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
        if (value !== 'win' && value !== 'score') throw new RangeError(`ismcts: reward must be win or score, got "${value}"`);
        out.reward = value;
        break;
      case 'merge':
        if (value !== '0' && value !== '1') throw new RangeError(`ismcts: merge must be 0 or 1, got "${value}"`);
        out.merge = value === '1';
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
  /** Children per deciding seat, by answer key. */
  readonly children: (Map<unknown, Node> | undefined)[] = [];

  constructor(
    readonly answer: unknown,
    players: number,
  ) {
    this.rewards = new Float64Array(players);
  }

  childrenOf(seat: number): Map<unknown, Node> {
    let map = this.children[seat];
    if (map === undefined) this.children[seat] = map = new Map();
    return map;
  }
}

/** One seat's search: scratch states and buffers reused by every decision of its game. */
class IsmctsSearch<State, View, Request extends DecisionRequest, Answer, Bot> {
  private sample: State | undefined;
  private readonly rewards: Float64Array;
  private readonly path: Node[] = [];
  private readonly untried: unknown[] = [];
  private readonly untriedKeys: unknown[] = [];
  private readonly answers: Answer[][] = [];
  private rolloutBots: Bot[] | null = null;
  /** The search's own draws (determinizations, expansions, uniform rollouts), reseeded from the bot's stream each decision. */
  private readonly draws = new SearchRandom();
  private priorBots: Bot[] | null = null;

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

  private keyOf(view: View, request: Request, answer: Answer): unknown {
    const key = this.options.merge ? this.hints.answerKey : undefined;
    return key === undefined ? answer : key(view, request, answer);
  }

  decide(view: View, request: Request): Answer {
    const module = this.module;
    const legal = module.legalAnswers(view, request);
    if (legal.length === 1) return legal[0];
    const rootSeat = request.seat;
    // The root's candidates, read now (the list may be reused by the next call).
    const rootAnswers = legal.slice();
    const players = this.players;
    // Per decision: the search's draws, the engine's chance in the copies and the bots' streams, from this stream.
    const seed = Math.floor(this.random.next() * 4294967296);
    this.draws.reseed(seed);
    this.makeBots(seed);
    const root = new Node(null, players);
    const { iterations, ms } = this.options;
    const deadline = ms === null ? Infinity : performance.now() + ms;
    for (let it = 0; ; it++) {
      if (ms === null ? it >= iterations : (it & 15) === 0 && (performance.now() >= deadline || it >= iterations * 1000)) break;
      this.iterate(view, root, new RandomSource(seed, it));
    }
    // The most visited child of the root seat (ties: the higher mean, then the legal order).
    const children = root.childrenOf(rootSeat);
    let best: Answer = rootAnswers[0];
    let bestVisits = -1;
    let bestMean = -Infinity;
    const seen = new Set<unknown>();
    for (const answer of rootAnswers) {
      const key = this.keyOf(view, request, answer);
      if (seen.has(key)) continue;
      seen.add(key);
      const child = children.get(key);
      const visits = child === undefined ? 0 : child.visits;
      const mean = child === undefined || child.visits === 0 ? -Infinity : child.rewards[rootSeat] / child.visits;
      if (visits > bestVisits || (visits === bestVisits && mean > bestMean)) {
        best = answer;
        bestVisits = visits;
        bestMean = mean;
      }
    }
    return best;
  }

  private makeBots(seed: number): void {
    const source = new RandomSource(seed, -1);
    if (this.rolloutFactory !== null) {
      this.rolloutBots = [];
      for (let s = 0; s < this.players; s++) this.rolloutBots.push(this.rolloutFactory.create(s, source.stream(Purpose.bot + s)));
    }
    if (this.priorFactory !== null) {
      this.priorBots = [];
      for (let s = 0; s < this.players; s++) this.priorBots.push(this.priorFactory.create(s, source.stream(Purpose.bot + this.players + s)));
    }
  }

  /** One ISMCTS iteration from `root` on a fresh determinization of `view`. */
  private iterate(view: View, root: Node, chance: RandomSource): void {
    const module = this.module;
    const options = this.options;
    const state = (this.sample = module.sampleState(view, this.draws, this.sample));
    const path = this.path;
    path.length = 0;
    path.push(root);
    let node = root;
    let inTree = true;
    let decisions = 0;
    let cut = false;
    for (;;) {
      const pending = module.pending(state);
      if (pending.kind === 'terminal') break;
      if (!inTree && options.depth > 0 && decisions >= options.depth && this.hints.evaluate !== undefined) {
        cut = true;
        break;
      }
      const requests = pending.requests;
      const answers = (this.answers[requests.length] ??= new Array<Answer>(requests.length));
      for (let r = 0; r < requests.length; r++) {
        const request = requests[r];
        const seat = request.seat;
        const seatView = module.seatView(state, seat);
        if (inTree) {
          const next = this.selectOrExpand(node, seatView, request, state);
          node = next.node;
          inTree = !next.expanded;
          path.push(node);
          answers[r] = next.answer;
        } else {
          answers[r] = this.rolloutAnswer(seatView, request, state, chance);
          decisions++;
        }
      }
      module.apply(state, answers, chance);
    }
    const rewards = this.rewards;
    if (cut) this.hints.evaluate!(state, rewards);
    else rewardsOf(module.outcome(state), options.reward, rewards);
    for (let i = 0; i < path.length; i++) {
      const n = path[i];
      n.visits++;
      for (let s = 0; s < rewards.length; s++) n.rewards[s] += rewards[s];
    }
  }

  /** The tree step at one decision: follow the best available child, or add one for an untried answer. */
  private selectOrExpand(node: Node, view: View, request: Request, state: State): { node: Node; answer: Answer; expanded: boolean } {
    const module = this.module;
    const seat = request.seat;
    const children = node.childrenOf(seat);
    const legal = module.legalAnswers(view, request);
    const c = this.options.c;
    const prior = this.priorBots === null ? undefined : this.priorAnswer(view, request, state);
    const priorKey = prior === undefined ? undefined : this.keyOf(view, request, prior);
    const untried = this.untried;
    const untriedKeys = this.untriedKeys;
    untried.length = 0;
    untriedKeys.length = 0;
    let best: Node | null = null;
    let bestAnswer: Answer = legal[0];
    let bestValue = -Infinity;
    const merge = this.options.merge && this.hints.answerKey !== undefined;
    const seen = merge ? new Set<unknown>() : null;
    // Availability first (every available child, whichever is chosen), then UCB over them.
    for (let i = 0; i < legal.length; i++) {
      const answer = legal[i];
      const key = this.keyOf(view, request, answer);
      if (seen !== null) {
        if (seen.has(key)) continue;
        seen.add(key);
      }
      const child = children.get(key);
      if (child === undefined) {
        untried.push(answer);
        untriedKeys.push(key);
        continue;
      }
      child.avail++;
    }
    if (untried.length > 0) {
      let k = -1;
      if (priorKey !== undefined) k = untriedKeys.indexOf(priorKey);
      if (k < 0) k = untried.length === 1 ? 0 : this.draws.int(untried.length);
      const child = new Node(untriedKeys[k], this.players);
      children.set(untriedKeys[k], child);
      return { node: child, answer: untried[k] as Answer, expanded: true };
    }
    const bias = this.options.bias;
    if (seen !== null) seen.clear();
    for (let i = 0; i < legal.length; i++) {
      const answer = legal[i];
      const key = this.keyOf(view, request, answer);
      if (seen !== null) {
        if (seen.has(key)) continue;
        seen.add(key);
      }
      const child = children.get(key)!;
      let value = child.rewards[seat] / child.visits + c * Math.sqrt(Math.log(child.avail) / child.visits);
      if (bias > 0 && key === priorKey) value += bias / (child.visits + 1);
      if (value > bestValue) {
        bestValue = value;
        best = child;
        bestAnswer = answer;
      }
    }
    return { node: best!, answer: bestAnswer, expanded: false };
  }

  private priorAnswer(view: View, request: Request, state: State): Answer | undefined {
    return this.module.askBot(this.priorBots![request.seat], request, view, state, PRIOR_REFEREE).answer;
  }

  private rolloutAnswer(view: View, request: Request, state: State, chance: RandomSource): Answer {
    const bots = this.rolloutBots;
    if (bots === null) return uniformAt(this.module, view, request, this.draws.next());
    return this.module.askBot(bots[request.seat], request, view, state, chance).answer;
  }
}

/** The referee's random source for a prior bot's fallback (a built-in bot does not fault). */
const PRIOR_REFEREE = new RandomSource('ismcts-prior', 0);

/** Each seat's reward in [0, 1] for a finished game. */
export function rewardsOf(outcome: Outcome, kind: 'win' | 'score', out: Float64Array): void {
  const winners = outcome.winners;
  out.fill(0);
  const share = winners.length > 0 ? 1 / winners.length : 0;
  for (let i = 0; i < winners.length; i++) out[winners[i]] = share;
  if (kind === 'win') return;
  const scores = outcome.scores;
  let lo = Infinity;
  let hi = -Infinity;
  for (let s = 0; s < scores.length; s++) {
    if (scores[s] < lo) lo = scores[s];
    if (scores[s] > hi) hi = scores[s];
  }
  for (let s = 0; s < scores.length; s++) out[s] = 0.5 * out[s] + 0.5 * (hi > lo ? (scores[s] - lo) / (hi - lo) : 0.5);
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
