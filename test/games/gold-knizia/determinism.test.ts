import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';
import type { GameRecord } from '../../../src/core/definition.js';
import { GAMES } from '../../../src/games/registry.js';
import { fastPlayerOf, playOne, playRecord } from '../../../src/sim/run.js';
import { parseScenario, type Scenario } from '../../../src/sim/scenario.js';
import { capture } from '../../helpers/io.js';
import { tempDir } from '../../helpers/temp.js';

const def = GAMES['gold-knizia'];

function scenario(players: number, seats: string[], rules: Record<string, unknown> = {}, params?: Record<string, unknown>): Scenario {
  return parseScenario('gold-test.json', { game: 'gold-knizia', players, seats, rules, params, seed: 'gold' });
}

/** The engine's record of game `index` played by the generic driver (playGame). */
function engineRecord(sc: Scenario, seed: string, index: number): GameRecord {
  return def.record(playOne(sc, index, { seed, engine: 'reference' }).final);
}

const LINEUPS: [number, string[]][] = [
  [2, ['greedy', 'random']],
  [3, ['random', 'greedy', 'greedy']],
  [4, ['greedy', 'random', 'greedy', 'greedy']],
  [5, ['greedy', 'random', 'greedy', 'random', 'greedy']],
  [4, ['spoiler', 'cautious', 'greedy', 'random']],
];
const OPTIONS: [Record<string, unknown>, Record<string, unknown>?][] = [
  [{}],
  [{ stalemate: 'no-progress-turns' }],
  [{ stalemate: 'end-game' }],
  [{ secondChoice: 'blind' }],
  [{ memory: 'lossy' }, { recall: 0.7, forget: 0.1 }],
  [{ memory: 'lossy', scoreVisibility: 'public' }, { recall: 0.5 }],
  [{ series: true }],
  [{}, { maxTurns: 30 }],
];

describe('GOLD is a pure function of (config, seed, game index, line-up)', () => {
  for (const [players, seats] of LINEUPS) {
    for (const [rules, params] of OPTIONS) {
      it(`fast player and playGame give identical records: ${players} players, ${JSON.stringify(rules)} ${JSON.stringify(params ?? {})}`, () => {
        const sc = scenario(players, seats, rules, params);
        const fast = fastPlayerOf(sc);
        expect(fast).not.toBeNull();
        // Many games on one engine state (the fast player reuses it), each against a fresh engine.
        for (let i = 0; i < 25; i++) {
          const flat = fast!.play('gold', i);
          expect(flat).not.toBeNull();
          expect(fast!.gameRecord(flat!)).toEqual(engineRecord(sc, 'gold', i));
        }
      });
    }
  }

  it('replays a game played late on a long-used engine identically on a fresh one', () => {
    const sc = scenario(4, ['greedy', 'random', 'greedy', 'greedy'], { memory: 'lossy' });
    const used = fastPlayerOf(sc)!;
    const seen = new Map<number, GameRecord>();
    for (let i = 0; i < 300; i++) {
      const rec = used.gameRecord(used.play('late', i)!);
      if (i % 50 === 49) seen.set(i, rec);
    }
    for (const [i, rec] of seen) {
      const fresh = def.fastPlayer!(sc.config, 4, sc.bots)!;
      expect(fresh.gameRecord(fresh.play('late', i)!)).toEqual(rec);
      expect(playRecord(sc, i, { seed: 'late', engine: 'reference' }).record).toEqual(rec);
    }
  });

  it('changes with the seed and the game index (the comparison can fail)', () => {
    const sc = scenario(3, ['greedy', 'greedy', 'random']);
    expect(engineRecord(sc, 'gold', 1)).not.toEqual(engineRecord(sc, 'gold', 2));
    expect(engineRecord(sc, 'gold', 1)).not.toEqual(engineRecord(sc, 'other', 1));
  });

  it('keeps every record consistent: scores ≤ 60, curves end at the scores, gold + blasted + unscored ≤ 60', () => {
    const sc = scenario(4, ['random', 'random', 'greedy', 'random']);
    for (let i = 0; i < 200; i++) {
      const r = engineRecord(sc, 'sum', i);
      const total = r.outcome.scores.reduce((a, b) => a + b, 0);
      const blasted = r.counters[7].reduce((a, b) => a + b, 0);
      expect(total + blasted + r.counters[9][0]).toBe(60); // GK-A12: every gold card is scored, blasted or left
      expect(r.curve.at(-1)).toEqual(r.outcome.scores);
      expect(r.outcome.length).toBe(r.curve.length);
      expect(r.counters[1].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(24);
    }
  });
});

describe('GOLD runs give byte-identical outputs for any worker count', () => {
  it('writes the same CSVs and summary with 0, 1 and 2 workers', async () => {
    const dir = tempDir('goldpit-gold-');
    const file = join(dir, 'gold.json');
    writeFileSync(file, JSON.stringify({ name: 'gold', game: 'gold-knizia', players: 4, seats: ['greedy', 'random', 'greedy', 'greedy'], seed: 'w' }));
    const outs = [0, 1, 2].map((w) => join(dir, `out-${w}`));
    for (const [w, out] of outs.entries()) {
      expect(await runCli(['run', file, '--games', '600', '--out', out, '--workers', String(w), '--batch-size', '100', '--quiet'], capture())).toBe(0);
    }
    const files = readdirSync(outs[0]).filter((f) => f.endsWith('.csv') || f === 'summary.json');
    expect(files.length).toBeGreaterThan(3);
    for (const f of files) for (const out of outs.slice(1)) expect(readFileSync(join(out, f), 'utf8')).toBe(readFileSync(join(outs[0], f), 'utf8'));
  });
});
