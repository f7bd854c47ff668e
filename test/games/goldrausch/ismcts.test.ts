/**
 * `ismcts` on Goldrausch, where one step asks every seat at once (the continent choice) and askBot
 * writes a meeting turn's answer into one object per state: the searching seat's answers are its
 * own tree's, whatever its place among the simultaneous requests, and an anchored answer is the
 * prior's, not what the iterations' rollouts wrote later.
 */
import { describe, expect, it } from 'vitest';
import { builtinBot } from '../../../src/core/bots.js';
import { Purpose, RandomSource } from '../../../src/core/random.js';
import { MSG_PASS } from '../../../src/games/goldrausch/bot.js';
import { goldrausch, type GoldrauschAnswer } from '../../../src/games/goldrausch/engine.js';
import { DEFAULT_PARAMS, DEFAULT_RULES } from '../../../src/games/goldrausch/params.js';
import { legalAnswers } from '../../../src/games/goldrausch/search.js';
import { GAMES } from '../../../src/games/registry.js';

const def = GAMES.goldrausch;

/** Plays one game with `names` in the seats; `visit` sees every answer of `seat` with its legal list. */
function play(names: readonly string[], seed: number, seat: number, visit: (answer: GoldrauschAnswer, legal: readonly GoldrauschAnswer[]) => void): void {
  const random = new RandomSource('goldrausch-ismcts', seed);
  const bots = names.map((n, s) => builtinBot(def, n)!.create(s, random.stream(Purpose.bot + s)) as never);
  const s = goldrausch.setup({ rules: DEFAULT_RULES, params: DEFAULT_PARAMS }, names.length, random);
  for (;;) {
    const pending = goldrausch.pending(s);
    if (pending.kind === 'terminal') return;
    const answers = pending.requests.map((r) => {
      const view = goldrausch.seatView(s, r.seat);
      const asked = goldrausch.askBot(bots[r.seat], r, view, s, random);
      expect(asked.fault).toBeUndefined();
      const answer = structuredClone(asked.answer);
      if (r.seat === seat) visit(answer, legalAnswers(view, r).slice());
      return answer;
    });
    goldrausch.apply(s, answers, random);
  }
}

describe('ismcts on Goldrausch', () => {
  it('searches the continent of a seat that is not the first to answer (its tree, not the first legal answer)', () => {
    let choices = 0;
    let notFirst = 0;
    for (let game = 0; game < 2; game++) {
      play(['uniform', 'uniform', 'ismcts:iterations=60', 'uniform'], game, 2, (answer, legal) => {
        if (answer.kind !== 'continent' || legal.length < 2) return;
        choices++;
        if (answer.continent !== (legal[0] as { continent: number }).continent) notFirst++;
      });
    }
    expect(choices).toBeGreaterThan(8);
    // Before, a seat after the first answered its first legal continent every time.
    expect(notFirst).toBeGreaterThan(0);
  });

  it("with anchor=1 a meeting turn is the prior's answer (greedy: PASS), never messages the rollouts wrote", () => {
    let turns = 0;
    play(['ismcts:iterations=30:rollout=betrayer:prior=greedy:anchor=1', 'betrayer', 'cooperative', 'betrayer'], 0, 0, (answer) => {
      if (answer.kind !== 'meeting-turn') return;
      turns++;
      expect(answer.messages.map((m) => m.type)).toEqual([MSG_PASS]);
    });
    expect(turns).toBeGreaterThan(5);
  });
});
