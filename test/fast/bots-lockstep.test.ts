/**
 * The fast twins of the built-in heuristic bots (bots/goldrausch/fast) decide exactly as the
 * reference bots do: real reference games are played, and at every decision of every seat the twin
 * is asked the same view (through test/fast/adapter.ts) with its own copy of the seat's random
 * stream. The continent, the message (type, upgrader, proposal, action), the card, the idle promise
 * and wake set must be identical, and so must the number of draws after every call.
 *
 * Line-ups: the baseline, 5 and 6 players, every heuristic bot in rotating seats, the makeX
 * variants; rules: every option that changes what a bot sees or may do. One twin instance per seat
 * serves all games of a case (as in the kernel), so `newGame` must reset it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { HEURISTIC_BOTS } from '../../bots/goldrausch/heuristic.js';
import { makeBetrayer, makeOpportunist, makeReciprocal, makeSilent } from '../../bots/goldrausch/index.js';
import { FastGreedy } from '../../bots/goldrausch/fast/greedy.js';
import { FastSilent } from '../../bots/goldrausch/fast/silent.js';
import { greenPays, held, heldGreen, isAlone } from '../../bots/goldrausch/fast/lib.js';
import type { RandomStream } from '../../src/core/random.js';
import type { GoldrauschBot, GoldrauschBotFactory, OutgoingMessage } from '../../src/games/goldrausch/bot.js';
import type { Colour, Continent } from '../../src/games/goldrausch/types.js';
import { CONTINENTS } from '../../src/games/goldrausch/types.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { NONE, type FastBot, type FastRandom, type FastView } from '../../src/games/goldrausch/fast/view.js';
import { parseScenario } from '../../src/sim/scenario.js';
import { emptyResult, playLockstep, type LockstepOptions, type LockstepResult } from './adapter.js';

const { random, greedy, cooperative, betrayer, reciprocal, silent, opportunist } = HEURISTIC_BOTS;
const profitable = makeBetrayer({ beta: 0.5, mode: 'profitable' });
const profitableSure = makeBetrayer({ mode: 'profitable' });
const noPromise = makeBetrayer({ promise: false });
const reciprocal1 = makeReciprocal({ k: 1 });
const silent3 = makeSilent({ q: 0.3 });
const opportunist2 = makeOpportunist({ minGain: 2 });

/**
 * A test bot, never compared, that stirs up meetings the built-in bots rarely make among themselves:
 * at random it proposes any seat of its continent or nobody, accepts or rejects proposals, promises
 * either colour (with or without a proposal), passes, and lays a held card at a random tick. It keeps
 * to what built-in bots may send (one message about its own continent, no rotation clause, no gift),
 * so its games are games the fast kernel can play. Draws only from its own stream.
 */
class MischiefBot implements GoldrauschBot {
  readonly name = 'mischief';
  constructor(
    private readonly seat: number,
    private readonly random: RandomStream,
  ) {}

  chooseContinent(view: GoldrauschView): Continent {
    const legal = CONTINENTS.filter((_, c) => view.countryHand[c] > 0);
    return legal[this.random.int(legal.length)];
  }

  negotiate(view: GoldrauschView): readonly OutgoingMessage[] {
    const meeting = view.meeting!;
    const c = meeting.locations[this.seat];
    const on = meeting.locations.flatMap((l, s) => (l === c ? [s] : []));
    const ids = meeting.proposals.filter((p) => p.continent === c).map((p) => p.id);
    const x = this.random.next();
    if (x < 0.2) {
      const k = this.random.int(on.length + 1);
      return [{ type: 'PROPOSE', plan: { upgrader: k === on.length ? null : on[k] } }];
    }
    if (x < 0.45 && ids.length > 0) return [{ type: 'ACCEPT', ref: ids[this.random.int(ids.length)] }];
    if (x < 0.55 && ids.length > 0) return [{ type: 'REJECT', ref: ids[this.random.int(ids.length)] }];
    if (x < 0.65) {
      const action = this.random.next() < 0.5 ? 'GREEN' : 'RED';
      const k = this.random.int(ids.length + 1);
      return [k === ids.length ? { type: 'PROMISE', action } : { type: 'PROMISE', action, ref: ids[k] }];
    }
    if (x < 0.7) return [{ type: 'PASS' }];
    return [];
  }

  commitUpgrade(view: GoldrauschView): Colour | null {
    if (view.meeting!.ownCommit !== null || this.random.next() >= 0.15) return null;
    const held: Colour[] = [];
    if (view.upgradeHand[0] > 0) held.push('green');
    if (view.upgradeHand[1] > 0) held.push('red');
    return held.length === 0 ? null : held[this.random.int(held.length)];
  }
}

const mischief: GoldrauschBotFactory = {
  name: 'mischief',
  description: 'random legal talk and cards (test only, never compared)',
  create: (seat, random) => new MischiefBot(seat, random),
};

const MIX4 = [greedy, cooperative, betrayer, reciprocal];
const MIX4B = [opportunist, silent, random, profitable];
const MIX5 = [cooperative, profitable, reciprocal, opportunist, greedy];
const MIX6 = [silent, cooperative, betrayer, reciprocal, opportunist, random];

let totalDecisions = 0;
let totalGames = 0;

interface Case {
  readonly rules?: Record<string, unknown>;
  readonly params?: Record<string, unknown>;
}

/** Plays `games` games of the line-up under the case's rules and parameters in lockstep. */
function lockstep(
  label: string,
  c: Case,
  lineup: readonly GoldrauschBotFactory[],
  games: number,
  options: LockstepOptions = {},
  result?: LockstepResult,
): LockstepResult {
  const scenario = parseScenario(label, {
    players: lineup.length,
    seats: lineup.map(() => 'greedy'), // replaced by the line-up's factories
    rules: c.rules,
    params: c.params,
  });
  const twinOf = (factory: GoldrauschBotFactory) => (factory === mischief ? null : factory.fast);
  const r = playLockstep(scenario, lineup, games, `lockstep-${label}`, { label, twinOf, ...options }, result);
  return r;
}

/** Asserts a clean result and counts it. */
function clean(r: LockstepResult): void {
  expect(r.mismatches).toEqual([]);
  expect(r.mismatchCount).toBe(0);
  expect(r.faults).toBe(0);
  totalDecisions += r.decisions;
  totalGames += r.games;
}

/** How often the games exercised `key` (`bot|what|answer`, see the adapter's tallies), summed over bots matching `bot`. */
function seen(r: LockstepResult, bot: string, key: string): number {
  let n = 0;
  for (const [k, v] of r.tallies) if (k.startsWith(`${bot}|`) && k.slice(bot.length + 1) === key) n += v;
  return n;
}

afterAll(() => {
  console.log(`fast twins lockstep: ${totalDecisions} decisions compared over ${totalGames} games`);
});

describe('fast twins decide as the reference bots, draw for draw', () => {
  it('the 4-player baseline line-up (greedy, cooperative, betrayer, reciprocal)', () => {
    const r = lockstep('baseline', {}, MIX4, 400);
    clean(r);
    // The branches the line-up is known for were exercised.
    expect(seen(r, 'greedy', 'continent|round1|draws1')).toBeGreaterThan(0); // a tie drawn by reservoir sampling
    expect(seen(r, 'reciprocal', 'message|REJECT')).toBeGreaterThan(0);
    expect(seen(r, 'betrayer', 'message|PROMISE|ref')).toBeGreaterThan(0);
    expect(seen(r, 'cooperative', 'card|red|draws1')).toBeGreaterThan(0);
    expect(seen(r, 'cooperative', 'idle|promise')).toBeGreaterThan(0);
  });

  it('5 and 6 players', () => {
    clean(lockstep('five', {}, MIX5, 250));
    clean(lockstep('six', {}, MIX6, 250));
  });

  it('every heuristic bot in rotating seats (4, 5 and 6 players)', () => {
    const all = [random, greedy, cooperative, betrayer, reciprocal, silent, opportunist];
    const r = emptyResult();
    for (const players of [4, 5, 6]) {
      for (let k = 0; k < all.length; k++) {
        const lineup = Array.from({ length: players }, (_, i) => all[(k + i) % all.length]);
        lockstep(`rotation-${players}-${k}`, {}, lineup, 30, {}, r);
      }
    }
    clean(r);
    for (const bot of ['random', 'greedy', 'cooperative', 'betrayer', 'reciprocal', 'silent', 'opportunist']) {
      expect(seen(r, bot, 'continent|round1|draws1') + seen(r, bot, 'continent|round1|draws0')).toBeGreaterThan(0);
    }
  });

  it('variants: betrayer(beta=0.5, profitable), betrayer(profitable), betrayer(no-promise), reciprocal(k=1), silent(q=0.3), opportunist(minGain=2)', () => {
    const r = emptyResult();
    lockstep('variants-6', {}, [profitable, noPromise, reciprocal1, silent3, opportunist2, cooperative], 250, {}, r);
    lockstep('variants-4a', {}, [profitable, reciprocal1, opportunist2, cooperative], 200, {}, r);
    lockstep('variants-4b', {}, [noPromise, silent3, cooperative, reciprocal1], 200, {}, r);
    lockstep('variants-5', {}, [profitableSure, opportunist2, cooperative, reciprocal, profitable], 200, {}, r);
    clean(r);
    expect(seen(r, 'betrayer(no-promise)', 'message|PROMISE|ref')).toBe(0);
    expect(seen(r, 'betrayer(beta=0.5,profitable)', 'card|red|draws1')).toBeGreaterThan(0); // profitable breach drawn, kept
    expect(seen(r, 'betrayer(beta=0.5,profitable)', 'card|green|draws1')).toBeGreaterThan(0); // and broken
    expect(seen(r, 'reciprocal(k=1)', 'message|REJECT')).toBeGreaterThan(0);
  });

  it('with a seat that stirs up unusual meetings (random proposals, acceptances, promises, cards)', () => {
    const r = emptyResult();
    lockstep('mischief-4', {}, [mischief, cooperative, profitable, reciprocal], 200, {}, r);
    lockstep('mischief-5', {}, [mischief, opportunist, betrayer, cooperative, reciprocal1], 200, {}, r);
    lockstep('mischief-6', {}, [mischief, cooperative, profitable, mischief, opportunist2, noPromise], 200, {}, r);
    lockstep(
      'mischief-partial',
      { rules: { allowPartialAgreements: true } },
      [mischief, profitable, cooperative, opportunist, mischief, profitableSure],
      200,
      {},
      r,
    );
    lockstep('mischief-revisable', { rules: { commitRevisable: true } }, [mischief, cooperative, reciprocal, profitable, greedy], 150, {}, r);
    lockstep(
      'mischief-private',
      { rules: { negotiationScope: 'continent-private', goldVisibility: 'hidden' } },
      [mischief, cooperative, betrayer, reciprocal, opportunist],
      150,
      {},
      r,
    );
    clean(r);
  });

  const RULES: [string, Case, readonly GoldrauschBotFactory[][]][] = [
    ['continent-private', { rules: { negotiationScope: 'continent-private' } }, [MIX4, MIX5]],
    ['table', { rules: { negotiationScope: 'table' } }, [MIX4, MIX5]],
    ['gold-hidden', { rules: { goldVisibility: 'hidden' } }, [MIX4, MIX5]],
    ['commit-revisable', { rules: { commitRevisable: true } }, [MIX4, MIX4B]],
    ['passed-cards-keep', { rules: { passedCards: 'keep', oppositeOdd: 'random' } }, [MIX5, MIX4B]],
    ['partial-agreements', { rules: { allowPartialAgreements: true } }, [MIX6, MIX5]],
    ['default-commitment', { rules: { phase1UpgradeCard: 'default-commitment' } }, [MIX4, MIX4B]],
    ['strict-threshold', { rules: { winThresholdStrict: true }, params: { winThreshold: 30 } }, [MIX4, MIX5]],
    ['fine-0', { params: { fine: 0 } }, [MIX4, MIX4B]],
    ['fine-5', { params: { fine: 5 } }, [MIX4, MIX5]],
    ['ticks-3', { params: { negotiationTicks: 3 } }, [MIX4, MIX5]],
    ['rounds-14', { params: { rounds: 14 } }, [MIX4, MIX6]],
    // Stock of 64 and more: the round-1 score memo's key cannot hold it (scores computed every time).
    ['big-stock', { params: { caps: { azul: 10, rosso: 20, veridia: 100 }, setupRespawnMultiplier: { 4: 10, 5: 10 } } }, [MIX4, MIX5]],
  ];
  for (const [name, c, lineups] of RULES) {
    it(`rules: ${name}`, () => {
      const r = emptyResult();
      lineups.forEach((lineup, i) => lockstep(`${name}-${i}`, c, lineup, 150, {}, r));
      clean(r);
      if (name === 'commit-revisable') expect([...r.tallies.keys()].some((k) => k.endsWith('|revisable'))).toBe(true);
    });
  }

  it('under continent-private channels the twins never see another continent’s proposals or agreements', () => {
    let hiddenProposals = 0;
    let hiddenAgreements = 0;
    let views = 0;
    const bad: string[] = [];
    const r = lockstep('private-visibility', { rules: { negotiationScope: 'continent-private' } }, MIX6, 120, {
      onMeetingView: (fv, state) => {
        views++;
        const own = fv.locations[fv.seat];
        for (let i = 0; i < fv.proposalCount; i++)
          if (fv.proposalContinent(i) !== own) bad.push(`seat ${fv.seat} sees proposal ${i} on ${fv.proposalContinent(i)}`);
        for (let c = 0; c < 3; c++) {
          if (c === own) continue;
          if (fv.agreement(c) !== -1 || fv.agreementParties(c) !== 0 || fv.agreementUpgrader(c) !== -1) bad.push(`seat ${fv.seat} sees the agreement on ${c}`);
        }
        const meeting = state.meeting!;
        for (const p of meeting.proposals) if (p.continent !== own) hiddenProposals++;
        for (let c = 0; c < 3; c++) if (c !== own && meeting.agreements[c] !== null) hiddenAgreements++;
      },
    });
    clean(r);
    expect(bad.slice(0, 5)).toEqual([]);
    expect(views).toBeGreaterThan(1000);
    // There was something to hide: other continents had proposals and agreements while the twins decided.
    expect(hiddenProposals).toBeGreaterThan(100);
    expect(hiddenAgreements).toBeGreaterThan(10);
  });
});

describe('the lockstep test can fail', () => {
  /** Greedy with its comparison flipped: green iff green is NOT worth more. */
  class FlippedGreedy extends FastGreedy {
    override commitUpgrade(view: FastView): number {
      if (view.ownCommit !== NONE) return NONE;
      if (isAlone(view)) return heldGreen(view);
      return held(view, !greenPays(view));
    }
  }

  /** Silent that draws once more than the reference (when alone), deciding the same. */
  class ExtraDrawSilent extends FastSilent {
    private stream: FastRandom | null = null;
    override newGame(seat: number, random: FastRandom): void {
      super.newGame(seat, random);
      this.stream = random;
    }
    override commitUpgrade(view: FastView): number {
      if (view.ownCommit === NONE && isAlone(view)) this.stream!.next();
      return super.commitUpgrade(view);
    }
  }

  function withTwin(target: GoldrauschBotFactory, twin: () => FastBot): LockstepOptions {
    return { twinOf: (factory) => (factory === target ? twin : factory.fast), maxMismatches: 5 };
  }

  it('a greedy twin with a flipped comparison is caught', () => {
    const r = lockstep(
      'wrong-greedy',
      {},
      MIX4,
      20,
      withTwin(greedy, () => new FlippedGreedy()),
    );
    expect(r.mismatchCount).toBeGreaterThan(0);
    expect(r.mismatches[0]).toMatch(/\(greedy\) commitUpgrade: reference "(green|red)", twin [12]/);
  });

  it('a twin that draws once too often is caught, though it decides the same', () => {
    const r = lockstep(
      'wrong-silent',
      {},
      [silent, cooperative, greedy, betrayer],
      20,
      withTwin(silent, () => new ExtraDrawSilent(0.5)),
    );
    expect(r.mismatchCount).toBeGreaterThan(0);
    expect(r.mismatches[0]).toMatch(/\(silent\) commitUpgrade draws: reference \d+, twin \d+/);
  });
});
