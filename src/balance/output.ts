/**
 * The outputs of `goldpit balance`: balance.json (sweep.json's shape plus a `balance` block),
 * balance.csv (the path the search took: one row per stage, point and target), balanced.json (the
 * scenario with the chosen values written in, loadable by `goldpit run`) and the page's sections
 * for the evidence and the path.
 */
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { escapeHtml as esc, table } from '../report/html.js';
import { renderSweep, sweepVerdicts } from '../report/sweep-html.js';
import type { SweepEstimate, SweepJson, SweepPoint } from '../report/sweep-types.js';
import { writeAtomic } from '../report/write.js';
import { botFrom, seatsFrom } from '../sim/seat-bots.js';
import { estimate, metricRange, paired, seatSpreadOf } from '../sweep/metrics.js';
import { sweepFigures } from '../sweep/run.js';
import type { BalanceRun } from './game.js';
import type { DealValues, PointRecord, TargetCheck } from './search.js';

export interface BalanceBlock {
  /** `shown`: the chosen point meets every target with `confidence`, simultaneously; else `not-shown`. */
  readonly status: 'shown' | 'not-shown';
  readonly stopped: string;
  readonly confidence: number;
  readonly method: string;
  readonly targets: readonly string[];
  readonly objective: string | null;
  readonly budget: number;
  readonly gamesSpent: number;
  readonly firstStage: number;
  readonly plannedStages: number;
  readonly gridSize: number;
  readonly intervalsPerPoint: number;
  readonly intervalAlpha: number;
  /** The chosen values (shown) or the best point's (not shown), keyed by path. */
  readonly values: Readonly<Record<string, unknown>> | null;
  /** Per target at that point: estimate and simultaneous interval, verdict, gap outside the target. */
  readonly evidence: readonly TargetCheck[];
  readonly stages: readonly {
    readonly stage: number;
    readonly gamesPerPoint: number;
    readonly points: number;
    readonly joined: number;
    readonly dropped: number;
    readonly halved: number;
    readonly shown: number;
    readonly games: number;
    readonly gamesSpent: number;
  }[];
  /** Every point played: its values, games, fate and why. */
  readonly path: readonly {
    readonly values: Readonly<Record<string, unknown>>;
    readonly games: number;
    readonly joined: number;
    readonly status: string;
    readonly droppedAt: number | null;
    readonly reason: string | null;
  }[];
}

export type BalanceJson = SweepJson & { readonly balance: BalanceBlock };

export const METHOD =
  "racing on common random numbers; each interval at level 1 − α′, α′ = α/(S·G·C) (Bonferroni over every stage, grid point and interval; uniform alpha spending over the S planned stages): below 500 games per point Hoeffding's bound in the metric's range, from 500 the win-rate interval for a share and Student's t (the score interval while fewer than 30 deals differ) for other means; the seats' spread from their pairwise paired differences";

function valuesOf(run: BalanceRun, p: PointRecord): Record<string, unknown> {
  return Object.fromEntries(run.factors.map((f, i) => [f.path, p.values[i]]));
}

/** sweep.json's shape: every point played, each metric's 95% estimate and its paired difference to the reference. */
export function balanceJson(run: BalanceRun, seed: string, firstStage: number): BalanceJson {
  const { result, base } = run;
  const played = result.points;
  const refIndex = run.reference === null ? -1 : played.findIndex((p) => p.coords.every((c, f) => c === run.reference![f]));
  // The reference is the scenario's own values when they were played, else the chosen (or best) point.
  const reference = refIndex >= 0 ? refIndex : Math.max(0, played.indexOf(result.best!));
  const ref = played[reference];
  const points: SweepPoint[] = played.map((p, index) => {
    const deals = result.deals.get(p.index)!;
    const refDeals = result.deals.get(ref.index)!;
    const common = Math.min(p.games, ref.games);
    const metrics: Record<string, SweepEstimate> = {};
    const scenario = run.scenarioOf(p.index);
    const refScenario = run.scenarioOf(ref.index);
    // A point has the metrics of its own line-up (a varied seat may take a bot's only seat); a
    // difference to the reference only where both have the metric.
    const seatIds = run.metrics.filter((m) => m.family === 'seat-win-rate').map((m) => m.id);
    for (const m of run.metrics) {
      if (m.family === 'seat-spread') {
        // Not a per-deal mean: the estimate max − min, its interval from the pairwise differences
        // (as the sweep gives it), and the difference of the estimates without an interval.
        const seatsOf = (d: DealValues, games: number) => seatIds.filter((id) => d[id] !== undefined).map((id) => d[id].subarray(0, games));
        const own = seatSpreadOf(seatsOf(deals, p.games));
        const diff = index === reference ? null : own.estimate - seatSpreadOf(seatsOf(refDeals, ref.games)).estimate;
        metrics[m.id] = { estimate: own.estimate, lo: own.lo, hi: own.hi, diff, diffLo: null, diffHi: null, changed: null };
        continue;
      }
      if (deals[m.id] === undefined) continue;
      const own = estimate(deals[m.id].subarray(0, p.games), m, metricRange(m, scenario));
      const d =
        index === reference || refDeals[m.id] === undefined
          ? null
          : paired(deals[m.id].subarray(0, common), refDeals[m.id].subarray(0, common), metricRange(m, scenario), metricRange(m, refScenario));
      metrics[m.id] = {
        estimate: own.estimate,
        lo: own.lo,
        hi: own.hi,
        diff: d?.diff ?? null,
        diffLo: d?.lo ?? null,
        diffHi: d?.hi ?? null,
        changed: d?.changed ?? null,
      };
    }
    return { index, values: valuesOf(run, p) as SweepPoint['values'], games: p.games, metrics };
  });
  const best = result.best;
  const balance: BalanceBlock = {
    status: result.status,
    stopped: result.stopped,
    confidence: result.confidence,
    method: METHOD,
    targets: run.targets.map((t) => t.text),
    objective: run.objective?.text ?? null,
    budget: result.budget,
    gamesSpent: result.gamesSpent,
    firstStage,
    plannedStages: result.plannedStages,
    gridSize: result.gridSize,
    intervalsPerPoint: result.intervalsPerPoint,
    intervalAlpha: result.intervalAlpha,
    values: best === null ? null : valuesOf(run, best),
    evidence: best?.checks ?? [],
    stages: result.stages.map((s) => ({
      stage: s.stage,
      gamesPerPoint: s.gamesPerPoint,
      points: s.points.length,
      joined: s.joined.length,
      dropped: s.dropped.length,
      halved: s.halved.length,
      shown: s.shown.length,
      games: s.games,
      gamesSpent: s.gamesSpent,
    })),
    path: [...played, ...result.unplayed].map((p) => ({
      values: valuesOf(run, p),
      games: p.games,
      joined: p.joined,
      status: p.status,
      droppedAt: p.droppedAt,
      reason: p.reason,
    })),
  };
  const json: BalanceJson = {
    ...sweepFigures({
      base,
      file: base.file,
      seed,
      design: 'grid',
      stoppingRule: `balance search: stages of ${firstStage}·2^(s−1) games per point, points dropped when a target is missed with confidence, stopped when a point meets every target with ${Math.round(result.confidence * 100)}% simultaneous confidence or at the budget of ${result.budget} games`,
      factors: run.factors,
      reference,
      metrics: run.metrics,
      points,
    }),
    balance,
  };
  // The answer first, then what the sweep's own verdicts read from the points played.
  return { ...json, verdicts: [verdictLine(run), ...sweepVerdicts(json)] };
}

const fmt = (x: number) => (Number.isInteger(x) ? String(x) : Number(x.toPrecision(4)).toString());

/** The answer in one sentence. */
export function verdictLine(run: BalanceRun): string {
  const { result } = run;
  const best = result.best;
  const at = best === null ? '' : run.factors.map((f, i) => `${f.path} = ${best.values[i]}`).join(', ');
  if (result.status === 'shown')
    return `${at} meets every target (${run.targets.map((t) => t.text).join('; ')}) with ${Math.round(result.confidence * 100)}% simultaneous confidence.`;
  if (best === null) return 'Not shown: no point could be played within the budget.';
  const open = best.checks.filter((c) => c.verdict !== 'met');
  return `Not shown: no point was shown to meet every target (${result.stopped}). The best point, ${at}, leaves ${open
    .map(
      (c) =>
        `${c.target} ${c.verdict === 'missed' ? 'missed' : 'not shown'} (estimate ${fmt(c.estimate)}, interval ${fmt(c.lo)}..${fmt(c.hi)}${c.gap > 0 ? `, ${fmt(c.gap)} outside` : ''})`,
    )
    .join('; ')}.`;
}

/** balance.csv: one row per stage, point played in it and target (the path the search took). */
export function balanceCsv(run: BalanceRun): string {
  const { result } = run;
  // A point halved away before its first game is in `unplayed`, not among the points played.
  const byIndex = new Map([...result.points, ...result.unplayed].map((p) => [p.index, p]));
  const rows: unknown[][] = [];
  for (const s of result.stages) {
    for (const i of s.halved) {
      const p = byIndex.get(i)!;
      rows.push([s.stage, s.gamesPerPoint, ...p.values, 'halved', '', '', '', '', '', p.reason]);
    }
    s.points.forEach((i, k) => {
      const p = byIndex.get(i)!;
      const fate = s.dropped.includes(i) ? 'dropped' : s.shown.includes(i) ? (p.status === 'chosen' ? 'chosen' : 'shown') : 'alive';
      for (const c of s.judged[k])
        rows.push([s.stage, s.gamesPerPoint, ...p.values, fate, c.target, c.estimate, c.lo, c.hi, c.verdict, fate === 'dropped' ? p.reason : '']);
    });
  }
  const columns = ['stage', 'games_per_point', ...run.factors.map((f) => f.path), 'outcome', 'target', 'estimate', 'lo', 'hi', 'verdict', 'reason'];
  return stringify(rows, { header: true, columns });
}

/**
 * The chosen point's scenario, its values written in (decks inlined, so it loads from anywhere; bot
 * files' paths made relative to `folder`, where it is written).
 */
export function balancedScenario(run: BalanceRun, folder?: string): unknown {
  const best = run.result.best!;
  const scenario = run.scenarioOf(best.index);
  const portable = scenario.portable as Record<string, unknown>;
  const values = run.factors.map((f, i) => `${f.path} = ${best.values[i]}`).join(', ');
  return {
    ...portable,
    ...(folder !== undefined && scenario.botFiles.length ? { seats: seatsFrom(scenario.file, portable.seats as unknown[], folder) } : {}),
    ...(folder !== undefined && portable.table !== undefined ? { table: botFrom(scenario.file, portable.table, folder) } : {}),
    name: `${run.base.name}-balanced`,
    description: `${run.base.description ? `${run.base.description} ` : ''}Balanced by goldpit balance: ${values} (${run.targets.map((t) => t.text).join('; ')}).`,
  };
}

/** The page's own sections: the evidence at the chosen point and the path of the search. */
export function balanceSectionsHtml(json: BalanceJson): string {
  const b = json.balance;
  const pct = `${Math.round(b.confidence * 100)}%`;
  const head =
    b.status === 'shown'
      ? `<p class="verdict">Shown: ${esc(
          Object.entries(b.values ?? {})
            .map(([k, v]) => `${k} = ${v}`)
            .join(', '),
        )} meets every target with ${pct} simultaneous confidence.</p>`
      : `<p class="verdict">Not shown. ${esc(b.stopped)}.</p>`;
  const evidence = table(
    ['target', 'estimate', `simultaneous interval`, 'verdict', 'outside by'],
    b.evidence.map((c) => [
      esc(c.target),
      fmt(c.estimate),
      `${fmt(c.lo)} .. ${fmt(c.hi)}`,
      c.verdict === 'met' ? 'met' : c.verdict === 'missed' ? 'missed' : 'not shown',
      c.gap > 0 ? fmt(c.gap) : '',
    ]),
    { numeric: [1, 4] },
  );
  const stages = table(
    ['stage', 'games per point', 'points', 'joined', 'dropped', 'halved', 'shown', 'games', 'games spent'],
    b.stages.map((s) => [s.stage, s.gamesPerPoint, s.points, s.joined, s.dropped, s.halved, s.shown, s.games, s.gamesSpent].map(String)),
    { numeric: [0, 1, 2, 3, 4, 5, 6, 7, 8] },
  );
  const path = table(
    [...json.factors.map((f) => esc(f.path)), 'games', 'outcome', 'why'],
    // A point that never played (halved away before its first game, or left at the budget's end) says so, not "dropped".
    b.path.map((p) => [
      ...json.factors.map((f) => esc(String(p.values[f.path]))),
      String(p.games),
      p.games === 0 ? 'not played' : esc(p.status),
      esc(
        p.games === 0 && p.reason
          ? p.reason.replace(/^ranked in the worse half/, 'halved away before its first game: ranked in the worse half')
          : (p.reason ?? ''),
      ),
    ]),
    { numeric: [json.factors.length] },
  );
  const method = `<p>${esc(b.method)}: S = ${b.plannedStages} stages, G = ${b.gridSize} grid points, C = ${b.intervalsPerPoint} intervals per point, α′ = ${b.intervalAlpha.toExponential(2)}. ${b.gamesSpent} of ${b.budget} games spent.</p>`;
  return `<section id="balance"><h2>Balance search</h2>${head}<h3>Evidence at ${b.status === 'shown' ? 'the chosen' : 'the best'} point</h3>${evidence}${method}<h3>The path of the search</h3>${stages}${path}</section>`;
}

/** The page: the sweep page of the points played, with the evidence and the path after the verdicts. */
export function balanceHtml(json: BalanceJson): string {
  return renderSweep(json, { title: `Balance search \u00b7 ${json.scenario.name}`, kicker: 'balance search', sectionsHtml: balanceSectionsHtml(json) });
}

/** Writes balance.json, balance.csv, balance.html and (when shown) balanced.json; returns the files written. */
export function writeBalanceOutputs(out: string, run: BalanceRun, json: BalanceJson): string[] {
  const files = [join(out, 'balance.json'), join(out, 'balance.csv'), join(out, 'balance.html')];
  writeAtomic(files[0], `${JSON.stringify(json, null, 2)}\n`);
  writeAtomic(files[1], balanceCsv(run));
  writeAtomic(files[2], balanceHtml(json));
  if (run.result.status === 'shown') {
    const file = join(out, 'balanced.json');
    writeAtomic(file, `${JSON.stringify(balancedScenario(run, out), null, 2)}\n`);
    files.push(file);
  }
  return files;
}
