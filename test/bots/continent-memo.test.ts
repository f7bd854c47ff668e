/**
 * The continent scorer remembers round-1 scores across games and shares one table of predicted
 * presences per public history between the seats (lib/continent.ts). Neither may change a score: every
 * score must be the very number of the plain computation — `predictedRivals` and `upgradeValueOn` per
 * continent, the better of green and red — whatever order the views come in.
 */
import { describe, expect, it } from 'vitest';
import { RandomSource } from '../../src/core/random.js';
import { DEFAULT_PARAMS } from '../../src/games/goldrausch/params.js';
import type { RoundRecord } from '../../src/games/goldrausch/state.js';
import type { ContinentIndex } from '../../src/games/goldrausch/types.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { ContinentScorer } from '../../bots/goldrausch/lib/continent.js';
import { newUpgradeValue, predictedRivals, Rivals, upgradeValueOn } from '../../bots/goldrausch/lib/estimate.js';
import { SeatHabits } from '../../bots/goldrausch/lib/history.js';
import { makeRecord, makeView } from './fixtures.js';

/** The scores as the bots computed them before any memo: continent by continent, from scratch. */
function reference(view: GoldrauschView): number[] {
  const habits = new SeatHabits().of(view);
  const rivals = new Rivals();
  const value = newUpgradeValue();
  const out: number[] = [];
  for (let c = 0; c < 3; c++) {
    if (view.countryHand[c] <= 0) {
      out.push(-Infinity);
      continue;
    }
    predictedRivals(view, c, habits, rivals);
    upgradeValueOn(view, c, rivals, value);
    out.push(Math.max(value.green, value.red));
  }
  return out;
}

function randomHistory(random: RandomSource, players: number, rounds: number): RoundRecord[] {
  const history: RoundRecord[] = [];
  for (let r = 0; r < rounds; r++) {
    const locations: ContinentIndex[] = [];
    const commits: ('green' | 'red' | null)[] = [];
    for (let s = 0; s < players; s++) {
      locations.push(random.int(1, r * 8 + s, 3) as ContinentIndex);
      commits.push(random.int(2, r * 8 + s, 2) === 0 ? 'green' : 'red');
    }
    history.push(makeRecord(players, { round: r + 1, locations, commits }));
  }
  return history;
}

/** Views of every kind the memos key on: seats, start players, hands, stock, extraction, players, params. */
function views(): GoldrauschView[] {
  const random = new RandomSource('continent-memo', 0);
  const lighter = { ...DEFAULT_PARAMS, fine: 3 }; // another params object: the round-1 memo is per params
  const histories = [4, 5, 6].flatMap((players) => [1, 2, 5].map((rounds) => randomHistory(random, players, rounds)));
  const out: GoldrauschView[] = [];
  for (let k = 0; k < 400; k++) {
    const players = 4 + random.int(3, k, 3);
    const roundOne = random.int(4, k, 2) === 0;
    const candidates = histories.filter((h) => h[0].locations.length === players);
    out.push(
      makeView({
        players,
        seat: random.int(5, k, players),
        startPlayer: random.int(6, k, players),
        params: random.int(7, k, 4) === 0 ? lighter : DEFAULT_PARAMS,
        countryHand: [random.int(8, k, 3), 1 + random.int(9, k, 2), random.int(10, k, 2)],
        stock: [random.int(11, k, 12), random.int(12, k, 22), random.int(13, k, 70)], // 70: past the key's range
        extract: [1 + random.int(14, k, 4), 2 + random.int(15, k, 4), 3 + random.int(16, k, 5)],
        history: roundOne ? [] : candidates[random.int(17, k, candidates.length)],
      }),
    );
  }
  return out;
}

describe('continent scores with memos', () => {
  const all = views();

  it('are the numbers of the plain computation, in any order, from any scorer', () => {
    const expected = all.map(reference);
    const scorers = [new ContinentScorer(), new ContinentScorer(), new ContinentScorer(new SeatHabits())];
    for (const order of [all.map((_, i) => i), all.map((_, i) => all.length - 1 - i), all.map((_, i) => (i * 7) % all.length)]) {
      order.forEach((i, n) => {
        expect([...scorers[n % 3].score(all[i])]).toStrictEqual(expected[i]);
      });
    }
  });

  it('keep a round-1 score although the caller wrote into the returned array', () => {
    const view = makeView({ seat: 2, startPlayer: 1 });
    const expected = reference(view);
    const scorer = new ContinentScorer();
    scorer.score(view).fill(123); // logit turns the scores into weights in place
    expect([...new ContinentScorer().score(view)]).toStrictEqual(expected);
    expect([...scorer.score(view)]).toStrictEqual(expected);
  });

  it('tell round-1 views apart by every input (seat, start player, hand, stock, extraction, params)', () => {
    const base = makeView();
    const variants = [
      base,
      makeView({ seat: 1 }),
      makeView({ startPlayer: 3 }),
      makeView({ countryHand: [1, 0, 1] }),
      makeView({ stock: [7, 11, 15] }),
      makeView({ extract: [3, 4, 5] }),
      makeView({ params: { ...DEFAULT_PARAMS, fine: 5 } }),
      makeView({ players: 5 }),
    ];
    const scorer = new ContinentScorer();
    for (const v of [...variants, ...variants.reverse()]) expect([...scorer.score(v)]).toStrictEqual(reference(v));
  });
});
