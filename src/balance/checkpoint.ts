/**
 * What a balance search has played, kept so that a stopped search loses nothing: every grid point's
 * deals from game 0 on, in memory while the search runs and in a checkpoint file after each stage
 * and when the search is stopped. The search is a deterministic function of the deals it is given
 * (common random numbers: game i of a point is fixed by the scenario, the seed and i), so a resumed
 * search replays the same stages, takes the kept deals instead of playing them, and comes to the same
 * answer as one that was never stopped.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { InputError, UsageError } from '../core/errors.js';
import { isObject, readJsonFile } from '../core/validate.js';
import { decodeDeals, encodeDeals } from '../check/deals.js';
import { writeAtomic } from '../report/write.js';
import { copyDeals, dealRows, emptyDeals, headDeals, type DealColumns } from '../sim/deals.js';
import type { Scenario } from '../sim/scenario.js';
import { DealsStopped, type DealPool } from '../sweep/pool.js';
import type { BalanceOptions } from './game.js';

/** The checkpoint of an unfinished search, in its output folder. */
export const BALANCE_CHECKPOINT = '.balance-checkpoint.json';

interface BalanceCheckpoint {
  readonly kind: 'goldpit-balance-checkpoint';
  readonly version: 1;
  /** Hash of everything that decides the search (see `balanceKey`). */
  readonly key: string;
  /** Per grid point played: its deals of games [0, games) (check/deals.ts encoding, with the score spread). */
  readonly points: readonly { readonly index: number; readonly games: number; readonly deals: string }[];
}

/** What decides the search: the scenario as read, its config, the options of the search and the seed. */
export function balanceKey(
  facts: Pick<BalanceOptions, 'data' | 'vary' | 'targets' | 'objective' | 'budget' | 'firstStage' | 'confidence'> & {
    readonly base: Pick<Scenario, 'configHash'>;
    readonly seed: string;
  },
): string {
  const { base, ...rest } = facts;
  return createHash('sha256')
    .update(JSON.stringify({ config: base.configHash, ...rest }))
    .digest('hex')
    .slice(0, 16);
}

const rows = dealRows;

/** The deals of every grid point, from game 0: served from what was kept, the rest played on the pool. */
export class DealCache {
  private readonly kept = new Map<number, DealColumns>();
  /** Games taken over from a checkpoint. */
  resumedGames = 0;
  /** Games finished by calls still running (not yet kept). */
  private playing = 0;

  constructor(
    private readonly pool: DealPool,
    private readonly file: string | null,
    private readonly key: string,
    /** Told the games kept so far, over all points, as they finish (a progress display). */
    private readonly onPlayed?: (games: number) => void,
  ) {}

  /**
   * Games [from, to) of grid point `index`. What was kept is not played again; what is played is kept
   * (also the finished prefix of a stopped call, which then rejects with `DealsStopped`).
   */
  async deals(index: number, scenario: Scenario, from: number, to: number): Promise<DealColumns> {
    const have = this.kept.get(index);
    const games = have === undefined ? 0 : have.winners.length;
    if (to <= games) return rows(have!, from, to);
    // A range that does not follow what is kept (the search never asks for one) is played, not kept.
    if (from > games) return this.pool.deals(scenario, from, to);
    let counted = 0;
    const played = await this.pool.play(
      scenario,
      games,
      to,
      this.onPlayed
        ? (done) => {
            this.playing += done - counted;
            counted = done;
            this.onPlayed!(this.keptGames() + this.playing);
            return false;
          }
        : undefined,
    );
    this.playing -= counted;
    if (played.done > 0) {
      const all = emptyDeals(games + played.done);
      if (have !== undefined) copyDeals(all, have, 0);
      copyDeals(all, headDeals(played.deals, played.done), games);
      this.kept.set(index, all);
    }
    if (!played.complete) throw new DealsStopped(played);
    return rows(this.kept.get(index)!, from, to);
  }

  /** Games kept, over all points. */
  keptGames(): number {
    let games = 0;
    for (const deals of this.kept.values()) games += deals.winners.length;
    return games;
  }

  /** Writes the checkpoint file (atomically: a crash while writing leaves the previous one). */
  save(): void {
    if (this.file === null) return;
    const points = [...this.kept.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([index, deals]) => ({ index, games: deals.winners.length, deals: encodeDeals(deals, true) }));
    const cp: BalanceCheckpoint = { kind: 'goldpit-balance-checkpoint', version: 1, key: this.key, points };
    writeAtomic(this.file, JSON.stringify(cp));
  }

  /** Takes over the deals of the checkpoint file; a file of another search is refused, naming what differs. */
  load(): void {
    const file = this.file;
    if (file === null || !existsSync(file)) throw new UsageError(`--resume: no balance checkpoint at ${file ?? '(none)'}; run without --resume to start`);
    const cp = readJsonFile(file, 'the balance checkpoint to resume from') as BalanceCheckpoint;
    if (!isObject(cp) || cp.kind !== 'goldpit-balance-checkpoint') throw new InputError(file, 'kind', 'not a goldpit balance checkpoint');
    if (cp.version !== 1) throw new InputError(file, 'version', `expected 1, got ${JSON.stringify(cp.version)}`);
    if (cp.key !== this.key) {
      throw new InputError(
        file,
        'key',
        'the checkpoint is of another search (the scenario, --vary, --target, --objective, --budget, --first-stage or --seed differ); resume with the same options, or start over with --fresh',
      );
    }
    if (!Array.isArray(cp.points)) throw new InputError(file, 'points', 'expected a list of played points');
    cp.points.forEach((p: unknown, i) => {
      const ok =
        isObject(p) &&
        Number.isInteger(p.index) &&
        (p.index as number) >= 0 &&
        Number.isInteger(p.games) &&
        (p.games as number) >= 1 &&
        typeof p.deals === 'string';
      if (!ok) throw new InputError(file, `points[${i}]`, 'expected an object with index (a grid index), games (≥ 1) and deals (encoded)');
      const { index, games, deals } = p as { index: number; games: number; deals: string };
      try {
        this.kept.set(index, decodeDeals(deals, games));
      } catch (e) {
        throw new InputError(file, `points[${i}].deals`, `expected ${games} encoded deals: ${(e as Error).message}`);
      }
      this.resumedGames += games;
    });
  }
}
