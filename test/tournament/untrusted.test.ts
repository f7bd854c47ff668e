/**
 * Bot files are untrusted: whatever they throw, return or write, the tournament goes on and the
 * games stay the rules' games. Played in this thread (no workers) unless a test says otherwise.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hangHint, tournamentSpec, type TournamentArgs } from '../../src/cli/tournament.js';
import type { GoldrauschState } from '../../src/games/goldrausch/state.js';
import { MSG_GIFT, MSG_PROMISE } from '../../src/games/goldrausch/bot.js';
import { logOf } from '../games/goldrausch/helpers.js';
import type { BotFactory } from '../../src/core/definition.js';
import { compactGame, gameCount, placeOf, playTournamentGame, playTournamentRange, resolveWith, tournamentGuard } from '../../src/sim/tournament.js';
import { honest, sneaky } from './bots/cheats.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BOTS = join(ROOT, 'test/tournament/bots');

function args(bots: string[], extra: Partial<TournamentArgs> = {}): TournamentArgs {
  return {
    bots: bots.join(','),
    players: 4,
    lineups: 'all',
    deals: 1,
    seed: 'untrusted',
    'bot-timeout': 0,
    'hang-limit': 0,
    bootstrap: 2,
    rating: 'order',
    json: false,
    quiet: true,
    'deals-per-task': 1,
    ...extra,
  };
}

async function tournament(bots: string[], extra: Partial<TournamentArgs> = {}) {
  const { spec, factories } = await tournamentSpec(args(bots, extra));
  return resolveWith(spec, factories);
}

describe('a bot that throws values without a string form', () => {
  it('gets `threw` faults and the tournament finishes (a thrown Object.create(null); PROPOSE options whose getter throws)', async () => {
    const t = await tournament([`${BOTS}/odd-throws.ts`, 'greedy', 'cooperative', 'betrayer']);
    const games = playTournamentRange(t, 0, gameCount(t.spec), [], null);
    expect(games.length).toBe(4);
    const requests = new Set<string>();
    for (const g of games) {
      const seat = g.seats.indexOf(0);
      const mine = g.faults.filter((f) => f.seat === seat);
      expect(mine.length).toBeGreaterThan(0);
      expect(g.faults.length).toBe(mine.length);
      for (const f of mine) {
        expect(f.reason).toBe('threw');
        expect(f.message).toBe('[object Object]');
        requests.add(f.request);
      }
    }
    expect([...requests].sort()).toEqual(['continent', 'meeting-turn']);
  });

  it('clears the watchdog marker after every bot call, also when the call escaped the module checks', async () => {
    const t = await tournament([`${BOTS}/odd-throws.ts`, 'greedy', 'cooperative', 'betrayer']);
    let open = 0;
    let asked = 0;
    let unbalanced = 0;
    playTournamentGame(t, 0, {
      guard: {
        before() {
          if (open !== 0) unbalanced++;
          open++;
          asked++;
          return true;
        },
        after() {
          open--;
        },
      },
    });
    expect(asked).toBeGreaterThan(20);
    expect(unbalanced).toBe(0);
    expect(open).toBe(0);
  });
});

describe('a PROMISE whose ref is not a proposal number', () => {
  it('is an illegal message: recorded as a fault and never stored in the game', async () => {
    const t = await tournament([`${BOTS}/bad-ref.ts`, 'greedy', 'cooperative', 'betrayer']);
    for (let g = 0; g < gameCount(t.spec); g++) {
      const played = playTournamentGame(t, g);
      const seat = placeOf(t.spec, g).seats.indexOf(0);
      const mine = played.faults.filter((f) => f.seat === seat);
      expect(mine.length, `game ${g}`).toBeGreaterThan(0);
      for (const f of mine) {
        expect(f.reason).toBe('illegal');
        expect(f.message).toBe('PROMISE refers to unknown proposal [object Object]');
      }
      const messages = logOf(played.final as GoldrauschState);
      expect(messages.length).toBeGreaterThan(0);
      for (const m of messages) expect(Number.isInteger(m.a)).toBe(true);
      expect(messages.some((m) => m.from === seat && m.type === MSG_PROMISE)).toBe(false);
    }
  });
});

describe('a bot file that writes to what it is handed', () => {
  const fresh = async () => JSON.stringify((await tournament(['greedy', 'cooperative', 'betrayer', 'reciprocal'])).config);

  it('throws inside the bot (a `threw` fault each time), and the game is the one where its seat played as a late player throughout', async () => {
    const t = await tournament([`${BOTS}/cheats.ts`, 'greedy', 'cooperative', 'betrayer']);
    const requests = new Set<string>();
    for (let g = 0; g < gameCount(t.spec); g++) {
      const seat = placeOf(t.spec, g).seats.indexOf(0);
      const played = compactGame(t, g, playTournamentGame(t, g));
      expect(played.faults.length, `game ${g}`).toBeGreaterThan(0);
      for (const f of played.faults) {
        expect(f.seat).toBe(seat);
        expect(f.reason).toBe('threw');
        expect(f.message).toMatch(/read.only|not extensible|Cannot assign/);
        requests.add(f.request);
      }
      // The same game with the cheat's seat benched before its first call: never asked at all.
      const late = compactGame(t, g, playTournamentGame(t, g, { guard: tournamentGuard(t, g, [{ game: g, seat, decision: 0 }], null) }));
      expect({ ...played, faults: [] }, `game ${g}`).toEqual({ ...late, faults: [] });
    }
    expect([...requests].sort()).toEqual(['continent', 'meeting-turn']);
    // The config its views shared is untouched, so later games in this thread are not changed.
    expect(JSON.stringify(t.config)).toBe(await fresh());
  });

  it('changes nothing when it swallows the refused writes: it plays exactly as the honest bot it wraps', async () => {
    const { spec } = await tournamentSpec(args([`${BOTS}/cheats.ts`, 'greedy', 'cooperative', 'betrayer', 'reciprocal'], { deals: 2 }));
    const others = (await tournament(['greedy', 'cooperative', 'betrayer', 'reciprocal'])).factories;
    const as = (factory: BotFactory<unknown>) => resolveWith(spec, [factory, ...others]);
    const dishonest = as(sneaky as BotFactory<unknown>);
    const fair = as(honest as BotFactory<unknown>);
    const total = gameCount(spec);
    expect(total).toBe(5 * 2 * 4);
    const a = playTournamentRange(dishonest, 0, total, [], null);
    const b = playTournamentRange(fair, 0, total, [], null);
    expect(a).toEqual(b);
    expect(a.every((g) => g.faults.length === 0)).toBe(true);
    expect(JSON.stringify(dishonest.config)).toBe(await fresh());
  });

  it('built-in bots only: nothing is frozen (they are trusted)', async () => {
    // Explicit params, so the config is a fresh object (not the shared defaults).
    const resolved = async (bots: string[]) => {
      const { spec, factories } = await tournamentSpec(args(bots));
      return resolveWith({ ...spec, params: { winThreshold: 50 } }, factories);
    };
    const t = await resolved(['greedy', 'cooperative', 'betrayer', 'reciprocal']);
    expect(t.untrusted).toBe(false);
    expect(Object.isFrozen((t.config as { params: object }).params)).toBe(false);
    const u = await resolved([`${BOTS}/cheats.ts`, 'greedy', 'cooperative', 'betrayer']);
    expect(u.untrusted).toBe(true);
    expect(Object.isFrozen((u.config as { params: object }).params)).toBe(true);
  });
});

describe('the hang hint', () => {
  it('is printed once per bot, with the cost of a bot that hangs in all its games', async () => {
    const bots = [`${BOTS}/hangs.ts`, 'greedy', 'cooperative', 'betrayer', 'reciprocal', 'opportunist', 'silent'];
    const { spec } = await tournamentSpec(args(bots, { deals: 20, 'hang-limit': 30_000, 'bot-timeout': 5000 }));
    let err = '';
    const hint = hangHint(spec, 'goldpit tournament …', 2, { err: (t) => void (err += t) });
    // Game 0: line-up 0 = entrants 0..3 in seats 0..3; game 1: rotated by one (entrant 0 in seat 3).
    hint({ game: 0, seat: 0, decision: 5 });
    hint({ game: 1, seat: 3, decision: 6 });
    hint({ game: 0, seat: 1, decision: 7 });
    const lines = err.split('\n').filter(Boolean);
    expect(lines.length).toBe(2);
    // hangs plays C(6,3) = 20 of the C(7,4) = 35 line-ups × 20 deals × 4 rotations = 1,600 games;
    // 1,600 × 30 s / 2 workers = 24,000 s = 6.7 h.
    expect(lines[0]).toBe(
      'goldpit: bot hangs hung in game 0 (seat 0, bot call 5) and was stopped after the 30 s hang limit; each further hang costs another 30 s of a worker (hanging in all its 1600 games: about 6.7 h more with 2 workers); fix the bot (replay: goldpit tournament … 0 --bench 0@5) or lower --hang-limit',
    );
    expect(lines[1]).toMatch(/^goldpit: bot greedy hung in game 0 \(seat 1, bot call 7\)/);
  });
});

describe('a message whose amount is an object', () => {
  it('is refused as it is written: a GIFT whose amount says 1 when checked and −30 when paid never moves gold', async () => {
    const { spec, factories } = await tournamentSpec(args([`${BOTS}/getter-gift.ts`, 'greedy', 'cooperative', 'betrayer']));
    const t = resolveWith({ ...spec, rules: { allowGoldGifts: true } }, factories);
    let gifts = 0;
    for (let g = 0; g < gameCount(t.spec); g++) {
      const seat = placeOf(t.spec, g).seats.indexOf(0);
      const played = playTournamentGame(t, g);
      expect(logOf(played.final as GoldrauschState).filter((m) => m.type === MSG_GIFT)).toEqual([]);
      const mine = played.faults.filter((f) => f.seat === seat);
      for (const f of mine) expect(f.message).toMatch(/^GIFT amount .* must be a positive integer/);
      gifts += mine.length;
    }
    expect(gifts).toBeGreaterThan(10);
  });
});

describe('a bot file whose create throws for some seats', () => {
  it('loads (seat 0 works), and in the other seats every decision is a `threw` fault; the tournament finishes', async () => {
    const t = await tournament([`${BOTS}/create-throws.ts`, 'greedy', 'cooperative', 'betrayer']);
    const games = playTournamentRange(t, 0, gameCount(t.spec), [], null);
    expect(games.length).toBe(4);
    for (const g of games) {
      const seat = g.seats.indexOf(0);
      const mine = g.faults.filter((f) => f.seat === seat);
      if (seat === 0) expect(mine).toEqual([]);
      else {
        expect(mine.length, `game ${g.game}`).toBeGreaterThan(0);
        for (const f of mine) expect(f).toMatchObject({ reason: 'threw', message: `create(seat ${seat}) threw: no bot for seat ${seat}` });
      }
    }
  });
});
