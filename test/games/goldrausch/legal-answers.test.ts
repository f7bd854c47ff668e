/**
 * Goldrausch's legal answers for search (src/games/goldrausch/search.ts): the finite abstraction of
 * meeting messages contains every answer every built-in bot gives, under the rules options that
 * change what may be said or laid; and a sample written into a used state plays the same game as a
 * fresh one (the engine's lists keep their tails, so the contract test compares fresh samples).
 */
import { describe, expect, it } from 'vitest';
import { BUILTIN_BOTS, makeBetrayer, makeReciprocal, makeSearch, makeSilent } from '../../../bots/goldrausch/index.js';
import { Purpose, RandomSource } from '../../../src/core/random.js';
import { MSG_ACCEPT, MSG_PASS, MSG_PROMISE, MSG_PROPOSE, MSG_REJECT, type GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';
import { goldrausch, type GoldrauschAnswer } from '../../../src/games/goldrausch/engine.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, type RulesOptions } from '../../../src/games/goldrausch/params.js';
import { answerKey } from '../../../src/games/goldrausch/search-hints.js';
import { legalAnswers, sampleState } from '../../../src/games/goldrausch/search.js';
import type { GoldrauschState } from '../../../src/games/goldrausch/state.js';
import { SearchRandom } from '../../../src/search/random.js';

/** Every built-in bot, and variants with other parameters. */
const FACTORIES: GoldrauschBotFactory[] = [
  ...Object.entries(BUILTIN_BOTS)
    .filter(([name]) => name !== 'search')
    .map(([, f]) => f),
  makeBetrayer({ beta: 0.5, mode: 'profitable' }),
  makeBetrayer({ promise: false }),
  makeReciprocal({ k: 1 }),
  makeSilent({ q: 0.9 }),
];

const VARIANTS: Partial<RulesOptions>[] = [
  {},
  { phase1UpgradeCard: 'default-commitment', commitRevisable: true, allowPartialAgreements: true },
  { negotiationScope: 'continent-private', goldVisibility: 'hidden', passedCards: 'keep', bank: 270 },
  { negotiationScope: 'table', allowGoldGifts: true, winCheck: 'end-of-round' },
];

/** What an answer decides (its idle promise, a speed hint, left out), as the abstraction keys it. */
function decided(answer: GoldrauschAnswer): string {
  return JSON.stringify(answerKey(null as never, null as never, answer));
}

/** Plays one game, checking every answer against the legal list of its request; counts the message types sent. */
function playChecked(
  factories: readonly GoldrauschBotFactory[],
  rules: RulesOptions,
  seed: string,
  messagesPerTick: number,
  sent: Map<number, number>,
): number {
  const players = factories.length;
  const random = new RandomSource(seed, 0);
  const config = { rules, params: { ...DEFAULT_PARAMS, messagesPerTick } };
  const bots = factories.map((f, s) => f.create(s, random.stream(Purpose.bot + s)));
  const s = goldrausch.setup(config, players, random);
  let checked = 0;
  for (;;) {
    const pending = goldrausch.pending(s);
    if (pending.kind === 'terminal') return checked;
    const answers: GoldrauschAnswer[] = [];
    for (const request of pending.requests) {
      const view = goldrausch.seatView(s, request.seat);
      const asked = goldrausch.askBot(bots[request.seat], request, view, s, random);
      expect(asked.fault).toBeUndefined();
      const legal = legalAnswers(view, request).map(decided);
      const mine = decided(asked.answer);
      if (!legal.includes(mine))
        throw new Error(`${bots[request.seat] === undefined ? '' : factories[request.seat].name}'s answer ${mine} is not among ${legal.join(' ')}`);
      if (asked.answer.kind === 'meeting-turn') for (const m of asked.answer.messages) sent.set(m.type, (sent.get(m.type) ?? 0) + 1);
      checked++;
      answers.push(structuredClone(asked.answer));
    }
    goldrausch.apply(s, answers, random);
  }
}

describe('legal answers of Goldrausch (the abstraction of meeting messages)', () => {
  it('contain every answer of every built-in bot and its variants, under the rules options that change what may be said', () => {
    const sent = new Map<number, number>();
    let checked = 0;
    VARIANTS.forEach((change, v) => {
      const rules = { ...DEFAULT_RULES, ...change };
      for (let game = 0; game < 12; game++) {
        const players = 4 + (game % 3);
        // Line-ups that mix every bot with every other over the games (a seat per factory, rotating).
        const lineup = Array.from({ length: players }, (_, s) => FACTORIES[(game * 5 + s * 3 + v) % FACTORIES.length]);
        checked += playChecked(lineup, rules, `legal-${v}-${game}`, 1 + (game % 2), sent);
      }
    });
    expect(checked).toBeGreaterThan(3000);
    // The bots said everything the abstraction offers (else the check above proves little).
    for (const type of [MSG_PASS, MSG_PROPOSE, MSG_ACCEPT, MSG_REJECT, MSG_PROMISE]) expect(sent.get(type) ?? 0).toBeGreaterThan(10);
  });

  it('contain every answer of the search bot', () => {
    const sent = new Map<number, number>();
    const search = makeSearch({ rollouts: 2 });
    let checked = 0;
    for (let game = 0; game < 2; game++) {
      const lineup = [search, BUILTIN_BOTS.cooperative, BUILTIN_BOTS.betrayer, BUILTIN_BOTS.reciprocal];
      checked += playChecked(lineup, DEFAULT_RULES, `legal-search-${game}`, 1, sent);
    }
    // The default search bot, a few decisions (it plays whole games per decision).
    checked += playChecked(
      [BUILTIN_BOTS.search, BUILTIN_BOTS.greedy, BUILTIN_BOTS.cooperative, BUILTIN_BOTS.random],
      { ...DEFAULT_RULES },
      'legal-search',
      1,
      sent,
    );
    expect(checked).toBeGreaterThan(100);
  });

  it('are answers apply accepts, every one of them, at every decision of uniform play', () => {
    const draws = new SearchRandom(7);
    let tried = 0;
    VARIANTS.forEach((change, v) => {
      const config = { rules: { ...DEFAULT_RULES, ...change }, params: DEFAULT_PARAMS };
      const random = new RandomSource(`apply-${v}`, 0);
      const s = goldrausch.setup(config, 5, random);
      while (goldrausch.pending(s).kind !== 'terminal') {
        const pending = goldrausch.pending(s);
        if (pending.kind === 'terminal') break;
        const requests = pending.requests;
        // Each legal answer of the first request applied to a copy (the others answer uniformly).
        const lists = requests.map((r) => legalAnswers(goldrausch.seatView(s, r.seat), r).slice());
        for (const a of lists[0]) {
          const copy = goldrausch.clone!(s);
          expect(() => goldrausch.apply(copy, [a, ...lists.slice(1).map((l) => l[0])], random)).not.toThrow();
          tried++;
        }
        goldrausch.apply(
          s,
          lists.map((l) => l[Math.floor(draws.next() * l.length)]),
          random,
        );
      }
    });
    expect(tried).toBeGreaterThan(200);
  });
});

describe('the sampler on the contract', () => {
  it('a sample written into a used state plays the same game as a fresh sample', () => {
    const names = ['cooperative', 'betrayer', 'greedy', 'reciprocal'];
    const random = new RandomSource('into', 0);
    const config = { rules: DEFAULT_RULES, params: DEFAULT_PARAMS };
    const bots = names.map((n, s) => BUILTIN_BOTS[n].create(s, random.stream(Purpose.bot + s)));
    const s = goldrausch.setup(config, 4, random);
    let used: GoldrauschState | undefined;
    let checked = 0;
    for (let decision = 0; goldrausch.pending(s).kind !== 'terminal'; decision++) {
      const pending = goldrausch.pending(s);
      if (pending.kind === 'terminal') break;
      if (decision % 5 === 0) {
        const view = goldrausch.seatView(s, pending.requests[0].seat);
        const fresh = sampleState(view, new RandomSource('same', decision).stream(1));
        const into = sampleState(view, new RandomSource('same', decision).stream(1), used);
        if (used !== undefined) expect(into).toBe(used);
        // Both played on with the same uniform answers and chance: the same record.
        const chance = new RandomSource('chance', decision);
        const draws = [new SearchRandom(decision), new SearchRandom(decision)];
        for (const [k, state] of [fresh, into].entries()) {
          while (goldrausch.pending(state).kind !== 'terminal') {
            const p = goldrausch.pending(state);
            if (p.kind === 'terminal') break;
            const list = p.requests.map((r) => {
              const legal = legalAnswers(goldrausch.seatView(state, r.seat), r);
              return legal[Math.floor(draws[k].next() * legal.length)];
            });
            goldrausch.apply(state, list, chance);
          }
        }
        expect(goldrausch.outcome(into)).toEqual(goldrausch.outcome(fresh));
        expect(into.gold).toEqual(fresh.gold);
        used = into;
        checked++;
      }
      const answers = pending.requests.map((r) => structuredClone(goldrausch.askBot(bots[r.seat], r, goldrausch.seatView(s, r.seat), s, random).answer));
      goldrausch.apply(s, answers, random);
    }
    expect(checked).toBeGreaterThan(10);
  });
});
