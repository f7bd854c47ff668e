/**
 * The search contract (core/game.ts), held for every registered game that implements it, by one
 * harness (the way OpenSpiel's shared tests hold every game): legal answers agree with askBot's
 * legality check on random and heuristic play; clones are independent and play the same game;
 * every sampled state shows the seat exactly its view, and the hidden parts vary.
 *
 * A game adds one entry to `GAME_TESTS`: a complete description of a seat view (every getter), what
 * its sampler draws (the hidden part), the raw values to try as a bot's returned value, and a
 * heuristic line-up.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGameDefinition, BotFactory } from '../../src/core/definition.js';
import type { DecisionRequest } from '../../src/core/game.js';
import { Purpose, RandomSource } from '../../src/core/random.js';
import { CARD_TYPES, POSITIONS } from '../../src/games/gold-knizia/cards.js';
import type { GoldState } from '../../src/games/gold-knizia/state.js';
import type { GoldView } from '../../src/games/gold-knizia/view.js';
import type { GoldrauschAnswer } from '../../src/games/goldrausch/engine.js';
import type { GoldrauschState } from '../../src/games/goldrausch/state.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import type { GreenDealState } from '../../src/games/green-deal/state.js';
import type { GreenDealView } from '../../src/games/green-deal/view.js';
import type { MyGoldMineState } from '../../src/games/my-gold-mine/state.js';
import type { MyGoldMineView } from '../../src/games/my-gold-mine/view.js';
import { GAMES } from '../../src/games/registry.js';
import { isSearchable, searchable, type SearchableModule } from '../../src/search/contract.js';
import { ismctsFactory } from '../../src/search/ismcts.js';
import { SearchRandom } from '../../src/search/random.js';
import { playUniform } from '../../src/search/uniform.js';
import { snapshot as goldSnapshot } from '../games/gold-knizia/helpers.js';
import { fullView as goldrauschView } from '../games/goldrausch/helpers.js';
import { signature as greenDealSignature } from '../games/green-deal/helpers.js';

interface GameTest {
  /** Every getter of a seat view, as plain data. */
  view(view: unknown): unknown;
  /** What the sampler draws (differs between samples where something is hidden). */
  hidden(state: unknown, seat: number): unknown;
  /** Raw values to try as a bot's returned value (askBot accepts a value iff its answer is in the legal list). */
  rawValues(view: unknown, request: DecisionRequest): unknown[];
  /** A line-up of built-in heuristic bots for the game's 4-player scenario. */
  lineup: readonly string[];
  /** Rules options under which the contract is also checked (the hidden-information options). */
  options: readonly Record<string, unknown>[];
  /**
   * The decision an answer makes, where an answer also carries a speed hint that never changes a game
   * (Goldrausch's idle promise); absent: the answer itself.
   */
  decision?(answer: unknown): unknown;
  /**
   * Fields of a state that are no part of the game: a transition's working lists (filled before they
   * are read, so clone and the sampler leave them), a driver's scratch, a serial number for the bots'
   * memos that every copy renews.
   */
  scratch?: readonly string[];
  /**
   * A copy into a used state leaves that state's lists longer than the copy's counts (the engine
   * reads a list only up to its count): the prepared sampler is compared on fresh states, byte for
   * byte (the game's own tests play a copy into a used state against a fresh one).
   */
  copiesKeepTails?: boolean;
}

const mgmView = (v: MyGoldMineView): unknown => {
  const out: unknown[] = [v.seat, v.players, v.dwarves, v.round, v.rounds, v.decision, v.actor, v.startSeat, v.drago, v.dwarvesInMine, v.ladderSize];
  out.push(v.topCard, v.digDeckSize, v.dragonsLeft, v.exitDeckSize, v.discardSize, v.drawnExit, v.extragoldValue);
  for (let d = 0; d < v.dwarves; d++) out.push([v.position(d), v.inMine(d), v.exited(d), v.eliminated(d), v.pile(d), v.canSwapWith(d), v.owner(d)]);
  for (let i = 0; i < v.ladderSize; i++) out.push(v.ladderAt(i));
  for (let s = 0; s < v.players; s++) out.push(v.nuggets(s));
  for (let k = 0; k < v.digTypes; k++) out.push([v.digRemaining(k), v.digGold(k), v.digMove(k), v.isDragon(k), v.digId(k), v.digKind(k)]);
  for (let k = 0; k < v.exitTypes; k++) out.push([v.exitInDeck(k), v.exitAction(k, 0), v.exitAction(k, 1), v.exitId(k)]);
  for (let i = 0; i < v.discardSize; i++) out.push(v.discardAt(i));
  return out;
};

const GAME_TESTS: Record<string, GameTest> = {
  goldrausch: {
    view: (v) => goldrauschView(v as GoldrauschView),
    // The unseen resource cards' and the event pile's order, the other seats' laid colours, the tick's order, the provisional cards.
    hidden: (s, seat) => {
      const state = s as GoldrauschState;
      return [
        state.resourceOrder.slice(state.resourcePos, state.resourceLength),
        state.eventDeck.slice(state.eventPos, state.eventLength),
        state.commits.filter((_, other) => other !== seat),
        state.order,
        state.provisional,
      ];
    },
    rawValues: () => [-1, 0, 1, 2, 3, 0.5, 'azul', 'green', null, true, [], [0]],
    lineup: ['cooperative', 'betrayer', 'reciprocal', 'greedy'],
    options: [
      { phase1UpgradeCard: 'default-commitment', commitRevisable: true, allowPartialAgreements: true },
      { negotiationScope: 'continent-private', goldVisibility: 'hidden', passedCards: 'keep', bank: 270 },
      { negotiationScope: 'table', allowGoldGifts: true },
    ],
    // The idle promise (idleUntil, idleWake) is a speed hint: the decision is the messages and the card.
    scratch: [
      'game',
      'rows',
      'frozen',
      'outbox',
      'turnAnswer',
      'turnAsked',
      ...['finalLocations', 'cards', 'cardFrom', 'cardFromMoved', 'eventGold', 'payout', 'fines', 'upgraded', 'succeeded', 'collisions'],
      ...['disasters', 'respawned', 'bound', 'breachSource', 'breachVictims', 'exempt', 'exemptSet', 'exemptContinent', 'shower', 'showerFactor'],
      ...['extractionDivideBy', 'extractionMinus', 'forcedContinent', 'forcedGreen', 'scratch', 'movedCards', 'movedFrom', 'oppositeTarget'],
      ...['byContinent', 'othersByContinent', 'continentCounts', 'continentUpgraders', 'continentExemptUpgraders', 'continentOrder', 'amounts'],
      ...['fined', 'doubled', 'binder', 'victims'],
    ],
    copiesKeepTails: true,
    decision: (a) => {
      const answer = a as GoldrauschAnswer;
      if (answer.kind === 'continent') return answer;
      const messages = answer.messages.map((m) => ({
        ...m,
        clauseRounds: m.clauseRounds.slice(0, m.clauseCount),
        clauseUpgraders: m.clauseUpgraders.slice(0, m.clauseCount),
      }));
      return { kind: answer.kind, messages, commit: answer.commit };
    },
  },
  'gold-knizia': {
    view: (v) => goldSnapshot(v as GoldView),
    hidden: (s, seat) => {
      const state = s as GoldState;
      const view = state.views[seat];
      return Array.from({ length: view.unknownCount }, (_, i) => state.card[view.unknownPosition(i)]);
    },
    rawValues: () => [-2, -1, ...Array.from({ length: POSITIONS + 1 }, (_, p) => p), 1.5, '3', null, CARD_TYPES * 10],
    lineup: ['greedy', 'spoiler', 'cautious', 'random'],
    options: [{ memory: 'lossy' }, { secondChoice: 'blind', stalemate: 'no-progress-turns' }, { series: true }],
  },
  'green-deal': {
    view: (v) => greenDealSignature(v as GreenDealView),
    // The other seats' hands and the piles' unseen order (the sampler draws them).
    hidden: (s) => {
      const state = s as GreenDealState;
      return [state.hand.slice(), state.aPile.slice(state.aPos, state.aLen), state.sPile.map((p, c) => p.slice(state.sPos[c], state.sLen[c]))];
    },
    rawValues: (v) => {
      const view = v as GreenDealView;
      return [
        -1,
        0,
        1,
        2,
        5,
        8,
        16,
        17,
        18,
        19,
        32,
        33,
        81,
        128,
        1024 + 1,
        1024,
        2.5,
        true,
        false,
        '1',
        null,
        [0, 0, 0, 0, 0],
        [view.chipsToAllocate, 0, 0, 0, 0],
        [1, 2],
        view.maxBid,
        view.maxBid + 1,
      ];
    },
    lineup: ['greedy', 'cooperator', 'competitor', 'prudent'],
    options: [
      { mainOptions: 'player-aid', loanPick: 'any', repayAsExtra: true },
      { expansion: 'after-own-investment', blockStartNeighbours: true, prNeedsChip: false },
    ],
  },
  'my-gold-mine': {
    view: (v) => mgmView(v as MyGoldMineView),
    hidden: (s) => {
      const state = s as MyGoldMineState;
      return [state.digKey, state.exitKey, state.teamGold.slice(), state.bankedGold.slice()];
    },
    rawValues: (v) => [true, false, -1, 0, 1, 2, 0.5, 'dig', null, ...Array.from({ length: (v as MyGoldMineView).dwarves + 1 }, (_, d) => d)],
    lineup: ['greedy', 'odds', 'cautious', 'random'],
    options: [{ collectedVisibility: 'hidden' }, { intoDragon: 'eliminated', dragonCheck: 'before-move' }],
  },
};

/** A bot whose every method returns `value`. */
function rawBot(def: AnyGameDefinition, value: unknown): unknown {
  const bot: Record<string, unknown> = { name: 'raw' };
  for (const m of def.botMethods) bot[m] = () => value;
  return bot;
}

const searchableGames = Object.keys(GAMES).filter((id) => isSearchable(GAMES[id].module));

it('every registered game implements the search contract', () => {
  expect(Object.keys(GAMES).filter((id) => !searchableGames.includes(id))).toEqual([]);
  for (const id of searchableGames) expect(GAME_TESTS[id], `${id} needs an entry in GAME_TESTS`).toBeDefined();
});

/**
 * Plays one game of `def` under `config` with `bots` (factories per seat), calling `visit` at every
 * decision with the state, the request and the answer the seat's bot gives (askBot), then applying it.
 */
function play(
  def: AnyGameDefinition,
  config: unknown,
  players: number,
  factories: readonly BotFactory<unknown>[],
  seed: string,
  index: number,
  visit: (state: unknown, request: DecisionRequest, answer: unknown, decision: number) => void,
): unknown {
  const module = def.module;
  const random = new RandomSource(seed, index);
  const bots = factories.map((f, s) => f.create(s, random.stream(Purpose.bot + s)));
  let state = module.setup(config, players, random);
  let decision = 0;
  for (;;) {
    const pending = module.pending(state);
    if (pending.kind === 'terminal') return state;
    const answers: unknown[] = [];
    for (const request of pending.requests) {
      const asked = module.askBot(bots[request.seat], request, module.seatView(state, request.seat), state, random);
      expect(asked.fault).toBeUndefined();
      // A copy: a game may write its next answer into the same object (Goldrausch's askBot), and visit asks again.
      const answer = structuredClone(asked.answer);
      visit(state, request, answer, decision++);
      answers.push(answer);
    }
    state = module.apply(state, answers, random);
  }
}

/** A plain-data description of a whole state (typed arrays as arrays; views and functions left out). */
function stateData(state: unknown, scratch: readonly string[] = []): string {
  return JSON.stringify(state, (key, value) => {
    if (key === 'views' || key === 'config' || key === 'tables' || key === 'script' || scratch.includes(key)) return undefined;
    if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number>);
    return value;
  });
}

describe.each(searchableGames)('the search contract of %s', (id) => {
  const def = GAMES[id];
  const module: SearchableModule<unknown, DecisionRequest, unknown> = searchable(def.module);
  const t = GAME_TESTS[id];
  const players = def.tournament.players;
  const configs = [{}, ...t.options].map((rules) => def.parseConfig({ rules, players }, { file: 'contract.json', dir: '.' }));
  const uniform = def.builtinBots.uniform;
  const heuristic = t.lineup.map((b) => def.builtinBots[b]);
  const decisionOf = (a: unknown): string => JSON.stringify(t.decision === undefined ? a : t.decision(a));

  it('legal answers agree with askBot: each is accepted as itself, every other raw value is refused, the bots answer from the list', () => {
    let checked = 0;
    configs.forEach((config, c) => {
      for (const [line, factories] of [
        ['uniform', Array.from({ length: players }, () => uniform)],
        ['heuristic', heuristic],
      ] as const) {
        for (let game = 0; game < 2; game++) {
          play(def, config, players, factories, `legal-${line}-${c}`, game, (state, request, answer, decision) => {
            const view = module.seatView(state, request.seat);
            const legal = module.legalAnswers(view, request).slice();
            expect(legal.length).toBeGreaterThan(0);
            expect(new Set(legal.map((a) => decisionOf(a))).size).toBe(legal.length);
            // The bot's own answer (askBot passed it) is one of them.
            expect(legal.map((a) => decisionOf(a))).toContain(decisionOf(answer));
            if (decision % 9 !== 0) return; // the full check on every ninth decision (it asks many bots)
            const random = new RandomSource('legal-referee', decision);
            for (const a of legal) {
              const asked = module.askBot(
                module.botOf('probe', () => a),
                request,
                view,
                state,
                random,
              );
              expect(asked.fault).toBeUndefined();
              expect(decisionOf(asked.answer)).toBe(decisionOf(a));
            }
            for (const value of t.rawValues(view, request)) {
              const asked = module.askBot(rawBot(def, value), request, view, state, random);
              if (asked.fault === undefined) expect(legal.map((a) => decisionOf(a))).toContain(decisionOf(asked.answer));
              else expect(asked.fault.reason).toBe('illegal');
            }
            if (module.uniformAnswer !== undefined)
              for (const u of [0, 0.2, 0.5, 0.77, 0.999999]) expect(module.uniformAnswer(view, request, u)).toEqual(legal[Math.floor(u * legal.length)]);
            checked++;
          });
        }
      }
    });
    expect(checked).toBeGreaterThan(100);
  });

  it('clones are independent and play on as the original: the original is untouched, and the same answers give the same record', () => {
    const draws = new RandomSource('clone-draws', 0).stream(1);
    let into: unknown;
    let checked = 0;
    configs.forEach((config, c) => {
      for (let game = 0; game < 4; game++) {
        const stops = new Set([3, 17, 40 + game]);
        play(def, config, players, heuristic, `clone-${c}`, game, (state, _request, _answer, decision) => {
          if (!stops.has(decision)) return;
          const before = stateData(state, t.scratch);
          // A clone into a dirty state (the last one played out), and a fresh one.
          const copies = [module.clone(state, into), module.clone(state)];
          const chance = new RandomSource('clone-chance', decision);
          const answersPlayed: unknown[][] = [];
          let copy = copies[0];
          for (;;) {
            const pending = module.pending(copy);
            if (pending.kind === 'terminal') break;
            const list = pending.requests.map((r) => {
              const legal = module.legalAnswers(module.seatView(copy, r.seat), r);
              return legal[Math.floor(draws.next() * legal.length)];
            });
            answersPlayed.push(list);
            copy = module.apply(copy, list, chance);
          }
          expect(stateData(state, t.scratch)).toBe(before);
          into = copy;
          // The fresh clone with the same answers and chance: the same record.
          let other = copies[1];
          for (const list of answersPlayed) other = module.apply(other, list, chance);
          expect(module.pending(other).kind).toBe('terminal');
          expect(def.record(other)).toEqual(def.record(copy));
          checked++;
        });
      }
    });
    expect(checked).toBeGreaterThan(8);
  });

  it.runIf(module.playout !== undefined)(
    'the lean playout plays the game the uniform loop plays (same decisions, draws and outcome), and leaves a state fit to clone and sample into',
    () => {
      const generic = { ...module, playout: undefined };
      const sampler = new RandomSource('playout-sampler', 0).stream(1);
      let leanInto: unknown;
      let checked = 0;
      configs.forEach((config, c) => {
        for (let game = 0; game < 3; game++) {
          play(def, config, players, heuristic, `playout-${c}`, game, (state, request, _answer, decision) => {
            if (decision % 4 !== 0) return;
            // From the true state, and from a sample of the deciding seat's view drawn into a state played lean.
            const view = module.seatView(state, request.seat);
            const sample = module.sampleState(view, sampler, leanInto);
            expect(t.view(module.seatView(sample, request.seat))).toEqual(t.view(view));
            for (const start of [state, sample]) {
              const a = module.clone(start);
              const b = module.clone(start, leanInto);
              const drawsA = new SearchRandom(decision * 7 + game);
              const drawsB = new SearchRandom(decision * 7 + game);
              const played = playUniform(generic, a, drawsA, new RandomSource('playout-chance', decision));
              expect(module.playout!(b, drawsB, new RandomSource('playout-chance', decision))).toBe(played);
              expect(module.pending(b).kind).toBe('terminal');
              expect(module.outcome(b)).toEqual(module.outcome(a));
              expect(drawsB.u32()).toBe(drawsA.u32());
              leanInto = b;
            }
            checked++;
          });
        }
      });
      expect(checked).toBeGreaterThan(30);
    },
  );

  it.runIf(module.playout !== undefined)('ismcts decides the same with the lean playout as with the uniform loop', () => {
    const lean = ismctsFactory(def, 'iterations=60');
    const loop = ismctsFactory({ ...def, module: { ...def.module, playout: undefined } }, 'iterations=60');
    const config = configs[0];
    const records = [lean, loop].map((f) => def.record(play(def, config, players, [f, ...heuristic.slice(1)], 'playout-ismcts', 0, () => {})));
    expect(records[0]).toEqual(records[1]);
  });

  it('every sampled state shows the seat exactly its view, and the hidden parts vary between samples', () => {
    const sampler = new RandomSource('sampler', 0).stream(1);
    let into: unknown;
    let checked = 0;
    let varied = 0;
    configs.forEach((config, c) => {
      for (let game = 0; game < 3; game++) {
        play(def, config, players, heuristic, `sample-${c}`, game, (state, request, _answer, decision) => {
          // Every seat's view at every third decision (a search samples at its own decisions; any seat may).
          for (let seat = 0; seat < players && decision % 3 === 0; seat++) {
            const view = module.seatView(state, seat);
            into = module.sampleState(view, sampler, into);
            expect(t.view(module.seatView(into, seat))).toEqual(t.view(view));
            checked++;
          }
          if (decision % 7 !== 0) return;
          const view = module.seatView(state, request.seat);
          // The prepared sampler is the same draws: the same samples as sampleState from the same stream.
          if (module.sampler !== undefined) {
            const draw = module.sampler(view);
            for (let k = 0; k < 2; k++) {
              const a = module.sampleState(view, new RandomSource('same-draws', k).stream(1));
              const b = draw(new RandomSource('same-draws', k).stream(1), t.copiesKeepTails ? undefined : into);
              expect(stateData(b, t.scratch)).toBe(stateData(a, t.scratch));
            }
          }
          const hidden = new Set<string>();
          for (let k = 0; k < 6; k++) hidden.add(JSON.stringify(t.hidden(module.sampleState(view, sampler), request.seat)));
          // Something is hidden at (almost) every decision: a face-down card, a deck order.
          if (hidden.size > 1) varied++;
        });
      }
    });
    expect(checked).toBeGreaterThan(100);
    expect(varied).toBeGreaterThan(20);
  });
});
