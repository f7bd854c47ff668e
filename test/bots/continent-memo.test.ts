/**
 * The continent scorer (lib/continent.ts `scores`) remembers round-1 scores across games and reads
 * one digest of the public history shared by the seats (lib/history.ts). Neither may change a score:
 * every score must be the very number of the plain computation written out below — each seat's
 * habits counted from the history, its presence per continent, `upgradeValue` per continent, the
 * better of green and red — whatever order the views come in.
 */
import { describe, expect, it } from 'vitest';
import { RandomSource } from '../../src/core/random.js';
import { DEFAULT_PARAMS } from '../../src/games/goldrausch/params.js';
import { GREEN } from '../../src/games/goldrausch/bot.js';
import { disasterOdds } from '../../src/games/goldrausch/state.js';
import type { ContinentIndex } from '../../src/games/goldrausch/types.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { scores } from '../../bots/goldrausch/lib/continent.js';
import { newUpgradeValue, Rivals, upgradeValue } from '../../bots/goldrausch/lib/estimate.js';
import { makeRecord, makeView, type RoundRecord } from './fixtures.js';

/** The scores computed plainly, continent by continent, from scratch (docs/games/goldrausch.md §14). */
function reference(view: GoldrauschView): number[] {
  const n = view.players;
  const rounds = view.historyLength;
  const location = (i: number, s: number) => view.histLocation(i, s);
  const upgrade: number[] = [];
  const stay: number[] = [];
  for (let s = 0; s < n; s++) {
    let greens = 0;
    let shared = 0;
    let stays = 0;
    for (let i = 0; i < rounds; i++) {
      if (i > 0 && location(i - 1, s) === location(i, s)) stays++;
      let together = 0;
      for (let q = 0; q < n; q++) if (location(i, q) === location(i, s)) together++;
      if (together < 2) continue;
      shared++;
      if (view.histCommit(i, s) === GREEN) greens++;
    }
    upgrade.push((greens + 1) / (shared + 2)); // Laplace's rule
    stay.push((stays + 1 / 3) / (Math.max(0, rounds - 1) + 1));
  }
  const last = rounds > 0 ? rounds - 1 : -1;
  const rank = (s: number) => (s - view.startPlayer + n) % n;
  const rivals = new Rivals();
  const value = newUpgradeValue();
  const out: number[] = [];
  for (let c = 0; c < 3; c++) {
    if (view.countryHand(c) <= 0) {
      out.push(-Infinity);
      continue;
    }
    rivals.clear();
    for (let s = 0; s < n; s++) {
      if (s === view.seat) continue;
      const presence = last < 0 ? 1 / 3 : location(last, s) === c ? stay[s] : (1 - stay[s]) / 2;
      if (presence > 0) rivals.add(presence, upgrade[s], rank(s) < rank(view.seat));
    }
    upgradeValue(view.extract(c), view.stock(c), view.params.fine, disasterOdds(view.params.wheel, c), rivals, value);
    out.push(Math.max(value.green, value.red));
  }
  return out;
}

/** The scores as the bots compute them. */
function score(view: GoldrauschView): number[] {
  return scores(view);
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

  it('are the numbers of the plain computation, in any order', () => {
    const expected = all.map(reference);
    for (const order of [all.map((_, i) => i), all.map((_, i) => all.length - 1 - i), all.map((_, i) => (i * 7) % all.length)]) {
      for (const i of order) expect([...score(all[i])]).toStrictEqual(expected[i]);
    }
  });

  it('keep a round-1 score although the caller wrote into the returned array', () => {
    const view = makeView({ seat: 2, startPlayer: 1 });
    const expected = reference(view);
    score(view).fill(123);
    expect([...score(view)]).toStrictEqual(expected);
  });

  it('tell round-1 views apart by every input (seat, start player, hand, stock, extraction, params)', () => {
    const variants = [
      makeView(),
      makeView({ seat: 1 }),
      makeView({ startPlayer: 3 }),
      makeView({ countryHand: [1, 0, 1] }),
      makeView({ stock: [7, 11, 15] }),
      makeView({ extract: [3, 4, 5] }),
      makeView({ params: { ...DEFAULT_PARAMS, fine: 5 } }),
      makeView({ players: 5 }),
    ];
    for (const v of [...variants, ...variants.reverse()]) expect([...score(v)]).toStrictEqual(reference(v));
  });
});
