/**
 * One implementation per bot: the built-in heuristic bots are written against `FastView`, which the
 * kernel serves from its arrays and the reference engine through `ReferenceFastView`
 * (src/games/goldrausch/view-adapter.ts). This test plays the same games on both engines with every
 * bot wrapped in a recorder, and asserts that at every decision (continent, message, card) each
 * seat was served the same information: every member of the view, hidden-information rules
 * included. (Proposal indices are each engine's own encoding, so proposals are compared as the list
 * the seat can see, and references into it as positions in that list.)
 */
import { describe, expect, it } from 'vitest';
import { HEURISTIC_BOTS } from '../../bots/goldrausch/heuristic.js';
import { makeBetrayer, makeOpportunist, makeReciprocal, makeSilent } from '../../bots/goldrausch/index.js';
import { gameKey } from '../../src/core/random.js';
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { StatePlayer as FastKernel } from '../../src/games/goldrausch/fast/player.js';
import { NONE, type FastBot, type FastBotFactory, type FastMessage, type FastRandom, type FastView } from '../../src/games/goldrausch/fast/view.js';
import type { GoldrauschConfig } from '../../src/games/goldrausch/params.js';
import { ReferenceFastView, servedBot } from '../../src/games/goldrausch/view-adapter.js';
import { playOne } from '../../src/sim/run.js';
import { OPTION_CASES } from './cases.js';
import { configOf, scenarioOf, type Case } from './compare.js';

/** Everything a seat is served, as plain data (meeting members only in meeting decisions). */
function snapshot(view: FastView, what: string): string {
  const n = view.players;
  const seats = Array.from({ length: n }, (_, s) => s);
  const history = Array.from({ length: view.historyLength }, (_, i) => ({
    round: view.histRound(i),
    locations: seats.map((s) => view.histLocation(i, s)),
    commits: seats.map((s) => view.histCommit(i, s)),
    succeeded: seats.map((s) => view.histSucceeded(i, s)),
    breaches: seats.map((s) => view.histBreachVictims(i, s)),
  }));
  const out: Record<string, unknown> = {
    what,
    seat: view.seat,
    players: n,
    round: view.round,
    startPlayer: view.startPlayer,
    rounds: view.rounds,
    fine: view.fine,
    winThreshold: view.winThreshold,
    winThresholdStrict: view.winThresholdStrict,
    ticks: view.ticks,
    disaster: Array.from(view.disaster),
    stock: Array.from(view.stock),
    extract: Array.from(view.extract),
    gold: seats.map((s) => view.gold(s)),
    countryHand: Array.from(view.countryHand),
    upgradeHand: Array.from(view.upgradeHand),
    kept: Array.from(view.kept),
    broken: Array.from(view.broken),
    history,
  };
  if (what !== 'continent') {
    // The proposals this seat can see (the kernel marks the others' continent −1), in order.
    const visible: number[] = [];
    for (let i = 0; i < view.proposalCount; i++) if (view.proposalContinent(i) !== -1) visible.push(i);
    const position = (i: number) => (i < 0 ? -1 : visible.indexOf(i));
    Object.assign(out, {
      tick: view.tick,
      locations: Array.from(view.locations).slice(0, n),
      committed: Array.from(view.committed).slice(0, n),
      passed: Array.from(view.passed).slice(0, n),
      ownCommit: view.ownCommit,
      ownPromise: view.ownPromise,
      proposals: visible.map((i) => ({
        continent: view.proposalContinent(i),
        proposer: view.proposalProposer(i),
        upgrader: view.proposalUpgrader(i),
        accepted: view.proposalAccepted(i),
        rejected: view.hasRejected(i),
      })),
      agreements: [0, 1, 2].map((c) => ({ at: position(view.agreement(c)), parties: view.agreementParties(c), upgrader: view.agreementUpgrader(c) })),
    });
  }
  return JSON.stringify(out);
}

/** A bot that records what it is served, then lets the real bot decide. */
class Recorder implements FastBot {
  readonly idleWake: number;
  constructor(
    private readonly bot: FastBot,
    private readonly log: string[],
  ) {
    this.idleWake = bot.idleWake;
  }
  newGame(seat: number, random: FastRandom): void {
    this.log.length = 0;
    this.bot.newGame(seat, random);
  }
  chooseContinent(view: FastView): number {
    this.log.push(snapshot(view, 'continent'));
    return this.bot.chooseContinent(view);
  }
  negotiate(view: FastView, out: FastMessage): boolean {
    this.log.push(snapshot(view, 'negotiate'));
    return this.bot.negotiate(view, out);
  }
  commitUpgrade(view: FastView): number {
    this.log.push(snapshot(view, 'commit'));
    return this.bot.commitUpgrade(view);
  }
  idleUntil(view: FastView): number {
    return this.bot.idleUntil(view);
  }
}

const { random, greedy, cooperative, betrayer, reciprocal, silent, opportunist } = HEURISTIC_BOTS;
const ALL = [greedy, cooperative, betrayer, reciprocal, random, silent, opportunist];
const VARIANTS = [
  makeBetrayer({ beta: 0.5, mode: 'profitable' }),
  makeBetrayer({ promise: false }),
  makeReciprocal({ k: 1 }),
  makeSilent({ q: 0.3 }),
  makeOpportunist({ minGain: 2 }),
];

interface Outcome {
  decisions: number;
  meetingDecisions: number;
  differences: string[];
}

/**
 * Plays `games` games of the case on both engines (line-up rotated per game) and compares what each
 * seat was served, decision by decision. `adapter` makes the reference side's adapters.
 */
function compare(c: Case, pool: readonly GoldrauschBotFactory[], games: number, adapter: () => ReferenceFastView = () => new ReferenceFastView()): Outcome {
  const scenario = scenarioOf(c);
  const config = configOf(scenario, c) as GoldrauschConfig;
  const players = scenario.players;
  const result: Outcome = { decisions: 0, meetingDecisions: 0, differences: [] };
  for (let g = 0; g < games; g++) {
    const lineup = Array.from({ length: players }, (_, s) => pool[(s + g) % pool.length]);
    const kernelLogs = lineup.map(() => [] as string[]);
    const referenceLogs = lineup.map(() => [] as string[]);
    const recorded =
      (f: GoldrauschBotFactory, log: string[]): FastBotFactory =>
      () =>
        new Recorder(f.fast!(), log);
    const kernel = new FastKernel(
      config,
      players,
      lineup.map((f, s) => recorded(f, kernelLogs[s])),
    );
    kernel.play(gameKey(scenario.seed, g));
    const bots = lineup.map((f, s) => ({
      name: f.name,
      description: f.description,
      create: (seat: number, stream: Parameters<GoldrauschBotFactory['create']>[1]) =>
        servedBot(f.name, recorded(f, referenceLogs[s]), seat, stream, adapter()),
    }));
    playOne({ ...scenario, bots }, g, { seed: scenario.seed, config });
    for (let s = 0; s < players; s++) {
      const a = kernelLogs[s];
      const b = referenceLogs[s];
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        result.decisions++;
        if (a[i] !== undefined && !a[i].startsWith('{"what":"continent"')) result.meetingDecisions++;
        if (a[i] !== b[i] && result.differences.length < 3) {
          result.differences.push(`${c.name} game ${g} seat ${s} decision ${i}:\n kernel    ${a[i]}\n reference ${b[i]}`);
        }
      }
    }
  }
  return result;
}

describe('the reference engine serves the bots what the kernel serves them', () => {
  for (const c of OPTION_CASES) {
    it(`every decision of every seat: ${c.name}`, () => {
      const r = compare(c, ALL, 12);
      expect(r.differences).toEqual([]);
      expect(r.meetingDecisions).toBeGreaterThan(50);
    });
  }

  it('the bot variants (beta, profitable, no promise, k, q, minGain)', () => {
    const r = compare({ name: 'variants', players: 5 }, [...VARIANTS, cooperative, betrayer], 40);
    expect(r.differences).toEqual([]);
  });
});

describe('the comparison can fail', () => {
  /** An adapter that forgets the seat's own promise. */
  class ForgetsPromise extends ReferenceFastView {
    override get ownPromise(): number {
      return NONE;
    }
  }
  /** An adapter that shows one more gold in the first continent's stock. */
  class WrongStock extends ReferenceFastView {
    override of(view: Parameters<ReferenceFastView['of']>[0]): this {
      super.of(view);
      this.stock = [view.stock[0] + 1, view.stock[1], view.stock[2]];
      return this;
    }
  }

  it('a forgotten promise is caught', () => {
    const r = compare({ name: 'defaults' }, [betrayer, cooperative, betrayer, reciprocal], 20, () => new ForgetsPromise());
    expect(r.differences.length).toBeGreaterThan(0);
    expect(r.differences[0]).toMatch(/"ownPromise":[12]/);
  });

  it('a wrong stock is caught', () => {
    const r = compare({ name: 'defaults' }, ALL, 2, () => new WrongStock());
    expect(r.differences.length).toBeGreaterThan(0);
  });
});
