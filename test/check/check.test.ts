/**
 * `goldpit baseline` and `goldpit check` end to end on real games: identical code passes, a real
 * rules change fails, a change with a tiny effect never fails; exit codes, pairing errors, outputs.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { capture } from '../helpers/io.js';
import type { CheckReport } from '../../src/check/report.js';
import { tempDir } from '../helpers/temp.js';

const tmp = () => tempDir('goldpit-check-');
const BASE = { name: 'four', players: 4, seats: ['greedy', 'cooperative', 'betrayer', 'reciprocal'], games: 1500, seed: 'check-test' };
const MIRROR = { name: 'mirror', players: 4, seats: ['cooperative', 'cooperative', 'cooperative', 'cooperative'], games: 1500, seed: 'check-mirror' };

function write(dir: string, body: unknown, file: string): string {
  const path = join(dir, file);
  writeFileSync(path, JSON.stringify(body));
  return path;
}

let dir: string;
let baseline: string;

beforeAll(async () => {
  delete process.env.GITHUB_STEP_SUMMARY;
  dir = tmp();
  baseline = join(dir, 'baseline.json');
  const io = capture();
  const code = await runCli(['baseline', write(dir, BASE, 'four.json'), write(dir, MIRROR, 'mirror.json'), '--out', baseline, '--workers', '0', '--quiet'], io);
  expect(code, io.stderr).toBe(0);
}, 120_000);

afterEach(() => {
  delete process.env.GITHUB_STEP_SUMMARY;
});

async function check(scenarios: string[], ...extra: string[]): Promise<{ code: number; report: CheckReport; io: ReturnType<typeof capture> }> {
  const io = capture();
  const code = await runCli(['check', ...scenarios, '--baseline', baseline, '--workers', '0', '--quiet', '--json', ...extra], io);
  expect(io.stderr).toBe('');
  return { code, report: JSON.parse(io.stdout) as CheckReport, io };
}

/** A copy of the 4-player scenario under the same name, with rules or parameters changed. */
const changed = (over: Record<string, unknown>, file = 'changed.json') => write(tmp(), { ...BASE, ...over }, file);

describe('goldpit baseline', () => {
  it('records per scenario the config hash, seed, games, deck id, code version and hashes, and compact per-deal outcomes', () => {
    const b = JSON.parse(readFileSync(baseline, 'utf8'));
    expect(b.kind).toBe('goldpit-baseline');
    expect(Object.keys(b.scenarios)).toEqual(['four', 'mirror']);
    const four = b.scenarios.four;
    expect(four).toMatchObject({ seed: 'check-test', games: 1500, players: 4, seats: BASE.seats, dataIds: { deckId: 'goldrausch-synthetic-v1' } });
    expect(four.configHash).toMatch(/^[0-9a-f]{16}$/);
    expect(four.code.version).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    expect(four.code.gameHash).toMatch(/^[0-9a-f]{16}$/);
    expect(four.code.botsHash).toMatch(/^[0-9a-f]{16}$/);
    expect(four.tolerance).toEqual({ winRate: 0.01, seatWinRate: 0.01, rounds: 0.25, finalGold: 0.02, endingShare: 0.01 });
    // The four bots' win rates add up to 1 (shared wins split), the mirror's seats too.
    const winSum = ['greedy', 'cooperative', 'betrayer', 'reciprocal'].reduce((s, bot) => s + four.means[`win:${bot}`], 0);
    expect(winSum).toBeCloseTo(1, 5);
    expect([0, 1, 2, 3].reduce((s, k) => s + b.scenarios.mirror.means[`seat:${k}`], 0)).toBeCloseTo(1, 5);
    // Compact: well under 8 bytes a deal.
    expect(statSync(baseline).size).toBeLessThan(2 * 1500 * 8);
  });
});

describe('goldpit check', () => {
  it('passes identical code (every paired difference is 0), exit 0', async () => {
    const { code, report } = await check([join(dir, 'four.json'), join(dir, 'mirror.json')]);
    expect(code).toBe(0);
    expect(report.verdict).toBe('PASS');
    for (const s of report.scenarios) {
      expect(s.changes).toEqual([]);
      expect(s.games).toBe(1500);
      for (const m of s.metrics) {
        expect(m.shift).toBe(0);
        expect(m.status).toBe('equivalent');
      }
    }
    expect(report.scenarios[1].metrics.map((m) => m.id)).toEqual(['seat:0', 'seat:1', 'seat:2', 'seat:3', 'rounds', 'gold', 'race']);
  }, 60_000);

  it('fails a real rules change (fine 2 → 5), exit 1, and says what changed', async () => {
    const { code, report } = await check([changed({ params: { fine: 5 } })]);
    expect(code).toBe(1);
    const s = report.scenarios[0];
    expect(s.verdict).toBe('FAIL');
    expect(s.changes).toContain('params.fine: 2 → 5');
    const shifted = s.metrics.filter((m) => m.status === 'shifted').map((m) => m.id);
    // Dearer collisions favour the betrayer (measured: +15 pp), drain gold and end games sooner by the race.
    expect(shifted).toEqual(expect.arrayContaining(['win:betrayer', 'rounds', 'gold']));
    const gold = s.metrics.find((m) => m.id === 'gold')!;
    expect(gold.shift).toBeLessThan(-gold.delta);
  }, 60_000);

  it('never fails a change with a tiny effect (vulture with all equal: 3 → 5 gold): PASS or INCONCLUSIVE', async () => {
    const { code, report } = await check([changed({ rules: { vultureAllEqual: 5 } })]);
    expect([0, 3]).toContain(code);
    expect(report.scenarios[0].metrics.every((m) => m.status !== 'shifted')).toBe(true);
    expect(report.scenarios[0].changes).toEqual(['rules.vultureAllEqual: 3 → 5']);
  }, 60_000);

  it('sequential (--until-decided): identical code passes at the first look; fine 2 → 5 fails before the limit', async () => {
    const same = await check([join(dir, 'four.json')], '--until-decided', '--look-every', '500');
    expect(same.code).toBe(0);
    expect(same.report.scenarios[0]).toMatchObject({ mode: 'sequential', decidedBy: 'sprt', games: 500 });
    const fine = await check([changed({ params: { fine: 5 } })], '--until-decided', '--look-every', '500');
    expect(fine.code).toBe(1);
    expect(fine.report.scenarios[0].decidedBy).toBe('sprt');
    expect(fine.report.scenarios[0].games).toBeLessThan(1500);
    expect(fine.report.scenarios[0].metrics.some((m) => m.sequential!.up === 'H1' || m.sequential!.down === 'H1')).toBe(true);
    // The metrics that decided are marked: exactly those whose SPRT accepted a shift.
    for (const m of fine.report.scenarios[0].metrics) expect(m.sequential!.decisive).toBe(m.sequential!.up === 'H1' || m.sequential!.down === 'H1');
    expect(fine.report.scenarios[0].sprt).toMatchObject({ lookEvery: 500, beta: 0.05 });
    // The text report explains the SPRT verdict by the SPRT, not by the fixed-sample tests.
    const io = capture();
    await runCli(
      ['check', changed({ params: { fine: 5 } }), '--baseline', baseline, '--workers', '0', '--quiet', '--until-decided', '--look-every', '500'],
      io,
    );
    expect(io.stdout).toContain('outcome (SPRT)');
    expect(io.stdout).toContain('◀');
    expect(io.stdout).toMatch(
      /goldpit check: FAIL \(exit 1\) — a metric's sequential test accepted a shift of ±2δ against none: the shift is nearer 2δ than 0/,
    );
  }, 60_000);

  it('is INCONCLUSIVE (exit 3) with the games needed when there are too few games to decide', async () => {
    // 40 games cannot show win rates within ±1 pp, and a shift of 2 → 3 gold is not beyond δ yet.
    const { code, report, io } = await check([changed({ params: { fine: 3 } })], '--games', '40');
    expect(code).toBe(3);
    const s = report.scenarios[0];
    expect(s.verdict).toBe('INCONCLUSIVE');
    expect(s.gamesNeeded).toBeGreaterThan(40);
    expect(io.stdout).toContain('"gamesNeeded"');
  }, 60_000);

  it("reads the tolerances from the scenario's check block", async () => {
    // A tolerance of 0.001 rounds makes even the vulture change's length shift undecidable in 1500 games.
    const { report } = await check([changed({ check: { tolerance: { winRate: 0.5, rounds: 5, finalGold: 0.5, endingShare: 0.5 } }, params: { fine: 3 } })]);
    const s = report.scenarios[0];
    expect(s.metrics.find((m) => m.id === 'rounds')!.delta).toBe(5);
    expect(s.metrics.find((m) => m.id === 'win:greedy')!.delta).toBe(0.5);
    expect(s.verdict).toBe('PASS');
  }, 60_000);

  it('gives the same verdict and figures for any worker count and batch size', async () => {
    const file = changed({ params: { fine: 3 } });
    const a = await check([file], '--until-decided', '--look-every', '500');
    const io = capture();
    await runCli(
      ['check', file, '--baseline', baseline, '--workers', '2', '--batch-size', '70', '--quiet', '--json', '--until-decided', '--look-every', '500'],
      io,
    );
    expect(io.stdout).toBe(a.io.stdout);
  }, 60_000);

  it('prints Markdown and appends it to $GITHUB_STEP_SUMMARY', async () => {
    const summary = join(tmp(), 'summary.md');
    process.env.GITHUB_STEP_SUMMARY = summary;
    const io = capture();
    const code = await runCli(['check', changed({ params: { fine: 5 } }), '--baseline', baseline, '--workers', '0', '--quiet', '--markdown'], io);
    expect(code).toBe(1);
    expect(io.stdout).toMatch(/^## goldpit check: FAIL/);
    expect(io.stdout).toContain('| metric | baseline | now | shift |');
    expect(readFileSync(summary, 'utf8')).toBe(io.stdout);
  }, 60_000);

  it('--update-baseline rewrites the scenario on purpose; the changed rules then pass', async () => {
    const copy = join(tmp(), 'baseline.json');
    writeFileSync(copy, readFileSync(baseline));
    const file = changed({ params: { fine: 5 }, games: 300 });
    const io = capture();
    expect(await runCli(['check', file, '--baseline', copy, '--update-baseline', '--workers', '0', '--quiet'], io)).toBe(0);
    expect(io.stdout).toContain('four: re-recorded (1500 games');
    const after = capture();
    expect(await runCli(['check', file, '--baseline', copy, '--workers', '0', '--quiet', '--games', '300'], after)).toBe(0);
    // The other scenario's entry is untouched.
    expect(JSON.parse(readFileSync(copy, 'utf8')).scenarios.mirror).toEqual(JSON.parse(readFileSync(baseline, 'utf8')).scenarios.mirror);
  }, 60_000);
});

describe('goldpit check usage errors (exit 2)', () => {
  const usage = async (args: string[]) => {
    const io = capture();
    const code = await runCli(['check', ...args, '--workers', '0', '--quiet'], io);
    return { code, message: io.stderr };
  };

  it('a missing baseline', async () => {
    const r = await usage([join(dir, 'four.json'), '--baseline', join(dir, 'nope.json')]);
    expect(r.code).toBe(2);
    expect(r.message).toContain(`no baseline at ${join(dir, 'nope.json')}; record one with \`npx goldpit baseline`);
  });

  it('an unreadable baseline', async () => {
    const bad = join(tmp(), 'bad.json');
    writeFileSync(bad, '{"kind": "something else"}');
    const r = await usage([join(dir, 'four.json'), '--baseline', bad]);
    expect(r.code).toBe(2);
    expect(r.message).toContain('field "kind": expected "goldpit-baseline"');
  });

  it('other bot names in the line-up', async () => {
    const r = await usage([changed({ seats: ['greedy', 'cooperative', 'betrayer', 'silent'] }), '--baseline', baseline]);
    expect(r.code).toBe(2);
    expect(r.message).toContain(
      'scenario four: the line-up changed from [greedy, cooperative, betrayer, reciprocal] to [greedy, cooperative, betrayer, silent] (new: silent; no longer there: reciprocal)',
    );
  });

  it('another player count', async () => {
    const r = await usage([changed({ players: 5, seats: [...BASE.seats, 'random'] }), '--baseline', baseline]);
    expect(r.code).toBe(2);
    expect(r.message).toContain('scenario four has 5 players but its baseline has 4: its metrics cannot be paired');
  });

  it('a scenario the baseline does not hold, and more games than it holds', async () => {
    const other = await usage([write(tmp(), { ...BASE, name: 'other' }, 'other.json'), '--baseline', baseline]);
    expect(other.code).toBe(2);
    expect(other.message).toContain('scenario other');
    expect(other.message).toContain('is not in the baseline');
    const more = await usage([join(dir, 'four.json'), '--baseline', baseline, '--games', '5000']);
    expect(more.code).toBe(2);
    expect(more.message).toContain('the baseline holds only 1500 games of scenario four');
  });

  it('a malformed check block in the scenario, naming the field', async () => {
    const r = await usage([changed({ check: { tolerance: { winrate: 0.02 } } }), '--baseline', baseline]);
    expect(r.code).toBe(2);
    expect(r.message).toContain('field "check.tolerance.winrate": unknown key (did you mean "winRate"?)');
    const range = await usage([changed({ check: { tolerance: { rounds: -1 } } }), '--baseline', baseline]);
    expect(range.message).toContain('field "check.tolerance.rounds": expected a number from 0.001 to 10, got -1');
  });
});
