/**
 * `goldpit sensitivity` end to end on Goldrausch: the files, determinism for any worker count and
 * batch size, an interruption and --resume, Sobol on a screen's knobs, a knob that changes no game,
 * and bad options refused before anything is written.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import type { SensitivityJson } from '../../src/sensitivity/types.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

const tmp = () => tempDir('goldpit-sensitivity-');
const SCENARIO = 'scenarios/baseline.json';
const FILES = ['sensitivity.json', 'sensitivity.csv', 'sensitivity.html'];
const files = (dir: string) => Object.fromEntries(FILES.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
const json = (dir: string) => JSON.parse(readFileSync(join(dir, 'sensitivity.json'), 'utf8')) as SensitivityJson;

// Three knobs: one that matters a lot (the rounds move the race share), a rules option, and one that changes no game of 4 players.
const KNOBS = ['--vary', 'params.rounds=8..12', '--vary', 'rules.penaltySink=bank,continent', '--vary', 'params.setupRespawnMultiplier.6=1..4'];
// A knob that changes no game is shown within a band only when the deals not played could not move
// it further (the rule of three, morris.ts: (1 − 0.025^(1/n))·range·1.5 ≤ band): for the 1 pp of a
// share at n ≥ 1,200 games a point, for 1% of a score's mean only at several thousand. Wider bands
// for the lengths and scores let these small runs see "no detectable effect" on every metric.
const BANDS = ['--negligible', 'score=3', '--negligible', 'steps=0.5'];
const SMALL = [...KNOBS, '--games', '1200', '--trajectories', '6', '--bootstrap', '200', '--seed', 'sens', ...BANDS, '--quiet'];

describe('goldpit sensitivity', () => {
  it('Morris: writes the files with verdicts; byte-identical for 0, 1 and 2 workers and any batch size', async () => {
    const outs = [tmp(), tmp(), tmp()];
    const runs = [
      ['--workers', '0', '--batch-size', '400'],
      ['--workers', '1', '--batch-size', '97'],
      ['--workers', '2', '--batch-size', '150'],
    ];
    for (let i = 0; i < 3; i++) expect(await runCli(['sensitivity', SCENARIO, ...SMALL, ...runs[i], '--out', outs[i]], capture())).toBe(0);
    expect(files(outs[1])).toEqual(files(outs[0]));
    expect(files(outs[2])).toEqual(files(outs[0]));
    const j = json(outs[0]);
    expect(j.method).toBe('morris');
    expect(j.design.trajectories).toBe(6);
    expect(j.knobs.map((k) => [k.path, k.numeric, k.levels])).toEqual([
      ['params.rounds', true, [8, 9, 11, 12]],
      ['rules.penaltySink', false, ['bank', 'continent']],
      ['params.setupRespawnMultiplier.6', true, [1, 2, 3, 4]],
    ]);
    // Every sweep metric is a metric of the analysis.
    expect(j.metrics.map((m) => m.id)).toEqual([
      'win:greedy',
      'win:cooperative',
      'win:betrayer',
      'win:reciprocal',
      'seat:0',
      'seat:1',
      'seat:2',
      'seat:3',
      'seatSpread',
      'rounds',
      'gold',
      'scoreSpread',
      'race',
    ]);
    const row = (knob: string, metric: string) => j.morris!.find((r) => r.knob === knob && r.metric === metric)!;
    // The rounds move the race share by tens of points over 8..12 (fewer rounds, fewer races won in time? no: more rounds, more races).
    expect(row('params.rounds', 'race').verdict).toMatch(/matters|interacts/);
    expect(row('params.rounds', 'race').muStar.lo).toBeGreaterThan(0.1);
    // A knob that changes no game of 4 players: every effect exactly 0, no noise; the interval is not
    // of zero width but reaches as far as deals not played could (the rule of three: 1 − 0.025^(1/1200)
    // of the deals, each by at most the metric's per-deal range, over the whole range).
    for (const m of j.metrics) {
      const r = row('params.setupRespawnMultiplier.6', m.id);
      expect([r.muStar.estimate, r.muStar.lo, r.sigma.estimate, r.noise]).toEqual([0, 0, 0, 0]);
      expect(r.muStar.hi).toBeGreaterThan(0);
      expect(r.muStar.hi).toBe(r.unseen);
      expect(r.verdict).toBe('none');
    }
    // A share: per-deal range 1, each step over 2 of the range's 3 units (levels 1→3 or 2→4 of 1..4: scale 1.5).
    expect(row('params.setupRespawnMultiplier.6', 'seat:0').unseen).toBeCloseTo((1 - 0.025 ** (1 / 1200)) * 1 * 1.5, 5);
    expect(j.knobSummaries!.find((s) => s.knob === 'params.setupRespawnMultiplier.6')!.verdict).toBe('none');
    expect(j.verdicts).toContain(
      'No detectable effect on any metric: 1 of 3 knobs (params.setupRespawnMultiplier.6); each moves every metric by less than its negligible band.',
    );
    const csv = readFileSync(join(outs[0], 'sensitivity.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('knob,origin,metric,mu,mu_lo,mu_hi,mu_star,mu_star_lo,mu_star_hi,sigma,sigma_lo,sigma_hi,noise,negligible,verdict');
    expect(csv.length).toBe(1 + 3 * 13);
    expect(csv[0]).toContain(',noise,negligible,verdict');
    const page = readFileSync(join(outs[0], 'sensitivity.html'), 'utf8');
    expect(page).not.toContain('<script');
    expect(page).toContain('data-chart="scatter-8"');
    expect(page).toContain('data-chart="bars-12"');
  }, 180_000);

  it('--tension adds the tension metrics as outputs; with a band for counts, a knob that changes no game shows no effect on them either', async () => {
    const out = tmp();
    const io = capture();
    expect(await runCli(['sensitivity', SCENARIO, ...SMALL, '--tension', '--negligible', 'count=0.1', '--workers', '0', '--out', out], io)).toBe(0);
    const j = json(out);
    const tension = ['leadChanges', 'decisiveShare', 'winnerDeficit', 'finalMargin'];
    expect(j.metrics.map((m) => m.id).slice(-4)).toEqual(tension);
    expect(j.metrics.find((m) => m.id === 'leadChanges')!.negligible).toBe(0.1);
    expect(j.metrics.find((m) => m.id === 'decisiveShare')!.unit).toBe('share');
    for (const id of tension) {
      // The knob that changes no game: exactly 0, with an interval as wide as the deals not played allow.
      const still = j.morris!.find((r) => r.knob === 'params.setupRespawnMultiplier.6' && r.metric === id)!;
      expect([still.muStar.estimate, still.muStar.lo, still.sigma.estimate]).toEqual([0, 0, 0]);
      expect(still.muStar.hi).toBeGreaterThan(0);
      expect(still.verdict).toBe('none');
      // The rounds change every game: a real effect with a real interval.
      const rounds = j.morris!.find((r) => r.knob === 'params.rounds' && r.metric === id)!;
      expect(rounds.muStar.estimate).toBeGreaterThan(0);
      expect(rounds.muStar.hi).toBeGreaterThan(rounds.muStar.estimate);
    }
    expect(j.knobSummaries!.find((k) => k.knob === 'params.setupRespawnMultiplier.6')!.verdict).toBe('none');
    expect(readFileSync(join(out, 'sensitivity.csv'), 'utf8').trim().split('\n')).toHaveLength(1 + 3 * 17);
  }, 180_000);

  it('prints the seat spread and race share verdicts and the knobs that do nothing', async () => {
    const io = capture();
    const out = tmp();
    expect(await runCli(['sensitivity', SCENARIO, ...SMALL.filter((a) => a !== '--quiet'), '--workers', '0', '--out', out], io)).toBe(0);
    const lines = io.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^Morris screening: 6 trajectories of 4 points \(3 knobs, up to 4 levels each\), 1,200 games per point, every point on the same deals: \d+ points, [\d,]+ games/,
    );
    expect(lines[1]).toMatch(/^- Seat spread \(highest − lowest seat win rate\): /);
    expect(lines[2]).toMatch(/^- Race share: .*params\.rounds \(μ\* \d+ pp, 95%: /);
    expect(lines[3]).toBe(
      '- No detectable effect on any metric: 1 of 3 knobs (params.setupRespawnMultiplier.6); each moves every metric by less than its negligible band.',
    );
    // Progress on stderr (plain lines when it is not a terminal), ending at every game of every distinct point.
    const total = Number(lines[0].match(/ points, ([\d,]+) games/)![1].replace(/,/g, ''));
    const last = io.stderr
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('progress: '))
      .at(-1);
    expect(last).toMatch(new RegExp(`^progress: 100\\.0%  ${total.toLocaleString('en-US')}/${total.toLocaleString('en-US')} games  `));
  }, 120_000);

  it('Sobol on the knobs a screen kept: first-order and total indices with intervals, the noise share said apart', async () => {
    const screen = tmp();
    expect(await runCli(['sensitivity', SCENARIO, ...SMALL, '--workers', '0', '--out', screen], capture())).toBe(0);
    const out = tmp();
    const args = ['sensitivity', SCENARIO, '--method', 'sobol', '--screen', join(screen, 'sensitivity.json'), '--games', '300', '--samples', '24'];
    expect(await runCli([...args, '--bootstrap', '200', '--seed', 'sens', '--workers', '2', '--out', out, '--quiet'], capture())).toBe(0);
    const j = json(out);
    expect(j.method).toBe('sobol');
    // The knob that changes no game was screened out.
    expect(j.knobs.map((k) => k.path)).toEqual(['params.rounds', 'rules.penaltySink']);
    expect(j.design.samples).toBe(24);
    const race = j.sobol!.find((r) => r.metric === 'race')!;
    expect(race.noiseShare.estimate).toBeGreaterThanOrEqual(0);
    expect(race.noiseShare.estimate).toBeLessThan(0.5);
    const rounds = race.knobs[0];
    expect(rounds.total.estimate).toBeGreaterThan(0.5);
    expect(rounds.total.lo).toBeLessThanOrEqual(rounds.total.estimate);
    expect(rounds.total.hi).toBeGreaterThanOrEqual(rounds.total.estimate);
    expect(readFileSync(join(out, 'sensitivity.csv'), 'utf8').split('\n')[0]).toBe(
      'knob,origin,metric,first,first_lo,first_hi,total,total_lo,total_hi,raw_first,raw_total,noise_share,deal_share',
    );
    // The same with 0 workers: the same bytes.
    const again = tmp();
    expect(await runCli([...args, '--bootstrap', '200', '--seed', 'sens', '--workers', '0', '--out', again, '--quiet'], capture())).toBe(0);
    expect(files(again)).toEqual(files(out));
  }, 180_000);

  it('an interrupted analysis keeps its checkpoint and --resume gives the same files; another analysis is refused', async () => {
    const straight = tmp();
    const args = [
      'sensitivity',
      SCENARIO,
      ...KNOBS,
      '--games',
      '1000',
      '--trajectories',
      '12',
      '--bootstrap',
      '200',
      '--seed',
      'resume',
      '--batch-size',
      '200',
    ];
    expect(await runCli([...args, '--workers', '0', '--quiet', '--out', straight], capture())).toBe(0);
    const out = tmp();
    const checkpoint = join(out, '.sensitivity-checkpoint.json');
    const child = spawn(process.execPath, ['bin/goldpit.js', ...args, '--workers', '1', '--checkpoint-every', '0.1', '--out', out], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const exit = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    // Interrupt once a checkpoint holds some finished points.
    for (let i = 0; i < 600 && !existsSync(checkpoint); i++) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    expect(await exit).toBe(130);
    expect(stderr).toMatch(/interrupted by SIGINT after [\d,]+ of [\d,]+ games; kept in .*\.sensitivity-checkpoint\.json\nresume with: /);
    expect(existsSync(checkpoint)).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(checkpoint, 'utf8')).points).length).toBeGreaterThan(0);
    expect(existsSync(join(out, 'sensitivity.json'))).toBe(false);
    // Another analysis (another seed) is refused, naming the checkpoint.
    const other = capture();
    expect(await runCli([...args.map((a) => (a === 'resume' ? 'other' : a)), '--resume', '--workers', '0', '--out', out], other)).toBe(2);
    expect(other.stderr).toContain('the checkpoint is of another analysis');
    // Without --resume or --fresh it is not overwritten.
    const guard = capture();
    expect(await runCli([...args, '--workers', '0', '--out', out], guard)).toBe(2);
    expect(guard.stderr).toContain('holds the checkpoint of an unfinished sensitivity analysis');
    expect(await runCli([...args, '--resume', '--workers', '2', '--quiet', '--out', out], capture())).toBe(0);
    expect(files(out)).toEqual(files(straight));
    expect(existsSync(checkpoint)).toBe(false);
  }, 240_000);

  it('refuses bad options before anything is written, naming what is wrong', async () => {
    const cases: [string[], RegExp][] = [
      [[], /no knobs: give --vary/],
      [['--vary', 'params.fien=0..3'], /field "params\.fien": unknown key \(did you mean "fine"\?\)/],
      [['--vary', 'params.fine=-2..2'], /field "params\.fine": expected an integer ≥ 0, got -[12] \(at the sweep point params\.fine=-[12]\)/],
      [['--vary', 'params.fine=3'], /a knob needs at least two values/],
      [['--vary', 'params.fine=0..6', '--vary', 'params.fine=1,2'], /--vary names params\.fine twice/],
      [['--vary', 'params.fine=0..6', '--budget', '1000'], /--budget 1,000 allows 0 trajectories .* Morris needs at least 4: raise --budget to 40,000/],
      [['--vary', 'params.fine=0..6', '--samples', '40'], /--samples is for --method sobol/],
      [['--vary', 'params.fine=0..6', '--levels', '1'], /--levels must be a whole number ≥ 2/],
      [['--vary', 'params.fine=0..6', '--games', '1'], /--games must be a whole number ≥ 2/],
      [
        ['--vary', 'params.fine=0..6', '--negligible', 'seatSprad=0.01'],
        /--negligible names seatSprad, which is neither a metric \(win:greedy, .*seatSpread.*\) nor a unit/,
      ],
      [['--vary', 'params.fine=0..6', '--negligible', 'share=big'], /--negligible "share=big": expected <metric or unit>=<band ≥ 0>/],
      [['--vary', 'params.fine=0..6', '--screen', 'x.json'], /--screen picks the knobs of a Sobol analysis/],
      [['--all-params', '--except', 'params.fien'], /--except params\.fien: not among the knobs/],
      [
        ['--all-params', '--method', 'sobol', '--budget', '2000000'],
        /allows 6 rows .* Sobol needs at least 16: raise --budget to 4,640,000.*screen them first/,
      ],
    ];
    for (const [extra, message] of cases) {
      const out = join(tmp(), 'never');
      const io = capture();
      expect(await runCli(['sensitivity', SCENARIO, ...extra, '--workers', '0', '--quiet', '--out', out], io), extra.join(' ')).toBe(2);
      expect(io.stderr, extra.join(' ')).toMatch(message);
      expect(existsSync(out), extra.join(' ')).toBe(false);
    }
    // A game without tunable params in this scenario says what it has.
    const io = capture();
    expect(await runCli(['sensitivity', 'scenarios/gold-4p.json', '--all-params', '--quiet', '--out', join(tmp(), 'never')], io)).toBe(2);
    expect(io.stderr).toMatch(/has no tunable params or cards in scenarios\/gold-4p\.json .*; it has rules \(--all-rules\)/);
  }, 120_000);

  it('--all-params on Goldrausch: every declared balance number and tunable card number, the wheel varied one field at a time', async () => {
    const dir = tmp();
    const scenario = join(dir, 'small.json');
    writeFileSync(scenario, JSON.stringify({ name: 'small', players: 4, seats: ['greedy', 'greedy', 'cooperative', 'cooperative'], seed: 'all' }));
    const out = join(dir, 'out');
    expect(
      await runCli(
        ['sensitivity', scenario, '--all-params', '--games', '40', '--trajectories', '4', '--bootstrap', '50', '--workers', '2', '--out', out, '--quiet'],
        capture(),
      ),
    ).toBe(0);
    const j = json(out);
    const paths = j.knobs.map((k) => k.path);
    expect(paths.length).toBe(56);
    expect(paths.slice(0, 8)).toEqual([
      'params.rounds',
      'params.winThreshold',
      'params.startingGold',
      'params.fine',
      'params.caps.azul',
      'params.caps.rosso',
      'params.caps.veridia',
      'params.setupRespawnMultiplier.4',
    ]);
    expect(paths).toContain('params.eventDeck.subsidy');
    expect(paths).toContain('eventCards.subsidy.amount');
    expect(paths).toContain('eventCards.vulture.richest');
    expect(paths.filter((p) => p.startsWith('rules.'))).toEqual([]);
    expect(j.knobs.find((k) => k.path === 'eventCards.vulture.richest')!.values).toEqual([3, 4, 5, 6, 7]);
    expect(j.knobs.find((k) => k.path === 'params.wheel.calm')!.within).toEqual({
      path: 'params.wheel',
      value: { 'disaster-azul': 2, 'disaster-rosso': 2, 'disaster-veridia': 2, 'disaster-world': 1, calm: 1, event: 4 },
    });
    expect(readdirSync(out).sort()).toEqual(FILES.slice().sort());
    // --vary of a wheel field alone: varied within the scenario's whole wheel, as --all-params does.
    const one = join(dir, 'one');
    expect(
      await runCli(
        ['sensitivity', scenario, '--vary', 'params.wheel.calm=0..3', '--games', '40', '--trajectories', '4', '--workers', '0', '--out', one, '--quiet'],
        capture(),
      ),
    ).toBe(0);
    expect(json(one).knobs[0].within?.path).toBe('params.wheel');
  }, 120_000);
});
