/**
 * Shards for many machines: `--shard i/n` plays a contiguous share of the game indices and writes a
 * partial result; `merge` adds partials into exactly what one run of all games computes.
 */
import { InputError, UsageError } from '../core/errors.js';
import { GOLDPIT } from '../core/package.js';
import { isObject, readJsonFile } from '../core/validate.js';
import { aggregateFromJson, aggregateToJson, mergeInto, type Aggregate } from '../stats/aggregate.js';
import { parseScenario, type Scenario } from './scenario.js';
import { knownLibrary, seatBotRefs, type SeatBotRef } from './seat-bots.js';

export interface Shard {
  /** 1-based shard number. */
  readonly index: number;
  readonly count: number;
}

export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count) {
    throw new UsageError(`--shard must be i/n with 1 ≤ i ≤ n (e.g. 2/4), got ${JSON.stringify(text)}`);
  }
  return { index, count };
}

/** Games [from, to) of shard i of n: contiguous, sizes differ by at most one. */
export function shardRange(games: number, shard: Shard): [number, number] {
  const i = shard.index - 1;
  return [Math.floor((i * games) / shard.count), Math.floor(((i + 1) * games) / shard.count)];
}

export interface Partial {
  readonly kind: 'goldpit-partial';
  readonly version: 1;
  /** The scenario as data and, when it has bot files, their sources (a merge names them; it plays nothing). */
  readonly scenario: { readonly file: string; readonly data: unknown; readonly configHash: string; readonly bots?: readonly SeatBotRef[] };
  readonly seed: string;
  readonly games: number;
  readonly from: number;
  readonly to: number;
  readonly aggregate: ReturnType<typeof aggregateToJson>;
  /** The shard's run facts (wall time, workers, engines), for the merged run.json (absent in older partials). */
  readonly run?: ShardRunFacts;
}

/** The run facts of one shard (report/html.ts RunFacts, repeated here: sim/ does not import report/). */
export interface ShardRunFacts {
  readonly wallSeconds: number;
  readonly workers: number;
  readonly finishedAt: string;
  readonly engine?: { readonly kernelGames: number; readonly referenceGames: number };
  readonly timedGames?: number;
  /** Bots of the line-up that decided by the clock (RunFacts.timedBots). */
  readonly timedBots?: readonly string[];
}

export function partialOf(scenario: Scenario, seed: string, games: number, from: number, to: number, aggregate: Aggregate, run?: ShardRunFacts): Partial {
  return {
    kind: 'goldpit-partial',
    version: 1,
    scenario: {
      file: scenario.file,
      data: scenario.portable,
      configHash: scenario.configHash,
      ...(scenario.botFiles.length ? { bots: seatBotRefs(scenario.botFiles) } : {}),
    },
    seed,
    games,
    from,
    to,
    aggregate: aggregateToJson(aggregate),
    ...(run ? { run } : {}),
  };
}

/** Reads partial result files and merges them; they must cover games [0, N) exactly once. */
export function mergePartials(files: readonly string[]): {
  scenario: Scenario;
  seed: string;
  games: number;
  aggregate: Aggregate;
  /** The partial files in game order, with their run facts (null when a partial has none). */
  shards: { file: string; from: number; to: number; run: ShardRunFacts | null }[];
} {
  if (files.length === 0) throw new UsageError('merge needs at least one partial result file');
  const parts = files.map((file) => {
    const p = readJsonFile(file, 'the partial result') as Partial;
    if (!isObject(p)) throw new InputError(file, '', `not a goldpit partial result (${GOLDPIT} run --shard i/n writes them)`);
    if (p.kind !== 'goldpit-partial' || p.version !== 1)
      throw new InputError(file, 'kind', `not a goldpit partial result (${GOLDPIT} run --shard i/n writes them)`);
    return { file, p };
  });
  const first = parts[0];
  for (const { file, p } of parts) {
    const same = (field: string, a: unknown, b: unknown) => {
      if (a !== b)
        throw new InputError(file, field, `${JSON.stringify(a)} differs from ${JSON.stringify(b)} in ${first.file}: these partials are not shards of one run`);
    };
    same('scenario.configHash', p.scenario.configHash, first.p.scenario.configHash);
    same('seed', p.seed, first.p.seed);
    same('games', p.games, first.p.games);
  }
  const sorted = [...parts].sort((a, b) => a.p.from - b.p.from);
  let at = 0;
  for (const { file, p } of sorted) {
    if (p.from !== at) {
      throw new InputError(
        file,
        'from',
        p.from > at ? `games ${at}–${p.from - 1} are missing from the partials` : `games ${p.from}–${Math.min(at, p.to) - 1} are covered twice`,
      );
    }
    at = p.to;
  }
  if (at !== first.p.games) throw new UsageError(`the partials cover games 0–${at - 1} of ${first.p.games}: games ${at}–${first.p.games - 1} are missing`);
  const bots = first.p.scenario.bots;
  if (bots !== undefined && !Array.isArray(bots)) throw new InputError(first.file, 'scenario.bots', "expected the list of the scenario's bot files");
  const scenario = parseScenario(first.p.scenario.file, first.p.scenario.data, knownLibrary(bots ?? []));
  if (scenario.configHash !== first.p.scenario.configHash) {
    throw new InputError(first.file, 'scenario', 'the scenario in the partial no longer parses to the same configuration (different goldpit version?)');
  }
  const aggregate = aggregateFromJson(sorted[0].p.aggregate);
  for (const { p } of sorted.slice(1)) mergeInto(aggregate, aggregateFromJson(p.aggregate));
  return {
    scenario,
    seed: first.p.seed,
    games: first.p.games,
    aggregate,
    shards: sorted.map(({ file, p }) => ({ file, from: p.from, to: p.to, run: isObject(p.run) ? p.run : null })),
  };
}
