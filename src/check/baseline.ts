/**
 * Baseline files of `goldpit check`: per scenario, what identifies the run (config hash, seed, games,
 * data ids, resolved parameters, code version and hashes) and the per-deal outcomes the metrics are
 * computed from, so that a later check pairs its games with these deal by deal.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import { GOLDPIT, packageRoot, VERSION } from '../core/package.js';
import { isObject, readJsonFile, show } from '../core/validate.js';
import type { DealColumns } from '../sim/deals.js';
import type { Scenario } from '../sim/scenario.js';
import { botFileFacts, type BotFileFact } from '../sim/seat-bots.js';
import { DEALS_ENCODING, decodeDeals, encodeDeals } from './deals.js';
import type { Tolerance } from '../sim/check-options.js';

export interface CodeFacts {
  /** goldpit's package version. */
  readonly version: string;
  /** `git describe --always --dirty` of the working tree, when it is a git checkout. */
  readonly commit: string | null;
  /** sha256 (16 hex digits) of the game's rules code (src/games/<game>/), or null when not found. */
  readonly gameHash: string | null;
  /** sha256 (16 hex digits) of the game's built-in bots (bots/<game>/), or null when not found. */
  readonly botsHash: string | null;
}

export interface BaselineScenario {
  readonly file: string;
  readonly configHash: string;
  readonly seed: string;
  readonly games: number;
  readonly game: string;
  readonly players: number;
  readonly seats: readonly string[];
  readonly dataIds: Readonly<Record<string, string>>;
  readonly changedRules: Readonly<Record<string, unknown>>;
  /** Every resolved rule and parameter (for saying what changed). */
  readonly parameters: unknown;
  /** The cards changed from the game's own, as the report's "cards changed" line says them (absent in older baselines). */
  readonly changedCards?: readonly string[];
  readonly tolerance: Tolerance;
  readonly code: CodeFacts;
  /** Metric means over the baseline's games (for reading; the check uses the deals). */
  readonly means: Readonly<Record<string, number>>;
  /** The scenario's bot files (file, sha256, seats), absent with built-in bots only. */
  readonly botFiles?: readonly BotFileFact[];
  readonly deals: { readonly encoding: typeof DEALS_ENCODING; readonly data: string };
}

export interface Baseline {
  readonly kind: 'goldpit-baseline';
  readonly version: 1;
  readonly scenarios: Readonly<Record<string, BaselineScenario>>;
}

function hashTree(dir: string): string | null {
  if (!existsSync(dir)) return null;
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|js|json)$/.test(name))
        hash
          .update(`${p.slice(dir.length)}\0`)
          .update(readFileSync(p))
          .update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 16);
}

const codeCache = new Map<string, CodeFacts>();

/** Version, commit and code hashes of the code that plays `game` (the TypeScript sources when present). */
export function codeFacts(game: string): CodeFacts {
  const cached = codeCache.get(game);
  if (cached) return cached;
  const root = packageRoot();
  let commit: string | null = null;
  if (root) {
    try {
      commit = execFileSync('git', ['describe', '--always', '--dirty'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
    } catch {
      commit = null;
    }
  }
  const facts: CodeFacts = {
    version: VERSION,
    commit,
    gameHash: root ? hashTree(join(root, 'src', 'games', game)) : null,
    botsHash: root ? hashTree(join(root, 'bots', game)) : null,
  };
  codeCache.set(game, facts);
  return facts;
}

/** The baseline entry of a scenario from its per-deal outcomes over games [0, games). */
export function baselineEntry(scenario: Scenario, seed: string, deals: DealColumns, means: Record<string, number>): BaselineScenario {
  const facts = scenario.definition.facts(scenario.config);
  return {
    file: scenario.file,
    configHash: scenario.configHash,
    seed,
    games: deals.winners.length,
    game: scenario.game,
    players: scenario.players,
    seats: scenario.seats,
    dataIds: facts.dataIds,
    changedRules: facts.changedRules,
    parameters: facts.resolved,
    changedCards: facts.changedCards ?? [],
    tolerance: scenario.check.tolerance,
    code: codeFacts(scenario.game),
    means,
    ...(scenario.botFiles.length ? { botFiles: botFileFacts(scenario) } : {}),
    deals: { encoding: DEALS_ENCODING, data: encodeDeals(deals) },
  };
}

export function baselineJson(baseline: Baseline): string {
  return `${JSON.stringify(baseline, null, 1)}\n`;
}

/** Reads and checks a baseline file; every problem is an InputError naming the file and field. */
export function readBaseline(file: string): Baseline {
  const data = readJsonFile(file, 'the baseline', `; record one with \`${GOLDPIT} baseline <scenarios...> --out ${file}\``);
  if (!isObject(data) || data.kind !== 'goldpit-baseline')
    throw new InputError(file, 'kind', `expected "goldpit-baseline" (a file written by \`goldpit baseline\`), got ${show(isObject(data) ? data.kind : data)}`);
  if (data.version !== 1) throw new InputError(file, 'version', `expected 1, got ${show(data.version)}; re-record it with this goldpit`);
  if (!isObject(data.scenarios)) throw new InputError(file, 'scenarios', `expected an object of scenarios by name, got ${show(data.scenarios)}`);
  for (const [name, entry] of Object.entries(data.scenarios)) {
    const at = `scenarios.${name}`;
    if (!isObject(entry)) throw new InputError(file, at, `expected an object, got ${show(entry)}`);
    if (!Number.isInteger(entry.games) || (entry.games as number) < 2)
      throw new InputError(file, `${at}.games`, `expected an integer ≥ 2, got ${show(entry.games)}`);
    if (typeof entry.seed !== 'string') throw new InputError(file, `${at}.seed`, `expected a string, got ${show(entry.seed)}`);
    if (!Number.isInteger(entry.players)) throw new InputError(file, `${at}.players`, `expected an integer, got ${show(entry.players)}`);
    if (!Array.isArray(entry.seats) || entry.seats.some((s) => typeof s !== 'string'))
      throw new InputError(file, `${at}.seats`, `expected a list of bot names, got ${show(entry.seats)}`);
    if (entry.changedCards !== undefined && (!Array.isArray(entry.changedCards) || entry.changedCards.some((c) => typeof c !== 'string')))
      throw new InputError(file, `${at}.changedCards`, `expected a list of texts, got ${show(entry.changedCards)}`);
    if (
      entry.botFiles !== undefined &&
      (!Array.isArray(entry.botFiles) || entry.botFiles.some((b) => !isObject(b) || typeof b.file !== 'string' || typeof b.sha256 !== 'string'))
    )
      throw new InputError(file, `${at}.botFiles`, `expected a list of { bot, file, sha256, seats }, got ${show(entry.botFiles)}`);
    const deals = entry.deals;
    if (!isObject(deals) || deals.encoding !== DEALS_ENCODING || typeof deals.data !== 'string') {
      throw new InputError(file, `${at}.deals`, `expected { encoding: "${DEALS_ENCODING}", data: "..." }, got ${show(deals)}`);
    }
  }
  return data as unknown as Baseline;
}

/** The per-deal outcomes of a baseline entry. */
export function baselineDeals(file: string, name: string, entry: BaselineScenario): DealColumns {
  try {
    return decodeDeals(entry.deals.data, entry.games);
  } catch (e) {
    throw new InputError(file, `scenarios.${name}.deals.data`, `cannot decode the per-deal outcomes: ${(e as Error).message}; re-record the baseline`);
  }
}
