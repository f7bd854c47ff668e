/** Job payloads, results and queue URLs: what crosses the trust boundary is checked (no Redis needed). */
import { describe, expect, it } from 'vitest';
import { batchScenario, runBatch, runDealsBatch, type BatchTask, type DealsTask } from '../../src/sim/batch.js';
import { decodeResult, encodeResult } from '../../src/sim/queue/codec.js';
import { checkJob, codeIdentity, envelope, jobIdOf, JobRefused } from '../../src/sim/queue/job.js';
import { queueTarget, redact } from '../../src/sim/queue/target.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { InputError } from '../../src/core/errors.js';
import type { TournamentSpec } from '../../src/sim/tournament.js';
import type { TournamentGamesTask } from '../../src/sim/queue/job.js';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp.js';

const scenario = loadScenario('scenarios/baseline.json');
const task: BatchTask = { scenario: batchScenario(scenario), seed: 's', from: 10, to: 60, gamesCsv: true };
const me = codeIdentity();

describe('a job payload', () => {
  it('of this code passes and gives back its task', () => {
    expect(checkJob('gp-1', envelope(task))).toEqual(task);
  });

  it('is keyed by its content: the same batch is the same job, any other input another one', () => {
    expect(jobIdOf(envelope(task))).toBe(jobIdOf(envelope({ ...task })));
    expect(jobIdOf(envelope(task))).not.toBe(jobIdOf(envelope({ ...task, to: 61 })));
    expect(jobIdOf(envelope(task))).not.toBe(jobIdOf(envelope(task, { ...me, codeHash: '0000000000000000' })));
    expect(jobIdOf(envelope(task))).toMatch(/^gp-[0-9a-f]{40}$/);
  });

  it('of another version or code is refused, saying both', () => {
    expect(() => checkJob('gp-1', envelope(task, { version: '9.9.9', codeHash: me.codeHash }))).toThrow(JobRefused);
    expect(() => checkJob('gp-1', envelope(task, { version: me.version, codeHash: 'ffffffffffffffff' }))).toThrow(
      `refused job gp-1: it was queued by goldpit "${me.version}" with code hash "ffffffffffffffff", this worker runs goldpit "${me.version}" with code hash "${me.codeHash}"`,
    );
    expect(() => checkJob('gp-1', { ...envelope(task), protocol: 2 })).toThrow(/queue protocol 2, this worker speaks 1/);
  });

  it('is checked as strictly as a scenario file, naming the job and the field', () => {
    const bad = (patch: Record<string, unknown>, scenarioPatch?: Record<string, unknown>) => {
      const e = envelope(task);
      const t = { ...e.task, ...patch } as Record<string, unknown>;
      if (scenarioPatch) t.scenario = { ...(t.scenario as object), ...scenarioPatch };
      return () => checkJob('gp-x', { ...e, task: t });
    };
    expect(bad({ from: -1 })).toThrow('job gp-x: field "task.from": expected an integer ≥ 0, got -1');
    expect(bad({ to: 10 })).toThrow('job gp-x: field "task.to": expected an integer from 11 to 10000010, got 10');
    expect(bad({ gamesCsv: 'yes' })).toThrow('job gp-x: field "task.gamesCsv": expected true or false, got "yes"');
    expect(bad({ timing: true })).toThrow(InputError); // a pool-only field
    expect(bad({ code: 'process.exit()' })).toThrow(/field "task.code"/);
    expect(bad({ kind: 'shell' })).toThrow(/field "task.kind": expected one of "games" \| "impact" \| "deals"/);
    expect(bad({ engine: 'turbo' })).toThrow(/field "task.engine"/);
    expect(bad({}, { hash: '0123456789abcdef' })).toThrow(
      `job gp-x: field "task.scenario.hash": the scenario parses to config hash ${scenario.configHash}, the job says 0123456789abcdef`,
    );
    expect(bad({}, { data: { ...(scenario.portable as object), seats: ['greedy', 'greedy', 'greedy', 'nobody'] } })).toThrow(
      /job gp-x: field "task.scenario.data": .*seats\[3\]/,
    );
    // A deck named by path would make the worker read its own disk: only the portable form is accepted.
    expect(bad({}, { data: { ...(scenario.portable as object), params: { resourceDeck: '/etc/passwd' } } })).toThrow(
      'job gp-x: field "task.scenario.data.params.resourceDeck": expected the content inlined (the portable form a coordinator sends), got a file name "/etc/passwd"',
    );
    expect(() => checkJob('gp-x', 'not an object')).toThrow('job gp-x: expected an object, got "not an object"');
  });

  it('of the impact analysis names cards by index within the deck', () => {
    const impact = { kind: 'impact' as const, scenario: batchScenario(scenario), seed: 's', from: 0, to: 5, cards: [0, 3] };
    expect(checkJob('gp-i', envelope(impact))).toEqual(impact);
    const n = scenario.definition.chanceCards.length;
    expect(() => checkJob('gp-i', envelope({ ...impact, cards: [n] }))).toThrow(
      `job gp-i: field "task.cards[0]": expected an integer from 0 to ${n - 1}, got ${n}`,
    );
    expect(() => checkJob('gp-i', envelope({ ...impact, cards: [1, 1] }))).toThrow(/distinct/);
  });
});

describe('a tournament job', () => {
  const botFile = join(tempDir('goldpit-bot-'), 'mine.ts');
  writeFileSync(botFile, 'export default {};\n');
  const sha = createHash('sha256').update('export default {};\n').digest('hex');
  const spec: TournamentSpec = {
    game: 'goldrausch',
    rules: undefined,
    params: undefined,
    configFile: '(defaults)',
    players: 4,
    entrants: [
      { name: 'mine', file: botFile },
      { name: 'greedy', file: null },
      { name: 'cooperative', file: null },
      { name: 'betrayer', file: null },
    ],
    lineups: [[0, 1, 2, 3]],
    deals: 2,
    seed: 's',
    botTimeoutMs: null,
    hangLimitMs: 0,
  };
  const job = (sha256: (string | null)[], over: Partial<TournamentGamesTask> = {}) =>
    JSON.parse(JSON.stringify(envelope({ kind: 'tournament-games', spec, sha256, from: 0, to: 8, ...over }))) as unknown;

  it('is played only with the very bot file it names (path and sha256): the code never travels', () => {
    expect(checkJob('gp-t', job([sha, null, null, null]))).toMatchObject({ kind: 'tournament-games', from: 0, to: 8 });
    const other = 'f'.repeat(64);
    expect(() => checkJob('gp-t', job([other, null, null, null]))).toThrow(JobRefused);
    expect(() => checkJob('gp-t', job([other, null, null, null]))).toThrow(
      `refused job gp-t: bot file ${botFile} has sha256 ${sha} on this worker, the job needs sha256 ${other}; copy the same file to that path on every worker`,
    );
    const gone = JSON.parse(JSON.stringify(job([sha, null, null, null])));
    gone.task.spec.entrants[0].file = '/nonexistent/mine.ts';
    expect(() => checkJob('gp-t', gone)).toThrow('refused job gp-t: bot file /nonexistent/mine.ts does not exist on this worker');
  });

  it('is checked field by field', () => {
    expect(() => checkJob('gp-t', job([sha, null, null]))).toThrow('job gp-t: field "task.sha256": expected one hash (or null) per entrant');
    expect(() => checkJob('gp-t', job([sha, 'a'.repeat(64), null, null]))).toThrow(
      'job gp-t: field "task.sha256[1]": expected null for the built-in bot "greedy"',
    );
    expect(() => checkJob('gp-t', job([sha, null, null, null], { to: 9 }))).toThrow('job gp-t: field "task.to": expected an integer from 1 to 8, got 9');
    const rel = JSON.parse(JSON.stringify(job([sha, null, null, null])));
    rel.task.spec.entrants[0].file = 'mine.ts';
    expect(() => checkJob('gp-t', rel)).toThrow('job gp-t: field "task.spec.entrants[0].file": expected an absolute path, got "mine.ts"');
    const deck = JSON.parse(JSON.stringify(job([sha, null, null, null])));
    deck.task.spec.params = { resourceDeck: '/etc/passwd' };
    expect(() => checkJob('gp-t', deck)).toThrow(/field "task.spec.params.resourceDeck": expected the content inlined/);
  });
});

describe('a batch result through the queue', () => {
  it('arrives bit for bit: aggregates and per-deal columns', () => {
    const result = runBatch(task, scenario);
    const back = decodeResult(task, encodeResult(result));
    expect(back).toEqual(result);
    expect((back as typeof result).data).toBeInstanceOf(Float64Array);
    const deals: DealsTask = { kind: 'deals', scenario: batchScenario(scenario), seed: 's', from: 0, to: 7 };
    const d = runDealsBatch(deals, scenario);
    expect(decodeResult(deals, encodeResult(d))).toEqual(d);
    // Doubles that are not integers survive too (base64 of the bytes, not decimal text).
    const odd = { ...result, data: Float64Array.from([0.1, -0, Number.MIN_VALUE, 1 / 3]) };
    expect(Object.is((decodeResult(task, encodeResult(odd)) as typeof result).data[1], -0)).toBe(true);
    expect(Array.from((decodeResult(task, encodeResult(odd)) as typeof result).data)).toEqual([0.1, -0, Number.MIN_VALUE, 1 / 3]);
  });

  it('that does not answer its job is rejected', () => {
    const result = runBatch(task, scenario);
    expect(() => decodeResult({ ...task, from: 0 }, encodeResult(result))).toThrow('the result covers games 10–60, the job 0–60');
    expect(() => decodeResult(task, encodeResult({ ...result, fastGames: 1 }))).toThrow('expected fastGames + referenceGames = 50');
    expect(() => decodeResult(task, encodeResult({ ...result, data: [1, 2] }))).toThrow(/expected an aggregate/);
    expect(() => decodeResult(task, 42)).toThrow(/JSON text/);
  });
});

describe('the queue URL', () => {
  it('accepts redis:// and rediss:// with a database, and never shows the password', () => {
    expect(queueTarget('redis://10.0.0.5:6379/2', {})).toEqual({ url: 'redis://10.0.0.5:6379/2', shown: 'redis://10.0.0.5:6379/2', name: 'goldpit' });
    expect(queueTarget('rediss://:s3cret@redis.example:6380', {}).shown).toBe('rediss://:***@redis.example:6380');
    expect(redact('redis://worker:s3cret@host:6379')).toBe('redis://worker:***@host:6379');
    expect(redact('redis://tokenonly@host')).toBe('redis://***@host');
  });

  it('comes from GOLDPIT_REDIS_URL when --queue is given empty', () => {
    expect(queueTarget('', { GOLDPIT_REDIS_URL: 'redis://127.0.0.1:7000' }).url).toBe('redis://127.0.0.1:7000');
    expect(() => queueTarget('', {})).toThrow(/--queue needs a Redis URL/);
  });

  it('rejects what is not a Redis URL, without echoing a password', () => {
    expect(() => queueTarget('http://host:6379', {})).toThrow('--queue: expected a redis:// or rediss:// URL, got http://…');
    expect(() => queueTarget('redis://:pw@host:6379/x', {})).toThrow(
      '--queue: the path of redis://:***@host:6379/x must be a database number (/0, /1, …), got "/x"',
    );
    expect(() => queueTarget('redis://host', {}, 'a:b')).toThrow(/queue name/);
  });
});

describe('a coordinator without workers', () => {
  it('says how long no worker took a job, and the command that starts one (the password hidden)', async () => {
    const { noWorkerNotice } = await import('../../src/cli/worker.js');
    expect(noWorkerNotice(queueTarget('redis://:pw@10.0.0.5:6379/2', {}), 30)).toBe(
      'goldpit: no worker has taken a job from queue "goldpit" at redis://:***@10.0.0.5:6379/2 for 30 s; the jobs wait in Redis. Start one on any machine that reaches Redis: npx goldpit worker --queue redis://:***@10.0.0.5:6379/2',
    );
    expect(noWorkerNotice(queueTarget('redis://h', {}, 'mine'), 45)).toContain('npx goldpit worker --queue redis://h --queue-name mine');
  });
});
