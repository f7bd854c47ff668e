/**
 * A queue job: one batch task of the local pool (sim/batch.ts), wrapped with the identity of the code
 * that must play it. The queue only moves tasks and results; what a batch computes is defined once,
 * in sim/batch.ts, and runs the same in a pool thread on any machine.
 *
 * Jobs are keyed by the hash of their whole payload: the same batch of the same run (same scenario,
 * seed, range, engine, code) is the same job, so a restarted coordinator finds the jobs that already
 * finished instead of queueing them again, and a batch can never be counted twice.
 *
 * The queue is the trust boundary: a worker checks every payload as strictly as a scenario file
 * (the scenario is parsed again and must hash to what the job says) and refuses jobs of other code.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../core/errors.js';
import { packageRoot, VERSION } from '../../core/package.js';
import { expectInt, expectKnownKeys, expectObject, expectOneOf, expectString, isObject, show } from '../../core/validate.js';
import type { BatchTask, DealsTask, ImpactTask } from '../batch.js';
import { GAMES } from '../../games/registry.js';
import { parseScenario } from '../scenario.js';

/** Bumped when the job or result format changes (a worker refuses other protocols). */
export const QUEUE_PROTOCOL = 1;

/** The batch tasks the queue carries (a future sweep adds its own kind here and in sim/batch.ts). */
export type QueueTask = BatchTask | ImpactTask | DealsTask;

/** Which code plays the jobs: coordinator and worker must agree on both. */
export interface CodeIdentity {
  readonly version: string;
  /** sha256 (16 hex) of the source tree that plays games (src/ and bots/; dist/src/ when there are no sources). */
  readonly codeHash: string;
}

export interface JobEnvelope {
  readonly protocol: typeof QUEUE_PROTOCOL;
  readonly goldpit: string;
  readonly codeHash: string;
  readonly task: QueueTask;
}

let own: CodeIdentity | null = null;

/** This installation's identity (computed once: it reads the source tree). */
export function codeIdentity(): CodeIdentity {
  if (own) return own;
  const root = packageRoot();
  const hash = createHash('sha256');
  if (root) {
    const trees = existsSync(join(root, 'src')) ? ['src', 'bots'] : ['dist/src', 'dist/bots'];
    for (const tree of trees) hashTree(hash, root, tree);
  }
  return (own = { version: VERSION, codeHash: hash.digest('hex').slice(0, 16) });
}

function hashTree(hash: ReturnType<typeof createHash>, root: string, tree: string): void {
  const dir = join(root, tree);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    const rel = `${tree}/${name}`;
    if (statSync(join(root, rel)).isDirectory()) hashTree(hash, root, rel);
    else if (/\.(ts|js|json)$/.test(name) && !name.endsWith('.d.ts')) hash.update(`${rel}\0`).update(readFileSync(join(root, rel))).update('\0');
  }
}

export function envelope(task: QueueTask, identity: CodeIdentity = codeIdentity()): JobEnvelope {
  return { protocol: QUEUE_PROTOCOL, goldpit: identity.version, codeHash: identity.codeHash, task };
}

/** The job id of a payload: its hash (BullMQ ids must not be integers or contain ":"). */
export function jobIdOf(job: JobEnvelope): string {
  return `gp-${createHash('sha256').update(JSON.stringify(job)).digest('hex').slice(0, 40)}`;
}

/** A job this worker must not play: another version or code, or another protocol. Never retried. */
export class JobRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobRefused';
  }
}

/** Games in one job at most (a sanity bound against a payload that would occupy a worker for days). */
export const MAX_JOB_GAMES = 10_000_000;

/**
 * Checks a job's payload and returns its task. Refuses (JobRefused) jobs of other code; any other
 * problem is an InputError naming the job and the field, like a scenario file's.
 */
export function checkJob(jobId: string, data: unknown, identity: CodeIdentity = codeIdentity()): QueueTask {
  const at = { file: `job ${jobId}` };
  const job = expectObject(at, '', data);
  expectKnownKeys(at, '', job, ['protocol', 'goldpit', 'codeHash', 'task']);
  if (job.protocol !== QUEUE_PROTOCOL) throw new JobRefused(`refused job ${jobId}: it is of queue protocol ${show(job.protocol)}, this worker speaks ${QUEUE_PROTOCOL}; run workers and coordinator from the same goldpit`);
  if (job.goldpit !== identity.version || job.codeHash !== identity.codeHash) {
    throw new JobRefused(
      `refused job ${jobId}: it was queued by goldpit ${show(job.goldpit)} with code hash ${show(job.codeHash)}, this worker runs goldpit ${JSON.stringify(identity.version)} with code hash ${JSON.stringify(identity.codeHash)}; run workers and coordinator from the same commit`,
    );
  }
  const task = expectObject(at, 'task', job.task);
  const kind = task.kind === undefined ? 'games' : expectOneOf(at, 'task.kind', task.kind, ['games', 'impact', 'deals'] as const);
  const keys = { games: ['kind', 'scenario', 'seed', 'engine', 'from', 'to', 'gamesCsv'], impact: ['kind', 'scenario', 'seed', 'engine', 'from', 'to', 'cards'], deals: ['kind', 'scenario', 'seed', 'engine', 'from', 'to'] }[kind];
  // `timing` is the local bench's view of pool threads; a job never asks for it.
  expectKnownKeys(at, 'task', task, keys);
  const ref = expectObject(at, 'task.scenario', task.scenario);
  expectKnownKeys(at, 'task.scenario', ref, ['file', 'data', 'hash']);
  const file = expectString(at, 'task.scenario.file', ref.file);
  const hash = expectString(at, 'task.scenario.hash', ref.hash);
  if (!/^[0-9a-f]{16}$/.test(hash)) throw new InputError(at.file, 'task.scenario.hash', `expected 16 hex digits, got ${show(hash)}`);
  if (!isObject(ref.data)) throw new InputError(at.file, 'task.scenario.data', `expected the scenario as an object, got ${show(ref.data)}`);
  // Coordinators send the portable form (files inlined): a job never makes a worker read its disk,
  // so a field that names a file is refused before parsing would read it.
  const game = ref.data.game === undefined ? 'goldrausch' : ref.data.game;
  const params = ref.data.params;
  if (typeof game === 'string' && Object.hasOwn(GAMES, game) && isObject(params)) {
    for (const field of GAMES[game].fileParams) {
      if (typeof params[field] === 'string') throw new InputError(at.file, `task.scenario.data.params.${field}`, `expected the content inlined (the portable form a coordinator sends), got a file name ${show(params[field])}`);
    }
  }
  // Parse the scenario as strictly as a scenario file; the job's hash must be what it parses to.
  let scenario;
  try {
    scenario = parseScenario(file, ref.data);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(at.file, 'task.scenario.data', e.message);
    throw e;
  }
  if (scenario.configHash !== hash) throw new InputError(at.file, 'task.scenario.hash', `the scenario parses to config hash ${scenario.configHash}, the job says ${hash}`);
  if (JSON.stringify(scenario.portable) !== JSON.stringify(ref.data)) {
    throw new InputError(at.file, 'task.scenario.data', 'expected the portable form of the scenario (deck files inlined), got one that names files');
  }
  const seed = typeof task.seed === 'string' ? task.seed : expectString(at, 'task.seed', task.seed);
  if (task.engine !== undefined) expectOneOf(at, 'task.engine', task.engine, ['auto', 'reference']);
  const from = expectInt(at, 'task.from', task.from, 0);
  const to = expectInt(at, 'task.to', task.to, from + 1, from + MAX_JOB_GAMES);
  void seed;
  void to;
  if (kind === 'games' && typeof task.gamesCsv !== 'boolean') throw new InputError(at.file, 'task.gamesCsv', `expected true or false, got ${show(task.gamesCsv)}`);
  if (kind === 'impact') {
    const cards = task.cards;
    const count = scenario.definition.chanceCards.length;
    if (!Array.isArray(cards) || cards.length === 0) throw new InputError(at.file, 'task.cards', `expected a list of card indices, got ${show(cards)}`);
    cards.forEach((c, i) => expectInt(at, `task.cards[${i}]`, c, 0, count - 1));
    if (new Set(cards).size !== cards.length) throw new InputError(at.file, 'task.cards', `expected distinct card indices, got ${show(cards)}`);
  }
  return task as unknown as QueueTask;
}
