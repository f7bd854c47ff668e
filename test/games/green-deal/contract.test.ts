/**
 * The searchable contract of Green Deal (src/games/green-deal/contract.ts): legal answers agree with
 * askBot, clones are independent, sampled states agree with the seat's view and vary in what it
 * cannot see, simultaneous answers are hidden until the reveal.
 */
import { describe, expect, it } from 'vitest';
import { Purpose, RandomSource, RandomStream } from '../../../src/core/random.js';
import type { GreenDealBot } from '../../../src/games/green-deal/bot.js';
import { clone, legalAnswers, sampleState } from '../../../src/games/green-deal/contract.js';
import { apply, askBot, botOf as answeringBot, type GreenDealRequest, greenDeal, pending } from '../../../src/games/green-deal/engine.js';
import { DEFAULT_CONFIG } from '../../../src/games/green-deal/params.js';
import { canInvest, investSteps } from '../../../src/games/green-deal/rules.js';
import { record } from '../../../src/games/green-deal/record.js';
import { DONE, END_TURN, OVER, type GreenDealState } from '../../../src/games/green-deal/state.js';
import { factories, OPTION_SETS, playGeneric, signature } from './helpers.js';

const uniform = (random: RandomStream): GreenDealBot =>
  answeringBot('uniform', (view, request) => {
    const answers = legalAnswers(view, request);
    return answers[random.int(answers.length)];
  });

/** Plays a game with built-in bots and calls `at(state, request)` before every bot call. */
function eachDecision(config: typeof DEFAULT_CONFIG, p: number, index: number, at: (state: GreenDealState, request: GreenDealRequest) => void): void {
  const random = new RandomSource('contract', index);
  const state = greenDeal.setup(config, p, random);
  const bots = factories(p).map((f, s) => f.create(s, random.stream(Purpose.bot + s)));
  while (state.stage !== OVER) {
    const p0 = pending(state);
    if (p0.kind === 'terminal') break;
    const answers = p0.requests.map((request) => {
      at(state, request);
      return askBot(bots[request.seat], request, state.views[request.seat], state, random).answer;
    });
    apply(state, answers);
  }
}

describe('Green Deal contract', () => {
  it('legalAnswers lists only answers askBot takes, and askBot refuses the rest; uniform play over them never faults', () => {
    for (const config of OPTION_SETS) {
      for (let i = 0; i < 2; i++) {
        let decision = 0;
        eachDecision(config, 4, i, (state, request) => {
          const view = state.views[request.seat];
          const legal = legalAnswers(view, request);
          expect(legal.length).toBeGreaterThan(0);
          for (const answer of legal) {
            const value =
              request.kind === 'contact'
                ? answer === 1
                : request.kind === 'allocate'
                  ? [0, 1, 2, 3, 4].map((c) => (answer >> (6 * c)) & (c === 4 ? 1 : 63))
                  : answer;
            const bot = answeringBot('probe', () => answer);
            expect(askBot(bot, request, view, state, new RandomSource('x', 0)).fault, `${request.kind} ${JSON.stringify(value)}`).toBeUndefined();
          }
          if (request.kind === 'invest') {
            // A step with END_TURN (the step, then DONE, in one answer) is taken exactly when the step is.
            for (const answer of legal.filter((a) => a < END_TURN)) {
              const flagged = askBot(
                answeringBot('probe', () => answer + END_TURN),
                request,
                view,
                state,
                new RandomSource('x', 0),
              );
              expect(flagged.fault === undefined).toBe(answer !== DONE);
            }
          }
          if ((request.kind === 'invest' || request.kind === 'bid' || request.kind === 'repay') && decision++ % 3 === 0) {
            for (let answer = 0; answer < 200; answer++) {
              if (legal.includes(answer)) continue;
              expect(
                askBot(
                  answeringBot('probe', () => answer),
                  request,
                  view,
                  state,
                  new RandomSource('x', 0),
                ).fault?.reason,
              ).toBe('illegal');
            }
          }
        });
      }
      for (let i = 0; i < 6; i++) {
        const random = new RandomSource('uniform', i);
        const bots = [0, 1, 2, 3].map((s) => uniform(random.stream(Purpose.bot + s)));
        expect(playGeneric(config, 4, 'uniform', i, { bots }).faults).toEqual([]);
      }
    }
  });

  it('clone is independent: playing the clone on leaves the original as it was, and both play the same game from there', () => {
    const states: GreenDealState[] = [];
    eachDecision(DEFAULT_CONFIG, 4, 7, (state) => {
      if (states.length === 0 && state.round === 5) states.push(clone(state));
    });
    const start = states[0];
    const before = start.views.map(signature);
    const a = clone(start);
    const b = clone(start);
    const finish = (s: GreenDealState) => {
      const random = new RandomSource('finish', 0);
      const bots = factories(4).map((f, seat) => f.create(seat, random.stream(Purpose.bot + seat)));
      while (s.stage !== OVER) {
        const p0 = pending(s);
        if (p0.kind === 'terminal') break;
        apply(
          s,
          p0.requests.map((r) => askBot(bots[r.seat], r, s.views[r.seat], s, random).answer),
        );
      }
      return record(s);
    };
    const ra = finish(a);
    expect(start.views.map(signature)).toEqual(before);
    expect(finish(b)).toEqual(ra);
    expect(a.round).toBe(10);
    expect(start.round).toBe(5);
  });

  it('clone copies every field of the state (into a fresh state and into one of another game) and shares no array it writes', () => {
    // Fields a copy keeps its own: the views (over the copy), the decision log (none) and the fixture script.
    const own = new Set(['views', 'log', 'logLength', 'script']);
    // Read-only per config and player count: the same object in both.
    const shared = new Set(['config', 'tables']);
    const cards = (s: GreenDealState) => s.cards.slice(0, 2 * s.cardCount);
    let dirty: GreenDealState | undefined;
    let checked = 0;
    let decision = 0;
    for (const config of OPTION_SETS.slice(0, 2)) {
      eachDecision(config, 4, 3, (state) => {
        if (decision++ % 13 !== 0) return;
        // One copy at a time: reading a view may fill the state's lazily built lists (the legal cells).
        for (const into of [undefined, dirty]) {
          const copy = clone(state, into);
          for (const key of Object.keys(state) as (keyof GreenDealState)[]) {
            if (own.has(key)) continue;
            const mine = copy[key];
            const theirs = state[key];
            if (shared.has(key)) expect(mine, key).toBe(theirs);
            else if (key === 'cards') expect(cards(copy)).toEqual(cards(state));
            else if (key === 'raw' || key === 'zeroedLists') continue;
            else {
              expect(mine, key).toEqual(theirs);
              if (typeof theirs === 'object' && theirs !== null) expect(mine, key).not.toBe(theirs);
            }
          }
          expect(copy.raw).toEqual(state.raw);
          expect(copy.raw.buffer).not.toBe(state.raw.buffer);
          expect(copy.log).toBeNull();
          expect(copy.views.map((v) => v.seat)).toEqual([0, 1, 2, 3]);
          for (const view of copy.views) expect(signature(view)).toEqual(signature(state.views[view.seat]));
        }
        dirty = clone(state);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(20);
  });
  it('investSteps lists exactly the steps canInvest allows, in code order', () => {
    let checked = 0;
    for (const config of OPTION_SETS) {
      for (let i = 0; i < 2; i++) {
        eachDecision(config, 4, 20 + i, (state, request) => {
          if (request.kind !== 'invest') return;
          const want: number[] = [];
          for (let code = 0; code < END_TURN; code++) if (canInvest(state, request.seat, code)) want.push(code);
          const got: number[] = [];
          got.length = investSteps(state, request.seat, got);
          expect(got).toEqual(want);
          for (let seat = 0; seat < 4; seat++) expect(state.views[seat].investSteps([])).toBe(seat === request.seat ? want.length : 0);
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("samples states that agree with the seat's view at every decision, and vary the hands and piles it cannot see", () => {
    let decisions = 0;
    let varied = 0;
    for (const config of OPTION_SETS) {
      for (let i = 0; i < 3; i++) {
        const stream = new RandomStream(new RandomSource('sample', i), 1);
        eachDecision(config, 5, i, (state, request) => {
          const view = state.views[request.seat];
          const a = sampleState(view, stream);
          const b = sampleState(view, stream);
          expect(signature(a.views[request.seat])).toBe(signature(view));
          expect(signature(b.views[request.seat])).toBe(signature(view));
          decisions++;
          if (JSON.stringify([a.hand, a.aPile.slice(0, a.aLen), a.sPile]) !== JSON.stringify([b.hand, b.aPile.slice(0, b.aLen), b.sPile])) varied++;
        });
      }
    }
    expect(decisions).toBeGreaterThan(500);
    expect(varied / decisions).toBeGreaterThan(0.5);
  });

  it('a sampled state plays on to the end of the game on the engine', () => {
    eachDecision(DEFAULT_CONFIG, 4, 11, (state, request) => {
      if (state.round !== 3 || request.kind !== 'invest') return;
      const s = sampleState(state.views[request.seat], new RandomStream(new RandomSource('play-on', 0), 1));
      const random = new RandomSource('play-on', 1);
      const bots = [0, 1, 2, 3].map((seat) => uniform(random.stream(Purpose.bot + seat)));
      while (s.stage !== OVER) {
        const p0 = pending(s);
        if (p0.kind === 'terminal') break;
        apply(
          s,
          p0.requests.map((r) => askBot(bots[r.seat], r, s.views[r.seat], s, random).answer),
        );
      }
      expect(s.round).toBe(10);
      expect(s.winnerCount).toBeGreaterThan(0);
    });
  });

  it('hides the simultaneous answers: while bids and PR allocations are asked, no seat sees another seat\u2019s answer', () => {
    let groups = 0;
    eachDecision(DEFAULT_CONFIG, 4, 2, (state, request) => {
      if (request.kind !== 'bid' && request.kind !== 'allocate') return;
      // Every view is the same at every request of the group: the answers given so far are not in the state.
      const now = state.views.map(signature).join('|');
      const key = `${state.round}:${request.kind}`;
      seen[key] ??= now;
      expect(now).toBe(seen[key]);
      groups++;
    });
    expect(groups).toBeGreaterThan(30);
  });
});

const seen: Record<string, string> = {};
