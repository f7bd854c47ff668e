import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, DEFAULT_RULES } from '../../src/games/goldrausch/params.js';
import { baselineP, fairUpgrader, newUpgradeValue, Rivals, setUnrolledUpgradeValue, upgradeValue } from '../../bots/goldrausch/lib/estimate.js';
import { digest, recentBetrayers } from '../../bots/goldrausch/lib/history.js';
import { disasterOdds } from '../../src/games/goldrausch/state.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import { breach, makeRecord, makeView, stream } from './fixtures.js';

/** The fair upgrader among the seats on continent c (by `locations`), less the seats in `exclude`. */
function fair(view: GoldrauschView, locations: readonly number[], c: number, exclude = 0): number {
  let candidates = 0;
  for (let s = 0; s < locations.length; s++) if (locations[s] === c) candidates |= 1 << s;
  return fairUpgrader(view, candidates & ~exclude);
}

describe('the §14 baseline p', () => {
  it('solves (1 − p)^(k−1) = 2/(e+2): k = 2, e = 6 gives p = 0.75', () => {
    expect(baselineP(2, 6)).toBeCloseTo(0.75, 12);
  });

  it('gives p = 0.5 for k = 3, e = 6 ((1 − p)² = 1/4)', () => {
    expect(baselineP(3, 6)).toBeCloseTo(0.5, 12);
  });

  it('makes upgrading and not upgrading worth the same', () => {
    for (const [k, e, f] of [
      [2, 3, 2],
      [3, 4, 2],
      [4, 6, 2],
      [5, 5, 3],
      [6, 7, 1],
    ]) {
      const p = baselineP(k, e, f);
      const q = (1 - p) ** (k - 1);
      expect(q * 2 * e + (1 - q) * (e - f)).toBeCloseTo(e, 10);
    }
  });

  it('is lowered by disaster risk, and stays indifferent with it', () => {
    const d = 3 / 12;
    const p = baselineP(2, 6, 2, d);
    expect(p).toBeLessThan(0.75);
    const q = 1 - p;
    expect((1 - d) * (q * 12 + (1 - q) * 6) - (1 - q) * 2).toBeCloseTo((1 - d) * 6, 10);
  });

  it('is 1 alone and 0 when there is nothing to extract', () => {
    expect(baselineP(1, 6)).toBe(1);
    expect(baselineP(3, 0)).toBe(0);
  });
});

describe('disaster odds', () => {
  it('are 3/12 per continent on the default wheel (own field 2 + broken globe 1)', () => {
    for (const c of [0, 1, 2]) expect(disasterOdds(DEFAULT_PARAMS.wheel, c)).toBeCloseTo(0.25, 12);
  });
});

/** Independent check of upgradeValue: enumerate every rival state and pay out as §5.3 does. */
function bruteForce(e: number, stock: number, fine: number, d: number, rivals: { pi: number; p: number; ahead: boolean }[]) {
  let green = 0;
  let red = 0;
  const n = rivals.length;
  for (let code = 0; code < 3 ** n; code++) {
    let prob = 1;
    const state: number[] = []; // 0 absent, 1 red, 2 green
    for (let i = 0, x = code; i < n; i++, x = Math.floor(x / 3)) {
      const s = x % 3;
      state.push(s);
      const r = rivals[i];
      prob *= s === 0 ? 1 - r.pi : s === 1 ? r.pi * (1 - r.p) : r.pi * r.p;
    }
    if (prob === 0) continue;
    for (const mine of ['green', 'red'] as const) {
      // Pay order: upgraders (ahead, me, behind), then non-upgraders (ahead, me, behind).
      const upgraders: string[] = [];
      const others: string[] = [];
      const push = (who: string, colour: number) => (colour === 2 ? upgraders : others).push(who);
      rivals.forEach((r, i) => r.ahead && state[i] > 0 && push(`r${i}`, state[i]));
      push('me', mine === 'green' ? 2 : 1);
      rivals.forEach((r, i) => !r.ahead && state[i] > 0 && push(`r${i}`, state[i]));
      let left = stock;
      let got = 0;
      for (const who of [...upgraders, ...others]) {
        const amount = upgraders.includes(who) && upgraders.length === 1 ? 2 * e : e;
        const take = Math.min(amount, left);
        left -= take;
        if (who === 'me') got = take;
      }
      const fined = mine === 'green' && upgraders.length >= 2 ? fine : 0;
      const value = (1 - d) * got - fined;
      if (mine === 'green') green += prob * value;
      else red += prob * value;
    }
  }
  return { green, red };
}

describe('upgradeValue', () => {
  it('pays a lone upgrader twice the extraction, capped by stock, times the calm chance', () => {
    const v = upgradeValue(6, 5, 2, 0.25, new Rivals(), newUpgradeValue());
    expect(v.green).toBeCloseTo(0.75 * 5, 12);
    expect(v.red).toBeCloseTo(0.75 * 5, 12);
  });

  it('matches a brute-force enumeration of §5.3, stock shortage included', () => {
    const random = stream('upgrade-value');
    const out = newUpgradeValue();
    for (let trial = 0; trial < 400; trial++) {
      const e = random.int(9);
      const stock = random.int(31);
      const fine = random.int(4);
      const d = random.pick([0, 0.25, 0.5]);
      const rivals = new Rivals(2); // also exercises growing
      const list: { pi: number; p: number; ahead: boolean }[] = [];
      const n = random.int(6);
      for (let i = 0; i < n; i++) {
        const r = { pi: random.pick([0, 1 / 3, 0.7, 1]), p: random.next(), ahead: random.next() < 0.5 };
        list.push(r);
        rivals.add(r.pi, r.p, r.ahead);
      }
      const expected = bruteForce(e, stock, fine, d, list);
      upgradeValue(e, stock, fine, d, rivals, out);
      expect(out.green).toBeCloseTo(expected.green, 9);
      expect(out.red).toBeCloseTo(expected.red, 9);
    }
  });
});

describe('upgradeValue unrolled for up to three rivals (lib/upgrade-small.ts)', () => {
  it('gives the same bits as the loop program for every shape, payouts cut by the stock included', () => {
    const random = stream('upgrade-small');
    const a = newUpgradeValue();
    const b = newUpgradeValue();
    const presences = [0, 1 / 3, (1 - 1 / 3) / 2, 0.5, 0.7, 1];
    const rates = [0, 1 / 3, 0.5, 2 / 3, 1];
    let unrolledCases = 0;
    try {
      for (let trial = 0; trial < 20000; trial++) {
        const e = random.next() < 0.8 ? random.int(9) : 8 * random.next();
        const stock = random.next() < 0.7 ? random.int(5 * Math.max(1, Math.ceil(e))) : 30 * random.next();
        const fine = random.int(4);
        const d = random.pick([0, 0.1, 0.25]);
        const rivals = new Rivals();
        const n = random.int(5);
        let present = 0;
        for (let i = 0; i < n; i++) {
          const pi = random.next() < 0.7 ? random.pick(presences) : random.next();
          const u = random.next() < 0.6 ? random.pick(rates) : random.next();
          if (pi > 0) present++;
          rivals.add(pi, u, random.next() < 0.5);
        }
        if (present <= 3 && stock < e * (present + 2)) unrolledCases++;
        setUnrolledUpgradeValue(true);
        upgradeValue(e, stock, fine, d, rivals, a);
        setUnrolledUpgradeValue(false);
        upgradeValue(e, stock, fine, d, rivals, b);
        if (!Object.is(a.green, b.green) || !Object.is(a.red, b.red)) {
          expect({ trial, e, stock, fine, d, unrolled: { ...a } }).toEqual({ trial, e, stock, fine, d, unrolled: { ...b } });
        }
      }
    } finally {
      setUnrolledUpgradeValue(true);
    }
    expect(unrolledCases).toBeGreaterThan(5000); // the unrolled code really ran
  });

  it('is the file its generator writes (nobody edited it by hand)', () => {
    const script = fileURLToPath(new URL('../../scripts/gen-upgrade-small.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});

describe('fair upgrader (§15.4)', () => {
  const onVeridia = [2, 2, 2, 0] as const;

  it('is the co-located player with the fewest successful upgrades', () => {
    const history = [
      makeRecord(4, { upgradeSucceeded: [true, false, false, false] }),
      makeRecord(4, { round: 2, upgradeSucceeded: [false, false, true, false] }),
    ];
    const view = makeView({ round: 3, history, gold: [1, 9, 1, 0] });
    expect(fair(view, onVeridia, 2)).toBe(1);
  });

  it('breaks a tie by the poorest', () => {
    const view = makeView({ gold: [8, 6, 7, 0] });
    expect(fair(view, onVeridia, 2)).toBe(1);
  });

  it('breaks a tie in gold clockwise from the start player', () => {
    expect(fair(makeView({ startPlayer: 2 }), [2, 2, 0, 2], 2)).toBe(3);
    expect(fair(makeView({ startPlayer: 1 }), [2, 0, 2, 2], 2)).toBe(2);
    expect(fair(makeView({ startPlayer: 0 }), [0, 2, 2, 2], 2)).toBe(1);
  });

  it('ignores gold when it is hidden (GR-A36), so every seat names the same player', () => {
    const view = makeView({ startPlayer: 1, gold: [0, 5, 5, 5], rules: { ...DEFAULT_RULES, goldVisibility: 'hidden' } });
    expect(fair(view, onVeridia, 2)).toBe(1);
  });

  it('skips excluded seats', () => {
    expect(fair(makeView({ gold: [8, 6, 7, 0] }), onVeridia, 2, 1 << 1)).toBe(2);
  });
});

describe('history readers', () => {
  it('finds betrayers of this seat in the last k rounds only', () => {
    const history = [
      makeRecord(4, { round: 1, breaches: [breach(3, 1, [0])] }),
      makeRecord(4, { round: 2, breaches: [breach(1, 2, [0, 2]), breach(2, 2, [1])] }),
      makeRecord(4, { round: 3 }),
    ];
    expect(recentBetrayers(makeView({ round: 4, history }), 0, 2)).toBe(1 << 1);
    expect(recentBetrayers(makeView({ round: 4, history }), 0, 3)).toBe((1 << 1) | (1 << 3));
    expect(recentBetrayers(makeView({ round: 5, history }), 0, 2)).toBe(0);
    expect(recentBetrayers(makeView({ round: 4, history, seat: 1 }), 1, 2)).toBe(1 << 2);
  });

  it('estimates upgrade rates from shared rounds only (Laplace rule)', () => {
    const history = [
      makeRecord(4, { round: 1, locations: [0, 2, 2, 1], commits: ['green', 'green', 'red', 'green'] }),
      makeRecord(4, { round: 2, locations: [0, 2, 2, 1], commits: ['green', 'green', null, 'green'] }),
    ];
    const rates = digest(makeView({ round: 3, history })).upgrade;
    expect(rates[0]).toBeCloseTo(0.5); // alone both rounds: no evidence
    expect(rates[1]).toBeCloseTo(3 / 4);
    expect(rates[2]).toBeCloseTo(1 / 4);
  });

  it("learns how often each seat returns to last round's continent (1/3 with no evidence)", () => {
    const history = [
      makeRecord(4, { round: 1, locations: [0, 2, 2, 1] }),
      makeRecord(4, { round: 2, locations: [0, 1, 2, 1] }),
      makeRecord(4, { round: 3, locations: [0, 2, 2, 0] }),
    ];
    const stay = digest(makeView({ round: 4, history })).stay;
    expect(stay[0]).toBeCloseTo((2 + 1 / 3) / 3); // stayed twice in two moves
    expect(stay[1]).toBeCloseTo((0 + 1 / 3) / 3); // moved twice
    expect(stay[3]).toBeCloseTo((1 + 1 / 3) / 3);
    expect(digest(makeView({ round: 2, history: history.slice(0, 1) })).stay[0]).toBeCloseTo(1 / 3);
  });

  it('counts a longer history of the same game, and another game afresh', () => {
    const r1 = makeRecord(4, { round: 1, locations: [2, 2, 0, 1], commits: ['green', 'green', 'red', 'red'] });
    const r2 = makeRecord(4, { round: 2, locations: [2, 2, 0, 1], commits: ['red', 'green', 'red', 'red'] });
    expect(digest(makeView({ round: 2, history: [r1] })).upgrade[0]).toBeCloseTo(2 / 3);
    const two = digest(makeView({ round: 3, history: [r1, r2] }));
    expect(two.upgrade[0]).toBeCloseTo(2 / 4);
    expect(two.upgrade[1]).toBeCloseTo(3 / 4);
    expect(two.stay[0]).toBeCloseTo((1 + 1 / 3) / 2);
    // Another game (a different first record): counted afresh.
    expect(digest(makeView({ round: 2, history: [r2] })).upgrade[0]).toBeCloseTo(1 / 3);
    expect(digest(makeView({ round: 1, history: [] })).upgrade[0]).toBeCloseTo(1 / 2);
  });
});
