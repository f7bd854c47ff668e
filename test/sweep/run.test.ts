import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { DealPool } from '../../src/sweep/pool.js';
import { PRECISION_LOOK, planPoints, runSweep, type SweepPlan } from '../../src/sweep/run.js';
import { parseVary } from '../../src/sweep/vary.js';
import { sweepCsv } from '../../src/sweep/write.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

const pools: DealPool[] = [];
afterAll(async () => {
  for (const p of pools) await p.close();
});
const poolOf = (workers: number, batchSize: number, seed: string, stop?: AbortSignal) => {
  const pool = new DealPool({ workers, batchSize, seed, stop });
  pools.push(pool);
  return pool;
};

function planOf(file: string, vary: string[], extra: Partial<SweepPlan> = {}): SweepPlan {
  const base = loadScenario(file);
  return {
    file,
    data: base.portable,
    base,
    factors: vary.map(parseVary),
    design: 'grid',
    reference: null,
    games: 400,
    seed: base.seed,
    precision: null,
    ...extra,
  };
}

describe('goldpit sweep', () => {
  it('a parameter that changes no game gives paired differences of exactly 0, with the bound 400 unchanged deals allow, and says so', async () => {
    // The setup respawn multiplier for 6 players cannot matter in a 4-player game (GR §7); the
    // scenario's own value (3) is the reference.
    const plan = planOf('scenarios/baseline.json', ['params.setupRespawnMultiplier.6=1..4']);
    const { sweep } = await runSweep(plan, { pool: poolOf(0, 150, plan.seed), checkpointFile: null, resume: false });
    expect(sweep.points.map((p) => p.values['params.setupRespawnMultiplier.6'])).toEqual([1, 2, 3, 4]);
    expect(sweep.reference).toBe(2);
    for (const p of sweep.points) {
      for (const [id, e] of Object.entries(p.metrics)) {
        if (p.index === sweep.reference) {
          expect([e.diff, e.changed], id).toEqual([null, null]);
          continue;
        }
        expect([e.diff, e.changed], `${id} at point ${p.index}`).toEqual([0, 0]);
        expect(e.diffLo!, id).toBeLessThan(0);
        expect(e.diffHi!, id).toBeGreaterThan(0);
      }
      if (p.index === sweep.reference) continue;
      // A win share's difference lies in [−1, 1]: Tango's interval for no changed deal in 400,
      // ±0.009512294334296508 (scripts/reference/bounded_mean.py), rounded outwards to 6 decimals.
      expect([p.metrics['win:greedy'].diffLo, p.metrics['win:greedy'].diffHi]).toEqual([-0.009513, 0.009513]);
      // The game's length lies in [0, 10], so its difference in [−10, 10]: ten times as wide.
      expect([p.metrics.rounds.diffLo, p.metrics.rounds.diffHi]).toEqual([-0.095123, 0.095123]);
    }
    expect(sweep.verdicts).toContain(
      'Changing params.setupRespawnMultiplier.6 from 3 to 1 changed no deal in 400 deals: every metric\u2019s difference is exactly 0, and 400 unchanged deals still allow effects within the 95% intervals (win rate greedy within \u00b11.0 pp and mean rounds within \u00b10.10).',
    );
    expect(sweep.verdicts.join(' ')).not.toMatch(/no detectable effect/);
  });

  it('a parameter that matters moves the estimates, with paired intervals far narrower than the separate ones', async () => {
    const plan = planOf('scenarios/baseline.json', ['params.fine=0,6'], { games: 1000 });
    const { sweep, addedReference } = await runSweep(plan, { pool: poolOf(0, 500, plan.seed), checkpointFile: null, resume: false });
    // fine 2 (the scenario's default) is not among 0 and 6: it is added as the reference.
    expect(addedReference).toBe(true);
    expect(sweep.points).toHaveLength(3);
    expect(sweep.reference).toBe(2);
    expect(sweep.points[2].values['params.fine']).toBe(2);
    const gold0 = sweep.points[0].metrics.gold;
    expect(gold0.diff).not.toBe(0);
    // Paired: the difference's interval is narrower than the two estimates' intervals side by side.
    expect(gold0.diffHi! - gold0.diffLo!).toBeLessThan(gold0.hi! - gold0.lo! + (sweep.points[2].metrics.gold.hi! - sweep.points[2].metrics.gold.lo!));
  });

  it('--reference picks another point; a value outside the grid is added', () => {
    const plan = planOf('scenarios/baseline.json', ['params.fine=0..3'], { reference: { 'params.fine': 3 } });
    expect(planPoints(plan)).toMatchObject({ reference: 3, addedReference: false });
    expect(planPoints({ ...plan, reference: { 'params.fine': 5 } })).toMatchObject({ reference: 4, addedReference: true });
    expect(() => planPoints({ ...plan, reference: { 'params.caps': 5 } })).toThrow(/--reference names params.caps, which no --vary varies/);
  });

  it('writes byte-identical sweep.json and sweep.csv for 0, 1 or 2 workers and any batch size', async () => {
    const plan = planOf('scenarios/baseline.json', ['params.fine=1,3', 'rules.penaltySink=bank,continent'], { games: 300 });
    const texts: string[] = [];
    for (const [workers, batchSize] of [
      [0, 300],
      [1, 70],
      [2, 45],
    ]) {
      const { sweep } = await runSweep(plan, { pool: poolOf(workers, batchSize, plan.seed), checkpointFile: null, resume: false });
      texts.push(JSON.stringify(sweep) + sweepCsv(sweep));
    }
    expect(texts[1]).toBe(texts[0]);
    expect(texts[2]).toBe(texts[0]);
  });

  it('stops on request keeping a checkpoint (finished points and the current prefix), and resumes to the same result', async () => {
    const dir = tempDir('goldpit-sweep-');
    const checkpointFile = join(dir, 'cp.json');
    const plan = planOf('scenarios/baseline.json', ['params.fine=1..3'], { games: 500 });
    const straight = (await runSweep(plan, { pool: poolOf(0, 100, plan.seed), checkpointFile: null, resume: false })).sweep;
    const stop = new AbortController();
    const first = await runSweep(plan, {
      pool: poolOf(0, 100, plan.seed, stop.signal),
      checkpointFile,
      resume: false,
      // Stop in the middle of the second point (after 500 + 200 games).
      progress: () => ({ update: (done) => void (done >= 700 && stop.abort()), done: () => {} }),
    });
    expect(first.complete).toBe(false);
    expect(first.gamesDone).toBe(700);
    expect(existsSync(checkpointFile)).toBe(true);
    const cp = JSON.parse(readFileSync(checkpointFile, 'utf8')) as { finished: unknown[]; current: { games: number } };
    expect(cp.finished).toHaveLength(1);
    expect(cp.current.games).toBe(200);
    const resumed = await runSweep(plan, { pool: poolOf(2, 60, plan.seed), checkpointFile, resume: true });
    expect(resumed.complete).toBe(true);
    expect(resumed.resumedGames).toBe(700);
    expect(JSON.stringify(resumed.sweep)).toBe(JSON.stringify(straight));
    expect(existsSync(checkpointFile)).toBe(false);
    // A checkpoint of another sweep is refused.
    const other = await runSweep(plan, {
      pool: poolOf(0, 100, plan.seed, AbortSignal.abort()),
      checkpointFile,
      resume: false,
    });
    expect(other.complete).toBe(false);
    await expect(runSweep({ ...plan, games: 600 }, { pool: poolOf(0, 100, plan.seed), checkpointFile, resume: true })).rejects.toThrow(
      /the checkpoint is of another sweep/,
    );
  });

  it('--precision: each point stops at the first look where every win rate is within ±h; larger h stops earlier; --games caps it', async () => {
    const plan = planOf('scenarios/mirror-cooperative.json', ['params.fine=2,3'], { games: 6000 });
    const gamesAt = async (precision: number, games = plan.games, batchSize = 700, workers = 0) =>
      (await runSweep({ ...plan, precision, games }, { pool: poolOf(workers, batchSize, plan.seed), checkpointFile: null, resume: false })).sweep.points.map(
        (p) => p.games,
      );
    const loose = await gamesAt(0.03);
    const tight = await gamesAt(0.015);
    for (const g of [...loose, ...tight]) expect(g % PRECISION_LOOK === 0 || g === plan.games).toBe(true);
    loose.forEach((g, i) => expect(g).toBeLessThan(tight[i]));
    // Hand-checkable bound: a 4-seat mirror win rate near 0.25 has Wilson half-width ≈ 1.96·√(.25·.75/n),
    // within 0.03 from n ≈ 800 on: so the loose rule stops at 1,000 games.
    expect(loose).toEqual([1000, 1000]);
    // The same for another batch size (looks at fixed counts).
    expect(await gamesAt(0.015, plan.games, 333)).toEqual(tight);
    // On 2 workers, whose batches in flight when a point stops are cancelled.
    expect(await gamesAt(0.015, plan.games, 500, 2)).toEqual(tight);
    // ±0.001 needs ~720,000 games: the cap stops it.
    expect(await gamesAt(0.001, 2500)).toEqual([2500, 2500]);
    const { sweep } = await runSweep({ ...plan, precision: 0.03 }, { pool: poolOf(0, 700, plan.seed), checkpointFile: null, resume: false });
    expect(sweep.stoppingRule).toMatch(/within ±0.03, looking after every 1,000 games, at most 6,000 games.*the points stopped at 1,000 games$/);
  });

  it("labels a seat whose bot is varied by its number, not by the reference's bot", async () => {
    const plan = planOf('scenarios/gold-3p.json', ['seats[2]=random,greedy'], { games: 20 });
    const { sweep } = await runSweep(plan, { pool: poolOf(0, 20, plan.seed), checkpointFile: null, resume: false });
    const label = (id: string) => sweep.metrics.find((m) => m.id === id)?.label;
    expect(label('seat:2')).toBe('win rate seat 2 (bot varied)');
    expect(label('seat:0')).toBe(`win rate seat 0 (${plan.base.seats[0]})`);
  });

  it.each([
    ['scenarios/gold-3p.json', 'seats[2]=random,greedy'],
    ['scenarios/my-gold-mine-3p.json', 'seats[0]=greedy,random'],
    ['scenarios/green-deal-3p.json', 'components.pr.price=2,4'],
    ['scenarios/baseline.json', 'rules.penaltySink=bank,continent'],
  ])('sweeps %s', async (file, vary) => {
    const plan = planOf(file, [vary], { games: 60 });
    const { sweep, complete } = await runSweep(plan, { pool: poolOf(0, 30, plan.seed), checkpointFile: null, resume: false });
    expect(complete).toBe(true);
    expect(sweep.game).toBe(loadScenario(file).game);
    expect(sweep.points.length).toBeGreaterThanOrEqual(2);
    for (const p of sweep.points) {
      expect(p.games).toBe(60);
      for (const e of Object.values(p.metrics)) expect(e.lo!).toBeLessThan(e.hi!);
    }
  });
});

describe('goldpit sweep (command line)', () => {
  it('writes sweep.json, sweep.csv and sweep.html into --out', async () => {
    const out = tempDir('goldpit-sweep-cli-');
    const io = capture();
    const code = await runCli(
      ['sweep', 'scenarios/baseline.json', '--vary', 'params.fine=1,2', '--games', '50', '--workers', '0', '--out', out, '--quiet'],
      io,
    );
    expect(io.stderr).toBe('');
    expect(code).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'sweep.json'), 'utf8')) as { kind: string; reference: number; points: unknown[]; stoppingRule: string };
    expect(json).toMatchObject({ kind: 'goldpit-sweep', reference: 1, stoppingRule: '50 games per point, every point on the same deals' });
    const csv = readFileSync(join(out, 'sweep.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('point,role,params.fine,games,metric,estimate,lo,hi,diff,diff_lo,diff_hi,changed');
    expect(csv.filter((l) => l.startsWith('1,reference,2,50,')).every((l) => l.endsWith(',,,,'))).toBe(true);
    expect(readFileSync(join(out, 'sweep.html'), 'utf8')).toMatch(/^<!doctype html>/);
  });
  it('refuses to overwrite a checkpoint without --resume or --fresh; --fresh starts over', async () => {
    const out = tempDir('goldpit-sweep-cp-');
    writeFileSync(join(out, '.sweep-checkpoint.json'), '{}');
    const args = ['sweep', 'scenarios/baseline.json', '--vary', 'params.fine=1,2', '--games', '20', '--workers', '0', '--out', out, '--quiet'];
    const io = capture();
    expect(await runCli(args, io)).toBe(2);
    expect(io.stderr).toMatch(/holds the checkpoint of an unfinished sweep[\s\S]*continue it: .*--resume[\s\S]*start over: .*--fresh/);
    const resumed = capture();
    expect(await runCli([...args, '--resume'], resumed)).toBe(2);
    expect(resumed.stderr).toMatch(/not a goldpit sweep checkpoint/);
    expect(await runCli([...args, '--fresh'], capture())).toBe(0);
    expect(existsSync(join(out, '.sweep-checkpoint.json'))).toBe(false);
  });
  it('refuses a bad --vary with the spec and the forms expected', async () => {
    const io = capture();
    expect(await runCli(['sweep', 'scenarios/baseline.json', '--vary', 'params.fine=6..1', '--workers', '0'], io)).toBe(2);
    expect(io.stderr).toMatch(/--vary "params.fine=6..1": the range 6..1 runs backwards/);
    const io2 = capture();
    expect(await runCli(['sweep', 'scenarios/baseline.json', '--vary', 'params.fien=1,2', '--workers', '0'], io2)).toBe(2);
    expect(io2.stderr).toMatch(/scenarios\/baseline.json: field "params.fien": unknown key \(did you mean "fine"\?\); known keys: /);
  });
});
