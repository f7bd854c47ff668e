/**
 * My Gold Mine's replay story (story.ts, from the move log of log.ts): turn by turn, every decision
 * and card, checked against hand-computed rounds (the fixtures' notes), with each bot fault told in
 * the turn where it happened; and the log changes nothing in the game it records.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BotFactory } from '../../../src/core/definition.js';
import { GAMES } from '../../../src/games/registry.js';
import { myGoldMineFixtures, playFixture, type MgmFixture } from '../../../src/games/my-gold-mine/fixtures.js';
import type { MyGoldMineState } from '../../../src/games/my-gold-mine/state.js';
import { ROUND_COUNTERS } from '../../../src/games/my-gold-mine/metrics.js';
import type { RandomStream } from '../../../src/core/random.js';
import { story } from '../../../src/games/my-gold-mine/story.js';
import { runCli } from '../../../src/cli/main.js';
import { playOne } from '../../../src/sim/run.js';
import { loadScenario } from '../../../src/sim/scenario.js';
import { capture } from '../../helpers/io.js';

const NAMES = ['a', 'b', 'c', 'd', 'e'];

/** The story's turn lines of a fixture's round, played with the log on. */
function told(file: string): string[] {
  const fixture = myGoldMineFixtures.parse(file, JSON.parse(readFileSync(file, 'utf8'))) as MgmFixture;
  const { state, problems } = playFixture(fixture, true);
  expect(problems).toEqual([]);
  return story(state, NAMES.slice(0, fixture.players))
    .split('\n')
    .filter((l) => l.startsWith('  Turn') || l.startsWith('Round'));
}

describe("My Gold Mine's replay, turn by turn", () => {
  it('tells every turn of a hand-computed round: cards, steps, dragons burning two dwarves, the ladder (fixture 21)', () => {
    // The fixture's note: "t0 d2 lots-of-gold (2) 4->5; two dragons: Drago 8->6. t1 d3 simple-gold (1) on 4.
    // t2 d4 lots-of-gold (2) 4->5; a dragon: Drago 6->5, d2 and d4 on 5 eliminated. t3 d0 all-together
    // from d0: d0, d1, d3 to 3. t4 d1 all-together from d1: all to 2. t5 d3 double-step (rung 1, 1 gold).
    // t6 d0 all-together from d0: d0 1, d1 1. t7 d1 all-together from d1: d1 rung 2, d0 rung 3."
    expect(told('fixtures/my-gold-mine/21-five-players-dragon-burns-two.json')).toEqual([
      'Round 1 — start player seat 2 (c); face-up digging card: lots-of-gold',
      '  Turn 1 — seat 2 (c) on card 4: digs lots-of-gold (2 gold) → card 5; a dragon: Drago steps onto card 7; a dragon: Drago steps onto card 6',
      '  Turn 2 — seat 3 (d) on card 4: digs simple-gold (1 gold)',
      '  Turn 3 — seat 4 (e) on card 4: digs lots-of-gold (2 gold) → card 5; a dragon: Drago steps onto card 5, burning seat 2 (c) (2 gold lost), burning seat 4 (e) (2 gold lost)',
      '  Turn 4 — seat 0 (a) on card 4: draws exit card all-together → card 3; seat 1 (b) → card 3; seat 3 (d) → card 3',
      '  Turn 5 — seat 1 (b) on card 3: draws exit card all-together → card 2; seat 3 (d) → card 2; seat 0 (a) → card 2',
      '  Turn 6 — seat 3 (d) on card 2: draws exit card double-step/all-together, chooses double-step → exits on rung 1, banking 1 gold',
      '  Turn 7 — seat 0 (a) on card 2: draws exit card double-step/all-together, chooses all-together → card 1; seat 1 (b) → card 1',
      '  Turn 8 — seat 1 (b) on card 1: draws exit card one-step/all-together, chooses all-together → exits on rung 2, banking 0 gold; seat 0 (a) exits on rung 3, banking 0 gold',
    ]);
  });

  it('tells a kept Extragold, a swap with nobody to swap with, a forced action, and a burnt dwarf losing its Extragold (fixture 10)', () => {
    // "t0 d0 keeps extragold. t1 d1 double-step 4->2. t2 d2 double-step 4->2. t3 d0 simple-gold (pile 1 +
    // Extragold) on 4; four dragons: Drago 8->4, d0 on 4 eliminated, everything lost. t4 d1 double-step
    // 2->0 (rung 1). t5 d2 swap: no other dwarf in the mine, no effect (discarded). t6 d2 one-step/swap:
    // swap impossible, one-step forced 2->1 (no choice asked). t7 d2 one-step/swap again: 1->0 (rung 2)."
    expect(told('fixtures/my-gold-mine/10-eliminated-loses-extragold-impossible-swap.json').slice(1)).toEqual([
      '  Turn 1 — seat 0 (a) on card 4: draws exit card extragold/one-step, chooses extragold: kept, worth 3 gold if its dwarf gets out',
      '  Turn 2 — seat 1 (b) on card 4: draws exit card double-step → card 2',
      '  Turn 3 — seat 2 (c) on card 4: draws exit card double-step → card 2',
      '  Turn 4 — seat 0 (a) on card 4: digs simple-gold (1 gold); a dragon: Drago steps onto card 7; a dragon: Drago steps onto card 6; a dragon: Drago steps onto card 5; a dragon: Drago steps onto card 4, burning seat 0 (a) (4 gold lost)',
      '  Turn 5 — seat 1 (b) on card 2: draws exit card double-step/all-together, chooses double-step → exits on rung 1, banking 0 gold',
      '  Turn 6 — seat 2 (c) on card 2: draws exit card swap; no action possible (MG-A7): discarded',
      '  Turn 7 — seat 2 (c) on card 2: draws exit card one-step/swap (only one-step is possible) → card 1',
      '  Turn 8 — seat 2 (c) on card 1: draws exit card one-step/swap (only one-step is possible) → exits on rung 2, banking 0 gold',
    ]);
  });

  it('tells a chosen swap, a blocked move and walking onto Drago (fixtures 08, 03, 04)', () => {
    expect(told('fixtures/my-gold-mine/08-swap-target-and-double-step-lost.json')[4]).toBe(
      '  Turn 4 — seat 3 (d) on card 4: draws exit card swap: swaps with seat 0 (a) (its bot’s pick): → card 3, seat 0 (a) → card 4',
    );
    expect(told('fixtures/my-gold-mine/03-mg-a4-blocked.json')[8]).toBe(
      "  Turn 8 — seat 0 (a) on card 7: digs lots-of-gold (2 gold); stays on card 7 (Drago's card is next, MG-A4)",
    );
    expect(told('fixtures/my-gold-mine/04-mg-a4-eliminated.json')[8]).toBe(
      "  Turn 8 — seat 0 (a) on card 7: digs lots-of-gold (2 gold) → onto Drago's card: eliminated (MG-A4), 8 gold lost",
    );
  });

  it("tells a whole game: one turn line per turn the records count, each round's scoring, a fault in the turn where it happened", () => {
    const scenario = loadScenario('scenarios/my-gold-mine-4p.json');
    // Seat 0's bot throws on every 7th call: the rules' fallback (draw an exit card) is played.
    const inner = scenario.bots[0];
    let calls = 0;
    const faulty: BotFactory<unknown> = {
      ...inner,
      create: (seat: number, random: RandomStream) => {
        const bot = inner.create(seat, random) as Record<string, (...a: unknown[]) => unknown>;
        const wrap =
          (m: string) =>
          (...a: unknown[]) => {
            if (++calls % 7 === 0) throw new Error(`boom ${calls}`);
            return bot[m](...a);
          };
        return { dig: wrap('dig'), chooseAction: wrap('chooseAction'), swapTarget: wrap('swapTarget') };
      },
    };
    const played = playOne({ ...scenario, bots: [faulty, ...scenario.bots.slice(1)] }, 5, { seed: scenario.seed, trace: true });
    const final = played.final as MyGoldMineState;
    expect(played.faults.length).toBeGreaterThan(0);
    const lines = GAMES['my-gold-mine'].story(final, scenario.seats, played.faults).split('\n');
    const k = ROUND_COUNTERS.length;
    const turns = final.roundCounters.reduce((t, v, i) => (i % k === ROUND_COUNTERS.indexOf('turns') ? t + v : t), 0);
    expect(lines.filter((l) => /^ {2}Turn \d+ — /.test(l))).toHaveLength(turns);
    expect(lines.filter((l) => /^ {2}Round \d+ over /.test(l))).toHaveLength(final.rounds);
    for (const f of played.faults) {
      const at = lines.findIndex((l) => l.includes(`(bot call ${f.decision}): threw: ${f.message}`));
      expect(at, `fault at bot call ${f.decision}`).toBeGreaterThan(0);
      // Right under its turn's line (or under an earlier fault of the same turn).
      expect(lines[at - 1]).toMatch(/^ {2}Turn \d+ — seat 0 \(cautious\)|^ {4}FAULT/);
    }
    expect(lines.at(-1)).toMatch(/^Result: /);
  });

  it('the log changes nothing: a traced game has the outcome, record and counters of the untraced one', () => {
    const scenario = loadScenario('scenarios/my-gold-mine-2p.json');
    const def = GAMES['my-gold-mine'];
    for (const game of [0, 1, 2, 3]) {
      const plain = playOne(scenario, game, { seed: scenario.seed });
      const traced = playOne(scenario, game, { seed: scenario.seed, trace: true });
      expect((plain.final as MyGoldMineState).log).toBeNull();
      expect((traced.final as MyGoldMineState).log!.length).toBeGreaterThan(0);
      expect(traced.outcome).toEqual(plain.outcome);
      expect(def.record(traced.final as never)).toEqual(def.record(plain.final as never));
    }
  });

  it('goldpit replay prints the turns', async () => {
    const io = capture();
    expect(await runCli(['replay', 'scenarios/my-gold-mine-4p.json', '--game', '3'], io)).toBe(0);
    expect(io.stdout).toMatch(/\n {2}Turn 1 — seat \d \(\w+\) on card 4: (digs|draws exit card) /);
    expect(io.stdout).toMatch(/\n {2}Round 3 over /);
  });
});
