/**
 * A bot written for the Goldrausch view before issue 29 (names for continents and cards, messages
 * returned as a list, `view.meeting`) does not play on the one view: every decision of it is a fault
 * whose message says what changed and where the migration is described.
 */
import { describe, expect, it } from 'vitest';
import greedy from '../../../bots/goldrausch/greedy.js';
import { Purpose, RandomSource } from '../../../src/core/random.js';
import type { GoldrauschBot } from '../../../src/games/goldrausch/bot.js';
import { goldrausch } from '../../../src/games/goldrausch/engine.js';
import { DEFAULT_CONFIG } from '../../../src/games/goldrausch/params.js';
import { playGame } from '../../../src/sim/play.js';

const ANCHOR = 'docs/bots-and-tournaments.md#migrating-a-bot-written-for-the-old-view';

function faultsOf(old: GoldrauschBot) {
  const random = new RandomSource('migration', 0);
  const bots = [old, ...[1, 2, 3].map((s) => greedy.create(s, random.stream(Purpose.bot + s)))];
  return playGame({ module: goldrausch, config: DEFAULT_CONFIG, players: 4, bots, random }).faults.filter((f) => f.seat === 0);
}

describe('a bot written for the old view', () => {
  it('names the change in every fault: continent and card names, a returned message list', () => {
    const faults = faultsOf({
      chooseContinent: () => 'veridia' as never,
      negotiate: () => [{ type: 'PASS' }] as never,
      commitUpgrade: () => 'green' as never,
    });
    const messages = new Set(faults.map((f) => f.message));
    expect([...messages].some((m) => m.startsWith('chooseContinent returned "veridia"') && m.includes('a continent is a number now'))).toBe(true);
    expect([...messages].some((m) => m.startsWith('negotiate returned an array'))).toBe(true);
    for (const m of messages) expect(m).toContain(ANCHOR);
  });

  it('names it when the bot reads a part of the view that is gone (view.meeting)', () => {
    const faults = faultsOf({
      chooseContinent: () => 0,
      negotiate: (view) => {
        (view as unknown as { meeting: { tick: number } }).meeting.tick;
      },
      commitUpgrade: () => 2,
    });
    expect(faults.length).toBeGreaterThan(0);
    for (const f of faults) expect(f.message).toMatch(new RegExp(`reading 'tick'.*a bot written for the Goldrausch view before issue 29\\? see ${ANCHOR}`));
  });
});
