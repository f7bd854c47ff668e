/**
 * Bot files are untrusted: whatever they throw, return or write, the tournament goes on and the
 * games stay the rules' games. Played in this thread (no workers) unless a test says otherwise.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tournamentSpec, type TournamentArgs } from '../../src/cli/tournament.js';
import type { GoldrauschState } from '../../src/games/goldrausch/state.js';
import { gameCount, placeOf, playTournamentGame, playTournamentRange, resolveWith } from '../../src/sim/tournament.js';

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
  it('gets `threw` faults and the tournament finishes (a thrown Object.create(null); an array whose length getter throws)', async () => {
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

describe('a PROMISE whose ref is not a proposal id', () => {
  it('is an illegal message: recorded as a fault and never stored in the game', async () => {
    const t = await tournament([`${BOTS}/bad-ref.ts`, 'greedy', 'cooperative', 'betrayer']);
    for (let g = 0; g < gameCount(t.spec); g++) {
      const played = playTournamentGame(t, g);
      const seat = placeOf(t.spec, g).seats.indexOf(0);
      const mine = played.faults.filter((f) => f.seat === seat);
      expect(mine.length, `game ${g}`).toBeGreaterThan(0);
      for (const f of mine) {
        expect(f.reason).toBe('illegal');
        expect(f.message).toBe('PROMISE refers to unknown proposal (a object, not a proposal id)');
      }
      const state = played.final as GoldrauschState;
      const messages = [...state.history.flatMap((r) => r.messages), ...(state.meeting?.messages ?? [])];
      expect(messages.length).toBeGreaterThan(0);
      for (const m of messages) expect(m.ref === undefined || typeof m.ref === 'string').toBe(true);
      expect(messages.some((m) => m.from === seat && m.type === 'PROMISE')).toBe(false);
    }
  });
});
