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
import { expectBuiltinBot } from '../../core/bots.js';
import { chanceCardsOf } from '../../core/definition.js';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { InputError } from '../../core/errors.js';
import { packageRoot, VERSION } from '../../core/package.js';
import { expectInt, expectKnownKeys, expectObject, expectOneOf, expectString, isObject, show } from '../../core/validate.js';
import type { BatchTask, DealsTask, ImpactTask } from '../batch.js';
import { DEFAULT_GAME, GAMES } from '../../games/registry.js';
import { parseScenario } from '../scenario.js';
import { knownLibrary, type SeatBotRef } from '../seat-bots.js';
import { sourceHash } from '../bot-source.js';
import { gameCount, type TournamentSpec } from '../tournament.js';

/** Bumped when the job or result format changes (a worker refuses other protocols). */
export const QUEUE_PROTOCOL = 1;

/**
 * Games [from, to) of a tournament, played on the worker under the tournament's hang watchdog
 * (sim/tournament-pool.ts `runTournament`). Bot files are named by path and sha256, never shipped:
 * a worker plays a job only if it has each file at that path with that hash.
 */
export interface TournamentGamesTask {
  readonly kind: 'tournament-games';
  /** The tournament with its params in portable form (no file references). */
  readonly spec: TournamentSpec;
  /** Per entrant: the sha256 of its bot file (null for a built-in bot). */
  readonly sha256: readonly (string | null)[];
  readonly from: number;
  readonly to: number;
}

/** The batch tasks the queue carries (a future sweep adds its own kind here and in sim/batch.ts). */
export type QueueTask = BatchTask | ImpactTask | DealsTask | TournamentGamesTask;

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
    else if (/\.(ts|js|json)$/.test(name) && !name.endsWith('.d.ts'))
      hash
        .update(`${rel}\0`)
        .update(readFileSync(join(root, rel)))
        .update('\0');
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
  if (job.protocol !== QUEUE_PROTOCOL)
    throw new JobRefused(
      `refused job ${jobId}: it is of queue protocol ${show(job.protocol)}, this worker speaks ${QUEUE_PROTOCOL}; run workers and coordinator from the same goldpit`,
    );
  if (job.goldpit !== identity.version || job.codeHash !== identity.codeHash) {
    throw new JobRefused(
      `refused job ${jobId}: it was queued by goldpit ${show(job.goldpit)} with code hash ${show(job.codeHash)}, this worker runs goldpit ${JSON.stringify(identity.version)} with code hash ${JSON.stringify(identity.codeHash)}; run workers and coordinator from the same commit`,
    );
  }
  const task = expectObject(at, 'task', job.task);
  const kind = task.kind === undefined ? 'games' : expectOneOf(at, 'task.kind', task.kind, ['games', 'impact', 'deals', 'tournament-games'] as const);
  if (kind === 'tournament-games') return checkTournamentTask(at, task);
  const keys = {
    games: ['kind', 'scenario', 'seed', 'engine', 'from', 'to', 'gamesCsv', 'limits', 'benched'],
    impact: ['kind', 'scenario', 'seed', 'engine', 'from', 'to', 'cards', 'limits', 'benched'],
    deals: ['kind', 'scenario', 'seed', 'engine', 'from', 'to', 'limits', 'benched'],
  }[kind];
  // `timing` is the local bench's view of pool threads, `marker` the local watchdog's; a job never carries them.
  expectKnownKeys(at, 'task', task, keys);
  const ref = expectObject(at, 'task.scenario', task.scenario);
  expectKnownKeys(at, 'task.scenario', ref, ['file', 'data', 'hash', 'bots']);
  const bots = ref.bots === undefined ? [] : checkBotRefs(at, ref.bots);
  if (bots.length > 0 && task.limits === undefined)
    throw new InputError(at.file, 'task.limits', "expected the bot files' limits { botTimeoutMs, hangLimitMs }");
  if (task.limits !== undefined) checkLimits(at, task.limits);
  if (task.benched !== undefined) checkBenched(at, task.benched);
  const file = expectString(at, 'task.scenario.file', ref.file);
  const hash = expectString(at, 'task.scenario.hash', ref.hash);
  if (!/^[0-9a-f]{16}$/.test(hash)) throw new InputError(at.file, 'task.scenario.hash', `expected 16 hex digits, got ${show(hash)}`);
  if (!isObject(ref.data)) throw new InputError(at.file, 'task.scenario.data', `expected the scenario as an object, got ${show(ref.data)}`);
  refuseFileParams(at, 'task.scenario.data.params', ref.data.game === undefined ? DEFAULT_GAME : ref.data.game, ref.data.params);
  // Parse the scenario as strictly as a scenario file; the job's hash must be what it parses to.
  let scenario: ReturnType<typeof parseScenario>;
  try {
    // Bot-file seats only from the sources the job carries: never a file of this worker's disk.
    scenario = parseScenario(file, ref.data, knownLibrary(bots));
  } catch (e) {
    if (e instanceof InputError) throw new InputError(at.file, 'task.scenario.data', e.message);
    throw e;
  }
  if (scenario.configHash !== hash)
    throw new InputError(at.file, 'task.scenario.hash', `the scenario parses to config hash ${scenario.configHash}, the job says ${hash}`);
  if (JSON.stringify(scenario.portable) !== JSON.stringify(ref.data)) {
    throw new InputError(at.file, 'task.scenario.data', 'expected the portable form of the scenario (deck files inlined), got one that names files');
  }
  const seed = typeof task.seed === 'string' ? task.seed : expectString(at, 'task.seed', task.seed);
  if (task.engine !== undefined) expectOneOf(at, 'task.engine', task.engine, ['auto', 'reference']);
  const from = expectInt(at, 'task.from', task.from, 0);
  const to = expectInt(at, 'task.to', task.to, from + 1, from + MAX_JOB_GAMES);
  void seed;
  void to;
  if (kind === 'games' && typeof task.gamesCsv !== 'boolean')
    throw new InputError(at.file, 'task.gamesCsv', `expected true or false, got ${show(task.gamesCsv)}`);
  if (kind === 'impact') {
    const cards = task.cards;
    const count = chanceCardsOf(scenario.definition, scenario.config).length;
    if (!Array.isArray(cards) || cards.length === 0) throw new InputError(at.file, 'task.cards', `expected a list of card indices, got ${show(cards)}`);
    cards.forEach((c, i) => expectInt(at, `task.cards[${i}]`, c, 0, count - 1));
    if (new Set(cards).size !== cards.length) throw new InputError(at.file, 'task.cards', `expected distinct card indices, got ${show(cards)}`);
  }
  return task as unknown as QueueTask;
}

/**
 * Coordinators send the portable form (files inlined): a job never makes a worker read its disk, so
 * a field that names a file is refused before parsing would read it.
 */
function refuseFileParams(at: { file: string }, field: string, game: unknown, params: unknown): void {
  if (typeof game !== 'string' || !Object.hasOwn(GAMES, game) || !isObject(params)) return;
  for (const name of GAMES[game].fileParams ?? []) {
    if (typeof params[name] === 'string')
      throw new InputError(
        at.file,
        `${field}.${name}`,
        `expected the content inlined (the portable form a coordinator sends), got a file name ${show(params[name])}`,
      );
  }
}

const SHA256 = /^[0-9a-f]{64}$/;

/** The bot files a job carries (sim/seat-bots.ts SeatBotRef), each source checked against its hash. */
function checkBotRefs(at: { file: string }, raw: unknown): SeatBotRef[] {
  if (!Array.isArray(raw)) throw new InputError(at.file, 'task.scenario.bots', `expected a list of bot files, got ${show(raw)}`);
  return raw.map((item, i) => {
    const field = `task.scenario.bots[${i}]`;
    const ref = expectObject(at, field, item);
    expectKnownKeys(at, field, ref, ['path', 'name', 'source']);
    expectString(at, `${field}.path`, ref.path);
    expectString(at, `${field}.name`, ref.name);
    const source = expectObject(at, `${field}.source`, ref.source);
    expectKnownKeys(at, `${field}.source`, source, ['origin', 'moduleType', 'files', 'hash']);
    expectString(at, `${field}.source.origin`, source.origin);
    const moduleType = expectOneOf(at, `${field}.source.moduleType`, source.moduleType, ['module', 'commonjs']);
    if (!Array.isArray(source.files) || source.files.length === 0)
      throw new InputError(at.file, `${field}.source.files`, `expected the bot file and its helpers, got ${show(source.files)}`);
    const files = source.files.map((f, j) => {
      const at2 = `${field}.source.files[${j}]`;
      const file = expectObject(at, at2, f);
      expectKnownKeys(at, at2, file, ['path', 'text', 'sha256']);
      const path = expectString(at, `${at2}.path`, file.path);
      if (isAbsolute(path) || path.split('/').includes('..') || path.includes('\\'))
        throw new InputError(at.file, `${at2}.path`, `expected a path inside the bot's folder, got ${show(path)}`);
      if (typeof file.text !== 'string') throw new InputError(at.file, `${at2}.text`, `expected the file's text, got ${show(file.text)}`);
      if (typeof file.sha256 !== 'string' || !SHA256.test(file.sha256))
        throw new InputError(at.file, `${at2}.sha256`, `expected 64 hex digits, got ${show(file.sha256)}`);
      return { path, text: file.text };
    });
    if (source.hash !== sourceHash(moduleType, files))
      throw new InputError(at.file, `${field}.source.hash`, `the files hash to ${sourceHash(moduleType, files)}, the job says ${show(source.hash)}`);
    return ref as unknown as SeatBotRef;
  });
}

function checkLimits(at: { file: string }, raw: unknown): void {
  const limits = expectObject(at, 'task.limits', raw);
  expectKnownKeys(at, 'task.limits', limits, ['botTimeoutMs', 'hangLimitMs']);
  if (limits.botTimeoutMs !== null) expectInt(at, 'task.limits.botTimeoutMs', limits.botTimeoutMs, 1);
  expectInt(at, 'task.limits.hangLimitMs', limits.hangLimitMs, 0);
}

function checkBenched(at: { file: string }, raw: unknown): void {
  if (!Array.isArray(raw)) throw new InputError(at.file, 'task.benched', `expected a list of benched bots, got ${show(raw)}`);
  raw.forEach((item, i) => {
    const b = expectObject(at, `task.benched[${i}]`, item);
    expectKnownKeys(at, `task.benched[${i}]`, b, ['game', 'seat', 'decision']);
    expectInt(at, `task.benched[${i}].game`, b.game, 0);
    expectInt(at, `task.benched[${i}].seat`, b.seat, 0);
    expectInt(at, `task.benched[${i}].decision`, b.decision, -1);
  });
}

function checkTournamentTask(at: { file: string }, task: Record<string, unknown>): TournamentGamesTask {
  expectKnownKeys(at, 'task', task, ['kind', 'spec', 'sha256', 'from', 'to']);
  const spec = expectObject(at, 'task.spec', task.spec);
  expectKnownKeys(at, 'task.spec', spec, [
    'game',
    'rules',
    'params',
    'configFile',
    'players',
    'entrants',
    'lineups',
    'deals',
    'seed',
    'botTimeoutMs',
    'hangLimitMs',
    'commonDeals',
    'sections',
  ]);
  const game = expectOneOf(at, 'task.spec.game', spec.game, Object.keys(GAMES));
  const definition = GAMES[game];
  const configFile = expectString(at, 'task.spec.configFile', spec.configFile);
  refuseFileParams(at, 'task.spec.params', game, spec.params);
  const players = expectInt(at, 'task.spec.players', spec.players, definition.module.minPlayers, definition.module.maxPlayers);
  try {
    const sections = spec.sections === undefined ? undefined : expectObject(at, 'task.spec.sections', spec.sections);
    definition.parseConfig(
      sections === undefined ? { rules: spec.rules, params: spec.params } : { rules: spec.rules, params: spec.params, players, sections },
      { file: configFile, dir: '.' },
    );
  } catch (e) {
    if (e instanceof InputError) throw new InputError(at.file, 'task.spec', e.message);
    throw e;
  }
  // A tournament's line-up is `players` different bots; the skill ladder (commonDeals) seats copies of one.
  const fewest = spec.commonDeals === true ? 2 : players;
  if (!Array.isArray(spec.entrants) || spec.entrants.length < fewest)
    throw new InputError(at.file, 'task.spec.entrants', `expected a list of at least ${fewest} bots, got ${show(spec.entrants)}`);
  const hashes = task.sha256;
  if (!Array.isArray(hashes) || hashes.length !== spec.entrants.length)
    throw new InputError(at.file, 'task.sha256', `expected one hash (or null) per entrant, got ${show(hashes)}`);
  spec.entrants.forEach((raw, i) => {
    const entrant = expectObject(at, `task.spec.entrants[${i}]`, raw);
    expectKnownKeys(at, `task.spec.entrants[${i}]`, entrant, ['name', 'file']);
    const name = expectString(at, `task.spec.entrants[${i}].name`, entrant.name);
    if (entrant.file === null) {
      expectBuiltinBot(at, `task.spec.entrants[${i}].name`, name, definition);
      if (hashes[i] !== null) throw new InputError(at.file, `task.sha256[${i}]`, `expected null for the built-in bot ${show(name)}, got ${show(hashes[i])}`);
      return;
    }
    const file = expectString(at, `task.spec.entrants[${i}].file`, entrant.file);
    if (!isAbsolute(file)) throw new InputError(at.file, `task.spec.entrants[${i}].file`, `expected an absolute path, got ${show(file)}`);
    if (typeof hashes[i] !== 'string' || !SHA256.test(hashes[i] as string))
      throw new InputError(at.file, `task.sha256[${i}]`, `expected the bot file's sha256 (64 hex digits), got ${show(hashes[i])}`);
    // The job names the code; it never carries it. This machine must have exactly that file.
    const local = sha256OfFile(file);
    if (local !== hashes[i]) {
      throw new JobRefused(
        `refused job ${at.file.slice(4)}: bot file ${file} ${local === null ? 'does not exist on this worker' : `has sha256 ${local} on this worker`}, the job needs sha256 ${hashes[i]}; copy the same file to that path on every worker`,
      );
    }
  });
  if (!Array.isArray(spec.lineups) || spec.lineups.length === 0)
    throw new InputError(at.file, 'task.spec.lineups', `expected a non-empty list of line-ups, got ${show(spec.lineups)}`);
  spec.lineups.forEach((l, i) => {
    if (!Array.isArray(l) || l.length !== players) throw new InputError(at.file, `task.spec.lineups[${i}]`, `expected ${players} entrant ids, got ${show(l)}`);
    l.forEach((id, j) => expectInt(at, `task.spec.lineups[${i}][${j}]`, id, 0, (spec.entrants as unknown[]).length - 1));
  });
  expectInt(at, 'task.spec.deals', spec.deals, 1);
  if (typeof spec.seed !== 'string') throw new InputError(at.file, 'task.spec.seed', `expected a string, got ${show(spec.seed)}`);
  if (spec.botTimeoutMs !== null) expectInt(at, 'task.spec.botTimeoutMs', spec.botTimeoutMs, 1);
  expectInt(at, 'task.spec.hangLimitMs', spec.hangLimitMs, 0);
  if (spec.commonDeals !== undefined && typeof spec.commonDeals !== 'boolean')
    throw new InputError(at.file, 'task.spec.commonDeals', `expected true or false, got ${show(spec.commonDeals)}`);
  const total = gameCount(spec as unknown as TournamentSpec);
  const from = expectInt(at, 'task.from', task.from, 0, total - 1);
  expectInt(at, 'task.to', task.to, from + 1, Math.min(total, from + MAX_JOB_GAMES));
  return task as unknown as TournamentGamesTask;
}

/** A file's sha256, or null when it cannot be read. */
export function sha256OfFile(file: string): string | null {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}
